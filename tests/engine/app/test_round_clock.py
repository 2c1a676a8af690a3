"""The app's round clock (GeonAxis R11) on a fake browser whose time only
moves when the test says: the countdown, a timeout played exactly once,
pauses, undo and reload, AI seats, replay and the end of the game; and the
hotseat hand-off that opens each new round."""

import json

from ludoteca.core.match import AI, HUMAN
from ludoteca.ui.app import SeatForm, SetupForm
from ludoteca.ui.clock import RoundClock, clock_text, same_decision
from ludoteca.ui.storage import CLOCK_PREFIX

from .fake_browser import make_app, shown_text
from .test_storage_faults import newer_copy_written_elsewhere

GOLDEN_MOVES_TO_AGREEMENT = [  # from tests/engine/geonaxis/golden_playthrough.json: a proposal, then the members stake
    "0:s -2 1", "1:s 2 -1", "2:s 0 2", "0:s -2 0", "1:s 1 -1", "2:s -1 2", "0:s -2 2", "1:t -1 0", "2:s 0 1",
    "0:s -3 1", "1:s 1 0", "2:s 1 1", "0:s -3 2", "1:s 2 -2", "2:s -1 1", "0:s -1 0", "1:s 2 0", "2:s 0 0",
    "0:s -4 1", "1:s 0 -1", "2:s 0 -1", "0:s -4 2", "1:s 1 -2", "2:s -4 2", "0:s -4 3", "1:s 0 -1", "2:s 0 -1",
    "0:s -4 2", "1:s -1 -1", "2:s -4 2", "0:s -3 0", "1:s 0 -1", "2:s 0 -1", "0:s -4 2", "1:s 0 -2", "2:s -4 2",
    "0:propose 0 -1 1", "1:s 0 -1", "2:s 0 -1",
]


def start(kinds, timer=30, pause=300, store=None):
    app, browser = make_app(store, manual_clock=True)
    browser.app.navigate("#/new/geonaxis")
    app.dispatch("field", f"players={len(kinds)}")
    for seat, kind in enumerate(kinds):
        app.dispatch("field", f"seat.{seat}.kind={kind}")
        if kind == AI:
            app.dispatch("field", f"seat.{seat}.level=easy")
    app.dispatch("field", f"variant.timer={timer}")
    app.dispatch("field", f"variant.pause={pause}")
    app.dispatch("pref", "pace=fast")
    app.dispatch("start")
    return app, browser


def timeouts(app):
    return [entry.text for entry in app.match.entries if entry.move.text == "timeout"]


def test_no_clock_when_the_timer_is_off():
    app, browser = start([HUMAN, AI], timer=0)
    browser.advance(600)
    assert app.play.clock is None and 'data-testid="clock"' not in browser.html and timeouts(app) == []


def test_a_timeout_is_played_exactly_once_when_the_time_runs_out_and_ai_seats_are_never_timed():
    app, browser = start([HUMAN, AI])
    browser.advance(1)  # the computer chooses
    assert app.play.clock.players == (0,)
    assert 'data-testid="clock-0"' in browser.html and 'data-testid="clock-1"' not in browser.html
    assert "0:29" in browser.html
    browser.advance(28.5)
    assert timeouts(app) == [] and app.match.state.round == 1
    browser.advance(1)
    assert timeouts(app) == ["0:timeout"] and app.match.state.round == 2
    browser.advance(29)  # the new round has its full time
    assert timeouts(app) == ["0:timeout"]
    browser.advance(2)
    assert timeouts(app) == ["0:timeout", "0:timeout"] and app.match.state.round == 3


