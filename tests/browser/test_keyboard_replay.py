"""Issue 13 in the real app: keyboard shortcuts and their help, the menu as a
modal dialog, the live region, the turn chime, the replay viewer by mouse and
keyboard, Rules and back, key presses after a computer's move, and every
screen on a 360×640 touch phone."""

import re

import pytest
from playwright.sync_api import expect

from ludoteca.games.registry import PLAYABLE

from test_accessibility import axe_problems
from test_new_games import start as start_any_game
from test_play import FAST_PLAY, moves_played, play_one_human_turn, start_game

LOG = '[data-testid="log"]'
MOVE_BUTTONS = '[data-region="table"] [data-action="move"], [data-region="table"] [data-nav][data-action]'


@pytest.fixture
def fast(context):
    context.add_init_script(FAST_PLAY)
    return context.new_page()


def human_to_play(page):
    page.locator('[data-testid="controls"]').wait_for(timeout=60_000)


def focused_testid(page) -> str:
    return page.evaluate("() => document.activeElement && document.activeElement.dataset.testid || ''")


def focus_is_inside(page, testid: str) -> bool:
    return page.evaluate(
        "id => document.querySelector(`[data-testid=\"${id}\"]`).contains(document.activeElement)", testid)


def replay_position(page) -> int:
    text = page.get_by_test_id("replay-position").inner_text()
    return int(re.search(r"(\d+)", text).group(1))


def resign_from_menu(page):
    page.click('[data-testid="menu"]')
    page.click('[data-testid="resign"]')
    page.click('[data-testid="confirm-yes"]')
    page.wait_for_selector('[data-testid="results"]')


def test_shortcuts_open_the_help_and_the_menu_but_not_while_typing(fast, open_app):
    open_app(fast)
    start_game(fast, seed="5")
    play_one_human_turn(fast)
    human_to_play(fast)
    fast.keyboard.press("?")
    expect(fast.get_by_test_id("help-panel")).to_be_visible()
    expect(fast.get_by_test_id("close-help")).to_be_focused()
    for key in ("U", "R", "M", "P", "?", "Esc"):
        expect(fast.locator('[data-testid="help-panel"] kbd', has_text=re.compile(f"^{re.escape(key)}$"))).to_have_count(1)
    assert axe_problems(fast) == []
    fast.keyboard.press("Escape")
    expect(fast.get_by_test_id("help-panel")).to_have_count(0)
    fast.keyboard.press("m")
    expect(fast.get_by_test_id("menu-panel")).to_be_visible()
    fast.click('[data-testid="menu-help"]')  # the help from the menu takes its place
    expect(fast.get_by_test_id("help-panel")).to_be_visible()
    expect(fast.get_by_test_id("menu-panel")).to_have_count(0)
    fast.keyboard.press("Escape")
    # A text field on the game screen (as Alphagon's and GeonAxis's forms): letters are typed, not run.
    fast.evaluate("""() => { const input = document.createElement('input'); input.type = 'text';
        input.dataset.testid = 'typing-probe'; input.setAttribute('aria-label', 'probe');
        document.querySelector('[data-testid=game]').append(input); }""")
    moves = moves_played(fast)
    fast.get_by_test_id("typing-probe").focus()
    fast.keyboard.type("mu?pr")
    fast.keyboard.press("ArrowLeft")
    expect(fast.get_by_test_id("typing-probe")).to_have_value("mu?pr")
    assert fast.locator('[data-testid="menu-panel"], [data-testid="help-panel"], [data-testid="replay-banner"]').count() == 0
    assert moves_played(fast) == moves


def test_the_menu_holds_the_focus_and_gives_it_back(fast, open_app):
    open_app(fast)
    start_game(fast, seed="6")
    play_one_human_turn(fast)
    human_to_play(fast)
    fast.click('[data-testid="menu"]')
    expect(fast.get_by_test_id("export")).to_be_focused()  # the menu takes the focus
    count = fast.locator('[data-testid="menu-panel"] button, [data-testid="menu-panel"] a').count()
    for _ in range(count + 2):  # round and round: Tab never leaves the menu
        fast.keyboard.press("Tab")
        assert focus_is_inside(fast, "menu-panel")
    fast.get_by_test_id("export").focus()
    fast.keyboard.press("Shift+Tab")
    expect(fast.get_by_test_id("close-menu")).to_be_focused()
    fast.keyboard.press("Escape")
    expect(fast.get_by_test_id("menu-panel")).to_have_count(0)
    expect(fast.get_by_test_id("menu")).to_be_focused()  # back where the menu was opened
    fast.click('[data-testid="menu"]')
    fast.click('[data-testid="resign"]')
    expect(fast.get_by_test_id("confirm-dialog")).to_be_visible()
    expect(fast.get_by_test_id("menu-panel")).to_have_count(0)  # the question replaces the menu
    expect(fast.get_by_test_id("confirm-no")).to_be_focused()
    fast.keyboard.press("Tab")
    fast.keyboard.press("Tab")
    assert focus_is_inside(fast, "confirm-dialog")
    fast.keyboard.press("Escape")
    expect(fast.get_by_test_id("menu")).to_be_focused()


