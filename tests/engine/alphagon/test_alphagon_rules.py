"""One test (or more) per rule of the generic play, and per ruling."""

import pytest

from ludoteca.core.protocol import RESPONSE, TURN, NotYourTurnError
from ludoteca.games.alphagon import components as C
from ludoteca.games.alphagon.rules import GAME, Draw, Place, points_for

from .helpers import build_word, check_invariants, expect_error, give, new_state, play, set_trail


# --- start -----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_each_player_starts_with_3_vowels_4_consonants_3_cards_2_bonuses(players):
    state = new_state(players, seed=players)
    for p in range(players):
        assert state.rack_kinds(p) == [3, 4]
        assert len(state.hands[p]) == 3
        assert state.bonuses[p] == 2
    assert state.phase == "first" and state.to_move() == (state.first_player,)
    assert state.goal == C.GOAL[players]
    check_invariants(state)


def test_first_player_and_rotation_are_uniform_chance_nodes():
    state = new_state(4, resolve=False)
    outcomes = state.chance_outcomes()
    assert [m.text for m, _ in outcomes] == ["first 0", "first 1", "first 2", "first 3"]
    assert all(p == pytest.approx(0.25) for _, p in outcomes)
    state.apply_chance(outcomes[2][0])
    assert [(m.text, p) for m, p in state.chance_outcomes()] == [("rotation cw", 0.5), ("rotation ccw", 0.5)]
    state.apply_chance(GAME.parse_move("rotation ccw"))
    state.resolve_chance()
    assert state.to_move() == (2,)
    assert state.next_player(2) == 1  # counter-clockwise


def test_letter_draws_come_from_the_players_own_sack():
    state = new_state(2, resolve=False)
    state.apply_chance(GAME.parse_move("first 0"))
    state.apply_chance(GAME.parse_move("rotation cw"))
    outcomes = dict((m.text, p) for m, p in state.chance_outcomes())
    assert outcomes["draw 0 A"] == pytest.approx(6 / 26) and outcomes["draw 0 U"] == pytest.approx(3 / 26)
    assert set(outcomes) == {f"draw 0 {v}" for v in "AEIOU"}


def test_first_play_puts_plus_on_a_flag_and_a_letter_beside_it():
    state = new_state(2, seed=3)
    p = state.to_move()[0]
    give(state, p, "A")
    expect_error(state, p, "start A1 E A", "not_a_flag")
    missing = next(x for x in "QZXJ" if x not in state.racks[p])
    expect_error(state, p, f"start D4 E {missing}", "not_in_rack")
    expect_error(state, p, "place D5 A", "must_start")
    play(state, p, "start D4 S A")
    assert state.symbols == "+A" and [C.cell_name(c) for c in state.trail] == ["D4", "D5"]
    assert state.rack_kinds(p) == [3, 4]  # refilled from the vowel sack
    assert state.to_move() == (state.next_player(p),)
    check_invariants(state)


# --- placing -------------------------------------------------------------------------------
def test_letters_go_on_the_next_cell_in_the_current_heading():
    state = new_state(2, seed=4)
    build_word(state, "CA", "D4", "E")
    p = state.to_move()[0]
    give(state, p, "T")
    expect_error(state, p, "place D6 T", "wrong_cell")
    expect_error(state, p, "end", "end_before_placing")
    play(state, p, "place G4 T")
    assert state.word() == "CAT"


def test_a_second_letter_costs_a_bonus_and_a_third_is_refused():
    state = new_state(2, seed=5)
    build_word(state, "PO", "D4", "E")
    p = state.to_move()[0]
    give(state, p, "LIC")
    play(state, p, "place G4 L")
    play(state, p, "place H4 I")
    assert state.bonuses[p] == 1 and state.word() == "POLI"
    expect_error(state, p, "place I4 C", "two_letters")


def test_no_bonus_no_second_letter():
    state = new_state(2, seed=5)
    build_word(state, "PO", "D4", "E")
    p = state.to_move()[0]
    state.bonuses[p] = 0
    give(state, p, "LI")
    play(state, p, "place G4 L")
    expect_error(state, p, "place H4 I", "no_bonus")


def test_refill_draws_the_same_kind_as_the_letter_placed():
    state = new_state(2, seed=6)
    p = state.to_move()[0]
    give(state, p, "B")
    state.apply(p, GAME.parse_move("start D4 E B"))
    assert state.is_chance()
    assert all(not C.is_vowel(m.letter) and m.player == p for m, _ in state.chance_outcomes())


