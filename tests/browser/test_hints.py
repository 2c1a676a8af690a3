"""Hints in the real app: Hint asks the hard computer for a move, marked on the board."""

from playwright.sync_api import expect

import json

from test_accessibility import problems_in_both_themes
from test_new_games import TABLE, fast, start  # noqa: F401  (fast is a fixture)
from test_play import FAST_PLAY


def test_hint_marks_the_hard_computer_s_move_and_playing_it_clears_it(fast, open_app):  # noqa: F811
    open_app(fast)
    start(fast, "psychopath", seed="6")
    fast.keyboard.press("?")
    expect(fast.locator('[data-testid="help-panel"]')).to_contain_text("A hint from the computer")
    fast.keyboard.press("Escape")
    fast.click('[data-testid="hint"]')
    line = fast.locator('[data-testid="hint-line"]')
    expect(line).to_contain_text("Hint: ")
    target = fast.locator(f'{TABLE} [data-suggested]')
    expect(target).to_have_count(1)
    expect(target).to_have_attribute("data-action", "move")
    assert target.get_attribute("data-arg").startswith("0:m ")
    expect(fast.locator('[data-testid="hint"]')).to_be_disabled()  # one hint per position
    found = {}
    problems_in_both_themes(fast, "hint shown", found)
    assert found == {}, json.dumps(found, indent=1)
    target.click()
    expect(line).to_have_count(0)
    expect(fast.locator(f'{TABLE} [data-suggested]')).to_have_count(0)
    assert fast.evaluate("() => window.ludotecaBoot.cspViolations") == []


def test_hint_on_a_phone_takes_taps_and_keeps_the_toolbar_on_screen(new_context, open_app):
    context = new_context(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)
    context.add_init_script(FAST_PLAY)
    page = context.new_page()
    open_app(page)
    start(page, "geonaxis", seed="5")
    hint = page.locator('[data-testid="hint"]')
    expect(hint).to_be_enabled()
    box = hint.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44 and box["x"] + box["width"] <= 360
    hint.tap()
    expect(page.locator(f'{TABLE} [data-suggested]')).to_have_count(1)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360


def test_a_hint_says_why_and_its_count_survives_export_and_import_to_the_results(fast, open_app, tmp_path):  # noqa: F811
    """Alphabeticell's opening: the hint to keep a card says which letter leaves the line room,
    in the status line screen readers announce; the record counts the hint through a file."""
    open_app(fast)
    start(fast, "alphabeticell", seed="4")
    fast.locator('[data-testid="hint"]:not([disabled])').click(timeout=60_000)
    line = fast.locator('[data-testid="hint-line"]')
    expect(line).to_have_attribute("role", "status")
    expect(line.locator('[data-testid="hint-reason"]')).to_contain_text("unseen letters before it")
    found = {}
    problems_in_both_themes(fast, "hint with its reason", found)
    assert found == {}, json.dumps(found, indent=1)
    fast.click('[data-testid="menu"]')
    with fast.expect_download() as download:
        fast.click('[data-testid="export"]')
    path = tmp_path / "record.json"
    download.value.save_as(path)
    assert json.loads(path.read_text())["hints"] == [1, 0]
    fast.keyboard.press("Escape")
    fast.click('[data-testid="nav-home"]')
    fast.set_input_files('[data-testid="import-input"]', str(path))
    fast.wait_for_selector('[data-testid="game"]')
    fast.click('[data-testid="menu"]')
    fast.click('[data-testid="resign"]')
    fast.click('[data-testid="confirm-yes"]')
    expect(fast.locator('[data-testid="hints-used-0"]')).to_contain_text("used 1 hint.")


def test_a_hint_s_reason_wraps_on_a_phone(new_context, open_app):
    context = new_context(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)
    context.add_init_script(FAST_PLAY)
    page = context.new_page()
    open_app(page)
    start(page, "alphabeticell", seed="4")
    page.locator('[data-testid="hint"]:not([disabled])').tap(timeout=120_000)  # after the computer's keep
    reason = page.locator('[data-testid="hint-reason"]')
    expect(reason).to_be_visible(timeout=60_000)
    box = reason.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