def test_coming_back_from_the_rules_does_not_reopen_the_menu(fast, open_app):
    open_app(fast)
    start_game(fast, seed="7")
    human_to_play(fast)
    fast.click('[data-testid="menu"]')
    fast.click('[data-testid="menu-rules"]')
    fast.wait_for_selector('[data-testid="rules"]')
    fast.go_back()
    fast.wait_for_selector('[data-testid="game"]')
    human_to_play(fast)
    expect(fast.get_by_test_id("menu-panel")).to_have_count(0)


def test_the_live_region_says_each_move_once(fast, open_app):
    open_app(fast)
    start_game(fast, seed="8")
    fast.evaluate("""() => { window.said = [];
        const region = document.querySelector('[data-testid=announcer]');
        new MutationObserver(() => window.said.push(region.textContent)).observe(region, {childList: true}); }""")
    for _ in range(3):
        play_one_human_turn(fast)
    human_to_play(fast)
    for _ in range(2):  # redraws without a move
        fast.click('[data-testid="menu"]')
        fast.keyboard.press("Escape")
    region = fast.get_by_test_id("announcer")
    assert region.get_attribute("aria-live") == "polite"
    assert fast.evaluate("() => document.getElementById('app').contains(document.querySelector('[data-testid=announcer]'))") is False
    said = " ".join(fast.evaluate("() => window.said"))
    numbers = [int(n) for n in re.findall(r"Move (\d+):", said)]
    assert numbers == list(range(1, moves_played(fast) + 1)), said


def test_the_turn_chime_is_made_in_the_page_and_only_when_switched_on(fast, open_app, request_log):
    fast.add_init_script("""window.chimes = 0;
        window.AudioContext = class extends window.AudioContext {
            createOscillator() { const o = super.createOscillator(); const start = o.start.bind(o);
                o.start = (...a) => { window.chimes += 1; start(...a); }; return o; } };""")
    requests = request_log(fast)
    open_app(fast)
    start_game(fast, seed="9")
    play_one_human_turn(fast)
    human_to_play(fast)
    assert fast.evaluate("() => window.chimes") == 0  # off by default
    fast.click('[data-testid="nav-settings"]')
    fast.check('[data-testid="sound"]')
    fast.go_back()
    fast.wait_for_selector('[data-testid="game"]')
    human_to_play(fast)
    play_one_human_turn(fast)
    fast.wait_for_function("() => window.chimes > 0", timeout=60_000)
    assert not [url for url in requests if re.search(r"\.(mp3|wav|ogg|m4a|aac|flac|opus)(\?|$)", url)]


def test_the_replay_viewer_by_mouse(fast, open_app):
    open_app(fast)
    start_game(fast, seed="10")
    for _ in range(3):
        play_one_human_turn(fast)
    human_to_play(fast)
    resign_from_menu(fast)
    total = moves_played(fast)
    fast.click('[data-testid="results-replay"]')
    expect(fast.get_by_test_id("replay-banner")).to_be_visible()
    assert replay_position(fast) == 0
    fast.click('[data-testid="replay-next"]')
    assert replay_position(fast) == 1
    fast.locator(f'{LOG} button[data-arg="3"]').click()  # jump to a move
    assert replay_position(fast) == 3
    expect(fast.locator(f"{LOG} li.current button")).to_have_attribute("data-arg", "3")
    fast.click('[data-testid="replay-last"]')
    assert replay_position(fast) == total
    expect(fast.get_by_test_id("replay-next")).to_be_disabled()
    fast.click('[data-testid="replay-first"]')
    assert replay_position(fast) == 0
    fast.click('[data-testid="replay-autoplay"]')
    expect(fast.get_by_test_id("replay-position")).to_contain_text(f"move {total} of {total}", timeout=60_000)
    expect(fast.get_by_test_id("replay-autoplay")).to_contain_text("Play")  # it stopped by itself at the end
    fast.click('[data-testid="replay-exit"]')
    expect(fast.get_by_test_id("results")).to_be_visible()
    # From Continue on the home screen, a finished game opens in the viewer.
    save_id = fast.url.split("#/play/")[1]
    fast.click('[data-testid="results-home"]')
    fast.click(f'[data-testid="replay-{save_id}"]')
    expect(fast.get_by_test_id("replay-banner")).to_be_visible()
    assert replay_position(fast) == 0


def test_the_replay_viewer_by_keyboard_keeps_the_move_in_view(fast, open_app):
    open_app(fast)
    start_game(fast, seed="11")
    for _ in range(7):
        if not play_one_human_turn(fast):
            break
    if not fast.locator('[data-testid="results"]').count():
        human_to_play(fast)
        resign_from_menu(fast)
    total = moves_played(fast)
    log_box = fast.locator(LOG)
    assert log_box.evaluate("e => e.scrollHeight > e.clientHeight"), "the log is too short to scroll"
    fast.keyboard.press("ArrowLeft")
    assert replay_position(fast) == total - 1
    fast.keyboard.press("Home")
    assert replay_position(fast) == 0
    fast.keyboard.press("ArrowRight")
    assert replay_position(fast) == 1
    # The first move sits at the bottom of the newest-first log: it was scrolled into view.
    in_view = fast.locator(f"{LOG} li.current").evaluate("""li => { const box = li.parentElement.getBoundingClientRect();
        const r = li.getBoundingClientRect(); return r.top >= box.top - 1 && r.bottom <= box.bottom + 1; }""")
    assert in_view
    fast.keyboard.press("End")
    assert replay_position(fast) == total
    fast.keyboard.press("Home")
    fast.keyboard.press("p")
    expect(fast.get_by_test_id("replay-autoplay")).to_contain_text("Pause")
    fast.keyboard.press("p")
    expect(fast.get_by_test_id("replay-autoplay")).to_contain_text("Play")
    stopped_at = replay_position(fast)
    assert stopped_at < total


