"""Property tests over random games (derandomized hypothesis).

The default run plays a few dozen games so the folder stays fast; --full
plays 1000 (and `build.py bench fuzz` thousands)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import run_profile

from ludoteca.core.match import Match, Seat
from ludoteca.core.protocol import GameError, IllegalMoveError, MoveParseError, Settings
from ludoteca.core.rng import SeededRng
from ludoteca.games.psychopath.rules import (
    GAME,
    KIND_NAMES,
    NODE_COUNT,
    RESURRECT,
    RESURRECTS,
    STEPS,
    attacked,
    attacked_mask,
)

from .helpers import check_invariants

PROFILE = settings(max_examples=run_profile.examples(25, 1000), derandomize=True, deadline=None,
                   suppress_health_check=list(HealthCheck))

GAMES = st.fixed_dictionaries({
    "seed": st.integers(0, 2**53 - 1),
    "capture_bias": st.sampled_from([0.0, 0.5, 1.0]),
})
JUNK = ["", "m", "m 1", "m 1 2 3", "m x 2", "m 1 55", "m 99 1", "r", "r psychopath", "r nurse",
        "move 1 2", "0:m 1 2", "m 1.5 2", "R doctor"]


def random_move(state, player, rng, capture_bias):
    """A legal move; with probability `capture_bias` a capturing one when
    there is one (uniform play rarely captures)."""
    moves = list(state.legal_moves(player))
    if state.phase != RESURRECT and rng.random() < capture_bias:
        capturing = []
        for move in moves:
            child = state.clone()
            child.apply_unchecked(player, move)
            if child.last[4]:
                capturing.append(move)
        if capturing:
            return rng.choice(capturing)
    return rng.choice(moves)


def illegal_moves(state, player, rng):
    legal = set(state.legal_moves(player))
    picks = [STEPS[rng.randbelow(NODE_COUNT)][rng.randbelow(NODE_COUNT)] for _ in range(6)]
    picks += [RESURRECTS[name] for name in KIND_NAMES[1:]]
    return [move for move in picks if move not in legal]


@PROFILE
@given(GAMES)
def test_random_games_keep_every_invariant_and_refuse_bad_moves(game):
    state = GAME.new_state(Settings(2), game["seed"])
    match = Match(GAME, Settings(2), game["seed"], [Seat("A"), Seat("B")], created="test")
    rng = SeededRng(game["seed"] ^ 0xA1FA)
    check_invariants(state)
    while not state.is_terminal():
        player = state.to_move()[0]
        before = state.to_json()
        view_before = state.view(player)
        for wrong in illegal_moves(state, player, rng):
            with pytest.raises(IllegalMoveError) as caught:
                state.apply(player, wrong)
            assert caught.value.code
        with pytest.raises(IllegalMoveError) as caught:
            state.apply(1 - player, state.legal_moves(player)[0])
        assert caught.value.code == "core.not_your_turn"
        for junk in JUNK:
            with pytest.raises(MoveParseError) as caught:
                GAME.parse_move(junk)
            assert caught.value.code
        assert state.to_json() == before and state.view(player) == view_before
        for move in state.legal_moves(player):
            assert GAME.parse_move(move.text) == move
        assert state.determinize(player, rng).view(player) == state.view(player)
        move = random_move(state, player, rng, game["capture_bias"])
        state.apply(player, move)
        match.play(player, move.text)
        check_invariants(state)
        again = GAME.state_from_json(state.to_json())
        assert again.to_json() == state.to_json() and again.view(player) == state.view(player)
        assert again.is_terminal() == state.is_terminal()
        if state.plies % 15 == 0:
            replayed = Match.from_record(match.record(), {GAME.id: GAME})
            assert replayed.state.to_json() == state.to_json()
    assert state.to_move() == ()
    assert sorted(state.returns()) in ([0.0, 1.0], [0.5, 0.5])
    replayed = Match.from_record(match.record(), {GAME.id: GAME})
    assert replayed.state.to_json() == state.to_json()


@PROFILE
@given(st.integers(0, 2**53 - 1))
def test_attack_masks_agree_with_the_node_by_node_rule(seed):
    """The path-by-path mask equals the rule applied node by node (on nodes
    without an informer of the attacker, where the two readings differ)."""
    rng = SeededRng(seed)
    nodes = list(range(NODE_COUNT))
    rng.shuffle(nodes)
    doctors = sum(1 << node for node in nodes[:rng.randbelow(7)])
    informers = sum(1 << node for node in nodes[6:6 + rng.randbelow(5)])
    mask = attacked_mask(doctors, informers)
    for node in range(NODE_COUNT):
        if not informers >> node & 1:
            assert bool(mask >> node & 1) == attacked(node, doctors, informers), node


def test_damaged_records_raise_record_errors_not_raw_exceptions():
    state = GAME.new_state(Settings(2), 3)
    data = state.to_json()
    rng = SeededRng(9)
    for _ in range(300):
        broken = {key: value for key, value in data.items()}
        key = rng.choice(sorted(broken))
        broken[key] = rng.choice([None, 7, "x", [], {}, [1, 2], -1, [None] * 55])
        try:
            GAME.state_from_json(broken)
        except GameError as error:
            assert error.code
