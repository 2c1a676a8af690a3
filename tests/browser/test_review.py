"""The review after the game in the real app: a finished PSYCHOPATH game with a
known blunder, imported; Review from the results shows its progress until it
finishes, the chart and its table, and the blunder, whose position and better
move the replay viewer shows. axe-clean in both themes, on a desktop and at 360 px."""

import json
import pathlib
import sys

import pytest
from playwright.sync_api import expect

from test_accessibility import import_record, problems_in_both_themes
from test_new_games import TABLE, fast  # noqa: F401  (fast is a fixture)
from test_play import FAST_PLAY

TESTS = pathlib.Path(__file__).resolve().parents[1]
for path in (TESTS, TESTS.parent / "py"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from engine.core.test_review import game_with_a_blunder  # noqa: E402

# Whether the progress bar was ever on the page (a short review may finish between two looks).
WATCH_PROGRESS = """() => { window.reviewProgressSeen = false;
  new MutationObserver(() => { if (document.querySelector('[data-testid="review-progress"]'))
    window.reviewProgressSeen = true; }).observe(document.body, {subtree: true, childList: true}); }"""

# The newest log line that names a node where a psychopath stands on the board shown (-1: none).
LINE_NAMING_A_PSYCHOPATH = """() => {
  const held = new Set(Array.from(document.querySelectorAll('[data-region="table"] .spot [data-kind="psychopath"]'))
    .map(piece => piece.closest('.spot').dataset.testid));
  return Array.from(document.querySelectorAll('[data-testid="log"] [data-marks]')).findIndex(
    line => line.dataset.marks.split(' ').some(testid => held.has(testid))); }"""


def blunder_record() -> tuple:
    match, blunder = game_with_a_blunder()
    record = match.record()
    record["moves"].append("0:resign")
    return record, blunder


def review_the_blunder(page, open_app) -> None:
    record, (index, _text) = blunder_record()
    open_app(page)
    import_record(page, record)
    page.wait_for_selector('[data-testid="results"]')
    # Before any review, PSYCHOPATH (no score to chart) shows its chances at a glance.
    expect(page.locator('[data-testid="results-charts"] [data-testid="chart-chances-small"]')).to_be_visible()
    page.evaluate(WATCH_PROGRESS)
    page.click('[data-testid="results-review"]')
    expect(page.locator('[data-testid="chart-chances"]')).to_be_visible(timeout=60_000)
    assert page.evaluate("() => window.reviewProgressSeen")
    expect(page.locator('[data-testid="review-progress"]')).to_have_count(0)
    return index


@pytest.mark.timeout(300)
def test_review_from_the_results_shows_the_chart_its_table_and_the_blunder(new_context, open_app):
    context = new_context()
    context.add_init_script(FAST_PLAY)
    page = context.new_page()
    index = review_the_blunder(page, open_app)
    found = {}
    problems_in_both_themes(page, "review", found)
    toggle = page.locator('[data-testid="chart-chances-toggle"]')
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.focus()
    page.keyboard.press("Enter")  # keyboard alone
    expect(page.locator('[data-testid="chart-chances-toggle"]')).to_have_attribute("aria-expanded", "true")
    table = page.locator('[data-testid="chart-chances-table"] table')
    expect(table).to_be_visible()
    assert table.locator("tbody tr").count() == len(blunder_record()[0]["moves"]) + 1
    problems_in_both_themes(page, "review with its table", found)
    mark = page.locator(f'[data-testid="review-mark-{index}"]')
    expect(mark).to_contain_text("mistake")
    mark.click()
    expect(page.locator('[data-testid="replay-position"]')).to_contain_text(f"{index}")
    better = page.locator('[data-testid="review-better"]')
    expect(better).to_contain_text("Better:")
    expect(page.locator(f"{TABLE} [data-suggested]")).to_have_count(1)
    problems_in_both_themes(page, "a marked move's position", found)
    page.click('[data-testid="review-back"]')
    expect(page.locator('[data-testid="review"]')).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator('[data-testid="results-charts"] svg')).to_have_count(1)
    problems_in_both_themes(page, "results with small charts", found)
    assert found == {}, json.dumps(found, indent=1)
    assert page.evaluate("() => window.ludotecaBoot.cspViolations") == []


@pytest.mark.timeout(300)
def test_review_on_a_phone_has_44_px_targets_and_passes_axe(new_context, open_app):
    context = new_context(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)
    context.add_init_script(FAST_PLAY)
    page = context.new_page()
    index = review_the_blunder(page, open_app)
    found = {}
    problems_in_both_themes(page, "review at 360 px", found)
    for testid in ("chart-chances-toggle", f"review-mark-{index}", "review-close"):
        box = page.locator(f'[data-testid="{testid}"]').bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, testid
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    page.locator(f'[data-testid="review-mark-{index}"]').tap()
    expect(page.locator('[data-testid="review-better"]')).to_be_visible()
    problems_in_both_themes(page, "a marked move's position at 360 px", found)
    # A log line pointed at rings and numbers its nodes: one where a psychopath stands too,
    # whose glyph (Ψ) beside the number once made text its node's name lacked.
    line = page.evaluate(LINE_NAMING_A_PSYCHOPATH)
    assert line >= 0
    page.locator('[data-testid="log"] [data-marks]').nth(line).hover()
    expect(page.locator(f'{TABLE} .spot.marked [data-kind="psychopath"]')).not_to_have_count(0)
    problems_in_both_themes(page, "a log line's nodes ringed at 360 px", found)
    assert found == {}, json.dumps(found, indent=1)


def test_a_better_geonaxis_tile_is_lit_among_the_tile_spots(fast, open_app):  # noqa: F811
    """A GeonAxis round whose better move was a tile: the replay viewer shows the tile spots
    (as after "Place your tile", the selection a hint of a tile makes) with the better one lit."""
    from engine.core.test_review import geonaxis_game_with_a_bad_round

    match, (index, _text) = geonaxis_game_with_a_bad_round(seed=3, bad_round=3)
    record = match.record()
    record["moves"].append("0:resign")
    open_app(fast)
    import_record(fast, record)
    fast.click('[data-testid="results-review"]')
    mark = fast.locator(f'[data-testid="review-mark-{index}"]')
    expect(mark).to_contain_text("mistake", timeout=60_000)
    mark.click()
    lit = fast.locator(f"{TABLE} [data-suggested]")
    expect(lit).to_have_count(1)
    expect(lit).to_have_class("tile-spot")
    assert lit.get_attribute("data-arg").startswith("0:t ")
    expect(fast.locator('[data-testid="review-better"]')).to_contain_text("Better:")
    found = {}
    problems_in_both_themes(fast, "a better tile lit", found)
    assert found == {}, json.dumps(found, indent=1)
