"""A match: seats, the move history with undo/redo, and its record.

A record holds the game, rules version, settings, seed, seats and the players'
moves. Chance events are not stored: they come from the seeded RNG inside the
state, so replaying the moves from the seed rebuilds the identical state.
That also keeps records short enough for a URL.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Optional

from .protocol import (
    Game,
    GameError,
    IllegalMoveError,
    Move,
    RecordError,
    Settings,
    State,
)

RECORD_FORMAT = "ludoteca-record"
RECORD_VERSION = 1

HUMAN = "human"
AI = "ai"


@dataclass
class Seat:
    name: str
    kind: str = HUMAN
    level: str = ""
    color: str = ""

    def to_json(self) -> dict:
        data = {"name": self.name, "kind": self.kind, "color": self.color}
        if self.kind == AI:
            data["level"] = self.level
        return data

    @classmethod
    def from_json(cls, data: dict) -> "Seat":
        kind = data.get("kind", HUMAN)
        if kind not in (HUMAN, AI):
            raise RecordError(f"unknown seat kind {kind!r}")
        return cls(str(data["name"]), kind, str(data.get("level", "")), str(data.get("color", "")))


@dataclass
class Entry:
    """One player's move, and the chance events it set off."""

    player: int
    move: Move
    chance: list = field(default_factory=list)
    reveals: bool = False

    @property
    def text(self) -> str:
        return f"{self.player}:{self.move.text}"


def now_iso() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


