"""Every game's UI meets the contract of ludoteca/games/game_ui.py, and the app
reads game UIs only through it: no getattr/hasattr probe of a game UI in ludoteca.ui."""

import ast
import pathlib

import pytest

from ludoteca.core.match import Seat
from ludoteca.games import game_ui, registry
from ludoteca.games.game_ui import GameUI, RenderContext, conformance_problems
from .support import game_or_fail, game_params, sample_states

UI_DIR = pathlib.Path(game_ui.__file__).resolve().parents[1] / "ui"
PROBES = {"getattr", "hasattr", "vars"}
GAME_UI_SOURCES = {"game_ui", "game_package"}  # registry functions that hand out a game's UI or package


def _called_name(node) -> str:
    func = node.func if isinstance(node, ast.Call) else None
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def probes_of_game_uis(source: str) -> list:
    """(line, text) of each getattr/hasattr/vars whose object is a game's UI or package:
    a call of registry.game_ui/game_package, or a name bound to one (or a parameter named `ui`)."""
    tree = ast.parse(source)
    found = []
    for function in [node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]:
        names = {arg.arg for arg in function.args.args if arg.arg == "ui"}
        for node in ast.walk(function):
            if isinstance(node, ast.Assign) and _called_name(node.value) in GAME_UI_SOURCES:
                names.update(target.id for target in node.targets if isinstance(target, ast.Name))
        for node in ast.walk(function):
            if isinstance(node, ast.Call) and _called_name(node) in PROBES and node.args:
                target = node.args[0]
                if _called_name(target) in GAME_UI_SOURCES or (isinstance(target, ast.Name) and target.id in names):
                    found.append((node.lineno, ast.unparse(node)))
    return found


def test_the_app_never_probes_a_game_ui():
    probes = {path.name: probes_of_game_uis(path.read_text(encoding="utf-8")) for path in sorted(UI_DIR.glob("*.py"))}
    assert {name: found for name, found in probes.items() if found} == {}, \
        "read a game UI through the GameUI contract (ludoteca/games/game_ui.py): add a default there"


def test_the_probe_finder_sees_the_probes_it_forbids():
    source = (
        "def a(game_id):\n    return getattr(registry.game_ui(game_id), 'KEY_SHORTCUTS', {})\n"
        "def b(ui, view):\n    return ui.end_reason(view) if hasattr(ui, 'end_reason') else ''\n"
        "def c(game_id):\n    module = registry.game_package(game_id)\n    return getattr(module, 'TABLE_LINK', None)\n"
        "def d(error):\n    return getattr(error, 'code', '')\n"
    )
    assert [line for line, _ in probes_of_game_uis(source)] == [2, 4, 7]


def context(players: int, viewer) -> RenderContext:
    seats = [Seat(f"P{n}", color="") for n in range(players)]
    return RenderContext(t=lambda key, **params: key, seats=seats, viewer=viewer, can_act=viewer is not None,
                         animate=False, fresh=[], actors=(viewer,) if viewer is not None else ())


@pytest.mark.parametrize("game_id, players", game_params(per_player_count=False))
def test_every_game_meets_the_game_ui_contract(game_id, players):
    """Its UI is a GameUI with both languages' messages, and every hook answers
    with the type the contract names on states from seeded random games."""
    game = game_or_fail(game_id)
    package = registry.PACKAGES.get(game_id, f"ludoteca.games.{game_id}")
    ui = __import__(package + ".ui", fromlist=["UI"]).UI
    assert conformance_problems(ui, game_id) == []
    levels = set(__import__(package, fromlist=["AI_LEVELS"]).AI_LEVELS)
    level_keys = {key.rsplit(".", 1)[1] for key in ui.MESSAGES["en"] if key.startswith(f"{game_id}.level.")}
    assert level_keys <= levels, f"level names for levels the game lacks: {level_keys - levels}"
    t = lambda key, **params: key  # noqa: E731
    count = game.min_players
    for state in sample_states(game_id, count, games=1, per_game=3):
        for viewer in [None, *range(count)]:
            view = state.view(viewer)
            ctx = context(count, viewer)
            assert isinstance(ui.render_table(view, ctx), str)
            assert isinstance(ui.prompt(view, ctx), str) and isinstance(ui.end_reason(view, ctx), str)
            if viewer is None:
                continue
            assert isinstance(ui.private_content(view), bool)
            assert isinstance(ui.panel_detail(view, viewer, t), str)
            assert ui.chip_detail(view, viewer, t) is None or isinstance(ui.chip_detail(view, viewer, t), str)
            if ui.KEEP_PASSING:
                assert ui.standing_pass(view, view)[0] in ("play", "ask", "stop")
            scores = view.get("scores") if isinstance(view, dict) else None
            assert scores is None or (isinstance(scores, list) and len(scores) == count)
        for player in state.to_move():
            move = state.legal_moves(player)[0]
            for viewer in [None, *range(count)]:
                parts = [state.describe_move(move, viewer, player)]
                assert isinstance(ui.log_line(parts, [f"P{n}" for n in range(count)], t), str)
            assert all(isinstance(mark, str) for mark in ui.move_marks([state.describe_move(move, None, player)]))
            assert isinstance(ui.auto_play_forced(move), bool)
            assert ui.hint_selection(move.text) is None or isinstance(ui.hint_selection(move.text), str)
    if ui.LANGUAGE_VARIANT is not None:
        assert ui.LANGUAGE_VARIANT in {option.key for option in game.variants}


def test_a_ui_that_is_not_a_game_ui_or_lacks_a_language_is_refused():
    class Half(GameUI):
        MESSAGES = {"en": {"x.a": "A"}, "it": {}}
        KEY_SHORTCUTS = {"S": ("pass", "x.pass")}

        def render_table(self, view, ctx):
            return ""

    problems = conformance_problems(Half(), "x")
    assert any("every game draws" in p for p in problems)  # describe_move is missing
    assert any("one language only" in p for p in problems)
    assert any("'x.pass'" in p for p in problems) and any("'S'" in p for p in problems)
    assert conformance_problems(object(), "x") == ["x.ui.UI is object, not a GameUI"]
