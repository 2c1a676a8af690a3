"""Opening a game's session (ui/opening.py) through its own calls."""

import json

from ludoteca.core.session import MatchSession
from ludoteca.ui.opening import GameOpener
from ludoteca.ui.storage import SAVE_PREFIX

from .fake_browser import make_app
from .test_app import start_vs_ai


def test_a_new_game_opens_as_a_session_saved_at_once():
    app, browser = make_app()
    save_id = start_vs_ai(app, browser)
    assert isinstance(app.opener, GameOpener) and isinstance(app.session, MatchSession)
    assert json.loads(browser.store.get(SAVE_PREFIX + save_id))["game"] == "alphabeticell"
    assert browser.hash == f"#/play/{save_id}"


def test_a_save_reopens_on_a_new_page_and_a_missing_one_says_so():
    app, browser = make_app()
    save_id = start_vs_ai(app, browser)
    moves = app.session.move_count
    other, _ = make_app(browser.store)
    assert other.opener.open_save(save_id) and other.session.move_count == moves and other.save_id == save_id
    assert other.opener.open_save(save_id)  # already open: nothing to do
    third, _ = make_app(browser.store)
    assert not third.opener.open_save("20200101000000-9") and third.session is None
    assert [n.kind for n in third.notices] == ["error"]


def test_an_imported_record_becomes_a_save_of_its_own():
    app, browser = make_app()
    start_vs_ai(app, browser)
    record = json.dumps(app.session.record())
    other, other_browser = make_app()
    other.opener.import_text(record)
    assert other.session.record()["moves"] == json.loads(record)["moves"]
    assert other_browser.store.get(SAVE_PREFIX + other.save_id) == other.save_text
    other.opener.import_text("not a record")
    assert other.notices[-1].kind == "error"
