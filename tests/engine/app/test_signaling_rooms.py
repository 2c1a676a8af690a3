"""A room on a signaling service across reloads and failures (ui/signaling.py, ui/hosting.py), the whole
app under CPython with test_signaling.py's fake server: a host that reloads opens the same room code
again and its guest joins it again by itself; a room that cannot be opened leaves the invitation with
no server, and says why."""

import json
import re

from ludoteca.net.remote import RemoteMatchSession
from ludoteca.ui.hosting import table_key
from ludoteca.ui.session import HostedMatchSession

from .fake_browser import shown_text
from .test_devices import pair, setup_with_remote_seat
from .test_host_resume import play_turns
from .test_signaling import RoomBrowser, room_device


def room_table(**guest_options):
    """A host with a room (k7m2qp) and a guest at its seat 1 that joined it by its link."""
    from .fake_browser import FakeNetwork

    network = FakeNetwork()
    host, host_browser = room_device(network)
    guest, guest_browser = room_device(network, **guest_options)
    setup_with_remote_seat(host)
    host.dispatch("signaling", "room")
    network.pump()
    guest.navigate("#/room/k7m2qp")
    network.pump()
    assert isinstance(guest.session, RemoteMatchSession) and host.session.connected(1)
    host.dispatch("devices", "close")
    return network, (host, host_browser), (guest, guest_browser)


def reload_room_host(network, host, host_browser, old_peer_stays=False, **options):
    """The host's page reloads: its links close; its peer leaves the server (or stays a while)."""
    for link in list(host.session.table.links):
        network.close(host_browser, link)
    network.browsers.remove(host_browser)
    if not old_peer_stays:
        network.rooms = {code: peer for code, peer in network.rooms.items() if peer is not host_browser}
    network.pump()
    again, again_browser = room_device(network, store=host_browser.store, **options)
    again_browser.seed = 4242  # a new page: new random numbers
    again.navigate(f"#/play/{host.save_id}")
    network.pump()
    return again, again_browser


def test_the_room_code_is_kept_beside_the_hosted_table():
    network, (host, host_browser), _guest = room_table()
    assert json.loads(host_browser.store.get(table_key(host.save_id)))["room"] == "k7m2qp"
    host.dispatch("devices", "open")
    host.dispatch("devices", "stop")  # stopping forgets the table, and its room with it
    assert host_browser.store.get(table_key(host.save_id)) is None and network.rooms == {}


def test_after_the_hosts_reload_the_same_room_opens_and_its_guest_comes_back_by_itself():
    network, (host, host_browser), (guest, guest_browser) = room_table(manual_clock=True)
    play_turns(network, host, guest, 3)
    token = guest.session.table.token
    host, host_browser = reload_room_host(network, host, host_browser)
    assert isinstance(host.session, HostedMatchSession) and host.session.move_count == 3
    assert host_browser.hosted_rooms == [(host.signaling.active, "k7m2qp")], "the same code, asked for"
    assert re.search(r'data-testid="signal-code">k7m2qp<', host_browser.html)
    assert 'data-testid="guest-rejoining"' in guest_browser.html  # no alarm while it tries again
    assert "joining its room again" in shown_text(guest_browser.html)
    guest_browser.advance(1)
    network.pump()
    assert isinstance(guest.session, RemoteMatchSession) and guest.session.table.token == token
    assert guest.session.move_count == 3 and host.session.connected(1)
    assert 'data-testid="host-gone"' not in guest_browser.html and 'data-testid="guest-rejoining"' not in guest_browser.html
    host.dispatch("devices", "close")
    play_turns(network, host, guest, 2)
    assert host.session.move_count == guest.session.move_count == 5


def test_a_guest_that_finds_no_room_for_long_says_the_host_is_gone():
    network, (host, host_browser), (guest, guest_browser) = room_table(manual_clock=True)
    for link in list(host.session.table.links):
        network.close(host_browser, link)
    network.rooms.clear()  # the host's device is gone for good
    network.pump()
    guest_browser.advance(600)
    network.pump()
    assert not guest.signaling.rejoining and 'data-testid="host-gone"' in guest_browser.html


def test_a_code_still_held_by_the_old_page_is_tried_again_then_a_new_room_is_said_so():
    network, (host, host_browser), _guest = room_table(manual_clock=True)
    old_browser = host_browser
    host, host_browser = reload_room_host(network, host, host_browser, old_peer_stays=True, manual_clock=True)
    assert 'data-testid="signal-open-room"' in host_browser.html and "Opening a room" in shown_text(host_browser.html)
    host_browser.advance(3)  # tried three times: still held
    network.pump()
    assert [code for _setting, code in host_browser.hosted_rooms] == ["k7m2qp"] * 3
    del network.rooms["k7m2qp"]  # the server lets the old page's peer go
    assert network.rooms == {} and old_browser not in network.browsers
    host_browser.advance(3)
    network.pump()
    assert re.search(r'data-testid="signal-code">k7m2qp<', host_browser.html)
    # Held for good: a new code, and the host is told to give it to its guests.
    network.rooms["k7m2qp"] = old_browser
    host.signaling.room_state = ""
    host_browser.hosted_rooms.clear()
    host.signaling.reopen("k7m2qp")
    host_browser.advance(20)
    network.pump()
    assert [code for _setting, code in host_browser.hosted_rooms] == ["k7m2qp"] * 4 + [None]
    assert re.search(r'data-testid="signal-code">xyz234<', host_browser.html)
    assert "The room k7m2qp could not be opened again" in shown_text(host_browser.html)


