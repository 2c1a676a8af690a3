"""Alphagon benchmark under CPython: AI strength, vocabulary discipline, move
times, game length and end conditions, and the balanced deal.

    .venv/bin/python py/tools/bench_alphagon.py [--quick] [--games 200] [--workers 2]

Prints, for 2 players and both editions:
  1. win rates of "hard" against random, easy and the core's UctBot (1000
     iterations), seats alternating, with 95% Wilson intervals (a draw counts
     half); goals >= 95%, >= 75%, >= 70%;
  2. words the AI named (closed, declared, said, contradicted, corrected)
     outside its own vocabulary (goal 0);
  3. AI move time per level (median, p95, max);
  4. average game length in turns and how often each end condition ends a game;
  5. the balanced initial letters: spread between the richest and the poorest
     rack, random against balanced.

`--quick` plays a few games of each (a minute or two). `--dist DIR` is
accepted and ignored (the build passes it): the engine comes from py/.
Figures only: nothing here is asserted by tests.
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

OPPONENTS = ("random", "easy", "uct")
GOALS = {"random": 0.95, "easy": 0.75, "uct": 0.70}
LEVELS = ("easy", "medium", "hard")


def load_game():
    from ludoteca.games.alphagon.rules import GAME

    for lang in ("en", "it"):
        path = GAME.asset_path(lang)
        GAME.provide_asset(path, (ROOT / path).read_bytes())
    return GAME


def make_bot(name: str, seed: int):
    from ludoteca.core.ai import RandomBot, UctBot
    from ludoteca.games.alphagon.ai import AI_LEVELS

    if name == "random":
        return RandomBot(seed)
    if name == "uct":
        return UctBot(seed, iterations=1000, playout_depth=50)
    return AI_LEVELS[name](seed)


def wilson(wins: float, games: int, z: float = 1.96) -> tuple:
    if games == 0:
        return 0.0, 0.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def play_game(args) -> dict:
    """One 2-player game; returns the result for seat `hard_seat` and stats."""
    from ludoteca.core.protocol import Settings
    from ludoteca.games.alphagon.ai import LEVEL_VOCABULARY, WordBot, _words_named, vocabulary

    game = load_game()
    names, edition, seed = args
    state = game.new_state(Settings(2, {"edition": edition, "deal": "random", "judge": "dictionary"}), seed)
    state.resolve_chance()
    bots = [make_bot(name, seed * 2 + seat) for seat, name in enumerate(names)]
    times = {name: [] for name in names}
    outside = named = 0
    turns = 0
    while not state.is_terminal():
        acting = state.to_move()
        player = acting[0]
        bot = bots[player]
        start = time.perf_counter()
        move = bot.choose(state, player)
        elapsed = time.perf_counter() - start
        if len(list(state.generate_moves(player))) > 1:
            times[names[player]].append(elapsed)
        if isinstance(bot, WordBot):
            vocab = vocabulary(state.wordlist(), LEVEL_VOCABULARY[bot.level])
            for word in _words_named(state, player, move):
                named += 1
                if not vocab.is_word(word):
                    outside += 1
        if move.keyword in ("end", "pass", "close", "declare", "doubt", "suspend") or state.phase == "first":
            turns += 1
        state.apply(player, move)
        state.resolve_chance()
    scores = state.scores()
    winners = state.winners()
    return {"names": names, "edition": edition, "winners": winners, "scores": scores,
            "reason": state.end_reason, "turns": turns, "times": times,
            "outside": outside, "named": named}


def run_pairs(opponent: str, games: int, pool) -> list:
    jobs = []
    for index in range(games):
        edition = "en" if index % 2 == 0 else "it"
        names = ("hard", opponent) if (index // 2) % 2 == 0 else (opponent, "hard")
        jobs.append((names, edition, 1000 + index))
    results = []
    for result in (pool.imap(play_game, jobs) if pool else map(play_game, jobs)):
        results.append(result)
        if opponent == "uct":  # slow games: show each one as it ends
            print(f"    game {len(results)}: {result['names']} {result['edition']} scores {result['scores']}"
                  f" winners {result['winners']} ({result['reason']})", flush=True)
    return results


def summarise(opponent: str, results: list) -> None:
    for edition in ("en", "it", "both"):
        chosen = [r for r in results if edition == "both" or r["edition"] == edition]
        if not chosen:
            continue
        wins = 0.0
        for r in chosen:
            seat = r["names"].index("hard")
            if seat in r["winners"]:
                wins += 1.0 / len(r["winners"])
        low, high = wilson(wins, len(chosen))
        goal = GOALS[opponent]
        print(f"  hard vs {opponent:6} [{edition:4}] {wins:.1f}/{len(chosen)} = {100 * wins / len(chosen):5.1f}%"
              f" (95% CI {100 * low:.1f}-{100 * high:.1f}) goal >= {100 * goal:.0f}%")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--uct-games", type=int, default=None)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--opponents", default=",".join(OPPONENTS))
    parser.add_argument("--dist", default="")
    args = parser.parse_args(argv)
    games = 12 if args.quick else args.games
    uct_games = 4 if args.quick else (args.uct_games or args.games)
    opponents = [o for o in args.opponents.split(",") if o]
    load_game()
    all_results = []
    print("1. Win rates, 2 players, both editions (seats alternate)")
    with Pool(args.workers) if args.workers > 1 else _NoPool() as pool:
        for opponent in opponents:
            start = time.perf_counter()
            results = run_pairs(opponent, uct_games if opponent == "uct" else games, pool)
            summarise(opponent, results)
            print(f"    ({time.perf_counter() - start:.0f} s)", flush=True)
            all_results.extend(results)
        level_results = run_pairs_levels(games, pool)
    all_results.extend(level_results)
    print("2. Words named outside the AI's vocabulary (goal 0)")
    outside = sum(r["outside"] for r in all_results)
    named = sum(r["named"] for r in all_results)
    print(f"  {outside} of {named} words named")
    print("3. AI move time (decisions with a choice), seconds")
    for level in LEVELS:
        times = sorted(t for r in all_results for name, ts in r["times"].items() if name == level for t in ts)
        if times:
            p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
            print(f"  {level:6}: median {statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms,"
                  f" max {times[-1] * 1000:.1f} ms over {len(times)} decisions")
    print("4. Game length and end conditions (every game above)")
    print(f"  turns per game: mean {statistics.mean(r['turns'] for r in all_results):.1f},"
          f" median {statistics.median(r['turns'] for r in all_results)}")
    reasons = {}
    for r in all_results:
        reasons[r["reason"]] = reasons.get(r["reason"], 0) + 1
    for reason, count in sorted(reasons.items(), key=lambda item: -item[1]):
        print(f"  {reason:10} {count:4} ({100 * count / len(all_results):.1f}%)")
    print("5. Balanced initial letters: spread between the richest and the poorest rack")
    from ludoteca.games.alphagon import components as C

    for lang in ("en", "it"):
        for players in (2, 4, 6):
            figures = C.measure_balance(lang, players, deals=200 if args.quick else 2000)
            print(f"  {lang} {players} players: random {figures['random']:.2f},"
                  f" balanced {figures['balanced']:.2f} (ratio {figures['ratio']:.3f})")


def run_pairs_levels(games: int, pool) -> list:
    """Medium against easy, for the medium level's move times."""
    jobs = [(("medium", "easy") if i % 2 == 0 else ("easy", "medium"), "en" if i % 4 < 2 else "it", 5000 + i)
            for i in range(max(4, games // 4))]
    return pool.map(play_game, jobs) if pool else list(map(play_game, jobs))


class _NoPool:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


if __name__ == "__main__":
    main()
