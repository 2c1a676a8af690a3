"""Live play across devices in the real app (issue 31): a host that reloads mid-game resumes its
table and its guest rejoins its own seat from a new invitation; then the game goes on."""

from playwright.sync_api import expect

from test_devices import device, invite_and_pair, start_hosting
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
