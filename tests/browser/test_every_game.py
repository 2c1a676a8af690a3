"""What issue 27 found in every game, in the real app: secrets behind the
hand-off whatever way leads back into a game, replays that show no false
ending, drawn replay icons, one tab stop a board, themes."""

from playwright.sync_api import expect

from test_new_games import start
from test_play import FAST_PLAY

RACK = '[data-region="table"] [data-testid^="rack-"]'


def test_alphagon_letters_wait_for_the_handoff_after_back_forward_and_continue(new_context, open_app):
    context = new_context()
    context.add_init_script(FAST_PLAY)
    page = context.new_page()
    open_app(page)
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
