"""One or more tests for every rule of the rulebook, and for each ruling."""

import pytest

from ludoteca.core.protocol import IllegalMoveError, MoveParseError, NotYourTurnError
from ludoteca.core.rng import SeededRng
from ludoteca.games.alphabeticell.rules import (
    ALL_CARDS,
    CHOOSE_DEALER,
    DEAL,
    FLIP,
    GAME,
    GAME_OVER,
    KEEP,
    PASS,
    ChooseDealer,
    Deal,
    Flip,
    Keep,
    take_move,
)

from .helpers import all_cards_in_play, keep_all, letters_of, new_state, offer_state, start_round

HANDS_3P = [["NH", "AP", "SC"], ["EK", "IL", "NU"], ["OC", "IQ", "AL"]]


def setup_done(players=3, dealer=1, kept=("NH", "IL", "OC"), hands=HANDS_3P):
    state = start_round(new_state(players), hands[:players], dealer=dealer)
    return keep_all(state, list(kept[:players]))


# --- the first dealer (R1) -------------------------------------------------------
def test_first_dealer_is_a_uniform_chance_event():
    state = new_state(4)
    assert state.phase == CHOOSE_DEALER and state.is_chance() and state.to_move() == ()
    outcomes = state.chance_outcomes()
    assert [move for move, _ in outcomes] == [ChooseDealer(p) for p in range(4)]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_chance(ChooseDealer(2))
    assert state.dealer == state.round_first_dealer == 2 and state.phase == DEAL


def test_first_dealer_comes_from_the_seed():
    dealers = set()
    for seed in range(40):
        state = new_state(3, seed=seed)
        state.resolve_chance()
        dealers.add(state.round_first_dealer)
        again = new_state(3, seed=seed)
        again.resolve_chance()
        assert again == state
    assert dealers == {0, 1, 2}


# --- setup: deal three, keep one (R8, R9, R16, R17) ------------------------------
def test_each_player_is_dealt_three_cards_starting_with_the_dealer():
    state = new_state(3)
    state.apply_chance(ChooseDealer(1))
    expected_order = [1, 1, 1, 2, 2, 2, 0, 0, 0]
    for player in expected_order:
        outcomes = state.chance_outcomes()
        assert {move.player for move, _ in outcomes} == {player}
        assert len(outcomes) == len(state.deck)
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_unchecked(-1, state.sample_chance(SeededRng(player)))
    assert state.phase == KEEP
    assert [len(hand) for hand in state.hands] == [3, 3, 3]
    assert len(state.deck) == 48 - 9


def test_keeping_goes_in_turn_from_the_dealer():
    state = start_round(new_state(3), HANDS_3P, dealer=1)
    assert state.to_move() == (1,)
    with pytest.raises(NotYourTurnError):
        state.apply(0, Keep("NH"))
    state.apply(1, Keep("IL"))
    assert state.to_move() == (2,)
    state.apply(2, Keep("OC"))
    assert state.to_move() == (0,)
    state.apply(0, Keep("NH"))
    assert state.phase == FLIP and state.dealer == 1


def test_a_player_may_keep_only_a_card_dealt_to_them():
    state = start_round(new_state(3), HANDS_3P, dealer=0)
    before = state.to_json()
    for card in ("EK", "OC", "TD"):
        with pytest.raises(IllegalMoveError):
            state.apply(0, Keep(card))
    assert state.to_json() == before
    assert [move.text for move in state.legal_moves(0)] == ["keep NH", "keep AP", "keep SC"]


def test_kept_card_starts_a_one_card_line_and_the_others_return_to_the_deck():
    state = start_round(new_state(3), HANDS_3P, dealer=0)
    state.apply(0, Keep("AP"))
    assert state.lines[0] == (("AP", None),)
    assert state.hands[0] == ()
    assert "NH" in state.deck and "SC" in state.deck and "AP" not in state.deck
    keep_all_rest = [(1, "IL"), (2, "OC")]
    for player, card in keep_all_rest:
        state.apply(player, Keep(card))
    assert len(state.deck) == 48 - 3
    assert sorted(state.deck) == sorted(set(ALL_CARDS) - {"AP", "IL", "OC"})


def test_later_keepers_see_earlier_kept_cards_but_not_dealt_hands():
    state = start_round(new_state(3), HANDS_3P, dealer=0)
    state.apply(0, Keep("AP"))
    view = state.view(1)
    assert view["hand"] == ["EK", "IL", "NU"]
    assert view["lines"][0] == [{"card": "AP", "letter": None}]
    assert view["hand_counts"] == [0, 3, 3]
    text = str(view)
    for hidden in ("OC", "IQ", "AL"):
        assert hidden not in text
    assert "OC" not in str(state.view(None)["hand"])


