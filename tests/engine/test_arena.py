"""The bench arena (py/tools/arena.py) on tiny games: Wilson bounds, seats
that rotate, multi-actor nodes, and a strong bot beating a random one."""

import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from ludoteca.core.ai import RandomBot
from ludoteca.core.protocol import RESPONSE, SIMULTANEOUS, Game, Move, Settings, State
from ludoteca.core.rng import SeededRng

from .core.toy_nim import NIM, winning_moves

TOOLS = Path(__file__).resolve().parents[2] / "py" / "tools"
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))

import arena  # noqa: E402
from arena import BotSpec, format_table, head_to_head, ladder, play_game, wilson  # noqa: E402

SETTINGS = NIM.default_settings()


# --- bots (module level, so worker processes can build them) -----------------
class PerfectNim:
    def __init__(self, seed):
        self.rng = SeededRng(seed)

    def choose(self, state, player):
        wins = winning_moves(state.heaps)
        return wins[0] if wins else self.rng.choice(list(state.generate_moves(player)))


SEATS_SEEN = []


class SeatLogger(RandomBot):
    def choose(self, state, player):
        SEATS_SEEN.append(player)
        return super().choose(state, player)


def perfect(seed):
    return PerfectNim(seed)


def seat_logger(seed):
    return SeatLogger(seed)


PERFECT = BotSpec(__name__, "perfect")
RANDOM = BotSpec(__name__, "random")


# --- Wilson ----------------------------------------------------------------------
@pytest.mark.parametrize("successes, n, low, high", [
    (0, 10, 0.0, 0.2775),
    (5, 10, 0.2366, 0.7634),
    (10, 10, 0.7225, 1.0),
    (81, 263, 0.2553, 0.3662),
])
def test_wilson_matches_known_intervals(successes, n, low, high):
    assert wilson(successes, n) == pytest.approx((low, high), abs=1e-4)


def test_wilson_with_no_trials_knows_nothing_and_narrows_with_more():
    assert wilson(0, 0) == (0.0, 1.0)
    narrow = wilson(500, 1000)
    wide = wilson(50, 100)
    assert narrow[1] - narrow[0] < wide[1] - wide[0]
    assert wilson(50, 100, z=2.58)[1] > wide[1]


# --- play_game ---------------------------------------------------------------------
def test_play_game_is_reproducible_and_reaches_the_end():
    first = play_game(NIM, SETTINGS, [RandomBot(1), RandomBot(2)], seed=9)
    again = play_game(NIM, SETTINGS, [RandomBot(1), RandomBot(2)], seed=9)
    assert first.is_terminal() and first.to_json() == again.to_json()


def test_play_game_stops_a_game_that_never_ends():
    with pytest.raises(RuntimeError):
        play_game(NIM, SETTINGS, [RandomBot(1), RandomBot(2)], seed=9, max_moves=2)


@dataclass(frozen=True)
class Show(Move):
    keyword = "show"
    value: int


class PenniesState(State):
    """Matching pennies, then a response window: player 0 wins on a match.
    Both submit at once; then either player may 'show' to end the game."""

    def __init__(self, game, settings, seed, mode):
        self.game, self.settings, self.rng = game, settings, SeededRng(seed)
        self.mode = mode
        self.waiting = [0, 1]
        self.submitted = {}
        self.log = []
        self.over = False

    def to_move(self):
        return () if self.over else tuple(self.waiting)

    def acting_mode(self):
        return self.mode

    def is_terminal(self):
        return self.over

    def generate_moves(self, player):
        return iter([Show(0), Show(1)] if player in self.waiting else [])

    def apply_unchecked(self, player, move):
        self.log.append((player, move.value))
        self.waiting.remove(player)
        self.submitted[player] = move.value
        if self.mode == RESPONSE or not self.waiting:
            self.over = True  # a response closes the window at once

    def scores(self):
        if self.mode == RESPONSE:
            return [1, 0] if self.log[0][0] == 0 else [0, 1]
        match = self.submitted[0] == self.submitted[1]
        return [1, 0] if match else [0, 1]

    def clone(self):
        raise NotImplementedError

    def view(self, player):
        return {}

    def to_json(self):
        return {"log": self.log}


class PenniesGame(Game):
    id = "pennies"

    def __init__(self, mode):
        self.mode = mode

    def new_state(self, settings, seed):
        return PenniesState(self, settings, seed, self.mode)


def test_play_game_asks_every_simultaneous_player_in_order():
    state = play_game(PenniesGame(SIMULTANEOUS), Settings(2), [RandomBot(1), RandomBot(2)], seed=1)
    assert [player for player, _ in state.log] == [0, 1]
    assert state.is_terminal()


def test_play_game_stops_asking_once_a_response_closes_the_window():
    state = play_game(PenniesGame(RESPONSE), Settings(2), [RandomBot(1), RandomBot(2)], seed=1)
    assert [player for player, _ in state.log] == [0]
    assert state.returns() == [1.0, 0.0]


# --- head to head ---------------------------------------------------------------
def test_seats_alternate_game_by_game():
    SEATS_SEEN.clear()
    result = head_to_head(NIM, SETTINGS, BotSpec(__name__, "seat_logger"), RANDOM, games=6,
                          seed=3, workers=1)
    assert result["games"] == 6
    # A moves only from its own seat, which alternates 0, 1, 0, ...: both
    # seats are seen, and A's score is split over both seats.
    assert set(SEATS_SEEN) == {0, 1}
    assert [arena._game_plan(index, 2, 3)[1] for index in range(6)] == [0, 1, 0, 1, 0, 1]
    # Each deal is played once from each seat.
    plans = [arena._game_plan(index, 2, 3)[0] for index in range(6)]
    assert plans[0] == plans[1] != plans[2] == plans[3]


def test_a_strong_bot_beats_a_random_one_and_the_figures_add_up():
    result = head_to_head(NIM, SETTINGS, PERFECT, RANDOM, games=40, seed=1, workers=1)
    assert result["wins"] + result["draws"] + result["losses"] == 40
    assert result["share"] == pytest.approx(result["score"] / 40)
    assert result["share"] > 0.75 and result["low"] > 0.5
    assert sum(result["seat_scores"]) == pytest.approx(result["score"])
    assert result["a"] == "perfect" and result["b"] == "random"


def test_parallel_results_equal_serial_ones():
    serial = head_to_head(NIM, SETTINGS, PERFECT, RANDOM, games=12, seed=5, workers=1)
    parallel = head_to_head(NIM, SETTINGS, PERFECT, RANDOM, games=12, seed=5, workers=2)
    for key in ("wins", "draws", "losses", "score", "low", "high", "seat_scores"):
        assert serial[key] == parallel[key]


def test_ladder_compares_each_level_with_the_one_below_and_prints_it():
    rows = ladder(NIM, SETTINGS, [RANDOM, PERFECT], games=20, seed=2, workers=1)
    assert [(row["a"], row["b"]) for row in rows] == [("perfect", "random")]
    table = format_table(rows)
    assert "perfect vs random" in table and "95% CI" in table and "stronger" in table
    mirrored = head_to_head(NIM, SETTINGS, RANDOM, PERFECT, games=20, seed=2, workers=1)
    assert "weaker" in format_table([mirrored])


def test_move_times_cover_each_sampled_position():
    positions = arena.sample_positions(NIM, SETTINGS, RandomBot, count=5, seed=4, every=1)
    assert len(positions) == 5 and all(not state.is_terminal() for state, _ in positions)
    timed = arena.move_times(positions, PERFECT)
    assert len(timed) == 5 and all(seconds >= 0 and choices >= 1 for seconds, choices in timed)
