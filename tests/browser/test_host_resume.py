"""Live play across devices in the real app (issue 31): a host that reloads mid-game resumes its
table and its guest rejoins its own seat from a new invitation; then the game goes on."""

from playwright.sync_api import expect

from test_devices import device, invite_and_pair, start_hosting
from test_net_pairing import open_device  # noqa: F401 - a fixture: a device on the net test page
from test_new_games import psychopath_turn


def test_the_host_reloads_mid_game_and_its_guest_rejoins_its_seat(new_context, open_app):
    host = device(new_context, open_app)
    start_hosting(host)
    guest = invite_and_pair(host, lambda url: device(new_context, open_app, url))
    host.click('[data-testid="devices-close"]')
    assert psychopath_turn(host)
    assert psychopath_turn(guest)
    expect(host.locator('[data-testid="game"]')).to_have_attribute("data-moves", "2")
    host.reload()  # the links die with the page; the save and its table stay in storage
    expect(guest.locator('[data-testid="host-gone"]')).to_be_visible(timeout=30_000)
    expect(host.locator('[data-testid="devices-panel"]')).to_be_visible(timeout=30_000)
    expect(host.locator('[data-testid="devices-seat-1"]')).to_contain_text("away")
    expect(host.locator('[data-testid="game"]')).to_have_attribute("data-moves", "2")

    def rejoin(url):
        guest.goto(url)
        return guest

    invite_and_pair(host, rejoin)
    expect(guest.locator('[data-testid="game"]')).to_have_attribute("data-moves", "2")
    expect(guest.locator('[data-testid="host-gone"]')).to_have_count(0)
    host.click('[data-testid="devices-close"]')
    assert psychopath_turn(host)  # the game goes on, each device on its own seat
    expect(guest.locator('[data-testid="game"]')).to_have_attribute("data-moves", "3")
    assert psychopath_turn(guest)
    expect(host.locator('[data-testid="game"]')).to_have_attribute("data-moves", "4")


def clock_seconds(page, seat):
    text = page.locator(f'[data-testid="clock-{seat}"]').inner_text()
    minutes, seconds = text.rsplit(" ", 1)[-1].split(":")
    return int(minutes) * 60 + int(seconds)


def test_a_geonaxis_guest_shows_the_hosts_clock_who_is_at_the_table_its_turn_and_each_moves_text(
        new_context, open_app):
    from test_accessibility import problems_in_both_themes
    from test_devices import geonaxis_choice

    host = device(new_context, open_app)
    host.click('[data-testid="new-geonaxis"]')
    host.wait_for_selector('[data-testid="setup"]')
    host.select_option('[data-testid="players"]', "2")
    host.select_option('[data-testid="seat-1-kind"]', "remote")
    host.select_option('[data-testid="variant-timer"]', "120")
    host.fill('[data-testid="seed"]', "8")
    host.click('[data-testid="start"]')

    def open_guest(url):
        page = device(new_context, open_app, url)
        page.set_viewport_size({"width": 360, "height": 640})
        return page

    guest = invite_and_pair(host, open_guest)
    host.click('[data-testid="devices-close"]')
    # One clock, the host's, shown and running on both devices.
    expect(guest.locator('[data-testid="clock-1"]')).to_be_visible()
    expect(guest.locator('[data-testid="clock-0"]')).to_be_visible()
    assert abs(clock_seconds(guest, 1) - clock_seconds(host, 1)) <= 1
    before = clock_seconds(guest, 1)
    expect(guest.locator('[data-testid="clock-1"]')).not_to_contain_text(f":{before % 60:02d}", timeout=5_000)
    expect(guest.locator('[data-testid="clock-pause-1"]')).to_be_visible()
    assert guest.locator('[data-testid="clock-pause-0"]').count() == 0, "a guest pauses for its own seat only"
    # Who is at the table, on both play screens; whose turn, in the guest's tab title.
    expect(guest.locator('[data-testid="presence-seat-0"]')).to_contain_text("on the host's device")
    expect(guest.locator('[data-testid="presence-seat-1"]')).to_contain_text("on this device, your turn")
    expect(host.locator('[data-testid="presence-seat-1"]')).to_contain_text("connected, to play")
    assert guest.title().startswith("●")
    # The host chooses: the guest's screen reader hears the move's own line.
    geonaxis_choice(host)
    expect(guest.get_by_test_id("announcer")).to_contain_text("Move 1:")
    expect(guest.get_by_test_id("announcer")).to_contain_text("has chosen")
    expect(guest.locator('[data-testid="presence-seat-0"]')).not_to_contain_text("to play")
    assert guest.evaluate("() => document.documentElement.scrollWidth") <= 360
    found = {}
    problems_in_both_themes(guest, "guest's table with the clock and who is at the table", found)
    problems_in_both_themes(host, "host's table with the clock and who is at the table", found)
    assert found == {}, found
    # The guest pauses the host's clock for its own seat, and resumes it.
    guest.click('[data-testid="clock-pause-1"]')
    expect(host.locator('[data-testid="clock-paused"]')).to_be_visible()
    guest.click('[data-testid="clock-resume"]')
    expect(host.locator('[data-testid="clock-paused"]')).to_have_count(0)
    geonaxis_choice(guest)
    expect(host.locator('[data-testid="game"]')).not_to_have_attribute("data-moves", "1")
    expect(host.get_by_test_id("announcer")).to_contain_text("revealed")


def test_a_text_sent_the_moment_a_link_opens_waits_for_the_other_sides_listener(open_device):  # noqa: F811
    """A guest says hello as soon as its side opens; the host's page puts its listener on a little
    later (its Python runs after the accept resolves): the text must wait for it, not be lost.
    This lost a rejoin now and then, and the guest waited for its table for ever."""
    host, guest = open_device(), open_device()
    offer = host.evaluate("() => netTest.host()")
    answer = guest.evaluate("""async offer => {
        const answer = await netTest.join(offer);
        window.join.channel.then(channel => channel.send("hello at once"));
        return answer;
    }""", offer)
    host.evaluate("""async answer => {
        const channel = await window.host.accept(answer);
        await new Promise(resolve => setTimeout(resolve, 500));
        window.heard = [];
        channel.addEventListener("message", event => window.heard.push(event.data));
    }""", answer)
    host.wait_for_function("() => window.heard.length === 1", timeout=5_000)
    guest.evaluate("() => window.channel.send('and then')")
    host.wait_for_function("() => window.heard.length === 2", timeout=5_000)
    assert host.evaluate("window.heard") == ["hello at once", "and then"]
