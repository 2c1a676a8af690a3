"""The host's side of a table played on several devices (issue 31).

Pure Python: it runs in the host's Pyodide and under CPython in the tests. The host's
match is the only authority; `HostTable` stands between it and the guests' links:

- it binds each link to a guest after a `hello` (new guest: fresh seats and a token) or a
  `rejoin` (a known token: the same seats, the same numbered stream resumed);
- it applies a guest's `move` only for that guest's own seats, once per move id, through
  the authority (which checks it with the engine), and answers `refused` otherwise;
- after every change it sends each connected guest, per seat it holds, that seat's view,
  the history's entries with the log lines described for that seat, the live position's
  public facts and the seat's legal moves: nothing else about the match crosses the wire;
- whatever a guest sends that cannot be used is refused, kept as an `Incident` for the
  host's log, and never raised.

The transport is not here: `receive` takes a text from a link and returns the texts to
send, each with the link it goes to, and whether who is at the table changed (`Received`).
The app passes the texts to `web/net/link.mjs`.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Optional, Protocol

from ..core.records import RESIGN_TEXT
from . import wire
from .wire import GUEST, HOST, Endpoint, MoveLedger, WireError

# Refusal reasons a guest is told (message keys its screen shows).
NOT_YOUR_SEAT = "net.not_your_seat"
SEAT_TAKEN = "net.seat_taken"
NO_FREE_SEAT = "net.no_free_seat"
UNKNOWN_TOKEN = "net.unknown_token"
SAY_HELLO_FIRST = "net.say_hello_first"
ALREADY_JOINED = "net.already_joined"
MOVE_REFUSED = "net.move_refused"
VIEW_TOO_LARGE = "net.view_too_large"
HOST_CLOSED = "net.host_closed"
PAUSE_REFUSED = "net.pause_refused"
RESYNC_TOO_SOON = "net.resync_too_soon"
# A move chosen on a position its seat has moved on from (a reloaded guest catching up may
# play a forced move again that the host has had since): not applied, and nothing to report.
MOVE_OUTDATED = "net.move_outdated"
MAX_INCIDENTS = 200


class Authority(Protocol):
    """What the host's match session offers the table: per-viewer views and log lines, and
    public facts only (`net/authority.py`'s SessionAuthority is the app's)."""

    match_id: str
    game_id: str

    def seat_count(self) -> int: ...

    def settings(self) -> dict:
        """The match's settings as JSON (no seed: a guest never has it)."""

    def seat_names(self) -> list[str]: ...

    def seat_colours(self) -> list[str]: ...

    def computer_seats(self) -> set[int]: ...

    def view(self, seat: int) -> dict:
        """The engine's view for `seat`, as JSON."""

    def entry_marks(self) -> list:
        """One object per entry of the history, the same object while the entry stays the same
        (an undo or a redo replaces it). Kept on the host only: never sent."""

    def entries(self, seat: int, start: int = 0) -> list[dict]:
        """The history's entries from `start` on as `seat` may know them (`wire.ENTRY`): who
        played, how, the log lines described for `seat`, and the public facts of the position before."""

    def position(self) -> dict:
        """The live position's public facts (`wire.POSITION`)."""

    def legal(self, seat: int) -> list | None:
        """`seat`'s legal move texts, or None (not to act, or too many to send)."""

    def play(self, seat: int, move_text: str) -> None:
        """Plays a move for `seat`; raises `GameError` (with `code`, `params`) if refused."""


@dataclass(frozen=True)
class Incident:
    """Something a link sent that was refused or dropped: for the host's log."""
    link: str
    code: str
    detail: str = ""


@dataclass
class Guest:
    """One guest device: its token (its proof on a rejoin), its seats and its link's state."""
    token: str
    name: str
    seats: tuple[int, ...]
    endpoint: Endpoint = field(default_factory=lambda: Endpoint(HOST))
    # Per seat: the entries (by their marks), and the view, position and legal moves (as one text) last sent;
    # and the view the stream last carried (as JSON reads it back), which the next one patches.
    sent_marks: dict[int, list] = field(default_factory=dict)  # the authority's `entry_marks()`
    sent_live: dict[int, str] = field(default_factory=dict)
    sent_views: dict[int, Any] = field(default_factory=dict)
    # An update went since the last resync was answered: a guest asks for a resync only when an
    # update does not fit its copy, so one more may be answered (any other is refused).
    may_resync: bool = True
    left: bool = False  # said bye: left the table on purpose (its seats stay its own, to rejoin)

    def forget_what_was_sent(self) -> None:
        """The next updates carry every seat's whole view and history (a guest out of step)."""
        self.sent_marks.clear()
        self.sent_live.clear()
        self.sent_views.clear()


