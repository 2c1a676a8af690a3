"""Saved games on top of a key-value store (localStorage in the browser).

Each save is its own key, so one damaged save never takes the others with
it; the index of saves is only a cache, checked entry by entry and rebuilt
from the save keys when it cannot be trusted. Nothing read from the store is
trusted: every field is checked before use, because anything on the same
origin (another tab, an extension, an old version) can write there.

Failures are told apart, so the player is told what really happened:
- `StorageFullError`: the quota is used up; nothing was written.
- `StorageUnavailableError`: the browser refuses storage (site data blocked).
- `StorageWriteError`: any other refused write.
- `StorageReadError`: a read failed; the save may well be fine, so it is
  never offered for deletion.
- `SaveConflictError`: another tab changed this save since we read it.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Optional

from ..core.match import check_rules_version, clean_name, now_iso
from ..core.protocol import RecordError, Settings
# Replaying a record into a match is the session's business (ui/session.py).
from .session import give_seats_distinct_colours, replay_record  # noqa: F401 - re-exported

PREFIX = "ludoteca:v1:"
SAVE_PREFIX = PREFIX + "save:"
INDEX_KEY = PREFIX + "index"
SETTINGS_KEY = PREFIX + "settings"
CLOCK_PREFIX = PREFIX + "clock:"  # a save's round clock (GeonAxis R11), apart from its record
TABLE_PREFIX = PREFIX + "table:"  # a hosted save's guests (ui/hosting.py), apart from its record

# The ids this app writes: the creation time's digits, a dash, a counter.
SAVE_ID = re.compile(r"\d{8,14}-\d{1,6}")
STATUSES = ("playing", "finished", "resigned")
MAX_IMPORT_BYTES = 1_000_000  # a record of a very long game is ~100 KB
MAX_JSON_DEPTH = 32  # records nest 4 deep; deeper input is rejected before parsing
MAX_TEXT = 80  # longest game id or player name kept in a summary
FINGERPRINT = re.compile(r"[0-9a-f]{32}")


class StorageError(Exception):
    """Base of every storage failure."""


class StorageFullError(StorageError):
    """The store refused a write because its quota is used up."""


class StorageUnavailableError(StorageError):
    """The browser does not let the app use storage at all."""


class StorageWriteError(StorageError):
    """A write failed for another reason."""


class StorageReadError(StorageError):
    """A read failed; what is stored may be intact."""


class SaveConflictError(StorageError):
    """The save changed in the store since this copy was read (another tab)."""

    def __init__(self, message: str, stored: Optional[str]):
        super().__init__(message)
        self.stored = stored  # what the store holds now (None: deleted)


class KeyValueStore:
    """What the storage needs from localStorage; tests use MemoryStore.

    `get` and `keys` raise StorageReadError, `set` raises one of the write
    errors above."""

    def get(self, key: str) -> Optional[str]:  # pragma: no cover - interface
        raise NotImplementedError

    def set(self, key: str, value: str) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def remove(self, key: str) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def keys(self) -> list:  # pragma: no cover - interface
        raise NotImplementedError


class MemoryStore(KeyValueStore):
    """A dict with an optional byte quota, to test the full-storage path."""

    def __init__(self, quota: Optional[int] = None):
        self.data: dict = {}
        self.quota = quota

    def get(self, key):
        return self.data.get(key)

    def set(self, key, value):
        used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
        if self.quota is not None and used + len(key) + len(value) > self.quota:
            raise StorageFullError("quota exceeded")
        self.data[key] = value

    def remove(self, key):
        self.data.pop(key, None)

    def keys(self):
        return list(self.data)


@dataclass
class SaveSummary:
    id: str
    game: str
    players: list
    created: str
    updated: str
    status: str  # one of STATUSES, or "damaged" / "unreadable"
    problem: str = ""  # why a save is damaged or unreadable
    # The save's text this summary was made from, replayed (`fingerprint`); "" when
    # it was not replayed (its game's data files were not loaded yet).
    fingerprint: str = ""
    error: Optional[RecordError] = None  # a damaged save's error, for a message in the player's language

    def to_json(self) -> dict:
        return {"id": self.id, "game": self.game, "players": self.players, "created": self.created,
                "updated": self.updated, "status": self.status, "fingerprint": self.fingerprint}


def fingerprint(text: str) -> str:
    """Names one save's exact text: an index entry is believed only for the text it was made from."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _short_text(value) -> Optional[str]:
    return value[:MAX_TEXT] if isinstance(value, str) else None


