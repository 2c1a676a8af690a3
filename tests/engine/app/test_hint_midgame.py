"""The hint later in a game, for every game: after a few moves of each side, the
hinted move is legal and is the hard AI's own choice on that seeded position
(its time budget read from a counting clock, so the search does the same work
on every machine), and the reason shown is the engine's for that move."""

import pytest

from ludoteca.core import ai as core_ai
from ludoteca.games.registry import PLAYABLE
from ludoteca.ui.hints import decision_opened

from .test_hints import CountingClock, hard_choice, started_against_the_computer

HUMAN_MOVES = 4


@pytest.mark.parametrize("game", PLAYABLE)
def test_a_hint_after_some_moves_is_the_hard_ai_s_legal_choice_with_the_engine_s_reason(game, monkeypatch):
    # The computer's replies too: on the wall clock a loaded machine changed them, and so the game
    # (once, under load, PSYCHOPATH's human had no move to make after four).
    monkeypatch.setattr(core_ai, "clock", CountingClock())
    app, browser = started_against_the_computer(game, seed="23")
    match = app.match
    for _ in range(HUMAN_MOVES):
        player = app.hint_player()
        assert player is not None, "the human may act after the computer's reply"
        legal = match.state.legal_moves(player).texts()
        app.dispatch("move", f"{player}:{legal[len(legal) // 2]}")
        browser.run_pending()
    player = app.hint_player()
    monkeypatch.setattr(core_ai, "clock", CountingClock())
    app.dispatch("hint")
    browser.run_pending()
    moves, hinted, text = app.play.hint
    assert (moves, hinted) == (len(match.entries), player)
    assert text in match.state.legal_moves(player).texts()
    monkeypatch.setattr(core_ai, "clock", CountingClock())
    assert text == hard_choice(match, player)
    before = match.state_before(decision_opened(app.session))  # others' secret choices of the round not yet in
    assert app.hints.reason(player, text) == before.explain_move(match.game.parse_move(text), player)
