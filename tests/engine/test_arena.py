"""The bench arena (py/tools/arena.py) on tiny games: Wilson bounds, seats
that rotate, multi-actor nodes, and a strong bot beating a random one."""

import sys
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import pytest

from ludoteca.core.ai import RandomBot, Search, UctBot
from ludoteca.core.protocol import RESPONSE, SIMULTANEOUS, TURN, Game, Move, Settings, State
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

    def __init__(self, mode, state_class=PenniesState):
        self.mode = mode
        self.state_class = state_class

    def new_state(self, settings, seed):
        return self.state_class(self, settings, seed, self.mode)


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


def test_self_play_gives_every_game_its_own_deal(monkeypatch):
    # The same bot in both seats would play a mirrored pair's deal twice alike.
    seeds = []
    real_play_game = arena.play_game

    def recording(game, settings, bots, seed, *rest):
        seeds.append(seed)
        return real_play_game(game, settings, bots, seed, *rest)

    monkeypatch.setattr(arena, "play_game", recording)
    head_to_head(NIM, SETTINGS, PERFECT, PERFECT, games=4, seed=3, workers=1)
    assert len(set(seeds)) == 4
    seeds.clear()
    head_to_head(NIM, SETTINGS, PERFECT, RANDOM, games=4, seed=3, workers=1)
    assert seeds[0] == seeds[1] != seeds[2] == seeds[3]  # two bots: each deal from both seats
    clock = arena.BudgetClock("cpu", 1.0)
    assert arena._pairing_key(NIM, [SETTINGS], PERFECT, PERFECT, 1, 100, 0, clock) != \
        arena._pairing_key(NIM, [SETTINGS], PERFECT, RANDOM, 1, 100, 0, clock)


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
    timed = arena.move_times(positions, PERFECT)  # a bot without slices thinks in one piece
    assert len(timed) == 5 and all(seconds >= 0 and choices >= 1 and longest >= 0
                                   for seconds, choices, longest in timed)
    assert "longest slice" in arena.format_times("perfect", timed)


SLICES_ASKED = []


class ThreeSliceSearch(Search):
    """Finishes on its third slice and records the slice length asked for."""

    def __init__(self, state, player):
        super().__init__(state, player, seconds=None, iterations=None)
        self.steps = 0

    def step(self, seconds):
        SLICES_ASKED.append(seconds)
        self.steps += 1
        return self.steps == 3

    def best_move(self):
        return self.legal[0]


class ThreeSliceBot:
    def __init__(self, seed):
        pass

    def start(self, state, player):
        return ThreeSliceSearch(state, player)


def test_move_times_think_in_browser_slices():
    positions = arena.sample_positions(NIM, SETTINGS, RandomBot, count=2, seed=4, every=1)
    SLICES_ASKED.clear()
    arena.move_times(positions, ThreeSliceBot, slice_seconds=0.012)
    assert SLICES_ASKED == [0.012] * 6


def test_level_move_times_time_every_level_on_the_same_positions():
    timed = arena.level_move_times(NIM, SETTINGS, RANDOM, {"perfect": PERFECT, "random": RANDOM}, count=4,
                                   seed=2, workers=1, every=1)
    assert list(timed) == ["perfect", "random"]
    assert [row[1] for row in timed["perfect"]] == [row[1] for row in timed["random"]]
    assert len(timed["perfect"]) == 4


# --- more than two players ----------------------------------------------------------
class PickState(PenniesState):
    """Each player in turn picks 0, 1 or 2; the highest pick wins (ties share)."""

    def to_move(self):
        return () if self.is_terminal() else (len(self.log),)

    def is_terminal(self):
        return len(self.log) == self.settings.num_players

    def generate_moves(self, player):
        return iter([Show(0), Show(1), Show(2)])

    def apply_unchecked(self, player, move):
        self.log.append((player, move.value))

    def scores(self):
        return [value for _, value in self.log]


PICK = PenniesGame(TURN, PickState)


class Greedy:
    def __init__(self, seed):
        pass

    def choose(self, state, player):
        return Show(2)


GREEDY = BotSpec(__name__, "Greedy", "greedy")