# --- closing --------------------------------------------------------------------------------
@pytest.mark.parametrize("length, points", [(4, 4), (5, 4), (6, 5), (7, 5), (8, 6), (12, 6)])
def test_points_by_length(length, points):
    assert points_for(length) == points


def test_closing_a_word_scores_and_ends_it_with_a_plus():
    state = new_state(2, seed=7)
    build_word(state, "HOUS", "D4", "E")
    p = state.to_move()[0]
    give(state, p, "E")
    play(state, p, "place I4 E")
    play(state, p, "close")
    assert state.points[p] == 4
    assert state.symbols == "+HOUSE+" and C.cell_name(state.trail[-1]) == "J4"
    assert state.to_move() == (state.next_player(p),) and state.word() == ""
    assert state.words[-1][:4] == ("HOUSE", "HOUSE", p, 4)


def test_close_needs_a_dictionary_word_and_a_placement_this_turn():
    state = new_state(2, seed=8)
    build_word(state, "HOUSE", "D4", "E")
    p = state.to_move()[0]
    expect_error(state, p, "close", "close_after_placing")
    state = new_state(2, seed=8)
    build_word(state, "HOUS", "D4", "E")
    p = state.to_move()[0]
    give(state, p, "X")
    play(state, p, "place I4 X")
    error = expect_error(state, p, "close", "not_a_word")
    assert error.params == {"word": "HOUSX"}


def test_long_word_reward_only_below_the_starting_allotment():
    state = new_state(2, seed=9)
    build_word(state, "POLICEMA", "D4", "E")
    p = state.to_move()[0]
    give(state, p, "N")
    play(state, p, "place M4 N")
    state.bonuses[p] = 1  # below 2: a bonus is on offer; rack full: no letter
    play(state, p, "close")
    assert state.to_move() == (p,) and [m.text for m in state.legal_moves(p)] == ["reward bonus"]
    play(state, p, "reward bonus")
    assert state.bonuses[p] == 2 and state.points[p] == 6
    # at the allotment: no prize
    state = new_state(2, seed=9)
    build_word(state, "POLICEMA", "D4", "E")
    p = state.to_move()[0]
    give(state, p, "N")
    play(state, p, "place M4 N")
    state.bonuses[p] = 3
    play(state, p, "close")
    assert state.to_move() == (state.next_player(p),)


# --- passing, suspending -----------------------------------------------------------------------
def test_passing_costs_a_bonus_or_else_a_letter():
    state = new_state(2, seed=10)
    build_word(state, "CA", "D4", "E")
    p = state.to_move()[0]
    play(state, p, "pass")
    assert state.bonuses[p] == 1 and state.to_move() == (1 - p,)
    q = 1 - p
    state.bonuses[q] = 0
    letter = state.racks[q][0]
    expect_error(state, q, "pass", "pass_costs_letter")
    play(state, q, f"pass {letter}")
    assert state.discards[q] == letter and len(state.racks[q]) == 6
    check_invariants(state)


def test_after_a_round_of_passes_the_word_may_be_suspended():
    state = new_state(3, seed=11)
    build_word(state, "QU", "D4", "E")
    p = state.to_move()[0]
    expect_error(state, p, "suspend", "suspend_not_allowed")
    play(state, p, "pass")
    q = state.to_move()[0]
    play(state, q, "pass")
    r = state.to_move()[0]
    play(state, r, "suspend")
    assert state.symbols.endswith("QU+") and state.word() == ""
    assert state.to_move() == (r,) and state.points == [0, 0, 0]


def test_two_rounds_of_passes_end_the_game_in_a_stalemate():
    state = new_state(2, seed=12)
    build_word(state, "QU", "D4", "E")
    for _ in range(4):
        play(state, state.to_move()[0], "pass")
    assert state.is_terminal() and state.end_reason == "stalemate"


# --- doubting ---------------------------------------------------------------------------------
def test_doubt_admitted_the_doubted_player_closes_and_the_doubter_loses_a_letter():
    state = new_state(2, seed=13)
    build_word(state, "HOUS", "D4", "E")
    doubter = state.to_move()[0]
    doubted = 1 - doubter
    play(state, doubter, "doubt")
    assert state.to_move() == (doubted,) and state.acting_mode() == TURN
    expect_error(state, doubted, "say CASTLE", "not_prefix")
    play(state, doubted, "say HOUSES")
    assert state.points[doubted] == 5
    assert state.to_move() == (doubter,) and state.view(doubter)["decision"] == ["lose", doubter]
    letter = state.racks[doubter][0]
    play(state, doubter, f"lose {letter}")
    assert len(state.racks[doubter]) == 6 and state.symbols.endswith("HOUS+")
    assert state.to_move() == (doubted,)  # the turn passes on from the doubter


