"""Random playouts of any game: the engine's raw speed, measured the same
way under CPython and Pyodide so the two can be compared as a ratio."""

import time

from .protocol import CHANCE
from .rng import SeededRng


def random_playout(game, settings, seed: int) -> int:
    """Plays one game with uniformly random moves; returns the moves played."""
    state = game.new_state(settings, seed)
    rng = SeededRng(seed ^ 0x5DEECE66D)
    moves = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply_unchecked(CHANCE, state.sample_chance(rng))
            continue
        player = state.to_move()[0]
        state.apply_unchecked(player, rng.choice(list(state.generate_moves(player))))
        moves += 1
    return moves


def measure(game, seconds: float = 2.0, players: int = 2) -> dict:
    """Playouts and moves per second over about `seconds`."""
    settings = game.default_settings(players)
    start = time.perf_counter()
    playouts = moves = 0
    while time.perf_counter() - start < seconds:
        moves += random_playout(game, settings, playouts + 1)
        playouts += 1
    elapsed = time.perf_counter() - start
    return {"playouts_per_s": playouts / elapsed, "moves_per_s": moves / elapsed,
            "moves_per_playout": moves / playouts}
