"""The wire protocol: envelopes, checks on hostile input, numbering, acknowledgement and once-only delivery."""

import json

import pytest

from ludoteca.net import wire
from ludoteca.net.wire import GUEST, HOST, Endpoint, MoveLedger, WireError

TOKEN = "t" * 22
POSITION = {"count": 4, "to_move": [1], "mode": "turn", "scores": [2, 5.5], "status": "playing", "resigners": [],
            "clocked": [], "undos": 0, "hints": [0, 0], "places": []}
UPDATE = {"seat": 1, "turn": 3, "view": {"board": [[0, 1], [None, "A"]], "scores": [2, 5]}, "view_patch": None,
          "entries": [{"player": 0, "automatic": False, "resignation": False, "forced": False, "to_move": [0], "mode": "turn",
                       "scores": [2, 5], "lines": [{"key": "log.move", "params": {"player": "Ada", "cell": 7}}]}],
          "position": POSITION, "legal": ["place A 12", "pass"]}
LINE = UPDATE["entries"][0]
VALID_BODIES = {
    "hello": {"name": "Ada", "seats": [1, 2]},
    "rejoin": {"token": TOKEN},
    "welcome": {"match": "m-1", "game": "geonaxis", "settings": {"num_players": 3}, "token": TOKEN, "seats": [1]},
    "table": {"players": [{"name": "Ada", "place": "host", "connected": True, "color": "#d64545", "left": False},
                          {"name": "Bob", "place": "guest", "connected": False, "color": "", "left": True}]},
    "update": UPDATE,
    "resync": {},
    "move": {"id": "g1-7", "seat": 1, "move": "place A 12", "seen": 12},
    "pause": {"seat": 1, "on": True},
    "clock": {"start": 4, "players": [0, 1], "lefts": [12.5, 30, 0], "pause_left": [300, 280.25, 300],
              "running": [1], "paused_by": None, "away": [0], "stopped": True},
    "refused": {"id": "g1-7", "reason": "error.occupied", "params": {"cell": 12}},
    "ack": {"resend": False},
    "ping": {"nonce": 9},
    "pong": {"nonce": 9},
    "bye": {"reason": "bye.resigned"},
}
SENDER = {"hello": GUEST, "rejoin": GUEST, "move": GUEST, "resync": GUEST, "welcome": HOST, "update": HOST, "refused": HOST,
          "table": HOST, "clock": HOST, "pause": GUEST}


def envelope(kind="update", seq=None, ack=0, body=None, v=wire.PROTOCOL_VERSION, **extra):
    seq = (1 if wire.KINDS[kind].numbered else 0) if seq is None else seq
    return json.dumps({"v": v, "kind": kind, "seq": seq, "ack": ack,
                       "body": VALID_BODIES[kind] if body is None else body, **extra})


def test_every_kind_has_a_valid_example():
    assert set(VALID_BODIES) == set(wire.KINDS)


@pytest.mark.parametrize("kind", sorted(wire.KINDS))
def test_a_valid_message_of_every_kind_parses_and_encodes_back(kind):
    message = wire.parse(envelope(kind), sender=SENDER.get(kind, HOST))
    assert (message.kind, message.body) == (kind, VALID_BODIES[kind])
    assert wire.parse(wire.encode(message)) == message


