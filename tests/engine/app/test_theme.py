"""Settings' theme (issue 27): light, dark or the device's, stored with the
preferences and put on the page's root before its first paint; and stored
preferences of the wrong type are ignored."""

import json
import re

from ludoteca.ui.app import MAX_NAME, valid_prefs
from ludoteca.ui.storage import SETTINGS_KEY, MemoryStore, SaveStore

from .fake_browser import REPO_ROOT, make_app


def test_the_theme_choice_is_offered_applied_and_kept():
    app, browser = make_app()
    assert browser.theme == "system"
    app.navigate("#/settings")
    for value in ("system", "light", "dark"):
        assert f'data-testid="theme-{value}"' in browser.html
    app.dispatch("pref", "theme=dark")
    assert browser.theme == "dark" and 'data-testid="theme-dark" checked' in browser.html
    assert json.loads(browser.store.get(SETTINGS_KEY))["theme"] == "dark"
    again, browser_again = make_app(browser.store)
    assert browser_again.theme == "dark"  # a new visit starts in it


def test_a_stored_theme_is_checked_like_every_preference():
    assert valid_prefs({"theme": "light"}) == {"theme": "light"}
    assert valid_prefs({"theme": "neon"}) == {} and valid_prefs({"theme": ["dark"]}) == {}
    store = MemoryStore()
    store.set(SETTINGS_KEY, json.dumps({"theme": "constructor"}))
    _, browser = make_app(store)
    assert browser.theme == "system"


def test_the_page_sets_the_stored_theme_before_its_stylesheets():
    page = (REPO_ROOT / "index.html").read_text()
    script = re.search(r"<script>((?:(?!</script>).)*dataset\.theme(?:(?!</script>).)*)</script>", page, re.S)
    assert script and SETTINGS_KEY in script.group(1)
    assert page.index(script.group(0)) < page.index('<link rel="stylesheet"')
    css = (REPO_ROOT / "web" / "ui.css").read_text()
    assert ':root[data-theme="dark"]' in css and ':root:not([data-theme="light"])' in css


def test_stored_switches_that_are_not_booleans_are_ignored():
    store = MemoryStore()
    SaveStore(store, {}).write_settings({"sound": "yes", "auto_forced": 0, "name": "N" * (MAX_NAME + 10)})
    app, browser = make_app(store)
    assert app.prefs["sound"] is False and app.prefs["auto_forced"] is True
    assert app.prefs["name"] == "N" * MAX_NAME