def test_four_player_tables_rotate_a_through_every_seat_and_judge_against_a_quarter():
    row = head_to_head(PICK, Settings(4), GREEDY, RANDOM, games=40, seed=1, workers=1)
    assert row["players"] == 4 and row["baseline"] == 0.25
    assert [record["seat"] for record in row["records"][:8]] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert all(score > 0 for score in row["seat_scores"])
    # Greedy never loses: it wins alone or shares first place with random 2s.
    assert row["losses"] == 0 and row["wins"] + row["draws"] == 40
    assert arena.verdict(row) == "stronger"
    assert "4 players, fair share 25%" in arena.format_row(row)


def test_the_verdict_compares_the_interval_with_the_fair_share():
    row = {"games": 40, "low": 0.30, "high": 0.45}
    assert arena.verdict(dict(row, baseline=0.25)) == "stronger"
    assert arena.verdict(dict(row, baseline=0.5)) == "weaker"
    assert arena.verdict(dict(row, baseline=1 / 3)) == "not separated"
    assert arena.verdict({"games": 0, "low": 0.0, "high": 1.0, "baseline": 0.5}) == "no games"


# --- variants, openings, watches, budgets -------------------------------------------
class DealLog(arena.Watch):
    """Every decision's player and label, and the first deal."""

    def __init__(self, bots, labels):
        super().__init__(bots, labels)
        self.decisions = []

    def move(self, state, player, move, seconds):
        assert not state.is_terminal() and seconds >= 0
        self.decisions.append((player, self.labels[player], move.text))

    def finish(self, state):
        return {"decisions": self.decisions, "players": state.num_players}


def test_variants_rotate_deal_by_deal_and_records_keep_the_watch_figures():
    variants = [Settings(2), Settings(3)]
    with pytest.raises(ValueError):
        head_to_head(PICK, variants, GREEDY, RANDOM, games=4, seed=1, workers=1)
    row = head_to_head(PICK, [Settings(3), Settings(3, {"note": "b"})], GREEDY, RANDOM, games=12, seed=1,
                       workers=1, watch=DealLog)
    assert [record["variant"] for record in row["records"]] == [0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1]
    first = row["records"][0]
    assert first["labels"] == ["greedy", "random", "random"]
    assert [label for _, label, _ in first["figures"]["decisions"]] == first["labels"]
    assert first["figures"]["decisions"][0] == (0, "greedy", "show 2")
    split = arena.score_by(row, lambda record: record["variant"])
    assert set(split) == {0, 1} and sum(games for _, games, _, _ in split.values()) == 12
    assert sum(score for score, _, _, _ in split.values()) == pytest.approx(row["score"])
    assert all(low <= score / games <= high for score, games, low, high in split.values())


class Counting:
    CALLS = []

    def __init__(self, seed):
        self.rng = SeededRng(seed)

    def choose(self, state, player):
        Counting.CALLS.append(player)
        return self.rng.choice(list(state.generate_moves(player)))


def test_opening_moves_are_random_reproducible_and_not_the_bots():
    Counting.CALLS.clear()
    watch = DealLog([], ["a", "b"])
    state = play_game(NIM, SETTINGS, [Counting(1), Counting(2)], seed=5, opening=2, watch=watch)
    assert state.is_terminal() and len(Counting.CALLS) == len(watch.decisions) - 2
    openings = {tuple(move for _, _, move in play_game_log(seed, opening=2)[:2]) for seed in range(12)}
    assert len(openings) > 1  # the opening depends on the seed


def play_game_log(seed, opening):
    watch = DealLog([], ["a", "b"])
    play_game(NIM, SETTINGS, [PerfectNim(1), PerfectNim(2)], seed=seed, opening=opening, watch=watch)
    return watch.decisions


def test_the_same_seed_and_opening_replay_the_same_game():
    assert play_game_log(7, opening=3) == play_game_log(7, opening=3)
    # Perfect play from a fixed deal opens alike; the random opening does not follow it.
    assert any(play_game_log(seed, 2)[:2] != play_game_log(seed, 0)[:2] for seed in range(8))


CLOCK = [0.0]


class SlowGameWatch(arena.Watch):
    """Each game "takes" 100 seconds of a fake clock."""

    def finish(self, state):
        CLOCK[0] += 100.0
        return {}


