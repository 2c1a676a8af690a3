import pytest

from ludoteca.core.ai import IsmctsBot, RandomBot, UctBot
from .toy_nim import NIM, Deal, winning_moves


def position(heaps, player=0):
    state = NIM.new_state(NIM.default_settings(), 1)
    state.apply_chance(Deal(heaps))
    state.player = player
    return state


def test_random_bot_plays_legal_moves():
    state = position((3, 4))
    bot = RandomBot(seed=1)
    for _ in range(20):
        assert bot.choose(state, 0) in state.legal_moves(0)


@pytest.mark.parametrize("make_bot", [
    lambda: UctBot(seed=2, iterations=1500, playout_depth=None),
    lambda: IsmctsBot(seed=2, seconds=None, iterations=1500),
])
@pytest.mark.parametrize("heaps", [(3, 4), (2, 5), (1, 6)])
def test_search_finds_the_winning_move(make_bot, heaps):
    state = position(heaps)
    assert make_bot().choose(state, 0) in winning_moves(heaps)


def test_search_leaves_the_state_untouched():
    state = position((5, 5))
    before = state.to_json()
    UctBot(seed=1, iterations=200).choose(state, 0)
    IsmctsBot(seed=1, seconds=None, iterations=200).choose(state, 0)
    assert state.to_json() == before


def test_single_legal_move_needs_no_thinking():
    state = position((3, 4))
    state.heaps = (1, 0)
    search = IsmctsBot(seed=1, seconds=5.0).start(state, 0)
    assert search.done and search.iterations == 0


def test_steps_are_sliced_and_resume_until_the_iteration_cap():
    state = position((5, 5))
    search = IsmctsBot(seed=3, seconds=None, iterations=300).start(state, 0)
    steps = 0
    while not search.step(0.0):  # a zero slice still does one iteration
        steps += 1
    assert search.iterations == 300 and steps == 299


def test_time_budget_stops_the_search():
    state = position((5, 5))
    search = IsmctsBot(seed=3, seconds=0.05).start(state, 0)
    search.run()
    assert search.done and search.elapsed >= 0.05 and search.iterations > 0