def test_every_round_starts_with_a_new_deal_of_the_whole_deck():
    state = offer_state(["Aw iB tC sD Ek nF sG rH Il aJ", "nh"], "RZ", dealer=1, step=1)
    state.apply(0, take_move("R", "Z"))
    assert state.round == 2 and state.phase == DEAL
    assert state.deck == ALL_CARDS
    assert state.lines == [(), ()] and state.discards == () and state.face_up is None


# --- flipping and the right of refusal (R7) ----------------------------------------
def test_the_dealer_flips_and_is_offered_the_card_first():
    state = setup_done(dealer=1)
    assert state.phase == FLIP and state.is_chance()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 45 and sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_chance(Flip("TD"))
    assert state.face_up == "TD" and state.to_move() == (1,)
    state.apply(1, PASS)
    assert state.to_move() == (2,)
    state.apply(2, PASS)
    assert state.to_move() == (0,)


def test_a_taken_card_makes_the_takers_left_the_next_dealer():
    state = setup_done(dealer=1)
    state.apply_chance(Flip("TD"))
    state.apply(1, PASS)
    state.apply(2, take_move("R", "T", "O"))
    assert state.phase == FLIP and state.dealer == 0
    state.apply_chance(Flip("RW"))
    assert state.to_move() == (0,)


def test_the_last_player_taking_makes_the_first_the_dealer():
    state = offer_state(["Nh aP", "Eb iL", "Oc Sg"], "TD", dealer=1, step=1)
    state.apply(2, take_move("R", "T"))
    assert state.dealer == 0


def test_if_everyone_passes_the_card_is_discarded_and_the_same_dealer_flips():
    state = setup_done(dealer=1)
    state.apply_chance(Flip("TD"))
    for player in (1, 2, 0):
        state.apply(player, PASS)
    assert state.discards == ("TD",) and state.face_up is None
    assert state.phase == FLIP and state.dealer == 1


def test_offered_player_may_always_pass_and_others_may_not_act():
    state = offer_state(["Nh aP", "Eb iL"], "TD", dealer=0)
    assert PASS in state.legal_moves(0)
    with pytest.raises(NotYourTurnError):
        state.apply(1, PASS)
    with pytest.raises(NotYourTurnError):
        state.apply(1, take_move("R", "T"))


# --- placing: the second card (R4) ---------------------------------------------------
def test_second_card_fixes_both_letters():
    state = offer_state(["sg", "aj"], "EW")
    texts = sorted(move.text for move in state.legal_moves(0))
    assert texts == sorted(["pass", "take L E S", "take L E G", "take R W S", "take R W G"])
    state.apply(0, take_move("R", "W", "S"))
    assert letters_of(state, 0) == "SW"
    assert state.lines[0] == (("SG", "S"), ("EW", "W"))


def test_second_card_cannot_repeat_the_first_cards_letter():
    state = offer_state(["nh", "aj"], "NU")
    texts = {move.text for move in state.legal_moves(0)}
    assert texts == {"pass", "take R U N", "take R U H", "take R N H"}
    with pytest.raises(IllegalMoveError):
        state.apply(0, take_move("R", "N", "N"))


def test_second_card_end_must_agree_with_the_letters():
    state = offer_state(["sg", "aj"], "EW")
    before = state.to_json()
    for wrong in (take_move("L", "W", "S"), take_move("R", "E", "S"), take_move("R", "W")):
        with pytest.raises(IllegalMoveError):
            state.apply(0, wrong)
    assert state.to_json() == before


# --- placing: ends only, alphabetical, no repeats (R5, R6) ---------------------------
def test_cards_go_only_at_either_end_in_alphabetical_order():
    state = offer_state(["Nh aP Sc", "aj"], "TD")
    assert {move.text for move in state.legal_moves(0)} == {"pass", "take R T", "take L D"}
    state.apply(0, take_move("L", "D"))
    assert letters_of(state, 0) == "DNPS"


def test_a_card_that_fits_nowhere_can_only_be_passed():
    state = offer_state(["Nh aP Sc", "aj"], "OH", dealer=0)
    assert [move.text for move in state.legal_moves(0)] == ["pass", "take L H"]
    # Both letters of OH lie between the ends of B...Y: no end takes it.
    state = offer_state(["eB tY", "aj"], "OH", dealer=0)
    assert [move.text for move in state.legal_moves(0)] == ["pass"]
    before = state.to_json()
    for wrong in (take_move("R", "O"), take_move("L", "H")):
        with pytest.raises(IllegalMoveError):
            state.apply(0, wrong)
    assert state.to_json() == before