def summary_from_index(entry) -> Optional[SaveSummary]:
    """A trusted summary from one index entry, or None when any field is off."""
    if not isinstance(entry, dict):
        return None
    save_id = entry.get("id")
    players = entry.get("players")
    if not isinstance(save_id, str) or not SAVE_ID.fullmatch(save_id):
        return None
    if not isinstance(players, list) or len(players) > 8 or not all(isinstance(p, str) for p in players):
        return None
    texts = [_short_text(entry.get(name)) for name in ("game", "created", "updated")]
    if None in texts or entry.get("status") not in STATUSES:
        return None
    game, created, updated = texts
    mark = entry.get("fingerprint")
    return SaveSummary(save_id, game, [clean_name(p, MAX_TEXT) for p in players], created, updated, entry["status"],
                       fingerprint=mark if isinstance(mark, str) and FINGERPRINT.fullmatch(mark) else "")


def summary_from_record(save_id: str, record: dict, updated: str) -> SaveSummary:
    """A summary of a stored record; RecordError when its header is unusable."""
    seats = record.get("seats")
    if not isinstance(seats, list) or not seats:
        raise RecordError("its list of players is missing", "save.no_seats")
    names = []
    for seat in seats:
        name = seat.get("name") if isinstance(seat, dict) else None
        if not isinstance(name, str):
            raise RecordError("a player has no name", "save.bad_seat")
        names.append(clean_name(name, MAX_TEXT))
    game = _short_text(record.get("game"))
    created = _short_text(record.get("created", ""))
    if game is None or created is None:
        raise RecordError("its game or date is not text", "save.bad_header")
    status = record.get("status", "playing")
    if status not in STATUSES:
        raise RecordError(f"unknown status {str(status)[:20]!r}", "save.bad_status")
    return SaveSummary(save_id, game, names, created, _short_text(updated) or created, status)


def check_json_depth(text: str, limit: int = MAX_JSON_DEPTH) -> None:
    """Rejects JSON nested deeper than `limit` before any parser recurses into it."""
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                raise RecordError(f"it is nested more than {limit} levels deep", "import.too_deep", limit=limit)
        elif char in "]}":
            depth -= 1


