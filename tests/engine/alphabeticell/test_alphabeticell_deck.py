"""The 48-card deck (games.md; ruling R2)."""

from collections import Counter

from ludoteca.games.alphabeticell.rules import (
    ALL_CARDS,
    BOTTOM_COUNTS,
    COMPLETING_CARDS,
    RULEBOOK_CARDS,
    TOP_LETTERS,
)

RULEBOOK_TABLE = {
    "A": 6, "B": 4, "C": 4, "D": 5, "E": 6, "F": 2, "G": 3, "H": 5, "I": 6, "J": 1, "K": 1,
    "L": 5, "M": 4, "N": 6, "O": 6, "P": 2, "Q": 1, "R": 6, "S": 6, "T": 6, "U": 3, "V": 1,
    "W": 3, "X": 1, "Y": 2, "Z": 1,
}


def test_deck_has_48_distinct_two_letter_cards():
    assert len(ALL_CARDS) == 48
    assert len(set(ALL_CARDS)) == 48
    assert all(len(card) == 2 and card.isupper() for card in ALL_CARDS)


def test_each_top_letter_is_on_six_cards():
    tops = Counter(card[0] for card in ALL_CARDS)
    assert tops == {letter: 6 for letter in TOP_LETTERS}


def test_bottom_letters_match_the_published_counts():
    assert Counter(card[1] for card in ALL_CARDS) == BOTTOM_COUNTS
    assert sum(BOTTOM_COUNTS.values()) == 48
    assert not set(BOTTOM_COUNTS) & set(TOP_LETTERS)


def test_letter_totals_match_the_rulebook_table():
    letters = Counter(letter for card in ALL_CARDS for letter in card)
    assert letters == RULEBOOK_TABLE


def test_every_card_printed_in_the_rulebook_is_in_the_deck():
    assert len(RULEBOOK_CARDS) == 30 == len(set(RULEBOOK_CARDS))
    assert set(RULEBOOK_CARDS) <= set(ALL_CARDS)


def test_completing_cards_use_the_leftover_letters():
    assert len(COMPLETING_CARDS) == 18
    assert not set(COMPLETING_CARDS) & set(RULEBOOK_CARDS)
    assert Counter(card[0] for card in COMPLETING_CARDS) == {
        "A": 1, "E": 2, "I": 2, "O": 2, "N": 2, "S": 3, "T": 2, "R": 4}
    assert Counter(card[1] for card in COMPLETING_CARDS) == {
        "B": 2, "C": 1, "D": 2, "F": 1, "G": 2, "H": 1, "L": 2, "M": 1, "P": 1, "V": 1,
        "X": 1, "Y": 2, "Z": 1}


def test_hard_letters_sit_on_different_tops():
    """R2: the single-copy letters J K Q V X Z each on its own top letter,
    and the two Ys on two more."""
    single = [card for card in ALL_CARDS if card[1] in "JKQVXZ"]
    assert len(single) == 6
    assert len({card[0] for card in single}) == 6
    wyes = [card for card in ALL_CARDS if card[1] == "Y"]
    assert len({card[0] for card in wyes}) == 2
    assert not {card[0] for card in wyes} & {card[0] for card in single if card[1] in "VXZ"}


def test_each_top_carries_six_different_bottoms():
    for top in TOP_LETTERS:
        bottoms = [card[1] for card in ALL_CARDS if card[0] == top]
        assert len(bottoms) == len(set(bottoms)) == 6
