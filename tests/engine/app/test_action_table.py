"""App.dispatch finds handlers in one explicit table: every action the page
can send has an entry, and every entry is a real handler (the app's, or one of
its job modules': the menu, the replay viewer, devices) that something sends."""

import ast
import inspect
import pathlib
import re

from ludoteca.ui import keyboard
from ludoteca.ui.app import App

from .fake_browser import make_app

UI_DIR = pathlib.Path(inspect.getfile(App)).parent
GAMES_DIR = UI_DIR.parent / "games"
# The markup sources: the app's screens and every game's UI modules (ui.py, companion_ui.py, ...).
MARKUP_SOURCES = (UI_DIR / "screens.py", UI_DIR / "signaling.py", *sorted(GAMES_DIR.glob("*/*ui.py")))
LITERAL_ACTION = re.compile(r'data-action="([a-z][a-z_-]*)"')


def _string_at(call: ast.Call, index: int, name: str):
    node = call.args[index] if index < len(call.args) else next(
        (keyword.value for keyword in call.keywords if keyword.arg == name), None)
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _called_name(call: ast.Call) -> str:
    return getattr(call.func, "id", "") or getattr(call.func, "attr", "")


def actions_in_markup(path: pathlib.Path) -> set:
    """The literal `data-action="…"` values, and the constant `action` argument of
    calls to helpers (such as screens.button) that take one."""
    text = path.read_text(encoding="utf-8")
    found = set(LITERAL_ACTION.findall(text))
    tree = ast.parse(text)
    helpers = {node.name: [arg.arg for arg in node.args.args].index("action")
               for node in ast.walk(tree)
               if isinstance(node, ast.FunctionDef) and "action" in [arg.arg for arg in node.args.args]}
    helpers.setdefault("button", 1)  # screens.button, as the game UIs import it
    for call in (node for node in ast.walk(tree) if isinstance(node, ast.Call)):
        if _called_name(call) in helpers:
            action = _string_at(call, helpers[_called_name(call)], "action")
            if action is not None:
                found.add(action)
    return found


def actions_sent_by_the_page() -> set:
    """What browser.py dispatches by name (fields, preferences, Escape) and the key commands."""
    tree = ast.parse((UI_DIR / "browser.py").read_text(encoding="utf-8"))
    named = {_string_at(node, 0, "action") for node in ast.walk(tree)
             if isinstance(node, ast.Call) and _called_name(node) == "dispatch"}
    return (named - {None}) | set(keyboard.COMMAND_KEYS.values()) | {"replay-step"}


def test_the_scan_finds_actions_of_the_screens_and_of_the_game_uis():
    assert {"start", "cancel_confirm", "delete-save", "ai-retry"} <= actions_in_markup(UI_DIR / "screens.py")
    assert "keep-passing" in actions_in_markup(GAMES_DIR / "geonaxis" / "ui.py")
    assert {"move", "select", "option"} <= actions_in_markup(GAMES_DIR / "psychopath" / "ui.py")
    assert {"pref", "field", "escape", "no-target"} <= actions_sent_by_the_page()


def test_every_action_the_screens_and_game_uis_emit_has_a_handler():
    app, _ = make_app()
    table = app.action_handlers()
    for path in MARKUP_SOURCES:
        missing = actions_in_markup(path) - set(table)
        assert not missing, f"{path.name}: no handler for {sorted(missing)}"
    assert not actions_sent_by_the_page() - set(table)


def test_every_entry_is_a_method_of_the_app_or_of_its_job_modules_that_something_sends():
    app, _ = make_app()
    table = app.action_handlers()
    jobs = [app] + [value for value in vars(app).values() if getattr(value, "app", None) is app]
    for action, handler in table.items():
        assert inspect.ismethod(handler) and any(handler.__self__ is job for job in jobs), action
        assert getattr(type(handler.__self__), handler.__name__) is handler.__func__, action
    sent = set().union(*map(actions_in_markup, MARKUP_SOURCES), actions_sent_by_the_page())
    assert not set(table) - sent, "entries nothing sends"


def test_dispatch_ignores_an_action_outside_the_table():
    app, browser = make_app()
    before = browser.html
    app.dispatch("no-such-action")
    app.dispatch("delete_save", "x")  # names are exact: no spelling of an entry's method name
    assert browser.html == before
