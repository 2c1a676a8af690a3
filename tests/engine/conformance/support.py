"""What the conformance tests share: the games found, the budget, the figures.

Every package under py/ludoteca/games whose `GAME` loads is tested; a package
whose `GAME` is missing or not importable yet is reported as skipped.
"""

import functools
import importlib
import math
import os
import pathlib
import sys
import time

import pytest

import run_profile

TOOLS = pathlib.Path(__file__).resolve().parents[3] / "py" / "tools"
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))

import fuzzing  # noqa: E402  (test tooling lives in py/tools, shared with bench_fuzz.py)

# Seeded random games per game, spread over its player counts and variants:
# a quick profile in the test command, 320 with --full (LUDOTECA_CONFORMANCE_GAMES
# overrides both, e.g. 40 while iterating). `build.py bench fuzz` plays thousands.
GAMES_PER_GAME = int(os.environ.get("LUDOTECA_CONFORMANCE_GAMES") or run_profile.examples(96, 320))
# Share of decision nodes that get every check; all nodes get the cheap ones.
FULL_RATE = float(os.environ.get("LUDOTECA_CONFORMANCE_FULL_RATE", "0.04"))
FIRST_SEED = 1
# CPU seconds one player count may spend on its random games once it has played
# one game per variant combination: keeps games with costly moves (many legal
# moves, big states) within the suite's few minutes. CPU time, not wall time,
# so a busy machine plays the same games.
CPU_SECONDS_PER_PLAYER_COUNT = float(os.environ.get("LUDOTECA_CONFORMANCE_SECONDS")
                                     or run_profile.examples(6, 20))

DISCOVERED = fuzzing.discover_games()
LOADED = {entry.id: entry.game for entry in DISCOVERED if entry.game is not None}

# game id -> fuzzing.Stats, added up over every test of this session.
SUMMARY: dict = {}


def record_stats(game_id: str, stats) -> None:
    SUMMARY.setdefault(game_id, fuzzing.Stats()).merge(stats)


def game_params(per_player_count: bool, marks_for=None) -> list:
    """pytest params (game_id, players) for every package; `players` is None
    when `per_player_count` is False. `marks_for(game_id)` adds marks."""
    params = []
    for entry in DISCOVERED:
        if entry.game is None:
            if entry.error:
                params.append(pytest.param(entry.id, None, id=f"{entry.id}-broken"))
            else:
                params.append(pytest.param(entry.id, None, id=f"{entry.id}-pending",
                                           marks=pytest.mark.skip(reason=f"{entry.id}: {entry.skip_reason}")))
            continue
        marks = list(marks_for(entry.id)) if marks_for else []
        if per_player_count:
            for players in range(entry.game.min_players, entry.game.max_players + 1):
                params.append(pytest.param(entry.id, players, id=f"{entry.id}-{players}p", marks=marks))
        else:
            params.append(pytest.param(entry.id, None, id=entry.id, marks=marks))
    return params


def game_or_fail(game_id: str):
    """The loaded Game; fails with the loading traceback for a broken package."""
    for entry in DISCOVERED:
        if entry.id == game_id and entry.error:
            pytest.fail(f"{game_id}: GAME raised while loading:\n{entry.error}")
    return LOADED[game_id]


def games_per_player_count(game) -> int:
    counts = game.max_players - game.min_players + 1
    return max(len(fuzzing.variant_combinations(game)), math.ceil(GAMES_PER_GAME / counts))


# Games a player count always plays before the CPU cap may stop it, up to this many:
# with --full, one per combination of the variants the rules read; in the quick
# profile, the combinations this count owns (see settings_in_play_order), so that
# the counts of a game play every combination between them. Six GeonAxis players
# on a seven-tile table cost seconds a game: all twelve combinations at each of
# five player counts were most of the engine tests' time.
MOST_GAMES_BEFORE_CAP = 32


def owned_combinations(game, players: int) -> list:
    """Indexes of the variant combinations that `players` plays first: every one with
    --full, else every k-th (k = the number of player counts), from this count's place."""
    combinations = len(fuzzing.variant_combinations(game))
    if run_profile.FULL:
        return list(range(combinations))
    counts = game.max_players - game.min_players + 1
    return list(range(players - game.min_players, combinations, counts)) or [(players - game.min_players) % combinations]


def settings_in_play_order(game, players: int) -> list:
    """This count's settings, its owned combinations first, then the others in order."""
    settings_list = fuzzing.every_settings(game, players)
    owned = owned_combinations(game, players)
    return [settings_list[i] for i in owned] + [s for i, s in enumerate(settings_list) if i not in owned]


def least_games_per_player_count(game, players: int) -> int:
    return min(games_per_player_count(game), len(owned_combinations(game, players)), MOST_GAMES_BEFORE_CAP)


