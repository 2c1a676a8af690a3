"""A table on several devices, host and guests, with the toy Council game (secret cards and
secret simultaneous bids): who may join, who may act, what each guest receives, rejoining,
a host's reload, hostile guests, and a lossy network."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.core.match import Match, Seat
from ludoteca.core.protocol import GameError
from ludoteca.net import host as host_module
from ludoteca.net import wire
from ludoteca.net.guest import GuestTable
from ludoteca.net.authority import SessionAuthority, guest_lines
from ludoteca.net.host import HostTable
from ludoteca.games.council.rules import GAME
from ludoteca.ui.session import LocalMatchSession

PLAYERS = 3


class CouncilAuthority(SessionAuthority):
    """The host's match (a local session of the toy Council game) behind the `Authority`
    interface. Log lines are the engine's, described for a viewer: a card or a bid is
    named only to its own player (and bids once all are shown)."""

    def __init__(self, seed: int = 7):
        match = Match(GAME, GAME.default_settings(PLAYERS), seed, [Seat(f"P{n}") for n in range(PLAYERS)])
        super().__init__(LocalMatchSession(match), "m-council")
        self.match = match

    def log(self, seat: int) -> list[dict]:
        return guest_lines(self.entries(seat))

    def legal_texts(self, seat: int) -> list[str]:
        return self.match.state.legal_moves(seat).texts() if seat in self.match.state.to_move() else []


def tokens():
    counter = itertools.count(1)
    return lambda: f"token-{next(counter):016d}"


def move_ids(prefix):
    counter = itertools.count(1)
    return lambda: f"{prefix}{next(counter)}"


def view_brought(held, body):
    """The view a guest holding `held` has after taking the update `body` (whole, or `held` patched)."""
    return body["view"] if body["view_patch"] is None else wire.apply_view_patch(held, body["view_patch"])


def value_at(view, path):
    for step in path:
        view = view[step]
    return view


class Network:
    """Links between the host and guests: each text is delivered, or dropped/duplicated/
    delayed when the test says so."""

    def __init__(self, authority, remote_seats=(1, 2)):
        self.authority = authority
        self.host = HostTable(authority, remote_seats, tokens())
        self.guests: dict[str, GuestTable] = {}
        self.received: dict[str, list[str]] = {}  # every text each guest's link carried

    def add_guest(self, link, name, seats=()):
        guest = GuestTable(name, move_ids(link))
        self.guests[link] = guest
        self.received[link] = []
        self.to_host(link, guest.hello(tuple(seats)))
        return guest

    def to_host(self, link, text):
        for target, reply in self.host.receive(link, text).outgoing:
            self.to_guest(target, reply)

    def to_guest(self, link, text):
        self.received[link].append(text)
        guest = self.guests[link]
        receipt = guest.receive(text)
        for reply in receipt.replies:
            self.to_host(link, reply)
        return receipt


def test_a_guest_joins_takes_a_free_seat_and_sees_only_its_view():
    network = Network(CouncilAuthority())
    ada = network.add_guest("a", "Ada")
    bob = network.add_guest("b", "Bob", seats=(2,))
    assert (ada.seats, bob.seats) == ((1,), (2,))
    assert ada.token != bob.token and ada.match_id == "m-council"
    assert ada.views[1] == network.authority.match.state.view(1)
    assert set(ada.views) == {1} and set(bob.views) == {2}
    assert ada.logs[1] == network.authority.log(1)
    assert network.host.free_seats() == []
    assert (ada.game_id, ada.settings) == ("council", network.authority.settings())
    assert "seed" not in json.dumps(network.received["a"])


def test_every_guest_hears_who_is_at_the_table_and_who_is_away():
    network = Network(CouncilAuthority())
    ada = network.add_guest("a", "Ada")
    assert ada.players == [{"name": "P0", "place": "host", "connected": True, "color": "", "left": False},
                           {"name": "Ada", "place": "guest", "connected": True, "color": "", "left": False},
                           {"name": "P2", "place": "guest", "connected": False, "color": "", "left": False}]
    network.add_guest("b", "Bob")
    assert ada.players[2] == {"name": "Bob", "place": "guest", "connected": True, "color": "", "left": False}
    for link, text in network.host.close_link("b"):
        receipt = network.to_guest(link, text)
        assert receipt.presence
    assert ada.players[2]["connected"] is False and ada.players[2]["left"] is False  # away, not gone
    assert network.host.close_link("b") == []  # already gone: no news


def test_a_guest_that_says_bye_has_left_the_table_until_it_rejoins():
    """A bye is a device leaving on purpose: every other device is told it left (a link that
    drops is only away). Its seats stay its own: it may come back with its token."""
    network = Network(CouncilAuthority())
    ada = network.add_guest("a", "Ada")
    bob = network.add_guest("b", "Bob")
    received = network.host.receive("b", bob.leave())
    assert received.news
    for link, text in received.outgoing:
        network.to_guest(link, text)
    assert ada.players[2] == {"name": "Bob", "place": "guest", "connected": False, "color": "", "left": True}
    assert network.host.seat_holder(2).token == bob.token
    network.guests["b2"], network.received["b2"] = bob, []  # back on a new link
    network.to_host("b2", bob.rejoin())
    assert ada.players[2]["connected"] is True and ada.players[2]["left"] is False


def test_a_seat_already_taken_or_not_remote_is_refused_with_a_reason():
    network = Network(CouncilAuthority())
    network.add_guest("a", "Ada", seats=(1,))
    late = GuestTable("Cy", move_ids("c"))
    network.guests["c"], network.received["c"] = late, []
    network.to_host("c", late.hello((1,)))
    assert late.token is None
    assert json.loads(network.received["c"][-1])["body"] == {"reason": host_module.SEAT_TAKEN}
    network.to_host("c", late.hello((0,)))  # the host's own seat
    assert json.loads(network.received["c"][-1])["body"] == {"reason": host_module.SEAT_TAKEN}
    assert [incident.code for incident in network.host.incidents] == [host_module.SEAT_TAKEN] * 2


def play_to_end(network, local_seats=(0,), rng=None, limit=500):
    """Everyone plays random legal moves: local seats straight on the authority,
    remote seats through their guest's link."""
    rng = rng or random.Random(1)
    authority = network.authority
    for _ in range(limit):
        if authority.match.is_over:
            return
        waiting = list(authority.match.state.to_move())
        seat = rng.choice(waiting)
        move = rng.choice(authority.legal_texts(seat))
        if seat in local_seats:
            authority.play(seat, move)
            for link, text in network.host.refresh():
                network.to_guest(link, text)
        else:
            link = next(link for link, guest in network.guests.items() if seat in guest.seats)
            network.to_host(link, network.guests[link].play(seat, move))
    raise AssertionError("the game did not end")


