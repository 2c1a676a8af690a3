"""The AI levels: legal, quick when forced, blind to hidden cards and to the
state's RNG, and better than random."""

import pytest

from ludoteca.core.ai import Bot, RandomBot
from ludoteca.core.protocol import Settings
from ludoteca.core.rng import SeededRng
from ludoteca.games.alphabeticell import AI_LEVELS, DEFAULT_LEVEL, GAME
from ludoteca.games.alphabeticell.ai import HeuristicBot, LineHeuristic, RolloutBot
from ludoteca.games.alphabeticell.rules import PASS, take_move

from .helpers import new_state, offer_state, start_round

FAST = {"easy": lambda seed: AI_LEVELS["easy"](seed),
        "medium": lambda seed: RolloutBot(seed, seconds=0.05),
        "hard": lambda seed: RolloutBot(seed, seconds=0.05)}


def test_levels_are_declared():
    assert set(AI_LEVELS) == {"easy", "medium", "hard"}
    assert DEFAULT_LEVEL == "medium"
    for factory in AI_LEVELS.values():
        assert isinstance(factory(1), Bot)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_plays_legal_moves_and_leaves_the_state_alone(level):
    state = GAME.new_state(Settings(3, {"rules": "classic"}), 5)
    state.resolve_chance()
    bot = FAST[level](7)
    for _ in range(25):
        if state.is_terminal():
            break
        player = state.to_move()[0]
        before = state.to_json()
        move = bot.choose(state, player)
        assert state.to_json() == before
        assert move in state.legal_moves(player)
        state.apply(player, move)
        state.resolve_chance()


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_single_legal_move_is_returned_at_once(level):
    state = offer_state(["Aw Oh Sg eW", "aJ aM"], "EL", dealer=1, step=1)
    assert list(state.legal_moves(0)) == [PASS]
    search = AI_LEVELS[level](3).start(state, 0)
    assert search.step(0.0) is True
    assert search.iterations == 0 and search.best_move() is PASS


def test_search_works_in_slices():
    state = offer_state(["Nh aP", "Eb iL"], "TD", dealer=0)
    search = RolloutBot(1, seconds=0.2, min_samples=10**6).start(state, 0)
    assert search.step(0.01) is False
    assert 0 < search.iterations
    while not search.step(0.05):
        pass
    assert search.elapsed >= 0.2
    assert search.best_move() in state.legal_moves(0)
    stats = search.move_statistics()
    assert {text for text, _ in stats} == {move.text for move in state.legal_moves(0)}


def test_search_stops_early_when_the_choice_is_clear():
    # Completing the line with an 11th card wins the round outright.
    state = offer_state(["Aw iB tC sD Ek nF sG rH Il aJ", "Nh aP"], "RZ", dealer=0)
    search = RolloutBot(1, seconds=5.0).start(state, 0)
    move = search.run()
    assert move in (take_move("R", "Z"), take_move("R", "R"))
    assert search.elapsed < 2.0


def test_decisions_ignore_the_hidden_hands_and_the_states_rng():
    """Two states that differ only in what player 0 cannot know (the others'
    dealt cards, the state's RNG) get the same decision from the same bot."""
    hands_a = [["NH", "AP", "SC"], ["EK", "IL", "NU"]]
    hands_b = [["NH", "AP", "SC"], ["RZ", "OC", "IQ"]]
    state_a = start_round(new_state(2, seed=1), hands_a, dealer=0)
    state_b = start_round(new_state(2, seed=2), hands_b, dealer=0)
    assert state_a.view(0) == state_b.view(0)
    search_a = RolloutBot(4, seconds=None, iterations=40).start(state_a, 0)
    search_b = RolloutBot(4, seconds=None, iterations=40).start(state_b, 0)
    assert search_a.run() == search_b.run()
    assert search_a.move_statistics() == search_b.move_statistics()
    assert AI_LEVELS["easy"](11).choose(state_a, 0) == AI_LEVELS["easy"](11).choose(state_b, 0)


def test_heuristic_takes_a_free_card_and_refuses_a_ruinous_one():
    heuristic = LineHeuristic()
    rng = SeededRng(0)
    state = offer_state(["Nh aP Sc", "ek"], "TD", dealer=0)
    assert heuristic.choose(state, 0, rng) == take_move("R", "T")
    state = offer_state(["Nh aP Sc", "ek"], "AW", dealer=0)
    assert heuristic.choose(state, 0, rng) == PASS  # A would throw away B to M


def test_heuristic_keeps_a_middle_card():
    state = start_round(new_state(2), [["AW", "NH", "TY"], ["EK", "IL", "NU"]], dealer=0)
    assert HeuristicBot(0).choose(state, 0).card == "NH"


def test_heuristic_returns_are_shares_favouring_the_leader():
    state = offer_state(["Nh aP Sc Td", "ek"], "RZ")
    shares = state.heuristic_returns()
    assert sum(shares) == pytest.approx(1.0) and shares[0] > shares[1]
    state.totals = (0, 25)
    state.round_scores = ((0, 25),)
    assert state.heuristic_returns()[1] > 0.9


def _play(bots, seed):
    state = GAME.new_state(Settings(len(bots), {"rules": "classic"}), seed)
    state.resolve_chance()
    while not state.is_terminal():
        player = state.to_move()[0]
        state.apply(player, bots[player].choose(state, player))
        state.resolve_chance()
    return state


def test_easy_and_fast_search_beat_random():
    wins = {"easy": 0.0, "search": 0.0}
    for seed in range(6):
        seat = seed % 2
        for name, bot in (("easy", AI_LEVELS["easy"](seed)), ("search", RolloutBot(seed, seconds=None, iterations=4))):
            bots = [None, None]
            bots[seat], bots[1 - seat] = bot, RandomBot(seed)
            wins[name] += _play(bots, seed).returns()[seat]
    assert wins["easy"] >= 5 and wins["search"] >= 5