class Match:
    """Drives one game: validates moves, resolves chance, keeps history."""

    def __init__(
        self,
        game: Game,
        settings: Settings,
        seed: int,
        seats: list,
        created: Optional[str] = None,
    ):
        self.game = game
        self.settings = game.validate_settings(settings)
        if len(seats) != self.settings.num_players:
            raise GameError("there must be one seat per player")
        self.seed = seed
        self.seats = list(seats)
        self.created = created or now_iso()
        self.state: State = game.new_state(self.settings, seed)
        self.opening_chance = self.state.resolve_chance()
        self._before: list = []  # state before each entry, for undo
        self.entries: list = []
        self._redo_groups: list = []
        self.undo_count = 0
        self.resigned: Optional[int] = None

    # --- seats ------------------------------------------------------------
    @property
    def human_players(self) -> list:
        return [index for index, seat in enumerate(self.seats) if seat.kind == HUMAN]

    @property
    def training_mode(self) -> bool:
        """One human against AIs: undo is free, and the record says so."""
        return len(self.human_players) == 1

    # --- playing ----------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.resigned is not None or self.state.is_terminal()

    def play(self, player: int, move) -> Entry:
        """Plays a move (object or text) for `player`; raises IllegalMoveError
        and changes nothing if it is not allowed."""
        if self.resigned is not None:
            raise IllegalMoveError("the game was resigned")
        if isinstance(move, str):
            move = self.game.parse_move(move)
        before = self.state.clone()
        reveals = self.state.reveals_information(player, move)
        self.state.apply(player, move)
        entry = Entry(player, move, self.state.resolve_chance(), reveals)
        self._before.append(before)
        self.entries.append(entry)
        self._redo_groups.clear()
        return entry

    def resign(self, player: int) -> None:
        if self.is_over:
            raise IllegalMoveError("the game is already over")
        self.resigned = player

    def final_places(self) -> list:
        """Places at the end; a player who resigned comes last."""
        places = self.state.ranking()
        if self.resigned is None:
            return places
        others = [p for p in range(len(places)) if p != self.resigned]
        ordered = sorted(others, key=lambda p: places[p])
        result = [0] * len(places)
        for rank, player in enumerate(ordered):
            tied = rank > 0 and places[player] == places[ordered[rank - 1]]
            result[player] = result[ordered[rank - 1]] if tied else rank + 1
        result[self.resigned] = len(places)
        return result

    # --- undo / redo ------------------------------------------------------
    def _undo_group_size(self, player: int) -> int:
        """How many entries an undo by `player` would take back (0: none)."""
        if self.is_over and self.resigned is not None:
            return 0
        if not self.entries or player not in self.human_players:
            return 0
        if self.training_mode:
            # Back to just before this human's latest move, AI replies included.
            for back, entry in enumerate(reversed(self.entries), start=1):
                if entry.player == player:
                    return back
            return 0
        # Several humans (Board Game Arena's policy): only your own last move,
        # and only if it revealed nothing and drew nothing at random.
        last = self.entries[-1]
        if last.player != player or last.chance or last.reveals:
            return 0
        return 1

    def can_undo(self, player: int) -> bool:
        return self._undo_group_size(player) > 0

    def undo(self, player: int) -> int:
        count = self._undo_group_size(player)
        if not count:
            raise IllegalMoveError("nothing can be undone now")
        group = self.entries[-count:]
        self.state = self._before[-count]
        del self.entries[-count:]
        del self._before[-count:]
        self._redo_groups.append(group)
        self.undo_count += 1
        return count

    def can_redo(self) -> bool:
        return bool(self._redo_groups)

    def redo(self) -> int:
        if not self._redo_groups:
            raise IllegalMoveError("nothing to redo")
        group = self._redo_groups.pop()
        pending = list(self._redo_groups)
        for entry in group:
            self.play(entry.player, entry.move)
        self._redo_groups = pending
        return len(group)

    def state_before(self, index: int) -> State:
        """The state before entry `index` (index == len: the current state)."""
        if index == len(self.entries):
            return self.state
        return self._before[index]

    # --- records ----------------------------------------------------------
    @property
    def status(self) -> str:
        if self.resigned is not None:
            return "resigned"
        return "finished" if self.state.is_terminal() else "playing"

    def record(self) -> dict:
        data = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game.id,
            "rules": self.game.rules_version,
            "settings": self.settings.to_json(),
            "seed": self.seed,
            "seats": [seat.to_json() for seat in self.seats],
            "moves": [entry.text for entry in self.entries],
            "created": self.created,
            "status": self.status,
        }
        if self.undo_count:
            data["training"] = True
            data["undos"] = self.undo_count
        if self.resigned is not None:
            data["resigned"] = self.resigned
        return data

    @classmethod
    def from_record(cls, data, games: dict) -> "Match":
        """Rebuilds a match by replaying its record; RecordError says why not."""
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise RecordError("this is not a Ludoteca game record")
        version = data.get("version")
        if not isinstance(version, int) or version > RECORD_VERSION or version < 1:
            raise RecordError(f"record version {version!r} is not supported by this app")
        game = games.get(data.get("game"))
        if game is None:
            raise RecordError(f"unknown game {data.get('game')!r}")
        if data.get("rules") != game.rules_version:
            raise RecordError(
                f"the record uses rules version {data.get('rules')!r};"
                f" this app plays version {game.rules_version}"
            )
        try:
            settings = Settings.from_json(data["settings"])
            seats = [Seat.from_json(seat) for seat in data["seats"]]
            seed = int(data["seed"])
            moves = list(data["moves"])
            match = cls(game, settings, seed, seats, created=data.get("created"))
        except RecordError:
            raise
        except (GameError, KeyError, TypeError, ValueError) as error:
            raise RecordError(f"the record's header is damaged: {error}") from None
        for number, text in enumerate(moves, start=1):
            try:
                player_text, _, move_text = str(text).partition(":")
                match.play(int(player_text), move_text)
            except (GameError, ValueError) as error:
                raise RecordError(f"move {number} ({text}) cannot be replayed: {error}") from None
        match.undo_count = int(data.get("undos", 0) or 0)
        resigned = data.get("resigned")
        if resigned is not None:
            if not isinstance(resigned, int) or not 0 <= resigned < len(seats):
                raise RecordError("the record names an unknown resigning player")
            match.resigned = resigned
        return match
