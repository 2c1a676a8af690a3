"""The board: a Poincaré-disk construction stored as data (BOARD.md)."""

import math

from ludoteca.games.psychopath.board import (
    BOARD,
    CANDIDATES,
    CHOSEN,
    SKETCH_FAMILY,
    build,
    choose,
    measure,
)
from ludoteca.games.psychopath.rules import MIRROR, SOUTH_SETUP, starting_board


def test_every_node_is_the_crossing_of_exactly_two_paths_except_centre_and_specials():
    for node, paths in enumerate(BOARD.node_paths):
        if node == BOARD.centre or node in BOARD.special:
            assert len(paths) == 3, node
        else:
            assert len(paths) == 2, node


def test_board_has_55_nodes_16_paths_and_6_special_border_nodes():
    assert BOARD.size == 55
    assert len(BOARD.paths) == 16
    assert len(BOARD.special) == 6
    border = BOARD.paths[BOARD.border_path]
    assert len(border) == 24 and BOARD.cyclic[BOARD.border_path]
    assert sum(BOARD.cyclic) == 1
    assert BOARD.special <= set(border)
    assert BOARD.centre == 0 and BOARD.xy[0] == (0.0, 0.0)


def test_special_nodes_are_every_fourth_border_point_starting_at_point_2():
    assert BOARD.special == {BOARD.border_point_node[k] for k in (2, 6, 10, 14, 18, 22)}


def test_paths_are_ordered_end_to_end_and_border_nodes_lie_on_the_circle():
    for path, members in enumerate(BOARD.paths):
        assert len(set(members)) == len(members)
        if BOARD.cyclic[path]:
            continue
        a, b = BOARD.chords[path]
        assert members[0] == BOARD.border_point_node[a] and members[-1] == BOARD.border_point_node[b]
        # consecutive nodes are closer than the two ends: a monotone order
        total = sum(BOARD.distance(x, y) for x, y in zip(members, members[1:]))
        assert total < math.pi  # no back-and-forth
        for x, y, z in zip(members, members[1:], members[2:]):
            assert BOARD.distance(x, z) > max(BOARD.distance(x, y), BOARD.distance(y, z))
    for node in BOARD.paths[BOARD.border_path]:
        assert abs(math.hypot(*BOARD.xy[node]) - 1.0) < 1e-9


def test_closest_two_nodes_are_8_percent_of_the_diameter_apart():
    distance, a, b = BOARD.closest_pair()
    share = distance / 2.0
    print(f"closest pair {a}-{b}: {share:.4f} of the diameter")
    assert 0.08 < share < 0.085


def test_chosen_family_is_the_best_valid_candidate():
    figures = {family: measure(family) for family in CANDIDATES}
    assert all(f["shape_ok"] for f in figures.values())
    assert choose() == CHOSEN == SKETCH_FAMILY
    assert figures[CHOSEN]["nodes"] == 55
    # denser families pack more nodes but put some far too close together,
    # the roomier one leaves fewer free nodes for 26 pieces
    assert all(f["closest"] < 0.05 for f in figures.values() if f["nodes"] > 55)
    assert all(f["nodes"] < 52 for f in figures.values() if f["closest"] > figures[CHOSEN]["closest"])
    # the notes' second family: arcs from each even point i to i+5
    other = figures[((0, 5), (2, 5))]
    assert other["nodes"] == 61 and other["closest"] < 0.04


def _rotate(point, degrees):
    angle = math.radians(degrees)
    x, y = point
    return (x * math.cos(angle) - y * math.sin(angle), x * math.sin(angle) + y * math.cos(angle))


def _node_at(point):
    best = min(range(BOARD.size), key=lambda n: math.dist(BOARD.xy[n], point))
    assert math.dist(BOARD.xy[best], point) < 1e-6
    return best


def test_board_is_symmetric_under_rotation_by_60_degrees_and_mirror():
    for transform in (lambda p: _rotate(p, 60), lambda p: (p[0], -p[1]), lambda p: (-p[0], p[1])):
        image = [_node_at(transform(BOARD.xy[n])) for n in range(BOARD.size)]
        assert sorted(image) == list(range(BOARD.size))
        mapped_paths = {frozenset(image[n] for n in path) for path in BOARD.paths}
        assert mapped_paths == {frozenset(path) for path in BOARD.paths}
        assert {image[n] for n in BOARD.special} == set(BOARD.special)


def test_construction_is_deterministic():
    again = build(CHOSEN)
    assert again.xy == BOARD.xy and again.paths == BOARD.paths


def test_mirror_maps_one_side_onto_the_other():
    for node in range(BOARD.size):
        x, y = BOARD.xy[node]
        assert math.dist(BOARD.xy[MIRROR[node]], (x, -y)) < 1e-9
        assert MIRROR[MIRROR[node]] == node


def test_starting_setup_is_13_a_side_mirror_symmetric_and_frontal():
    board = starting_board()
    for owner in range(2):
        codes = [code for code in board if code and (code - 1) >> 2 == owner]
        kinds = sorted((code - 1) & 3 for code in codes)
        assert kinds == [0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3]
    for node, code in enumerate(board):
        if code:
            mirrored = board[MIRROR[node]]
            assert mirrored and (mirrored - 1) & 3 == (code - 1) & 3 and mirrored != code
    # player 0 holds the lower half, player 1 the upper: the armies face each other
    for node in SOUTH_SETUP:
        assert BOARD.xy[node][1] < 0


def test_the_border_path_runs_counter_clockwise_from_point_0():
    assert BOARD.paths[BOARD.border_path] == tuple(BOARD.border_point_node[k] for k in range(24))
