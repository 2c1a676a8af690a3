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


# --- names are cleaned in one place ------------------------------------------------
BELL_NAME = "Al\u0007ice"


def test_a_default_name_with_a_control_character_makes_a_game_that_reopens():
    from ludoteca.ui.storage import SETTINGS_KEY, MemoryStore
    store = MemoryStore()
    store.set(SETTINGS_KEY, json.dumps({"name": BELL_NAME}))
    app, browser = make_app(store)
    save_id = start_vs_ai(app, browser)  # the first seat keeps the prefilled name
    human_move(app, browser)
    assert app.match.seats[0].name == "Alice"
    app, browser = make_app(store)  # a reload
    browser.app.navigate(f"#/play/{save_id}")
    assert app.route.name == "play" and errors(app) == []
    assert app.match.seats[0].name == "Alice"


def test_an_old_save_holding_a_control_character_in_a_name_opens_cleaned():
    app, browser = make_app()
    save_id = start_vs_ai(app, browser)
    human_move(app, browser)
    app.dispatch("quit")
    record = stored_record(browser, save_id)
    record["seats"][0]["name"] = "Ada\x1b[31m\nBob\u202e"
    store_record(browser, save_id, record)
    app, browser = make_app(browser.store)
    browser.app.navigate(f"#/play/{save_id}")
    assert app.route.name == "play" and app.match.seats[0].name == "Ada[31m Bob"


@pytest.mark.parametrize("raw, clean", [
    ("Al\u0007ice", "Alice"),
    ("\u202eecilA", "ecilA"),
    ("A\u2066l\u2069i\u200bc\u200de\ufeff", "Alice"),
    ("  Ada\t\n Lovelace\u2028 ", "Ada Lovelace"),
    ("Ada\ue000", "Ada"),
    ("\u0007\u202e ", ""),
    ("Chiara è qui", "Chiara è qui"),
])
def test_every_path_that_makes_a_seat_cleans_its_name_the_same_way(raw, clean):
    from ludoteca.core.match import Seat, clean_name
    from ludoteca.ui.app import valid_prefs
    assert clean_name(raw) == clean
    assert Seat(raw).name == clean
    assert valid_prefs({"name": raw}).get("name", "") == clean
    app, browser = make_app()
    browser.app.navigate("#/new/alphabeticell")
    app.setup.seats[0].name = raw  # whatever the form holds
    assert app.setup.seat_list()[0].name == (clean or "1")


def test_an_imported_name_is_cleaned_and_the_home_list_shows_it_cleaned():
    from .test_storage_faults import reimported

    def rename(record):
        record["seats"][0]["name"] = "\u202eAl\u0007ice"

    app, browser = reimported(rename)
    assert app.route.name == "play" and app.match.seats[0].name == "Alice"
    browser.app.navigate("#/")
    assert "\u202e" not in browser.html and "\u0007" not in browser.html
