"""Live play across devices (issue 31), the whole app under CPython with fake browsers: a chime and
the tab's title say when it is this device's turn, screen readers hear each move's text, and every
device's play screen says who is connected, who is thinking and whom the table waits for."""

from .fake_browser import shown_text
from .test_devices import legal_texts_of, two_devices


def first_move(network, app, host, player):
    app.dispatch("move", f"{player}:{legal_texts_of(host, player)[0]}")
    network.pump()


def test_a_chime_and_the_title_say_when_another_devices_move_makes_it_your_turn():
    network, (host, host_browser), (guest, guest_browser) = two_devices()
    for app in (host, guest):
        app.dispatch("pref", "sound=on")
    assert guest_browser.title == "Ludoteca" and host_browser.title.startswith("●")
    first_move(network, host, host, 0)
    assert guest_browser.chimes == 1 and guest_browser.title.startswith("●"), "the guest's turn, from the host"
    assert host_browser.chimes == 0 and host_browser.title == "Ludoteca"
    first_move(network, guest, host, 1)
    assert host_browser.chimes == 1 and host_browser.title.startswith("●"), "the host's turn, from the guest"
    assert guest_browser.chimes == 1 and guest_browser.title == "Ludoteca"


def test_no_chime_when_the_sound_is_off():
    network, (host, host_browser), (guest, guest_browser) = two_devices()
    first_move(network, host, host, 0)
    first_move(network, guest, host, 1)
    assert host_browser.chimes == guest_browser.chimes == 0
    assert host_browser.title.startswith("●")


def presence_of(html, seat):
    import re
    from html import unescape as html_unescape

    found = re.search(rf'data-testid="presence-seat-{seat}">(.*?)</li>', html)
    return html_unescape(shown_text(found.group(1))) if found else None


def test_each_devices_play_screen_says_who_is_connected_and_whom_the_table_waits_for():
    network, (host, host_browser), (_guest, guest_browser) = two_devices()
    host.dispatch("devices", "close")
    assert presence_of(host_browser.html, 0) == "Player 1: on this device, your turn"
    assert presence_of(host_browser.html, 1) == "Player 2: connected", "a guest with no name keeps its seat's"
    assert presence_of(guest_browser.html, 0) == "Player 1: on the host's device, to play"
    assert presence_of(guest_browser.html, 1).endswith(": on this device")
    assert "Waiting for: Player 1" in shown_text(guest_browser.html)
    first_move(network, host, host, 0)
    assert presence_of(host_browser.html, 1).endswith(": connected, to play")
    assert "Waiting for:" in shown_text(host_browser.html)
    assert presence_of(guest_browser.html, 1).endswith(": on this device, your turn")
    # The guest's device goes away: the host's screen says so.
    network.close(host_browser, next(iter(host.session.table.links)))
    network.pump()
    assert presence_of(host_browser.html, 1).endswith(": away, not connected, to play")


def test_a_game_on_one_device_shows_no_table_presence():
    from .fake_browser import make_app

    app, browser = make_app()
    app.navigate("#/new/psychopath")
    app.dispatch("start")
    assert 'data-testid="game"' in browser.html and 'data-testid="presence"' not in browser.html


def test_the_table_presence_speaks_italian():
    _network, (host, _host_browser), (guest, guest_browser) = two_devices()
    host.dispatch("devices", "close")
    guest.dispatch("pref", "language=it")
    assert "sul dispositivo che ospita, deve giocare" in presence_of(guest_browser.html, 0)
    assert "Si aspetta:" in shown_text(guest_browser.html)


# --- the round clock across devices -------------------------------------------------------
def clock_devices(timer=30, pause=300):
    """A GeonAxis table with a round clock: seat 0 on the host, seat 1 on a guest; time moves
    only when the test advances both devices' clocks together."""
    from .fake_browser import FakeNetwork, make_device
    from .test_devices import pair

    network = FakeNetwork()
    host, host_browser = make_device(network, manual_clock=True)
    guest, guest_browser = make_device(network, manual_clock=True)
    host.navigate("#/new/geonaxis")
    host.dispatch("field", "players=2")
    host.dispatch("field", "seat.1.kind=remote")
    host.dispatch("field", f"variant.timer={timer}")
    host.dispatch("field", f"variant.pause={pause}")
    host.dispatch("start")
    pair(network, host, host_browser, guest, guest_browser)
    host.dispatch("devices", "close")
    network.pump()
    return network, (host, host_browser), (guest, guest_browser)


def advance(network, seconds, *browsers):
    for browser in browsers:
        browser.advance(seconds)
    network.pump()


def chip(html, seat):
    import re

    found = re.search(rf'data-testid="clock-{seat}"><span class="dot"></span>(.*?)</span>', html)
    return shown_text(found.group(1)).split(": ")[-1] if found else None


def timeouts_of(host):
    return [entry.player for entry in host.match.entries if entry.move.text == "timeout"]


