"""web/net/link.mjs: two browser contexts (two devices) pair over a WebRTC data channel by
passing the offer and answer strings (the paste path), under the app's own CSP.

Sizes and timings are printed (run with -s to see them), never asserted."""

from __future__ import annotations

import re
import statistics
import time

import pytest

import build

# Characters a URL fragment carries as they are (RFC 3986 fragment, less '%' escapes).
FRAGMENT_SAFE = re.compile(r"[A-Za-z0-9\-._~!$&'()*+,;=:@/?]+")
ROUND_TRIPS = 200


def net_page_html() -> str:
    policy = build.CSP_TEMPLATE.format(hashes="").replace("  ", " ")
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
            '<title>net test</title><script type="module" src="net_page.mjs"></script></head><body></body></html>')


@pytest.fixture
def open_device(new_context, app_url):
    """A new browser context (a device) on the net test page; returns its page."""
    def open_(**context_args):
        page = new_context(**context_args).new_page()
        page.route("**/__pages__/net.html", lambda route: route.fulfill(body=net_page_html(),
                                                                     content_type="text/html"))
        page.goto(app_url + "__pages__/net.html")
        page.wait_for_function("window.netReady === true")
        return page
    return open_


def pair(host, guest, form="shortest"):
    started = time.perf_counter()
    offer = host.evaluate("form => netTest.host({form})", form)
    answer = guest.evaluate("([offer, form]) => netTest.join(offer, {form})", [offer, form])
    host.evaluate("answer => netTest.accept(answer)", answer)
    guest.wait_for_function("window.channel && window.channel.open")
    return offer, answer, time.perf_counter() - started


def exchange_both_ways(host, guest):
    for text in ("one", "two", "tre ✓"):
        host.evaluate("text => window.channel.send(text)", text)
    guest.evaluate("() => ['uno', 'due'].forEach(text => window.channel.send(text))")
    guest.wait_for_function("window.received.length === 3")
    host.wait_for_function("window.received.length === 2")
    assert guest.evaluate("window.received") == ["one", "two", "tre ✓"]
    assert host.evaluate("window.received") == ["uno", "due"]


@pytest.mark.parametrize("form", ["shortest", "compact", "deflated"])
def test_two_devices_pair_by_pasted_strings_and_talk_both_ways(open_device, form):
    host, guest = open_device(), open_device()
    offer, answer, seconds = pair(host, guest, form)
    assert offer[0] == {"shortest": "C", "compact": "C", "deflated": "Z"}[form]
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
    guest.wait_for_function("window.channelClosed === true")
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


@pytest.mark.parametrize("text", ["", "hello", "C", "Ca~abcd", "Z!!!!", "Zabc", "Ca~abcd~" + "a" * 22 + "~x~hm,1",
                                  "C?~abcd~abcdefghijklmnopqrstuvwx~" + "A" * 43 + "~h10.0.0.1,5000", "C" * 9000])
def test_a_damaged_offer_is_refused_with_a_clear_code(open_device, text):
    page = open_device()
    code = page.evaluate("""async text => {
        try { await netTest.link.decodeDescription(text); return "decoded"; }
        catch (error) { return error.code || String(error); } }""", text)
    assert code == "link.bad_offer"


def test_a_joining_guest_given_rubbish_gets_an_error_not_a_connection(open_device):
    page = open_device()
    code = page.evaluate("""async () => {
        try { await netTest.link.joinLink("Zbm90IGFuIG9mZmVy"); return "joined"; }
        catch (error) { return error.code || String(error); } }""")
    assert code == "link.bad_offer"
