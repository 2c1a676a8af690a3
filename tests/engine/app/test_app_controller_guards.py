"""Guards for the app controller: what a conflicted tab, the replay viewer
and a computer's seat refuse, the round clock in a paused tab, rematch
colours, an import after a replay, the turn chime, stored preferences, the
resign option of a resigned player and a resign question the computer's last
move overtook, a response window's hand-off, the keys and the browser's languages."""

import json
import random

from ludoteca.core.match import AI, HUMAN, SEAT_COLOURS
from ludoteca.core.protocol import RESPONSE
from ludoteca.ui.app import MAX_NAME
from ludoteca.ui.i18n import language_for
from ludoteca.ui.keyboard import shortcut
from ludoteca.ui.storage import CLOCK_PREFIX, SAVE_PREFIX, MemoryStore, SaveStore

from .fake_browser import make_app, shown_text
from .test_app import start_vs_ai
from .test_keyboard_replay import finished_game, overlay, play_human_moves
from .test_newcomer import start_hotseat
from .test_round_clock import reopen, start as start_timed

PLAIN_KEYS = dict(typing=False, modified=False, on_board=False, dialog=None)


def newer_copy_written_elsewhere(app):
    """Another tab writes this save: the app hears of it through the storage event."""
    key = SAVE_PREFIX + app.save_id
    app.browser.store.set(key, app.browser.store.get(key) + " ")
    app.storage_changed(key)
    assert app.play.conflict


def undo_disabled(html: str) -> bool:
    return 'data-testid="undo" disabled' in html


def redo_disabled(html: str) -> bool:
    return 'data-testid="redo" disabled' in html


def test_a_conflicted_tab_offers_no_undo_and_ignores_one():
    app, browser = make_app()
    start_vs_ai(app, browser)
    play_human_moves(app, browser, 2)
    assert not undo_disabled(browser.html)
    newer_copy_written_elsewhere(app)
    entries = list(app.match.entries)
    assert undo_disabled(browser.html)
    app.dispatch("undo")
    assert app.match.entries == entries


def test_a_conflicted_tab_ignores_redo():
    app, browser = make_app()
    start_vs_ai(app, browser)
    play_human_moves(app, browser, 2)
    app.dispatch("undo")
    assert app.match.can_redo()
    newer_copy_written_elsewhere(app)
    entries = list(app.match.entries)
    assert redo_disabled(browser.html)
    app.dispatch("redo")
    assert app.match.entries == entries


def test_the_replay_viewer_offers_no_undo_or_redo_and_plays_no_move():
    app, browser = make_app()
    start_vs_ai(app, browser)
    play_human_moves(app, browser, 3)
    app.dispatch("undo")
    assert app.match.can_redo()
    entries = list(app.match.entries)
    app.dispatch("replay", "1")
    assert undo_disabled(browser.html) and redo_disabled(browser.html)
    app.dispatch("undo")
    assert app.match.entries == entries
    app.dispatch(*shortcut("r", **PLAIN_KEYS))  # the R key, not only the disabled button
    assert app.match.entries == entries and app.match.can_redo()
    live = app.match.state
    human = next(p for p in live.to_move() if app.match.seats[p].kind == HUMAN)
    app.dispatch("move", f"{human}:{live.legal_moves(human).texts()[0]}")
    assert app.match.entries == entries and app.play.replay_index == 1


def test_a_move_for_a_computer_s_seat_is_refused():
    app, browser = make_app()
    start_vs_ai(app, browser)
    match = app.match
    computers = [p for p in match.state.to_move() if match.seats[p].kind == AI]
    if not computers:
        human = match.state.to_move()[0]
        app.dispatch("move", f"{human}:{match.state.legal_moves(human).texts()[0]}")
        computers = [p for p in match.state.to_move() if match.seats[p].kind == AI]
    entries = list(match.entries)
    app.dispatch("move", f"{computers[0]}:{match.state.legal_moves(computers[0]).texts()[0]}")
    assert match.entries == entries


