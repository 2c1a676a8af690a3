"""Play on several devices through a signaling service (ui/signaling.py, web/net/signal.mjs): the
stock PeerJS server from npm runs on loopback; two browser contexts (a host and a guest device)
with it set in Settings pair by room code and play ALPHA // PSYCHOPATH; the page's CSP lets them
connect to that server and nowhere else, and with no setting, to nothing but the origin."""

import json
import re
import socket
import time
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

import test_net_pairing
from build import CSP_TEMPLATE
from test_devices import acting_page, start_hosting
from test_new_games import psychopath_turn
from test_play import SETTINGS_KEY, moves_played

peer_server = test_net_pairing.peer_server  # the fixture: the stock PeerJS server on loopback
open_device = test_net_pairing.open_device  # the fixture: a context on web/net's test page

CSP = 'meta[http-equiv="Content-Security-Policy"]'


def setting_of(server: dict) -> dict:
    return {**server, "iceServers": []}


def device(new_context, open_app, url=None, setting=None, scripts=()):
    """A device whose stored preferences (before the page's first script) hold `setting`."""
    context = new_context()
    for script in scripts:
        context.add_init_script(script)
    stored = json.dumps({"pace": "fast", **({"signaling": setting} if setting else {})})
    context.add_init_script(f"if (location.protocol.startsWith('http') && !localStorage.getItem({SETTINGS_KEY!r}))"
                            f" localStorage.setItem({SETTINGS_KEY!r}, {json.dumps(stored)});")
    page = context.new_page()
    open_app(page, *([url] if url else []))
    return page


def fetch_outcome(page, url: str) -> str:
    return page.evaluate("""url => fetch(url, {mode: "no-cors"}).then(() => "fetched", () => "refused")""", url)


def connect_violations(page) -> list:
    return [v["blocked"] for v in page.evaluate("() => window.ludotecaBoot.cspViolations")
            if v["directive"] == "connect-src"]


def test_with_no_setting_the_page_connects_only_to_its_origin(new_context, open_app, app_url, peer_server):
    page = device(new_context, open_app)
    policies = [page.locator(CSP).nth(index).get_attribute("content") for index in range(page.locator(CSP).count())]
    assert len(policies) == 2 and "connect-src *" in policies[0] and policies[1] == "connect-src 'self'"
    # Together they are the whole policy as it always was.
    assert "connect-src 'self';" in CSP_TEMPLATE
    server = f"http://127.0.0.1:{peer_server['port']}/"
    assert fetch_outcome(page, server) == "refused"
    assert fetch_outcome(page, app_url + "manifest.webmanifest") == "fetched"
    assert connect_violations(page) == [server]


def test_with_a_setting_only_its_server_is_added(new_context, open_app, peer_server):
    page = device(new_context, open_app, setting=setting_of(peer_server))
    port = peer_server["port"]
    assert page.locator(CSP).nth(1).get_attribute("content") == \
        f"connect-src 'self' http://127.0.0.1:{port} ws://127.0.0.1:{port}"
    assert fetch_outcome(page, f"http://127.0.0.1:{port}/") == "fetched"
    elsewhere = f"http://127.0.0.1:{port + 1 if port < 65535 else port - 1}/"
    assert fetch_outcome(page, elsewhere) == "refused"
    assert fetch_outcome(page, "https://elsewhere.invalid/x") == "refused"
    assert connect_violations(page) == [elsewhere, "https://elsewhere.invalid/x"]


def test_a_damaged_setting_adds_nothing_to_the_policy(new_context, open_app):
    page = device(new_context, open_app, setting={"host": "x.example 'unsafe-inline' *", "port": 1, "secure": True,
                                                  "path": "/", "iceServers": []})
    assert page.locator(CSP).nth(1).get_attribute("content") == "connect-src 'self'"
    page.goto(page.url.split("#")[0] + "#/settings")
    expect(page.locator('[data-testid="signal-server"]')).to_have_value("")  # read as no setting


