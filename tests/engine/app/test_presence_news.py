"""Every device says when another device comes or goes (ui/presence.py): "Bob joined", "Bob is away",
"Bob left", once to screen readers (a live region of its own, apart from the moves') and in a line
under who is at the table, in English and Italian."""

import re

from .fake_browser import FakeNetwork, make_device, shown_text
from .test_devices import pair


def news_line(html):
    found = re.search(r'data-testid="presence-news">([^<]*)<', shown_text(html))
    return found.group(1) if found else None


def three_seats():
    """A GeonAxis table: the host's seat, and seats 1 and 2 each on a guest's device (Bea and Cy)."""
    network = FakeNetwork()
    host, host_browser = make_device(network)
    numbers = iter(range(1000, 10**6, 7919))
    host_browser.random_seed = lambda: next(numbers)  # each guest's token its own
    guests = []
    for name, seed in (("Bea", 101), ("Cy", 202)):
        app, browser = make_device(network)
        browser.seed = seed
        app.prefs["name"] = name
        guests.append((app, browser))
    host.navigate("#/new/geonaxis")
    host.dispatch("field", "players=3")
    host.dispatch("field", "seat.1.kind=remote")
    host.dispatch("field", "seat.2.kind=remote")
    host.dispatch("start")
    for app, browser in guests:
        pair(network, host, host_browser, app, browser)
    host.dispatch("devices", "close")
    return network, (host, host_browser), guests


def test_a_device_that_joins_goes_away_and_comes_back_is_announced_on_every_other_device():
    network, (host, host_browser), [(_bea, bea_browser), (cy, cy_browser)] = three_seats()
    assert news_line(host_browser.html) == "Cy joined."
    assert ("Cy joined.", "en") in host_browser.news_announced
    assert news_line(bea_browser.html) == "Cy joined." and ("Cy joined.", "en") in bea_browser.news_announced
    assert news_line(cy_browser.html) is None, "a device's own arrival is not news to it"
    for browser in (host_browser, bea_browser, cy_browser):
        browser.news_announced.clear()
    network.close(cy_browser, cy.devices.guest_link)  # Cy's phone sleeps: its link drops on both sides
    network.pump()
    assert ("Cy is away.", "en") in host_browser.news_announced and news_line(host_browser.html) == "Cy is away."
    assert ("Cy is away.", "en") in bea_browser.news_announced
    said = len(host_browser.news_announced)
    host.render()
    assert len(host_browser.news_announced) == said, "said once, not at every drawing"
    host.dispatch("devices", "open")
    host.dispatch("devices", "invite")
    pair(network, host, host_browser, cy, cy_browser)
    assert ("Cy joined.", "en") in host_browser.news_announced and ("Cy joined.", "en") in bea_browser.news_announced


def test_the_news_speaks_italian():
    network, (host, host_browser), [(bea, bea_browser), (cy, cy_browser)] = three_seats()
    host.dispatch("pref", "language=it")
    bea.dispatch("pref", "language=it")
    network.close(cy_browser, cy.devices.guest_link)
    network.pump()
    assert news_line(host_browser.html) == "Il dispositivo di Cy non è connesso."
    assert ("Il dispositivo di Cy non è connesso.", "it") in bea_browser.news_announced
    host.dispatch("devices", "open")
    host.dispatch("devices", "invite")
    pair(network, host, host_browser, cy, cy_browser)
    assert news_line(host_browser.html) == "Cy è al tavolo."


def test_a_table_with_one_device_says_nothing():
    app, browser = make_device(FakeNetwork())
    app.navigate("#/new/psychopath")
    app.dispatch("start")
    assert news_line(browser.html) is None and not any("joined" in text for text, _ in browser.news_announced)


def test_a_seat_whose_device_is_gone_from_the_table_is_said_to_have_left_under_the_name_it_had():
    from ludoteca.ui.presence import (
        AWAY,
        CONNECTED,
        FREE,
        HERE,
        PresenceNews,
        SeatPresence,
    )

    news, table = PresenceNews(), object()

    def seen(*seats):
        return news.seen(table, [SeatPresence(0, "Ann", HERE, "")] + [SeatPresence(1, *seat, "") for seat in seats])

    assert seen(("Player 2", FREE)) == []  # how the table is when first drawn: no news
    assert seen(("Bea", CONNECTED)) == [("presence.joined", "Bea")]
    assert seen(("Bea", CONNECTED)) == [] and news.said == [("presence.joined", "Bea")]
    assert seen(("Bea", AWAY)) == [("presence.away_now", "Bea")]
    assert seen(("Player 2", FREE)) == [("presence.left", "Bea")]
    assert news.seen(object(), []) == [] and news.said == [], "another table: nothing to say yet"


