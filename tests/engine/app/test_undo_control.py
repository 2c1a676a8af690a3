"""Undo and redo (ui/undo.py) through their own calls."""

from ludoteca.ui.undo import UndoControl

from .fake_browser import make_app, shown_text
from .test_app import start_vs_ai
from .test_storage_faults import human_move


def test_undo_against_the_computer_takes_back_the_human_s_move_and_the_replies_and_redo_returns_them():
    app, browser = make_app()
    start_vs_ai(app, browser)
    human_move(app, browser)
    human_move(app, browser)
    control = app.undo
    assert isinstance(control, UndoControl) and control.player() == 0
    before = app.session.move_count
    landing = control.landing(0)
    assert landing is not None and landing < before
    control.undo()
    assert app.session.move_count == landing and app.play.undo_steps == [1]
    assert any(shown_text(n.text).startswith("Taken back") for n in app.notices)
    control.redo()
    assert app.session.move_count == before and app.play.undo_steps == []


def test_nothing_to_undo_in_the_replay_viewer_or_before_any_move():
    app, browser = make_app()
    app.navigate("#/new/alphabeticell")
    app.dispatch("field", "seat.1.kind=human")
    app.dispatch("start")
    assert app.undo.player() is None  # no move yet
    app.undo.undo()
    assert app.session.move_count == 0
    app2, browser2 = make_app()
    start_vs_ai(app2, browser2)
    human_move(app2, browser2)
    app2.dispatch("replay", "0")
    assert app2.undo.player() is None
