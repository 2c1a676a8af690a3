"""web/net/: two browser contexts (two devices) pair over a WebRTC data channel by passing the
offer and answer strings (the paste path, link.mjs), or by reading the host's QR code with the
guest's camera (qr.mjs), under the app's own CSP.

Sizes and timings are printed (run with -s to see them), never asserted."""

from __future__ import annotations

import base64
import json
import pathlib
import re
import socket
import statistics
import subprocess
import time

import pytest

import build
from conftest import ACTION_TIMEOUT_MS

# Characters a URL fragment carries as they are (RFC 3986 fragment, less '%' escapes).
FRAGMENT_SAFE = re.compile(r"[A-Za-z0-9\-._~!$&'()*+,;=:@/?]+")
ROUND_TRIPS = 200


def net_page_html(connect_origins: tuple[str, ...] = ()) -> str:
    """The test page, under the app's CSP (and the signaling server's origins, when a test sets one)."""
    policy = build.CSP_TEMPLATE.format(hashes="").replace("  ", " ")
    policy = policy.replace("connect-src 'self'", " ".join(["connect-src 'self'", *connect_origins]))
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
            '<title>net test</title><script type="module" src="net_page.mjs"></script></head><body></body></html>')


@pytest.fixture
def open_device(new_context, app_url, browser_context_args):
    """A new browser context (a device) on the net test page, in the shared browser or
    `browser`; returns its page."""
    def open_(browser=None, connect_origins=(), **context_args):
        if browser is None:
            page = new_context(**context_args).new_page()
        else:
            page = browser.new_context(**{**browser_context_args, **context_args}).new_page()
            page.set_default_timeout(ACTION_TIMEOUT_MS)
        page.route("**/__pages__/net.html", lambda route: route.fulfill(body=net_page_html(connect_origins),
                                                                     content_type="text/html"))
        page.goto(app_url + "__pages__/net.html")
        page.wait_for_function("() => window.netReady === true")
        return page
    return open_


def pair(host, guest, form="shortest"):
    started = time.perf_counter()
    offer = host.evaluate("form => netTest.host({form})", form)
    answer = guest.evaluate("([offer, form]) => netTest.join(offer, {form})", [offer, form])
    host.evaluate("answer => netTest.accept(answer)", answer)
    guest.wait_for_function("() => window.channel && window.channel.open")
    return offer, answer, time.perf_counter() - started


def exchange_both_ways(host, guest):
    for text in ("one", "two", "tre ✓"):
        host.evaluate("text => window.channel.send(text)", text)
    guest.evaluate("() => ['uno', 'due'].forEach(text => window.channel.send(text))")
    guest.wait_for_function("() => window.received.length === 3")
    host.wait_for_function("() => window.received.length === 2")
    assert guest.evaluate("window.received") == ["one", "two", "tre ✓"]
    assert host.evaluate("window.received") == ["uno", "due"]


@pytest.mark.parametrize("form", ["shortest", "deflated"])
def test_two_devices_pair_by_pasted_strings_and_talk_both_ways(open_device, form):
    host, guest = open_device(), open_device()
    offer, answer, seconds = pair(host, guest, form)
    assert offer[0] == {"shortest": "C", "deflated": "Z"}[form]
    for text in (offer, answer):
        assert FRAGMENT_SAFE.fullmatch(text), text
    exchange_both_ways(host, guest)
    sdp = host.evaluate("window.host.sdp")
    sizes = host.evaluate("""async sdp => ({sdp: sdp.length, compact: netTest.link.compactForm(sdp).length,
                                           deflated: (await netTest.link.deflatedForm(sdp)).length})""", sdp)
    print(f"\n[{form}] offer {len(offer)} chars, answer {len(answer)} chars; host SDP {sizes}; "
          f"paired in {seconds * 1000:.0f} ms (offer {host.evaluate('window.offerMs'):.0f} ms, "
          f"answer {guest.evaluate('window.answerMs'):.0f} ms, accept→open {host.evaluate('window.acceptMs'):.0f} ms)")
    # Closing one side reaches the other.
    host.evaluate("window.channel.close()")
    guest.wait_for_function("() => window.channelClosed === true")
    assert host.evaluate("window.cspViolations") == [] and guest.evaluate("window.cspViolations") == []


