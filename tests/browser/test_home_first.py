"""The home screen shows before Python is up: static markup from the build,
under a small loading card, inert until Python draws the very same markup."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_harness import wait_for_app_ready

STATIC_HOME = 'html[data-home="static"] #app[inert] [data-testid="home"]'
BOOT_CARD = '[data-testid="boot-progress"]'
SAVE = ("localStorage.setItem('ludoteca:v1:save:test', JSON.stringify({}));")
# Where everything on the home screen sits, to compare before and after Python takes over.
LAYOUT = """() => [...document.querySelectorAll('#app [data-testid], #app h2, #app .tile')].map((element) => {
  const box = element.getBoundingClientRect();
  return [element.dataset.testid || element.tagName, box.x, box.y, box.width, box.height];
})"""


def held_before_python(new_context, **context_args):
    """A page whose main.py never arrives: start-up stops before Python draws anything."""
    page = new_context(service_workers="block", **context_args).new_page()
    page.route("**/py/main.py", lambda route: None)
    return page


def test_cold_visit_shows_the_home_screen_with_the_loading_bar_before_python(new_context, app_url):
    page = held_before_python(new_context)
    page.goto(app_url)
    home = page.locator(STATIC_HOME)
    expect(home).to_be_visible()
    expect(home.locator('[data-testid="tile-alphabeticell"]')).to_be_visible()
    expect(home.locator('[data-testid="no-saves"]')).to_be_visible()
    expect(home.locator('[data-testid="import-input"]')).to_be_attached()
    expect(page.locator(BOOT_CARD)).to_be_visible()
    assert page.evaluate("document.documentElement.dataset.ready") is None
    assert page.evaluate("ludotecaBoot.homeShownAt") > 0
    # Inert: a click does nothing until Python is up. The page notes each click once its
    # default action (a link's navigation) has had its turn, so the check follows the event.
    page.evaluate("""() => addEventListener('click', () => setTimeout(() => {
      window.clicksSeen = (window.clicksSeen || 0) + 1; }), true)""")
    box = page.locator('[data-testid="new-alphabeticell"]').bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function("() => window.clicksSeen === 1")
    assert page.evaluate("location.hash") == ""


def test_python_takes_over_the_same_markup_without_a_jump(new_context, app_url):
    page = new_context().new_page()  # a real first visit: the service worker installs
    page.goto(app_url)
    expect(page.locator(STATIC_HOME)).to_be_visible()
    static_markup, static_layout = page.inner_html("#app"), page.evaluate(LAYOUT)
    wait_for_app_ready(page)
    assert page.evaluate("document.documentElement.dataset.home") is None
    assert page.inner_html("#app") == static_markup
    assert page.evaluate(LAYOUT) == static_layout
    expect(page.locator(BOOT_CARD)).to_be_hidden()
    # Interactive now.
    page.click('[data-testid="new-alphabeticell"]')
    expect(page.locator('[data-testid="setup"]')).to_be_visible()


def test_home_screen_in_the_players_language(new_context, app_url):
    page = held_before_python(new_context, locale="it-IT")
    page.goto(app_url)
    expect(page.locator(STATIC_HOME)).to_be_visible()
    assert page.get_attribute('#app [data-screen="home"]', "lang") == "it"


@pytest.mark.parametrize("situation", ["another screen", "saved games"])
def test_full_loading_screen_where_the_static_home_would_be_wrong(new_context, app_url, situation):
    page = held_before_python(new_context)
    url = app_url
    if situation == "another screen":
        url += "#/settings"
    else:
        page.context.add_init_script(SAVE)
    page.goto(url)
    expect(page.locator("#boot")).to_be_visible()
    # boot.js has read the inline script's decision once it has published ludotecaBoot.
    page.wait_for_function("() => window.ludotecaBoot !== undefined")
    assert page.evaluate("ludotecaBoot.homeShownAt") is None
    assert page.evaluate("document.documentElement.dataset.home") is None
    assert page.inner_html("#app") == ""
