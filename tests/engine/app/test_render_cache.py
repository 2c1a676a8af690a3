"""Cheap redraws (issue 31's timing): the log's lines are made once for what they depend on,
and what is cached never shows stale. The oracle for "nothing stale" is the same screen drawn
with every cache emptied."""

import re

import pytest

from ludoteca.core.match import HUMAN
from ludoteca.ui import screens
from ludoteca.ui.app import SeatForm, SetupForm

from .fake_browser import make_app


def psychopath_hotseat():
    app, browser = make_app()
    app.navigate("#/new/psychopath")
    app.start_game(SetupForm("psychopath", 2, [SeatForm("Ann", HUMAN, "", ""), SeatForm("Bob", HUMAN, "", "")], {}),
                   seed=3)
    return app, browser


def play_moves(app, count):
    for _ in range(count):
        state = app.match.state
        player = state.to_move()[0]
        app.match.play(player, next(iter(state.generate_moves(player))).text)


def uncached_page(app, browser):
    """The page drawn again with every log cache emptied."""
    app.play.log_cache.clear()
    app.render()
    return browser.html


def assert_nothing_stale(app, browser):
    shown = browser.html
    assert shown == uncached_page(app, browser)


def log_region(html):
    return html[html.index('data-region="log-prepend"'):].split("<!--/region-->")[0]


def test_a_redraw_after_one_move_makes_only_the_new_lines_markup(monkeypatch):
    app, browser = psychopath_hotseat()
    play_moves(app, 6)
    app.render()
    made = []
    original = screens.log_marks
    monkeypatch.setattr(screens, "log_marks", lambda *args: made.append(args[2]) or original(*args))
    play_moves(app, 2)  # the same player on screen again (a hotseat shows the player to move)
    app.render()
    assert made == [6, 7]  # the new entries' lines only; the six before come from the cache
    assert len(re.findall("<li", log_region(browser.html))) == 8
    assert_nothing_stale(app, browser)


def test_the_page_wide_name_pass_no_longer_walks_the_log(monkeypatch):
    """The log's lines arrive with their names already isolated: the page's pass finds none there."""
    app, browser = psychopath_hotseat()
    play_moves(app, 8)
    seen = []
    original = screens.isolate_names
    monkeypatch.setattr(screens, "isolate_names", lambda html: seen.append(html) or original(html))
    app.render()
    page = seen[-1]  # the whole page's markup, isolated last
    assert 'data-region="log-prepend"' in page
    assert screens.NAME_OPEN not in log_region(page)
    assert "<bdi>Ann</bdi>" in log_region(browser.html)


def test_a_renamed_player_is_never_shown_under_the_old_name_in_the_log():
    app, browser = psychopath_hotseat()
    play_moves(app, 4)
    app.render()
    assert "Ann" in log_region(browser.html)
    app.match.seats[0].name = "Zoe"  # as a guest's copy of the table learns a new name
    app.render()
    assert "Ann" not in log_region(browser.html) and "Zoe" in log_region(browser.html)
    assert_nothing_stale(app, browser)


def test_a_language_switch_rewords_every_cached_line():
    app, browser = psychopath_hotseat()
    play_moves(app, 4)
    app.render()
    english = log_region(browser.html)
    app.dispatch("pref", "language=it")
    app.navigate(f"#/play/{app.save_id}")
    italian = log_region(browser.html)
    assert italian != english
    assert_nothing_stale(app, browser)
    app.dispatch("pref", "language=en")
    app.navigate(f"#/play/{app.save_id}")
    assert log_region(browser.html) == english


@pytest.mark.parametrize("steps", [
    [("undo", "")],
    [("undo", ""), ("redo", "")],
    [("replay", "2")],
    [("replay", "2"), ("replay-step", "1"), ("replay-step", "last")],
    [("replay", "3"), ("replay-exit", "")],
])
def test_nothing_stale_after_undo_redo_and_replay(steps):
    app, browser = psychopath_hotseat()
    play_moves(app, 5)
    app.render()
    for action, arg in steps:
        app.dispatch(action, arg)
        assert_nothing_stale(app, browser)


def test_an_undone_move_replaced_by_another_shows_the_new_line():
    app, browser = psychopath_hotseat()
    play_moves(app, 4)
    app.render()
    app.dispatch("undo", "")
    state = app.match.state
    player = state.to_move()[0]
    app.match.play(player, list(state.generate_moves(player))[-1].text)
    app.render()
    assert_nothing_stale(app, browser)


def test_a_host_sends_a_guests_move_on_and_draws_it_in_a_task_of_its_own(monkeypatch):
    """The host's drawing of a guest's move waits for a later task, once for changes that come
    together (the guests are sent it in tasks of their own: test_host_tasks.py)."""
    from .test_devices import two_devices

    network, (host, host_browser), (guest, _guest_browser) = two_devices()
    later = []
    monkeypatch.setattr(host_browser, "after_this_task", later.append, raising=False)
    host.dispatch("move", f"0:{host.session.position().legal_moves(0).texts()[0]}")
    network.pump()
    assert later == [] and guest.session.move_count == 1  # the host's own move: drawn at once
    (player,) = host.session.position().to_move()
    assert player == 1
    guest.dispatch("move", f"1:{host.session.position().legal_moves(1).texts()[0]}")
    network.pump()
    assert host.session.move_count == 2 and guest.session.move_count == 2  # sent on to the guest
    assert 'data-moves="1"' in host_browser.html and len(later) == 1  # not drawn yet
    host.session._changed(made_here=False)  # another change before that task: one drawing
    assert len(later) == 1
    later.pop()()
    assert 'data-moves="2"' in host_browser.html


