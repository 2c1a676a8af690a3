"""The toy Council game itself: every rule, and the protocol's properties."""

import json

import pytest
from hypothesis import given, settings, strategies as st

from ludoteca.core.ai import random_rollout_policy, rollout_step
from ludoteca.core.protocol import (
    RESPONSE, SIMULTANEOUS, TURN, GameError, IllegalMoveError, MoveParseError, NotYourTurnError,
    RecordError, Settings,
)
from ludoteca.core.rng import SeededRng
from ludoteca.games.council.rules import (
    ACCEPT, BID, CARDS, CLAIM, DEAL, GAME, MAX_BID, MAX_PLAYERS, MIN_PLAYERS, OBJECT, OVER, RESPOND,
    ROUNDS, START_COINS, Bid, Claim, Deal,
)


def dealt(cards=(5, 2, 3), seed=1):
    """A new state with the given cards dealt (one per player)."""
    state = GAME.new_state(GAME.default_settings(len(cards)), seed)
    for player, card in enumerate(cards):
        state.apply_chance(Deal(player, card))
    return state


def bid_all(state, bids):
    for player, amount in enumerate(bids):
        state.apply(player, Bid(amount))


def test_module_mimics_a_game_package():
    assert (MIN_PLAYERS, MAX_PLAYERS) == (3, 4) == (GAME.min_players, GAME.max_players)
    with pytest.raises(GameError):
        GAME.new_state(Settings(2), 1)
    assert GAME.game_type.dynamics == "mixed" and GAME.game_type.information == "imperfect"


def test_deal_is_a_chance_node_over_the_cards_left():
    state = GAME.new_state(GAME.default_settings(3), 1)
    assert state.is_chance() and state.to_move() == () and state.phase == DEAL
    outcomes = state.chance_outcomes()
    assert [move for move, _ in outcomes] == [Deal(0, card) for card in CARDS]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_chance(Deal(0, 4))
    assert [move.card for move, _ in state.chance_outcomes()] == [1, 2, 3, 5, 6]
    with pytest.raises(IllegalMoveError):
        state.apply_chance(Deal(1, 4))  # already dealt


def test_resolve_chance_is_reproducible_from_the_seed():
    first, second = GAME.new_state(GAME.default_settings(4), 7), GAME.new_state(GAME.default_settings(4), 7)
    assert first.resolve_chance() == second.resolve_chance()
    assert first.phase == BID and len(set(first.cards)) == 4


def test_bidding_is_simultaneous_and_hidden():
    state = dealt()
    assert state.acting_mode() == SIMULTANEOUS and state.to_move() == (0, 1, 2)
    with pytest.raises(GameError):
        state.legal_moves()  # several may act: name one
    assert state.legal_moves(1).texts() == ["bid 0", "bid 1", "bid 2"]
    state.apply(1, Bid(2))
    assert state.to_move() == (0, 2)
    with pytest.raises(NotYourTurnError):
        state.apply(1, Bid(1))  # one bid each
    other = dealt()
    other.apply(1, Bid(0))
    for viewer in (0, 2, None):
        assert state.view(viewer)["bids_in"] == [1] and state.view(viewer)["last_bids"] is None
        assert state.view(viewer) == other.view(viewer)  # only THAT player 1 has bid


def test_highest_bid_proposes_and_pays():
    state = dealt()
    bid_all(state, (1, 2, 0))
    assert state.phase == CLAIM and state.acting_mode() == TURN and state.to_move() == (1,)
    assert state.coins == [START_COINS, START_COINS - 2, START_COINS]
    assert state.view(0)["last_bids"] == [1, 2, 0]


def test_a_tied_bid_goes_to_the_first_in_seat_order_from_the_starter():
    state = dealt()
    bid_all(state, (1, 1, 1))
    assert state.proposer == 0
    second_round = dealt()
    second_round.round, second_round.starter = 2, 1
    bid_all(second_round, (2, 0, 2))
    assert second_round.proposer == 2  # order from seat 1: 1, 2, 0


def test_bids_are_limited_by_coins():
    state = dealt()
    state.coins[2] = 1
    assert state.legal_moves(2).texts() == ["bid 0", "bid 1"]
    assert len(state.legal_moves(0)) == MAX_BID + 1
    with pytest.raises(IllegalMoveError):
        state.apply(2, Bid(2))


def test_response_window_lists_the_others_from_the_proposer():
    state = dealt((1, 2, 3, 4))
    bid_all(state, (0, 0, 2, 0))
    state.apply(2, Claim(2))
    assert state.phase == RESPOND and state.acting_mode() == RESPONSE
    assert state.to_move() == (3, 0, 1)
    assert state.legal_moves(0).texts() == ["accept", "object"]
    state.apply(0, ACCEPT)  # submission order, not seat order
    assert state.to_move() == (3, 1)


