"""Whole games across devices (issue 31): one browser context per device, paired by paste
(test_devices.py's helpers), each device acting only for its own seats: Alphabeticell on
two devices, a six-seat GeonAxis with a round clock on six, Alphagon with a doubt and a
guest's raised hand in a declaration's response window."""

import json
import time

import pytest
from browser_harness import wait_for_app_ready
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect
from test_devices import (
    GEONAXIS_READY,
    RECORD_RECEIVED,
    RESULTS,
    device,
    invite_and_pair,
)
from test_new_games import TABLE, start
from test_play import FAST_PLAY, MOVE_BUTTONS, MOVED_SINCE, SAVE_PREFIX, moved_since, moves_played

GAME = '[data-testid="game"]'
GUESTS_BOOT_TIMEOUT_MS = 120_000  # cold starts side by side on a busy machine: no timing test


def boot_guests(new_context, app_url, count, record=False):
    """`count` guest devices, each in its own context, their starts overlapping: the first
    may be the run's second warm device (conftest's WARM_DEVICES); the others start cold,
    with no service worker (a guest needs no offline copy, and each would precache the app)."""
    pages = []
    for index in range(count):
        context = new_context() if index == 0 else new_context(service_workers="block")
        context.add_init_script(FAST_PLAY)
        if record:
            context.add_init_script(RECORD_RECEIVED)
        page = context.new_page()
        page.goto(app_url, wait_until="commit")
        pages.append(page)
    for page in pages:
        wait_for_app_ready(page, GUESTS_BOOT_TIMEOUT_MS)
    return pages


def pair(host, guests):
    """Pairs each booted guest page (by seat) with the host, then closes the host's panel."""
    def opener(page):
        def open_link(url):
            page.goto(url)
            return page
        return open_link

    for seat, guest in guests.items():
        invite_and_pair(host, opener(guest), seat)
    host.click('[data-testid="devices-close"]')


def in_step(host, guests, timeout_s=30):
    """Waits until every device shows the same move count: all show one position."""
    pages = [host, *guests]
    deadline = time.monotonic() + timeout_s
    while len({moves_played(page) for page in pages}) > 1:
        assert time.monotonic() < deadline, [moves_played(page) for page in pages]
        time.sleep(0.05)