def test_a_take_must_name_a_letter_of_the_card_and_the_right_end():
    state = offer_state(["Nh aP Sc", "aj"], "TD")
    for wrong in (take_move("R", "D"), take_move("L", "T"), take_move("R", "Z"),
                  take_move("R", "T", "N"), Keep("TD"), Flip("TD")):
        with pytest.raises(IllegalMoveError):
            state.apply(0, wrong)


# --- ending a round and scoring (R11, R12) --------------------------------------------
def test_eleventh_card_ends_the_round_at_once_and_scores_one_point_per_card():
    state = offer_state(["Aw iB tC sD Ek nF sG rH Il aJ", "Nh aP", "rC Od tY"], "RZ", dealer=2, step=1)
    assert len(state.deck) > 20
    state.apply(0, take_move("R", "Z"))
    assert state.round_scores == ((11, 2, 3),)
    assert state.totals == (11, 2, 3)
    assert state.last_round[1] == "eleven"
    assert state.round == 2 and state.dealer == 0  # R11: the taker deals first


def test_deck_running_out_ends_the_round_after_the_last_card():
    state = offer_state(["Nh aP", "Eb iL", "Oc Sg"], "TD", dealer=1, deck=())
    state.apply(1, PASS)
    state.apply(2, take_move("R", "T"))
    assert state.round_scores == ((2, 2, 3),)
    assert state.last_round[1] == "deck"
    assert state.round == 2 and state.dealer == 1  # R12: who dealt the final card


def test_deck_running_out_on_a_discard_ends_the_round():
    state = offer_state(["Nh aP", "Eb iL"], "SV", dealer=1, deck=())
    state.apply(1, PASS)
    state.apply(0, PASS)
    assert state.last_round[1] == "deck" and state.last_round[5] == 1
    assert state.discards == () and state.round == 2


def test_eleventh_card_that_is_also_the_last_card_counts_as_eleven():
    state = offer_state(["Aw iB tC sD Ek nF sG rH Il aJ", "Nh aP"], "RZ", dealer=1, step=1, deck=())
    state.apply(0, take_move("R", "Z"))
    assert state.last_round[1] == "eleven" and state.dealer == 0


def test_scores_add_up_over_rounds():
    state = offer_state(["Aw iB tC sD Ek nF sG rH Il aJ", "Nh aP"], "RZ", dealer=1, step=1)
    state.round_scores = ((5, 7),)
    state.totals = (5, 7)
    state.round = 2
    state.apply(0, take_move("R", "Z"))
    assert state.round_scores == ((5, 7), (11, 2))
    assert state.totals == (16, 9)
    assert state.view(1)["round_scores"] == [[5, 7], [11, 2]]


# --- the end of the game (R14) ---------------------------------------------------------
def test_game_ends_when_someone_reaches_30_and_most_points_win():
    state = offer_state(["Aw iB tC sD Ek nF sG rH Il aJ", "Nh aP", "rC Od tY"], "RZ", dealer=2, step=1)
    state.round_scores = ((10, 11, 9), (8, 11, 9))
    state.totals = (18, 22, 18)
    state.round = 3
    state.apply(0, take_move("R", "Z"))
    assert state.totals == (29, 24, 21)
    assert not state.is_terminal() and state.round == 4
    state = offer_state(["Aw iB tC sD Ek nF sG rH Il aJ", "Nh aP", "rC Od tY"], "RZ", dealer=2, step=1)
    state.round_scores = ((10, 11, 9), (10, 11, 9))
    state.totals = (20, 22, 18)
    state.round = 3
    state.apply(0, take_move("R", "Z"))
    assert state.is_terminal() and state.phase == GAME_OVER
    assert state.totals == (31, 24, 21)
    assert state.winners() == [0] and state.returns() == [1.0, 0.0, 0.0]
    assert state.to_move() == () and list(state.generate_moves(0)) == []
    with pytest.raises(IllegalMoveError):
        state.apply(1, PASS)


def test_the_player_past_30_need_not_be_the_winner():
    state = offer_state(["Aw iB tC sD Ek nF sG rH Il aJ", "Nh aP Sc Td eW nX"], "RZ", dealer=1, step=1)
    state.round_scores = ((9, 14), (10, 14))
    state.totals = (19, 28)
    state.round = 3
    state.apply(0, take_move("R", "Z"))  # 30 against 34
    assert state.is_terminal() and state.totals == (30, 34)
    assert state.winners() == [1]


