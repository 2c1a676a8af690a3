"""Security agreements: proposal and consent, hidden stakes and jokers, the
protected area, challenges with every payout branch, renegotiation and
cancellation, dissolution, the house pot, and secrecy."""

import json

import pytest

from ludoteca.core.protocol import SIMULTANEOUS
from ludoteca.core.rng import SeededRng
from ludoteca.games.geonaxis.rules import (
    GAME,
    PLAY,
    TIMEOUT,
    Challenge,
    GeonAxisError,
    Propose,
    Stone,
    Tile,
)

from .helpers import play_round, position, ring, starting_total, with_agreement

# The tile's edge ring (12 cells) split between black (0) and white (1): the
# 7 cells inside are enclosed by both.
EDGE = ring((0, 0), 2)
INSIDE = [(0, 0)] + ring((0, 0), 1)


def walled(players: int = 2, **variants):
    stones = {cell: (0 if index < 6 else 1) for index, cell in enumerate(EDGE)}
    return position(stones, players=players, **variants)


def formed(players=2, stakes=None, amount=3, **variants):
    """A walled state with an agreement over the inside, stakes {member: (credits, jokers)}."""
    state = walled(players, **variants)
    with_agreement(state, INSIDE, (0, 1), amount, stakes or {0: (amount, 0), 1: (amount, 0)})
    return state


def test_a_proposal_opens_a_simultaneous_decision_for_every_member():
    state = walled(3)
    play_round(state, {0: Propose(-1, 0, 3), 2: TIMEOUT})
    assert state.phase == "agree" and state.to_move() == (0, 1)
    assert state.acting_mode() == SIMULTANEOUS
    node = state.view(2)["node"]
    assert node["members"] == [0, 1] and node["amount"] == 3 and len(node["cells"]) == 7


def test_every_member_must_consent_and_stakes_stay_secret():
    state = walled()
    play_round(state, {0: Propose(-1, 0, 3)})
    play_round(state, {0: "wager 3 0", 1: "wager 1 2"})  # white bluffs with two jokers
    [agreement] = state.agreements
    assert agreement.public == 6 and agreement.cards == 6 and agreement.fund == 4
    assert state.hands == [7, 9]
    assert state.wealth(1) == 10
    view = state.view(0)
    assert view["agreements"][0]["cards"] == 6 and view["agreements"][0]["my_stake"] == [3, 0]
    assert view["hand"] == 7 and "stakes" not in json.dumps(view)
    assert state.view(1)["agreements"][0]["my_stake"] == [1, 2]
    assert state.phase == "play"


def test_one_decline_means_no_agreement_and_nothing_is_taken():
    state = walled()
    play_round(state, {0: Propose(-1, 0, 3)})
    play_round(state, {0: "wager 3 0", 1: "decline"})
    assert state.agreements == [] and state.hands == [10, 10]
    assert state.last_node["declined"] == [1] and state.last_node["formed"] is False


def test_a_timeout_in_an_agreement_decision_counts_as_declining():
    state = walled()
    play_round(state, {0: Propose(-1, 0, 3)})
    play_round(state, {0: "wager 3 0", 1: TIMEOUT})
    assert state.agreements == []


def test_only_enclosed_areas_bordered_by_two_players_including_the_proposer_qualify():
    open_table = position({(0, 0): 0, (1, 0): 1})
    with pytest.raises(GeonAxisError) as error:
        open_table.apply(0, Propose(-1, 0, 2))
    assert error.value.code == "geonaxis.not_enclosed"  # one region bordered by both, but:
    alone = position({cell: 0 for cell in EDGE})
    with pytest.raises(GeonAxisError) as error:
        alone.apply(0, Propose(-1, 0, 2))
    assert error.value.code == "geonaxis.not_enclosed"
    outsider = walled(3)
    with pytest.raises(GeonAxisError) as error:
        outsider.apply(2, Propose(-1, 0, 2))
    assert error.value.code == "geonaxis.not_enclosed"
    protected = formed()
    with pytest.raises(GeonAxisError) as error:
        protected.apply(0, Propose(-1, 0, 2))
    assert error.value.code == "geonaxis.already_protected"
    with pytest.raises(GeonAxisError) as error:
        walled().apply(0, Propose(-1, 0, 11))
    assert error.value.code == "geonaxis.bad_amount"