HOSTILE = [
    # (name, text, sender, error code)
    ("not text", b"{}", HOST, wire.NOT_TEXT),
    ("oversized", envelope(body={**UPDATE, "view": "x" * wire.MAX_MESSAGE_BYTES}), HOST, wire.TOO_LARGE),
    ("oversized in bytes, not characters", envelope(body={**UPDATE, "view": "é" * 40_000}), HOST, wire.TOO_LARGE),
    ("not JSON", "{\"v\": 1,", HOST, wire.NOT_JSON),
    ("empty", "", HOST, wire.NOT_JSON),
    ("NaN", envelope().replace('"turn": 3', '"turn": NaN'), HOST, wire.NOT_JSON),
    ("nesting past the parser", "[" * 30_000 + "]" * 30_000, HOST, wire.NOT_JSON),
    ("duplicate key", envelope()[:-1] + ', "kind": "bye"}', HOST, wire.DUPLICATE_KEY),
    ("a list, not an envelope", "[1, 2]", HOST, wire.BAD_SHAPE),
    ("extra envelope field", envelope(extra=1), HOST, wire.BAD_SHAPE),
    ("missing body", json.dumps({"v": wire.PROTOCOL_VERSION, "kind": "ping", "seq": 0, "ack": 0}), HOST, wire.BAD_SHAPE),
    ("wrong version", envelope(v=wire.PROTOCOL_VERSION + 1), HOST, wire.WRONG_VERSION),
    ("the version before", envelope(v=wire.PROTOCOL_VERSION - 1), HOST, wire.WRONG_VERSION),
    ("version as text", envelope(v="1"), HOST, wire.WRONG_VERSION),
    ("version as true", envelope(v=True), HOST, wire.WRONG_VERSION),
    ("unknown kind", envelope().replace('"update"', '"admin"'), HOST, wire.UNKNOWN_KIND),
    ("kind not a string", envelope().replace('"update"', '["update"]'), HOST, wire.UNKNOWN_KIND),
    ("a guest claiming the host's role", envelope("welcome"), GUEST, wire.WRONG_ROLE),
    ("a guest sending an update", envelope("update"), GUEST, wire.WRONG_ROLE),
    ("a host sending a move", envelope("move"), HOST, wire.WRONG_ROLE),
    ("negative seq", envelope(seq=-1), HOST, wire.BAD_NUMBER),
    ("seq as float", envelope(seq=1.0), HOST, wire.BAD_NUMBER),
    ("huge ack", envelope(ack=2 ** 60), HOST, wire.BAD_NUMBER),
    ("numbered kind with seq 0", envelope(seq=0), HOST, wire.BAD_NUMBER),
    ("control kind with a seq", envelope("ping", seq=4), HOST, wire.BAD_NUMBER),
    ("body not an object", envelope(body=[1]), HOST, wire.BAD_FIELD),
    ("missing body field", envelope(body={"seat": 1, "turn": 0, "view": {}}), HOST, wire.BAD_FIELD),
    ("extra body field", envelope("ping", body={"nonce": 1, "admin": True}), HOST, wire.BAD_FIELD),
    ("seat as text", envelope(body={**UPDATE, "seat": "1"}), HOST, wire.BAD_FIELD),
    ("seat out of range", envelope(body={**UPDATE, "seat": wire.MAX_SEATS}), HOST, wire.BAD_FIELD),
    ("seat as true", envelope("move", body={"id": "a", "seat": True, "move": "x", "seen": 0}), GUEST, wire.BAD_FIELD),
    ("seats repeated", envelope("hello", body={"name": "Ada", "seats": [1, 1]}), GUEST, wire.BAD_FIELD),
    ("too many seats", envelope("hello", body={"name": "A", "seats": list(range(17))}), GUEST, wire.BAD_FIELD),
    ("name too long", envelope("hello", body={"name": "A" * 41, "seats": []}), GUEST, wire.BAD_FIELD),
    ("name with a newline", envelope("hello", body={"name": "A\nB", "seats": []}), GUEST, wire.BAD_FIELD),
    ("lone surrogate", envelope("hello", body={"name": "\ud800", "seats": []}), GUEST, wire.BAD_FIELD),
    ("lone surrogate in a view", envelope(body={**UPDATE, "view": {"k": "\udfff"}}), HOST, wire.BAD_FIELD),
    ("token too short", envelope("rejoin", body={"token": "abc"}), GUEST, wire.BAD_FIELD),
    ("token with a slash", envelope("rejoin", body={"token": "/" * 20}), GUEST, wire.BAD_FIELD),
    ("move id empty", envelope("move", body={"id": "", "seat": 0, "move": "x", "seen": 0}), GUEST, wire.BAD_FIELD),
    ("seen negative", envelope("move", body={"id": "a", "seat": 0, "move": "x", "seen": -1}), GUEST, wire.BAD_FIELD),
    ("move too long", envelope("move", body={"id": "a", "seat": 0, "move": "x" * 201, "seen": 0}), GUEST, wire.BAD_FIELD),
    ("view nested too deep", envelope(body={**UPDATE, "view": json.loads("[" * 30 + "]" * 30)}), HOST,
     wire.BAD_FIELD),
    ("view integer beyond JavaScript", envelope(body={**UPDATE, "view": [2 ** 60]}), HOST, wire.BAD_FIELD),
    ("too many entries", envelope(body={**UPDATE, "entries": [LINE] * 65}), HOST, wire.BAD_FIELD),
    ("too many lines in an entry", envelope(body={**UPDATE, "entries": [{**LINE, "lines": LINE["lines"] * 65}]}),
     HOST, wire.BAD_FIELD),
    ("log key not a key", envelope(body={**UPDATE, "entries": [{**LINE, "lines": [{"key": "<b>", "params": {}}]}]}),
     HOST, wire.BAD_FIELD),
    ("log param name not a name", envelope(body={**UPDATE, "entries": [{**LINE, "lines": [
        {"key": "a", "params": {"Bad Name": []}}]}]}), HOST, wire.BAD_FIELD),
    ("an entry by no seat", envelope(body={**UPDATE, "entries": [{**LINE, "player": 16}]}), HOST, wire.BAD_FIELD),
    ("a score that is text", envelope(body={**UPDATE, "position": {**POSITION, "scores": ["1"]}}), HOST,
     wire.BAD_FIELD),
    ("an unknown status", envelope(body={**UPDATE, "position": {**POSITION, "status": "won"}}), HOST, wire.BAD_FIELD),
    ("legal moves not a list", envelope(body={**UPDATE, "legal": "pass"}), HOST, wire.BAD_FIELD),
    ("a colour that is not one", envelope("table", body={"players": [
        {"name": "A", "place": "host", "connected": True, "color": "red;x", "left": False}]}), HOST, wire.BAD_FIELD),
    ("too many params", envelope("refused", body={"id": "a", "reason": "e", "params": {f"p{i}": i for i in range(17)}}),
     HOST, wire.BAD_FIELD),
    ("resend as 1", envelope("ack", body={"resend": 1}), HOST, wire.BAD_FIELD),
    ("a whole view and a patch at once", envelope(body={**UPDATE, "view_patch": []}), HOST, wire.BAD_FIELD),
    ("a patch not a list", envelope(body={**UPDATE, "view": None, "view_patch": {"a": 1}}), HOST, wire.BAD_FIELD),
    ("a patch change with an empty path", envelope(body={**UPDATE, "view": None, "view_patch": [[[], 1]]}), HOST,
     wire.BAD_FIELD),
    ("a patch change in three parts", envelope(body={**UPDATE, "view": None, "view_patch": [[["a"], 1, 2]]}), HOST,
     wire.BAD_FIELD),
    ("a patch path through a negative index", envelope(body={**UPDATE, "view": None, "view_patch": [[[-1], 1]]}),
     HOST, wire.BAD_FIELD),
    ("a patch path through a number", envelope(body={**UPDATE, "view": None, "view_patch": [[[1.5], 1]]}), HOST,
     wire.BAD_FIELD),
    ("a patch path too deep", envelope(body={**UPDATE, "view": None, "view_patch": [[["a"] * 25, 1]]}), HOST,
     wire.BAD_FIELD),
    ("too many patch changes", envelope(body={**UPDATE, "view": None,
                                              "view_patch": [[["a"]]] * (wire.MAX_PATCH_OPS + 1)}), HOST,
     wire.BAD_FIELD),
    ("a guest asking a guest to resync", envelope("resync"), HOST, wire.WRONG_ROLE),
]


