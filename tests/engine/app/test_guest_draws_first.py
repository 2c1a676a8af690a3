"""A guest draws what the host sent first, and keeps and acknowledges it after, in a later task
(issue 31's move latency): the write and the acknowledgement are off the path to the move on
screen, and the pairing is still written before its acknowledgement goes."""

import json
import re

from ludoteca.ui.devices import PAIRING_KEY

from .fake_browser import FakeNetwork, NetBrowser, ObservedApp, make_device
from .test_devices import legal_texts_of, pair, setup_with_remote_seat


class LaterTasksBrowser(NetBrowser):
    """`after_this_task` as the page does it: a task of its own, run after the one running now."""

    def after_this_task(self, callback):
        async def run():
            callback()
        self.spawn(run())


def watched_guest(network):
    """A guest device whose drawings, pairing writes and sent texts are recorded in order."""
    browser = network.attach(LaterTasksBrowser())
    app = ObservedApp(browser)
    browser.app = app
    app.navigate("#/")
    events = []
    render, store_set, net_send = browser.render, browser.store.set, browser.net_send

    def drawn(html):
        shown = re.search(r'data-moves="(\d+)"', html)
        events.append(("drawn", int(shown.group(1)) if shown else None))
        render(html)

    def written(key, value):
        store_set(key, value)
        if key == PAIRING_KEY:
            events.append(("kept", (json.loads(value)["position"] or {}).get("count")))

    def sent(link, text):
        events.append(("sent", json.loads(text)["kind"]))
        net_send(link, text)

    browser.render, browser.store.set, browser.net_send = drawn, written, sent
    return app, browser, events


def paired_at_the_hosts_turn():
    """A host and a watched guest at a PSYCHOPATH table, the host's seat to play."""
    network = FakeNetwork()
    host, host_browser = make_device(network)
    guest, guest_browser, events = watched_guest(network)
    setup_with_remote_seat(host)
    pair(network, host, host_browser, guest, guest_browser)
    assert guest.session.ready
    while host.session.position().to_move() != (0,):
        guest.dispatch("move", f"1:{legal_texts_of(host, 1)[0]}")
        network.pump()
    return network, host, (guest, guest_browser, events)


def test_a_hosts_move_is_drawn_on_the_guest_before_it_is_kept_and_acknowledged():
    network, host, (guest, _guest_browser, events) = paired_at_the_hosts_turn()
    count = host.session.move_count
    del events[:]
    host.dispatch("move", f"0:{legal_texts_of(host, 0)[0]}")
    network.pump()
    assert guest.session.move_count == count + 1
    drawn = events.index(("drawn", count + 1))
    kept = events.index(("kept", count + 1))
    acknowledged = next(index for index, event in enumerate(events) if event == ("sent", "ack"))
    assert drawn < kept < acknowledged, events


def test_texts_that_come_before_the_later_task_are_kept_once_and_acknowledged_once():
    """What comes before the later task runs (each text a task of its own) is kept once and acknowledged once."""
    network, host, (guest, guest_browser, events) = paired_at_the_hosts_turn()
    count = host.session.move_count
    host.dispatch("move", f"0:{legal_texts_of(host, 0)[0]}")
    texts = [text for kind, browser, _link, text in network.queue if kind == "message" and browser is guest_browser]
    network.queue.clear()
    assert texts, "the host sent the guest its update"
    del events[:]
    link = guest.devices.guest_link
    for text in texts:
        guest.devices.link_message(link, text)  # one task each, the later task not yet run
    assert ("drawn", count + 1) in events and not [event for event in events if event[0] in ("kept", "sent")]
    guest_browser.run_pending()
    assert [event for event in events if event[0] in ("kept", "sent")] == [("kept", count + 1), ("sent", "ack")]
