"""Rules and record checks that the main rule tests leave open: the border's
documented order, suicide after capturing an informer, several resurrections
in one turn, bringing back a psychologist, and the stricter checks on saved
games and move texts."""

import pytest

from ludoteca.core.protocol import MoveParseError, RecordError
from ludoteca.games.psychopath.board import BOARD
from ludoteca.games.psychopath.rules import (
    DOCTOR,
    GAME,
    PSYCHOLOGIST,
    PSYCHOPATH,
    Resurrect,
    Step,
    code_of,
)

from .helpers import new_state, piece_at, position, targets

KINGS = {49: "P0", 45: "P1"}


def _rejected(data, code):
    with pytest.raises(RecordError) as caught:
        GAME.state_from_json(data)
    assert caught.value.code == code, caught.value.code


# --- R1: the board data -----------------------------------------------------------
def test_the_border_path_runs_counter_clockwise_from_point_0():
    assert BOARD.paths[BOARD.border_path] == tuple(BOARD.border_point_node[k] for k in range(24))


# --- R6: suicide is judged after the move's own captures ---------------------------
def test_suicide_ignores_an_informer_the_move_captures():
    # Black doctors on 19 and 35 flank 13 on the 18-22 arc, watched by the
    # black informer on 33 (8-20 diameter). The white informer going from 20
    # to 13 watches that diameter itself, so the white doctors on 32 and 34
    # capture the informer on 33 along the border: 13 is safe after the move.
    state = position({20: "I0", 32: "D0", 34: "D0", 19: "D1", 35: "D1", 33: "I1", **KINGS})
    assert 13 in targets(state, 20)
    state.apply(0, Step(20, 13))
    assert piece_at(state, 33) is None and piece_at(state, 13) == "I0"
    assert state.view(0)["last_move"]["captured"] == [[33, 1, "informer"]]


# --- R10: resurrection ------------------------------------------------------------
def test_several_captured_psychologists_each_bring_a_piece_back_in_node_order():
    # The black doctor reaching border point 23 flanks points 0 and 1 (37
    # and 38) with the doctor on point 2; informers on 14 and 22 watch both.
    state = position({37: "S0", 38: "S0", 39: "D1", 21: "D1", 14: "I1", 22: "I1", **KINGS}, turn=1)
    state.apply(1, Step(21, 36))
    assert piece_at(state, 37) is None and piece_at(state, 38) is None
    assert state.view(1)["resurrect_at"] == 37
    state.apply(1, Resurrect("doctor"))
    assert piece_at(state, 37) == "D1"
    assert state.to_move() == (1,) and state.view(1)["resurrect_at"] == 38
    state.apply(1, Resurrect("informer"))
    assert piece_at(state, 38) == "I1"
    assert state.to_move() == (0,) and state.view(0)["resurrect_at"] is None


def test_a_captured_psychologist_alone_can_come_back():
    state = position({13: "S1", 1: "D0", 33: "D0", 34: "I0", **KINGS}, turn=0,
                     captured=[[0, 1, 0, 0], [0, 1, 4, 6]])
    state.apply(0, Step(34, 20))
    assert state.to_move() == (0,) and state.view(0)["resurrect_at"] == 13
    assert [move.text for move in state.legal_moves(0)] == ["r psychologist"]
    state.apply(0, Resurrect("psychologist"))
    assert piece_at(state, 13) == "S0" and state.captured[0][PSYCHOLOGIST] == 0


# --- R14: move texts and saved games ---------------------------------------------
def test_resurrection_texts_take_exactly_one_kind():
    for junk in ["r doctor doctor", "r informer now"]:
        with pytest.raises(MoveParseError) as caught:
            GAME.parse_move(junk)
        assert caught.value.code == "core.unknown_move", junk


@pytest.mark.parametrize("owner", [0, 1])
def test_a_record_with_a_captured_psychopath_must_be_over(owner):
    data = new_state().to_json()
    node = data["board"].index(code_of(owner, PSYCHOPATH))
    data["board"][node] = 0
    data["captured"][owner][PSYCHOPATH] = 1
    _rejected(data, "psychopath.phase")


def test_a_record_cannot_count_more_quiet_plies_than_plies():
    data = new_state().to_json()
    data.update(plies=10, quiet=11)
    _rejected(data, "psychopath.counters")


def test_a_record_cannot_resurrect_onto_an_occupied_node():
    state = position({13: "S1", 1: "D0", 33: "D0", 34: "I0", **KINGS}, turn=0)
    state.apply(0, Step(34, 20))
    data = state.to_json()
    assert data["phase"] == "resurrect" and data["pending"] == [13]
    GAME.state_from_json(data)  # the record as saved loads
    data["board"][13], data["board"][1] = data["board"][1], 0  # a doctor now stands there
    _rejected(data, "psychopath.phase")


def test_a_finished_record_names_a_known_winner():
    state = position({13: "P1", 1: "D0", 33: "D0", 34: "I0", 49: "P0", 16: "S1"})
    state.apply(0, Step(34, 20))  # captures the black psychopath
    data = state.to_json()
    data.update(winner=2)
    _rejected(data, "psychopath.phase")
    data.update(winner=0)
    assert GAME.state_from_json(data).is_terminal()


def test_a_record_cannot_offset_an_extra_piece_with_a_negative_captured_count():
    data = new_state().to_json()
    empty = data["board"].index(0)
    data["board"][empty] = code_of(0, DOCTOR)  # a seventh white doctor
    data["captured"][0][DOCTOR] = -1
    _rejected(data, "psychopath.captured_counts")


def test_a_record_board_holds_integer_piece_codes_only():
    data = new_state().to_json()
    node = data["board"].index(code_of(0, PSYCHOPATH))
    data["board"][node] = True  # JSON true, not the code 1
    _rejected(data, "psychopath.unknown_piece")
