"""The review after the game, in the real app, in headless Chromium.

    .venv/bin/python py/tools/bench_review.py --dist dist [--runs 1]

Imports a finished 100-move PSYCHOPATH game, a 40-round GeonAxis game of
two and an English Alphagon game of two (a human against the computer, the
human resigning at the end of the first two), opens
Review from the results and prints the wall time until its charts show
(goal ≤ 20 s) and the longest main-thread task meanwhile (goal < 50 ms, by
a PerformanceObserver of long tasks, in wall time, and by a Chromium trace
in the main thread's CPU time, which a loaded machine does not stretch),
with the review's own thinking time.
Records are played here under CPython by seeded, clock-free searches, so
every run reviews the same games.
"""

from __future__ import annotations

import argparse
import itertools
import json
import pathlib
import sys

from browser_harness import (
    FAST_PACE,
    StaticServer,
    chromium,
    install_longtask_observer,
    longest_task_ms,
    wait_for_app_ready,
)

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "py"))

from ludoteca.core import ai as core_ai  # noqa: E402
from ludoteca.core.match import AI, HUMAN, Match, Seat  # noqa: E402
from ludoteca.core.rng import SeededRng  # noqa: E402
from ludoteca.games import registry  # noqa: E402

GAMES = registry.all_games()


def new_match(game_id: str, seed: int) -> Match:
    game = GAMES[game_id]
    return Match(game, game.default_settings(2), seed, [Seat("Ann", HUMAN), Seat("Bot", AI, "hard")])


def psychopath_record(moves: int = 100) -> dict:
    """A 100-move game: a 1-ply search with noise for both sides (no clock: the same game every run)."""
    from ludoteca.games.psychopath import ai

    for seed in range(1, 50):
        match = new_match("psychopath", seed)
        rng = SeededRng(seed)
        while not match.is_over and len(match.entries) < moves:
            player = match.state.to_move()[0]
            search = ai.AlphaBetaSearch(match.state, player, rng.fork(), None, max_depth=1, noise=60)
            match.play(player, search.run())
        if not match.is_over:
            match.resign(0)
            return match.record()
    raise RuntimeError("no 100-move game found")


def geonaxis_record(rounds: int = 40) -> dict:
    """Two players, 40 rounds: the easy AI for both, its time budget counted in clock readings."""
    from ludoteca.games.geonaxis import ai

    readings = itertools.count(1)
    kept, core_ai.clock = core_ai.clock, lambda: next(readings) * 0.01  # the easy AI's budget, by clock readings
    try:
        for seed in range(1, 50):
            match = new_match("geonaxis", seed)
            bots = [ai.easy(seed * 2 + p) for p in range(2)]
            while not match.is_over and match.state.round <= rounds:
                state = match.state
                chosen = {p: bots[p].start(state.determinize(p, SeededRng(seed)), p).run() for p in state.to_move()}
                for player, move in chosen.items():
                    match.play(player, move)
            if not match.is_over:
                match.resign(0)
                return match.record()
    finally:
        core_ai.clock = kept
    raise RuntimeError("no 40-round game found")


def alphagon_record() -> dict:
    """Two players, the medium AI for both (no clock: the same game every run), to its end."""
    from ludoteca.games.alphagon import ai

    path = REPO / GAMES["alphagon"].asset_path("en")
    GAMES["alphagon"].provide_asset(GAMES["alphagon"].asset_path("en"), path.read_bytes())
    match = new_match("alphagon", 4)
    bot = ai.AI_LEVELS["medium"](1)
    while not match.is_over and len(match.entries) < 400:
        player = match.state.to_move()[0]
        match.play(player, bot.start(match.state.clone(), player).run())
    if not match.is_over:
        match.resign(0)
    return match.record()


TASK_EVENTS = ("RunTask", "ThreadControllerImpl::RunTask")  # a main-thread task, by Chromium's version


def main_thread_task_cpu_ms(trace: bytes) -> list:
    """Each task of the page's main thread in a Chromium trace, by its thread (CPU) time in ms:
    a long task's wall time counts the time a loaded machine kept the thread waiting, this does not."""
    events = json.loads(trace)
    events = events["traceEvents"] if isinstance(events, dict) else events
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    return [e["tdur"] / 1000 for e in events
            if e.get("ph") == "X" and e.get("name") in TASK_EVENTS and (e["pid"], e["tid"]) in main and "tdur" in e]


def review_figures(browser, server, record: dict) -> dict:
    context = browser.new_context(service_workers="block")
    context.add_init_script(FAST_PACE)
    install_longtask_observer(context)
    page = context.new_page()
    page.goto(server.url + "/")
    wait_for_app_ready(page, timeout_ms=180_000)
    page.set_input_files('[data-testid="import-input"]', files=[
        {"name": "game.json", "mimeType": "application/json", "buffer": json.dumps(record).encode()}])
    page.wait_for_selector('[data-testid="results-review"]', timeout=60_000)
    page.wait_for_timeout(500)  # the import's own tasks end
    browser.start_tracing(page=page, categories=["toplevel"])
    started = page.evaluate("performance.now()")
    page.click('[data-testid="results-review"]')
    page.wait_for_selector('[data-testid="review-counts"], [data-testid="review-no-marks"]', timeout=300_000)
    ended = page.evaluate("performance.now()")
    cpu_ms = main_thread_task_cpu_ms(browser.stop_tracing())
    stats = json.loads(page.evaluate("window.ludotecaStats()"))
    figures = {
        "moves": len(record["moves"]),
        "wall_s": round((ended - started) / 1000, 2),
        "thinking_s": round(stats["reviews"][-1]["thinking"], 2),
        "longest_task_ms": round(longest_task_ms(page, started), 1),
        # The same tasks by the main thread's own CPU time: what a busy machine does not stretch.
        "longest_task_cpu_ms": round(max(cpu_ms, default=0.0), 1),
        "tasks_over_50_cpu_ms": sum(ms >= 50 for ms in cpu_ms),
        "long_tasks": page.evaluate("(since) => (window.__longTasks || []).filter(t => t.start >= since)"
                                    ".map(t => [Math.round(t.start - since), Math.round(t.duration)])", started),
        "review": stats["reviews"][-1],
    }
    context.close()
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", default=str(REPO / "dist"))
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    records = {"psychopath (100 moves)": psychopath_record(), "geonaxis (40 rounds)": geonaxis_record(),
               "alphagon (2 players)": alphagon_record()}
    with StaticServer(pathlib.Path(args.dist)) as server, chromium() as browser:
        for name, record in records.items():
            for run in range(args.runs):
                figures = review_figures(browser, server, record)
                print(f"review, {name}, run {run + 1}: {json.dumps(figures)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
