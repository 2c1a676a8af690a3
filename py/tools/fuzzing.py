"""Seeded random games through the game protocol, checked at every move.

Shared by the conformance tests (tests/engine/conformance) and the fuzz bench
(py/tools/bench_fuzz.py). It only uses the protocol (core/protocol.py) and
`Match` (core/match.py), so it works for every game package whose `GAME`
loads, including games written after it.

    game = load_game("alphabeticell")
    stats = Stats()
    for settings in every_settings(game):
        play_game(game, settings, seed=7, checks=Checks(), stats=stats)

A broken rule raises `FuzzFailure`, which carries what a regression case
needs to replay it: the game, settings, seed, the player moves so far and the
original exception.
"""

from __future__ import annotations

import importlib
import itertools
import json
import math
import sys
import traceback
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Optional

ROOT = Path(__file__).resolve().parents[2]
PY_DIR = ROOT / "py"
if str(PY_DIR) not in sys.path:
    sys.path.insert(0, str(PY_DIR))
GAMES_DIR = PY_DIR / "ludoteca" / "games"
REGRESSION_CASES = ROOT / "tests" / "engine" / "regressions" / "cases"

from ludoteca.core.match import Match, Seat  # noqa: E402
from ludoteca.core.protocol import (  # noqa: E402
    CHANCE,
    RESPONSE,
    SIMULTANEOUS,
    TURN,
    ChanceKind,
    Dynamics,
    GameError,
    IllegalMoveError,
    Information,
    MoveParseError,
    RecordError,
    Settings,
)
from ludoteca.core.rng import SeededRng  # noqa: E402

ACTING_MODES = (TURN, SIMULTANEOUS, RESPONSE)
# The acting modes each GameType.dynamics allows.
MODES_OF = {Dynamics.SEQUENTIAL: (TURN,), Dynamics.SIMULTANEOUS: (TURN, SIMULTANEOUS), Dynamics.MIXED: ACTING_MODES}
# Separate streams, so that turning a check on or off never changes the moves played.
MOVE_SALT = 0x6D6F766573
CHECK_SALT = 0x636865636B
DEFAULT_MAX_MOVES = 20000  # player moves and chance events together: "every game ends"
RESERVOIR_SIZE = 48  # moves legal at earlier nodes, replayed at later ones


# --- finding the games ---------------------------------------------------------------
@dataclass
class Discovered:
    """One package under ludoteca/games: its Game, or why it was skipped."""

    id: str
    game: object = None
    skip_reason: str = ""  # GAME missing or not importable yet: skipped, with this reason
    error: str = ""  # anything else went wrong while loading: a failure


def discover_games() -> list:
    found = []
    for folder in sorted(GAMES_DIR.iterdir()):
        if not (folder / "__init__.py").is_file() or folder.name.startswith("_"):
            continue
        game_id = folder.name
        try:
            package = importlib.import_module(f"ludoteca.games.{game_id}")
            game = package.GAME
        except (ImportError, AttributeError) as error:
            found.append(Discovered(game_id, skip_reason=f"GAME does not load yet: {type(error).__name__}: {error}"))
            continue
        except Exception:  # a game whose GAME crashes while loading is broken, not pending
            found.append(Discovered(game_id, error=traceback.format_exc()))
            continue
        found.append(Discovered(game_id, game))
    return found


def load_game(game_id: str):
    return importlib.import_module(f"ludoteca.games.{game_id}").GAME


def loaded_games() -> dict:
    """id -> Game for every package whose GAME loads."""
    return {entry.id: entry.game for entry in discover_games() if entry.game is not None}


def variant_combinations(game) -> list:
    """Every combination of the variants the rules read; a setting only the app reads
    (a round clock) keeps its default, since the rules play the same whatever it is."""
    options = [option for option in game.variants if option.rules_read]
    if not options:
        return [{}]
    keys = [option.key for option in options]
    return [dict(zip(keys, values)) for values in itertools.product(*(option.choices for option in options))]


def every_settings(game, players: Optional[int] = None) -> list:
    """Every player count (or just `players`) times every variant combination."""
    counts = [players] if players is not None else range(game.min_players, game.max_players + 1)
    return [game.validate_settings(Settings(count, variants))
            for count in counts for variants in variant_combinations(game)]


_PROVIDED: set = set()


def provide_assets(game, settings) -> None:
    """Reads each file the rules need (repo-root relative) and hands it over, once."""
    for path in game.required_assets(settings):
        key = (id(game), path)
        if key in _PROVIDED:
            continue
        game.provide_asset(path, (ROOT / path).read_bytes())
        _PROVIDED.add(key)


