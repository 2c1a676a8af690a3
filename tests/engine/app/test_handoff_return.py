"""Coming back to a hotseat game with secrets never shows them without a
hand-off (issue 27): the browser's history, Home then Continue, another screen;
and the notices a shared screen shows (an undo, a forced move) never tell them."""

import pytest

from ludoteca.core.match import HUMAN
from ludoteca.games import registry

from .fake_browser import make_app, shown_text
from .test_newcomer import start_hotseat as start_newcomer_hotseat
from .test_round_clock import start as start_timed

# Every registered game; one with no secret on the table at the start (PSYCHOPATH) is skipped.
GAMES_WITH_SECRETS = registry.PLAYABLE


def start_hotseat(app, browser, game):
    """Humans only, at the fewest players the game allows (at least two)."""
    count = max(2, registry.player_range(game)[0])
    app.navigate(f"#/new/{game}")
    app.dispatch("field", f"players={count}")
    for seat in range(1, count):
        app.dispatch("field", f"seat.{seat}.kind=human")
    app.dispatch("field", "seed=7")
    app.dispatch("start")
    browser.run_pending()  # a word list to load first (Alphagon)
    assert [seat.kind for seat in app.match.seats] == [HUMAN] * count
    state, ui = app.match.state, registry.game_ui(game)
    if not any(ui.private_content(state.view(player)) for player in state.to_move()):
        pytest.skip(f"{game} shows no secret at the start")


def revealed(app, browser):
    model = app.play_model()
    assert model.handoff is not None and 'data-testid="handoff"' in browser.html
    app.dispatch("reveal", str(model.handoff))
    model = app.play_model()
    assert model.handoff is None and model.viewer is not None
    return model.viewer


def assert_handoff_again(app, browser, holder):
    model = app.play_model()
    assert model.handoff == holder and model.viewer is None
    assert 'data-testid="handoff"' in browser.html


@pytest.mark.parametrize("game", GAMES_WITH_SECRETS)
def test_back_then_forward_asks_for_the_handoff_again(game):
    app, browser = make_app()
    start_hotseat(app, browser, game)
    browser.run_pending()
    play_hash = browser.hash
    holder = revealed(app, browser)
    app.navigate(f"#/new/{game}")  # Back: the setup screen this game came from
    app.navigate(play_hash)  # Forward
    assert_handoff_again(app, browser, holder)


@pytest.mark.parametrize("game", GAMES_WITH_SECRETS)
@pytest.mark.parametrize("away", ["#/", "#/settings", "#/rules/{game}"])
def test_home_then_continue_asks_for_the_handoff_again(game, away):
    app, browser = make_app()
    start_hotseat(app, browser, game)
    browser.run_pending()
    save_id = app.save_id
    holder = revealed(app, browser)
    app.navigate(away.format(game=game))
    assert f"#/play/{save_id}" in browser.html or away != "#/"  # Continue lists it with an Open link
    app.navigate(f"#/play/{save_id}")
    assert_handoff_again(app, browser, holder)


def test_the_same_route_again_keeps_the_player_who_holds_the_device():
    """A hashchange to the route on screen (nothing moved) is not a way back in."""
    app, browser = make_app()
    start_hotseat(app, browser, "alphagon")
    browser.run_pending()
    holder = revealed(app, browser)
    app.navigate(browser.hash)
    assert app.play_model().viewer == holder


def test_a_hotseat_undo_notice_keeps_the_secret_choice_it_takes_back():
    app, browser = start_timed([HUMAN, HUMAN])
    app.dispatch("reveal", "0")
    app.dispatch("move", "0:pass")
    assert app.play_model().handoff == 1 and app._undo_player() == 0
    app.dispatch("undo")
    notices = [shown_text(n.text) for n in app.notices]
    assert notices == ["Taken back: Player 1 has chosen"]


def test_a_hotseat_forced_move_notice_never_names_the_cards_it_dealt():
    app, browser = make_app()
    start_newcomer_hotseat(app, seed="1")
    match = app.match
    for _ in range(600):
        browser.run_pending()
        forced = [n.text for n in app.notices if n.text.startswith("Played automatically")]
        if any("new round" in text for text in forced):
            break
        model = app.play_model()
        if model.handoff is not None:
            app.dispatch("reveal", str(model.handoff))
        elif model.actors:
            player = model.actors[0]
            app.dispatch("move", f"{player}:{match.state.legal_moves(player).texts()[-1]}")
    else:
        raise AssertionError("no forced move dealt a new round")
    assert not any("you get" in text for text in forced)