def test_two_proposals_for_the_same_area_collide():
    state = walled()
    play_round(state, {0: Propose(-1, 0, 3), 1: Propose(-1, 0, 4)})
    assert state.phase == "play" and state.agreements == []
    assert state.last_round["proposals"][0]["outcome"] == "collision"


def test_a_proposal_lapses_when_the_round_fills_its_area():
    # A stone on the named cell, on another cell of the area, or a third
    # player's stone inside (which would change the members and the public
    # number): the area is no longer the one proposed, so nobody is asked.
    for players, stone_by in ((2, {1: Stone(-1, 0)}), (2, {1: Stone(1, 0)}), (3, {2: Stone(1, 0)})):
        state = walled(players)
        play_round(state, {0: Propose(-1, 0, 3), **stone_by})
        assert state.phase == "play" and state.queue == []
        assert state.last_round["proposals"][0]["outcome"] == "lapsed"
        assert state.agreements == []


def test_an_area_against_the_edge_is_enclosed_once_no_tile_can_be_laid():
    # (0,-2) lies on the tile's edge; its three neighbours on the table hold
    # stones of both players. While a tile is in hand that side stays open.
    state = position({(1, -2): 0, (0, -1): 1, (-1, -1): 0})
    assert state.move_problem(0, Propose(0, -2, 2))[0] == "not_enclosed"
    play_round(state, {0: Tile(1, 0), 1: Tile(-1, 0)})
    assert state.tile_in_hand == [False, False] and (0, -2) in state.table.open_edge
    assert state.move_problem(0, Propose(0, -2, 2)) is None
    assert Propose(0, -2, 2) in set(state.generate_moves(0))
    play_round(state, {0: Propose(0, -2, 2)})
    assert state.phase == "agree" and state.queue[0]["cells"] == [[0, -2]]
    play_round(state, {0: "wager 2 0", 1: "wager 2 0"})
    assert state.agreements[0].cells == ((0, -2),)


def test_nobody_plays_inside_a_protected_area_without_challenging():
    state = formed()
    for player in (0, 1):
        before = state.to_json()
        with pytest.raises(GeonAxisError) as error:
            state.apply(player, Stone(0, 0))
        assert error.value.code == "geonaxis.protected" and state.to_json() == before


def test_a_challenge_wagers_at_least_one_credit_and_no_more_than_one_holds():
    state = formed(3)
    for wager, code in ((0, "geonaxis.challenge_too_low"), (11, "geonaxis.beyond_credits")):
        before = state.to_json()
        with pytest.raises(GeonAxisError) as error:
            state.apply(2, Challenge(0, 0, wager))
        assert error.value.code == code and state.to_json() == before
    # Below the public number too: only the hidden fund decides.
    assert state.is_legal(2, Challenge(0, 0, 1)) and state.is_legal(2, Challenge(0, 0, 7))
    assert state.view(2)["legal"]["challenges"][0]["min"] == 1


def test_a_challenge_below_the_public_number_fails_against_an_honest_pile_and_wins_against_a_bluff():
    # Public number 6. Honest: the fund is 6, a wager of 4 fails and is shared.
    state = formed(3)
    play_round(state, {2: Challenge(0, 0, 4), 0: TIMEOUT})
    [record] = state.last_round["challenges"]
    assert not record["success"] and state.hands == [7 + 2 + 3, 7 + 2 + 3, 6]
    # A bluff: the fund is 2, the same wager of 4 wins.
    state = formed(3, {0: (1, 2), 1: (1, 2)})
    play_round(state, {2: Challenge(0, 0, 4), 0: TIMEOUT})
    assert state.last_round["challenges"][0]["success"] and state.hands[2] == 10 - 4 + 2 + 2
    with pytest.raises(GeonAxisError) as error:
        state.apply(2, Challenge(-2, 0, 7))
    assert error.value.code in ("geonaxis.occupied", "geonaxis.not_protected")


