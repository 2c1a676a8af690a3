"""ALPHA // PSYCHOPATH benchmark under CPython: engine speed, AI move times,
AI strength and the balance of the board and opening.

    .venv/bin/python py/tools/bench_psychopath.py [--quick] [--games 20] [--uct-games 6] [--workers 2]

Prints:
  1. perft from the start to depth 3 (with the time it took) and random
     playout moves per second of CPU time;
  2. move time of each AI level (median, p95 of whole decisions, and the
     longest single slice of 12 ms requested) on positions from real games;
  3. two-player results, seats alternating, with 95% Wilson intervals (a
     draw counts half): hard against random, easy and the UCT baseline
     (core UctBot, 1000 iterations); the ladder medium > easy, hard > medium;
  4. hard against hard, each game opened by 2 seeded random plies (the AI
     has no randomness, so without them every game is the same): the first
     player's share of decisive games, the share of draws and the median
     game length in plies.

Goals: hard beats random in at least 99% of games, easy and UCT in at least
80%; the first player wins 45-55% of decisive self-play games; draws at most
20%. Figures only: nothing here is asserted by tests, since timings and the
AI's strength (its budgets are wall-clock seconds) depend on the machine and
on its load. `--quick` plays 2 games a pairing. `--dist DIR` is accepted and
ignored (the engine always comes from py/).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))

SLICE = 0.012


def wilson(successes: float, total: int, z: float = 1.96) -> tuple:
    if total == 0:
        return (0.0, 1.0)
    p = successes / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def make_bot(name: str, seed: int):
    from ludoteca.core.ai import RandomBot, UctBot
    from ludoteca.games.psychopath.ai import AI_LEVELS

    if name == "random":
        return RandomBot(seed)
    if name == "uct":
        return UctBot(seed, iterations=1000, playout_depth=50)
    return AI_LEVELS[name](seed)


def new_game(seed: int):
    from ludoteca.core.protocol import Settings
    from ludoteca.games.psychopath.rules import GAME

    return GAME.new_state(Settings(2), seed)


def decide(bot, state, player) -> tuple:
    """The bot's move, thought in 12 ms slices; (move, seconds, longest slice
    in CPU time: on a loaded machine wall time also counts other processes)."""
    start = time.perf_counter()
    search = bot.start(state, player)
    longest = 0.0
    while True:
        begin = time.process_time()
        finished = search.step(SLICE)
        longest = max(longest, time.process_time() - begin)
        if finished:
            break
    return search.best_move(), time.perf_counter() - start, longest


# --- 1. engine -----------------------------------------------------------------
def engine_figures() -> dict:
    from ludoteca.core.playouts import random_playout
    from ludoteca.core.protocol import Settings
    from ludoteca.games.psychopath.rules import GAME, perft

    figures = {}
    for depth in (1, 2, 3):
        start = time.perf_counter()
        figures[f"perft{depth}"] = perft(new_game(0), depth)
        figures[f"perft{depth}_s"] = time.perf_counter() - start
    cpu = time.process_time()
    moves = games = 0
    while time.process_time() - cpu < 3.0:
        moves += random_playout(GAME, Settings(2), games + 1)
        games += 1
    elapsed = time.process_time() - cpu
    figures.update(moves_per_s=moves / elapsed, playouts_per_s=games / elapsed, moves_per_playout=moves / games)
    return figures


# --- 2. move times -------------------------------------------------------------
def sample_positions(count: int, seed: int) -> list:
    """Decision points from games between "easy" bots, every 7th ply."""
    positions = []
    game = 0
    while len(positions) < count:
        state = new_game(seed + game)
        bots = [make_bot("easy", seed + game), make_bot("easy", seed + game + 1)]
        ply = 0
        while not state.is_terminal() and len(positions) < count:
            player = state.to_move()[0]
            if ply % 7 == 3:
                positions.append(state.clone())
            move, _, _ = decide(bots[player], state, player)
            state.apply(player, move)
            ply += 1
        game += 1
    return positions


def time_level(args) -> tuple:
    level, positions = args
    times, slices = [], []
    for index, state in enumerate(positions):
        player = state.to_move()[0]
        _, seconds, longest = decide(make_bot(level, index), state, player)
        times.append(seconds)
        slices.append(longest)
    return level, times, slices


# --- 3. matches ----------------------------------------------------------------
def play_game(args) -> dict:
    """One game; `first` plays seat 0. Returns the winner's name (or None)."""
    first, second, seed, opening = args
    names = (first, second)
    bots = [make_bot(first, seed), make_bot(second, seed + 7919)]
    state = new_game(seed)
    from ludoteca.core.rng import SeededRng

    rng = SeededRng(seed)
    for _ in range(opening):  # varied openings: the AI itself plays alike every game
        if not state.is_terminal():
            player = state.to_move()[0]
            state.apply(player, rng.choice(list(state.legal_moves(player))))
    while not state.is_terminal():
        player = state.to_move()[0]
        move, _, _ = decide(bots[player], state, player)
        state.apply(player, move)
    winner, reason = state.result()
    return {"names": names, "winner": winner, "winner_name": names[winner] if winner >= 0 else None,
            "reason": reason, "plies": state.plies}


