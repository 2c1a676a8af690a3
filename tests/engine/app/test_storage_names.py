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


# --- names are isolated wherever they are shown ---------------------------------------
RTL_NAME = "דנה"  # a right-to-left name: unisolated, it reorders the numbers and words next to it


def assert_every_name_isolated(html, *names):
    from ludoteca.ui.screens import FIRST_STRONG_ISOLATE, NAME_CLOSE, NAME_OPEN, POP_ISOLATE
    assert NAME_OPEN not in html and NAME_CLOSE not in html
    for name in names:
        shown = html.count(name)
        isolated = html.count(f"<bdi>{name}</bdi>") + html.count(f"{FIRST_STRONG_ISOLATE}{name}{POP_ISOLATE}")
        assert shown > 0 and shown == isolated, (name, shown, isolated)


@pytest.mark.parametrize("game", __import__("ludoteca.games.registry", fromlist=["PLAYABLE"]).PLAYABLE)
def test_every_name_on_the_table_the_log_and_the_results_is_isolated(game):
    app, browser = make_app()
    browser.app.navigate(f"#/new/{game}")
    app.dispatch("field", f"seat.0.name={RTL_NAME}")
    app.dispatch("field", "seat.1.kind=ai")
    app.dispatch("field", "seat.1.name=Zoë 2")
    app.dispatch("pref", "pace=fast")
    app.dispatch("start")
    browser.run_pending()
    human_move(app, browser)
    assert_every_name_isolated(browser.html, RTL_NAME, "Zoë 2")
    assert all("\ue000" not in text for text, _ in browser.announced)
    app.dispatch("resign")
    app.dispatch("confirm")
    assert 'data-testid="results"' in browser.html
    assert_every_name_isolated(browser.html, RTL_NAME, "Zoë 2")
    browser.app.navigate("#/")
    assert_every_name_isolated(browser.html, RTL_NAME, "Zoë 2")


def test_names_in_notices_and_on_the_hand_off_are_isolated():
    app, browser = make_app()
    browser.app.navigate("#/new/alphabeticell")
    app.dispatch("field", "seat.1.kind=human")
    app.dispatch("field", f"seat.0.name={RTL_NAME}")
    app.dispatch("field", "seat.1.name=Zoë 2")
    app.dispatch("start")
    assert 'data-testid="handoff"' in browser.html
    assert_every_name_isolated(browser.html, RTL_NAME)
    app, browser = make_app()
    browser.app.navigate("#/new/alphabeticell")
    app.dispatch("field", f"seat.0.name={RTL_NAME}")
    app.dispatch("field", "seat.1.kind=ai")
    app.dispatch("start")
    human_move(app, browser)
    app.dispatch("undo")  # against the computer: the notice names the moves taken back
    assert any(n.text.startswith("Taken back") and RTL_NAME in n.text for n in app.notices)
    assert_every_name_isolated(browser.html, RTL_NAME)


def test_marked_names_become_bdi_in_text_and_isolates_in_attributes_and_svg():
    from ludoteca.ui.screens import isolate_names, shown_name
    name = shown_name("Ada")
    html = (f'<p>{name} wins</p><button aria-label="Stop {name}">x</button>'
            f'<svg><title>{name}</title></svg><select><option>{name}</option></select><p>\ue001 stray</p>')
    assert isolate_names(html) == (
        '<p><bdi>Ada</bdi> wins</p><button aria-label="Stop \u2068Ada\u2069">x</button>'
        '<svg><title>\u2068Ada\u2069</title></svg><select><option>\u2068Ada\u2069</option></select><p> stray</p>')