@pytest.mark.parametrize("name,data,sender,code", HOSTILE, ids=[case[0] for case in HOSTILE])
def test_hostile_input_is_refused_with_its_code(name, data, sender, code):
    with pytest.raises(WireError) as refused:
        wire.parse(data, sender=sender)
    assert refused.value.code == code, refused.value


@pytest.mark.parametrize("name,data,sender,code", HOSTILE, ids=[case[0] for case in HOSTILE])
def test_an_endpoint_never_raises_on_hostile_input(name, data, sender, code):
    receiver = Endpoint(GUEST if sender == HOST else HOST)
    receipt = receiver.receive(data)
    # A wrong role here is the receiver's peer role check: the code may differ, never an exception.
    assert receipt.error is not None and receipt.delivered == () and receipt.replies == ()


def test_the_sender_refuses_to_send_what_the_receiver_would_refuse():
    host = Endpoint(HOST)
    with pytest.raises(WireError) as refused:
        host.send("update", {**UPDATE, "seat": -1})
    assert refused.value.code == wire.BAD_FIELD
    assert host.outbox.last_sent == 0  # a refused message takes no number
    with pytest.raises(WireError) as refused:
        host.send("move", VALID_BODIES["move"])
    assert refused.value.code == wire.WRONG_ROLE
    with pytest.raises(WireError) as refused:
        host.send("update", {**UPDATE, "view": "x" * wire.MAX_MESSAGE_BYTES})
    assert refused.value.code == wire.TOO_LARGE


