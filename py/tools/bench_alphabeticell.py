"""Alphabeticell benchmark under CPython: engine speed, AI move times, AI strength.

    .venv/bin/python py/tools/bench_alphabeticell.py --dist dist [--games 200] [--workers 2]

Prints:
  1. random playouts per second (whole games from the first flip, random moves),
     and engine clone/apply rates;
  2. move time of each AI level (median, p95) on positions from real games,
     over every decision and over the decisions that needed thought;
  3. two-player win rates of "hard" against random, easy and the UCT baseline
     (UctBot, 1000 iterations), seats alternating, with 95% Wilson intervals.

The engine comes from dist/py/ludoteca.zip when --dist has one (what the app
ships, unpacked to a temporary folder), else from py/. Games run in parallel worker processes. Figures
only: nothing here is asserted by tests, since timings depend on the machine.
With --games 200 on a 2-core machine the whole run took 32 minutes (1923 s,
with other work on the machine), 24 of them for the games against the UCT
baseline, whose 1000 iterations a move are the slow part. `--opponents ""`
runs sections 1 and 2 only, in under a minute.
"""

from __future__ import annotations

import argparse
import atexit
import math
import shutil
import statistics
import sys
import tempfile
import time
import zipfile
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE_ZIP = "py/ludoteca.zip"

OPPONENTS = ("random", "easy", "uct")
POSITIONS_PER_LEVEL = 60
PLAYOUT_SECONDS = 3.0


_ENGINE_SOURCE = ""


def use_engine(dist: str) -> str:
    """Puts the engine on sys.path, once per process; returns where it is.

    The shipped zip is unpacked first, as the app does in the browser:
    zipimport cannot load its namespace packages."""
    global _ENGINE_SOURCE
    if not _ENGINE_SOURCE:
        shipped = Path(dist) / ENGINE_ZIP if dist else None
        if shipped and shipped.exists():
            folder = tempfile.mkdtemp(prefix="bench-alphabeticell-")
            atexit.register(shutil.rmtree, folder, ignore_errors=True)
            with zipfile.ZipFile(shipped) as archive:
                archive.extractall(folder)
            _ENGINE_SOURCE = f"{shipped} (unpacked)"
        else:
            folder = str(ROOT / "py")
            _ENGINE_SOURCE = folder
        sys.path.insert(0, folder)
    return _ENGINE_SOURCE


def make_bot(name: str, seed: int):
    from ludoteca.core.ai import RandomBot, UctBot
    from ludoteca.games.alphabeticell import AI_LEVELS

    if name == "random":
        return RandomBot(seed)
    if name == "uct":
        return UctBot(seed, iterations=1000, playout_depth=50)
    return AI_LEVELS[name](seed)


def new_game(players: int, seed: int, variant: str = "classic"):
    from ludoteca.core.protocol import Settings
    from ludoteca.games.alphabeticell import GAME

    state = GAME.new_state(Settings(players, {"rules": variant}), seed)
    state.resolve_chance()
    return state


# --- 1. engine speed -------------------------------------------------------------
def random_playouts(seconds: float) -> dict:
    from ludoteca.core.rng import SeededRng

    rng = SeededRng(1)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game(2, games)
        while not state.is_terminal():
            if state.is_chance():
                state.apply_unchecked(-1, state.sample_chance(rng))
            else:
                player = state.to_move()[0]
                state.apply_unchecked(player, rng.choice(list(state.generate_moves(player))))
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    state = new_game(3, 7)
    clones = 20000
    clone_start = time.perf_counter()
    for _ in range(clones):
        state.clone()
    clone_rate = clones / (time.perf_counter() - clone_start)
    return {"games_per_s": games / elapsed, "moves_per_s": moves / elapsed,
            "moves_per_game": moves / games, "clones_per_s": clone_rate}


# --- 2. move times ---------------------------------------------------------------------
def sample_positions(count: int, seed: int) -> list:
    """Decision points from two-player games between "easy" bots."""
    positions = []
    game = 0
    while len(positions) < count:
        state = new_game(2, seed + game)
        bots = [make_bot("easy", seed + game), make_bot("easy", seed + game + 1)]
        step = 0
        while not state.is_terminal():
            player = state.to_move()[0]
            if step % 3 == 0:
                positions.append((state.clone(), player))
            state.apply(player, bots[player].choose(state, player))
            state.resolve_chance()
            step += 1
        game += 1
    return positions[:count]


