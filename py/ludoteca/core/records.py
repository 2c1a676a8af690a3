"""Game records: their format, versions, migrations and field checks.

A record is JSON: the game, rules version, settings, seed, seats and the
players' moves as `"<player>:<move text>"`. Chance is not stored (it replays
from the seed). `Match.record()` writes one and `Match.from_record()` reads
one, after `migrate_record` has brought it up to `RECORD_VERSION`.

Versions (every version ever written; tests/engine/core/fixtures holds real
records of each):
- 1: a resignation was a top-level `"resigned": <player>` and ended the game.
- 2: a resignation is a move, `"<player>:resign"`, in `moves`; in a game of
  three or more the resigner's seat plays on automatically (its automatic
  moves are not written: they replay from `Game.resigned_move`).

Optional fields added within a version (absent means their default, so older
records load unchanged, and an older app reading them only misses a figure):
- `"hints"` (version 2): one count per seat, the hints each player asked for.

Everything read from a record is checked by type and range before use, and
every problem is a `RecordError` with a code (`record.*`) and an English
message, never a raw TypeError or KeyError.
"""

from __future__ import annotations

import re

from .protocol import RecordError

RECORD_FORMAT = "ludoteca-record"
RECORD_VERSION = 2
RESIGN_TEXT = "resign"  # the core's move text for a resignation; no game may use it

# Limits on what a record may hold.
MAX_RECORD_MOVES = 20_000
MAX_MOVE_TEXT = 200
MAX_NAME_LENGTH = 40
MAX_LEVEL_LENGTH = 16
MAX_CREATED_LENGTH = 64
MAX_UNDOS = 10 ** 9

LEVEL_PATTERN = re.compile(r"[a-z]{1,%d}" % MAX_LEVEL_LENGTH)
MOVE_PATTERN = re.compile(r"([0-9]{1,2}):(.+)", re.DOTALL)


def short_text(value, limit: int = 20) -> str:
    """A short, safe description of any value read from a record, for messages
    (no huge-number conversion, no deep recursion)."""
    if isinstance(value, str):
        return value[:limit]
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return repr(value)
    if isinstance(value, int):
        return str(value) if value.bit_length() <= 60 else "a very large number"
    return f"a {type(value).__name__}"


def bad_field(field: str, message: str) -> RecordError:
    return RecordError(f"the record's {field} is damaged: {message}", "record.bad_field", field=field)


# --- migrations ------------------------------------------------------------------
def _v1_to_v2(data: dict) -> dict:
    """Version 1 kept a resignation apart, as `"resigned": p`; version 2 plays
    it as the move `"p:resign"` after the other moves."""
    data = dict(data)
    resigned = data.pop("resigned", None)
    if resigned is not None:
        seats = data.get("seats")
        count = len(seats) if isinstance(seats, list) else 0
        if type(resigned) is not int or not 0 <= resigned < count:
            raise RecordError("the record names an unknown resigning player", "record.bad_field",
                              field="resigned")
        moves = data.get("moves")
        if isinstance(moves, list):
            data["moves"] = list(moves) + [f"{resigned}:{RESIGN_TEXT}"]
    data["version"] = 2
    return data


# version -> function turning a record of that version into the next one
MIGRATIONS = {1: _v1_to_v2}


def migrate_record(data) -> dict:
    """Upgrades a record of any older version to RECORD_VERSION, one version
    at a time; returns a new dict (the argument is not changed). A record
    newer than this app gives RecordError `record.newer_version`."""
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise RecordError("this is not a Ludoteca game record", "record.not_a_record")
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise RecordError(f"record version {short_text(version)!r} is not a version number",
                          "record.bad_version", version=short_text(version))
    if version > RECORD_VERSION:
        raise RecordError(
            f"record version {short_text(version)} is newer than this app, which reads up to"
            f" version {RECORD_VERSION}: update the app to open it",
            "record.newer_version", version=short_text(version), supported=RECORD_VERSION,
        )
    data = dict(data)
    while version < RECORD_VERSION:
        data = MIGRATIONS[version](data)
        version = data["version"]
    return data


# --- field checks -------------------------------------------------------------------
def check_int(data: dict, field: str, low: int, high: int, default=None) -> int:
    """A whole number in [low, high] (booleans and floats are refused)."""
    value = data.get(field, default)
    if type(value) is not int or not low <= value <= high:
        raise bad_field(field, f"it must be a whole number from {low} to {high}")
    return value


def check_counts(data: dict, field: str, seats: int, high: int) -> list:
    """An optional list of one whole number in [0, high] per seat (absent: zeros)."""
    value = data.get(field)
    if value is None:
        return [0] * seats
    if not isinstance(value, list) or len(value) != seats \
            or any(type(count) is not int or not 0 <= count <= high for count in value):
        raise bad_field(field, f"it must be a list of {seats} whole numbers from 0 to {high}")
    return list(value)


def check_text(value, field: str, max_length: int, allow_empty: bool = True) -> str:
    if not isinstance(value, str):
        raise bad_field(field, "it must be text")
    if len(value) > max_length:
        raise bad_field(field, f"it is longer than {max_length} characters")
    if not allow_empty and not value.strip():
        raise bad_field(field, "it is empty")
    return value


def check_moves(data: dict) -> list:
    moves = data.get("moves")
    if not isinstance(moves, list):
        raise bad_field("moves", "it must be a list of moves")
    if len(moves) > MAX_RECORD_MOVES:
        raise RecordError(f"the record has more than {MAX_RECORD_MOVES} moves", "record.too_many_moves",
                          limit=MAX_RECORD_MOVES)
    for number, text in enumerate(moves, start=1):
        if not isinstance(text, str) or len(text) > MAX_MOVE_TEXT:
            raise RecordError(f"move {number} is not a move text", "record.bad_move", number=number,
                              text=str(text)[:MAX_MOVE_TEXT] if isinstance(text, str) else "")
    return list(moves)


def split_move(number: int, text: str, players: int) -> tuple:
    """`"2:bid 1"` -> (2, "bid 1"); RecordError if the player is not a seat."""
    found = MOVE_PATTERN.fullmatch(text)
    if found is None or not 0 <= int(found.group(1)) < players:
        raise RecordError(f"move {number} ({text}) cannot be replayed: it must be <player>:<move>",
                          "record.bad_move", number=number, text=text)
    return int(found.group(1)), found.group(2)
