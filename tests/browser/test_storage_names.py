"""Issue 27, "Storage and names", in the real browser: a stored language the
static home screen does not draw, a bad default name, a bidi name."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from test_home_first import STATIC_HOME, held_before_python


@pytest.mark.parametrize("language", ["constructor", "__proto__", "toString", 7])
def test_a_stored_language_the_build_did_not_draw_still_gets_the_static_home(new_context, app_url, language):
    page = held_before_python(new_context)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    settings = json.dumps({"language": language})
    page.context.add_init_script(f"localStorage.setItem('ludoteca:v1:settings', {json.dumps(settings)});")
    page.goto(app_url)
    expect(page.locator(STATIC_HOME)).to_be_visible()
    assert page.get_attribute('#app [data-screen="home"]', "lang") == "en"
    assert errors == []


from test_play import FAST_PLAY, play_one_human_turn, start_game  # noqa: E402
from browser_harness import wait_for_app_ready  # noqa: E402

SETTINGS_KEY = "ludoteca:v1:settings"
NO_FORMAT_CHARACTERS = r"() => !/[\u0007\u200b-\u200f\u202a-\u202e\ue000\ue001]/.test(" \
    r"document.getElementById('app').innerHTML.replace(/\n/g, ''))"


def test_a_bad_default_name_makes_a_game_that_reopens_after_a_reload(context, open_app):
    context.add_init_script(FAST_PLAY)
    page = context.new_page()
    open_app(page)
    page.evaluate(f"localStorage.setItem('{SETTINGS_KEY}', JSON.stringify({{pace: 'fast', name: 'Al\\u0007ice'}}))")
    page.reload()
    wait_for_app_ready(page)
    start_game(page, seed="5")  # the first seat keeps the prefilled default name
    play_one_human_turn(page)
    page.evaluate("location.hash = '#/'")
    page.reload()
    wait_for_app_ready(page)
    page.locator('[data-testid^="open-"]').first.click()
    expect(page.locator('[data-testid="game"]')).to_be_visible()
    expect(page.locator('[data-testid="player-0"] .pname')).to_contain_text("Alice")
    assert page.locator('[data-testid="notice-error"]').count() == 0


def test_a_bidi_name_is_cleaned_and_every_name_is_isolated(context, open_app):
    context.add_init_script(FAST_PLAY)
    page = context.new_page()
    open_app(page)
    page.click('[data-testid="new-alphabeticell"]')
    page.fill('[data-testid="seat-0-name"]', "\u202eecilA 2")  # an override that would reverse the line
    page.select_option('[data-testid="seat-1-level"]', "easy")
    page.fill('[data-testid="seat-1-name"]', "דנה 3")  # right to left, with a number beside it
    page.fill('[data-testid="seed"]', "5")
    page.click('[data-testid="start"]')
    play_one_human_turn(page)
    expect(page.locator('[data-testid="log"] bdi').first).to_be_attached()
    assert page.evaluate(NO_FORMAT_CHARACTERS)
    for player, name in ((0, "ecilA 2"), (1, "דנה 3")):
        expect(page.locator(f'[data-testid="player-{player}"] .pname bdi')).to_have_text(name)
    log_names = page.locator('[data-testid="log"] bdi').all_inner_texts()
    assert set(log_names) <= {"ecilA 2", "דנה 3"} and log_names
    # The isolated name keeps the text after it in its place: the move's words follow the name.
    line = page.locator('[data-testid="log"] button').last
    assert line.evaluate("b => getComputedStyle(b.querySelector('bdi')).unicodeBidi") == "isolate"


FILL_STORAGE = """() => {
  let chunk = "x".repeat(1 << 20), n = 0;
  while (chunk.length) {
    try { localStorage.setItem("junk-" + n++, chunk); } catch { chunk = chunk.slice(0, chunk.length >> 1); }
  }
}"""
FREE_STORAGE = "() => Object.keys(localStorage).filter((k) => k.startsWith('junk-')).forEach((k) => localStorage.removeItem(k))"


def test_moves_refused_by_a_full_storage_are_kept_offered_for_export_and_saved_once_there_is_room(context, open_app):
    from test_accessibility import problems_in_both_themes
    from test_play import moves_played

    context.add_init_script(FAST_PLAY)
    page = context.new_page()
    open_app(page)
    page.evaluate("localStorage.setItem('ludoteca:v1:save:20200101000000-0', '{not json')")  # a damaged save too
    start_game(page, seed="5")
    play_one_human_turn(page)
    page.evaluate(FILL_STORAGE)
    play_one_human_turn(page)
    expect(page.locator('[data-testid="notice-error"]').first).to_contain_text("Storage is full")
    played = moves_played(page)
    page.click('[data-testid="menu"]')
    page.click('[data-testid="quit"]')
    expect(page.locator('[data-testid="confirm-dialog"]')).to_contain_text("Export the game before you leave?")
    found = {}
    problems_in_both_themes(page, "leave question", found)
    page.click('[data-testid="confirm-no"]')
    page.click('[data-testid="nav-home"]')
    panel = page.locator('[data-testid^="unsaved-"]').first
    expect(panel).to_contain_text("kept only on this page")
    problems_in_both_themes(page, "home with an unsaved game and a damaged save", found)
    assert found == {}, json.dumps(found, indent=1)
    page.evaluate(FREE_STORAGE)
    panel.locator('[data-testid^="save-now-"]').click()
    expect(page.locator('[data-testid^="unsaved-"]')).to_have_count(0)
    page.reload()
    wait_for_app_ready(page)
    page.locator('[data-testid^="open-"]').first.click()
    expect(page.locator('[data-testid="game"]')).to_have_attribute("data-moves", str(played))


def test_closing_the_page_asks_first_only_while_refused_moves_are_in_memory(context, open_app):
    context.add_init_script(FAST_PLAY)
    page = context.new_page()
    open_app(page)
    start_game(page, seed="5")
    play_one_human_turn(page)  # a click: the page may now ask before it unloads
    asked = []

    def answer(dialog):
        asked.append(dialog.type)
        dialog.dismiss()  # stay on the page

    page.on("dialog", answer)
    page.evaluate(FILL_STORAGE)
    play_one_human_turn(page)
    expect(page.locator('[data-testid="notice-error"]').first).to_contain_text("Storage is full")
    with page.expect_event("dialog"):  # without the question the page would just close
        page.close(run_before_unload=True)
    assert asked == ["beforeunload"] and not page.is_closed()  # the player chose to stay
    page.evaluate(FREE_STORAGE)
    page.click('[data-testid="menu"]')
    page.click('[data-testid="save-now"]')
    expect(page.locator('[data-testid="notice-error"]')).to_have_count(0)
    page.close(run_before_unload=True)
    if not page.is_closed():
        page.wait_for_event("close")
    assert asked == ["beforeunload"] and page.is_closed()  # saved: no question