def test_doubt_not_admitted_the_doubted_player_is_penalised_and_the_word_suspended():
    state = new_state(2, seed=14)
    build_word(state, "XQZ", "D4", "E")
    doubter = state.to_move()[0]
    doubted = 1 - doubter
    play(state, doubter, "doubt")
    play(state, doubted, "say XQZA")
    assert state.to_move() == (doubted,)
    play(state, doubted, f"lose {state.racks[doubted][0]}")
    assert state.points == [0, 0] and state.symbols.endswith("XQZ+")
    # R38: the doubter suspends the word and, as after a round of passes, starts the new one
    assert state.to_move() == (doubter,) and state.word() == "" and state.placed == 0
    letter = state.racks[doubter][0]
    play(state, doubter, f"place {C.cell_name(state.next_cell())} {letter}")
    assert state.word() == letter and state.owners[-1] == doubter


def test_doubt_is_only_before_placing_and_against_someone_else():
    state = new_state(2, seed=15)
    build_word(state, "CA", "D4", "E")
    p = state.to_move()[0]
    give(state, p, "T")
    play(state, p, "place G4 T")
    expect_error(state, p, "doubt", "doubt_after_placing")


# --- declaring ----------------------------------------------------------------------------------
def test_declaring_opens_a_response_window_for_every_other_player():
    state = new_state(4, seed=16)
    build_word(state, "ZEB", "D4", "E")
    p = state.to_move()[0]
    play(state, p, "declare ZEBRA")
    assert state.acting_mode() == RESPONSE
    order = [state.next_player(p)]
    while len(order) < 3:
        order.append(state.next_player(order[-1]))
    assert state.to_move() == tuple(order)
    with pytest.raises(NotYourTurnError):
        state.apply(p, GAME.parse_move("accept"))
    for q in reversed(order):  # any order of submission
        play(state, q, "accept")
    assert state.points[p] == 4 and state.symbols.endswith("ZEB+")


def test_declaring_needs_three_letters_and_words_of_the_dictionary():
    state = new_state(2, seed=17)
    build_word(state, "ZE", "D4", "E")
    p = state.to_move()[0]
    expect_error(state, p, "declare ZEBRA", "declare_early")
    state = new_state(2, seed=17)
    build_word(state, "ZEB", "D4", "E")
    p = state.to_move()[0]
    expect_error(state, p, "declare ZEBXX", "not_a_word")
    expect_error(state, p, "declare ZOO", "too_short")
    expect_error(state, p, "declare ZEBRA/ZEBU", "mixed")


def test_the_first_valid_contradiction_wins_and_closes_the_window():
    state = new_state(3, seed=18)
    build_word(state, "CONC", "D4", "E")
    p = state.to_move()[0]
    play(state, p, "declare CONCLUSION")
    q, r = state.to_move()
    error = expect_error(state, r, "contradict CONCLUDE", "same_meaning")
    assert error.params["root"] == "CONCLUDE"  # a word of the family, never a made-up stem
    play(state, r, "contradict CONCRETE")
    assert state.points[r] == 6 and state.to_move() == (p,)  # the declarer loses a letter
    play(state, p, f"lose {state.racks[p][0]}")
    assert state.declaration is None and state.to_move() == (state.next_player(p),)


def test_a_correction_lowers_the_score_to_the_shorter_word():
    state = new_state(2, seed=19)
    build_word(state, "POLICEM", "D4", "E")
    p = state.to_move()[0]
    play(state, p, "declare POLICEMAN")
    q = state.to_move()[0]
    expect_error(state, q, "correct POLICEMEN", "not_shorter")
    expect_error(state, q, "correct POLITE", "not_prefix")
    play(state, q, "accept")
    assert state.points[p] == 6
    state = new_state(2, seed=19)
    build_word(state, "POLICE", "D4", "E")
    p = state.to_move()[0]
    play(state, p, "declare POLICEWOMAN")
    q = state.to_move()[0]
    play(state, q, "correct POLICEMAN")
    assert state.points[p] == 6 and state.words[-1][1] == "POLICEMAN"


