"""The game screen for every kind of turn: simultaneous rounds and response
windows with several humans, AIs thinking alongside, selection, keyboard
geometry (issue 8), on the toy Council game."""

import random
import re

import pytest

from ludoteca.core.match import AI, HUMAN
from ludoteca.core.protocol import RESPONSE
from ludoteca.games import registry
from ludoteca.ui.keyboard import nearest_in_direction, parse_point

from .fake_browser import make_app
from .test_app import start_vs_ai


@pytest.fixture(autouse=True)
def council_registered(monkeypatch):
    monkeypatch.setattr(registry, "PLAYABLE", registry.PLAYABLE + ("council",))
    monkeypatch.setitem(registry.PACKAGES, "council", "ludoteca.games.council")
    registry.game_package.cache_clear()
    registry.game_ui.cache_clear()
    yield
    registry.game_package.cache_clear()
    registry.game_ui.cache_clear()


def start(app, browser, kinds, seed="5", game="council"):
    browser.app.navigate(f"#/new/{game}")
    app.dispatch("field", f"players={len(kinds)}")
    for seat, kind in enumerate(kinds):
        app.dispatch("field", f"seat.{seat}.kind={kind}")
        if kind == AI:
            app.dispatch("field", f"seat.{seat}.level=easy")
    app.dispatch("field", f"seed={seed}")
    app.dispatch("pref", "pace=fast")
    app.dispatch("start")


def cards_shown(html):
    return re.findall(r'data-testid="my-card">card-(\d)', html)


def test_three_humans_bid_in_secret_one_after_another_behind_hand_offs():
    app, browser = make_app()
    start(app, browser, [HUMAN, HUMAN, HUMAN])
    state = app.match.state
    assert state.acting_mode() == "simultaneous" and set(state.to_move()) == {0, 1, 2}
    for player in (0, 1, 2):
        assert 'data-testid="handoff"' in browser.html and cards_shown(browser.html) == []
        assert f'data-arg="{player}"' in browser.html  # the hand-off names the next bidder
        app.dispatch("reveal", str(player))
        assert cards_shown(browser.html) == [str(app.match.state.cards[player])]
        app.dispatch("move", f"{player}:bid 1")
        for other in range(3):  # nobody else's card, and no bid amount, is on screen
            if other != player:
                assert f"card-{app.match.state.cards[other]}" not in browser.html or \
                    app.match.state.cards[other] == app.match.state.cards[player]
        assert "bid 1" not in re.sub(r'<button data-action="move".*?</button>', "", browser.html) or \
            app.match.state.phase != "bid"
    assert app.match.state.phase == "claim"


def test_the_log_never_shows_a_secret_bid():
    app, browser = make_app()
    start(app, browser, [HUMAN, HUMAN, HUMAN])
    app.dispatch("reveal", "0")
    app.dispatch("move", "0:bid 2")
    assert "has bid" in browser.html and "bid 2" not in browser.html.split('data-testid="log"')[1]


def play_to_response_window(app, browser):
    for _ in range(50):
        browser.run_pending()
        state = app.match.state
        if state.phase == "respond":
            return
        model = app.play_model()
        if model.handoff is not None:
            app.dispatch("reveal", str(model.handoff))
            continue
        player = model.actors[0]
        app.dispatch("move", f"{player}:{state.legal_moves(player).texts()[0]}")
    raise AssertionError("no response window reached")


def test_every_human_responder_acts_on_one_screen_in_a_response_window():
    app, browser = make_app()
    start(app, browser, [HUMAN, HUMAN, HUMAN])
    play_to_response_window(app, browser)
    model = app.play_model()
    responders = app.match.state.to_move()
    assert len(responders) == 2 and sorted(model.actors) == sorted(responders)
    assert model.handoff is None and model.viewer is None  # the public view: no secret shown
    assert cards_shown(browser.html) == []
    for player in responders:
        assert f'data-testid="move-{player}-object"' in browser.html
    first = responders[1]  # the second in seat order raises a hand first
    app.dispatch("move", f"{first}:object")
    assert app.match.entries[-1].player == first and app.match.state.phase != "respond"


