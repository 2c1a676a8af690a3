"""The game's side of the app's round clock (R11): the settings, which
decisions are timed, and the move a timeout plays."""

from ludoteca.core.protocol import Settings
from ludoteca.games.geonaxis.rules import GAME


def test_only_a_round_of_play_is_timed():
    settings = GAME.default_settings(3)
    assert GAME.round_clock(settings) == (0, 300)  # off by default, five minutes of pause each
    assert GAME.round_clock(Settings(3, {"timer": 60, "pause": 0})) == (60, 0)
    state = GAME.new_state(settings, 1)
    assert GAME.clocked_players(state) == (0, 1, 2)
    state.apply(1, GAME.parse_move("pass"))
    assert GAME.clocked_players(state) == (0, 2)  # only who still has to choose
    assert GAME.timeout_move(state, 0).text == "timeout" and state.is_legal(0, GAME.timeout_move(state, 0))
    for phase in ("agree", "renegotiate", "buy", "over"):
        state.phase = phase
        assert GAME.clocked_players(state) == ()