def test_a_whole_game_played_across_devices_leaves_every_guest_with_its_own_log_and_view():
    network = Network(CouncilAuthority())
    network.add_guest("a", "Ada")
    network.add_guest("b", "Bob")
    play_to_end(network)
    for guest in network.guests.values():
        (seat,) = guest.seats
        assert guest.logs[seat] == network.authority.log(seat)
        assert guest.views[seat] == network.authority.match.state.view(seat)
    assert not network.host.incidents


def test_nothing_but_a_guests_own_seats_crosses_its_link():
    """Every update a guest received is its own seat's view and log as they were then:
    another seat's card or bid never reaches it."""
    authority = CouncilAuthority(seed=3)
    network = Network(authority)
    network.add_guest("a", "Ada")
    network.add_guest("b", "Bob")
    snapshots = {}  # per guest, what its seat's view and log were at each update

    original_to_guest = network.to_guest

    def checked_to_guest(link, text):
        message = wire.parse(text, sender=wire.HOST)
        if message.kind == "update":
            seat = message.body["seat"]
            assert seat in network.guests[link].seats
            view = authority.match.state.view(seat)
            assert view_brought(network.guests[link].views.get(seat), message.body) == view
            for change in message.body["view_patch"] or ():  # a patch carries values of the seat's view only
                assert len(change) == 1 or value_at(view, change[0]) == change[1]
            turn = message.body["turn"]
            assert message.body["entries"] == authority.entries(seat)[turn:turn + len(message.body["entries"])]
            assert message.body["position"] == authority.position()
            snapshots.setdefault(link, 0)
            snapshots[link] += 1
        return original_to_guest(link, text)

    network.to_guest = checked_to_guest
    play_to_end(network, rng=random.Random(5))
    assert snapshots["a"] > 5 and snapshots["b"] > 5
    # And what each guest kept is its own seat's alone.
    for guest in network.guests.values():
        assert set(guest.views) == set(guest.entries) == set(guest.seats)


