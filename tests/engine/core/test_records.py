"""Records: every format ever written opens (fixtures), migrations step by
step, and hostile records give RecordError with a code, never a raw error."""

import copy
import json
import math
import pathlib

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from ludoteca.core.match import AI, HUMAN, SEAT_COLOURS, Match, Seat
from ludoteca.core.protocol import RecordError, Settings
from ludoteca.core.records import (
    MAX_RECORD_MOVES, RECORD_VERSION, migrate_record,
)
from ludoteca.games.council.rules import GAME as COUNCIL
from .toy_nim import NIM, NimGame

GAMES = {"nim": NIM, "council": COUNCIL}
FIXTURES = pathlib.Path(__file__).with_name("fixtures")
FIXTURE_FILES = sorted(FIXTURES.glob("*.json"))

# file -> (status after loading, places at the end or None, resigners)
EXPECTED = {
    "v1_nim_finished.json": ("finished", [2, 1], []),
    "v1_nim_playing.json": ("playing", None, []),
    "v1_nim_resigned.json": ("resigned", [1, 2], [1]),
    "v1_nim_training_undos.json": ("playing", None, []),
    "v1_council_playing.json": ("playing", None, []),
    # Version 1 ended a three-player game at a resignation; as a version-2
    # resignation the seat plays on, so the game is open again.
    "v1_council_resigned.json": ("playing", None, [0]),
    "v1_council_finished.json": ("finished", [4, 1, 1, 1], []),  # a three-way tie for first
    "v1_council_app_seats.json": ("playing", None, []),
    "v2_council_resigner_plays_on.json": ("playing", None, [1]),
    "v2_council_resigned_to_one.json": ("resigned", [3, 1, 2, 4], [3, 0, 2]),
    "v2_council_finished_after_resigning.json": ("finished", [3, 2, 1], [0]),
    "v2_nim_training_finished.json": ("finished", [1, 2], []),
    "v2_nim_resigned.json": ("resigned", [2, 1], [0]),
}


def load(path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_every_fixture_is_listed_and_every_version_has_fixtures():
    assert sorted(path.name for path in FIXTURE_FILES) == sorted(EXPECTED)
    versions = {load(path)["version"] for path in FIXTURE_FILES}
    assert versions == set(range(1, RECORD_VERSION + 1))


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda path: path.name)
def test_fixture_opens_replays_and_saves_as_the_current_version(path):
    original = load(path)
    frozen = copy.deepcopy(original)
    match = Match.from_record(original, GAMES)
    assert original == frozen  # reading never changes the record
    status, places, resigners = EXPECTED[path.name]
    assert match.status == status and match.resigners == resigners
    if places is not None:
        assert match.final_places() == places
    saved = json.loads(json.dumps(match.record()))
    assert saved["version"] == RECORD_VERSION and "resigned" not in saved
    assert saved["seats"] == original["seats"] and saved["seed"] == original["seed"]
    assert saved["moves"] == migrate_record(original)["moves"]
    assert saved.get("undos") == original.get("undos") and saved["created"] == original["created"]
    again = Match.from_record(saved, GAMES)
    assert again.state == match.state
    assert [entry.text for entry in again.entries] == [entry.text for entry in match.entries]
    assert again.record() == match.record()


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda path: path.name)
def test_fixture_migrates_step_by_step(path):
    original = load(path)
    migrated = migrate_record(original)
    assert migrated["version"] == RECORD_VERSION and "resigned" not in migrated
    if original["version"] == 1:
        resigned = original.get("resigned")
        expected_moves = original["moves"] + ([f"{resigned}:resign"] if resigned is not None else [])
        assert migrated["moves"] == expected_moves
    else:
        assert migrated == original
    assert migrate_record(migrated) == migrated


def test_training_undos_survive_the_migration():
    match = Match.from_record(load(FIXTURES / "v1_nim_training_undos.json"), GAMES)
    assert match.undo_count == 3 and match.record()["training"] is True


