"""Log lines: the engine names each move for its viewer (`State.describe_move`,
`Match.describe_entry`); a game's UI only words the (message key, params)
pairs it is given and never receives a State to describe a move from."""

import inspect
import random

import pytest

from ludoteca.core.match import HUMAN
from ludoteca.games import registry
from ludoteca.games.registry import PLAYABLE

from ludoteca.games.council import ui as council_ui

from .test_hints import started_against_the_computer

UIS = [pytest.param(registry.game_ui(game_id), id=game_id) for game_id in PLAYABLE] + [
    pytest.param(council_ui.UI, id="council")]


def plain(value) -> bool:
    """JSON's own kinds (a (key, params) pair may be a tuple): no State, no Move."""
    if value is None or isinstance(value, (str, bool, int, float)):
        return True
    if isinstance(value, (list, tuple)):
        return all(plain(item) for item in value)
    if isinstance(value, dict):
        return all(isinstance(key, str) and plain(item) for key, item in value.items())
    return False


@pytest.mark.parametrize("ui", UIS)
def test_a_game_ui_words_descriptions_and_takes_no_state(ui):
    assert not hasattr(ui, "describe_move"), "the engine describes moves: State.describe_move"
    assert list(inspect.signature(ui.log_line).parameters) == ["parts", "names", "t"]
    assert list(inspect.signature(ui.move_marks).parameters) == ["parts"]
    module = inspect.getmodule(type(ui))
    functions = inspect.getmembers(module, inspect.isfunction) + inspect.getmembers(type(ui), inspect.isfunction)
    for name, function in functions:
        if function.__module__ == module.__name__:
            assert not {"before", "after", "state"} & set(inspect.signature(function).parameters), (
                f"{name} takes a state: describe from the engine's (key, params) pairs")


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_the_app_hands_the_game_ui_only_keys_and_plain_params(game_id, monkeypatch):
    ui = registry.game_ui(game_id)
    calls = []
    original_line, original_marks = ui.log_line, ui.move_marks

    def spy(name, original):
        def hook(*args, **kwargs):
            calls.append((name, args, kwargs))
            return original(*args, **kwargs)
        return hook

    monkeypatch.setattr(ui, "log_line", spy("log_line", original_line))
    monkeypatch.setattr(ui, "move_marks", spy("move_marks", original_marks))
    app, browser = started_against_the_computer(game_id)
    for _ in range(6):  # a few moves of each side, every line drawn on the way
        match = app.match
        if match.is_over:
            break
        player = next((p for p in match.state.to_move() if match.seats[p].kind == HUMAN), None)
        if player is None:
            break
        app.dispatch("move", f"{player}:{match.state.legal_moves(player).texts()[0]}")
        browser.run_pending()
    match = app.match
    human = next(p for p, seat in enumerate(match.seats) if seat.kind == HUMAN)
    if human in match.state.to_move():  # the hint's line is worded the same way
        app.game_log.hint_line(human, match.state.legal_moves(human).texts()[0])
    assert match.entries and any(name == "log_line" for name, _, _ in calls)
    for name, args, kwargs in calls:
        assert not kwargs
        parts = args[0]
        assert isinstance(parts, list) and parts and plain(parts), (name, parts)
        assert all(isinstance(key, str) and isinstance(params, dict) for key, params in parts), parts
        if name == "log_line":
            names, t = args[1], args[2]
            assert all(isinstance(text, str) for text in names) and callable(t)
            assert len(args) == 3
        else:
            assert len(args) == 1


def test_a_forced_end_of_turn_is_called_forced_only_to_its_player():
    """Alphagon's legal moves hang on secret letters and cards: "had no other move"
    would tell the others that this player holds no card to claim a pair with."""
    app, browser = started_against_the_computer("alphagon")
    chooser = random.Random(3)
    forced = []
    for _ in range(200):
        match = app.match
        forced = [index for index, entry in enumerate(match.entries)
                  if entry.move.text == "end" and len(match.state_before(index).legal_moves(entry.player)) == 1]
        if forced or match.is_over:
            break
        player = next((p for p in match.state.to_move() if match.seats[p].kind == HUMAN), None)
        if player is not None:
            app.dispatch("move", f"{player}:{chooser.choice(match.state.legal_moves(player).texts())}")
        browser.run_pending()
    assert forced, "no forced end of turn came up"
    index = forced[0]
    entry = app.match.entries[index]
    assert "no other move" in app.game_log.line(index, entry, entry.player)
    assert "no other move" not in app.game_log.line(index, entry, 1 - entry.player)
    assert "no other move" not in app.game_log.line(index, entry, None)
