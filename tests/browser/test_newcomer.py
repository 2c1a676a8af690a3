"""What a newcomer tripped over (issue 13), in the real page: the moves stay on
screen at desktop and phone sizes even with a notice shown, a long line of the
2018 rules stays inside the table, Undo after an automatic pass."""

import json
import pathlib
import re
import sys

import pytest
from playwright.sync_api import expect

PY_DIR = pathlib.Path(__file__).resolve().parents[2] / "py"
if str(PY_DIR) not in sys.path:  # the table markup below is drawn by the game's own Python
    sys.path.insert(0, str(PY_DIR))

from ludoteca.games.alphabeticell import ui as abc_ui  # noqa: E402
from test_play import FAST_PLAY, fast_page, moves_played  # noqa: E402, F401 (fast_page is a fixture)
from tests.engine.app.test_newcomer import ann_to_act, long_line_view  # noqa: E402
from test_new_games import start as start_any_game  # noqa: E402

BOOT_UNDER_LOAD_MS = 120_000  # a shared, busy machine boots Pyodide slowly; this is no speed check
SIZES = {"desktop": ({"width": 1280, "height": 800}, False), "phone": ({"width": 390, "height": 844}, True)}


def open_sized(new_context, open_app, size):
    viewport, mobile = SIZES[size]
    context = new_context(viewport=viewport, has_touch=mobile, is_mobile=mobile)
    context.add_init_script(FAST_PLAY)
    page = context.new_page()
    open_app(page, timeout_ms=BOOT_UNDER_LOAD_MS)
    return page


def start(page, seed="2", variant=None):
    page.click('[data-testid="new-alphabeticell"]')
    page.select_option('[data-testid="seat-1-level"]', "easy")
    if variant:
        page.select_option('[data-testid="variant-rules"]', variant)
    page.fill('[data-testid="seed"]', seed)
    page.click('[data-testid="start"]')
    page.wait_for_selector('[data-testid="controls"]')


def opened_and_started(page, open_app):
    open_app(page, timeout_ms=BOOT_UNDER_LOAD_MS)
    start(page)
    return page


def assert_moves_on_screen(page, moves='[data-testid="controls"] button'):
    """Every move button (`moves`) lies wholly inside the window scrolled to its top."""
    page.evaluate("scrollTo(0, 0)")
    height, width = page.evaluate("[innerHeight, innerWidth]")
    buttons = page.locator(moves)
    assert buttons.count() > 0
    for index in range(buttons.count()):
        box = buttons.nth(index).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, (index, box, height)
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (index, box, width)


@pytest.mark.parametrize("size", SIZES)
def test_the_moves_are_visible_without_scrolling_even_with_a_notice(new_context, open_app, size):
    page = open_sized(new_context, open_app, size)
    start(page)
    assert_moves_on_screen(page)  # the Keep cards
    page.locator('[data-testid="controls"] button').first.click()
    page.wait_for_selector('[data-testid^="take-"]')
    assert_moves_on_screen(page)  # the Take buttons
    page.click('[data-testid="undo"]')
    expect(page.locator('[data-testid="notice-info"]')).to_contain_text("Taken back")
    page.wait_for_selector('[data-testid^="keep-"]')
    assert_moves_on_screen(page)


@pytest.mark.parametrize("size", SIZES)
def test_alphagon_letters_and_buttons_are_visible_without_scrolling(new_context, open_app, size):
    page = open_sized(new_context, open_app, size)
    start_any_game(page, "alphagon", "5", players=3)
    page.wait_for_selector('[data-region="table"] [data-testid="controls"] button', timeout=60_000)
    assert_moves_on_screen(page, '[data-testid="rack"] button, [data-region="table"] [data-testid="controls"] button')


def test_alphagon_board_never_shrinks_below_320_px_on_a_phone_held_sideways(new_context, open_app):
    context = new_context(viewport={"width": 740, "height": 360}, has_touch=True, is_mobile=True)
    context.add_init_script(FAST_PLAY)
    page = context.new_page()
    open_app(page, timeout_ms=BOOT_UNDER_LOAD_MS)
    start_any_game(page, "alphagon", "5", players=3)
    page.wait_for_selector('[data-testid="rack"] button', timeout=60_000)
    assert page.locator('[data-testid="board"]').bounding_box()["width"] >= 319.5  # 60 px without the floor


@pytest.mark.parametrize("size", SIZES)
def test_a_twelve_card_line_of_the_2018_rules_stays_inside_the_table(new_context, open_app, size):
    page = open_sized(new_context, open_app, size)
    start(page, variant="2018")
    # The page's own table, with a long line drawn by the game's code, under the page's CSS.
    page.locator('[data-region="table"]').evaluate("(element, markup) => { element.innerHTML = markup; }",
                                                 abc_ui.render_table(long_line_view(12), ann_to_act()))
    table = page.locator('[data-testid="table"]').bounding_box()
    # The drawn cards and slots (not their invisible, larger tap areas: rect.hit).
    cards = page.locator('[data-testid="line-0"] .card rect:not(.hit), [data-testid="line-0"] .ghost rect:not(.hit)')
    assert cards.count() == 14  # twelve cards and a slot at each end
    for index in range(cards.count()):
        box = cards.nth(index).bounding_box()
        assert box["x"] >= table["x"] - 0.5 and box["x"] + box["width"] <= table["x"] + table["width"] + 0.5
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


