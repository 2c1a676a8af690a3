"""At the table (issue 33): a whole physical-game session with the companion,
at 2 and 5 players, in English and in Italian: setup, the letters shown one
player at a time, 20 scored events (a doubt and a correction among them),
undo, a reload in the middle that loses nothing, the referee, and the goal.
Every screen axe-clean (light and dark) and usable at 360 px."""

import re

import pytest
from playwright.sync_api import expect

from ludoteca.games.alphagon.companion import Session

from browser_harness import wait_for_app_ready
from test_accessibility import axe_problems

NAMES = ["Ada", "Bea", "Cleo", "Dino", "Ezio"]
# (role, kind, length, other role): roles A and B are two seats (see seats_for).
EVENTS = [
    ("A", "close", 5, None), ("B", "close", 6, None), ("A", "doubt_lost", 4, "B"), ("B", "doubt_won", None, "A"),
    ("A", "declared", 7, None), ("B", "corrected", 5, "A"), ("A", "contradicted", 8, "B"), ("B", "syllable", None, None),
    ("A", "shape", None, None), ("B", "star", None, None),
    ("A", "cloud", None, None), ("B", "bonus_spent", None, None), ("A", "penalty", None, None),
    ("B", "close", 9, None), ("B", "long_letter", 9, None), ("A", "syllable", None, None), ("A", "close", 4, None),
    ("B", "shape", None, None), ("B", "close", 12, None), ("B", "declared", 6, None),
]
TEXTS = {
    "en": {"link": "At the table", "winner": "{name} wins with {points} points!", "yes": "Yes",
           "prefix": ("POLI", "At least one word in the dictionary starts with POLI.")},
    "it": {"link": "Al tavolo", "winner": "Vince {name} con {points} punti!", "yes": "Sì",
           "prefix": ("TAPP", "Almeno una parola del dizionario comincia con TAPP.")},
}


def seats_for(players: int, index: int) -> dict:
    """Roles to seats: with 5 players the second half of the session is two other players'."""
    return {"A": 0, "B": 1} if players == 2 or index < 10 else {"A": 2, "B": 3}


def model_after(players: int, events) -> Session:
    """The same events in the pure model: what the screen must show."""
    session = Session("en", NAMES[:players], ["red", "yellow", "green", "blue", "black"][:players], 1)
    for index, (role, kind, length, other) in events:
        seats = seats_for(players, index)
        if kind == "long_letter":
            session.score("long_prize", seats[role], prize="letter")
        else:
            session.score(kind, seats[role], seats[other] if other else None, length)
    return session


def score_event(page, players: int, index: int, event) -> None:
    role, kind, length, other = event
    seats = seats_for(players, index)
    page.click(f'[data-testid="table-who-{seats[role]}"]')
    if length is not None:
        page.click(f'[data-testid="table-length-{length}"]')
    if other is not None:
        page.click(f'[data-testid="table-other-{seats[other]}"]')
    before = page.locator('[data-testid="table-log"] li').count()
    page.click(f'[data-testid="table-ev-{kind}"]')
    expect(page.locator('[data-testid="table-log"] li')).to_have_count(before + 1)


def shown_points(page, players: int) -> list:
    return [int(re.search(r"\d+", page.locator(f'[data-testid="table-score-{seat}"] .tt-points').inner_text()).group())
            for seat in range(players)]


def check_screen(page, name: str) -> None:
    assert page.locator("#app h1").count() == 1, name
    assert axe_problems(page) == [], name
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{name} scrolls sideways by {overflow} px"
    small = page.evaluate("""() => [...document.querySelectorAll('[data-testid="table-session"] button,'
        + ' [data-testid="table-setup"] button, [data-testid="table-setup"] select, [data-testid="table-setup"] input')]
        .map(b => b.getBoundingClientRect()).filter(r => r.width && (r.width < 44 || r.height < 44)).length""")
    assert small == 0, f"{name} has {small} tap targets under 44 px"


