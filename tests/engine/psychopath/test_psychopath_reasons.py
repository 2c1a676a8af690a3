"""A hint's reason in PSYCHOPATH (reasons.py): each kind appears when it should and not otherwise."""

from ludoteca.games import registry
from ludoteca.games.psychopath.rules import GAME
from ludoteca.ui.i18n import Catalog

from .helpers import KINGS, position

# Black doctors on 1 and 33 flank node 13; a black informer reaching 20 or 19 completes the capture.
FLANKED = {1: "D1", 33: "D1"}


def reason(state, text: str, player: int):
    return state.explain_move(GAME.parse_move(text), player)


def test_a_capture_names_the_piece_and_the_psychopath_s_capture_wins():
    state = position({13: "I0", 2: "I1", **FLANKED, **KINGS}, turn=1)
    assert reason(state, "m 2 20", 1) == ("psychopath.why.captures", {"kinds": ["informer"], "nodes": [13]})
    state = position({13: "P0", 45: "P1", 2: "I1", **FLANKED}, turn=1)
    assert reason(state, "m 2 20", 1)[0] == "psychopath.why.wins"


def test_a_piece_that_could_be_captured_next_move_escapes():
    state = position({13: "I0", 2: "I1", **FLANKED, **KINGS}, turn=0)
    assert reason(state, "m 13 19", 0) == ("psychopath.why.escapes",
                                           {"kind": "informer", "source": 13, "target": 19})
    assert reason(state, "m 49 0", 0) is None  # the psychopath's stroll leaves the informer to its fate


def test_a_move_that_stops_the_psychopath_s_capture_shields_it():
    state = position({13: "P0", 45: "P1", 3: "S0", 2: "I1", **FLANKED}, turn=0)
    assert reason(state, "m 3 0", 0) == ("psychopath.why.shields", {"node": 13})
    assert reason(state, "m 13 19", 0)[0] == "psychopath.why.escapes"  # the psychopath itself steps away
    # The psychopath stepping to 35, where a black informer on 14 could still complete a capture, saves nothing.
    state = position({13: "P0", 45: "P1", 14: "I1", 2: "I1", **FLANKED}, turn=0)
    assert reason(state, "m 13 35", 0) is None
    assert reason(state, "m 13 19", 0)[0] == "psychopath.why.escapes"


def test_a_new_threat_is_named_and_an_old_one_is_not():
    state = position({13: "I0", 0: "I1", **FLANKED, **KINGS}, turn=1)
    assert reason(state, "m 0 2", 1) == ("psychopath.why.threatens", {"kinds": ["informer"], "nodes": [13]})
    assert reason(state, "m 0 3", 1) is None
    state = position({13: "P0", 45: "P1", 0: "I1", **FLANKED}, turn=1)
    assert reason(state, "m 0 2", 1)[0] == "psychopath.why.threatens_psychopath"
    # The informer on 13 is already under threat: a move elsewhere threatens nothing new.
    state = position({13: "I0", 2: "I1", **FLANKED, **KINGS}, turn=1)
    assert reason(state, "m 45 0", 1) is None


def test_the_opening_has_nothing_to_say_and_explaining_changes_nothing():
    state = GAME.new_state(GAME.default_settings(2), 3)
    before = state.to_json()
    assert all(state.explain_move(move, 0) is None for move in state.legal_moves(0))
    assert state.to_json() == before


def test_the_reasons_read_in_english_and_italian():
    ui = registry.game_ui("psychopath")  # registers its messages
    for lang, expected in (("en", "Capture: informer (13)."), ("it", "Cattura: informatore (13).")):
        words = ui.hint_reason(("psychopath.why.captures", {"kinds": ["informer"], "nodes": [13]}), ["A", "B"],
                               Catalog(lang).t)
        assert words == expected
    words = ui.hint_reason(("psychopath.why.escapes", {"kind": "doctor", "source": 13, "target": 19}),
                           ["A", "B"], Catalog("it").t)
    assert "dottore" in words and "13" in words and "19" in words
