"""Rounds of play: simultaneous secret moves, liberties, collisions and the
next-round bar, capture order, ko, tiles, timeouts and the end of the game."""

import pytest

from ludoteca.core.protocol import SIMULTANEOUS, GameError, IllegalMoveError, MoveParseError, NotYourTurnError
from ludoteca.games.geonaxis.rules import (
    GAME,
    PASS,
    POINT_UNIT,
    TIMEOUT,
    GeonAxisError,
    Stone,
    Tile,
    position_key,
)

from .helpers import new_state, play_round, position, ring

# A white (1) stone in the corner (2, 0) with its last liberty at (1, 0); the
# black (0) stones beside it are also down to (1, 0); white's wall around them
# has plenty of liberties. Black at (1, 0) has no free neighbour but captures.
CORNER_FIGHT = {
    (2, 0): 1, (2, -1): 0, (1, 1): 0,
    (1, -1): 1, (0, 0): 1, (0, 1): 1, (2, -2): 1, (0, 2): 1,
}


def test_every_player_submits_in_secret_and_the_round_resolves_on_the_last():
    state = new_state(3)
    assert state.acting_mode() == SIMULTANEOUS
    assert state.to_move() == (0, 1, 2)
    state.apply(1, Stone(0, 0))
    assert state.to_move() == (0, 2)
    assert state.stones == {}  # nothing happens before everyone has chosen
    view = state.view(0)
    assert view["submitted"] == [1] and view["my_choice"] is None
    assert state.view(1)["my_choice"] == "s 0 0"
    state.apply(0, Stone(1, 0))
    state.apply(2, PASS)
    assert state.stones == {(0, 0): 1, (1, 0): 0}
    assert state.to_move() == (0, 1, 2) and state.round == 2


def test_a_player_who_has_submitted_cannot_submit_again():
    state = new_state(2)
    state.apply(0, PASS)
    before = state.to_json()
    with pytest.raises(NotYourTurnError) as error:
        state.apply(0, Stone(0, 0))
    assert error.value.code == "geonaxis.not_your_turn"
    assert state.to_json() == before


def test_legal_moves_needs_a_named_player_when_several_act():
    state = new_state(2)
    with pytest.raises(GameError):
        state.legal_moves()
    assert Stone(0, 0) in state.legal_moves(0)


def test_a_stone_needs_a_cell_on_the_table_that_is_free():
    state = position({(0, 0): 1})
    for move, code in ((Stone(5, 5), "geonaxis.off_table"), (Stone(0, 0), "geonaxis.occupied")):
        before = state.to_json()
        with pytest.raises(GeonAxisError) as error:
            state.apply(0, move)
        assert error.value.code == code
        assert state.to_json() == before


def test_a_stone_needs_a_free_neighbour_for_itself_or_its_group():
    # (0, 0) is surrounded by white: black may not play there...
    stones = {cell: 1 for cell in ring((0, 0))}
    state = position(stones)
    with pytest.raises(GeonAxisError) as error:
        state.apply(0, Stone(0, 0))
    assert error.value.code == "geonaxis.no_liberty"
    # ...but white may: it joins a group with free cells around it.
    assert state.is_legal(1, Stone(0, 0))


def test_a_stone_without_a_free_neighbour_may_play_when_it_captures():
    state = position(CORNER_FIGHT)
    assert state.is_legal(0, Stone(1, 0))
    play_round(state, {0: Stone(1, 0)})
    assert (2, 0) not in state.stones
    assert state.stones[(1, 0)] == 0
    assert state.prisoners == [POINT_UNIT, 0]


def test_capture_before_self_capture():
    """Groups without liberties and without new stones go first; the new
    stone then has the freed cell as its liberty and stays."""
    state = position(CORNER_FIGHT)
    play_round(state, {0: Stone(1, 0)})
    assert {(1, 0), (2, -1), (1, 1)} <= {c for c, p in state.stones.items() if p == 0}
    assert state.last_round["captured"] == [{"owner": 1, "cells": [[2, 0]], "takers": [0]}]


def test_a_new_stone_left_without_liberties_by_the_others_is_removed_after():
    # Black's stone at (2, 0) has one free neighbour, (1, 0), which white fills.
    state = position({(2, -1): 1, (1, 1): 1})
    play_round(state, {0: Stone(2, 0), 1: Stone(1, 0)})
    assert (2, 0) not in state.stones and state.stones[(1, 0)] == 1
    assert state.prisoners == [0, POINT_UNIT]


