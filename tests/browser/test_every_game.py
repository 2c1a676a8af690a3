"""What issue 27 found in every game, in the real app: secrets behind the
hand-off whatever way leads back into a game, replays that show no false
ending, drawn replay icons, one tab stop a board, themes."""

import json
import re
import pathlib
import sys

import pytest
from playwright.sync_api import expect

PY_DIR = pathlib.Path(__file__).resolve().parents[2] / "py"
if str(PY_DIR) not in sys.path:  # the records below are played by the games' own Python
    sys.path.insert(0, str(PY_DIR))

from browser_harness import wait_for_app_ready  # noqa: E402
from test_new_games import start  # noqa: E402
from test_play import FAST_PLAY  # noqa: E402
from tests.engine.app.test_replay_status import finished_record  # noqa: E402

def booted_fast(new_context, open_app):
    """A page of the app whose computers play without pauses."""
    context = new_context()
    context.add_init_script(FAST_PLAY)
    page = context.new_page()
    open_app(page)
    return page


RACK = '[data-region="table"] [data-testid^="rack-"]'


def test_alphagon_letters_wait_for_the_handoff_after_back_forward_and_continue(new_context, open_app):
    page = booted_fast(new_context, open_app)
    start(page, "alphagon", "5", kinds=["human", "human"])
    page.click('[data-testid="reveal"]')
    expect(page.locator(RACK).first).to_be_visible()
    page.go_back()
    page.wait_for_selector('[data-testid="setup"]')
    page.go_forward()
    expect(page.locator('[data-testid="handoff"]')).to_be_visible()
    assert page.locator(RACK).count() == 0
    page.click('[data-testid="reveal"]')
    expect(page.locator(RACK).first).to_be_visible()
    page.click('[data-testid="menu"]')
    page.click('[data-testid="quit"]')
    page.locator('[data-testid^="open-"]').first.click()
    expect(page.locator('[data-testid="handoff"]')).to_be_visible()
    assert page.locator(RACK).count() == 0


@pytest.mark.parametrize("game", ["psychopath", "geonaxis"])
def test_a_finished_game_stepped_back_shows_no_false_ending(new_context, open_app, tmp_path, game):
    """PSYCHOPATH won by taking the psychopath in 19 moves; GeonAxis passed out."""
    page = new_context().new_page()
    open_app(page)
    path = tmp_path / f"{game}.json"
    path.write_text(json.dumps(finished_record(game)))
    page.set_input_files('[data-testid="import-input"]', str(path))
    status = page.get_by_test_id("status")
    expect(status).to_contain_text("Game over")
    final = status.inner_text()
    assert "100" not in final
    page.keyboard.press("ArrowLeft")
    expect(page.get_by_test_id("replay-banner")).to_be_visible()
    expect(status).not_to_contain_text("Game over")
    for name, label in (("first", "Start of the game"), ("last", "Latest position")):  # drawn icons, spoken labels
        expect(page.get_by_role("button", name=label)).to_have_attribute("data-testid", f"replay-{name}")
        box = page.locator(f'[data-testid="replay-{name}"] svg.icon').bounding_box()
        assert box["width"] >= 12 and box["height"] >= 12
    page.keyboard.press("Home")
    expect(page.get_by_test_id("replay-position")).to_contain_text("0")
    expect(status).not_to_contain_text("Game over")
    page.locator(BOARD_STOPS).focus()  # Enter where nothing can be played says why
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("notice-info").filter(has_text="past position")).to_be_visible()
    page.keyboard.press("Tab")  # off the board, whose keys are its own
    page.keyboard.press("End")
    expect(status).to_have_text(final)


def focused_testid(page) -> str:
    return page.evaluate("document.activeElement && document.activeElement.getAttribute('data-testid') || ''")


def cell_row(testid: str) -> int:
    """r of GeonAxis's "cell-q-r" (either may be negative)."""
    return int(re.fullmatch(r"cell-(-?\d+)-(-?\d+)", testid).group(2))


BOARD_STOPS = '[data-region="table"] svg [data-nav][tabindex="0"]'


