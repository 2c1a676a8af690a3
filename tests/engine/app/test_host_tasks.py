"""How the host splits its work into the page's tasks (issue 31's longest task on the host): the
task that receives a guest's move applies it and acknowledges it; each guest is sent the change
in a later task of its own (but the first, for a change made on the host); the round clock is shared in a later task too, not in the one that
redraws the change."""

from __future__ import annotations

import itertools
import random

from ludoteca.core.match import Match, Seat
from ludoteca.games.council.rules import GAME
from ludoteca.net import wire
from ludoteca.net.guest import GuestTable
from ludoteca.ui.session import HostedMatchSession
from tests.engine.net.test_table import move_ids

LINKS = {1: "a", 2: "b"}


class Host:
    """A hosted Council match (seat 0 here, seats 1 and 2 on guests) whose later tasks wait in a
    queue, and whose sends are recorded with the task they were made in."""

    def __init__(self):
        match = Match(GAME, GAME.default_settings(3), 5, [Seat(f"P{n}") for n in range(3)])
        counter = itertools.count(1)
        self.session = HostedMatchSession(match, "m-tasks", (1, 2), lambda: f"token-{next(counter):016d}")
        self.task = 0  # the page's task running now
        self.sent: list[tuple[int, str, str]] = []  # (task, link, kind)
        self.queue: list = []  # the later tasks, in order
        self.session.send = self._send
        self.session.later = self.queue.append
        self.guests = {link: GuestTable(f"G{seat}", move_ids(link)) for seat, link in LINKS.items()}
        self.inbox: list[tuple[str, str]] = []  # texts on their way to the guests
        for seat, link in LINKS.items():
            self.from_guest(link, self.guests[link].hello((seat,)))
        self.settle()

    def _send(self, link, text):
        self.sent.append((self.task, link, wire.parse(text).kind))
        self.inbox.append((link, text))

    def from_guest(self, link, text):
        """A text arrives from a guest: a task of the page's."""
        self.task += 1
        self.session.receive(link, text)

    def run_later(self):
        """The next later task."""
        self.task += 1
        self.queue.pop(0)()

    def deliver(self):
        """The guests take what came and answer (acknowledgements), each answer a task on the host."""
        while self.inbox:
            link, text = self.inbox.pop(0)
            for reply in self.guests[link].receive(text).replies:
                self.from_guest(link, reply)

    def settle(self):
        while self.inbox or self.queue:
            self.deliver()
            if self.queue:
                self.run_later()


def test_a_guests_move_is_acknowledged_in_its_task_and_each_guest_gets_the_change_in_a_task_of_its_own():
    host = Host()
    match = host.session.match
    rng = random.Random(3)
    while 1 not in match.state.to_move():
        host.session.play(0, rng.choice(match.state.legal_moves(0).texts()))
        host.settle()
    host.sent.clear()
    host.from_guest("a", host.guests["a"].play(1, rng.choice(match.state.legal_moves(1).texts())))
    moved = host.task
    assert host.session.move_count and match.entries[-1].player == 1
    assert [kind for task, _link, kind in host.sent if task == moved] == ["ack"], "no update in the move's task"
    assert len(host.queue) == 2  # one task per guest
    host.settle()
    updates = [(task, link) for task, link, kind in host.sent if kind == "update"]
    assert sorted(link for _task, link in updates) == ["a", "b"]
    assert len({task for task, _link in updates}) == 2, "each guest's update in a task of its own"
    for guest in host.guests.values():
        assert guest.position["count"] == host.session.move_count


def test_a_change_at_the_host_goes_to_the_first_guest_at_once_and_to_each_other_in_a_task_of_its_own():
    """The first guest hears of a move made on the host in that move's task, before the host
    draws it (issue 31's latency); each other guest once, in a task of its own."""
    host = Host()
    match = host.session.match
    host.sent.clear()
    host.task += 1
    moved = host.task
    host.session.play(0, match.state.legal_moves(0).texts()[0])
    assert host.sent == [(moved, "a", "update")] and len(host.queue) == 1
    host.session.count_hint(0)  # a second change in the same task: b's task, already due, sends both
    assert len(host.queue) == 1
    host.settle()
    later = [(task, link) for task, link, kind in host.sent if kind == "update" and task != moved]
    assert later and {link for _task, link in later} == {"b"} and len({task for task, _ in later}) == 1
    for guest in host.guests.values():
        assert guest.position["count"] == host.session.move_count


def test_the_round_clock_is_shared_in_a_task_of_its_own():
    host = Host()
    body = {"start": 0, "players": [0, 1, 2], "lefts": [30, 30, 30], "pause_left": [0, 0, 0], "running": [0, 1, 2],
            "paused_by": None, "away": [], "stopped": False}
    host.session.table.clock_body = lambda: body
    host.sent.clear()
    host.task += 1
    asked = host.task
    host.session.share_clock()
    host.session.share_clock()  # asked again before it went: sent once
    assert host.sent == [] and len(host.queue) == 1
    host.run_later()
    clocks = [(task, link) for task, link, kind in host.sent if kind == "clock"]
    assert sorted(link for _task, link in clocks) == ["a", "b"] and all(task != asked for task, _ in clocks)
