"""The wire protocol between a match's host and its guests (issue 31).

Pure Python (no `js`): the same code runs under CPython in the tests and in
Pyodide on each device. The transport (`web/net/link.mjs`) only carries text.

Every message is one JSON text, an envelope:

    {"v": 1, "kind": "update", "seq": 7, "ack": 3, "body": {...}}

- `v`: PROTOCOL_VERSION; any other version is refused.
- `kind`: one of KINDS, each with the roles that may send it and its body's shape.
- `seq`: the *numbered* kinds (update, move, refused) count 1, 2, 3... in each
  direction and are delivered in order, each exactly once. Control kinds
  (hello, rejoin, welcome, ack, ping, pong, bye) carry 0 and are not ordered.
- `ack`: the last `seq` this side has delivered from the other side, in
  order. Every message acknowledges; on a rejoin it is "the last sequence
  seen", and after the handshake each side resends what the other lacks.
- `body`: an object checked field by field (BODIES). What a view holds is the
  engine's business: here it is only bounded JSON.

`parse` treats every incoming text as hostile: size, JSON shape, types, known
kinds, the sender's role, bounded strings, lists and nesting. Every problem is
a `WireError` with a code (`wire.*`); nothing else is ever raised.
`Endpoint` numbers what one side sends, keeps it until acknowledged, and
delivers what it receives once and in order (duplicates and replays dropped,
a message ahead of a gap held, a gap answered with a resend request).
`MoveLedger` lets the host apply each guest move request once, by its id.
"""

from __future__ import annotations

import copy
import json
import re
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# 4: a guest's move says how many entries of the history it had seen (`seen`). 3: a player's
# device may have left the table on purpose (`left`). 2: an update's view may come
# as a patch of the last one sent (`view_patch`), a guest that cannot apply one asks for a
# `resync`; and the round clock, pauses and forced entries since 1.
PROTOCOL_VERSION = 4
# One data-channel message. Browsers interoperate up to 64 KiB without splitting.
MAX_MESSAGE_BYTES = 64 * 1024
MAX_SEQ = 2 ** 53 - 1  # exact in JavaScript too
MAX_DEPTH = 24  # nesting of a view
MAX_SEATS = 16
MAX_ENTRIES = 64  # history entries in one update
MAX_LINES = 64  # log lines of one entry (a move and the chance events it set off)
MAX_LEGAL = 4096  # legal move texts in one update
MAX_PATCH_OPS = 4096  # changes in one view patch
MAX_PARAMS = 16
MAX_PARAM_TEXT = 256
MAX_MOVE_TEXT = 200  # as a record's move text
MAX_NAME = 40
# Messages one side may have sent and not yet seen acknowledged.
MAX_UNACKED = 512
# How far past a gap a message is held; further ahead is refused.
HOLD_WINDOW = 64
# Messages a side that keeps what it receives (`Endpoint.kept`) leaves unacknowledged while its
# writes fail: past this it acknowledges anyway, or the other side's backlog would fill and stop.
MAX_UNKEPT = MAX_UNACKED // 2
# Move ids the host remembers for each seat.
LEDGER_MEMORY = 1024

HOST, GUEST = "host", "guest"
ROLES = (HOST, GUEST)

# Error codes (the `code` of a WireError).
NOT_TEXT = "wire.not_text"
TOO_LARGE = "wire.too_large"
NOT_JSON = "wire.not_json"
DUPLICATE_KEY = "wire.duplicate_key"
BAD_SHAPE = "wire.bad_shape"
WRONG_VERSION = "wire.wrong_version"
UNKNOWN_KIND = "wire.unknown_kind"
WRONG_ROLE = "wire.wrong_role"
BAD_NUMBER = "wire.bad_number"
BAD_FIELD = "wire.bad_field"
DUPLICATE = "wire.duplicate"
TOO_FAR_AHEAD = "wire.too_far_ahead"
BAD_ACK = "wire.bad_ack"
BACKLOG_FULL = "wire.backlog_full"
BAD_SNAPSHOT = "wire.bad_snapshot"
OUT_OF_SYNC = "wire.out_of_sync"


class WireError(Exception):
    """A message (or a saved link state) that cannot be used, with a code and parameters."""

    def __init__(self, code: str, detail: str = "", **params: Any):
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail
        self.params = params