class DownServerBrowser(RoomBrowser):
    async def net_host_room(self, setting, code=None):
        raise OSError("signal.unreachable")


def test_a_room_that_cannot_open_says_why_and_leaves_the_invitation_with_no_server():
    from ludoteca.ui.storage import SETTINGS_KEY, MemoryStore

    from .fake_browser import FakeNetwork, ObservedApp
    from .test_signaling import SERVER

    network = FakeNetwork()
    store = MemoryStore()
    store.set(SETTINGS_KEY, json.dumps({"signaling": SERVER}))
    host_browser = network.attach(DownServerBrowser(store))
    host = ObservedApp(host_browser)
    host_browser.app = host
    host.navigate("#/")
    guest, guest_browser = room_device(network, setting=None)
    setup_with_remote_seat(host)
    assert 'data-testid="devices-invite"' not in host_browser.html  # a service set: a room first
    host.dispatch("signaling", "room")
    network.pump()
    text = shown_text(host_browser.html)
    assert "The signaling service could not open a room (the server did not answer)" in text
    assert "invite a device on the same network with no server" in text
    assert 'data-testid="signal-room-failed"' in host_browser.html and "Try the room again" in text
    assert "with no server" in text and 'data-testid="devices-invite"' in host_browser.html
    host.dispatch("pref", "language=it")
    text = shown_text(host_browser.html)
    assert "non ha potuto aprire una stanza (il server non ha risposto)" in text and "Riprova ad aprire" in text
    host.dispatch("pref", "language=en")
    pair(network, host, host_browser, guest, guest_browser)  # the paste path, as with no service
    assert isinstance(guest.session, RemoteMatchSession) and host.session.connected(1)


# --- the host's STUN/TURN servers travel with the room link ------------------------------------------
ICE_SETTING = {"host": "peer.example.org", "port": 9000, "path": "/", "secure": True,
               "iceServers": [{"urls": ["stun:stun.example.org:3478"]},
                              {"urls": ["turn:turn.example.org:3478?transport=tcp"], "username": "ada",
                               "credential": "s3cret"}]}


def test_a_room_link_carries_the_hosts_stun_and_turn_servers_and_a_guest_adopts_them_when_it_agrees():
    from ludoteca.ui.routes import parse_route
    from ludoteca.ui.signaling import server_of_link
    from ludoteca.ui.storage import SETTINGS_KEY

    from .fake_browser import FakeNetwork
    from .test_signaling import SERVER

    network = FakeNetwork()
    host, host_browser = room_device(network, setting=ICE_SETTING)
    setup_with_remote_seat(host)
    host.dispatch("signaling", "room")
    network.pump()
    link = re.search(r'value="([^"]+)" data-testid="signal-link"', host_browser.html).group(1)
    assert re.search(r"#/room/k7m2qp/https/peer\.example\.org/9000/~[A-Za-z0-9_-]+$", link)
    assert parse_route(link.split("#")[1]).name == "room"
    guest, guest_browser = room_device(network, setting=None)
    reloads = []
    guest_browser.reload = lambda: reloads.append(guest_browser.hash)
    guest.navigate(link.split("#")[1])
    text = shown_text(guest_browser.html)
    assert "stun:stun.example.org:3478, turn:turn.example.org:3478?transport=tcp" in text
    assert "s3cret" not in text, "the password is not shown"
    guest.dispatch("signaling", "adopt")
    assert guest.prefs["signaling"] == ICE_SETTING and len(reloads) == 1
    # Italian too.
    other, other_browser = room_device(network, setting=None)
    other.dispatch("pref", "language=it")
    other.navigate(link.split("#")[1])
    assert "Usa anche questi server STUN e TURN" in shown_text(other_browser.html)
    # The page loads again with the link: the join uses the host's servers.
    joined = []

    class Recording(RoomBrowser):
        async def net_join_room(self, setting, code):
            joined.append(setting)
            return await super().net_join_room(setting, code)

    again_browser = network.attach(Recording(guest_browser.store))
    from .fake_browser import ObservedApp

    again = ObservedApp(again_browser)
    again_browser.app = again
    again.navigate(link.split("#")[1])
    network.pump()
    assert joined == [ICE_SETTING] and isinstance(again.session, RemoteMatchSession)
    assert json.loads(again_browser.store.get(SETTINGS_KEY))["signaling"] == ICE_SETTING
    # A link without servers carries none; a damaged or unchecked servers' part is no server at all.
    assert server_of_link("https/peer.example.org/9000/") == SERVER
    import base64

    def segment(texts):
        return "~" + base64.urlsafe_b64encode(json.dumps(texts).encode()).decode().rstrip("=")

    for bad in ("~", "~!!", segment(["http://x.example.org", "", ""]), segment(["turn:t.example.org", "", ""]),
                segment(["stun:s.example.org"]), segment({"a": 1}), segment(["stun:s.example.org 'self'", "", ""])):
        assert server_of_link("https/peer.example.org/9000/" + bad) is None, bad
    damaged, damaged_browser = room_device(network, setting=None)
    damaged.navigate("#/room/k7m2qp/https/peer.example.org/9000/" + segment(["turn:t.example.org", "", ""]))
    assert "no signaling service set" in shown_text(damaged_browser.html) and damaged.prefs.get("signaling") is None