def test_all_accept_scores_the_claim():
    state = dealt((1, 6, 2))
    bid_all(state, (0, 1, 0))
    state.apply(1, Claim(3))
    state.apply(2, ACCEPT)
    state.apply(0, ACCEPT)
    assert state.points == [0, 3, 0] and state.round == 2 and state.phase == DEAL
    assert state.last_result["objector"] is None and state.last_result["card"] is None


def test_first_objection_closes_the_window_and_shows_the_card():
    state = dealt((1, 6, 2))
    bid_all(state, (0, 1, 0))
    state.apply(1, Claim(3))  # true: 6 >= 6
    assert state.reveals_information(0, OBJECT) and not state.reveals_information(0, ACCEPT)
    state.apply(0, OBJECT)
    assert state.points == [0, 4, 0]
    assert state.last_result == {"round": 1, "proposer": 1, "claim": 3, "bids": [0, 1, 0],
                                 "objector": 0, "card": 6}
    assert state.phase == DEAL  # the window closed: player 2 never answered


def test_objecting_to_a_false_claim_scores_for_the_objector():
    state = dealt((1, 5, 2))
    bid_all(state, (0, 1, 0))
    state.apply(1, Claim(3))  # false: 5 < 6
    state.apply(2, ACCEPT)
    state.apply(0, OBJECT)
    assert state.points == [3, 0, 0]


def test_only_the_last_bid_reveals():
    state = dealt()
    assert not state.reveals_information(0, Bid(0))
    state.apply(0, Bid(0))
    state.apply(1, Bid(1))
    assert state.reveals_information(2, Bid(0))


def test_the_game_ends_after_the_last_round_and_most_points_wins():
    state = dealt((6, 1, 2))
    state.round = ROUNDS
    bid_all(state, (1, 0, 0))
    state.apply(0, Claim(3))
    state.apply(1, OBJECT)
    assert state.phase == OVER and state.is_terminal() and state.to_move() == ()
    assert state.scores() == [4, 0, 0] and state.returns() == [1.0, 0.0, 0.0]


def test_view_hides_other_cards():
    state = dealt((1, 6, 2))
    assert state.view(1)["my_card"] == 6 and state.view(0)["my_card"] == 1
    assert state.view(None)["my_card"] is None
    assert 6 not in json.loads(json.dumps(state.view(0))).values()


def test_parse_errors_are_typed():
    assert GAME.parse_move("bid 2") == Bid(2)
    assert GAME.parse_move("claim 1") == Claim(1)
    assert GAME.parse_move("accept") == ACCEPT
    for text in ("", "bid", "bid x", "bid 1 2", "accept now", "bid -1", "bid ٣", "shout"):
        with pytest.raises(MoveParseError):
            GAME.parse_move(text)


def test_damaged_states_are_refused_with_a_record_error():
    good = dealt().to_json()
    for damage in ({"phase": "lunch"}, {"cards": [1, 1, 2]}, {"players": 9}, {"coins": "x"}, {"round": 0}):
        with pytest.raises(RecordError):
            GAME.state_from_json({**good, **damage})
    with pytest.raises(RecordError):
        GAME.state_from_json({})


def test_determinize_redraws_only_what_the_player_cannot_see():
    state = dealt((1, 6, 2, 4))
    state.apply(2, Bid(2))
    worlds = [state.determinize(0, SeededRng(seed)) for seed in range(60)]
    assert all(world.cards[0] == 1 and world.view(0) == state.view(0) for world in worlds)
    assert len({tuple(world.cards) for world in worlds}) > 5
    assert {world.bids[2] for world in worlds} == {0, 1, 2}
    assert all(sorted(world.cards + list(world.deck)) == list(CARDS) for world in worlds)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2 ** 32), st.sampled_from([3, 4]))
def test_random_games_keep_the_invariants(seed, players):
    state = GAME.new_state(GAME.default_settings(players), seed)
    rng = SeededRng(seed)
    while not state.is_terminal():
        if state.is_chance():
            state.resolve_chance()
            continue
        for player in state.to_move():
            assert state.determinize(player, rng).view(player) == state.view(player)
            for move in state.legal_moves(player):
                assert GAME.parse_move(move.text) == move
        before = state.to_json()
        with pytest.raises(IllegalMoveError):
            state.apply(state.to_move()[0], Claim(9))
        assert state.to_json() == before
        rollout_step(state, random_rollout_policy, rng)
        assert GAME.state_from_json(json.loads(json.dumps(state.to_json()))) == state
        assert sum(state.coins) <= START_COINS * players
    assert state.round == ROUNDS and sum(state.returns()) == pytest.approx(1.0)
