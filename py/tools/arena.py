"""Game-agnostic bench helpers: play games between bots, compare AI levels.

Every game's bench (`py/tools/bench_<id>.py`) imports this module:

    from arena import BotSpec, head_to_head, ladder, format_table, wilson

A bot is anything with `choose(state, player) -> Move`. Matches run in
worker processes, so bots are named by picklable `BotSpec`s (a module and a
level or factory name) instead of lambdas; the game is passed as an object
(module-level game objects pickle by class) or as a module name whose
`GAME` is used.

Scores are `State.returns()`: 1 for a win, 1/k for a first place shared by
k players, 0 otherwise. Intervals are Wilson 95% score intervals on the
score share (a shared first place counts as a fraction of a success).
"""

from __future__ import annotations

import atexit
import importlib
import math
import shutil
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import Callable, Optional

ROOT = Path(__file__).resolve().parents[2]
ENGINE_ZIP = "py/ludoteca.zip"

_ENGINE_SOURCE = ""


def use_engine(dist: str = "") -> str:
    """Puts the engine on sys.path, once per process; returns where it is.

    With a built app folder holding py/ludoteca.zip, that zip (what the app
    ships) is unpacked to a temporary folder first, as the app does in the
    browser (zipimport cannot load its namespace packages); else py/."""
    global _ENGINE_SOURCE
    if not _ENGINE_SOURCE:
        shipped = Path(dist) / ENGINE_ZIP if dist else None
        if shipped and shipped.exists():
            folder = tempfile.mkdtemp(prefix="bench-engine-")
            atexit.register(shutil.rmtree, folder, ignore_errors=True)
            with zipfile.ZipFile(shipped) as archive:
                archive.extractall(folder)
            _ENGINE_SOURCE = f"{shipped} (unpacked)"
        else:
            folder = str(ROOT / "py")
            _ENGINE_SOURCE = folder
        sys.path.insert(0, folder)
    return _ENGINE_SOURCE


# --- statistics ------------------------------------------------------------------
def wilson(successes: float, n: int, z: float = 1.96) -> tuple:
    """Wilson score interval (low, high) for a success rate; (0, 1) when n is 0."""
    if not n:
        return 0.0, 1.0
    rate = successes / n
    denominator = 1 + z * z / n
    centre = (rate + z * z / (2 * n)) / denominator
    spread = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - spread), min(1.0, centre + spread)


def milliseconds(values: list, share: float) -> float:
    """The `share` quantile of `values` (seconds), in milliseconds."""
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


# --- bots by name ----------------------------------------------------------------
@dataclass(frozen=True)
class BotSpec:
    """A picklable bot factory: `module.AI_LEVELS[name]`, or `module.<name>`
    (a callable seed -> bot), or the generic RandomBot when name is "random".
    `label` is what tables print (default: the name)."""

    module: str
    name: str
    label: str = ""

    def __call__(self, seed: int):
        if self.name == "random":
            from ludoteca.core.ai import RandomBot

            return RandomBot(seed)
        module = importlib.import_module(self.module)
        levels = getattr(module, "AI_LEVELS", None)
        if levels is not None and self.name in levels:
            return levels[self.name](seed)
        return getattr(module, self.name)(seed)

    def __str__(self) -> str:
        return self.label or self.name


def bot_label(factory) -> str:
    if isinstance(factory, BotSpec):
        return str(factory)
    return getattr(factory, "label", None) or getattr(factory, "__name__", None) or repr(factory)


def resolve_game(game):
    """A game object, or a module name whose GAME is the game."""
    if isinstance(game, str):
        return importlib.import_module(game).GAME
    return game


