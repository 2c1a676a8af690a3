"""A hint's reason in Alphabeticell (reasons.py): each kind appears when it should and not otherwise."""

from ludoteca.games import registry
from ludoteca.games.alphabeticell.rules import GAME
from ludoteca.ui.i18n import Catalog

from .helpers import new_state, offer_state, start_round

LINE = "eK iL tM"  # K, L, M: SC fits as C on the left (7 letters skipped) or as S on the right (5)


def reason(state, text: str, player: int = 0):
    return state.explain_move(GAME.parse_move(text), player)


def test_a_take_names_the_letter_the_end_and_the_letters_it_skips():
    state = offer_state([LINE, "od"], "SC")
    assert reason(state, "take R S") == ("abc.why.take.R",
                                         {"card": "SC", "letter": "S", "end_letter": "M", "skipped": 5})
    assert reason(state, "take L C") == ("abc.why.take.L",
                                         {"card": "SC", "letter": "C", "end_letter": "K", "skipped": 7})


def test_a_line_s_second_card_names_both_letters():
    state = offer_state(["nh", "od"], "EK")
    assert reason(state, "take R K H") == ("abc.why.second", {"card": "EK", "letter": "K", "first_card": "NH",
                                                                 "first_letter": "H", "skipped": 2})


def test_the_11th_card_says_it_ends_the_round_and_only_in_the_classic_rules():
    ten = "Aj iB sC oD Ek nF sG nH Il aL"
    state = offer_state([ten, "ou"], "TM")
    assert reason(state, "take R M") == ("abc.why.eleven", {"card": "TM", "letter": "M", "n": 11})
    state = offer_state([ten, "ou"], "TM", variant="2018")
    assert reason(state, "take R M")[0] == "abc.why.take.R"


def test_a_pass_says_nothing_fits_or_that_every_take_loses_letters():
    assert reason(offer_state(["Aj rZ", "od"], "SC"), "pass") == (
        "abc.why.nothing_fits", {"card": "SC", "low": "A", "high": "Z"})
    assert reason(offer_state([LINE, "od"], "SC"), "pass") == ("abc.why.wait", {"card": "SC", "skipped": 5})
    assert reason(offer_state([LINE, "od"], "NB"), "pass") is None  # N follows M at once: no reason to wait
    assert reason(offer_state(["nh", "od"], "EK"), "pass") is None  # a one-card line: nothing to say


def test_a_kept_card_names_its_roomier_letter_and_says_most_room_only_when_it_has():
    state = start_round(new_state(2), [["AJ", "NH", "RZ"], ["EK", "IL", "OD"]], dealer=0)
    # Player 0 has seen only their three cards: 45 unseen, 90 letters. J (no other J) has 39 unseen
    # letters before it and 51 after; N has 49 before it and 36 after (5 unseen Ns): J is the roomier.
    assert reason(state, "keep AJ") == ("abc.why.keep", {"card": "AJ", "letter": "J", "below": 39, "above": 51})
    assert reason(state, "keep NH") == ("abc.why.keep_room", {"card": "NH", "letter": "N", "below": 49, "above": 36})
    assert reason(state, "keep RZ")[0] == "abc.why.keep_room"


def test_the_reasons_read_in_english_and_italian():
    ui = registry.game_ui("alphabeticell")
    reason_ = ("abc.why.take.R", {"card": "SC", "letter": "S", "end_letter": "M", "skipped": 5})
    assert ui.hint_reason(reason_, ["A", "B"], Catalog("en").t) == "SC fits as S after your M (letters skipped: 5)."
    assert ui.hint_reason(reason_, ["A", "B"], Catalog("it").t) == \
        "SC entra come S dopo la tua M (lettere saltate: 5)."
