"""Play on several devices in the real app: two browser contexts (a host and a guest device)
pair by paste (the invitation link opened on the guest, its answer pasted on the host) over
a WebRTC data channel with no server, then play a whole ALPHA // PSYCHOPATH game, each
device acting only for its own seat; a guest's reload keeps its pairing and rejoins from a
new invitation."""

import re
import time

import pytest
from playwright.sync_api import expect

from test_new_games import TABLE, psychopath_turn
from test_play import moves_played
from test_play import FAST_PLAY  # noqa: E402

READY = f'{TABLE} [data-action="select"][data-testid^="node-"], {TABLE} [data-testid^="resurrect-"]'
RESULTS = '[data-testid="results"]'


def device(new_context, open_app, url=None, scripts=()):
    context = new_context()
    context.add_init_script(FAST_PLAY)
    for script in scripts:
        context.add_init_script(script)
    page = context.new_page()
    if url is None:
        open_app(page)
    else:
        open_app(page, url)
    return page


def start_hosting(host):
    host.click('[data-testid="new-psychopath"]')
    host.wait_for_selector('[data-testid="setup"]')
    host.select_option('[data-testid="seat-1-kind"]', "remote")
    host.fill('[data-testid="seed"]', "5")
    host.click('[data-testid="start"]')
    expect(host.locator('[data-testid="devices-panel"]')).to_be_visible()


def invite_and_pair(host, guest_page_for, seat=1):
    """The host makes an invitation; the guest opens its link; the host pastes the answer;
    the guest takes `seat` (the first free one)."""
    host.click('[data-testid="devices-invite"]')
    link = host.locator('[data-testid="devices-link"]')
    expect(link).to_be_visible(timeout=20_000)
    expect(host.locator('[data-testid="devices-qr"] svg')).to_be_visible()
    guest = guest_page_for(link.input_value())
    answer = guest.locator('[data-testid="join-answer"]')
    expect(answer).to_be_visible(timeout=20_000)
    expect(guest.locator('[data-testid="join-qr"] svg')).to_be_visible()
    host.fill('[data-testid="devices-answer"]', answer.input_value())
    host.click('[data-testid="devices-accept"]')
    expect(guest.locator('[data-testid="game"]')).to_be_visible(timeout=20_000)
    expect(host.locator(f'[data-testid="devices-seat-{seat}"]')).to_contain_text("connected")
    return guest


def acting_page(pages, timeout_s=60):
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        for page in pages:
            if page.locator(RESULTS).count():
                return None
            if page.locator(READY).count():
                return page
        time.sleep(0.05)
    raise AssertionError("neither device could act")


@pytest.mark.timeout(900)
def test_a_whole_psychopath_game_across_two_devices_paired_by_paste(new_context, open_app, app_url):
    host = device(new_context, open_app)
    start_hosting(host)
    guest = invite_and_pair(host, lambda url: device(new_context, open_app, url))
    host.click('[data-testid="devices-close"]')
    expect(guest.locator('[data-testid="guest-banner"]')).to_be_visible()
    turns = 0
    while True:
        page = acting_page([host, guest])
        if page is None:
            break
        other = guest if page is host else host
        assert other.locator(READY).count() == 0, "only the device whose turn it is may act"
        before = moves_played(page)
        assert psychopath_turn(page)
        expect(other.locator('[data-testid="game"]')).not_to_have_attribute("data-moves", str(before))
        turns += 1
        assert turns < 400, "the game did not end"
    expect(host.locator(RESULTS)).to_be_visible()
    expect(guest.locator(RESULTS)).to_be_visible()
    assert moves_played(host) == moves_played(guest)
    for page in (host, guest):
        assert page.evaluate("() => window.ludotecaBoot.cspViolations") == []