def test_a_move_for_another_seat_is_refused_and_changes_nothing():
    network = Network(CouncilAuthority())
    ada = network.add_guest("a", "Ada")
    network.add_guest("b", "Bob")
    entries = len(network.authority.match.entries)
    forged = ada.endpoint.send("move", {"id": "x1", "seat": 2, "move": "bid 0", "seen": 0})
    network.to_host("a", forged)
    assert len(network.authority.match.entries) == entries
    assert network.host.incidents[-1].code == host_module.NOT_YOUR_SEAT
    refused = [json.loads(text) for text in network.received["a"] if json.loads(text)["kind"] == "refused"]
    assert refused[-1]["body"]["reason"] == host_module.NOT_YOUR_SEAT


def _play_on_to(network, guests, count):
    """Everyone plays their first legal move (the host's seat 0 on the host) until `count` entries."""
    authority = network.authority
    while len(authority.match.entries) < count:
        player = authority.match.state.to_move()[0]
        if player == 0:
            authority.play(0, authority.legal_texts(0)[0])
            network.host.refresh()
        else:
            link = "ab"[player - 1]
            network.to_host(link, guests[link].play(player, authority.legal_texts(player)[0]))


def _move_seen_at(guest, seat, text, seen):
    """A move as a guest that had `seen` entries in view sends it."""
    return guest.endpoint.send("move", {"id": guest.new_move_id(), "seat": seat, "move": text, "seen": seen})


def test_a_move_chosen_before_its_seats_own_last_move_is_not_applied():
    """A guest catching up after a reload may play again, by itself, a forced move the host has
    had since: chosen at entry 0, a bid arrives when a new round of bids has begun, where it is
    legal again. The host does not apply it (net.move_outdated, no incident: nothing hostile)."""
    network = Network(CouncilAuthority())
    guests = {"a": network.add_guest("a", "Ada"), "b": network.add_guest("b", "Bob")}
    _play_on_to(network, guests, 6)
    authority = network.authority
    assert 1 in authority.match.state.to_move() and "bid 1" in authority.legal_texts(1)
    incidents = len(network.host.incidents)
    network.to_host("a", _move_seen_at(guests["a"], 1, "bid 1", seen=0))
    assert len(authority.match.entries) == 6
    refused = [json.loads(text) for text in network.received["a"] if json.loads(text)["kind"] == "refused"]
    assert refused[-1]["body"]["reason"] == host_module.MOVE_OUTDATED
    assert len(network.host.incidents) == incidents
    # An undo since: the position the guest saw is gone too.
    network.to_host("a", _move_seen_at(guests["a"], 1, "bid 1", seen=9))
    assert len(authority.match.entries) == 6
    # Chosen on the live position, the same move is played.
    network.to_host("a", _move_seen_at(guests["a"], 1, "bid 1", seen=6))
    assert len(authority.match.entries) == 7 and authority.match.entries[-1].player == 1


def test_a_move_chosen_before_other_seats_moves_is_applied():
    """Simultaneous bids: the host's seat bid after Ada saw the position; Ada's bid still counts."""
    network = Network(CouncilAuthority())
    guests = {"a": network.add_guest("a", "Ada"), "b": network.add_guest("b", "Bob")}
    authority = network.authority
    authority.play(0, "bid 2")
    network.host.refresh()
    network.to_host("a", _move_seen_at(guests["a"], 1, "bid 1", seen=0))
    assert [entry.player for entry in authority.match.entries] == [0, 1]


def test_a_resignation_counts_whatever_the_guest_had_seen():
    network = Network(CouncilAuthority())
    guests = {"a": network.add_guest("a", "Ada"), "b": network.add_guest("b", "Bob")}
    _play_on_to(network, guests, 6)
    network.to_host("a", _move_seen_at(guests["a"], 1, "resign", seen=0))
    assert 1 in network.authority.session.resigners


