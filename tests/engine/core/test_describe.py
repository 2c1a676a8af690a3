"""State.describe_move and Match.describe_entry: the engine names moves for a viewer."""

import pytest

from ludoteca.core.match import Match, Seat, describe_entry
from ludoteca.core.protocol import CHANCE, GameError, Settings

from ..conformance.toy_games import Submit, SumsGame
from ludoteca.games.council.rules import GAME as COUNCIL


def test_the_default_names_the_move_but_hides_a_submission_until_its_round_closes():
    state = SumsGame().new_state(Settings(3, {}), 1)
    assert state.describe_move(Submit(2), 0, 0) == ("move", {"player": 0, "text": "submit 2"})
    assert state.describe_move(Submit(2), 1, 0) == ("move.hidden", {"player": 0})
    assert state.describe_move(Submit(2), None, 0) == ("move.hidden", {"player": 0})
    state.apply(0, Submit(1))
    state.apply(1, Submit(3))
    # The last submission closes the round: every number shows on the table at once.
    assert state.describe_move(Submit(2), 0) == ("move", {"player": 2, "text": "submit 2"})


def test_the_player_must_be_named_where_several_may_act():
    state = SumsGame().new_state(Settings(2, {}), 1)
    with pytest.raises(GameError) as raised:
        state.describe_move(Submit(1), None)
    assert raised.value.code == "core.name_player"


def test_an_entry_is_described_move_first_then_each_chance_event_where_it_happened():
    match = Match(COUNCIL, Settings(3, {}), 4, [Seat(name) for name in ("Ann", "Bob", "Cy")])
    while match.state.round == 1:
        player = match.state.to_move()[0]
        match.play(player, match.state.legal_moves(player)[0])
    index = len(match.entries) - 1
    entry = match.entries[index]
    before = match.state_before(index).to_json()
    parts = match.describe_entry(index, 1)
    assert parts[0] == match.state_before(index).describe_move(entry.move, 1, entry.player)
    assert parts[1:] == [("council.log.deal", {"player": p}) for p in range(3)]  # the next round's cards, unnamed
    assert len(entry.chance) == 3 and all(move.player == p for p, move in enumerate(entry.chance))
    assert match.state_before(index).to_json() == before  # described on a copy
    assert describe_entry(match.state_before(index), entry, 1) == parts


def test_a_resignation_is_not_the_games_to_describe():
    match = Match(COUNCIL, Settings(3, {}), 4, [Seat(name) for name in ("Ann", "Bob", "Cy")])
    match.resign(2)
    with pytest.raises(GameError):
        match.describe_entry(0, 0)


def test_a_chance_outcome_is_described_by_chance():
    state = COUNCIL.new_state(Settings(3, {}), 4)
    assert state.is_chance() and state.describing_player(None) == CHANCE
