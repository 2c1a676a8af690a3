"""Loading an Alphagon state checks its content, not only its shape: each
class of damage gives a RecordError with its own `alphagon.state_*` code
(core/state_json.py), and every state reached in play still loads."""

import functools
import json

import pytest

from ludoteca.core.rng import SeededRng
from ludoteca.games.alphagon import components as C, ui
from ludoteca.games.alphagon.rules import ANSWER, GAME, OVER, PLAY, Place

from ..state_damage import check_damage_case, check_texts, damaged
from .helpers import build_word, new_state, play


def random_play(state, rng, until, steps=4000):
    """Random legal moves (placing letters more often) until `until(state)`."""
    for _ in range(steps):
        if until(state) or state.is_terminal():
            break
        acting = state.to_move()
        player = acting[rng.randbelow(len(acting))]
        moves = list(state.legal_moves(player))
        places = [m for m in moves if isinstance(m, Place)]
        play(state, player, (rng.choice(places) if places and rng.random() < 0.8 else rng.choice(moves)).text)
    return state


@functools.lru_cache(maxsize=None)
def _mid_game(players: int, seed: int):
    state = random_play(new_state(players, seed=seed), SeededRng(seed),
                        lambda s: len(s.words) >= 1 and len(s.word()) >= 2 and s.phase == PLAY and not s.queue)
    assert state.phase == PLAY and state.words and not state.queue
    return state


def mid_game(players=3, seed=2):
    """A turn with a scored word, a word under way and an empty queue."""
    return _mid_game(players, seed).clone()


def doubted():
    """A player has doubted the last letter and must answer."""
    state = new_state(2, seed=3)
    build_word(state, "CAS")
    play(state, state.to_move()[0], "doubt")
    assert state.phase == ANSWER
    return state


def give_point(data):
    data["scores"][0] += 1


def take_letter(data):
    rack = data["racks"][1]
    data["racks"][1] = rack[1:]


CASES = {
    # class of damage: (state, damage, code, params expected)
    "missing key": (mid_game, lambda d: d.pop("queue"), "alphagon.state_field", {"field": "queue"}),
    "missing nested key": (mid_game, lambda d: d["turn"].pop("placed"), "alphagon.state_field",
                           {"field": "turn.placed"}),
    "wrong type": (mid_game, lambda d: d.update(scores="lots"), "alphagon.state_field", {"field": "scores"}),
    "boolean for a seat": (mid_game, lambda d: d["owners"].__setitem__(0, True), "alphagon.state_field",
                           {"field": "owners.0"}),
    "unknown phase": (mid_game, lambda d: d.update(phase="unknown_phase"), "alphagon.state_field",
                      {"field": "phase"}),
    "score out of range": (mid_game, lambda d: d["scores"].__setitem__(2, 99), "alphagon.state_number",
                           {"field": "scores.2", "value": "99"}),
    "sides out of range": (mid_game, lambda d: d.update(sides=99), "alphagon.state_number", {"field": "sides"}),
    "huge seed": (mid_game, lambda d: d.update(rng=2 ** 64), "alphagon.state_number", {"field": "rng"}),
    "one rack too many": (mid_game, lambda d: d["racks"].append("A"), "alphagon.state_length",
                          {"field": "racks", "count": 4, "expected": 3}),
    "doubt of three": (doubted, lambda d: d["doubt"].append(d["doubt"][0]), "alphagon.state_length",
                       {"field": "doubt", "count": 3, "expected": 2}),
    "doubt of one player twice": (doubted, lambda d: d["doubt"].__setitem__(1, d["doubt"][0]),
                                  "alphagon.state_duplicate", {"field": "doubt"}),
    "a card twice in the deck": (mid_game, lambda d: d["deck"].append(d["deck"][0]), "alphagon.state_duplicate",
                                 {"field": "deck"}),
    "a cell twice in the polygon": (mid_game, lambda d: d["trail"].__setitem__(-1, d["trail"][0]),
                                    "alphagon.state_duplicate", {"field": "trail"}),
    "a letter lost": (mid_game, take_letter, "alphagon.state_letters", {"player": 2}),
    "a card lost": (mid_game, lambda d: d["deck"].pop(), "alphagon.state_cards", {}),
    "sides not as drawn": (mid_game, lambda d: d.update(sides=d["sides"] % 9 + 1), "alphagon.state_board", {}),
    "a word not on the board": (mid_game, lambda d: d["words"][0].__setitem__(0, "ZZZZ"), "alphagon.state_board", {}),
    "a point from nowhere": (mid_game, give_point, "alphagon.state_scores", {}),
    "the goal reached in play": (mid_game, lambda d: d["scores"].__setitem__(0, d["scores"][0] + 36),
                                 "alphagon.state_scores", {}),
    "an end reason in play": (mid_game, lambda d: d.update(end_reason="closed"), "alphagon.state_phase",
                              {"phase": PLAY}),
    "a doubt without its phase": (doubted, lambda d: d.update(phase=PLAY), "alphagon.state_phase", {"phase": PLAY}),
    "the over phase without an end": (mid_game, lambda d: d.update(phase=OVER), "alphagon.state_phase",
                                      {"phase": OVER}),
    # queues that leave nobody able to move in a game that is not over (R37)
    "a deal's start in play": (mid_game, lambda d: d.update(queue=[["begin"]]), "alphagon.state_phase",
                               {"phase": PLAY}),
    "a next turn waiting": (mid_game, lambda d: d.update(queue=[["next", 0]]), "alphagon.state_phase",
                            {"phase": PLAY}),
    "a '+' waiting": (mid_game, lambda d: d.update(queue=[["plus", 1]]), "alphagon.state_phase", {"phase": PLAY}),
    "a prize with nothing to take": (mid_game, lambda d: full_up_and_rewarded(d, 0), "alphagon.state_phase",
                                     {"phase": PLAY}),
    "a letter to lose from an empty rack": (mid_game, lambda d: emptied_and_losing(d, 1), "alphagon.state_phase",
                                            {"phase": PLAY}),
}