def test_simultaneous_captures_of_each_other_both_count():
    # Black's corner stone (2, 0) and white's corner stone (-2, 0) are each
    # down to one liberty; each player takes the other's in the same round.
    stones = {(2, 0): 0, (2, -1): 1, (1, 1): 1, (-2, 0): 1, (-1, -1): 0, (-2, 1): 0}
    state = position(stones)
    play_round(state, {0: Stone(-1, 0), 1: Stone(1, 0)})
    assert (2, 0) not in state.stones and (-2, 0) not in state.stones
    assert state.stones[(-1, 0)] == 0 and state.stones[(1, 0)] == 1
    assert state.prisoners == [POINT_UNIT, POINT_UNIT]


def test_stones_on_the_same_cell_collide_and_both_are_void():
    state = new_state(3)
    play_round(state, {0: Stone(0, 0), 1: Stone(0, 0), 2: Stone(1, 0)})
    assert state.stones == {(1, 0): 2}
    assert state.last_round["collisions"] == [{"cell": [0, 0], "players": [0, 1]}]


def test_colliding_players_are_barred_from_that_cell_next_round_only():
    state = new_state(3)
    play_round(state, {0: Stone(0, 0), 1: Stone(0, 0)})
    for player in (0, 1):
        assert not state.is_legal(player, Stone(0, 0))
        with pytest.raises(GeonAxisError) as error:
            state.clone().apply(player, Stone(0, 0))
        assert error.value.code == "geonaxis.barred"
    assert state.is_legal(2, Stone(0, 0))  # the third player was not in the dispute
    play_round(state, {2: TIMEOUT})
    assert state.is_legal(0, Stone(0, 0)) and state.is_legal(1, Stone(0, 0))


def test_a_collision_void_round_does_not_count_as_passing():
    state = new_state(2)
    play_round(state, {0: Stone(0, 0), 1: Stone(0, 0)})
    assert not state.is_terminal()


def test_everyone_passing_in_the_same_round_ends_the_game():
    state = new_state(3)
    play_round(state, {0: Stone(0, 0)})
    assert not state.is_terminal()
    play_round(state, {})
    assert state.is_terminal() and state.to_move() == ()


def test_a_timeout_loses_the_round_and_does_not_count_as_a_pass():
    state = new_state(2)
    assert TIMEOUT not in list(state.generate_moves(0))  # only the app plays it
    play_round(state, {0: TIMEOUT})
    assert not state.is_terminal() and state.stones == {}
    play_round(state, {})
    assert state.is_terminal()


def test_the_round_limit_ends_the_game():
    state = new_state(2, rounds=60)
    for _ in range(60):
        assert not state.is_terminal()
        play_round(state, {0: TIMEOUT})
    assert state.is_terminal() and state.view(None)["ended_by"] == "round_limit"
    passed = new_state(2)
    assert passed.view(None)["ended_by"] is None
    play_round(passed, {0: PASS, 1: PASS})
    assert passed.is_terminal() and passed.view(None)["ended_by"] == "passes"


def test_a_tile_extends_the_table_and_is_played_instead_of_a_stone():
    state = new_state(2)
    assert len(state.table.cells) == 19
    play_round(state, {0: Tile(1, 0), 1: Stone(0, 0)})
    assert len(state.table.cells) == 38 and state.tiles[(1, 0)] == 0
    assert state.tile_in_hand == [False, True]
    with pytest.raises(GeonAxisError) as error:
        state.apply(0, Tile(-1, 0))
    assert error.value.code == "geonaxis.no_tile"


def test_a_tile_must_touch_the_tiles_down_and_stay_inside_the_limit():
    state = new_state(2)
    for spot in ((2, 0), (3, 0), (0, 0)):
        with pytest.raises(GeonAxisError) as error:
            state.apply(0, Tile(*spot))
        assert error.value.code == "geonaxis.bad_spot"
    far = new_state(2, table="7")
    assert far.is_legal(0, Tile(2, 0)) and not far.is_legal(0, Tile(3, 0))


