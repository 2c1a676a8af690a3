"""A signaling service for playing on several devices (ui/signaling.py, ui/signaling_setting.py),
the whole app under CPython: the Settings form (checked input, nothing lost, stored with the other
preferences, read back as untrusted), and a host and a guest pairing by room code through a fake
signaling server, then playing on the same wire as a pasted invitation."""

import json
import re

import pytest

from ludoteca.net.remote import RemoteMatchSession
from ludoteca.ui.prefs import valid_prefs
from ludoteca.ui.routes import parse_route
from ludoteca.ui.session import HostedMatchSession
from ludoteca.ui.signaling import room_code
from ludoteca.ui.signaling_setting import (SettingError, connect_origins, make_setting, parse_ice, parse_server,
                                           read_setting)
from ludoteca.ui.storage import SETTINGS_KEY, MemoryStore

from .fake_browser import FakeNetwork, NetBrowser, ObservedApp, make_app, shown_text
from .test_devices import setup_with_remote_seat

SERVER = {"host": "peer.example.org", "port": 9000, "path": "/", "secure": True, "iceServers": []}


@pytest.mark.parametrize("text, expected", [
    ("https://peer.example.org:9000/", {"host": "peer.example.org", "port": 9000, "path": "/", "secure": True}),
    ("  HTTPS://Peer.Example.org  ", {"host": "peer.example.org", "port": 443, "path": "/", "secure": True}),
    ("http://192.168.1.20:9000/myapp", {"host": "192.168.1.20", "port": 9000, "path": "/myapp/", "secure": False}),
    ("wss://peer.example.org/x/", {"host": "peer.example.org", "port": 443, "path": "/x/", "secure": True}),
    ("ws://127.0.0.1:9", {"host": "127.0.0.1", "port": 9, "path": "/", "secure": False}),
])
def test_a_server_address_is_read_into_host_port_path_and_scheme(text, expected):
    assert parse_server(text) == expected


@pytest.mark.parametrize("text, code", [
    ("peer.example.org", "signal.bad_scheme"),
    ("ftp://peer.example.org/", "signal.bad_scheme"),
    ("javascript://peer.example.org/", "signal.bad_scheme"),
    ("https://peer.example.org:99999/", "signal.bad_port"),
    ("https://peer.example.org:0/", "signal.bad_port"),
    ("https://peer.example.org:abc/", "signal.bad_port"),
    ("https://user:pw@peer.example.org/", "signal.bad_server"),
    ("https://peer.example.org/?key=x", "signal.bad_server"),
    ("https://peer.example.org/#x", "signal.bad_server"),
    ("https://*.example.org/", "signal.bad_server"),
    ("https://[::1]:9000/", "signal.bad_server"),  # a CSP source cannot name an IPv6 literal
    ("https://peer example.org/", "signal.bad_server"),
    ("https://peer.example.org/a b", "signal.bad_server"),
    ("https://peer.example.org/'self'", "signal.bad_server"),
    ("https://peer.example.org;script-src *", "signal.bad_server"),
    ("https:///", "signal.bad_server"),
])
def test_a_bad_server_address_is_refused_with_its_reason(text, code):
    with pytest.raises(SettingError) as refused:
        parse_server(text)
    assert refused.value.code == code


def test_stun_and_turn_servers_turn_ones_with_their_secret():
    servers = parse_ice("stun:stun.example.org:3478\nturn:turn.example.org:3478?transport=tcp, turns:turn.example.org",
                        "ada", "s3cret")
    assert servers == [{"urls": ["stun:stun.example.org:3478"]},
                       {"urls": ["turn:turn.example.org:3478?transport=tcp"], "username": "ada", "credential": "s3cret"},
                       {"urls": ["turns:turn.example.org"], "username": "ada", "credential": "s3cret"}]
    assert parse_ice("") == []
    for text, username, credential, code in [
        ("turn:turn.example.org", "", "", "signal.turn_needs_secret"),
        ("turn:turn.example.org", "ada", "", "signal.turn_needs_secret"),
        ("stun:stun.example.org", "ada", "pw", "signal.secret_without_turn"),
        ("http://stun.example.org", "", "", "signal.bad_ice"),
        ("stun:stun.example.org:70000", "", "", "signal.bad_ice"),
        (" ".join(["stun:s.example.org"] * 9), "", "", "signal.too_many_ice"),
        ("turn:t.example.org", "a" * 300, "pw", "signal.bad_secret"),
    ]:
        with pytest.raises(SettingError) as refused:
            parse_ice(text, username, credential)
        assert refused.value.code == code, text


