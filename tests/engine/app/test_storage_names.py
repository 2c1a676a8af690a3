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
    browser.run_pending()  # a game of three or more plays on to its end without the resigned seat
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


# --- the Continue list believes the saves, not their index ----------------------------
def quit_game_with_moves(app, browser):
    save_id = start_vs_ai(app, browser)
    human_move(app, browser)
    app.dispatch("quit")
    return save_id


def test_a_false_index_entry_over_a_real_save_shows_the_saves_own_header():
    from ludoteca.ui.storage import INDEX_KEY
    app, browser = make_app()
    save_id = quit_game_with_moves(app, browser)
    browser.store.set(INDEX_KEY, json.dumps([{
        "id": save_id, "game": "<img src=x onerror=f()>", "players": ["Mallory"] * 8,
        "created": "2020-01-01T00:00:00Z", "updated": "2030-01-01T00:00:00Z", "status": "finished"}]))
    app, browser = make_app(browser.store)
    [summary] = app.saves.list()
    assert (summary.game, summary.players, summary.status) == ("alphabeticell", ["Player 1", "Computer"], "playing")
    assert "Mallory" not in browser.html and "img" not in browser.html.split('data-testid="saves"')[1]
    assert f'data-testid="open-{save_id}"' in browser.html


@pytest.mark.parametrize("damage, words", [
    (lambda record: record.update(game="chess"), "Unknown game: chess."),
    (lambda record: record["moves"].append("0:no such move"), "cannot be replayed"),
    (lambda record: record.update(seed=float("nan")), "seed"),
])
def test_a_save_that_cannot_open_is_listed_as_damaged_with_its_reason_and_rescue(damage, words):
    app, browser = make_app()
    save_id = quit_game_with_moves(app, browser)
    record = stored_record(browser, save_id)
    damage(record)
    store_record(browser, save_id, record)  # its index entry still says "in progress"
    app, browser = make_app(browser.store)
    [summary] = app.saves.list()
    assert summary.status == "damaged"
    row = browser.html.split(f'data-testid="save-{save_id}"')[1].split("</li>")[0]
    assert "damaged" in row and words in row and "in progress" not in row
    assert f'data-testid="export-raw-{save_id}"' in row and f'data-testid="open-{save_id}"' not in row


def test_the_apps_own_saves_are_listed_without_a_replay(monkeypatch):
    from ludoteca.ui import storage
    app, browser = make_app()
    quit_game_with_moves(app, browser)
    replays = []
    original = storage.replay_record
    monkeypatch.setattr(storage, "replay_record", lambda record, games: replays.append(1) or original(record, games))
    app, browser = make_app(browser.store)
    assert [s.status for s in app.saves.list()] == ["playing"] and replays == []


def test_a_save_whose_word_list_is_not_loaded_is_listed_by_its_header_until_it_is():
    app, browser = make_app()
    browser.app.navigate("#/new/alphagon")
    app.dispatch("field", "seat.1.kind=ai")
    app.dispatch("pref", "pace=fast")
    app.dispatch("start")
    browser.run_pending()
    save_id = app.save_id
    app.dispatch("quit")
    record = stored_record(browser, save_id)
    record["moves"].append("0:no such move")
    store_record(browser, save_id, record)
    app, browser = make_app(browser.store)  # a new page: no word list loaded
    assert [s.status for s in app.saves.list()] == ["playing"]
    browser.app.navigate(f"#/play/{save_id}")  # opening loads it and says what is wrong
    browser.run_pending()
    assert app.route.name == "home" and errors(app)
    assert [s.status for s in app.saves.list()] == ["damaged"]


# --- storage full: the refused moves are kept, saved when room allows, offered for export ----------
def full_store():
    from ludoteca.ui.storage import StorageFullError

    from .test_storage_faults import FaultyStore

    class RoomStore(FaultyStore):
        """Full until a save is deleted (the player makes room)."""

        def remove(self, key):
            super().remove(key)
            self.fail_set = None

    store = RoomStore()
    return store, StorageFullError


def moves_stored(browser, save_id):
    from ludoteca.ui.storage import SAVE_PREFIX
    raw = browser.store.data.get(SAVE_PREFIX + save_id)
    return json.loads(raw)["moves"] if raw else []