# --- playing ---------------------------------------------------------------------
def play_game(game, settings, bots, seed: int, max_moves: int = 100000):
    """Plays one game to its end and returns the final state.

    bots[i] plays seat i. Chance is drawn with the state's own RNG (seeded by
    `seed`), so the same seed and bots replay the same game. At SIMULTANEOUS
    and RESPONSE nodes every player in `to_move()` is asked in turn order,
    each on the state as it stands (a simultaneous node hides the earlier
    submissions from the later players' views); a player the node no longer
    waits for is skipped. Raises RuntimeError past `max_moves` moves."""
    from ludoteca.core.protocol import TURN

    state = resolve_game(game).new_state(settings, seed)
    moves = 0
    while not state.is_terminal():
        moves += 1
        if moves > max_moves:
            raise RuntimeError(f"no end after {max_moves} moves (seed {seed})")
        if state.is_chance():
            state.apply_unchecked(-1, state.sample_chance())
            continue
        acting = tuple(state.to_move())
        if not acting:
            raise RuntimeError(f"nobody may act in a live, non-chance state (seed {seed})")
        if len(acting) == 1 or state.acting_mode() == TURN:
            player = acting[0]
            state.apply(player, bots[player].choose(state, player))
            continue
        mode = state.acting_mode()
        for player in acting:
            if state.is_terminal() or state.is_chance() or state.acting_mode() != mode:
                break  # the node resolved or the window closed
            if player not in state.to_move():
                continue
            state.apply(player, bots[player].choose(state, player))
    return state


def _game_plan(index: int, players: int, seed: int) -> tuple:
    """(game seed, seat of A, bot seeds per seat) of the index-th game.

    Consecutive games share a game seed while A visits every seat, so each
    deal is played once from each seat (for two players: a mirrored pair)."""
    seat = index % players
    game_seed = seed * 1_000_003 + index // players
    bot_seeds = [game_seed * 7919 + 101 * index + offset for offset in range(players)]
    return game_seed, seat, bot_seeds


def _play_match_game(job: tuple) -> tuple:
    """One game of A (in its seat) against B in every other seat."""
    game, settings, make_a, make_b, index, seed, max_moves = job
    players = settings.num_players
    game_seed, seat, bot_seeds = _game_plan(index, players, seed)
    bots = [make_a(bot_seeds[p]) if p == seat else make_b(bot_seeds[p]) for p in range(players)]
    start = time.perf_counter()
    state = play_game(game, settings, bots, game_seed, max_moves)
    return index, seat, state.returns()[seat], time.perf_counter() - start


def _map(function, jobs: list, workers: int):
    """Results of function over jobs, unordered, in worker processes when workers > 1."""
    if workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            yield function(job)
        return
    with Pool(min(workers, len(jobs))) as pool:
        yield from pool.imap_unordered(function, jobs)


def head_to_head(game, settings_for_players, make_a, make_b, games: int, seed: int,
                 workers: int = 2, max_moves: int = 100000,
                 progress: Optional[Callable[[int, float], None]] = None) -> dict:
    """Plays `games` games of bot A against bot B and scores A.

    `settings_for_players` are the game's Settings (their player count fixes
    the table: A takes one seat, B every other). A's seat rotates game by
    game. make_a/make_b: picklable seed -> bot factories (BotSpec) when
    workers > 1. `progress(played, score so far)` is called after each game.

    Returns a dict: a, b (labels), games, wins, draws (a shared first place),
    losses, score (summed returns of A), share (score / games), low/high (its
    Wilson 95% interval), seat_scores (A's score per seat), seconds (summed
    game time) and seconds_per_game."""
    settings = settings_for_players
    players = settings.num_players
    jobs = [(game, settings, make_a, make_b, index, seed, max_moves) for index in range(games)]
    results = []
    for result in _map(_play_match_game, jobs, workers):
        results.append(result)
        if progress:
            progress(len(results), sum(row[2] for row in results))
    results.sort()
    scores = [score for _, _, score, _ in results]
    seat_scores = [0.0] * players
    for _, seat, score, _ in results:
        seat_scores[seat] += score
    total = sum(scores)
    seconds = sum(row[3] for row in results)
    low, high = wilson(total, games)
    return {
        "a": bot_label(make_a),
        "b": bot_label(make_b),
        "games": games,
        "wins": sum(1 for score in scores if score >= 1.0),
        "draws": sum(1 for score in scores if 0.0 < score < 1.0),
        "losses": sum(1 for score in scores if score <= 0.0),
        "score": total,
        "share": total / games if games else 0.0,
        "low": low,
        "high": high,
        "seat_scores": seat_scores,
        "seconds": seconds,
        "seconds_per_game": seconds / games if games else 0.0,
    }