def test_after_a_computers_move_the_next_move_is_one_key_press_away(context, open_app):
    """Keyboard only: presses from the computer's move to the player's next move (the figure of issue 13).
    Lone passes are the player's to press too, so no automatic move races the keyboard."""
    context.add_init_script(
        "localStorage.setItem('ludoteca:v1:settings', JSON.stringify({pace: 'fast', auto_forced: false}));")
    fast = context.new_page()
    open_app(fast)
    start_game(fast, seed="12")
    presses = []
    for _ in range(5):
        human_to_play(fast)
        fast.wait_for_function("() => !document.querySelector('[data-testid=status][data-thinking]')")
        before, count = moves_played(fast), 0
        while not fast.evaluate("sel => document.activeElement && document.activeElement.matches(sel)", MOVE_BUTTONS):
            fast.keyboard.press("Tab")
            count += 1
            assert count < 30, "Tab never reached a move"
        fast.keyboard.press("Enter")
        presses.append(count + 1)
        fast.wait_for_function(
            "n => Number(document.querySelector('[data-testid=game]').dataset.moves) > n", arg=before)
        if fast.locator('[data-testid="results"]').count():
            break
    print(f"\nkey presses from a computer's move to the next move: {presses}")
    assert max(presses) <= 2


PHONE = {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True}
TARGETS = ("#app button, #app a.btn, #app a.icon-btn, #app a.nav-link, #app a.brand, #app select,"
           " #app input[type=text], #app label.radio, #app label.file-btn")


def phone_problems(page, screen: str) -> list:
    """Horizontal scroll and touch targets smaller than 44 px, on the screen as it is."""
    problems = []
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    if width[0] > width[1]:
        problems.append(f"{screen}: page {width[0]} px wide in a {width[1]} px viewport")
    small = page.evaluate("""sel => [...document.querySelectorAll(sel)].filter(e => {
            const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
            return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && !e.closest('[aria-hidden=true]')
                && (r.width < 43.5 || r.height < 43.5); })
        .map(e => `${e.tagName.toLowerCase()}[${e.dataset.testid || e.className || e.textContent.trim().slice(0, 20)}]`
             + ` ${Math.round(e.getBoundingClientRect().width)}x${Math.round(e.getBoundingClientRect().height)}`)""",
                          TARGETS)
    problems += [f"{screen}: {target}" for target in small]
    cut = page.evaluate("""() => [...document.querySelectorAll('.scoreline .cname')]
        .filter(e => e.getBoundingClientRect().width > 0 && e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)""")
    problems += [f"{screen}: the name {name!r} is cut short in its chip" for name in cut]
    return problems


def tap_to(page, target: str, screen: str, name: str) -> list:
    """Taps `target`, waits for `screen` (a data-testid) and measures it."""
    page.tap(target)
    page.wait_for_selector(f'[data-testid="{screen}"]')
    return phone_problems(page, name)


@pytest.mark.timeout(600)
def test_every_screen_fits_a_360_wide_touch_phone(new_context, open_app):
    context = new_context(**PHONE)
    context.add_init_script(FAST_PLAY)
    page = context.new_page()
    open_app(page)
    problems = phone_problems(page, "home")
    problems += tap_to(page, '[data-testid="nav-settings"]', "settings", "settings")
    page.tap('[data-testid="nav-home"]')
    problems += tap_to(page, '[data-testid="rules-alphabeticell"]', "rules", "rules")
    page.tap('[data-testid="nav-home"]')
    for game in PLAYABLE:
        problems += tap_to(page, f'[data-testid="new-{game}"]', "setup", f"setup {game}")
        page.tap('[data-testid="nav-home"]')
        start_any_game(page, game, seed="3")
        page.wait_for_function("() => !document.querySelector('[data-testid=status][data-thinking]')", timeout=60_000)
        problems += phone_problems(page, f"play {game}")
        problems += tap_to(page, '[data-testid="menu"]', "menu-panel", f"menu {game}")
        page.tap('[data-testid="resign"]')
        problems += tap_to(page, '[data-testid="confirm-yes"]', "results", f"results {game}")
        problems += tap_to(page, '[data-testid="results-replay"]', "replay-banner", f"replay {game}")
        page.tap('[data-testid="nav-home"]')
        page.wait_for_selector('[data-testid="home"]')
    problems += phone_problems(page, "home with saves")
    assert problems == [], "\n".join(problems)
