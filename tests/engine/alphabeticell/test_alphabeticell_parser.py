"""Alphabeticell move texts: numbers are ASCII digits only (the core's strict
reader); every legal move's text parses back."""

import pytest

from ludoteca.games.alphabeticell.rules import GAME

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