def linked():
    return Endpoint(HOST), Endpoint(GUEST)


def test_numbered_messages_are_delivered_once_in_order_and_acknowledged():
    host, guest = linked()
    first, second = host.send("update", UPDATE), host.send("update", {**UPDATE, "turn": 4})
    assert [json.loads(text)["seq"] for text in (first, second)] == [1, 2]
    receipt = guest.receive(first)
    assert [m.body["turn"] for m in receipt.delivered] == [3]
    (ack,) = receipt.replies
    assert json.loads(ack)["kind"] == "ack" and json.loads(ack)["ack"] == 1
    host.receive(ack)
    assert [seq for seq, _, _ in host.outbox.unacknowledged()] == [2]


def test_a_replayed_message_is_dropped_and_acknowledged_again():
    host, guest = linked()
    text = host.send("update", UPDATE)
    guest.receive(text)
    replay = guest.receive(text)
    assert replay.delivered == () and replay.error.code == wire.DUPLICATE
    assert json.loads(replay.replies[0])["ack"] == 1  # so the sender stops resending


def test_an_early_message_is_held_and_the_gap_asks_for_a_resend():
    host, guest = linked()
    first, second, third = (host.send("update", {**UPDATE, "turn": n}) for n in (1, 2, 3))
    early = guest.receive(third)
    assert early.delivered == () and json.loads(early.replies[0])["body"] == {"resend": True}
    # The host answers the resend request with everything unacknowledged.
    resent = host.receive(early.replies[0]).replies
    assert [json.loads(text)["seq"] for text in resent] == [1, 2, 3]
    assert [m.body["turn"] for m in guest.receive(first).delivered] == [1]
    assert [m.body["turn"] for m in guest.receive(second).delivered] == [2, 3]


def test_a_message_far_ahead_is_refused_not_held():
    host, guest = linked()
    texts = [host.send("update", UPDATE) for _ in range(wire.HOLD_WINDOW + 2)]
    receipt = guest.receive(texts[-1])
    assert receipt.error.code == wire.TOO_FAR_AHEAD and receipt.delivered == ()
    assert json.loads(receipt.replies[0])["body"]["resend"] is True


def test_an_acknowledgement_of_what_was_never_sent_is_refused():
    host, guest = linked()
    receipt = host.receive(envelope("move", ack=5))
    assert receipt.error.code == wire.BAD_ACK and receipt.delivered == ()


def test_ping_is_answered_with_pong_carrying_its_nonce():
    host, guest = linked()
    (pong,) = guest.receive(host.send("ping", {"nonce": 42})).replies
    assert [m.body for m in host.receive(pong).delivered] == [{"nonce": 42}]


