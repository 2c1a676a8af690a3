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


def test_psychopath_piece_legend_fits_a_phone_without_overlaps(fast, open_app):  # noqa: F811
    fast.set_viewport_size({"width": 360, "height": 640})
    open_app(fast)
    start(fast, "psychopath", seed="6")
    items = fast.locator('[data-testid="legend"] li')
    expect(items).to_have_count(4)
    boxes = []
    for index in range(4):
        icon = items.nth(index).locator("svg").bounding_box()
        label = items.nth(index).locator("span").bounding_box()
        assert icon["x"] + icon["width"] <= label["x"] + 0.5, "the name starts after its piece"
        assert 0 <= icon["x"] and label["x"] + label["width"] <= 360, "inside the screen"
        boxes.append((icon["x"], icon["y"], label["x"] + label["width"], max(icon["y"] + icon["height"],
                                                                             label["y"] + label["height"])))
    for first in range(4):
        for second in range(first + 1, 4):
            a, b = boxes[first], boxes[second]
            apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            assert apart, f"legend entries {first} and {second} overlap"
