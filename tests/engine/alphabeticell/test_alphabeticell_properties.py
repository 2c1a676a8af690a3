"""Property tests over random games (derandomized): a short profile by default,
1000 games with --full (and thousands in `build.py bench fuzz`)."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import run_profile

from ludoteca.core.match import AI, HUMAN, Match, Seat
from ludoteca.core.protocol import IllegalMoveError, Settings
from ludoteca.core.rng import SEED_MASK, SeededRng
from ludoteca.games.alphabeticell.rules import (
    ALL_CARDS,
    GAME,
    KEEP,
    OFFER,
    PASS,
    Flip,
    Keep,
    take_move,
)

from .helpers import check_invariants

GAMES = st.fixed_dictionaries({
    "seed": st.integers(0, SEED_MASK),  # records keep seeds JavaScript can hold exactly
    "players": st.integers(2, 5),
    "variant": st.sampled_from(["classic", "2018"]),
    "take_bias": st.sampled_from([0.0, 0.5, 0.8, 1.0]),
})
RANDOM_GAMES = settings(max_examples=run_profile.examples(60, 1000), derandomize=True, deadline=None,
                        suppress_health_check=[HealthCheck.too_slow])


def random_move(state, player, rng, take_bias):
    """A legal move, taking a card with probability `take_bias` when one fits
    (uniform play makes short lines and long games)."""
    moves = list(state.legal_moves(player))
    takes = [move for move in moves if move is not PASS]
    if state.phase == OFFER and takes and rng.random() < take_bias:
        return rng.choice(takes)
    return rng.choice(moves)


def illegal_moves(state, player):
    """Moves that must be refused now."""
    legal = set(state.legal_moves(player))
    candidates = [Keep(card) for card in ALL_CARDS[:6]] + [Flip(ALL_CARDS[0]), PASS]
    for end in "LR":
        for letter in "AEMNSZ":
            candidates.append(take_move(end, letter))
            candidates.append(take_move(end, letter, "N"))
    return [move for move in candidates if move not in legal]


@RANDOM_GAMES
@given(GAMES)
def test_random_games_keep_every_invariant(game):
    state = GAME.new_state(Settings(game["players"], {"rules": game["variant"]}), game["seed"])
    rng = SeededRng(game["seed"] ^ 0x5EED)
    state.resolve_chance()
    moves = 0
    while not state.is_terminal():
        player = state.to_move()[0]
        assert not state.is_chance()
        before = state.to_json()
        # Refused moves leave the state unchanged, with a typed error.
        wrong = rng.choice(illegal_moves(state, player))
        with pytest.raises(IllegalMoveError) as refused:
            state.apply(player, wrong)
        assert refused.value.code == "core.illegal_now"
        other = (player + 1) % state.n
        with pytest.raises(IllegalMoveError) as refused:
            state.apply(other, PASS if state.phase == OFFER else Keep(ALL_CARDS[0]))
        assert refused.value.code == "core.not_your_turn"
        assert state.to_json() == before
        move = random_move(state, player, rng, game["take_bias"])
        assert GAME.parse_move(move.text) == move
        state.apply(player, move)
        state.resolve_chance()
        moves += 1
        check_invariants(state)
        data = state.to_json()
        assert GAME.state_from_json(json.loads(json.dumps(data))).to_json() == data
    assert state.winners() and sum(state.returns()) == pytest.approx(1.0)
    assert max(state.totals) >= state.target
    assert moves > 0


@settings(max_examples=run_profile.examples(30, 150), derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(GAMES, st.booleans())
def test_undo_redo_is_the_identity_and_records_replay(game, training):
    settings_ = Settings(game["players"], {"rules": game["variant"]})
    seats = [Seat(f"P{p}", HUMAN if (p == 0 or not training) else AI, "easy") for p in range(game["players"])]
    match = Match(GAME, settings_, game["seed"], seats)
    rng = SeededRng(game["seed"] ^ 0xA11)
    while not match.is_over:
        player = match.state.to_move()[0]
        move = random_move(match.state, player, rng, game["take_bias"])
        match.play(player, move)
        if rng.random() < 0.3:
            acting = match.state.to_move()
            for human in match.human_players:
                if match.can_undo(human):
                    before = match.state.to_json()
                    texts = [entry.text for entry in match.entries]
                    match.undo(human)
                    assert match.state.to_move() != () or match.state.is_terminal()
                    match.redo()
                    assert match.state.to_json() == before
                    assert [entry.text for entry in match.entries] == texts
                    assert match.state.to_move() == acting
                    break
    replayed = Match.from_record(json.loads(json.dumps(match.record())), {GAME.id: GAME})
    assert replayed.state == match.state
    assert replayed.state.to_json() == match.state.to_json()


def test_multi_human_undo_follows_the_reveal_and_chance_policy():
    seats = [Seat("A"), Seat("B")]
    match = Match(GAME, Settings(2, {"rules": "classic"}), 4, seats)
    first = match.state.to_move()[0]
    match.play(first, next(iter(match.state.legal_moves(first))))
    assert match.entries[-1].reveals and not match.can_undo(first)  # keeping reveals a card
    second = match.state.to_move()[0]
    match.play(second, next(iter(match.state.legal_moves(second))))
    assert match.entries[-1].chance  # the first flip followed
    assert not match.can_undo(second)
    # A pass that hands the card to the next player draws nothing: undoable.
    while match.state.phase != OFFER or match.state.step != 0:
        actor = match.state.to_move()[0]
        match.play(actor, PASS)
    actor = match.state.to_move()[0]
    match.play(actor, PASS)
    assert not match.entries[-1].chance and match.can_undo(actor)
    before = match.state_before(len(match.entries) - 1).to_json()
    match.undo(actor)
    assert match.state.to_json() == before
    assert match.state.phase == OFFER and match.state.to_move() == (actor,)


def test_keep_phase_state_has_hidden_hands_only():
    state = GAME.new_state(Settings(4, {"rules": "classic"}), 12)
    state.resolve_chance()
    assert state.phase == KEEP
    for player in range(4):
        view = state.view(player)
        assert view["hand"] == list(state.hands[player])
        others = {card for other, hand in enumerate(state.hands) if other != player for card in hand}
        assert not others & set(json.dumps(view).replace('"', " ").split())