@functools.lru_cache(maxsize=None)
def invariants_for(game_id: str):
    """The game's own `check_invariants(state)` from tests/engine/<id>/helpers.py, if it has one."""
    package = __name__.rsplit(".", 2)[0]  # the package holding tests/engine ("engine" or "tests.engine")
    try:
        helpers = importlib.import_module(f"{package}.{game_id}.helpers")
    except ModuleNotFoundError:
        return None
    return getattr(helpers, "check_invariants", None)


@functools.lru_cache(maxsize=None)
def random_games(game_id: str, players: int):
    """Plays this player count's share of seeded random games, its own variant
    combinations first (settings_in_play_order), then the others in turn; returns (Stats, failure case or None). Cached: other tests reuse it."""
    game = LOADED[game_id]
    settings_list = settings_in_play_order(game, players)
    stats = fuzzing.Stats()
    checks = fuzzing.Checks(full_rate=FULL_RATE)
    count = games_per_player_count(game)
    least = least_games_per_player_count(game, players)
    start = time.process_time()
    for number in range(count):
        if number >= least and time.process_time() - start > CPU_SECONDS_PER_PLAYER_COUNT:
            break
        seed = FIRST_SEED + 1000 * players + number
        settings = settings_list[number % len(settings_list)]
        try:
            fuzzing.play_game(game, settings, seed, checks, stats, invariants_for(game_id))
        except fuzzing.FuzzFailure as failure:
            return stats, failure.case
    return stats, None


def describe_case(case: dict) -> str:
    lines = [f"{case['game']} {case['settings']} seed {case['seed']}: check '{case['check']}' failed"
             f" after {len(case['moves'])} moves", case["error"], "", "last moves: " + ", ".join(case["moves"][-8:])]
    return "\n".join(lines) + "\n" + "".join(case.get("traceback", []))


def sample_states(game_id: str, players: int, games: int = 2, per_game: int = 4) -> list:
    """Clones of states from seeded random games: a few decision nodes and the end.
    The games are played once (each damaged-state kind asks again); each call gets clones."""
    return [state.clone() for state in _sampled_states(game_id, players, games, per_game)]


@functools.lru_cache(maxsize=None)
def _sampled_states(game_id: str, players: int, games: int, per_game: int) -> tuple:
    game = LOADED[game_id]
    settings_list = fuzzing.every_settings(game, players)
    off = fuzzing.Checks(clone=False, json_round_trip=False, replay=False, record=False, parse_back=False,
                         junk=False, wrong_moves=False, determinize=False, views=False, multi_actor=False,
                         secrecy=False, terminal=False, full_rate=0.0)
    states = []
    for number in range(games):
        seed = FIRST_SEED + 7000 + 100 * players + number
        nodes = []
        fuzzing.play_game(game, settings_list[number % len(settings_list)], seed, off,
                          on_node=lambda state: nodes.append(state.clone()))
        picker = fuzzing.SeededRng(seed)
        chosen = [nodes[picker.randbelow(len(nodes))] for _ in range(per_game - 1)] + [nodes[-1]]
        states.extend(chosen)
    return tuple(states)


@functools.lru_cache(maxsize=None)
def corrupted_states(game_id: str, kind: str, per_state: int = 8):
    """Damaged to_json() data of `kind` fed to state_from_json; returns
    (Stats, problems, accepted, refused): problems lists what went wrong."""
    game = LOADED[game_id]
    stats = fuzzing.Stats()
    problems, accepted, refused = [], 0, 0
    rng = fuzzing.SeededRng(sum(map(ord, kind)))  # hash() is salted per process
    for players in range(game.min_players, game.max_players + 1):
        for number, state in enumerate(sample_states(game_id, players)):
            for label, data in fuzzing.corruptions(state.to_json(), kind, rng, per_state):
                stats.count("corrupted_state")
                try:
                    loaded = game.state_from_json(data)
                except fuzzing.GameError as error:  # RecordError, or another GameError on purpose
                    stats.saw_error("state_from_json(damaged)", error)
                    refused += 1
                    continue
                except Exception as error:  # noqa: BLE001
                    problems.append(f"{players}p state {number}, {label}: state_from_json raised a raw"
                                    f" {type(error).__name__}: {error}")
                    continue
                accepted += 1
                try:
                    fuzzing.check_loaded_state(game, loaded, stats, seed=number, invariants=invariants_for(game_id))
                except Exception as error:  # noqa: BLE001
                    problems.append(f"{players}p state {number}, {label}: accepted, but then"
                                    f" {type(error).__name__}: {str(error)[:600]}")
    return stats, problems, accepted, refused
