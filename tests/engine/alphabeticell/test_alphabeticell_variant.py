"""The 2018 rules, offered as the variant rules=2018 (R15)."""

import pytest

from ludoteca.core.protocol import GameError, Settings
from ludoteca.games.alphabeticell.rules import GAME, PASS, take_move

from .helpers import check_invariants, new_state, offer_state


def test_variant_option_defaults_to_the_rulebook():
    (option,) = GAME.variants
    assert option.key == "rules" and option.choices == ("classic", "2018")
    assert GAME.default_settings(3).variants == {"rules": "classic"}
    with pytest.raises(GameError):
        GAME.validate_settings(Settings(2, {"rules": "2017"}))
    with pytest.raises(GameError):
        GAME.validate_settings(Settings(6, {"rules": "classic"}))
    with pytest.raises(GameError):
        GAME.validate_settings(Settings(1, {}))


def test_classic_and_2018_targets():
    assert new_state(2).target == 30
    assert new_state(2, "2018").target == 25


def test_fourth_discard_ends_a_2018_round():
    state = offer_state(["Nh aP", "Eb iL"], "SV", variant="2018", discards=("OU", "TY", "IQ"))
    state.apply(0, PASS)
    state.apply(1, PASS)
    assert state.round == 2 and state.last_round[1] == "discards"
    assert state.round_scores == ((2, 2),)
    assert state.dealer == 0  # the dealer of the final card deals first


def test_third_discard_does_not_end_a_2018_round():
    state = offer_state(["Nh aP", "Eb iL"], "SV", variant="2018", discards=("OU", "TY"))
    state.apply(0, PASS)
    state.apply(1, PASS)
    assert state.round == 1 and state.discards == ("OU", "TY", "SV")


def test_discards_do_not_end_a_classic_round():
    state = offer_state(["Nh aP", "Eb iL"], "SV", discards=("OU", "TY", "IQ", "RZ", "AM"))
    state.apply(0, PASS)
    state.apply(1, PASS)
    assert state.round == 1 and len(state.discards) == 6


def test_2018_lines_may_pass_eleven_cards():
    state = offer_state(["Aw iB tC sD Ek nF sG rH Il aJ", "Nh aP"], "RZ", variant="2018", dealer=1, step=1)
    state.apply(0, take_move("R", "Z"))
    assert state.round == 1 and len(state.lines[0]) == 11
    assert state.view(0)["line_limit"] is None and state.view(0)["discard_limit"] == 4


def test_2018_game_ends_at_25():
    state = offer_state(["Nh aP Sc", "Eb iL"], "SV", variant="2018", discards=("OU", "TY", "IQ"))
    state.round_scores = ((10, 8), (12, 9))
    state.totals = (22, 17)
    state.round = 3
    state.apply(0, PASS)
    state.apply(1, PASS)
    assert state.is_terminal() and state.totals == (25, 19) and state.winners() == [0]


def test_random_2018_games_keep_the_invariants():
    from ludoteca.core.rng import SeededRng
    for seed in range(20):
        state = new_state(3, "2018", seed)
        rng = SeededRng(seed)
        state.resolve_chance()
        while not state.is_terminal():
            player = state.to_move()[0]
            state.apply(player, rng.choice(list(state.legal_moves(player))))
            state.resolve_chance()
            check_invariants(state)
        assert max(state.totals) >= 25
