"""Damaged storage, storage faults, hostile imports and two tabs: the app keeps
running, says what happened, and loses no save (issue 14)."""

import json
import pathlib

import pytest

from ludoteca.core.match import HUMAN
from ludoteca.ui.storage import (
    INDEX_KEY,
    SAVE_PREFIX,
    MemoryStore,
    StorageReadError,
    StorageUnavailableError,
    StorageWriteError,
)

from .fake_browser import make_app
from .test_app import start_vs_ai
from .test_keyboard_replay import play_human_moves, redo_disabled, undo_disabled

FIXTURES = pathlib.Path(__file__).parent / "fixtures"
XSS = '"><img src=x onerror=alert(document.domain)>'
SHORT_XSS = '"><img src=x onerror=alert(1)>'  # fits in a player name


class FaultyStore(MemoryStore):
    """A MemoryStore whose reads and writes can be made to fail like localStorage's."""

    def __init__(self):
        super().__init__()
        self.fail_get = set()  # keys whose read throws
        self.fail_keys = False  # listing throws (site data blocked)
        self.fail_set = None  # exception class every write raises
        self.room_for = None  # key prefixes that may still be written

    def get(self, key):
        if key in self.fail_get or self.fail_keys:
            raise StorageReadError("SecurityError")
        return super().get(key)

    def keys(self):
        if self.fail_keys:
            raise StorageReadError("SecurityError")
        return super().keys()

    def set(self, key, value):
        if self.fail_set is not None:
            raise self.fail_set("refused")
        if self.room_for is not None and not key.startswith(self.room_for):
            from ludoteca.ui.storage import StorageFullError
            raise StorageFullError("quota exceeded")
        super().set(key, value)


def human_move(app, browser):
    browser.run_pending()
    match = app.match
    player = next(p for p in match.state.to_move() if match.seats[p].kind == HUMAN)
    app.dispatch("move", f"{player}:{match.state.legal_moves(player).texts()[0]}")
    browser.run_pending()


def snapshot(store):
    return dict(store.data)


def errors(app):
    return [n.text for n in app.notices if n.kind == "error"]


# --- storage content can never stop the app ---------------------------------
@pytest.mark.parametrize("entry", [
    {"id": "20260101000000-0", "game": "alphabeticell", "created": "x", "updated": "y", "status": "playing"},
    {"id": "20260101000000-0", "game": "alphabeticell", "players": 5, "created": "x", "updated": "y",
     "status": "playing"},
    {"id": "20260101000000-0", "game": "alphabeticell", "players": ["A"], "created": "x", "updated": 7,
     "status": "playing"},
    "not an entry",
])
def test_a_bad_index_entry_is_rebuilt_from_the_save(entry):
    app, browser = make_app()
    save_id = start_vs_ai(app, browser)
    app.dispatch("quit")
    browser.store.set(INDEX_KEY, json.dumps([entry]))
    app, browser = make_app(browser.store)  # a fresh start reads the bad index
    assert f'data-testid="open-{save_id}"' in browser.html
    listed = app.saves.list()
    assert [s.status for s in listed] == ["playing"] and listed[0].players[0] == "Player 1"


@pytest.mark.parametrize("raw, reason", [
    ('{"seats":[1]}', "a player has no name"),
    ('{"created":5,"seats":[{"name":"A"}],"game":"alphabeticell"}', "not text"),
    ('{"seats":[{"name":"A"}],"game":"alphabeticell","status":"won"}', "unknown status"),
    ("[" * 5000 + "]" * 5000, "nested"),
    ("{not json", "not valid JSON"),
])
def test_a_damaged_save_is_listed_with_its_reason_export_and_delete(raw, reason):
    app, browser = make_app()
    good = start_vs_ai(app, browser)
    app.dispatch("quit")
    browser.store.set(SAVE_PREFIX + "20260101000000-7", raw)
    before = snapshot(browser.store)
    app, browser = make_app(browser.store)
    damaged = [s for s in app.saves.list() if s.status == "damaged"]
    assert len(damaged) == 1 and reason in damaged[0].problem
    assert 'data-testid="export-raw-20260101000000-7"' in browser.html
    assert 'data-testid="delete-20260101000000-7"' in browser.html
    app.dispatch("export-raw", "20260101000000-7")
    assert browser.downloads[-1][1] == raw  # the text exactly as stored
    assert snapshot(browser.store) == before  # listing and exporting change nothing
    app.dispatch("delete-save", "20260101000000-7")
    app.dispatch("confirm")
    assert SAVE_PREFIX + "20260101000000-7" not in browser.store.data
    browser.app.navigate(f"#/play/{good}")  # the good save still opens
    assert app.match is not None and app.route.name == "play"