def test_a_device_that_leaves_on_purpose_is_said_to_have_left_and_one_that_drops_to_be_away():
    network, (host, host_browser), [(bea, bea_browser), (cy, cy_browser)] = three_seats()
    bea.dispatch("pref", "language=it")
    cy.dispatch("quit")  # Cy's player leaves the table from the game's menu
    network.pump()
    assert news_line(host_browser.html) == "Cy left." and ("Cy left.", "en") in host_browser.news_announced
    assert 'data-testid="presence-seat-2">Cy: left the table' in shown_text(host_browser.html)
    assert ("Cy ha lasciato il tavolo.", "it") in bea_browser.news_announced
    assert news_line(bea_browser.html) == "Cy ha lasciato il tavolo."
    assert not host.session.connected(2) and host.session.table.seat_holder(2).name == "Cy"  # its seat waits
    assert 'data-testid="host-gone"' not in cy_browser.html and not cy.signaling.rejoining
    network.close(bea_browser, bea.devices.guest_link)  # Bea's link drops: she is away, not gone
    network.pump()
    assert news_line(host_browser.html) == "Bea is away."
    host.dispatch("devices", "open")  # the host's pairing panel says the same
    assert "Cy, left the table" in shown_text(host_browser.html) and "Bea, away" in shown_text(host_browser.html)
    host.dispatch("devices", "close")
    host.dispatch("devices", "open")
    pair(network, host, host_browser, cy, cy_browser)  # Cy comes back with a new invitation
    assert ("Cy joined.", "en") in host_browser.news_announced and host.session.connected(2)


def test_the_tables_news_is_said_in_a_region_of_its_own_apart_from_the_moves():
    """A move's announcement and the table's news go to separate polite regions, so one does not
    replace the other when a single redraw brings both."""
    network, (host, host_browser), [(bea, bea_browser), (cy, cy_browser)] = three_seats()
    network.close(cy_browser, cy.devices.guest_link)
    network.pump()
    bea_browser.news_announced.clear()
    host.dispatch("devices", "open")
    host.dispatch("devices", "invite")
    pair(network, host, host_browser, cy, cy_browser)
    assert ("Cy joined.", "en") in bea_browser.news_announced
    assert not any("Cy joined" in text for text, _language in bea_browser.announced), "not in the moves' region"


def test_drawing_the_table_says_nothing_and_the_news_is_found_without_it():
    """The news is found where the table's texts arrive, not by drawing: an app that draws
    nothing still says who is away, and drawing again and again says nothing more."""
    from ludoteca.ui.presence import render_presence

    network, (host, host_browser), [(bea, bea_browser), (cy, cy_browser)] = three_seats()
    host_browser.news_announced.clear()
    host.render = lambda: None  # the host draws nothing from now on
    network.close(cy_browser, cy.devices.guest_link)
    network.pump()
    assert host_browser.news_announced == [("Cy is away.", "en")]
    for _ in range(3):
        assert "Cy is away." in shown_text(render_presence(host))
    assert host_browser.news_announced == [("Cy is away.", "en")]


def test_a_guest_heard_before_the_host_is_told_its_link_opened_is_still_news():
    """In the browser a text that came before anything listened is handed over as the listener is
    attached, before the host hears that the link opened: the arrival is news all the same."""
    network = FakeNetwork()
    host, host_browser = make_device(network)
    guest, guest_browser = make_device(network)
    guest.prefs["name"] = "Bea"
    host.navigate("#/new/psychopath")
    host.dispatch("field", "seat.1.kind=remote")
    host.dispatch("start")
    host.devices.link_opened = lambda link: None  # told late, or never: nothing hangs on it
    pair(network, host, host_browser, guest, guest_browser)
    assert host_browser.news_announced == [("Bea joined.", "en")]