# --- field checks ------------------------------------------------------------------
Check = Callable[[Any, str], None]

TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,64}")
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,64}")
KEY_PATTERN = re.compile(r"[a-z][A-Za-z0-9_.-]{0,63}")  # a message key: "error.occupied", "abc.log.take.L"
PARAM_NAME_PATTERN = re.compile(r"[a-z_][a-z0-9_]{0,31}")
CONTROL_CHARACTERS = re.compile(r"[\x00-\x1f\x7f]")


def _bad(path: str, why: str) -> WireError:
    return WireError(BAD_FIELD, f"{path}: {why}", field=path)


def _check_text_value(value: str, path: str) -> None:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate, which "\ud800" in JSON can make
        raise _bad(path, "not valid text") from None


def text(max_length: int, pattern: re.Pattern | None = None, *, single_line: bool = False) -> Check:
    def check(value: Any, path: str) -> None:
        if not isinstance(value, str):
            raise _bad(path, "not a string")
        if len(value) > max_length:
            raise _bad(path, f"longer than {max_length}")
        if pattern is not None and not pattern.fullmatch(value):
            raise _bad(path, "not in the expected form")
        if single_line and CONTROL_CHARACTERS.search(value):
            raise _bad(path, "has control characters")
        _check_text_value(value, path)
    return check


def integer(low: int, high: int) -> Check:
    def check(value: Any, path: str) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _bad(path, "not an integer")
        if not low <= value <= high:
            raise _bad(path, f"outside {low}..{high}")
    return check


def boolean(value: Any, path: str) -> None:
    if not isinstance(value, bool):
        raise _bad(path, "not true or false")


def list_of(item: Check, max_items: int, *, unique: bool = False) -> Check:
    def check(value: Any, path: str) -> None:
        if not isinstance(value, list):
            raise _bad(path, "not a list")
        if len(value) > max_items:
            raise _bad(path, f"more than {max_items} items")
        for index, element in enumerate(value):
            item(element, f"{path}[{index}]")
        if unique and len(set(value)) != len(value):
            raise _bad(path, "repeats an item")
    return check


def record(**fields: Check) -> Check:
    """An object with exactly these fields."""
    def check(value: Any, path: str) -> None:
        if not isinstance(value, dict):
            raise _bad(path, "not an object")
        if set(value) != set(fields):
            missing, extra = sorted(set(fields) - set(value)), sorted(set(value) - set(fields))
            raise _bad(path, f"missing {missing}, unexpected {extra}")
        for name, field_check in fields.items():
            field_check(value[name], f"{path}.{name}")
    return check


SAFE_INTEGER = integer(-MAX_SEQ, MAX_SEQ)


def params(value: Any, path: str) -> None:
    """A message's parameters: a few named scalars."""
    if not isinstance(value, dict):
        raise _bad(path, "not an object")
    if len(value) > MAX_PARAMS:
        raise _bad(path, f"more than {MAX_PARAMS} parameters")
    for name, item in value.items():
        if not PARAM_NAME_PATTERN.fullmatch(name):
            raise _bad(path, "a parameter name is not in the expected form")
        where = f"{path}.{name}"
        if isinstance(item, str):
            text(MAX_PARAM_TEXT)(item, where)
        elif isinstance(item, int) and not isinstance(item, bool):
            SAFE_INTEGER(item, where)
        elif not (item is None or isinstance(item, bool)):
            raise _bad(where, "not a string, integer, true, false or null")


def nullable(check: Check) -> Check:
    def check_or_null(value: Any, path: str) -> None:
        if value is not None:
            check(value, path)
    return check_or_null


def number(value: Any, path: str) -> None:
    """A score: an integer exact in JavaScript, or a finite float (parse refuses NaN and Infinity)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise _bad(path, "not a number")
    if isinstance(value, int):
        SAFE_INTEGER(value, path)


def json_value(value: Any, path: str) -> None:
    """Any JSON (a view): nesting at most MAX_DEPTH, valid text, integers exact in JavaScript."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise _bad(path, f"nested deeper than {MAX_DEPTH}")
        if isinstance(item, dict):
            for key, child in item.items():
                _check_text_value(key, path)
                stack.append((child, depth + 1))
        elif isinstance(item, list):
            stack.extend((child, depth + 1) for child in item)
        elif isinstance(item, str):
            _check_text_value(item, path)
        elif isinstance(item, int) and not isinstance(item, bool):
            SAFE_INTEGER(item, path)
        # floats (finite: parse refuses NaN and Infinity), booleans and null pass


