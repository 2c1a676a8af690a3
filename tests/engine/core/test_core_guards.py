"""Guards for core behaviour: redo after several undos and after a
resignation, the reveal rule between humans, typed seeds, and the checked
reading of a state's JSON."""

import pytest

from ludoteca.core.match import Match, Seat
from ludoteca.core.protocol import IllegalMoveError, RecordError
from ludoteca.core.rng import SEED_MASK, seed_from_text
from ludoteca.core.state_json import StateReader
from .test_match import new_match as nim_match, play_first_legal
from ludoteca.games.council.rules import GAME as COUNCIL, Bid

READ = StateReader("toy")


# --- undo / redo -----------------------------------------------------------------
def test_redo_brings_back_every_undone_move_one_group_at_a_time():
    match = nim_match()
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
    match = nim_match()
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


# --- seeds -----------------------------------------------------------------------
def test_a_typed_number_seed_is_kept_within_53_bits():
    assert seed_from_text(str(2 ** 53 + 5)) == 5
    assert 0 <= seed_from_text("9" * 30) <= SEED_MASK


# --- state JSON reader -----------------------------------------------------------
def test_state_reader_refuses_a_list_longer_than_its_limit():
    assert READ.items([1, 2, 3], "trail", max_length=3) == [1, 2, 3]
    with pytest.raises(RecordError) as error:
        READ.items([1, 2, 3, 4], "trail", max_length=3)
    assert error.value.code == "toy.state_length"
    assert error.value.params == {"field": "trail", "count": 4, "expected": 3}


@pytest.mark.parametrize("value", [True, False, 1.0, "1"])
def test_state_reader_choice_compares_types(value):
    assert READ.choice(1, "passes", (0, 1)) == 1
    with pytest.raises(RecordError) as error:
        READ.choice(value, "passes", (0, 1))
    assert error.value.code == "toy.state_field" and error.value.params == {"field": "passes"}


@pytest.mark.parametrize("key", ["2", "-1", "01", 1])
def test_state_reader_seat_key_names_only_existing_players(key):
    assert READ.seat_key("1", "submissions", 2) == 1
    with pytest.raises(RecordError) as error:
        READ.seat_key(key, "submissions", 2)
    assert error.value.code == "toy.state_field"
