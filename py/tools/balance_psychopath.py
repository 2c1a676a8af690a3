"""ALPHA // PSYCHOPATH balance: hard against hard, one game at a time.

    nice -n 15 .venv/bin/python py/tools/balance_psychopath.py --games 30 --out /tmp/psy-balance.jsonl
    .venv/bin/python py/tools/balance_psychopath.py --report /tmp/psy-balance.jsonl

Each game opens with a few seeded random plies (the AI has no randomness of
its own, so without them every hard-vs-hard game would be the same game),
then both seats play the "hard" level's search. An opening ply is drawn only
from the moves a depth-3 search scores within OPENING_MARGIN of the best
move: a fully random ply was often a blunder, and 4 of the first 13 games
ended within 9 plies, measuring the blunder instead of the board. Games
with another opening rule or played by another engine (the "opening_rule"
and "engine" fields: the engine is a hash of core/ and the game's rules and
AI) are left out of the report. Its budget is wall-clock
seconds; here its clock is the process's CPU time, so a loaded, shared
machine gives each move the same thinking as an idle one, and results do not
depend on what else runs. `--seconds` sets that budget (default 1.0, the
hard level's; medium is the same search with 0.3).

Every finished game is appended to the --out file as one JSON line, so an
interrupted run keeps its games and several runs (different --seed) add up.
A run skips the seeds its --out file already holds at the same budget, so an
interrupted run resumes; `--part K/N` lets N processes share the seeds (and
the file) on a machine with N free cores.

The report prints the first player's share of decisive games with a 95%
Wilson interval, the draw share and the median length, for the goal
"first player wins 45-55% of decisive games, draws at most 20%".
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from arena import engine_fingerprint, use_engine, wilson  # noqa: E402


class _CpuClock:
    """Stands in for the `time` module inside the AI: its perf_counter is
    the process's CPU time, so a search budget is CPU seconds."""

    perf_counter = staticmethod(time.process_time)
    process_time = staticmethod(time.process_time)
    monotonic = staticmethod(time.process_time)


OPENING_DEPTH = 3
OPENING_MARGIN = 100  # evaluation units: a third of a doctor
OPENING_RULE = f"within {OPENING_MARGIN} of the best at depth {OPENING_DEPTH}"
ENGINE_MODULES = ("ludoteca.games.psychopath",)


@functools.cache
def this_engine() -> str:
    """The fingerprint of the engine this process loaded (hashed once, at the
    first call, which comes before any game: a file edited during a run must
    not relabel the games the old code played)."""
    return engine_fingerprint(ENGINE_MODULES)


def sound_moves(state, player: int) -> list:
    """The legal moves a depth-3 search scores within OPENING_MARGIN of the best."""
    from ludoteca.core.rng import SeededRng
    from ludoteca.games.psychopath import ai

    values = {}
    for move in state.legal_moves(player):
        child = state.clone()
        child.apply(player, move)
        if child.is_terminal():
            winner, _ = child.result()
            values[move] = 0 if winner == -1 else (ai.WIN if winner == player else -ai.WIN)
            continue
        replier = child.to_move()[0]
        search = ai.AlphaBetaSearch(child, replier, SeededRng(0), None, max_depth=OPENING_DEPTH - 1)
        search.run()
        values[move] = search.best_value if replier == player else -search.best_value
    best = max(values.values())
    return [move for move, value in values.items() if value >= best - OPENING_MARGIN]


def play_one(seed: int, opening_plies: int, seconds: float) -> dict:
    from ludoteca.core.protocol import Settings
    from ludoteca.core.rng import SeededRng
    from ludoteca.games.psychopath import ai
    from ludoteca.games.psychopath.rules import GAME

    ai.time = _CpuClock
    state = GAME.new_state(Settings(2), seed)
    rng = SeededRng(seed)
    opening = []
    for _ in range(opening_plies):
        player = state.to_move()[0]
        move = rng.choice(sound_moves(state, player))
        opening.append(move.text)
        state.apply(player, move)
        if state.is_terminal():
            break
    bots = [ai.hard(seed), ai.hard(seed + 7919)]
    for bot in bots:
        bot.seconds = seconds
    cpu = time.process_time()
    while not state.is_terminal():
        player = state.to_move()[0]
        state.apply(player, bots[player].choose(state, player))
    winner, reason = state.result()
    return {"seed": seed, "opening": opening, "opening_rule": OPENING_RULE,
            "engine": this_engine(), "winner": winner, "reason": reason,
            "plies": state.plies, "seconds": seconds, "cpu_s": round(time.process_time() - cpu, 1)}


def summary(results: list) -> str:
    if not results:
        return "no games"
    decisive = [r for r in results if r["winner"] >= 0]
    first = sum(1 for r in decisive if r["winner"] == 0)
    low, high = wilson(first, len(decisive))
    draws = len(results) - len(decisive)
    draw_low, draw_high = wilson(draws, len(results))
    reasons: dict = {}
    for result in results:
        reasons[result["reason"]] = reasons.get(result["reason"], 0) + 1
    plies = statistics.median(r["plies"] for r in results)
    cpu = sum(r.get("cpu_s", 0) for r in results)
    return (f"first player wins {first}/{len(decisive)} decisive games = {first / max(len(decisive), 1):.1%}"
            f"  95% CI [{low:.1%}, {high:.1%}]  goal 45-55%\n"
            f"draws {draws}/{len(results)} = {draws / len(results):.1%}  95% CI [{draw_low:.1%}, {draw_high:.1%}]"
            f"  goal <= 20%\nmedian length {plies:.0f} plies; endings {reasons}; {cpu / 60:.0f} CPU minutes")


def read_results(path: Path) -> list:
    """The games played under this opening rule by this engine."""
    if not path.exists():
        return []
    games = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    kept = [game for game in games
            if game.get("opening_rule") == OPENING_RULE and game.get("engine") == this_engine()]
    if len(kept) < len(games):
        print(f"({len(games) - len(kept)} games with another opening rule or engine left out)")
    return kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1000, help="first game's seed; game g uses seed + g")
    parser.add_argument("--opening-plies", type=int, default=2, help="seeded random plies before the AIs play")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds a move for both seats")
    parser.add_argument("--cpu-minutes", type=float, default=0.0, help="stop starting games after this much CPU")
    parser.add_argument("--out", default="", help="JSON-lines file the games are appended to")
    parser.add_argument("--report", default="", help="only summarise this JSON-lines file")
    parser.add_argument("--part", default="0/1",
                        help="K/N: play only games K, K+N, K+2N... (N processes share one --out file)")
    args = parser.parse_args()
    engine_source = use_engine()
    this_engine()
    if args.report:
        print(summary(read_results(Path(args.report))))
        return
    part, parts = (int(x) for x in args.part.split("/"))
    print(f"engine from {engine_source}", flush=True)
    out = Path(args.out) if args.out else None
    # A run picks up where the file leaves off: a seed already played at this budget is not played again.
    done = {game["seed"] for game in read_results(out) if game.get("seconds") == args.seconds} if out else set()
    if done:
        print(f"{len(done)} games already in {out}", flush=True)
    results = []
    for index in range(part, args.games, parts):
        if args.cpu_minutes and time.process_time() >= 60 * args.cpu_minutes:
            break
        if args.seed + index in done:
            continue
        result = play_one(args.seed + index, args.opening_plies, args.seconds)
        results.append(result)
        if out:
            with out.open("a") as handle:
                handle.write(json.dumps(result) + "\n")
        print(json.dumps(result), flush=True)
    print(summary(read_results(out) if out else results))


if __name__ == "__main__":
    main()
