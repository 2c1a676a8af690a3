"""Play on several devices in the real app: two browser contexts (a host and a guest device)
pair by paste (the invitation link opened on the guest, its answer pasted on the host) over
a WebRTC data channel with no server, then play a whole ALPHA // PSYCHOPATH game, each
device acting only for its own seat; a guest's reload keeps its pairing and rejoins from a
new invitation."""

import time

import pytest
from playwright.sync_api import expect

from test_new_games import TABLE, psychopath_turn
from test_play import moves_played
from test_play import FAST_PLAY  # noqa: E402

READY = f'{TABLE} [data-action="select"][data-testid^="node-"], {TABLE} [data-testid^="resurrect-"]'
RESULTS = '[data-testid="results"]'


def device(new_context, open_app, url=None):
    context = new_context()
    context.add_init_script(FAST_PLAY)
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


def invite_and_pair(host, guest_page_for):
    """The host makes an invitation; the guest opens its link; the host pastes the answer."""
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
    expect(host.locator('[data-testid="devices-seat-1"]')).to_contain_text("connected")
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
    host = device(new_context, open_app)
    start_hosting(host)
    guest = invite_and_pair(host, lambda url: device(new_context, open_app, url))
    host.click('[data-testid="devices-close"]')
    assert psychopath_turn(host)
    expect(guest.locator('[data-testid="game"]')).to_have_attribute("data-moves", "1")
    guest.reload()  # the data channel is gone with the page; the pairing stays in storage
    expect(host.locator('[data-testid="status"]')).to_be_visible()
    host.click('[data-testid="menu"]')
    host.click('[data-testid="menu-devices"]')
    expect(host.locator('[data-testid="devices-seat-1"]')).to_contain_text("away", timeout=30_000)

    def rejoin(url):
        guest.goto(url)
        return guest

    invite_and_pair(host, rejoin)
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
    host.click('[data-testid="menu"]')
    host.click('[data-testid="menu-devices"]')
    host.click('[data-testid="devices-stop"]')
    expect(guest.locator('[data-testid="host-gone"]')).to_be_visible(timeout=20_000)
    problems_in_both_themes(guest, "guest's table, host gone", found)
    assert found == {}, found
