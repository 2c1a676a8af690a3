"""The moves log of simultaneous rounds: one line a revealed round."""

import re

from ludoteca.core.match import HUMAN
from ludoteca.ui.app import SeatForm, SetupForm

from .fake_browser import make_app


def log_lines(html: str) -> list:
    log = html[html.index('data-testid="log"'):]
    log = log[:log.index("</ol>")]
    return [re.sub(r"<[^>]+>", "", item) for item in re.findall(r"<li[^>]*>(.*?)</li>", log)]


def three_player_geonaxis():
    app, browser = make_app()
    browser.app.navigate("#/new/geonaxis")
    seats = [SeatForm(name, HUMAN, "", "") for name in ("Ann", "Bob", "Cy")]
    app.start_game(SetupForm("geonaxis", 3, seats, {"table": "1", "pot": "standard", "rounds": 100}), seed=1)
    return app, browser


def test_a_revealed_round_is_one_line_and_an_open_round_keeps_its_has_chosen_lines():
    app, browser = three_player_geonaxis()
    for player, move in enumerate(("s 0 0", "s 1 0", "s 0 1")):
        app.match.play(player, move)
    app.match.play(0, "s -1 0")  # round 2: Ann has chosen, the others not yet
    app.render()
    lines = log_lines(browser.html)
    assert len(lines) == 2 and "has chosen" in lines[0] and "Ann" in lines[0]
    assert lines[1].startswith("Round 1") and all(name in lines[1] for name in ("Ann", "Bob", "Cy"))
    app.match.play(1, "s 1 -1")
    app.match.play(2, "s -1 1")
    app.render()
    lines = log_lines(browser.html)
    assert [line[:7] for line in lines] == ["Round 2", "Round 1"]


def test_replay_lists_every_submission_so_each_step_has_its_line():
    app, browser = three_player_geonaxis()
    for player, move in enumerate(("s 0 0", "s 1 0", "s 0 1")):
        app.match.play(player, move)
    app.dispatch("replay", "1")
    assert len(log_lines(browser.html)) == 3


def test_games_whose_reveal_does_not_list_everyone_keep_every_line():
    app, browser = make_app()
    browser.app.navigate("#/new/psychopath")
    app.start_game(SetupForm("psychopath", 2, [SeatForm("Ann", HUMAN, "", ""), SeatForm("Bob", HUMAN, "", "")], {}),
                   seed=1)
    for _ in range(4):
        state = app.match.state
        player = state.to_move()[0]
        app.match.play(player, next(iter(state.generate_moves(player))).text)
    app.render()
    assert len(log_lines(browser.html)) == 4