def test_a_save_key_with_markup_is_escaped_and_listed_as_damaged():
    app, browser = make_app()
    start_vs_ai(app, browser)
    app.dispatch("quit")
    browser.store.set(SAVE_PREFIX + XSS, '{"format":"ludoteca-record"}')
    app, browser = make_app(browser.store)
    assert "<img" not in browser.html and "&lt;img" in browser.html
    assert any(s.status == "damaged" and s.id == XSS for s in app.saves.list())


def test_a_read_error_is_not_damage_and_offers_no_delete():
    store = FaultyStore()
    app, browser = make_app(store)
    save_id = start_vs_ai(app, browser)
    app.dispatch("quit")
    store.fail_get.add(SAVE_PREFIX + save_id)
    store.data.pop(INDEX_KEY)  # so the listing has to read the save itself
    app, browser = make_app(store)
    assert 'data-testid="delete-' not in browser.html
    assert [s.status for s in app.saves.list()] == ["unreadable"]
    browser.app.navigate(f"#/play/{save_id}")
    assert app.route.name == "home" and any("could not be read just now" in e for e in errors(app))
    store.fail_get.clear()
    browser.app.navigate(f"#/play/{save_id}")  # nothing was lost: it opens once reads work again
    assert app.route.name == "play"


def test_blocked_storage_starts_the_app_and_plays_without_saving():
    store = FaultyStore()
    store.fail_keys = True
    store.fail_set = StorageUnavailableError
    app, browser = make_app(store)
    assert app.route.name == "home" and 'data-testid="storage-off"' in browser.html
    start_vs_ai(app, browser)
    human_move(app, browser)
    assert len(app.match.entries) >= 1 and store.data == {}


# --- honest storage messages ------------------------------------------------
def test_room_for_the_save_but_not_the_index_says_nothing_false():
    store = FaultyStore()
    app, browser = make_app(store)
    save_id = start_vs_ai(app, browser)
    store.room_for = SAVE_PREFIX
    human_move(app, browser)
    assert errors(app) == []  # the game is saved: no "not being saved" notice
    assert json.loads(store.data[SAVE_PREFIX + save_id])["moves"] == [e.text for e in app.match.entries]
    assert INDEX_KEY not in store.data  # the stale index was dropped, to be rebuilt
    assert [s.id for s in app.saves.list()] == [save_id]


@pytest.mark.parametrize("failure, words", [
    (StorageWriteError, "refused to save"),
    (StorageUnavailableError, "does not let Ludoteca store"),
])
def test_each_write_failure_has_its_own_message(failure, words):
    store = FaultyStore()
    app, browser = make_app(store)
    start_vs_ai(app, browser)
    store.fail_set = failure
    human_move(app, browser)
    assert len(errors(app)) == 1 and words in errors(app)[0] and "full" not in errors(app)[0]


# --- bounded imports ---------------------------------------------------------
def exported(app, browser):
    app.dispatch("export")
    return browser.downloads[-1][1]


def reimported(edit):
    """A new game against the computer, exported, changed by `edit(record)` and imported."""
    app, browser = make_app()
    start_vs_ai(app, browser)
    record = json.loads(exported(app, browser))
    app.dispatch("quit")
    edit(record)
    app.import_text(json.dumps(record))
    return app, browser


@pytest.mark.parametrize("text, words", [
    ("[" * 10000 + "]" * 10000, "nested"),
    ('{"a":' * 4000 + "1" + "}" * 4000, "nested"),
    (" " * 1_000_001, "larger than"),
    ("\x00\xff garbage", "not a JSON file"),
    ("[]", "not a Ludoteca game record"),
])
def test_a_rejected_import_says_why_and_the_app_works_normally_after(text, words):
    app, browser = make_app()
    start_vs_ai(app, browser)
    good_record = exported(app, browser)
    app.dispatch("quit")
    before = snapshot(browser.store)
    app.import_text(text)
    assert any(words in e for e in errors(app)), errors(app)
    assert snapshot(browser.store) == before
    app.import_text(good_record)  # a normal import right after works...
    assert app.route.name == "play"
    moves = len(app.match.entries)
    human_move(app, browser)  # ...and the computer moves
    assert len(app.match.entries) > moves + 1


def test_file_too_large_is_refused_before_reading():
    app, browser = make_app()
    app.menu.import_too_large()
    assert any("larger than" in e for e in errors(app))


@pytest.mark.parametrize("field, value", [
    ("seats", ["a", "b"]),
    ("seed", float("inf")),
    ("seed", "x"),
    ("undos", "x"),
    ("settings", 5),
    ("moves", [1, 2]),
])
def test_hostile_record_fields_give_an_import_message(field, value):
    app, browser = reimported(lambda record: record.update({field: value}))
    assert any(e.startswith("That file could not be imported") for e in errors(app)), errors(app)
    assert not any("Something went wrong" in e for e in errors(app))


def test_markup_in_every_record_field_stays_inert():
    def hostile(record):
        for seat in record["seats"]:
            seat["name"] = SHORT_XSS
        record["created"] = XSS

    app, browser = reimported(hostile)
    assert app.route.name == "play"
    assert "<img" not in browser.html and "&lt;img" in browser.html
    browser.app.navigate("#/")
    assert "<img" not in browser.html