def test_an_empty_form_is_no_service_and_servers_need_a_server():
    assert make_setting("", "", "", "") is None
    with pytest.raises(SettingError) as refused:
        make_setting("", "stun:stun.example.org")
    assert refused.value.code == "signal.server_needed"
    assert make_setting("https://peer.example.org:9000") == SERVER


def test_the_connect_origins_are_the_servers_http_and_websocket_ones():
    assert connect_origins(None) == ()
    assert connect_origins(SERVER) == ("https://peer.example.org:9000", "wss://peer.example.org:9000")
    assert connect_origins({**SERVER, "secure": False, "host": "127.0.0.1"}) == ("http://127.0.0.1:9000",
                                                                                 "ws://127.0.0.1:9000")


@pytest.mark.parametrize("stored", [
    None, "https://peer.example.org", [], {}, {**SERVER, "extra": 1},
    {**SERVER, "host": "peer.example.org 'unsafe-inline'"}, {**SERVER, "host": "*"}, {**SERVER, "port": "9000"},
    {**SERVER, "port": 70000}, {**SERVER, "port": True}, {**SERVER, "secure": "yes"}, {**SERVER, "path": "x"},
    {**SERVER, "iceServers": [{"urls": ["http://x"]}]}, {**SERVER, "iceServers": [{"urls": "stun:x"}]},
    {**SERVER, "iceServers": [{"urls": ["stun:x"], "credential": 5}]},
    {**SERVER, "iceServers": [{"urls": ["stun:x"], "other": "y"}]},
])
def test_a_damaged_stored_setting_is_no_setting(stored):
    assert read_setting(stored) is None
    assert "signaling" not in valid_prefs({"signaling": stored, "theme": "dark"})


def test_a_good_stored_setting_is_kept_with_the_preferences():
    setting = make_setting("https://peer.example.org:9000", "turn:t.example.org", "ada", "pw")
    assert read_setting(json.loads(json.dumps(setting))) == setting
    assert valid_prefs({"signaling": setting})["signaling"] == setting


def test_room_routes_and_codes():
    assert parse_route("#/room") .name == "room" and parse_route("#/room").arg == ""
    assert parse_route("#/room/K7M2QP") == parse_route("#/room/K7M2QP")
    assert parse_route("#/room/k7m2qp").arg == "k7m2qp"
    assert parse_route("#/room/k7m2q0").name == "missing"  # no 0 in a code
    assert parse_route("#/room/k7m2qpx").name == "missing"
    assert room_code(" K7M-2QP ") == "k7m2qp" and room_code("k7m2ql") is None and room_code("") is None


# --- the Settings form ---------------------------------------------------------------------------
def settings_form(app, **values):
    app.navigate("#/settings")
    for name, value in values.items():
        app.dispatch("field", f"signal.{name}={value}")


def test_settings_stores_a_checked_service_and_keeps_a_refused_one_as_typed():
    store = MemoryStore()
    app, browser = make_app(store)
    settings_form(app, server="https://peer.example.org:9000", ice="turn:t.example.org", username="", credential="")
    app.dispatch("signaling", "save")
    assert "TURN server turn:t.example.org needs a user name and a password" in shown_text(browser.html)
    assert 'value="https://peer.example.org:9000"' in browser.html and "turn:t.example.org</textarea>" in browser.html
    assert "signaling" not in json.loads(store.get(SETTINGS_KEY) or "{}")  # nothing stored, nothing lost
    app.dispatch("field", "signal.username=ada")
    app.dispatch("field", "signal.credential=pw")
    app.dispatch("signaling", "save")
    assert 'data-testid="signal-error"' not in browser.html
    stored = json.loads(store.get(SETTINGS_KEY))["signaling"]
    assert stored["host"] == "peer.example.org" and stored["iceServers"][0]["username"] == "ada"
    assert "Reload the page to use it" in shown_text(browser.html)
    # A new page reads it back, fills the form with it, and the first bad edit loses nothing.
    again, again_browser = make_app(store)
    settings_form(again)
    assert 'value="https://peer.example.org:9000/"' in again_browser.html
    assert "Set: https://peer.example.org:9000/." in shown_text(again_browser.html)
    again.dispatch("field", "signal.server=https://peer.example.org:123456")
    again.dispatch("signaling", "save")
    assert "must be a number from 1 to 65535" in shown_text(again_browser.html)
    assert json.loads(store.get(SETTINGS_KEY))["signaling"] == stored
    again.dispatch("signaling", "clear")
    assert "signaling" not in json.loads(store.get(SETTINGS_KEY))
    assert json.loads(store.get(SETTINGS_KEY))["language"] == "en"  # the other preferences stay