# --- change, give up, cards --------------------------------------------------------------------
def test_changing_before_placing_costs_a_bonus_after_is_free_once_a_turn():
    state = new_state(2, seed=20)
    build_word(state, "CA", "D4", "E")
    p = state.to_move()[0]
    give(state, p, "B")
    play(state, p, "change B T")
    assert state.bonuses[p] == 1 and "T" in state.racks[p]
    expect_error(state, p, "change T B", "changed_already")
    play(state, p, "place G4 T")
    play(state, p, "end")
    q = state.to_move()[0]
    give(state, q, "S")
    play(state, q, "place H4 S")
    play(state, q, "change " + state.racks[q][0] + " " + ("E" if state.racks[q][0] != "E" else "A"))
    assert state.bonuses[q] == 2


def test_change_takes_only_a_letter_still_in_ones_own_sack():
    state = new_state(2, seed=21)
    build_word(state, "CA", "D4", "E")
    p = state.to_move()[0]
    give(state, p, "B")
    index = state.alphabet.index("Z")
    sack = list(state.sacks[p])
    sack[index] = 0
    state.sacks[p] = tuple(sack)
    expect_error(state, p, "change B Z", "not_in_sack")


def test_giving_up_a_letter_earns_a_bonus():
    state = new_state(2, seed=22)
    build_word(state, "CA", "D4", "E")
    p = state.to_move()[0]
    letter = state.racks[p][0]
    play(state, p, f"giveup {letter}")
    assert state.bonuses[p] == 3 and state.discards[p] == letter
    expect_error(state, p, f"giveup {state.racks[p][0]}", "gave_up_already")
    check_invariants(state)


def _hand_with(state, player, card):
    """Gives `player` card `card` (swapping one of theirs back into the deck)."""
    if card in state.hands[player]:
        return
    for other in range(state.n):
        if card in state.hands[other]:
            hand = list(state.hands[other])
            hand.remove(card)
            hand.append(state.hands[player][0])
            state.hands[other] = tuple(sorted(hand))
            break
    else:
        deck = list(state.deck)
        deck.remove(card)
        deck.append(state.hands[player][0])
        state.deck = tuple(sorted(deck))
    state.hands[player] = tuple(sorted(state.hands[player][1:] + (card,)))


def test_a_syllable_scores_3_and_the_card_goes_under_the_deck():
    state = new_state(2, seed=23)
    build_word(state, "CONGI", "D4", "E")
    p = state.to_move()[0]
    card = next(c for c, sy, _, _ in C.deck("en") if "CO" in sy)
    _hand_with(state, p, card)
    expect_error(state, p, f"find {card} XQ", "no_syllable")
    play(state, p, f"find {card} CO")
    assert state.points[p] == 3 and state.returned == (card,)
    assert card not in state.hands[p] and len(state.hands[p]) == 3
    other = next((c for c, sy, _, _ in C.deck("en") if "GI" in sy or "IG" in sy or "NG" in sy), None)
    if other is not None:
        _hand_with(state, p, other)
        expect_error(state, p, f"find {other} " + next(s for s in C.deck("en")[other - 1][1]
                                                        if s in ("GI", "IG", "NG")), "syllable_already")
    check_invariants(state)


def test_a_letter_on_a_star_gives_a_bonus():
    state = new_state(2, seed=24)
    p = state.to_move()[0]
    give(state, p, "A")
    assert C.parse_cell("G5") in C.STARS
    play(state, p, "start G4 S A")
    assert state.bonuses[p] == 3


def _before_cloud(seed, bonuses):
    state = new_state(2, seed=seed)
    p = state.to_move()[0]
    set_trail(state, ["D4", "C4", "B4"], "+A+", owner=p)
    state.current = p
    state.bonuses[p] = bonuses
    assert C.cell_name(state.next_cell()) == "B5" and C.parse_cell("B5") in C.CLOUDS
    give(state, p, "E")
    return state, p


def test_a_letter_on_a_cloud_costs_a_bonus():
    state, p = _before_cloud(25, 2)
    play(state, p, "place B5 E")
    assert state.bonuses[p] == 1


def test_a_cloud_without_bonus_costs_a_letter_of_ones_choice():
    state, p = _before_cloud(26, 0)
    play(state, p, "place B5 E")
    assert state.to_move() == (p,) and state.view(p)["decision"] == ["lose", p]
    expect_error(state, p, "end", "must_lose")
    letter = state.racks[p][-1]
    play(state, p, f"lose {letter}")
    assert letter in state.discards[p] and state.to_move() == (p,)
    check_invariants(state)


