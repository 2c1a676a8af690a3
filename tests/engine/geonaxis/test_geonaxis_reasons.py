"""A hint's reason in GeonAxis (reasons.py): each kind appears when it should and not otherwise,
judged on the table everyone sees, never on another player's secret choice of the round."""

from ludoteca.games import registry
from ludoteca.games.geonaxis.rules import GAME, Stone
from ludoteca.ui.i18n import Catalog

from .helpers import position, ring

CORNER_FIGHT = {  # white's corner stone (2, 0) has one liberty left, (1, 0)
    (2, 0): 1, (2, -1): 0, (1, 1): 0,
    (1, -1): 1, (0, 0): 1, (0, 1): 1, (2, -2): 1, (0, 2): 1,
}


def reason(state, text: str, player: int = 0):
    return state.explain_move(GAME.parse_move(text), player)


def test_a_capture_counts_the_stones_and_names_their_owner():
    state = position(CORNER_FIGHT)
    assert reason(state, "s 1 0") == ("geonaxis.why.captures", {"stones": 1, "owners": [1]})
    assert reason(state, "s -2 0") is None  # far from the fight: nothing to say


def test_a_group_in_atari_given_a_second_liberty_is_saved():
    state = position({(2, 0): 0, (2, -1): 1, (1, 1): 1})
    assert reason(state, "s 1 0") == ("geonaxis.why.saves", {"stones": 1})
    assert reason(state, "s 1 0", 1)[0] == "geonaxis.why.captures"  # white takes it there instead


def test_a_move_that_leaves_an_opposing_group_one_liberty_puts_it_in_atari():
    state = position({(2, 0): 1, (2, -1): 0})
    assert reason(state, "s 1 1") == ("geonaxis.why.atari", {"stones": 1, "owners": [1]})
    assert reason(state, "s -1 1") is None


def test_closing_a_small_area_alone_encloses_it_and_a_lone_stone_encloses_nothing():
    walls = ring((0, 0))
    state = position({cell: 0 for cell in walls[:5]})
    last = walls[5]
    assert reason(state, f"s {last[0]} {last[1]}") == ("geonaxis.why.encloses", {"cells": 1})
    state = position({cell: 0 for cell in walls[:4]})
    assert reason(state, f"s {walls[4][0]} {walls[4][1]}") is None  # still open
    assert reason(position({}), "s 0 0") is None  # the whole table is not an enclosure


def test_only_stones_have_reasons_and_the_others_secret_choice_is_not_read():
    state = position(CORNER_FIGHT)
    assert reason(state, "pass") is None
    # White has already chosen to fill (1, 0) itself; black's hint is judged on the table alone.
    state.apply(1, Stone(1, 0))
    assert reason(state, "s 1 0") == ("geonaxis.why.captures", {"stones": 1, "owners": [1]})


def test_the_reasons_read_in_english_and_italian():
    ui = registry.game_ui("geonaxis")
    names = ["Ada", "Bruno"]
    assert ui.hint_reason(("geonaxis.why.captures", {"stones": 2, "owners": [1]}), names, Catalog("en").t) == \
        "Captures 2 stones of Bruno."
    assert ui.hint_reason(("geonaxis.why.atari", {"stones": 1, "owners": [1]}), names, Catalog("it").t) == \
        "Lascia 1 pietra di Bruno con una sola libertà (atari)."
