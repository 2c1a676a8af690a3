"""A guest's side of a table played on several devices (issue 31).

Pure Python, like `host.py`. A guest keeps only what it was shown: per seat it holds, the
latest view, its legal moves and the history as described for that seat (who played,
how, and the log lines), and the live position's public facts. It never has the seed, the record or
another seat's secrets, so a guest alone cannot carry a game on: only the host's save can.

`receive` takes a text from the host's link and returns a `GuestReceipt`: texts to send
back, and what happened (welcomed, a seat updated, a move refused, the host said bye).
`snapshot`/`restore` keep the pairing across a reload so the guest can `rejoin`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import wire
from .wire import GUEST, Endpoint, WireError


@dataclass(frozen=True)
class Refusal:
    move_id: str
    seat: int | None
    move: str | None
    reason: str
    params: dict


@dataclass(frozen=True)
class GuestReceipt:
    replies: tuple[str, ...] = ()
    welcomed: bool = False
    updated_seats: tuple[int, ...] = ()
    refusals: tuple[Refusal, ...] = ()
    bye: str | None = None
    error: WireError | None = None
    presence: bool = False  # who is at the table changed
    clock: bool = False  # the host sent its round clock
    delivered: bool = False  # numbered messages were delivered: there is something new to keep
    owed_ack: bool | None = None  # their acknowledgement (its `resend`), to send once kept: `acknowledge`


@dataclass
class GuestTable:
    name: str
    new_move_id: Callable[[], str]
    endpoint: Endpoint = field(default_factory=lambda: Endpoint(GUEST))
    token: str | None = None
    match_id: str | None = None
    seats: tuple[int, ...] = ()
    game_id: str | None = None
    settings: dict = field(default_factory=dict)
    players: list = field(default_factory=list)  # name, place and presence of every seat
    views: dict[int, dict] = field(default_factory=dict)
    entries: dict[int, list] = field(default_factory=dict)  # per seat: the history as described for it
    position: dict = field(default_factory=dict)  # the live position's public facts (wire.POSITION)
    legal: dict[int, list | None] = field(default_factory=dict)  # per seat: its legal move texts, if sent
    clock: dict | None = None  # the host's round clock as last sent (wire "clock"); not kept across a reload
    resyncing: bool = False  # asked the host for whole views and histories, none come yet
    # The last moves sent, to say which one a refusal is about: id -> (seat, move text).
    sent_moves: dict[str, tuple[int, str]] = field(default_factory=dict)

    # --- what the guest sends ------------------------------------------------------------
    def hello(self, seats: tuple[int, ...] = ()) -> str:
        return self.endpoint.send("hello", {"name": self.name, "seats": list(seats)})

    def rejoin(self) -> str:
        if self.token is None:
            raise WireError(wire.BAD_SNAPSHOT, "this device has not joined a table")
        return self.endpoint.send("rejoin", {"token": self.token})

    def play(self, seat: int, move_text: str) -> str:
        """The text asking the host to play a move for one of this device's seats."""
        if seat not in self.seats:
            raise WireError(wire.BAD_FIELD, f"seat {seat} is not this device's", field="seat")
        move_id = self.new_move_id()
        seen = self.position["count"] if self.position else 0
        text = self.endpoint.send("move", {"id": move_id, "seat": seat, "move": move_text, "seen": seen})
        self.sent_moves[move_id] = (seat, move_text)
        while len(self.sent_moves) > wire.HOLD_WINDOW:
            del self.sent_moves[next(iter(self.sent_moves))]
        return text

    def pause(self, seat: int, on: bool) -> str:
        """The text asking the host to pause the clock on one of this device's seats (or resume it)."""
        if seat not in self.seats:
            raise WireError(wire.BAD_FIELD, f"seat {seat} is not this device's", field="seat")
        return self.endpoint.send("pause", {"seat": seat, "on": on})

    def moves_in_flight(self) -> int:
        """Moves sent that the host has not yet acknowledged (it acts on a move as it delivers it)."""
        return sum(1 for _seq, kind, _body in self.endpoint.outbox.unacknowledged() if kind == "move")

    def leave(self, reason: str = "bye.left") -> str:
        return self.endpoint.send("bye", {"reason": reason})

    # --- what the host sends -------------------------------------------------------------
    def receive(self, data: Any, *, acknowledge: bool = True) -> GuestReceipt:
        """What a text from the host brings. `acknowledge` False: its acknowledgement is not among
        the replies (a device that keeps what came sends `acknowledge(receipt.owed_ack)` after)."""
        receipt = self.endpoint.receive(data, acknowledge=acknowledge)
        welcomed, presence, clock, updated, refusals, bye = False, False, False, [], [], None
        error = receipt.error
        asks: tuple[str, ...] = ()
        for message in receipt.delivered:
            body = message.body
            if message.kind == "welcome":
                if self.token is not None and body["token"] != self.token:
                    # A host that does not know our token again: it is another table.
                    return GuestReceipt(receipt.replies, error=WireError(wire.BAD_FIELD, "another table's welcome"))
                self.token, self.match_id, self.seats = body["token"], body["match"], tuple(body["seats"])
                self.game_id, self.settings = body["game"], body["settings"]
                welcomed = True
            elif message.kind == "table":
                self.players = body["players"]
                presence = True
            elif message.kind == "update":
                seat = body["seat"]
                if seat not in self.seats:
                    continue  # never ours: keep nothing of it
                entries = self.entries.setdefault(seat, [])
                turn = body["turn"]
                try:
                    view = self._view_of(seat, body)
                    if turn > len(entries):  # never leave a hole in the history
                        raise WireError(wire.OUT_OF_SYNC, f"entries from {turn}, {len(entries)} held")
                except WireError as out_of_step:
                    # Not the copy the host thinks this device has (cannot happen with in-order
                    # delivery of what was kept): ask once for the whole views and histories.
                    error = out_of_step
                    if not self.resyncing:
                        self.resyncing, asks = True, (self.endpoint.send("resync", {}),)
                    continue
                if body["view_patch"] is None:
                    self.resyncing = False
                del entries[turn:]
                entries.extend(body["entries"])
                del entries[body["position"]["count"]:]  # an undo on the host shortened the history
                self.views[seat] = view
                self.position = body["position"]
                self.legal[seat] = body["legal"]
                updated.append(seat)
            elif message.kind == "clock":
                self.clock, clock = body, True
            elif message.kind == "refused":
                seat, move = self.sent_moves.pop(body["id"], (None, None))
                refusals.append(Refusal(body["id"], seat, move, body["reason"], body["params"]))
            elif message.kind == "bye":
                bye = body["reason"]
        # Welcomed back: what the host may have missed while the link was down goes again.
        replies = receipt.replies + (tuple(self.endpoint.unacknowledged()) if welcomed else ()) + asks
        return GuestReceipt(replies, welcomed, tuple(dict.fromkeys(updated)), tuple(refusals), bye,
                            error, presence, clock, bool(receipt.delivered), receipt.owed_ack)

    def acknowledge(self, resend: bool = False) -> str:
        """The acknowledgement of what was delivered (and kept, when the device keeps it: `kept`)."""
        return self.endpoint.send("ack", {"resend": resend})

    def kept(self, snapshot: dict) -> None:
        """`snapshot()`'s output was written to storage: acknowledgements may say what it holds."""
        self.endpoint.kept = snapshot["link"]["delivered"]

    def _view_of(self, seat: int, body: dict) -> Any:
        """The seat's view an update brings: whole, or the one held here patched."""
        if body["view_patch"] is None:
            return body["view"]
        if seat not in self.views:
            raise WireError(wire.OUT_OF_SYNC, "a view patch with no view to patch")
        return wire.apply_view_patch(self.views[seat], body["view_patch"])

    @property
    def logs(self) -> dict[int, list]:
        """Per seat, its log lines in order (every entry's lines)."""
        return {seat: [line for entry in entries for line in entry["lines"]] for seat, entries in self.entries.items()}

    def resend(self) -> list[str]:
        """After a reconnect: what the host may not have received."""
        return self.endpoint.unacknowledged()

    # --- across a reload -----------------------------------------------------------------
    def snapshot(self) -> dict:
        return {"name": self.name, "token": self.token, "match": self.match_id, "seats": list(self.seats),
                "game": self.game_id, "settings": self.settings, "players": self.players,
                "views": {str(seat): view for seat, view in self.views.items()},
                "entries": {str(seat): entries for seat, entries in self.entries.items()},
                "position": self.position or None,
                "legal": {str(seat): legal for seat, legal in self.legal.items()},
                "link": self.endpoint.snapshot()}

    @classmethod
    def restore(cls, data: Any, new_move_id: Callable[[], str]) -> GuestTable:
        """A guest from `snapshot()`'s output, read back from storage and checked like a message."""
        try:
            wire.record(name=wire.NAME, token=wire.TOKEN, match=wire.MOVE_ID, seats=wire.SEATS, game=wire.GAME_ID,
                        settings=wire.json_value, players=wire.list_of(wire.PLAYER, wire.MAX_SEATS),
                        views=wire.json_value, entries=wire.json_value, position=wire.nullable(wire.POSITION),
                        legal=wire.json_value, link=wire.json_value)(data, "guest")
            if not isinstance(data["settings"], dict):
                raise WireError(wire.BAD_SNAPSHOT, "the saved settings are damaged")
            seats = tuple(data["seats"])
            views, entries, legal = {}, {}, {}
            for key, view in data["views"].items():
                seat = _seat_key(key, seats)
                if not isinstance(view, dict):
                    raise WireError(wire.BAD_SNAPSHOT, "a saved view is damaged")
                views[seat] = view
            if not isinstance(data["entries"], dict) or not isinstance(data["legal"], dict):
                raise WireError(wire.BAD_SNAPSHOT, "the saved history is damaged")
            for key, seat_entries in data["entries"].items():
                wire.list_of(wire.ENTRY, 1_000_000)(seat_entries, "guest.entries")
                entries[_seat_key(key, seats)] = seat_entries
            for key, texts in data["legal"].items():
                wire.nullable(wire.list_of(wire.MOVE_TEXT, wire.MAX_LEGAL))(texts, "guest.legal")
                legal[_seat_key(key, seats)] = texts
            endpoint = Endpoint.restore(data["link"])
            if endpoint.role != GUEST:
                raise WireError(wire.BAD_SNAPSHOT, "the saved link is not a guest's")
        except WireError as error:
            raise WireError(wire.BAD_SNAPSHOT, f"the saved table is damaged: {error}") from None
        return cls(data["name"], new_move_id, endpoint, data["token"], data["match"], seats, data["game"],
                   data["settings"], data["players"], views, entries, data["position"] or {}, legal)


def _seat_key(key: str, seats: tuple[int, ...]) -> int:
    if not (key.isdigit() and len(key) <= 2 and int(key) in seats):
        raise WireError(wire.BAD_SNAPSHOT, "a saved seat is not this device's")
    return int(key)