def test_the_round_clock_stops_as_soon_as_another_tab_s_newer_copy_pauses_this_one():
    app, browser = start_timed([HUMAN, AI])
    browser.advance(5)
    newer_copy_written_elsewhere(app)
    assert app.play.clock.stopped  # at once, not at the player's next action
    left = app._clock_view()["remaining"]
    browser.advance(60)
    assert app._clock_view()["remaining"] == left
    assert not app.play.clock.expired and app.match.record()["moves"][-1] != "0:timeout"


def test_a_stored_pause_by_a_player_off_the_clock_is_ignored_on_reload():
    app, browser = start_timed([HUMAN, AI])
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


def test_a_rematch_keeps_each_seat_s_colour():
    app, browser = make_app()
    browser.app.navigate("#/new/alphabeticell")
    app.dispatch("field", "seat.1.kind=ai")
    app.dispatch("field", "seat.1.level=easy")
    app.dispatch("field", f"seat.0.color={SEAT_COLOURS[4]}")
    app.dispatch("field", f"seat.1.color={SEAT_COLOURS[2]}")
    app.dispatch("pref", "pace=fast")
    app.dispatch("start")
    browser.run_pending()
    first = app.save_id
    app.dispatch("resign")
    app.dispatch("confirm")
    app.dispatch("rematch")
    assert app.save_id != first
    assert [seat.color for seat in app.match.seats] == [SEAT_COLOURS[4], SEAT_COLOURS[2]]


def test_an_import_after_watching_a_replay_opens_the_imported_game_live():
    other, other_browser = make_app()
    start_vs_ai(other, other_browser, seed="9")
    play_human_moves(other, other_browser, 2)
    other.dispatch("export")
    record = other_browser.downloads[-1][1]
    app, browser, _ = finished_game()
    app.dispatch("replay", "2")
    app.navigate("#/")
    app.import_text(record)
    assert app.play.replay_index is None and not app.match.is_over
    assert 'data-testid="replay-banner"' not in browser.html


def test_no_chime_when_a_computer_hands_the_turn_to_another_computer():
    app, browser = make_app()
    app.dispatch("pref", "sound=on")
    start_vs_ai(app, browser, players=3)
    play_human_moves(app, browser, 1)
    human_turns = sum(1 for p in app.match.state.to_move() if app.match.seats[p].kind == HUMAN)
    assert browser.chimes == human_turns == 1


def test_stored_switches_that_are_not_booleans_are_ignored():
    store = MemoryStore()
    SaveStore(store, {}).write_settings({"sound": "yes", "auto_forced": 0, "name": "N" * (MAX_NAME + 10)})
    app, browser = make_app(store)
    assert app.prefs["sound"] is False and app.prefs["auto_forced"] is True
    assert app.prefs["name"] == "N" * MAX_NAME


def test_autoplay_from_the_last_position_starts_again_from_the_first():
    app, browser, _ = finished_game()
    total = len(app.match.entries)
    app.dispatch("replay", str(total))
    assert app.play.replay_index == total
    app.dispatch("replay-autoplay")
    assert app.play.replay_index == 0 and app.play.autoplay
    browser.run_pending()
    assert app.play.replay_index == total and not app.play.autoplay


def test_a_selection_is_not_shown_on_an_earlier_position():
    app, browser = make_app()
    start_vs_ai(app, browser)
    play_human_moves(app, browser, 2)
    assert app.play_model().actors
    app.dispatch("select", "L")
    assert app.play_model().selection == "L"
    app.dispatch("replay", "1")
    assert app.play_model().selection is None


def test_a_player_who_resigned_is_not_offered_resign_again():
    app, browser = make_app()
    start_vs_ai(app, browser, players=3)
    browser.run_pending()
    app.dispatch("resign")
    app.dispatch("confirm")
    assert app.match.resigners == [0] and not app.match.is_over
    app.dispatch("menu")
    assert 'data-testid="menu-panel"' in browser.html
    assert 'data-testid="resign"' not in overlay(browser.html, "menu-panel")