def test_successful_challenge_takes_the_fund_gets_as_much_back_and_pays_the_excess():
    # Public number 6, but white bluffed: the fund holds only 3 + 1 = 4.
    state = formed(3, {0: (3, 0), 1: (1, 2)})
    play_round(state, {2: Challenge(0, 0, 7), 0: TIMEOUT})
    [record] = state.last_round["challenges"]
    assert record["success"] and record["fund"] == 4 and record["jokers"] == 2
    assert state.hands[2] == 10 - 7 + 4 + 4  # fund, plus 4 of the 7 back
    assert state.pot == 30 + 3  # the excess of the challenge
    assert state.agreements == [] and (0, 0) not in state.stones
    assert state.total_credits() == starting_total(3)


def test_after_a_successful_challenge_the_challenger_need_not_have_played_a_stone_there_again():
    state = formed(3, {0: (3, 0), 1: (1, 2)})
    play_round(state, {2: Challenge(0, 0, 7), 0: TIMEOUT})
    assert state.stones.keys().isdisjoint(INSIDE)  # the challenge itself plays no stone
    assert state.is_legal(2, Stone(1, 0)) and state.is_legal(0, Stone(1, 0))
    play_round(state, {})  # the challenger may also leave the area alone
    assert state.stones.keys().isdisjoint(INSIDE)


def test_a_one_cell_area_can_be_challenged_though_a_stone_there_would_have_no_liberty():
    # White's single cell (0, -2) against the edge, enclosed by both players
    # with every tile laid: a stone there would have no liberty, yet the
    # challenge is legal, since it puts no stone down.
    state = position({(1, -2): 0, (0, -1): 1, (-1, -1): 0}, players=3)
    state.tile_in_hand = [False, False, False]
    with_agreement(state, [(0, -2)], (0, 1), 2, {0: (2, 0), 1: (2, 0)})
    assert state.stone_problem(2, (0, -2)) is not None
    assert state.is_legal(2, Challenge(0, -2, 5))


def test_failed_challenge_shares_the_wager_and_pays_the_fund_above_the_public_number_to_the_pot():
    # Public number 6, fund 9 (both staked more): a challenge of 7 fails.
    state = formed(3, {0: (5, 0), 1: (4, 0)})
    play_round(state, {2: Challenge(0, 0, 7), 0: TIMEOUT})
    [record] = state.last_round["challenges"]
    assert not record["success"]
    # 7 shared: 3 each, 1 to the pot; fund 9: 3 above 6 to the pot, 6 shared: 3 each.
    assert state.hands == [5 + 6, 6 + 6, 3]
    assert state.pot == 30 + 1 + 3
    assert (0, 0) not in state.stones
    assert state.total_credits() == starting_total(3)


def test_after_a_challenge_each_members_staked_credits_follow_from_the_public_wealth():
    # Only the pile's totals are shown, but every player's wealth is public,
    # so the change in each member's wealth gives away what they staked.
    for stakes, wager in (({0: (5, 0), 1: (1, 2)}, 7), ({0: (5, 0), 1: (4, 0)}, 7)):
        state = formed(3, stakes)
        before = state.view(2)["wealth"]
        play_round(state, {2: Challenge(0, 0, wager), 0: TIMEOUT})
        after = state.view(2)
        [record] = after["last_round"]["challenges"]
        returned = 0 if record["success"] else record["each_member"]
        worked_out = {m: before[m] - after["wealth"][m] + returned for m in (0, 1)}
        assert worked_out == {m: credits for m, (credits, _) in stakes.items()}


def test_a_challenge_equal_to_the_fund_fails():
    state = formed(3, {0: (4, 0), 1: (3, 0)})
    play_round(state, {2: Challenge(0, 0, 7), 0: TIMEOUT})
    assert not state.last_round["challenges"][0]["success"]


def test_a_member_may_challenge_their_own_agreement():
    state = formed(2, {0: (3, 0), 1: (0, 3)})
    play_round(state, {0: Challenge(0, 0, 7)})
    record = state.last_round["challenges"][0]
    assert record["success"] and record["challenger"] == 0
    assert state.hands == [7 - 7 + 3 + 3, 10]
    assert state.pot == 20 + 4


