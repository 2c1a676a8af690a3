"""Errors raised on purpose carry a code with a message in both languages;
damaged states are refused with RecordError, never a raw TypeError/KeyError."""

import ast
import copy
import json
import pathlib
import re
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludoteca.core.protocol import GameError, IllegalMoveError, MoveParseError, RecordError
from ludoteca.games.alphabeticell import ui
from ludoteca.games.alphabeticell.rules import GAME, Keep, take_move
from ludoteca.ui.messages_it import CORE_ERRORS_EN, MESSAGES_IT

from .helpers import keep_all, new_state, offer_state, start_round

RULES_SOURCE = pathlib.Path(ui.__file__).with_name("rules.py").read_text(encoding="utf-8")
ERROR_CLASSES = {"GameError", "IllegalMoveError", "MoveParseError", "NotYourTurnError", "RecordError"}


def message(code: str, lang: str) -> str:
    """The text the app shows for an error code: the game's catalog for its
    own codes, the shell's for the core's."""
    key = "error." + code
    if code.startswith(("core.", "record.")):
        return (CORE_ERRORS_EN if lang == "en" else MESSAGES_IT)[key]
    return ui.MESSAGES[lang][key]


def assert_shown_in_both_languages(error: GameError) -> None:
    assert error.code, f"{error!r} carries no code"
    for lang in ("en", "it"):
        text = message(error.code, lang)
        needed = {name for _, name, _, _ in string.Formatter().parse(text) if name}
        assert needed <= set(error.params), (error.code, lang, needed, error.params)
        assert text.format(**error.params) != text or not needed


# --- every raise in rules.py names a code ------------------------------------------
def _raised_codes() -> list:
    """(line, code) for every error constructed in rules.py; code None if absent."""
    found = []
    for node in ast.walk(ast.parse(RULES_SOURCE)):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        if name in ERROR_CLASSES:
            code = node.args[1] if len(node.args) > 1 else next(
                (kw.value for kw in node.keywords if kw.arg == "code"), None)
        elif name == "damaged":  # the state reader's: its code follows the game's prefix
            code = node.args[0]
        elif name == "wrong":
            found.append((node.lineno, "abc.state_field"))
            continue
        else:
            continue
        if isinstance(code, ast.Constant) and isinstance(code.value, str):
            found.append((node.lineno, code.value if name != "damaged" else "abc." + code.value))
        elif isinstance(node.func, ast.Name) and name == "RecordError" and code is not None:
            found.append((node.lineno, "<passed on>"))  # re-raises a caught error's own code
        else:
            found.append((node.lineno, None))
    return found


def test_every_error_raised_in_the_rules_names_a_code():
    raised = _raised_codes()
    assert len(raised) >= 10
    missing = [line for line, code in raised if code is None]
    assert not missing, f"errors without a code at rules.py lines {missing}"


def test_every_code_in_the_rules_has_a_message_in_both_languages():
    codes = {code for _, code in _raised_codes() if code not in (None, "<passed on>")}
    codes |= set(re.findall(r'"((?:abc|core)\.[a-z_]+)"', RULES_SOURCE))
    codes |= {"abc.state_number", "abc.state_length"}  # raised by the core's StateReader (whole, items)
    assert {"abc.no_card", "abc.not_letter", "abc.state_phase", "core.game_over"} <= codes
    for code in codes:
        for lang in ("en", "it"):
            assert message(code, lang), (code, lang)
    game_errors = {key[len("error."):] for key in ui.MESSAGES["en"] if key.startswith("error.")}
    assert game_errors <= codes, f"messages for codes never raised: {game_errors - codes}"


# --- moves ---------------------------------------------------------------------------
@pytest.mark.parametrize("text, code", [
    ("jump", "core.unknown_move"),
    ("keep ZZ", "abc.no_card"),
    ("take L 1", "abc.not_letter"),
    ("take L NN", "abc.not_letter"),
    ("take X N", "abc.not_end"),
    ("take", "abc.word_count"),
    ("pass now", "abc.word_count"),
    ("deal x NH", "core.bad_number"),
])
def test_unreadable_move_texts_name_their_problem(text, code):
    with pytest.raises(MoveParseError) as caught:
        GAME.parse_move(text)
    assert caught.value.code == code
    assert_shown_in_both_languages(caught.value)