def test_two_tiles_on_the_same_spot_collide_and_stay_in_hand():
    state = new_state(2)
    play_round(state, {0: Tile(1, 0), 1: Tile(1, 0)})
    assert list(state.tiles) == [(0, 0)] and state.tile_in_hand == [True, True]
    assert not state.is_legal(0, Tile(1, 0)) and state.is_legal(0, Tile(0, 1))
    play_round(state, {0: TIMEOUT})
    assert state.is_legal(0, Tile(1, 0))


def test_new_tiles_give_liberties_before_captures_are_judged():
    # A black stone on the edge with its last liberty taken this round, while
    # a tile laid the same round opens cells beside it.
    state = position({(2, -1): 1, (1, 1): 1, (2, 0): 0})
    play_round(state, {1: Stone(1, 0), 0: Tile(1, 0)})
    assert state.stones[(2, 0)] == 0


def test_a_round_recreating_an_earlier_position_is_void_for_the_capturers():
    # Earlier position: white on (1, 0) instead of the black corner stone.
    earlier = {(2, -1): 1, (1, 1): 1, (1, 0): 1}
    now = {(2, -1): 1, (1, 1): 1, (2, 0): 0}
    state = position(now)
    state.history = [position_key(earlier, state.tiles), position_key(now, state.tiles)]
    # White fills (1, 0), capturing (2, 0): that recreates `earlier`.
    play_round(state, {1: Stone(1, 0)})
    assert state.stones == now
    assert state.last_round["ko_void"] == [1]
    assert state.prisoners == [0, 0]


def test_a_ko_void_keeps_the_other_players_stones():
    earlier = {(2, -1): 1, (1, 1): 1, (1, 0): 1, (-2, 0): 0}
    now = {(2, -1): 1, (1, 1): 1, (2, 0): 0}
    state = position(now, players=3)
    state.history = [position_key(earlier, state.tiles), position_key(now, state.tiles)]
    play_round(state, {1: Stone(1, 0), 0: Stone(-2, 0), 2: Stone(0, -2)})
    # Without player 2's stone the position would repeat; with it, it is new.
    assert state.stones[(1, 0)] == 1 and state.last_round["ko_void"] == []
    state = position(now, players=3)
    state.history = [position_key(earlier, state.tiles), position_key(now, state.tiles)]
    play_round(state, {1: Stone(1, 0), 0: Stone(-2, 0)})
    assert (1, 0) not in state.stones and state.stones[(-2, 0)] == 0
    assert state.last_round["ko_void"] == [1]


def test_a_single_stone_ko_between_three_players_is_stopped_by_superko():
    # Player 0's stone on (0, 0) takes player 1's lone stone on (1, 0); the two
    # cells' common neighbours hold player 2's stones, so each of the two
    # stones has the other's cell as its last liberty: a single-stone ko,
    # which two players alone cannot build on hexagonal cells.
    start = {(0, -1): 1, (-1, 0): 1, (-1, 1): 1, (2, 0): 0, (2, -1): 0, (1, 1): 0,
             (1, -1): 2, (0, 1): 2, (1, 0): 1}
    state = position(start, players=3)
    play_round(state, {0: Stone(0, 0)})
    assert (1, 0) not in state.stones and state.prisoners[0] > 0
    assert state.liberties_at((0, 0)) == {(1, 0)}
    # Taking back at once would recreate the start: the recapture is void.
    assert state.is_legal(1, Stone(1, 0))
    after_capture = dict(state.stones)
    play_round(state, {1: Stone(1, 0)})
    assert state.last_round["ko_void"] == [1]
    assert state.stones == after_capture


def test_passing_again_and_again_is_never_a_repetition():
    state = position({(0, 0): 0})
    play_round(state, {0: TIMEOUT})
    play_round(state, {0: TIMEOUT})
    assert state.last_round["ko_void"] == []


def test_illegal_moves_raise_typed_errors_with_codes_and_change_nothing():
    state = new_state(2)
    for text in ("propose 0 0 3", "challenge 0 0 11", "wager 1 0", "buy 2", "decline"):
        move = GAME.parse_move(text)
        before = state.to_json()
        with pytest.raises(IllegalMoveError) as error:
            state.apply(0, move)
        assert error.value.code.startswith("geonaxis.")
        assert state.to_json() == before


