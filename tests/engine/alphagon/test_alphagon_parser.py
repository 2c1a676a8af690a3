"""Alphagon move texts: numbers and board rows are ASCII digits only (the
core's strict reader); every legal move's text parses back."""

import pytest

from ludoteca.core.protocol import MoveParseError
from ludoteca.games.alphagon.rules import GAME

from ..move_texts import FOREIGN_NUMBERS, assert_refused, assert_round_trips, met_move_texts
from .helpers import provide_assets, settings

PATTERNS = ["find {} shape", "first {}", "draw {} A", "card {} 1", "card 1 {}", "place G{} A",
            "start G{} N A"]


@pytest.mark.parametrize("word", FOREIGN_NUMBERS + ("-1",))
@pytest.mark.parametrize("pattern", PATTERNS)
def test_numbers_in_other_spellings_are_refused_with_a_typed_error(pattern, word):
    assert_refused(GAME, pattern.format(word))


def test_a_row_in_arabic_indic_digits_is_not_row_3():
    assert assert_refused(GAME, "place G٣ A").code == "alphagon.off_board"


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2)])
def test_every_legal_move_text_round_trips(players, seed):
    provide_assets()
    texts = met_move_texts(GAME, settings(players), seed, plies=60)
    assert any(any(ch.isdigit() for ch in text) for text in texts)
    assert_round_trips(GAME, texts)


@pytest.mark.parametrize("text", ["find 12 COX", "find 12 C", "close now", "end turn", "accept it",
                                  "doubt it", "concede all", "suspend word"])
def test_move_texts_with_extra_or_malformed_words_are_refused(text):
    with pytest.raises(MoveParseError) as caught:
        GAME.parse_move(text)
    assert caught.value.code == "core.unreadable_move"


def test_move_texts_that_are_well_formed_read_back_the_same():
    for text in ("find 12 CO", "find 12 shape", "find 12 CO shape", "close", "end", "accept", "doubt",
                 "concede", "suspend"):
        assert GAME.parse_move(text).text == text
