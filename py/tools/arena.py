"""Game-agnostic bench helpers: play games between bots, compare AI levels.

Every game's bench (`py/tools/bench_<id>.py`) imports this module:

    from arena import BotSpec, head_to_head, ladder, format_table, wilson

A bot is anything with `choose(state, player) -> Move`. Matches run in
worker processes, so bots are named by picklable `BotSpec`s (a module and a
level or factory name) or `UctSpec`s instead of lambdas; the game is passed
as an object (module-level game objects pickle by class), as a module name
whose `GAME` is used, or as "module:function" (a function returning the
game, called once per process: for a game that must load assets first).

Scores are `State.returns()`: 1 for a win, 1/k for a first place shared by
k players, 0 otherwise. Intervals are Wilson 95% score intervals on the
score share (a shared first place counts as a fraction of a success); a
bot is clearly stronger when the interval lies above its fair share, 1/n
at an n-player table.

Game-specific figures come from a `Watch` (one per game, told every move
and the final state), whose `finish()` dict lands in the game's record.

Budgets: in matches the bots' thinking time is CPU time (`--clock cpu`, the
default), so figures do not depend on what else the machine runs, and
`--slowdown 1.5` makes a budget buy what it buys in Pyodide. `--journal
FILE` keeps every finished game (one JSON line) and replays nothing already
there for the same pairing, seeds, budget clock and engine source: long
pairings add up over several runs.
"""

from __future__ import annotations

import atexit
import functools
import hashlib
import importlib
import json
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


@dataclass(frozen=True)
class UctSpec:
    """A picklable factory of the core's plain UCT baseline (`UctBot`):
    `iterations` a decision, random playouts cut after `playout_depth`
    decisions (then the state's `heuristic_returns()` scores the leaf)."""

    iterations: int = 1000
    playout_depth: Optional[int] = 50

    def __call__(self, seed: int):
        from ludoteca.core.ai import UctBot

        return UctBot(seed, iterations=self.iterations, playout_depth=self.playout_depth)

    def __str__(self) -> str:
        if self.iterations == 1000 and self.playout_depth == 50:
            return "uct"  # the baseline as the core defines it
        return f"uct({self.iterations}it,d{self.playout_depth})"


def bot_label(factory) -> str:
    if isinstance(factory, (BotSpec, UctSpec)):
        return str(factory)
    return getattr(factory, "label", None) or getattr(factory, "__name__", None) or repr(factory)


def resolve_game(game):
    """A game object; a module name whose GAME is the game; or
    "module:function", the game that function returns (once per process)."""
    if isinstance(game, str):
        return _load_game(game)
    return game


@functools.lru_cache(maxsize=None)
def _load_game(name: str):
    module, _, function = name.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, function)() if function else loaded.GAME


class Watch:
    """Collects one game's own figures. `head_to_head(watch=SomeWatch)`
    builds one per game as `SomeWatch(bots, labels)` (labels by seat), calls
    `move()` before each move is applied and stores `finish()` in the
    game's record under "figures". Subclass at module level (picklable)."""

    def __init__(self, bots: list, labels: list):
        self.bots = bots
        self.labels = labels

    def move(self, state, player: int, move, seconds: float) -> None:
        """`player` chose `move` at `state` (not applied yet) in `seconds`."""

    def finish(self, state) -> dict:
        return {}


# --- playing ---------------------------------------------------------------------
def play_game(game, settings, bots, seed: int, max_moves: int = 100000, opening: int = 0,
              watch: Optional[Watch] = None):
    """Plays one game to its end and returns the final state.

    bots[i] plays seat i. Chance is drawn with the state's own RNG (seeded by
    `seed`), so the same seed and bots replay the same game. At SIMULTANEOUS
    and RESPONSE nodes every player in `to_move()` is asked in turn order,
    each on the state as it stands (a simultaneous node hides the earlier
    submissions from the later players' views); a player the node no longer
    waits for is skipped. The first `opening` decisions are random legal
    moves drawn from `seed` (varied games between bots that play alike every
    game). `watch.move` sees every decision. Raises RuntimeError past
    `max_moves` moves."""
    from ludoteca.core.protocol import CHANCE, TURN
    from ludoteca.core.rng import SeededRng

    state = resolve_game(game).new_state(settings, seed)
    opening_rng = SeededRng(seed * 31 + 17)
    decisions = 0

    def decide(player: int):
        nonlocal decisions
        start = time.perf_counter()
        if decisions < opening:
            move = opening_rng.choice(list(state.generate_moves(player)))
        else:
            move = bots[player].choose(state, player)
        decisions += 1
        if watch is not None:
            watch.move(state, player, move, time.perf_counter() - start)
        state.apply(player, move)

    moves = 0
    while not state.is_terminal():
        moves += 1
        if moves > max_moves:
            raise RuntimeError(f"no end after {max_moves} moves (seed {seed})")
        if state.is_chance():
            state.apply_unchecked(CHANCE, state.sample_chance())
            continue
        acting = tuple(state.to_move())
        if not acting:
            raise RuntimeError(f"nobody may act in a live, non-chance state (seed {seed})")
        if len(acting) == 1 or state.acting_mode() == TURN:
            decide(acting[0])
            continue
        mode = state.acting_mode()
        for player in acting:
            if state.is_terminal() or state.is_chance() or state.acting_mode() != mode:
                break  # the node resolved or the window closed
            if player not in state.to_move():
                continue
            decide(player)
    return state


