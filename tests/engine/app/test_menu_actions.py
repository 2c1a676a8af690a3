"""The game menu's and the saves list's actions (ui/menu_actions.py) through the module's own
calls: export, a damaged save's text, resign and delete asking first, quit with moves unsaved."""

import json

from ludoteca.ui.menu_actions import MenuActions
from ludoteca.ui.storage import SAVE_PREFIX, StorageFullError

from .fake_browser import make_app
from .test_app import start_vs_ai


def started():
    app, browser = make_app()
    save_id = start_vs_ai(app, browser)
    browser.run_pending()
    return app, browser, save_id


def test_export_downloads_the_open_games_record_and_closes_the_menu():
    app, browser, save_id = started()
    assert isinstance(app.menu, MenuActions)
    app.play.menu_open = True
    app.menu.on_export("")
    ((filename, text),) = browser.downloads
    assert filename == f"ludoteca-alphabeticell-{save_id}.json" and json.loads(text) == app.session.record()
    assert not app.play.menu_open and app.notices[-1].kind == "info" and filename in app.notices[-1].text


def test_a_damaged_saves_text_downloads_as_it_is_under_a_safe_name():
    app, browser, _ = started()
    browser.store.set(SAVE_PREFIX + "2099/../x", "{not json")
    app.menu.on_export_raw("2099/../x")
    assert browser.downloads == [("ludoteca-damaged-2099x.txt", "{not json")]
    app.menu.on_export_raw("no-such-save")  # nothing stored: nothing to download
    assert len(browser.downloads) == 1


def test_resign_and_delete_ask_first_and_act_only_when_agreed():
    app, browser, save_id = started()
    app.menu.on_resign("")
    assert app.confirming is not None and app.session.status == "playing"
    app.confirming.on_agree()
    assert app.session.status == "resigned" and json.loads(browser.store.get(SAVE_PREFIX + save_id))["status"] \
        == "resigned"
    app.menu.on_delete_save(save_id)
    assert browser.store.get(SAVE_PREFIX + save_id) is not None
    app.confirming.on_agree()
    assert browser.store.get(SAVE_PREFIX + save_id) is None and app.session is None and app.save_id is None


def test_quitting_with_moves_unsaved_offers_to_export_them_first():
    app, browser, save_id = started()
    assert app.menu.on_quit("") is False and not browser.downloads  # saved: straight home
    app.navigate(f"#/play/{save_id}")

    def refuse(*_args):
        raise StorageFullError("full")

    browser.store.set = refuse
    app.dispatch("move", f"0:{app.session.position().legal_moves(0)[0].text}")
    assert save_id in app.unsaved
    assert app.menu.on_quit("") is None and app.confirming is not None and not browser.downloads
    app.confirming.on_agree()
    assert browser.downloads and browser.downloads[0][0].endswith(f"{save_id}.json")