def test_an_illegal_move_is_refused_with_the_engines_reason_and_the_match_goes_on():
    network = Network(CouncilAuthority())
    ada = network.add_guest("a", "Ada")
    network.add_guest("b", "Bob")
    entries = len(network.authority.match.entries)
    receipt_texts = []
    for _target, text in network.host.receive("a", ada.play(1, "claim 9")).outgoing:
        receipt_texts.append(text)
    receipts = [ada.receive(text) for text in receipt_texts]
    refusals = [refusal for receipt in receipts for refusal in receipt.refusals]
    assert len(refusals) == 1 and refusals[0].move == "claim 9" and refusals[0].seat == 1
    assert refusals[0].reason.startswith(("council.", "core."))
    assert len(network.authority.match.entries) == entries
    network.to_host("a", ada.play(1, "bid 1"))
    assert len(network.authority.match.entries) == entries + 1


def test_a_move_sent_twice_is_applied_once():
    network = Network(CouncilAuthority())
    ada = network.add_guest("a", "Ada")
    network.add_guest("b", "Bob")
    text = ada.play(1, "bid 1")
    entries = len(network.authority.match.entries)
    network.host.receive("a", text)
    duplicated = network.host.receive("a", text).outgoing  # the network duplicated it
    replay = json.loads(text)
    replay["seq"] += 1  # a hostile replay under a new number, same move id
    replayed = network.host.receive("a", json.dumps(replay)).outgoing
    assert len(network.authority.match.entries) == entries + 1
    # Neither reached the engine (which would have refused a second bid): only acknowledgements go back.
    assert {json.loads(text)["kind"] for _link, text in duplicated + replayed} == {"ack"}


@pytest.mark.parametrize("name, text, code", [
    ("garbage", "not json at all", wire.NOT_JSON),
    ("oversized", "x" * (wire.MAX_MESSAGE_BYTES + 1), wire.TOO_LARGE),
    ("claims the host's role", json.dumps({"v": wire.PROTOCOL_VERSION, "kind": "update", "seq": 1, "ack": 0,
                                          "body": {"seat": 1, "turn": 0, "view": {}, "entries": [],
                                                   "position": {}, "legal": None}}), wire.WRONG_ROLE),
    ("a welcome from a guest", json.dumps({"v": wire.PROTOCOL_VERSION, "kind": "welcome", "seq": 0, "ack": 0,
                                          "body": {"match": "m", "token": "t" * 20, "seats": [0]}}), wire.WRONG_ROLE),
    ("an old protocol", json.dumps({"v": 0, "kind": "ping", "seq": 0, "ack": 0, "body": {"nonce": 1}}),
     wire.WRONG_VERSION),
])
def test_hostile_texts_from_a_joined_guest_are_refused_logged_and_the_match_goes_on(name, text, code):
    network = Network(CouncilAuthority())
    network.add_guest("a", "Ada")
    bob = network.add_guest("b", "Bob")
    before = network.authority.match.record()
    entries = len(network.authority.match.entries)
    assert network.host.receive("b", text).outgoing == []
    assert network.host.incidents[-1].code == code
    assert network.authority.match.record() == before
    network.to_host("b", bob.play(2, "bid 0"))
    assert len(network.authority.match.entries) == entries + 1


def test_a_link_that_has_not_said_hello_may_not_play_and_an_unknown_token_is_turned_away():
    network = Network(CouncilAuthority())
    stranger = GuestTable("Eve", move_ids("e"))
    stranger.seats = (1,)  # it pretends
    network.guests["e"], network.received["e"] = stranger, []
    network.to_host("e", stranger.play(1, "bid 0"))
    assert network.host.incidents[-1].code == host_module.SAY_HELLO_FIRST
    assert network.authority.match.entries == []
    stranger.token = "forged-token-0000000000"
    network.to_host("e", stranger.rejoin())
    assert network.host.incidents[-1].code == host_module.UNKNOWN_TOKEN
    assert network.host.links == {}


def test_a_guest_that_reloads_rejoins_with_its_saved_pairing_and_catches_up():
    network = Network(CouncilAuthority())
    ada = network.add_guest("a", "Ada")
    network.add_guest("b", "Bob")
    saved = json.loads(json.dumps(ada.snapshot()))
    network.host.close_link("a")
    # While Ada is away Bob and the host play on; her updates wait.
    network.to_host("b", network.guests["b"].play(2, "bid 1"))
    network.authority.play(0, "bid 0")
    assert not network.host.is_connected(1)
    assert [link for link, _ in network.host.refresh()] == ["b"]
    restored = GuestTable.restore(saved, move_ids("a2-"))
    network.guests["a2"], network.received["a2"] = restored, []
    network.to_host("a2", restored.rejoin())
    assert network.host.is_connected(1)
    assert restored.views[1] == network.authority.match.state.view(1)
    assert restored.logs[1] == network.authority.log(1)
    network.to_host("a2", restored.play(1, "bid 2"))
    assert network.authority.match.entries[-1].player == 1 or network.authority.match.state.view(0)["last_bids"]