def test_a_side_that_keeps_what_it_receives_acknowledges_what_it_kept_and_no_more():
    """A guest writes what came before acknowledging it; while its writes fail its acknowledgements
    stay at the last one that worked, but never lag so far that the host's backlog fills."""
    host, guest = linked()
    guest.kept = 0
    receipt = guest.receive(host.send("update", UPDATE), acknowledge=False)
    assert receipt.replies == () and receipt.owed_ack is False  # owed, for after the write
    assert json.loads(guest.send("ack", {"resend": False}))["ack"] == 0
    guest.kept = 1
    assert json.loads(guest.send("ack", {"resend": False}))["ack"] == 1
    for _ in range(wire.MAX_UNKEPT + 10):
        guest.receive(host.send("update", UPDATE))
    assert guest.acknowledged == guest.inbox.delivered - wire.MAX_UNKEPT
    host.receive(guest.send("ack", {"resend": False}))
    assert len(host.outbox.unacknowledged()) == wire.MAX_UNKEPT < host.outbox.limit


def test_a_guest_restored_from_an_older_pairing_numbers_on_past_what_the_welcome_says_it_saw():
    host, guest = linked()
    for _ in range(3):
        host.receive(guest.send("move", {"id": "m1", "seat": 1, "move": "pass", "seen": 0}))
    older = Endpoint.restore({**guest.snapshot(), "sent": 1, "unacked": []})  # its last writes failed
    receipt = older.receive(host.send("welcome", {"match": "m-1", "game": "geonaxis", "settings": {},
                                                  "token": TOKEN, "seats": [1]}))
    assert receipt.error is None and [m.kind for m in receipt.delivered] == ["welcome"]
    assert json.loads(older.send("move", {"id": "m2", "seat": 1, "move": "pass", "seen": 0}))["seq"] == 4


def test_a_move_kept_unacknowledged_before_protocol_4_is_restored_as_chosen_at_the_start():
    """A pairing a page kept before moves said what their guest had seen (`seen`): its
    unacknowledged move is not "damaged" (the pairing would be lost); it goes as chosen at the
    start, which the host applies only if its seat has not moved since (net.move_outdated)."""
    _host, guest = linked()
    guest.send("move", {"id": "m1", "seat": 1, "move": "pass", "seen": 3})
    saved = json.loads(json.dumps(guest.snapshot()))
    del saved["unacked"][0][2]["seen"]
    restored = Endpoint.restore(saved)
    assert restored.outbox.unacknowledged() == [(1, "move", {"id": "m1", "seat": 1, "move": "pass", "seen": 0})]


def test_the_backlog_of_unacknowledged_messages_is_bounded():
    host = Endpoint(HOST, outbox=wire.Outbox(limit=3))
    for _ in range(3):
        host.send("update", UPDATE)
    with pytest.raises(WireError) as refused:
        host.send("update", UPDATE)
    assert refused.value.code == wire.BACKLOG_FULL


def test_a_rejoin_resumes_after_the_last_message_seen():
    host, guest = linked()
    texts = [host.send("update", {**UPDATE, "turn": n}) for n in range(4)]
    for text in texts[:2]:
        guest.receive(text)  # the acks are lost: the guest's phone slept
    saved = json.loads(json.dumps(guest.snapshot()))
    guest = Endpoint.restore(saved)  # the tab reloaded
    rejoin = guest.send("rejoin", {"token": TOKEN})
    assert json.loads(rejoin)["ack"] == 2
    assert [m.kind for m in host.receive(rejoin).delivered] == ["rejoin"]
    resumed = [m.body["turn"] for text in host.unacknowledged() for m in guest.receive(text).delivered]
    assert resumed == [2, 3]


