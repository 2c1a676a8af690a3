"""How much slower the AI searches run in Pyodide than in CPython: the
figure for the benches' `--slowdown` (budgets on the CPU clock times it buy
in CPython what they buy in the browser).

    .venv/bin/python py/tools/bench_slowdown.py --dist dist [--games geonaxis,psychopath] [--levels hard]
        [--perft 3]

Each game's level searches the same positions (seeded random play) in both
interpreters, one after the other in this run; the figure is CPython's work
per second over Pyodide's. `--perft D` also times PSYCHOPATH's perft to
depth D from the start in both (move sequences a second). Run it on a quiet
machine: both sides use the wall clock.
"""

from __future__ import annotations

import argparse
import importlib
import pathlib
import sys
import time

from browser_harness import StaticServer, chromium, engine_bench

REPO = pathlib.Path(__file__).resolve().parents[2]
PAGES = REPO / "tests" / "browser" / "pages"
sys.path.insert(0, str(REPO / "py"))

from ludoteca.core.search_speed import sample_positions, search_rate  # noqa: E402

NO_ASSETS = ("alphabeticell", "psychopath", "geonaxis")  # Alphagon's AI needs its word list loaded first


def pyodide_rate(browser, server, game: str, level: str, positions: int, seed: int) -> dict:
    return engine_bench(browser, server, f"game={game}&level={level}&positions={positions}&seed={seed}")


def cpython_rate(game: str, level: str, positions: int, seed: int) -> dict:
    package = importlib.import_module("ludoteca.games." + game)
    found = sample_positions(package.GAME, package.GAME.default_settings(2), positions, seed)
    return search_rate(found, package.AI_LEVELS[level])


def cpython_perft(depth: int) -> dict:
    from ludoteca.games.psychopath.rules import GAME, perft

    start = GAME.new_state(GAME.default_settings(2), 0)
    began = time.perf_counter()
    return {"sequences": perft(start, depth), "seconds": time.perf_counter() - began}


def print_perft(browser, server, depth: int) -> None:
    native = cpython_perft(depth)
    browser_side = engine_bench(browser, server, f"perft={depth}")
    assert native["sequences"] == browser_side["sequences"], (native, browser_side)  # the same move generator
    native_rate = native["sequences"] / native["seconds"]
    browser_rate = browser_side["sequences"] / browser_side["seconds"]
    print(f"psychopath perft({depth}) = {native['sequences']}: CPython {native_rate:,.0f} sequences/s"
          f" ({native['seconds']:.2f} s), Pyodide {browser_rate:,.0f} ({browser_side['seconds']:.2f} s):"
          f" slowdown {native_rate / browser_rate:.2f}", flush=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", default=str(REPO / "dist"))
    parser.add_argument("--games", default=",".join(NO_ASSETS))
    parser.add_argument("--levels", default="hard")
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--perft", type=int, default=0, help="also PSYCHOPATH's perft to this depth (0: no)")
    args = parser.parse_args(argv)
    with StaticServer(pathlib.Path(args.dist), mounts={"/__pages__/": PAGES}) as server, chromium() as browser:
        if args.perft:
            print_perft(browser, server, args.perft)
        for game in args.games.split(","):
            for level in args.levels.split(","):
                native = cpython_rate(game, level, args.positions, args.seed)
                browser_side = pyodide_rate(browser, server, game, level, args.positions, args.seed)
                if not native["per_second"] or not browser_side["per_second"]:
                    print(f"{game} {level}: too quick to time (every search ended at once)", flush=True)
                    continue
                print(f"{game} {level}: work/s CPython {native['per_second']:.0f}, Pyodide"
                      f" {browser_side['per_second']:.0f}: slowdown {native['per_second'] / browser_side['per_second']:.2f}"
                      f" ({native['work']} and {browser_side['work']} units over {args.positions} positions)",
                      flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
