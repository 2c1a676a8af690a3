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