def test_move_texts_parse_back_and_bad_texts_raise_parse_errors():
    for text in ("s 0 -1", "s -1 0 1 0", "t 1 -1", "pass", "timeout", "propose 0 0 3",
                 "challenge 1 1 12", "wager 3 2", "decline", "renew 4 4 0", "cancel", "buy 5"):
        assert GAME.parse_move(text).text == text
    for text in ("s 0", "s 1 0 0 0", "stone 1 1", "t a b", "pass 1"):
        with pytest.raises(MoveParseError):
            GAME.parse_move(text)


def test_a_tile_collision_bars_the_spot_only_and_a_stone_collision_the_cell_only():
    # Tile spots and cells are both written as two numbers: spot (1, 0) and
    # cell (1, 0) are different places, and each collision bars only its own.
    state = new_state(2)
    play_round(state, {0: Tile(1, 0), 1: Tile(1, 0)})
    assert not state.is_legal(0, Tile(1, 0))
    assert state.is_legal(0, Stone(1, 0)) and state.move_problem(0, Stone(1, 0)) is None
    state = new_state(2)
    play_round(state, {0: Stone(1, 0), 1: Stone(1, 0)})
    assert not state.is_legal(0, Stone(1, 0))
    assert state.is_legal(0, Tile(1, 0)) and Tile(1, 0) in state.legal_moves(0)


def test_a_save_from_before_tile_bars_were_kept_apart_bars_both_for_that_round():
    state = new_state(2)
    play_round(state, {0: Tile(1, 0), 1: Tile(1, 0)})
    data = state.to_json()
    assert data["barred"] == {} and data["barred_spots"] == {"0": [[1, 0]], "1": [[1, 0]]}
    data["barred"] = data.pop("barred_spots")
    old = GAME.state_from_json(data)
    assert not old.is_legal(0, Tile(1, 0)) and not old.is_legal(0, Stone(1, 0))
    assert GAME.state_from_json(old.to_json()).to_json() == old.to_json()


# A black (0) corner stone on (2, 0) whose last liberty is (1, 0).
NOW = {(2, -1): 1, (1, 1): 1, (2, 0): 0}


# The same corner after white fills (1, 0) and takes the black stone.
TAKEN = {(2, -1): 1, (1, 1): 1, (1, 0): 1}


def test_the_ko_rule_looks_back_over_the_whole_game():
    state = position(NOW)
    tiles = state.tiles
    older = [{(0, 0): 0}, {(0, 0): 0, (0, 1): 1}, {(0, 0): 0, (0, 1): 1, (-1, 0): 0}]
    state.history = ([position_key(TAKEN, tiles)] + [position_key(s, tiles) for s in older]
                     + [position_key(NOW, tiles)])
    play_round(state, {1: Stone(1, 0)})
    assert state.stones == NOW
    assert state.last_round["ko_void"] == [1]


def test_a_round_still_repeating_without_the_capturers_voids_every_stone():
    tiles = position({}).tiles
    with_black = {**TAKEN, (-2, 0): 0}
    without_white = {**NOW, (-2, 0): 0}
    state = position(NOW)
    state.history = [position_key(with_black, tiles), position_key(without_white, tiles),
                     position_key(NOW, tiles)]
    play_round(state, {0: Stone(-2, 0), 1: Stone(1, 0)})
    assert state.stones == NOW
    assert state.last_round["ko_void"] == [0, 1]
    assert state.last_round["placed"] == []


def test_only_the_players_whose_new_stones_capture_are_void_for_ko():
    # Player 2's old stone borders the captured black stone too, but only
    # white's new stone took it: player 2's new stone elsewhere stays.
    corner = {(2, -1): 2, (1, 1): 1, (2, 0): 0}
    taken = {(2, -1): 2, (1, 1): 1, (1, 0): 1, (-2, 0): 2}
    state = position(corner, players=3)
    state.history = [position_key(taken, state.tiles), position_key(corner, state.tiles)]
    play_round(state, {1: Stone(1, 0), 2: Stone(-2, 0)})
    assert state.last_round["ko_void"] == [1]
    assert state.stones == {**corner, (-2, 0): 2}


def test_no_submission_but_the_last_of_a_decision_reveals_information():
    state = new_state(3)
    assert not state.reveals_information(0, PASS)
    state.apply(0, PASS)
    assert not state.reveals_information(1, PASS) and not state.reveals_information(2, PASS)
    state.apply(1, PASS)
    assert state.reveals_information(2, PASS)
    two = new_state(2)
    assert not two.reveals_information(0, PASS) and not two.reveals_information(1, PASS)