def test_a_time_budget_starts_no_game_after_it_runs_out(monkeypatch):
    """The clock is fake: each game moves it on by 100 s."""
    CLOCK[0] = 0.0
    monkeypatch.setattr(arena, "time", SimpleNamespace(time=lambda: CLOCK[0], perf_counter=lambda: CLOCK[0],
                                                      process_time=lambda: 0.0))
    row = head_to_head(NIM, SETTINGS, PERFECT, RANDOM, games=10, seed=1, workers=1, seconds=250,
                       watch=SlowGameWatch)
    assert row["games"] == 3 and len(row["records"]) == 3  # started at 0, 100 and 200 s
    assert row["wins"] + row["draws"] + row["losses"] == 3
    assert (row["low"], row["high"]) == wilson(row["score"], 3)
    for workers in (1, 2):
        none = head_to_head(NIM, SETTINGS, PERFECT, RANDOM, games=10, seed=1, workers=workers, seconds=0)
        assert none["games"] == 0 and arena.verdict(none) == "no games" and "n=0" in arena.format_row(none)


# --- games by name, the UCT baseline, a bench's ladder ---------------------------------
LOADS = []


def load_nim():
    LOADS.append(1)
    return NIM


def test_a_game_by_loader_is_loaded_once_per_process():
    LOADS.clear()
    arena._load_game.cache_clear()
    name = f"{__name__}:load_nim"
    assert arena.resolve_game(name) is NIM and arena.resolve_game(name) is NIM
    assert LOADS == [1]
    row = head_to_head(name, SETTINGS, PERFECT, RANDOM, games=4, seed=1, workers=1)
    assert row["games"] == 4 and LOADS == [1]


def test_uct_spec_builds_the_core_baseline_and_says_which():
    assert str(arena.UctSpec()) == "uct"
    small = arena.UctSpec(iterations=30, playout_depth=2)
    assert str(small) == "uct(30it,d2)" and arena.bot_label(small) == "uct(30it,d2)"
    bot = small(5)
    assert isinstance(bot, UctBot) and (bot.iterations, bot.playout_depth) == (30, 2)


def easy_level(seed):
    return RandomBot(seed)


AI_LEVELS = {"easy": easy_level, "medium": perfect, "hard": perfect}


def test_level_ladder_climbs_every_rung_then_meets_uct(capsys):
    args = arena.bench_arguments("test", games=6, uct_games=4, uct_depth=3).parse_args(
        ["--uct-iterations", "40", "--workers", "1"])
    rows = arena.level_ladder(NIM, SETTINGS, __name__, args, began=0.0,
                              goals={"hard vs uct": "beat it"}, describe=lambda row: f"n is {row['games']}")
    assert [(row["a"], row["b"]) for row in rows] == [
        ("easy", "random"), ("medium", "easy"), ("hard", "medium"), ("hard", "random"), ("hard", "easy"),
        ("hard", "uct(40it,d3)")]
    assert [row["games"] for row in rows] == [6, 6, 6, 6, 6, 4]
    printed = capsys.readouterr().out
    assert "40 iterations a decision" in printed and "goal beat it" in printed and "n is 4" in printed
    assert "goal" not in printed.split("hard vs medium")[0]
    no_uct = arena.bench_arguments("test", games=2, uct_games=0).parse_args(["--workers", "1"])
    assert len(arena.level_ladder(NIM, SETTINGS, __name__, no_uct, began=0.0)) == 5


def test_quick_runs_cut_games_and_budgets_and_skip_uct():
    parser = arena.bench_arguments("test", games=200, uct_games=50)
    full = arena.parse_bench_arguments(parser, ["--seconds", "500"])
    assert (full.games, full.uct_games, full.seconds) == (200, 50, 500)
    quick = arena.parse_bench_arguments(parser, ["--quick", "--seconds", "500"])
    assert (quick.games, quick.uct_games, quick.seconds) == (arena.QUICK_GAMES, 0, arena.QUICK_SECONDS)
    assert arena.parse_bench_arguments(parser, ["--quick", "--games", "2", "--seconds", "9"]).seconds == 9


