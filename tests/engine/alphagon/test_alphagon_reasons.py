"""A hint's reason in Alphagon (reasons.py): each kind appears when it should and not otherwise."""

from ludoteca.games import registry
from ludoteca.games.alphagon.rules import GAME
from ludoteca.ui.i18n import Catalog

from .helpers import build_word, give, new_state, play

# HOUS on the board from D4 eastward; the next letter goes on I4. Card 13 has the syllable ST,
# card 4's shape is the polygon's end once a sixth cell is laid straight on, card 20 has neither.
SYLLABLE_ST, SHAPE_CARD, PLAIN_CARD = 13, 4, 20


def hous(hand=(PLAIN_CARD,)):
    state = new_state(2, seed=3)
    build_word(state, "HOUS")
    player = state.to_move()[0]
    state.hands[player] = tuple(hand)
    give(state, player, "ETQ")
    return state, player


def reason(state, text: str, player: int):
    return state.explain_move(GAME.parse_move(text), player)


def test_a_letter_that_completes_a_word_says_its_points_and_whether_they_reach_the_goal():
    state, player = hous()
    assert reason(state, "place I4 E", player) == ("alphagon.why.completes",
                                                   {"word": "HOUSE", "points": 4, "goal": state.goal})
    state.points[player] = state.goal - 4
    assert reason(state, "place I4 E", player)[0] == "alphagon.why.completes_goal"


def test_a_letter_that_serves_a_card_names_the_card_its_syllable_or_shape():
    state, player = hous((SYLLABLE_ST,))
    assert reason(state, "place I4 T", player) == ("alphagon.why.syllable",
                                                   {"card": SYLLABLE_ST, "syllable": "ST", "points": 3})
    state, player = hous((SHAPE_CARD,))
    assert reason(state, "place I4 T", player) == ("alphagon.why.shape", {"card": SHAPE_CARD, "points": 3})


def test_a_letter_that_only_prepares_names_a_word_and_a_dead_end_has_no_reason():
    state, player = hous()
    assert reason(state, "place I4 T", player) == ("alphagon.why.prepares",
                                                   {"word": "HOUSTON", "letters": "HOUST"})
    assert reason(state, "place I4 Q", player) is None
    assert reason(state, "pass", player) is None


def test_a_letter_changed_for_names_the_word_it_would_complete_if_it_can_still_be_placed():
    state, player = hous()
    give(state, player, "N")
    assert reason(state, "change N E", player) == ("alphagon.why.change_completes",
                                                   {"letter": "E", "word": "HOUSE", "points": 4})
    assert reason(state, "change N I", player) == ("alphagon.why.change_prepares",
                                                   {"letter": "I", "word": "HOUSING", "letters": "HOUSI"})
    play(state, player, "place I4 T")
    state.bonuses[player] = 0  # a second letter would cost a bonus
    assert reason(state, "change N E", player) is None


def test_closing_and_finding_say_their_points():
    state, player = hous((SYLLABLE_ST,))
    play(state, player, "place I4 E")
    assert reason(state, "close", player) == ("alphagon.why.close",
                                              {"word": "HOUSE", "points": 4, "goal": state.goal})
    state, player = hous((SYLLABLE_ST,))
    play(state, player, "place I4 T")
    assert reason(state, f"find {SYLLABLE_ST} ST", player) == ("alphagon.why.find",
                                                                {"card": SYLLABLE_ST, "points": 3,
                                                                 "goal": state.goal})
    state.points[player] = state.goal - 3
    assert reason(state, f"find {SYLLABLE_ST} ST", player)[0] == "alphagon.why.find_goal"


def test_doubts_declarations_and_answers_name_the_words():
    state = new_state(2, seed=3)
    build_word(state, "HOUX")
    player = state.to_move()[0]
    assert reason(state, "doubt", player) == ("alphagon.why.doubt", {"prefix": "HOUX"})
    state, player = hous()
    assert reason(state, "doubt", player) is None  # HOUS goes on: no reason to doubt it
    play(state, player, "doubt")
    doubted = state.to_move()[0]
    assert reason(state, "say HOUSE", doubted) == ("alphagon.why.say", {"prefix": "HOUS", "word": "HOUSE"})
    state, player = hous()
    assert reason(state, "declare HOUSE", player) == ("alphagon.why.declare", {"prefix": "HOUS", "word": "HOUSE"})
    play(state, player, "declare HOUSING")
    other = state.to_move()[0]
    answers = [move for move in state.legal_moves(other) if move.keyword in ("contradict", "correct")]
    assert answers
    for move in answers:
        assert state.explain_move(move, other) == (f"alphagon.why.{move.keyword}",
                                                   {"prefix": "HOUS", "word": move.word})


def test_the_reasons_read_in_english_and_italian():
    ui = registry.game_ui("alphagon")
    names = ["Ada", "Bruno"]
    completes = ("alphagon.why.completes", {"word": "HOUSE", "points": 4, "goal": 40})
    assert ui.hint_reason(completes, names, Catalog("en").t) == "Completes HOUSE: closing it scores 4 points."
    assert ui.hint_reason(completes, names, Catalog("it").t) == "Completa HOUSE: chiuderla vale 4 punti."
