"""A match hosted on another device, as this guest device sees it: a `MatchSession`.

The app draws a guest's table from this session exactly as it draws a local one
(core/session.py): every answer comes from what the host sent this device's seats
(`GuestTable`: each seat's view, legal moves and history as described for it, and the
live position's public facts). It holds no `State`, no record and no seed, so
`full_access()` is None and nothing here can show another seat's secret.

What a guest may do, in this version:
- play and resign for its own seats: the text goes to the host, whose engine checks it;
  the session changes only when the host's update comes back (`receive`);
- no undo or redo: a guest's Undo is disabled (`undo_landings` is empty) and the host
  keeps the match's one history; the host's undos reach the guest as a shorter history;
- no record of its own: the game can go on only from the host's save;
- replay: each earlier position shows its public facts (who was to act, the scores),
  and the nearest view of its own seats this device saw at or before it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Optional

from ..core.match import AI, HUMAN, Seat
from ..core.protocol import GameError, IllegalMoveError, Move, NotYourTurnError, Settings
from ..core.records import RESIGN_TEXT
from ..core.session import MatchSession, MoveFacts, Position
from .guest import GuestReceipt, GuestTable

NO_UNDO = "net.guest_undo"  # a guest's undo: not offered in this version
NO_RECORD = "net.guest_record"  # a guest keeps no record: only the host's save goes on


class RemotePosition(Position):
    """One position as this device knows it: public facts, and its own seats' views."""

    def __init__(self, at: int, to_move: Sequence[int], mode: str, scores: Sequence, views: dict, legal: dict,
                 parse: Callable[[str], Move]):
        self.at = at
        self._to_move, self._mode, self._scores = tuple(to_move), mode, list(scores)
        self._views, self._legal, self._parse = views, legal, parse

    def to_move(self) -> tuple:
        return self._to_move

    def acting_mode(self) -> str:
        return self._mode

    def scores(self) -> list:
        return list(self._scores)

    def view(self, viewer: Optional[int]) -> dict:
        """A held seat's view; any other viewer gets the first held seat's (all this device may see)."""
        if viewer in self._views:
            return self._views[viewer]
        return next(iter(self._views.values()), {})

    def legal_moves(self, player: int) -> list:
        texts = self._legal.get(player) if player in self._to_move else None
        return [self._parse(text) for text in texts or ()]


@dataclass(eq=False)
class RemoteEntry:
    """A log entry as a guest has it (the fields the app reads of a `core.match.Entry`;
    never the move nor its chance: the host's lines say what this device may know)."""

    player: int
    automatic: bool
    is_resignation: bool