def test_the_guest_shows_and_runs_the_hosts_round_clock():
    network, (host, host_browser), (guest, guest_browser) = clock_devices()
    assert chip(guest_browser.html, 1) == chip(host_browser.html, 1) == "0:30"
    assert chip(guest_browser.html, 0) == "0:30", "every seat on the clock shows on every device"
    advance(network, 10.2, host_browser, guest_browser)
    assert chip(host_browser.html, 1) == chip(guest_browser.html, 1) == "0:20"
    assert chip(guest_browser.html, 0) == "0:20"
    # The host's clock decides: the guest's seat runs out and the host plays its timeout.
    advance(network, 20, host_browser, guest_browser)
    assert timeouts_of(host) == [0, 1] or sorted(timeouts_of(host)) == [0, 1]
    assert guest.session.move_count == host.session.move_count
    assert chip(guest_browser.html, 1) == chip(host_browser.html, 1) == "0:30", "the next round's full time"


def test_a_guest_pauses_the_hosts_clock_for_its_own_seat_only_and_sees_the_hosts_pause():
    network, (host, host_browser), (guest, guest_browser) = clock_devices()
    assert 'data-testid="clock-pause-1"' in guest_browser.html
    assert 'data-testid="clock-pause-0"' not in guest_browser.html, "not for the host's seat"
    assert guest.round_clock.pause("0") is False
    # The host pauses for its own player: the guest sees it, and cannot resume it.
    host.dispatch("clock-pause", "0")
    network.pump()
    assert 'data-testid="clock-paused"' in guest_browser.html and 'data-testid="clock-resume"' not in guest_browser.html
    advance(network, 60, host_browser, guest_browser)
    assert chip(guest_browser.html, 1) == chip(host_browser.html, 1) == "0:30" and timeouts_of(host) == []
    guest.dispatch("clock-resume")
    network.pump()
    assert host.play.clock.paused_by == 0
    host.dispatch("clock-resume")
    network.pump()
    advance(network, 5.2, host_browser, guest_browser)
    assert chip(guest_browser.html, 1) == chip(host_browser.html, 1) == "0:25"
    # The guest pauses on its own seat's budget, through the host, and resumes it.
    guest.dispatch("clock-pause", "1")
    network.pump()
    assert host.play.clock.paused_by == 1 and 'data-testid="clock-resume"' in guest_browser.html
    advance(network, 20, host_browser, guest_browser)
    assert chip(guest_browser.html, 1) == chip(host_browser.html, 1) == "0:25"
    assert "4:40" in shown_text(guest_browser.html), "its pause budget, spent as it runs"
    guest.dispatch("clock-resume")
    network.pump()
    assert host.play.clock.paused_by is None
    # A hostile guest's pause for the host's seat is refused, and kept as an incident.
    network.send(guest_browser, guest.devices.guest_link, guest.session.table.endpoint.send(
        "pause", {"seat": 0, "on": True}))
    network.pump()
    assert host.play.clock.paused_by is None
    assert any(incident.code == "net.not_your_seat" for incident in host.session.table.incidents)


def test_the_clock_waits_while_a_seat_to_act_is_away_and_says_so():
    from .test_devices import pair

    network, (host, host_browser), (guest, guest_browser) = clock_devices()
    advance(network, 5.2, host_browser, guest_browser)
    network.close(host_browser, next(iter(host.session.table.links)))
    network.pump()
    assert 'data-testid="clock-away"' in host_browser.html
    assert "The clock waits until they connect again" in shown_text(host_browser.html)
    advance(network, 120, host_browser, guest_browser)
    assert timeouts_of(host) == [] and chip(host_browser.html, 0) == "0:25"
    host.dispatch("devices", "open")
    pair(network, host, host_browser, guest, guest_browser)
    host.dispatch("devices", "close")
    assert 'data-testid="clock-away"' not in host_browser.html + guest_browser.html
    assert chip(guest_browser.html, 1) == chip(host_browser.html, 1) == "0:25"
    advance(network, 10, host_browser, guest_browser)
    assert chip(guest_browser.html, 1) == chip(host_browser.html, 1) == "0:15"


def test_every_device_says_which_computer_is_thinking():
    """A computer on the host thinks in slices; while it does, host and guest both say so."""
    from .fake_browser import FakeNetwork, make_device
    from .test_devices import pair

    network = FakeNetwork()
    host, host_browser = make_device(network, manual_clock=True)
    guest, guest_browser = make_device(network, manual_clock=True)
    host.navigate("#/new/geonaxis")
    host.dispatch("field", "players=3")
    host.dispatch("field", "seat.1.kind=remote")
    host.dispatch("field", "seat.2.kind=ai")
    host.dispatch("field", "seat.2.level=easy")
    host.dispatch("start")
    pair(network, host, host_browser, guest, guest_browser)
    host.dispatch("devices", "close")
    assert 2 in host.session.position().to_move(), "the computer has not chosen yet"
    assert presence_of(host_browser.html, 2).endswith(": computer, thinking…")
    assert presence_of(guest_browser.html, 2).endswith(": computer, thinking…")
    import re

    waiting = re.search(r'data-testid="presence-waiting">([^<]*)<', shown_text(guest_browser.html)).group(1)
    assert waiting == "Waiting for: Player 1, Computer", "the host's human and its computer, not this device's seat"
