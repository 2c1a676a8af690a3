"""Play on several devices, the whole app under CPython: two fake browsers (a host and a
guest) linked by a fake network (tests/engine/app/fake_browser.py's FakeNetwork, standing
for web/net/link.mjs). The setup's "on another device", the host's pairing panel, the
guest's join route and its table, the host leaving, a guest's reload, and the menu entry
of a running game."""

import json
import random
import re

from ludoteca.net.remote import RemoteMatchSession
from ludoteca.ui.session import HostedMatchSession

from .fake_browser import FakeNetwork, make_device, shown_text


def setup_with_remote_seat(host, game_id="psychopath"):
    host.navigate(f"#/new/{game_id}")
    host.dispatch("field", "seat.1.kind=remote")
    host.dispatch("start")


def pair(network, host, host_browser, guest, guest_browser):
    """The host invites, the guest opens the link, the host pastes the guest's answer."""
    host.dispatch("devices", "invite")
    network.pump()
    link = re.search(r'value="([^"]+)" data-testid="devices-link"', host_browser.html)
    assert link, "the host shows its invitation's link"
    offer = link.group(1).split("#/join/")[1]
    guest.navigate(f"#/join/{offer}")
    network.pump()
    answer = re.search(r'data-testid="join-answer">([^<]+)<', guest_browser.html).group(1)
    host.dispatch("field", f"devices.answer={answer}")
    host.dispatch("devices", "accept")
    network.pump()


def two_devices(game_id="psychopath"):
    network = FakeNetwork()
    host, host_browser = make_device(network)
    guest, guest_browser = make_device(network)
    setup_with_remote_seat(host, game_id)
    pair(network, host, host_browser, guest, guest_browser)
    return network, (host, host_browser), (guest, guest_browser)


def test_a_seat_set_on_another_device_opens_the_pairing_panel_and_a_guest_joins_it():
    network = FakeNetwork()
    host, host_browser = make_device(network)
    guest, guest_browser = make_device(network)
    setup_with_remote_seat(host)
    assert isinstance(host.session, HostedMatchSession) and host.session.remote_seats == (1,)
    assert 'data-testid="devices-panel"' in host_browser.html
    pair(network, host, host_browser, guest, guest_browser)
    assert isinstance(guest.session, RemoteMatchSession) and guest.route.name == "play"
    assert 'data-testid="game"' in guest_browser.html and 'data-testid="guest-banner"' in guest_browser.html
    assert host.session.connected(1)
    assert "connected" in shown_text(host_browser.html)
    # The guest has no record to export and hosts nothing; its computers think on the host.
    guest.dispatch("menu")
    assert 'data-testid="export"' not in guest_browser.html and 'data-testid="menu-devices"' not in guest_browser.html


def legal_texts_of(app, player):
    return [move.text for move in app.session.position().legal_moves(player)]


def test_a_whole_psychopath_game_is_played_across_two_devices():
    network, (host, host_browser), (guest, guest_browser) = two_devices()
    rng = random.Random(3)
    host.session.full_access()  # the host holds the whole match
    for _ in range(400):
        if host.session.is_over:
            break
        (player,) = host.session.position().to_move()
        app = host if player == 0 else guest
        assert app.play_model().actors == [player], "each device acts only for its own seat"
        other = guest if player == 0 else host
        assert other.play_model().actors == []
        moves = host.session.move_count
        app.dispatch("move", f"{player}:{rng.choice(legal_texts_of(host, player))}")
        network.pump()
        assert host.session.move_count > moves and guest.session.move_count == host.session.move_count
    assert host.session.is_over and guest.session.is_over
    assert guest.session.final_places() == host.session.final_places()
    assert 'data-testid="game"' in guest_browser.html
    # The guest's log reads as the host's (a perfect-information game: the same lines).
    host_log = re.findall(r'class="logbtn"[^>]*>([^<]*)<', host_browser.html)
    guest_log = re.findall(r'class="logbtn"[^>]*>([^<]*)<', guest_browser.html)
    assert host_log == guest_log and len(host_log) == host.session.move_count