def test_round_trip_figures(open_device):
    host, guest = open_device(), open_device()
    pair(host, guest)
    times = sorted(host.evaluate("count => netTest.roundTrips(count)", ROUND_TRIPS))
    print(f"\nround trip over {ROUND_TRIPS} messages: median {statistics.median(times):.2f} ms, "
          f"p95 {times[int(len(times) * 0.95)]:.2f} ms, max {times[-1]:.2f} ms")
    assert len(times) == ROUND_TRIPS


def test_a_join_link_carries_the_offer_in_its_fragment(open_device):
    page = open_device()
    offer = page.evaluate("netTest.host()")
    url = page.evaluate("offer => netTest.link.joinUrl('http://127.0.0.1:9/ludoteca/?x=1', offer)", offer)
    assert url == "http://127.0.0.1:9/ludoteca/?x=1#/join/" + offer
    assert page.evaluate("url => netTest.link.offerFromUrl(url)", url) == offer
    assert page.evaluate("netTest.link.offerFromUrl('http://127.0.0.1:9/#/rules/x')") is None
    assert page.evaluate("netTest.link.offerFromUrl('http://127.0.0.1:9/')") is None


DAMAGED_OFFERS = ["", "hello", "C", "Ca~abcd", "Z!!!!", "Zabc", "Ca~abcd~" + "a" * 22 + "~x~hm,1",
                  "C?~abcd~abcdefghijklmnopqrstuvwx~" + "A" * 43 + "~h10.0.0.1,5000", "C" * 9000]


KEPT_BEFORE_THE_CHANNEL = """() => {
  const { Channel, keepEarlyTexts } = window.netTest.link;
  const raw = Object.assign(new EventTarget(), { readyState: "open" });  // an announced data channel
  const connection = Object.assign(new EventTarget(), { connectionState: "connected", close() {} });
  keepEarlyTexts(raw);
  raw.dispatchEvent(new MessageEvent("message", { data: "hello" }));  // before its Channel is made
  const channel = new Channel(connection, raw, ["first"]);
  raw.dispatchEvent(new MessageEvent("message", { data: "then" }));
  const heard = [];
  channel.addEventListener("message", (event) => heard.push(event.data));
  raw.dispatchEvent(new MessageEvent("message", { data: "last" }));
  return heard;
}"""


def test_a_text_that_comes_before_the_channel_is_made_is_kept(open_device):
    """The other side speaks as soon as its side is open; an announced channel is open before its
    "open" event (what PeerJS waits for), so its first text can come before the Channel exists:
    it is kept from the moment the data channel exists, and heard first, in order."""
    page = open_device()
    assert page.evaluate(KEPT_BEFORE_THE_CHANNEL) == ["first", "hello", "then", "last"]


def test_a_damaged_offer_is_refused_with_a_clear_code(open_device):
    page = open_device()
    codes = page.evaluate("""async texts => Promise.all(texts.map(async text => {
        try { await netTest.link.decodeDescription(text); return "decoded"; }
        catch (error) { return error.code || String(error); } }))""", DAMAGED_OFFERS)
    assert codes == ["link.bad_offer"] * len(DAMAGED_OFFERS)


def test_a_joining_guest_given_rubbish_gets_an_error_not_a_connection(open_device):
    page = open_device()
    code = page.evaluate("""async () => {
        try { await netTest.link.joinLink("Zbm90IGFuIG9mZmVy"); return "joined"; }
        catch (error) { return error.code || String(error); } }""")
    assert code == "link.bad_offer"


# --- QR codes (web/net/qr.mjs) ------------------------------------------------------------
FAKE_CAMERA_FLAGS = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]


