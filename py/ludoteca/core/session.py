"""A match as one device sees it: the seam between the app and the match.

The app never holds a `Match`: it talks to a `MatchSession`, which says what
a seat may see (the engine's view for a viewer, a position's public facts)
and do (its legal moves, undo, redo, resign), plays for it, gives the record,
and tells listeners when the match changes. `ui/session.py`'s
LocalMatchSession is the match on this device with its save; a guest of a
match hosted on another device (issue 31, `net/wire.py`) is another
implementation, fed by the host's per-seat updates, and the app does not
change for it. This is boardgame.io's client in front of its master.

No method that answers for a viewer hands out a `State`: a `Position` only
answers what every seat may know, and a viewer's view. Seeing everything
(every seat's secrets: the computer players that think on this device, and
their hints for a human) is a capability of its own,
`full_access()`, which only a session holding the whole match has.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Optional, Protocol

from .match import human_players_of
from .protocol import Game, LegalMoves, Move, Settings, State

# A listener hears of every change: `made_here` is False for a change this
# device did not make itself (another device's move arriving), which the app
# must draw; the changes it made it draws already.
Listener = Callable[[bool], None]


@dataclass(frozen=True)
class MoveFacts:
    """What every seat knows about one move of the history: who made it, and how
    (not the move itself, which may be a secret choice)."""

    player: int
    automatic: bool = False  # a resigned seat's move, played by the match
    resignation: bool = False


class Position(ABC):
    """One position of the match, as far as every seat may know it, and the view
    each viewer may have of it. `at`: the moves played before it."""

    at: int

    @abstractmethod
    def to_move(self) -> tuple:
        """The players who may act here (see `State.to_move`)."""

    @abstractmethod
    def acting_mode(self) -> str:
        """TURN, SIMULTANEOUS or RESPONSE (see `State.acting_mode`)."""

    @abstractmethod
    def scores(self) -> list:
        """Each player's score as the game shows it to everyone."""

    @abstractmethod
    def view(self, viewer: Optional[int]) -> dict:
        """The engine's view for `viewer` (None: the public view)."""

    @abstractmethod
    def legal_moves(self, player: int) -> LegalMoves | Sequence[Move]:
        """`player`'s legal moves here; none when they are not to act."""

    def moves_are_public(self, player: int) -> bool:
        """Whether every seat may know `player`'s legal moves here (`State.moves_are_public`);
        a position that cannot tell says no, which keeps a hand secret."""
        return False


class StatePosition(Position):
    """A position read from a state this device holds; it answers only the
    public questions, never with the state itself."""

    def __init__(self, state: State, at: int):
        self._state = state
        self.at = at

    def to_move(self) -> tuple:
        return tuple(self._state.to_move())

    def acting_mode(self) -> str:
        return self._state.acting_mode()

    def scores(self) -> list:
        return list(self._state.scores())

    def view(self, viewer: Optional[int]) -> dict:
        return self._state.view(viewer)

    def legal_moves(self, player: int) -> LegalMoves | Sequence[Move]:
        if player not in self._state.to_move():
            return []
        return self._state.legal_moves(player)

    def moves_are_public(self, player: int) -> bool:
        return self._state.moves_are_public(player)


class FullAccess(Protocol):
    """The whole match, every seat's secrets included. Only a session that
    holds the match on this device has it (`MatchSession.full_access`): the
    hotseat app's computer players and hints search from it. Log lines never
    need it: `describe_entry` and `move_facts`/`move_forced` are plain data."""

    game: Game
    seed: int
    state: State
    entries: list

    def state_before(self, index: int) -> State: ...


