"""One test (at least) per rule and per ruling (RULINGS.md)."""

import pytest

from ludoteca.core.protocol import (
    GameType,
    IllegalMoveError,
    MoveParseError,
    NotYourTurnError,
    RecordError,
    TURN,
    Utility,
)
from ludoteca.games.psychopath.board import BOARD
from ludoteca.games.psychopath.rules import (
    BORDER_FLANK,
    DOCTOR,
    GAME,
    PSYCHOLOGIST,
    QUIET_LIMIT,
    RESURRECT,
    Resurrect,
    Step,
    attacked,
)

from .helpers import BORDER_NODE, KINGS, check_invariants, new_state, piece_at, position, targets


def refused(state, player, move, code):
    before = state.to_json()
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(player, move)
    assert caught.value.code == code, caught.value
    assert state.to_json() == before
    return caught.value


# --- the game's shape --------------------------------------------------------------
def test_game_is_a_two_player_perfect_information_turn_game():
    state = new_state()
    # Constant-sum, not zero-sum: the returns of a finished game add up to 1 (a win is
    # [1, 0], a draw [0.5, 0.5]).
    assert GAME.game_type == GameType("sequential", "perfect", "deterministic", "constant_sum")
    assert GAME.game_type.utility is Utility.CONSTANT_SUM
    assert state.acting_mode() == TURN
    assert state.to_move() == (0,)
    assert GAME.min_players == GAME.max_players == 2
    check_invariants(state)


def test_player_0_moves_first_and_turns_alternate():
    state = new_state()
    state.apply(0, state.legal_moves(0)[0])
    assert state.to_move() == (1,)
    refused(state, 0, state.legal_moves(1)[0], "core.not_your_turn")
    with pytest.raises(NotYourTurnError):
        state.apply(0, state.legal_moves(1)[0])


# --- moves ----------------------------------------------------------------------
def test_a_piece_cannot_stop_on_an_occupied_node_or_pass_a_non_psychologist():
    state = position({0: "D0", 5: "I0", 14: "S0", 13: "D1", 31: "P0", 43: "P1"})
    refused(state, 0, Step(0, 5), "psychopath.occupied")
    refused(state, 0, Step(0, 17), "psychopath.blocked")
    refused(state, 0, Step(0, 33), "psychopath.blocked")
    refused(state, 0, Step(0, 14), "psychopath.occupied")
    refused(state, 0, Step(0, 19), "psychopath.no_path")
    refused(state, 0, Step(13, 1), "psychopath.not_your_piece")
    refused(state, 0, Step(7, 1), "psychopath.not_your_piece")


def test_pieces_move_around_the_cyclic_border_both_ways():
    state = position({31: "P0", 43: "P1"})
    # the psychopath on the bottom point reaches every border node but the
    # one holding the other psychopath, and the nodes on its two arcs
    reach = targets(state, 31)
    border = set(BORDER_NODE.values()) - {31, 43}
    assert border <= reach
    assert reach - border == {19, 13, 20, 29, 18, 30}


def test_moves_are_listed_once_even_when_two_paths_join_the_same_nodes():
    state = position({BORDER_NODE[2]: "D0", 31: "P0", 49: "P1"})
    texts = [move.text for move in state.legal_moves(0)]
    assert len(texts) == len(set(texts))
    assert f"m {BORDER_NODE[2]} {BORDER_NODE[6]}" in texts  # by the arc and by the border


# --- capture ---------------------------------------------------------------------
def test_capture_needs_both_doctors_and_an_informer_on_another_path():
    base = {13: "I0", 1: "D1", 33: "D1", **KINGS}
    state = position(base)
    assert not attacked(13, state.doctors(1), state.informers(1))
    state = position({**base, 20: "I1"})
    assert attacked(13, state.doctors(1), state.informers(1))
    # the informer on the same path as the doctors does not count
    state = position({**base, 0: "I1"})
    assert not attacked(13, state.doctors(1), state.informers(1))
    # doctors on the same side of the node do not count
    state = position({13: "I0", 1: "D1", 0: "D1", 20: "I1", **KINGS})
    assert not attacked(13, state.doctors(1), state.informers(1))


