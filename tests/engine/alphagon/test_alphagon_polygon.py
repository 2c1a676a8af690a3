"""Polygon construction: turns, the direction rule, sides that never touch,
and the ends of the game."""

from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.games.alphagon import components as C

from .helpers import check_geometry, give, line, new_state, play, set_trail


def _state_with(cells, symbols, seed=1, players=2):
    state = new_state(players, seed=seed)
    p = state.to_move()[0]
    set_trail(state, cells, symbols, owner=p)
    state.current = p
    return state, p


def test_board_edge_forces_a_turn_level_with_the_start_toward_the_farther_edge():
    # Rulebook: a letter on the edge; the side goes on north or south by the rule.
    # D4 is level with the last letter M4: the south edge is farther (9 rows against 3).
    state, _ = _state_with(line("D4", "E", 10), "+ABCDEFGHI")
    assert C.cell_name(state.next_cell()) == "M5" and state.next_step()[1] == C.SOUTH


def test_same_latitude_example_turns_south_away_from_the_near_top_edge():
    # Rulebook: the last '+' is level with the start: south, the farther edge.
    state, _ = _state_with(line("D4", "E", 5), "+CAT+")
    assert C.cell_name(state.next_cell()) == "H5"


def test_direction_rule_moves_away_with_fewer_than_4_sides_and_toward_from_4():
    cells = line("D4", "E", 5) + line("H5", "S", 3)  # D4..H4, then H5..H7
    state, _ = _state_with(cells, "+ABC" + "+" + "DE+")
    assert state.sides == 2
    assert C.cell_name(state.next_cell()) == "I7"  # east: away from D
    cells += line("I7", "E", 2)  # I7, J7
    state, _ = _state_with(cells, "+ABC+DE+F+")
    assert state.sides == 3
    assert C.cell_name(state.next_cell()) == "J8"  # south: away from row 4
    cells += line("J8", "S", 2)  # J8, J9
    state, _ = _state_with(cells, "+ABC+DE+F+G+")
    assert state.sides == 4
    assert C.cell_name(state.next_cell()) == "I9"  # west: toward column D


def test_one_step_from_an_early_closure_the_polygon_turns_toward_the_start():
    # Sides: D4-K4 east, K5-K9 south, J9-F9 west, F8-F6 north; F5 would touch F4.
    cells = line("D4", "E", 8) + line("K5", "S", 5) + line("J9", "W", 5) + line("F8", "N", 3)
    symbols = "+" + "A" * (len(cells) - 1)
    state, _ = _state_with(cells, symbols)
    assert state.sides == 4
    assert C.cell_name(state.next_cell()) == "E6"


def test_when_the_rules_side_is_blocked_the_other_side_is_taken():
    # R7: at M8 with a '+', "away" is east, off the board: west instead.
    cells = line("D4", "E", 10) + line("M5", "S", 4)
    state, _ = _state_with(cells, "+ABCDEFGHI" + "JKL+")
    assert C.cell_name(state.next_cell()) == "L8"


def test_a_plus_placed_on_a_corner_already_starts_the_new_side():
    # R6: the word ended on the edge at M4, so its '+' went round the corner to M5.
    cells = line("D4", "E", 10) + ["M5"]
    state, _ = _state_with(cells, "+POLICEMAN+")
    assert C.cell_name(state.next_cell()) == "M6"


def test_a_turn_into_a_dead_end_is_taken_only_when_no_other_way_is_open():
    # R40: a word running west along row 12 reaches the edge at A12. The rule's
    # way is south (away from D10), into the corner A13, whence east (B13) would
    # touch B12: a dead end. North, A11, goes on, so the polygon turns north.
    state, p = _state_with(["D10", "D11", "D12", "C12", "B12", "A12"], "+CASTE")
    assert state.turn_options(C.parse_cell("A12"), C.WEST)[0] == C.SOUTH
    assert C.cell_name(state.next_cell()) == "A11"
    give(state, p, "S")
    play(state, p, "place A11 S")
    assert not state.is_terminal() and C.cell_name(state.next_cell()) == "A10"


def test_a_plus_that_would_go_into_a_dead_end_goes_the_other_way():
    # The same corner when the word closes at A12: its '+' goes north, not into A13.
    state, p = _state_with(["D10", "D11", "D12", "C12", "B12", "A12"], "+CASTE")
    state._place_plus(p)
    assert not state.is_terminal() and C.cell_name(state.trail[-1]) == "A11"
    assert state.next_cell() is not None