def test_a_guest_that_reloads_rejoins_its_seat_from_a_new_invitation(new_context, open_app):
    """...and its reload on the spent invitation makes no connection; each arrival and absence is
    said on the other device (the polite live region and the line under who is at the table)."""
    host = device(new_context, open_app)
    start_hosting(host)
    guest = invite_and_pair(host, lambda url: device(new_context, open_app, url, scripts=[RECORD_PEER_CONNECTIONS]))
    assert len(guest.evaluate("window.peerConnectionsMade")) == 1
    host.click('[data-testid="devices-close"]')
    news, announcer = host.locator('[data-testid="presence-news"]'), host.locator('[data-testid="news-announcer"]')
    expect(news).to_have_text(re.compile(r"^\S.* joined\.$"))
    expect(announcer).to_have_text(news.text_content())
    # A region of its own, apart from the moves': a move said in the same redraw does not replace it.
    assert announcer.get_attribute("aria-live") == "polite"
    assert host.locator('[data-testid="announcer"]').get_attribute("aria-live") == "polite"
    assert psychopath_turn(host)
    expect(host.locator('[data-testid="announcer"]')).to_contain_text("Move 1")
    expect(announcer).to_have_text(news.text_content())
    expect(guest.locator('[data-testid="game"]')).to_have_attribute("data-moves", "1")
    guest.reload()  # the data channel is gone with the page; the pairing stays in storage
    expect(guest.locator('[data-testid="join-used"]')).to_contain_text("open a new invitation", timeout=30_000)
    expect(news).to_have_text(re.compile(r"^\S.* is away\.$"), timeout=30_000)
    expect(announcer).to_have_text(news.text_content())
    time.sleep(1)  # anything the page would start for the spent link, it has started by now
    assert guest.evaluate("window.peerConnectionsMade") == [], "no connection for a spent invitation"
    expect(host.locator('[data-testid="status"]')).to_be_visible()
    host.click('[data-testid="menu"]')
    host.click('[data-testid="menu-devices"]')
    expect(host.locator('[data-testid="devices-seat-1"]')).to_contain_text("away", timeout=30_000)

    def rejoin(url):
        guest.goto(url)
        return guest

    invite_and_pair(host, rejoin)
    assert len(guest.evaluate("window.peerConnectionsMade")) == 1
    expect(news).to_have_text(re.compile(r"^\S.* joined\.$"))
    expect(guest.locator('[data-testid="game"]')).to_have_attribute("data-moves", "1")
    host.click('[data-testid="devices-close"]')
    assert psychopath_turn(guest)  # its seat, where it left it
    expect(host.locator('[data-testid="game"]')).to_have_attribute("data-moves", "2")


def test_the_pairing_panel_the_join_page_and_the_guests_table_pass_axe_and_fit_a_phone(new_context, open_app):
    from test_accessibility import problems_in_both_themes

    found = {}
    host = device(new_context, open_app)
    host.set_viewport_size({"width": 360, "height": 640})
    start_hosting(host)
    problems_in_both_themes(host, "pairing panel", found)
    guest_pages = []

    def open_guest(url):
        page = device(new_context, open_app, url)
        page.set_viewport_size({"width": 360, "height": 640})
        expect(page.locator('[data-testid="join-answer"]')).to_be_visible(timeout=20_000)
        problems_in_both_themes(host, "pairing panel with an invitation", found)
        problems_in_both_themes(page, "join page", found)
        guest_pages.append(page)
        return page

    guest = invite_and_pair(host, open_guest)
    for testid in ("devices-close", "devices-stop", "devices-invite"):
        box = host.locator(f'[data-testid="{testid}"]').bounding_box()
        assert box["height"] >= 44 and box["x"] + box["width"] <= 360, (testid, box)
    for page, name in ((host, "host"), (guest, "guest")):
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360, f"{name}: nothing wider than a phone"
    host.click('[data-testid="devices-close"]')
    problems_in_both_themes(guest, "guest's table", found)
    expect(host.locator('[data-testid="presence-news"]')).to_contain_text("joined")
    problems_in_both_themes(host, "host's table, a guest joined", found)
    assert host.evaluate("() => document.documentElement.scrollWidth") <= 360
    host.click('[data-testid="menu"]')
    host.click('[data-testid="menu-devices"]')
    host.click('[data-testid="devices-stop"]')
    expect(guest.locator('[data-testid="host-gone"]')).to_be_visible(timeout=20_000)
    problems_in_both_themes(guest, "guest's table, host gone", found)
    assert found == {}, found


# Records every text a page's data channels deliver (link.mjs listens with addEventListener).
RECORD_RECEIVED = """(() => {
  window.netReceived = [];
  const add = RTCDataChannel.prototype.addEventListener;
  RTCDataChannel.prototype.addEventListener = function (type, listener, options) {
    if (type !== "message") return add.call(this, type, listener, options);
    return add.call(this, type, function (event) {
      if (typeof event.data === "string") window.netReceived.push(event.data);
      return listener.call(this, event);
    }, options);
  };
})();"""
# Records the configuration of every RTCPeerConnection a page makes (web/net/link.mjs and PeerJS make them).
RECORD_PEER_CONNECTIONS = """(() => {
  const Native = window.RTCPeerConnection;
  window.peerConnectionsMade = [];
  window.RTCPeerConnection = class extends Native {
    constructor(config, ...rest) {
      super(config, ...rest);
      window.peerConnectionsMade.push(JSON.parse(JSON.stringify(config || {})));
    }
  };
})();"""
GEONAXIS_READY = (f'{TABLE} .cell.target[data-action="move"], {TABLE} [data-testid="pass"], '
                  + ", ".join(f"{TABLE} {answer}" for answer in ('[data-testid="decline"]', '[data-testid="cancel"]')))


