"""Rules and record checks that the main rule tests leave open: the border's
documented order, suicide after capturing an informer, several resurrections
in one turn, bringing back a psychologist, and the stricter checks on saved
games and move texts."""

import pytest

from ludoteca.core.protocol import MoveParseError, RecordError
from ludoteca.games.psychopath.board import BOARD
from ludoteca.games.psychopath.rules import (
    BORDER_FLANK,
    DOCTOR,
    GAME,
    PSYCHOLOGIST,
    PSYCHOPATH,
    RESURRECT,
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


# --- R10 judged as R6: a returning piece counts its own captures ---------------------
AUDIT_R10 = {39: "P0", 11: "D0", 52: "D0", 51: "D0", 18: "D0", 27: "I0",
             12: "S1", 26: "D1", 29: "D1", 32: "I1", 43: "P1"}


def test_a_returning_piece_is_judged_after_its_own_captures():
    # The audit's position: white's informer 27 -> 28 captures the black
    # psychologist on 12. Black's doctors on 26 and 29, with the informer on
    # 32, hold node 12: a doctor or a psychologist coming back there would
    # fall, but an informer completes the capture of the doctor on 29 at once
    # and then stands, as a move onto 12 would (R6).
    state = position(AUDIT_R10, turn=0)
    assert 12 in targets_in_danger(state, 0)
    state.apply(0, Step(27, 28))
    assert piece_at(state, 12) is None and state.phase == RESURRECT
    assert state.view(0)["resurrect_at"] == 12
    assert [move.text for move in state.legal_moves()] == ["r informer"]
    state.apply(0, Resurrect("informer"))
    assert piece_at(state, 12) == "I0" and piece_at(state, 29) is None
    assert state.to_move() == (1,)


def targets_in_danger(state, owner: int) -> set:
    mask = state.threatened(owner)
    return {node for node in range(len(state.board)) if mask >> node & 1}


# --- R5: which stretch of the border counts --------------------------------------------
def test_two_border_doctors_flank_along_one_stretch_at_most():
    # R5 takes the stretch between the two doctors that holds the piece. Were
    # both stretches ever to hold at most one special node, a pair of doctors
    # would flank pieces on both sides and one would ask which side is meant.
    # It never happens: two doctors stand on at most 2 of the 6 special nodes,
    # so at least 4 lie between them, shared by the two stretches.
    border = BOARD.paths[BOARD.border_path]
    assert len(BOARD.special) == 6 and BOARD.special <= set(border)
    for i, first in enumerate(border):
        for j in range(i + 1, len(border)):
            second = border[j]
            stretches = (border[i + 1:j], border[j + 1:] + border[:i])
            specials = [sum(node in BOARD.special for node in stretch) for stretch in stretches]
            assert sum(specials) >= 4
            qualifying = [set(stretch) for stretch, count in zip(stretches, specials) if count <= 1]
            assert len(qualifying) <= 1
            flanked = {node for node in border if BORDER_FLANK[first][second] >> node & 1}
            assert flanked == (qualifying[0] if qualifying else set())