def click_move(page, last=True):
    """Clicks the last move button (a pass when there is one) or the first, and waits for the move to land."""
    page.locator('[data-testid="controls"], [data-testid="results"]').first.wait_for(timeout=60_000)
    before = moves_played(page)
    buttons = page.locator('[data-testid="controls"] button')
    if buttons.count():
        (buttons.last if last else buttons.first).click()
    page.wait_for_function(
        "n => Number(document.querySelector('[data-testid=game]').dataset.moves) > n", arg=before)


def test_undo_after_an_automatic_pass_keeps_the_position_and_says_so(fast_page, open_app):  # noqa: F811 (a fixture)
    """Seed 2: the human's only move is soon a pass, which the app plays and explains."""
    page = opened_and_started(fast_page, open_app)
    automatic = page.locator('[data-testid="notice-info"]', has_text="Played automatically:")
    for _ in range(40):
        page.locator('[data-testid="controls"], [data-testid="results"]').first.wait_for()
        # The pass just played for the human, not one from earlier moves (a move clears its notice).
        if automatic.count() and page.locator('[data-testid^="take-"]').count():
            break
        click_move(page, last=False)
    expect(page.locator('[data-testid="notice-info"]')).to_contain_text("Played automatically:")
    moves = moves_played(page)
    page.click('[data-testid="undo"]')
    expect(page.locator('[data-testid="notice-info"]')).to_contain_text("Taken back")
    page.wait_for_selector('[data-testid="controls"] [data-testid^="take-"], [data-testid="controls"] [data-testid^="keep-"]')
    landed = moves_played(page)
    assert landed < moves
    expect(page.locator('[data-testid="redo"]')).to_be_enabled()
    # Nothing replays the pass: the count stays where Undo left it.
    page.wait_for_function("() => !document.querySelector('[data-testid=status][data-thinking]')")
    assert moves_played(page) == landed
    page.click('[data-testid="redo"]')
    page.wait_for_function("n => Number(document.querySelector('[data-testid=game]').dataset.moves) >= n", arg=moves)
    assert moves_played(page) == moves


def test_a_finished_round_shows_who_scored_what_and_why(fast_page, open_app):  # noqa: F811 (a fixture)
    page = opened_and_started(fast_page, open_app)
    summary = page.locator('[data-testid="round-summary"]')
    for _ in range(80):
        # Look once it is the player's move again: the computer's move that ends
        # the round may land after the player's, and the summary with it.
        page.locator('[data-testid="controls"] button, [data-testid="results"]').first.wait_for(timeout=60_000)
        if summary.count():
            break
        click_move(page)
    expect(summary.locator("h2")).to_contain_text(re.compile(r"Round 1 is over: .+\."))
    expect(summary.locator('[data-testid="round-score-0"]')).to_contain_text(re.compile(r"this round, \d+ in all"))
    expect(page.locator(".log")).to_contain_text("round 1 over")
    assert summary.is_visible()


def test_hotseat_status_names_the_player_in_the_take_or_pass_phase(fast_page, open_app):  # noqa: F811 (a fixture)
    page = fast_page
    open_app(page, timeout_ms=BOOT_UNDER_LOAD_MS)
    page.click('[data-testid="new-alphabeticell"]')
    page.select_option('[data-testid="seat-1-kind"]', "human")
    page.fill('[data-testid="seat-0-name"]', "Alice")
    page.fill('[data-testid="seat-1-name"]', "Bob")
    page.fill('[data-testid="seed"]', "7")
    page.click('[data-testid="start"]')
    for _ in range(2):  # each player: the hand-off, then the card they keep
        page.locator('[data-testid="reveal"], [data-testid^="keep-"]').first.wait_for()
        if page.locator('[data-testid="reveal"]').count():
            page.click('[data-testid="reveal"]')
        page.locator('[data-testid^="keep-"]').first.click()
    page.wait_for_selector('[data-testid="pass"]')
    expect(page.locator('[data-testid="status"]')).to_have_text(re.compile(r"^(Alice|Bob): Take \w\w or pass\?$"))


