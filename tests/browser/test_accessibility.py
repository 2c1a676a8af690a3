"""axe-core (vendored from npm, used only here) finds no serious or critical
problem on any screen, in the light and the dark theme (issue 13)."""

import json
import pathlib

import pytest

from test_new_games import start
from test_play import FAST_PLAY, play_one_human_turn, start_game

AXE = pathlib.Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")


def axe_problems(page) -> list:
    """Serious and critical violations on the page as it is now."""
    if not page.evaluate("() => Boolean(window.axe)"):
        page.evaluate(AXE.read_text(encoding="utf-8"))  # devtools evaluation: the page's CSP allows no inline script
    result = page.evaluate("async () => JSON.stringify((await axe.run(document)).violations)")
    return [{"id": v["id"], "impact": v["impact"], "nodes": [n["html"][:120] for n in v["nodes"][:3]]}
            for v in json.loads(result) if v["impact"] in SERIOUS]


def problems_on_screens(new_context, scheme: str, visit) -> dict:
    """{screen: axe problems} over the screens `visit(page)` yields, in one colour scheme;
    each screen must also have exactly one h1."""
    context = new_context(color_scheme=scheme)
    context.add_init_script(FAST_PLAY)
    page = context.new_page()
    found = {}
    for screen in visit(page):
        assert page.locator("#app h1").count() == 1, f"{screen} needs exactly one h1"
        problems = axe_problems(page)
        if problems:
            found[screen] = problems
    return found


def screens(page, open_app):
    """Visits every screen; yields its name once it is on screen."""
    open_app(page)
    yield "home"
    page.click('[data-testid="nav-settings"]')
    page.wait_for_selector('[data-testid="settings"]')
    yield "settings"
    page.click('[data-testid="nav-home"]')
    page.click('[data-testid="rules-alphabeticell"]')
    page.wait_for_selector('[data-testid="rules"]')
    yield "rules"
    page.click('[data-testid="nav-home"]')
    page.click('[data-testid="new-alphabeticell"]')
    page.wait_for_selector('[data-testid="setup"]')
    yield "setup"
    page.click('[data-testid="nav-home"]')
    start_game(page, seed="5")
    play_one_human_turn(page)
    yield "play"
    page.click('[data-testid="menu"]')
    page.wait_for_selector('[data-testid="menu-panel"]')
    yield "menu"
    page.click('[data-testid="menu-help"]')
    page.wait_for_selector('[data-testid="help-panel"]')
    yield "help"
    page.keyboard.press("Escape")
    page.wait_for_selector('[data-testid="help-panel"]', state="detached")
    page.locator('[data-testid="log"] button').last.click()
    page.wait_for_selector('[data-testid="replay-banner"]')
    yield "replay"
    page.click('[data-testid="replay-exit"]')
    page.click('[data-testid="menu"]')
    page.click('[data-testid="resign"]')
    page.click('[data-testid="confirm-yes"]')
    page.wait_for_selector('[data-testid="results"]')
    yield "results"
    page.click('[data-testid="results-home"]')
    page.click('[data-testid="new-alphabeticell"]')
    page.select_option('[data-testid="seat-1-kind"]', "human")
    page.click('[data-testid="start"]')
    page.wait_for_selector('[data-testid="handoff"]')
    yield "hand-off"


@pytest.mark.timeout(400)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_accessibility_problem_on_any_screen(new_context, open_app, scheme):
    found = problems_on_screens(new_context, scheme, lambda page: screens(page, open_app))
    print(f"\naxe, {scheme} theme:", {screen: len(p) for screen, p in found.items()} or "no serious problem")
    assert found == {}, json.dumps(found, indent=1)


def game_screens(page, open_app, game: str):
    """The screens each game draws itself: its rules page, its setup and its
    table (with the word list loaded, for Alphagon), after the computer's first move."""
    open_app(page)
    page.click(f'[data-testid="rules-{game}"]')
    page.wait_for_selector('[data-testid="rules"]')
    yield "rules"
    page.click('[data-testid="nav-home"]')
    start(page, game, seed="5")
    page.wait_for_function("() => Number(document.querySelector('[data-testid=game]').dataset.moves) > 0"
                           " || !document.querySelector('.thinking')", timeout=60_000)
    yield "play"


@pytest.mark.timeout(400)
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("game", ["psychopath", "alphagon", "geonaxis"])
def test_no_serious_accessibility_problem_on_any_game_s_own_screens(new_context, open_app, game, scheme):
    found = problems_on_screens(new_context, scheme, lambda page: game_screens(page, open_app, game))
    print(f"\naxe, {game}, {scheme} theme:", {screen: len(p) for screen, p in found.items()} or "no serious problem")
    assert found == {}, json.dumps(found, indent=1)