def test_a_host_that_reloads_keeps_its_guests_who_rejoin_and_get_their_whole_log():
    authority = CouncilAuthority()
    network = Network(authority)
    ada = network.add_guest("a", "Ada")
    network.add_guest("b", "Bob")
    network.to_host("a", ada.play(1, "bid 1"))
    saved = json.loads(json.dumps(network.host.snapshot()))
    reloaded = HostTable(authority, (1, 2), tokens())
    reloaded.restore(saved)
    network.host = reloaded
    assert reloaded.free_seats() == [] and reloaded.links == {}
    network.to_host("a", ada.rejoin())
    assert ada.logs[1] == authority.log(1) and ada.views[1] == authority.match.state.view(1)
    # The ledger survived: the move sent before the reload is not applied again.
    entries = len(authority.match.entries)
    resent = ada.endpoint.send("move", {"id": "a1", "seat": 1, "move": "bid 1", "seen": 0})  # as first sent, numbered anew
    replies = network.host.receive("a", resent).outgoing
    assert len(authority.match.entries) == entries
    assert {json.loads(text)["kind"] for _link, text in replies} == {"ack"}


@pytest.mark.parametrize("damage", [
    lambda saved: saved.update(guests="x"),
    lambda saved: saved["guests"][0].update(seats=[0]),  # the host's own seat
    lambda saved: saved["guests"][1].update(seats=saved["guests"][0]["seats"]),
    lambda saved: saved["guests"][0].update(token="short"),
    lambda saved: saved["guests"][0]["link"].update(role="guest"),
    lambda saved: saved.update(ledger=[1]),
])
def test_a_damaged_saved_table_is_refused_and_the_table_keeps_what_it_had(damage):
    network = Network(CouncilAuthority())
    network.add_guest("a", "Ada")
    network.add_guest("b", "Bob")
    saved = json.loads(json.dumps(network.host.snapshot()))
    damage(saved)
    before = network.host.snapshot()
    with pytest.raises(wire.WireError) as refused:
        network.host.restore(saved)
    assert refused.value.code == wire.BAD_SNAPSHOT
    assert network.host.snapshot() == before


def test_a_damaged_saved_guest_is_refused():
    network = Network(CouncilAuthority())
    ada = network.add_guest("a", "Ada")
    saved = json.loads(json.dumps(ada.snapshot()))
    saved["views"] = {"2": {}}  # a seat it never held
    with pytest.raises(wire.WireError):
        GuestTable.restore(saved, move_ids("z"))


def test_an_undo_on_the_host_rewrites_the_guests_log_from_the_first_line_that_changed():
    authority = CouncilAuthority()
    network = Network(authority)
    ada = network.add_guest("a", "Ada")
    network.add_guest("b", "Bob")
    network.to_host("a", ada.play(1, "bid 1"))
    authority.play(0, "bid 0")
    for link, text in network.host.refresh():
        network.to_guest(link, text)
    longer = list(ada.logs[1])
    authority.match.undo(0)
    for link, text in network.host.refresh():
        network.to_guest(link, text)
    assert ada.logs[1] == authority.log(1) and len(ada.logs[1]) < len(longer)


def test_the_host_closing_tells_every_connected_guest():
    network = Network(CouncilAuthority())
    ada = network.add_guest("a", "Ada")
    network.add_guest("b", "Bob")
    closing = network.host.close()
    assert sorted(link for link, _ in closing) == ["a", "b"]
    receipt = ada.receive(dict(closing)["a"])
    assert receipt.bye == host_module.HOST_CLOSED


def test_an_engine_error_with_odd_parameters_still_reaches_the_guest_as_plain_data():
    class Picky(CouncilAuthority):
        def play(self, seat, move_text):
            raise GameError("no", "council.odd", card=object(), count=3, flag=True, **{"Bad Name": 1})

    network = Network(Picky())
    ada = network.add_guest("a", "Ada")
    replies = [ada.receive(text) for _link, text in network.host.receive("a", ada.play(1, "bid 0")).outgoing]
    refusal = [r for receipt in replies for r in receipt.refusals][0]
    assert refusal.reason == "council.odd"
    assert refusal.params["count"] == 3 and refusal.params["flag"] is True and "Bad Name" not in refusal.params
    assert isinstance(refusal.params["card"], str)