def test_the_polygon_turns_early_when_straight_on_leads_into_a_pocket():
    # R40: the word has reached J13, heading west. Straight on, I13 is free, but from
    # there west (H13) and north (I12) touch H12 and south is off the board: a
    # dead end. Going straight into a dead end counts as one step from an early
    # closure, so the polygon turns at once, north to J12, and goes on (here J11
    # would close it, next to the start).
    cells = (["J10", "I10", "H10", "H11", "H12", "G12"] + line("F12", "N", 10) + line("G3", "E", 7)
             + line("M4", "S", 10) + ["L13", "K13", "J13"])
    state, p = _state_with(cells, "+" + ("BCDFGLMNPRSTVAEIO" * 3)[:len(cells) - 1])
    assert C.cell_name(state.next_cell()) == "J12"
    state._place_plus(p)
    assert C.cell_name(state.trail[-1]) == "J12" and not state.is_terminal()
    assert C.cell_name(state.next_cell()) == "J11"


def test_reaching_the_start_at_distance_one_closes_the_polygon_and_ends_the_game():
    cells = line("D4", "E", 5) + line("H5", "S", 4) + line("G8", "W", 5) + line("C7", "N", 2)
    state, p = _state_with(cells, "+" + "A" * (len(cells) - 1))
    assert C.cell_name(state.next_cell()) == "C5" and state.sides == 4
    give(state, p, "E")
    play(state, p, "place C5 E")
    assert not state.is_terminal()
    give(state, p, "S")
    state.bonuses[p] = 1
    play(state, p, "place C4 S")  # next to D4, the start
    assert state.is_terminal() and state.end_reason == "closed"


def test_a_polygon_that_cannot_go_on_ends_the_game():
    state, p = _state_with(["B4", "B3", "B2", "A2"], "+ABC")
    assert C.cell_name(state.next_cell()) == "A1"
    give(state, p, "D")
    play(state, p, "place A1 D")  # then east (B1) would touch B2
    assert state.next_step() is None
    assert state.is_terminal() and state.end_reason == "blocked"


def test_ten_sides_end_the_game():
    cells = ["A1", "B1", "B2", "C2", "C3", "D3", "D4", "E4", "E5", "F5", "G5"]
    state, p = _state_with(cells, "+ABCDEFGHI+")
    assert state.sides == 9
    target = C.cell_name(state.next_cell())
    give(state, p, "E")
    play(state, p, f"place {target} E")
    assert state.sides == 10 and state.is_terminal() and state.end_reason == "ten_sides"


def test_reaching_the_goal_ends_the_game_and_the_highest_score_wins():
    state, p = _state_with(line("D4", "E", 6), "+HOUSE")
    state.points[p] = state.goal - 3
    state.placed = 1
    play(state, p, "close")
    assert state.is_terminal() and state.end_reason == "goal" and state.winners() == [p]
    assert state.returns()[p] == 1.0


# --- properties of the geometry --------------------------------------------------------------
@settings(max_examples=60, derandomize=True, deadline=None)
@given(st.integers(0, 10 ** 6), st.lists(st.integers(0, 9), min_size=1, max_size=120))
def test_random_polygons_keep_right_angles_untouched_sides_and_the_direction_rule(seed, plan):
    """Grows a polygon by placing letters and '+' symbols at random: every
    turn is a right angle, no side touches another, and each turn follows the
    direction rule (the rule's side unless it was blocked)."""
    state = new_state(2, seed=seed)
    p = state.to_move()[0]
    flag = sorted(C.FLAGS)[seed % len(C.FLAGS)]
    set_trail(state, [C.cell_name(flag)], "+", owner=p)
    heading = seed % 4
    state.trail += (C.step(flag, heading),)
    state.symbols += "A"
    state.owners += (p,)
    state.occupied |= 1 << state.trail[-1]
    state.sides, state.heading = 1, heading
    for choice in plan:
        found = state.next_step()
        if found is None or state.is_terminal():
            break
        cell, new_heading = found
        if new_heading != state.heading:
            preferred, other = state.turn_options(state.trail[-1], state.heading)
            if new_heading == other:  # the rule's way is blocked, or a dead end (R40)
                blocked = C.step(state.trail[-1], preferred)
                assert (blocked is None or not state._is_free(blocked, state.sides + 1)
                        or not state._goes_on_after(blocked, preferred))
            else:
                assert new_heading == preferred
        state._put(p, cell, "+" if choice == 0 else "A", new_heading)
        state.queue = ()
        check_geometry(state)
