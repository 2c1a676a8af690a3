"""Saving (ui/saving.py) through its own calls: the two-tab check, keeping a
copy or loading the newer one, and games storage refused saved once there is room."""

from ludoteca.ui.saving import GameSaving
from ludoteca.ui.storage import SAVE_PREFIX, MemoryStore, StorageFullError, StorageUnavailableError, StorageWriteError, \
    write_error_key

from .fake_browser import make_app
from .test_app import start_vs_ai
from .test_storage_faults import human_move


def test_another_tab_s_write_turns_the_game_read_only_and_keeping_a_copy_saves_it_apart():
    app, browser = make_app()
    save_id = start_vs_ai(app, browser)
    saving = app.saving
    assert isinstance(saving, GameSaving)
    newer = browser.store.get(SAVE_PREFIX + save_id) + " "
    browser.store.set(SAVE_PREFIX + save_id, newer)  # another tab wrote
    saving.storage_changed(SAVE_PREFIX + "someone-else")  # another save: nothing to do
    assert not app.play.conflict
    saving.storage_changed(SAVE_PREFIX + save_id)
    assert app.play.conflict
    saving.autosave()  # never over the newer copy
    assert browser.store.get(SAVE_PREFIX + save_id) == newer
    assert saving.keep_copy() and app.save_id != save_id and not app.play.conflict
    assert browser.store.get(SAVE_PREFIX + app.save_id) == app.save_text
    assert browser.store.get(SAVE_PREFIX + save_id) == newer  # the other tab's copy stays too


def test_loading_the_newer_copy_drops_this_tab_s():
    app, browser = make_app()
    save_id = start_vs_ai(app, browser)
    human_move(app, browser)
    newer = app.save_text + " "  # the same game as another tab wrote it
    browser.store.set(SAVE_PREFIX + save_id, newer)
    app.saving.storage_changed(None)
    assert app.play.conflict
    assert app.saving.reload_newer()
    assert app.save_id == save_id and not app.play.conflict and app.save_text == newer


def test_a_game_storage_refused_is_kept_here_and_saved_once_there_is_room():
    store = MemoryStore()
    app, browser = make_app(store)
    save_id = start_vs_ai(app, browser)
    store.quota = sum(len(k) + len(v) for k, v in store.data.items())  # full from now on
    human_move(app, browser)
    assert save_id in app.saving.unsaved and app.saving.storage_problem == "error.storage_full"
    assert not app.saving.save_unsaved()  # still no room
    store.quota = None
    assert app.saving.save_unsaved() and not app.saving.unsaved and app.saving.storage_problem is None
    assert store.get(SAVE_PREFIX + save_id) == app.save_text


def test_each_refused_write_has_its_own_message():
    assert write_error_key(StorageFullError("x")) == "error.storage_full"
    assert write_error_key(StorageUnavailableError("x")) == "error.storage_off"
    assert write_error_key(StorageWriteError("x")) == "error.storage_write"