def test_a_human_response_cancels_the_ai_search_and_the_ai_never_plays_a_stale_move():
    app, browser = make_app()
    start(app, browser, [HUMAN, HUMAN, AI], seed="9")
    for _ in range(200):
        state = app.match.state
        if state.phase == "respond" and 2 in state.to_move() and len(state.to_move()) == 2:
            break
        if browser.pending:
            browser.run_pending()
            continue
        model = app.play_model()
        if model.handoff is not None:
            app.dispatch("reveal", str(model.handoff))
        elif model.actors:
            player = model.actors[0]
            app.dispatch("move", f"{player}:{state.legal_moves(player).texts()[0]}")
        else:
            pytest.fail("stuck")
    else:
        pytest.skip("this seed never gave the AI a shared response window")
    assert app.play.ai_thinking == (2,) and browser.pending  # the AI's search has started
    moves = len(app.match.entries)
    human = next(p for p in app.match.state.to_move() if p != 2)
    app.dispatch("move", f"{human}:accept")
    stale = browser.pending.pop(0)  # the search started before the human answered
    from .fake_browser import drive
    drive(stale)
    assert len(app.match.entries) == moves + 1  # the stale search played nothing
    browser.run_pending()  # a fresh search for the new position plays
    assert len(app.match.entries) >= moves + 2 or app.match.state.phase != "respond"


def test_the_ai_searches_a_world_without_others_secret_bids(monkeypatch):
    app, browser = make_app()
    start(app, browser, [HUMAN, AI, AI], seed="3")
    seen = []
    from ludoteca.games.council import rules as toy_council
    original = toy_council.CouncilState.determinize

    def spy(self, player, rng):
        world = original(self, player, rng)
        seen.append((player, list(self.bids), list(world.bids)))
        return world

    monkeypatch.setattr(toy_council.CouncilState, "determinize", spy)
    app.dispatch("move", "0:bid 2")
    browser.run_pending()
    assert seen, "the AI was not given a determinized world"


def test_selection_is_app_state_cleared_by_a_move_escape_and_the_same_token():
    app, browser = make_app()
    start(app, browser, [HUMAN, AI, AI])
    app.dispatch("select", "piece-3")
    assert app.play_model().selection == "piece-3" and "piece-3" in browser.html
    app.dispatch("select", "piece-3")
    assert app.play_model().selection is None
    app.dispatch("select", "piece-4")
    app.dispatch("escape")
    assert app.play_model().selection is None
    app.dispatch("select", "piece-5")
    app.dispatch("move", "0:bid 0")
    assert app.play_model().selection is None


def test_drawing_changes_no_state():
    app, browser = make_app()
    start(app, browser, [HUMAN, AI, AI])
    app.dispatch("move", "0:bid 1")
    before = (app.play.rendered_entries, app.match.state.to_json())
    from ludoteca.ui import screens
    model = app.play_model()
    screens.render_app(app, model)
    screens.render_app(app, model)
    assert (app.play.rendered_entries, app.match.state.to_json()) == before


def test_arrow_keys_pick_the_nearest_node_that_way():
    nodes = [("a", (0, 0)), ("b", (10, 0)), ("c", (10, 9)), ("d", (0, 10)), ("e", (-5, 1))]
    assert nearest_in_direction((0, 0), nodes, (1, 0)) == "b"
    assert nearest_in_direction((0, 0), nodes, (0, 1)) == "d"
    assert nearest_in_direction((0, 0), nodes, (-1, 0)) == "e"
    assert nearest_in_direction((0, 0), nodes, (0, -1)) is None
    assert nearest_in_direction((10, 0), nodes, (0, 1)) == "c"
    assert parse_point("1.5,2") == (1.5, 2.0) and parse_point("x") is None