def test_pause_spends_the_pausing_players_budget_and_resume_continues():
    app, browser = start([HUMAN, AI], pause=120)
    browser.advance(10)
    app.dispatch("clock-pause", "0")
    assert 'data-testid="clock-paused"' in browser.html and 'data-testid="clock-resume"' in browser.html
    browser.advance(60)
    assert timeouts(app) == []
    app.dispatch("clock-resume")
    assert "Pause for Player 1 (1:00 left)" in browser.html.replace("&#x27;", "'") or "(1:00 left)" in browser.html
    browser.advance(19.5)
    assert timeouts(app) == []
    browser.advance(1)
    assert timeouts(app) == ["0:timeout"]
    # The budget is the game's: the next round's pause starts from the minute left,
    # and when it is spent the clock goes on by itself.
    app.dispatch("clock-pause", "0")
    browser.advance(60.5)
    assert app.play.clock.paused_by is None and app.play.clock.pause_left(0, browser.clock) == 0
    browser.advance(29.5)
    assert timeouts(app) == ["0:timeout", "0:timeout"]
    app.dispatch("clock-pause", "0")  # no budget left: nothing happens
    assert app.play.clock.paused_by is None


def test_only_a_player_still_to_choose_may_pause():
    app, browser = start([HUMAN, HUMAN])
    app.dispatch("reveal", "0")
    app.dispatch("move", "0:pass")
    app.dispatch("clock-pause", "0")
    assert app.play.clock.paused_by is None
    app.dispatch("clock-pause", "1")
    assert app.play.clock.paused_by == 1


def test_undo_restarts_the_round_and_never_plays_a_timeout_twice():
    app, browser = start([HUMAN, AI])
    browser.advance(31)
    assert timeouts(app) == ["0:timeout"]
    app.dispatch("undo")  # training mode: back to before the timeout
    assert timeouts(app) == [] and app.match.state.round == 1
    browser.advance(29)
    assert timeouts(app) == []
    browser.advance(1.5)
    assert timeouts(app) == ["0:timeout"] and app.match.state.round == 2


def reopen(browser, save_id):
    """The same save opened by a new page (a reload), at the same time."""
    reloaded, later = make_app(browser.store, manual_clock=True)
    later.clock = browser.clock
    reloaded.navigate(f"#/play/{save_id}")
    return reloaded, later


def test_a_reload_goes_on_with_the_time_left_and_plays_nothing_twice():
    app, browser = start([HUMAN, AI])
    browser.advance(20.5)
    reloaded, later = reopen(browser, app.save_id)
    assert 9 <= reloaded.play.clock.remaining(later.clock) <= 10.5  # not the round's full 30 s again
    later.advance(8)
    assert timeouts(reloaded) == []
    later.advance(3)
    assert timeouts(reloaded) == ["0:timeout"]
    later.advance(27)  # the next round, from 9.5 s on, has its full time
    assert timeouts(reloaded) == ["0:timeout"]


def test_a_reload_keeps_the_pause_time_used_and_a_pause_under_way():
    app, browser = start([HUMAN, AI], pause=120)
    browser.advance(5)
    app.dispatch("clock-pause", "0")
    browser.advance(100.5)
    reloaded, later = reopen(browser, app.save_id)
    clock = reloaded.play.clock
    assert clock.paused_by == 0 and 19 <= clock.pause_left(0, later.clock) <= 20
    later.advance(20)  # the rest of the budget: then the round goes on from its 25 s
    assert clock.paused_by is None and clock.pause_left(0, later.clock) == 0
    assert 24 <= clock.remaining(later.clock) <= 25.5 and timeouts(reloaded) == []


def test_a_damaged_stored_clock_is_ignored_and_the_round_starts_again():
    app, browser = start([HUMAN, AI])
    browser.advance(20.5)
    for damage in ['{"start": 0, "left": "soon", "spent": [0, 0], "paused_by": null}',
                   '{"start": 0, "left": 5, "spent": [0], "paused_by": null}',
                   '{"start": 0, "left": 5, "spent": [0, 0], "paused_by": 7}', "[1, 2", "null"]:
        browser.store.set(CLOCK_PREFIX + app.save_id, damage)
        reloaded, later = reopen(browser, app.save_id)
        assert reloaded.play.clock.remaining(later.clock) == 30 and browser.errors == [], damage
        assert reloaded.match.entries == app.match.entries