def time_level(args) -> list:
    """(seconds, number of legal moves) of `level` at sampled positions."""
    dist, level, seed = args
    use_engine(dist)
    times = []
    for index, (state, player) in enumerate(sample_positions(POSITIONS_PER_LEVEL, seed)):
        bot = make_bot(level, seed + index)
        start = time.perf_counter()
        bot.choose(state, player)
        times.append((time.perf_counter() - start, len(state.legal_moves(player))))
    return times


# --- 3. win rates -----------------------------------------------------------------------
def play_pair(args) -> tuple:
    """One game of hard against `opponent`; hard sits in seat `seed % 2`."""
    dist, opponent, seed = args
    use_engine(dist)
    seat = seed % 2
    bots = [None, None]
    bots[seat] = make_bot("hard", seed)
    bots[1 - seat] = make_bot(opponent, seed + 1_000_003)
    state = new_game(2, seed)
    start = time.perf_counter()
    while not state.is_terminal():
        player = state.to_move()[0]
        state.apply(player, bots[player].choose(state, player))
        state.resolve_chance()
    return opponent, state.returns()[seat], time.perf_counter() - start


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple:
    if not trials:
        return 0.0, 1.0
    rate = successes / trials
    centre = (rate + z * z / (2 * trials)) / (1 + z * z / trials)
    spread = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, centre - spread), min(1.0, centre + spread)


def milliseconds(values: list, share: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def main(argv: list) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", default="", help="built app folder (uses its engine zip)")
    parser.add_argument("--games", type=int, default=200, help="games per opponent")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--opponents", default=",".join(OPPONENTS),
                        help="comma-separated subset of " + ",".join(OPPONENTS))
    parser.add_argument("--skip-times", action="store_true", help="skip sections 1 and 2")
    args = parser.parse_args(argv)
    source = use_engine(args.dist)
    began = time.perf_counter()
    print(f"Alphabeticell bench, engine from {source}, Python {sys.version.split()[0]}", flush=True)

    with Pool(args.workers) as pool:
        if not args.skip_times:
            speed = random_playouts(PLAYOUT_SECONDS)
            print(f"\n1. random playouts: {speed['games_per_s']:.0f} whole games/s,"
                  f" {speed['moves_per_s']:,.0f} moves/s (chance included),"
                  f" {speed['moves_per_game']:.0f} moves/game; {speed['clones_per_s']:,.0f} clones/s",
                  flush=True)
            print("\n2. move time per level (CPython; Pyodide is about 1.5x slower)", flush=True)
            for level, timed in zip(("easy", "medium", "hard"), pool.map(
                    time_level, [(args.dist, level, 500) for level in ("easy", "medium", "hard")])):
                times = [seconds for seconds, _ in timed]
                thought = [seconds for seconds, choices in timed if choices > 1]
                print(f"   {level:6}: all {len(times)} decisions median {milliseconds(times, 0.5):7.2f} ms,"
                      f" p95 {milliseconds(times, 0.95):7.2f} ms; the {len(thought)} with a choice:"
                      f" median {milliseconds(thought, 0.5):7.2f} ms, p95 {milliseconds(thought, 0.95):7.2f} ms",
                      flush=True)

        opponents = [name for name in args.opponents.split(",") if name]
        if not opponents:
            print(f"\ntotal bench time {time.perf_counter() - began:.0f} s", flush=True)
            return 0
        print(f"\n3. hard against each opponent, {args.games} two-player games each, seats alternating",
              flush=True)
        jobs = [(args.dist, opponent, seed) for opponent in opponents for seed in range(args.games)]
        results = {opponent: [] for opponent in opponents}
        step = max(1, args.games // 10)
        for opponent, score, seconds in pool.imap_unordered(play_pair, jobs):
            results[opponent].append((score, seconds))
            played = len(results[opponent])
            if played % step == 0 or played == args.games:
                wins = sum(score for score, _ in results[opponent])
                print(f"   ... vs {opponent}: {played}/{args.games} games, hard {wins / played:.1%}"
                      f" ({time.perf_counter() - began:.0f} s elapsed)", flush=True)
        print("\n   summary (a shared win counts one half):")
        for opponent in opponents:
            scores = [score for score, _ in results[opponent]]
            wins = sum(scores)
            low, high = wilson(wins, len(scores))
            per_game = statistics.mean(seconds for _, seconds in results[opponent])
            print(f"   hard vs {opponent:6}: {wins / len(scores):6.1%} [95% CI {low:.1%} - {high:.1%}]"
                  f" over {len(scores)} games, {per_game:.1f} s per game")
    print(f"\ntotal bench time {time.perf_counter() - began:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