def test_a_plus_on_a_star_rewards_the_player_who_places_it():
    state = new_state(2, seed=27)
    p = state.to_move()[0]
    set_trail(state, ["K8", "K7", "K6", "K5", "K4"], "+CATS", owner=p)
    state.current = p
    state.placed = 1  # as if S had just been placed
    assert C.cell_name(state.next_cell()) == "K3" and C.parse_cell("K3") in C.STARS
    bonuses = state.bonuses[p]
    play(state, p, "close")
    assert state.symbols.endswith("+") and C.cell_name(state.trail[-1]) == "K3"
    assert state.bonuses[p] == bonuses + 1 and state.points[p] == 4


# --- gaps the rulebook leaves (RULINGS.md) ---------------------------------------------------
def test_an_empty_sack_draws_nothing_and_the_rack_shrinks():
    state = new_state(2, seed=28)
    build_word(state, "CA", "D4", "E")
    p = state.to_move()[0]
    give(state, p, "E")
    for vowel in "AEIOU":  # the vowel sack is emptied (its letters set aside)
        count = state.sacks[p][state.alphabet.index(vowel)]
        state._sack_add(p, vowel, -count)
        state.discards[p] = "".join(sorted(state.discards[p] + vowel * count))
    check_invariants(state)
    state.apply(p, GAME.parse_move("place G4 E"))
    assert not state.is_chance() and len(state.racks[p]) == 6
    check_invariants(state)


def test_a_player_without_letters_passes_free_and_loses_nothing():
    state = new_state(2, seed=29)
    build_word(state, "HOUS", "D4", "E")
    p = state.to_move()[0]
    q = 1 - p
    for letter in state.racks[q]:
        state._sack_add(q, letter, 1)
    state.racks[q] = ""
    state.bonuses[q] = 0
    play(state, p, "doubt")  # q placed the S: q answers
    assert state.to_move() == (q,)
    play(state, q, "say HOUSES")  # admitted: p, the doubter, loses a letter
    play(state, p, f"lose {state.racks[p][0]}")
    assert state.to_move() == (q,)
    moves = [m.text for m in state.legal_moves(q)]
    assert "pass" in moves and not any(m.startswith(("place", "change", "giveup")) for m in moves)
    play(state, q, "pass")
    assert state.bonuses[q] == 0 and state.to_move() == (p,)


def test_returned_cards_are_reshuffled_when_the_deck_runs_out():
    state = new_state(2, seed=30)
    build_word(state, "CONGI", "D4", "E")
    p = state.to_move()[0]
    card = next(c for c, sy, _, _ in C.deck("en") if "CO" in sy)
    _hand_with(state, p, card)
    syllable = next(sy for sy in C.deck("en")[card - 1][1] if sy in "CONGI" or sy[::-1] in "CONGI")
    state.returned = state.deck  # every unseen card went under the deck earlier
    state.deck = ()
    state.apply(p, GAME.parse_move(f"find {card} {syllable}"))
    outcomes = [m.card for m, _ in state.chance_outcomes()]
    assert card in outcomes and len(outcomes) == len(state.returned)
    state.resolve_chance()
    assert len(state.hands[p]) == 3 and state.returned == ()
    check_invariants(state)


def test_only_listed_players_may_act_and_errors_carry_codes():
    state = new_state(3, seed=31)
    p = state.to_move()[0]
    other = state.next_player(p)
    with pytest.raises(NotYourTurnError) as caught:
        state.apply(other, GAME.parse_move("start D4 E A"))
    assert caught.value.code == "core.not_your_turn"
    assert isinstance(Place("A1", "B"), Place) and Draw(0, "A").text == "draw 0 A"


def test_cells_off_the_board_are_refused_with_a_code():
    from ludoteca.core.protocol import MoveParseError

    for text in ("place N1 A", "place A14 A", "start Z9 E A"):
        with pytest.raises(MoveParseError) as caught:
            GAME.parse_move(text)
        assert caught.value.code == "alphagon.off_board"
    with pytest.raises(MoveParseError) as caught:
        GAME.parse_move("start D4 Q A")
    assert caught.value.code == "alphagon.bad_heading"
    assert GAME.parse_move("declare police, Policeman").text == "declare POLICE/POLICEMAN"
    assert GAME.parse_move("say città").text == "say CITTA"


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


def test_a_letter_cannot_be_changed_for_the_same_letter():
    state = new_state(2, seed=42)
    build_word(state, "CA", "D4", "E")
    p = state.to_move()[0]
    give(state, p, "E")
    assert state.sack_has(p, "E")
    expect_error(state, p, "change E E", "not_in_sack")
    assert state.bonuses[p] == 2 and not state.changed


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