def test_a_stored_clock_of_an_earlier_round_does_not_carry_over():
    app, browser = start([HUMAN, AI])
    browser.advance(10.5)
    stale = browser.store.get(CLOCK_PREFIX + app.save_id)
    browser.advance(20)  # the timeout ends round 1
    assert timeouts(app) == ["0:timeout"]
    browser.store.set(CLOCK_PREFIX + app.save_id, stale)
    reloaded, later = reopen(browser, app.save_id)
    assert reloaded.play.clock.start == len(reloaded.match.entries)
    assert reloaded.play.clock.remaining(later.clock) == 30


def test_deleting_a_save_deletes_its_clock():
    app, browser = start([HUMAN, AI])
    browser.advance(3)
    assert browser.store.get(CLOCK_PREFIX + app.save_id) is not None
    app.saves.delete(app.save_id)
    assert browser.store.get(CLOCK_PREFIX + app.save_id) is None


def test_the_clock_stops_in_replay_and_after_the_game_ends():
    app, browser = start([HUMAN, AI])
    browser.advance(1)
    app.dispatch("replay", "0")
    browser.advance(120)
    assert timeouts(app) == [] and 'data-testid="clock"' not in browser.html
    app.dispatch("replay-exit")
    assert "0:29" in browser.html  # it goes on from where it stopped
    browser.advance(29.5)
    assert timeouts(app) == ["0:timeout"]
    # Two humans pass until the game is over: then no clock, no ticker, no move.
    app, browser = start([HUMAN, HUMAN])
    while not app.match.is_over:
        for player in app.match.state.to_move():
            app.dispatch("reveal", str(player))
            app.dispatch("move", f"{player}:pass")
    moves = len(app.match.entries)
    browser.advance(600)
    assert app.play.clock is None and len(app.match.entries) == moves and browser.sleeping == []


def test_a_clock_belongs_to_one_decision():
    app, browser = start([HUMAN, HUMAN])
    match = app.session  # a decision is a public fact of the session
    assert same_decision(match, 0)
    match.play(0, "pass")
    assert same_decision(match, 0) and same_decision(match, 1)
    match.play(1, match.position().legal_moves(1)[1])  # a stone: the round resolves, both act again
    assert not same_decision(match, 0) and same_decision(match, 2)
    match.play(0, "pass")
    match.play(1, "pass")  # everyone passed: the game is over, no decision is open
    assert match.is_over and not same_decision(match, 2) and not same_decision(match, 4)
    assert not same_decision(match, 5)


def test_round_clock_bookkeeping():
    spent = [0.0, 0.0]
    clock = RoundClock(0, (0, 1), 30.0, 100.0, 60.0, spent)
    assert clock.remaining(110) == 20
    assert clock.pause(1, 110) and not clock.pause(0, 111)
    assert clock.remaining(150) == 20 and clock.pause_left(1, 150) == 20
    clock.set_stopped(True, 150)  # a replay: neither the round nor the pause runs
    assert clock.pause_left(1, 500) == 20 and clock.remaining(500) == 20
    clock.set_stopped(False, 500)
    assert clock.resume(505) and spent == [0.0, 45.0]
    assert clock.remaining(515) == 10
    assert [clock_text(s) for s in (0, 0.2, 59.5, 61, 300)] == ["0:00", "0:01", "1:00", "1:01", "5:00"]


def test_in_hotseat_the_last_bidder_of_an_agreement_does_not_open_the_next_round():
    app, browser = make_app()
    browser.app.navigate("#/new/geonaxis")
    seats = [SeatForm(f"P{n}", HUMAN, "", "") for n in range(3)]
    app.start_game(SetupForm("geonaxis", 3, seats, {"table": "1", "pot": "standard", "rounds": 100}), seed=1)
    for text in GOLDEN_MOVES_TO_AGREEMENT:
        player, _, move = text.partition(":")
        app.match.play(int(player), move)
    app.render()
    assert app.match.state.phase == "agree" and app.match.state.to_move() == (0, 1, 2)
    for player in (0, 1, 2):
        model = app.play_model()
        assert model.handoff == player  # each member stakes behind a hand-off
        app.dispatch("reveal", str(player))
        app.dispatch("move", f"{player}:wager 1 0")
    assert app.match.state.phase == "play"
    model = app.play_model()
    assert model.handoff == 0 and model.viewer is None  # the device goes round again, from the first seat
    assert 'data-testid="handoff"' in browser.html