def test_after_a_failed_challenge_the_members_renegotiate_or_cancel():
    state = formed(3, {0: (5, 0), 1: (4, 0)})
    play_round(state, {2: Challenge(0, 0, 7), 0: TIMEOUT})
    assert state.phase == "renegotiate" and state.to_move() == (0, 1)
    assert state.agreements[0].stakes == {}
    play_round(state, {0: "renew 4 4 0", 1: "renew 4 2 2"})
    [agreement] = state.agreements
    assert agreement.public == 8 and agreement.cards == 8 and agreement.fund == 6
    assert state.phase == "play"
    assert state.total_credits() == starting_total(3)


def test_renegotiation_fails_when_the_new_numbers_differ_or_someone_cancels():
    for moves in ({0: "renew 4 4 0", 1: "renew 3 3 0"}, {0: "renew 4 4 0", 1: "cancel"}):
        state = formed(3, {0: (5, 0), 1: (4, 0)})
        play_round(state, {2: Challenge(0, 0, 7), 0: TIMEOUT})
        hands = list(state.hands)
        play_round(state, moves)
        assert state.agreements == [] and state.hands == hands
        assert state.is_legal(2, Stone(0, 0))


def test_of_two_challenges_of_one_area_the_higher_wager_counts():
    state = formed(4, {0: (3, 0), 1: (3, 0)})
    play_round(state, {2: Challenge(0, 0, 7), 3: Challenge(1, 0, 9), 0: TIMEOUT})
    records = state.last_round["challenges"]
    assert [r["challenger"] for r in records] == [3]
    assert state.hands[2] == 10 and state.hands[3] == 10 - 9 + 6 + 6
    # Neither challenge puts a stone down.
    assert (0, 0) not in state.stones and (1, 0) not in state.stones


def test_a_failed_challenge_voids_the_other_challengers_stones_without_taking_their_wager():
    state = formed(4, {0: (5, 0), 1: (5, 0)})
    play_round(state, {2: Challenge(0, 0, 7), 3: Challenge(1, 0, 8), 0: TIMEOUT})
    assert state.hands[2] == 10 and (0, 0) not in state.stones and (1, 0) not in state.stones


def test_an_agreement_ends_and_stakes_return_when_its_area_opens():
    state = formed(2, {0: (3, 1), 1: (2, 0)})
    # A wall stone disappears (as if captured): the area is no longer enclosed
    # by its members alone, which is checked at the end of every round.
    del state.stones[EDGE[0]]
    play_round(state, {0: TIMEOUT})
    assert state.agreements == [] and state.hands == [10, 10]
    assert state.last_round["dissolved"] == [1]


def test_stakes_go_back_to_their_owners_at_the_end_of_the_game():
    state = formed(2, {0: (3, 1), 1: (1, 0)})
    play_round(state, {})
    assert state.is_terminal()
    assert sum(state.hands) == starting_total(2)
    assert state.final["credits"][0] - state.final["shares"][0] == 10


def test_house_variant_sends_the_spare_cards_of_a_challenge_to_the_house_pot():
    state = formed(3, {0: (5, 0), 1: (4, 0)}, pot="house")
    state.phase = "play"
    play_round(state, {2: Challenge(0, 0, 7), 0: TIMEOUT})
    record = state.last_round["challenges"][0]
    # A failure: the remainder of the wager's split (1) and the fund above
    # the public number (3) are both spare cards of the challenge.
    assert record["spare"] == 1 + 3 and record["spare_to"] == "house"
    assert state.house == 4 and state.pot == 30
    assert state.total_credits() == starting_total(3)
    # A success: the wager's excess over the fund goes to the house too.
    state = formed(3, {0: (3, 0), 1: (1, 2)}, pot="house")
    state.phase = "play"
    play_round(state, {2: Challenge(0, 0, 7), 0: TIMEOUT})
    assert state.last_round["challenges"][0]["success"]
    assert state.house == 7 - 4 and state.pot == 30 and state.hands[2] == 10 - 7 + 8
    assert state.total_credits() == starting_total(3)


