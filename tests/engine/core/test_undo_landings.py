"""Match.undo_landings says where successive undos would land, exactly as
Match.undo then does it: against the computer (training) and between humans,
in a game with chance and revealed cards (Alphabeticell) and in PSYCHOPATH."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.core.match import AI, HUMAN, Match, Seat
from ludoteca.core.protocol import Settings
from ludoteca.games import registry

import run_profile


def played_match(game_id: str, kinds: tuple, seed: int, moves: int) -> Match:
    game = registry.game_package(game_id).GAME
    seats = [Seat(f"P{index}", kind, "easy" if kind == AI else "") for index, kind in enumerate(kinds)]
    match = Match(game, Settings(len(kinds), {}), seed, seats)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.is_over:
            break
        player = match.state.to_move()[0]
        match.play(player, rng.choice(match.state.legal_moves(player).texts()))
    return match


@settings(max_examples=run_profile.examples(40, 300))
@given(game_id=st.sampled_from(["alphabeticell", "psychopath"]), training=st.booleans(),
       seed=st.integers(0, 10_000), moves=st.integers(0, 40))
def test_undo_landings_are_where_successive_undos_land(game_id, training, seed, moves):
    kinds = (HUMAN, AI) if training else (HUMAN, HUMAN)
    match = played_match(game_id, kinds, seed, moves)
    games = {match.game.id: match.game}
    for player in match.human_players:
        landings = match.undo_landings(player)
        copy = Match.from_record(match.record(), games)
        for landing in landings:
            assert copy.can_undo(player)
            copy.undo(player)
            assert len(copy.entries) == landing
        assert not copy.can_undo(player)


def test_a_training_game_lands_before_each_of_the_humans_moves():
    match = played_match("psychopath", (HUMAN, AI), 7, 6)
    humans_moves = [index for index, entry in enumerate(match.entries) if entry.player == 0]
    assert match.undo_landings(0) == humans_moves[::-1]