def _is_seconds(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < 1e9


def _is_clock(data, players: int) -> bool:
    if not isinstance(data, dict):
        return False
    start, spent, paused_by = data.get("start"), data.get("spent"), data.get("paused_by")
    return (isinstance(start, int) and not isinstance(start, bool) and start >= 0
            and _is_seconds(data.get("left"))
            and isinstance(spent, list) and len(spent) == players and all(map(_is_seconds, spent))
            and (paused_by is None or (isinstance(paused_by, int) and not isinstance(paused_by, bool)
                                       and 0 <= paused_by < players)))


def parse_record_text(text: str) -> dict:
    """JSON text to a record dict, refusing oversized and over-deep input."""
    if len(text) > MAX_IMPORT_BYTES:
        raise RecordError(f"it is larger than {MAX_IMPORT_BYTES // 1000} KB", "import.too_large",
                          limit=MAX_IMPORT_BYTES // 1000)
    check_json_depth(text)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise RecordError("it is not valid JSON", "import.not_json") from None
    if not isinstance(data, dict):
        raise RecordError("it is not a game record", "import.not_record")
    return data


def header_of(record: dict, games) -> Optional[tuple]:
    """(game, settings) a record names, or None when it does not name them well."""
    try:
        game = games[record["game"]] if record.get("game") in games else None
        return (game, Settings.from_json(record["settings"])) if game is not None else None
    except (RecordError, KeyError, TypeError, ValueError, AttributeError):
        return None


def write_error_key(error: StorageError) -> str:
    """The message key that says why a write failed."""
    if isinstance(error, StorageFullError):
        return "error.storage_full"
    if isinstance(error, StorageUnavailableError):
        return "error.storage_off"
    return "error.storage_write"


class SaveStore:
    def __init__(self, store: KeyValueStore, games):
        self.store = store
        self.games = games
        # Whether a record of (game, settings) can be replayed now: the app says
        # no while the game's data files (a word list) are not loaded.
        self.can_replay = lambda game, settings: True

    # --- index --------------------------------------------------------------
    def _read_index(self) -> dict:
        """id -> trusted summary; entries that fail a check are left out (and so rebuilt)."""
        try:
            raw = self.store.get(INDEX_KEY)
        except StorageReadError:
            return {}
        if raw is None:
            return {}
        try:
            check_json_depth(raw)
            data = json.loads(raw)
        except (ValueError, RecursionError, RecordError):
            return {}
        if not isinstance(data, list):
            return {}
        summaries = (summary_from_index(entry) for entry in data)
        return {summary.id: summary for summary in summaries if summary is not None}

    def _write_index(self, index: dict) -> None:
        """Best effort: the index is a cache, so a failed write only drops it."""
        try:
            self.store.set(INDEX_KEY, json.dumps([s.to_json() for s in index.values()]))
        except StorageError:
            try:
                self.store.remove(INDEX_KEY)
            except StorageError:
                pass

    def list(self) -> list:
        """Every save, newest first; damaged and unreadable ones are listed and
        marked. Raises StorageReadError when the store cannot be listed at all.

        An index entry is believed only for the very text it was made from (its
        fingerprint): any other save is read, replayed once and listed as what
        it holds (a save that cannot open, as damaged), and its entry rewritten."""
        index = self._read_index()
        summaries = []
        rebuilt = False
        for key in self.store.keys():
            if not isinstance(key, str) or not key.startswith(SAVE_PREFIX):
                continue
            save_id = key[len(SAVE_PREFIX):]
            summary = self._summary_of(save_id, index.get(save_id))
            summaries.append(summary)
            if summary.fingerprint and index.get(save_id) is not summary:
                index[save_id] = summary
                rebuilt = True
            elif summary.status == "damaged" and save_id in index:
                del index[save_id]  # an entry vouching for a save that cannot open
                rebuilt = True
        if rebuilt:
            self._write_index(index)
        return sorted(summaries, key=lambda s: (s.updated, s.id), reverse=True)

    def _summary_of(self, save_id: str, cached: Optional[SaveSummary]) -> SaveSummary:
        if not SAVE_ID.fullmatch(save_id):
            return SaveSummary(save_id, "", [], "", "", "damaged",
                               "its name is not one this app gives to saves")
        try:
            raw = self.store.get(SAVE_PREFIX + save_id)
        except StorageReadError as error:
            return SaveSummary(save_id, "", [], "", "", "unreadable", str(error))
        mark = fingerprint(raw) if raw is not None else ""
        if cached is not None and mark and cached.fingerprint == mark:
            return cached
        try:
            if raw is None:
                raise RecordError("the save is missing", "save.missing")
            record = parse_record_text(raw)
            summary = summary_from_record(save_id, record, cached.updated if cached else record.get("created", ""))
            header = header_of(record, self.games)
            if header is not None:
                check_rules_version(record, header[0])  # no replay needed to tell an older version
            if header is None or self.can_replay(*header):
                # Only a replay tells an unknown game, an illegal move or a broken seed.
                replayed = replay_record(record, self.games)
                summary.status, summary.fingerprint = replayed.status, mark
            return summary
        except RecordError as error:
            return SaveSummary(save_id, "", [], "", "", "damaged", str(error), error=error)

    # --- saves --------------------------------------------------------------
    def new_id(self, created: str) -> str:
        stamp = "".join(ch for ch in created if ch.isdigit())[:14]
        try:
            existing = set(self.store.keys())
        except StorageReadError:
            existing = set()
        suffix = 0
        while f"{SAVE_PREFIX}{stamp}-{suffix}" in existing:
            suffix += 1
        return f"{stamp}-{suffix}"

    def save(self, save_id: str, source, expected: Optional[str] = None, check: bool = False) -> str:
        """Writes `source`'s `record()` (a replayed game, At the table's session)
        and returns the text written.

        With `check`, the stored text must still be `expected` (what this copy
        last read or wrote), else SaveConflictError and nothing is written.
        A write error leaves the old copy in place. The index is only a cache:
        failing to update it does not fail the save."""
        key = SAVE_PREFIX + save_id
        if check:
            try:
                stored = self.store.get(key)
            except StorageReadError:
                stored = expected  # cannot compare: the write below will tell
            if stored != expected:
                raise SaveConflictError("the save was changed elsewhere", stored)
        record = source.record()
        text = json.dumps(record, separators=(",", ":"))
        self.store.set(key, text)
        index = self._read_index()
        index[save_id] = summary_from_record(save_id, record, now_iso())
        index[save_id].fingerprint = fingerprint(text)  # written from a live match: it replays
        self._write_index(index)
        return text

    def load(self, save_id: str):
        """Replays a save (`replay_record`); RecordError tells what is wrong with it."""
        if not SAVE_ID.fullmatch(save_id):
            raise RecordError("there is no such save", "save.missing")
        raw = self.store.get(SAVE_PREFIX + save_id)
        if raw is None:
            raise RecordError("the save is missing", "save.missing")
        return replay_record(parse_record_text(raw), self.games)

    def header(self, text: Optional[str]) -> Optional[tuple]:
        """(game, settings) of a record's text, or None when it does not name them
        well; the full check comes with the replay."""
        try:
            return header_of(parse_record_text(text or ""), self.games)
        except RecordError:
            return None

    def raw(self, save_id: str) -> Optional[str]:
        return self.store.get(SAVE_PREFIX + save_id)

    def delete(self, save_id: str) -> None:
        self.store.remove(SAVE_PREFIX + save_id)
        for prefix in (CLOCK_PREFIX, TABLE_PREFIX):
            try:
                self.store.remove(prefix + save_id)
            except StorageError:
                pass  # an orphan clock or table is never read without its save
        index = self._read_index()
        if save_id in index:
            del index[save_id]
            self._write_index(index)

    def import_text(self, text: str) -> tuple:
        """Validates an exported record and stores it as a new save."""
        replayed = replay_record(parse_record_text(text), self.games)
        save_id = self.new_id(now_iso())
        self.save(save_id, replayed)
        return save_id, replayed

    # --- the round clock ------------------------------------------------------
    def read_clock(self, save_id: str, players: int) -> Optional[dict]:
        """A save's round clock as last written ({"start", "left", "spent",
        "paused_by"}), or None when there is none or it fails a check (the
        round then starts with its full time: nothing else depends on it)."""
        try:
            raw = self.store.get(CLOCK_PREFIX + save_id)
            check_json_depth(raw or "")
            data = json.loads(raw) if raw else None
        except (ValueError, RecursionError, RecordError, StorageReadError):
            return None
        return data if _is_clock(data, players) else None

    def write_clock(self, save_id: str, clock: dict) -> None:
        self.store.set(CLOCK_PREFIX + save_id, json.dumps(clock, separators=(",", ":")))

    # --- preferences ----------------------------------------------------------
    def read_settings(self) -> dict:
        try:
            raw = self.store.get(SETTINGS_KEY)
            check_json_depth(raw or "")
            data = json.loads(raw) if raw else {}
        except (ValueError, RecursionError, RecordError, StorageReadError):
            data = {}
        return data if isinstance(data, dict) else {}

    def write_settings(self, settings: dict) -> None:
        self.store.set(SETTINGS_KEY, json.dumps(settings))
