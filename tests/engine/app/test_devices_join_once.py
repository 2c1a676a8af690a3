"""A guest answers each invitation once (ui/devices.py join()): the same join link opened again while
its answer is being made is no second answer, and a reload on a link already joined by makes no
connection at all (its offer is spent), saying what to do instead."""

from ludoteca.net.remote import RemoteMatchSession

from .fake_browser import FakeNetwork, make_device, shown_text
from .test_devices import pair, setup_with_remote_seat, two_devices


def counting_answers(network):
    answered = []
    join = network.join

    def counted(browser, offer):
        answered.append(offer)
        return join(browser, offer)

    network.join = counted
    return answered


def invited():
    """A host inviting (its offer) and a guest device that has not opened the link yet."""
    network = FakeNetwork()
    host, host_browser = make_device(network)
    guest, guest_browser = make_device(network)
    setup_with_remote_seat(host)
    host.dispatch("devices", "invite")
    network.pump()
    return network, (host, host_browser), (guest, guest_browser), host.devices.invitation.offer


def test_the_same_link_opened_twice_while_answering_is_answered_once():
    network, (host, _host_browser), (guest, guest_browser), offer = invited()
    answered = counting_answers(network)
    guest.navigate(f"#/join/{offer}")
    assert guest.devices.join_state == "answering" and guest.devices.join_answer is None
    guest.navigate(f"#/join/{offer}")  # a second navigation before the first answer is made
    network.pump()
    assert answered == [offer], "one answer, one connection"
    answer = guest.devices.join_answer
    assert f'data-testid="join-answer">{answer}<' in guest_browser.html
    host.dispatch("field", f"devices.answer={answer}")
    host.dispatch("devices", "accept")
    network.pump()
    assert isinstance(guest.session, RemoteMatchSession) and host.session.connected(1)


def test_a_reload_on_the_link_already_joined_by_answers_nothing_and_says_to_open_a_new_invitation():
    network, (host, host_browser), (guest, guest_browser) = two_devices()
    offer = guest.devices.join_offer
    network.close(guest_browser, guest.devices.guest_link)  # the page reloads: its link dies with it
    network.browsers.remove(guest_browser)
    network.pump()
    answered = counting_answers(network)
    again, again_browser = make_device(network, store=guest_browser.store)
    again.navigate(f"#/join/{offer}")
    network.pump()
    assert answered == [] and again.devices.join_state == "used"
    text = shown_text(again_browser.html)
    assert 'data-testid="join-used"' in again_browser.html and "open a new invitation from the host" in text
    again.dispatch("pref", "language=it")
    assert "apri un nuovo invito dal dispositivo che ospita" in shown_text(again_browser.html)
    again.dispatch("pref", "language=en")
    # A new invitation brings the device back to its seat.
    host.dispatch("devices", "open")
    pair(network, host, host_browser, again, again_browser)
    assert len(answered) == 1 and isinstance(again.session, RemoteMatchSession)
    assert again.session.table.seats == (1,) and host.session.connected(1)


def test_a_reload_before_the_host_took_the_answer_answers_the_invitation_again():
    """No pairing yet: the host still waits for an answer, and the page that made the first is gone."""
    network, _host, (guest, guest_browser), offer = invited()
    guest.navigate(f"#/join/{offer}")
    network.pump()
    network.browsers.remove(guest_browser)
    again, again_browser = make_device(network, store=guest_browser.store)
    again.navigate(f"#/join/{offer}")
    network.pump()
    assert again.devices.join_state == "answer" and 'data-testid="join-answer"' in again_browser.html