@pytest.mark.timeout(600)
def test_host_and_guest_pair_by_room_code_and_play(new_context, open_app, app_url, peer_server, request_log):
    setting = setting_of(peer_server)
    host = device(new_context, open_app, setting=setting)
    guest = device(new_context, open_app, url=app_url + "#/room", setting=setting)
    logs, sockets = [request_log(host.context), request_log(guest.context)], []
    for page in (host, guest):
        page.on("websocket", lambda socket: sockets.append(socket.url))
    start_hosting(host)
    expect(host.locator('[data-testid="devices-invite"]')).to_have_count(0)  # a room instead
    host.click('[data-testid="signal-open-room"]')
    code = host.locator('[data-testid="signal-code"]')
    expect(code).to_have_text(re.compile(r"^[2-9a-z]{6}$"), timeout=20_000)
    expect(host.locator('[data-testid="signal-qr"] svg')).to_be_visible()
    room = code.text_content()
    assert host.locator('[data-testid="signal-link"]').input_value() == \
        f"{app_url}#/room/{room}/http/127.0.0.1/{peer_server['port']}/"  # the server too: see the next test
    # The guest types the code (as read aloud: in capitals, with a space) and joins in one step.
    guest.fill('[data-testid="signal-code-input"]', room[:3].upper() + " " + room[3:].upper())
    started = time.perf_counter()
    guest.click('[data-testid="signal-join"]')
    expect(guest.locator('[data-testid="game"]')).to_be_visible(timeout=60_000)
    print(f"\nroom code typed → the guest's table: {(time.perf_counter() - started) * 1000:.0f} ms")  # not asserted
    expect(host.locator('[data-testid="devices-seat-1"]')).to_contain_text("connected")
    assert guest.url.endswith("#/room/" + room)
    host.click('[data-testid="devices-close"]')
    for _ in range(4):
        page = acting_page([host, guest])
        other = guest if page is host else host
        assert other.locator('[data-testid="game"] [data-action="select"][data-testid^="node-"]').count() == 0
        before = moves_played(page)
        assert psychopath_turn(page)
        expect(other.locator('[data-testid="game"]')).to_have_attribute("data-moves", str(before + 1))
    # A reload (a phone that slept) opens the room link again: the guest rejoins its seat.
    played = moves_played(host)
    started = time.perf_counter()
    guest.reload()
    expect(guest.locator('[data-testid="game"]')).to_have_attribute("data-moves", str(played), timeout=30_000)
    print(f"guest's reload → back at its seat (boot included): {(time.perf_counter() - started) * 1000:.0f} ms")
    page = acting_page([host, guest])
    assert psychopath_turn(page)
    expect((guest if page is host else host).locator('[data-testid="game"]')).to_have_attribute(
        "data-moves", str(played + 1))
    for page in (host, guest):
        assert page.evaluate("() => window.ludotecaBoot.cspViolations") == []
    # Nothing went anywhere but the app's origin and the server that was set.
    server = (f"http://127.0.0.1:{peer_server['port']}", f"ws://127.0.0.1:{peer_server['port']}")
    assert sockets and all(url.startswith(server[1] + "/") for url in sockets), sockets
    origin = urlsplit(app_url)[:2]
    assert [url for log in logs for url in log
            if urlsplit(url).scheme not in ("blob", "data") and urlsplit(url)[:2] != origin
            and not url.startswith(server)] == []


