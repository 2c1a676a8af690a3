"""The whole app in Italian: the language follows the browser, can be switched in
Settings and is remembered; a game against the computer is played to the end."""

from playwright.sync_api import expect

from ludoteca.games.registry import PLAYABLE

from browser_harness import wait_for_app_ready

from test_play import FAST_PLAY, play_one_human_turn, start_game


def test_an_italian_browser_gets_italian_and_a_game_is_played_to_the_end(new_context, open_app):
    context = new_context(locale="it-IT")
    context.add_init_script(FAST_PLAY)
    page = context.new_page()
    open_app(page)
    expect(page.locator('[data-testid="new-alphabeticell"]')).to_have_text("Nuova partita")
    assert page.get_attribute(".shell", "lang") == "it"
    page.click('[data-testid="rules-alphabeticell"]')
    expect(page.locator('[data-testid="rules"] h1')).to_contain_text("Come si gioca")
    page.click('[data-testid="nav-home"]')
    start_game(page, seed="17")
    while play_one_human_turn(page):
        pass
    expect(page.locator('[data-testid="results"] h2')).to_have_text("Partita finita")
    assert "Your turn" not in page.content() and "Game over" not in page.content()


def test_the_language_switch_is_remembered(new_context, open_app):
    context = new_context(locale="en-GB")
    page = context.new_page()
    open_app(page)
    expect(page.locator('[data-testid="new-alphabeticell"]')).to_have_text("New game")
    page.click('[data-testid="nav-settings"]')
    page.check('[data-testid="language-it"]')
    expect(page.locator('[data-testid="settings"] h1')).to_have_text("Impostazioni")
    page.reload()
    wait_for_app_ready(page)
    expect(page.locator('[data-testid="settings"] h1')).to_have_text("Impostazioni")
    page.click('[data-testid="nav-home"]')
    expect(page.locator('[data-testid="new-alphabeticell"]')).to_have_text("Nuova partita")


def test_every_setup_screen_names_its_options_in_italian_in_a_fresh_page(new_context, open_app):
    context = new_context(locale="it-IT")
    for game_id in PLAYABLE:
        page = context.new_page()  # a fresh page: no game's UI has loaded yet
        open_app(page)
        page.click(f'[data-testid="new-{game_id}"]')
        setup = page.locator('[data-testid="setup"]')
        expect(setup).to_be_visible()
        text = setup.inner_text()
        assert f"{game_id}." not in text, text  # a message key shown raw
        assert "Rosso" in setup.locator('[data-testid="seat-0-colour"]').inner_text()
        page.close()
