"""Guards for rules the other Alphagon tests leave open: the turn at the edge
on a centre line, the exact goal, closing only after placing, the
long-word prize at the starting allotment, a change for the same letter,
doubts against oneself or with a short answer, who suspends an unproven word,
a syllable pair claimed twice, the pass count after a doubt, the move texts
and the ranges a state record may hold."""

import json

import pytest

from ludoteca.core.protocol import MoveParseError, RecordError
from ludoteca.games.alphagon import components as C
from ludoteca.games.alphagon.rules import GAME

from .helpers import build_word, check_invariants, expect_error, give, new_state, play, set_trail


def damaged(state, damage) -> RecordError:
    data = json.loads(json.dumps(state.to_json()))
    damage(data)
    with pytest.raises(RecordError) as caught:
        GAME.state_from_json(data)
    return caught.value


# --- the polygon -------------------------------------------------------------------------------
def test_at_the_edge_level_with_the_start_on_the_centre_line_the_polygon_turns_east():
    state = new_state(2, seed=50)
    p = state.to_move()[0]
    set_trail(state, ["G4", "G3", "G2", "G1"], "+CAT", owner=p)
    state.current = p
    assert C.cell_name(state.next_cell()) == "H1"
    state = new_state(2, seed=50)
    p = state.to_move()[0]
    set_trail(state, ["D7", "C7", "B7", "A7"], "+CAT", owner=p)
    state.current = p
    assert C.cell_name(state.next_cell()) == "A8"


# --- the end -------------------------------------------------------------------------------------
def test_a_score_exactly_at_the_goal_ends_the_game():
    state = new_state(2, seed=40)
    build_word(state, "HOUS", "D4", "E")
    p = state.to_move()[0]
    state.points[p] = state.goal - 4
    give(state, p, "E")
    play(state, p, "place I4 E")
    play(state, p, "close")
    assert state.points[p] == state.goal
    assert state.is_terminal() and state.end_reason == "goal" and state.winners() == [p]


# --- closing ----------------------------------------------------------------------------------------
def test_close_is_offered_only_after_placing_a_letter():
    state = new_state(2, seed=49)
    build_word(state, "HOUSE", "D4", "E")
    p = state.to_move()[0]
    moves = list(state.legal_moves(p))
    assert "close" not in [m.text for m in moves]
    assert all(state.is_legal(p, m) for m in moves)
    give(state, p, "S")
    play(state, p, "place J4 S")
    assert "close" in [m.text for m in state.legal_moves(p)]


# --- the long-word prize ------------------------------------------------------------------------
def test_long_word_prize_offers_no_bonus_at_the_starting_two():
    state = new_state(2, seed=41)
    build_word(state, "POLICEMA", "D4", "E")
    p = state.to_move()[0]
    give(state, p, "N")
    play(state, p, "place M4 N")
    assert state.bonuses[p] == C.START_BONUSES and len(state.racks[p]) == C.START_LETTERS
    play(state, p, "close")
    assert state.points[p] == 6 and state.bonuses[p] == C.START_BONUSES
    assert state.to_move() == (state.next_player(p),) and state.queue == ()


# --- changing a letter ----------------------------------------------------------------------------
def test_a_letter_cannot_be_changed_for_the_same_letter():
    state = new_state(2, seed=42)
    build_word(state, "CA", "D4", "E")
    p = state.to_move()[0]
    give(state, p, "E")
    assert state.sack_has(p, "E")
    expect_error(state, p, "change E E", "not_in_sack")
    assert state.bonuses[p] == 2 and not state.changed


# --- doubts -----------------------------------------------------------------------------------------
def test_a_player_cannot_doubt_their_own_last_letter():
    state = new_state(2, seed=43)
    build_word(state, "CA", "D4", "E")
    p = state.to_move()[0]
    q = 1 - p
    assert state.last_placer() == q
    play(state, p, "pass")
    assert state.to_move() == (q,) and state.last_placer() == q
    expect_error(state, q, "doubt", "nothing_to_doubt")
    assert "doubt" not in [m.text for m in state.legal_moves(q)]


def test_a_doubted_player_naming_fewer_than_4_letters_is_refused_as_a_typo():
    state = new_state(2, seed=44)
    build_word(state, "CA", "D4", "E")
    doubter = state.to_move()[0]
    doubted = 1 - doubter
    play(state, doubter, "doubt")
    error = expect_error(state, doubted, "say CAT", "too_short")
    assert error.params == {"word": "CAT", "min": 4}
    assert state.phase == "answer" and state.to_move() == (doubted,)