class RemoteMatchSession(MatchSession):
    """A guest's session: `table` holds what the host sent; `send` carries a text to the host;
    `games`: the games by id (the host's welcome names the match's)."""

    def __init__(self, games, table: GuestTable, send: Callable[[str], None]):
        super().__init__()
        self.games = games
        self.table = table
        self.send = send
        # Keeps what the host sent on this device (its pairing), before it is acknowledged (the app's).
        self.keep: Callable[[], None] = lambda: None
        # Runs a callable in a later task of the page's (the app's browser sets it): what came is
        # drawn first, and kept and acknowledged after, off the path to the move on screen.
        self.later: Callable[[Callable[[], None]], None] = lambda run: run()
        self._unsettled: Optional[list] = None  # replies waiting for that keep, while it is due
        self._owed_ack: Optional[bool] = None  # the acknowledgement owed after it (its `resend`)
        self._keep_due = False
        self.refusals: list = []  # the host's refusals of this device's moves, newest last
        self.host_left: Optional[str] = None  # the host's "bye" reason, once it has said it
        self.welcomed = False  # the host welcomed this session (a saved pairing is not enough)
        self._seats: list = []
        self._seats_from: Optional[list] = None  # the table's players list `_seats` was made from
        self._views_at: dict[int, dict] = {}  # move count -> {seat: view}, as seen here (for replay)
        self._log_entries: dict[int, tuple] = {}  # index -> (entry body, RemoteEntry): one object per entry
        # Seats whose move went to the host, with the move count then: such a seat is not
        # here to act again until the host answers (an update, a refusal), so the app sends
        # no second move (a forced pass played again while the first is on its way).
        self.awaiting: dict[int, int] = {body["seat"]: self.move_count for _seq, kind, body
                                          in table.endpoint.outbox.unacknowledged() if kind == "move"}
        self._remember_views()

    @property
    def game(self):
        return self.games[self.table.game_id]

    def log_entries(self) -> list:
        """The history's entries as objects that stay the same while the entry does."""
        entries = self._entries()[: self.move_count]
        result = []
        for index, body in enumerate(entries):
            kept = self._log_entries.get(index)
            if kept is None or kept[0] is not body:
                kept = (body, RemoteEntry(body["player"], body["automatic"], body["resignation"]))
                self._log_entries[index] = kept
            result.append(kept[1])
        return result

    # --- what the host sends ----------------------------------------------------------
    def receive(self, data: Any) -> GuestReceipt:
        """One text from the host's link: what it brought is kept, then the replies and the
        acknowledgement go back; listeners hear of any change."""
        receipt = self.table.receive(data, acknowledge=False)
        if receipt.welcomed or receipt.delivered or receipt.replies or receipt.owed_ack is not None:
            self._settle_later(receipt)
        if receipt.updated_seats:
            self._remember_views()
        refused = {refusal.seat for refusal in receipt.refusals}
        self.awaiting = {seat: count for seat, count in self.awaiting.items()
                         if count == self.move_count and seat not in refused and None not in refused}
        self.refusals.extend(receipt.refusals)
        del self.refusals[:-8]
        self.welcomed = self.welcomed or receipt.welcomed
        if receipt.bye is not None:
            self.host_left = receipt.bye
        if receipt.welcomed or receipt.updated_seats or receipt.presence or receipt.clock or receipt.refusals \
                or receipt.bye:
            self._changed(made_here=False)
        return receipt

    def _settle_later(self, receipt: GuestReceipt) -> None:
        """What came is kept, then the replies and the acknowledgement go, in that order, in one
        later task for every text that came before it (one write for them all)."""
        first = self._unsettled is None
        self._unsettled = (self._unsettled or []) + list(receipt.replies)
        if receipt.owed_ack is not None:
            self._owed_ack = bool(self._owed_ack) or receipt.owed_ack
        if receipt.welcomed or receipt.delivered:
            self._keep_due = True
        if first:
            self.later(self.settle)

    def settle(self) -> None:
        """Does at once what `receive` left for later (nothing when it is done)."""
        replies, owed, keep = self._unsettled or [], self._owed_ack, self._keep_due
        self._unsettled, self._owed_ack, self._keep_due = None, None, False
        if keep:
            self.keep()
        for reply in replies:
            self.send(reply)
        if owed is not None:
            self.send(self.table.acknowledge(owed))

    def _remember_views(self) -> None:
        if self.table.position and self.table.views:
            self._views_at[self.table.position["count"]] = dict(self.table.views)

    @property
    def ready(self) -> bool:
        """Welcomed, told who plays, and sent every held seat's view: the table can be drawn."""
        table = self.table
        return self.welcomed and bool(table.token and table.players and table.position) and all(
            seat in table.views for seat in table.seats)

    @property
    def here(self) -> tuple:
        return tuple(self.table.seats)

    # --- what every seat may know --------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.game.id

    @property
    def settings(self) -> Settings:
        return self.game.validate_settings(Settings.from_json(self.table.settings))

    @property
    def seats(self) -> list:
        """The seats as the host's last table message names them. Made once per message (a
        redraw reads them about ten times, and each Seat cleans its name); a copy of the list."""
        players = self.table.players
        if self._seats_from is not players:
            self._seats = [Seat(player["name"], AI if player["place"] == "computer" else HUMAN,
                                "medium" if player["place"] == "computer" else "", player["color"])
                           for player in players]
            self._seats_from = players
        return list(self._seats)

    @property
    def players_here(self) -> list:
        """This device's seats, but not one awaiting the host's answer to its move."""
        return [seat for seat in self.table.seats if seat not in self.awaiting]

    def _entries(self, seat: Optional[int] = None) -> list:
        """The history as described for `seat` (another seat, or None: the first held seat)."""
        seats = self.table.seats
        if seat is None or seat not in seats:
            if not seats:
                return []
            seat = seats[0]
        return self.table.entries.get(seat, [])

    @property
    def move_count(self) -> int:
        """Moves this device has every held seat's description of (an update may come in parts)."""
        count = self.table.position.get("count", 0)
        return min([count] + [len(self.table.entries.get(seat, ())) for seat in self.table.seats])

    def move_facts(self, index: int) -> MoveFacts:
        entry = self._entries()[index]
        return MoveFacts(entry["player"], entry["automatic"], entry["resignation"])

    def describe_entry(self, index: int, viewer: Optional[int]) -> list:
        """The lines the host described for `viewer`'s seat (another viewer: the first held seat's)."""
        return [(line["key"], dict(line["params"])) for line in self._entries(viewer)[index]["lines"]]

    def move_forced(self, index: int, viewer: Optional[int]) -> bool:
        """As the host said for `viewer`'s seat (another viewer: the first held seat's)."""
        return self._entries(viewer)[index]["forced"]

    def position(self, at: Optional[int] = None) -> Position:
        count = self.move_count
        at = count if at is None or at > count else at
        if at == count:
            live = self.table.position
            return RemotePosition(at, live.get("to_move", ()), live.get("mode", "turn"), live.get("scores", ()),
                                  dict(self.table.views), dict(self.table.legal), self.game.parse_move)
        entry = self._entries()[at]
        seen = [moves for moves in self._views_at if moves <= at]
        views = self._views_at[max(seen)] if seen else self._views_at.get(min(self._views_at, default=-1), {})
        return RemotePosition(at, entry["to_move"], entry["mode"], entry["scores"], views, {}, self.game.parse_move)

    @property
    def is_over(self) -> bool:
        return self.status != "playing"

    @property
    def status(self) -> str:
        return self.table.position.get("status", "playing")

    @property
    def resigners(self) -> list:
        return list(self.table.position.get("resigners", ()))

    @property
    def undo_count(self) -> int:
        return self.table.position.get("undos", 0)

    @property
    def hints_used(self) -> list:
        return list(self.table.position.get("hints", ())) or [0] * len(self.table.players)

    def final_places(self) -> list:
        return list(self.table.position.get("places", ()))

    def round_clock(self) -> tuple:
        return self.game.round_clock(self.settings)  # the settings' clock: the host runs it (`host_clock`)

    @property
    def host_clock(self) -> Optional[dict]:
        """The host's round clock as it last sent it (wire "clock"), or None."""
        return self.table.clock

    def clocked_players(self) -> tuple:
        return tuple(self.table.position.get("clocked", ()))

    def parse_move(self, text: str) -> Move:
        return self.game.parse_move(text)

    # --- what one seat may do -------------------------------------------------------------
    def undo_landings(self, seat: int) -> list:
        return []  # the host keeps the one history: a guest does not undo (module docstring)

    def can_redo(self) -> bool:
        return False

    def timeout_move(self, seat: int) -> Optional[Move]:
        return None  # the host's clock decides

    # --- acting ---------------------------------------------------------------------------
    def _check_seat(self, seat: int) -> None:
        if seat not in self.table.seats:
            raise NotYourTurnError(f"seat {seat + 1} is not this device's", "net.not_your_seat", seat=seat + 1)
        if self.is_over:
            raise IllegalMoveError("the game is over", "core.game_over")
        if self.host_left is not None:
            raise GameError("the host has left", "net.host_gone")

    def play(self, seat: int, move: Any) -> None:
        """Sends a move for one of this device's seats; the host's update applies it. A move
        this device already knows to be illegal is refused here, with nothing sent."""
        self._check_seat(seat)
        text = self.game.parse_move(move).text if isinstance(move, str) else move.text
        position = self.position()
        if seat not in position.to_move():
            raise NotYourTurnError(f"it is not player {seat + 1}'s turn", "core.not_your_turn", player=seat + 1)
        legal = self.table.legal.get(seat)
        if legal is not None and text not in legal:
            raise IllegalMoveError(f"{text} is not allowed now", "core.illegal_now", move=text)
        self._send_move(seat, text)

    def resign(self, seat: int) -> None:
        self._check_seat(seat)
        self._send_move(seat, RESIGN_TEXT)

    def _send_move(self, seat: int, text: str) -> None:
        self.send(self.table.play(seat, text))
        self.awaiting[seat] = self.move_count

    def undo(self, seat: int) -> int:
        raise GameError("a guest cannot undo: the host keeps the history", NO_UNDO)

    def redo(self) -> int:
        raise GameError("a guest cannot redo: the host keeps the history", NO_UNDO)

    def count_hint(self, seat: int) -> None:
        pass  # hints need the whole match: not offered to a guest

    # --- the record -------------------------------------------------------------------------
    def record(self) -> dict:
        raise GameError("a guest has no record of the match: only the host's save can go on", NO_RECORD)

    def save_to(self, saves: Any, save_id: str, expected: Optional[str]) -> str:
        raise GameError("a guest keeps its pairing, not a save", NO_RECORD)

    def snapshot(self) -> dict:
        """What this device keeps across a reload (its pairing, views and history as seen)."""
        return self.table.snapshot()