def test_settings_speaks_italian_too():
    app, browser = make_app()
    app.dispatch("pref", "language=it")
    settings_form(app, server="peer.example.org")
    app.dispatch("signaling", "save")
    text = shown_text(browser.html)
    assert "Servizio di segnalazione" in text and "deve cominciare con https://" in text


class RoomBrowser(NetBrowser):
    """A NetBrowser with a fake signaling server: rooms by code on the FakeNetwork; the page's
    policy allows the origins in `allowed` (None: no policy)."""

    allowed = None
    hash = ""

    def set_hash(self, hash_text, replace=False):
        if hash_text != self.hash:  # a real browser fires no hashchange for the same hash
            super().set_hash(hash_text, replace)

    def connect_allowed(self):
        return self.allowed

    async def net_host_room(self, setting, code=None):
        self.hosted_rooms = getattr(self, "hosted_rooms", []) + [(setting, code)]
        rooms = self.network.__dict__.setdefault("rooms", {})
        if code is None:
            code = next(self.network.__dict__.setdefault("codes", iter(["k7m2qp", "xyz234", "abc234"])))
        elif rooms.get(code, self) is not self:
            raise OSError("signal.room_taken")  # another peer (a reloaded page's old one) holds it
        rooms[code] = self
        return code

    def net_close_room(self):
        rooms = self.network.__dict__.setdefault("rooms", {})
        for code in [code for code, host in rooms.items() if host is self]:
            del rooms[code]

    async def net_join_room(self, setting, code):
        host = self.network.__dict__.get("rooms", {}).get(code)
        if host is None:
            raise OSError("signal.no_room")
        host_link, guest_link = self.network._id("h"), self.network._id("g")
        self.network.peers[(id(host), host_link)] = (self, guest_link)
        self.network.peers[(id(self), guest_link)] = (host, host_link)
        self.network.queue.append(("open", host, host_link, None))
        return guest_link

    def net_open(self, link):
        self.network.queue.append(("open", self, link, None))


def room_device(network, setting=SERVER, store=None, **kwargs):
    store = MemoryStore() if store is None else store
    if setting is not None:
        store.set(SETTINGS_KEY, json.dumps({"signaling": setting}))
    browser = network.attach(RoomBrowser(store, **kwargs))
    app = ObservedApp(browser)
    browser.app = app
    app.navigate("#/")
    return app, browser


def test_a_guest_joins_by_room_code_and_plays_on_the_same_wire():
    network = FakeNetwork()
    host, host_browser = room_device(network)
    guest, guest_browser = room_device(network)
    setup_with_remote_seat(host)
    assert isinstance(host.session, HostedMatchSession)
    assert 'data-testid="devices-invite"' not in host_browser.html  # a room instead of an invitation
    assert "through the signaling service set in Settings" in shown_text(host_browser.html)
    host.dispatch("signaling", "room")
    network.pump()
    assert re.search(r'data-testid="signal-code">k7m2qp<', host_browser.html)
    assert "https://ludoteca.example/#/room/k7m2qp" in host_browser.html  # the link, in its QR code too
    guest.navigate("#/room")
    guest.dispatch("field", "signal.code=nope")
    guest.dispatch("signaling", "join")
    assert "A room code is 6 letters and digits" in shown_text(guest_browser.html)
    guest.dispatch("field", "signal.code=ABCDEF")
    guest.dispatch("signaling", "join")  # the route says which room: a reload joins it again
    assert guest_browser.hash == "#/room/abcdef"
    network.pump()
    assert "No table has the room code abcdef" in shown_text(guest_browser.html)
    guest.dispatch("signaling", "join")  # the same code again: tried again
    assert 'data-testid="signal-joining"' in guest_browser.html
    network.pump()
    assert "No table has the room code abcdef" in shown_text(guest_browser.html)
    guest.navigate("#/room/k7m2qp")
    network.pump()
    assert isinstance(guest.session, RemoteMatchSession) and guest.route.name == "play"
    assert host.session.connected(1) and "connected" in shown_text(host_browser.html)
    # The same seat checks as any guest: the guest moves only its own seat.
    def legal(player):
        return [move.text for move in host.session.position().legal_moves(player)]

    guest.dispatch("move", f"0:{legal(0)[0]}")  # the host's seat: refused
    network.pump()
    assert host.session.move_count == 0
    host.dispatch("move", f"0:{legal(0)[0]}")
    network.pump()
    assert guest.session.move_count == 1
    guest.dispatch("move", f"1:{legal(1)[0]}")
    network.pump()
    assert host.session.move_count == 2 and guest.session.move_count == 2
    # Stopping closes the room: a late guest finds nothing.
    host.dispatch("devices", "open")
    host.dispatch("devices", "stop")
    network.pump()
    assert network.rooms == {}


