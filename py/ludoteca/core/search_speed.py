"""How fast a bot's searches work, for comparing interpreters (CPython and
Pyodide run this same code: py/tools/bench_slowdown.py).

The positions come from seeded random play, so both sides search the same
positions; a search's work is its iterations (or nodes, for searches that
count those)."""

from __future__ import annotations

from typing import Any, Callable

from . import ai as core_ai
from .protocol import CHANCE
from .rng import SeededRng


def sample_positions(game, settings, count: int, seed: int, every: int = 4) -> list:
    """(state, player) pairs a human would face, every `every` decisions of seeded random games."""
    rng = SeededRng(seed)
    found: list = []
    game_seed = seed
    while len(found) < count:
        state = game.new_state(settings, game_seed)
        game_seed += 1
        decisions = 0
        while not state.is_terminal() and len(found) < count:
            if state.is_chance():
                state.apply_unchecked(CHANCE, state.sample_chance(rng))
                continue
            player = state.to_move()[0]
            moves = list(state.generate_moves(player))
            decisions += 1
            if decisions % every == 0 and len(moves) > 1:
                found.append((state.clone(), player))
            state.apply_unchecked(player, rng.choice(moves))
    return found


def search_rate(positions: list, make_bot: Callable[[int], Any]) -> dict:
    """Work units a second over full searches of `positions` (wall clock)."""
    core_ai.use_wall_clock()
    work = 0
    seconds = 0.0
    for index, (state, player) in enumerate(positions):
        search = make_bot(index).start(state.clone(), player)
        search.run()
        work += getattr(search, "nodes", 0) or search.iterations
        seconds += search.elapsed
    return {"work": work, "seconds": seconds, "per_second": work / seconds if seconds else 0.0}
