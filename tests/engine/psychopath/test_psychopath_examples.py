"""The rulebook's worked examples, rebuilt on our board (see BOARD.md for
node numbers). The rulebook shows them from the black player's side: here
black is player 1 and white player 0; the psychopaths stand out of the way
on the west (49 and 45) unless the example needs them."""

from ludoteca.games.psychopath.rules import DOCTOR, INFORMER, Step

from .helpers import BORDER_NODE, piece_at, position, targets

KINGS = {49: "P0", 45: "P1"}


def test_example_moves_go_along_a_path_until_its_end_or_a_piece_that_is_no_psychologist():
    # A white doctor on the centre (three paths). Its own informer on 5 stops
    # it westwards; its own psychologist on 14 is passed over; a black doctor
    # on 13 stops it on the 8-20 diameter just before 13.
    state = position({0: "D0", 5: "I0", 14: "S0", 13: "D1", 31: "P0", 43: "P1"}, turn=0)
    assert targets(state, 0) == {2, 37, 3, 15, 41, 6, 18, 53, 1, 4, 16, 45}


def test_example_a_piece_cannot_stop_on_a_psychologist_but_passes_over_it():
    state = position({0: "D0", 14: "S1", 2: "S0", 31: "P0", 43: "P1", 47: "D1"}, turn=0)
    # both psychologists on the horizontal diameter: they parley, so the
    # doctor is free; it jumps over both to reach 37, never stopping on them
    reach = targets(state, 0)
    assert 37 in reach and 14 not in reach and 2 not in reach


def test_example_the_white_informer_is_captured():
    # White informer on 13: black doctors on 1 and 33 flank it on the 8-20
    # diameter; the black informer comes to 20, on the other path through 13.
    state = position({13: "I0", 1: "D1", 33: "D1", 34: "I1", **KINGS}, turn=1)
    state.apply(1, Step(34, 20))
    assert piece_at(state, 13) is None
    assert state.captured[0][INFORMER] == 4  # all four white informers are now off the board
    assert state.view(0)["last_move"]["captured"] == [[13, 0, "informer"]]


def test_example_pieces_between_the_doctors_do_not_protect():
    # A white doctor on 1 stands between the black doctors (0 and 33) and the
    # informer on 13: 13 is still captured; 1 survives (no informer on its other path).
    state = position({13: "I0", 1: "D0", 0: "D1", 33: "D1", 34: "I1", **KINGS}, turn=1)
    state.apply(1, Step(34, 20))
    assert piece_at(state, 13) is None and piece_at(state, 1) == "D0"


def test_example_two_white_pieces_on_the_border_are_captured_together():
    east, next_up = BORDER_NODE[0], BORDER_NODE[1]
    state = position({east: "D0", next_up: "I0",
                      BORDER_NODE[2]: "D1", 21: "D1",  # doctors on points 2 and (soon) 23
                      14: "I1", 22: "I1", **KINGS}, turn=1)
    state.apply(1, Step(21, BORDER_NODE[23]))
    assert piece_at(state, east) is None and piece_at(state, next_up) is None
    assert sorted(entry[0] for entry in state.last[4]) == sorted([east, next_up])


def test_example_the_pair_survives_with_two_special_nodes_between_the_doctors():
    east, next_up = BORDER_NODE[0], BORDER_NODE[1]
    # doctors on points 21 and 3: points 22 and 2 between them are special
    state = position({east: "D0", next_up: "I0",
                      BORDER_NODE[21]: "D1", 23: "D1",
                      14: "I1", 22: "I1", **KINGS}, turn=1)
    state.apply(1, Step(23, BORDER_NODE[3]))
    assert piece_at(state, east) == "D0" and piece_at(state, next_up) == "I0"
    assert state.captured[0][DOCTOR] == 5  # nothing new was captured


def test_example_paralysis_keeps_a_piece_on_the_psychologists_path():
    # Black doctor on 2 (horizontal diameter and the 21-3 arc); a white
    # psychologist on 17 holds it on the diameter.
    free = position({2: "D1", **KINGS}, turn=1)
    assert targets(free, 2) == {14, 37, 0, 5, 17, 8, 20, 34, 9, 23, 40}
    held = position({2: "D1", 17: "S0", **KINGS}, turn=1)
    assert targets(held, 2) == {14, 37, 0, 5}  # 49 holds the white psychopath
    forbidden = {8, 20, 34, 9, 23, 40}
    assert not targets(held, 2) & forbidden


def test_example_psychologists_parley_and_free_the_path():
    held = position({2: "D1", 17: "S0", 23: "S1", **KINGS}, turn=1)
    assert targets(held, 2) == {14, 37, 0, 5}  # the black psychologist is on the other path
    parley = position({2: "D1", 17: "S0", 37: "S1", **KINGS}, turn=1)
    assert targets(parley, 2) == {14, 0, 5, 8, 20, 34, 9, 23, 40}
