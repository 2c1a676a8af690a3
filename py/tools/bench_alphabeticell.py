"""Alphabeticell benchmark under CPython: engine speed, AI move times, AI strength.

    .venv/bin/python py/tools/bench_alphabeticell.py [--dist dist] [--games 200] [--seconds S] [--workers 2] [--quick]

Prints:
  1. random playouts per second (whole games from the first flip, random moves),
     and engine clone rate;
  2. move time of each AI level (median, p95) on positions from real games,
     over every decision and over the decisions that needed thought;
  3. the ladder: each level against the one below it (random < easy <
     medium < hard; medium is easy's heuristic without the noise), in
     two-player games with seats alternating (each deal played from both
     seats), as score shares with 95% Wilson intervals; a level is clearly
     stronger when the interval's low end is above 50%;
  4. "hard" against each of --opponents (random, easy, the UCT baseline:
     UctBot, 1000 iterations).

The engine comes from DIST/py/ludoteca.zip when --dist has one (what the app
ships, unpacked to a temporary folder), else from py/. Games run in parallel
worker processes (py/tools/arena.py). Figures only: nothing here is asserted
by tests, since timings depend on the machine. On a 2-core machine shared
with heavy other work, `--games 200 --opponents ""` took 23 minutes, 19 of
them for hard against medium. The UCT baseline's 1000 iterations a move
are the slow part of section 4; `--opponents ""` skips it, and `--quick`
plays 20 games a pairing without it.
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool
from typing import Optional

from arena import (
    BotSpec,
    format_times,
    match_and_print,
    move_times,
    random_playouts,
    sample_positions,
    use_engine,
)

GAME_MODULE = "ludoteca.games.alphabeticell"
OPPONENTS = ("random", "easy", "uct")
LEVELS = ("easy", "medium", "hard")
POSITIONS_PER_LEVEL = 60
PLAYOUT_SECONDS = 3.0


# Picklable factories for bots that are not levels (worker processes build them).
def uct(seed: int):
    from ludoteca.core.ai import UctBot

    return UctBot(seed, iterations=1000, playout_depth=50)


def spec(name: str) -> BotSpec:
    if name == "uct":
        return BotSpec(__name__, name)
    return BotSpec(GAME_MODULE, name)


def settings(players: int = 2, variant: str = "classic"):
    from ludoteca.core.protocol import Settings

    return Settings(players, {"rules": variant})


def time_level(args) -> list:
    """(seconds, number of legal moves) of `level` at positions from games
    between easy bots."""
    dist, level, seed, count = args
    use_engine(dist)
    positions = sample_positions(GAME_MODULE, settings(), spec("easy"), count, seed)
    return move_times(positions, spec(level), seed)


def match(name_a: str, name_b: str, games: int, seed: int, workers: int, began: float,
          seconds: Optional[float] = None) -> dict:
    return match_and_print(GAME_MODULE, settings(), spec(name_a), spec(name_b), games, seed, workers, began,
                           seconds=seconds)


def main(argv: list) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", default="", help="built app folder (uses its engine zip)")
    parser.add_argument("--games", type=int, default=200, help="games per pairing")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=None,
                        help="wall-time budget per pairing: no game starts past it (n is printed)")
    parser.add_argument("--opponents", default=",".join(OPPONENTS),
                        help="comma-separated subset of " + ",".join(OPPONENTS) + " for hard to meet")
    parser.add_argument("--skip-times", action="store_true", help="skip sections 1 and 2")
    parser.add_argument("--skip-ladder", action="store_true", help="skip section 3")
    parser.add_argument("--quick", action="store_true",
                        help="a fast run: 20 games per pairing, 20 positions per level, no UCT")
    args = parser.parse_args(argv)
    positions = POSITIONS_PER_LEVEL
    playout_seconds = PLAYOUT_SECONDS
    if args.quick:
        args.games = min(args.games, 20)
        positions, playout_seconds = 20, 1.0
        args.opponents = ",".join(name for name in args.opponents.split(",") if name != "uct")
    source = use_engine(args.dist)
    began = time.perf_counter()
    print(f"Alphabeticell bench, engine from {source}, Python {sys.version.split()[0]}", flush=True)

    if not args.skip_times:
        speed = random_playouts(GAME_MODULE, settings(), playout_seconds)
        print(f"\n1. random playouts: {speed['games_per_s']:.0f} whole games/s,"
              f" {speed['moves_per_s']:,.0f} moves/s (chance included),"
              f" {speed['moves_per_game']:.0f} moves/game; {speed['clones_per_s']:,.0f} clones/s",
              flush=True)
        print("\n2. move time per level (CPython; Pyodide is about 1.5x slower)", flush=True)
        with Pool(args.workers) as pool:
            timings = pool.map(time_level, [(args.dist, level, 500, positions) for level in LEVELS])
        for level, timed in zip(LEVELS, timings):
            print("   " + format_times(level, timed), flush=True)

    if not args.skip_ladder:
        print(f"\n3. ladder: each level against the one below, {args.games} two-player games each,"
              " seats alternating (share = wins + half the shared wins)", flush=True)
        rungs = ("random",) + LEVELS
        for lower, upper in zip(rungs, rungs[1:]):
            match(upper, lower, args.games, args.seed, args.workers, began, args.seconds)

    opponents = [name for name in args.opponents.split(",") if name]
    if opponents:
        print(f"\n4. hard against each opponent, {args.games} two-player games each", flush=True)
        for opponent in opponents:
            match("hard", opponent, args.games, args.seed + 7, args.workers, began, args.seconds)
    print(f"\ntotal bench time {time.perf_counter() - began:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
