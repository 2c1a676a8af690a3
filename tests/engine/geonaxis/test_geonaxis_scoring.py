"""Scoring: prisoners plus enclosed free cells, shared cells split equally;
the pot shared out by points with exact integer rounding; the house pot."""

import pytest

from ludoteca.games.geonaxis.rules import (
    GAME,
    PASS,
    POINT_UNIT,
    START_HAND,
    GeonAxisError,
    Buy,
    Stone,
    pot_shares,
    position_key,
)
from ludoteca.games.geonaxis.board import tile_cells

from .helpers import new_state, play_round, position, ring, starting_total


def test_enclosed_free_cells_score_for_the_player_around_them():
    state = position({cell: 0 for cell in ring((0, 0))})
    # The centre is black's; the outer ring of 12 cells is bordered by black only too.
    assert state.points() == [13 * POINT_UNIT, 0]


def test_cells_bordered_by_several_players_are_shared_equally():
    stones = {cell: (0 if index < 3 else 1) for index, cell in enumerate(ring((0, 0)))}
    state = position(stones)
    # The centre and the 12 outer cells touch both colours: half each.
    assert state.points() == [13 * POINT_UNIT // 2] * 2
    three = position({cell: index % 3 for index, cell in enumerate(ring((0, 0)))}, players=3)
    assert three.points() == [13 * POINT_UNIT // 3] * 3


def test_prisoners_count_as_points():
    state = position({(2, 0): 1, (2, -1): 0, (1, 1): 0})
    play_round(state, {0: Stone(1, 0)})
    assert state.prisoners == [POINT_UNIT, 0]
    assert state.points()[0] == POINT_UNIT + (19 - 3) * POINT_UNIT  # 16 free cells, the corner included


def test_a_captured_stone_goes_to_whoever_took_its_last_liberty():
    # White's corner stone touches black and red; red fills the last
    # liberty while black passes: red alone took it.
    state = position({(2, 0): 1, (2, -1): 0, (1, 1): 2}, players=3)
    play_round(state, {2: Stone(1, 0)})
    assert state.prisoners == [0, 0, POINT_UNIT]
    assert state.last_round["captured"][0]["takers"] == [2]


def test_stones_taking_the_last_liberties_together_share_the_capture():
    # White's corner stone has two liberties; black and red fill one each.
    state = position({(2, 0): 1, (2, -1): 0}, players=3)
    play_round(state, {0: Stone(1, 1), 2: Stone(1, 0)})
    assert state.prisoners == [POINT_UNIT // 2, 0, POINT_UNIT // 2]


@pytest.mark.parametrize("points,pot,expected", [
    ([5, 3, 2], 30, [15, 9, 6]),          # exact percentages
    ([2, 1], 20, [14, 6]),                # 13.33 / 6.67: the winner takes the spare card
    ([1, 1, 1], 30, [10, 10, 10]),
    ([3, 2, 2, 0], 40, [18, 11, 11, 0]),  # 17.1, 11.4, 11.4: winner first, then the next
    ([7, 5, 3, 2, 1], 50, [20, 14, 9, 5, 2]),  # 19.4 13.9 8.3 5.6 2.8: three spare cards, top down
    ([4, 4, 1, 1, 1, 1], 60, [20, 20, 5, 5, 5, 5]),
    ([1, 1, 1, 1, 1, 1], 61, [10, 10, 10, 10, 10, 10]),  # equal points: the spare card stays
    ([1, 1, 1], 31, [10, 10, 10]),        # three tied: no seat wins 11 to 10
    ([2, 2, 1], 1, [0, 0, 0]),            # the card does not pass the tied leaders
    ([3, 2, 2, 1], 9, [4, 2, 2, 1]),      # 3.4 2.25 2.25 1.1: one spare card, the leader's
    ([0, 0, 0], 30, [10, 10, 10]),        # no points at all: equal shares
    ([0, 0], 21, [10, 10]),
])
def test_pot_shares_follow_points_and_the_winner_rounds_up_first(points, pot, expected):
    base, extra = pot_shares(pot, points)
    shares = list(base)
    for player in extra:
        shares[player] += 1
    assert shares == expected and sum(shares) <= pot
    assert len(extra) < len(points)
    tied_apart = [(p, q) for p in range(len(points)) for q in range(len(points))
                  if points[p] == points[q] and shares[p] != shares[q]]
    assert tied_apart == []  # players tied on points always take the same


def test_percentages_are_exact_integer_arithmetic():
    # 1/3 of 20 with points in sixtieths: no floating point anywhere.
    base, extra = pot_shares(20, [20, 20, 20])
    assert base == [6, 6, 6] and extra == []  # two spare cards cannot go to three equals


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_at_the_end_each_takes_the_pot_share_of_their_points(players):
    state = position({cell: index % players for index, cell in enumerate(ring((0, 0)))}, players=players)
    play_round(state, {})
    assert state.is_terminal()
    final = state.final
    assert sum(final["shares"]) + state.pot == 10 * players and state.pot < players
    assert final["credits"] == [START_HAND + share for share in final["shares"]]
    assert sum(state.hands) + state.pot == starting_total(players)


def test_tied_players_take_alike_and_a_card_they_cannot_split_stays_in_the_pot():
    # Three players tied on points, a pot of 31: 10 each, and the 31st card
    # is nobody's (seat order used to give it to the first seat).
    state = new_state(3)
    state.hands[0] -= 1
    state.pot += 1
    state.stones = {(1, 0): 0, (-1, 1): 1, (0, -1): 2}
    state.history = [position_key(state.stones, state.tiles)]
    play_round(state, {})
    assert state.final["points"][0] == state.final["points"][1] == state.final["points"][2]
    assert state.final["shares"] == [10, 10, 10] and state.pot == 1
    assert state.total_credits() == starting_total(3)
    assert GAME.state_from_json(state.to_json()).to_json() == state.to_json()


def test_the_winner_has_the_most_credits():
    state = position({cell: 0 for cell in ring((0, 0))} | {(2, 0): 1})
    play_round(state, {})
    assert state.winners() == [0]
    assert state.returns() == [1.0, 0.0]
    assert state.scores() == state.final["credits"]


def test_house_pot_takes_the_rounding_of_the_final_split():
    state = new_state(2, pot="house")
    play_round(state, {0: "buy 0", 1: "buy 0"})
    state.prisoners = [2 * POINT_UNIT, POINT_UNIT]  # 13.3 and 6.7 credits of 20
    base, extra = pot_shares(20, state.points())
    play_round(state, {})
    assert state.final["shares"] == base
    assert state.house == 20 - sum(base) and state.house >= 1
    assert sum(state.hands) + state.house == starting_total(2)


def test_house_pot_buying_moves_costs_one_credit_each_into_the_house():
    state = new_state(3, pot="house")
    assert state.phase == "buy"
    play_round(state, {0: "buy 3", 1: "buy 10", 2: "buy 0"})
    assert state.hands == [7, 0, 10] and state.house == 13 and state.extra_moves == [3, 10, 0]
    assert state.phase == "play"
    assert state.total_credits() == starting_total(3)


def test_buying_more_than_ten_moves_or_beyond_ones_credits_is_refused():
    state = new_state(2, pot="house")
    for text, code in (("buy 11", "geonaxis.bad_buy"),):
        before = state.to_json()
        with pytest.raises(GeonAxisError) as error:
            play_round(state, {0: text})
        assert error.value.code == code and state.to_json() == before


def test_a_bought_move_is_a_second_stone_in_the_same_round():
    state = new_state(2, pot="house")
    play_round(state, {0: "buy 1", 1: "buy 0"})
    assert state.is_legal(0, Stone(0, 0, 1, 0))
    with pytest.raises(GeonAxisError) as error:
        state.clone().apply(1, Stone(0, 0, 1, 0))
    assert error.value.code == "geonaxis.no_extra_move"
    play_round(state, {0: Stone(0, 0, 1, 0), 1: Stone(-1, 0)})
    assert state.stones == {(0, 0): 0, (1, 0): 0, (-1, 0): 1}
    assert state.extra_moves == [0, 0]
    assert not state.is_legal(0, Stone(0, 1, 0, 2))


def test_the_standard_game_has_no_buying_phase():
    state = new_state(2)
    assert state.phase == "play" and not state.is_legal(0, Buy(1))
    assert PASS in state.legal_moves(0)
    assert len(tile_cells((0, 0))) == 19
