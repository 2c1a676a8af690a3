"""Each game's tutorial in the real app, followed as a new player would (issue 32):
from the home screen with nothing saved, every lesson's goal read, its moves made
on the table by clicks (the first lesson by keyboard alone), at least one wrong
try answered with its reason, in English and in Italian, ending in a first game
against the easy computer. Also: axe in both themes and a 360 px phone.

Each walk prints its estimate of a new player's time: the words read (goals and
answers, at 180 words a minute) plus 4 s for each click or key press."""

import json
import re

import pytest
from playwright.sync_api import expect

from ludoteca.games import registry, tutorial
from ludoteca.ui import i18n
from ludoteca.ui.tutorial import light_attribute

from test_accessibility import axe_problems
from test_play import FAST_PLAY

TABLE = '[data-region="table"]'
WORDS_PER_MINUTE = 180
SECONDS_PER_ACTION = 4
PHONE = {"width": 360, "height": 740}


def text(language: str, key: str, **params) -> str:
    """A message as the app shows it (the catalog's text, the game's and the tutorial's)."""
    messages = dict(i18n.MESSAGES[language])
    for game_id in registry.PLAYABLE:
        messages.update(registry.game_ui(game_id).MESSAGES[language])
        messages.update(tutorial.messages(game_id)[language])
    found = messages[key]
    return found.format(**params) if params else found


class Walk:
    """A new player's way through one tutorial: what they read and what they press."""

    def __init__(self, page, language: str):
        self.page, self.language = page, language
        self.words = 0
        self.actions = 0

    def read(self, selector: str) -> str:
        shown = self.page.locator(selector).inner_text()
        self.words += len(shown.split())
        return shown

    def click(self, selector: str) -> None:
        self.page.locator(selector).click()
        self.actions += 1

    def key(self, selector: str, key: str = "Enter") -> None:
        self.page.locator(selector).focus()
        self.page.keyboard.press(key)
        self.actions += 1

    def feedback(self, kind: str) -> str:
        box = self.page.locator('[data-testid="lesson-feedback"]')
        expect(box).to_have_attribute("data-verdict", kind)
        return self.read('[data-testid="lesson-feedback"]')

    @property
    def seconds(self) -> float:
        return self.words * 60 / WORDS_PER_MINUTE + self.actions * SECONDS_PER_ACTION


# --- how a move text is made on each game's table ---------------------------------------
def psychopath_move(walk: Walk, move: str, keyboard: bool = False) -> None:
    act = walk.key if keyboard else walk.click
    parts = move.split()
    if parts[0] == "r":
        act(f'{TABLE} [data-testid="resurrect-{parts[1]}"]')
        return
    act(f'{TABLE} [data-testid="node-{parts[1]}"]')
    expect(walk.page.locator(f'{TABLE} [data-testid="node-{parts[2]}"][data-action="move"]')).to_have_count(1)
    act(f'{TABLE} [data-testid="node-{parts[2]}"]')


def alphabeticell_move(walk: Walk, move: str, keyboard: bool = False) -> None:
    act = walk.key if keyboard else walk.click
    parts = move.split()
    if parts[0] in ("keep", "pass"):
        act(f'{TABLE} [data-testid="{move.replace(" ", "-")}"]')
        return
    slot = f'{TABLE} [data-testid="ghost-{parts[1]}"]'
    if walk.page.locator(slot).get_attribute("data-action") == "select":  # several ways to place it there
        act(slot)
        slot = f'{TABLE} [data-testid="choice-{move.replace(" ", "-")}"]'
    act(slot)


def geonaxis_move(walk: Walk, move: str, keyboard: bool = False) -> None:
    act = walk.key if keyboard else walk.click
    parts = move.split()
    if parts[0] == "s":
        act(f'{TABLE} [data-testid="cell-{parts[1]}-{parts[2]}"]')
    elif parts[0] == "t":
        act(f'{TABLE} [data-testid="select-tile"]')
        act(f'{TABLE} [data-testid="spot-{parts[1]}-{parts[2]}"]')
    elif parts[0] == "challenge":  # the wager beside the area, then a cell of it
        act(f'{TABLE} [data-testid^="challenge-"][data-testid$="-{parts[3]}"]')
        act(f'{TABLE} [data-testid="cell-{parts[1]}-{parts[2]}"]')
    elif parts[0] == "propose":  # the amount in the area's row
        act(f'{TABLE} [data-testid="{move.replace(" ", "-")}"]')
    elif parts[0] == "wager":  # the lessons stake the agreed amount, honestly
        act(f'{TABLE} [data-testid="stake-honest"]')
    else:
        act(f'{TABLE} [data-testid="{parts[0]}"]')


