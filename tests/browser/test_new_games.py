"""ALPHA // PSYCHOPATH and GeonAxis in the real app: whole games against the
computer by clicking, a move by keyboard alone, undo, reload and resume, and a
hotseat round of simultaneous secret moves behind hand-off screens."""

import pytest
from playwright.sync_api import expect

from browser_harness import wait_for_app_ready
from test_play import FAST_PLAY, SORTED_MARKUP, moves_played

TABLE = '[data-region="table"]'


def start(page, game: str, seed: str, players: int = 2, kinds=None, variants=None):
    page.click(f'[data-testid="new-{game}"]')
    page.wait_for_selector('[data-testid="setup"]')
    if players != 2:
        page.select_option('[data-testid="players"]', str(players))
    for seat, kind in enumerate(kinds or ["human"] + ["ai"] * (players - 1)):
        page.select_option(f'[data-testid="seat-{seat}-kind"]', kind)
        if kind == "ai":
            page.select_option(f'[data-testid="seat-{seat}-level"]', "easy")
    for key, value in (variants or {}).items():
        page.select_option(f'[data-testid="variant-{key}"]', value)
    page.fill('[data-testid="seed"]', seed)
    page.click('[data-testid="start"]')
    page.wait_for_selector('[data-testid="game"]')


def wait_for_turn(page, ready: str) -> bool:
    """Waits until the human can act (`ready` is on screen) or the game ends; False at the end."""
    page.locator(f'{ready}, [data-testid="results"]').first.wait_for(timeout=60_000)
    return not page.locator('[data-testid="results"]').count()


def wait_for_new_move(page, before: int):
    page.wait_for_function(
        "n => Number(document.querySelector('[data-testid=game]').dataset.moves) > n"
        " || document.querySelector('[data-testid=results]')", arg=before, timeout=60_000)


def psychopath_turn(page) -> bool:
    """Picks a piece, then its first destination (or a resurrection); False at the end."""
    ready = f'{TABLE} [data-action="select"][data-testid^="node-"], {TABLE} [data-testid^="resurrect-"]'
    if not wait_for_turn(page, ready):
        return False
    before = moves_played(page)
    if page.locator(f'{TABLE} [data-testid^="resurrect-"]').count():
        page.locator(f'{TABLE} [data-testid^="resurrect-"]').first.click()
    else:
        page.locator(f'{TABLE} [data-action="select"][data-testid^="node-"]').first.click()
        page.locator(f'{TABLE} [data-action="move"][data-testid^="node-"]').first.click()
    wait_for_new_move(page, before)
    return True


@pytest.fixture
def fast(context):
    context.add_init_script(FAST_PLAY)
    return context.new_page()


@pytest.mark.timeout(900)
def test_psychopath_a_whole_game_against_the_computer_by_clicking(fast, open_app):
    open_app(fast)
    start(fast, "psychopath", seed="3")
    turns = 0
    while psychopath_turn(fast):
        turns += 1
        assert turns < 400, "the game did not end"
    expect(fast.locator('[data-testid="results"]')).to_be_visible()
    assert fast.evaluate("() => window.ludotecaBoot.cspViolations") == []


ACTIVE_JS = """() => { const e = document.activeElement;
    return {testid: (e && e.dataset && e.dataset.testid) || '', nav: (e && e.dataset && e.dataset.nav) || ''}; }"""
ARROW_KEYS = ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp")


def tab_until(page, predicate_js: str, limit: int = 120) -> int:
    """Presses Tab until `predicate_js` holds for the focused element; how many presses it took."""
    for presses in range(limit):
        if page.evaluate(predicate_js):
            return presses
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {predicate_js}")


def nav_point(text: str) -> tuple:
    x, y = text.split(",")
    return float(x), float(y)


def arrow_to(page, selector: str) -> None:
    """Walks the focus over the board with the arrow keys, as a sighted
    keyboard user would, to the element of `selector` nearest the focus."""
    active = page.evaluate(ACTIVE_JS)
    here = nav_point(active["nav"])
    candidates = [(nav_point(nav), testid) for nav, testid in page.evaluate(  # one round trip, not two a piece
        "s => [...document.querySelectorAll(s)].map(e => [e.dataset.nav, e.dataset.testid])", selector)]
    (goal, goal_id) = min(candidates, key=lambda c: (c[0][0] - here[0]) ** 2 + (c[0][1] - here[1]) ** 2)
    tried = set()
    for _ in range(250):
        active = page.evaluate(ACTIVE_JS)
        if active["testid"] == goal_id:
            return
        x, y = nav_point(active["nav"])
        sideways = "ArrowRight" if goal[0] > x else "ArrowLeft"
        upright = "ArrowDown" if goal[1] > y else "ArrowUp"
        preferred = [sideways, upright] if abs(goal[0] - x) >= abs(goal[1] - y) else [upright, sideways]
        key = next(k for k in preferred + [k for k in ARROW_KEYS if k not in preferred]
                   if (active["testid"], k) not in tried)  # a key already tried here led nowhere new
        tried.add((active["testid"], key))
        page.keyboard.press(key)
    raise AssertionError(f"the arrows never reached {goal_id}")


def psychopath_turn_by_keyboard(page) -> bool:
    """One turn with keys only: a resurrection button by Tab, or a piece and a
    node by the arrows and Enter; False at the end."""
    resurrect = f'{TABLE} [data-testid^="resurrect-"]'
    movable = f'{TABLE} [data-action="select"][data-testid^="node-"]'
    if not wait_for_turn(page, f"{movable}, {resurrect}"):
        return False
    before = moves_played(page)
    if page.locator(resurrect).count():
        tab_until(page, "() => (document.activeElement.dataset.testid || '').startsWith('resurrect-')")
        page.keyboard.press("Enter")
    else:
        tab_until(page, "() => Boolean(document.activeElement.dataset && document.activeElement.dataset.nav)")
        arrow_to(page, movable)
        page.keyboard.press("Enter")  # pick the piece
        page.wait_for_selector(f'{TABLE} [data-action="move"][data-testid^="node-"]')
        arrow_to(page, f'{TABLE} [data-action="move"][data-testid^="node-"]')
        page.keyboard.press("Enter")  # drop it
    wait_for_new_move(page, before)
    return True


