"""Opening an Alphagon game in the real app, in headless Chromium.

    .venv/bin/python py/tools/bench_alphagon_browser.py --dist dist [--runs 2] [--warm 2] [--editions en,it]

For each edition, in `runs` fresh pages: the time from pressing New game on
the home screen to the setup screen painted, plus from pressing Start there
to the board painted (the player's own time on the form left out), cold
(the first game of the page: the game's modules load, the word list is
fetched and read) and warm (`warm` more games in the same page); and the
longest main-thread task meanwhile. Goals: warm <= 1 s, while the list
loads <= 50 ms.
Needs Debian's /usr/bin/chromium and Python playwright (never a downloaded browser).
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import sys

from browser_harness import (
    FAST_PACE,
    StaticServer,
    chromium,
    install_longtask_observer,
    wait_for_app_ready,
)

REPO = pathlib.Path(__file__).resolve().parents[2]

# Notes when an element first is in the DOM, as of the frame painted after it.
WATCH_FOR = """
(selector) => {
  window.__shown = null;
  const observer = new MutationObserver(() => {
    if (document.querySelector(selector)) {
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => { window.__shown = performance.now(); }));
    }
  });
  observer.observe(document.body, {childList: true, subtree: true});
  return performance.now();
}
"""

LONGEST_BETWEEN = """
([since, until]) => Math.max(0, ...(window.__longTasks || [])
  .filter(t => t.start >= since && t.start < until).map(t => t.duration))
"""


def click_until_shown(page, button: str, shown: str) -> tuple[float, float]:
    """(ms from clicking `button` to `shown` painted, the longest main-thread task meanwhile in ms)."""
    started = page.evaluate(WATCH_FOR, shown)
    page.click(button)
    page.wait_for_function("() => window.__shown !== null", timeout=120_000)
    ended = page.evaluate("() => window.__shown")
    return ended - started, page.evaluate(LONGEST_BETWEEN, [started, ended])


def open_game(page, edition: str, seed: int) -> dict:
    """From the home screen, an Alphagon game against the computer: New game
    to the setup screen, then Start to the board."""
    setup_ms, setup_task = click_until_shown(page, '[data-testid="new-alphagon"]', '[data-testid="setup"]')
    page.select_option('[data-testid="variant-edition"]', edition)
    page.fill('[data-testid="seed"]', str(seed))
    start_ms, start_task = click_until_shown(page, '[data-testid="start"]', '[data-testid="board"]')
    return {"setup": setup_ms, "start": start_ms, "total": setup_ms + start_ms,
            "setup_task": setup_task, "start_task": start_task}


def measure_edition(browser, server, edition: str, runs: int, warm_games: int) -> dict:
    cold, warm = [], []
    for run in range(runs):
        context = browser.new_context(service_workers="block")  # every page fetches the list afresh
        context.add_init_script(FAST_PACE)
        install_longtask_observer(context)
        page = context.new_page()
        page.goto(server.url + "/")
        wait_for_app_ready(page, timeout_ms=180_000)  # a loaded machine boots slowly
        cold.append(open_game(page, edition, 100 + run))
        for game in range(warm_games):
            page.click('[data-testid="nav-home"]')
            page.wait_for_selector('[data-testid="home"]')
            warm.append(open_game(page, edition, 200 + 10 * run + game))
        context.close()
    return {"cold": cold, "warm": warm}


def median_of(games: list, key: str) -> float:
    return statistics.median(game[key] for game in games)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", default=str(REPO / "dist"))
    parser.add_argument("--runs", type=int, default=2, help="fresh pages per edition")
    parser.add_argument("--warm", type=int, default=2, help="warm games per page")
    parser.add_argument("--editions", default="en,it")
    args = parser.parse_args(argv)

    print("== Alphagon: New game to a playable board, in the browser ==", flush=True)
    with StaticServer(pathlib.Path(args.dist)) as server, chromium() as browser:
        for edition in args.editions.split(","):
            figures = measure_edition(browser, server, edition, args.runs, args.warm)
            cold, warm = figures["cold"], figures["warm"]
            print(f"{edition}: New game to the board, warm (word list loaded): median {median_of(warm, 'total'):.0f} ms,"
                  f" max {max(g['total'] for g in warm):.0f} ms of {len(warm)} (goal <= 1000 ms)"
                  f" = setup screen {median_of(warm, 'setup'):.0f} + Start to board {median_of(warm, 'start'):.0f};"
                  f" cold (first game of the page): median {median_of(cold, 'total'):.0f} ms of {len(cold)}"
                  f" = setup screen {median_of(cold, 'setup'):.0f} + Start to board, loading the list,"
                  f" {median_of(cold, 'start'):.0f}", flush=True)
            print(f"{edition}: longest main-thread task from Start to the board while the list loads"
                  f" {max(g['start_task'] for g in cold):.0f} ms (goal <= 50 ms), opening the setup screen"
                  f" the first time {max(g['setup_task'] for g in cold):.0f} ms, warm"
                  f" {max(max(g['start_task'], g['setup_task']) for g in warm):.0f} ms"
                  f" (0: no task reached the 50 ms long-task threshold)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