def alphagon_move(walk: Walk, move: str, keyboard: bool = False) -> None:
    act = walk.key if keyboard else walk.click
    parts = move.split()
    if parts[0] in ("start", "place"):
        letter = parts[-1]
        rack = walk.page.locator(f'{TABLE} [data-testid="rack"] button')
        index = [rack.nth(i).inner_text() for i in range(rack.count())].index(letter)
        act(f'{TABLE} [data-testid="rack-{index}"]')
        act(f'{TABLE} g[data-cell="{parts[1]}"]')
        if parts[0] == "start":  # the flag, then the square beside it
            act(f'{TABLE} g[data-cell][data-arg="0:{move}"]')
    elif parts[0] in ("declare", "contradict", "correct"):  # a word typed into its form, then Enter
        field = f'{TABLE} [data-testid="input-{parts[0]}"]'
        walk.page.locator(field).fill(parts[1])
        walk.actions += 1
        walk.key(field)
    else:
        act(f'{TABLE} [data-testid="{move.replace(" ", "-")}"]')


MOVERS = {"psychopath": psychopath_move, "alphabeticell": alphabeticell_move, "geonaxis": geonaxis_move,
          "alphagon": alphagon_move}
# One wrong try a game, at least: (lesson id, move text, the answer's kind, its message key and params).
WRONG_TRIES = {
    "psychopath": [("move", "m 0 2", "wrong", "psychopath.lesson.move.wrong", {}),
                   ("danger", "m 19 13", "illegal", "error.psychopath.suicide", {"node": 13}),
                   ("paralysis", "m 2 8", "illegal", "error.psychopath.paralysed", {"node": 2})],
    "alphabeticell": [("letter", "take R Y", "wrong", "alphabeticell.lesson.letter.wrong", {}),
                      ("eleven", "pass", "wrong", "alphabeticell.lesson.eleven.wrong", {})],
    "geonaxis": [("breathing", "s 2 -2", "illegal", "error.geonaxis.no_liberty", {}),
                 ("challenge", "s 0 0", "illegal", "error.geonaxis.protected", {}),
                 ("renew", "cancel", "wrong", "geonaxis.lesson.renew.wrong", {})],
    "alphagon": [("doubt", "pass", "wrong", "alphagon.lesson.doubt.wrong", {}),
                 ("declare", "accept", "wrong", "alphagon.lesson.declare.wrong", {}),
                 ("close", "end", "wrong", "alphagon.lesson.close.wrong", {})],
}


def follow_tutorial(page, game_id: str, language: str) -> Walk:
    """From the home screen with nothing saved, through every lesson, into the first game."""
    walk = Walk(page, language)
    expect(page.locator('[data-testid="tutorial-links"]')).to_be_visible()  # an empty Continue list points here
    walk.click(f'[data-testid="learn-first-{game_id}"]')
    expect(page.locator('[data-testid="tutorial"]')).to_be_visible()
    lessons = tutorial.lessons(game_id, language)
    wrong = {}
    for lesson_id, move, kind, key, params in WRONG_TRIES[game_id]:
        wrong.setdefault(lesson_id, []).append((move, kind, key, params))
    for number, lesson in enumerate(lessons):
        expect(page.locator('[data-testid="tutorial"]')).to_have_attribute("data-lesson", lesson.id)
        expect(page.locator('[data-testid="lesson-progress"]')).to_contain_text(
            text(language, "tutorial.progress", n=number + 1, total=len(lessons)))
        walk.read('[data-testid="lesson-title"]')
        goal = walk.read('[data-testid="lesson-goal"]')
        assert text(language, lesson.goal) in goal
        for token in lesson.light:
            expect(page.locator(f'{TABLE} [{light_attribute(token)}]')).to_have_attribute("data-lit", "")
        for move, kind, key, params in wrong.get(lesson.id, ()):
            MOVERS[game_id](walk, move)
            answer = walk.feedback(kind)
            assert text(language, key, **params) in answer, (answer, key)
            expect(page.locator('[data-testid="tutorial"]')).to_have_attribute("data-done", "0")
        for move in lesson.solved_by():
            MOVERS[game_id](walk, move, keyboard=number == 0)  # the first lesson by keyboard alone
        assert walk.feedback("done") == text(language, lesson.done)
        if number + 1 < len(lessons):
            expect(page.locator('[data-testid="lesson-next"]')).to_be_focused()  # Enter goes on
            page.keyboard.press("Enter")
            walk.actions += 1
    walk.key('[data-testid="lesson-play"]')
    page.wait_for_selector('[data-testid="game"]')
    assert page.url.split("#")[1].startswith("/play/")
    return walk


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game_id", sorted(MOVERS))
@pytest.mark.parametrize("locale,language", [("en-US", "en"), ("it-IT", "it")])
def test_a_new_player_follows_the_tutorial_into_a_first_game(new_context, open_app, game_id, locale, language):
    context = new_context(locale=locale)
    context.add_init_script(FAST_PLAY)
    page = context.new_page()
    open_app(page)
    walk = follow_tutorial(page, game_id, language)
    assert page.get_attribute(".shell", "lang") == language
    expect(page.locator('[data-testid="game"]')).to_have_attribute("data-game", game_id)
    progress = json.loads(page.evaluate("() => localStorage.getItem('ludoteca:v1:tutorial')"))
    assert progress[game_id]["done"] == [lesson.id for lesson in tutorial.lessons(game_id, language)]
    print(f"\n{game_id} tutorial, {language}: {len(tutorial.lessons(game_id, language))} lessons, {walk.words} words read,"
          f" {walk.actions} clicks and keys: about {walk.seconds / 60:.1f} min")
    assert walk.seconds <= 5 * 60


