"""Hint time at the hard level, in the real app in headless Chromium.

    .venv/bin/python py/tools/bench_hints.py --dist dist [--games psychopath,geonaxis] [--positions 8]

For each game, typical positions are built here under CPython: a seeded game
of a human (seat 0) against computers, played by the medium AI for a number
of moves spread over the game, until the human is to act (in GeonAxis's
simultaneous rounds, once the computers have chosen, so nothing else thinks
while the hint does). Each position is imported into the app as a record,
then Hint is pressed and the page times, on its own clock, how long the hint
takes to appear (the hard AI thinking in slices, the reason, the redraw).
The first hint of each game also loads its AI and is reported apart.
Prints per game: the sample size, median, 90th percentile and longest (goal:
median <= 2 s), and how many hints came with a reason.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys
import tempfile

from bench_ai_browser import percentile
from browser_harness import StaticServer, chromium, wait_for_app_ready

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "py"))

from ludoteca.core.match import AI, HUMAN, SEAT_COLOURS, Match, Seat  # noqa: E402
from ludoteca.core.protocol import SIMULTANEOUS  # noqa: E402
from ludoteca.core.rng import SeededRng  # noqa: E402
from ludoteca.games import registry  # noqa: E402

# Moves played before the human asks, over a few seeds: the opening, the middle game, later.
PLIES = (0, 4, 10, 16, 24, 34, 46, 60)
PLAYERS = {"alphabeticell": 2, "psychopath": 2, "alphagon": 2, "geonaxis": 3}
HINT_TIMEOUT_MS = 120_000

TIME_A_HINT = """async (timeout) => {
  const button = document.querySelector('[data-testid="hint"]');
  const started = performance.now();
  button.click();
  const shown = () => document.querySelector('[data-testid="hint-line"]') || document.querySelector('[data-testid="notice-error"]');
  await new Promise((resolve, reject) => {
    if (shown()) return resolve();
    const observer = new MutationObserver(() => { if (shown()) { observer.disconnect(); resolve(); } });
    observer.observe(document.body, {childList: true, subtree: true});
    setTimeout(() => { observer.disconnect(); reject(new Error('no hint')); }, timeout);
  });
  const line = document.querySelector('[data-testid="hint-line"]');
  return {ms: performance.now() - started, shown: !!line,
          reason: !!document.querySelector('[data-testid="hint-reason"]'), text: line ? line.innerText : ''};
}"""


def provide_assets(game) -> None:
    """Alphagon's word lists, read from the repo as the app would load them."""
    if hasattr(game, "asset_path"):
        for lang in ("en", "it"):
            path = game.asset_path(lang)
            if (REPO / path).exists():
                game.provide_asset(path, (REPO / path).read_bytes())


def position_record(game_id: str, seed: int, plies: int):
    """A record of a game played `plies` moves by the medium AI, ending where
    seat 0 (a human) is to act and no computer is still to choose; None if
    the game ended first."""
    package = registry.game_package(game_id)
    game = package.GAME
    provide_assets(game)
    players = PLAYERS.get(game_id, game.min_players)
    seats = [Seat("You", HUMAN, "", SEAT_COLOURS[0])] + [
        Seat(f"Computer {n}", AI, "easy", SEAT_COLOURS[n]) for n in range(1, players)]
    match = Match(game, game.default_settings(players), seed, seats)
    rng = SeededRng(seed * 7919 + plies)
    played = 0
    while not match.is_over:
        acting = match.state.to_move()
        others = [p for p in acting if p != 0]
        human_alone = acting == (0,) or (0 in acting and match.state.acting_mode() != SIMULTANEOUS)
        if played >= plies and human_alone and acting[0] == 0:
            return match.record()
        player = others[0] if others else acting[0]
        search = package.AI_LEVELS["medium"](rng.next_u64() >> 11).start(
            match.state.determinize(player, SeededRng(rng.next_u64() >> 11)), player)
        while not search.step(1.0):
            pass
        match.play(player, search.best_move())
        played += 1
    return None


def time_hint(page, record: dict, folder: pathlib.Path) -> dict:
    page.evaluate("location.hash = '#/'")
    page.wait_for_selector('[data-testid="import-input"]', state="attached")
    path = folder / "position.json"
    path.write_text(json.dumps(record))
    page.set_input_files('[data-testid="import-input"]', str(path))
    page.wait_for_selector('[data-testid="hint"]:not([disabled])', timeout=180_000)
    return page.evaluate(TIME_A_HINT, HINT_TIMEOUT_MS)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", default=str(REPO / "dist"))
    parser.add_argument("--games", default=",".join(registry.PLAYABLE), help="comma-separated game ids")
    parser.add_argument("--positions", type=int, default=len(PLIES), help="positions timed a game")
    args = parser.parse_args(argv)
    print("== Hint time at the hard level, in the browser (goal: median <= 2 s) ==", flush=True)
    with StaticServer(pathlib.Path(args.dist)) as server, chromium() as browser, \
            tempfile.TemporaryDirectory() as folder:
        for game_id in args.games.split(","):
            records = []
            for index, plies in enumerate(PLIES[:args.positions]):
                for seed in range(40 + 10 * index, 43 + 10 * index):  # a game over sooner: another seed
                    record = position_record(game_id, seed, plies)
                    if record is not None:
                        records.append((plies, record))
                        break
            context = browser.new_context(service_workers="block")
            page = context.new_page()
            page.goto(server.url + "/")
            wait_for_app_ready(page, timeout_ms=180_000)
            warm = time_hint(page, position_record(game_id, 39, 0), pathlib.Path(folder))
            times, reasons = [], 0
            for plies, record in records:
                result = time_hint(page, record, pathlib.Path(folder))
                times.append(result["ms"] / 1000)
                reasons += result["reason"]
                print(f"   {game_id} after {plies:2d} moves: {result['ms'] / 1000:.2f} s"
                      f"{'' if result['shown'] else ' (no hint: an error was shown)'}"
                      f" {result['text']!r}", flush=True)
            context.close()
            print(f"{game_id}: {len(times)} positions, hint time median {statistics.median(times):.2f} s,"
                  f" p90 {percentile(times, 0.9):.2f} s, longest {max(times):.2f} s;"
                  f" {reasons} of {len(times)} with a reason; the first hint, loading the AI:"
                  f" {warm['ms'] / 1000:.2f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
