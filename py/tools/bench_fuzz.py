"""Fuzz bench: many seeded random games per engine, checked at every move.

    .venv/bin/python py/tools/bench_fuzz.py [--games 10000] [--game ID ...] [--quick] [--workers 2]

For every game package whose GAME loads (or the --game ones), plays --games
seeded random games spread over every player count and variant combination,
through the protocol only (py/tools/fuzzing.py): at every move the protocol
checks, the JSON round trip and the replay through a Match; the full checks
(clones, junk and wrong moves, determinize, views, records) on a sample of
--full-rate of the decision nodes. Games run in a process pool, in chunks of
seeds. Prints games, moves, checks and time per engine.

Every crash or failed check is written as a regression case to
tests/engine/regressions/cases/<game>-<seed>.json (the game, settings, seed,
the move texts up to the failure and the exception), which
tests/engine/regressions replays. The exit status is 1 when a case was found.
`--dist DIR` is accepted and ignored: this bench tests the engine in py/.
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fuzzing  # noqa: E402

QUICK_GAMES = 200
MAX_CASES_SAVED = 20  # per engine: the first ones by seed are enough to start from


def run_chunk(task: tuple) -> dict:
    """Plays the games numbered `first`..`first + count - 1` of one engine."""
    game_id, first, count, checks_json = task
    game = fuzzing.load_game(game_id)
    settings_list = fuzzing.every_settings(game)
    checks = fuzzing.Checks.from_json(checks_json)
    stats = fuzzing.Stats()
    cases = []
    start = time.perf_counter()
    for number in range(first, first + count):
        settings = settings_list[number % len(settings_list)]
        try:
            fuzzing.play_game(game, settings, number, checks, stats)
        except fuzzing.FuzzFailure as failure:
            cases.append(failure.case)
    return {"game": game_id, "stats": stats, "cases": cases, "cpu": time.perf_counter() - start}


def bench_game(pool, game_id: str, games: int, chunk: int, checks: fuzzing.Checks, save: bool) -> dict:
    tasks = [(game_id, first, min(chunk, games - first), checks.to_json()) for first in range(0, games, chunk)]
    stats = fuzzing.Stats()
    cases = []
    start = time.perf_counter()
    for done, result in enumerate(pool.imap_unordered(run_chunk, tasks), start=1):
        stats.merge(result["stats"])
        cases.extend(result["cases"])
        if done % max(1, len(tasks) // 10) == 0 and done < len(tasks):
            print(f"  {game_id}: {done * chunk} of {games} games, {len(cases)} failures,"
                  f" {time.perf_counter() - start:.0f} s", flush=True)
    elapsed = time.perf_counter() - start
    cases.sort(key=lambda case: case["seed"])
    saved = [str(fuzzing.save_case(case)) for case in cases[:MAX_CASES_SAVED]] if save else []
    return {"stats": stats, "cases": cases, "saved": saved, "seconds": elapsed}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10000, help="seeded random games per engine")
    parser.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_GAMES} games per engine")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=50, help="games per task sent to a worker")
    parser.add_argument("--full-rate", type=float, default=0.01, help="share of nodes with every check")
    parser.add_argument("--no-save", action="store_true", help="do not write regression cases")
    parser.add_argument("--dist", default="", help="accepted and ignored (the build passes it)")
    args = parser.parse_args(argv)
    games = QUICK_GAMES if args.quick else args.games

    found = fuzzing.discover_games()
    wanted = set(args.game)
    unknown = wanted - {entry.id for entry in found}
    if unknown:
        parser.error(f"no such game: {', '.join(sorted(unknown))}")
    checks = fuzzing.Checks(full_rate=args.full_rate, json_every_move=True)
    print(f"fuzz bench: {games} games per engine, {args.workers} workers, chunks of {args.chunk},"
          f" full checks on {args.full_rate:.0%} of the nodes, JSON round trip and replay at every move")
    failed = False
    with Pool(args.workers) as pool:
        for entry in found:
            if wanted and entry.id not in wanted:
                continue
            if entry.game is None:
                print(f"{entry.id}: skipped ({entry.skip_reason or entry.error.strip().splitlines()[-1]})")
                failed = failed or bool(entry.error)
                continue
            combos = len(fuzzing.every_settings(entry.game))
            result = bench_game(pool, entry.id, games, args.chunk, checks, save=not args.no_save)
            stats, seconds = result["stats"], result["seconds"]
            print(f"{entry.id}: {stats.games + len(result['cases'])} games over {combos} settings,"
                  f" {stats.moves} moves, {stats.chance} chance events, {stats.checks} checks"
                  f" ({stats.full_nodes} nodes fully checked), {len(result['cases'])} failures,"
                  f" {seconds:.1f} s ({(stats.games + len(result['cases'])) / seconds:.1f} games/s,"
                  f" {stats.moves / seconds:.0f} moves/s)")
            if stats.codeless:
                print(f"  errors without a code: {dict(stats.codeless)}")
            for case in result["cases"][:5]:
                print(f"  seed {case['seed']} {case['settings']}: [{case['check']}] {case['error'][:300]}")
            for path in result["saved"]:
                print(f"  saved {path}")
            failed = failed or bool(result["cases"])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
