"""Alphagon in the real app: the word list loads when the game opens, and whole
games against the computer are played by clicking, in English and in Italian."""

import pytest
from playwright.sync_api import expect

from test_play import FAST_PLAY, moves_played

TABLE_MOVES = '[data-region="table"] [data-action="move"]'


def start_alphagon(page, edition: str, seed: str):
    page.click('[data-testid="new-alphagon"]')
    page.wait_for_selector('[data-testid="setup"]')
    page.select_option('[data-testid="variant-edition"]', edition)
    page.select_option('[data-testid="seat-1-level"]', "easy")
    page.fill('[data-testid="seed"]', seed)
    page.click('[data-testid="start"]')
    page.wait_for_selector('[data-testid="game"]', timeout=30_000)


PLAY = ('[data-region="table"] [data-action="move"][data-arg*=":start "], '
        '[data-region="table"] [data-action="move"][data-arg*=":place "], '
        '[data-region="table"] .ag-cell[data-action="move"]')
STEPS = ('[data-region="table"] .ag-cell[data-action="select"]:not(.selected)',  # a flag to start from
         '[data-region="table"] [data-testid^="rack-"][data-action="select"]:not(.selected)')  # a letter
# When no letter can go down: close the word, end the turn, answer, else any button.
BUTTONS = tuple(f'[data-region="table"] button[data-action="move"][data-arg$=":{word}"]'
                for word in ("close", "end", "accept", "concede", "suspend", "pass")) + \
    ('[data-region="table"] button[data-action="move"]',)


def first_present(page, selectors):
    return next((page.locator(selector).first for selector in selectors if page.locator(selector).count()), None)


def play_one_turn(page) -> bool:
    """Clicks like a player (a letter, then a square; else a button) until a move is played; False at the end."""
    page.locator(f'{TABLE_MOVES}, [data-region="table"] [data-action="select"], [data-testid="results"]') \
        .first.wait_for(timeout=60_000)
    if page.locator('[data-testid="results"]').count():
        return False
    before = moves_played(page)
    for step in STEPS * 2 + (None,):  # a letter first lights the flags up
        target = first_present(page, (PLAY,)) or (first_present(page, (step,)) if step else None) \
            or (None if step else first_present(page, BUTTONS))
        if target is None:
            continue
        target.click()
        page.wait_for_timeout(150)
        if moves_played(page) > before or page.locator('[data-testid="results"]').count():
            break
    page.wait_for_function(
        "n => Number(document.querySelector('[data-testid=game]').dataset.moves) > n"
        " || document.querySelector('[data-testid=results]')", arg=before, timeout=60_000)
    return True


@pytest.mark.timeout(600)
@pytest.mark.parametrize("edition, seed, over", [("en", "5", "Game over"), ("it", "6", "Partita finita")])
def test_a_whole_game_against_the_computer_by_clicking(new_context, open_app, edition, seed, over):
    context = new_context(locale="it-IT" if edition == "it" else "en-US")
    context.add_init_script(FAST_PLAY)
    page = context.new_page()
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    open_app(page)
    assert not [url for url in requests if "/web/words/" in url]  # not loaded at start-up
    start_alphagon(page, edition, seed)
    assert [url for url in requests if url.endswith(f"/web/words/{edition}.txt.gz")]
    turns = 0
    while play_one_turn(page):
        turns += 1
        assert turns < 400, "the game did not end"
    expect(page.locator('[data-testid="results"] h2')).to_have_text(over)
    assert page.evaluate("() => window.ludotecaBoot.cspViolations") == []