def test_refused_moves_carry_a_code():
    state = offer_state(["Nh aP Sc", "aj"], "TD")
    for player, move, code in ((1, take_move("R", "T"), "core.not_your_turn"),
                               (0, take_move("R", "D"), "core.illegal_now"),
                               (0, Keep("TD"), "core.illegal_now")):
        with pytest.raises(IllegalMoveError) as caught:
            state.apply(player, move)
        assert caught.value.code == code
        assert_shown_in_both_languages(caught.value)
    with pytest.raises(IllegalMoveError) as caught:
        state.sample_chance()
    assert caught.value.code == "core.no_chance"


# --- damaged states ---------------------------------------------------------------------
def _offer_json() -> dict:
    state = offer_state(["Nh aP Sc", "Eb iL"], "TD", dealer=1, step=1)
    state.round, state.round_scores, state.totals = 2, ((3, 4),), (3, 4)
    state.last_round = (1, "deck", (3, 4), (state.lines[0], state.lines[1]), None, 1)
    return state.to_json()


def _set(path, value):
    def damage(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return damage


def _move_card_from_deck_to(path):
    def damage(data):
        data["deck"].remove("RZ")
        target = data
        for key in path:
            target = target[key]
        target.append("RZ")
    return damage


DAMAGES = [
    ("game is chess", _set(["game"], "chess"), "abc.state_not_ours"),
    ("no settings", lambda d: d.pop("settings"), "abc.state_field"),
    ("nine players", _set(["settings", "players"], 9), "core.player_count"),
    ("players as text", _set(["settings", "players"], "2"), "record.bad_field"),
    ("unknown rules", _set(["settings", "variants", "rules"], "2017"), "core.variant_value"),
    ("unknown phase", _set(["phase"], "dancing"), "abc.state_phase"),
    ("phase missing", lambda d: d.pop("phase"), "abc.state_field"),
    ("rng as text", _set(["rng"], "x"), "abc.state_field"),
    ("negative rng", _set(["rng"], -1), "abc.state_number"),
    ("dealer out of range", _set(["dealer"], 7), "abc.state_number"),
    ("negative dealer", _set(["dealer"], -1), "abc.state_number"),
    ("round zero", _set(["round"], 0), "abc.state_number"),
    ("round as a boolean", _set(["round"], True), "abc.state_field"),
    ("negative step", _set(["step"], -2), "abc.state_number"),
    ("unknown card", lambda d: d["deck"].append("ZZ"), "abc.state_card"),
    ("card as a number", lambda d: d["deck"].append(7), "abc.state_card"),
    ("card twice", lambda d: d["deck"].append("NH"), "abc.state_card_twice"),
    ("card missing", lambda d: d["deck"].remove("RZ"), "abc.state_card_missing"),
    ("deck not a list", _set(["deck"], "NH"), "abc.state_field"),
    ("too many hands", _set(["hands"], [[], [], []]), "abc.state_length"),
    ("hand not a list", _set(["hands"], [[], "NH"]), "abc.state_field"),
    ("card in a hand while offering", _move_card_from_deck_to(["hands", 0]), "abc.state_phase"),
    ("one line only", _set(["lines"], [[]]), "abc.state_length"),
    ("line entry without letter", lambda d: d["lines"][0][0].pop("letter"), "abc.state_field"),
    ("line entry not an object", _set(["lines", 0, 0], "NH"), "abc.state_field"),
    ("letter not on the card", _set(["lines", 0, 0, "letter"], "Q"), "abc.state_line"),
    ("line out of order", lambda d: d["lines"][0].reverse(), "abc.state_line"),
    ("repeated letter", _set(["lines", 0, 1], {"card": "NB", "letter": "N"}), "abc.state_line"),
    ("one-card line with a letter", lambda d: d["lines"][1].pop(), "abc.state_line"),
    ("face-up card as a number", _set(["face_up"], 12), "abc.state_card"),
    ("no face-up card while offering", lambda d: (d.__setitem__("face_up", None), d["deck"].append("TD")),
     "abc.state_phase"),
    ("face-up card while flipping", _set(["phase"], "flip"), "abc.state_phase"),
    ("keep phase with lines built", _set(["phase"], "keep"), "abc.state_phase"),
    ("step past the players", _set(["step"], 2), "abc.state_phase"),
    ("totals of three", _set(["totals"], [3, 4, 0]), "abc.state_length"),
    ("negative total", _set(["totals"], [-3, 4]), "abc.state_number"),
    ("total as text", _set(["totals"], ["3", 4]), "abc.state_field"),
    ("totals not adding up", _set(["totals"], [3, 5]), "abc.state_scores"),
    ("round scores of one", _set(["round_scores"], [[7]]), "abc.state_length"),
    ("round count off", _set(["round"], 3), "abc.state_scores"),
    ("winner left playing", lambda d: (d.__setitem__("totals", [33, 4]),
                                       d.__setitem__("round_scores", [[33, 4]]),
                                       d["last_round"].__setitem__("scores", [33, 4])), "abc.state_scores"),
    ("unknown round end", _set(["last_round", "reason"], "boredom"), "abc.state_field"),
    ("last round from the future", _set(["last_round", "round"], 5), "abc.state_number"),
    ("last round forgotten", _set(["last_round"], None), "abc.state_scores"),
    ("last round not an object", _set(["last_round"], [1]), "abc.state_field"),
    ("ender out of range", _set(["last_round", "ender"], 4), "abc.state_number"),
    ("last round lines short", _set(["last_round", "lines"], [[]]), "abc.state_length"),
]


def test_the_damage_fixture_loads_when_intact():
    data = _offer_json()
    assert GAME.state_from_json(copy.deepcopy(data)).to_json() == data


@pytest.mark.parametrize("damage, code", [(d, c) for _, d, c in DAMAGES], ids=[name for name, _, _ in DAMAGES])
def test_corrupted_states_raise_a_record_error_with_a_code(damage, code):
    data = _offer_json()
    damage(data)
    with pytest.raises(RecordError) as caught:
        GAME.state_from_json(data)
    assert caught.value.code == code, str(caught.value)
    assert_shown_in_both_languages(caught.value)


@pytest.mark.parametrize("data", [None, [], "state", 3])
def test_a_state_that_is_not_an_object_is_refused(data):
    with pytest.raises(RecordError) as caught:
        GAME.state_from_json(data)
    assert caught.value.code == "abc.state_field"


def test_damaged_states_in_the_keep_and_deal_phases_are_refused():
    state = start_round(new_state(3), [["NH", "AP", "SC"], ["EK", "IL", "NU"], ["OC", "IQ", "AL"]], dealer=0)
    state.apply(0, Keep("AP"))
    data = state.to_json()
    assert GAME.state_from_json(copy.deepcopy(data)) == state
    swapped = copy.deepcopy(data)
    swapped["hands"][1], swapped["hands"][0] = [], ["EK", "IL", "NU"]  # the wrong player still holds cards
    for damaged in (swapped, dict(data, step=0), dict(data, phase="deal")):
        with pytest.raises(RecordError) as caught:
            GAME.state_from_json(damaged)
        assert caught.value.code in ("abc.state_phase", "abc.state_card_twice"), str(caught.value)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from(["", "NH", "L", "offer", "ZZ"]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.sampled_from(["card", "letter", "x"]),
                                                                     children, max_size=3),
    max_leaves=8,
)


def _paths(data, prefix=()):
    """Every path to a value inside a JSON document."""
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, prefix + (index,))


def _played_states() -> list:
    state = start_round(new_state(3), [["NH", "AP", "SC"], ["EK", "IL", "NU"], ["OC", "IQ", "AL"]], dealer=2)
    states = [state.to_json()]
    keep_all(state, ["SC", "IL", "OC"])
    states.append(state.to_json())
    states.append(_offer_json())
    return states


STATES = _played_states()


@settings(max_examples=300, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(STATES) - 1), st.integers(0, 10 ** 6), JSON_VALUES)
def test_any_damage_gives_a_record_error_or_a_valid_state(which, pick, value):
    data = copy.deepcopy(STATES[which])
    paths = [path for path in _paths(data) if path]
    path = paths[pick % len(paths)]
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    try:
        state = GAME.state_from_json(data)
    except RecordError as error:
        assert_shown_in_both_languages(error)
        return
    # Accepted: then it is a state that plays on like any other.
    assert GAME.state_from_json(json.loads(json.dumps(state.to_json()))) == state
    state.view(0)
    for player in state.to_move():
        list(state.legal_moves(player))
