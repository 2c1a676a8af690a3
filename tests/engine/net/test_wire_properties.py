"""Properties of the wire protocol between a simulated host and guest over a faulty network:
whatever is dropped, duplicated, reordered, or cut by reconnects and reloads, once the network
works again every numbered message is delivered exactly once, in order, both ways."""

import json

from hypothesis import given
from hypothesis import strategies as st

from ludoteca.net import wire
from ludoteca.net.wire import GUEST, HOST, Endpoint, Inbox, MoveLedger

EMPTY_UPDATE = {"seat": 0, "turn": 0, "view": None, "view_patch": None, "entries": [], "legal": None,
                "position": {"count": 0, "to_move": [0], "mode": "turn", "scores": [0, 0], "status": "playing",
                             "resigners": [], "clocked": [], "undos": 0, "hints": [0, 0], "places": []}}

TOKEN = "k" * 22
WINDOW = 4  # small, so that "too far ahead" happens too

operations = st.lists(st.one_of(
    st.tuples(st.just("host sends")),
    st.tuples(st.just("guest sends")),
    st.tuples(st.sampled_from(["deliver", "drop", "duplicate"]), st.sampled_from([HOST, GUEST]),
              st.integers(0, 50)),
    st.tuples(st.just("timer"), st.sampled_from([HOST, GUEST])),  # resend what is unacknowledged
    st.tuples(st.just("reconnect")),
    st.tuples(st.just("guest reloads")),
), max_size=120)


class Table:
    """A host and a guest, and the texts in flight to each."""

    def __init__(self):
        self.ends = {HOST: Endpoint(HOST, inbox=Inbox(WINDOW)), GUEST: Endpoint(GUEST, inbox=Inbox(WINDOW))}
        self.in_flight = {HOST: [], GUEST: []}  # texts on their way to that side
        self.sent = {HOST: [], GUEST: []}
        self.applied = {HOST: [], GUEST: []}
        self.ledger = MoveLedger()
        self.saved_guest = self.ends[GUEST].snapshot()

    def other(self, side):
        return GUEST if side == HOST else HOST

    def send(self, side):
        number = len(self.sent[side])
        if side == HOST:
            text = self.ends[HOST].send("update", {**EMPTY_UPDATE, "seat": 1, "turn": number, "view": {"n": number}})
        else:
            text = self.ends[GUEST].send("move", {"id": f"m{number}", "seat": 1, "move": f"play {number}", "seen": 0})
        self.sent[side].append(number)
        self.in_flight[self.other(side)].append(text)

    def arrive(self, side, text):
        receipt = self.ends[side].receive(text)
        assert receipt.error is None or receipt.error.code in (wire.DUPLICATE, wire.TOO_FAR_AHEAD), receipt.error
        for message in receipt.delivered:
            if message.kind == "update":
                self.applied[HOST].append(message.body["turn"])  # what the guest applied, from the host
            elif message.kind == "move" and self.ledger.first_time(message.body["seat"], message.body["id"]):
                self.applied[GUEST].append(int(message.body["id"][1:]))
        self.in_flight[self.other(side)].extend(receipt.replies)
        if side == GUEST:
            self.saved_guest = self.ends[GUEST].snapshot()

    def reconnect(self):
        """A new channel: what was in flight is gone; the guest rejoins, the host welcomes, both resend."""
        self.in_flight = {HOST: [], GUEST: []}
        host, guest = self.ends[HOST], self.ends[GUEST]
        (rejoin,) = host.receive(guest.send("rejoin", {"token": TOKEN})).delivered
        assert rejoin.ack == guest.inbox.delivered
        guest.receive(host.send("welcome", {"match": "m", "game": "council", "settings": {}, "token": TOKEN,
                                            "seats": [1]}))
        self.in_flight[GUEST].extend(host.unacknowledged())
        self.in_flight[HOST].extend(guest.unacknowledged())

    def run(self, operation):
        name = operation[0]
        if name.endswith("sends"):
            self.send(HOST if name == "host sends" else GUEST)
            self.saved_guest = self.ends[GUEST].snapshot()  # the app saves the link before sending
        elif name in ("deliver", "drop", "duplicate"):
            queue = self.in_flight[operation[1]]
            if not queue:
                return
            index = operation[2] % len(queue)
            if name == "duplicate":
                queue.append(queue[index])
                return
            text = queue.pop(index)
            if name == "deliver":
                self.arrive(operation[1], text)
        elif name == "timer":
            self.in_flight[self.other(operation[1])].extend(self.ends[operation[1]].unacknowledged())
        elif name == "reconnect":
            self.reconnect()
        elif name == "guest reloads":
            self.ends[GUEST] = Endpoint.restore(json.loads(json.dumps(self.saved_guest)))
            self.ends[GUEST].inbox.window = WINDOW
            self.reconnect()

    def settle(self):
        """The network works again: resend and deliver in order until nothing is unacknowledged."""
        for _ in range(10):
            for side in (HOST, GUEST):
                self.in_flight[self.other(side)].extend(self.ends[side].unacknowledged())
            while self.in_flight[HOST] or self.in_flight[GUEST]:
                for side in (HOST, GUEST):
                    if self.in_flight[side]:
                        self.arrive(side, self.in_flight[side].pop(0))
            if not any(end.outbox.unacknowledged() for end in self.ends.values()):
                return
        raise AssertionError("the link did not settle")


