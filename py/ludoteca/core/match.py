"""A match: seats, the move history with undo/redo, resignations, its record.

A record holds the game, rules version, settings, seed, seats and the players'
moves. Chance events are not stored: they come from the seeded RNG inside the
state, so replaying the moves from the seed rebuilds the identical state.
That also keeps records short enough for a URL. Formats, versions and
migrations: `records.py`.

Resigning: in a two-player game it ends the game. With three or more, the
resigner's seat plays on automatically (`Game.resigned_move`) and is ranked
last; the game ends for everyone once at most one player has not resigned.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Optional

from .protocol import (
    CHANCE,
    Game,
    GameError,
    IllegalMoveError,
    Move,
    NotYourTurnError,
    RecordError,
    Settings,
    State,
)
from .records import (  # noqa: F401 - RECORD_FORMAT and RECORD_VERSION are re-exported
    LEVEL_PATTERN,
    MAX_CREATED_LENGTH,
    MAX_LEVEL_LENGTH,
    MAX_NAME_LENGTH,
    MAX_UNDOS,
    RECORD_FORMAT,
    RECORD_VERSION,
    RESIGN_TEXT,
    bad_field,
    check_counts,
    check_int,
    check_moves,
    check_text,
    migrate_record,
    short_text,
    split_move,
)
from .rng import MASK64

HUMAN = "human"
AI = "ai"

# The colours a seat may have (the setup screen offers these); "" means none chosen.
SEAT_COLOURS = ("#d64545", "#2f7fd6", "#2a9d58", "#e0a526", "#8a4fd1", "#3b3b3b")


def clean_name(text, limit: int = MAX_NAME_LENGTH) -> str:
    """A player's name as every seat keeps it: the one place names are cleaned.

    Whitespace of any kind becomes one space; control and format characters
    (bidi overrides and isolates, zero-width ones), separators, surrogates and
    private-use characters are dropped (`str.isprintable` keeps none of them);
    the ends are trimmed and the length capped. "" when nothing is left."""
    if not isinstance(text, str):
        return ""
    kept = "".join(" " if ch.isspace() else ch for ch in text if ch.isprintable() or ch.isspace())
    return " ".join(kept.split())[:limit].strip()


@dataclass
class Seat:
    """A player's seat. Its name is cleaned when the seat is made (`clean_name`),
    whoever makes it: the setup form, a record, a future remote player."""

    name: str
    kind: str = HUMAN
    level: str = ""
    color: str = ""

    def __post_init__(self):
        self.name = clean_name(self.name)

    def to_json(self) -> dict:
        data = {"name": self.name, "kind": self.kind, "color": self.color}
        if self.kind == AI:
            data["level"] = self.level
        return data

    @classmethod
    def from_json(cls, data) -> "Seat":
        """Reads a seat from a record, checking every field (RecordError).

        A name must be text of at most 40 characters; it is cleaned as every
        seat's is (`clean_name`: a name is shown, never replayed, so an older
        save holding a control character still opens) and must keep at least
        one character. A colour must be one of SEAT_COLOURS or empty; an AI's
        level is any short lower-case word (the app checks it against the game's levels)."""
        if not isinstance(data, dict):
            raise bad_field("seats", "each seat must be an object")
        name = clean_name(check_text(data.get("name"), "seat name", MAX_NAME_LENGTH))
        if not name:
            raise bad_field("seat name", "it is empty")
        kind = data.get("kind", HUMAN)
        if kind not in (HUMAN, AI):
            raise RecordError(f"unknown seat kind {short_text(kind)!r}", "record.bad_field", field="seat kind")
        level = data.get("level", "")
        if not isinstance(level, str) or len(level) > MAX_LEVEL_LENGTH:
            raise bad_field("seat level", "it must be a short word")
        if kind == AI and not LEVEL_PATTERN.fullmatch(level):
            raise bad_field("seat level", "a computer player needs a level made of lower-case letters")
        color = data.get("color", "")
        if not isinstance(color, str) or color.lower() not in SEAT_COLOURS + ("",):
            raise RecordError(f"{short_text(color)!r} is not one of the seat colours", "record.bad_field",
                              field="seat colour")
        return cls(name, kind, level if kind == AI else "", color.lower())


def human_players_of(seats) -> list:
    """The players a human plays (the others are computers)."""
    return [index for index, seat in enumerate(seats) if seat.kind == HUMAN]


@dataclass(frozen=True)
class Resign(Move):
    """The core's own move for a resignation; it never reaches the game."""

    keyword = RESIGN_TEXT


RESIGN = Resign()


@dataclass
class Entry:
    """One player's move, and the chance events it set off."""

    player: int
    move: Move
    chance: list = field(default_factory=list)
    reveals: bool = False
    automatic: bool = False  # played by a resigned player's seat; not written to the record

    @property
    def text(self) -> str:
        return f"{self.player}:{self.move.text}"

    @property
    def is_resignation(self) -> bool:
        return isinstance(self.move, Resign)


def describe_entry(before: State, entry: Entry, viewer: Optional[int]) -> list:
    """What a log line says about `entry` to `viewer`: (message key, params)
    pairs from `State.describe_move`, first its move's (described in `before`,
    the position it was played in), then one for each chance event it set
    off, each described in the position it happened in. `before` is not
    changed; a resignation is the core's own move, which games never describe."""
    if entry.is_resignation:
        raise GameError("a resignation is described by the app, not the game", "core.resign_is_not_a_move")
    parts = [before.describe_move(entry.move, viewer, entry.player)]
    if entry.chance:
        state = before.clone()
        state.apply_unchecked(entry.player, entry.move)
        for outcome in entry.chance:
            parts.append(state.describe_move(outcome, viewer, CHANCE))
            state.apply_unchecked(CHANCE, outcome)
    return parts


def check_rules_version(data: dict, game) -> None:
    """RecordError unless the record was played under the rules this app plays."""
    rules = data.get("rules")
    if type(rules) is not int or rules != game.rules_version:
        raise RecordError(
            f"the record uses rules version {short_text(rules)!r};"
            f" this app plays version {game.rules_version}",
            "record.rules_version", version=short_text(rules), supported=game.rules_version,
        )


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
            raise GameError("there must be one seat per player", "core.seat_count",
                            seats=len(seats), players=self.settings.num_players)
        self.seed = seed
        self.seats = list(seats)
        self.created = created or now_iso()
        self.state: State = game.new_state(self.settings, seed)
        self.opening_chance = self.state.resolve_chance()
        self._before: list = []  # state before each entry, for undo
        self.entries: list = []
        self._redo_groups: list = []
        self.undo_count = 0
        self.hints_used = [0] * len(self.seats)  # hints each player asked for (a game against the computer)
        self.resigners: list = []  # players who resigned, in the order they did

    # --- seats ------------------------------------------------------------
    @property
    def human_players(self) -> list:
        return human_players_of(self.seats)

    @property
    def training_mode(self) -> bool:
        """One human against AIs: undo is free, and the record says so."""
        return len(self.human_players) == 1

    @property
    def active_players(self) -> list:
        """Players who have not resigned."""
        return [player for player in range(len(self.seats)) if player not in self.resigners]

    # --- playing ----------------------------------------------------------
    @property
    def ended_by_resignation(self) -> bool:
        return bool(self.resigners) and len(self.active_players) <= 1

    @property
    def is_over(self) -> bool:
        return self.ended_by_resignation or self.state.is_terminal()

    def play(self, player: int, move) -> Entry:
        """Plays a move (object or text) for `player`; raises IllegalMoveError
        (or MoveParseError for a text that names no move) and changes nothing
        if it is not allowed. Then plays the moves of any
        resigned seat that must act."""
        if self.is_over:
            raise IllegalMoveError("the game is over", "core.game_over")
        if player in self.resigners:
            raise NotYourTurnError(f"player {player + 1} has resigned", "core.resigned", player=player + 1)
        if isinstance(move, str):
            move = self.game.parse_move(move)
        if isinstance(move, Resign):
            raise IllegalMoveError("resign with Match.resign", "core.resign_is_not_a_move")
        entry = self._play(player, move, automatic=False)
        self._redo_groups.clear()
        self._play_resigned_seats()
        return entry

    def _play(self, player: int, move: Move, automatic: bool) -> Entry:
        before = self.state.clone()
        reveals = self.state.reveals_information(player, move)
        self.state.apply(player, move)
        entry = Entry(player, move, self.state.resolve_chance(), reveals, automatic)
        self._before.append(before)
        self.entries.append(entry)
        return entry

    def _play_resigned_seats(self) -> None:
        """Resigned players' seats act whenever they are in `to_move()`, in
        that order (at a SIMULTANEOUS node each submits its move)."""
        while self.resigners and not self.is_over:
            waiting = [player for player in self.state.to_move() if player in self.resigners]
            if not waiting:
                return
            player = waiting[0]
            self._play(player, self.game.resigned_move(self.state, player), automatic=True)

    def resign(self, player: int) -> Entry:
        """`player` resigns: with two players (or when only one would be left)
        the game ends; otherwise the seat plays on automatically."""
        if self.is_over:
            raise IllegalMoveError("the game is already over", "core.game_over")
        if not 0 <= player < len(self.seats):
            raise IllegalMoveError(f"there is no player {player + 1}", "core.no_such_player", player=player + 1)
        if player in self.resigners:
            raise IllegalMoveError(f"player {player + 1} has already resigned", "core.already_resigned",
                                   player=player + 1)
        entry = Entry(player, RESIGN)
        self._before.append(self.state.clone())
        self.entries.append(entry)
        self.resigners.append(player)
        self._redo_groups.clear()
        self._play_resigned_seats()
        return entry

    def final_places(self) -> list:
        """Places (1 = first; ties share a place). Players who resigned come
        after everyone else, the earliest resigner last."""
        places = self.state.ranking()
        ordered = sorted(self.active_players, key=lambda p: places[p])
        result = [0] * len(places)
        for rank, player in enumerate(ordered):
            tied = rank > 0 and places[player] == places[ordered[rank - 1]]
            result[player] = result[ordered[rank - 1]] if tied else rank + 1
        for offset, player in enumerate(reversed(self.resigners)):
            result[player] = len(ordered) + 1 + offset
        return result

    # --- undo / redo ------------------------------------------------------
    def _undo_group_size(self, player: int, end: Optional[int] = None) -> int:
        """How many entries an undo by `player` would take back (0: none), from
        the first `end` entries (all of them by default).

        Automatic entries (a resigned seat's moves) go with the entry before
        them. A resignation counts as its player's move; nobody else can take
        it back, and a resignation that ended the game is final."""
        entries = self.entries
        end = len(entries) if end is None else end
        if self.ended_by_resignation:
            return 0
        if not end or player not in self.human_players:
            return 0
        if self.training_mode:
            # Back to just before this human's latest move, AI replies included.
            for back in range(1, end + 1):
                entry = entries[end - back]
                if entry.is_resignation and entry.player != player:
                    return 0
                if entry.player == player and not entry.automatic:
                    return back
            return 0
        # Several humans (Board Game Arena's policy): only your own last move,
        # and only if it revealed nothing and drew nothing at random.
        back = 1
        while back < end and entries[end - back].automatic:
            back += 1
        group = entries[end - back:end]
        last = group[0]
        if last.automatic or last.player != player:
            return 0
        if any(entry.chance or entry.reveals for entry in group):
            return 0
        return back

    def undo_landings(self, player: int) -> list:
        """How many entries successive undos by `player` would leave, nearest first
        (each undo takes back one group, as `undo` does)."""
        landings: list = []
        end = len(self.entries)
        while True:
            size = self._undo_group_size(player, end)
            if not size:
                return landings
            end -= size
            landings.append(end)

    def can_undo(self, player: int) -> bool:
        return self._undo_group_size(player) > 0

    def undo(self, player: int) -> int:
        count = self._undo_group_size(player)
        if not count:
            raise IllegalMoveError("nothing can be undone now", "core.cannot_undo")
        group = self.entries[-count:]
        self.state = self._before[-count]
        del self.entries[-count:]
        del self._before[-count:]
        self.resigners = [entry.player for entry in self.entries if entry.is_resignation]
        self._redo_groups.append(group)
        self.undo_count += 1
        self._play_resigned_seats()  # in practice nothing: a group never ends with such a seat to act
        return count

    def can_redo(self) -> bool:
        return bool(self._redo_groups)

    def redo(self) -> int:
        if not self._redo_groups:
            raise IllegalMoveError("nothing to redo", "core.cannot_redo")
        group = self._redo_groups.pop()
        pending = list(self._redo_groups)
        for entry in group:
            if entry.automatic:
                continue  # the resigned seat plays it again by itself
            if entry.is_resignation:
                self.resign(entry.player)
            else:
                self.play(entry.player, entry.move)
        self._redo_groups = pending
        return len(group)

    def describe_entry(self, index: int, viewer: Optional[int]) -> list:
        """Entry `index` for `viewer`, as (message key, params) pairs: see `describe_entry`."""
        return describe_entry(self.state_before(index), self.entries[index], viewer)

    def state_before(self, index: int) -> State:
        """The state before entry `index` (index == len: the current state)."""
        if index == len(self.entries):
            return self.state
        return self._before[index]

    # --- records ----------------------------------------------------------
    @property
    def status(self) -> str:
        if self.ended_by_resignation:
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
            "moves": [entry.text for entry in self.entries if not entry.automatic],
            "created": self.created,
            "status": self.status,
        }
        if self.undo_count:
            data["training"] = True
            data["undos"] = self.undo_count
        if any(self.hints_used):
            data["hints"] = list(self.hints_used)
        return data

    @classmethod
    def from_record(cls, data, games: dict) -> "Match":
        """Rebuilds a match by replaying its record (migrated first to the
        current version); RecordError, with a code, says why not."""
        try:
            return cls._from_record(data, games)
        except (OverflowError, RecursionError, MemoryError):
            raise RecordError("the record is too large or too deeply nested to read",
                              "record.too_complex") from None

    @classmethod
    def _from_record(cls, data, games: dict) -> "Match":
        data = migrate_record(data)
        game_id = data.get("game")
        game = games.get(game_id) if isinstance(game_id, str) else None
        if game is None:
            raise RecordError(f"unknown game {short_text(game_id, 40)!r}", "record.unknown_game",
                              game=short_text(game_id, 40))
        check_rules_version(data, game)
        settings = Settings.from_json(data.get("settings"))
        seed = check_int(data, "seed", 0, MASK64)  # the RNG uses 64 bits; the app picks 53
        seats_data = data.get("seats")
        if not isinstance(seats_data, list) or len(seats_data) != settings.num_players:
            raise bad_field("seats", "there must be one seat per player")
        seats = [Seat.from_json(seat) for seat in seats_data]
        moves = check_moves(data)
        created = data.get("created")
        if created is not None:
            check_text(created, "created", MAX_CREATED_LENGTH, allow_empty=False)
        undos = check_int(data, "undos", 0, MAX_UNDOS, default=0)
        hints = check_counts(data, "hints", len(seats_data), MAX_UNDOS)
        if not isinstance(data.get("training", False), bool):
            raise bad_field("training", "it must be true or false")
        try:
            match = cls(game, settings, seed, seats, created=created)
        except GameError as error:
            raise RecordError(f"the record's settings cannot be played: {error}", "record.bad_settings",
                              reason=str(error)) from None
        for number, text in enumerate(moves, start=1):
            player, move_text = split_move(number, text, len(seats))
            try:
                if move_text == RESIGN_TEXT:
                    match.resign(player)
                else:
                    match.play(player, move_text)
            except (GameError, ValueError, TypeError, KeyError, IndexError, AttributeError) as error:
                raise RecordError(f"move {number} ({text}) cannot be replayed: {error}", "record.bad_move",
                                  number=number, text=text) from None
        match.undo_count = undos
        match.hints_used = hints
        return match