def write_y4m(path: pathlib.Path, rows: list[list[bool]], width: int = 640, height: int = 480,
              frames: int = 5) -> None:
    """A video file for Chromium's fake camera: the QR code's modules, dark on light, in the Y plane."""
    size, quiet = len(rows), 4
    module = min(width, height) // (size + 2 * quiet)
    left, top = (width - module * size) // 2, (height - module * size) // 2
    luma = bytearray([235]) * (width * height)
    for row_index, row in enumerate(rows):
        for col_index, dark in enumerate(row):
            if dark:
                for dy in range(module):
                    start = (top + row_index * module + dy) * width + left + col_index * module
                    luma[start:start + module] = b"\x10" * module
    chroma = bytes([128]) * (width * height // 4)
    header = f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode()
    path.write_bytes(header + (b"FRAME\n" + bytes(luma) + chroma + chroma) * frames)


@pytest.fixture
def own_browser(browser_type, browser_type_launch_args):
    """Browsers of their own, launched with extra Chromium flags, closed after the test."""
    browsers = []

    def launch(*flags):
        args = [*browser_type_launch_args.get("args", []), *flags]
        browsers.append(browser_type.launch(**{**browser_type_launch_args, "args": args}))
        return browsers[-1]

    yield launch
    for browser in browsers:
        browser.close()


@pytest.fixture
def camera_browser(own_browser, tmp_path):
    """A browser whose camera plays camera.y4m (written by the test before it scans:
    Chromium opens the file when a page starts the camera)."""
    video = tmp_path / "camera.y4m"
    write_y4m(video, [[False]])
    return own_browser(*FAKE_CAMERA_FLAGS, f"--use-file-for-fake-video-capture={video}"), video


def test_a_qr_code_of_an_offer_reads_back(open_device):
    page = open_device()
    offer = page.evaluate("netTest.host()")
    assert page.evaluate("offer => netTest.readDrawnQr(offer)", offer) == offer
    assert page.evaluate("netTest.readDrawnQr('Città ✓ ~ #/join/x')") == "Città ✓ ~ #/join/x"
    svg = page.evaluate("offer => netTest.qr.qrSvg(offer, {label: 'Join <this> table'})", offer)
    assert svg.startswith("<svg ") and 'aria-label="Join &#60;this&#62; table"' in svg and "style=" not in svg
    # The SVG as the page shows it, photographed, reads back too.
    page.evaluate("svg => { document.body.innerHTML = svg; }", svg)
    png = page.locator("svg.qr-code").screenshot()
    assert page.evaluate("png => netTest.readPng(png)", base64.b64encode(png).decode()) == offer
    version = page.evaluate("offer => netTest.qr.qrMatrix(offer).version", offer)
    link = page.evaluate("offer => netTest.link.joinUrl('http://192.168.1.20:8000/', offer)", offer)
    link_version = page.evaluate("link => netTest.qr.qrMatrix(link).version", link)
    print(f"\nQR code of a {len(offer)}-character offer: version {version} at level L; "
          f"of its {len(link)}-character join link: version {link_version}")


def test_a_guest_joins_by_reading_the_hosts_qr_code_with_its_camera(camera_browser, open_device):
    browser, video = camera_browser
    host = open_device(browser=browser)
    guest = open_device(browser=browser, permissions=["camera"])
    started = time.perf_counter()
    offer = host.evaluate("netTest.host()")
    write_y4m(video, host.evaluate("offer => netTest.qr.qrMatrix(offer).rows", offer))
    scanned = guest.evaluate("netTest.scan()")
    assert scanned == {"ok": True, "text": offer}
    answer = guest.evaluate("offer => netTest.join(offer)", scanned["text"])
    host.evaluate("answer => netTest.accept(answer)", answer)  # the answer comes back by paste
    guest.wait_for_function("() => window.channel && window.channel.open")
    print(f"\npaired through the camera in {(time.perf_counter() - started) * 1000:.0f} ms "
          f"(reading the QR code {guest.evaluate('window.scanMs'):.0f} ms)")
    exchange_both_ways(host, guest)


def test_a_refused_camera_reports_itself(own_browser, open_device):
    # A camera is there (Chromium's fake one), but nobody allows it: headless Chromium refuses the prompt.
    browser = own_browser("--use-fake-device-for-media-stream")
    page = open_device(browser=browser)
    assert page.evaluate("netTest.scan(3000)") == {"ok": False, "reason": "camera.denied"}


def test_a_missing_camera_reports_itself(open_device):
    # The shared test browser has no camera at all.
    page = open_device(permissions=["camera"])
    assert page.evaluate("netTest.scan(3000)") == {"ok": False, "reason": "camera.none"}


# --- pairing through a PeerJS server (web/net/signal.mjs) ------------------------------------
PEER_SERVER = build.NODE_MODULES / "peer" / "dist" / "bin" / "peerjs.js"
# The test page is fulfilled by Playwright, so Chromium cannot tell it came from loopback too,
# and its Local Network Access check would block the loopback server without this permission.
LOCAL_NETWORK = ["local-network-access"]


@pytest.fixture
def peer_server():
    """The stock PeerJS server from npm, on loopback: its signaling settings."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(["node", str(PEER_SERVER), "--host", "127.0.0.1", "--port", str(port), "--path", "/",
                               "--expire_timeout", "1000"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, server.stderr.read() if server.poll() else "no start"
                time.sleep(0.1)
        yield {"host": "127.0.0.1", "port": port, "secure": False, "path": "/"}
    finally:
        server.kill()  # the stock server ignores SIGTERM while a socket is open
        server.wait(timeout=10)


def test_two_devices_pair_through_a_peerjs_server_by_room_code(open_device, peer_server, request_log):
    origins = (f"http://127.0.0.1:{peer_server['port']}", f"ws://127.0.0.1:{peer_server['port']}")
    host, guest = (open_device(connect_origins=origins, permissions=LOCAL_NETWORK) for _ in range(2))
    request_logs, sockets = [request_log(host.context), request_log(guest.context)], []
    for page in (host, guest):
        page.on("websocket", lambda socket: sockets.append(socket.url))
    code = host.evaluate("settings => netTest.hostRoom(settings)", peer_server)
    assert re.fullmatch(r"[2-9a-z]{6}", code)
    assert guest.evaluate("([settings, code]) => netTest.joinRoom(settings, code)", [peer_server, code.upper()]) == "joined"
    host.wait_for_function("() => window.channel && window.channel.open")
    exchange_both_ways(host, guest)
    print(f"\njoined a room through the PeerJS server in {guest.evaluate('window.joinRoomMs'):.0f} ms")
    assert host.evaluate("window.cspViolations") == [] and guest.evaluate("window.cspViolations") == []
    # Nothing went anywhere but the page's origin and the server that was set.
    assert sockets and all(url.startswith(origins[1] + "/") for url in sockets), sockets
    page_origin = host.url.split("/__pages__")[0]
    assert [url for log in request_logs for url in log if not url.startswith((page_origin + "/", *origins))] == []


def test_a_wrong_room_code_and_a_missing_server_say_so(open_device, peer_server):
    origins = (f"http://127.0.0.1:{peer_server['port']}", f"ws://127.0.0.1:{peer_server['port']}")
    guest = open_device(connect_origins=origins, permissions=LOCAL_NETWORK)
    assert guest.evaluate("settings => netTest.joinRoom(settings, 'abcdef')", peer_server) == "signal.no_room"
    assert guest.evaluate("settings => netTest.joinRoom(settings, 'not a code')", peer_server) == "signal.bad_code"
    nowhere = {**peer_server, "port": 9}  # nothing listens: an error, or silence until the timeout
    assert guest.evaluate("settings => netTest.joinRoom(settings, 'abcdef', 2000)", nowhere) == "signal.unreachable"
    assert guest.evaluate("netTest.joinRoom({host: 'x/y', port: 1}, 'abcdef')") == "signal.bad_settings"


# --- the wire protocol in Pyodide -----------------------------------------------------------
WIRE_EXCHANGE = """
import json
from ludoteca.net.wire import GUEST, HOST, Endpoint
host, guest = Endpoint(HOST), Endpoint(GUEST)
texts = [guest.send("hello", {"name": "Ada ✓", "seats": [1]}),
         host.send("update", {"seat": 1, "turn": 0, "view": {"rack": "ABC", "n": 1.5}, "view_patch": None,
                              "entries": [],
                              "position": {"count": 0, "to_move": [1], "mode": "turn", "scores": [0, 0],
                                           "status": "playing", "resigners": [], "clocked": [], "undos": 0,
                                           "hints": [0, 0], "places": []},
                              "legal": None})]
receipt = guest.receive(texts[1])
texts += list(receipt.replies)
refused = guest.receive('{"v": 2, "kind": "welcome"' + ' ' * 70000 + '}').error.code
json.dumps({"texts": texts, "delivered": [m.body for m in receipt.delivered], "refused": refused})
"""


def test_the_wire_protocol_runs_in_pyodide_as_in_cpython(open_device):
    """The shipped engine zip carries ludoteca.net; Pyodide writes the very texts CPython writes."""
    page = open_device()
    in_pyodide = json.loads(page.evaluate("code => netTest.runInPyodide(code)", WIRE_EXCHANGE))
    in_cpython: dict = {}
    exec(WIRE_EXCHANGE.replace("json.dumps(", "result = json.dumps("), in_cpython)
    assert in_pyodide == json.loads(in_cpython["result"])
    assert in_pyodide["refused"] == "wire.too_large" and in_pyodide["delivered"][0]["view"]["rack"] == "ABC"
    assert page.evaluate("window.cspViolations") == []