@given(operations)
def test_every_message_is_delivered_exactly_once_in_order(steps):
    table = Table()
    for operation in steps:
        table.run(operation)
        # Never out of order, never twice, even mid-way.
        for side in (HOST, GUEST):
            assert table.applied[side] == table.sent[side][:len(table.applied[side])]
    table.settle()
    assert table.applied == table.sent


@given(st.lists(st.integers(1, 12), max_size=60), st.integers(1, 12))
def test_an_inbox_delivers_a_prefix_in_order_whatever_arrives(arrivals, count):
    """Whatever mix of sequence numbers arrives, what is delivered is 1, 2, 3... each once."""
    host = Endpoint(HOST)
    texts = [host.send("update", {**EMPTY_UPDATE, "turn": n}) for n in range(count)]
    guest = Endpoint(GUEST, inbox=Inbox(WINDOW))
    delivered = []
    for seq in arrivals:
        if seq <= count:
            delivered += [m.seq for m in guest.receive(texts[seq - 1]).delivered]
    assert delivered == list(range(1, len(delivered) + 1))
    assert guest.inbox.delivered == len(delivered)


printable_json = st.recursive(
    st.none() | st.booleans() | st.integers(-2 ** 53 + 1, 2 ** 53 - 1) | st.text(max_size=20)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=30)


@given(st.one_of(st.text(max_size=200), st.binary(max_size=50), printable_json.map(json.dumps), printable_json))
def test_parse_raises_only_its_own_error(data):
    for sender in (HOST, GUEST, None):
        try:
            wire.parse(data, sender=sender)
        except wire.WireError:
            pass


@given(printable_json)
def test_an_update_carries_any_bounded_view_unchanged(view):
    host, guest = Endpoint(HOST), Endpoint(GUEST)
    try:
        text = host.send("update", {**EMPTY_UPDATE, "view": view})
    except wire.WireError as refused:  # only a view the receiver would refuse
        assert refused.code == wire.BAD_FIELD
        return
    (message,) = guest.receive(text).delivered
    assert message.body["view"] == view


@given(printable_json, printable_json)
def test_a_view_patch_makes_the_old_view_into_the_new_one_to_the_last_key_and_leaves_the_old_as_it_was(old, new):
    """Through the wire, as a guest takes it: the same JSON text, key order included."""
    kept = json.dumps(old)
    changes = wire.view_change(old, new, wire.text_of(new))
    assert json.dumps(old) == kept
    if changes is None:
        # Only where no patch can say it: a plain value (a view is an object), or a number
        # that became true or a float (equal in Python, not in JSON).
        assert not isinstance(old, (dict, list)) or json.loads(json.dumps(old)) is not None
        return
    changes = json.loads(json.dumps(changes))  # through the wire
    try:
        wire.VIEW_PATCH(changes, "patch")
    except wire.WireError:
        return  # nested past what a message may carry: sent whole, or refused like any view
    assert json.dumps(wire.apply_view_patch(old, changes)) == json.dumps(new)
    assert json.dumps(old) == kept