# --- configuration and figures ----------------------------------------------------
@dataclass
class Checks:
    """Which checks run. Cheap ones run at every node; the full set runs at
    the first node, the last, and a sample of `full_rate` of the others."""

    clone: bool = True
    json_round_trip: bool = True
    replay: bool = True  # a Match fed the same moves, compared at every move
    record: bool = True  # Match.from_record(match.record()) at the end and at record_rate of full nodes
    record_rate: float = 0.2  # replaying a whole record costs as much as the game so far
    json_every_move: bool = False  # the JSON round trip at every node, not only at full ones
    parse_back: bool = True
    junk: bool = True
    wrong_moves: bool = True
    determinize: bool = True
    views: bool = True
    multi_actor: bool = True
    secrecy: bool = True  # a simultaneous submission is invisible to the others
    terminal: bool = True
    full_rate: float = 1.0
    max_moves: int = DEFAULT_MAX_MOVES

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> "Checks":
        known = {name for name in cls.__dataclass_fields__}
        return cls(**{key: value for key, value in (data or {}).items() if key in known})


@dataclass
class Stats:
    games: int = 0
    moves: int = 0  # player moves
    chance: int = 0  # chance events
    checks: int = 0
    full_nodes: int = 0
    by_check: Counter = field(default_factory=Counter)
    error_codes: Counter = field(default_factory=Counter)  # codes seen on purposeful errors
    codeless: Counter = field(default_factory=Counter)  # where a GameError had no code
    codeless_examples: list = field(default_factory=list)

    def count(self, check: str, number: int = 1) -> None:
        self.checks += number
        self.by_check[check] += number

    def saw_error(self, where: str, error: BaseException) -> None:
        code = getattr(error, "code", "")
        if code:
            self.error_codes[code] += 1
            return
        self.codeless[where] += 1
        if len(self.codeless_examples) < 8:
            self.codeless_examples.append(f"{where}: {type(error).__name__}({str(error)[:120]!r})")

    def merge(self, other: "Stats") -> None:
        self.games += other.games
        self.moves += other.moves
        self.chance += other.chance
        self.checks += other.checks
        self.full_nodes += other.full_nodes
        self.by_check.update(other.by_check)
        self.error_codes.update(other.error_codes)
        self.codeless.update(other.codeless)
        room = 8 - len(self.codeless_examples)
        self.codeless_examples.extend(other.codeless_examples[:max(room, 0)])

    def to_json(self) -> dict:
        return {
            "games": self.games, "moves": self.moves, "chance": self.chance, "checks": self.checks,
            "full_nodes": self.full_nodes, "by_check": dict(sorted(self.by_check.items())),
            "codeless_errors": sum(self.codeless.values()),
            "codeless_examples": list(self.codeless_examples),
        }


class ConformanceError(AssertionError):
    """A check failed: `check` names it."""

    def __init__(self, check: str, message: str):
        super().__init__(f"[{check}] {message}")
        self.check = check


class FuzzFailure(Exception):
    """A random game broke a check or crashed; holds a replayable case."""

    def __init__(self, case: dict):
        super().__init__(f"{case['game']} seed {case['seed']} {case['settings']}: "
                         f"[{case['check']}] after {len(case['moves'])} moves: {case['error']}")
        self.case = case


def fail(check: str, message: str):
    raise ConformanceError(check, message)


def expect(condition, check: str, message) -> None:
    if not condition:
        fail(check, message() if callable(message) else message)


# --- small helpers ---------------------------------------------------------------
def dumps(data) -> str:
    return json.dumps(data, sort_keys=True, allow_nan=False)


def json_copy(data):
    return json.loads(dumps(data))


def legal_list(state, player: int) -> list:
    return list(state.legal_moves(player))


def seats_for(count: int) -> list:
    return [Seat(f"P{player}") for player in range(count)]


