"""The match on this device, with its save: the first `MatchSession` (core/session.py).

This is the only UI module that holds a `Match`. It is today's single-device
play (hotseat, or against the computer): every seat is here, so the app may
also see everything through the explicit `full_access()` capability, which
the computer players and hints use. `HostedMatchSession` is the same
match opened to guests on other devices (issue 31). Saves go through `SaveStore`
(`ui/storage.py`); replaying a record into a match happens here too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Optional

from ..core.match import HUMAN, SEAT_COLOURS, Match
from ..core.protocol import GameError, Move, RecordError
from ..core.session import FullAccess, MatchSession, MoveFacts, Position, StatePosition
from ..net.authority import SessionAuthority
from ..games import registry
from ..net.host import HostTable, Outgoing


def only_move(position: Position, player: int, ui) -> bool:
    """Whether `player` has a single move at `position`, of a kind the game lets the
    app play by itself (`ui`: the game's GameUI, `auto_play_forced`)."""
    if player not in position.to_move():
        return False
    moves = position.legal_moves(player)
    return len(moves) == 1 and ui.auto_play_forced(moves[0])


def give_seats_distinct_colours(seats: list) -> None:
    """A record may leave a seat's colour empty or repeat one (records from
    elsewhere, older saves): every seat then takes the first free colour, so
    no two players ever look alike on the table."""
    taken = set()
    for seat in seats:
        if seat.color in taken or seat.color not in SEAT_COLOURS:
            held = taken | {other.color for other in seats if other is not seat}
            seat.color = next((c for c in SEAT_COLOURS if c not in held), seat.color)
        taken.add(seat.color)


def replay_record(record: dict, games) -> Match:
    """Match.from_record, with every failure turned into a RecordError; the
    seats' colours made distinct."""
    try:
        match = Match.from_record(record, games)
        give_seats_distinct_colours(match.seats)
        return match
    except RecordError:
        raise
    except GameError as error:
        raise RecordError(str(error), error.code, **error.params) from None
    except Exception as error:  # a record must never crash the app, whatever it holds
        raise RecordError(f"it cannot be replayed ({type(error).__name__})", "import.unreadable") from None


class LocalMatchSession(MatchSession):
    """A match played on this device: every seat is here."""

    def __init__(self, match: Match):
        super().__init__()
        self.match = match  # this module's own: the app reaches it only through full_access()

    # --- opening ---------------------------------------------------------------
    @classmethod
    def start(cls, game, settings, seed: int, seats: list) -> "LocalMatchSession":
        return cls(Match(game, settings, seed, seats))

    @classmethod
    def load(cls, saves, save_id: str) -> "LocalMatchSession":
        """The saved game `save_id` (RecordError, StorageReadError say why not)."""
        return cls(saves.load(save_id))

    @classmethod
    def imported(cls, saves, text: str) -> tuple:
        """An exported record, checked, replayed and stored as a new save: (save id, session)."""
        save_id, match = saves.import_text(text)
        return save_id, cls(match)

    # --- what every seat may know ---------------------------------------------
    @property
    def game_id(self) -> str:
        return self.match.game.id

    @property
    def settings(self):
        return self.match.settings

    @property
    def seats(self) -> list:
        return self.match.seats

    @property
    def move_count(self) -> int:
        return len(self.match.entries)

    def move_facts(self, index: int) -> MoveFacts:
        entry = self.match.entries[index]
        return MoveFacts(entry.player, entry.automatic, entry.is_resignation)

    def describe_entry(self, index: int, viewer: Optional[int]) -> list:
        return self.match.describe_entry(index, viewer)

    def move_forced(self, index: int, viewer: Optional[int]) -> bool:
        if self.game_id not in registry.PACKAGES:
            return False  # a game the app does not list (a test's): the app plays nothing for it
        entry = self.match.entries[index]
        ui = registry.game_ui(self.game_id)
        if entry.automatic or entry.is_resignation or not ui.auto_play_forced(entry.move):
            return False
        before = StatePosition(self.match.state_before(index), index)
        return (viewer == entry.player or before.moves_are_public(entry.player)) \
            and only_move(before, entry.player, ui)

    def position(self, at: Optional[int] = None) -> Position:
        count = len(self.match.entries)
        at = count if at is None else at
        return StatePosition(self.match.state_before(at), at)

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    @property
    def status(self) -> str:
        return self.match.status

    @property
    def resigners(self) -> list:
        return self.match.resigners

    @property
    def undo_count(self) -> int:
        return self.match.undo_count

    @property
    def hints_used(self) -> list:
        return self.match.hints_used

    def final_places(self) -> list:
        return self.match.final_places()

    def round_clock(self) -> tuple:
        return self.match.game.round_clock(self.match.settings)

    def clocked_players(self) -> tuple:
        return tuple(self.match.game.clocked_players(self.match.state))

    def parse_move(self, text: str) -> Move:
        return self.match.game.parse_move(text)

    # --- what one seat may do ---------------------------------------------------
    def undo_landings(self, seat: int) -> list:
        return self.match.undo_landings(seat)

    def can_undo(self, seat: int) -> bool:
        return self.match.can_undo(seat)

    def can_redo(self) -> bool:
        return self.match.can_redo()

    def timeout_move(self, seat: int) -> Optional[Move]:
        return self.match.game.timeout_move(self.match.state, seat)

    # --- acting -------------------------------------------------------------------
    def play(self, seat: int, move: Any) -> None:
        self.match.play(seat, move)
        self._changed()

    def resign(self, seat: int) -> None:
        self.match.resign(seat)
        self._changed()

    def undo(self, seat: int) -> int:
        count = self.match.undo(seat)
        self._changed()
        return count

    def redo(self) -> int:
        count = self.match.redo()
        self._changed()
        return count

    def count_hint(self, seat: int) -> None:
        self.match.hints_used[seat] += 1
        self._changed()

    # --- the record -----------------------------------------------------------------
    def record(self) -> dict:
        return self.match.record()

    def save_to(self, saves, save_id: str, expected: Optional[str]) -> str:
        return saves.save(save_id, self.match, expected, check=True)

    # --- seeing everything ---------------------------------------------------------
    def full_access(self) -> FullAccess:
        """Every seat is on this device: the whole match (named, so that no
        viewer-facing code gets it by accident)."""
        return self.match


# --- a match on this device that guests on other devices join (issue 31) ----------------
# It is the local session (the match, its save, every secret for the computers that think
# here) with a `HostTable` (net/host.py) in front of the guests' links. After every change,
# whoever made it (a local human, a computer, a guest), the table sends each connected
# guest what changed for its seats; a guest's move reaches the match through the table,
# which checks the seat and the move id, and the app hears of it as a change made
# elsewhere (`made_here` False) and draws it. The transport is the app's (ui/devices.py):
# `send(link, text)` carries a text to a guest's link, and `receive(link, text)` takes one.

Send = Callable[[str, str], None]  # (link id, text)


class HostedMatchSession(LocalMatchSession):
    """The host's session: the local match, played from this device and from guests' devices."""

    def __init__(self, match: Match, match_id: str, remote_seats: Iterable[int], new_token: Callable[[], str],
                 send: Optional[Send] = None):
        super().__init__(match)
        self.authority = SessionAuthority(self, match_id, play=self._guest_plays, resign=self._guest_resigns)
        self.table = HostTable(self.authority, remote_seats, new_token)
        self.table.updates_after_move = False  # this session's listener sends them, one guest a task
        self.send: Send = send or (lambda _link, _text: None)
        # Called before any text goes out: the app keeps the save and the table (ui/hosting.py).
        self.before_send: Optional[Callable[[], None]] = None
        self._written: Optional[tuple] = None  # (save id, text, changes then) this session last wrote
        self._changes = 0  # how many changes the match has had: none since a write, nothing new to write
        # Runs a callable in a later task of the page's (the app's browser sets it): after a
        # change, each guest is sent it in a task of its own (the first guest at once when the
        # change was made here), so no one task describes it for six devices, nor both receives
        # a guest's move and describes it (issue 31's longest task).
        self.later: Callable[[Callable[[], None]], None] = lambda run: run()
        self._links_due: set = set()  # links whose task is waiting: it sends them the latest
        self._clock_due = False  # the clock's task is waiting: it sends the clock as it is then
        self.subscribe(self._send_changes)

    @property
    def remote_seats(self) -> tuple:
        return self.table.remote_seats

    @property
    def players_here(self) -> list:
        """The humans at this device: not the seats played on other devices."""
        return [p for p, seat in enumerate(self.seats) if seat.kind == HUMAN and p not in self.remote_seats]

    def save_to(self, saves, save_id: str, expected: Optional[str]) -> str:
        """A change is written before the guests hear of it (ui/hosting.py); the app's autosave
        after a move at this device then finds that very text stored, and writes nothing again."""
        if expected is not None and self._written == (save_id, expected, self._changes):
            return expected
        text = super().save_to(saves, save_id, expected)
        self._written = (save_id, text, self._changes)
        return text

    def _changed(self, made_here: bool = True) -> None:
        self._changes += 1  # before the listeners, which write the save
        super()._changed(made_here)

    # --- a guest's moves: changes made elsewhere ---------------------------------------
    def _guest_plays(self, seat: int, text: str) -> None:
        self.match.play(seat, text)
        self._changed(made_here=False)

    def _guest_resigns(self, seat: int) -> None:
        self.match.resign(seat)
        self._changed(made_here=False)

    # --- the links ----------------------------------------------------------------------
    def _send_changes(self, made_here: bool) -> None:
        links = [link for link in self.table.links if link not in self._links_due]
        if made_here and links:
            # A move made on this device reaches the first guest before this device draws it
            # (issue 31's latency: one guest's update is a new entry described, a millisecond or
            # two); the others wait for tasks of their own.
            self._flush(self.table.refresh(links[:1]))
            links = links[1:]
        for link in links:
            self._links_due.add(link)
            self.later(lambda link=link: self._send_due(link))

    def _send_due(self, link: str) -> None:
        self._links_due.discard(link)
        if link in self.table.links:
            self._flush(self.table.refresh([link]))

    def _flush(self, outgoing: list[Outgoing]) -> None:
        if outgoing and self.before_send is not None:
            self.before_send()
        for link, text in outgoing:
            self.send(link, text)

    def receive(self, link: str, text: str) -> bool:
        """One text from a guest's link (never raises: what is refused becomes an incident).
        True when it changed who is at the table or the clock (`Received.news`)."""
        received = self.table.receive(link, text)
        self._flush(received.outgoing)
        return received.news

    def link_closed(self, link: str) -> None:
        self._flush(self.table.close_link(link))
        self._changed(made_here=False)  # who is connected changed: the host's screen says so

    def share_clock(self) -> None:
        """The round clock may have changed (more than its times): the guests are told, in a task
        of its own (it is asked for as the host redraws a change)."""
        if not self._clock_due:
            self._clock_due = True
            self.later(self._share_clock_due)

    def _share_clock_due(self) -> None:
        self._clock_due = False
        self._flush(self.table.share_clock())

    def connected(self, seat: int) -> bool:
        return self.table.is_connected(seat)

    def close(self) -> None:
        """The host stops hosting: every connected guest is told."""
        self._flush(self.table.close())