def test_data_files_a_game_needs_load_before_the_match_and_before_a_replay(monkeypatch):
    from ludoteca.games.council import rules as toy_council
    provided = []
    monkeypatch.setattr(toy_council.CouncilGame, "required_assets",
                        lambda self, settings: ("web/icons/icon.svg",), raising=False)
    monkeypatch.setattr(toy_council.CouncilGame, "provide_asset",
                        lambda self, path, data: provided.append((path, data[:4])), raising=False)
    app, browser = make_app()
    start(app, browser, [HUMAN, AI, AI])
    assert app.match is None and 'data-testid="loading"' in browser.html  # loading first
    browser.run_pending()
    assert provided == [("web/icons/icon.svg", b"<svg")] and app.route.name == "play"
    save_id = app.save_id
    app2, browser2 = make_app(browser.store)  # a new visit: the file is needed again to replay
    browser2.app.navigate(f"#/play/{save_id}")
    assert app2.match is None
    browser2.run_pending()
    assert app2.route.name == "play" and app2.save_id == save_id and len(provided) == 2


def test_a_data_file_that_fails_to_load_gives_a_message(monkeypatch):
    from ludoteca.games.council import rules as toy_council
    monkeypatch.setattr(toy_council.CouncilGame, "required_assets",
                        lambda self, settings: ("web/no-such-file.bin",), raising=False)
    app, browser = make_app()
    start(app, browser, [HUMAN, AI, AI])
    browser.run_pending()
    assert app.match is None and app.loading is None
    assert any("could not be loaded" in n.text for n in app.notices)


def test_replay_steps_through_positions_with_first_previous_next_and_last():
    from .test_app import start_vs_ai
    from .test_storage_faults import human_move
    app, browser = make_app()
    start_vs_ai(app, browser)
    for _ in range(3):
        human_move(app, browser)
    total = len(app.match.entries)
    app.dispatch("replay-step", "-1")
    assert app.play.replay_index == total - 1
    assert f"Position after move {total - 1} of {total}." in browser.html
    app.dispatch("replay-step", "first")
    assert app.play.replay_index == 0 and 'data-testid="replay-previous"' in browser.html
    app.dispatch("replay-step", "-1")  # nothing before the start
    assert app.play.replay_index == 0
    app.dispatch("replay-step", "1")
    assert app.play_model().state.at == 1  # the session's position after move 1
    assert app.play_model().state.view(None) == app.match.state_before(1).view(None)
    app.dispatch("replay-step", "last")
    assert app.play.replay_index is None and "replay-banner" not in browser.html


def test_the_title_says_when_it_is_your_move_and_notices_stay_on_their_screen():
    from .test_app import start_vs_ai
    app, browser = make_app()
    start_vs_ai(app, browser)
    browser.run_pending()
    assert browser.title.startswith("●")
    for n in range(5):
        app.notify("error", f"problem {n}")
    assert [n.text for n in app.notices] == ["problem 2", "problem 3", "problem 4"]
    browser.app.navigate("#/")
    assert app.notices == [] and browser.title == "Ludoteca"


def test_a_resigning_player_of_three_leaves_a_seat_that_plays_on_and_is_ranked_last():
    app, browser = make_app()
    start(app, browser, [HUMAN, HUMAN, AI], seed="21")
    model = app.play_model()
    resigner = model.handoff if model.handoff is not None else model.actors[0]
    app.dispatch("reveal", str(resigner))
    app.dispatch("resign")
    app.dispatch("confirm")
    assert resigner in app.match.resigners and not app.match.is_over  # the others play on
    assert resigner not in app.play_model().actors
    for _ in range(300):  # the remaining human and the computer finish the game
        browser.run_pending()
        if app.match.is_over:
            break
        model = app.play_model()
        if model.handoff is not None:
            app.dispatch("reveal", str(model.handoff))
        elif model.actors:
            player = model.actors[0]
            app.dispatch("move", f"{player}:{app.match.state.legal_moves(player).texts()[0]}")
    assert app.match.is_over
    assert app.match.final_places()[resigner] == 3
    assert any(entry.automatic for entry in app.match.entries)
    assert "resigns" in browser.html and "played for a player who resigned" in browser.html
    assert 'data-testid="results"' in browser.html


def test_every_registered_game_has_a_setup_screen_with_its_levels_and_variants():
    """Numeric variants (GeonAxis's round limit) and each game's own levels render."""
    for game_id in registry.PLAYABLE:
        app, browser = make_app()
        browser.app.navigate(f"#/new/{game_id}")
        assert app.route.name == "new" and 'data-testid="setup"' in browser.html, game_id
        for option in app.games[game_id].variants:
            assert f'data-testid="variant-{option.key}"' in browser.html
            for choice in option.choices:
                assert f'value="{choice}"' in browser.html