DAMAGED_SNAPSHOTS = [
    None, [], {"role": "host"}, {"role": "admin", "sent": 0, "delivered": 0, "unacked": []},
    {"role": "host", "sent": -1, "delivered": 0, "unacked": []},
    {"role": "host", "sent": 1, "delivered": 0, "unacked": [[1, "move", VALID_BODIES["move"]]]},
    {"role": "host", "sent": 1, "delivered": 0, "unacked": [[2, "update", UPDATE]]},
    {"role": "host", "sent": 2, "delivered": 0, "unacked": [[2, "update", UPDATE], [1, "update", UPDATE]]},
    {"role": "host", "sent": 1, "delivered": 0, "unacked": [[1, "update", {"seat": 1}]]},
    {"role": "host", "sent": 1, "delivered": 0, "unacked": [[1, "update"]]},
]


@pytest.mark.parametrize("data", DAMAGED_SNAPSHOTS)
def test_a_damaged_saved_link_is_refused_with_its_code(data):
    with pytest.raises(WireError) as refused:
        Endpoint.restore(data)
    assert refused.value.code == wire.BAD_SNAPSHOT


def test_the_ledger_applies_a_move_id_once_per_seat_and_forgets_the_oldest():
    ledger = MoveLedger(memory=2)
    assert ledger.first_time(1, "a") and not ledger.first_time(1, "a")
    assert ledger.first_time(2, "a")  # another seat's ids are its own
    assert ledger.first_time(1, "b") and ledger.first_time(1, "c")
    assert not ledger.first_time(1, "c") and ledger.first_time(1, "a")  # "a" was forgotten


def test_a_saved_ledger_still_refuses_the_ids_it_had_seen():
    ledger = MoveLedger()
    ledger.first_time(1, "a")
    ledger.first_time(3, "b")
    restored = MoveLedger.restore(json.loads(json.dumps(ledger.snapshot())))
    assert not restored.first_time(1, "a") and not restored.first_time(3, "b") and restored.first_time(3, "a")


@pytest.mark.parametrize("data", [None, [], {"x": []}, {"1": "a"}, {"99": ["a"]}, {"1": ["a/b"]}, {"-1": ["a"]},
                                  {"1": ["a"] * 2000}, {str(n): [] for n in range(17)},
                                  {"²": ["a"]}, {1: ["a"]}])
def test_a_damaged_saved_ledger_is_refused_with_its_code(data):
    with pytest.raises(WireError) as refused:
        MoveLedger.restore(data)
    assert refused.value.code == wire.BAD_SNAPSHOT


@pytest.mark.parametrize("view, changes", [
    ({"a": 1}, [[["b"], 2]]),  # a key it does not have
    ({"a": [1]}, [[["a", 2], 3]]),  # past a list's end
    ({"a": [1, 2]}, [[["a", 0]]]),  # a removal not at the end
    ({"a": 1}, [[["a", "b"], 2]]),  # through a number
    (None, [[["a"], 1]]),  # no view to patch
])
def test_a_patch_that_does_not_fit_the_view_held_is_out_of_sync_and_changes_nothing(view, changes):
    kept = json.dumps(view)
    with pytest.raises(WireError) as refused:
        wire.apply_view_patch(view, changes)
    assert refused.value.code == wire.OUT_OF_SYNC and json.dumps(view) == kept


def test_a_view_patch_names_only_what_changed():
    old = {"board": [[0, 1], [None, "A"]], "hand": ["B", "C"], "scores": [2, 5]}
    new = {"board": [[0, 1], [2, "A"]], "hand": ["B", "C", "D"], "scores": [2, 5]}
    assert sorted(map(json.dumps, wire.view_patch(old, new))) == ['[["board", 1, 0], 2]', '[["hand", 2], "D"]']
    assert wire.view_patch(new, new) == []


def test_a_number_that_becomes_true_or_a_float_goes_whole_not_as_a_patch():
    """1, 1.0 and true are equal in Python: a patch made by comparing would miss the change."""
    for old, new in (({"a": [1, 2]}, {"a": [True, 2]}), ({"a": 2}, {"a": 2.0}), ({"a": [0]}, {"a": [False]})):
        assert wire.view_change(old, new, wire.text_of(new)) is None
    assert wire.view_change({"a": [1, 2]}, {"a": [1, 3]}, wire.text_of({"a": [1, 3]})) == [[["a", 1], 3]]
