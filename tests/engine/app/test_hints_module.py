"""Hints (ui/hints.py) through their own calls: for whom, one per position,
dropped when the position changes, and a broken search said."""

from ludoteca.core import ai as core_ai
from ludoteca.ui import hints as hints_module
from ludoteca.ui.hints import Hints

from .test_hints import CountingClock, started_against_the_computer


def test_a_hint_is_asked_once_per_position_and_counted(monkeypatch):
    monkeypatch.setattr(core_ai, "clock", CountingClock())
    app, browser = started_against_the_computer("alphabeticell")
    hints = app.hints
    assert isinstance(hints, Hints) and hints.player() == 0 and hints.shown() is None
    assert hints.ask() is None and app.play.hint_thinking
    assert hints.ask() is False  # already thinking
    browser.run_pending()
    player, text = hints.shown()
    assert player == 0 and text in app.session.position().legal_moves(0).texts()
    assert hints.ask() is False and app.session.hints_used[0] == 1  # shown already: a second press costs nothing


def test_a_hint_still_thinking_is_dropped_when_cleared(monkeypatch):
    monkeypatch.setattr(core_ai, "clock", CountingClock())
    app, browser = started_against_the_computer("alphabeticell")
    app.hints.ask()
    app.hints.clear()  # the position changed meanwhile
    browser.run_pending()
    assert app.play.hint is None and app.session.hints_used[0] == 0


def test_a_broken_hint_search_is_said_and_the_game_goes_on(monkeypatch):
    app, browser = started_against_the_computer("alphabeticell")

    def broken(*_args):
        raise RuntimeError("no hint today")

    monkeypatch.setattr(hints_module, "ai_search", broken)
    app.hints.ask()
    browser.run_pending()
    assert not app.play.hint_thinking and app.play.hint is None and browser.errors
    assert app.notices[-1].kind == "error" and app.hints.player() == 0