def test_a_setting_the_page_policy_does_not_allow_yet_asks_for_a_reload():
    network = FakeNetwork()
    host, host_browser = room_device(network)
    host_browser.allowed = ()  # the page loaded before the setting: connect-src 'self' only
    setup_with_remote_seat(host)
    assert 'data-testid="signal-reload"' in host_browser.html and 'data-testid="signal-open-room"' not in host_browser.html
    host.dispatch("signaling", "room")
    assert "rooms" not in network.__dict__
    host_browser.allowed = ("https://peer.example.org:9000", "wss://peer.example.org:9000")
    host.render()
    assert 'data-testid="signal-open-room"' in host_browser.html


def test_without_a_setting_nothing_changes_and_a_room_link_says_what_to_do():
    network = FakeNetwork()
    host, host_browser = room_device(network, setting=None)
    setup_with_remote_seat(host)
    assert 'data-testid="devices-invite"' in host_browser.html and "signal-room" not in host_browser.html
    assert "with no server" in shown_text(host_browser.html)
    host.navigate("#/room/k7m2qp")
    assert "no signaling service set" in shown_text(host_browser.html)
    assert "rooms" not in network.__dict__


def test_a_room_link_carries_the_server_and_a_guest_without_it_is_asked_before_using_it():
    network = FakeNetwork()
    host, host_browser = room_device(network)
    setup_with_remote_seat(host)
    host.dispatch("signaling", "room")
    network.pump()
    link = re.search(r'value="([^"]+)" data-testid="signal-link"', host_browser.html).group(1)
    assert link.endswith("#/room/k7m2qp/https/peer.example.org/9000/")
    # A guest with no setting: nothing is stored nor joined until the player agrees.
    guest, guest_browser = room_device(network, setting=None)
    reloads = []
    guest_browser.reload = lambda: reloads.append(guest_browser.hash)
    guest.navigate(link.split("#")[1])
    assert "uses the signaling service https://peer.example.org:9000/" in shown_text(guest_browser.html)
    assert guest.prefs.get("signaling") is None and host.session.table.links == {}
    guest.dispatch("signaling", "adopt")
    assert guest.prefs["signaling"] == SERVER and len(reloads) == 1
    # The page loaded again (its policy allows the server now): the same link joins at once.
    again, _again_browser = room_device(network, setting=json.loads(guest_browser.store.get(SETTINGS_KEY))["signaling"])
    again.navigate(link.split("#")[1])
    network.pump()
    assert isinstance(again.session, RemoteMatchSession) and host.session.connected(1)
    # A link naming another server than the one set asks too; a damaged one is no server.
    other, other_browser = room_device(network)
    other.navigate("#/room/k7m2qp/http/10.0.0.5/9000/")
    assert "uses the signaling service http://10.0.0.5:9000/" in shown_text(other_browser.html)
    assert parse_route("#/room/k7m2qp/https/bad host/1").name == "missing"
    other.navigate("#/room/abcdef/ftp/x/1/")
    network.pump()
    assert "No table has the room code abcdef" in shown_text(other_browser.html)
