"""A finished game stepped back in the replay viewer: the status line of a
past position shows no ending, the last one the true ending (issue 27)."""

import json
import random
import re

import pytest

from ludoteca.core.match import SEAT_COLOURS, Match, Seat
from ludoteca.core.protocol import Settings
from ludoteca.games import registry

from .fake_browser import make_app, shown_text


def finished_record(game_id: str) -> dict:
    """A short finished two-human game: PSYCHOPATH won by taking the
    psychopath in 19 moves (random moves, seed 5), GeonAxis passed out."""
    seats = [Seat("Ann", color=SEAT_COLOURS[0]), Seat("Bea", color=SEAT_COLOURS[1])]
    match = Match(registry.all_games()[game_id], Settings(2, {}), 5, seats)
    rng = random.Random(5)
    while not match.is_over:
        player = match.state.to_move()[0]
        texts = match.state.legal_moves(player).texts()
        match.play(player, "pass" if game_id == "geonaxis" and "pass" in texts else rng.choice(texts))
    return match.record()


def status_text(html):
    return re.search(r'data-testid="status"[^>]*>([^<]*)<', shown_text(html)).group(1)


@pytest.mark.parametrize("game, ending", [("psychopath", "psychopath.over.psychopath"), ("geonaxis", "geonaxis.end.passes")])
def test_stepping_back_from_the_end_shows_no_ending(game, ending):
    app, browser = make_app()
    app.import_text(json.dumps(finished_record(game)))
    over = app.t("results.title")
    final = status_text(browser.html)
    assert final.startswith(over) and app.t(ending, name="Ann").split(" ")[0] in final
    app.dispatch("replay", str(len(app.match.entries)))
    assert status_text(browser.html) == final  # the last position: the true ending
    for step in ("-1", "first"):
        app.dispatch("replay-step", step)
        text = status_text(browser.html)
        assert over not in text and "100" not in text


def test_the_replay_buttons_are_drawn_icons_with_spoken_labels():
    """⏮ ⏵ ⏭ are missing from some system fonts (an empty box): the buttons draw SVG."""
    app, browser = make_app()
    app.import_text(json.dumps(finished_record("psychopath")))
    app.dispatch("replay-step", "-1")
    banner = browser.html.split('data-testid="replay-banner"')[1].split("</div>")[0]
    assert not re.search("[\u23e9-\u23fa\u25b6\u25c0]", banner)
    for name in ("first", "previous", "next", "last"):
        step = re.search(rf'<button[^>]*data-testid="replay-{name}"[^>]*>(.*?)</button>', banner)
        assert f'aria-label="{app.t(f"game.replay_{name}")}"' in step.group(0)
        assert step.group(1).startswith('<svg class="icon"') and 'aria-hidden="true"' in step.group(1)
    autoplay = re.search(r'data-testid="replay-autoplay"[^>]*>(.*?)</button>', banner).group(1)
    assert autoplay.startswith("<svg") and autoplay.endswith(app.t("game.replay_play"))