def test_a_tie_for_most_points_shares_the_win():
    state = offer_state(["Aw iB tC sD Ek nF sG rH Il aJ", "Nh aP"], "RZ", dealer=1, step=1)
    state.round_scores = ((9, 14), (10, 14))
    state.totals = (19, 28)
    state.round = 3
    state.apply(0, take_move("R", "Z"))
    assert state.totals == (30, 30)
    assert state.winners() == [0, 1] and state.returns() == [0.5, 0.5]
    assert state.ranking() == [1, 1]


# --- information (R10, R13) -------------------------------------------------------------
def test_only_keeping_reveals_information():
    state = start_round(new_state(2), HANDS_3P[:2], dealer=0)
    assert state.reveals_information(0, Keep("NH"))
    offer = offer_state(["Nh aP", "Eb iL"], "TD")
    assert not offer.reveals_information(0, PASS)
    assert not offer.reveals_information(0, take_move("R", "T"))


def test_flip_outcomes_are_uniform_over_the_unseen_cards():
    state = offer_state(["Nh aP", "Eb iL"], "TD")
    state.apply(0, take_move("R", "T"))
    outcomes = state.chance_outcomes()
    assert sorted(move.card for move, _ in outcomes) == sorted(state.deck)
    assert all(p == pytest.approx(1 / len(state.deck)) for _, p in outcomes)
    rng = SeededRng(3)
    counts = {}
    for _ in range(4000):
        card = state.sample_chance(rng).card
        counts[card] = counts.get(card, 0) + 1
    assert set(counts) == set(state.deck)
    assert max(counts.values()) < 2 * min(counts.values())


def test_determinize_redeals_only_the_hidden_hands():
    state = start_round(new_state(3), HANDS_3P, dealer=0)
    state.apply(0, Keep("AP"))
    worlds = [state.determinize(1, SeededRng(seed)) for seed in range(30)]
    for world in worlds:
        assert world.hands[1] == state.hands[1]
        assert world.lines == state.lines
        assert sorted(all_cards_in_play(world)) == list(ALL_CARDS)
        assert len(world.hands[2]) == 3
        assert not set(world.hands[2]) & set(state.hands[1])
    assert len({world.hands[2] for world in worlds}) > 20
    assert state.determinize(1, SeededRng(1)) == state.determinize(1, SeededRng(1))
    # After the setup nothing is hidden: only the RNG differs.
    offer = offer_state(["Nh aP", "Eb iL"], "TD")
    world = offer.determinize(0, SeededRng(5))
    assert world.deck == offer.deck and world.lines == offer.lines
    assert world.rng.state != offer.rng.state


# --- moves as text ------------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "pass", "take L N", "take R N P", "keep NH", "flip SC", "deal 0 NH", "deal 4 RZ", "dealer 2",
])
def test_move_texts_parse_back_to_equal_moves(text):
    move = GAME.parse_move(text)
    assert move.text == text
    assert GAME.parse_move(move.text) == move


def test_move_parsing_is_lenient_about_case_and_spaces():
    assert GAME.parse_move("  take r n p ") == take_move("R", "N", "P")
    assert GAME.parse_move("keep nh") == Keep("NH")


@pytest.mark.parametrize("text", [
    "", "jump", "take", "take X N", "take L NN", "take L N P Q", "take L 1", "keep", "keep ZZ",
    "keep NHX", "flip", "deal 0", "deal x NH", "dealer", "dealer two", "pass now",
])
def test_bad_move_texts_raise_a_parse_error(text):
    with pytest.raises(MoveParseError):
        GAME.parse_move(text)


def test_chance_moves_cannot_be_played_by_players():
    state = setup_done(dealer=1)
    with pytest.raises(IllegalMoveError):
        state.apply(1, Flip("TD"))
    with pytest.raises(IllegalMoveError):
        state.apply_chance(Flip("NH"))  # kept by player 0: not in the deck
    with pytest.raises(IllegalMoveError):
        state.apply_chance(Deal(0, "TD"))
    assert state.phase == FLIP


def test_players_cannot_act_at_chance_nodes():
    state = setup_done(dealer=1)
    with pytest.raises(NotYourTurnError):
        state.apply(1, PASS)
    assert list(state.legal_moves()) == []


def test_package_player_range_is_the_engine_s():
    import ludoteca.games.alphabeticell as package

    assert (package.MIN_PLAYERS, package.MAX_PLAYERS) == (package.GAME.min_players, package.GAME.max_players) == (2, 5)


def test_game_type_and_acting_mode():
    from ludoteca.core.protocol import TURN

    assert (GAME.game_type.dynamics, GAME.game_type.information, GAME.game_type.chance) == (
        "sequential", "imperfect", "explicit")
    state = start_round(new_state(3), HANDS_3P, dealer=0)
    assert state.acting_mode() == TURN and len(state.to_move()) == 1