@pytest.mark.timeout(600)
def test_a_guest_with_no_service_set_opens_the_room_link_agrees_and_joins(new_context, open_app, peer_server):
    """...with the host's STUN and TURN servers too (the link carries them; the policy still names the
    PeerJS server alone: WebRTC's servers are no fetches)."""
    from test_devices import RECORD_PEER_CONNECTIONS

    ice = [{"urls": ["stun:127.0.0.1:3478"]},
           {"urls": ["turn:127.0.0.1:3478?transport=udp"], "username": "ada", "credential": "s3cret"}]
    host = device(new_context, open_app, setting={**setting_of(peer_server), "iceServers": ice})
    start_hosting(host)
    host.click('[data-testid="signal-open-room"]')
    link = host.locator('[data-testid="signal-link"]')
    expect(link).to_have_value(re.compile(r"#/room/[2-9a-z]{6}/http/.*/~[A-Za-z0-9_-]+$"), timeout=20_000)
    guest = device(new_context, open_app, url=link.input_value(), scripts=[RECORD_PEER_CONNECTIONS])
    assert guest.locator(CSP).nth(1).get_attribute("content") == "connect-src 'self'"
    expect(guest.locator('[data-testid="signal-adopt"]')).to_be_visible()
    expect(guest.locator('[data-testid="signal-offered-ice"]')).to_contain_text(
        "stun:127.0.0.1:3478, turn:127.0.0.1:3478?transport=udp")
    assert connect_violations(guest) == []  # nothing tried before the player agreed
    guest.click('[data-testid="signal-adopt"]')  # saved, and the page loads again with the link
    expect(guest.locator('[data-testid="game"]')).to_be_visible(timeout=60_000)
    port = peer_server['port']
    assert guest.locator(CSP).nth(1).get_attribute("content") == \
        f"connect-src 'self' http://127.0.0.1:{port} ws://127.0.0.1:{port}"
    assert json.loads(guest.evaluate(f"localStorage.getItem({SETTINGS_KEY!r})"))["signaling"]["iceServers"] == ice
    # PeerJS probes for data channels at load with a connection it never starts (its own defaults,
    # nothing gathered); the one that joined the room has the host's servers.
    assert [config.get("iceServers") for config in guest.evaluate("window.peerConnectionsMade")][-1] == ice
    expect(host.locator('[data-testid="devices-seat-1"]')).to_contain_text("connected")
    host.click('[data-testid="devices-close"]')
    assert psychopath_turn(host)
    expect(guest.locator('[data-testid="game"]')).to_have_attribute("data-moves", "1")


@pytest.mark.timeout(600)
def test_a_host_that_reloads_opens_the_same_room_and_its_guest_comes_back_by_itself(new_context, open_app, peer_server):
    setting = setting_of(peer_server)
    host = device(new_context, open_app, setting=setting)
    start_hosting(host)
    host.click('[data-testid="signal-open-room"]')
    link = host.locator('[data-testid="signal-link"]')
    expect(link).to_have_value(re.compile(r"#/room/[2-9a-z]{6}/http/"), timeout=20_000)
    room = host.locator('[data-testid="signal-code"]').text_content()
    guest = device(new_context, open_app, url=link.input_value(), setting=setting)
    expect(guest.locator('[data-testid="game"]')).to_be_visible(timeout=60_000)
    host.click('[data-testid="devices-close"]')
    assert psychopath_turn(host)
    expect(guest.locator('[data-testid="game"]')).to_have_attribute("data-moves", "1")
    host.reload()  # the room closes with the page; the table and its room code stay in storage
    expect(host.locator('[data-testid="signal-code"]')).to_have_text(room, timeout=30_000)
    expect(host.locator('[data-testid="devices-seat-1"]')).to_contain_text("connected", timeout=60_000)
    expect(guest.locator('[data-testid="host-gone"]')).to_have_count(0)
    expect(guest.locator('[data-testid="game"]')).to_have_attribute("data-moves", "1")
    host.click('[data-testid="devices-close"]')
    page = acting_page([host, guest])
    assert psychopath_turn(page)
    expect((guest if page is host else host).locator('[data-testid="game"]')).to_have_attribute("data-moves", "2")


@pytest.mark.timeout(600)
def test_a_room_that_cannot_open_says_why_and_the_host_still_invites_by_paste(new_context, open_app):
    from test_accessibility import problems_in_both_themes
    from test_devices import device as plain_device
    from test_devices import invite_and_pair

    with socket.socket() as probe:  # a port nothing listens on: the service set is down
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    host = device(new_context, open_app, setting={"host": "127.0.0.1", "port": port, "secure": False, "path": "/",
                                                  "iceServers": []})
    host.set_viewport_size({"width": 360, "height": 640})
    start_hosting(host)
    host.click('[data-testid="signal-open-room"]')
    failed = host.locator('[data-testid="signal-room-failed"]')
    expect(failed).to_contain_text("could not open a room (the server did not answer)", timeout=30_000)
    expect(failed).to_contain_text("with no server")
    expect(host.locator('[data-testid="signal-open-room"]')).to_have_text("Try the room again")
    found = {}
    problems_in_both_themes(host, "pairing panel, the room failed", found)
    for testid in ("signal-open-room", "devices-invite"):
        box = host.locator(f'[data-testid="{testid}"]').bounding_box()
        assert box["height"] >= 44 and box["x"] + box["width"] <= 360, (testid, box)
    assert host.evaluate("() => document.documentElement.scrollWidth") <= 360
    guest = invite_and_pair(host, lambda url: plain_device(new_context, open_app, url))
    host.click('[data-testid="devices-close"]')
    assert psychopath_turn(host)
    expect(guest.locator('[data-testid="game"]')).to_have_attribute("data-moves", "1")
    assert found == {}


