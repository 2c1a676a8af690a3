"""Saved games on top of a key-value store (localStorage in the browser).

Each save is its own key, so one damaged save never takes the others with
it; the index of saves is only a cache and is rebuilt from the keys when it
is missing or damaged. A full quota raises `StorageFullError`, which the UI
reports while the game goes on.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Optional

from ..core.match import Match, now_iso
from ..core.protocol import RecordError

PREFIX = "ludoteca:v1:"
SAVE_PREFIX = PREFIX + "save:"
INDEX_KEY = PREFIX + "index"
SETTINGS_KEY = PREFIX + "settings"


class StorageFullError(Exception):
    """The store refused a write because its quota is used up."""


class KeyValueStore:
    """What the storage needs from localStorage; tests use MemoryStore."""

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
    status: str
    damaged_reason: str = ""

    def to_json(self) -> dict:
        return {"id": self.id, "game": self.game, "players": self.players,
                "created": self.created, "updated": self.updated, "status": self.status}


class SaveStore:
    def __init__(self, store: KeyValueStore, games: dict):
        self.store = store
        self.games = games

    # --- index --------------------------------------------------------------
    def _read_index(self) -> Optional[dict]:
        raw = self.store.get(INDEX_KEY)
        if raw is None:
            return None
        try:
            data = json.loads(raw)
            return {item["id"]: item for item in data if isinstance(item, dict) and "id" in item}
        except (ValueError, TypeError, KeyError):
            return None

    def _write_index(self, index: dict) -> None:
        self.store.set(INDEX_KEY, json.dumps(list(index.values())))

    def _summarise(self, save_id: str, record: dict, updated: str) -> SaveSummary:
        return SaveSummary(
            id=save_id,
            game=str(record.get("game", "?")),
            players=[str(seat.get("name", "?")) for seat in record.get("seats", [])],
            created=str(record.get("created", "")),
            updated=updated,
            status=str(record.get("status", "playing")),
        )

    def list(self) -> list:
        """Every save, newest first; damaged ones are listed and marked."""
        index = self._read_index() or {}
        summaries = []
        for key in self.store.keys():
            if not key.startswith(SAVE_PREFIX):
                continue
            save_id = key[len(SAVE_PREFIX):]
            cached = index.get(save_id)
            if cached is not None:
                summaries.append(SaveSummary(**{k: cached[k] for k in (
                    "id", "game", "players", "created", "updated", "status")}))
                continue
            try:
                record = self._parse(self.store.get(key))
                summaries.append(self._summarise(save_id, record, record.get("created", "")))
            except RecordError as error:
                summaries.append(SaveSummary(save_id, "?", [], "", "", "damaged", str(error)))
        return sorted(summaries, key=lambda s: (s.updated, s.id), reverse=True)

    # --- saves --------------------------------------------------------------
    @staticmethod
    def _parse(raw: Optional[str]) -> dict:
        if raw is None:
            raise RecordError("the save is missing")
        try:
            data = json.loads(raw)
        except ValueError:
            raise RecordError("the save is not valid JSON") from None
        if not isinstance(data, dict):
            raise RecordError("the save is not a game record")
        return data

    def new_id(self, created: str) -> str:
        stamp = "".join(ch for ch in created if ch.isdigit())
        existing = set(self.store.keys())
        suffix = 0
        while f"{SAVE_PREFIX}{stamp}-{suffix}" in existing:
            suffix += 1
        return f"{stamp}-{suffix}"

    def save(self, save_id: str, match: Match) -> None:
        """Writes the match; raises StorageFullError and keeps the old copy."""
        record = match.record()
        self.store.set(SAVE_PREFIX + save_id, json.dumps(record, separators=(",", ":")))
        index = self._read_index() or {}
        index[save_id] = self._summarise(save_id, record, now_iso()).to_json()
        self._write_index(index)

    def load(self, save_id: str) -> Match:
        """Replays a save; RecordError tells what is wrong with it."""
        record = self._parse(self.store.get(SAVE_PREFIX + save_id))
        return Match.from_record(record, self.games)

    def raw(self, save_id: str) -> Optional[str]:
        return self.store.get(SAVE_PREFIX + save_id)

    def delete(self, save_id: str) -> None:
        self.store.remove(SAVE_PREFIX + save_id)
        index = self._read_index()
        if index is not None and save_id in index:
            del index[save_id]
            try:
                self._write_index(index)
            except StorageFullError:  # shrinking cannot really fail; be safe
                self.store.remove(INDEX_KEY)

    def import_text(self, text: str) -> tuple:
        """Validates an exported record and stores it as a new save."""
        try:
            record = json.loads(text)
        except ValueError:
            raise RecordError("it is not valid JSON") from None
        match = Match.from_record(record, self.games)
        save_id = self.new_id(now_iso())
        self.save(save_id, match)
        return save_id, match

    # --- preferences ----------------------------------------------------------
    def read_settings(self) -> dict:
        raw = self.store.get(SETTINGS_KEY)
        try:
            data = json.loads(raw) if raw else {}
        except ValueError:
            data = {}
        return data if isinstance(data, dict) else {}

    def write_settings(self, settings: dict) -> None:
        self.store.set(SETTINGS_KEY, json.dumps(settings))