def test_letter_strip_label_unused_letters_and_rules_page_wording(fast_page, open_app):  # noqa: F811 (a fixture)
    page = opened_and_started(fast_page, open_app)
    expect(page.locator('[data-testid="strip-label"]')).to_have_text("Still unseen: cards per letter")
    assert page.locator('[data-testid="strip-label"]').is_visible()
    page.locator('[data-testid^="keep-"]').first.click()
    page.wait_for_selector('[data-testid^="take-"]')
    page.locator('[data-testid^="take-"]').first.click()
    faded = page.locator('[data-testid="line-0"] .card text.faded').first
    faded.wait_for(state="attached")
    fill, opacity = faded.evaluate("e => [getComputedStyle(e).fill, getComputedStyle(e).opacity]")
    assert fill == "rgb(107, 107, 107)" and opacity == "1"  # 5:1 on the card, not a 1.5:1 ghost
    page.goto(page.url.split("#")[0] + "#/rules/alphabeticell")
    rulings = page.locator(".rulings")
    expect(rulings).to_contain_text("R1.")
    assert "tests/" not in page.locator('[data-testid="rules"]').inner_text()


# Every drawn shape of each picture, in page pixels, against the region its
# viewBox maps to (a shape past that edge is cut off), and each card's letters
# against the card's middle.
PICTURE_OVERFLOW_JS = """(selector) => [...document.querySelectorAll(selector)].flatMap((svg, index) => {
    const box = svg.viewBox.baseVal, m = svg.getScreenCTM();
    const left = m.a * box.x + m.e, top = m.d * box.y + m.f;
    const right = m.a * (box.x + box.width) + m.e, bottom = m.d * (box.y + box.height) + m.f;
    return [...svg.querySelectorAll('path, circle, rect, polygon, line, text')].flatMap(shape => {
        const r = shape.getBoundingClientRect();
        const out = r.left < left - 0.5 || r.top < top - 0.5 || r.right > right + 0.5 || r.bottom > bottom + 0.5;
        return out ? [`${selector} #${index} <${shape.tagName}> ${JSON.stringify(r)} outside ${[left, top, right, bottom]}`] : [];
    });
})"""
LETTERS_OFF_CENTRE_JS = """(selector) => [...document.querySelectorAll(selector)].flatMap(card => {
    const frame = card.querySelector('rect').getBoundingClientRect();
    return [...card.querySelectorAll('text')].flatMap(letter => {
        const r = letter.getBoundingClientRect();
        const off = Math.abs((r.left + r.right) / 2 - (frame.left + frame.right) / 2);
        return off > 1 ? [`${letter.textContent} is ${off.toFixed(1)} px off its card's middle`] : [];
    });
})"""


@pytest.mark.parametrize("size", SIZES)
def test_pictures_and_keep_cards_draw_inside_their_frames_with_centred_letters(new_context, open_app, size):
    page = open_sized(new_context, open_app, size)
    assert page.locator(".tile-art svg").count() >= 4
    assert page.evaluate(PICTURE_OVERFLOW_JS, ".tile-art svg") == []
    assert page.locator(".tile-art .card").count() >= 3
    assert page.evaluate(LETTERS_OFF_CENTRE_JS, ".tile-art .card") == []
    start(page)
    page.wait_for_selector('[data-testid^="keep-"]')
    assert page.evaluate(PICTURE_OVERFLOW_JS, '[data-testid^="keep-"] svg') == []
    assert page.evaluate(LETTERS_OFF_CENTRE_JS, '[data-testid^="keep-"] .card') == []


def long_hotseat_record(moves_wanted: int) -> dict:
    """A two-human Alphabeticell record of random legal moves, still running after `moves_wanted` moves."""
    import random

    from ludoteca.core.match import Match, Seat
    from ludoteca.core.protocol import Settings
    from ludoteca.games.registry import all_games

    game = all_games()["alphabeticell"]
    match = Match(game, Settings(2), seed=3, seats=[Seat("Ann"), Seat("Bea")])
    chooser = random.Random(3)
    while len(match.entries) < moves_wanted:
        player = match.state.to_move()[0]
        match.play(player, chooser.choice(list(match.state.legal_moves(player))))
    assert not match.is_over
    return match.record()


@pytest.mark.parametrize("size", SIZES)
def test_move_numbers_of_three_digits_are_shown_whole_in_the_log(new_context, open_app, size, tmp_path):
    page = open_sized(new_context, open_app, size)
    path = tmp_path / "long.json"
    path.write_text(json.dumps(long_hotseat_record(120)))
    page.set_input_files('[data-testid="import-input"]', str(path))
    page.wait_for_selector('[data-testid="game"]')
    assert moves_played(page) >= 120
    log = page.locator('[data-testid="log"]')
    assert log.locator("li").count() >= 120
    # A list marker ("120.") is drawn in the list's left padding: the padding must hold the widest one.
    room, widest = log.evaluate("""list => {
        const style = getComputedStyle(list.querySelector('li'));
        const pen = document.createElement('canvas').getContext('2d');
        pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const label = `${list.querySelectorAll('li').length}. `;
        return [parseFloat(getComputedStyle(list).paddingLeft), pen.measureText(label).width];
    }""")
    assert widest <= room, (widest, room)
