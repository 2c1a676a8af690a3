"""The session seam (issue 30): the app talks to a MatchSession, never to a Match.

No module but ui/session.py touches `Match`; the local session's viewer-facing
answers never hold a State or the Match; seeing everything is the named
`full_access()`; and a change the app did not make itself is drawn."""

import ast
import pathlib

from ludoteca.core.match import HUMAN, Match, Seat
from ludoteca.core.protocol import State
from ludoteca.core.session import MatchSession
from ludoteca.ui.session import LocalMatchSession

from ludoteca.games.council.rules import GAME
from .fake_browser import make_app
from .test_app import start_vs_ai

ROOT = pathlib.Path(__file__).resolve().parents[3] / "py" / "ludoteca"
SESSION_MODULE = ROOT / "ui" / "session.py"


def match_touches(source: str) -> list:
    """Where a module's code names `Match` (an import, a name, an attribute other
    than `re.Match`) or reads an attribute `.match` (a call such as a regex's
    `pattern.match(text)` is not one): each as "line: what"."""
    found = []
    tree = ast.parse(source)
    calls = {id(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and any(alias.name == "Match" for alias in node.names):
            found.append(f"{node.lineno}: imports Match")
        elif isinstance(node, ast.Name) and node.id == "Match":
            found.append(f"{node.lineno}: names Match")
        elif isinstance(node, ast.Attribute) and node.attr == "Match" \
                and not (isinstance(node.value, ast.Name) and node.value.id == "re"):
            found.append(f"{node.lineno}: .Match")
        elif isinstance(node, ast.Attribute) and node.attr == "match" and id(node) not in calls:
            found.append(f"{node.lineno}: .match")
    return found


def scanned_modules() -> list:
    return sorted(set((ROOT / "ui").glob("*.py")) | set(ROOT.glob("games/*/ui*.py")) | set(ROOT.glob("games/*/*_ui.py")))


def test_no_module_but_the_session_touches_match():
    modules = scanned_modules()
    assert SESSION_MODULE in modules and len(modules) > 10
    touches = {str(path.relative_to(ROOT)): match_touches(path.read_text(encoding="utf-8"))
               for path in modules if path != SESSION_MODULE}
    assert {path: where for path, where in touches.items() if where} == {}
    assert match_touches(SESSION_MODULE.read_text(encoding="utf-8"))  # the scan does see it there


def test_the_scan_finds_each_way_of_touching_match():
    source = ("from ..core.match import Match, Seat\nimport re\n"
              "def f(app, kept, text):\n"
              "    x: re.Match = re.match('a', text)\n"
              "    return app.match.state, kept.match, Match, core.Match, PATTERN.match(text)\n")
    assert sorted(match_touches(source)) == ["1: imports Match", "5: .Match", "5: .match", "5: .match",
                                             "5: names Match"]
    assert match_touches("import re\ndef g(m: re.Match):\n    return _RULE.match(m.group(0))\n") == []


def holds_secrets(value, depth=0) -> bool:
    """Whether an answer is, or holds, a State or a Match."""
    if isinstance(value, (State, Match)):
        return True
    if depth < 4 and isinstance(value, (list, tuple)):
        return any(holds_secrets(item, depth + 1) for item in value)
    if depth < 4 and isinstance(value, dict):
        return any(holds_secrets(item, depth + 1) for item in value.values())
    return False


def test_the_local_session_answers_a_viewer_without_a_state_or_the_match():
    session = LocalMatchSession.start(GAME, GAME.default_settings(3), 4, [Seat(f"P{i}", HUMAN) for i in range(3)])
    session.play(0, "bid 1")
    position = session.position()
    answers = [session.game_id, session.settings, session.seats, session.move_count, session.move_facts(0),
               session.is_over, session.status, session.resigners, session.undo_count, session.hints_used,
               session.human_players, session.training_mode, session.round_clock(), session.clocked_players(),
               session.undo_landings(0), session.can_undo(0), session.can_redo(), session.timeout_move(1),
               session.record(), session.position(0), position.to_move(), position.acting_mode(),
               position.scores(), position.legal_moves(1)] + [position.view(viewer) for viewer in (None, 0, 1, 2)]
    assert not any(holds_secrets(answer) for answer in answers)
    assert isinstance(session.full_access(), Match)  # everything, only when asked for by name


def test_the_local_session_tells_listeners_of_every_change_it_makes():
    session = LocalMatchSession.start(GAME, GAME.default_settings(3), 4, [Seat(f"P{i}", HUMAN) for i in range(3)])
    heard: list = []
    session.subscribe(heard.append)
    session.play(0, "bid 1")
    session.undo(0)
    session.redo()
    session.count_hint(1)
    session.resign(2)
    # bid, resignation, and the resigned seat's automatic bid
    assert heard == [True] * 5 and session.move_count == 3 and session.hints_used[1] == 1


def test_the_app_holds_a_session_and_draws_a_change_it_did_not_make():
    app, browser = make_app()
    start_vs_ai(app, browser)
    assert isinstance(app.session, MatchSession) and not isinstance(app.session, Match)
    shown = app.session.move_count
    assert f'data-moves="{shown}"' in browser.html
    # A move arrives from elsewhere (as another device's would): the session says so, the app draws it.
    full = app.session.full_access()
    full.play(full.state.to_move()[0], full.state.legal_moves(full.state.to_move()[0])[0])
    app.session._changed(made_here=False)
    assert f'data-moves="{app.session.move_count}"' in browser.html and app.session.move_count > shown


def test_closing_a_game_stops_listening_to_its_session():
    app, browser = make_app()
    start_vs_ai(app, browser)
    session = app.session
    app.navigate("#/")
    app.session = None
    assert session._listeners == []  # a change to it would no longer reach the app