def test_an_unproven_word_is_suspended_by_the_doubter_who_takes_the_star_under_its_plus():
    state = new_state(2, seed=45)
    doubter = state.to_move()[0]
    doubted = 1 - doubter
    set_trail(state, ["K8", "K7", "K6", "K5", "K4"], "+CATS", owner=doubted)
    state.current = doubter
    assert C.cell_name(state.next_cell()) == "K3" and C.parse_cell("K3") in C.STARS
    bonuses = list(state.bonuses)
    play(state, doubter, "doubt")
    play(state, doubted, "say CATSQ")
    assert state.to_move() == (doubted,) and state.view(doubted)["decision"] == ["lose", doubted]
    play(state, doubted, f"lose {state.racks[doubted][0]}")
    assert state.symbols == "+CATS+" and C.cell_name(state.trail[-1]) == "K3"
    assert state.owners[-1] == doubter
    assert state.words[-1] == ("CATS", "", doubter, 0, "unproven")
    assert state.bonuses[doubter] == bonuses[doubter] + 1 and state.bonuses[doubted] == bonuses[doubted]
    assert state.to_move() == (doubter,)  # R38: the doubter starts the new word
    check_invariants(state)


def _pass(state):
    player = state.to_move()[0]
    play(state, player, "pass" if state.bonuses[player] else f"pass {state.racks[player][0]}")


def test_a_word_closed_after_a_doubt_starts_a_new_count_of_passes():
    state = new_state(3, seed=46)
    build_word(state, "HOUS", "D4", "E")
    placer = state.last_placer()
    passer = state.to_move()[0]
    play(state, passer, "pass")
    doubter = state.to_move()[0]
    assert state.passes == 1 and doubter != placer
    play(state, doubter, "doubt")
    play(state, placer, "say HOUSES")
    play(state, doubter, f"lose {state.racks[doubter][0]}")
    assert state.words[-1][1:] == ("HOUSES", placer, 5, "revealed")
    assert state.passes == 0 and state.view(placer)["passes"] == 0
    for _ in range(2 * state.n - 1):
        _pass(state)
    assert not state.is_terminal()
    _pass(state)
    assert state.is_terminal() and state.end_reason == "stalemate"


# --- cards ----------------------------------------------------------------------------------------
def test_a_pair_of_the_word_found_once_cannot_be_found_again():
    state = new_state(2, seed=47)
    build_word(state, "CONGI", "D4", "E")
    p = state.to_move()[0]
    q = 1 - p
    card = next(c for c, sy, _, _ in C.deck("en") if "CO" in sy)
    if card not in state.hands[p]:
        holder = next((o for o in range(state.n) if card in state.hands[o]), None)
        if holder is None:
            state.deck = tuple(sorted(set(state.deck) - {card} | {state.hands[p][0]}))
        else:
            state.hands[holder] = tuple(sorted(set(state.hands[holder]) - {card} | {state.hands[p][0]}))
        state.hands[p] = tuple(sorted(state.hands[p][1:] + (card,)))
    play(state, p, f"find {card} CO")
    assert state.points[p] == 3 and state.returned == (card,)
    give(state, p, "S")
    play(state, p, "place J4 S")
    play(state, p, "end")
    assert state.to_move() == (q,) and state.word() == "CONGIS"
    state.returned = (state.hands[q][0],)
    state.hands[q] = tuple(sorted(state.hands[q][1:] + (card,)))
    check_invariants(state)
    expect_error(state, q, f"find {card} CO", "no_syllable")
    assert not any(m.text.startswith(f"find {card} CO") for m in state.legal_moves(q))


# --- move texts -----------------------------------------------------------------------------------
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


# --- state records --------------------------------------------------------------------------------
def _in_play():
    state = new_state(3, seed=48)
    build_word(state, "CA", "D4", "E")
    return state


def test_a_record_whose_current_player_is_no_seat_is_refused():
    error = damaged(_in_play(), lambda d: d.update(current=3))
    assert error.code == "alphagon.state_number" and error.params["field"] == "current"


def test_a_record_with_a_shape_claimed_on_a_too_short_polygon_is_refused():
    error = damaged(_in_play(), lambda d: d.update(shape_claims=[C.RED_SIZE - 1]))
    assert error.code == "alphagon.state_number" and error.params["field"] == "shape_claims.0"


def test_a_record_with_more_passes_than_two_rounds_is_refused():
    error = damaged(_in_play(), lambda d: d.update(passes=2 * 3 + 1, phase="over", end_reason="stalemate"))
    assert error.code == "alphagon.state_number" and error.params["field"] == "passes"