def actors(pages, ready, timeout_s=60):
    """The devices that may act now (at least one), or [] once the game is over."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if pages[0].locator(RESULTS).count():
            return []
        acting = [page for page in pages if page.locator(ready).count()]
        if acting:
            return acting
        time.sleep(0.05)
    raise AssertionError("no device could act")


def received_updates(guest):
    messages = [json.loads(text) for text in guest.evaluate("() => window.netReceived")]
    assert all('"seed"' not in json.dumps(message) for message in messages)
    return [message["body"] for message in messages if message["kind"] == "update"]


def take_turn(page, buttons):
    """Clicks the first move button, unless the app plays a lone pass by itself (a forced move).
    A click that fell between two redraws is made again (as test_play.play_one_human_turn does)."""
    before = moves_played(page)
    for attempt in range(3):
        lone_pass = page.locator(buttons).count() == 1 and page.locator('[data-testid="controls"] [data-testid="pass"]').count()
        if attempt or not lone_pass:
            try:
                page.locator(buttons).first.click(timeout=3_000)
            except PlaywrightTimeoutError:
                # Redrawn under the click: the move may still have been made, or the turn passed;
                # else click the new button now (waiting for a move no click made cost 20 s).
                if moved_since(page, before) or not page.locator(buttons).count():
                    return
                continue
        try:
            page.wait_for_function(MOVED_SINCE, arg=before, timeout=5_000 if lone_pass and not attempt else 20_000)
            return
        except PlaywrightTimeoutError:
            if not page.locator(buttons).count():
                return  # the app played this device's lone move itself: the turn is the other's
            continue
    status = page.locator('[data-testid="status"]').inner_text()
    notices = page.locator('[data-testid^="notice"]').all_inner_texts()
    raise AssertionError(f"no move was played after move {before}, in 3 tries ({status}; {notices})")


@pytest.mark.timeout(600)
def test_a_whole_alphabeticell_game_across_two_devices(new_context, open_app, app_url):
    host = device(new_context, open_app)
    (guest,) = boot_guests(new_context, app_url, 1, record=True)
    # Seed 293 with the 2018 rules (rounds end on discards): 81 moves with this play (first
    # button), keeps, takes, passes and forced moves by both seats over four rounds; the classic
    # rules' shortest such game in seeds 1-400 (377) took 155 moves for the same checks.
    start(host, "alphabeticell", "293", kinds=["human", "remote"], variants={"rules": "2018"})
    pair(host, {1: guest})
    turns = 0
    while acting := actors([host, guest], MOVE_BUTTONS):
        take_turn(acting[0], MOVE_BUTTONS)  # each device shows moves for its own seat only
        in_step(host, [guest])  # else a device may still show the turn just played
        turns += 1
        assert turns < 400, "the game did not end"
    in_step(host, [guest])
    for page in (host, guest):
        expect(page.locator(RESULTS)).to_be_visible()
    assert [host.inner_text(f'[data-testid="score-{p}"]') for p in (0, 1)] == \
        [guest.inner_text(f'[data-testid="score-{p}"]') for p in (0, 1)]
    assert_guest_got_only_its_seat(host, guest, 1)  # its own dealt cards, no other


# Round 1: the host's seat takes a corner of the one-tile table (three neighbours), the guests
# cells away from it; round 2: three guests fill the corner's neighbours (the others pass), which
# captures the host's stone; round 3: everyone passes, which ends the game.
CORNER = (-2, 0)
STONES = ({0: CORNER, 1: (-1, 2), 2: (0, 1), 3: (0, 2), 4: (1, -2), 5: (1, -1)},
          {1: (-1, 0), 2: (-1, -1), 3: (-2, 1)})


def choose(page, cell) -> None:
    """A stone on `cell`, or a pass (None)."""
    before = moves_played(page)
    page.click(f'{TABLE} [data-testid="cell-{cell[0]}-{cell[1]}"]' if cell else f'{TABLE} [data-testid="pass"]')
    expect(page.locator(GAME)).not_to_have_attribute("data-moves", str(before))


def stone_at(page, cell):
    return page.locator(f'{TABLE} [data-testid="cell-{cell[0]}-{cell[1]}"] circle.stone')


# Each text a page sends on a data channel: [the task it was sent in, the channel, its kind]. Tasks
# are told apart by a microtask, which runs only once the task that queued it has ended.
RECORD_SENT_TASKS = """(() => {
  window.netSentTasks = [];
  const send = RTCDataChannel.prototype.send, channels = new WeakMap();
  let task = null, tasks = 0, links = 0;
  RTCDataChannel.prototype.send = function (data) {
    if (task === null) { task = ++tasks; queueMicrotask(() => { task = null; }); }
    if (!channels.has(this)) channels.set(this, ++links);
    if (typeof data === "string") window.netSentTasks.push([task, String(channels.get(this)), JSON.parse(data).kind]);
    return send.call(this, data);
  };
})();"""


@pytest.mark.timeout(600)
def test_a_six_seat_geonaxis_with_a_round_clock_across_six_devices(new_context, open_app, app_url):
    """The host's seat and five guests choose in secret: each round waits for every device (the
    host's round clock counts down only for the seats still to choose), then every device shows it
    resolved, a capture included; everyone passing ends the game on every device. The host sends
    each guest its update in a page task of its own (issue 31: no one long task for six devices)."""
    host = device(new_context, open_app, scripts=(RECORD_SENT_TASKS,))
    guests = boot_guests(new_context, app_url, 5)
    start(host, "geonaxis", "8", players=6, kinds=["human"] + ["remote"] * 5, variants={"timer": "60"})
    pair(host, dict(enumerate(guests, 1)))
    pages = [host, *guests]
    for plan in (*STONES, {}):
        in_step(host, guests)
        assert actors(pages, GEONAXIS_READY) == pages, "a round of play: every device chooses"
        for seat in range(6):
            expect(host.locator(f'[data-testid="clock-{seat}"]')).to_be_visible()
        stones = host.locator(f"{TABLE} .stone").count()
        for seat in range(1, 6):
            choose(pages[seat], plan.get(seat))
            expect(host.locator(f'[data-testid="clock-{seat}"]')).to_have_count(0)
        # Five devices have chosen: the round waits for the sixth, on every device.
        expect(host.locator('[data-testid="clock-0"]')).to_be_visible()
        assert all(guest.locator(f"{TABLE} .stone").count() == stones for guest in guests)
        choose(host, plan.get(0))
        in_step(host, guests)
        if plan is STONES[0]:
            for page in pages:
                expect(stone_at(page, CORNER)).to_have_count(1)
        elif plan is STONES[1]:
            for page in pages:  # captured: its three neighbours were filled at once
                expect(stone_at(page, CORNER)).to_have_count(0)
                expect(page.locator(f"{TABLE} .stone")).to_have_count(8)
    for page in pages:
        expect(page.locator(RESULTS)).to_be_visible()
    links_by_task = {}
    for task, link, kind in host.evaluate("() => window.netSentTasks"):
        if kind == "update":
            links_by_task.setdefault(task, set()).add(link)
    assert len(links_by_task) > 5 * 3 and all(len(links) == 1 for links in links_by_task.values())


def assert_guest_got_only_its_seat(host, guest, seat):
    """Every update the guest received is what the host's engine, replayed from its exported
    record, shows `seat` at that move: its own view (its own rack, say) and nothing more."""
    import fuzzing
    from ludoteca.core.match import Match, Seat
    from ludoteca.core.protocol import Settings
    from ludoteca.games import registry
    from ludoteca.net import wire
    from ludoteca.net.authority import SessionAuthority
    from ludoteca.ui.session import LocalMatchSession

    record = json.loads(host.evaluate("k => localStorage.getItem(k)", SAVE_PREFIX + host.url.split("#/play/")[1]))
    game = registry.all_games()[record["game"]]
    settings = Settings.from_json(record["settings"])
    fuzzing.provide_assets(game, settings)
    match = Match(game, settings, record["seed"], [Seat.from_json(s) for s in record["seats"]])
    session, moves = LocalMatchSession(match), iter(record["moves"])
    authority = SessionAuthority(session, "m")
    updates = received_updates(guest)
    assert updates and all(body["seat"] == seat for body in updates)
    checked, view = 0, None
    for body in updates:
        while session.move_count < body["position"]["count"] and (move := next(moves, None)):
            player, _, text = move.partition(":")
            match.play(int(player), text)
        if session.move_count < body["position"]["count"]:
            break  # past the host's last save (it may be written after the last update)
        # In order on one link: each patch makes the view before it into the seat's view.
        view = body["view"] if body["view_patch"] is None else wire.apply_view_patch(view, body["view_patch"])
        assert view == json.loads(json.dumps(authority.view(seat)))
        checked += 1
    assert checked >= len(updates) - 3, (checked, len(updates))


ALPHAGON_READY = f'{TABLE} [data-action="move"], {TABLE} [data-action="select"], {TABLE} [data-testid^="input-"]'


def raise_hand(guest, words) -> str:
    """The guest answers the host's declaration on its own device: a contradiction if the
    dictionary has one, else it accepts. Returns what it did."""
    from test_alphagon import word_to_declare

    prefix = guest.get_attribute('[data-testid="word"]', "data-word")
    declared = word_to_declare(words, prefix)  # what the host's policy declared
    before = moves_played(guest)
    found = [word for word in words.family(prefix, declared).contradictions
             if words.judge_contradiction(prefix, (declared,), word).ok]
    if found:
        guest.fill('[data-testid="input-contradict"]', found[0].lower())
        guest.press('[data-testid="input-contradict"]', "Enter")
    else:
        guest.click('[data-testid="accept"]')
    guest.wait_for_function("n => Number(document.querySelector('[data-testid=game]').dataset.moves) > n",
                            arg=before)
    return "contradict" if found else "accept"


@pytest.mark.timeout(600)
def test_alphagon_across_two_devices_with_a_guests_doubt_and_raised_hand(new_context, open_app, app_url):
    """The guest doubts a letter of the host, who answers on the host's device; the host
    declares, and the guest answers in the response window on its own device. The guest's
    page shows its own rack only, and every update it received is its seat's own view."""
    from test_alphagon import act, load_words

    words = load_words("en")
    host = device(new_context, open_app)
    (guest,) = boot_guests(new_context, app_url, 1, record=True)
    start(host, "alphagon", "9", kinds=["human", "remote"], variants={"edition": "en"})
    pair(host, {1: guest})
    plans = {"host": {"doubted": True}, "guest": {"doubted": False}}  # the guest doubts first
    hands, answers, turns = [], 0, 0
    while acting := actors([host, guest], ALPHAGON_READY):
        page = acting[0]
        phase = page.get_attribute('[data-region="table"] .alphagon', "data-phase")
        if page is guest and phase == "respond":
            hands.append(raise_hand(guest, words))
        else:
            answers += page is host and phase == "answer"
            act(page, words, plans["host" if page is host else "guest"])
        in_step(host, [guest])
        expect(guest.locator('[data-testid="rack"]')).to_have_count(1)
        turns += 1
        assert turns < 300, "the game did not end"
    for page in (host, guest):
        expect(page.locator(RESULTS)).to_be_visible()
    assert plans["guest"]["doubted"] and answers >= 1, "the guest doubted, the host answered"
    assert hands, "the guest answered a declaration"
    print("alphagon across devices:", turns, "turns; the guest's hands:", hands)
    assert_guest_got_only_its_seat(host, guest, 1)