def test_a_paused_clock_is_not_marked_urgent():
    app, browser = start_timed([HUMAN, AI])
    browser.advance(25)
    assert "round-clock urgent" in browser.html
    app.dispatch("clock-pause", "0")
    assert 'data-testid="clock-paused"' in browser.html and "round-clock urgent" not in browser.html


def test_p_plays_the_replay_and_m_opens_the_menu():
    assert shortcut("p", **PLAIN_KEYS) == ("replay-autoplay", "")
    assert shortcut("M", **PLAIN_KEYS) == ("menu", "")


def test_the_browser_s_first_language_we_speak_is_chosen_whatever_its_case():
    assert language_for(["fr-FR", "it-IT", "en"]) == "it"
    assert language_for(["IT-it"]) == "it"
    assert language_for(["de", "fr"]) == "en"


def test_a_hotseat_undo_notice_keeps_the_secret_choice_it_takes_back():
    app, browser = start_timed([HUMAN, HUMAN])
    app.dispatch("reveal", "0")
    app.dispatch("move", "0:pass")
    assert app.play_model().handoff == 1 and app._undo_player() == 0
    app.dispatch("undo")
    notices = [shown_text(n.text) for n in app.notices]
    assert notices == ["Taken back: Player 1 has chosen"]


def test_a_hotseat_forced_move_notice_never_names_the_cards_it_dealt():
    app, browser = make_app()
    start_hotseat(app, seed="1")
    match = app.match
    for _ in range(600):
        browser.run_pending()
        forced = [n.text for n in app.notices if n.text.startswith("Played automatically")]
        if any("new round" in text for text in forced):
            break
        model = app.play_model()
        if model.handoff is not None:
            app.dispatch("reveal", str(model.handoff))
        elif model.actors:
            player = model.actors[0]
            app.dispatch("move", f"{player}:{match.state.legal_moves(player).texts()[-1]}")
    else:
        raise AssertionError("no forced move dealt a new round")
    assert not any("you get" in text for text in forced)


def test_agreeing_to_resign_after_the_computer_ended_the_game_changes_nothing():
    """The question stays open while the computer plays; if its move ends the
    game, agreeing afterwards neither raises nor marks the human as resigned."""
    app, browser = make_app()
    start_vs_ai(app, browser)
    for _ in range(2000):
        match = app.match
        if match.is_over:
            raise AssertionError("the human's own move ended the game; try another seed")
        if 0 in match.state.to_move():
            app.dispatch("move", f"0:{match.state.legal_moves(0).texts()[-1]}")
        app.dispatch("resign")
        assert app.confirming is not None
        browser.run_pending()  # the computer plays with the question open
        if match.is_over:
            break
        app.dispatch("cancel_confirm")
    else:
        raise AssertionError("the game did not end")
    places, entries = match.final_places(), list(match.entries)
    app.dispatch("confirm")
    assert app.confirming is None and match.resigners == [] and match.status != "resigned"
    assert match.final_places() == places and match.entries == entries
    assert 'data-testid="results"' in browser.html


def test_a_response_window_on_a_shared_device_hands_over_before_showing_a_rack():
    """Alphagon's answer to a declaration: the responder's rack is secret, so
    the screen asks for the device to be handed over, and only then shows it."""
    app, browser = make_app()
    app.navigate("#/new/alphagon")
    app.dispatch("field", "seat.1.kind=human")
    app.dispatch("field", "seed=5")
    app.dispatch("start")
    browser.run_pending()
    choose = random.Random(1)
    for _ in range(300):
        state = app.match.state
        if state.acting_mode() == RESPONSE:
            break
        player = state.to_move()[0]
        app.dispatch("reveal", str(player))
        app.dispatch("move", f"{player}:{choose.choice(state.legal_moves(player).texts())}")
        browser.run_pending()
    else:
        raise AssertionError("no declaration was made")
    (responder,) = state.to_move()
    model = app.play_model()
    assert (model.handoff, model.viewer, model.actors) == (responder, None, [])
    app.dispatch("reveal", str(responder))
    model = app.play_model()
    assert (model.handoff, model.viewer, model.actors) == (None, responder, [responder])
