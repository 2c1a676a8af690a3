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
            if new_heading == other:
                blocked = C.step(state.trail[-1], preferred)
                assert blocked is None or not state._is_free(blocked, state.sides + 1)
            else:
                assert new_heading == preferred
        state._put(p, cell, "+" if choice == 0 else "A", new_heading)
        state.queue = ()
        check_geometry(state)
