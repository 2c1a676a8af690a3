"""ALPHA // PSYCHOPATH in the real app: the hints switch (paralysed pieces and
threatened nodes) stays on through moves, the computer's replies and redraws."""

import pytest
from playwright.sync_api import expect

from test_new_games import TABLE, fast, psychopath_turn, start  # noqa: F401  (fast is a fixture)
from test_play import FAST_PLAY


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


RING_STYLE_JS = """element => { const style = getComputedStyle(element);
    return {stroke: style.stroke, width: style.strokeWidth, dash: style.strokeDasharray, r: element.getAttribute('r')}; }"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_psychopath_focus_last_move_and_special_nodes_look_different(new_context, open_app, scheme):  # noqa: F811
    context = new_context(color_scheme=scheme, viewport={"width": 1280, "height": 720})
    context.add_init_script(FAST_PLAY)
    page = context.new_page()
    open_app(page)
    start(page, "psychopath", seed="6")
    assert psychopath_turn(page)
    page.wait_for_selector(f'{TABLE} [data-action="select"][data-testid^="node-"]')
    moved = page.locator(f"{TABLE} .spot:has(.last-to)")
    page.keyboard.press("Shift")  # a key press: the focus that follows is the keyboard's
    moved.focus()
    focus = page.locator(f"{TABLE} .spot:focus-visible .focus-ring").evaluate(RING_STYLE_JS)
    halo = page.locator(f"{TABLE} .spot:focus-visible .focus-halo").evaluate(RING_STYLE_JS)
    last = page.locator(f"{TABLE} .last-to").evaluate(RING_STYLE_JS)
    assert focus["stroke"] not in ("none", last["stroke"]) and halo["stroke"] not in ("none", last["stroke"])
    assert focus["r"] != last["r"], "the focus ring sits outside the last move's ring"
    seat_colours = page.evaluate("""() => [...document.querySelectorAll('[data-region="table"] .piece')]
        .map(piece => getComputedStyle(piece).fill)""")
    assert focus["stroke"] not in seat_colours and halo["stroke"] not in seat_colours
    page.mouse.move(5, 5)
    page.locator(f"{TABLE} .spot:not(:has(.special, .centre, .piece, .last-from, .last-to))").nth(3).hover()
    hover = page.locator(f"{TABLE} .spot:hover .hover-ring").evaluate(RING_STYLE_JS)
    assert hover["stroke"] != "none" and (hover["width"], hover["r"]) != (focus["width"], focus["r"])
    fills = page.evaluate("""() => ({special: getComputedStyle(document.querySelector('.psy-table .node.special')).fill,
        centre: getComputedStyle(document.querySelector('.psy-table .node.centre')).fill,
        plain: getComputedStyle(document.querySelector('.psy-table .node:not(.special):not(.centre)')).fill})""")
    assert fills["special"] == fills["centre"] == fills["plain"], "no colour of their own: red read as a piece"
    assert fills["special"] not in seat_colours


@pytest.mark.parametrize("width,height", [(1280, 720), (600, 700), (1024, 640)])
def test_psychopath_legend_is_on_screen_in_a_window_less_than_800_px_high(fast, open_app, width, height):  # noqa: F811
    fast.set_viewport_size({"width": width, "height": height})
    open_app(fast)
    start(fast, "psychopath", seed="6")
    fast.evaluate("() => window.scrollTo(0, 0)")
    legend = fast.locator('[data-testid="legend"]').bounding_box()
    hints = fast.locator(f'{TABLE} [data-testid="hints"]').bounding_box()
    assert legend["y"] + legend["height"] <= height and hints["y"] + hints["height"] <= height
    board = fast.locator(f"{TABLE} svg.psy-table").bounding_box()
    assert board["height"] >= 260


NUMBERS_SHOWN_JS = """() => [...document.querySelectorAll('[data-region="table"] .spot')]
    .filter(spot => getComputedStyle(spot.querySelector('.node-no')).display !== 'none')
    .map(spot => spot.dataset.testid).sort()"""


def test_psychopath_a_log_line_shows_its_nodes_numbers_on_the_board(fast, open_app):  # noqa: F811
    open_app(fast)
    start(fast, "psychopath", seed="6")
    assert psychopath_turn(fast)
    fast.wait_for_selector(f'{TABLE} [data-action="select"][data-testid^="node-"]')
    lines = fast.locator('[data-testid="log"] button')
    expect(lines).to_have_count(2)
    fast.mouse.move(1, 1)
    newest = sorted(lines.first.get_attribute("data-marks").split())
    assert fast.evaluate(NUMBERS_SHOWN_JS) == newest, "the latest move's nodes are numbered on the board"
    first = lines.last  # "Player 1: doctor 1 → 0": its nodes, numbered while the line is pointed at
    named = sorted(first.get_attribute("data-marks").split())
    assert len(named) == 2 and all(f" {testid[5:]} " in f" {first.inner_text().replace('→', ' ')} " for testid in named)
    first.hover()
    expect(fast.locator(f"{TABLE} .spot.marked")).to_have_count(2)
    assert set(named) <= set(fast.evaluate(NUMBERS_SHOWN_JS))
    fast.mouse.move(1, 1)
    expect(fast.locator(f"{TABLE} .spot.marked")).to_have_count(0)
    first.focus()  # the keyboard's way along the log
    expect(fast.locator(f"{TABLE} .spot.marked")).to_have_count(2)
    fast.locator(f'{TABLE} [data-testid="hints"]').focus()
    expect(fast.locator(f"{TABLE} .spot.marked")).to_have_count(0)