def test_a_geonaxis_board_is_one_tab_stop_its_arrows_keep_to_rows_and_s_passes(new_context, open_app):
    page = booted_fast(new_context, open_app)
    start(page, "geonaxis", "4")
    page.wait_for_selector('[data-region="table"] [data-testid="pass"]')
    expect(page.locator(BOARD_STOPS)).to_have_count(1)
    page.locator(BOARD_STOPS).focus()
    first = focused_testid(page)
    page.keyboard.press("ArrowDown")
    below = focused_testid(page)
    assert cell_row(below) == cell_row(first) + 1  # the next row, not two down
    expect(page.locator(BOARD_STOPS)).to_have_count(1)
    page.keyboard.press("ArrowUp")
    assert focused_testid(page) == first
    page.keyboard.press("Tab")  # out of the board at once, not through its every cell
    assert not page.evaluate("document.activeElement.hasAttribute('data-nav')")
    page.keyboard.press("?")
    expect(page.get_by_test_id("help-panel")).to_contain_text("Pass")
    page.keyboard.press("Escape")
    before = int(page.get_attribute('[data-testid="game"]', "data-moves"))
    page.keyboard.press("s")
    page.wait_for_function("n => Number(document.querySelector('[data-testid=game]').dataset.moves) > n", arg=before)


def test_an_alphagon_board_is_one_tab_stop(new_context, open_app):
    page = booted_fast(new_context, open_app)
    start(page, "alphagon", "5")
    page.wait_for_selector('[data-region="table"] [data-testid^="rack-"]')
    assert page.locator('[data-region="table"] svg [data-nav]').count() > 100
    expect(page.locator(BOARD_STOPS)).to_have_count(1)


def test_start_is_a_few_tabs_into_the_setup_screen(page, open_app):
    open_app(page)
    page.click('[data-testid="new-psychopath"]')
    page.wait_for_selector('[data-testid="setup"]')
    presses = 0
    while presses < 7 and not focused_testid(page).startswith("start"):
        page.keyboard.press("Tab")
        presses += 1
    assert focused_testid(page) == "start-top" and presses <= 5
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-testid="game"]')


TILE_ART_MARGINS_JS = """() => [...document.querySelectorAll('.tile-art svg')].map(svg => {
    const box = svg.getBBox(), view = svg.viewBox.baseVal;
    return [box.y - view.y, view.y + view.height - box.y - box.height]; })"""
TILE_BUTTONS_JS = """() => [...document.querySelectorAll('.tile')].map(tile =>
    [...tile.querySelectorAll('.row .btn')].map(b => { const r = b.getBoundingClientRect();
        return [Math.round(r.top), Math.round(r.height)]; }))"""


def test_home_tiles_line_up_their_buttons_and_frame_their_art_and_setup_seats_match(page, open_app):
    for width in (1280, 360):
        page.set_viewport_size({"width": width, "height": 900})
        open_app(page)
        for top_margin, bottom_margin in page.evaluate(TILE_ART_MARGINS_JS):
            assert top_margin >= 3 and bottom_margin >= 3  # the art stays inside its frame
        tiles = page.evaluate(TILE_BUTTONS_JS)
        for buttons in tiles:
            assert all(height < 50 for _, height in buttons)  # one line each, never wrapped
        if width == 1280:  # one row of tiles: the buttons stand at the same height in every tile
            assert len({tuple(top for top, _ in buttons) for buttons in tiles}) == 1
    page.click('[data-testid="new-psychopath"]')
    page.wait_for_selector('[data-testid="setup"]')
    heights = [page.locator(f'[data-testid="seat-{seat}-{field}"]').bounding_box()["height"]
               for field in ("name", "kind", "colour") for seat in (0, 1)]
    assert heights[0::2] == heights[1::2]  # a human's seat has one field fewer, not taller ones


BACKGROUND_JS = "() => getComputedStyle(document.body).getPropertyValue('--bg').trim()"
LIGHT_BG, DARK_BG = "#f6f3ee", "#16181b"


def test_the_theme_chosen_in_settings_wins_over_the_device_from_the_first_paint(new_context, open_app):
    context = new_context(color_scheme="light")
    page = context.new_page()
    open_app(page)
    assert page.evaluate(BACKGROUND_JS) == LIGHT_BG
    page.goto(page.url.split("#")[0] + "#/settings")
    page.click('[data-testid="theme-dark"]')
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert page.evaluate(BACKGROUND_JS) == DARK_BG
    # A new visit: dark before Python has drawn anything.
    page.goto(page.url.split("#")[0] + "#/")
    page.reload(wait_until="domcontentloaded")
    assert page.evaluate("() => document.documentElement.dataset.theme") == "dark"
    assert page.evaluate(BACKGROUND_JS) == DARK_BG
    wait_for_app_ready(page)
    page.emulate_media(color_scheme="dark")
    page.goto(page.url.split("#")[0] + "#/settings")
    page.wait_for_selector('[data-testid="settings"]')
    page.click('[data-testid="theme-light"]')
    assert page.evaluate(BACKGROUND_JS) == LIGHT_BG  # light, on a dark device
    page.click('[data-testid="theme-system"]')
    expect(page.locator("html")).not_to_have_attribute("data-theme", re.compile("."))
    assert page.evaluate(BACKGROUND_JS) == DARK_BG  # the device's again