def _game_plan(index: int, players: int, seed: int, own_deal: bool = False) -> tuple:
    """(game seed, seat of A, bot seeds per seat) of the index-th game.

    Consecutive games share a game seed while A visits every seat, so each
    deal is played once from each seat (for two players: a mirrored pair).
    With `own_deal` (self-play: A and B are the same bot, so a mirrored pair
    would be one game played twice) every game has a deal of its own."""
    seat = index % players
    game_seed = seed * 1_000_003 + (index if own_deal else index // players)
    bot_seeds = [game_seed * 7919 + 101 * index + offset for offset in range(players)]
    return game_seed, seat, bot_seeds


@dataclass(frozen=True)
class BudgetClock:
    """What the bots' time budgets count in matches: "cpu" (this thread's CPU
    time, times `slowdown`) or "wall"."""

    kind: str = "cpu"
    slowdown: float = 1.0

    def __str__(self) -> str:
        return "wall clock" if self.kind == "wall" else f"CPU clock x{self.slowdown:g}"

    def install(self) -> None:
        from ludoteca.core import ai as core_ai

        if self.kind == "wall":
            core_ai.use_wall_clock()
        else:
            core_ai.use_cpu_clock(self.slowdown)


budget_clock = BudgetClock()  # set by parse_bench_arguments (--clock, --slowdown)
bench_journal = ""  # set by parse_bench_arguments (--journal): every head_to_head's default


def _play_match_game(job: tuple) -> Optional[dict]:
    """One game of A (in its seat) against B in every other seat: its record,
    or None when the deadline (a time.time(), or None) has passed."""
    game, variants, make_a, make_b, index, seed, max_moves, opening, watch_class, deadline, clock = job
    if deadline is not None and time.time() >= deadline:
        return None
    from ludoteca.core import ai as core_ai

    clock.install()
    try:
        return _play_one(game, variants, make_a, make_b, index, seed, max_moves, opening, watch_class)
    finally:
        core_ai.use_wall_clock()  # move-time figures and the app measure wall time


def _play_one(game, variants, make_a, make_b, index, seed, max_moves, opening, watch_class) -> dict:
    players = variants[0].num_players
    game_seed, seat, bot_seeds = _game_plan(index, players, seed, own_deal=make_a == make_b)
    variant = (index // players) % len(variants)  # each deal is played from every seat first
    bots = [make_a(bot_seeds[p]) if p == seat else make_b(bot_seeds[p]) for p in range(players)]
    labels = [bot_label(make_a) if p == seat else bot_label(make_b) for p in range(players)]
    watch = watch_class(bots, labels) if watch_class else None
    start = time.perf_counter()
    state = play_game(game, variants[variant], bots, game_seed, max_moves, opening, watch)
    returns = state.returns()
    return {"index": index, "seat": seat, "variant": variant, "labels": labels, "returns": returns,
            "score": returns[seat], "seconds": time.perf_counter() - start,
            "figures": watch.finish(state) if watch else {}}


def _map(function, jobs: list, workers: int):
    """Results of function over jobs, unordered, in worker processes when workers > 1."""
    if workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            yield function(job)
        return
    with Pool(min(workers, len(jobs))) as pool:
        yield from pool.imap_unordered(function, jobs)


def engine_fingerprint(modules: tuple) -> str:
    """A hash of the engine source a match depends on: the core and the
    rules and AI of the games in `modules` (their UI and texts left out)."""
    import ludoteca

    package = Path(ludoteca.__file__).resolve().parent
    folders = [package / "core"] + [package / "games" / name.rsplit(".", 1)[-1] for name in modules]
    digest = hashlib.sha256()
    for folder in folders:
        for path in sorted(folder.glob("*.py")):
            if path.name != "ui.py":
                digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def _pairing_key(game, variants, make_a, make_b, seed, max_moves, opening, clock) -> str:
    """What a journal's games must share to count for this pairing."""
    modules = {spec.module for spec in (make_a, make_b) if isinstance(spec, BotSpec) and spec.module}
    if isinstance(game, str):
        modules.add(game.partition(":")[0])
    games_only = tuple(sorted(name for name in modules if name.startswith("ludoteca.games.")))
    identity = {"game": game if isinstance(game, str) else type(game).__qualname__,
                "variants": [repr(variant) for variant in variants], "a": repr(make_a), "b": repr(make_b),
                "seed": seed, "max_moves": max_moves, "opening": opening, "clock": repr(clock),
                "engine": engine_fingerprint(games_only)}
    if make_a == make_b:
        identity["own_deals"] = True  # self-play: one deal a game (_game_plan), not mirrored pairs
    return hashlib.sha256(json.dumps(identity, sort_keys=True).encode()).hexdigest()[:16]


class Journal:
    """Finished games of many pairings, a JSON line each ({"key", "record"});
    `records` are this pairing's, by game index."""

    def __init__(self, path: str, key: str):
        self.path = Path(path)
        self.key = key
        self.records: dict = {}
        self.other_lines = 0
        if self.path.exists():
            for line in self.path.read_text(encoding="utf-8").splitlines():
                try:
                    entry = json.loads(line)
                except ValueError:
                    continue  # a line cut short by an interrupted run
                if isinstance(entry, dict) and entry.get("key") == key and isinstance(entry.get("record"), dict):
                    self.records[entry["record"]["index"]] = entry["record"]
                else:
                    self.other_lines += 1

    def add(self, record: dict) -> None:
        self.records[record["index"]] = record
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path, "a", encoding="utf-8") as out:
            out.write(json.dumps({"key": self.key, "record": record}, sort_keys=True) + "\n")


def head_to_head(game, settings_for_players, make_a, make_b, games: int, seed: int,
                 workers: int = 2, max_moves: int = 100000,
                 progress: Optional[Callable[[int, float], None]] = None,
                 seconds: Optional[float] = None, opening: int = 0,
                 watch: Optional[type] = None, journal_path: Optional[str] = None) -> dict:
    """Plays `games` games of bot A against bot B and scores A.

    `settings_for_players` are the game's Settings, or a list of Settings
    with the same player count (variants, e.g. editions: each deal is played
    from every seat, then the next deal uses the next variant). The player
    count fixes the table: A takes one seat, B every other; A's seat rotates
    game by game. make_a/make_b: picklable seed -> bot factories (BotSpec,
    UctSpec) when workers > 1. `progress(played, score so far)` is called
    after each game. With `seconds`, a budget of wall time: no game starts
    past it (games under way finish), and the figures cover the games
    played ("games" says how many).
    `opening` random decisions start each game; `watch`: a Watch subclass.
    `journal_path` (default: the bench's --journal): games already in that
    journal for this same pairing are taken from it, not played again; new
    ones are added as they finish ("from_journal" in the row counts the former).

    Returns a dict: a, b (labels), players, baseline (1 / players: an equal
    bot's expected share), games (played), wins, draws (a shared first
    place), losses, score (summed returns of A), share (score / games),
    low/high (its Wilson 95% interval), seat_scores (A's score per seat),
    seconds (summed game time), seconds_per_game, and records (one dict a
    game, by index: seat of A, variant, labels, returns, score, seconds,
    figures from the watch)."""
    variants = list(settings_for_players) if isinstance(settings_for_players, (list, tuple)) \
        else [settings_for_players]
    players = variants[0].num_players
    if any(variant.num_players != players for variant in variants):
        raise ValueError("every variant of a match needs the same number of players")
    deadline = time.time() + seconds if seconds is not None else None  # wall clock, the same in every worker
    clock = budget_clock
    journal_path = bench_journal if journal_path is None else journal_path
    journal = Journal(journal_path, _pairing_key(game, variants, make_a, make_b, seed, max_moves, opening,
                                                  clock)) if journal_path else None
    results = [record for index, record in sorted(journal.records.items()) if index < games] if journal else []
    done = {record["index"] for record in results}
    from_journal = len(results)
    jobs = [(game, variants, make_a, make_b, index, seed, max_moves, opening, watch, deadline, clock)
            for index in range(games) if index not in done]
    for result in _map(_play_match_game, jobs, workers):
        if result is None:
            continue
        results.append(result)
        if journal:
            journal.add(result)
        if progress:
            progress(len(results), sum(row["score"] for row in results))
    results.sort(key=lambda row: row["index"])
    played = len(results)
    seat_scores = [0.0] * players
    for row in results:
        seat_scores[row["seat"]] += row["score"]
    scores = [row["score"] for row in results]
    total = sum(scores)
    elapsed = sum(row["seconds"] for row in results)
    low, high = wilson(total, played)
    return {
        "a": bot_label(make_a),
        "b": bot_label(make_b),
        "players": players,
        "baseline": 1.0 / players,
        "games": played,
        "wins": sum(1 for score in scores if score >= 1.0),
        "draws": sum(1 for score in scores if 0.0 < score < 1.0),
        "losses": sum(1 for score in scores if score <= 0.0),
        "score": total,
        "share": total / played if played else 0.0,
        "low": low,
        "high": high,
        "seat_scores": seat_scores,
        "seconds": elapsed,
        "seconds_per_game": elapsed / played if played else 0.0,
        "from_journal": from_journal,
        "records": results,
    }


def ladder(game, settings, levels_in_order: list, games: int, seed: int, workers: int = 2,
           progress: Optional[Callable[[dict], None]] = None, **options) -> list:
    """head_to_head of each level against the one below it (weakest first);
    one row per rung, in order. `progress(row)` is called after each rung;
    `options` (seconds, opening, watch, max_moves) go to every head_to_head."""
    rows = []
    for lower, upper in zip(levels_in_order, levels_in_order[1:]):
        row = head_to_head(game, settings, upper, lower, games, seed, workers, **options)
        rows.append(row)
        if progress:
            progress(row)
    return rows


def verdict(row: dict) -> str:
    """"stronger" when A's interval lies above its fair share (1 / players),
    "weaker" when below, else "not separated"."""
    baseline = row.get("baseline", 0.5)
    if not row["games"]:
        return "no games"
    return "stronger" if row["low"] > baseline else ("weaker" if row["high"] < baseline else "not separated")


def format_row(row: dict) -> str:
    table = f" ({row['players']} players, fair share {row['baseline']:.0%})" if row.get("players", 2) != 2 else ""
    return (f"{row['a']:>8} vs {row['b']:<8} {row['share']:6.1%}  [95% CI {row['low']:5.1%} - {row['high']:5.1%}]"
            f"  W/D/L {row['wins']}/{row['draws']}/{row['losses']} of n={row['games']},"
            f" {row['seconds_per_game']:.1f} s/game  {verdict(row)}{table}"
            + (f" ({row['from_journal']} games from the journal)" if row.get("from_journal") else ""))


def format_table(rows: list) -> str:
    """One line per head-to-head: A's score share, its Wilson 95% interval,
    wins/draws/losses, and whether A is clearly stronger (interval above its
    fair share: 50% with two players)."""
    return "\n".join(format_row(row) for row in rows)


def score_by(row: dict, key: Callable[[dict], object]) -> dict:
    """A's score split by `key(record)` (e.g. the variant): {value: (score,
    games, low, high)}, values in first-seen order."""
    groups: dict = {}
    for record in row["records"]:
        score, games = groups.get(key(record), (0.0, 0))
        groups[key(record)] = (score + record["score"], games + 1)
    return {value: (score, games) + wilson(score, games) for value, (score, games) in groups.items()}


def format_rate(label: str, successes: float, trials: int, goal: str = "") -> str:
    """`label: k/n = p% [95% CI low - high]`, with an optional goal."""
    low, high = wilson(successes, trials)
    rate = successes / trials if trials else 0.0
    text = f"{label}: {successes:g}/{trials} = {rate:5.1%}  [95% CI {low:5.1%} - {high:5.1%}]"
    return text + (f"  goal {goal}" if goal else "")


def match_and_print(game, settings, make_a, make_b, games: int, seed: int, workers: int, began: float,
                    note: str = "", **options) -> dict:
    """head_to_head with a progress line every fifth of the games and the
    row printed at the end (plus `note`, e.g. the goal); returns the row.
    `options` go to head_to_head (seconds, opening, watch, max_moves)."""
    step = max(1, games // 5)
    name_a, name_b = bot_label(make_a), bot_label(make_b)

    def progress(played: int, score: float) -> None:
        if played % step == 0 and played < games:
            print(f"      ... {name_a} vs {name_b}: {played}/{games} games, {score / played:.1%}"
                  f" ({time.perf_counter() - began:.0f} s elapsed)", flush=True)

    row = head_to_head(game, settings, make_a, make_b, games, seed, workers, progress=progress, **options)
    print("   " + format_row(row) + (f"  goal {note}" if note else ""), flush=True)
    return row


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


BROWSER_SLICE = 0.012  # seconds of thinking the browser grants a bot per event-loop turn


def move_times(positions: list, make_bot, seed: int = 0, slice_seconds: float = BROWSER_SLICE) -> list:
    """(seconds, number of legal moves, longest slice in CPU seconds) of a
    fresh bot's decision at each position, thought in `slice_seconds`
    slices as in the browser (CPU time: on a loaded machine wall time also
    counts other processes). A bot without `start()` (no slices) thinks in
    one piece, which is then its longest slice."""
    times = []
    for index, (state, player) in enumerate(positions):
        bot = make_bot(seed + index)
        start = time.perf_counter()
        longest = 0.0
        if hasattr(bot, "start"):
            search = bot.start(state, player)
            finished = False
            while not finished:
                begin = time.process_time()
                finished = search.step(slice_seconds)
                longest = max(longest, time.process_time() - begin)
            search.best_move()
        else:
            begin = time.process_time()
            bot.choose(state, player)
            longest = time.process_time() - begin
        times.append((time.perf_counter() - start, len(list(state.generate_moves(player))), longest))
    return times


def format_times(label: str, timed: list) -> str:
    times = [row[0] for row in timed]
    thought = [row[0] for row in timed if row[1] > 1]
    longest = max((row[2] for row in timed), default=0.0)
    return (f"{label:>8}: all {len(times)} decisions median {milliseconds(times, 0.5):7.2f} ms,"
            f" p95 {milliseconds(times, 0.95):7.2f} ms; the {len(thought)} with a choice:"
            f" median {milliseconds(thought, 0.5):7.2f} ms, p95 {milliseconds(thought, 0.95):7.2f} ms;"
            f" longest slice {1000 * longest:5.1f} ms CPU")


def random_playouts(game, settings, seconds: float, seed: int = 1) -> dict:
    """Whole random games per second, moves per second (chance included),
    moves per game, and clones per second of a fresh state."""
    from ludoteca.core.protocol import CHANCE
    from ludoteca.core.rng import SeededRng

    game = resolve_game(game)
    rng = SeededRng(seed)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or not games:
        state = game.new_state(settings, seed + games)
        while not state.is_terminal():
            if state.is_chance():
                state.apply_unchecked(CHANCE, state.sample_chance(rng))
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


def level_move_times(game, settings, sampler, levels: dict, count: int, seed: int, workers: int = 2,
                     every: int = 3) -> dict:
    """{label: move_times} of each bot factory in `levels` ({label: factory})
    at the same `count` positions from games between `sampler` bots, one
    level per worker process."""
    jobs = [(game, settings, sampler, label, factory, count, seed, every) for label, factory in levels.items()]
    timed = dict(_map(_time_level, jobs, workers))
    return {label: timed[label] for label in levels}


def _time_level(job: tuple) -> tuple:
    game, settings, sampler, label, factory, count, seed, every = job
    positions = sample_positions(game, settings, sampler, count, seed, every)
    return label, move_times(positions, factory, seed)


# --- a bench's command line and its ladder section ------------------------------------
LEVELS = ("easy", "medium", "hard")


def bench_arguments(description: str, games: int, uct_games: int, uct_depth: Optional[int] = 50):
    """The options every game's bench shares: --dist, --games, --seconds,
    --workers, --seed, the UCT baseline's --uct-games, --uct-iterations,
    --uct-depth, --uct-seconds, and --quick (see parse_bench_arguments). Returns an argparse parser to add the game's own options to."""
    import argparse

    parser = argparse.ArgumentParser(description=description,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dist", default="", help="built app folder (its engine zip is used when it has one)")
    parser.add_argument("--games", type=int, default=games, help="games per pairing")
    parser.add_argument("--seconds", type=float, default=None,
                        help="wall-time budget per pairing: no game starts past it (n is printed)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--uct-games", type=int, default=uct_games,
                        help="games of hard against the core's UCT baseline (0 skips them)")
    parser.add_argument("--uct-iterations", type=int, default=1000, help="UCT iterations a decision")
    parser.add_argument("--uct-depth", type=int, default=uct_depth,
                        help="UCT random-playout cut-off in decisions (then a heuristic scores the leaf)")
    parser.add_argument("--uct-seconds", type=float, default=None,
                        help="wall-time budget of the UCT pairing (default: --seconds)")
    parser.add_argument("--quick", action="store_true",
                        help=f"a short run: at most {QUICK_GAMES} games a pairing, {QUICK_SECONDS:.0f} s budgets, no UCT")
    parser.add_argument("--pairs", default="",
                        help='only these ladder pairings, e.g. "hard vs medium,medium vs easy" (default: all)')
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                        help="what the bots' budgets count in matches: CPU time (load does not matter) or wall time")
    parser.add_argument("--slowdown", type=float, default=1.0,
                        help="CPU clock only: budgets count CPU time times this (1.5: what Pyodide buys)")
    parser.add_argument("--journal", default="",
                        help="keep finished games in this file and skip those already there (runs add up)")
    return parser


QUICK_GAMES = 4
QUICK_SECONDS = 60.0


def parse_bench_arguments(parser, argv: list):
    """The parsed options, cut down by --quick (the bench trims its own extras)."""
    global budget_clock, bench_journal
    args = parser.parse_args(argv)
    if args.slowdown <= 0:
        parser.error("--slowdown must be positive")
    budget_clock = BudgetClock(args.clock, args.slowdown if args.clock == "cpu" else 1.0)
    bench_journal = args.journal
    print(f"(in matches the bots' budgets count {budget_clock}"
          + (f"; games kept in {args.journal})" if args.journal else ")"), flush=True)
    if args.quick:
        args.games = min(args.games, QUICK_GAMES)
        args.uct_games = 0
        args.seconds = QUICK_SECONDS if args.seconds is None else min(args.seconds, QUICK_SECONDS)
    return args


def level_ladder(game, settings, module: str, args, began: float, goals: Optional[dict] = None,
                 describe: Optional[Callable[[dict], str]] = None, **options) -> list:
    """Prints and returns the AI ladder of a game whose module has AI_LEVELS:
    each level against the one below (random < easy < medium < hard), hard
    against random and easy, then hard against the core's UCT baseline (args.uct_iterations, playouts cut
    after args.uct_depth decisions; args.uct_games games, 0 skips it).
    `goals` ({"hard vs uct": text}, any UCT settings) are printed after a
    row; `describe(row)`
    adds a line of the game's own figures. `options` go to head_to_head."""
    rungs = [BotSpec(module, "random")] + [BotSpec(module, level) for level in LEVELS]
    pairings = [(upper, lower, args.games, args.seconds) for lower, upper in zip(rungs, rungs[1:])]
    # The issues' strength goals also set the top level against the two weakest.
    pairings += [(rungs[-1], weaker, args.games, args.seconds) for weaker in rungs[:-2]]
    if args.uct_games:
        budget = args.seconds if args.uct_seconds is None else args.uct_seconds
        pairings.append((rungs[-1], UctSpec(args.uct_iterations, args.uct_depth), args.uct_games, budget))
    if args.uct_games:
        print(f"   (uct = the core's UctBot: {args.uct_iterations} iterations a decision, random playouts"
              f" cut after {args.uct_depth} decisions)", flush=True)
    wanted = {pair.strip() for pair in getattr(args, "pairs", "").split(",") if pair.strip()}
    rows = []
    for index, (upper, lower, games, budget) in enumerate(pairings):
        label = f"{upper} vs {str(lower).split('(')[0]}"
        if wanted and label not in wanted:
            continue
        note = (goals or {}).get(label, "")
        row = match_and_print(game, settings, upper, lower, games, args.seed + index, args.workers, began,
                              note=note, seconds=budget, **options)
        if describe and row["games"]:
            print("      " + describe(row), flush=True)
        rows.append(row)
    return rows


def report_level_times(game, settings, module: str, positions: int, seed: int, workers: int, every: int = 3,
                       prefix: str = "") -> None:
    """Prints the move times of each AI level of `module` (AI_LEVELS) at the
    same positions, from games between its "easy" bots."""
    levels = {level: BotSpec(module, level) for level in LEVELS}
    timed = level_move_times(game, settings, BotSpec(module, "easy"), levels, positions, seed, workers, every)
    for level, rows in timed.items():
        print("   " + prefix + format_times(level, rows), flush=True)