def test_no_view_shows_another_players_pending_choice_or_stake():
    state = walled(3)
    state.apply(0, Propose(-1, 0, 7))
    view = json.dumps(state.view(1))
    assert "propose" not in view and state.view(1)["submitted"] == [0]
    play_round(state, {2: TIMEOUT})
    state.apply(0, GAME.parse_move("wager 9 4"))
    for other in (1, 2, None):
        text = json.dumps(state.view(other))
        assert "wager" not in text and "9, 4" not in text
    state.apply(1, GAME.parse_move("wager 2 5"))
    agreement = state.agreements[0]
    for viewer in (None, 2):
        text = json.dumps(state.view(viewer))
        assert '"my_stake": null' in text and "[9, 4]" not in text and "[2, 5]" not in text
    assert state.view(2)["agreements"][0]["cards"] == agreement.cards == 20


def test_views_do_not_change_with_the_other_players_secrets():
    one = formed(3, {0: (3, 0), 1: (1, 2)})
    two = formed(3, {0: (3, 0), 1: (3, 0)})
    # The same wealth and card count for white: 9 held + 1 staked, or 7 + 3.
    assert one.wealth(1) == two.wealth(1)
    one.apply(1, TIMEOUT)
    two.apply(1, GAME.parse_move("pass"))
    assert one.view(0) == two.view(0) and one.view(2) == two.view(2)


def test_determinize_resamples_hidden_stakes_and_choices_consistently():
    state = formed(3, {0: (3, 0), 1: (1, 2)})
    state.apply(1, Stone(1, 2) if state.is_legal(1, Stone(1, 2)) else TIMEOUT)
    worlds = [state.determinize(0, SeededRng(seed)) for seed in range(30)]
    for world in worlds:
        assert world.view(0) == state.view(0)
        assert world.total_credits() == starting_total(3)
        assert world.agreements[0].stakes[0] == (3, 0)
    assert len({world.agreements[0].stakes[1] for world in worlds}) > 1
    assert len({world.submissions[1].text for world in worlds}) > 1


def test_only_the_last_submission_of_a_decision_reveals_information():
    state = formed(3, {0: (3, 0), 1: (1, 2)})
    assert not state.reveals_information(0, TIMEOUT)
    state.apply(0, TIMEOUT)
    state.apply(1, TIMEOUT)
    assert state.reveals_information(2, Challenge(0, 0, 7))


def test_stakes_must_fit_the_hand_and_the_joker_limit():
    state = walled()
    play_round(state, {0: Propose(-1, 0, 3)})
    for text, code in (("wager 11 0", "geonaxis.beyond_credits"), ("wager 3 6", "geonaxis.too_many_jokers")):
        before = state.to_json()
        with pytest.raises(GeonAxisError) as error:
            state.apply(0, GAME.parse_move(text))
        assert error.value.code == code and state.to_json() == before
    assert state.is_legal(0, GAME.parse_move("wager 10 5"))


def test_an_area_is_proposed_by_its_first_cell_only():
    """One text per proposal, so is_legal and the generated moves agree (fuzz case geonaxis-4027)."""
    state = walled()
    before = state.to_json()
    with pytest.raises(GeonAxisError) as error:
        state.apply(0, Propose(0, 0, 3))
    assert error.value.code == "geonaxis.not_first_cell" and error.value.params == {"q": -1, "r": 0}
    assert state.to_json() == before
    assert Propose(-1, 0, 3) in state.legal_moves(0) and Propose(0, 0, 3) not in state.legal_moves(0)


def test_in_the_house_variant_a_successful_challenge_pays_its_excess_to_the_house_pot():
    state = formed(3, {0: (3, 0), 1: (1, 2)}, pot="house")
    state.phase = PLAY
    play_round(state, {2: Challenge(0, 0, 7), 0: TIMEOUT})
    [record] = state.last_round["challenges"]
    assert record["success"] and record["to_pot"] == 0 and record["spare"] == 3
    assert state.pot == 30 and state.house == 3
    assert state.total_credits() == starting_total(3)


def test_of_two_equal_challenges_of_one_area_the_lower_seat_counts():
    state = formed(4, {0: (3, 0), 1: (3, 0)})
    play_round(state, {2: Challenge(0, 0, 7), 3: Challenge(1, 0, 7), 0: TIMEOUT})
    assert [r["challenger"] for r in state.last_round["challenges"]] == [2]
    assert state.hands[2] == 10 - 7 + 6 + 6 and state.hands[3] == 10
    assert (0, 0) not in state.stones and (1, 0) not in state.stones  # a challenge puts no stone down
