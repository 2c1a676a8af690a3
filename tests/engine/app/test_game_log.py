"""The game log (ui/game_log.py) through its own calls, on a session that has only plain
facts (as a guest's has): the engine's lines for a viewer and each entry's facts, no
state and no move. The same facts make the same lines on every device."""

from types import SimpleNamespace

from ludoteca.core.match import AI, HUMAN, Match, Seat
from ludoteca.core.session import MoveFacts
from ludoteca.games import registry
from ludoteca.ui.game_log import GameLog
from ludoteca.ui.i18n import Catalog
from ludoteca.ui.play_model import PlayView

from .fake_browser import FakeBrowser, shown_text


def psychopath_lines():
    """The engine's description of a first PSYCHOPATH move, for its mover."""
    game = registry.game_package("psychopath").GAME
    match = Match(game, game.default_settings(2), 4, [Seat("Ada"), Seat("Bo", AI, "easy")])
    match.play(0, match.state.legal_moves(0).texts()[0])
    return match.describe_entry(0, 0)


class FactsOnly:
    """Three entries as plain facts: a move forced as seat 0 may know it, a resigned seat's
    automatic move, a resignation. `described` counts the engine's descriptions asked for."""

    game_id = "psychopath"
    seats = [Seat("Ada", HUMAN), Seat("Bo", AI, "easy")]
    move_count = 3
    players_here = (0, 1)

    def __init__(self):
        self.lines = psychopath_lines()
        self.facts = [MoveFacts(0), MoveFacts(1, automatic=True), MoveFacts(1, resignation=True)]
        self.described = 0

    def move_facts(self, index):
        return self.facts[index]

    def describe_entry(self, index, viewer):
        self.described += 1
        return self.lines

    def move_forced(self, index, viewer):
        return index == 0 and viewer == 0

    def full_access(self):
        return None

    def parse_move(self, text):
        raise ValueError(text)


def log_of(session, language="en"):
    catalog = Catalog(language)
    browser = FakeBrowser()
    app = SimpleNamespace(session=session, catalog=catalog, t=catalog.t, play=PlayView(), browser=browser,
                          prefs={"sound": True})
    return GameLog(app), app


def test_each_line_is_worded_from_the_sessions_facts_alone():
    session = FactsOnly()
    log, _ = log_of(session)
    entries = [object() for _ in range(3)]
    mover, other = shown_text(log.line(0, entries[0], 0)), shown_text(log.line(0, entries[0], 1))
    assert "Ada had no other move" in mover and "no other move" not in other and other in mover
    assert "played for a player who resigned" in log.line(1, entries[1], 0)
    assert shown_text(log.line(2, entries[2], None)) == Catalog("en").t("game.log.resigned", name="Bo")


def test_a_line_is_computed_once_per_entry_viewer_and_language():
    session = FactsOnly()
    log, app = log_of(session)
    entry = object()
    first = log.line(0, entry, 0)
    assert log.line(0, entry, 0) == first and session.described == 1
    log.line(0, object(), 0)  # an undo and a new move: another entry at the same index
    assert session.described == 2
    app.catalog = Catalog("it")
    app.t = app.catalog.t
    assert "non aveva altre mosse" in log.line(0, entry, 0) and session.described == 3


def test_new_moves_are_said_once_and_a_computer_handing_back_the_turn_chimes():
    session = FactsOnly()
    log, app = log_of(session)
    model = SimpleNamespace(fresh=[SimpleNamespace(player=0), SimpleNamespace(player=1)], viewer=0, can_act=True)
    log.announce_fresh(model)
    ((text, language),) = app.browser.announced
    said = [app.t("game.announce", n=index + 1, move=log.line(index, entry, 0)) for index, entry in enumerate(model.fresh)]
    assert text == shown_text(" ".join(said)) and language == "en"
    assert "Ada had no other move" in text and app.browser.chimes == 1
    app.prefs["sound"] = False
    log.announce_fresh(model)
    assert app.browser.chimes == 1


def test_a_hint_that_cannot_be_described_is_its_move_text():
    session = FactsOnly()
    session.move_count = 0  # before the first move: the decision opened there
    log, _ = log_of(session)
    assert log.hint_line(0, "no such move") == "no such move"
