"""The tutorial screen (ui/tutorial.py) in the app, with the fake browser: reached
from home, rules and an empty Continue list; a lesson's tries answered; progress
kept in storage; the last lesson starts a game against the easy computer."""

import json

from ludoteca.games import tutorial
from ludoteca.ui.tutorial import PROGRESS_KEY

from .fake_browser import make_app


def open_tutorial(game_id="psychopath"):
    app, browser = make_app()
    browser.app.navigate(f"#/learn/{game_id}")
    return app, browser


def test_home_rules_and_an_empty_continue_list_link_to_the_tutorial():
    app, browser = make_app()
    assert 'href="#/learn/psychopath"' in browser.html
    assert 'data-testid="tutorial-links"' in browser.html  # no saves yet
    assert browser.html.count('data-testid="learn-psychopath"') == 1  # the tile's; the list's has its own
    assert 'data-testid="learn-first-psychopath"' in browser.html
    browser.app.navigate("#/rules/psychopath")
    assert 'href="#/learn/psychopath"' in browser.html


def test_a_lesson_shows_its_goal_and_lights_its_nodes():
    app, browser = open_tutorial()
    assert app.route.name == "learn"
    assert 'data-lesson="move"' in browser.html
    assert app.t("psychopath.lesson.move.goal") in browser.html.replace("&#x27;", "'")
    assert 'data-lit class="marked spot' in browser.html


def test_a_wrong_try_gets_the_lessons_words_and_a_refused_one_the_engines():
    app, browser = open_tutorial()
    app.dispatch("move", "0:m 0 2")
    assert 'data-verdict="wrong"' in browser.html
    app.dispatch("move", "0:m 0 13")
    assert 'data-verdict="illegal"' in browser.html and "Node 13 is taken." in browser.html
    assert app.tutorial.attempt.state.board[0] != 0  # the doctor has not moved


def test_success_saves_progress_and_next_opens_the_next_lesson():
    app, browser = open_tutorial()
    app.dispatch("select", "n0")
    assert 'data-arg="0:m 0 37"' in browser.html
    app.dispatch("move", "0:m 0 37")
    assert 'data-verdict="done"' in browser.html
    progress = json.loads(browser.store.get(PROGRESS_KEY))
    assert progress["psychopath"]["done"] == ["move"]
    app.dispatch("lesson", "next")
    assert 'data-lesson="capture"' in browser.html
    app2, browser2 = make_app(browser.store)
    browser2.app.navigate("#/learn/psychopath")
    assert 'data-lesson="capture"' in browser2.html  # where the player left it


def test_the_last_lesson_ends_in_a_game_against_the_easy_computer():
    app, browser = open_tutorial()
    last = len(tutorial.lessons("psychopath")) - 1
    while app.tutorial.index < last:
        app.dispatch("lesson", "next")
    for move in app.tutorial.lesson.solved_by():
        app.dispatch("move", f"0:{move}")
    app.dispatch("lesson", "play")
    assert app.route.name == "play" or browser.hash.startswith("#/play/")
    browser.app.navigate(browser.hash)
    seats = app.session.seats
    assert seats[0].kind == "human" and seats[1].kind == "ai" and seats[1].level == "easy"


def test_a_game_without_a_tutorial_is_a_missing_page():
    app, browser = open_tutorial("nosuchgame")
    assert app.route.name == "missing"


def test_enter_on_a_place_that_plays_nothing_says_so():
    app, browser = open_tutorial()
    app.dispatch("no-target")
    assert 'data-verdict="not_goal"' in browser.html and app.t("game.no_target") in browser.html


def test_geonaxis_lessons_offer_pass_but_not_keep_passing():
    """Keep passing plays rounds for you in a game; a lesson plays none, so it is not offered there."""
    app, browser = open_tutorial("geonaxis")
    assert 'data-testid="pass"' in browser.html
    assert 'data-action="keep-passing"' not in browser.html
    app.dispatch("keep-passing", "0")  # a stale click, say
    assert app.tutorial.feedback is None and not app.tutorial.attempt.done
