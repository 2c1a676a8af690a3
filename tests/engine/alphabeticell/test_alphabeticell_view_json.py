"""view(player) and the JSON round trip."""

import json

import pytest

from ludoteca.core.protocol import RecordError
from ludoteca.games.alphabeticell.rules import GAME, Keep, take_move

from .helpers import keep_all, new_state, offer_state, start_round

VIEW_KEYS = {
    "game", "variant", "players", "viewer", "target", "line_limit", "discard_limit", "phase",
    "round", "dealer", "round_first_dealer", "to_move", "face_up", "passed", "hand",
    "hand_counts", "lines", "line_ends", "deck_count", "unseen_letters", "discards",
    "discard_count", "round_scores", "totals", "last_round", "last_placed", "game_over", "winners",
    "legal_moves", "legal_placements",
}


def test_view_has_the_documented_keys_and_is_json_ready():
    state = offer_state(["Nh aP Sc", "sg"], "EW", dealer=1)
    for viewer in (0, 1, None):
        view = state.view(viewer)
        assert set(view) == VIEW_KEYS
        assert json.loads(json.dumps(view)) == view
    import ludoteca.games.alphabeticell.rules as rules
    for key in VIEW_KEYS:
        assert key in rules.__doc__


def test_view_of_an_offer():
    state = offer_state(["Nh aP Sc", "sg"], "EW", dealer=1)
    view = state.view(1)
    assert view["phase"] == "offer" and view["to_move"] == [1] and view["face_up"] == "EW"
    assert view["lines"][0] == [
        {"card": "NH", "letter": "N"}, {"card": "AP", "letter": "P"}, {"card": "SC", "letter": "S"}]
    assert view["line_ends"] == [["N", "S"], None]
    assert view["deck_count"] == 48 - 5
    assert view["legal_moves"] == ["pass", "take L E S", "take L E G", "take R W S", "take R W G"]
    assert view["legal_placements"][0] == {
        "end": "L", "letter": "E", "first_letter": "S", "move": "take L E S"}
    assert state.view(0)["legal_moves"] == [] and state.view(0)["legal_placements"] == []
    state.apply(1, GAME.parse_move("pass"))
    assert state.view(0)["passed"] == [1]
    assert [p["move"] for p in state.view(0)["legal_placements"]] == ["take L E", "take R W"]


def test_unseen_letters_count_what_the_viewer_has_not_seen():
    state = start_round(new_state(2), [["NH", "AP", "SC"], ["EK", "IL", "NU"]], dealer=0)
    mine = state.view(0)["unseen_letters"]
    assert "K" in mine and mine["K"] == 1  # EK is in player 1's hidden hand
    assert "H" in mine and mine["H"] == 4  # NH is in my hand, four H left
    keep_all(state, ["NH", "IL"])
    view = state.view(0)
    assert sum(view["unseen_letters"].values()) == 2 * view["deck_count"]


def test_view_after_a_round_keeps_the_finished_lines():
    state = offer_state(["Aw iB tC sD Ek nF sG rH Il aJ", "Nh aP"], "RZ", dealer=1, step=1)
    state.apply(0, take_move("R", "Z"))
    last = state.view(1)["last_round"]
    assert last["round"] == 1 and last["reason"] == "eleven" and last["scores"] == [11, 2]
    assert last["ender"] == 0 and last["next_dealer"] == 0
    assert [entry["letter"] for entry in last["lines"][0]] == list("ABCDEFGHIJZ")
    assert state.view(1)["phase"] == "deal"


def test_json_round_trip_is_exact_in_every_phase():
    state = new_state(3, seed=9)
    seen_phases = set()
    from ludoteca.core.rng import SeededRng
    rng = SeededRng(1)
    while not state.is_terminal():
        seen_phases.add(state.phase)
        data = state.to_json()
        copy = GAME.state_from_json(json.loads(json.dumps(data)))
        assert copy.to_json() == data and copy == state
        assert copy.view(0) == state.view(0)
        if state.is_chance():
            state.apply_unchecked(-1, state.sample_chance())
        else:
            player = state.to_move()[0]
            state.apply(player, rng.choice(list(state.legal_moves(player))))
    assert GAME.state_from_json(state.to_json()) == state
    assert len(seen_phases) == 5


def test_damaged_json_raises_a_record_error_with_a_code():
    data = offer_state(["Nh aP", "sg"], "EW").to_json()
    for damage, code in (({"game": "chess"}, "abc.state_not_ours"), ({"phase": "dancing"}, "abc.state_phase"),
                         ({"lines": [[]]}, "abc.state_length"), ({"settings": {}}, "record.bad_field")):
        broken = dict(data, **damage)
        with pytest.raises(RecordError) as caught:
            GAME.state_from_json(broken)
        assert caught.value.code == code


def test_clone_is_independent():
    state = start_round(new_state(2), [["NH", "AP", "SC"], ["EK", "IL", "NU"]], dealer=0)
    copy = state.clone()
    copy.apply(0, Keep("AP"))
    assert state.hands[0] == ("NH", "AP", "SC") and state.lines[0] == ()
    assert copy != state
    assert state.clone() == state


def test_the_last_placed_card_follows_each_keep_and_take_and_clears_with_the_round():
    state = start_round(new_state(2), [["NH", "AP", "SC"], ["EK", "IL", "NU"]], dealer=0)
    assert state.view(None)["last_placed"] is None
    state.apply(0, Keep("AP"))
    assert state.view(1)["last_placed"] == {"player": 0, "index": 0}
    state.apply(1, Keep("IL"))
    assert state.view(0)["last_placed"] == {"player": 1, "index": 0}
    state = offer_state(["Nh aP Sc", "sg"], "EW", dealer=0)
    state.apply(0, take_move("R", "W"))  # the right end: index 3
    assert state.view(None)["last_placed"] == {"player": 0, "index": 3}
    state = offer_state(["Nh aP Sc", "sg"], "EW", dealer=0)
    state.apply(0, take_move("L", "E"))  # the left end: index 0, the others move right
    assert state.view(None)["last_placed"] == {"player": 0, "index": 0}
    state = offer_state(["Aw iB tC sD Ek nF sG rH Il aJ", "Nh aP"], "RZ", dealer=1, step=1)
    state.apply(0, take_move("R", "Z"))  # the eleventh card ends the round: the lines leave the table
    assert state.view(None)["phase"] == "deal" and state.view(None)["last_placed"] is None


def test_a_save_from_before_the_last_placed_card_loads_and_a_wrong_one_is_refused():
    state = offer_state(["Nh aP Sc", "sg"], "EW", dealer=0)
    state.apply(0, take_move("R", "W"))
    data = state.to_json()
    older = {key: value for key, value in data.items() if key != "last_placed"}
    assert GAME.state_from_json(older).view(None)["last_placed"] is None
    assert GAME.state_from_json(data) == state
    for wrong in ([0, 3], {"player": 2, "index": 0}, {"player": 0, "index": 4}, {"player": 0}, {"player": 0, "index": True}):
        with pytest.raises(RecordError) as caught:
            GAME.state_from_json(dict(data, last_placed=wrong))
        assert caught.value.code.startswith("abc.state_")
