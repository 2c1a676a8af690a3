"""Components per edition: board, sacks, symbols, the card deck and the
balanced initial letters."""

import pytest

from ludoteca.core.rng import SeededRng
from ludoteca.games.alphagon import components as C
from ludoteca.games.alphagon import dictionary

from .helpers import ROOT


def _mirror(cell, kind):
    x, y = C.xy(cell)
    last = C.SIZE - 1
    return {"h": C.cell_of(last - x, y), "v": C.cell_of(x, last - y), "d": C.cell_of(y, x)}[kind]


@pytest.mark.parametrize("cells", [C.FLAGS, C.STARS, C.CLOUDS])
def test_board_layout_is_symmetric_under_every_mirror(cells):
    for kind in "hvd":
        assert {_mirror(c, kind) for c in cells} == set(cells)


def test_board_has_several_flags_and_disjoint_symbols():
    assert len(C.FLAGS) >= 8 and len(C.STARS) >= 8 and len(C.CLOUDS) >= 8
    assert not (C.FLAGS & C.STARS or C.FLAGS & C.CLOUDS or C.STARS & C.CLOUDS)
    # every flag has room in all four headings
    assert all(C.step(flag, d) is not None for flag in C.FLAGS for d in range(4))
    assert C.cell_name(C.parse_cell("g7")) == "G7" and C.xy(C.parse_cell("A1")) == (0, 0)
    with pytest.raises(ValueError):
        C.parse_cell("N1")
    with pytest.raises(ValueError):
        C.parse_cell("A14")


def test_english_sacks_follow_the_appendix():
    counts = C.sack_counts("en")
    assert [counts[x] for x in "AEIOU"] == [6, 6, 6, 5, 3]
    assert all(counts[x] == 4 for x in "CNRST")
    assert all(counts[x] == 3 for x in "BDFGKLMPVWY")
    assert all(counts[x] == 2 for x in "HJQXZ")
    assert len(counts) == 26


def test_italian_sacks_have_no_j_k_w_x_y():
    counts = C.sack_counts("it")
    assert not set("JKWXY") & set(counts)
    assert all(counts[x] == 3 for x in "BDFGLMPV") and all(counts[x] == 2 for x in "HQZ")
    assert len(counts) == 21


def test_symbols_and_tokens():
    assert C.PLUS_SYMBOLS >= 10
    assert C.GOAL == {2: 40, 3: 35, 4: 30, 5: 25, 6: 20}
    assert C.POINT_TOKENS == (3, 4, 5, 6)


@pytest.mark.parametrize("lang", C.LANGUAGES)
def test_deck_has_36_cards_with_four_syllables_and_two_shapes(lang):
    deck = C.deck(lang)
    assert len(deck) == 36 and [card[0] for card in deck] == list(range(1, 37))
    letters = set(C.alphabet(lang))
    pieces = [s for card in deck for s in card[1]]
    assert len(pieces) == 144 and len(set(pieces)) == 144
    for _, syllables, red, blue in deck:
        assert len(syllables) == 4 and all(len(s) == 2 and set(s) <= letters for s in syllables)
        assert len(red) == 4 and red in C.RED_SHAPES
        assert len(blue) == 5 and blue in C.BLUE_SHAPES
    assert {card[2] for card in deck} == set(C.RED_SHAPES)  # every red shape appears


@pytest.mark.parametrize("lang", C.LANGUAGES)
def test_deck_comes_from_the_generator_on_the_committed_word_list(lang):
    wordlist = dictionary.load(lang, (ROOT / f"web/words/{lang}.txt.gz").read_bytes())
    assert C.generate_deck(wordlist) == C.deck(lang)


def test_shapes_are_paths_of_the_polygon():
    # 4 cells: straight (2), one turn (8), two turns S/Z (4); no U (sides would touch)
    assert len(C.RED_SHAPES) == 14
    assert ((0, 0), (0, 1), (1, 0), (1, 1)) not in C.RED_SHAPES
    assert C.RED_SHAPES[0] == ((0, 0), (0, 1), (0, 2), (0, 3))
    assert all(len(shape) == 5 for shape in C.BLUE_SHAPES)


def test_syllables_read_both_ways():
    assert C.card_syllable_matches(("CO", "IG"), "CONGI") == [("CO", 0), ("IG", 3)]
    assert C.card_syllable_matches(("XZ",), "CONGI") == []


@pytest.mark.parametrize("lang", C.LANGUAGES)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_balanced_deal_narrows_the_spread(lang, players):
    figures = C.measure_balance(lang, players, deals=120)
    print(f"\n{lang} {players} players: random spread {figures['random']:.2f},"
          f" balanced {figures['balanced']:.2f} (ratio {figures['ratio']:.3f})")
    assert figures["ratio"] < 0.25


@pytest.mark.parametrize("lang", C.LANGUAGES)
def test_balanced_racks_keep_kinds_sizes_and_sack_limits(lang):
    rng = SeededRng(5)
    full = C.sack_counts(lang)
    for _ in range(200):
        racks = C.random_racks(4, lang, rng)
        balanced = C.balance_racks(racks, lang)
        assert sorted(x for r in balanced for x in r) == sorted(x for r in racks for x in r)
        for rack in balanced:
            assert sum(map(C.is_vowel, rack)) == 3 and len(rack) == 7
            assert all(rack.count(x) <= full[x] for x in rack)
        assert C.spread(balanced, lang) <= C.spread(racks, lang)
    assert C.balance_racks([list("AEICNRS"), list("AEICNRS")], lang) == [list("ACEINRS")] * 2
