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
