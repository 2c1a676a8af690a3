import json

import pytest

from ludoteca.core.match import AI, HUMAN, Match, Seat
from ludoteca.core.protocol import IllegalMoveError, RecordError
from ludoteca.games.council.rules import GAME as COUNCIL, Bid
from .toy_nim import NIM

GAMES = {"nim": NIM}


def new_match(kinds=(HUMAN, AI), seed=3):
    seats = [Seat(f"P{i}", kind, "easy" if kind == AI else "") for i, kind in enumerate(kinds)]
    return Match(NIM, NIM.default_settings(), seed, seats)


def play_first_legal(match):
    player = match.state.to_move()[0]
    return match.play(player, match.state.legal_moves()[0])


def test_training_undo_takes_back_the_ai_reply_too():
    match = new_match()
    play_first_legal(match)  # human
    play_first_legal(match)  # ai
    before_human = match.state_before(0).to_json()
    assert match.training_mode and match.can_undo(0)
    assert match.undo(0) == 2
    assert match.state.to_json() == before_human
    assert match.record()["training"] is True


def test_undo_then_redo_is_the_identity():
    match = new_match()
    for _ in range(3):
        play_first_legal(match)
    after = match.state.to_json()
    moves = match.record()["moves"]
    match.undo(0)
    match.redo()
    assert match.state.to_json() == after
    assert match.record()["moves"] == moves
    assert not match.can_redo()


def test_new_move_clears_redo():
    match = new_match()
    play_first_legal(match)
    play_first_legal(match)
    match.undo(0)
    play_first_legal(match)
    assert not match.can_redo()
    with pytest.raises(IllegalMoveError):
        match.redo()


def test_several_humans_cannot_undo_across_another_players_move():
    match = new_match((HUMAN, HUMAN))
    play_first_legal(match)  # player 0
    assert match.can_undo(0) and not match.can_undo(1)
    play_first_legal(match)  # player 1
    assert not match.can_undo(0)
    assert match.can_undo(1)


def test_several_humans_cannot_undo_after_a_random_draw():
    match = new_match((HUMAN, HUMAN))
    entry = play_first_legal(match)
    entry.chance.append("a card was drawn")
    assert not match.can_undo(0)


def test_ai_cannot_request_undo():
    match = new_match()
    play_first_legal(match)
    play_first_legal(match)
    assert not match.can_undo(1)


def test_record_replays_to_identical_state_and_is_json():
    match = new_match(seed=11)
    while not match.is_over:
        play_first_legal(match)
    record = json.loads(json.dumps(match.record()))
    again = Match.from_record(record, GAMES)
    assert again.state.to_json() == match.state.to_json()
    assert again.status == "finished"


@pytest.mark.parametrize("damage, message", [
    (lambda r: r.update(format="other"), "not a Ludoteca"),
    (lambda r: r.update(version=99), "version 99"),
    (lambda r: r.update(game="chess"), "unknown game"),
    (lambda r: r.update(rules=7), "rules version"),
    (lambda r: r.update(seed="abc"), "damaged"),
    (lambda r: r["moves"].append("0:take 9 9"), "cannot be replayed"),
    (lambda r: r["moves"].append("garbage"), "cannot be replayed"),
    (lambda r: r.update(seats=[{"name": "x", "kind": "alien"}] * 2), "seat kind"),
])
def test_damaged_records_give_a_clear_error(damage, message):
    match = new_match()
    play_first_legal(match)
    record = match.record()
    damage(record)
    with pytest.raises(RecordError, match=message):
        Match.from_record(record, GAMES)


def test_not_a_dict_is_rejected():
    with pytest.raises(RecordError):
        Match.from_record(["nope"], GAMES)


def test_resign_ends_the_match_and_ranks_the_resigner_last():
    match = new_match()
    play_first_legal(match)
    match.resign(0)
    assert match.is_over and match.status == "resigned"
    assert match.final_places() == [2, 1]
    with pytest.raises(IllegalMoveError):
        play_first_legal(match)
    record = match.record()
    assert record["moves"][-1] == "0:resign" and "resigned" not in record
    again = Match.from_record(record, GAMES)
    assert again.resigners == [0] and again.status == "resigned"


def test_redo_brings_back_every_undone_move_one_group_at_a_time():
    match = new_match()
    for _ in range(4):
        play_first_legal(match)
    after = match.state.to_json()
    moves = match.record()["moves"]
    assert match.undo(0) == 2 and match.undo(0) == 2 and not match.entries
    assert match.redo() == 2
    assert match.can_redo()
    assert match.redo() == 2
    assert match.state.to_json() == after
    assert match.record()["moves"] == moves
    assert not match.can_redo()


def test_a_resignation_clears_redo():
    match = new_match()
    play_first_legal(match)
    play_first_legal(match)
    match.undo(0)
    assert match.can_redo()
    match.resign(0)
    assert not match.can_redo()
    with pytest.raises(IllegalMoveError):
        match.redo()
    assert match.record()["moves"] == ["0:resign"]


def test_several_humans_cannot_undo_a_move_that_revealed_information():
    match = Match(COUNCIL, COUNCIL.default_settings(3), 5, [Seat(f"P{p}") for p in range(3)])
    match.play(0, Bid(0))
    assert match.can_undo(0)
    match.play(1, Bid(0))
    last = match.play(2, Bid(0))  # the last bid shows every bid
    assert last.reveals and not last.chance
    assert not match.can_undo(2)
    with pytest.raises(IllegalMoveError):
        match.undo(2)