def test_app_seats_keep_their_colours_levels_and_names():
    match = Match.from_record(load(FIXTURES / "v1_council_app_seats.json"), GAMES)
    assert [seat.color for seat in match.seats] == list(SEAT_COLOURS[:3])
    assert match.seats[1].kind == AI and match.seats[1].level == "hard"
    assert match.seats[2].name == "Chiara è qui"


def test_a_newer_record_asks_for_a_newer_app():
    record = load(FIXTURES / "v2_nim_resigned.json")
    record["version"] = RECORD_VERSION + 1
    with pytest.raises(RecordError, match="newer than this app") as error:
        Match.from_record(record, GAMES)
    assert error.value.code == "record.newer_version" and error.value.params["supported"] == RECORD_VERSION


@pytest.mark.parametrize("version", [0, -1, "1", 1.0, True, None, [1]])
def test_an_impossible_version_is_refused(version):
    record = load(FIXTURES / "v2_nim_resigned.json")
    record["version"] = version
    with pytest.raises(RecordError) as error:
        Match.from_record(record, GAMES)
    assert error.value.code == "record.bad_version"


@pytest.mark.parametrize("resigned", [2, -1, "0", True, 0.0])
def test_a_v1_record_naming_an_impossible_resigner_is_refused(resigned):
    record = load(FIXTURES / "v1_nim_resigned.json")
    record["resigned"] = resigned
    with pytest.raises(RecordError) as error:
        Match.from_record(record, GAMES)
    assert error.value.code == "record.bad_field"


# --- hostile records ------------------------------------------------------------
def base_record() -> dict:
    return load(FIXTURES / "v2_council_resigner_plays_on.json")


def seat(**changes):
    data = {"name": "Ada", "kind": HUMAN, "color": SEAT_COLOURS[0]}
    data.update(changes)
    return data


def with_seat(index, **changes):
    def damage(record):
        record["seats"][index] = {**record["seats"][index], **changes}
    return damage


def remove_key(key):
    return lambda record: record["seats"][0].pop(key)


def nested(depth):
    value = []
    for _ in range(depth):
        value = [value]
    return value


