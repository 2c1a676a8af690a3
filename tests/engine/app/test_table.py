"""At the table (issue 33) through the whole app under CPython: the home
tile's link, setup, the letters shown one player at a time, scoring, undo,
the referee, a reload that loses nothing, the Continue list and export."""

import json
import re

import pytest

from ludoteca.ui.app import App
from ludoteca.ui.messages_it import MESSAGES_IT
from ludoteca.ui.storage import MemoryStore

from .fake_browser import FakeBrowser


FINISHED_IT = MESSAGES_IT["saves.status.finished"]


def start(store=None, language="en"):
    browser = FakeBrowser(store)
    browser.languages = lambda: [language]
    app = App(browser)
    browser.app = app
    app.navigate("#/")
    return browser, app


def field(app, name, value):
    app.dispatch("field", f"table.{name}={value}")


def tap(app, arg):
    app.dispatch("table", arg)


def text_of(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def new_session(app, browser, names=("Ann", "Bo"), first="draw"):
    app.navigate("#/table/new")
    assert 'data-testid="table-setup"' in browser.html
    field(app, "players", str(len(names)))
    for seat, name in enumerate(names):
        field(app, f"name.{seat}", name)
    field(app, "first", first)
    tap(app, "start")
    assert browser.hash.startswith("#/table/") and 'data-testid="table-session"' in browser.html
    return browser.hash.split("/")[-1]


@pytest.mark.parametrize("language, link", [("en", "At the table"), ("it", "Al tavolo")])
def test_the_alphagon_tile_links_to_the_companion_in_the_apps_language(language, link):
    browser, _ = start(language=language)
    tile = browser.html.split('data-testid="tile-alphagon"')[1].split("</article>")[0]
    assert f'href="#/table/new" data-testid="table-alphagon">{link}</a>' in tile
    other = browser.html.split('data-testid="tile-geonaxis"')[1].split("</article>")[0]
    assert "#/table/" not in other


def test_a_session_is_set_up_saved_scored_undone_and_survives_a_reload():
    store = MemoryStore()
    browser, app = start(store)
    save_id = new_session(app, browser, first="1")
    assert "Bo starts." in text_of(browser.html)
    # Letters: hidden by default, shown one player at a time.
    assert 'data-testid="table-rack-0"' not in browser.html
    tap(app, "reveal:0")
    assert 'data-testid="table-rack-0"' in browser.html and 'data-testid="table-rack-1"' not in browser.html
    tap(app, "reveal:1")
    assert 'data-testid="table-rack-1"' in browser.html and 'data-testid="table-rack-0"' not in browser.html
    tap(app, "tab:score")
    tap(app, "who:0")
    tap(app, "length:6")
    tap(app, "score:close")
    tap(app, "other:1")
    tap(app, "score:doubt_lost")
    assert app.table.session.scores() == [5, 5]
    assert browser.announced[-1][0].startswith("Ann doubts Bo")
    tap(app, "undo")
    assert app.table.session.scores() == [5, 0]
    # A reload: a new app on the same storage opens the same session.
    browser2, app2 = start(store)
    assert f'data-testid="save-{save_id}"' in browser2.html and f'href="#/table/{save_id}"' in browser2.html
    app2.navigate(f"#/table/{save_id}")
    assert app2.table.session.to_json() == app.table.session.to_json()
    assert "Ann closes a word of 6 letters: +5." in text_of(browser2.html)


def test_reaching_the_goal_announces_the_winner_and_the_list_says_finished():
    browser, app = start(language="it")
    new_session(app, browser, names=("Anna", "Bruno", "Carla", "Dario", "Elena"))
    tap(app, "tab:score")
    tap(app, "who:2")
    tap(app, "length:9")
    for _ in range(5):
        tap(app, "score:close")
    assert 'data-testid="table-winner"' in browser.html and "Vince Carla con 30 punti!" in text_of(browser.html)
    tap(app, "score:close")  # refused: the buttons are disabled, and the model says why
    assert app.table.session.scores()[2] == 30
    app.navigate("#/")
    row = browser.html.split('data-testid="saves"')[1]
    assert "Al tavolo" in row and "Anna, Bruno, Carla, Dario, Elena" in row and FINISHED_IT in row


def test_a_bad_setup_says_why_and_keeps_the_form():
    browser, app = start()
    app.navigate("#/table/new")
    field(app, "name.0", "Ann")
    field(app, "name.1", "ann")
    tap(app, "start")
    assert "Two players have the same name." in browser.html
    assert app.route.arg == "new" and app.table.form["names"][0] == "Ann"


def test_colours_stay_distinct_by_swapping():
    browser, app = start()
    app.navigate("#/table/new")
    field(app, "colour.0", "yellow")
    assert app.table.form["colours"][:2] == ["yellow", "red"]


def test_the_referee_loads_the_word_list_answers_and_logs_an_overrule():
    browser, app = start()
    new_session(app, browser)
    tap(app, "tab:referee")
    field(app, "question", "word")
    field(app, "letters", "polx")
    tap(app, "ask")
    browser.run_pending()
    assert 'data-testid="table-verdict"' in browser.html and "POLX is not in the dictionary." in browser.html
    tap(app, "overrule")
    assert app.table.session.log()[-1][0] == "companion.log.ruling_overruled"
    tap(app, "tab:score")
    assert "The table overrules it (house rules)." in browser.html


def test_export_downloads_the_session_and_a_damaged_save_is_refused_with_a_reason():
    store = MemoryStore()
    browser, app = start(store)
    save_id = new_session(app, browser)
    tap(app, "tab:score")
    tap(app, "export")
    name, text = browser.downloads[-1]
    assert name == f"ludoteca-alphagon-table-{save_id}.json" and json.loads(text)["session"]["names"] == ["Ann", "Bo"]
    key = f"ludoteca:v1:save:{save_id}"
    record = json.loads(store.get(key))
    record["session"]["events"] = [{"kind": "close", "player": 7, "length": 5}]
    store.set(key, json.dumps(record))
    browser2, app2 = start(store)
    app2.navigate(f"#/table/{save_id}")
    assert browser2.hash == "#/" and "could not be opened" in browser2.html
    assert store.get(key) == json.dumps(record)  # nothing lost


def test_the_screen_is_kept_awake_only_on_the_table():
    browser, app = start()
    calls = []
    browser.keep_awake = calls.append
    app.navigate("#/table/new")
    app.navigate("#/")
    assert calls == [True, False]


def test_a_session_changed_in_another_tab_is_not_overwritten():
    store = MemoryStore()
    browser, app = start(store)
    save_id = new_session(app, browser)
    browser2, app2 = start(store)
    app2.navigate(f"#/table/{save_id}")
    tap(app, "tab:score")
    tap(app, "score:syllable")  # this tab writes first
    tap(app2, "tab:score")
    tap(app2, "score:shape")  # the other tab's copy is older: it is read again, not written over
    assert "changed in another tab" in browser2.html
    assert app2.table.session.to_json() == app.table.session.to_json()
    assert [e["kind"] for e in json.loads(store.get(f"ludoteca:v1:save:{save_id}"))["session"]["events"]] == ["syllable"]


def test_an_exported_session_imports_as_a_new_save_and_a_damaged_one_says_why():
    browser, app = start()
    new_session(app, browser)
    tap(app, "tab:score")
    tap(app, "score:star")
    tap(app, "export")
    _, text = browser.downloads[-1]
    app.navigate("#/")
    app.import_text(text)
    assert app.route.name == "table" and app.table.session.bonuses() == [3, 2]
    assert len([s for s in app.saves.list()]) == 2
    record = json.loads(text)
    record["session"]["colours"] = ["red", "red"]
    app.navigate("#/")
    app.import_text(json.dumps(record))
    assert app.route.name == "home" and "This session is damaged" in browser.html
    assert "companion." not in browser.html  # the reason in words, never an internal code
    assert len(app.saves.list()) == 2
