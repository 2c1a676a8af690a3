"""Issue 27, "Storage and names": names cleaned in one place and isolated on
screen, honest open-failure messages, unsaved moves kept when storage is
full, and a Continue list that trusts saves over their index."""

import json

import pytest

from .fake_browser import make_app
from .test_app import start_vs_ai
from .test_storage_faults import errors, human_move


def stored_record(browser, save_id):
    from ludoteca.ui.storage import SAVE_PREFIX
    return json.loads(browser.store.data[SAVE_PREFIX + save_id])


def store_record(browser, save_id, record):
    from ludoteca.ui.storage import SAVE_PREFIX
    browser.store.set(SAVE_PREFIX + save_id, json.dumps(record))


# --- open-failure messages --------------------------------------------------------
@pytest.mark.parametrize("language", ["en", "it"])
def test_an_open_failure_message_has_one_full_stop_between_its_sentences(language):
    app, browser = make_app()
    app.dispatch("pref", f"language={language}")
    save_id = start_vs_ai(app, browser)
    human_move(app, browser)
    app.dispatch("quit")
    record = stored_record(browser, save_id)
    record["moves"][0] = "0:no such move"
    store_record(browser, save_id, record)
    app, browser = make_app(browser.store)
    browser.app.navigate(f"#/play/{save_id}")
    assert app.route.name == "home"
    [message] = errors(app)
    assert ".." not in message and ". " in message, message
