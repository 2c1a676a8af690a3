"""Alphabeticell move texts: numbers are ASCII digits only (the core's strict
reader); every legal move's text parses back."""

import pytest

from ludoteca.core.protocol import MoveParseError
from ludoteca.games.alphabeticell.rules import GAME, Deal

from ..move_texts import FOREIGN_NUMBERS, assert_refused, assert_round_trips, met_move_texts


@pytest.mark.parametrize("word", FOREIGN_NUMBERS + ("-1",))
@pytest.mark.parametrize("pattern", ["deal {} A", "dealer {}"])
def test_numbers_in_other_spellings_are_refused_with_a_typed_error(pattern, word):
    assert_refused(GAME, pattern.format(word))


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_every_legal_move_text_round_trips(players, seed):
    texts = met_move_texts(GAME, GAME.default_settings(players), seed, plies=80)
    assert any(text.startswith("deal ") for text in texts)
    assert_round_trips(GAME, texts)


@pytest.mark.parametrize("text", ["take Left N", "take right N P", "take LR N", "take Rx N P"])
def test_the_end_of_a_take_is_the_single_letter_l_or_r(text):
    with pytest.raises(MoveParseError) as caught:
        GAME.parse_move(text)
    assert caught.value.code == "abc.not_end"


def test_a_deal_text_names_one_player_and_one_card():
    assert GAME.parse_move("deal 1 NH") == Deal(1, "NH")
    with pytest.raises(MoveParseError) as caught:
        GAME.parse_move("deal 1 NH SC")
    assert caught.value.code == "abc.word_count"