@pytest.mark.parametrize("players, lang, scheme", [(2, "en", "light"), (5, "it", "dark"), (5, "en", "dark"),
                                                   (2, "it", "light")])
def test_a_whole_physical_game_session(new_context, open_app, players, lang, scheme):
    context = new_context(locale="it-IT" if lang == "it" else "en-GB", color_scheme=scheme,
                          viewport={"width": 360, "height": 740})
    page = context.new_page()
    open_app(page)
    texts = TEXTS[lang]
    expect(page.locator('[data-testid="table-alphagon"]')).to_have_text(texts["link"])
    page.click('[data-testid="table-alphagon"]')
    page.wait_for_selector('[data-testid="table-setup"]')
    page.select_option('[data-testid="table-players"]', str(players))
    for seat in range(players):
        page.fill(f'[data-testid="table-name-{seat}"]', NAMES[seat])
    check_screen(page, "setup")
    page.click('[data-testid="table-start"]')
    page.wait_for_selector('[data-testid="table-session"]')
    expect(page.locator('[data-testid="table-first"]')).to_be_visible()
    # The letters: one player at a time, hidden from the others.
    for seat in range(players):
        page.click(f'[data-testid="table-reveal-{seat}"]')
        expect(page.locator(f'[data-testid="table-rack-{seat}"] .tt-tile')).to_have_count(7)
        expect(page.locator('[data-testid^="table-rack-"]')).to_have_count(1)
    check_screen(page, "sequence")
    page.click('[data-testid="table-tab-score"]')
    for index, event in enumerate(EVENTS[:10]):
        score_event(page, players, index, event)
    check_screen(page, "score")
    points = shown_points(page, players)
    assert points == model_after(players, enumerate(EVENTS[:10])).scores()
    page.reload()  # in the middle of the game: nothing is lost
    wait_for_app_ready(page)
    page.wait_for_selector('[data-testid="table-session"]')
    expect(page.locator('[data-testid="table-log"] li')).to_have_count(10)
    assert shown_points(page, players) == points
    for index, event in enumerate(EVENTS[10:], start=10):
        score_event(page, players, index, event)
    expected = model_after(players, enumerate(EVENTS)).scores()
    assert shown_points(page, players) == expected
    assert max(expected) < (40 if players == 2 else 25)
    page.click('[data-testid="table-undo"]')  # undo the last one, then score it again, by keyboard
    expect(page.locator('[data-testid="table-log"] li')).to_have_count(19)
    page.focus('[data-testid="table-ev-declared"]')
    page.keyboard.press("Enter")
    expect(page.locator('[data-testid="table-log"] li')).to_have_count(20)
    # The referee: is there a word starting with these letters (a doubt)?
    page.click('[data-testid="table-tab-referee"]')
    page.select_option('[data-testid="table-question"]', "prefix")
    letters, explained = texts["prefix"]
    page.fill('[data-testid="table-letters"]', letters.lower())
    page.click('[data-testid="table-ask"]')
    expect(page.locator('[data-testid="table-verdict"]')).to_contain_text(explained)
    expect(page.locator('[data-testid="table-verdict"] .tt-answer')).to_have_text(texts["yes"])
    check_screen(page, "referee")
    page.click('[data-testid="table-keep"]')
    expect(page.locator('[data-testid="table-kept"]')).to_be_visible()
    # The goal: B closes a long word and wins.
    page.click('[data-testid="table-tab-score"]')
    winner = seats_for(players, 19)["B"]
    score_event(page, players, 20, ("B", "close", 9, None))
    final = expected[winner] + 6
    expect(page.locator('[data-testid="table-winner"]')).to_have_text(
        texts["winner"].format(name=NAMES[winner], points=final))
    expect(page.locator('[data-testid="table-ev-close"]')).to_be_disabled()
    check_screen(page, "goal")
    # Continue lists the session; it opens where it was.
    page.click('[data-testid="nav-home"]')
    row = page.locator('[data-testid="saves"] li').first
    expect(row).to_contain_text(texts["link"])
    row.locator('a').click()
    page.wait_for_selector('[data-testid="table-winner"]')