SEAT = integer(0, MAX_SEATS - 1)
SEATS = list_of(SEAT, MAX_SEATS, unique=True)
TOKEN = text(64, TOKEN_PATTERN)
MOVE_ID = text(64, ID_PATTERN)
MESSAGE_KEY = text(64, KEY_PATTERN)
NAME = text(MAX_NAME, single_line=True)
def line_params(value: Any, path: str) -> None:
    """A log line's parameters: a few named values, which may be lists or objects (the
    words of a declaration, a round's moves), bounded like a view."""
    if not isinstance(value, dict):
        raise _bad(path, "not an object")
    if len(value) > MAX_PARAMS:
        raise _bad(path, f"more than {MAX_PARAMS} parameters")
    for name in value:
        if not PARAM_NAME_PATTERN.fullmatch(name):
            raise _bad(path, "a parameter name is not in the expected form")
    json_value(value, path)


LOG_LINE = record(key=MESSAGE_KEY, params=line_params)
GAME_ID = text(32, re.compile(r"[a-z][a-z0-9_]{0,31}"))
# Where a player sits: at the host's device, at a guest's device, or a computer on the host.
PLACES = ("host", "guest", "computer")
COLOUR = text(16, re.compile(r"(#[0-9a-f]{6})?"))
MODE = text(16, re.compile(r"[a-z]{1,16}"))  # how the players to move act (core.protocol: turn, simultaneous...)
STATUS = text(16, re.compile(r"playing|finished|resigned"))
SCORES = list_of(number, MAX_SEATS)
MOVE_TEXT = text(MAX_MOVE_TEXT)
# One entry of the history as one seat may know it: who played and how (public), whether
# it was the mover's only move as that seat may know it (`forced`), the log lines the
# engine described for that seat, and the public facts of the position the entry was
# played in (who was to act, how, the scores then).
ENTRY = record(player=SEAT, automatic=boolean, resignation=boolean, forced=boolean,
               lines=list_of(LOG_LINE, MAX_LINES), to_move=SEATS, mode=MODE, scores=SCORES)
# The live position's public facts: the same for every seat.
POSITION = record(count=integer(0, MAX_SEQ), to_move=SEATS, mode=MODE, scores=SCORES, status=STATUS,
                  resigners=SEATS, clocked=SEATS, undos=integer(0, MAX_SEQ),
                  hints=list_of(integer(0, MAX_SEQ), MAX_SEATS), places=list_of(integer(0, MAX_SEATS), MAX_SEATS))


def seconds(value: Any, path: str) -> None:
    """A time on the round clock: a number of seconds, at least 0 and under a day's worth many times over."""
    number(value, path)
    if not 0 <= value <= 1e7:
        raise _bad(path, "not a time in seconds")


SECONDS = list_of(seconds, MAX_SEATS)


def place(value: Any, path: str) -> None:
    if value not in PLACES:
        raise _bad(path, f"not one of {PLACES}")


# `left`: the seat's device left the table on purpose (it said bye); not connected either.
PLAYER = record(name=NAME, place=place, connected=boolean, color=COLOUR, left=boolean)


# --- a view as a patch of the one before ---------------------------------------------
# A seat's view changes a little with each move (a stone, a card), so an update may carry
# only what changed since the view the stream last carried for that seat: a list of changes,
# each [path] (remove the last item of a list, or a key) or [path, value] (set an item or a
# key; an index one past a list's end appends). A path is the keys and indexes from the view
# down. An object whose keys change (or their order) is set whole, so that a patched view is
# the very JSON the host's view is, key order included.
def _path_step(value: Any, path: str) -> None:
    if isinstance(value, str):
        _check_text_value(value, path)
    elif isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEQ:
        raise _bad(path, "not a key or an index")


