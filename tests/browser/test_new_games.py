"""ALPHA // PSYCHOPATH and GeonAxis in the real app: whole games against the
computer by clicking, a move by keyboard alone, undo, reload and resume, and a
hotseat round of simultaneous secret moves behind hand-off screens."""

import pytest
from playwright.sync_api import expect

from browser_harness import wait_for_app_ready
from test_play import FAST_PLAY, moves_played

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


def test_psychopath_a_move_by_keyboard_alone(fast, open_app):
    open_app(fast)
    start(fast, "psychopath", seed="4")
    fast.wait_for_selector(f'{TABLE} [data-action="select"][data-testid^="node-"]')
    fast.locator(f'{TABLE} [data-testid="node-0"]').focus()
    for _ in range(60):  # arrows walk the nodes until one of our movable pieces has the focus
        if fast.evaluate("() => document.activeElement.dataset.action === 'select'"):
            break
        fast.keyboard.press(["ArrowUp", "ArrowRight", "ArrowDown", "ArrowLeft"][_ % 4] if _ > 30 else "ArrowDown")
    assert fast.evaluate("() => document.activeElement.dataset.action") == "select"
    fast.keyboard.press("Enter")  # pick the piece
    fast.wait_for_selector(f'{TABLE} [data-action="move"][data-testid^="node-"]')
    for _ in range(60):
        if fast.evaluate("() => document.activeElement.dataset.action === 'move'"):
            break
        fast.keyboard.press(["ArrowUp", "ArrowLeft", "ArrowDown", "ArrowRight"][(_ // 6) % 4])
    assert fast.evaluate("() => document.activeElement.dataset.action") == "move"
    fast.keyboard.press("Enter")  # drop it
    wait_for_new_move(fast, 0)
    assert moves_played(fast) >= 1


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
    board = fast.locator('[data-testid="table"]').evaluate("e => e.outerHTML")
    fast.reload()
    wait_for_app_ready(fast)
    fast.wait_for_selector('[data-testid="game"]')
    assert moves_played(fast) == undone
    assert fast.locator('[data-testid="table"]').evaluate("e => e.outerHTML") == board
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
