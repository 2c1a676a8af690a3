"""ALPHA // PSYCHOPATH benchmark under CPython: engine speed, AI move times,
the AI ladder and the balance of the board and opening.

    .venv/bin/python py/tools/bench_psychopath.py [--games 20] [--seconds 120] [--uct-games 6] [--workers 2]

Prints:
  1. perft from the start to depth 3 (with the time it took) and random
     playouts per second (py/tools/arena.py);
  2. move time of each AI level (median, p95, and the longest single slice
     of 12 ms requested) on positions from games between "easy" bots;
  3. the ladder, two-player games through the shared arena, seats
     alternating, 95% Wilson intervals (a draw counts half): each level
     against the one below (random < easy < medium < hard), then hard
     against the core's plain UCT bot (1000 iterations, playouts of 50);
     under each row the draws, the median length and how games ended;
  4. hard against hard, each game opened by --opening-plies seeded random
     plies (the AI has no randomness, so without them every game is the
     same): the first player's share of decisive games, the share of draws
     and the median game length in plies.

Goals: each level clearly above the one below, hard beats UCT in at least
80% of games; the first player wins 45-55% of decisive self-play games;
draws at most 20%. Figures only: nothing here is asserted by tests, since the
AI's budgets are wall-clock seconds and so its strength depends on the
machine and its load. `--seconds S`: no game of a pairing starts after S
seconds (the rows print how many were played); `--quick`: a short run
without the UCT pairing.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter

from arena import BotSpec, Watch, bench_arguments, format_rate, level_ladder, match_and_print, random_playouts
from arena import parse_bench_arguments, report_level_times, use_engine

GAME_MODULE = "ludoteca.games.psychopath"
GOALS = {"easy vs random": "> 50%", "medium vs easy": "> 50%", "hard vs medium": "> 50%",
         "hard vs random": ">= 99%", "hard vs easy": ">= 80%", "hard vs uct": ">= 80%"}


def settings():
    from ludoteca.core.protocol import Settings

    return Settings(2)


class Ending(Watch):
    """Each game's length in plies and how it ended."""

    def finish(self, state) -> dict:
        winner, reason = state.result()
        return {"winner": winner, "reason": reason, "plies": state.plies}


def describe(row: dict) -> str:
    figures = [record["figures"] for record in row["records"]]
    draws = sum(1 for figure in figures if figure["winner"] == -1)
    endings = Counter(figure["reason"] for figure in figures)
    return (f"draws {draws}, median {statistics.median(f['plies'] for f in figures):.0f} plies,"
            f" endings {dict(endings)}")


def engine_figures(seconds: float) -> None:
    from ludoteca.games.psychopath.rules import GAME, perft

    print("1. engine", flush=True)
    for depth in (1, 2, 3):
        start = time.perf_counter()
        count = perft(GAME.new_state(settings(), 0), depth)
        print(f"   perft({depth}) = {count} in {time.perf_counter() - start:.2f} s", flush=True)
    speed = random_playouts(GAME, settings(), seconds)
    print(f"   random playouts: {speed['games_per_s']:.1f} whole games/s, {speed['moves_per_s']:,.0f} moves/s,"
          f" {speed['moves_per_game']:.0f} plies a game; {speed['clones_per_s']:,.0f} clones/s", flush=True)


def balance(args, began: float) -> None:
    print(f"4. balance: hard vs hard after {args.opening_plies} random opening plies", flush=True)
    hard = BotSpec(GAME_MODULE, "hard")
    row = match_and_print(GAME_MODULE, settings(), hard, hard, args.selfplay_games, args.seed + 50, args.workers,
                          began, seconds=args.seconds, opening=args.opening_plies, watch=Ending)
    figures = [record["figures"] for record in row["records"]]
    if not figures:
        return
    decisive = [figure for figure in figures if figure["winner"] >= 0]
    first = sum(1 for figure in decisive if figure["winner"] == 0)
    draws = len(figures) - len(decisive)
    print("   " + format_rate("first player wins (decisive games)", first, len(decisive), "45-55%"))
    print("   " + format_rate("draws", draws, len(figures), "<= 20%"))
    print(f"   median length {statistics.median(f['plies'] for f in figures):.0f} plies;"
          f" endings {dict(Counter(f['reason'] for f in figures))}", flush=True)


def main(argv: list) -> int:
    parser = bench_arguments(__doc__, games=20, uct_games=6)
    parser.add_argument("--selfplay-games", type=int, default=None, help="hard vs hard games (default --games)")
    parser.add_argument("--positions", type=int, default=20, help="positions per level for move times")
    parser.add_argument("--opening-plies", type=int, default=2,
                        help="random plies before hard vs hard self-play (hard plays alike every game)")
    parser.add_argument("--sections", default="engine,times,ladder,selfplay")
    args = parse_bench_arguments(parser, argv)
    if args.selfplay_games is None:
        args.selfplay_games = args.games
    if args.quick:
        args.positions, args.selfplay_games = min(args.positions, 4), min(args.selfplay_games, 2)
    sections = set(args.sections.split(","))
    source = use_engine(args.dist)
    began = time.perf_counter()
    print(f"ALPHA // PSYCHOPATH bench, engine from {source}, Python {sys.version.split()[0]}", flush=True)
    if "engine" in sections:
        engine_figures(3.0)
    if "times" in sections:
        print(f"2. AI move time on {args.positions} positions (12 ms slices)", flush=True)
        report_level_times(GAME_MODULE, settings(), GAME_MODULE, args.positions, args.seed, args.workers, every=7)
    if "ladder" in sections:
        print("3. ladder: two-player games, seats alternating (share = wins + half the draws)", flush=True)
        level_ladder(GAME_MODULE, settings(), GAME_MODULE, args, began, GOALS, describe, watch=Ending)
    if "selfplay" in sections:
        balance(args, began)
    print(f"total {time.perf_counter() - began:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