def test_settings_refuses_a_bad_address_keeps_it_and_asks_for_a_reload(new_context, open_app, app_url, peer_server):
    page = device(new_context, open_app, url=app_url + "#/settings")
    page.fill('[data-testid="signal-server"]', "peer.example.org:9000")
    page.click('[data-testid="signal-save"]')
    expect(page.locator('[data-testid="signal-error"]')).to_contain_text("must start with https://")
    expect(page.locator('[data-testid="signal-server"]')).to_have_value("peer.example.org:9000")
    page.fill('[data-testid="signal-server"]', f"http://127.0.0.1:{peer_server['port']}")
    page.click('[data-testid="signal-save"]')
    expect(page.locator('[data-testid="signal-error"]')).to_have_count(0)
    stored = json.loads(page.evaluate(f"localStorage.getItem({SETTINGS_KEY!r})"))["signaling"]
    assert stored == {**setting_of(peer_server), "path": "/"}
    expect(page.locator('[data-testid="signal-state"]')).to_contain_text("reloads")
    page.click('[data-testid="signal-reload"]')
    expect(page.locator('[data-testid="signal-join-link"]')).to_be_visible(timeout=30_000)
    assert f"ws://127.0.0.1:{peer_server['port']}" in page.locator(CSP).nth(1).get_attribute("content")


def test_the_signaling_screens_pass_axe_and_fit_a_phone_in_both_languages(new_context, open_app, app_url, peer_server):
    from test_accessibility import problems_in_both_themes

    found = {}
    setting = setting_of(peer_server)
    host = device(new_context, open_app, url=app_url + "#/settings", setting=setting)
    host.set_viewport_size({"width": 360, "height": 640})
    host.fill('[data-testid="signal-server"]', "ftp://nowhere")
    host.click('[data-testid="signal-save"]')
    expect(host.locator('[data-testid="signal-error"]')).to_be_visible()
    problems_in_both_themes(host, "settings with a refused signaling service", found)
    host.click('[data-testid="language-it"]')
    host.click('[data-testid="signal-save"]')
    expect(host.locator('[data-testid="signal-error"]')).to_contain_text("deve cominciare")
    host.click('[data-testid="language-en"]')
    host.goto(app_url + "#/")
    start_hosting(host)
    problems_in_both_themes(host, "pairing panel with a room to open", found)
    host.click('[data-testid="signal-open-room"]')
    expect(host.locator('[data-testid="signal-code"]')).to_be_visible(timeout=20_000)
    problems_in_both_themes(host, "pairing panel with a room code", found)
    for testid in ("devices-close", "devices-stop"):
        box = host.locator(f'[data-testid="{testid}"]').bounding_box()
        assert box["height"] >= 44 and box["x"] + box["width"] <= 360, (testid, box)
    guest = device(new_context, open_app, url=app_url + "#/room/abcdef", setting=setting)
    guest.set_viewport_size({"width": 360, "height": 640})
    expect(guest.locator('[data-testid="signal-join-error"]')).to_contain_text("No table has", timeout=20_000)
    problems_in_both_themes(guest, "room code page, no such room", found)
    # Keyboard alone: the code field, then Join.
    guest.focus('[data-testid="signal-code-input"]')
    guest.keyboard.press("Control+A")  # the code that found no room stays, to be corrected
    guest.keyboard.type(host.locator('[data-testid="signal-code"]').text_content())
    guest.keyboard.press("Tab")
    guest.keyboard.press("Enter")
    expect(guest.locator('[data-testid="game"]')).to_be_visible(timeout=30_000)
    for page in (host, guest):
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    assert found == {}


