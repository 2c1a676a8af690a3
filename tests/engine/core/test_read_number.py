"""The core's strict number reader, which every game's move parser uses."""

import pytest

from ludoteca.core.protocol import MoveParseError, read_number


@pytest.mark.parametrize("word, value", [("0", 0), ("7", 7), ("42", 42), ("007", 7), ("123456789", 123456789)])
def test_ascii_digits_are_read(word, value):
    assert read_number(word) == value


@pytest.mark.parametrize("word", ["²", "٣", "१", "３", "1_0", "+1", "-1", " 1", "1 ", "", "-", "1.0", "½",
                                  "0x1", "1e3", "Infinity", "1234567890"])
def test_anything_but_ascii_digits_is_a_move_parse_error(word):
    with pytest.raises(MoveParseError) as caught:
        read_number(word)
    assert caught.value.code == "core.bad_number"
    assert caught.value.params == {"text": word}


@pytest.mark.parametrize("word, value", [("-1", -1), ("-12", -12), ("3", 3)])
def test_a_minus_sign_is_read_only_where_allowed(word, value):
    assert read_number(word, negative=True) == value


@pytest.mark.parametrize("word", ["--1", "-", "-²", "+1", "-+1", "- 1", "1-"])
def test_a_sign_does_not_open_the_door_to_other_spellings(word):
    with pytest.raises(MoveParseError):
        read_number(word, negative=True)


def test_the_caller_names_the_code_and_its_params():
    with pytest.raises(MoveParseError) as caught:
        read_number("٣", code="game.bad_node", node="٣")
    assert caught.value.code == "game.bad_node"
    assert caught.value.params == {"node": "٣"}


def test_the_error_is_shown_in_both_languages_with_the_word():
    from ludoteca.ui.messages_it import CORE_ERRORS_EN, MESSAGES_IT

    with pytest.raises(MoveParseError) as caught:
        read_number("٣")
    key = "error." + caught.value.code
    for catalog in (CORE_ERRORS_EN, MESSAGES_IT):
        assert "{text}" in catalog[key]
