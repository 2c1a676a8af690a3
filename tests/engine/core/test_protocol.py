import pytest

from ludoteca.core.protocol import (
    GameError, IllegalMoveError, MoveParseError, NotYourTurnError, Settings, VariantOption,
)
from ludoteca.games.council.rules import GAME as COUNCIL, CouncilGame, OVER
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


# --- returns by score share -------------------------------------------------------


class ShareCouncil(CouncilGame):
    returns_by_score = True


def council_at_the_end(game, points):
    state = game.new_state(game.default_settings(len(points)), 1)
    state.resolve_chance()
    state.points = list(points)
    state.phase = OVER
    return state


def test_returns_are_winner_takes_all_by_default():
    assert CouncilGame.returns_by_score is False
    assert council_at_the_end(COUNCIL, [3, 1, 0]).returns() == [1.0, 0.0, 0.0]
    assert council_at_the_end(COUNCIL, [3, 3, 0]).returns() == [0.5, 0.5, 0.0]


def test_returns_by_score_follow_score_shares():
    game = ShareCouncil()
    assert council_at_the_end(game, [3, 1, 0]).returns() == [0.75, 0.25, 0.0]
    assert council_at_the_end(game, [0, 0, 0]).returns() == pytest.approx([1 / 3] * 3)
    assert council_at_the_end(game, [-2, 1, 3]).returns() == [0.0, 0.25, 0.75]  # negatives count as 0
    unfinished = game.new_state(game.default_settings(3), 1)
    unfinished.resolve_chance()
    unfinished.points = [1, 1, 2]
    assert unfinished.returns() == [0.0, 0.0, 0.0]
    assert unfinished.heuristic_returns() == [0.25, 0.25, 0.5]


def test_resigned_move_prefers_pass_then_the_first_legal_move():
    state = NIM.new_state(NIM.default_settings(), 1)
    state.apply_chance(Deal((2, 5)))
    assert NIM.resigned_move(state, 0) == Take(0, 1)

    class PassingNim(type(NIM)):
        pass

    class PassMove(Take):
        @property
        def text(self):
            return "pass"

    state.generate_moves = lambda player: iter([Take(0, 1), PassMove(1, 1)])
    assert PassingNim().resigned_move(state, 0).text == "pass"


def test_legal_moves_without_a_player_raises_where_several_may_act():
    state = COUNCIL.new_state(COUNCIL.default_settings(3), 1)
    state.resolve_chance()
    with pytest.raises(GameError) as error:
        state.legal_moves()
    assert error.value.code == "core.name_player"
    assert len(state.legal_moves(0)) == 3
