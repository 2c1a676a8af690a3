"""The rulebook's worked examples."""

from ludoteca.games.alphabeticell.rules import (
    ALL_CARDS,
    FLIP,
    PASS,
    ChooseDealer,
    Deal,
    Flip,
    Keep,
    placements,
    take_move,
)

from .helpers import letters_of, line, new_state

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def test_jen_nps_can_add_letters_before_n_and_after_s_only():
    jen = line("Nh aP Sc")
    placeable = set()
    for card in ALL_CARDS:
        if card in ("NH", "AP", "SC"):
            continue
        for end, letter, _ in placements(jen, card):
            assert (end == "L" and letter < "N") or (end == "R" and letter > "S")
            placeable.add(letter)
    assert placeable == set("ABCDEFGHIJKLM") | set("TUVWXYZ")
    for forbidden in "NPS" + "OQR":
        assert forbidden not in placeable
    # A card is takeable by either of its letters: OH only as H, on the left.
    assert placements(jen, "OH") == [("L", "H", None)]
    assert placements(jen, "RW") == [("R", "W", None)]
    assert placements(jen, "OU") == [("R", "U", None)]
    assert placements(jen, "SG") == [("L", "G", None)]


def _build_line_by_taking(cards_and_letters: str):
    """Plays a two-player round where player 0 takes each card in turn with
    the chosen letter, player 1 keeping a card that never interferes."""
    wanted = line(cards_and_letters)
    first_card = wanted[0][0]
    state = new_state(2)
    state.apply_chance(ChooseDealer(0))
    others = [card for card in ALL_CARDS if card not in {c for c, _ in wanted}]
    state_hands = [[first_card, others[0], others[1]], [others[2], others[3], others[4]]]
    for player in (0, 1):
        for card in state_hands[player]:
            state.apply_chance(Deal(player, card))
    state.apply(0, Keep(first_card))
    state.apply(1, Keep(others[2]))
    for index, (card, letter) in enumerate(wanted[1:], start=1):
        if state.phase != FLIP:
            break
        state.apply_chance(Flip(card))
        if state.to_move() == (1,):
            state.apply(1, PASS)
        if index == 1:
            first_letter = wanted[0][1]
            end = "L" if letter < first_letter else "R"
            state.apply(0, take_move(end, letter, first_letter))
        else:
            end = "L" if letter < state.lines[0][0][1] else "R"
            state.apply(0, take_move(end, letter))
    return state


def test_maria_scores_six():
    state = _build_line_by_taking("eK iL Nu Oc aP iQ")
    assert letters_of(state, 0) == "KLNOPQ"
    # Everyone passes on everything until the deck runs out.
    while state.round == 1:
        if state.is_chance():
            state.apply_chance(Flip(state.deck[0]))
        else:
            state.apply(state.to_move()[0], PASS)
    assert state.last_round[1] == "deck"
    assert state.round_scores[0][0] == 6


def test_ed_takes_his_eleventh_card_and_scores_eleven():
    state = _build_line_by_taking("Al iB Ew tH Iu eL eM Nb Od Sc oU")
    assert state.round == 2
    assert state.last_round[1] == "eleven" and state.last_round[4] == 0
    assert state.round_scores[0][0] == 11
    assert "".join(letter for _, letter in state.last_round[3][0]) == "ABEHILMNOSU"
    assert state.round_first_dealer == 0


def test_david_scores_nine():
    state = _build_line_by_taking("Aw tC sD nF sG rH tM Rw Td")
    assert letters_of(state, 0) == "ACDFGHMRT"
    assert len(state.lines[0]) == 9


def test_aiden_and_cat():
    aiden, cat = 0, 1
    state = new_state(2)
    state.apply_chance(ChooseDealer(aiden))
    for player, hand in ((aiden, ("SG", "IB", "RC")), (cat, ("AJ", "TY", "ID"))):
        for card in hand:
            state.apply_chance(Deal(player, card))
    state.apply(aiden, Keep("SG"))
    state.apply(cat, Keep("AJ"))
    # Aiden flips EW and places it to the right as a W: S, W.
    state.apply_chance(Flip("EW"))
    state.apply(aiden, take_move("R", "W", "S"))
    assert letters_of(state, aiden) == "SW"
    # Cat, on Aiden's left, flips next: AM, making J, M.
    assert state.dealer == cat
    state.apply_chance(Flip("AM"))
    state.apply(cat, take_move("R", "M", "J"))
    assert letters_of(state, cat) == "JM"
    # Aiden flips OH and puts it on the left as O.
    assert state.dealer == aiden
    state.apply_chance(Flip("OH"))
    state.apply(aiden, take_move("L", "O"))
    assert letters_of(state, aiden) == "OSW"
    # Cat flips AP and passes; Aiden takes it on the left as A.
    state.apply_chance(Flip("AP"))
    assert state.to_move() == (cat,)
    state.apply(cat, PASS)
    state.apply(aiden, take_move("L", "A"))
    assert letters_of(state, aiden) == "AOSW"
    # Cat flips EL and passes; Aiden can only pass.
    assert state.dealer == cat
    state.apply_chance(Flip("EL"))
    state.apply(cat, PASS)
    assert [move.text for move in state.legal_moves(aiden)] == ["pass"]
    state.apply(aiden, PASS)
    assert state.discards == ("EL",) and state.dealer == cat and state.phase == FLIP
    # From now on only X, Y or Z can join Aiden's line.
    for card in state.deck:
        for end, letter, _ in placements(state.lines[aiden], card):
            assert end == "R" and letter in "XYZ"