def full_up_and_rewarded(data, player):
    """A long word's prize for a player who holds their 2 bonuses and 7 letters."""
    assert len(data["racks"][player]) == 7
    data["bonuses"][player] = 2
    data["queue"] = [["reward", player]]


def emptied_and_losing(data, player):
    """A letter to lose for a player whose letters have all been set aside."""
    data["discards"][player] = "".join(sorted(data["discards"][player] + data["racks"][player]))
    data["racks"][player] = ""
    data["queue"] = [["lose", player]]


@pytest.mark.parametrize("label", sorted(CASES))
def test_each_class_of_damage_has_its_code(label):
    check_damage_case(GAME, CASES[label])


def test_every_code_has_a_text_in_both_languages_with_its_params():
    check_texts(GAME, ui.MESSAGES, CASES)


def test_a_state_of_another_game_is_refused():
    error = damaged(GAME, mid_game(), lambda d: d.update(game="chess"))
    assert error.code == "alphagon.bad_state"


@pytest.mark.parametrize("players, seed", [(2, 11), (3, 12), (4, 13), (6, 14)])
def test_every_state_reached_in_random_play_loads_back(players, seed):
    state = new_state(players, seed=seed)
    rng = SeededRng(seed)
    seen = 0
    for _ in range(400):
        data = json.loads(json.dumps(state.to_json()))
        assert GAME.state_from_json(data).to_json() == data
        seen += 1
        if state.is_terminal():
            break
        random_play(state, rng, lambda s: False, steps=1)
    assert seen > 50


def _in_play():
    state = new_state(3, seed=48)
    build_word(state, "CA", "D4", "E")
    return state


def test_a_record_whose_current_player_is_no_seat_is_refused():
    error = damaged(GAME, _in_play(), lambda d: d.update(current=3))
    assert error.code == "alphagon.state_number" and error.params["field"] == "current"


def test_a_record_with_a_shape_claimed_on_a_too_short_polygon_is_refused():
    error = damaged(GAME, _in_play(), lambda d: d.update(shape_claims=[C.RED_SIZE - 1]))
    assert error.code == "alphagon.state_number" and error.params["field"] == "shape_claims.0"


def test_a_record_with_more_passes_than_two_rounds_is_refused():
    error = damaged(GAME, _in_play(), lambda d: d.update(passes=2 * 3 + 1, phase="over", end_reason="stalemate"))
    assert error.code == "alphagon.state_number" and error.params["field"] == "passes"
