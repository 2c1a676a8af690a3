"""GeonAxis move texts: numbers are ASCII digits only (the core's strict
reader); a minus sign only in cell and tile coordinates; every legal move's
text parses back."""

import pytest

from ludoteca.games.geonaxis.rules import GAME, Challenge, Propose, Stone, Tile

from ..move_texts import FOREIGN_NUMBERS, assert_refused, assert_round_trips, met_move_texts

PATTERNS = ["s {} 0", "s 0 {}", "s -1 0 0 {}", "t {} 1", "propose {} 0 2", "challenge 0 -1 {}",
            "wager {} 0", "renew 1 {} 0", "buy {}"]


@pytest.mark.parametrize("word", FOREIGN_NUMBERS)
@pytest.mark.parametrize("pattern", PATTERNS)
def test_numbers_in_other_spellings_are_refused_with_a_typed_error(pattern, word):
    assert_refused(GAME, pattern.format(word))


@pytest.mark.parametrize("text", ["s ٣ 0", "s 1_0 0", "s +1 0", "s １ 0"])
def test_audit_repros_are_refused(text):
    assert assert_refused(GAME, text).code == "core.bad_number"


@pytest.mark.parametrize("text, move", [("s -1 2", Stone(-1, 2)), ("s -2 1 0 -1", Stone(-2, 1, 0, -1)),
                                        ("t -1 0", Tile(-1, 0)), ("propose 0 -2 3", Propose(0, -2, 3)),
                                        ("challenge -1 -1 2", Challenge(-1, -1, 2))])
def test_coordinates_may_be_negative(text, move):
    assert GAME.parse_move(text) == move


@pytest.mark.parametrize("text", ["wager -1 0", "wager 1 -1", "renew -1 0 0", "buy -2",
                                  "propose 0 0 -3", "challenge 0 0 -1"])
def test_counts_and_amounts_may_not_be_negative(text):
    assert assert_refused(GAME, text).code == "core.bad_number"


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2)])
def test_every_legal_move_text_round_trips(players, seed):
    texts = met_move_texts(GAME, GAME.default_settings(players), seed, plies=30)
    assert any(text.startswith("s ") and "-" in text for text in texts)
    assert_round_trips(GAME, texts)
