"""The save store: ids in a busy second, an unreadable or over-deep index,
the two-tab check when a read fails, quoted brackets in a record, deleting a
save, damaged clocks, and games that fail oddly on a record."""

import json

import pytest

from ludoteca.core.protocol import RecordError
from ludoteca.ui.storage import (
    INDEX_KEY,
    SAVE_PREFIX,
    MemoryStore,
    SaveStore,
    StorageReadError,
    check_json_depth,
    parse_record_text,
    replay_record,
)

from tests.engine.core.toy_nim import NimGame

from .fake_browser import make_app
from .test_app import start_vs_ai
from .test_storage_faults import human_move


class ReadFailingStore(MemoryStore):
    """A MemoryStore whose reads of some keys throw, like a blocked localStorage."""

    def __init__(self):
        super().__init__()
        self.fail_get = set()

    def get(self, key):
        if key in self.fail_get:
            raise StorageReadError("SecurityError")
        return super().get(key)


def test_a_new_save_id_skips_every_id_taken_in_the_same_second():
    store = MemoryStore()
    for suffix in range(3):
        store.set(f"{SAVE_PREFIX}20260101000000-{suffix}", "{}")
    saves = SaveStore(store, {})
    assert saves.new_id("2026-01-01T00:00:00Z") == "20260101000000-3"


def test_an_over_deep_index_is_rebuilt_and_the_saves_are_listed():
    store = MemoryStore()
    app, browser = make_app(store)
    save_id = start_vs_ai(app, browser)
    store.data[INDEX_KEY] = "[" * 40 + "]" * 40
    listed = app.saves.list()
    assert [(s.id, s.status) for s in listed] == [(save_id, "playing")]
    assert [entry["id"] for entry in json.loads(store.data[INDEX_KEY])] == [save_id]


def test_a_failed_read_during_the_two_tab_check_does_not_block_the_save():
    store = ReadFailingStore()
    app, browser = make_app(store)
    save_id = start_vs_ai(app, browser)
    key = SAVE_PREFIX + save_id
    written = store.data[key]
    human_move(app, browser)
    store.fail_get.add(key)
    newer = app.saves.save(save_id, app.match, expected=written, check=True)
    assert newer != written and store.data[key] == newer


def test_brackets_after_an_escaped_quote_in_a_name_are_text_not_nesting():
    name = '"' + "[" * 35
    text = json.dumps({"seats": [{"name": name}]})
    check_json_depth(text)
    assert parse_record_text(text)["seats"][0]["name"] == name
    app, browser = make_app(MemoryStore())
    save_id = start_vs_ai(app, browser)
    record = json.loads(app.saves.raw(save_id))
    record["seats"][0]["name"] = name
    new_id, match = app.saves.import_text(json.dumps(record))
    assert new_id != save_id and match.seats[0].name == name


def test_deleting_a_save_drops_it_from_the_index():
    store = MemoryStore()
    app, browser = make_app(store)
    save_id = start_vs_ai(app, browser)
    assert save_id in store.data[INDEX_KEY]
    app.saves.delete(save_id)
    assert SAVE_PREFIX + save_id not in store.data
    assert save_id not in store.data.get(INDEX_KEY, "")
    assert app.saves.list() == []


def test_a_clock_paused_by_a_seat_that_does_not_exist_is_ignored():
    store = MemoryStore()
    saves = SaveStore(store, {})
    clock = {"start": 3, "left": 20, "spent": [0, 5], "paused_by": 1}
    saves.write_clock("20260101000000-0", clock)
    assert saves.read_clock("20260101000000-0", 2) == clock
    saves.write_clock("20260101000000-0", dict(clock, paused_by=2))
    assert saves.read_clock("20260101000000-0", 2) is None


class FaultyNim(NimGame):
    """Nim whose move reader fails with an error no record check expects."""

    def parse_move(self, text):
        raise AssertionError("a bug in the game")


def test_a_game_failing_unexpectedly_on_a_record_gives_a_record_error():
    record = {"format": "ludoteca-record", "version": 2, "game": "nim", "rules": 1,
              "settings": {"players": 2, "variants": {}}, "seed": 3,
              "seats": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}],
              "moves": ["0:take 0 1"]}
    with pytest.raises(RecordError) as error:
        replay_record(record, {"nim": FaultyNim()})
    assert error.value.code == "import.unreadable"