def test_a_piece_at_the_end_of_a_path_cannot_be_flanked_on_that_path():
    # 31 ends the arcs 14-18 and 18-22: only the border can flank it
    state = position({31: "P0", 29: "D1", 19: "D1", 30: "I1", 45: "P1"})
    assert not attacked(31, state.doctors(1), state.informers(1))


def test_one_move_captures_several_pieces():
    east, next_up = BORDER_NODE[0], BORDER_NODE[1]
    state = position({east: "D0", next_up: "S0", BORDER_NODE[2]: "D1", 21: "D1",
                      14: "I1", 22: "I1", **KINGS}, turn=1)
    state.apply(1, Step(21, BORDER_NODE[23]))
    assert len(state.last[4]) == 2


def test_suicide_moves_are_not_legal():
    state = position({19: "D0", 1: "D1", 33: "D1", 20: "I1", **KINGS})
    assert 13 not in targets(state, 19)
    refused(state, 0, Step(19, 13), "psychopath.suicide")


def test_suicide_is_judged_after_the_moves_own_captures():
    # The white informer going to 13 captures the black doctor on 1 (white
    # doctors on 7 and 8, informer on the 8-20 diameter), so 13 is safe.
    state = position({19: "I0", 7: "D0", 8: "D0", 1: "D1", 33: "D1", 20: "I1", **KINGS})
    assert 13 in targets(state, 19)
    state.apply(0, Step(19, 13))
    assert piece_at(state, 1) is None and piece_at(state, 13) == "I0"


def test_border_doctors_may_have_one_special_node_between_them():
    east, special = BORDER_NODE[0], BORDER_NODE[2]
    # doctors on points 22 and 1 around point 0: only point 22's own node is
    # special, and the doctors' own nodes do not count
    state = position({east: "D0", BORDER_NODE[22]: "D1", BORDER_NODE[1]: "D1", 14: "I1", **KINGS})
    assert attacked(east, state.doctors(1), state.informers(1))
    # around special point 2: points 1 and 3 flank it, with one special between (itself)
    state = position({special: "D0", BORDER_NODE[1]: "D1", BORDER_NODE[3]: "D1", 23: "I1", **KINGS})
    assert attacked(special, state.doctors(1), state.informers(1))
    # points 21 and 3 around point 0: 22 and 2 are special, two in between
    state = position({east: "D0", BORDER_NODE[21]: "D1", BORDER_NODE[3]: "D1", 14: "I1", **KINGS})
    assert not attacked(east, state.doctors(1), state.informers(1))
    # points 23 and 5 around point 0: only point 2 is special
    state = position({east: "D0", BORDER_NODE[23]: "D1", BORDER_NODE[5]: "D1", 14: "I1", **KINGS})
    assert attacked(east, state.doctors(1), state.informers(1))


def test_on_the_border_opposite_sides_means_the_stretch_through_the_node():
    east = BORDER_NODE[0]
    # doctors on points 3 and 4 are both "after" point 0: the stretch
    # between them that holds point 0 runs the long way round, through
    # every special node
    state = position({east: "D0", BORDER_NODE[3]: "D1", BORDER_NODE[4]: "D1", 14: "I1", **KINGS})
    assert not attacked(east, state.doctors(1), state.informers(1))


# --- paralysis --------------------------------------------------------------------
def test_a_piece_on_two_paralysing_paths_cannot_move():
    state = position({2: "D1", 17: "S0", 34: "S0", **KINGS}, turn=1)
    assert targets(state, 2) == set()
    refused(state, 1, Step(2, 14), "psychopath.paralysed")
    assert {"node": 2, "paths": [0, 14], "frozen": True} in state.view(0)["paralysed"]
    # the black psychopath on 45 shares the border with the psychologist on 34
    assert {"node": 45, "paths": [15], "frozen": False} in state.view(0)["paralysed"]


def test_a_paralysed_piece_may_move_along_the_psychologists_path():
    state = position({2: "D1", 17: "S0", **KINGS}, turn=1)
    refused(state, 1, Step(2, 8), "psychopath.paralysed")
    state.apply(1, Step(2, 0))


def test_psychologists_are_never_paralysed():
    state = position({2: "S1", 17: "S0", 34: "S0", **KINGS}, turn=1)
    assert targets(state, 2) == {14, 37, 0, 5, 8, 20, 9, 23, 40}


def test_paralysis_reaches_along_the_whole_path_whatever_stands_between():
    state = position({2: "D1", 0: "D0", 5: "I1", 17: "S0", **KINGS}, turn=1)
    assert targets(state, 2) == {14, 37}