def patch_change(value: Any, path: str) -> None:
    if not isinstance(value, list) or len(value) not in (1, 2):
        raise _bad(path, "not [path] or [path, value]")
    list_of(_path_step, MAX_DEPTH)(value[0], f"{path}[0]")
    if not value[0]:
        raise _bad(path, "an empty path (a whole view is sent as the view)")
    if len(value) == 2:
        json_value(value[1], f"{path}[1]")


VIEW_PATCH = list_of(patch_change, MAX_PATCH_OPS)


def view_patch(old: Any, new: Any) -> list:
    """The changes that make `old` into `new` (both JSON as `json.loads` makes it), but for
    values Python finds equal and JSON does not (1, 1.0, true): `view_change` checks."""
    changes: list = []
    stack: list[tuple[tuple, Any, Any]] = [((), old, new)]
    while stack:
        path, before, after = stack.pop()
        if before == after:
            continue  # compared in C: most of a view is as it was
        if type(before) is not type(after):
            changes.append([list(path), after])
        elif isinstance(after, dict):
            if list(before) != list(after):
                changes.append([list(path), after])
            else:
                stack.extend((path + (key,), before[key], value) for key, value in reversed(after.items()))
        elif isinstance(after, list):
            common = min(len(before), len(after))
            stack.extend((path + (index,), before[index], after[index]) for index in reversed(range(common)))
            changes.extend([list(path + (index,))] for index in reversed(range(common, len(before))))
            changes.extend([list(path + (index,)), after[index]] for index in range(common, len(after)))
        elif before != after:
            changes.append([list(path), after])
    # A list's removals (from its end) and appends come before its items' changes, which they leave in place.
    return changes


def view_change(old: Any, new: Any, new_text: str) -> list | None:
    """The patch that makes `old` into the very text `new_text` (`new` encoded as `encode` does),
    or None when there is none (a number that became true): the whole view then goes."""
    changes = view_patch(old, new)
    try:
        patched = apply_view_patch(old, changes, check=False)
    except WireError:
        return None
    return changes if text_of(patched) == new_text else None


