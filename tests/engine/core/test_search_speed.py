"""core/search_speed.py, the CPython side of bench_slowdown: positions with a
real choice, the same ones for the same seed, and a work rate over them."""

from ludoteca.core import ai as core_ai
from ludoteca.core.ai import UctBot
from ludoteca.core.search_speed import sample_positions, search_rate

from .toy_nim import NIM


def test_positions_are_real_choices_and_the_same_for_the_same_seed():
    settings = NIM.default_settings()
    first = sample_positions(NIM, settings, 6, seed=4, every=1)
    again = sample_positions(NIM, settings, 6, seed=4, every=1)
    assert len(first) == 6
    assert all(len(list(state.generate_moves(player))) > 1 for state, player in first)
    assert [(state.heaps, player) for state, player in first] == [(state.heaps, player) for state, player in again]


def test_the_rate_counts_the_searches_work_on_the_wall_clock():
    positions = sample_positions(NIM, NIM.default_settings(), 3, seed=1, every=1)
    core_ai.use_cpu_clock()
    try:
        rate = search_rate(positions, lambda seed: UctBot(seed, iterations=40, playout_depth=5))
        assert core_ai.clock is __import__("time").perf_counter  # it measured on the wall clock
    finally:
        core_ai.use_wall_clock()
    assert rate["work"] == 3 * 40
    assert rate["seconds"] > 0 and rate["per_second"] == rate["work"] / rate["seconds"]