def test_moves_refused_by_a_full_storage_are_saved_by_the_next_move_or_save_now_and_offered_on_quit():
    store, full = full_store()
    app, browser = make_app(store)
    save_id = start_vs_ai(app, browser)
    human_move(app, browser)
    store.fail_set = full
    human_move(app, browser)
    human_move(app, browser)
    assert any("Storage is full" in e for e in errors(app))
    assert len(moves_stored(browser, save_id)) < len(app.match.record()["moves"])
    app.dispatch("menu")
    assert 'data-testid="save-now"' in browser.html
    app.dispatch("quit")  # leaving: the game is offered for export first
    assert app.confirming is not None and "Export" in app.confirming.agree_label
    app.dispatch("confirm")
    assert app.route.name == "home"
    assert json.loads(browser.downloads[-1][1])["moves"] == app.match.record()["moves"]
    assert f'data-testid="unsaved-{save_id}"' in browser.html
    store.fail_set = None  # room made elsewhere (another tab)
    app.dispatch("save-now")
    assert moves_stored(browser, save_id) == app.match.record()["moves"]
    assert f'data-testid="unsaved-{save_id}"' not in browser.html and errors(app) == []
    assert any(n.text == "The game is saved now." for n in app.notices)


def test_a_retry_on_the_next_move_saves_every_refused_move():
    store, full = full_store()
    app, browser = make_app(store)
    save_id = start_vs_ai(app, browser)
    store.fail_set = full
    human_move(app, browser)
    store.fail_set = None
    human_move(app, browser)
    assert moves_stored(browser, save_id) == app.match.record()["moves"] and not app.unsaved


def test_deleting_an_old_save_makes_room_and_saves_the_kept_game_at_once():
    store, full = full_store()
    app, browser = make_app(store)
    old = start_vs_ai(app, browser)
    app.dispatch("quit")
    save_id = start_vs_ai(app, browser, seed="8")
    human_move(app, browser)
    store.fail_set = full
    human_move(app, browser)
    kept_moves = app.match.record()["moves"]
    browser.app.navigate("#/")  # the header's link: no question asked, the game is kept
    browser.app.navigate(f"#/play/{old}")  # another game opened meanwhile
    assert app.save_id == old
    browser.app.navigate("#/")
    assert f'data-testid="unsaved-{save_id}"' in browser.html
    browser.app.navigate(f"#/play/{save_id}")  # back to it: the moves kept, not the stale copy
    assert app.match.record()["moves"] == kept_moves
    browser.app.navigate("#/")
    app.dispatch("delete-save", old)
    app.dispatch("confirm")
    assert moves_stored(browser, save_id) == kept_moves and not app.unsaved
    assert f'data-testid="unsaved-{save_id}"' not in browser.html


def test_closing_the_page_asks_first_while_refused_moves_are_only_in_memory():
    store, full = full_store()
    app, browser = make_app(store)
    start_vs_ai(app, browser)
    human_move(app, browser)
    assert not browser.asks_before_leaving
    store.fail_set = full
    human_move(app, browser)
    assert app.unsaved and browser.asks_before_leaving
    store.fail_set = None  # room made in another tab
    app.dispatch("save-now")
    assert not app.unsaved and not browser.asks_before_leaving


def test_a_computer_move_refused_by_storage_also_turns_the_question_on():
    from ludoteca.core.match import HUMAN

    store, full = full_store()
    app, browser = make_app(store)
    start_vs_ai(app, browser)
    browser.run_pending()
    match = app.match
    player = next(p for p in match.state.to_move() if match.seats[p].kind == HUMAN)
    app.dispatch("move", f"{player}:{match.state.legal_moves(player).texts()[0]}")  # saved
    store.fail_set = full
    browser.run_pending()  # the computer answers; its move cannot be saved
    assert app.unsaved and browser.asks_before_leaving
    store.fail_set = None
    human_move(app, browser)  # the next save succeeds
    assert not app.unsaved and not browser.asks_before_leaving


def test_an_index_entry_never_vouches_for_a_save_that_is_gone():
    from ludoteca.ui.storage import INDEX_KEY, SAVE_PREFIX, MemoryStore

    class VanishingStore(MemoryStore):
        """Lists a save that is gone by the time it is read (another tab deleted it)."""

        def keys(self):
            return super().keys() + [SAVE_PREFIX + "20260101000000-3"]

    store = VanishingStore()
    store.set(INDEX_KEY, json.dumps([{"id": "20260101000000-3", "game": "alphabeticell", "players": ["A"],
                                      "created": "x", "updated": "y", "status": "playing"}]))
    app, browser = make_app(store)
    assert [s.status for s in app.saves.list()] == ["damaged"]
