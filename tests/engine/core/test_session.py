"""The MatchSession interface (core/session.py), under CPython, apart from any UI.

`GuestSession` below implements it from what one seat of a remote match would
receive (the public facts of each position and that seat's own view), with no
match and no state: the interface asks for nothing a guest cannot have."""

from typing import Optional

import pytest

from ludoteca.core.match import HUMAN, Match, Seat
from ludoteca.core.protocol import State
from ludoteca.core.session import MatchSession, MoveFacts, Position, StatePosition, same_decision

from ludoteca.games.council.rules import GAME


class SeenPosition(Position):
    """A position as one seat saw it: public facts and its own view only."""

    def __init__(self, at, to_move, mode, scores, seat, view, legal):
        self.at, self._to_move, self._mode, self._scores = at, tuple(to_move), mode, list(scores)
        self._seat, self._view, self._legal = seat, view, list(legal)

    def to_move(self):
        return self._to_move

    def acting_mode(self):
        return self._mode

    def scores(self):
        return self._scores

    def view(self, viewer):
        if viewer != self._seat:
            raise PermissionError("a guest sees only its own seat")
        return self._view

    def legal_moves(self, player):
        return self._legal if player == self._seat and player in self._to_move else []


class GuestSession(MatchSession):
    """A guest of seat `seat`: fed updates, sending its moves away."""

    def __init__(self, seats, seat):
        super().__init__()
        self._seats, self.seat = seats, seat
        self.positions: list = []
        self.facts: list = []
        self.lines: list = []
        self.sent: list = []

    def receive(self, facts: Optional[MoveFacts], position: SeenPosition, lines=()) -> None:
        if facts is not None:
            self.facts.append(facts)
            self.lines.append(list(lines))
        self.positions.append(position)
        self._changed(made_here=False)

    game_id = "council"
    settings = None
    seats = property(lambda self: self._seats)
    move_count = property(lambda self: len(self.facts))
    is_over = property(lambda self: not self.positions[-1].to_move())
    status = property(lambda self: "finished" if self.is_over else "playing")
    resigners = ()
    undo_count = 0
    hints_used = ()

    def move_facts(self, index):
        return self.facts[index]

    def describe_entry(self, index, viewer):
        if viewer != self.seat:
            raise PermissionError("a guest has lines described for its own seat only")
        return self.lines[index]

    def position(self, at=None):
        return self.positions[-1 if at is None else at]

    def final_places(self):
        return []

    def round_clock(self):
        return (0, 0)

    def clocked_players(self):
        return ()

    def parse_move(self, text):
        return GAME.parse_move(text)

    def undo_landings(self, seat):
        return []

    def can_redo(self):
        return False

    def timeout_move(self, seat):
        return None

    def play(self, seat, move):
        if seat != self.seat:
            raise PermissionError("a guest plays only for its own seat")
        self.sent.append(getattr(move, "text", move))

    def resign(self, seat):
        self.sent.append("resign")

    def undo(self, seat):
        return 0

    def redo(self):
        return 0

    def count_hint(self, seat):
        pass

    def record(self):
        return {"moves": []}

    def save_to(self, saves, save_id, expected):
        return ""


def council_match(players=3, seed=4):
    return Match(GAME, GAME.default_settings(players), seed, [Seat(f"P{i}", HUMAN) for i in range(players)])


def seen_by(match, seat, at):
    state = match.state_before(at)
    legal = state.legal_moves(seat) if seat in state.to_move() else []
    return SeenPosition(at, state.to_move(), state.acting_mode(), state.scores(), seat, state.view(seat), legal)


def guest_following(match, seat):
    guest = GuestSession(match.seats, seat)
    guest.receive(None, seen_by(match, seat, 0))
    for index, entry in enumerate(match.entries):
        lines = [] if entry.is_resignation else match.describe_entry(index, seat)
        guest.receive(MoveFacts(entry.player, entry.automatic, entry.is_resignation), seen_by(match, seat, index + 1),
                      lines)
    return guest


def test_a_session_built_from_one_seat_s_updates_implements_the_whole_interface():
    match = council_match()
    guest = guest_following(match, 1)
    assert guest.full_access() is None  # seeing everything is not a guest's
    assert guest.position().view(1) == match.state.view(1)
    with pytest.raises(PermissionError):
        guest.position().view(0)
    assert guest.training_mode is False and guest.human_players == [0, 1, 2]
    guest.play(1, guest.position().legal_moves(1)[0])
    assert guest.sent == [match.state.legal_moves(1)[0].text]


def test_listeners_hear_each_change_until_they_unsubscribe():
    match = council_match()
    guest = GuestSession(match.seats, 0)
    heard: list = []
    unsubscribe = guest.subscribe(heard.append)
    guest.receive(None, seen_by(match, 0, 0))
    unsubscribe()
    unsubscribe()  # twice is harmless
    guest.receive(None, seen_by(match, 0, 0))
    assert heard == [False]  # one change, not made on this device


def test_same_decision_reads_only_public_facts_and_agrees_on_a_guest_and_on_the_host():
    match = council_match()
    for text in ("bid 1", "bid 0"):  # two of three secret bids: the round is still open
        match.play(len(match.entries), text)
    guest = guest_following(match, 2)
    assert same_decision(guest, 0) and same_decision(guest, 1) and same_decision(guest, 2)
    match.play(2, "bid 2")  # the last bid resolves the round: a new decision
    guest = guest_following(match, 2)
    assert not same_decision(guest, 0) and same_decision(guest, 3) and not same_decision(guest, 4)


def test_a_state_position_answers_without_handing_out_its_state():
    match = council_match()
    match.play(0, "bid 1")
    position = StatePosition(match.state, len(match.entries))
    answers = [position.to_move(), position.acting_mode(), position.scores(), position.view(None), position.view(1),
               position.legal_moves(0), position.legal_moves(1)]
    assert not any(isinstance(answer, State) for answer in answers)
    assert list(position.legal_moves(0)) == []  # 0 has bid: nothing left to do in this round
    assert position.view(1) == match.state.view(1) and position.at == 1