def text_of(value: Any) -> str:
    """A value as `encode` writes it (compact, text as it is)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def apply_view_patch(view: Any, changes: list, *, check: bool = True) -> Any:
    """`view` with `changes` made (a new value; `view` is left as it was). A change that does not
    fit the view (this side's copy is not the one the patch was made from) is a WireError.
    `check` False: the result is not checked as JSON a message may carry (the host's own patch
    of its own view, compared with the view's text right after)."""
    if not changes:
        return view
    if not isinstance(view, (dict, list)):
        raise WireError(OUT_OF_SYNC, "a view patch does not fit the view this side has")
    # The objects on a change's path are copied on first touch: the old view stays as it was
    # (a guest keeps the views it saw, for the replay).
    result = copy.copy(view)
    copied = {id(result)}
    for change in changes:
        container = result
        try:
            *parents, last = change[0]
            for step in parents:
                if not (isinstance(container, list) and isinstance(step, int) or isinstance(container, dict)):
                    raise KeyError(step)
                child = container[step]
                if isinstance(child, (dict, list)) and id(child) not in copied:
                    child = container[step] = copy.copy(child)
                    copied.add(id(child))
                container = child
            if len(change) == 2:
                if isinstance(container, list) and isinstance(last, int) and last == len(container):
                    container.append(change[1])
                elif isinstance(container, list) and isinstance(last, int) and last < len(container):
                    container[last] = change[1]
                elif isinstance(container, dict) and isinstance(last, str) and last in container:
                    container[last] = change[1]
                else:
                    raise KeyError(last)
            elif isinstance(container, list) and isinstance(last, int) and last == len(container) - 1:
                container.pop()
            elif isinstance(container, dict) and last in container:
                del container[last]
            else:
                raise KeyError(last)
        except (KeyError, IndexError, TypeError, ValueError):  # ValueError: an empty path (the whole view)
            raise WireError(OUT_OF_SYNC, "a view patch does not fit the view this side has") from None
    if check:
        json_value(result, "view")
    return result


def _update_body(value: Any, path: str) -> None:
    _update_fields(value, path)
    if value["view_patch"] is not None and value["view"] is not None:
        raise _bad(f"{path}.view", "a whole view and a patch at once")


@dataclass(frozen=True)
class Kind:
    numbered: bool  # delivered in order, once, and resent until acknowledged
    senders: frozenset[str]
    body: Check


def _kind(numbered: bool, senders: tuple[str, ...], **fields: Check) -> Kind:
    return Kind(numbered, frozenset(senders), record(**fields))


_update_fields = record(seat=SEAT, turn=integer(0, MAX_SEQ), view=json_value, view_patch=nullable(VIEW_PATCH),
                        entries=list_of(ENTRY, MAX_ENTRIES), position=POSITION,
                        legal=nullable(list_of(MOVE_TEXT, MAX_LEGAL)))


KINDS: dict[str, Kind] = {
    # A guest's first contact: its player's name and the seats it asks for (none: any free).
    "hello": _kind(False, (GUEST,), name=NAME, seats=SEATS),
    # A guest back after a sleep or a reload: its saved pairing token; the envelope's
    # `ack` says the last update it saw.
    "rejoin": _kind(False, (GUEST,), token=TOKEN),
    # The host's answer to either: the match (its game and settings), the guest's token and the seats it holds.
    "welcome": _kind(False, (HOST,), match=MOVE_ID, game=GAME_ID, settings=json_value, token=TOKEN, seats=SEATS),
    # Who plays at the table, where, and whether their device is connected now.
    "table": _kind(True, (HOST,), players=list_of(PLAYER, MAX_SEATS)),
    # One seat's view (or null and `view_patch`: the changes since the view this stream last
    # carried for the seat), the history's entries described for that seat from entry `turn` on
    # (the ones before it are as last sent), the live position's public facts, and the seat's
    # legal move texts (null: not to act, or too many to send; the host checks every move anyway).
    "update": Kind(True, frozenset((HOST,)), _update_body),
    # A guest that cannot take an update (a patch that does not fit its view, entries past the
    # end of its history) asks for its seats' whole views and histories again.
    "resync": _kind(False, (GUEST,)),
    # The round clock as the host runs it (it alone decides a timeout), when sent: the decision it
    # times (moves played when it opened), the seats on it, each seat's seconds left and pause left
    # (0 for a seat not on it), whose time runs, who paused it, the seats away (it waits for them)
    # and whether it stands still. No seat on it: no clock now.
    "clock": _kind(True, (HOST,), start=integer(0, MAX_SEQ), players=SEATS, lefts=SECONDS, pause_left=SECONDS,
                   running=SEATS, paused_by=nullable(SEAT), away=SEATS, stopped=boolean),
    # A guest asks the host to pause the round clock on one of its seats' budget (`on`), or to
    # resume a pause one of its seats made.
    "pause": _kind(True, (GUEST,), seat=SEAT, on=boolean),
    # A guest's move for one of its seats; `id` lets the host apply it once; `seen`: how many
    # entries of the history the guest had when it chose the move.
    "move": _kind(True, (GUEST,), id=MOVE_ID, seat=SEAT, move=text(MAX_MOVE_TEXT), seen=integer(0, MAX_SEQ)),
    # The host did not apply move `id`: an error key and its parameters.
    "refused": _kind(True, (HOST,), id=MOVE_ID, reason=MESSAGE_KEY, params=params),
    # Acknowledges through the envelope; `resend`: a gap was seen, send again what is unacknowledged.
    "ack": _kind(False, ROLES, resend=boolean),
    "ping": _kind(False, ROLES, nonce=integer(0, MAX_SEQ)),
    "pong": _kind(False, ROLES, nonce=integer(0, MAX_SEQ)),
    # Leaving on purpose (resigned, host closed the table...): a message key.
    "bye": _kind(False, ROLES, reason=MESSAGE_KEY),
}
ENVELOPE_FIELDS = frozenset({"v", "kind", "seq", "ack", "body"})


@dataclass(frozen=True)
class Message:
    kind: str
    seq: int
    ack: int
    body: dict


def _refuse_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict:
    result = dict(pairs)
    if len(result) != len(pairs):
        raise WireError(DUPLICATE_KEY, "an object names a field twice")
    return result


def _refuse_constant(name: str) -> Any:
    raise WireError(NOT_JSON, f"{name} is not JSON")


def parse(data: Any, *, sender: str | None = None) -> Message:
    """Check one received text; `sender` is the role the other side holds."""
    if not isinstance(data, str):
        raise WireError(NOT_TEXT, "a message must be text")
    # A character is at least one UTF-8 byte: the first test spares encoding a huge text.
    if len(data) > MAX_MESSAGE_BYTES or len(data.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
        raise WireError(TOO_LARGE, f"more than {MAX_MESSAGE_BYTES} bytes")
    try:
        envelope = json.loads(data, object_pairs_hook=_refuse_duplicate_keys, parse_constant=_refuse_constant)
    except (ValueError, RecursionError):  # RecursionError: nesting too deep for the parser
        raise WireError(NOT_JSON, "not JSON") from None
    if not isinstance(envelope, dict) or set(envelope) != ENVELOPE_FIELDS:
        raise WireError(BAD_SHAPE, "not an envelope {v, kind, seq, ack, body}")
    version = envelope["v"]
    if isinstance(version, bool) or not isinstance(version, int) or version != PROTOCOL_VERSION:
        raise WireError(WRONG_VERSION, f"protocol version {PROTOCOL_VERSION} expected", expected=PROTOCOL_VERSION)
    kind_name = envelope["kind"]
    if not isinstance(kind_name, str) or kind_name not in KINDS:
        raise WireError(UNKNOWN_KIND, "unknown kind")
    kind = KINDS[kind_name]
    if sender is not None and sender not in kind.senders:
        raise WireError(WRONG_ROLE, f"a {sender} may not send {kind_name}", kind=kind_name)
    for name in ("seq", "ack"):
        number = envelope[name]
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= MAX_SEQ:
            raise WireError(BAD_NUMBER, f"{name} is not a sequence number", field=name)
    if (envelope["seq"] > 0) != kind.numbered:
        raise WireError(BAD_NUMBER, f"{kind_name} must have seq {'≥ 1' if kind.numbered else '0'}", field="seq")
    kind.body(envelope["body"], "body")
    return Message(kind_name, envelope["seq"], envelope["ack"], envelope["body"])


def encode(message: Message) -> str:
    """The text of a message; refuses one its receiver would refuse (a bug on this side)."""
    kind = KINDS.get(message.kind)
    if kind is None:
        raise WireError(UNKNOWN_KIND, "unknown kind")
    kind.body(message.body, "body")
    data = json.dumps({"v": PROTOCOL_VERSION, "kind": message.kind, "seq": message.seq, "ack": message.ack,
                       "body": message.body}, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    if len(data.encode("utf-8")) > MAX_MESSAGE_BYTES:
        raise WireError(TOO_LARGE, f"more than {MAX_MESSAGE_BYTES} bytes")
    return data


# --- ordering and acknowledgement ----------------------------------------------------
class Outbox:
    """Numbers what one side sends and keeps it until the other side acknowledges it."""

    def __init__(self, limit: int = MAX_UNACKED):
        self.limit = limit
        self.last_sent = 0
        self._unacked: dict[int, tuple[str, dict]] = {}

    def number(self, kind: str, body: dict) -> int:
        if len(self._unacked) >= self.limit:
            raise WireError(BACKLOG_FULL, f"{self.limit} messages unacknowledged")
        self.last_sent += 1
        self._unacked[self.last_sent] = (kind, body)
        return self.last_sent

    def acknowledge(self, ack: int) -> None:
        if ack > self.last_sent:
            raise WireError(BAD_ACK, f"acknowledges {ack}, only {self.last_sent} sent", ack=ack)
        for seq in [seq for seq in self._unacked if seq <= ack]:
            del self._unacked[seq]

    def unacknowledged(self) -> list[tuple[int, str, dict]]:
        return [(seq, kind, body) for seq, (kind, body) in sorted(self._unacked.items())]


@dataclass(frozen=True)
class Arrival:
    """What one numbered message released: messages to apply now, in order; why it was dropped;
    whether a gap remains (the sender should resend)."""
    deliver: tuple[Message, ...] = ()
    dropped: str | None = None
    gap: bool = False


class Inbox:
    """Delivers numbered messages in order, each once, holding a few that come early."""

    def __init__(self, window: int = HOLD_WINDOW):
        self.window = window
        self.delivered = 0
        self._held: dict[int, Message] = {}

    def accept(self, message: Message) -> Arrival:
        seq = message.seq
        if seq <= self.delivered or seq in self._held:
            return Arrival(dropped=DUPLICATE, gap=bool(self._held))
        if seq > self.delivered + self.window:
            return Arrival(dropped=TOO_FAR_AHEAD, gap=True)
        self._held[seq] = message
        ready = []
        while self.delivered + 1 in self._held:
            self.delivered += 1
            ready.append(self._held.pop(self.delivered))
        return Arrival(tuple(ready), gap=bool(self._held))


@dataclass(frozen=True)
class Receipt:
    """The outcome of one received text: messages to act on, in order; texts to send back;
    and, when (part of) it was refused or dropped, the error saying why (for the log)."""
    delivered: tuple[Message, ...] = ()
    replies: tuple[str, ...] = ()
    error: WireError | None = None
    owed_ack: bool | None = None  # an acknowledgement to send (its `resend`), when not among the replies


@dataclass
class Endpoint:
    """One side of one host–guest link: `role` is this side's role.

    `kept`, when not None, is the last delivered sequence this side has written to storage:
    acknowledgements say no more than it, so that the other side keeps (and sends again after
    a reload) what a failed write lost. None: everything delivered counts (nothing is written)."""
    role: str
    outbox: Outbox = field(default_factory=Outbox)
    inbox: Inbox = field(default_factory=Inbox)
    kept: int | None = None

    def __post_init__(self) -> None:
        if self.role not in ROLES:
            raise ValueError(f"role must be one of {ROLES}")

    @property
    def peer_role(self) -> str:
        return GUEST if self.role == HOST else HOST

    @property
    def acknowledged(self) -> int:
        """What this side's messages acknowledge: what it delivered, and kept when it keeps (but
        for MAX_UNKEPT at most: writes failing for that long must not stop the other side)."""
        delivered = self.inbox.delivered
        return delivered if self.kept is None else max(min(self.kept, delivered), delivered - MAX_UNKEPT)

    def send(self, kind: str, body: dict) -> str:
        """The text to send for a new message (numbered kinds are kept until acknowledged)."""
        spec = KINDS.get(kind)
        if spec is None or self.role not in spec.senders:
            raise WireError(WRONG_ROLE if spec else UNKNOWN_KIND, f"a {self.role} may not send {kind}")
        if not spec.numbered:
            return encode(Message(kind, 0, self.acknowledged, body))
        # Checked and encoded once, before it is numbered: a bad body takes no number.
        encoded = encode(Message(kind, self.outbox.last_sent + 1, self.acknowledged, body))
        self.outbox.number(kind, body)
        return encoded

    def unacknowledged(self) -> list[str]:
        """Every numbered message not yet acknowledged, to send again (after a reconnect,
        a resend request, or a quiet while), with a fresh acknowledgement."""
        return [encode(Message(kind, seq, self.acknowledged, body))
                for seq, kind, body in self.outbox.unacknowledged()]

    def receive(self, data: Any, *, acknowledge: bool = True) -> Receipt:
        """Take one received text. Never raises: a refused text comes back as the receipt's error.
        `acknowledge` False: a numbered message's acknowledgement is not among the replies but
        owed (`Receipt.owed_ack`), for the caller to send once it has kept what came."""
        try:
            message = parse(data, sender=self.peer_role)
            if message.kind == "welcome" and self.outbox.last_sent < message.ack <= self.outbox.last_sent + MAX_UNACKED:
                # A guest restored from an older pairing (a write failed) than what the host saw:
                # number on past it, or the host would drop what comes as already delivered.
                self.outbox.last_sent = message.ack
            self.outbox.acknowledge(message.ack)
        except WireError as refused:
            return Receipt(error=refused)
        if message.kind == "ack":
            return Receipt(replies=tuple(self.unacknowledged()) if message.body["resend"] else ())
        if message.kind == "ping":
            return Receipt(replies=(self.send("pong", {"nonce": message.body["nonce"]}),))
        if not KINDS[message.kind].numbered:
            return Receipt(delivered=(message,))
        arrival = self.inbox.accept(message)
        replies = (self.send("ack", {"resend": arrival.gap}),) if acknowledge else ()
        error = WireError(arrival.dropped, f"message {message.seq} dropped", seq=message.seq) if arrival.dropped else None
        return Receipt(delivered=arrival.deliver, replies=replies, error=error,
                       owed_ack=None if acknowledge else arrival.gap)

    # A link's state is saved on the device so that a reload resumes where it was. Save it
    # after every send and receive, before the text goes out: a side restored from an older
    # state would reuse sequence numbers the other side has already delivered.
    def snapshot(self) -> dict:
        return {"role": self.role, "sent": self.outbox.last_sent, "delivered": self.inbox.delivered,
                "unacked": [[seq, kind, body] for seq, kind, body in self.outbox.unacknowledged()]}

    @classmethod
    def restore(cls, data: Any) -> Endpoint:
        """An endpoint from `snapshot()`'s output, read back from storage: checked like a message."""
        try:
            record(role=text(5), sent=integer(0, MAX_SEQ), delivered=integer(0, MAX_SEQ),
                   unacked=list_of(list_of(json_value, 3), MAX_UNACKED))(data, "link")
            endpoint = cls(data["role"])
            endpoint.outbox.last_sent = data["sent"]
            endpoint.inbox.delivered = data["delivered"]
            previous = 0
            for entry in data["unacked"]:
                seq, kind, body = entry if len(entry) == 3 else (None, None, None)
                if kind == "move" and isinstance(body, dict) and "seen" not in body:
                    # Kept by a page before protocol 4: the host takes it as chosen at the start
                    # (refused quietly if its seat has moved since, and the player moves again).
                    body = {**body, "seen": 0}
                spec = KINDS.get(kind) if isinstance(kind, str) else None
                if (spec is None or not spec.numbered or endpoint.role not in spec.senders or not isinstance(kind, str)
                        or not isinstance(seq, int) or not previous < seq <= data["sent"]
                        or not isinstance(body, dict)):
                    raise WireError(BAD_SNAPSHOT, "an unacknowledged message is damaged")
                spec.body(body, "link.unacked")
                endpoint.outbox._unacked[seq] = (kind, body)
                previous = seq
        except (WireError, ValueError) as error:
            raise WireError(BAD_SNAPSHOT, f"the saved link is damaged: {error}") from None
        return endpoint


class MoveLedger:
    """The host's memory of applied move ids, per seat: a move request seen again (resent
    after a reconnect, replayed) is not applied twice. Remembers the last LEDGER_MEMORY ids a seat."""

    def __init__(self, memory: int = LEDGER_MEMORY):
        self.memory = memory
        self._order: dict[int, deque[str]] = {}
        self._seen: dict[int, set[str]] = {}

    def first_time(self, seat: int, move_id: str) -> bool:
        """True the first time this seat's id is seen (and remembers it), False after."""
        seen = self._seen.setdefault(seat, set())
        if move_id in seen:
            return False
        order = self._order.setdefault(seat, deque())
        order.append(move_id)
        seen.add(move_id)
        if len(order) > self.memory:
            seen.discard(order.popleft())
        return True

    def snapshot(self) -> dict:
        """The remembered ids, oldest first, per seat (JSON object keys are strings)."""
        return {str(seat): list(order) for seat, order in self._order.items()}

    @classmethod
    def restore(cls, data: Any, memory: int = LEDGER_MEMORY) -> MoveLedger:
        """A ledger from `snapshot()`'s output read back from storage, checked like a message."""
        if not isinstance(data, dict) or len(data) > MAX_SEATS:
            raise WireError(BAD_SNAPSHOT, "the saved move ledger is damaged")
        ledger = cls(memory)
        for seat_text, ids in data.items():
            try:
                seat = int(seat_text) if isinstance(seat_text, str) and re.fullmatch(r"[0-9]{1,2}", seat_text) else -1
                SEAT(seat, "ledger")
                list_of(MOVE_ID, memory)(ids, "ledger")
            except WireError:
                raise WireError(BAD_SNAPSHOT, "the saved move ledger is damaged") from None
            for move_id in ids:
                ledger.first_time(seat, move_id)
        return ledger
