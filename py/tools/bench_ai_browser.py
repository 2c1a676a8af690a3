"""The AI in the real app, in headless Chromium.

    .venv/bin/python py/tools/bench_ai_browser.py --dist dist [--decisions 30] [--games psychopath,alphagon]

Prints, for each game (default: every playable one) and AI level, the wall
time of its real decisions (more than one legal move) as the app runs them,
sliced between browser tasks, in a game between computer players at that
level: median and p95 (goal: median ≤ 1 s at the game's default level); the
longest main-thread task while computer players think (goal ≤ 50 ms), with
the longest piece of each kind the app timed in those turns (the search's
set-up, a slice, playing the move, the autosave, the redraw) and the longest
garbage-collector pass of each generation (a pass runs inside a slice); and
random playouts per second of Alphabeticell in Pyodide against CPython in
the same run.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys

from browser_harness import (
    FAST_PACE,
    StaticServer,
    chromium,
    engine_bench,
    install_longtask_observer,
    longest_task_ms,
    start_computer_game,
    wait_for_ai_decisions,
    wait_for_app_ready,
)

REPO = pathlib.Path(__file__).resolve().parents[2]
PAGES = REPO / "tests" / "browser" / "pages"
sys.path.insert(0, str(REPO / "py"))

from ludoteca.core.playouts import measure  # noqa: E402
from ludoteca.games import registry  # noqa: E402
from ludoteca.games.alphabeticell import GAME  # noqa: E402

LEVELS = ("easy", "medium", "hard")
# The app times the collector's passes when asked (ui/collections_timer.py).
TIME_COLLECTIONS = ("window.ludotecaBootOptions = Object.assign(window.ludotecaBootOptions || {},"
                    " {timeCollections: true});")
PIECES = (("search set-up", "setup_ms"), ("slice", "longest_slice_ms"), ("play", "play_ms"),
          ("autosave", "save_ms"), ("redraw", "render_ms"))


def percentile(values: list, fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def pyodide_playouts(browser, server, seconds: float) -> dict:
    return engine_bench(browser, server, f"seconds={seconds}", timeout_ms=120_000)


def level_figures(browser, server, game: str, level: str, decisions: int, players: int = 0) -> dict:
    """Plays `game` computer against computer at `level` (`players` seats,
    0: the game's default) until enough decisions were timed."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(FAST_PACE)
    context.add_init_script(TIME_COLLECTIONS)
    install_longtask_observer(context)
    page = context.new_page()
    page.goto(server.url + "/")
    wait_for_app_ready(page, timeout_ms=180_000)  # a loaded machine boots slowly
    started = start_computer_game(page, level, 2026, game, players)
    # The first decision also loads the game's engine and AI modules: tasks
    # after it are the AI thinking alone.
    page.wait_for_function("() => JSON.parse(window.ludotecaStats()).ai_moves.length > 0", timeout=120_000)
    warm = page.evaluate("performance.now()")
    moves = wait_for_ai_decisions(page, decisions, timeout_s=600)
    longest = longest_task_ms(page, warm)
    loading = longest_task_ms(page, started)
    collections = json.loads(page.evaluate("window.ludotecaStats()")).get("collections", {})
    context.close()
    walls = [m["wall"] for m in moves]
    thinking = [m.get("thinking", m["wall"]) for m in moves]
    return {
        "decisions": len(walls),
        "median_s": statistics.median(walls),
        "p95_s": percentile(walls, 0.95),
        # Several computers of one simultaneous round think in turns, slice by
        # slice: a decision's wall time holds the others' thinking too.
        "thinking_median_s": statistics.median(thinking),
        "iterations_median": statistics.median(m["iterations"] for m in moves),
        "longest_task_ms": longest,
        "longest_with_loading_ms": loading,
        # The app times each piece of an AI turn (App._think_and_play): which one a long task was.
        "pieces_ms": {piece: max((m.get(key, 0.0) for m in moves), default=0.0) for piece, key in PIECES},
        "collections": collections,  # since the page opened, loading included
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", default=str(REPO / "dist"))
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--games", default=",".join(registry.PLAYABLE), help="comma-separated game ids")
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma-separated AI levels")
    parser.add_argument("--players", type=int, default=0, help="seats at the table (0: each game's default)")
    args = parser.parse_args(argv)

    print("== AI and engine speed in the browser ==", flush=True)
    cpython = measure(GAME, args.seconds)
    with StaticServer(pathlib.Path(args.dist), mounts={"/__pages__/": PAGES}) as server, chromium() as browser:
        pyodide = pyodide_playouts(browser, server, args.seconds)
        print(f"random playouts/s (2 players): CPython {cpython['playouts_per_s']:.1f},"
              f" Pyodide {pyodide['playouts_per_s']:.1f}"
              f" (Pyodide/CPython = {pyodide['playouts_per_s'] / cpython['playouts_per_s']:.2f});"
              f" moves/s CPython {cpython['moves_per_s']:.0f}, Pyodide {pyodide['moves_per_s']:.0f}", flush=True)
        worst = 0.0
        for game in args.games.split(","):
            default = registry.game_package(game).DEFAULT_LEVEL
            for level in args.levels.split(","):
                figures = level_figures(browser, server, game, level, args.decisions, args.players)
                worst = max(worst, figures["longest_task_ms"])
                mark = " (default level, goal median <= 1 s)" if level == default else ""
                table = f", {args.players} players" if args.players else ""
                print(f"{game}{table} AI {level:6s}: {figures['decisions']} decisions, move time median"
                      f" {figures['median_s']:.2f} s, p95 {figures['p95_s']:.2f} s (its own thinking, median"
                      f" {figures['thinking_median_s']:.2f} s), median iterations"
                      f" {figures['iterations_median']:.0f}, longest main-thread task"
                      f" {figures['longest_task_ms']:.0f} ms after the first decision"
                      f" ({figures['longest_with_loading_ms']:.0f} ms counting the first, which loads the"
                      f" game){mark}", flush=True)
                print("   longest piece of each kind: " + ", ".join(
                    f"{piece} {ms:.0f} ms" for piece, ms in figures["pieces_ms"].items()), flush=True)
                print("   garbage collector, since the page opened: " + ", ".join(
                    f"generation {generation}: {entry['passes']} passes, longest {entry['longest_ms']:.0f} ms"
                    for generation, entry in sorted(figures["collections"].items())), flush=True)
        print(f"longest main-thread task while computers think: {worst:.0f} ms (goal <= 50 ms;"
              f" 0 means no task reached the 50 ms long-task threshold)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
