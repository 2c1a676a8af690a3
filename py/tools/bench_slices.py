"""The longest piece of AI work the browser runs in one task, for every game's AI levels (CPython).

    .venv/bin/python py/tools/bench_slices.py [--decisions 40] [--every 4] [--game alphagon]
        [--sampler hard] [--variant edition=it]
    python3 build.py bench slices            (builds dist/ first, passes --dist dist)

The app thinks in slices (ui/computers.py `think_in_slices`): one `search.step(0.012)`
per browser task, so a step that overruns its 12 ms is a long main-thread
task. Around the steps the app also runs, each in one task, `bot.start()` on
a determinized state (the search's set-up) and, once done, `best_move()`.

For every game in registry.PLAYABLE (default settings) and every level of its
AI_LEVELS, the same positions are taken from games between bots of its first
level (`--sampler random`: random players; one decision in `--every`, the
first decision of each game always, so the openings are in), and a fresh bot
decides each one as the browser would.
Printed per level: decisions timed, the longest set-up (determinize + start),
the longest single step and its 95th percentile over all steps, how many
steps exceed 15 ms, the longest piece of work a step cannot cut (one call of
the search's `iterate`: a step lasts its slice plus at most one piece; n/a
for a search with its own `step`), and the longest best_move. For a game
with data files (a word list), the longest piece of taking one in
(`Game.providing_asset`, one browser task a piece) and the pieces' total.
CPU time of this process, so other load on the machine counts little.
Figures only: nothing is asserted.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

from arena import ROOT, milliseconds, play_game, use_engine

SLICE_SECONDS = 0.012  # as AI_SLICE_SECONDS in ui/computers.py
LONG_STEP_MS = 15.0  # a step past this has overrun its slice noticeably


def arguments(argv: list):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dist", default="", help="built app folder (its engine zip and word lists are used)")
    parser.add_argument("--decisions", type=int, default=40, help="positions timed per game (each level decides them all)")
    parser.add_argument("--every", type=int, default=4, help="keep one decision in EVERY of the sampled games")
    parser.add_argument("--sampler", default="", help="AI level playing the sampled games (default: the first; 'random')")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", help="only this game (repeatable); default: every playable game")
    parser.add_argument("--variant", action="append", default=[], metavar="KEY=VALUE",
                        help="a setting other than the default, for the games that have it (edition=it)")
    return parser.parse_args(argv)


def asset_bytes(path: str, dist: str) -> bytes:
    for folder in ([Path(dist)] if dist else []) + [ROOT]:
        if (folder / path).exists():
            return (folder / path).read_bytes()
    raise FileNotFoundError(path)


def load_assets(game, settings, dist: str) -> list:
    """Hands the game the data files it needs (a word list), from dist/ or
    the source tree, a piece at a time as the app does; the pieces' durations."""
    pieces = []
    for path in game.required_assets(game.validate_settings(settings)):
        loading = game.providing_asset(path, asset_bytes(path, dist))
        while True:
            begin = time.process_time()
            try:
                next(loading)
            except StopIteration:
                break
            finally:
                pieces.append(time.process_time() - begin)
    return pieces


class _Sampler:
    """Plays every seat with one bot and records the positions it decides at."""

    def __init__(self, bot, positions: list, every: int):
        self.bot = bot
        self.positions = positions
        self.every = every
        self.decisions = 0

    def choose(self, state, player: int):
        if self.decisions % self.every == 0:
            self.positions.append((state.clone(), player))
        self.decisions += 1
        return self.bot.choose(state, player)


def sample_positions(game, settings, make_bot, count: int, every: int, seed: int) -> list:
    positions: list = []
    index = 0
    while len(positions) < count:
        sampler = _Sampler(make_bot(seed + index), positions, every)
        play_game(game, settings, [sampler] * settings.num_players, seed + index)
        index += 1
    return positions[:count]