# --- resurrection ----------------------------------------------------------------
def _psychologist_trap(extra=None, captured=None):
    pieces = {13: "S1", 1: "D0", 33: "D0", 34: "I0", **KINGS}
    pieces.update(extra or {})
    return position(pieces, turn=0, captured=captured)


def test_capturing_a_psychologist_brings_back_a_piece_of_the_capturers_choice():
    state = _psychologist_trap()
    state.apply(0, Step(34, 20))
    assert state.to_move() == (0,) and state.phase == 1
    view = state.view(0)
    assert view["resurrect_at"] == 13
    assert view["resurrect_options"] == ["psychologist", "informer", "doctor"]
    refused(state, 0, Step(1, 0), "psychopath.resurrect_first")
    state.apply(0, GAME.parse_move("r doctor"))
    assert piece_at(state, 13) == "D0" and state.to_move() == (1,)
    assert state.captured[0][DOCTOR] == 3 and state.captured[1][PSYCHOLOGIST] == 2


def test_no_resurrection_without_captured_pieces():
    state = _psychologist_trap(captured=[[0, 0, 0, 0], [0, 1, 4, 6]])
    state.apply(0, Step(34, 20))
    assert state.to_move() == (1,) and piece_at(state, 13) is None
    refused(state, 1, Resurrect("doctor"), "psychopath.no_resurrection")


def test_only_captured_kinds_can_come_back():
    state = _psychologist_trap(captured=[[0, 0, 3, 0], [0, 1, 4, 6]])
    state.apply(0, Step(34, 20))
    assert [move.text for move in state.legal_moves(0)] == ["r informer"]
    refused(state, 0, Resurrect("doctor"), "psychopath.none_captured")


def test_no_resurrection_on_a_node_where_the_piece_would_be_captured():
    # black doctors on 19 and 35 flank 13 on the 18-22 arc and a black
    # informer on 0 watches the 8-20 diameter: a piece back on 13 would fall
    state = _psychologist_trap({19: "D1", 35: "D1", 0: "I1"})
    state.apply(0, Step(34, 20))
    assert state.captured[1][PSYCHOLOGIST] == 2
    assert piece_at(state, 13) is None
    assert state.to_move() == (1,)


def test_a_returning_piece_can_capture_at_once():
    # The doctor brought back on 13 and the one on 31 flank the black doctor
    # on 19 (18-22 arc), watched by the white informer on 32 (13-19 arc).
    state = _psychologist_trap({31: "D0", 19: "D1", 32: "I0"})
    state.apply(0, Step(34, 20))
    assert piece_at(state, 19) == "D1" and state.phase == 1
    state.apply(0, Resurrect("doctor"))
    assert piece_at(state, 13) == "D0" and piece_at(state, 19) is None
    assert state.view(1)["last_move"]["captured"] == [[19, 1, "doctor"]]
    assert state.view(1)["last_move"]["resurrected"] == [[13, 0, "doctor"]]
    assert state.to_move() == (1,)


# --- the end -----------------------------------------------------------------------
def test_capturing_the_psychopath_wins_at_once():
    state = position({13: "P1", 1: "D0", 33: "D0", 34: "I0", 49: "P0", 16: "S1"})
    state.apply(0, Step(34, 20))
    assert state.is_terminal() and state.to_move() == ()
    assert state.returns() == [1.0, 0.0] and state.view(1)["end_reason"] == "psychopath"
    refused(state, 1, Step(16, 4), "core.game_over")


def test_a_player_with_no_legal_move_loses():
    # The white psychopath alone on 2 is held by psychologists on two paths.
    state = position({2: "P0", 17: "S1", 34: "S1", 45: "P1"}, turn=0)
    assert list(state.legal_moves(0)) == []
    assert state.is_terminal() and state.to_move() == ()
    assert state.returns() == [0.0, 1.0]
    assert state.view(0)["end_reason"] == "no_moves"


