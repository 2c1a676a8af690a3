"""Keep passing and forced moves (ui/keep_passing.py) through the module's own calls."""

from ludoteca.core.match import AI, HUMAN
from ludoteca.games import registry
from ludoteca.ui.keep_passing import KeepPassing, only_move

from .test_app import start_vs_ai
from .fake_browser import make_app
from .test_keep_passing import moves_of, start


class Spot:
    """A position with given movers and moves (the Position calls only_move reads)."""

    def __init__(self, to_move, moves):
        self._to_move, self._moves = tuple(to_move), moves

    def to_move(self):
        return self._to_move

    def legal_moves(self, player):
        return self._moves if player in self._to_move else []


class PassOnly:
    @staticmethod
    def auto_play_forced(move):
        return move == "pass"


def test_only_a_single_move_the_game_lets_the_app_play_is_forced():
    assert only_move(Spot([0], ["pass"]), 0, PassOnly)
    assert not only_move(Spot([0], ["pass"]), 1, PassOnly)  # not to act
    assert not only_move(Spot([0], ["pass", "take"]), 0, PassOnly)  # a choice
    assert not only_move(Spot([0], ["take"]), 0, PassOnly)  # a single move of a kind the game keeps for the player


def test_the_verdict_is_off_until_chosen_and_the_game_s_own_rule_after():
    app, browser = start([HUMAN, AI])
    browser.run_pending()
    passing = app.keep_passing
    assert isinstance(passing, KeepPassing)
    assert passing.verdict(app.session.position(), 0) == ("off", None)
    assert not passing.stop(0)  # nothing to stop
    assert passing.choose(0) and moves_of(app, 0) == ["pass"]
    assert passing.verdict(app.session.position(), 0)[0] in ("play", "ask", "stop")
    assert passing.stop(0) and app.play.keep_passing == {}


def test_a_game_without_keep_passing_refuses_it():
    app, browser = make_app()
    start_vs_ai(app, browser)  # Alphabeticell: no standing pass
    browser.run_pending()
    assert not registry.game_ui("alphabeticell").KEEP_PASSING
    assert not app.keep_passing.choose(0) and app.play.keep_passing == {}


def test_a_forced_move_is_the_app_s_only_for_a_human_who_left_it_on():
    app, browser = start([HUMAN, AI])
    ui = PassOnly
    spot = Spot([0, 1], ["pass"])
    assert app.keep_passing.forced_in(spot, 0, ui)
    assert not app.keep_passing.forced_in(spot, 1, ui)  # the computer's seat chooses for itself
    app.prefs["auto_forced"] = False
    assert not app.keep_passing.forced_in(spot, 0, ui)