class LossyNetwork(Network):
    """Texts wait in queues; the test delivers, drops, duplicates or reorders them."""

    def __init__(self, authority):
        super().__init__(authority)
        self.queues: list[tuple[str, str, str]] = []  # (direction, link, text)

    def to_host(self, link, text):
        self.queues.append(("up", link, text))

    def to_guest(self, link, text):
        self.queues.append(("down", link, text))

    def deliver(self, index, duplicate=False):
        direction, link, text = self.queues[index] if duplicate else self.queues.pop(index)
        if direction == "up":
            for target, reply in self.host.receive(link, text).outgoing:
                self.to_guest(target, reply)
        else:
            self.received[link].append(text)
            for reply in self.guests[link].receive(text).replies:
                self.to_host(link, reply)

    def settle(self):
        """The network heals: everything unacknowledged is sent again and delivered."""
        for _ in range(50):
            for link, guest in self.guests.items():
                for text in guest.resend():
                    self.to_host(link, text)
                for text in self.host.guests[guest.token].endpoint.unacknowledged() if guest.token else []:
                    self.to_guest(link, text)
            while self.queues:
                self.deliver(0)
            if all(not guest.resend() for guest in self.guests.values()):
                return


class CountingAuthority(CouncilAuthority):
    def __init__(self, seed):
        super().__init__(seed)
        self.remote_plays = 0

    def play(self, seat, move_text):
        super().play(seat, move_text)
        self.remote_plays += seat != 0


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.lists(st.tuples(st.sampled_from(["deliver", "drop", "dup", "late"]),
                                                  st.integers(0, 50)), min_size=20, max_size=200))
def test_through_a_network_that_drops_duplicates_and_reorders_no_move_is_lost_or_applied_twice(seed, faults):
    authority = CountingAuthority(seed)
    network = LossyNetwork(authority)
    for link, name in (("a", "Ada"), ("b", "Bob")):
        network.add_guest(link, name)
        network.settle()  # joining goes through before the storm
    rng = random.Random(seed)
    sent, refused = 0, 0
    original_deliver = network.deliver

    def deliver(index, duplicate=False):
        nonlocal refused
        direction, link, text = network.queues[index]
        if direction == "down" and not duplicate:
            before = len(network.guests[link].sent_moves)
            original_deliver(index)
            refused += before - len(network.guests[link].sent_moves)
        else:
            original_deliver(index, duplicate)

    network.deliver = deliver
    fault_steps = iter(faults)
    for _ in range(400):
        if authority.match.is_over:
            break
        seat = rng.choice(list(authority.match.state.to_move()))
        if seat == 0:
            authority.play(0, rng.choice(authority.legal_texts(0)))
            for link, text in network.host.refresh():
                network.to_guest(link, text)
        else:
            guest = network.guests["a" if seat == 1 else "b"]
            if guest.moves_in_flight() == 0:
                network.to_host("a" if seat == 1 else "b", guest.play(seat, rng.choice(authority.legal_texts(seat))))
                sent += 1
        action, where = next(fault_steps, ("deliver", 0))
        if network.queues:
            index = where % len(network.queues)
            if action == "drop":
                network.queues.pop(index)
            elif action == "dup":
                network.deliver(index, duplicate=True)
            elif action == "late":
                network.queues.append(network.queues.pop(index))
            else:
                network.deliver(index)
    network.settle()
    # Every move a guest sent was applied once or refused once: none lost, none twice.
    assert authority.remote_plays + refused == sent
    for guest in network.guests.values():
        (seat,) = guest.seats
        assert guest.logs[seat] == authority.log(seat)
        assert guest.views[seat] == authority.match.state.view(seat)


def lose_the_view(guest, seat):
    del guest.views[seat]


def lose_the_history(guest, seat):
    del guest.entries[seat][:]


