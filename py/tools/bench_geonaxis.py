"""GeonAxis benchmark under CPython: AI strength, wagering habits, move times.

    .venv/bin/python py/tools/bench_geonaxis.py [--quick] [--games 40] [--uct-games 4] [--workers 1]

Prints:
  1. two players: "hard" against random, easy and the core's UctBot (1000
     iterations, random playouts of depth 50), seats alternating; wins with
     95% Wilson intervals (a tie counts half). Goals: 95%, 75%, 70%.
  2. four players: "hard" against three "easy"; the share of games it
     finishes first (a shared first place counts). Goal: 60%.
  3. wagering: how often each level's stakes bluff (fewer credits than
     agreed) or set a trap (more), and how often its challenges succeed,
     over the games of sections 1 and 2.
  4. move time of each level with 2 and 6 players (median, p95, max) on
     positions from games between "easy" bots.

The UCT games are slow (UctBot spends about a minute a decision here at
1000 iterations), so they have their own, small count. `--dist DIR` is
accepted and ignored (the build passes it); the engine comes from py/.
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


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple:
    if not trials:
        return (0.0, 0.0, 0.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (p, max(0.0, centre - half), min(1.0, centre + half))


def make_bot(name: str, seed: int):
    from ludoteca.core.ai import RandomBot, UctBot
    from ludoteca.games.geonaxis import AI_LEVELS

    if name == "random":
        return RandomBot(seed)
    if name == "uct":
        return UctBot(seed, iterations=1000, playout_depth=50)
    return AI_LEVELS[name](seed)


def play_game(job: tuple) -> dict:
    """One game; job = (seat names, seed, table). Returns the result and the
    wagering behaviour of each seat."""
    from ludoteca.core.protocol import Settings
    from ludoteca.games.geonaxis.rules import GAME, Renew, Wager

    names, seed, table = job
    state = GAME.new_state(Settings(len(names), {"table": table}), seed)
    bots = [make_bot(name, seed * 10 + seat) for seat, name in enumerate(names)]
    habits = [{"stakes": 0, "bluffs": 0, "traps": 0, "challenges": 0, "successes": 0} for _ in names]
    while not state.is_terminal():
        for player in state.to_move():
            move = bots[player].choose(state, player)
            if isinstance(move, (Wager, Renew)):
                amount = move.amount if isinstance(move, Renew) else state.queue[0]["amount"]
                habits[player]["stakes"] += 1
                habits[player]["bluffs"] += move.credits < amount
                habits[player]["traps"] += move.credits > amount
            state.apply(player, move)
        last = state.last_round
        if last and last["round"] == state.round - 1:
            for record in last["challenges"]:
                habits[record["challenger"]]["challenges"] += 1
                habits[record["challenger"]]["successes"] += record["success"]
    return {"names": names, "returns": state.returns(), "winners": state.winners(),
            "rounds": state.round - 1, "habits": habits}


def run_jobs(jobs: list, workers: int) -> list:
    if workers > 1:
        with Pool(workers) as pool:
            return pool.map(play_game, jobs)
    return [play_game(job) for job in jobs]


def duel_jobs(opponent: str, games: int, seed0: int) -> list:
    return [(("hard", opponent) if game % 2 == 0 else (opponent, "hard"), seed0 + game, "1")
            for game in range(games)]


def report_rate(label: str, successes: float, trials: int, goal: float) -> None:
    rate, low, high = wilson(successes, trials)
    print(f"  {label:<28} {rate:6.1%}  (95% CI {low:.1%}-{high:.1%}, n={trials}, goal >= {goal:.0%})")


def collect_habits(results: list, totals: dict) -> None:
    for result in results:
        for seat, name in enumerate(result["names"]):
            bucket = totals.setdefault(name, {"stakes": 0, "bluffs": 0, "traps": 0,
                                              "challenges": 0, "successes": 0})
            for key, value in result["habits"][seat].items():
                bucket[key] += value


def move_times(players: int, positions: int, seed: int) -> dict:
    """Decision times of each level on positions from easy-vs-easy games."""
    from ludoteca.core.protocol import Settings
    from ludoteca.games.geonaxis import AI_LEVELS
    from ludoteca.games.geonaxis.rules import GAME, PLAY

    samples = []
    game = 0
    while len(samples) < positions:
        state = GAME.new_state(Settings(players, {"table": "1" if players < 4 else "7"}), seed + game)
        bots = [make_bot("easy", seed + game * 10 + p) for p in range(players)]
        while not state.is_terminal() and len(samples) < positions:
            for player in state.to_move():
                if state.phase == PLAY and (state.round % 4 == 1):
                    samples.append((state.clone(), player))
                state.apply(player, bots[player].choose(state, player))
        game += 1
    figures = {}
    for level in AI_LEVELS:
        times = []
        for index, (state, player) in enumerate(samples[:positions]):
            bot = AI_LEVELS[level](index)
            start = time.perf_counter()
            search = bot.start(state, player)
            while not search.step(0.012):
                pass
            search.best_move()
            times.append(time.perf_counter() - start)
        times.sort()
        figures[level] = (statistics.median(times), times[int(0.95 * (len(times) - 1))], times[-1])
    return figures


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a fast run with few games")
    parser.add_argument("--games", type=int, default=40, help="games per two-player match")
    parser.add_argument("--four", type=int, default=30, help="four-player games")
    parser.add_argument("--uct-games", type=int, default=4, help="games against UctBot (slow)")
    parser.add_argument("--positions", type=int, default=20, help="positions per move-time figure")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--dist", default="", help="ignored: the engine comes from py/")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.four, args.uct_games, args.positions = 1, 1, 0, 3
    started = time.perf_counter()
    habits: dict = {}
    print("GeonAxis AI benchmark (CPython)")
    print("1. two players, hard against:")
    goals = {"random": 0.95, "easy": 0.75, "uct": 0.70}
    for opponent, games in (("random", args.games), ("easy", args.games), ("uct", args.uct_games)):
        if not games:
            print(f"  {'vs ' + opponent:<28} skipped")
            continue
        results = run_jobs(duel_jobs(opponent, games, 1000 * len(opponent)), args.workers)
        collect_habits(results, habits)
        score = sum(r["returns"][r["names"].index("hard")] for r in results)
        rounds = statistics.mean(r["rounds"] for r in results)
        report_rate(f"vs {opponent} ({rounds:.0f} rounds/game)", score, games, goals[opponent])
    print("2. four players, hard against three easy:")
    jobs = []
    for game in range(args.four):
        names = ["easy"] * 4
        names[game % 4] = "hard"
        jobs.append((tuple(names), 7000 + game, "1"))
    results = run_jobs(jobs, args.workers)
    collect_habits(results, habits)
    first = sum(1 for r in results if r["names"].index("hard") in r["winners"])
    report_rate("hard finishes first", first, len(results), 0.60)
    print("3. wagering (over sections 1 and 2):")
    for name in ("easy", "medium", "hard"):
        bucket = habits.get(name)
        if not bucket:
            continue
        stakes, challenges = bucket["stakes"], bucket["challenges"]
        bluff, low, high = wilson(bucket["bluffs"], stakes)
        trap = bucket["traps"] / stakes if stakes else 0.0
        success, slow, shigh = wilson(bucket["successes"], challenges)
        print(f"  {name:<7} stakes {stakes:4d}: bluffs {bluff:5.1%} ({low:.0%}-{high:.0%}), traps {trap:5.1%};"
              f" challenges {challenges:3d}: succeed {success:5.1%} ({slow:.0%}-{shigh:.0%})")
    print("4. move time per level (seconds: median / p95 / max):")
    for players in (2, 6):
        figures = move_times(players, args.positions, 90 + players)
        for level, (median, p95, worst) in figures.items():
            print(f"  {players} players {level:<7} {median:6.3f} / {p95:6.3f} / {worst:6.3f}")
    print(f"total {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