def ladder(game, settings, levels_in_order: list, games: int, seed: int, workers: int = 2,
           progress: Optional[Callable[[dict], None]] = None) -> list:
    """head_to_head of each level against the one below it (weakest first);
    one row per rung, in order. `progress(row)` is called after each rung."""
    rows = []
    for lower, upper in zip(levels_in_order, levels_in_order[1:]):
        row = head_to_head(game, settings, upper, lower, games, seed, workers)
        rows.append(row)
        if progress:
            progress(row)
    return rows


def format_row(row: dict) -> str:
    verdict = "stronger" if row["low"] > 0.5 else ("weaker" if row["high"] < 0.5 else "not separated")
    return (f"{row['a']:>8} vs {row['b']:<8} {row['share']:6.1%}  [95% CI {row['low']:5.1%} - {row['high']:5.1%}]"
            f"  W/D/L {row['wins']}/{row['draws']}/{row['losses']} of {row['games']},"
            f" {row['seconds_per_game']:.1f} s/game  {verdict}")


def format_table(rows: list) -> str:
    """One line per head-to-head: A's score share, its Wilson 95% interval,
    wins/draws/losses, and whether A is clearly stronger (interval above 50%)."""
    return "\n".join(format_row(row) for row in rows)


# --- move times ------------------------------------------------------------------
def sample_positions(game, settings, make_bot, count: int, seed: int, every: int = 3) -> list:
    """(state, player) decision points, one in `every`, from games between
    bots made by `make_bot` (one per seat)."""
    positions = []
    index = 0
    while len(positions) < count:
        players = settings.num_players
        bots = [make_bot(seed + index * players + seat) for seat in range(players)]
        recorder = _Recorder(bots, positions, every)
        play_game(game, settings, recorder.seats, seed + index)
        index += 1
    return positions[:count]


class _Recorder:
    """Wraps bots so each decision point (one in `every`) is kept."""

    def __init__(self, bots: list, positions: list, every: int):
        self.positions = positions
        self.every = every
        self.decisions = 0
        self.seats = [_RecordingSeat(self, bot) for bot in bots]


class _RecordingSeat:
    def __init__(self, recorder: _Recorder, bot):
        self.recorder = recorder
        self.bot = bot

    def choose(self, state, player: int):
        recorder = self.recorder
        if recorder.decisions % recorder.every == 0:
            recorder.positions.append((state.clone(), player))
        recorder.decisions += 1
        return self.bot.choose(state, player)


def move_times(positions: list, make_bot, seed: int = 0) -> list:
    """(seconds, number of legal moves) of a fresh bot's decision at each position."""
    times = []
    for index, (state, player) in enumerate(positions):
        bot = make_bot(seed + index)
        start = time.perf_counter()
        bot.choose(state, player)
        times.append((time.perf_counter() - start, len(list(state.generate_moves(player)))))
    return times


def format_times(label: str, timed: list) -> str:
    times = [seconds for seconds, _ in timed]
    thought = [seconds for seconds, choices in timed if choices > 1]
    return (f"{label:>8}: all {len(times)} decisions median {milliseconds(times, 0.5):7.2f} ms,"
            f" p95 {milliseconds(times, 0.95):7.2f} ms; the {len(thought)} with a choice:"
            f" median {milliseconds(thought, 0.5):7.2f} ms, p95 {milliseconds(thought, 0.95):7.2f} ms")


def random_playouts(game, settings, seconds: float, seed: int = 1) -> dict:
    """Whole random games per second, moves per second (chance included),
    moves per game, and clones per second of a fresh state."""
    from ludoteca.core.rng import SeededRng

    game = resolve_game(game)
    rng = SeededRng(seed)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or not games:
        state = game.new_state(settings, seed + games)
        while not state.is_terminal():
            if state.is_chance():
                state.apply_unchecked(-1, state.sample_chance(rng))
            else:
                for player in tuple(state.to_move()):
                    if player in state.to_move() and not state.is_terminal():
                        state.apply_unchecked(player, rng.choice(list(state.generate_moves(player))))
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    state = game.new_state(settings, seed)
    clones = 20000
    clone_start = time.perf_counter()
    for _ in range(clones):
        state.clone()
    clone_rate = clones / (time.perf_counter() - clone_start)
    return {"games_per_s": games / elapsed, "moves_per_s": moves / elapsed,
            "moves_per_game": moves / games, "clones_per_s": clone_rate}
