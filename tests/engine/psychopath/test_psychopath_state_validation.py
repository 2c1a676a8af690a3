"""Loading a PSYCHOPATH state goes through the core's StateReader: every
field is checked by type and range, and the position must be one a game can
reach. Each finding of the rules audit has its case here."""

import json
import random

import pytest

from ludoteca.core.protocol import RecordError, Settings
from ludoteca.games.psychopath import ui
from ludoteca.games.psychopath.rules import DOCTOR, GAME, PSYCHOPATH, Step, code_of

from ..state_damage import check_damage_case, check_texts, damaged
from .helpers import KINGS, new_state, position

# Black's psychopath on 13 is flanked by white doctors on 1 and 33, with a white
# informer on 20 watching from another path: it stands captured.
CAPTURED_BLACK_PSYCHOPATH = {13: "P1", 1: "D0", 33: "D0", 20: "I0", 49: "P0", 16: "S1"}


def after_one_move():
    state = new_state()
    state.apply(0, state.legal_moves()[0])
    return state


def white_move_kept_as_last():
    """Black has answered, but the last move is still white's."""
    state = after_one_move()
    white_move = state.last
    state.apply(1, state.legal_moves()[0])
    state.last = white_move
    return state


def _set(key, value):
    return lambda data: data.update({key: value})


def _over(winner, reason, **more):
    return lambda data: data.update(phase="over", winner=winner, end_reason=reason, **more)


CASES = {
    # The audit's findings.
    "last names a junk move": (after_one_move, _set("last", [0, "junk", 1, 2, [], []]),
                               "psychopath.state_field", {"field": "last.1"}),
    "rng is Infinity": (new_state, _set("rng", float("inf")), "psychopath.state_field", {"field": "rng"}),
    "history holds Infinity": (new_state, _set("history", [float("inf")]), "psychopath.state_field",
                               {"field": "history.0"}),
    "history holds the text Infinity": (new_state, _set("history", ["Infinity"]), "psychopath.state_field",
                                        {"field": "history.0"}),
    "history holds Arabic-Indic digits": (new_state, _set("history", ["١٢"]), "psychopath.state_field",
                                          {"field": "history.0"}),
    "plies is negative": (new_state, _set("plies", -5), "psychopath.counters", {}),
    "turn is true": (new_state, _set("turn", True), "psychopath.turn", {}),
    "turn is 1.0": (new_state, _set("turn", 1.0), "psychopath.turn", {}),
    "a psychopath stands captured, its captor to move": (
        lambda: position(CAPTURED_BLACK_PSYCHOPATH, turn=0), lambda data: None,
        "psychopath.state_unreachable", {}),
    "a psychopath stands captured, its owner to move": (
        lambda: position(CAPTURED_BLACK_PSYCHOPATH, turn=1), lambda data: None,
        "psychopath.state_unreachable", {}),
    # Other invariants of a reachable position.
    "rng is past 64 bits": (new_state, _set("rng", 2 ** 64), "psychopath.state_number", {"field": "rng"}),
    "quiet is past the draw limit": (new_state, lambda d: d.update(plies=150, quiet=101), "psychopath.counters", {}),
    "a quiet draw before the limit": (new_state, _over(-1, "quiet"), "psychopath.counters", {}),
    "a repetition draw with no repetition": (new_state, _over(-1, "repetition"), "psychopath.state_unreachable", {}),
    "no_moves stored as an ending": (new_state, _over(1, "no_moves"), "psychopath.phase", {}),
    "a draw that names a winner": (new_state, _over(0, "repetition"), "psychopath.phase", {}),
    "history not ending with the position": (new_state, _set("history", ["12345"]),
                                             "psychopath.state_unreachable", {}),
    "history longer than the quiet moves allow": (after_one_move, lambda d: d.update(history=d["history"] * 2),
                                                  "psychopath.state_unreachable", {}),
    "a last move by the player to move": (white_move_kept_as_last, lambda data: None,
                                          "psychopath.state_unreachable", {}),
    "a last move but no plies": (after_one_move, _set("plies", 0), "psychopath.counters", {}),
    "no last move after plies": (after_one_move, _set("last", None), "psychopath.state_unreachable", {}),
    "a last move to an empty node": (after_one_move, lambda d: d["last"].__setitem__(3, d["last"][2]),
                                       "psychopath.state_field", {"field": "last"}),
    "pending nodes out of order": (new_state, lambda d: d.update(phase="resurrect", pending=[20, 13]),
                                   "psychopath.phase", {}),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_damage_is_refused_with_its_code(name):
    check_damage_case(GAME, CASES[name])


def test_every_code_reads_in_both_languages():
    check_texts(GAME, ui.MESSAGES, CASES)


def test_the_audit_repro_no_longer_loads_a_psychopath_an_unrelated_move_captures():
    state = position(CAPTURED_BLACK_PSYCHOPATH, turn=0)
    assert damaged(GAME, state, lambda data: None).code == "psychopath.state_unreachable"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_state_reached_in_play_loads(seed):
    chooser = random.Random(seed)
    state = GAME.new_state(Settings(2), seed)
    for _ in range(160):
        data = json.loads(json.dumps(state.to_json()))
        assert GAME.state_from_json(data) == state
        if state.is_terminal():
            break
        state.apply(state.turn, chooser.choice(list(state.legal_moves())))


def _rejected(data, code):
    with pytest.raises(RecordError) as caught:
        GAME.state_from_json(data)
    assert caught.value.code == code, caught.value.code


@pytest.mark.parametrize("owner", [0, 1])
def test_a_record_with_a_captured_psychopath_must_be_over(owner):
    data = new_state().to_json()
    node = data["board"].index(code_of(owner, PSYCHOPATH))
    data["board"][node] = 0
    data["captured"][owner][PSYCHOPATH] = 1
    _rejected(data, "psychopath.phase")


def test_a_record_cannot_count_more_quiet_plies_than_plies():
    data = new_state().to_json()
    data.update(plies=10, quiet=11)
    _rejected(data, "psychopath.counters")


def test_a_record_cannot_resurrect_onto_an_occupied_node():
    state = position({13: "S1", 1: "D0", 33: "D0", 34: "I0", **KINGS}, turn=0)
    state.apply(0, Step(34, 20))
    data = state.to_json()
    assert data["phase"] == "resurrect" and data["pending"] == [13]
    GAME.state_from_json(data)  # the record as saved loads
    data["board"][13], data["board"][1] = data["board"][1], 0  # a doctor now stands there
    _rejected(data, "psychopath.phase")


def test_a_finished_record_names_a_known_winner():
    state = position({13: "P1", 1: "D0", 33: "D0", 34: "I0", 49: "P0", 16: "S1"})
    state.apply(0, Step(34, 20))  # captures the black psychopath
    data = state.to_json()
    data.update(winner=2)
    _rejected(data, "psychopath.phase")
    data.update(winner=0)
    assert GAME.state_from_json(data).is_terminal()


def test_a_record_cannot_offset_an_extra_piece_with_a_negative_captured_count():
    data = new_state().to_json()
    empty = data["board"].index(0)
    data["board"][empty] = code_of(0, DOCTOR)  # a seventh white doctor
    data["captured"][0][DOCTOR] = -1
    _rejected(data, "psychopath.captured_counts")


def test_a_record_board_holds_integer_piece_codes_only():
    data = new_state().to_json()
    node = data["board"].index(code_of(0, PSYCHOPATH))
    data["board"][node] = True  # JSON true, not the code 1
    _rejected(data, "psychopath.unknown_piece")
