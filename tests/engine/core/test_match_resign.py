"""Resigning with three or more players: the seat plays on automatically,
is ranked last, and the record replays it exactly (toy Council game)."""

import json

import pytest

from ludoteca.core.match import AI, HUMAN, RESIGN, Match, Seat
from ludoteca.core.protocol import IllegalMoveError, NotYourTurnError
from ludoteca.core.rng import SeededRng
from ludoteca.games.council.rules import GAME, Bid, Claim
from .toy_nim import NIM

GAMES = {"council": GAME, "nim": NIM}


def council_match(kinds=(HUMAN, HUMAN, HUMAN), seed=5, game=GAME):
    seats = [Seat(f"P{p}", kind, "easy" if kind == AI else "") for p, kind in enumerate(kinds)]
    return Match(game, game.default_settings(len(kinds)), seed, seats)


def play_randomly(match, rng, until=lambda match: False):
    while not match.is_over and not until(match):
        player = rng.choice(list(match.state.to_move()))
        match.play(player, rng.choice(list(match.state.legal_moves(player))))


def test_a_resigner_at_a_simultaneous_node_submits_at_once_and_the_game_goes_on():
    match = council_match()
    assert match.state.to_move() == (0, 1, 2)
    entry = match.resign(2)
    assert entry.move == RESIGN and entry.text == "2:resign" and entry.is_resignation
    auto = match.entries[-1]
    assert auto.automatic and auto.text == "2:bid 0"  # the first legal move: no "pass" in Council
    assert match.state.to_move() == (0, 1) and not match.is_over and match.status == "playing"
    assert match.resigners == [2] and match.active_players == [0, 1]
    with pytest.raises(NotYourTurnError) as error:
        match.play(2, "bid 1")
    assert error.value.code == "core.resigned"


def test_the_automatic_seat_acts_whenever_it_is_to_move_and_replays_exactly():
    match = council_match(seed=8)
    match.resign(1)
    play_randomly(match, SeededRng(3))
    assert match.state.is_terminal() and match.status == "finished"
    after = match.entries.index(next(e for e in match.entries if e.is_resignation))
    for index, entry in enumerate(match.entries[after + 1:], start=after + 1):
        if entry.player == 1:
            before = match.state_before(index)
            assert entry.automatic and entry.move == GAME.resigned_move(before, 1)
        else:
            assert not entry.automatic
    record = json.loads(json.dumps(match.record()))
    assert "1:resign" in record["moves"] and "resigned" not in record
    assert not any(text.startswith("1:") for text in record["moves"][record["moves"].index("1:resign") + 1:])
    again = Match.from_record(record, GAMES)
    assert again.state == match.state
    assert [(e.text, e.automatic) for e in again.entries] == [(e.text, e.automatic) for e in match.entries]
    assert again.final_places()[1] == 3


def test_resigners_answer_response_windows_in_to_move_order():
    match = council_match(seed=2)
    match.resign(2)
    match.play(0, Bid(2))
    match.play(1, Bid(0))  # player 0 proposes
    match.play(0, Claim(1))
    assert match.entries[-1].text == "2:accept" and match.entries[-1].automatic
    assert match.state.to_move() == (1,)


def test_the_game_ends_when_at_most_one_player_has_not_resigned():
    match = council_match((HUMAN, HUMAN, HUMAN, HUMAN))
    match.resign(3)
    match.resign(0)
    assert not match.is_over
    match.resign(2)
    assert match.is_over and match.status == "resigned" and match.ended_by_resignation
    assert match.final_places() == [3, 1, 2, 4]  # the earliest resigner (3) last
    with pytest.raises(IllegalMoveError):
        match.play(1, "bid 0")
    with pytest.raises(IllegalMoveError):
        match.resign(1)
    again = Match.from_record(match.record(), GAMES)
    assert again.status == "resigned" and again.resigners == [3, 0, 2]


def test_resigning_twice_or_for_nobody_is_refused():
    match = council_match()
    match.resign(0)
    with pytest.raises(IllegalMoveError) as error:
        match.resign(0)
    assert error.value.code == "core.already_resigned"
    with pytest.raises(IllegalMoveError) as error:
        match.resign(5)
    assert error.value.code == "core.no_such_player"


def test_resigning_ends_a_two_player_game():
    match = Match(NIM, NIM.default_settings(), 3, [Seat("A"), Seat("B")])
    match.resign(1)
    assert match.is_over and match.status == "resigned" and match.final_places() == [1, 2]
    assert not match.can_undo(1) and not match.can_undo(0)  # a resignation that ended the game is final


def test_final_places_share_ties_and_put_resigners_last():
    match = council_match((HUMAN, HUMAN, HUMAN, HUMAN), seed=4)
    match.resign(1)
    play_randomly(match, SeededRng(11))
    match.state.points = [2, 9, 2, 1]  # resigner best on points: still last
    assert match.final_places() == [1, 4, 1, 3]


def test_finished_game_places_share_a_draw():
    match = council_match()
    match.state.points = [3, 3, 3]
    assert match.final_places() == [1, 1, 1]


# --- undo and redo around resignations ------------------------------------------
def test_undo_takes_back_a_move_with_the_automatic_replies_after_it():
    match = council_match(seed=2)
    match.resign(2)
    match.play(0, Bid(2))
    match.play(1, Bid(0))
    before_claim = match.state.to_json()
    match.play(0, Claim(1))  # player 2 accepts automatically
    assert match.can_undo(0) and not match.can_undo(1)
    assert match.undo(0) == 2
    assert match.state.to_json() == before_claim and match.state.to_move() == (0,)
    assert match.redo() == 2
    assert [e.text for e in match.entries[-2:]] == ["0:claim 1", "2:accept"] and match.entries[-1].automatic


def test_a_resignation_cannot_be_undone_by_others_but_by_the_resigner():
    match = council_match(seed=2)
    match.play(0, Bid(1))
    match.resign(1)
    assert not match.can_undo(0) and not match.can_undo(2)
    assert match.can_undo(1)
    assert match.undo(1) == 2  # the resignation and the seat's automatic bid
    assert match.resigners == [] and match.state.to_move() == (1, 2)
    match.redo()
    assert match.resigners == [1] and match.entries[-1].automatic


def test_training_undo_stops_at_another_players_resignation():
    match = council_match((HUMAN, AI, AI), seed=2)
    match.play(0, Bid(1))
    match.resign(1)  # a computer seat resigns (only possible through the API)
    assert match.training_mode and not match.can_undo(0)


def test_training_undo_goes_back_before_the_humans_own_resignation():
    match = council_match((HUMAN, AI, AI), seed=6)
    match.play(0, Bid(0))
    rng = SeededRng(4)
    match.resign(0)
    play_randomly(match, rng, until=lambda m: len(m.entries) > 12)
    count = match.undo(0)
    assert match.resigners == [] and match.entries[-1].text == "0:bid 0"
    assert match.redo() == count and match.resigners == [0]