def time_level(make_bot, positions: list, seed: int) -> dict:
    """One fresh bot per position, thinking in browser-sized slices."""
    from ludoteca.core.rng import SeededRng

    setups, steps, pieces, finals = [], [], [], []
    for index, (state, player) in enumerate(positions):
        bot_seed = seed + index
        begin = time.process_time()
        search = make_bot(bot_seed).start(state.determinize(player, SeededRng(bot_seed)), player)
        setups.append(time.process_time() - begin)
        search.iterate = _timed(search.iterate, pieces)
        finished = False
        while not finished:
            begin = time.process_time()
            finished = search.step(SLICE_SECONDS)
            steps.append(time.process_time() - begin)
        begin = time.process_time()
        search.best_move()
        finals.append(time.process_time() - begin)
    return {"decisions": len(positions), "setups": setups, "steps": steps, "pieces": pieces, "finals": finals}


def _timed(iterate, durations: list):
    """`iterate` (one piece of a search: `step` calls it until its slice is
    up), recording how long each call takes."""

    def timed_iterate():
        begin = time.process_time()
        iterate()
        durations.append(time.process_time() - begin)

    return timed_iterate


def _longest_piece(timed: dict) -> str:
    if not timed["pieces"]:  # a search with its own `step`, not calling `iterate`
        return "  n/a"
    return f"{milliseconds(timed['pieces'], 1.0):5.1f} ms"


def format_level(label: str, timed: dict) -> str:
    steps = timed["steps"]
    long_steps = sum(1000 * s > LONG_STEP_MS for s in steps)
    return (f"   {label:>8}: {timed['decisions']} decisions, {len(steps)} steps;"
            f" longest set-up {milliseconds(timed['setups'], 1.0):6.1f} ms,"
            f" longest step {milliseconds(steps, 1.0):6.1f} ms (p95 {milliseconds(steps, 0.95):5.1f}),"
            f" steps > {LONG_STEP_MS:.0f} ms: {long_steps}, longest piece {_longest_piece(timed)},"
            f" longest best_move {milliseconds(timed['finals'], 1.0):5.1f} ms")


def main(argv: list) -> int:
    args = arguments(argv)
    print(f"engine: {use_engine(args.dist)}", flush=True)
    from ludoteca.core.ai import RandomBot
    from ludoteca.core.protocol import Settings
    from ludoteca.games import registry

    games = args.game or list(registry.PLAYABLE)
    print(f"slices of {1000 * SLICE_SECONDS:.0f} ms, CPU time; {args.decisions} positions a game"
          f" (one in {args.every} decisions of the sampled games)", flush=True)
    for game_id in games:
        package = registry.game_package(game_id)
        game = package.GAME
        defaults = game.default_settings()
        chosen = dict(item.split("=", 1) for item in args.variant)
        variants = {key: type(value)(chosen.get(key, value)) for key, value in defaults.variants.items()}
        settings = game.validate_settings(Settings(defaults.num_players, variants))
        asset_pieces = load_assets(game, settings, args.dist)
        began = time.perf_counter()
        levels = package.AI_LEVELS
        sampler = args.sampler or next(iter(levels))
        make_sampler = RandomBot if sampler == "random" else levels[sampler]
        positions = sample_positions(game, settings, make_sampler, args.decisions, args.every, args.seed)
        print(f"{game_id} ({settings.num_players} players, {dict(settings.variants)}; positions from"
              f" {sampler} play):", flush=True)
        if asset_pieces:
            print(f"   data files: {len(asset_pieces)} pieces, longest {milliseconds(asset_pieces, 1.0):.1f} ms,"
                  f" total {1000 * sum(asset_pieces):.1f} ms", flush=True)
        # As the app does before a game's first search (ui/computers.py, keep_loaded_objects): what is
        # loaded by now (modules, word lists) stays out of the collections, which would otherwise
        # stop a piece for tens of ms on a word list's objects (a pause the browser does not have).
        gc.freeze()
        for level, make_bot in levels.items():
            print(format_level(level, time_level(make_bot, positions, args.seed)), flush=True)
        print(f"   ({time.perf_counter() - began:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