def test_a_position_repeated_three_times_is_a_draw():
    state = new_state()
    shuffle = ["m 31 32", "m 43 42", "m 32 31", "m 42 43"]
    for text in shuffle:
        state.apply(state.turn, GAME.parse_move(text))
    assert not state.is_terminal() and state.view(0)["repetitions"] == 2
    for text in shuffle[:3]:
        state.apply(state.turn, GAME.parse_move(text))
    assert not state.is_terminal()
    state.apply(state.turn, GAME.parse_move(shuffle[3]))
    assert state.is_terminal() and state.returns() == [0.5, 0.5]
    assert state.view(0)["end_reason"] == "repetition"


def test_a_capture_clears_the_repetition_history():
    state = position({13: "I0", 1: "D1", 33: "D1", 34: "I1", **KINGS}, turn=1)
    state.apply(1, Step(34, 20))
    assert state.history == (state.key,) and state.quiet == 0


def test_the_game_is_drawn_after_100_plies_without_a_capture():
    state = new_state()
    state.quiet = QUIET_LIMIT - 1
    state.apply(0, GAME.parse_move("m 31 32"))
    assert state.is_terminal() and state.view(1)["end_reason"] == "quiet"
    assert state.returns() == [0.5, 0.5]


def test_only_the_side_that_did_not_move_is_judged():
    # A white doctor left standing where it could be captured (only possible
    # in a built position) is not removed by white's own move.
    state = position({13: "D0", 1: "D1", 33: "D1", 20: "I1", **KINGS}, turn=0)
    state.apply(0, Step(49, 17))
    assert piece_at(state, 13) == "D0"


# --- texts, errors and records ---------------------------------------------------
def test_move_texts_parse_back_and_junk_raises_typed_errors():
    assert GAME.parse_move("m 12 30") == Step(12, 30)
    assert GAME.parse_move("  r   doctor ") == Resurrect("doctor")
    assert Step(12, 30).text == "m 12 30" and Resurrect("informer").text == "r informer"
    for junk, code in [("", "core.unknown_move"), ("m 1", "core.unknown_move"), ("m 1 99", "psychopath.bad_node"),
                       ("m a b", "psychopath.bad_node"), ("r psychopath", "psychopath.bad_kind"),
                       ("x 1 2", "core.unknown_move"), ("m -1 2", "psychopath.bad_node")]:
        with pytest.raises(MoveParseError) as caught:
            GAME.parse_move(junk)
        assert caught.value.code == code, junk


def _damaged(change):
    data = new_state().to_json()
    change(data)
    with pytest.raises(RecordError) as caught:
        GAME.state_from_json(data)
    assert caught.value.code.startswith("psychopath."), caught.value.code
    return caught.value.code


def test_state_from_json_rejects_damaged_content_with_codes():
    assert _damaged(lambda d: d.update(game="chess")) == "psychopath.not_this_game"
    assert _damaged(lambda d: d["board"].append(0)) == "psychopath.board_size"
    assert _damaged(lambda d: d["board"].__setitem__(2, 9)) == "psychopath.unknown_piece"
    assert _damaged(lambda d: d["board"].__setitem__(2, 4)) == "psychopath.piece_count"  # a 7th doctor
    assert _damaged(lambda d: d["board"].__setitem__(1, 0)) == "psychopath.piece_count"  # one missing
    assert _damaged(lambda d: d.update(phase="dance")) == "psychopath.phase"
    assert _damaged(lambda d: d.update(phase="resurrect")) == "psychopath.phase"
    assert _damaged(lambda d: d.update(turn=2)) == "psychopath.turn"
    assert _damaged(lambda d: d.update(pending=[99])) == "psychopath.bad_node"
    assert _damaged(lambda d: d.update(winner=0)) == "psychopath.phase"
    assert _damaged(lambda d: d.update(quiet=-1)) == "psychopath.counters"
    assert _damaged(lambda d: d.pop("board")) == "psychopath.state_field"
    assert _damaged(lambda d: d.update(captured="x")) == "psychopath.captured_counts"
    with pytest.raises(RecordError):
        GAME.state_from_json(["not", "a", "dict"])


def test_json_round_trip_keeps_everything():
    state = new_state(7)
    for _ in range(6):
        state.apply(state.turn, state.legal_moves(state.turn)[-1])
    again = GAME.state_from_json(state.to_json())
    assert again.to_json() == state.to_json() and again.key == state.key
    assert again.view(0) == state.view(0)


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


def targets_in_danger(state, owner: int) -> set:
    mask = state.threatened(owner)
    return {node for node in range(len(state.board)) if mask >> node & 1}
