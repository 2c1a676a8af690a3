"""A hint's reason (`State.explain_move`) for every game, on seeded random games:
plain data that leaves the state alone, and never a window on another seat's
secret: it stays the same when `determinize(player)` re-draws the other
seats' secrets (as declared in tests/engine/<id>/helpers.py, `seat_secrets`)."""

import json

import pytest

from ludoteca.core.rng import SeededRng
from ludoteca.games.registry import PLAYABLE

from .support import game_or_fail
from .test_secrecy import declarations, plain

GAMES_PER_COUNT = 2
MOVES_A_GAME = 240  # player moves and chance events, at most
CHECKED_NODES = 8  # decision nodes checked a game
MOVES_EXPLAINED = 24  # legal moves explained at a node
REDRAWS = 2


def explained(state, move, player):
    before = json.dumps(state.to_json(), sort_keys=True)
    reason = state.explain_move(move, player)
    assert reason is None or (isinstance(reason, tuple) and len(reason) == 2 and isinstance(reason[0], str)
                              and isinstance(reason[1], dict) and plain(reason[1])), (move.text, reason)
    assert json.dumps(state.to_json(), sort_keys=True) == before, f"explaining {move.text} changed the state"
    return reason


@pytest.mark.parametrize("game_id", PLAYABLE)
@pytest.mark.parametrize("players", [2, 3])
def test_a_reason_never_changes_when_other_seats_secrets_are_redrawn(game_id, players):
    game = game_or_fail(game_id)
    secrets = declarations(game_id).seat_secrets
    if game_id == "alphagon":
        from ..alphagon.helpers import provide_assets
        provide_assets()
    if players > game.max_players:
        pytest.skip("two players only")
    counted = {"reasons": 0, "redrawn": 0}
    for seed in range(GAMES_PER_COUNT):
        rng = SeededRng(9100 + seed)
        state = game.new_state(game.default_settings(players), 500 + seed)
        nodes = 0
        for _ in range(MOVES_A_GAME):
            if state.is_terminal() or nodes >= CHECKED_NODES:
                break
            if state.is_chance():
                state.apply_unchecked(-1, state.sample_chance(rng))
                continue
            acting = state.to_move()
            player = acting[rng.randbelow(len(acting))]
            moves = list(state.legal_moves(player))
            if rng.randbelow(5) == 0:
                nodes += 1
                rng.shuffle(moves)
                for move in moves[:MOVES_EXPLAINED]:
                    reason = explained(state, move, player)
                    counted["reasons"] += reason is not None
                    for _ in range(REDRAWS):
                        world = state.determinize(player, SeededRng(rng.next_u64() >> 11))
                        if any(secrets(world)[p] != secrets(state)[p] for p in range(players) if p != player):
                            counted["redrawn"] += 1
                        assert explained(world, move, player) == reason, (
                            f"the reason for {player}:{move.text} changes when other seats' secrets are re-drawn")
            state.apply(player, moves[rng.randbelow(len(moves))])
    assert counted["reasons"] or game_id == "psychopath", counted  # random openings rarely threaten anything
    assert counted["redrawn"] or game_id == "psychopath", counted  # nothing to hide in PSYCHOPATH