@pytest.mark.parametrize("game_id", sorted(MOVERS))
def test_the_tutorial_on_a_phone_is_axe_clean_in_both_themes_with_44_px_targets(new_context, open_app, game_id):
    context = new_context(viewport=PHONE)
    page = context.new_page()
    open_app(page)
    page.click(f'[data-testid="learn-{game_id}"]')
    expect(page.locator('[data-testid="tutorial"]')).to_be_visible()
    lesson = tutorial.lessons(game_id)[0]
    MOVERS[game_id](Walk(page, "en"), lesson.wrong and next(iter(lesson.wrong)) or lesson.solved_by()[0])
    expect(page.locator('[data-testid="lesson-feedback"]')).to_be_visible()
    assert page.locator("#app h1").count() == 1
    found = {}
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        problems = axe_problems(page)
        if problems:
            found[scheme] = problems
    assert found == {}, json.dumps(found, indent=1)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    for button in page.locator('[data-testid="tutorial"] .lesson-nav .btn').all():
        box = button.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, button.get_attribute("data-testid")


def test_progress_survives_a_reload_and_the_rules_page_links_to_the_tutorial(context, open_app):
    page = context.new_page()
    open_app(page)
    page.click('[data-testid="rules-psychopath"]')
    page.click('[data-testid="rules"] [data-testid="learn-psychopath"]')
    walk = Walk(page, "en")
    psychopath_move(walk, tutorial.lessons("psychopath")[0].solved_by()[0])
    walk.feedback("done")
    page.click('[data-testid="lesson-next"]')
    expect(page.locator('[data-testid="tutorial"]')).to_have_attribute("data-lesson", "capture")
    page.reload()
    page.wait_for_selector('[data-testid="tutorial"]')
    expect(page.locator('[data-testid="tutorial"]')).to_have_attribute("data-lesson", "capture")
    expect(page.locator('[data-testid="lesson-progress"]')).not_to_have_text(re.compile("done"))
    page.click('[data-testid="lesson-previous"]')
    expect(page.locator('[data-testid="lesson-progress"]')).to_contain_text("done")


def test_a_lesson_by_keyboard_alone_tab_arrows_and_enter(context, open_app):
    """Tab reaches the board (one stop), the arrow keys move on it, Enter plays; Next then has the focus."""
    page = context.new_page()
    open_app(page)
    page.goto(page.url.split("#")[0] + "#/learn/geonaxis")
    expect(page.locator('[data-testid="tutorial"]')).to_have_attribute("data-lesson", "stone")
    expect(page.locator(f'{TABLE} [data-testid="pass"]')).to_be_visible()
    expect(page.locator('[data-action="keep-passing"]')).to_have_count(0)  # a lesson plays no rounds for you
    for _ in range(30):  # from the top of the page, as a keyboard user arrives
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.hasAttribute('data-nav')"):
            break
    assert page.evaluate("() => document.activeElement.closest('[data-region=\"table\"]') !== null")
    first = page.evaluate("() => document.activeElement.dataset.testid")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.dataset.testid") != first
    page.keyboard.press("Enter")
    expect(page.locator('[data-testid="lesson-feedback"]')).to_have_attribute("data-verdict", "done")
    expect(page.locator('[data-testid="lesson-next"]')).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator('[data-testid="tutorial"]')).to_have_attribute("data-lesson", "collision")