@pytest.mark.timeout(900)
def test_psychopath_a_whole_game_by_keyboard_alone(fast, open_app):
    open_app(fast)
    start(fast, "psychopath", seed="6")
    fast.mouse.move(0, 0)  # from here on no pointer: Tab, the arrows and Enter
    turns = 0
    while psychopath_turn_by_keyboard(fast):
        turns += 1
        assert turns < 400, "the game did not end"
    expect(fast.locator('[data-testid="results"]')).to_be_visible()
    assert turns >= 5  # seed 6: nine turns of the human before the computer captures the psychopath


def test_psychopath_undo_reload_and_resume(fast, open_app):
    open_app(fast)
    start(fast, "psychopath", seed="5")
    for _ in range(2):
        assert psychopath_turn(fast)
    fast.wait_for_selector(f'{TABLE} [data-action="select"][data-testid^="node-"]')
    played = moves_played(fast)
    fast.click('[data-testid="undo"]')
    fast.wait_for_function("n => Number(document.querySelector('[data-testid=game]').dataset.moves) < n",
                           arg=played)
    undone = moves_played(fast)
    board = fast.locator('[data-testid="table"]').evaluate(SORTED_MARKUP)
    fast.reload()
    wait_for_app_ready(fast)
    fast.wait_for_selector('[data-testid="game"]')
    assert moves_played(fast) == undone
    assert fast.locator('[data-testid="table"]').evaluate(SORTED_MARKUP) == board
    assert psychopath_turn(fast)  # and play goes on


# What the human answers when a computer opens a decision other than a round
# of play: an agreement proposed to it, one up for renewal, a move to buy.
GEONAXIS_ANSWERS = ('[data-testid="decline"]', '[data-testid="cancel"]', '[data-testid="buy-0"]')


def geonaxis_turn(page) -> bool:
    """Plays a stone on the first open cell (else passes), and declines what
    the computer proposes; False at the end."""
    cells = f'{TABLE} .cell.target[data-action="move"]'
    answers = ", ".join(f"{TABLE} {answer}" for answer in GEONAXIS_ANSWERS)
    if not wait_for_turn(page, f'{cells}, {TABLE} [data-testid="pass"], {answers}'):
        return False
    before = moves_played(page)
    for choice in (cells, *(f"{TABLE} {answer}" for answer in GEONAXIS_ANSWERS), f'{TABLE} [data-testid="pass"]'):
        if page.locator(choice).count():
            page.locator(choice).first.click()
            break
    wait_for_new_move(page, before)
    return True


@pytest.mark.timeout(900)
def test_geonaxis_a_whole_game_against_the_computer_by_clicking(fast, open_app):
    open_app(fast)
    start(fast, "geonaxis", seed="6", variants={"rounds": "60"})
    turns = 0
    while geonaxis_turn(fast):
        turns += 1
        assert turns < 200, "the game did not end"
    expect(fast.locator('[data-testid="results"]')).to_be_visible()
    assert fast.evaluate("() => window.ludotecaBoot.cspViolations") == []


def test_geonaxis_three_humans_choose_in_secret_behind_hand_offs(fast, open_app):
    open_app(fast)
    start(fast, "geonaxis", seed="7", players=3, kinds=["human", "human", "human"])
    chosen = []
    for _ in range(3):
        fast.wait_for_selector('[data-testid="handoff"]')
        assert fast.locator('[data-testid="pending"]').count() == 0  # nobody's choice shows on the hand-off
        fast.click('[data-testid="reveal"]')
        cell = fast.locator(f'{TABLE} .cell.target[data-action="move"]').nth(len(chosen) * 3)
        chosen.append(cell.get_attribute("data-testid"))
        before = moves_played(fast)
        cell.click()
        wait_for_new_move(fast, before)
    # The round resolved: all three stones are on the board at once (the device stays with
    # the last bidder, who may open the next round, so a hand-off shows only if needed).
    fast.locator(f'[data-testid="handoff"], {TABLE} [data-testid="table"]').first.wait_for()
    if fast.locator('[data-testid="handoff"]').count():
        fast.click('[data-testid="reveal"]')
    for testid in chosen:
        expect(fast.locator(f'{TABLE} [data-testid="{testid}"] circle.stone')).to_have_count(1)


def test_geonaxis_rounds_by_keyboard_alone(fast, open_app):
    """The focus waits on the board when a round opens; the arrow keys walk it
    to a free cell and Enter plays the stone there, round after round."""
    open_app(fast)
    start(fast, "geonaxis", seed="7")
    fast.mouse.move(0, 0)
    cells = f'{TABLE} .cell.target[data-action="move"]'
    for _ in range(4):
        wait_for_turn(fast, cells)
        tabs = tab_until(fast, "() => Boolean(document.activeElement.dataset && document.activeElement.dataset.nav)")
        assert tabs == 0  # every new round puts the focus back on the board
        before = moves_played(fast)
        arrow_to(fast, cells)
        fast.keyboard.press("Enter")
        wait_for_new_move(fast, before)
        expect(fast.locator(f'{TABLE} [data-testid="pending"], {TABLE} .stone')).not_to_have_count(0)
    assert moves_played(fast) >= 4
