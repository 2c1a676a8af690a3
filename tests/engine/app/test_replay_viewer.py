"""The replay viewer (ui/replay.py) through its own calls."""

from ludoteca.ui.replay import REPLAY_AUTOPLAY_SECONDS, ReplayViewer

from .fake_browser import make_app
from .test_app import start_vs_ai
from .test_storage_faults import human_move


def started(moves=3):
    app, browser = make_app()
    start_vs_ai(app, browser)
    for _ in range(moves):
        human_move(app, browser)
    return app, browser, app.replay


def test_the_live_position_is_the_game_itself_and_steps_stay_in_the_game():
    app, browser, viewer = started()
    total = app.session.move_count
    assert isinstance(viewer, ReplayViewer)
    assert viewer.index_for(total) is None and viewer.index_for(1) == 1
    viewer.show("2")
    assert app.play.replay_index == 2
    assert viewer.step("-5") is None and app.play.replay_index == 0  # clamped to the start
    assert viewer.step("-1") is False and viewer.step("sideways") is False
    viewer.step("last")
    assert app.play.replay_index is None
    viewer.show(str(total + 1))  # past the end: nothing
    assert app.play.replay_index is None


def test_autoplay_steps_at_the_player_s_pace_to_the_end_and_any_step_stops_it():
    app, browser, viewer = started()
    total = app.session.move_count
    app.prefs["pace"] = "fast"
    viewer.show("0")
    viewer.toggle_autoplay("")
    assert app.play.autoplay
    viewer.step("1")  # a step of the player's own stops it
    assert not app.play.autoplay and app.play.replay_index == 1
    viewer.toggle_autoplay("")
    browser.sleeps.clear()
    browser.run_pending()
    assert not app.play.autoplay and app.play.replay_index is None  # back in the live game at the end
    assert browser.sleeps[:total - 1] == [REPLAY_AUTOPLAY_SECONDS["fast"]] * (total - 1)


def test_a_game_with_no_moves_has_nothing_to_play_back():
    app, browser = make_app()
    app.navigate("#/new/alphabeticell")
    app.dispatch("field", "seat.1.kind=human")
    app.dispatch("start")
    assert app.session.move_count == 0 and app.replay.toggle_autoplay("") is False and not app.play.autoplay
