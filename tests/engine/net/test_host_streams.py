"""What the host does for each guest after a change (issue 31's longest task on the host): it
describes only the history's entries the guest's stream has not carried, whatever the moves,
undos, redos and resyncs before, and what it sends is what a description from scratch says."""

from __future__ import annotations

import json
import random

from hypothesis import event, given, settings
from hypothesis import strategies as st

from ludoteca.core.match import AI, HUMAN, Match, Seat
from ludoteca.games.council.rules import GAME
from ludoteca.net import wire
from ludoteca.net.authority import SessionAuthority
from ludoteca.ui.session import LocalMatchSession

from .test_table import PLAYERS, CouncilAuthority, Network, value_at


class DescribingAuthority(CouncilAuthority):
    """Seat 0 is the one human (so it may undo any time); records each description asked for."""

    def __init__(self, seed: int = 7):
        seats = [Seat("P0", HUMAN)] + [Seat(f"P{n}", AI) for n in range(1, PLAYERS)]
        self.match = Match(GAME, GAME.default_settings(PLAYERS), seed, seats)
        SessionAuthority.__init__(self, LocalMatchSession(self.match), "m-council")
        self.asked: list[tuple[int, int, int]] = []  # (seat, from entry, entries described)

    def entries(self, seat, start=0):
        described = super().entries(seat, start)
        self.asked.append((seat, start, len(described)))
        return described


def from_scratch(authority, seat):
    """The seat's entries described anew, with nothing cached."""
    return SessionAuthority(authority.session, "m-fresh").entries(seat)


def host_plays(network, rng):
    authority = network.authority
    authority.play(0, rng.choice(authority.legal_texts(0)))
    send_changes(network)


def send_changes(network):
    for link, text in network.host.refresh():
        network.to_guest(link, text)


def test_after_a_move_each_guest_has_only_the_new_entry_described():
    authority = DescribingAuthority()
    network = Network(authority)
    network.add_guest("a", "Ada")
    network.add_guest("b", "Bob")
    rng = random.Random(2)
    for _ in range(12):
        seat = rng.choice(list(authority.match.state.to_move()))
        if seat == 0:
            host_plays(network, rng)
        else:
            link = "a" if seat == 1 else "b"
            network.to_host(link, network.guests[link].play(seat, rng.choice(authority.legal_texts(seat))))
    assert 0 in authority.match.state.to_move()
    count = len(authority.match.entries)
    authority.asked.clear()
    host_plays(network, rng)
    assert sorted(authority.asked) == [(1, count, 1), (2, count, 1)], "not the whole history again"
    # Nothing changed since: nothing is described, nothing sent.
    authority.asked.clear()
    assert network.host.refresh() == [] and authority.asked == []


ACTIONS = st.lists(st.sampled_from(["host", "guest", "undo", "redo", "lose_view", "lose_history", "away", "back"]),
                   min_size=1, max_size=40)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 1000), ACTIONS)
def test_what_each_guest_holds_is_the_from_scratch_description_after_any_moves_undos_and_resyncs(seed, actions):
    authority = DescribingAuthority(seed)
    network = Network(authority)
    network.add_guest("a", "Ada")
    network.add_guest("b", "Bob")
    links = {1: "a", 2: "b"}
    sent_to = network.to_guest

    def checked(link, text):
        """Every update carries the seat's own view, and entries described as from scratch."""
        message = wire.parse(text, sender=wire.HOST)
        if message.kind == "update":
            body, seat = message.body, message.body["seat"]
            assert seat in network.guests[link].seats
            turn = body["turn"]
            assert body["entries"] == from_scratch(authority, seat)[turn:turn + len(body["entries"])]
            if body["view_patch"] is None:
                event("a whole view sent")
                assert body["view"] == json.loads(json.dumps(authority.match.state.view(seat)))
            for change in body["view_patch"] or ():  # a patch carries values of the seat's own view only
                assert len(change) == 1 or value_at(authority.match.state.view(seat), change[0]) == change[1]
        return sent_to(link, text)

    network.to_guest = checked
    rng = random.Random(seed)
    match = authority.match
    lost = set()  # guests whose copy was damaged since the last change (they find out with the next)
    for action in actions:
        if match.is_over:
            break
        to_move = list(match.state.to_move())
        movers = [seat for seat in to_move if seat != 0 and links[seat] in network.host.links]
        if action == "host" and 0 in to_move:
            host_plays(network, rng)
        elif action == "guest" and movers:
            seat = rng.choice(movers)
            guest = network.guests[links[seat]]
            network.to_host(links[seat], guest.play(seat, rng.choice(authority.legal_texts(seat))))
        elif action == "undo" and match.can_undo(0):
            event("an undo")
            match.undo(0)
            send_changes(network)
        elif action == "redo" and match.can_redo():
            event("a redo")
            match.redo()
            send_changes(network)
        else:
            if action == "lose_view":
                network.guests["a"].views.clear()  # its next update's patch cannot fit: a resync
                lost.add("a")
            elif action == "lose_history":
                del network.guests["b"].entries.get(2, [])[:]
                lost.add("b")
            elif action == "away":  # the link drops; the host keeps what it sent
                network.host.close_link("a")
            elif action == "back" and "a" not in network.host.links:
                event("a rejoin")
                network.to_host("a", network.guests["a"].rejoin())
                lost.discard("a")
            continue
        lost -= set(network.host.links)  # every connected guest had an update: it finds out, and resyncs
    for seat, link in links.items():
        guest = network.guests[link]
        if link in lost or link not in network.host.links:
            continue  # nothing came after its copy was damaged, or it is away
        assert guest.entries[seat] == from_scratch(authority, seat)
        assert guest.views[seat] == json.loads(json.dumps(match.state.view(seat)))
