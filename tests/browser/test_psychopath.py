"""ALPHA // PSYCHOPATH in the real app: the hints switch (paralysed pieces and
threatened nodes) stays on through moves, the computer's replies and redraws."""

from playwright.sync_api import expect

from test_new_games import TABLE, fast, psychopath_turn, start  # noqa: F401  (fast is a fixture)


def test_psychopath_hints_stay_on_for_the_game(fast, open_app):  # noqa: F811
    open_app(fast)
    start(fast, "psychopath", seed="6")
    hints = fast.locator(f'{TABLE} [data-testid="hints"]')
    expect(hints).to_have_attribute("aria-pressed", "false")
    hints.click()
    expect(hints).to_have_attribute("aria-pressed", "true")
    expect(hints).to_have_attribute("data-arg", "hints=")
    for _ in range(3):  # each turn is our move, a redraw, the computer's reply and another redraw
        assert psychopath_turn(fast)
        expect(hints).to_have_attribute("aria-pressed", "true")
    # picking a piece (the selection) leaves the switch alone
    fast.locator(f'{TABLE} [data-action="select"][data-testid^="node-"]').first.click()
    expect(fast.locator(f'{TABLE} [data-action="move"]').first).to_be_visible()
    expect(hints).to_have_attribute("aria-pressed", "true")
    hints.click()
    expect(hints).to_have_attribute("aria-pressed", "false")
    assert fast.locator(f'{TABLE} [data-hint="paralysed"], {TABLE} [data-hint="threatened"]').count() == 0
