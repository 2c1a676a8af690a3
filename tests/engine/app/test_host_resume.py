"""A host that reloads resumes its table (issue 31): the whole app under CPython, with fake
browsers linked by a fake network (tests/engine/app/fake_browser.py). The host's table is kept
beside its save; after a reload each guest comes back to its own seats with its whole log, a
stranger cannot take them, and a damaged table is said so while the match opens locally."""

import json

from ludoteca.net.remote import RemoteMatchSession
from ludoteca.ui.hosting import table_key
from ludoteca.ui.session import HostedMatchSession, LocalMatchSession

from .fake_browser import make_device, shown_text
from .test_devices import legal_texts_of, pair, two_devices


def play_turns(network, host, guest, turns):
    """Each device plays its own seat's first legal move, `turns` times (ALPHA // PSYCHOPATH: turns)."""
    for _ in range(turns):
        (player,) = host.session.position().to_move()
        app = host if player == 0 else guest
        app.dispatch("move", f"{player}:{legal_texts_of(host, player)[0]}")
        network.pump()


def reload_host(network, host, host_browser):
    """The host's page reloads: its links die with it, and the same storage opens the same save."""
    for link in list(host.session.table.links):
        network.close(host_browser, link)
    network.browsers.remove(host_browser)
    network.pump()
    again, again_browser = make_device(network, store=host_browser.store)
    again_browser.seed = 4242  # a new page: new random numbers
    again.navigate(f"#/play/{host.save_id}")
    return again, again_browser


def test_a_guest_move_is_saved_on_the_host_before_the_guest_hears_of_it():
    network, (host, host_browser), (guest, _guest_browser) = two_devices()
    play_turns(network, host, guest, 2)  # the host's move, then the guest's
    stored = json.loads(host_browser.store.get(f"ludoteca:v1:save:{host.save_id}"))
    assert len(stored["moves"]) == 2
    table = json.loads(host_browser.store.get(table_key(host.save_id)))
    assert table["remote"] == [1] and len(table["table"]["guests"]) == 1
    assert '"seed"' not in json.dumps(table)


def test_after_the_hosts_reload_its_guest_rejoins_its_own_seat_with_its_whole_log_and_play_goes_on():
    network, (host, host_browser), (guest, guest_browser) = two_devices()
    play_turns(network, host, guest, 3)
    token = guest.session.table.token
    log_before = list(guest.session.table.logs[1])
    host, host_browser = reload_host(network, host, host_browser)
    assert 'data-testid="host-gone"' in guest_browser.html  # the guest saw the host go
    assert isinstance(host.session, HostedMatchSession) and host.session.remote_seats == (1,)
    assert host.session.move_count == 3 and not host.session.connected(1)
    assert 'data-testid="devices-panel"' in host_browser.html, "the host is asked to invite its guests back"
    assert "away" in shown_text(host_browser.html)
    # A stranger opening the new invitation first cannot take the seat.
    stranger, stranger_browser = make_device(network)
    stranger_browser.seed = 31337
    pair(network, host, host_browser, stranger, stranger_browser)
    assert not isinstance(stranger.session, RemoteMatchSession) or not stranger.session.ready
    assert "this device cannot join this game" in shown_text(stranger_browser.html), "the stranger is told why"
    assert not host.session.connected(1) and len(host.session.table.guests) == 1
    # The guest opens a new invitation: its saved pairing brings it back to its seat.
    host.dispatch("devices", "invite")
    pair(network, host, host_browser, guest, guest_browser)
    assert isinstance(guest.session, RemoteMatchSession) and guest.session.table.token == token
    assert guest.session.table.seats == (1,) and guest.session.move_count == 3
    assert guest.session.table.logs[1] == log_before
    assert host.session.connected(1) and len(host.session.table.guests) == 1
    host.dispatch("devices", "close")
    play_turns(network, host, guest, 4)
    assert host.session.move_count == guest.session.move_count == 7
    assert host.play_model().actors or guest.play_model().actors


def test_a_guest_that_reloads_too_rejoins_a_host_that_reloaded():
    network, (host, host_browser), (guest, guest_browser) = two_devices()
    play_turns(network, host, guest, 2)
    host, host_browser = reload_host(network, host, host_browser)
    network.browsers.remove(guest_browser)
    again, again_browser = make_device(network, store=guest_browser.store)
    again_browser.seed = 777
    pair(network, host, host_browser, again, again_browser)
    assert isinstance(again.session, RemoteMatchSession) and again.session.move_count == 2
    assert again.session.table.seats == (1,) and host.session.connected(1)
    play_turns(network, host, again, 3)
    assert host.session.move_count == again.session.move_count == 5


def test_a_host_that_stopped_hosting_reopens_its_game_on_this_device_alone():
    network, (host, host_browser), (guest, _guest_browser) = two_devices()
    play_turns(network, host, guest, 1)
    host.devices.on_action("stop")
    network.pump()
    assert host_browser.store.get(table_key(host.save_id)) is None
    host, host_browser = reload_host(network, host, host_browser)
    assert isinstance(host.session, LocalMatchSession) and not isinstance(host.session, HostedMatchSession)


def test_a_damaged_table_is_said_so_and_the_match_opens_on_this_device():
    for damage in ("{not json", json.dumps({"v": 1, "match": "m1", "remote": [7], "table": {}}),
                   json.dumps({"v": 1, "match": "m1", "remote": [1], "table": {"guests": "x", "ledger": {}}}),
                   json.dumps([1, 2])):
        network, (host, host_browser), (guest, _guest_browser) = two_devices()
        play_turns(network, host, guest, 2)
        host_browser.store.set(table_key(host.save_id), damage)
        host, host_browser = reload_host(network, host, host_browser)
        assert host.route.name == "play" and host.session.move_count == 2
        assert not isinstance(host.session, HostedMatchSession)
        assert "could not be read back" in shown_text(host_browser.html)
        host.dispatch("move", f"0:{legal_texts_of(host, 0)[0]}")
        assert host.session.move_count == 3, "the match goes on locally"


def test_the_damaged_table_message_speaks_italian():
    network, (host, host_browser), _guest = two_devices()
    host.dispatch("pref", "language=it")
    host_browser.store.set(table_key(host.save_id), "[")
    host, host_browser = reload_host(network, host, host_browser)
    assert "rileggere gli ospiti" in shown_text(host_browser.html)


def test_a_host_restored_from_an_older_table_numbers_on_past_what_its_guest_saw():
    """A table written before the host's last sends (a failed write): the guest's rejoin says the
    last message it saw, and the host goes on after it, so the guest takes every new update."""
    from ludoteca.net.host import HostTable
    from tests.engine.net.test_table import CouncilAuthority, Network, tokens

    authority = CouncilAuthority()
    network = Network(authority)
    ada = network.add_guest("a", "Ada")
    network.add_guest("b", "Bob")
    older = json.loads(json.dumps(network.host.snapshot()))
    network.to_host("b", network.guests["b"].play(2, "bid 1"))  # Ada is sent an update the older table forgot
    network.host.links.clear()
    reloaded = HostTable(authority, (1, 2), tokens())
    reloaded.restore(older)
    network.host = reloaded
    authority.play(0, "bid 0")
    network.to_host("a", ada.rejoin())
    assert ada.position == authority.position() and ada.logs[1] == authority.log(1)