def test_a_guest_move_chosen_on_a_position_gone_by_changes_nothing_and_says_nothing():
    """A guest catching up through a backlog may play a forced move by itself on a position its
    seat has moved on from; the host does not apply it, and the guest shows no error for it
    (the host's update shows what stands): an "illegal move" notice would only puzzle."""
    network, (host, host_browser), (guest, guest_browser) = two_devices()
    rng = random.Random(3)
    for _ in range(3):  # the host, the guest, the host: the guest's seat is to move again
        (player,) = host.session.position().to_move()
        app = host if player == 0 else guest
        app.dispatch("move", f"{player}:{rng.choice(legal_texts_of(host, player))}")
        network.pump()
    assert host.session.position().to_move() == (1,) and host.session.move_count == 3
    notices = list(guest.notices)
    seen = guest.session.table.position
    seen["count"] = 1  # as if it still saw the position before its last move
    guest.dispatch("move", f"1:{legal_texts_of(host, 1)[0]}")
    network.pump()
    assert host.session.move_count == 3
    assert guest.notices == notices
    seen["count"] = 3  # caught up
    guest.dispatch("move", f"1:{legal_texts_of(host, 1)[0]}")  # not left waiting for an answer
    network.pump()
    assert host.session.move_count == 4 and guest.session.move_count == 4


def test_a_guests_log_says_a_forced_move_had_no_other_as_the_hosts_does():
    """The note comes from the session's facts (the host sends `forced` per entry and
    seat), not from the move itself, which a guest's entries never carry."""
    network, (host, host_browser), (guest, guest_browser) = two_devices()
    rng = random.Random(6)  # a PSYCHOPATH game with a forced return of a piece by move 112
    forced = []
    for _ in range(400):
        if host.session.is_over or forced:
            break
        (player,) = host.session.position().to_move()
        app = host if player == 0 else guest
        app.dispatch("move", f"{player}:{rng.choice(legal_texts_of(host, player))}")
        network.pump()
        forced = [index for index in range(host.session.move_count) if host.session.move_forced(index, None)]
    assert forced, "no forced move came up"
    index = forced[0]
    assert guest.session.full_access() is None and guest.session.move_forced(index, 1)
    assert "had no other move" in guest.game_log.line(index, guest.session.log_entries()[index], 1)
    host_log = re.findall(r'class="logbtn"[^>]*>([^<]*)<', shown_text(host_browser.html))
    guest_log = re.findall(r'class="logbtn"[^>]*>([^<]*)<', shown_text(guest_browser.html))
    notes = [[index for index, line in enumerate(log) if "had no other move" in line] for log in (host_log, guest_log)]
    assert notes[0] == notes[1] and notes[1]


def test_a_guest_cannot_play_for_the_hosts_seat_nor_undo():
    network, (host, _host_browser), (guest, guest_browser) = two_devices()
    (player,) = host.session.position().to_move()
    assert player == 0
    sent = len(network.queue)
    guest.dispatch("move", f"0:{legal_texts_of(host, 0)[0]}")
    network.pump()
    assert host.session.move_count == 0 and len(network.queue) == sent
    host.dispatch("move", f"0:{legal_texts_of(host, 0)[0]}")
    network.pump()
    guest.dispatch("move", f"1:{legal_texts_of(host, 1)[0]}")
    network.pump()
    assert guest.session.move_count == 2
    assert 'data-testid="undo" disabled' in guest_browser.html or guest._undo_player() is None


def test_the_host_leaving_tells_the_guest_that_only_the_hosts_save_goes_on():
    network, (host, _), (guest, guest_browser) = two_devices()
    host.devices.on_action("stop")
    network.pump()
    assert 'data-testid="host-gone"' in guest_browser.html
    assert "The game can go on only from the host" in shown_text(guest_browser.html)


def test_a_guest_that_reloads_rejoins_its_seat_from_a_new_invitation():
    network, (host, host_browser), (guest, guest_browser) = two_devices()
    host.dispatch("move", f"0:{legal_texts_of(host, 0)[0]}")
    network.pump()
    assert guest.session.move_count == 1
    stored = json.loads(guest_browser.store.get("ludoteca-guest"))
    assert stored["token"] and "seed" not in json.dumps(stored)
    # The page reloads: the data channel is gone; the host sees the seat away.
    link = next(iter(host.session.table.links))
    network.close(host_browser, link)
    network.pump()
    assert not host.session.connected(1)
    again, again_browser = make_device(network, store=guest_browser.store)
    again_browser.seed = 777  # a new page: new random numbers
    host.dispatch("devices", "open")
    pair(network, host, host_browser, again, again_browser)
    assert isinstance(again.session, RemoteMatchSession)
    assert again.session.table.seats == (1,) and again.session.move_count == 1
    assert host.session.connected(1) and len(host.session.table.guests) == 1  # the same guest, back