def play_until(network, moves, rng):
    """Random moves, seat 1's through guest "a", the others' on the host, until `moves` are played."""
    authority, guest = network.authority, network.guests["a"]
    while len(authority.match.entries) < moves and not authority.match.is_over:
        seat = rng.choice(list(authority.match.state.to_move()))
        if seat == 1:
            network.to_host("a", guest.play(1, rng.choice(authority.legal_texts(1))))
        else:
            authority.play(seat, rng.choice(authority.legal_texts(seat)))
            for link, text in network.host.refresh():
                network.to_guest(link, text)


@pytest.mark.parametrize("lose", [lose_the_view, lose_the_history])
def test_a_guest_out_of_step_with_the_host_asks_once_for_its_whole_view_and_history_and_gets_them(lose):
    """A patch needs the view it was made from, and entries go on from the history held: a
    guest whose copy is not the one the host sent (it cannot be, with in-order delivery of what
    it kept) asks for a resync, and the host sends its seats' whole views and histories again."""
    authority = CouncilAuthority(seed=3)
    network = Network(authority, remote_seats=(1,))
    ada = network.add_guest("a", "Ada")
    rng = random.Random(4)
    play_until(network, 6, rng)
    assert ada.entries[1]
    lose(ada, 1)
    asked = len(network.received["a"])
    play_until(network, 12, rng)
    assert ada.views[1] == json.loads(json.dumps(authority.match.state.view(1)))
    assert ada.entries[1] == authority.entries(1) and not ada.resyncing
    updates = [message.body for message in map(wire.parse, network.received["a"][asked:])
               if message.kind == "update"]
    wholes = [body for body in updates if body["view_patch"] is None]
    assert wholes and wholes[0]["turn"] == 0, "the host sent the whole view and history again"
    assert list(network.host.incidents) == []  # nothing refused on the way


def test_a_seats_update_after_a_move_carries_only_what_changed_in_its_view():
    authority = CouncilAuthority(seed=3)
    network = Network(authority, remote_seats=(1,))
    network.add_guest("a", "Ada")
    sizes = []  # (bytes of the view as sent, bytes of the whole view) of each update

    original_to_guest = network.to_guest

    def measured(link, text):
        message = wire.parse(text, sender=wire.HOST)
        if message.kind == "update" and link == "a":
            body = message.body
            whole = len(json.dumps(authority.match.state.view(body["seat"]), separators=(",", ":")))
            sent = json.dumps(body["view"] if body["view_patch"] is None else body["view_patch"], separators=(",", ":"))
            sizes.append((len(sent), whole))
        return original_to_guest(link, text)

    network.to_guest = measured
    play_to_end(network, local_seats=(0, 2), rng=random.Random(5))
    assert len(sizes) > 10 and all(sent <= whole for sent, whole in sizes)
    assert sum(sent for sent, _ in sizes[1:]) < sum(whole for _, whole in sizes[1:]) / 2


def test_a_guest_asking_for_resyncs_in_a_loop_gets_one_answer_per_update_the_host_sent():
    """A resync makes the host encode every seat's whole view and history again. A guest asks
    for one only when an update does not fit its copy, so once per update sent at most: any
    other is refused (logged), and what it costs the host is bounded by the match's own pace."""
    authority = CouncilAuthority(seed=3)
    network = Network(authority, remote_seats=(1,))
    ada = network.add_guest("a", "Ada")
    rng = random.Random(4)
    play_until(network, 4, rng)
    host = network.host
    link_endpoint = ada.endpoint

    def resync():
        return host.receive("a", link_endpoint.send("resync", {})).outgoing

    answered = resync()
    assert any(wire.parse(text).kind == "update" for _link, text in answered)
    for _ in range(50):
        assert resync() == []
    refused = [incident for incident in host.incidents if incident.code == host_module.RESYNC_TOO_SOON]
    assert len(refused) == 50
    # A change in the match, an update sent: one resync may follow it, and only one.
    play_until(network, 5, rng)
    assert any(wire.parse(text).kind == "update" for _link, text in resync())
    assert resync() == []


def test_an_honest_guest_out_of_step_twice_is_answered_both_times():
    authority = CouncilAuthority(seed=3)
    network = Network(authority, remote_seats=(1,))
    ada = network.add_guest("a", "Ada")
    rng = random.Random(4)
    for moves in (6, 12):
        play_until(network, moves - 3, rng)
        lose_the_view(ada, 1)
        play_until(network, moves, rng)
        assert ada.views[1] == json.loads(json.dumps(authority.match.state.view(1))) and not ada.resyncing
    assert list(network.host.incidents) == []