WRITER_CASES = [
    None, {}, [], "x", {"host": "peer.example.org", "port": 9000, "secure": True},
    {"host": "127.0.0.1", "port": 1, "secure": False}, {"host": "a.b", "port": 65535, "secure": True},
    {"host": "peer.example.org 'unsafe-inline'", "port": 9000, "secure": True},
    {"host": "*", "port": 9000, "secure": True}, {"host": "a;b", "port": 9000, "secure": True},
    {"host": "peer.example.org", "port": "9000", "secure": True}, {"host": "a.b", "port": 0, "secure": True},
    {"host": "a.b", "port": 65536, "secure": True}, {"host": "a.b", "port": 1.5, "secure": True},
    {"host": "a.b", "port": 9, "secure": "yes"}, {"host": "-a.b", "port": 9, "secure": True},
]


def test_the_pages_policy_writer_allows_what_the_app_reads_and_nothing_else(tmp_path):
    """index.html's first script, run under Node for stored settings good and bad: the origins it adds
    are the ones ui/signaling_setting.py gives for what it reads (the host, port and scheme checks)."""
    import subprocess

    from build import CONNECT_POLICY_WRITER, INLINE_SCRIPT, ROOT
    from ludoteca.ui.signaling_setting import HOST_NAME, connect_origins

    writer = INLINE_SCRIPT.search((ROOT / "index.html").read_text(encoding="utf-8")).group("body")
    assert CONNECT_POLICY_WRITER in writer and SETTINGS_KEY in writer
    runner = tmp_path / "run.js"
    runner.write_text(f"""
        const cases = {json.dumps([json.dumps({"signaling": case}) for case in WRITER_CASES] + ["{{not json"])};
        const out = [];
        for (const stored of cases) {{
          globalThis.localStorage = {{ getItem: () => stored }};
          globalThis.document = {{ createElement: () => ({{}}), head: {{ append: (meta) => out.push(meta.content) }} }};
          {writer}
        }}
        console.log(JSON.stringify(out));""", encoding="utf-8")
    written = json.loads(subprocess.run(["node", str(runner)], capture_output=True, text=True, check=True).stdout)
    for case, policy in zip(WRITER_CASES + ["damaged"], written):
        good = (isinstance(case, dict) and isinstance(case.get("host"), str) and HOST_NAME.fullmatch(case["host"])
                and type(case.get("port")) is int and 1 <= case["port"] <= 65535 and isinstance(case.get("secure"), bool))
        expected = " ".join(["connect-src 'self'", *connect_origins(case if good else None)])
        assert policy == expected, case


def test_what_a_guest_says_as_soon_as_it_joins_waits_for_the_hosts_listener(open_device, peer_server):
    """The app attaches its listener a task after a room's channel opens (Python awaits it): a hello
    sent at once must not be lost (it was, on a loaded machine, and the guest then waited forever)."""
    origins = (f"http://127.0.0.1:{peer_server['port']}", f"ws://127.0.0.1:{peer_server['port']}")
    host, guest = (open_device(connect_origins=origins, permissions=test_net_pairing.LOCAL_NETWORK) for _ in range(2))
    code = host.evaluate("""async settings => {
        const signal = await import("../web/net/signal.mjs");
        const room = await signal.hostRoom(settings);
        window.late = [];
        room.nextGuest().then((channel) => setTimeout(
            () => channel.addEventListener("message", (event) => window.late.push(event.data)), 500));
        return room.code; }""", peer_server)
    guest.evaluate("""async ([settings, code]) => {
        const signal = await import("../web/net/signal.mjs");
        const channel = await signal.joinRoom(settings, code);
        channel.send("hello, at once"); channel.send("and again"); }""", [peer_server, code])
    host.wait_for_function("() => window.late.length === 2")
    assert host.evaluate("window.late") == ["hello, at once", "and again"]