def test_the_ladder_can_run_only_the_named_pairings_with_their_usual_seeds(monkeypatch, capsys):
    played = []
    monkeypatch.setattr(arena, "match_and_print",
                        lambda game, settings, a, b, games, seed, *rest, **options:
                        played.append((f"{a} vs {b}", seed)) or {"games": 0})
    parser = arena.bench_arguments("", games=4, uct_games=0)
    every = arena.level_ladder(NIM, SETTINGS, "toy", parser.parse_args([]), 0.0)
    all_pairings = list(played)
    assert [label for label, _ in all_pairings][:3] == ["easy vs random", "medium vs easy", "hard vs medium"]
    played.clear()
    args = parser.parse_args(["--pairs", "hard vs medium, hard vs easy"])
    rows = arena.level_ladder(NIM, SETTINGS, "toy", args, 0.0)
    assert played == [pair for pair in all_pairings if pair[0] in ("hard vs medium", "hard vs easy")]
    assert len(rows) == 2 and len(every) == len(all_pairings)


# --- journal and budget clock ------------------------------------------------------
def test_a_journal_replays_nothing_it_holds_and_adds_up_to_a_fresh_run(tmp_path):
    journal = str(tmp_path / "games.jsonl")
    first = head_to_head(NIM, SETTINGS, PERFECT, RANDOM, games=6, seed=3, workers=1, journal_path=journal)
    assert first["from_journal"] == 0 and first["games"] == 6
    with open(journal, "a", encoding="utf-8") as out:
        out.write('{"key": "cut sh')  # an interrupted run's last line
    more = head_to_head(NIM, SETTINGS, PERFECT, RANDOM, games=10, seed=3, workers=1, journal_path=journal)
    fresh = head_to_head(NIM, SETTINGS, PERFECT, RANDOM, games=10, seed=3, workers=1)
    assert more["from_journal"] == 6 and more["games"] == 10
    assert [r["returns"] for r in more["records"]] == [r["returns"] for r in fresh["records"]]
    assert "6 games from the journal" in arena.format_row(more)
    other_seed = head_to_head(NIM, SETTINGS, PERFECT, RANDOM, games=2, seed=4, workers=1, journal_path=journal)
    assert other_seed["from_journal"] == 0  # another pairing's games are not borrowed
    assert len(arena.Journal(journal, "no such key").records) == 0


def test_a_journal_key_changes_with_the_budget_clock(monkeypatch):
    key = arena._pairing_key(NIM, [SETTINGS], PERFECT, RANDOM, 1, 100, 0, arena.BudgetClock("cpu", 1.0))
    assert key == arena._pairing_key(NIM, [SETTINGS], PERFECT, RANDOM, 1, 100, 0, arena.BudgetClock("cpu", 1.0))
    assert key != arena._pairing_key(NIM, [SETTINGS], PERFECT, RANDOM, 1, 100, 0, arena.BudgetClock("cpu", 1.5))
    assert key != arena._pairing_key(NIM, [SETTINGS], PERFECT, RANDOM, 1, 100, 0, arena.BudgetClock("wall"))


class Dozing(Search):
    """Each iteration waits 10 ms without using the CPU."""

    def iterate(self):
        import time

        time.sleep(0.01)

    def best_move(self):
        return self.legal[0]


def test_on_the_cpu_clock_waiting_buys_no_budget_and_matches_put_the_wall_clock_back():
    from ludoteca.core import ai as core_ai

    state = NIM.new_state(SETTINGS, 1)
    state.apply_unchecked(-1, state.sample_chance(SeededRng(1)))  # the deal
    on_the_wall = Dozing(state, 0, seconds=0.05, iterations=30)
    on_the_wall.run()
    assert on_the_wall.iterations < 30  # 50 ms of waiting ended it
    arena.BudgetClock("cpu").install()
    try:
        on_the_cpu = Dozing(state, 0, seconds=0.05, iterations=30)
        on_the_cpu.run()
    finally:
        core_ai.use_wall_clock()
    assert on_the_cpu.iterations == 30  # only the iteration cap ended it
    head_to_head(NIM, SETTINGS, PERFECT, RANDOM, games=1, seed=1, workers=1)
    assert core_ai.clock is __import__("time").perf_counter
