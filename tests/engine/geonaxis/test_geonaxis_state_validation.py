"""Loading a GeonAxis state checks its content, not only its shape: each
class of damage gives a RecordError with its own `geonaxis.state_*` code
(core/state_json.py), and every state reached in play still loads."""

import json

import pytest

from ludoteca.core.protocol import RecordError
from ludoteca.core.rng import SeededRng
from ludoteca.games.geonaxis import ui
from ludoteca.games.geonaxis.rules import (
    AGREE,
    GAME,
    MAX_BUY,
    MAX_JOKERS,
    OVER,
    PLAY,
    STARTING_TILE,
    Propose,
    position_key,
)

from ..state_damage import check_damage_case, check_texts, damaged
from .helpers import new_state, play_round, position, ring

EDGE = ring((0, 0), 2)  # the tile's edge ring: black on one half, white on the other
INSIDE = [(0, 0)] + ring((0, 0), 1)  # the cells the edge ring walls in


def walled():
    return position({cell: (0 if index < 6 else 1) for index, cell in enumerate(EDGE)})


def proposing():
    """An agreement over the walled inside waits for both members' stakes."""
    state = walled()
    play_round(state, {0: Propose(-1, 0, 3)})
    assert state.phase == AGREE and state.queue
    return state


def agreed():
    """A round of play with an agreement formed (stakes 3 and 1 + 2 jokers)."""
    state = proposing()
    play_round(state, {0: "wager 3 0", 1: "wager 1 2"})
    assert state.phase == PLAY and len(state.agreements) == 1
    return state


def submitted():
    """Black has submitted (a challenge of the agreement); white has not moved yet."""
    state = agreed()
    state.apply(0, GAME.parse_move("challenge 0 0 7"))  # above the public number, 6
    assert state.to_move() == (1,)
    return state


def finished():
    state = agreed()
    play_round(state, {})  # everyone passes: the game ends
    assert state.phase == OVER and state.final is not None
    return state


def stakes(data, member="0"):
    return data["agreements"][0]["stakes"][member]


def move_a_stone(data):
    """The first stone moves to a free cell of the tile: a position never played."""
    taken = {(q, r) for q, r, _ in data["stones"]}
    data["stones"][0][:2] = next([q, r] for q, r in ring((0, 0), 1) if (q, r) not in taken)


CASES = {
    # class of damage: (state, damage, code, params expected)
    "missing key": (agreed, lambda d: d.pop("queue"), "geonaxis.state_field", {"field": "queue"}),
    "missing proposal amount": (proposing, lambda d: d["queue"][0].pop("amount"), "geonaxis.state_field",
                                {"field": "queue.0.amount"}),
    "missing final credits": (finished, lambda d: d["final"].pop("credits"), "geonaxis.state_field",
                              {"field": "final.credits"}),
    "a boolean stone owner": (agreed, lambda d: d["stones"][0].__setitem__(2, True), "geonaxis.state_field",
                              {"field": "stones.0.2"}),
    "a boolean member": (agreed, lambda d: d["members"].__setitem__(0, True), "geonaxis.state_field",
                         {"field": "members.0"}),
    "proposal cells None": (proposing, lambda d: d["queue"][0].update(cells=None), "geonaxis.state_field",
                            {"field": "queue.0.cells"}),
    "tile in hand an object": (agreed, lambda d: d["tile_in_hand"].__setitem__(1, {"x": 1}),
                               "geonaxis.state_field", {"field": "tile_in_hand.1"}),
    "an unplayable submission": (submitted, lambda d: d["submissions"].update({"0": "s 99 99"}),
                                 "geonaxis.state_field", {"field": "submissions.0"}),
    "a submission of no player": (submitted, lambda d: d["submissions"].update({"7": "pass"}),
                                  "geonaxis.state_field", {"field": "submissions.7"}),
    "a member twice": (agreed, lambda d: d["members"].append(0), "geonaxis.state_duplicate", {"field": "members"}),
    "a stone twice": (agreed, lambda d: d["stones"].append(d["stones"][0]), "geonaxis.state_duplicate",
                      {"field": "stones"}),
    "an agreement member twice": (agreed, lambda d: d["agreements"][0]["members"].append(1),
                                  "geonaxis.state_duplicate", {"field": "agreements.0.members"}),
    "a protected cell twice": (agreed, lambda d: d["agreements"][0]["cells"].append(d["agreements"][0]["cells"][0]),
                               "geonaxis.state_duplicate", {"field": "agreements.0.cells"}),
    "a negative stake": (agreed, lambda d: stakes(d).__setitem__(0, -1), "geonaxis.state_number",
                         {"field": "agreements.0.stakes.0.0", "value": "-1"}),
    "too many jokers": (agreed, lambda d: stakes(d, "1").__setitem__(1, 99), "geonaxis.state_number",
                        {"field": "agreements.0.stakes.1.1"}),
    "an agreed stake of 99": (proposing, lambda d: d["queue"][0].update(amount=99), "geonaxis.state_number",
                              {"field": "queue.0.amount", "value": "99"}),
    "a stone of player 7": (agreed, lambda d: d["stones"][0].__setitem__(2, 7), "geonaxis.state_number",
                            {"field": "stones.0.2"}),
    "a huge coordinate": (agreed, lambda d: d["stones"][0].__setitem__(0, 10 ** 18), "geonaxis.state_number",
                          {"field": "stones.0.0"}),
    "a hand too many": (agreed, lambda d: d["hands"].append(0), "geonaxis.state_length",
                        {"field": "hands", "count": 3, "expected": 2}),
    "a stone of two numbers": (agreed, lambda d: d["stones"][0].pop(), "geonaxis.state_length",
                               {"field": "stones.0", "count": 2, "expected": 3}),
    "an empty protected area": (agreed, lambda d: d["agreements"][0].update(cells=[]), "geonaxis.state_length",
                                {"field": "agreements.0.cells"}),
    "a credit from nowhere": (agreed, lambda d: d["hands"].__setitem__(0, d["hands"][0] + 1),
                              "geonaxis.state_credits", {}),
    "a stone moved": (agreed, move_a_stone, "geonaxis.state_table", {}),
    "a protected cell dropped": (agreed, lambda d: d["agreements"][0]["cells"].pop(), "geonaxis.state_table", {}),
    "a tile laid from nowhere": (agreed, lambda d: d["tile_in_hand"].__setitem__(0, False),
                                 "geonaxis.state_table", {}),
    "a final account in play": (agreed, lambda d: d.update(final={"points": [0, 0], "shares": [0, 0], "pot": 0,
                                                                  "extra": [], "credits": [0, 0]}),
                                "geonaxis.state_phase", {"phase": PLAY}),
    "a decision without a queue": (agreed, lambda d: d.update(phase=AGREE), "geonaxis.state_phase", {"phase": AGREE}),
    "an empty pile not renegotiated": (agreed, lambda d: d["agreements"][0].update(stakes={}) or
                                       d["hands"].__setitem__(0, d["hands"][0] + 4), "geonaxis.state_phase", {}),
    "a final share changed": (finished, lambda d: d["final"]["shares"].__setitem__(0, d["final"]["shares"][0] + 1),
                              "geonaxis.state_phase", {"phase": OVER}),
    "final credits not the hands": (finished, lambda d: d["final"]["credits"].__setitem__(0, 0),
                                    "geonaxis.state_phase", {"phase": OVER}),
}


