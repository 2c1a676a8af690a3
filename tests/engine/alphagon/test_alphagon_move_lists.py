"""The engine's move lists, in order, and its results are those the engine
gave before it was made faster. Two checks: seeded random games and a few
plain-UCT decisions are compared with golden_move_lists.json, written by the
engine as it was before the speed-up; and a hypothesis property plays random
games on the engine and on `ReferenceState` (reference_engine.py: the old
code of every method the speed-up rewrote) side by side, comparing every
move list, chance draw and state. A move list that differs (a move more or
less, or another order) changes every seeded game and every search.

After an intended rules change, regenerate and review the diff:

    .venv/bin/python -m pytest tests/engine/alphagon -k move_lists --regen-golden
"""

import hashlib
import json
import pathlib

import pytest
import run_profile
from hypothesis import given, settings
from hypothesis import strategies as st
from ludoteca.core.ai import UctBot
from ludoteca.core.protocol import CHANCE
from ludoteca.core.rng import SeededRng
from ludoteca.core.search_speed import sample_positions
from ludoteca.games.alphagon.components import DECK_SIZE
from ludoteca.games.alphagon.rules import GAME, PLUS, Place

from .helpers import provide_assets
from .helpers import settings as table_settings
from .reference_engine import ReferenceState

GOLDEN = pathlib.Path(__file__).with_name("golden_move_lists.json")

# (players, edition, deal, judge, place bias): uniform play (mostly passes and
# changes, as in UCT's playouts) and play that places letters often (long
# polygons, turns, closures, cards' shapes); every judge.
TABLES = (
    (2, "en", "random", "dictionary", 0.0),
    (2, "it", "balanced", "dictionary", 0.0),
    (2, "en", "random", "dictionary", 0.8),
    (2, "it", "random", "dictionary", 0.8),
    (3, "en", "balanced", "dictionary", 0.6),
    (3, "it", "random", "vote", 0.6),
    (4, "en", "random", "host", 0.7),
    (2, "en", "balanced", "vote", 0.9),
)
GAMES_A_TABLE = 10
UCT_POSITIONS = 4
UCT_ITERATIONS = 150


def play_random_game(table: tuple, seed: int) -> dict:
    """One seeded game: every position's move list (texts, in order) and the
    final state go into one digest."""
    players, edition, deal, judge, place_bias = table
    state = GAME.new_state(table_settings(players, edition, deal, judge), seed)
    rng = SeededRng(seed ^ 0x5EED)
    digest = hashlib.sha256()
    positions = 0
    while not state.is_terminal():
        if state.is_chance():
            outcome = state.sample_chance(rng)
            digest.update(b"c " + outcome.text.encode() + b"\n")
            state.apply_unchecked(CHANCE, outcome)
            continue
        player = state.to_move()[0]
        moves = list(state.generate_moves(player))
        positions += 1
        digest.update(f"{player}: ".encode() + "|".join(move.text for move in moves).encode() + b"\n")
        places = [move for move in moves if isinstance(move, Place)]
        move = rng.choice(places) if places and rng.random() < place_bias else rng.choice(moves)
        state.apply_unchecked(player, move)
        assert positions < 5000
    digest.update(json.dumps(state.to_json(), sort_keys=True).encode())
    return {"table": list(table), "seed": seed, "positions": positions, "end": state.end_reason,
            "scores": state.scores(), "digest": digest.hexdigest()[:24]}


def uct_decisions(edition: str, seed: int) -> list:
    """Plain UCT's choices and root statistics on seeded positions: its
    playouts list and apply random moves thousands of times."""
    found = []
    for index, (state, player) in enumerate(sample_positions(GAME, table_settings(2, edition), UCT_POSITIONS, seed)):
        search = UctBot(seed=seed + index, iterations=UCT_ITERATIONS).start(state, player)
        move = search.run()
        found.append({"edition": edition, "seed": seed, "position": index, "move": move.text,
                      "statistics": [[text, visits, round(value, 9)]
                                     for text, visits, value in search.move_statistics()]})
    return found


def play_all() -> dict:
    provide_assets()
    games = [play_random_game(table, 1000 * number + seed)
             for number, table in enumerate(TABLES) for seed in range(GAMES_A_TABLE)]
    decisions = uct_decisions("en", 11) + uct_decisions("it", 12)
    return {"games": games, "uct": decisions}


