"""Coming back to a hotseat game with secrets never shows them without a
hand-off (issue 27): the browser's history, Home then Continue, another screen."""

import pytest

from ludoteca.core.match import HUMAN

from .fake_browser import make_app

GAMES_WITH_SECRETS = ("alphabeticell", "alphagon", "geonaxis")


def start_hotseat(app, browser, game):
    app.navigate(f"#/new/{game}")
    app.dispatch("field", "players=2")
    app.dispatch("field", "seat.1.kind=human")
    app.dispatch("field", "seed=7")
    app.dispatch("start")
    browser.run_pending()  # a word list to load first (Alphagon)
    assert [seat.kind for seat in app.match.seats] == [HUMAN, HUMAN]


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
