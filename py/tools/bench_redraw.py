"""Redraw time of the game screen in headless Chromium: regions against whole-page rebuilds.

    .venv/bin/python py/tools/bench_redraw.py --dist dist [--moves 40]

For each game on its largest table (Alphabeticell with 5 players, PSYCHOPATH,
Alphagon's 13x13 board, GeonAxis with 6 players and 7 tiles), computers play
each other while the app records every redraw of the game screen (markup set,
plus the layout it forces). The same game runs twice: with region updates (the
app as shipped) and with the whole page rebuilt each time. Prints the median
and p95 of each, and their ratio in the same run. Figures only.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import time

from browser_harness import FAST_PACE, StaticServer, chromium, wait_for_app_ready

REPO = pathlib.Path(__file__).resolve().parents[2]
GAMES = (  # (game, players, variants)
    ("alphabeticell", 5, {}),
    ("psychopath", 2, {}),
    ("alphagon", 2, {}),
    ("geonaxis", 6, {"table": "7"}),
)


def percentile(values: list, fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def redraw_times(browser, server, game: str, players: int, variants: dict, moves: int, full: bool) -> list:
    context = browser.new_context(service_workers="block")
    context.add_init_script(FAST_PACE)
    context.add_init_script("window.ludotecaBootOptions = { snapshots: false, timeRedraws: true, fullRedraws: %s };"
                            % ("true" if full else "false"))
    page = context.new_page()
    page.goto(server.url + "/")
    wait_for_app_ready(page)
    page.click(f'[data-testid="new-{game}"]')
    page.select_option('[data-testid="players"]', str(players))
    for seat in range(players):
        page.select_option(f'[data-testid="seat-{seat}-kind"]', "ai")
        page.select_option(f'[data-testid="seat-{seat}-level"]', "easy")
    for key, value in variants.items():
        page.select_option(f'[data-testid="variant-{key}"]', value)
    page.fill('[data-testid="seed"]', "11")
    page.click('[data-testid="start"]')
    deadline = time.time() + 180
    while time.time() < deadline:
        played = page.evaluate("() => Number(document.querySelector('[data-testid=game]')?.dataset.moves || 0)")
        if played >= moves or page.locator('[data-testid="results"]').count():
            break
        time.sleep(0.5)
    times = [entry["ms"] for entry in json.loads(page.evaluate("window.ludotecaStats()"))["redraws"]]
    context.close()
    return times[2:]  # the first draws of the screen are full in both modes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dist", default=str(REPO / "dist"))
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args()
    with StaticServer(pathlib.Path(args.dist)) as server, chromium() as browser:
        print(f"{'game':<14} {'regions median/p95 ms':>22} {'full page median/p95 ms':>24} {'full ÷ regions':>15}")
        for game, players, variants in GAMES:
            regions = redraw_times(browser, server, game, players, variants, args.moves, full=False)
            whole = redraw_times(browser, server, game, players, variants, args.moves, full=True)
            if not regions or not whole:
                print(f"{game:<14} no redraws recorded")
                continue
            median_r, median_w = statistics.median(regions), statistics.median(whole)
            print(f"{game:<14} {median_r:>10.1f} / {percentile(regions, 0.95):<9.1f}"
                  f" {median_w:>11.1f} / {percentile(whole, 0.95):<10.1f} {median_w / median_r:>12.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