def test_a_running_game_is_opened_to_other_devices_from_its_menu():
    network = FakeNetwork()
    host, host_browser = make_device(network)
    guest, guest_browser = make_device(network)
    host.navigate("#/new/psychopath")
    host.dispatch("field", "seat.1.kind=human")
    host.dispatch("start")
    host.dispatch("move", f"0:{legal_texts_of(host, 0)[0]}")
    host.dispatch("menu")
    host.dispatch("devices", "open")
    assert 'data-testid="devices-panel"' in host_browser.html and 'data-testid="devices-seat-1"' in host_browser.html
    pair(network, host, host_browser, guest, guest_browser)
    assert isinstance(host.session, HostedMatchSession) and host.session.remote_seats == (1,)
    assert guest.session.move_count == 1 and guest.play_model().actors == [1]
    # The save goes on as before: the host's record is the whole game.
    assert len(host.session.record()["moves"]) == 1


def test_every_devices_screen_speaks_italian():
    network = FakeNetwork()
    host, host_browser = make_device(network)
    host.dispatch("pref", "language=it")
    setup_with_remote_seat(host)
    assert "Gioca su più dispositivi" in shown_text(host_browser.html)


def test_a_join_link_keeps_the_whole_invitation_even_with_slashes_and_pluses():
    from ludoteca.ui.routes import Route, parse_route

    offer = "Ca~ufrag~pw+d/x~ABCDEF-_~hm0123abcd,5000~h192.168.1.2,6000"
    assert parse_route(f"#/join/{offer}") == Route("join", offer)
    assert parse_route("#/join/<script>").name == "missing"


def test_a_pairing_the_host_does_not_know_joins_anew():
    """A guest whose saved pairing is another table's (or a host that reloaded) takes a seat as a new guest."""
    network, (host, host_browser), (guest, guest_browser) = two_devices()
    stale = guest_browser.store.get("ludoteca-guest")
    other_network = FakeNetwork()
    second_host, second_browser = make_device(other_network)
    second_browser.seed = 999  # another host: other random tokens
    newcomer, newcomer_browser = make_device(other_network)
    newcomer_browser.store.set("ludoteca-guest", stale)
    setup_with_remote_seat(second_host)
    pair(other_network, second_host, second_browser, newcomer, newcomer_browser)
    assert isinstance(newcomer.session, RemoteMatchSession) and newcomer.session.table.seats == (1,)
    assert newcomer.session.table.token != json.loads(stale)["token"]


def test_a_lone_move_of_a_guests_seat_is_played_by_the_guest_once_not_by_the_host(monkeypatch):
    """A forced move (a lone pass) of a seat played on another device is that device's to play:
    before, the host played it too, and the guest played it again while its first was on the
    way, and each refusal made it try again."""
    from ludoteca.games import registry
    from ludoteca.ui import keep_passing

    _, (host, _), (guest, guest_browser) = two_devices("alphabeticell")
    monkeypatch.setattr(keep_passing, "only_move", lambda position, player, ui: True)
    ui = registry.game_ui("alphabeticell")
    assert not host.keep_passing.forced_in(host.session.position(), 1, ui)  # the host leaves it to the guest
    assert guest.keep_passing.forced_in(guest.session.position(), 1, ui)
    guest.session._send_move(1, "pass")  # a move on its way, not yet answered (its turn is faked)
    assert not guest.keep_passing.forced_in(guest.session.position(), 1, ui)
    spawned = len(guest_browser.pending)
    guest.keep_passing.schedule()
    assert len(guest_browser.pending) == spawned  # nothing more is sent until the host answers


def counting_renders(browser):
    """The redraws `browser` is asked for from now on (a list that grows)."""
    drawn, draw = [], browser.render
    browser.render = lambda html: (drawn.append(html), draw(html))[1]
    return drawn


def test_the_host_draws_a_guests_move_once_and_not_again_for_the_guests_acknowledgements():
    """Every update a guest takes is acknowledged by a text of its own: the host's screen
    shows nothing new for it (with five guests, five redraws a move were all waste)."""
    network, (host, host_browser), (guest, _guest_browser) = two_devices()
    host_draws = counting_renders(host_browser)
    host.dispatch("move", f"0:{legal_texts_of(host, 0)[0]}")
    drawn_by_the_move = len(host_draws)
    network.pump()  # the update goes to the guest, its acknowledgement comes back
    assert guest.session.move_count == 1
    assert len(host_draws) == drawn_by_the_move, "the guest's acknowledgement redrew the host"
    guest.dispatch("move", f"1:{legal_texts_of(host, 1)[0]}")
    network.pump()
    assert host.session.move_count == 2
    assert len(host_draws) == drawn_by_the_move + 1, "a guest's move is drawn once on the host"


