"""PSYCHOPATH move texts: node numbers are ASCII digits only, read by the
core's strict number reader; every legal move's text parses back."""

import pytest

from ludoteca.core.protocol import MoveParseError, Settings
from ludoteca.games.psychopath.rules import GAME

from ..move_texts import FOREIGN_NUMBERS, assert_refused, assert_round_trips, met_move_texts


@pytest.mark.parametrize("word", FOREIGN_NUMBERS + ("-1", "-0", "", "1 2"))
@pytest.mark.parametrize("pattern", ["m {} 3", "m 3 {}"])
def test_node_numbers_in_other_spellings_are_refused_with_a_typed_error(pattern, word):
    text = pattern.format(word)
    error = assert_refused(GAME, text)
    assert error.code in ("psychopath.bad_node", "core.unknown_move")


def test_audit_repro_superscript_two_is_a_bad_node():
    assert assert_refused(GAME, "m ² 3").code == "psychopath.bad_node"


@pytest.mark.parametrize("seed", [1, 2])
def test_every_legal_move_text_round_trips(seed):
    texts = met_move_texts(GAME, Settings(2), seed, plies=60)
    assert len(texts) > 50
    assert_round_trips(GAME, texts)


def test_resurrection_texts_take_exactly_one_kind():
    for junk in ["r doctor doctor", "r informer now"]:
        with pytest.raises(MoveParseError) as caught:
            GAME.parse_move(junk)
        assert caught.value.code == "core.unknown_move", junk
