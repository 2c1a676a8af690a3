"""axe-core (vendored from npm, used only here) finds no serious or critical
problem on any screen, dialog or verdict of the app and of every game
(registry.PLAYABLE), in the light and the dark theme (issues 13 and 27)."""

import json
import pathlib

import pytest

from game_positions import GAMES, positions
from test_new_games import start
from test_play import FAST_PLAY, play_one_human_turn, start_game

AXE = pathlib.Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")


def axe_problems(page) -> list:
    """Serious and critical violations on the page as it is now."""
    if not page.evaluate("() => Boolean(window.axe)"):
        page.evaluate(AXE.read_text(encoding="utf-8"))  # devtools evaluation: the page's CSP allows no inline script
    result = page.evaluate("async () => JSON.stringify((await axe.run(document)).violations)")
    return [{"id": v["id"], "impact": v["impact"], "nodes": [node_text(n) for n in v["nodes"][:3]]}
            for v in json.loads(result) if v["impact"] in SERIOUS]


def node_text(node: dict) -> str:
    """A failing element, with its colours when the failure is one of contrast."""
    data = next((check.get("data") for check in node.get("any", []) if isinstance(check.get("data"), dict)), None)
    colours = f" ({data.get('fgColor')} on {data.get('bgColor')}: {data.get('contrastRatio')})" \
        if data and "fgColor" in data else ""
    return node["html"][:120] + colours


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


def menu_and_shortcuts(page):
    """Opens a game's menu, then the shortcuts from it (yielding each), and closes them."""
    for opener, panel, screen in (("menu", "menu-panel", "menu"), ("menu-help", "help-panel", "help")):
        page.click(f'[data-testid="{opener}"]')
        page.wait_for_selector(f'[data-testid="{panel}"]')
        yield screen
    page.keyboard.press("Escape")
    page.wait_for_selector('[data-testid="help-panel"]', state="detached")


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
    yield from menu_and_shortcuts(page)
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


def problems_in_both_themes(page, screen: str, found: dict) -> None:
    """axe on the page as it is, in the light and then the dark theme (the same page, its media emulated)."""
    assert page.locator("#app h1").count() == 1, f"{screen} needs exactly one h1"
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        problems = axe_problems(page)
        if problems:
            found[f"{screen}, {scheme}"] = problems


def game_screens(page, open_app, game: str):
    """The screens and dialogs of one game: its rules page, its setup, its table
    (with the word list loaded, for Alphagon) after the computer's first move,
    the menu, the shortcuts, the resign question, the results and, for a game
    with secrets, the hand-off between two players on one device."""
    open_app(page)
    page.click(f'[data-testid="rules-{game}"]')
    page.wait_for_selector('[data-testid="rules"]')
    yield "rules"
    page.click('[data-testid="nav-home"]')
    page.click(f'[data-testid="new-{game}"]')
    page.wait_for_selector('[data-testid="setup"]')
    yield "setup"
    page.click('[data-testid="nav-home"]')
    start(page, game, seed="5")
    page.wait_for_function("() => Number(document.querySelector('[data-testid=game]').dataset.moves) > 0"
                           " || !document.querySelector('.thinking')", timeout=60_000)
    yield "play"
    yield from menu_and_shortcuts(page)
    page.click('[data-testid="menu"]')
    page.click('[data-testid="resign"]')
    page.wait_for_selector('[data-testid="confirm-dialog"]')
    yield "resign question"
    page.click('[data-testid="confirm-yes"]')
    page.wait_for_selector('[data-testid="results"]')
    yield "results"
    page.click('[data-testid="results-home"]')
    start(page, game, seed="5", kinds=["human", "human"])
    if page.locator('[data-testid="handoff"]').count():
        yield "hand-off"


@pytest.mark.timeout(600)
@pytest.mark.parametrize("game", GAMES)
def test_no_serious_accessibility_problem_on_any_game_s_screens_and_dialogs(new_context, open_app, game):
    context = new_context()
    context.add_init_script(FAST_PLAY)
    page = context.new_page()
    found = {}
    for screen in game_screens(page, open_app, game):
        problems_in_both_themes(page, screen, found)
    print(f"\naxe, {game}:", {screen: len(p) for screen, p in found.items()} or "no serious problem")
    assert found == {}, json.dumps(found, indent=1)


def import_record(page, record: dict) -> None:
    if page.locator('[data-testid="nav-home"]').count():
        page.click('[data-testid="nav-home"]')
    page.wait_for_selector('[data-testid="home"]')
    page.set_input_files('[data-testid="import-input"]', files=[
        {"name": "game.json", "mimeType": "application/json", "buffer": json.dumps(record).encode()}])
    page.wait_for_selector('[data-testid="game"]', timeout=30_000)


def mark_selector(kind: str) -> str:
    """Where a kind of game_positions.MARKS shows: "verdict:revealed" -> its verdict box."""
    testid, _, how = kind.partition(":")
    return f'[data-testid="{testid}"][data-how="{how}"]' if how else f'[data-testid^="{testid}"]'


@pytest.mark.timeout(600)
@pytest.mark.parametrize("game", GAMES)
def test_no_serious_accessibility_problem_in_any_dialog_or_verdict_a_game_draws(new_context, open_app, game):
    """Each dialog and verdict of the game's table (found by game_positions on the
    engine), imported as a record and checked in both themes."""
    records = positions(game)
    assert records, f"{game}: no dialog or verdict found"
    context = new_context()
    context.add_init_script(FAST_PLAY)
    page = context.new_page()
    open_app(page)
    found = {}
    for kind, record in sorted(records.items()):
        import_record(page, record)
        page.wait_for_selector(mark_selector(kind), timeout=30_000)
        problems_in_both_themes(page, kind, found)
    print(f"\naxe, {game}, {sorted(records)}:", {screen: len(p) for screen, p in found.items()} or "no serious problem")
    assert found == {}, json.dumps(found, indent=1)


def test_a_wide_rules_table_on_a_phone_scrolls_by_keyboard_and_passes_axe(new_context, open_app):
    """Alphagon's rulings have tables wider than 360 px: each scrolling box is a named tab stop."""
    page = new_context(viewport={"width": 360, "height": 740}).new_page()
    open_app(page)
    page.click('[data-testid="rules-alphagon"]')
    page.wait_for_selector('[data-testid="rules"]')
    wide = page.locator(".table-scroll").first
    assert wide.evaluate("box => box.scrollWidth > box.clientWidth")  # it does scroll on a phone
    wide.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.table-scroll').scrollLeft > 0")
    assert axe_problems(page) == []
