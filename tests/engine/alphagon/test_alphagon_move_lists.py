"""The engine's move lists, in order, and its results are those the engine
gave before it was made faster: seeded random games and a few plain-UCT
decisions are compared with golden_move_lists.json, written by the engine
as it was before the speed-up. A move list that differs (a move more or
less, or another order) changes every seeded game and every search.

After an intended rules change, regenerate and review the diff:

    .venv/bin/python -m pytest tests/engine/alphagon -k move_lists --regen-golden
"""

import hashlib
import json
import pathlib

import pytest
import run_profile
from ludoteca.core.ai import UctBot
from ludoteca.core.protocol import CHANCE
from ludoteca.core.rng import SeededRng
from ludoteca.core.search_speed import sample_positions
from ludoteca.games.alphagon.rules import GAME, Place

from .helpers import provide_assets, settings

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
    state = GAME.new_state(settings(players, edition, deal, judge), seed)
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
    for index, (state, player) in enumerate(sample_positions(GAME, settings(2, edition), UCT_POSITIONS, seed)):
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