def carries_only(view, body):
    """Whether an update's view is `view`, or its patch sets nothing but `view`'s own values."""
    if body["view_patch"] is None:
        return body["view"] == view
    for change in body["view_patch"]:
        if len(change) == 2:
            value = view
            for step in change[0]:
                value = value[step]
            if value != change[1]:
                return False
    return True


def geonaxis_choice(page):
    before = moves_played(page)
    for choice in (f'{TABLE} .cell.target[data-action="move"]', f'{TABLE} [data-testid="decline"]',
                   f'{TABLE} [data-testid="cancel"]', f'{TABLE} [data-testid="pass"]'):
        if page.locator(choice).count():
            page.locator(choice).first.click()
            break
    expect(page.locator('[data-testid="game"]')).not_to_have_attribute("data-moves", str(before))


@pytest.mark.timeout(900)
def test_a_geonaxis_guest_receives_only_its_own_seats_view_and_lines(new_context, open_app, tmp_path):
    """Secret simultaneous rounds with a computer on the host: every update the guest's page received
    is what the host's engine gives seat 1, and stays the same with the other seats' secrets re-drawn."""
    import json

    from ludoteca.core.match import Match, Seat
    from ludoteca.core.protocol import Settings
    from ludoteca.core.rng import SeededRng
    from ludoteca.core.session import StatePosition
    from ludoteca.games import registry
    from ludoteca.net import wire
    from ludoteca.net.authority import SessionAuthority
    from ludoteca.ui.session import LocalMatchSession
    from tests.engine.geonaxis.helpers import seat_secrets

    host = device(new_context, open_app)
    host.click('[data-testid="new-geonaxis"]')
    host.wait_for_selector('[data-testid="setup"]')
    host.select_option('[data-testid="players"]', "3")
    host.select_option('[data-testid="seat-1-kind"]', "remote")
    host.select_option('[data-testid="seat-2-kind"]', "ai")
    host.select_option('[data-testid="seat-2-level"]', "easy")
    host.fill('[data-testid="seed"]', "8")
    host.click('[data-testid="start"]')

    def open_guest(url):
        context = new_context()
        context.add_init_script(RECORD_RECEIVED)
        page = context.new_page()
        open_app(page, url)
        return page

    guest = invite_and_pair(host, open_guest)
    host.click('[data-testid="devices-close"]')
    for _ in range(10):  # a few secret rounds, each device choosing for its own seat
        page = None
        for _poll in range(600):
            page = next((p for p in (host, guest) if p.locator(GEONAXIS_READY).count()), None)
            if page is not None:
                break
            time.sleep(0.05)
        assert page is not None, "neither device could choose"
        geonaxis_choice(page)
    host.click('[data-testid="menu"]')
    with host.expect_download() as download:
        host.click('[data-testid="export"]')
    record = json.loads(download.value.path().read_text(encoding="utf-8"))
    received = [json.loads(text) for text in guest.evaluate("() => window.netReceived")]
    updates = [message["body"] for message in received if message["kind"] == "update"]
    assert len(updates) >= 10 and all(body["seat"] == 1 for body in updates)
    assert all('"seed"' not in json.dumps(message) for message in received)
    # The host's match, replayed from its record move by move, gives seat 1 exactly what the guest got.
    game = registry.all_games()["geonaxis"]
    match = Match(game, Settings.from_json(record["settings"]), record["seed"],
                  [Seat.from_json(seat) for seat in record["seats"]])
    session, moves = LocalMatchSession(match), iter(record["moves"])
    authority = SessionAuthority(session, "m")
    rng, redrawn, view = SeededRng(8), 0, None
    for body in updates:
        while session.move_count < body["position"]["count"]:
            player, _, text = next(moves).partition(":")
            match.play(int(player), text)
        plain = json.loads(json.dumps({"view": authority.view(1), "position": authority.position(),
                                       "legal": authority.legal(1), "entries": authority.entries(1)}))
        assert carries_only(plain["view"], body)
        # The guest's link is in order: each patch makes the view before it into seat 1's view.
        view = body["view"] if body["view_patch"] is None else wire.apply_view_patch(view, body["view_patch"])
        assert view == plain["view"] and body["position"] == plain["position"]
        assert body["legal"] == plain["legal"]
        assert body["entries"] == plain["entries"][body["turn"]:body["turn"] + len(body["entries"])]
        world = match.state.determinize(1, SeededRng(rng.next_u64() >> 11))
        redrawn += any(seat_secrets(world)[p] != seat_secrets(match.state)[p] for p in (0, 2))
        assert json.loads(json.dumps(StatePosition(world, 0).view(1))) == view
    assert redrawn > 0, "the other seats' secrets were re-drawn and seat 1's view did not change"