def regions_browser(browser, monkeypatch):
    """The fake browser, given what the page's does for one region (ui/browser.py): that region's
    markup set, the rest of the page as it was. Returns the lists of region and whole-page draws."""
    from ludoteca.ui import regions

    drawn = {"regions": [], "pages": 0}
    whole = browser.render

    def render(html):
        drawn["pages"] += 1
        whole(html)

    def render_region(name, inner):
        found = [match for match in regions.REGION.finditer(browser.html) if match.group(2) == name]
        if not found:
            return False
        drawn["regions"].append(name)
        browser.html = browser.html[:found[0].start(3)] + inner + browser.html[found[0].end(3):]
        return True

    monkeypatch.setattr(browser, "render", render)
    monkeypatch.setattr(browser, "render_region", render_region)
    return drawn


def clock_text_of(html):
    region = html[html.index('data-region="clock"'):].split("<!--/region-->")[0]
    return re.sub(r"<[^>]+>", "", region)


def test_a_tick_of_the_round_clock_redraws_its_region_alone_and_the_page_is_as_a_whole_redraw(monkeypatch):
    from ludoteca.core.match import AI

    from .test_round_clock import start

    app, browser = start([HUMAN, AI], timer=30)
    browser.advance(5)  # the computer has chosen (after its pause)
    drawn = regions_browser(browser, monkeypatch)
    before = clock_text_of(browser.html)
    browser.advance(3)
    assert drawn["pages"] == 0 and drawn["regions"] == ["clock"] * 3
    ticked = browser.html
    assert clock_text_of(ticked) != before
    app.render()
    assert browser.html == ticked  # nothing else would have changed
    browser.advance(30)  # the time runs out: a move is played for the seat, the whole page is drawn
    assert drawn["pages"] >= 2


def test_a_games_engine_is_looked_up_once_then_read_as_a_plain_attribute(monkeypatch):
    """A redraw reads `games[game_id]` many times (a guest's session, each time): the first read
    loads the engine, and later ones no longer go through the import machinery."""
    import importlib

    from ludoteca.games import registry

    package = registry.game_package("geonaxis")
    first = package.GAME
    imports = []
    original = importlib.import_module
    monkeypatch.setattr(importlib, "import_module", lambda *args: imports.append(args) or original(*args))
    assert registry.all_games()["geonaxis"] is first and package.GAME is first
    assert imports == []


def test_folding_revealed_rounds_looks_only_at_new_entries_and_undo_refolds(monkeypatch):
    """GeonAxis folds each revealed round's submissions into one line: the facts behind it are
    kept per entry, so a redraw looks up the positions of new entries only."""
    from .test_log_folding import log_lines, three_player_geonaxis

    app, browser = three_player_geonaxis()
    for player, move in enumerate(("s 0 0", "s 1 0", "s 0 1", "s -1 0", "s 1 -1")):
        app.match.play(player % 3, move)
    app.render()
    asked = []
    session = app.session
    original = type(session).position
    monkeypatch.setattr(type(session), "position", lambda self, at=None: asked.append(at) or original(self, at))
    app.match.play(2, "s -1 1")  # the second round revealed
    app.render()
    assert 5 in asked and not {1, 2, 3, 4} & set(asked)  # (0: the round clock's and hand-off's own question)
    assert [line[:7] for line in log_lines(browser.html)] == ["Round 2", "Round 1"]
    app.dispatch("undo", "")
    assert_nothing_stale(app, browser)


def test_a_host_sends_each_guest_after_the_first_in_a_task_of_its_own():
    """A change made on the host goes to the first guest at once and to each other guest in a
    later task of its own (one per guest however many changes come meanwhile): no one task sends
    to six devices."""
    from collections import deque

    from ludoteca.core.match import Match, Seat
    from ludoteca.games import registry
    from ludoteca.net.guest import GuestTable
    from ludoteca.net.remote import RemoteMatchSession
    from ludoteca.ui.session import HostedMatchSession
    from tests.engine.net.test_table import move_ids, tokens

    game = registry.all_games()["geonaxis"]
    match = Match(game, game.default_settings(4), 7, [Seat(name) for name in ("Ann", "Bob", "Cy", "Di")])
    queue, sent = deque(), []
    host = HostedMatchSession(match, "m-test", (1, 2, 3), tokens(),
                              send=lambda link, text: (sent.append(link), queue.append((link, text))))
    guests = {}
    for link in "abc":
        table = GuestTable(f"Guest {link}", move_ids(link))
        guests[link] = RemoteMatchSession({game.id: game}, table, lambda text, link=link: host.receive(link, text))
        host.receive(link, table.hello())

    def deliver():
        while queue:
            link, text = queue.popleft()
            guests[link].receive(text)

    deliver()
    later = []
    host.later = later.append
    sent.clear()
    host.play(0, host.position().legal_moves(0).texts()[0])
    assert sent == ["a"] and len(later) == 2  # b and c wait for tasks of their own
    host.play(1, host.position().legal_moves(1).texts()[0])  # another change before they run
    assert len(later) == 2
    while later:
        later.pop(0)()
    deliver()
    assert set(sent) == {"a", "b", "c"}
    assert all(guest.move_count == 2 for guest in guests.values())
