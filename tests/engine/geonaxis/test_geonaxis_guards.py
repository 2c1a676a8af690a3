"""Guards for rules the other GeonAxis tests leave open: the ko rule over the
whole history, its second check and who counts as a capturer (R8), tied
challenges and where a successful challenge's excess goes in the house-pot
variant (R10, R12, R17), which submission reveals (R16), and the checks of a
saved state on jokers, bought moves, agreement members and proposed areas."""

from ludoteca.games.geonaxis.rules import (
    AGREE,
    GAME,
    MAX_BUY,
    MAX_JOKERS,
    PASS,
    PLAY,
    TIMEOUT,
    Challenge,
    Propose,
    Stone,
    position_key,
)

from ..state_damage import check_damage_case
from .helpers import new_state, play_round, position, ring, starting_total, with_agreement

EDGE = ring((0, 0), 2)
INSIDE = [(0, 0)] + ring((0, 0), 1)
# A black (0) corner stone on (2, 0) whose last liberty is (1, 0).
NOW = {(2, -1): 1, (1, 1): 1, (2, 0): 0}
# The same corner after white fills (1, 0) and takes the black stone.
TAKEN = {(2, -1): 1, (1, 1): 1, (1, 0): 1}


def formed(players, stakes, amount=3, **variants):
    state = position({cell: (0 if index < 6 else 1) for index, cell in enumerate(EDGE)},
                     players=players, **variants)
    with_agreement(state, INSIDE, (0, 1), amount, stakes)
    return state


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


def test_in_the_house_variant_a_successful_challenge_pays_its_excess_to_the_house_pot():
    state = formed(3, {0: (3, 0), 1: (1, 2)}, pot="house")
    state.phase = PLAY
    play_round(state, {2: Challenge(0, 0, 7), 0: TIMEOUT})
    [record] = state.last_round["challenges"]
    assert record["success"] and record["to_pot"] == 0 and record["spare"] == 3
    assert state.pot == 30 and state.house == 3
    assert state.total_credits() == starting_total(3)


def agreed():
    """A round of play with an agreement formed over the walled inside."""
    state = position({cell: (0 if index < 6 else 1) for index, cell in enumerate(EDGE)})
    play_round(state, {0: Propose(-1, 0, 3)})
    play_round(state, {0: "wager 3 0", 1: "wager 1 2"})
    assert state.phase == PLAY and len(state.agreements) == 1
    return state


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


def test_of_two_equal_challenges_of_one_area_the_lower_seat_counts():
    state = formed(4, {0: (3, 0), 1: (3, 0)})
    play_round(state, {2: Challenge(0, 0, 7), 3: Challenge(1, 0, 7), 0: TIMEOUT})
    assert [r["challenger"] for r in state.last_round["challenges"]] == [2]
    assert state.hands[2] == 10 - 7 + 6 + 6 and state.hands[3] == 10
    assert (0, 0) not in state.stones and (1, 0) not in state.stones  # a challenge puts no stone down


def test_no_submission_but_the_last_of_a_decision_reveals_information():
    state = new_state(3)
    assert not state.reveals_information(0, PASS)
    state.apply(0, PASS)
    assert not state.reveals_information(1, PASS) and not state.reveals_information(2, PASS)
    state.apply(1, PASS)
    assert state.reveals_information(2, PASS)
    two = new_state(2)
    assert not two.reveals_information(0, PASS) and not two.reveals_information(1, PASS)


def proposing():
    """Both members decide on an agreement over the walled inside."""
    state = position({cell: (0 if index < 6 else 1) for index, cell in enumerate(EDGE)})
    play_round(state, {0: Propose(-1, 0, 3)})
    assert state.phase == AGREE
    return state


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
