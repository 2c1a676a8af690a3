"""The `Browser` interface lives in its own module beside its implementation."""

import ast
import pathlib

from ludoteca.ui import app, browser_api

from .fake_browser import FakeBrowser

UI_DIR = pathlib.Path(browser_api.__file__).parent


def imported_names(path: pathlib.Path) -> dict:
    """{name: module} for each `from module import name` in a source file."""
    names = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                names[alias.asname or alias.name] = "." * node.level + (node.module or "")
    return names


def test_the_interface_is_defined_in_browser_api_and_the_app_uses_that_class():
    assert browser_api.Browser.__module__ == "ludoteca.ui.browser_api"
    assert app.Browser is browser_api.Browser
    assert "class Browser" not in (UI_DIR / "app.py").read_text(encoding="utf-8")


def test_the_fake_and_the_real_browser_implement_the_interface_from_browser_api():
    assert issubclass(FakeBrowser, browser_api.Browser)
    # browser.py imports `js`, so it cannot be imported here: read its imports instead.
    assert imported_names(UI_DIR / "browser.py")["Browser"] == ".browser_api"
    assert imported_names(pathlib.Path(__file__).with_name("fake_browser.py"))["Browser"] == "ludoteca.ui.browser_api"


def test_the_interface_module_needs_nothing_from_the_page():
    modules = set(imported_names(UI_DIR / "browser_api.py").values())
    assert not {"js", "pyodide", "pyscript"} & {name.split(".")[0] for name in modules}