@pytest.fixture(scope="module")
def played() -> dict:
    data = play_all()
    if run_profile.REGEN_GOLDEN:
        GOLDEN.write_text(json.dumps(data, indent=1) + "\n")
    return data


def test_random_games_list_the_same_moves_and_end_the_same(played):
    golden = json.loads(GOLDEN.read_text())
    assert len(played["games"]) == len(golden["games"])
    for now, then in zip(played["games"], golden["games"]):
        assert now == then


def test_plain_uct_decides_as_before(played):
    golden = json.loads(GOLDEN.read_text())
    assert played["uct"] == golden["uct"]


# --- side by side with the engine before the speed-up -----------------------------------
REFERENCE_GAMES = st.fixed_dictionaries({
    "seed": st.integers(0, 2 ** 53 - 1),
    "players": st.integers(2, 4),
    "edition": st.sampled_from(["en", "it"]),
    "deal": st.sampled_from(["random", "balanced"]),
    "judge": st.sampled_from(["dictionary", "dictionary", "vote", "host"]),
    "place_bias": st.sampled_from([0.0, 0.5, 0.8, 0.95]),
})


def pick(moves: list, rng: SeededRng, place_bias: float):
    places = [move for move in moves if isinstance(move, Place)]
    return rng.choice(places) if places and rng.random() < place_bias else rng.choice(moves)


def same_step(fast, slow, rng: SeededRng, place_bias: float) -> bool:
    """Lists, checks and plays one step on both engines; False once the game is over."""
    assert fast.is_terminal() == slow.is_terminal()
    if fast.is_terminal():
        return False
    assert fast.is_chance() == slow.is_chance()
    if fast.is_chance():
        assert fast.chance_outcomes() == slow.chance_outcomes()
        outcome = fast.sample_chance(rng.copy())
        assert slow.sample_chance(rng) == outcome
        fast.apply_unchecked(CHANCE, outcome)
        slow.apply_unchecked(CHANCE, outcome)
        return True
    assert fast.to_move() == slow.to_move()
    player = fast.to_move()[0]
    moves = list(fast.generate_moves(player))
    assert moves == list(slow.generate_moves(player))
    if fast.trail and not fast.queue:
        # what the AI and the table ask of the polygon and the cards
        assert fast.next_step(PLUS) == slow.next_step(PLUS)
        assert fast.ending_at_next() == slow.ending_at_next()
        assert fast.ending_at_next(PLUS) == slow.ending_at_next(PLUS)
        assert [fast._find_moves(card) for card in range(1, DECK_SIZE + 1)] == \
            [slow._find_moves(card) for card in range(1, DECK_SIZE + 1)]
    move = pick(moves, rng, place_bias)
    fast.apply_unchecked(player, move)
    slow.apply_unchecked(player, move)
    assert fast.to_json() == slow.to_json()
    return True


@settings(max_examples=run_profile.examples(30, 400), deadline=None)
@given(REFERENCE_GAMES)
def test_random_games_list_and_play_as_the_engine_before_the_speed_up(game):
    provide_assets()
    table = GAME.validate_settings(table_settings(game["players"], game["edition"], game["deal"], game["judge"]))
    fast = GAME.new_state(table, game["seed"])
    slow = ReferenceState.new(table, game["seed"])
    rng = SeededRng(game["seed"])
    steps = 0
    while same_step(fast, slow, rng, game["place_bias"]):
        steps += 1
        assert steps < 5000
        if steps % 9 == 0:
            # a branch from a copy: copies share what the engine keeps per board
            branch_fast, branch_slow = fast.clone(), slow.clone()
            branch_rng = rng.fork()
            for _ in range(3):
                if not same_step(branch_fast, branch_slow, branch_rng, 0.9):
                    break


@pytest.mark.parametrize("edition", ["en", "it"])
def test_plain_uct_searches_as_with_the_engine_before_the_speed_up(edition):
    provide_assets()
    for index, (state, player) in enumerate(sample_positions(GAME, table_settings(2, edition), 3, 31)):
        searches = [UctBot(seed=index, iterations=60).start(position, player)
                    for position in (state, ReferenceState.from_json(state.to_json()))]
        for search in searches:
            search.run()
        fast, slow = searches
        assert fast.best_move() == slow.best_move()
        assert fast.move_statistics() == slow.move_statistics()
