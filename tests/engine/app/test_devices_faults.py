"""Play on several devices when the link misbehaves, the whole app under CPython (two fake
browsers on tests/engine/app/fake_browser.py's FakeNetwork): what the browser chaos test
(tests/browser/test_devices_chaos.py) found, each pinned here."""

import json
import random

from ludoteca.net import wire

from .fake_browser import FakeNetwork, make_device
from .test_devices import legal_texts_of, pair, setup_with_remote_seat, two_devices


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
    host, _host_browser = make_device(network)
    guest, _guest_browser = make_device(network)
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


def deliver_first(network):
    """Delivers the first text queued on the network, and only it."""
    kind, browser, link, text = network.queue.pop(0)
    assert kind == "message"
    browser.app.devices.link_message(link, text)


def host_link(host):
    (link,) = host.session.table.links
    return link


def play_until_the_guests_turn(network, host, rng):
    while host.session.position().to_move() != (1,):
        host.dispatch("move", f"0:{rng.choice(legal_texts_of(host, 0))}")
        network.pump()


def guests_move(guest, host, rng):
    legal = [text for text in legal_texts_of(host, 1) if text != "pass"] or ["pass"]
    guest.dispatch("move", f"1:{rng.choice(legal)}")


def rejoin_on_a_new_page(network, host, host_browser, guest_browser):
    """The guest's page is gone (its link with it): a new page on the same storage rejoins."""
    again, again_browser = make_device(network, store=guest_browser.store)
    again_browser.seed = guest_browser.seed + 1  # a new page: new random numbers
    host.dispatch("devices", "open")
    pair(network, host, host_browser, again, again_browser)
    return again


def test_a_guest_that_reloads_before_the_hosts_answer_keeps_numbering_its_moves():
    """The guest's move reached the host, and the page reloaded before the answer came back. Its
    pairing, saved on this device, must count that move: a move numbered again is a duplicate to
    the host, dropped, and the guest's next move was lost."""
    network, (host, host_browser), (guest, guest_browser) = two_devices("alphabeticell")
    rng = random.Random(2)
    play_until_the_guests_turn(network, host, rng)
    count = host.session.move_count
    guests_move(guest, host, rng)
    deliver_first(network)  # the move reaches the host; its answer never reaches this page
    assert host.session.move_count > count
    network.queue.clear()
    network.close(host_browser, host_link(host))
    network.pump()
    again = rejoin_on_a_new_page(network, host, host_browser, guest_browser)
    assert again.session.move_count == host.session.move_count
    play_until_the_guests_turn(network, host, rng)
    count = host.session.move_count
    guests_move(again, host, rng)
    network.pump()
    assert host.session.move_count > count, "the guest's next move was lost"


def test_a_move_made_while_the_link_is_down_reaches_the_host_on_the_rejoin():
    network, (host, host_browser), (guest, guest_browser) = two_devices("alphabeticell")
    rng = random.Random(3)
    play_until_the_guests_turn(network, host, rng)
    network.close(host_browser, host_link(host))
    network.pump()
    count = host.session.move_count
    guests_move(guest, host, rng)  # sent into a closed link: it waits on this device
    network.pump()
    assert host.session.move_count == count
    host.dispatch("devices", "open")
    pair(network, host, host_browser, guest, guest_browser)  # the same page opens the new invitation
    assert host.session.move_count == count + 1
    assert guest.session.move_count == host.session.move_count


def test_a_pairing_restored_with_a_move_on_its_way_does_not_act_for_that_seat_again():
    from ludoteca.games import registry
    from ludoteca.net.guest import GuestTable
    from ludoteca.net.remote import RemoteMatchSession

    network, (host, _host_browser), (guest, guest_browser) = two_devices("alphabeticell")
    play_until_the_guests_turn(network, host, random.Random(4))
    guests_move(guest, host, random.Random(4))  # not delivered: on its way when the page reloads
    saved = json.loads(guest_browser.store.get("ludoteca-guest"))
    restored = RemoteMatchSession(registry.all_games(), GuestTable.restore(saved, lambda: "id"), lambda _text: None)
    assert restored.players_here == [] and guest.session.players_here == []


def test_what_the_host_refuses_from_a_guest_is_logged_with_its_reason():
    _network, (host, host_browser), _guest = two_devices("alphabeticell")
    link = host_link(host)
    welcome = {"v": wire.PROTOCOL_VERSION, "kind": "welcome", "seq": 0, "ack": 0, "body": {}}
    for text in ("{not json", "{not json", json.dumps(welcome)):
        host.devices.link_message(link, text)
    assert host_browser.errors[-3:] == [f"Ludoteca: refused from {link}: wire.not_json not JSON"] * 2 + [
        f"Ludoteca: refused from {link}: wire.wrong_role a guest may not send welcome"]


def test_a_guest_whose_first_hello_is_lost_says_it_again_and_gets_its_table():
    """Seen in the browser: a freshly opened link carried nothing of the guest's hello, and the
    guest waited on "Connected: waiting for the table" for ever. It greets again until welcomed;
    the host takes the first greeting that arrives and ignores the others, with no incident."""
    network = FakeNetwork()
    host, host_browser = make_device(network)
    guest, guest_browser = make_device(network)
    setup_with_remote_seat(host, "psychopath")
    lost = []
    send = guest_browser.net_send

    def lose_the_first_text(link, text):
        if not lost:
            lost.append(text)
            return
        send(link, text)

    guest_browser.net_send = lose_the_first_text
    pair(network, host, host_browser, guest, guest_browser)
    assert [json.loads(text)["kind"] for text in lost] == ["hello"]
    assert guest.route.name == "play" and 'data-testid="game"' in guest_browser.html
    assert host.session.connected(1)
    assert not host.session.table.incidents


def test_a_guest_whose_pairing_could_not_be_written_catches_up_after_a_reload():
    """A guest acknowledges only what it has kept: when its storage is full, the host keeps the
    updates the guest could not write and sends them again when the reloaded page rejoins."""
    network, (host, host_browser), (guest, guest_browser) = two_devices("alphabeticell")
    rng = random.Random(6)
    play_until_the_guests_turn(network, host, rng)
    guests_move(guest, host, rng)
    network.pump()
    store = guest_browser.store
    store.quota = sum(len(key) + len(value) for key, value in store.data.items())  # full from now on
    kept = store.get("ludoteca-guest")
    for _ in range(3):
        play_until_the_guests_turn(network, host, rng)
        guests_move(guest, host, rng)
        network.pump()
    assert store.get("ludoteca-guest") == kept, "nothing more could be written"
    network.close(host_browser, host_link(host))
    network.pump()
    store.quota = None  # the page reloads (the player made room)
    again = rejoin_on_a_new_page(network, host, host_browser, guest_browser)
    assert again.session is again.devices.guest and again.session.ready
    assert again.session.move_count == host.session.move_count
    assert again.session.position().view(1) == json.loads(json.dumps(host.session.position().view(1)))
    play_until_the_guests_turn(network, host, rng)
    count = host.session.move_count
    guests_move(again, host, rng)
    network.pump()
    assert host.session.move_count > count and again.session.move_count == host.session.move_count
