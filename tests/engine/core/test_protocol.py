import pytest

from ludoteca.core.protocol import (
    GameError, IllegalMoveError, MoveParseError, NotYourTurnError, Settings, VariantOption,
)
from .toy_nim import NIM, Deal, Take


def started(seed=1):
    state = NIM.new_state(NIM.default_settings(), seed)
    state.resolve_chance()
    return state


def test_chance_is_resolved_by_the_states_rng_reproducibly():
    assert started(5).heaps == started(5).heaps
    seen = {started(seed).heaps for seed in range(40)}
    assert len(seen) > 1


def test_chance_outcome_can_be_forced_and_checked():
    state = NIM.new_state(NIM.default_settings(), 1)
    state.apply_chance(Deal((2, 5)))
    assert state.heaps == (2, 5)
    with pytest.raises(IllegalMoveError):
        state.apply_chance(Deal((2, 5)))  # no chance pending any more


def test_impossible_chance_outcome_is_rejected():
    state = NIM.new_state(NIM.default_settings(), 1)
    with pytest.raises(IllegalMoveError):
        state.apply_chance(Deal((9, 9)))


def test_legal_moves_view_is_lazy_and_supports_membership():
    state = started()
    view = state.legal_moves()
    assert view._cache is None
    assert Take(0, 1) in view
    assert view._cache is None  # membership did not generate the list
    assert len(view) == len(view.texts()) > 0


def test_illegal_move_raises_and_leaves_state_unchanged():
    state = started()
    before = state.to_json()
    with pytest.raises(IllegalMoveError):
        state.apply(0, Take(0, 99))
    with pytest.raises(NotYourTurnError):
        state.apply(1, Take(0, 1))
    assert state.to_json() == before


def test_parse_errors_are_typed():
    assert NIM.parse_move("take 0 2") == Take(0, 2)
    for text in ("", "jump 1", "take x"):
        with pytest.raises(MoveParseError):
            NIM.parse_move(text)


def test_ranking_and_returns_share_ties():
    state = started()
    state.heaps = (0, 0)
    state.last_taker = 1
    assert state.ranking() == [2, 1]
    assert state.returns() == [0.0, 1.0]


def test_heuristic_returns_favour_the_leader_before_the_end():
    state = started()
    assert state.heuristic_returns() == [0.5, 0.5]


def test_settings_validation():
    class Variant(type(NIM)):
        variants = (VariantOption("speed", "speed", ("slow", "fast")),)

    game = Variant()
    assert game.validate_settings(Settings(2)).variants == {"speed": "slow"}
    with pytest.raises(GameError):
        game.validate_settings(Settings(3))
    with pytest.raises(GameError):
        game.validate_settings(Settings(2, {"speed": "warp"}))
    with pytest.raises(GameError):
        game.validate_settings(Settings(2, {"colour": "red"}))