def match(pool, hero: str, villain: str, games: int, seed: int, opening: int = 0) -> dict:
    jobs = [((hero, villain) if g % 2 == 0 else (villain, hero)) + (seed + 101 * g, opening) for g in range(games)]
    results = pool.map(play_game, jobs, chunksize=1) if pool else list(map(play_game, jobs))
    wins = sum(1 for r in results if r["winner_name"] == hero and r["names"][0] != r["names"][1])
    draws = sum(1 for r in results if r["winner"] == -1)
    if hero == villain:  # self-play: count seat 0 wins
        wins = sum(1 for r in results if r["winner"] == 0)
    return {"results": results, "wins": wins, "draws": draws, "games": games}


def report_match(label: str, data: dict, goal: str) -> None:
    score = data["wins"] + 0.5 * data["draws"]
    low, high = wilson(score, data["games"])
    reasons = {}
    for result in data["results"]:
        reasons[result["reason"]] = reasons.get(result["reason"], 0) + 1
    plies = statistics.median(r["plies"] for r in data["results"]) if data["results"] else 0
    print(f"  {label:<22} {score:5.1f}/{data['games']:<3} = {score / max(data['games'], 1):6.1%}"
          f"  95% CI [{low:.1%}, {high:.1%}]  goal {goal}  draws {data['draws']}"
          f"  median plies {plies:.0f}  endings {reasons}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="2 games a pairing, few positions")
    parser.add_argument("--games", type=int, default=20, help="games per pairing")
    parser.add_argument("--uct-games", type=int, default=None, help="games against UCT (slow: ~7 s a UCT move)")
    parser.add_argument("--selfplay-games", type=int, default=None, help="hard vs hard games")
    parser.add_argument("--positions", type=int, default=20, help="positions per level for move times")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--sections", default="engine,times,matches,selfplay")
    parser.add_argument("--dist", default="", help="accepted and ignored")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opening-plies", type=int, default=2,
                        help="random plies before hard vs hard self-play (hard plays alike every game)")
    args = parser.parse_args()
    games = 2 if args.quick else args.games
    uct_games = args.uct_games if args.uct_games is not None else (2 if args.quick else max(2, games // 4))
    selfplay = args.selfplay_games if args.selfplay_games is not None else games
    positions = 4 if args.quick else args.positions
    sections = set(args.sections.split(","))
    started = time.perf_counter()
    print(f"ALPHA // PSYCHOPATH bench (engine from {ROOT / 'py'})", flush=True)
    pool = Pool(args.workers) if args.workers > 1 else None
    try:
        if "engine" in sections:
            figures = engine_figures()
            print("1. engine")
            for depth in (1, 2, 3):
                print(f"  perft({depth}) = {figures[f'perft{depth}']} in {figures[f'perft{depth}_s']:.2f} s")
            print(f"  random playouts: {figures['moves_per_s']:.0f} moves and {figures['playouts_per_s']:.1f} games"
                  f" per CPU second, {figures['moves_per_playout']:.0f} plies a game", flush=True)
        if "times" in sections:
            sample = sample_positions(positions, args.seed)
            print(f"2. AI move time on {len(sample)} positions (12 ms slices)")
            jobs = [(level, sample) for level in ("easy", "medium", "hard")]
            rows = pool.map(time_level, jobs, chunksize=1) if pool else list(map(time_level, jobs))
            for level, times, slices in rows:
                ordered = sorted(times)
                p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
                print(f"  {level:<7} median {statistics.median(times) * 1000:6.0f} ms  p95 {p95 * 1000:6.0f} ms"
                      f"  longest slice {max(slices) * 1000:5.1f} ms CPU", flush=True)
        if "matches" in sections:
            print("3. strength (seats alternate; a draw counts half)")
            report_match("hard vs random", match(pool, "hard", "random", games, args.seed), ">= 99%")
            report_match("hard vs easy", match(pool, "hard", "easy", games, args.seed + 1), ">= 80%")
            report_match("medium vs easy", match(pool, "medium", "easy", games, args.seed + 2), "> 50%")
            report_match("hard vs medium", match(pool, "hard", "medium", games, args.seed + 3), "> 50%")
            report_match("hard vs uct(1000)", match(pool, "hard", "uct", uct_games, args.seed + 4), ">= 80%")
        if "selfplay" in sections:
            data = match(pool, "hard", "hard", selfplay, args.seed + 5, args.opening_plies)
            decisive = [r for r in data["results"] if r["winner"] >= 0]
            first = sum(1 for r in decisive if r["winner"] == 0)
            low, high = wilson(first, len(decisive))
            draws = data["draws"]
            plies = statistics.median(r["plies"] for r in data["results"])
            reasons = {}
            for result in data["results"]:
                reasons[result["reason"]] = reasons.get(result["reason"], 0) + 1
            print(f"4. balance: hard vs hard after {args.opening_plies} random opening plies")
            print(f"  first player wins {first}/{len(decisive)} decisive games"
                  f" = {first / max(len(decisive), 1):.1%}  95% CI [{low:.1%}, {high:.1%}]  goal 45-55%")
            print(f"  draws {draws}/{len(data['results'])} = {draws / len(data['results']):.1%}  goal <= 20%;"
                  f"  median length {plies:.0f} plies; endings {reasons}", flush=True)
    finally:
        if pool:
            pool.close()
            pool.join()
    print(f"total {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
