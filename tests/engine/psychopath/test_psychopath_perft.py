"""Perft: legal move sequences from the start, against golden numbers and a
second, plain generator (simple_rules.py). With --full the tests
check depth 3 against the plain generator in full (about a minute)."""

import pytest

import run_profile

from ludoteca.core.rng import SeededRng
from ludoteca.games.psychopath.rules import MOVE, perft

from . import simple_rules
from .helpers import new_state

GOLDEN_PERFT = {1: 46, 2: 2060, 3: 94702}
FULL = run_profile.FULL


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_perft_from_the_start_matches_the_golden_numbers(depth):
    assert perft(new_state(), depth) == GOLDEN_PERFT[depth]


def test_perft_to_depth_2_matches_the_plain_generator():
    pieces = simple_rules.pieces_of(new_state())
    assert simple_rules.perft(pieces, 0, 1) == GOLDEN_PERFT[1]
    assert simple_rules.perft(pieces, 0, 2) == GOLDEN_PERFT[2]


def test_perft_depth_3_matches_the_plain_generator_position_by_position():
    """Depth 3 is the sum over depth-2 positions of their move counts: the
    plain generator checks a fixed sample of them (all with the env var)."""
    start = new_state()
    total = 0
    checked = 0
    for index, first in enumerate(start.legal_moves(0)):
        after_first = start.clone()
        after_first.apply(0, first)
        for second_index, second in enumerate(after_first.legal_moves(1)):
            position = after_first.clone()
            position.apply(1, second)
            count = len(position.legal_moves(0))
            total += count
            if FULL or (index * 7 + second_index) % 23 == 0:
                pieces = simple_rules.pieces_of(position)
                assert len(simple_rules.legal(pieces, 0)) == count
                checked += 1
    assert total == GOLDEN_PERFT[3]
    assert checked >= 80


def test_engine_and_plain_generator_agree_along_random_games():
    """Legal moves and captures agree at every position of a few random games."""
    rng = SeededRng(404)
    compared = captures = 0
    for game in range(3):
        state = new_state(game)
        while not state.is_terminal() and state.plies < 90:
            player = state.turn
            moves = list(state.legal_moves(player))
            if state.phase == MOVE:
                pieces = simple_rules.pieces_of(state)
                plain = simple_rules.legal(pieces, player)
                assert sorted((m.source, m.target) for m in moves) == sorted(plain)
                compared += 1
                move = rng.choice(moves)
                _, victims = simple_rules.play(pieces, move.source, move.target)
                state.apply(player, move)
                assert sorted(node for node, _ in state.last[4]) == sorted(victims)
                captures += len(victims)
            else:
                state.apply(player, rng.choice(moves))
    assert compared > 150 and captures > 0
