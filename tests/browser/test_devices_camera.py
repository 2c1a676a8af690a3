"""Pairing by QR code in the real app, through Chromium's fake camera: the guest opens the host's
invitation link (as a phone's camera app would), its page shows its answer as a QR code, and the
host's **Scan the answer** reads that code from a video file of it (no paste); then a move crosses.
Both devices are contexts of one browser launched with the fake camera. A first visit in a browser
of its own boots cold, hence the long waits on a loaded machine (about 80 s in all at a load average
of 30 on 2 cores)."""

from playwright.sync_api import expect

import test_net_pairing
from test_devices import start_hosting
from test_net_pairing import write_y4m
from test_new_games import psychopath_turn
from test_play import FAST_PLAY

own_browser = test_net_pairing.own_browser  # the fixture: browsers launched with extra flags
camera_browser = test_net_pairing.camera_browser  # ...with the fake camera playing camera.y4m


def test_the_host_scans_the_guests_answer_with_its_camera(camera_browser, browser_context_args, open_app):
    browser, video = camera_browser
    pages = []
    for permissions in (["camera"], []):
        context = browser.new_context(**{**browser_context_args, "permissions": permissions})
        context.add_init_script(FAST_PLAY)
        pages.append(context.new_page())
    host, guest = pages
    open_app(host, timeout_ms=120_000)  # a first visit in a browser of its own: cold
    start_hosting(host)
    host.click('[data-testid="devices-invite"]')
    link = host.locator('[data-testid="devices-link"]')
    expect(link).to_be_visible(timeout=20_000)
    open_app(guest, link.input_value(), timeout_ms=120_000)
    answer = guest.locator('[data-testid="join-answer"]')
    expect(answer).to_be_visible(timeout=20_000)
    # The answer's QR code as the guest's page draws it, filmed: the same matrix, by qr.mjs.
    rows = guest.evaluate("""async text => (await window.ludotecaImport("web/net/qr.mjs")).qrMatrix(text).rows""",
                          answer.input_value())
    assert guest.locator('[data-testid="join-qr"] svg').count() == 1
    write_y4m(video, rows)
    expect(host.locator('[data-testid="devices-answer"]')).to_have_value("")  # nothing pasted
    # The QR reader (jsQR) is loaded only when a camera scan starts: drawing the codes needs none of it.
    assert reader_loads(host) == [] and reader_loads(guest) == []
    host.click('[data-testid="devices-scan"]')
    expect(guest.locator('[data-testid="game"]')).to_be_visible(timeout=90_000)
    expect(host.locator('[data-testid="devices-seat-1"]')).to_contain_text("connected")
    host.click('[data-testid="devices-close"]')
    assert psychopath_turn(host)
    expect(guest.locator('[data-testid="game"]')).to_have_attribute("data-moves", "1")
    assert len(reader_loads(host)) == 1 and reader_loads(guest) == []
    for page in pages:
        assert page.evaluate("() => window.ludotecaBoot.cspViolations") == []


def reader_loads(page):
    """The page's requests for the QR reader's script so far."""
    return page.evaluate("""() => performance.getEntriesByType("resource").map(entry => entry.name)
                                 .filter(name => name.includes("/vendor/jsqr/"))""")
