"""GeonAxis "Keep passing": the app passes for a human in each round of play
until they stop it or something of theirs is at stake; agreements still ask."""

from ludoteca.core.match import AI, HUMAN
from ludoteca.games.geonaxis import ui as gx_ui
from ludoteca.games.geonaxis.rules import Propose

from ..geonaxis.helpers import play_round, position, ring
from .fake_browser import make_app, shown_text
from .test_play_model import start as start_game

WALL = {cell: (0 if i < 6 else 1) for i, cell in enumerate(ring((0, 0), 2))}


def start(kinds, seed="3"):
    app, browser = make_app()
    start_game(app, browser, kinds, seed, game="geonaxis")
    return app, browser


def moves_of(app, player):
    return [entry.move.text for entry in app.match.entries if entry.player == player]


# --- the game's verdict ---------------------------------------------------------------
def test_a_quiet_round_of_play_is_passed():
    state = position(WALL)
    view = state.view(0)
    assert gx_ui.standing_pass(view, view) == ("play", "pass")


def test_a_group_down_to_its_last_liberty_stops_the_passing():
    # Player 0's stone at the centre, five of its six neighbours taken by player 1.
    stones = {(0, 0): 0}
    stones.update({cell: 1 for cell in ring((0, 0))[:5]})
    view = position(stones).view(0)
    assert gx_ui.standing_pass(view, view) == ("stop", "geonaxis.stop_reason.atari")
    # The same shape with two liberties left is no reason to stop.
    del stones[ring((0, 0))[4]]
    calm = position(stones).view(0)
    assert gx_ui.standing_pass(calm, calm) == ("play", "pass")


def test_fewer_points_than_when_it_was_chosen_stops_the_passing():
    view = position(WALL).view(0)
    richer = dict(view, points=[view["points"][0] + 1] + view["points"][1:])
    assert gx_ui.standing_pass(view, richer) == ("stop", "geonaxis.stop_reason.points")
    poorer = dict(view, points=[view["points"][0] - 1] + view["points"][1:])
    assert gx_ui.standing_pass(view, poorer) == ("play", "pass")


def test_an_agreement_decision_is_asked_and_the_choice_kept():
    state = position(WALL)
    play_round(state, {0: Propose(-1, 0, 2)})
    assert state.phase == "agree"
    view = state.view(0)
    assert gx_ui.standing_pass(view, view) == ("ask", None)


# --- the app ---------------------------------------------------------------------------
def test_keep_passing_passes_now_and_in_the_rounds_after_until_stopped():
    app, browser = start([HUMAN, AI])
    browser.run_pending()
    assert app.play_model().actors == [0]
    app.dispatch("keep-passing", "0")
    assert moves_of(app, 0) == ["pass"]
    assert 'data-testid="keep-passing-banner"' in browser.html
    assert "Passing for Player 1 in every round of play." in shown_text(browser.html)
    browser.run_pending(limit=8)  # the computer's rounds and the passes between them
    assert len(moves_of(app, 0)) >= 3 and set(moves_of(app, 0)) == {"pass"}
    assert app.match.seats[1].kind == AI and len(moves_of(app, 1)) >= 3
    app.dispatch("stop-passing", "0")
    assert app.play.keep_passing == {} and 'data-testid="keep-passing-banner"' not in browser.html
    browser.run_pending()
    played = len(moves_of(app, 0))
    browser.run_pending()
    assert len(moves_of(app, 0)) == played and app.play_model().actors == [0]


def test_the_passing_stops_with_a_notice_when_the_player_loses_points():
    app, browser = start([HUMAN, AI])
    browser.run_pending()
    app.dispatch("keep-passing", "0")
    since = app.play.keep_passing[0]
    app.play.keep_passing[0] = dict(since, points=[since["points"][0] + 60] + since["points"][1:])
    browser.run_pending()
    assert app.play.keep_passing == {}
    assert "No more passing for Player 1: their points went down." in [shown_text(n.text) for n in app.notices]
    assert app.play_model().actors == [0]


def test_undo_ends_the_passing_so_the_taken_back_round_is_the_player_s_again():
    app, browser = start([HUMAN, AI])
    browser.run_pending()
    app.dispatch("keep-passing", "0")
    browser.run_pending(limit=4)
    app.dispatch("undo")
    assert app.play.keep_passing == {}
    browser.run_pending()
    assert app.play_model().actors == [0]


def test_only_a_player_who_may_act_now_can_choose_it():
    app, browser = start([HUMAN, AI])
    browser.run_pending()
    entries = len(app.match.entries)
    app.dispatch("keep-passing", "1")  # the computer's seat
    app.dispatch("keep-passing", "x")
    assert app.play.keep_passing == {} and len(app.match.entries) == entries


def test_on_a_shared_device_a_passing_seat_gets_no_hand_off_and_takes_no_device():
    app, browser = start([HUMAN, HUMAN, HUMAN])
    assert app.play_model().handoff == 0
    app.dispatch("reveal", "0")
    app.dispatch("keep-passing", "0")
    for player in (1, 2):
        assert app.play_model().handoff == player
        app.dispatch("reveal", str(player))
        app.dispatch("move", f"{player}:pass" if player == 2 else f"{player}:{first_stone(app, player)}")
    # A new round: player 0 passes by itself, and the device goes to player 1.
    assert app.play_model().handoff == 1
    app.dispatch("reveal", "1")
    browser.run_pending()
    model = app.play_model()
    assert moves_of(app, 0) == ["pass", "pass"]
    assert model.handoff is None and model.actors == [1] and model.viewer == 1


def first_stone(app, player):
    return next(text for text in app.match.state.legal_moves(player).texts() if text.startswith("s "))


def test_the_button_is_offered_in_a_round_of_play_in_both_languages():
    app, browser = start([HUMAN, AI])
    browser.run_pending()
    assert 'data-testid="keep-passing"' in browser.html and ">Keep passing<" in browser.html
    app.dispatch("pref", "language=it")
    assert ">Continua a passare<" in browser.html


def test_a_pass_already_on_its_way_is_not_played_once_stopped():
    app, browser = make_app(manual_clock=True)
    browser.app.navigate("#/new/geonaxis")
    app.dispatch("field", "seat.1.kind=human")
    app.dispatch("start")
    app.dispatch("reveal", "0")
    app.dispatch("keep-passing", "0")
    app.dispatch("reveal", "1")
    app.dispatch("move", f"1:{first_stone(app, 1)}")
    browser.run_pending()  # a new round: player 0's pass waits for its short pause
    assert len(moves_of(app, 0)) == 1
    app.dispatch("stop-passing", "0")
    browser.advance(5)
    assert len(moves_of(app, 0)) == 1 and app.play.keep_passing == {}


def test_reloading_the_game_ends_the_passing():
    app, browser = start([HUMAN, AI])
    browser.run_pending()
    app.dispatch("keep-passing", "0")
    browser.run_pending(limit=2)
    reloaded, browser_again = make_app(browser.store)
    reloaded.navigate(f"#/play/{app.save_id}")
    browser_again.run_pending()
    assert reloaded.play.keep_passing == {} and reloaded.play_model().actors == [0]