Outgoing = tuple[str, str]  # (link id, text)


@dataclass(frozen=True)
class Received:
    """What one text from a link brings: the texts to send, and whether it changed who is at the
    table or the clock (a hello, a rejoin, a bye, a pause), which the host's screen shows. An
    acknowledgement, a ping or a refused text changes nothing shown, and a move tells the
    session's listeners itself."""
    outgoing: list[Outgoing]
    news: bool = False


class HostTable:
    """Guests, their seats and links, in front of one authoritative match."""

    def __init__(self, authority: Authority, remote_seats: Iterable[int], new_token: Callable[[], str]):
        self.authority = authority
        self.remote_seats = tuple(sorted(set(remote_seats)))
        if any(not 0 <= seat < authority.seat_count() for seat in self.remote_seats):
            raise ValueError("a remote seat is not a seat of the match")
        self.new_token = new_token
        self.guests: dict[str, Guest] = {}  # by token
        self.links: dict[str, str] = {}  # link id -> token of the guest it carries
        self.ledger = MoveLedger()
        self.incidents: deque[Incident] = deque(maxlen=MAX_INCIDENTS)
        # The round clock's `clock` body now (the app's: it runs the clock), or None: no clock in this game.
        self.clock_body: Callable[[], dict | None] = lambda: None
        self._clock_shape: Any = None  # what the clock last sent said, but the times
        # Pauses (True) or resumes (False) the clock for a guest's seat; False when it cannot (the app's).
        self.pause_clock: Callable[[int, bool], bool] = lambda _seat, _on: False
        # Whether a guest's move, once applied, is answered with every guest's updates. False: the
        # owner sends the updates after every change itself (a hosted session: one guest a task).
        self.updates_after_move = True

    # --- who is where ------------------------------------------------------------------
    def seat_holder(self, seat: int) -> Guest | None:
        return next((guest for guest in self.guests.values() if seat in guest.seats), None)

    def free_seats(self) -> list[int]:
        return [seat for seat in self.remote_seats if self.seat_holder(seat) is None]

    def connected_tokens(self) -> set[str]:
        return set(self.links.values())

    def is_connected(self, seat: int) -> bool:
        holder = self.seat_holder(seat)
        return holder is not None and holder.token in self.connected_tokens()

    def close_link(self, link: str) -> list[Outgoing]:
        """A link closed (sleep, reload, network): its guest keeps its seats and may rejoin.
        Returns the news for the others."""
        if self.links.pop(link, None) is None:
            return []
        return self.announce()

    def players(self) -> list[dict]:
        """Who plays at each seat, where, and whether their device is connected."""
        names, computers, connected = self.authority.seat_names(), self.authority.computer_seats(), \
            self.connected_tokens()
        colours = self.authority.seat_colours()
        players = []
        for seat, name in enumerate(names):
            holder = self.seat_holder(seat)
            if seat in self.remote_seats:
                here = holder is not None and holder.token in connected
                players.append({"name": holder.name if holder else name, "place": "guest", "connected": here,
                                "color": colours[seat], "left": holder is not None and holder.left and not here})
            else:
                players.append({"name": name, "place": "computer" if seat in computers else "host",
                                "connected": True, "color": colours[seat], "left": False})
        return players

    def announce(self) -> list[Outgoing]:
        """Tells every connected guest who is at the table now."""
        body = {"players": self.players()}
        return [(link, self.guests[token].endpoint.send("table", body)) for link, token in self.links.items()]

    # --- the round clock -------------------------------------------------------------------
    def share_clock(self) -> list[Outgoing]:
        """Tells every connected guest the clock, when more than its times changed (a guest counts
        the seconds down itself from what it was last sent)."""
        body = self.clock_body()
        shape = None if body is None else {name: value for name, value in body.items()
                                           if name not in ("lefts", "pause_left")}
        if shape == self._clock_shape:
            return []
        self._clock_shape = shape
        if body is None:
            return []
        return [(link, self.guests[token].endpoint.send("clock", body)) for link, token in self.links.items()]

    # --- changes in the match ------------------------------------------------------------
    def refresh(self, links: Optional[Iterable[str]] = None) -> list[Outgoing]:
        """After any change in the match: sends every connected guest (or those on `links`)
        what changed for its seats."""
        outgoing: list[Outgoing] = []
        for link, token in list(self.links.items()):
            if links is not None and link not in links:
                continue
            guest = self.guests[token]
            for seat in guest.seats:
                outgoing += [(link, text) for text in self._updates(guest, seat)]
        return outgoing

    def _updates(self, guest: Guest, seat: int, *, force: bool = False) -> list[str]:
        """The updates that bring one seat's copy up to date: the history's entries from the first
        one its stream has not carried (after an undo, the first that changed: entries are told
        apart by the authority's marks, so only new ones are described), and the live view as a
        patch of the last one sent. Long histories go in several updates, each with the live view."""
        authority = self.authority
        view, position, legal = authority.view(seat), authority.position(), authority.legal(seat)
        view_text = wire.text_of(view)
        live_text = view_text + json.dumps([position, legal], sort_keys=True, separators=(",", ":"))
        marks = authority.entry_marks()
        sent = guest.sent_marks.get(seat, [])
        start = _first_change(sent, marks)
        if not force and start == len(marks) == len(sent) and guest.sent_live.get(seat) == live_text:
            return []
        entries = authority.entries(seat, start)
        texts = []
        offset, chunk = start, wire.MAX_ENTRIES
        view_json = json.loads(view_text)  # as the guest reads it: the next update's patch starts from it
        while True:
            part = entries[offset - start:offset - start + chunk]
            body = {"seat": seat, "turn": offset, **self._view_fields(guest, seat, view_json, view_text),
                    "entries": part, "position": position, "legal": legal}
            try:
                texts.append(guest.endpoint.send("update", body))
                guest.sent_views[seat] = view_json
                guest.may_resync = True
            except WireError as error:
                if error.code == wire.TOO_LARGE and chunk > 1:
                    chunk //= 2  # fewer entries in this update, then carry on
                    continue
                code = VIEW_TOO_LARGE if error.code == wire.TOO_LARGE else error.code
                self.incidents.append(Incident(guest.name, code, error.detail))
                return texts
            offset += len(part)
            if offset >= len(marks):
                break
        guest.sent_marks[seat] = marks
        guest.sent_live[seat] = live_text
        return texts

    @staticmethod
    def _view_fields(guest: Guest, seat: int, view: Any, view_text: str) -> dict:
        """The view as an update carries it: the changes since the one the stream last carried for
        the seat when they are shorter than the whole view, else the whole view."""
        before = guest.sent_views.get(seat)
        changes = None if before is None else wire.view_change(before, view, view_text)
        if changes is not None and len(wire.text_of(changes)) < len(view_text):
            return {"view": None, "view_patch": changes}
        return {"view": view, "view_patch": None}

    # --- what a link sends -----------------------------------------------------------------
    def receive(self, link: str, data: Any) -> Received:
        """One text from a link. Never raises: what is refused becomes an incident."""
        token = self.links.get(link)
        if token is None:
            outgoing = self._receive_unbound(link, data)
            return Received(outgoing, news=link in self.links)
        guest = self.guests[token]
        receipt = guest.endpoint.receive(data)
        outgoing = [(link, reply) for reply in receipt.replies]
        if receipt.error is not None:
            self.incidents.append(Incident(link, receipt.error.code, receipt.error.detail))
        news = False
        for message in receipt.delivered:
            news = news or message.kind in ("bye", "pause")
            outgoing += self._deliver(link, guest, message)
        return Received(outgoing, news)

    def _receive_unbound(self, link: str, data: Any) -> list[Outgoing]:
        """A link not yet bound to a guest may only say hello or rejoin."""
        try:
            message = wire.parse(data, sender=GUEST)
        except WireError as refused:
            self.incidents.append(Incident(link, refused.code, refused.detail))
            return []
        if message.kind == "hello":
            return self._hello(link, message)
        if message.kind == "rejoin":
            return self._rejoin(link, message)
        self.incidents.append(Incident(link, SAY_HELLO_FIRST, message.kind))
        if message.kind in ("ping", "bye", "ack"):
            return []
        return [(link, Endpoint(HOST).send("bye", {"reason": SAY_HELLO_FIRST}))]

    def _hello(self, link: str, message: wire.Message) -> list[Outgoing]:
        wanted = message.body["seats"]
        free = self.free_seats()
        if wanted:
            taken = [seat for seat in wanted if seat not in free]
            if taken:
                self.incidents.append(Incident(link, SEAT_TAKEN, f"seats {taken}"))
                return [(link, Endpoint(HOST).send("bye", {"reason": SEAT_TAKEN}))]
            seats = tuple(sorted(wanted))
        elif free:
            seats = (free[0],)
        else:
            self.incidents.append(Incident(link, NO_FREE_SEAT))
            return [(link, Endpoint(HOST).send("bye", {"reason": NO_FREE_SEAT}))]
        token = self.new_token()
        # A guest with no name of its own plays under the name the host's setup gave its seat.
        guest = Guest(token, message.body["name"].strip() or self.authority.seat_names()[seats[0]], seats)
        self.guests[token] = guest
        return self._bind(link, guest)

    def _rejoin(self, link: str, message: wire.Message) -> list[Outgoing]:
        guest = self.guests.get(message.body["token"])
        if guest is None:
            self.incidents.append(Incident(link, UNKNOWN_TOKEN))
            return [(link, Endpoint(HOST).send("bye", {"reason": UNKNOWN_TOKEN}))]
        outbox = guest.endpoint.outbox
        if outbox.last_sent < message.ack <= outbox.last_sent + wire.MAX_UNACKED:
            # A host restored from an older table (its last write failed) than what the guest
            # saw: number on past it, or the guest would drop what comes as already delivered.
            outbox.last_sent = message.ack
        try:
            outbox.acknowledge(message.ack)
        except WireError as refused:
            self.incidents.append(Incident(link, refused.code, refused.detail))
        return self._bind(link, guest)

    def _bind(self, link: str, guest: Guest) -> list[Outgoing]:
        # A guest has one link: the one it just came back on.
        for old_link in [other for other, token in self.links.items() if token == guest.token]:
            del self.links[old_link]
        self.links[link] = guest.token
        guest.left = False
        welcome = guest.endpoint.send("welcome", {"match": self.authority.match_id, "game": self.authority.game_id,
                                                  "settings": self.authority.settings(), "token": guest.token,
                                                  "seats": list(guest.seats)})
        outgoing = [(link, welcome)] + [(link, text) for text in guest.endpoint.unacknowledged()]
        for seat in guest.seats:
            outgoing += [(link, text) for text in self._updates(guest, seat)]
        clock = self.clock_body()
        if clock is not None:
            outgoing.append((link, guest.endpoint.send("clock", clock)))
        return outgoing + self.announce()

    def _deliver(self, link: str, guest: Guest, message: wire.Message) -> list[Outgoing]:
        if message.kind in ("hello", "rejoin"):
            # A guest greeting again on its own link had heard no welcome yet when it did: the
            # welcome is on its way, nothing to do. A rejoin with another guest's token is refused.
            if message.kind == "rejoin" and message.body["token"] != guest.token:
                self.incidents.append(Incident(link, ALREADY_JOINED, message.kind))
            return []
        if message.kind == "bye":
            guest.left = True  # on purpose: "left", where a link that drops is "away"
            return self.close_link(link)
        if message.kind == "resync":
            if not guest.may_resync:  # no update went since the last answer: none can have failed
                self.incidents.append(Incident(link, RESYNC_TOO_SOON))
                return []
            guest.forget_what_was_sent()
            answer = [(link, text) for seat in guest.seats for text in self._updates(guest, seat, force=True)]
            guest.may_resync = False
            return answer
        if message.kind == "pause":
            seat = message.body["seat"]
            if seat not in guest.seats:
                self.incidents.append(Incident(link, NOT_YOUR_SEAT, f"pause for seat {seat}"))
            elif not self.pause_clock(seat, message.body["on"]):
                self.incidents.append(Incident(link, PAUSE_REFUSED, f"seat {seat}"))
            return []  # the clock's news goes to every guest when it changes
        if message.kind != "move":
            return []
        body = message.body
        seat, move_id = body["seat"], body["id"]
        if seat not in guest.seats:
            self.incidents.append(Incident(link, NOT_YOUR_SEAT, f"seat {seat}"))
            return [(link, guest.endpoint.send("refused", {"id": move_id, "reason": NOT_YOUR_SEAT,
                                                           "params": {"seat": seat + 1}}))]
        if not self.ledger.first_time(seat, move_id):
            return []  # a resent request: applied (or refused) the first time
        if body["move"].strip() != RESIGN_TEXT and self._outdated(seat, body["seen"]):
            return [(link, guest.endpoint.send("refused", {"id": move_id, "reason": MOVE_OUTDATED, "params": {}}))]
        try:
            self.authority.play(seat, body["move"])
        except Exception as error:  # noqa: BLE001 - an engine refusal, or a bug: the host goes on
            code = getattr(error, "code", "") or MOVE_REFUSED
            params = _plain_params(getattr(error, "params", {}))
            self.incidents.append(Incident(link, code, str(error)[:200]))
            if not wire.KEY_PATTERN.fullmatch(code):
                code = MOVE_REFUSED
            return [(link, guest.endpoint.send("refused", {"id": move_id, "reason": code, "params": params}))]
        return self.refresh() if self.updates_after_move else []

    def _outdated(self, seat: int, seen: int) -> bool:
        """Whether a move chosen with `seen` entries of the history in view comes too late: the
        seat has moved since (on another device's say, a timeout...), or an undo took back what
        it saw. Other seats' moves since do not matter (simultaneous turns, replies in a window)."""
        count = self.authority.position()["count"]
        return seen > count or any(entry["player"] == seat for entry in self.authority.entries(seat, seen))

    # --- a reload of the host ----------------------------------------------------------------
    def snapshot(self) -> dict:
        """What the host keeps beside its save so that its guests can rejoin after a reload."""
        return {"guests": [{"token": guest.token, "name": guest.name, "seats": list(guest.seats),
                            "link": guest.endpoint.snapshot()}
                           for guest in self.guests.values()],
                "ledger": self.ledger.snapshot()}

    def restore(self, data: Any) -> None:
        """Guests and ledger from `snapshot()`, read back from storage and checked like a message.
        Links are not restored: every guest rejoins on a new one."""
        try:
            wire.record(guests=wire.list_of(wire.json_value, wire.MAX_SEATS), ledger=wire.json_value)(data, "table")
            guests = {}
            for entry in data["guests"]:
                wire.record(token=wire.TOKEN, name=wire.NAME, seats=wire.SEATS, link=wire.json_value)(
                    entry, "table.guest")
                if not entry["seats"] or any(seat not in self.remote_seats for seat in entry["seats"]):
                    raise WireError(wire.BAD_SNAPSHOT, "a guest holds a seat that is not remote")
                endpoint = Endpoint.restore(entry["link"])
                if endpoint.role != HOST:
                    raise WireError(wire.BAD_SNAPSHOT, "a guest's link is not the host's side")
                # What was sent is not kept: a rejoin sends each seat its whole log again.
                guests[entry["token"]] = Guest(entry["token"], entry["name"], tuple(entry["seats"]), endpoint)
            held = [seat for guest in guests.values() for seat in guest.seats]
            if len(held) != len(set(held)):
                raise WireError(wire.BAD_SNAPSHOT, "two guests hold one seat")
            ledger = MoveLedger.restore(data["ledger"])
        except (WireError, AttributeError, ValueError) as error:
            raise WireError(wire.BAD_SNAPSHOT, f"the saved table is damaged: {error}") from None
        self.guests, self.ledger, self.links = guests, ledger, {}

    def close(self) -> list[Outgoing]:
        """The host closes the table: every connected guest is told."""
        outgoing = [(link, self.guests[token].endpoint.send("bye", {"reason": HOST_CLOSED}))
                    for link, token in self.links.items()]
        self.links.clear()
        return outgoing


def _first_change(sent: list, marks: list) -> int:
    """The index of the first entry in `marks` that is not the very one at that index in `sent`."""
    common = min(len(sent), len(marks))
    return next((index for index in range(common) if sent[index] is not marks[index]), common)


def _plain_params(params: Any) -> dict:
    """An error's parameters as the wire allows them: short scalars only."""
    if not isinstance(params, dict):
        return {}
    plain: dict[str, Any] = {}
    for name, value in list(params.items())[:wire.MAX_PARAMS]:
        if not isinstance(name, str) or not wire.PARAM_NAME_PATTERN.fullmatch(name):
            continue
        if isinstance(value, bool) or value is None:
            plain[name] = value
        elif isinstance(value, int) and abs(value) <= wire.MAX_SEQ:
            plain[name] = value
        else:
            plain[name] = str(value)[:wire.MAX_PARAM_TEXT]
    return plain