def _describe(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"


def expect_refusal(stats: Stats, check: str, where: str, action: Callable, kinds=(IllegalMoveError,)) -> None:
    """`action` must raise one of `kinds` (a GameError the game raised on purpose)."""
    try:
        action()
    except kinds as error:
        stats.saw_error(where, error)
        return
    except GameError as error:
        stats.saw_error(where, error)
        fail(check, f"{where}: expected {' or '.join(k.__name__ for k in kinds)}, got {_describe(error)}")
    except Exception as error:  # noqa: BLE001 - a raw error is exactly what we look for
        fail(check, f"{where}: raised a raw {_describe(error)}\n{traceback.format_exc()}")
    fail(check, f"{where}: was accepted")


# --- checks at one node ----------------------------------------------------------------
class Checker:
    """Runs the checks at each node of one game; holds what they need across nodes."""

    def __init__(self, game, settings, seed: int, checks: Checks, stats: Stats,
                 invariants: Optional[Callable] = None):
        self.game = game
        self.settings = settings
        self.seed = seed
        self.checks = checks
        self.stats = stats
        self.invariants = invariants
        self.rng = SeededRng(seed ^ CHECK_SALT)
        self.reservoir: list = []  # (player, move) legal at earlier nodes
        self.chance_reservoir: list = []
        self.keywords: set = set()
        self.games = {game.id: game}
        self.final = False  # the last node of a scripted replay

    # called by the driver
    def wants_full(self) -> bool:
        rate = self.checks.full_rate
        return rate >= 1.0 or (rate > 0 and self.rng.random() < rate)

    def remember(self, player: int, move) -> None:
        if player == CHANCE:
            if len(self.chance_reservoir) < RESERVOIR_SIZE:
                self.chance_reservoir.append(move)
            else:
                self.chance_reservoir[self.rng.randbelow(RESERVOIR_SIZE)] = move
            return
        self.keywords.add(move.text.split(" ", 1)[0])
        if len(self.reservoir) < RESERVOIR_SIZE:
            self.reservoir.append((player, move))
        else:
            self.reservoir[self.rng.randbelow(RESERVOIR_SIZE)] = (player, move)

    def node(self, state, full: bool, match: Optional[Match] = None) -> None:
        """Everything that must hold at this node."""
        self.protocol(state, full)
        if self.invariants is not None:
            self.stats.count("invariants")
            try:
                self.invariants(state)
            except AssertionError as error:
                fail("invariants", f"the game's own invariants fail: {error}")
        if match is not None and self.checks.replay:
            self.replayed(state, match)
        if not full:
            if self.checks.json_every_move and self.checks.json_round_trip and not state.is_chance():
                self.json_round_trip(state)
            return
        self.stats.full_nodes += 1
        if self.checks.json_round_trip:
            self.json_round_trip(state)
        if self.checks.views:
            self.views(state)
        if self.checks.determinize and not state.is_chance() and not state.is_terminal():
            self.determinize(state)
        if self.checks.clone:
            self.clone(state)
        if self.checks.parse_back:
            self.parse_back(state)
        if self.checks.multi_actor:
            self.multi_actor(state)
        if self.checks.junk:
            self.junk(state)
        if self.checks.wrong_moves:
            self.wrong_moves(state)
        if self.checks.secrecy and not state.is_terminal() and not state.is_chance():
            self.secrecy(state)
        if match is not None and self.checks.record and (
                state.is_terminal() or self.final or self.rng.random() < self.checks.record_rate):
            self.record(state, match)

    def protocol(self, state, full: bool) -> None:
        self.stats.count("protocol")
        acting = state.to_move()
        n = state.num_players
        expect(isinstance(acting, tuple), "protocol", lambda: f"to_move() must be a tuple, got {acting!r}")
        expect(len(set(acting)) == len(acting) and all(isinstance(p, int) and 0 <= p < n for p in acting),
               "protocol", lambda: f"to_move() {acting!r} must list distinct players 0..{n - 1}")
        if state.is_terminal():
            if self.checks.terminal:
                self.terminal(state)
            return
        game_type = self.game.game_type
        if state.is_chance():
            expect(game_type.chance == ChanceKind.EXPLICIT, "protocol",
                   f"a chance node in a game whose game_type says {game_type.chance.value}")
            expect(acting == (), "protocol", lambda: f"a chance node has players to move: {acting!r}")
            if full:
                outcomes = state.chance_outcomes()
                expect(outcomes, "protocol", "a chance node lists no outcomes")
                total = sum(probability for _, probability in outcomes)
                expect(math.isclose(total, 1.0, abs_tol=1e-6), "protocol",
                       lambda: f"chance probabilities sum to {total}, not 1")
            return
        expect(acting, "protocol", "the game is neither over nor at a chance node, yet nobody can act")
        mode = state.acting_mode()
        expect(mode in ACTING_MODES, "protocol", lambda: f"acting_mode() {mode!r} is not one of {ACTING_MODES}")
        expect(mode in MODES_OF[game_type.dynamics], "protocol",
               lambda: f"a {mode} node in a game whose game_type says {game_type.dynamics.value}")
        if mode == TURN:
            expect(len(acting) == 1, "protocol", lambda: f"a TURN node with several players {acting!r}")
        for player in (acting if full else acting[:1]):
            expect(legal_list(state, player), "protocol",
                   lambda: f"player {player} is in to_move() {acting!r} but has no legal move")

    def terminal(self, state) -> None:
        self.stats.count("terminal")
        n = state.num_players
        expect(state.to_move() == (), "terminal", lambda: f"a finished game has to_move() {state.to_move()!r}")
        returns = list(state.returns())
        expect(len(returns) == n, "terminal", lambda: f"returns() {returns!r} has not {n} entries")
        expect(all(isinstance(value, (int, float)) and math.isfinite(value) and -1e-9 <= value <= 1 + 1e-9
                   for value in returns), "terminal", lambda: f"returns() {returns!r} must lie in [0, 1]")
        utility = self.game.game_type.utility
        expect(self.game.game_type.returns_add_up(returns), "terminal",
               lambda: f"returns() {returns!r} do not add up as a {utility.value} game's do")
        expect(len(state.scores()) == n and len(state.ranking()) == n, "terminal",
               "scores() and ranking() need one entry per player")
        for player in range(n):
            expect(not legal_list(state, player), "terminal",
                   lambda: f"player {player} still has legal moves at the end")

    def replayed(self, state, match: Match) -> None:
        self.stats.count("replay")
        if match.state.to_json() != state.to_json():
            fail("replay", "a Match fed the same move texts reached a different state:\n"
                 + first_difference(state.to_json(), match.state.to_json()))

    def json_round_trip(self, state) -> None:
        self.stats.count("json_round_trip")
        data = state.to_json()
        try:
            text = dumps(data)
        except (TypeError, ValueError) as error:
            fail("json_round_trip", f"to_json() is not JSON: {_describe(error)}")
        loaded = json.loads(text)
        expect(loaded == data, "json_round_trip",
               lambda: "to_json() holds values JSON does not keep (tuples? int keys?):\n"
               + first_difference(data, loaded))
        try:
            restored = self.game.state_from_json(loaded)
        except Exception as error:  # noqa: BLE001
            fail("json_round_trip", f"state_from_json(to_json()) raised {_describe(error)}\n{traceback.format_exc()}")
        expect(restored == state, "json_round_trip",
               lambda: "state_from_json(to_json()) != state:\n" + first_difference(data, restored.to_json()))
        expect(restored.to_move() == state.to_move() and restored.is_chance() == state.is_chance()
               and restored.is_terminal() == state.is_terminal(), "json_round_trip",
               "the restored state has another player to move")
        for player in state.to_move():
            expect([m.text for m in legal_list(restored, player)] == [m.text for m in legal_list(state, player)],
                   "json_round_trip", lambda: f"the restored state gives player {player} other legal moves")

    def views(self, state) -> None:
        before = state.to_json()
        for player in [None, *range(state.num_players)]:
            self.stats.count("views")
            view = state.view(player)
            try:
                dumps(view)
            except (TypeError, ValueError) as error:
                fail("views", f"view({player}) is not JSON: {_describe(error)}")
        expect(state.to_json() == before, "views", "view() changed the state")

    def determinize(self, state) -> None:
        before = state.to_json()
        for player in range(state.num_players):
            self.stats.count("determinize")
            world = state.determinize(player, SeededRng(self.rng.next_u64() >> 11))
            expect(world is not state, "determinize", "determinize() returned the state itself")
            if self.game.game_type.information == Information.PERFECT:
                expect(world.to_json() == state.to_json(), "determinize",
                       "a perfect-information game's determinize() is not a plain copy")
            if world.view(player) != state.view(player):
                fail("determinize", f"determinize({player}).view({player}) != view({player}):\n"
                     + first_difference(state.view(player), world.view(player)))
        expect(state.to_json() == before, "determinize", "determinize() changed the state (or its RNG)")

    def clone(self, state) -> None:
        self.stats.count("clone")
        before = state.to_json()
        copy = state.clone()
        expect(copy is not state and copy == state, "clone", "clone() is not an equal, separate state")
        walker = SeededRng(self.rng.next_u64())
        for _ in range(3):  # play on in the copy, chance included
            if copy.is_terminal():
                break
            if copy.is_chance():
                copy.apply_unchecked(CHANCE, copy.sample_chance())
                continue
            player = walker.choice(list(copy.to_move()))
            copy.apply(player, walker.choice(legal_list(copy, player)))
        if state.to_json() != before:
            fail("clone", "playing on in a clone changed the original:\n" + first_difference(before, state.to_json()))

    def parse_back(self, state) -> None:
        for player in state.to_move():
            for move in legal_list(state, player):
                self.stats.count("parse_back")
                check_parse_back(self.game, move)

    def multi_actor(self, state) -> None:
        if len(state.to_move()) > 1:
            self.stats.count("multi_actor")
            expect_refusal(self.stats, "multi_actor", "legal_moves() with several players to move",
                           lambda: state.legal_moves(), kinds=(GameError,))

    def junk(self, state) -> None:
        before = state.to_json()
        acting = state.to_move()
        players = list(acting) or [self.rng.randbelow(state.num_players)]
        legal = {player: legal_list(state, player) for player in players}
        for text in junk_texts(self.rng, sorted(self.keywords), [m.text for ms in legal.values() for m in ms]):
            self.stats.count("junk")
            try:
                move = self.game.parse_move(text)
            except MoveParseError as error:
                self.stats.saw_error("parse_move(junk)", error)
                continue
            except GameError as error:
                self.stats.saw_error("parse_move(junk)", error)
                fail("junk", f"parse_move({text[:80]!r}) raised {_describe(error)}, not a MoveParseError")
            except Exception as error:  # noqa: BLE001
                fail("junk", f"parse_move({text[:80]!r}) raised a raw {_describe(error)}\n{traceback.format_exc()}")
            for player in players:
                if move in legal[player]:
                    continue  # the junk happened to name a legal move
                expect_refusal(self.stats, "junk", f"apply({player}, parse_move({text[:40]!r}))",
                               lambda: state.apply(player, move))
                if state.to_json() != before:
                    fail("junk", f"a refused junk move {text[:80]!r} changed the state")

    def wrong_moves(self, state) -> None:
        """Earlier legal moves, other players' moves, moves at the wrong node."""
        before = state.to_json()
        n = state.num_players
        acting = state.to_move()
        legal = {player: legal_list(state, player) for player in range(n)}
        for player in range(n):
            if player not in acting:
                expect(not legal[player], "wrong_moves",
                       lambda: f"player {player} is not in to_move() {acting!r} but has legal moves")
        candidates = [move for _, move in self.rng_sample(self.reservoir, 6)]
        for player in acting:
            candidates.extend(self.rng_sample(legal[player], 2))
        players = list(range(n)) + [-1, n, n + 7]
        for move in candidates:
            for player in players:
                if 0 <= player < n and move in legal[player]:
                    self.stats.count("wrong_moves")
                    expect(state.is_legal(player, move), "wrong_moves",
                           lambda: f"is_legal({player}, {move.text!r}) is False for a generated move")
                    continue
                self.stats.count("wrong_moves")
                if 0 <= player < n:
                    expect(not state.is_legal(player, move), "wrong_moves",
                           lambda: f"is_legal({player}, {move.text!r}) is True but it is not generated")
                expect_refusal(self.stats, "wrong_moves", f"apply({player}, {move.text!r}) at a node where it is not legal",
                               lambda: state.apply(player, move))
                if state.to_json() != before:
                    fail("wrong_moves", f"a refused move {move.text!r} by player {player} changed the state")
        if not state.is_chance() and self.chance_reservoir:
            self.stats.count("wrong_moves")
            outcome = self.rng.choice(self.chance_reservoir)
            expect_refusal(self.stats, "wrong_moves", f"apply_chance({outcome.text!r}) at a player node",
                           lambda: state.apply_chance(outcome))
            expect(state.to_json() == before, "wrong_moves", "a refused chance event changed the state")

    def rng_sample(self, items: list, count: int) -> list:
        if len(items) <= count:
            return list(items)
        picked = list(items)
        self.rng.shuffle(picked)
        return picked[:count]

    def secrecy(self, state) -> None:
        """At a simultaneous node the others see only THAT a player submitted."""
        acting = state.to_move()
        if state.acting_mode() != SIMULTANEOUS or len(acting) < 2:
            return
        n = state.num_players
        for player in acting:
            options = self.rng_sample(legal_list(state, player), 3)
            if len(options) < 2:
                continue
            seen = None
            for move in options:
                self.stats.count("secrecy")
                after = state.clone()
                after.apply(player, move)
                remaining = after.to_move()
                expect(after.acting_mode() == SIMULTANEOUS and set(remaining) == set(acting) - {player},
                       "secrecy", lambda: f"after player {player} submitted at a simultaneous node of {acting!r},"
                       f" to_move() is {remaining!r} (it must only lose that player)")
                views = [after.view(other) for other in [None, *range(n)] if other != player]
                if seen is None:
                    seen = (move, views)
                elif views != seen[1]:
                    fail("secrecy", f"the other players' views tell {seen[0].text!r} from {move.text!r},"
                         f" submitted by player {player}")

    def record(self, state, match: Match) -> None:
        self.stats.count("record")
        record = match.record()
        try:
            replayed = Match.from_record(json_copy(record), self.games)
        except Exception as error:  # noqa: BLE001
            fail("record", f"Match.from_record(match.record()) raised {_describe(error)}\n{traceback.format_exc()}")
        if replayed.state != state:
            fail("record", "Match.from_record(match.record()) reached another state:\n"
                 + first_difference(state.to_json(), replayed.state.to_json()))


def check_parse_back(game, move) -> None:
    text = move.text
    try:
        parsed = game.parse_move(text)
    except Exception as error:  # noqa: BLE001
        fail("parse_back", f"parse_move({text!r}) of a legal move raised {_describe(error)}")
    expect(parsed == move, "parse_back", lambda: f"parse_move({text!r}) gives {parsed!r}, not {move!r}")
    expect(parsed.text == text, "parse_back", lambda: f"parse_move({text!r}).text is {parsed.text!r}")


def first_difference(want, got, path: str = "$") -> str:
    """Where two JSON-like values first differ, for readable failures."""
    if isinstance(want, dict) and isinstance(got, dict):
        for key in sorted(set(want) | set(got), key=str):
            if key not in got:
                return f"{path}.{key}: missing (expected {str(want[key])[:200]})"
            if key not in want:
                return f"{path}.{key}: unexpected {str(got[key])[:200]}"
            if want[key] != got[key]:
                return first_difference(want[key], got[key], f"{path}.{key}")
    if isinstance(want, (list, tuple)) and isinstance(got, (list, tuple)) and type(want) is type(got):
        if len(want) != len(got):
            return f"{path}: length {len(got)}, expected {len(want)}"
        for index, (a, b) in enumerate(zip(want, got)):
            if a != b:
                return first_difference(a, b, f"{path}[{index}]")
    return f"{path}: {str(got)[:300]} (expected {str(want)[:300]})"


# --- junk move texts ------------------------------------------------------------------
BAD_ARGUMENTS = ("", "-1", "0", "99999999999999999999", "1e309", "NaN", "None", "null", "[]", "{}",
                 "ZZZZ", "é", "\u0000", "x" * 300, "1.5", "-", ":", "A B C D E F G H",
                 "²", "٣", "１", "1_0", "+1")


def junk_texts(rng: SeededRng, keywords: list, legal_texts: list) -> list:
    """Strings that should not name a legal move (if one does, the check skips it)."""
    texts = ["", " ", "\n\t", "\x00", "🂡", "x" * 10000, "frobnicate", "frobnicate 1 2",
             "resign", "undo", "0:pass", "%s", "{}"]
    texts.append("".join(chr(rng.randbelow(0x2FF) + 1) for _ in range(1 + rng.randbelow(24))))
    texts.append("".join(chr(rng.randbelow(95) + 32) for _ in range(1 + rng.randbelow(24))))
    for keyword in _sample(rng, keywords, 3):
        texts.append(keyword + " " + rng.choice(BAD_ARGUMENTS))
        texts.append(keyword + " " + rng.choice(BAD_ARGUMENTS) + " " + rng.choice(BAD_ARGUMENTS))
        texts.append(keyword + (" 1" * 3000))
    for text in _sample(rng, legal_texts, 3):
        words = text.split(" ")
        texts.append(text + " extra")
        texts.append(text + " " + text)
        if len(words) > 1:
            texts.append(" ".join(words[:-1]))  # an argument missing
            spoiled = list(words)
            spoiled[1 + rng.randbelow(len(words) - 1)] = rng.choice(BAD_ARGUMENTS)
            texts.append(" ".join(spoiled))
        texts.append(words[0] + "x " + " ".join(words[1:]))
    return texts


def _sample(rng: SeededRng, items: list, count: int) -> list:
    if len(items) <= count:
        return list(items)
    return [items[rng.randbelow(len(items))] for _ in range(count)]


# --- the driver -----------------------------------------------------------------------
def choose_player(state, rng: SeededRng) -> int:
    """TURN: the one player. SIMULTANEOUS: each still listed submits, in a random
    order. RESPONSE: a random listed player acts at each step."""
    acting = state.to_move()
    if len(acting) == 1:
        return acting[0]
    return acting[rng.randbelow(len(acting))]


def play_game(game, settings, seed: int, checks: Optional[Checks] = None, stats: Optional[Stats] = None,
              invariants: Optional[Callable] = None, script: Optional[list] = None,
              on_move: Optional[Callable] = None, on_node: Optional[Callable] = None):
    """Plays one seeded random game (or the `script` of "player:text" moves,
    then stops) with the checks; returns the final state. Raises FuzzFailure.
    `on_node(state)` sees each player decision node and the end; `on_move(state,
    player, move)` each move just played (chance not yet resolved)."""
    checks = checks or Checks()
    stats = stats if stats is not None else Stats()
    settings = game.validate_settings(settings)
    provide_assets(game, settings)
    checker = Checker(game, settings, seed, checks, stats, invariants)
    moves_rng = SeededRng(seed ^ MOVE_SALT)
    played: list = []
    state = match = None
    stage = "new_state"
    try:
        state = game.new_state(settings, seed)
        match = Match(game, settings, seed, seats_for(settings.num_players)) if (checks.replay or checks.record) else None
        steps = 0
        opening = True
        while True:
            if state.is_terminal():
                stage = "end"
                if on_node is not None:
                    on_node(state)
                checker.node(state, full=True, match=match)
                break
            if state.is_chance():
                stage = "chance"
                checker.node(state, full=False)
                outcome = state.sample_chance()
                checker.remember(CHANCE, outcome)
                state.apply_unchecked(CHANCE, outcome)
                stats.chance += 1
            else:
                if script is not None and len(played) >= len(script):
                    stage = "end of script"
                    checker.final = True
                    checker.node(state, full=True, match=match)
                    break
                if on_node is not None:
                    on_node(state)
                stage = "checks"
                checker.node(state, full=opening or checker.wants_full(), match=match)
                opening = False
                if script is not None:
                    player_text, _, text = script[len(played)].partition(":")
                    player, move = int(player_text), game.parse_move(text)
                else:
                    player = choose_player(state, moves_rng)
                    move = moves_rng.choice(legal_list(state, player))
                stage = "move"
                played.append(f"{player}:{move.text}")
                if checks.parse_back:
                    stats.count("parse_back")
                    check_parse_back(game, move)
                acting, mode = state.to_move(), state.acting_mode()
                state.apply(player, move)
                checker.remember(player, move)
                stats.moves += 1
                if checks.secrecy and mode == SIMULTANEOUS and len(acting) > 1:
                    stats.count("secrecy")
                    expect(set(state.to_move()) == set(acting) - {player}, "secrecy",
                           lambda: f"a submission at a simultaneous node of {acting!r} left to_move() {state.to_move()!r}")
                if match is not None:
                    match.play(player, move.text)
                if on_move is not None:
                    on_move(state, player, move)
            steps += 1
            if steps > checks.max_moves:
                fail("ends", f"no end after {checks.max_moves} moves and chance events")
    except FuzzFailure:
        raise
    except Exception as error:  # noqa: BLE001 - every failure becomes a case
        raise FuzzFailure(failure_case(game, settings, seed, checks, played, stage, error)) from error
    stats.games += 1
    return state


def failure_case(game, settings, seed: int, checks: Checks, played: list, stage: str, error: BaseException) -> dict:
    return {
        "game": game.id,
        "rules": getattr(game, "rules_version", 1),
        "settings": settings.to_json(),
        "seed": seed,
        "checks": checks.to_json(),
        "moves": list(played),
        "check": getattr(error, "check", stage),
        "error": f"{type(error).__name__}: {error}"[:4000],
        "traceback": traceback.format_exception(type(error), error, error.__traceback__)[-6:],
    }


def case_path(case: dict) -> Path:
    return REGRESSION_CASES / f"{case['game']}-{case['seed']}.json"


def save_case(case: dict, folder: Optional[Path] = None) -> Path:
    path = (Path(folder) if folder else REGRESSION_CASES) / f"{case['game']}-{case['seed']}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(case, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return path


def replay_case(case: dict, games: Optional[dict] = None, invariants: Optional[Callable] = None) -> Stats:
    """Replays a saved case: its moves with every check at every node, then the
    whole seeded random game with the case's checks. Raises FuzzFailure."""
    games = games if games is not None else loaded_games()
    game = games[case["game"]]
    settings = Settings.from_json(case["settings"])
    stats = Stats()
    full = Checks(max_moves=int(case.get("checks", {}).get("max_moves", DEFAULT_MAX_MOVES)))
    play_game(game, settings, case["seed"], full, stats, invariants, script=list(case["moves"]))
    play_game(game, settings, case["seed"], Checks.from_json(case.get("checks")), stats, invariants)
    return stats


# --- corrupted saves and records ------------------------------------------------------
CORRUPTIONS = ("drop_key", "wrong_type", "duplicate_item", "out_of_range", "wrong_length", "bad_string", "whole")
WRONG_TYPES = (None, "x", 1.5, True, [], {}, [None], {"x": 1})
BAD_NUMBERS = (-1, -(10 ** 18), 10 ** 18, 2 ** 64, 7, 99)
BAD_STRINGS = ("", "bogus", "unknown_phase", "ZZ", "é", "null")


def _paths(data, prefix=()):
    """(path, value) of every node below the root."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield prefix + (key,), value
            yield from _paths(value, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield prefix + (index,), value
            yield from _paths(value, prefix + (index,))


def _set(data, path, value):
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


def _get(data, path):
    for key in path:
        data = data[key]
    return data


def corruptions(data: dict, kind: str, rng: SeededRng, count: int) -> list:
    """Up to `count` damaged copies of the JSON `data` of one kind, each with a label."""
    paths = list(_paths(data))
    results = []
    if kind == "whole":
        for value in (None, [], "x", 5, {}, {"game": data.get("game")}, dict(data, game="another-game"),
                      dict(data, settings={"players": 99}), dict(data, settings=5),
                      dict(data, settings={"players": 2, "variants": {"bogus": 1}})):
            results.append(("the whole state: " + str(value)[:60], value))
        return results[:count]
    if kind == "drop_key":
        pool = [path for path, _ in paths if not isinstance(path[-1], int)]
    elif kind == "duplicate_item" or kind == "wrong_length":
        pool = [path for path, value in paths if isinstance(value, list)]
    elif kind == "out_of_range":
        pool = [path for path, value in paths if isinstance(value, int) and not isinstance(value, bool)]
    elif kind == "bad_string":
        pool = [path for path, value in paths if isinstance(value, str)]
    else:
        pool = [path for path, _ in paths]
    if not pool:
        return []
    attempts = 0
    while len(results) < count and attempts < count * 4:
        attempts += 1
        path = pool[rng.randbelow(len(pool))]
        copy = json_copy(data)
        label = "/".join(map(str, path))
        if kind == "drop_key":
            parent = _get(copy, path[:-1])
            del parent[path[-1]]
            label = "drop " + label
        elif kind == "wrong_type":
            value = WRONG_TYPES[rng.randbelow(len(WRONG_TYPES))]
            if value == _get(copy, path):
                continue
            _set(copy, path, value)
            label = f"{label} = {value!r}"
        elif kind == "duplicate_item":
            items = _get(copy, path)
            if not items:
                continue
            items.append(json_copy(items[rng.randbelow(len(items))]))
            label = "duplicate an item of " + label
        elif kind == "wrong_length":
            items = _get(copy, path)
            if items and rng.random() < 0.5:
                del items[rng.randbelow(len(items))]
                label = "drop an item of " + label
            else:
                items.extend([json_copy(items[0]) if items else 0] * (1 + rng.randbelow(3)))
                label = "lengthen " + label
        elif kind == "out_of_range":
            value = BAD_NUMBERS[rng.randbelow(len(BAD_NUMBERS))]
            _set(copy, path, value)
            label = f"{label} = {value}"
        elif kind == "bad_string":
            value = BAD_STRINGS[rng.randbelow(len(BAD_STRINGS))]
            _set(copy, path, value)
            label = f"{label} = {value!r}"
        results.append((label, copy))
    return results


def check_loaded_state(game, state, stats: Stats, seed: int, invariants: Optional[Callable] = None,
                       play_on: int = 20) -> None:
    """A state a game accepted from JSON must behave: every check at its node,
    and `play_on` random moves from it with the cheap checks."""
    checks = Checks(replay=False, record=False)
    checker = Checker(game, state.settings, seed, checks, stats, invariants)
    checker.node(state, full=True)
    rng = SeededRng(seed ^ MOVE_SALT)
    for _ in range(play_on):
        if state.is_terminal():
            break
        if state.is_chance():
            state.apply_unchecked(CHANCE, state.sample_chance())
        else:
            player = choose_player(state, rng)
            state.apply(player, rng.choice(legal_list(state, player)))
        checker.node(state, full=False)


def hostile_records(record: dict) -> list:
    """(label, record) pairs that Match.from_record must refuse with RecordError
    (or read into a match that is still sound)."""
    players = record["settings"]["players"]
    moves = list(record["moves"])
    out = [
        ("not a dict", ["x"]),
        ("no format", {k: v for k, v in record.items() if k != "format"}),
        ("seats of strings", dict(record, seats=["a", "b"][:players] + ["c"] * (players - 2))),
        ("seats not a list", dict(record, seats=5)),
        ("seat without name", dict(record, seats=[{}] * players)),
        ("seat of an unknown kind", dict(record, seats=[{"name": "a", "kind": "robot"}] * players)),
        ("too few seats", dict(record, seats=record["seats"][:1])),
        ("seed Infinity", dict(record, seed=float("inf"))),
        ("seed NaN", dict(record, seed=float("nan"))),
        ("seed 1e308", dict(record, seed=1e308)),
        ("seed 'x'", dict(record, seed="x")),
        ("seed None", dict(record, seed=None)),
        ("seed a list", dict(record, seed=[1])),
        ("undos 'x'", dict(record, undos="x")),
        ("undos a list", dict(record, undos=[1])),
        ("undos Infinity", dict(record, undos=float("inf"))),
        ("settings 5", dict(record, settings=5)),
        ("settings players 'x'", dict(record, settings={"players": "x"})),
        ("settings players 1000", dict(record, settings={"players": 1000, "variants": {}})),
        ("settings variants a list", dict(record, settings={"players": players, "variants": [1]})),
        ("settings unknown variant", dict(record, settings={"players": players, "variants": {"bogus": 1}})),
        ("version 'x'", dict(record, version="x")),
        ("version 99", dict(record, version=99)),
        ("rules 999", dict(record, rules=999)),
        ("game unknown", dict(record, game="no-such-game")),
        ("game a list", dict(record, game=["x"])),
        ("moves not strings", dict(record, moves=[1, None, {"a": 1}, [2]])),
        ("moves a string", dict(record, moves="0:pass")),
        ("moves None", dict(record, moves=None)),
        ("move of player 99", dict(record, moves=["99:" + moves[0].partition(":")[2]] if moves else ["99:x"])),
        ("move of player -1", dict(record, moves=["-1:" + moves[0].partition(":")[2]] if moves else ["-1:x"])),
        ("move without player", dict(record, moves=[moves[0].partition(":")[2]] if moves else ["x"])),
        ("huge move list", dict(record, moves=moves + ["0:frobnicate"] * 100000)),
        ("a move repeated", dict(record, moves=moves[:1] * 50)),
        ("resigned 'x'", dict(record, resigned="x")),
        ("resigned 99", dict(record, resigned=99)),
        ("resigned True", dict(record, resigned=True)),
        ("created a dict", dict(record, created={"x": 1})),
    ]
    return out


def check_hostile_record(game, label: str, record, stats: Stats) -> None:
    """from_record must raise RecordError, or give a match whose state is sound."""
    stats.count("hostile_record")
    try:
        match = Match.from_record(record, {game.id: game})
    except RecordError as error:
        stats.saw_error("from_record", error)
        return
    except Exception as error:  # noqa: BLE001
        fail("hostile_record", f"{label}: Match.from_record raised a raw {_describe(error)}"
             f" instead of RecordError\n{traceback.format_exc()}")
    try:
        dumps(match.record())
    except (TypeError, ValueError) as error:
        fail("hostile_record", f"{label}: the match it read writes a record that is not JSON: {_describe(error)}")
    expect(len(match.seats) == match.settings.num_players, "hostile_record",
           f"{label}: a match with {len(match.seats)} seats for {match.settings.num_players} players")
    expect(isinstance(match.seed, int), "hostile_record", f"{label}: the match's seed is {match.seed!r}")
    expect(isinstance(match.undo_count, int), "hostile_record", f"{label}: undo count {match.undo_count!r}")
    expect(all(type(player) is int and 0 <= player < len(match.seats) for player in match.resigners),
           "hostile_record", f"{label}: resigners are {match.resigners!r}")
