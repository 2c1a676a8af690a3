"""The computer players' scheduler (ui/computers.py), on its own: who thinks,
searches that go on or stop, and a cancelled search that never plays."""

from ludoteca.core.match import AI, HUMAN, Seat
from ludoteca.ui.app import PlayView
from ludoteca.ui.computers import ComputerPlayers, searches_still_sound, thinkers_now
from ludoteca.ui.session import LocalMatchSession

from ludoteca.games.council.rules import GAME
from .fake_browser import FakeBrowser
from .test_play_model import council_registered  # noqa: F401 - the toy Council game, registered


def council(kinds, seed=4):
    seats = [Seat(f"P{i}", kind, "easy" if kind == AI else "") for i, kind in enumerate(kinds)]
    return LocalMatchSession.start(GAME, GAME.default_settings(len(kinds)), seed, seats)


class Host:
    """Just what the scheduler asks of the app."""

    def __init__(self, session):
        self.session, self.browser, self.play = session, FakeBrowser(manual_clock=True), PlayView()
        self.prefs, self.stats, self.notices, self.unsaved = {"pace": "fast"}, {"ai_moves": []}, [], {}
        self.asking_before_leaving = False
        self.events: list = []

    def render(self):
        self.events.append("render")

    def _autosave(self):
        self.events.append("save")

    def _after_change(self):
        self.events.append("after")

    def notify(self, kind, text, topic=""):
        self.events.append((kind, text))

    def t(self, key, **values):
        return key


def test_every_computer_of_a_simultaneous_round_thinks_at_once_and_one_at_a_time_elsewhere():
    session = council([HUMAN, AI, AI])
    assert session.position().acting_mode() == "simultaneous" and thinkers_now(session) == (1, 2)
    assert thinkers_now(council([HUMAN, HUMAN, HUMAN])) == ()
    for player, text in ((0, "bid 2"), (1, "bid 0"), (2, "bid 0")):  # player 0 proposes: a turn
        session.play(player, text)
    assert session.position().acting_mode() == "turn" and thinkers_now(session) == ()
    session.play(0, "claim 1")
    assert session.position().acting_mode() == "response" and thinkers_now(session) == (1,)


def test_a_secret_choice_leaves_the_round_s_searches_sound_anything_else_does_not():
    assert searches_still_sound((1, 2), (1, 2), simultaneous_round=True)
    assert not searches_still_sound((1,), (1, 2), simultaneous_round=True)  # one of them has chosen
    assert not searches_still_sound((1, 2), (1, 2), simultaneous_round=False)
    assert not searches_still_sound((1, 2), (), simultaneous_round=True)  # nobody is thinking


def test_the_computers_of_a_round_play_and_the_app_hears_of_each_move():
    session = council([AI, AI, AI])
    host = Host(session)
    scheduler = ComputerPlayers(host)
    scheduler.start((0, 1, 2))
    assert host.play.ai_thinking == (0, 1, 2)
    host.browser.advance(60)
    assert session.move_count >= 3 and host.events.count("save") == 3 and host.events[-1] == "after"
    assert len(host.stats["ai_moves"]) == 3 and host.play.ai_thinking == ()


def test_a_cancelled_search_stops_at_its_next_slice_and_plays_nothing():
    session = council([HUMAN, AI, AI])
    host = Host(session)
    scheduler = ComputerPlayers(host)
    scheduler.start((1, 2))
    host.browser.run_pending()  # the searches begin: each waits for its first slice
    scheduler.cancel()  # the player changed something
    host.browser.advance(60)
    assert session.move_count == 0 and "save" not in host.events and "after" not in host.events


def test_a_broken_search_says_so_and_leaves_the_game_as_it_was():
    session = council([HUMAN, AI, AI])
    host = Host(session)
    host.session = session
    scheduler = ComputerPlayers(host)
    session.seats[1].level = "easy"

    class Broken(Exception):
        pass

    def broken_search(*_args):
        raise Broken("no search today")

    import ludoteca.ui.computers as computers
    original, computers.ai_search = computers.ai_search, broken_search
    try:
        scheduler.start((1,))
        host.browser.advance(1)
    finally:
        computers.ai_search = original
    assert host.play.ai_failed and host.play.ai_thinking == () and session.move_count == 0
    assert ("error", "error.ai_failed") in host.events and host.browser.errors
