"""Play on several devices when the link misbehaves, the whole app under CPython (two fake
browsers on tests/engine/app/fake_browser.py's FakeNetwork): what the browser chaos test
(tests/browser/test_devices_chaos.py) found, each pinned here."""

import json
import random

from .fake_browser import FakeNetwork, make_device
from .test_devices import legal_texts_of, setup_with_remote_seat, two_devices


def moves_received(network, browser):
    """The move requests a device received, over all its links."""
    return [json.loads(text) for (owner, _link), texts in network.texts.items() if owner == id(browser)
            for text in texts if json.loads(text)["kind"] == "move"]


def test_a_guests_forced_pass_is_sent_once_while_the_host_has_not_answered():
    """The app plays a guest's lone pass by itself; until the host's update comes back the
    position is the same, and the pass must not be sent again (the host refused each copy)."""
    network, (host, host_browser), (guest, _guest_browser) = two_devices("alphabeticell")
    rng = random.Random(1)
    clicked = 0
    while not host.session.is_over:
        guest_moves = [entry for entry in host.session.record()["moves"] if entry.startswith("1:")]
        if len(guest_moves) > clicked:  # the app passed for the guest
            break
        (player,) = host.session.position().to_move()
        legal = legal_texts_of(host, player)
        if player == 0:
            host.dispatch("move", f"0:{rng.choice(legal)}")
        else:
            guest.dispatch("move", f"1:{rng.choice([text for text in legal if text != 'pass'])}")
            clicked += 1
        network.pump()
    assert len(guest_moves) > clicked, "the app never passed for the guest"
    assert len(moves_received(network, host_browser)) == len(guest_moves)
    assert not host.session.table.incidents


def test_the_host_leaves_a_guests_forced_pass_to_the_guest():
    """A guest's seat is human, but not the host's to play: its lone pass comes from its device."""
    network, (host, host_browser), (guest, _guest_browser) = two_devices("alphabeticell")
    rng = random.Random(1)
    waited = 0
    while not host.session.is_over and waited < 2:
        (player,) = host.session.position().to_move()
        legal = legal_texts_of(host, player)
        if player == 1:
            guest.dispatch("move", f"1:{rng.choice(legal)}")
            network.pump()
            continue
        host.dispatch("move", f"0:{rng.choice(legal)}")
        if host.session.position().to_move() == (1,) and legal_texts_of(host, 1) == ["pass"]:
            count = host.session.move_count
            host_browser.run_pending()  # the host's own tasks, before anything reaches the guest
            assert host.session.move_count == count, "the host passed for the guest"
            waited += 1
        network.pump()
    assert waited == 2


def test_a_guest_answers_the_newest_invitation_it_opens():
    """A reloaded guest's page opens its old join link again (its address) and answers it; the
    host's new invitation, opened next, must be answered, not the old one's answer shown again."""
    network = FakeNetwork()
    host, host_browser = make_device(network)
    guest, guest_browser = make_device(network)
    setup_with_remote_seat(host, "alphabeticell")
    host.dispatch("devices", "invite")
    network.pump()
    old_offer = host.devices.invitation.offer
    guest.navigate(f"#/join/{old_offer}")
    network.pump()
    old_answer = guest.devices.join_answer
    host.devices.invitation = None  # that invitation is given up: the host makes another
    host.dispatch("devices", "invite")
    network.pump()
    guest.navigate(f"#/join/{host.devices.invitation.offer}")
    network.pump()
    assert guest.devices.join_answer not in (None, old_answer)
    host.dispatch("field", f"devices.answer={guest.devices.join_answer}")
    host.dispatch("devices", "accept")
    network.pump()
    assert guest.session is guest.devices.guest and guest.session.ready
