"""Hints: in a game against the computer, the hard AI's move for the human to play."""

import json
import re

import pytest

from ludoteca.core import ai as core_ai
from ludoteca.core.match import HUMAN, Match
from ludoteca.core.rng import MASK64, SeededRng
from ludoteca.games import registry
from ludoteca.games.registry import PLAYABLE
from ludoteca.ui import app as app_module

from ..search_clock import CountingClock
from .fake_browser import make_app, shown_text


def started_against_the_computer(game, seed="11"):
    app, browser = make_app()
    browser.app.navigate(f"#/new/{game}")
    app.dispatch("field", "seat.1.kind=ai")
    app.dispatch("field", "seat.1.level=easy")
    app.dispatch("field", f"seed={seed}")
    app.dispatch("pref", "pace=fast")
    app.dispatch("start")
    browser.run_pending()
    return app, browser


def hard_choice(match, player):
    """The hard AI's move, searched as the app searches it (same seed, same slices)."""
    package = registry.game_package(match.game.id)
    seed = (match.seed * 31 + len(match.entries) * 7919 + player) & MASK64
    search = package.AI_LEVELS["hard"](seed).start(match.state.determinize(player, SeededRng(seed)), player)
    while not search.step(app_module.AI_SLICE_SECONDS):
        pass
    return search.best_move().text


@pytest.mark.parametrize("game", PLAYABLE)
def test_the_hint_is_the_hard_ai_s_legal_choice_and_is_shown_on_the_board(game, monkeypatch):
    app, browser = started_against_the_computer(game)
    match = app.match
    player = app.hint_player()
    assert player is not None and match.seats[player].kind == HUMAN
    monkeypatch.setattr(core_ai, "clock", CountingClock())
    app.dispatch("hint")
    assert app.play.hint_thinking and 'data-testid="hint"' in browser.html
    browser.run_pending()
    moves, hinted_player, text = app.play.hint
    assert (moves, hinted_player) == (len(match.entries), player)
    assert text in match.state.legal_moves(player).texts()
    monkeypatch.setattr(core_ai, "clock", CountingClock())
    assert text == hard_choice(match, player)
    assert 'data-testid="hint-line"' in browser.html and match.hints_used[player] == 1
    marked = re.findall(r'data-arg="([^"]*)" data-suggested', browser.html)
    assert marked and all(arg == f"{player}:{text}" for arg in marked)  # a step of several: its first is made


def test_the_hint_line_says_the_move_in_the_player_s_language_and_a_move_clears_it():
    app, browser = started_against_the_computer("psychopath")
    app.dispatch("hint")
    browser.run_pending()
    player, text = app.shown_hint()
    line = shown_text(re.search(r'data-testid="hint-line">([^<]*)<', browser.html).group(1))
    assert line.startswith("Hint: ") and line != f"Hint: {text}"  # the game's own words, not the move text
    assert re.search(rf'data-arg="{player}:{text}" data-suggested', browser.html)
    app.dispatch("pref", "language=it")
    assert "Suggerimento: " in shown_text(browser.html)
    app.dispatch("move", f"{player}:{text}")
    assert app.play.hint is None and "data-suggested" not in browser.html
    assert app.match.hints_used[player] == 1


def test_undo_and_redo_clear_a_shown_hint_and_a_second_press_costs_nothing():
    app, browser = started_against_the_computer("psychopath")
    player = app.hint_player()
    app.dispatch("move", f"{player}:{app.match.state.legal_moves(player).texts()[0]}")
    browser.run_pending()
    app.dispatch("hint")
    browser.run_pending()
    app.dispatch("hint")  # the same position: no new search, no new count
    assert not browser.pending and app.match.hints_used[player] == 1
    app.dispatch("undo")
    assert app.shown_hint() is None and "hint-line" not in browser.html
    app.dispatch("hint")
    browser.run_pending()
    assert app.shown_hint() is not None
    app.dispatch("redo")
    browser.run_pending()
    assert app.shown_hint() is None and app.match.hints_used[player] == 2


def test_no_hint_while_the_computer_is_to_play_or_in_a_game_between_humans():
    app, browser = make_app()
    browser.app.navigate("#/new/psychopath")
    app.dispatch("field", "seat.1.kind=human")
    app.dispatch("start")
    assert all(seat.kind == HUMAN for seat in app.match.seats)
    assert app.hint_player() is None and 'data-testid="hint"' not in browser.html
    app.dispatch("hint")
    assert not browser.pending and app.play.hint is None
    app, browser = started_against_the_computer("psychopath")
    player = app.hint_player()
    app.dispatch("move", f"{player}:{app.match.state.legal_moves(player).texts()[0]}")
    assert app.play.ai_thinking and app.hint_player() is None  # the computer's turn
    app.dispatch("hint")
    assert app.play.hint is None and not app.play.hint_thinking