@pytest.mark.parametrize("label", sorted(CASES))
def test_each_class_of_damage_has_its_code(label):
    check_damage_case(GAME, CASES[label])


def test_every_code_has_a_text_in_both_languages_with_its_params():
    check_texts(GAME, ui.MESSAGES, CASES)


def test_the_undamaged_states_load():
    for build in (walled, proposing, agreed, submitted, finished):
        state = build()
        data = json.loads(json.dumps(state.to_json()))
        assert GAME.state_from_json(data).to_json() == data


def test_a_state_of_another_game_is_refused():
    assert damaged(GAME, agreed(), lambda d: d.update(game="chess")).code == "geonaxis.bad_state"


@pytest.mark.parametrize("players, table, pot, seed", [(2, "1", "standard", 1), (3, "7", "house", 2),
                                                       (4, "1", "house", 3), (6, "7", "standard", 4)])
def test_every_state_reached_in_random_play_loads_back(players, table, pot, seed):
    state = new_state(players, table=table, pot=pot, rounds=60, seed=seed)
    rng = SeededRng(seed)
    for _ in range(300):
        data = json.loads(json.dumps(state.to_json()))
        assert GAME.state_from_json(data).to_json() == data
        if state.is_terminal():
            break
        player = rng.choice(list(state.to_move()))
        moves = list(state.legal_moves(player))
        stones = [m for m in moves if m.keyword in ("s", "propose")]  # fill the table, sometimes propose
        state.apply(player, rng.choice(stones) if stones and rng.random() < 0.9 else rng.choice(moves))


def test_the_starting_tables_tiles_belong_to_no_player_and_nothing_below_is_loaded():
    state = new_state(3)
    assert state.tiles and set(state.tiles.values()) == {STARTING_TILE}
    assert {tile["owner"] for tile in state.view(0)["tiles"]} == {STARTING_TILE}
    data = json.loads(json.dumps(state.to_json()))
    assert GAME.state_from_json(data).tiles == state.tiles
    data["tiles"][0][2] = STARTING_TILE - 1
    with pytest.raises(RecordError) as refused:
        GAME.state_from_json(data)
    assert refused.value.code == "geonaxis.state_number"


def bought():
    """House-pot variant: black has bought every move allowed."""
    state = new_state(2, pot="house")
    play_round(state, {0: "buy %d" % MAX_BUY, 1: "buy 0"})
    assert state.phase == PLAY and state.extra_moves == [MAX_BUY, 0]
    return state


def test_a_saved_pile_holds_at_most_five_jokers_of_a_member():
    check_damage_case(GAME, (agreed, lambda d: d["agreements"][0]["stakes"]["1"].__setitem__(1, MAX_JOKERS + 1),
                             "geonaxis.state_number", {"field": "agreements.0.stakes.1.1"}))


def test_a_saved_state_holds_at_most_ten_bought_moves_a_player():
    check_damage_case(GAME, (bought, lambda d: d["extra_moves"].__setitem__(0, MAX_BUY + 1),
                             "geonaxis.state_number", {"field": "extra_moves.0"}))


def test_a_saved_agreement_has_at_least_two_members():
    check_damage_case(GAME, (agreed, lambda d: d["agreements"][0].update(members=[0]),
                             "geonaxis.state_length", {"field": "agreements.0.members", "count": 1, "expected": 2}))


def open_the_proposed_area(data):
    """An edge stone is gone and the proposed area takes its cell: the area
    now reaches the side of the table where a tile could still be laid."""
    gone = list(EDGE[0])
    data["stones"] = [stone for stone in data["stones"] if stone[:2] != gone]
    data["queue"][0]["cells"] = [list(c) for c in sorted(INSIDE + [EDGE[0]])]
    stones = {(q, r): p for q, r, p in data["stones"]}
    tiles = {(a, b): owner for a, b, owner in data["tiles"]}
    data["history"].append(position_key(stones, tiles))


def test_a_saved_proposal_over_an_area_open_to_the_table_edge_is_refused():
    check_damage_case(GAME, (proposing, open_the_proposed_area, "geonaxis.state_phase", {"phase": AGREE}))
