"""The hint's reason on screen (ui/hints.py): beside the move, in the status region
screen readers announce, in the app's language; none where the game has nothing to say."""

import re

from ludoteca.core import ai as core_ai
from ludoteca.ui import hints as hints_module

from .fake_browser import shown_text
from .test_hints import CountingClock, started_against_the_computer


def hint_line(html: str) -> str:
    return re.search(r'<p class="banner hint-line" role="status" data-testid="hint-line">(.*?)</p>', html).group(1)


def test_the_reason_shows_in_the_hint_line_in_english_and_italian(monkeypatch):
    monkeypatch.setattr(core_ai, "clock", CountingClock())
    app, browser = started_against_the_computer("alphabeticell")
    app.dispatch("hint")
    browser.run_pending()
    player, text = app.shown_hint()
    assert text.startswith("keep ")
    key, params = app.hints.reason(player, text)
    assert key in ("abc.why.keep", "abc.why.keep_room") and params["card"] == text.split()[1]
    line = hint_line(browser.html)
    assert 'data-testid="hint-reason"' in line
    words = f"{params['below']} unseen letters before it and {params['above']} after it."
    assert words in shown_text(line)
    app.dispatch("pref", "language=it")
    assert f"{params['below']} lettere non ancora viste prima e {params['above']} dopo." in \
        shown_text(hint_line(browser.html))


def test_the_reason_is_worked_out_once_and_a_broken_one_leaves_the_hint(monkeypatch):
    monkeypatch.setattr(core_ai, "clock", CountingClock())
    app, browser = started_against_the_computer("alphabeticell")
    calls = []
    real = hints_module.decision_opened
    monkeypatch.setattr(hints_module, "decision_opened", lambda session: calls.append(1) or real(session))
    app.dispatch("hint")
    browser.run_pending()
    app.render()
    app.render()
    assert len(calls) == 1  # redraws read the reason kept with the hint
    app.hints.clear()
    monkeypatch.setattr(hints_module, "decision_opened", lambda session: 1 / 0)
    app.dispatch("hint")
    browser.run_pending()
    assert app.shown_hint() is not None and 'data-testid="hint-line"' in browser.html
    assert 'data-testid="hint-reason"' not in browser.html and browser.errors


def test_a_move_with_nothing_to_say_shows_the_hint_alone(monkeypatch):
    monkeypatch.setattr(core_ai, "clock", CountingClock())
    app, browser = started_against_the_computer("psychopath")  # the opening: nothing captured or threatened
    app.dispatch("hint")
    browser.run_pending()
    assert app.hints.reason(*app.shown_hint()) is None
    assert 'data-testid="hint-line"' in browser.html and 'data-testid="hint-reason"' not in browser.html