def test_every_computer_of_a_simultaneous_round_thinks_at_once():
    app, browser = make_app()
    start(app, browser, [HUMAN, AI, AI])
    assert app.match.state.acting_mode() == "simultaneous"
    assert app.play.ai_thinking == (1, 2) and len(browser.pending) == 1  # one task for both
    assert "are thinking" in browser.html  # both names, one sentence
    browser.run_pending()
    assert app.match.state.bids[1] is not None and app.match.state.bids[2] is not None
    assert app.play.ai_thinking == ()


def test_a_game_s_loaded_modules_are_kept_out_of_collections_once_before_its_first_search():
    app, browser = make_app()
    start(app, browser, [HUMAN, AI, AI])
    assert browser.kept_loaded_objects == 0  # nothing searched yet
    browser.run_pending()
    assert browser.kept_loaded_objects == 1
    start(app, browser, [HUMAN, AI, AI], seed="6")
    browser.run_pending()
    assert app.match.state.bids[1] is not None  # a second game's computers searched
    assert browser.kept_loaded_objects == 1  # the same game: its modules were kept already


def test_a_human_bid_does_not_restart_the_searches_of_the_same_round():
    app, browser = make_app()
    start(app, browser, [HUMAN, AI, AI])
    generation = app.ai_generation
    app.dispatch("move", "0:bid 1")
    assert app.ai_generation == generation and app.play.ai_thinking == (1, 2)
    assert len(browser.pending) == 1  # no second search was started
    browser.run_pending()
    assert app.match.state.phase != "bid" and app.match.state.last_bids[0] == 1


def test_interleaved_searches_take_slices_in_turn_and_report_each_finish():
    from ludoteca.ui.app import InterleavedSearches

    class CountingSearch:
        def __init__(self, slices, log, name):
            self.left, self.log, self.name, self.elapsed = slices, log, name, 0.0

        def step(self, seconds):
            self.log.append(self.name)
            self.elapsed += seconds
            self.left -= 1
            return self.left == 0

    log = []
    searches = InterleavedSearches({1: CountingSearch(3, log, "a"), 2: CountingSearch(1, log, "b")})
    assert searches.step(0.01) is False
    assert searches.step(0.01) is True and searches.finished == [2]
    assert [searches.step(0.01), searches.step(0.01)] == [False, True]
    assert log == ["a", "b", "a", "a"] and searches.thinking == [] and searches.finished == [2, 1]
    assert searches.elapsed == pytest.approx(0.04)


def test_a_broken_search_stops_with_a_message_and_a_retry_not_a_frozen_game(monkeypatch):
    app, browser = make_app()
    start(app, browser, [HUMAN, AI, AI])
    from ludoteca.games.council import rules as toy_council
    original = toy_council.CouncilState.determinize

    def broken(self, player, rng):
        raise RuntimeError("the search fell over")

    monkeypatch.setattr(toy_council.CouncilState, "determinize", broken)
    moves = len(app.match.entries)
    browser.run_pending()
    assert len(app.match.entries) == moves  # nothing was played
    assert app.play.ai_thinking == () and app.play.ai_failed
    assert "could not choose a move (the search fell over)" in browser.html
    assert 'data-testid="ai-retry"' in browser.html
    assert any("RuntimeError: the search fell over" in text for text in browser.errors)
    app.dispatch("noop")
    assert not browser.pending  # no search restarts by itself, so no loop of failures
    app.dispatch("move", "0:bid 1")  # the human may still act: a new position, a new search
    browser.run_pending()
    assert app.play.ai_failed and browser.html.count("could not choose a move") == 1
    monkeypatch.setattr(toy_council.CouncilState, "determinize", original)
    app.dispatch("ai-retry")
    assert browser.pending and app.play.ai_thinking == (1, 2)
    browser.run_pending()
    assert not app.play.ai_failed and 'data-testid="ai-retry"' not in browser.html
    assert len(app.match.entries) > moves + 1  # the computers chose, the round went on


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