HOSTILE = {
    # shape of the record
    "not a record": (lambda r: r.update(format="chess"), "record.not_a_record"),
    "unknown game": (lambda r: r.update(game="chess"), "record.unknown_game"),
    "game is a list": (lambda r: r.update(game=[]), "record.unknown_game"),
    "rules as text": (lambda r: r.update(rules="1"), "record.rules_version"),
    "other rules": (lambda r: r.update(rules=7), "record.rules_version"),
    "huge version": (lambda r: r.update(version=10 ** 5000), "record.newer_version"),
    "huge rules version": (lambda r: r.update(rules=10 ** 5000), "record.rules_version"),
    "huge game": (lambda r: r.update(game=10 ** 5000), "record.unknown_game"),
    "deeply nested game": (lambda r: r.update(game=nested(100_000)), "record.unknown_game"),
    # seats
    "huge seat kind": (with_seat(0, kind=10 ** 5000), "record.bad_field"),
    "deeply nested seat colour": (with_seat(0, color=nested(100_000)), "record.bad_field"),
    "seats are strings": (lambda r: r.update(seats=["a", "b", "c"]), "record.bad_field"),
    "one seat as a number": (lambda r: r.update(seats=[1]), "record.bad_field"),
    "seats are numbers": (lambda r: r.update(seats=[1, 2, 3]), "record.bad_field"),
    "seats not a list": (lambda r: r.update(seats={"0": seat()}), "record.bad_field"),
    "too few seats": (lambda r: r["seats"].pop(), "record.bad_field"),
    "unknown seat kind": (with_seat(0, kind="alien"), "record.bad_field"),
    "name too long": (with_seat(0, name="x" * 41), "record.bad_field"),
    "name empty": (with_seat(0, name="  "), "record.bad_field"),
    "name missing": (remove_key("name"), "record.bad_field"),
    "name a number": (with_seat(0, name=7), "record.bad_field"),
    "name of control characters only": (with_seat(0, name="\x1b\u202e\n"), "record.bad_field"),
    "colour not ours": (with_seat(0, color="#ffffff"), "record.bad_field"),
    "colour a word": (with_seat(0, color="red"), "record.bad_field"),
    "colour a number": (with_seat(0, color=0xd64545), "record.bad_field"),
    "ai without a level": (with_seat(0, kind=AI, level=""), "record.bad_field"),
    "ai level with symbols": (with_seat(0, kind=AI, level="Hard!"), "record.bad_field"),
    "ai level too long": (with_seat(0, kind=AI, level="h" * 17), "record.bad_field"),
    "ai level a number": (with_seat(0, kind=AI, level=3), "record.bad_field"),
    # seed
    "seed infinite": (lambda r: r.update(seed=math.inf), "record.bad_field"),
    "seed huge float": (lambda r: r.update(seed=1e308), "record.bad_field"),
    "seed text": (lambda r: r.update(seed="x"), "record.bad_field"),
    "seed true": (lambda r: r.update(seed=True), "record.bad_field"),
    "seed negative": (lambda r: r.update(seed=-1), "record.bad_field"),
    "seed beyond 64 bits": (lambda r: r.update(seed=2 ** 64), "record.bad_field"),
    "seed huge int": (lambda r: r.update(seed=10 ** 400), "record.bad_field"),
    "seed missing": (lambda r: r.pop("seed"), "record.bad_field"),
    # undos and training
    "undos text": (lambda r: r.update(undos="x"), "record.bad_field"),
    "undos negative": (lambda r: r.update(undos=-1), "record.bad_field"),
    "undos float": (lambda r: r.update(undos=2.5), "record.bad_field"),
    "training text": (lambda r: r.update(training="yes"), "record.bad_field"),
    # settings
    "settings a number": (lambda r: r.update(settings=5), "record.bad_field"),
    "settings missing": (lambda r: r.pop("settings"), "record.bad_field"),
    "variants a list": (lambda r: r["settings"].update(variants=[]), "record.bad_field"),
    "variant value a list": (lambda r: r["settings"].update(variants={"a": [[[]]]}), "record.bad_field"),
    "variant value infinite": (lambda r: r["settings"].update(variants={"a": math.inf}), "record.bad_field"),
    "unknown variant": (lambda r: r["settings"].update(variants={"speed": "fast"}), "record.bad_settings"),
    "players text": (lambda r: r["settings"].update(players="3"), "record.bad_field"),
    "players true": (lambda r: r["settings"].update(players=True), "record.bad_field"),
    "players huge": (lambda r: r["settings"].update(players=10 ** 9), "record.bad_field"),
    "players too few for the game": (lambda r: (r["settings"].update(players=2), r["seats"].pop()),
                                     "record.bad_settings"),
    # moves
    "moves text": (lambda r: r.update(moves="0:bid 1"), "record.bad_field"),
    "moves missing": (lambda r: r.pop("moves"), "record.bad_field"),
    "move a number": (lambda r: r["moves"].append(5), "record.bad_move"),
    "move null": (lambda r: r["moves"].append(None), "record.bad_move"),
    "move too long": (lambda r: r["moves"].append("0:" + "x" * 300), "record.bad_move"),
    "too many moves": (lambda r: r.update(moves=["0:bid 0"] * (MAX_RECORD_MOVES + 1)), "record.too_many_moves"),
    "move without a player": (lambda r: r["moves"].append("garbage"), "record.bad_move"),
    "move for no seat": (lambda r: r["moves"].append("7:bid 0"), "record.bad_move"),
    "move with a foreign digit": (lambda r: r["moves"].append("٠:bid 0"), "record.bad_move"),
    "illegal move": (lambda r: r["moves"].append("0:bid 9"), "record.bad_move"),
    "unknown move": (lambda r: r["moves"].append("0:dance"), "record.bad_move"),
    "move by a resigned player": (lambda r: r["moves"].append("1:bid 0"), "record.bad_move"),
    "resigning twice": (lambda r: r["moves"].append("1:resign"), "record.bad_move"),
    # created
    "created a number": (lambda r: r.update(created=5), "record.bad_field"),
    "created too long": (lambda r: r.update(created="2026" * 40), "record.bad_field"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_record_gives_a_record_error_with_a_code(name):
    damage, code = HOSTILE[name]
    record = base_record()
    damage(record)
    with pytest.raises(RecordError) as error:
        Match.from_record(record, GAMES)
    assert error.value.code == code
    assert str(error.value) and str(error.value).isprintable()


def test_the_base_of_the_hostile_records_is_sound():
    assert Match.from_record(base_record(), GAMES).status == "playing"


@pytest.mark.parametrize("level", ["easy", "expert", "z"])
def test_any_short_lower_case_level_is_left_for_the_app_to_check(level):
    record = base_record()
    with_seat(0, kind=AI, level=level)(record)
    assert Match.from_record(record, GAMES).seats[0].level == level


@pytest.mark.parametrize("name, shown", [
    ("Ada\x1b[31m", "Ada[31m"), ("Ada\nBob", "Ada Bob"), ("Ada\u2028", "Ada"), ("\u202eAda", "Ada")])
def test_a_seat_name_is_read_cleaned_of_control_and_format_characters(name, shown):
    """A name is shown, never replayed: an older save holding such a character opens (issue 27)."""
    assert Seat.from_json(seat(name=name)).name == shown


def test_a_seat_colour_may_be_empty_or_any_case_of_ours():
    assert Seat.from_json(seat(color="")).color == ""
    assert Seat.from_json({"name": "Ada"}).color == ""
    assert Seat.from_json(seat(color=SEAT_COLOURS[1].upper())).color == SEAT_COLOURS[1]


def test_a_human_seat_drops_any_level():
    assert Seat.from_json(seat(level="hard")) == Seat("Ada", HUMAN, "", SEAT_COLOURS[0])


@pytest.mark.parametrize("data", [None, 5, "x", [], {"players": 2.0}, {"players": 2, "variants": {1: "a"}}])
def test_settings_from_json_refuses_damaged_settings(data):
    with pytest.raises(RecordError) as error:
        Settings.from_json(data)
    assert error.value.code == "record.bad_field"


def test_settings_from_json_round_trips():
    settings_ = Settings(3, {"rules": "classic", "fast": True, "size": 7})
    assert Settings.from_json(settings_.to_json()) == settings_


class ExplodingNim(NimGame):
    """A game whose move parser overflows or recurses on some texts."""

    def parse_move(self, text):
        if text == "overflow":
            raise OverflowError("int too large to convert to float")
        if text == "recurse":
            raise RecursionError("maximum recursion depth exceeded")
        return super().parse_move(text)


@pytest.mark.parametrize("text", ["overflow", "recurse"])
def test_overflow_and_recursion_while_replaying_become_record_errors(text):
    record = load(FIXTURES / "v1_nim_playing.json")
    record["moves"].append(f"0:{text}")
    with pytest.raises(RecordError) as error:
        Match.from_record(record, {"nim": ExplodingNim()})
    assert error.value.code == "record.too_complex"


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=5), children, max_size=3),
    max_leaves=8,
)
FIELDS = ["format", "version", "game", "rules", "settings", "seed", "seats", "moves", "created", "undos",
          "training", "resigned", "status"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FIXTURE_FILES), st.sampled_from(FIELDS + ["seat", "setting", "move"]), JSON_VALUES)
def test_any_damage_to_any_field_loads_or_gives_a_record_error(path, field, value):
    record = load(path)
    if field == "seat":
        record["seats"][0]["name" if isinstance(value, str) else "color"] = value
    elif field == "setting":
        record["settings"]["players" if isinstance(value, (int, float)) else "variants"] = value
    elif field == "move":
        record["moves"].insert(0, value)
    else:
        record[field] = value
    try:
        Match.from_record(record, GAMES)
    except RecordError as error:
        assert error.code.startswith("record.")


def test_any_64_bit_seed_replays():
    record = base_record()
    for seed in (0, 2 ** 53, 2 ** 64 - 1):
        record["seed"], record["moves"] = seed, []
        assert Match.from_record(record, GAMES).seed == seed