def test_on_a_shared_device_each_humans_time_runs_only_while_their_board_is_shown():
    app, browser = start([HUMAN, HUMAN])
    assert app.play_model().handoff == 0
    browser.advance(20)  # the device waits behind the hand-off screen: nobody's time runs
    clock = app.play.clock
    assert clock.remaining(browser.clock, 0) == 30 and clock.remaining(browser.clock, 1) == 30
    app.dispatch("reveal", "0")
    browser.advance(10)
    assert clock.remaining(browser.clock, 0) == 20 and clock.remaining(browser.clock, 1) == 30
    assert "Player 1: 0:20" in shown_text(browser.html) and "Player 2: 0:30" in shown_text(browser.html)
    app.dispatch("move", "0:pass")
    assert app.play_model().handoff == 1
    browser.advance(100)  # Player 2 takes their time to pick up the device
    assert timeouts(app) == [] and clock.remaining(browser.clock, 1) == 30
    app.dispatch("reveal", "1")
    assert "Player 2: 0:30" in shown_text(browser.html)  # their board appears with their whole time
    browser.advance(29.5)
    assert timeouts(app) == []
    browser.advance(1)
    assert timeouts(app) == ["1:timeout"] and app.match.state.round == 2


def test_a_reload_keeps_each_humans_own_time_on_a_shared_device():
    app, browser = start([HUMAN, HUMAN])
    app.dispatch("reveal", "0")
    browser.advance(12)
    app.dispatch("move", "0:pass")
    app.dispatch("reveal", "1")
    browser.advance(5)
    reloaded, later = reopen(browser, app.save_id)
    clock = reloaded.play.clock
    assert clock.shared_device and clock.lefts == {1: 25}  # Player 1 has chosen: off the clock
    assert reloaded.play_model().handoff == 1
    later.advance(60)  # behind the hand-off screen again after the reload
    assert clock.remaining(later.clock, 1) == 25 and timeouts(reloaded) == []


def test_the_round_clock_stops_as_soon_as_another_tab_s_newer_copy_pauses_this_one():
    app, browser = start([HUMAN, AI])
    browser.advance(5)
    newer_copy_written_elsewhere(app)
    assert app.play.clock.stopped  # at once, not at the player's next action
    left = app._clock_view()["remaining"]
    browser.advance(60)
    assert app._clock_view()["remaining"] == left
    assert not app.play.clock.expired and app.match.record()["moves"][-1] != "0:timeout"


def test_a_stored_pause_by_a_player_off_the_clock_is_ignored_on_reload():
    app, browser = start([HUMAN, AI])
    browser.advance(5.5)
    assert app.play.clock.players == (0,)
    stored = json.loads(browser.store.get(CLOCK_PREFIX + app.save_id))
    browser.store.set(CLOCK_PREFIX + app.save_id, json.dumps(dict(stored, paused_by=1)))
    reloaded, later = reopen(browser, app.save_id)
    clock = reloaded.play.clock
    assert clock.paused_by is None and clock.running
    before = clock.remaining(later.clock)
    later.advance(3)
    assert clock.remaining(later.clock) < before


def test_a_paused_clock_is_not_marked_urgent():
    app, browser = start([HUMAN, AI])
    browser.advance(25)
    assert "round-clock urgent" in browser.html
    app.dispatch("clock-pause", "0")
    assert 'data-testid="clock-paused"' in browser.html and "round-clock urgent" not in browser.html