@pytest.mark.parametrize("colour", [
    "red;background-image:url(http://elsewhere/x)",
    "red;position:fixed;inset:0;z-index:9999",
    '#fff" onmouseover="alert(1)',
])
def test_a_foreign_seat_colour_never_reaches_the_page(colour):
    app, browser = make_app()
    start_vs_ai(app, browser)
    record = json.loads(exported(app, browser))
    app.dispatch("quit")
    record["seats"][0]["color"] = colour
    app.dispatch("quit")  # forget the exported game: only the import may reach the screens
    app.match = app.save_id = None
    app.import_text(json.dumps(record))
    imported = [f"#/play/{app.save_id}"] if app.route.name == "play" else []
    for screen in ("#/", *imported):
        browser.app.navigate(screen)
        # It may be quoted (escaped) in a message, but never inside an attribute.
        assert "style=" not in browser.html and 'onmouseover="' not in browser.html
        assert 'url(http' not in browser.html.split("notice")[0]


# --- two tabs ------------------------------------------------------------------
def test_a_stale_tab_never_overwrites_newer_moves_and_keeps_its_own():
    store = MemoryStore()
    first, first_browser = make_app(store)
    save_id = start_vs_ai(first, first_browser)
    second, second_browser = make_app(store)
    second_browser.app.navigate(f"#/play/{save_id}")
    for _ in range(3):
        human_move(first, first_browser)  # the first tab plays on
    newer = store.data[SAVE_PREFIX + save_id]
    human_move(second, second_browser)  # the stale tab tries to play
    assert store.data[SAVE_PREFIX + save_id] == newer  # not overwritten
    assert second.play.conflict and 'data-testid="conflict-banner"' in second_browser.html
    stale_moves = [e.text for e in second.match.entries]
    second.dispatch("conflict-keep")  # keep the stale tab's game as its own save
    assert second.save_id != save_id
    assert json.loads(store.data[SAVE_PREFIX + second.save_id])["moves"][: len(stale_moves)] == stale_moves
    assert store.data[SAVE_PREFIX + save_id] == newer


def test_the_storage_event_pauses_a_stale_tab_and_reload_shows_the_newer_game():
    store = MemoryStore()
    first, first_browser = make_app(store)
    save_id = start_vs_ai(first, first_browser)
    second, second_browser = make_app(store)
    second_browser.app.navigate(f"#/play/{save_id}")
    human_move(first, first_browser)
    second.storage_changed(SAVE_PREFIX + save_id)
    assert second.play.conflict
    second.dispatch("conflict-reload")
    assert not second.play.conflict
    assert [e.text for e in second.match.entries] == [e.text for e in first.match.entries]


def test_an_unrelated_storage_event_changes_nothing():
    store = MemoryStore()
    app, browser = make_app(store)
    save_id = start_vs_ai(app, browser)
    store.set(SAVE_PREFIX + "20200101000000-0", "{}")
    app.storage_changed(SAVE_PREFIX + "20200101000000-0")
    assert not app.play.conflict and app.save_id == save_id


# --- saves from every format ever written still open -----------------------
def test_storage_written_by_the_first_release_still_opens():
    data = json.loads((FIXTURES / "storage-v1.json").read_text())
    store = MemoryStore()
    store.data.update(data)
    app, browser = make_app(store)
    listed = app.saves.list()
    assert len(listed) == 3 and all(s.status in ("playing", "finished") for s in listed)
    for summary in listed:
        browser.app.navigate(f"#/play/{summary.id}")
        assert app.route.name == "play" and app.match is not None
        record = json.loads(data[SAVE_PREFIX + summary.id])
        assert [e.text for e in app.match.entries] == record["moves"]
    assert app.prefs["pace"] == "fast"


def newer_copy_written_elsewhere(app):
    """Another tab writes this save: the app hears of it through the storage event."""
    key = SAVE_PREFIX + app.save_id
    app.browser.store.set(key, app.browser.store.get(key) + " ")
    app.storage_changed(key)
    assert app.play.conflict


def test_a_conflicted_tab_offers_no_undo_and_ignores_one():
    app, browser = make_app()
    start_vs_ai(app, browser)
    play_human_moves(app, browser, 2)
    assert not undo_disabled(browser.html)
    newer_copy_written_elsewhere(app)
    entries = list(app.match.entries)
    assert undo_disabled(browser.html)
    app.dispatch("undo")
    assert app.match.entries == entries


def test_a_conflicted_tab_ignores_redo():
    app, browser = make_app()
    start_vs_ai(app, browser)
    play_human_moves(app, browser, 2)
    app.dispatch("undo")
    assert app.match.can_redo()
    newer_copy_written_elsewhere(app)
    entries = list(app.match.entries)
    assert redo_disabled(browser.html)
    app.dispatch("redo")
    assert app.match.entries == entries