def test_a_hint_abandoned_by_a_move_is_never_shown():
    app, browser = started_against_the_computer("psychopath")
    player = app.hint_player()
    app.dispatch("hint")
    app.dispatch("move", f"{player}:{app.match.state.legal_moves(player).texts()[0]}")
    browser.run_pending()
    assert app.play.hint is None and app.match.hints_used[player] == 0


def test_the_hint_count_survives_export_and_import_and_the_results_show_it():
    app, browser = started_against_the_computer("psychopath")
    assert app.hint_player() == 0
    app.dispatch("hint")
    browser.run_pending()
    app.dispatch("export")
    record = json.loads(browser.downloads[-1][1])
    assert record["hints"] == [1, 0]
    app.import_text(json.dumps(record))
    assert app.match.hints_used == [1, 0]
    reread = Match.from_record(app.match.record(), app.games)
    assert reread.hints_used == [1, 0]
    app.dispatch("resign")
    app.dispatch("confirm")
    assert app.match.is_over
    assert "used 1 hint." in shown_text(browser.html)
    app.dispatch("pref", "language=it")
    assert "ha usato 1 suggerimento." in shown_text(browser.html)


def test_an_older_record_without_hints_loads_with_none_and_a_damaged_count_is_refused():
    app, browser = started_against_the_computer("psychopath")
    record = app.match.record()
    assert "hints" not in record  # nothing asked: the record stays as older apps wrote it
    assert Match.from_record(record, app.games).hints_used == [0, 0]
    for damaged in ([1], [1, -1], [1, True], "2", [1, 2.5]):
        before = len(app.saves.list())
        app.import_text(json.dumps(dict(record, hints=damaged)))
        assert len(app.saves.list()) == before
        assert any("hints" in notice.text for notice in app.notices)


def test_a_hint_in_a_simultaneous_round_never_tells_the_computer_s_secret_choice():
    app, browser = started_against_the_computer("geonaxis")
    match = app.match
    assert match.entries and match.seats[match.entries[-1].player].kind != HUMAN  # the computer chose already
    app.dispatch("hint")
    browser.run_pending()
    line = shown_text(re.search(r'data-testid="hint-line">(.*?)</p>', browser.html).group(1))
    assert app.shown_hint() is not None and line.startswith("Hint: ") and "Computer" not in line


def test_h_asks_for_a_hint_and_the_shortcuts_overlay_lists_it():
    from ludoteca.ui.keyboard import SHORTCUT_HELP, shortcut

    assert shortcut("h", typing=False, modified=False, on_board=False, dialog=None) == ("hint", "")
    assert shortcut("H", typing=False, modified=False, on_board=True, dialog=None) == ("hint", "")
    assert shortcut("h", typing=True, modified=False, on_board=False, dialog=None) is None
    assert ("H", "help.hint") in SHORTCUT_HELP
    app, browser = started_against_the_computer("alphabeticell")
    app.dispatch("help")
    assert "A hint from the computer" in browser.html


def test_a_hinted_geonaxis_tile_shows_the_tile_spots_with_its_own_lit(monkeypatch):
    """A stand-in search chooses a tile, as the hard AI may: its spot is lit as a stone's cell is."""
    from ludoteca.ui import hints as hints_module

    app, browser = started_against_the_computer("geonaxis")
    player = app.hint_player()
    tile = next(text for text in app.match.state.legal_moves(player).texts() if text.startswith("t "))

    class TileSearch:
        def step(self, _seconds):
            return True

        def best_move(self):
            return app.session.parse_move(tile)

    monkeypatch.setattr(hints_module, "ai_search", lambda *_args: TileSearch())
    app.dispatch("hint")
    browser.run_pending()
    assert app.shown_hint() == (player, tile) and app.play.selection == "tile"
    marked = re.findall(r'<[^>]*data-arg="([^"]*)" data-suggested[^>]*>', browser.html)
    assert marked == [f"{player}:{tile}"]
    assert re.search(rf'class="tile-spot" data-action="move" data-arg="{player}:{tile}" data-suggested', browser.html)
    app.dispatch("move", f"{player}:{tile}")
    browser.run_pending()
    assert app.play.hint is None and "data-suggested" not in browser.html