def recording_order(hosted, browser, events):
    """Appends "send" (or "ack" for an acknowledgement) and "draw" to `events` as the hosted
    session sends a text or `browser` redraws."""
    send, draw = hosted.send, browser.render
    hosted.send = lambda link, text: (events.append("ack" if json.loads(text)["kind"] == "ack" else "send"),
                                      send(link, text))[1]
    browser.render = lambda html: (events.append("draw"), draw(html))[1]


def test_the_host_sends_a_move_to_its_guests_before_it_redraws():
    """The guest's wait for a move does not include the host's own redraw: the update leaves
    first, whether the move was the host's click or another guest's (a change made elsewhere)."""
    network, (host, host_browser), (guest, _guest_browser) = two_devices()
    events = []
    recording_order(host.session, host_browser, events)
    waiting = []  # the page's later tasks wait, as in a browser
    host.session.later = host_browser.after_this_task = waiting.append
    host.dispatch("move", f"0:{legal_texts_of(host, 0)[0]}")
    assert "send" in events and "draw" in events and events.index("send") < events.index("draw")
    while waiting:
        waiting.pop(0)()
    network.pump()
    events.clear()
    guest.dispatch("move", f"1:{legal_texts_of(host, 1)[0]}")
    network.pump()
    while waiting:
        waiting.pop(0)()
    assert host.session.move_count == 2
    assert "draw" in events and "send" in events[:events.index("draw")], events


def test_a_guest_keeps_its_pairing_for_what_the_host_sends_but_not_for_a_bare_acknowledgement():
    """The pairing (views and history as seen) is written whole: not again for a text that
    brings nothing, such as the host's acknowledgement of the guest's move."""
    from ludoteca.ui.devices import PAIRING_KEY

    network, (host, _host_browser), (guest, guest_browser) = two_devices()
    host.dispatch("move", f"0:{legal_texts_of(host, 0)[0]}")
    network.pump()
    writes, store_set = [], guest_browser.store.set
    guest_browser.store.set = lambda key, value: (writes.append((kind[0], key)), store_set(key, value))[1]
    kind = [None]
    take = guest.devices.link_message

    def taking(link, text):
        kind[0] = json.loads(text)["kind"]
        take(link, text)

    guest.devices.link_message = taking
    guest.dispatch("move", f"1:{legal_texts_of(host, 1)[0]}")
    network.pump()
    assert host.session.move_count == 2 and guest.session.move_count == 2
    kept = [what for what, key in writes if key == PAIRING_KEY]
    assert "update" in kept and "ack" not in kept, kept


def test_a_guests_alphabeticell_table_animates_the_hosts_takes_and_flips():
    """A table animates the new moves as its viewer may know them (their descriptions), so a
    guest, which never holds the moves themselves, sees a take and a flip move as the host does."""
    network, (host, host_browser), (guest, guest_browser) = two_devices("alphabeticell")
    host.prefs["motion"] = guest.prefs["motion"] = "on"
    guest_draws = counting_renders(guest_browser)
    rng = random.Random(5)
    seen = set()
    flip_marks = []
    for _ in range(200):
        if host.session.is_over or ({"take", "flip"} <= seen and len(flip_marks) >= 2):
            break
        player = host.session.position().to_move()[0]
        app = host if player == 0 else guest
        texts = legal_texts_of(host, player)
        takes = [text for text in texts if text.startswith("take")]
        del guest_draws[:]
        app.dispatch("move", f"{player}:{rng.choice(takes or texts)}")
        network.pump()
        drawn = "".join(guest_draws)
        if player == 0 and takes:
            assert "anim-take" in drawn, "the guest's table animates the host's take"
            seen.add("take")
        if "anim-flip" in drawn:
            seen.add("flip")
            flip_marks += re.findall(r'class="card face-up anim-flip" data-anim="(\d+)"', drawn)
    assert seen == {"take", "flip"}
    # Each flip's card carries a new mark, so web/morph.mjs draws it anew and its animation plays
    # again where a patched class, the same as the last flip's, would not.
    assert len(flip_marks) >= 2 and len(set(flip_marks)) == len(flip_marks)
