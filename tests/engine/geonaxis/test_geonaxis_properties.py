"""Properties over random games with 2-6 players: no exception, invariants
(credits conserved, no group without liberties, ...), JSON round trip and
replay at every move, legal move texts parse back, no secret in another
player's view, determinize keeps the view, and illegal moves raise typed
errors that leave the state unchanged.

The default run plays a few dozen games; --full plays 1200 (and
`build.py bench fuzz` thousands):
    .venv/bin/python -m pytest tests/engine/geonaxis -k properties --full
"""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import run_profile

from ludoteca.core.protocol import GameError, IllegalMoveError
from ludoteca.core.rng import SeededRng
from ludoteca.games.geonaxis.rules import (
    GAME,
    MAX_JOKERS,
    PASS,
    Challenge,
    Propose,
    Renew,
    Tile,
    Wager,
)

from .helpers import check_invariants, new_state, position, ring

WALL = ring((0, 0), 2)


def start_state(players, seed, table, pot, walled):
    """A new game, or one whose tile edge is already walled by players 0 and
    1, so that agreements and challenges come up often."""
    if not walled:
        return new_state(players, table=table, pot=pot, rounds=60, seed=seed)
    stones = {cell: (0 if index < 6 else 1) for index, cell in enumerate(WALL)}
    return position(stones, players=players, table=table, pot=pot, rounds=60, seed=seed)

PROFILE = settings(max_examples=run_profile.examples(15, 1200), deadline=None, derandomize=True,
                   suppress_health_check=list(HealthCheck))


def random_policy(state, player, rng):
    """Picks a kind of move first, so rare kinds (proposals, challenges,
    tiles) come up often; passes grow likelier as the game goes on."""
    moves = list(state.generate_moves(player))
    if state.phase == "play" and rng.random() < min(0.9, state.round / 30):
        return PASS
    kinds = {}
    for move in moves:
        kinds.setdefault(type(move).__name__, []).append(move)
    kind = rng.choice(sorted(kinds))
    if kind == "Propose":  # small public numbers, so that challenges are affordable
        kinds[kind] = [move for move in kinds[kind] if move.amount <= 2]
    return rng.choice(kinds[kind])


def illegal_candidates(state, player):
    """Moves that must be refused now, with the code they must carry."""
    found = []
    hand = state.hands[player]
    if state.phase == "play":
        for agreement in state.agreements:
            if agreement.stakes:
                cell = agreement.cells[0]
                found.append(Challenge(cell[0], cell[1], 0))  # a challenge wagers at least one credit (R12)
                found.append(Challenge(cell[0], cell[1], hand + agreement.public + 1))
        if not state.tile_in_hand[player]:
            found.append(Tile(0, 1))
        found.append(Propose(99, 99, 1))
    elif state.phase == "agree":
        found.append(Wager(hand + 1, 0))
        found.append(Wager(0, MAX_JOKERS + 1))
    elif state.phase == "renegotiate":
        found.append(Renew(1, hand + 1, 0))
    found.append(GAME.parse_move("buy 1") if state.phase != "buy" else Wager(0, 0))
    return found


def check_secrets(state, player, move, rng):
    """After `player` submitted `move`, no other viewer can tell what it was."""
    others = [p for p in range(state.n) if p != player]
    for other in (None, rng.choice(others)):
        view = state.view(other)
        assert view["my_choice"] is None or other is not None and view["my_choice"] != move.text or \
            other in state.submissions
        if other is not None and other in state.submissions:
            assert view["my_choice"] == state.submissions[other].text
        if isinstance(move, (Wager, Renew)) or move.text.startswith("buy"):
            # (the viewer's own choice may be the same text: leave it out)
            others_part = {key: value for key, value in view.items() if key != "my_choice"}
            assert move.text not in json.dumps(others_part), "a secret stake shows in another view"
    for other in others[:1]:
        for agreement in state.view(other)["agreements"]:
            if other not in agreement["members"]:
                assert agreement["my_stake"] is None


def play_checked(players, seed, table, pot, walled=False, heavy=True):
    state = start_state(players, seed, table, pot, walled)
    twin = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    rng = SeededRng(seed)
    moves = 0
    while not state.is_terminal():
        for player in state.to_move():
            if heavy:
                for bad in illegal_candidates(state, player):
                    before = state.to_json()
                    try:
                        state.apply(player, bad)
                    except IllegalMoveError as error:
                        assert error.code.startswith(("geonaxis.", "core."))
                    else:
                        raise AssertionError(f"{bad.text} was accepted")
                    assert state.to_json() == before
            move = random_policy(state, player, rng)
            assert GAME.parse_move(move.text) == move
            resolves = state.reveals_information(player, move)
            state.apply(player, move)
            twin.apply(player, GAME.parse_move(move.text))
            moves += 1
            if not resolves:
                check_secrets(state, player, move, rng)
            if heavy:
                assert twin.to_json() == state.to_json()
                again = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
                assert again == state
                if not state.is_terminal():
                    viewer = rng.randbelow(players)
                    world = state.determinize(viewer, SeededRng(moves))
                    assert world.view(viewer) == state.view(viewer)
        check_invariants(state)
    assert twin == state
    return state


@PROFILE
@given(players=st.integers(2, 6), seed=st.integers(0, 2 ** 40),
       table=st.sampled_from(["1", "7"]), pot=st.sampled_from(["standard", "house"]),
       walled=st.booleans())
def test_random_games_keep_every_invariant(players, seed, table, pot, walled):
    # The full run checks every game's invariants, secrets and replay; the
    # costly per-move checks (illegal moves, JSON round trip, determinize)
    # run on every game by default and on one game in eight in the full run.
    state = play_checked(players, seed, table, pot, walled, heavy=not run_profile.FULL or seed % 8 == 0)
    assert state.is_terminal()
    assert sum(state.final["shares"]) + (state.house if pot == "house" else state.pot) >= state.final["pot"]
    assert state.winners()


def test_random_games_exercise_agreements_and_challenges():
    """Enough random games form agreements and see challenges for the
    properties above to cover them."""
    formed = challenged = 0
    for seed in range(8):
        state = start_state(2 + seed % 3, seed, "1", "standard", walled=True)
        rng = SeededRng(seed)
        while not state.is_terminal():
            for player in state.to_move():
                state.apply(player, random_policy(state, player, rng))
            if state.last_node and state.last_node.get("formed"):
                formed += 1
            if state.last_round and state.last_round["challenges"]:
                challenged += 1
    assert formed > 0 and challenged > 0


def test_damaged_states_raise_record_errors():
    state = new_state(3)
    good = state.to_json()
    for damage in (
        lambda d: d.update(phase="lunch"),
        lambda d: d.update(hands=[10, 10]),
        lambda d: d.update(stones=[[0, 0, 1], [0, 0, 2]]),
        lambda d: d.update(stones=[[9, 9, 1]]),
        lambda d: d.update(pot=5),
        lambda d: d.pop("tiles"),
        lambda d: d.update(submissions={"7": "pass"}),
        lambda d: d.update(submissions={"0": "fly"}),
        lambda d: d.update(game="chess"),
        lambda d: d.update(phase="agree"),
        lambda d: d.update(queue=[{"kind": "dance"}]),
        lambda d: d.update(agreements=[{"id": 1, "cells": [[0, 0]], "members": [0], "amount": 1, "stakes": {}}]),
    ):
        data = json.loads(json.dumps(good))
        damage(data)
        try:
            GAME.state_from_json(data)
        except GameError as error:
            assert error.code == "geonaxis.bad_state" or error.code.startswith("geonaxis.state_")
        else:
            raise AssertionError(f"accepted {data}")
