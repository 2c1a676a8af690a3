"""Loading an Alphabeticell state checks its content against the rules: the
counters, lines, dealer, discards and round numbers a saved state may hold."""

import pytest

from ludoteca.core.protocol import RecordError
from ludoteca.games.alphabeticell.rules import GAME

from .helpers import keep_all, new_state, offer_state, start_round

HANDS_3P = [["NH", "AP", "SC"], ["EK", "IL", "NU"], ["OC", "IQ", "AL"]]
ELEVEN_LETTERS_A_TO_J_AND_Z = "Aw iB tC sD Ek nF sG rH Il aJ rZ"


def assert_refused(data: dict, code: str) -> None:
    with pytest.raises(RecordError) as caught:
        GAME.state_from_json(data)
    assert caught.value.code == code, str(caught.value)


# --- saved states: counters and limits -------------------------------------------------
def test_a_saved_deal_cannot_count_past_the_last_dealt_card():
    state = start_round(new_state(3), HANDS_3P, dealer=1)
    data = state.to_json()
    assert data["phase"] == "keep" and GAME.state_from_json(data) == state
    assert_refused(dict(data, phase="deal", step=9), "abc.state_number")


def test_a_saved_flip_comes_after_at_most_one_pass_per_player():
    state = keep_all(start_round(new_state(2), HANDS_3P[:2], dealer=0), ["NH", "IL"])
    data = state.to_json()
    assert data["phase"] == "flip" and data["step"] == 0
    assert GAME.state_from_json(dict(data, step=2)).step == 2  # after a discard
    assert_refused(dict(data, step=3), "abc.state_phase")


def test_a_saved_line_uses_a_letter_printed_on_each_card():
    data = offer_state(["Nh aP Sc", "Eb iL"], "TD").to_json()
    assert data["lines"][0][0] == {"card": "NH", "letter": "N"}
    data["lines"][0][0]["letter"] = "B"  # still alphabetical: B P S
    assert_refused(data, "abc.state_line")


def test_a_saved_classic_round_in_play_has_no_eleven_card_line():
    state = offer_state([ELEVEN_LETTERS_A_TO_J_AND_Z, "Nh aP"], "TD")
    assert len(state.lines[0]) == 11
    assert_refused(state.to_json(), "abc.state_phase")
    in_2018 = offer_state([ELEVEN_LETTERS_A_TO_J_AND_Z, "Nh aP"], "TD", variant="2018")
    assert GAME.state_from_json(in_2018.to_json()) == in_2018


def test_a_saved_2018_round_in_play_has_fewer_than_four_discards():
    three = offer_state(["Nh aP", "Eb iL"], "TD", variant="2018", discards=("OU", "TY", "IQ"))
    assert GAME.state_from_json(three.to_json()) == three
    four = offer_state(["Nh aP", "Eb iL"], "TD", variant="2018", discards=("OU", "TY", "IQ", "RZ"))
    assert_refused(four.to_json(), "abc.state_phase")


def test_a_saved_dealer_is_one_of_the_players():
    data = offer_state(["Nh aP", "Eb iL"], "TD", dealer=1).to_json()
    assert GAME.state_from_json(data).dealer == 1
    assert_refused(dict(data, dealer=2), "abc.state_number")


def test_a_saved_last_round_is_numbered_from_one():
    state = offer_state(["Nh aP Sc", "Eb iL"], "TD", dealer=1, step=1)
    state.round, state.round_scores, state.totals = 2, ((3, 4),), (3, 4)
    state.last_round = (1, "deck", (3, 4), (state.lines[0], state.lines[1]), None, 1)
    data = state.to_json()
    assert GAME.state_from_json(data) == state
    data["last_round"]["round"] = 0
    assert_refused(data, "abc.state_number")
    first = offer_state(["Nh aP", "Eb iL"], "TD").to_json()
    first["last_round"] = {"round": 0, "reason": "deck", "scores": [0, 0], "lines": [[], []],
                           "ender": None, "next_dealer": 0}
    assert_refused(first, "abc.state_number")