class MatchSession(ABC):
    """What this device may know of one match and do in it (module docstring)."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    # --- what every seat may know ------------------------------------------------
    @property
    @abstractmethod
    def game_id(self) -> str: ...

    @property
    @abstractmethod
    def settings(self) -> Settings: ...

    @property
    @abstractmethod
    def seats(self) -> Sequence[Any]:
        """The seats (`core.match.Seat`: name, kind, level, colour)."""

    @property
    @abstractmethod
    def move_count(self) -> int:
        """Moves in the history (every seat's, automatic ones included)."""

    @abstractmethod
    def move_facts(self, index: int) -> MoveFacts: ...

    @abstractmethod
    def describe_entry(self, index: int, viewer: Optional[int]) -> list:
        """Move `index` as `viewer` may know it: (message key, params) pairs from the
        engine's `State.describe_move` (the move, then each chance event it set off)."""

    def move_forced(self, index: int, viewer: Optional[int]) -> bool:
        """Whether move `index` was its player's only move, of a kind the app plays by
        itself (`GameUI.auto_play_forced`), as far as `viewer` may know it: the mover
        knows, the others only where that player's moves are public (a single move
        would tell them about a hand). A session that cannot tell says no."""
        return False

    @abstractmethod
    def position(self, at: Optional[int] = None) -> Position:
        """The position after `at` moves (None: the live one)."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def status(self) -> str:
        """"playing", "finished" or "resigned", as a record says."""

    @property
    @abstractmethod
    def resigners(self) -> Sequence[int]: ...

    @property
    @abstractmethod
    def undo_count(self) -> int: ...

    @property
    @abstractmethod
    def hints_used(self) -> Sequence[int]: ...

    @abstractmethod
    def final_places(self) -> list: ...

    @abstractmethod
    def round_clock(self) -> tuple:
        """(seconds a timed decision gets, pause budget), (0, 0) when untimed."""

    @abstractmethod
    def clocked_players(self) -> tuple:
        """The players the round clock runs for at the live position."""

    @abstractmethod
    def parse_move(self, text: str) -> Move:
        """The game's move for `text` (MoveParseError when it names none)."""

    @property
    def human_players(self) -> list:
        return human_players_of(self.seats)

    @property
    def players_here(self) -> list:
        """The human players who act on this device (a table on several devices: not
        the seats of the other devices)."""
        return self.human_players

    @property
    def training_mode(self) -> bool:
        """One human against computers: undo is free (as `Match.training_mode`)."""
        return len(self.human_players) == 1

    # --- what one seat may do ------------------------------------------------------
    @abstractmethod
    def undo_landings(self, seat: int) -> list:
        """How many moves successive undos by `seat` would leave, nearest first."""

    def can_undo(self, seat: int) -> bool:
        return bool(self.undo_landings(seat))

    @abstractmethod
    def can_redo(self) -> bool: ...

    @abstractmethod
    def timeout_move(self, seat: int) -> Optional[Move]:
        """What the game plays for `seat` when its time runs out (None: nothing)."""

    # --- acting (each raises GameError when the rules refuse, changing nothing) -------
    @abstractmethod
    def play(self, seat: int, move: Any) -> None:
        """Plays a move (object or text) for `seat`."""

    @abstractmethod
    def resign(self, seat: int) -> None: ...

    @abstractmethod
    def undo(self, seat: int) -> int:
        """Takes back one group of moves for `seat`; how many moves it took back."""

    @abstractmethod
    def redo(self) -> int: ...

    @abstractmethod
    def count_hint(self, seat: int) -> None:
        """`seat` used a hint (the record and the results count them)."""

    # --- the record ----------------------------------------------------------------
    @abstractmethod
    def record(self) -> dict:
        """The record this device may export (a host's: the whole game)."""

    @abstractmethod
    def save_to(self, saves: Any, save_id: str, expected: Optional[str]) -> str:
        """Writes what this device keeps of the match through `saves`
        (`ui.storage.SaveStore`), checking that storage still holds `expected`;
        returns the text written. Storage errors pass through."""

    # --- changes ------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Calls `listener(made_here)` after every change; returns the unsubscriber."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def _changed(self, made_here: bool = True) -> None:
        for listener in list(self._listeners):
            listener(made_here)

    def log_entries(self) -> list:
        """The history's entries (player, automatic, is_resignation), one object per entry
        while it stays the same (an undo or a redo replaces it: the log's cache key): a
        session with full access gives its match's; another gives what it may know."""
        full = self.full_access()
        return list(full.entries) if full is not None else []

    # --- seeing everything ---------------------------------------------------------
    def full_access(self) -> Optional[FullAccess]:
        """The whole match with every secret, when this device holds it (else None)."""
        return None


def same_decision(session: MatchSession, start: int) -> bool:
    """Whether the live position is still the decision that was open after
    `start` moves: every move since came from a different player who had to
    act then, and exactly they have left `to_move()`. (After a turn, or when
    a simultaneous round resolves, the players to act come back: a new one.)
    Public facts only, so any session answers it."""
    count = session.move_count
    if start > count:
        return False
    opened = set(session.position(start).to_move())
    if not opened:
        return False
    movers = set()
    for index in range(start, count):
        facts = session.move_facts(index)
        if facts.resignation:
            continue  # the resigner's automatic move follows and counts
        if facts.player in movers or facts.player not in opened:
            return False
        movers.add(facts.player)
    to_move = set(session.position().to_move())
    return bool(to_move) and to_move == opened - movers


def decision_opened(session: MatchSession) -> int:
    """How many moves were played when the decision now open began: in a
    simultaneous round, before anyone of it chose (so others' secret choices
    of the same round stay unseen)."""
    opened = session.move_count
    while opened > 0 and same_decision(session, opened - 1):
        opened -= 1
    return opened
