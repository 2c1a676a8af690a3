"""A human's input at the table (ui/play_input.py) through the module's own calls: a move
only for a human seat and only live, a refused move said with nothing changed, a step of
a move toggled, a game's display switch bounded, and Enter on nothing explained."""

from ludoteca.ui.play_input import PlayInput

from .test_app import start_vs_ai
from .fake_browser import make_app


def started():
    app, browser = make_app()
    start_vs_ai(app, browser)
    browser.run_pending()
    return app, browser


def test_a_move_is_played_only_for_a_human_seat_and_only_live():
    app, _ = started()
    play_input = app.play_input
    assert isinstance(play_input, PlayInput) and app.session.position().to_move() == (0,)
    before = app.session.move_count
    legal = [move.text for move in app.session.position().legal_moves(0)]
    play_input.submit(1, legal[0])  # the computer's seat
    assert app.session.move_count == before
    app.play.replay_index = 0
    play_input.submit(0, legal[0])  # replaying: nothing is played
    assert app.session.move_count == before
    app.play.replay_index = None
    app.play.selection = "x"
    play_input.submit(0, legal[0])
    assert app.session.move_count == before + 1 and app.play.selection is None
    assert app.saves.load(app.save_id).entries[-1].move.text == legal[0]  # saved at once


def test_a_refused_move_is_said_and_changes_nothing():
    app, _ = started()
    before = app.session.move_count
    app.play_input.on_move("0:no such move")
    assert app.session.move_count == before and app.notices[-1].kind == "error"


def test_a_step_toggles_and_a_display_switch_is_bounded():
    app, _ = started()
    play_input = app.play_input
    play_input.on_select("cell-3")
    assert app.play.selection == "cell-3"
    play_input.on_select("cell-3")  # the same step again clears it
    assert app.play.selection is None
    play_input.on_option("labels=on")
    assert app.play.ui_options == {"labels": "on"}
    assert play_input.on_option("x" * 41 + "=on") is False and play_input.on_option("=on") is False
    play_input.on_option("labels=")
    assert app.play.ui_options == {}


def test_enter_on_nothing_says_why_nothing_happens():
    app, _ = started()
    app.session.resign(0)
    app.play_input.on_no_target("")
    assert app.notices[-1].text == app.t("game.no_target.over")
    app.navigate("#/")
    assert app.play_input.on_no_target("") is False
