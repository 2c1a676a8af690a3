"""Play on several devices under faults (issue 31), in the real app: a host and guests in
separate browser contexts, over real WebRTC data channels.

- The chaos test: a 200-move Alphabeticell game (secret hands) while guests are reloaded,
  their links closed, their pages dropped, and the messages of any device held for a
  while, on a fixed seed. At the end every device holds the same history (each guest's
  stored copy is the host's record described for its seat), no move was lost or applied
  twice, and every message a guest received is what the host's engine gives its own seat.
- Hostile guests: texts sent through a guest's real data channel (malformed, oversized,
  too far ahead, replayed, a move for another seat, host-only kinds) are each refused
  with a reason logged on the host's console, and the match goes on.

Nothing test-only is in the app: CHAOS_HOOKS, an init script of these tests' contexts
only, wraps the page's RTCDataChannel to record, hold and inject texts.
"""

from __future__ import annotations

import json
import random
import time

import pytest
from browser_harness import wait_for_app_ready
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect
from test_devices import RESULTS, carries_only
from test_play import FAST_PLAY

# Every RTCDataChannel of the page (link.mjs listens on each with addEventListener): the texts
# it received and sent, `hold` (sent texts wait in `held` until `release`), `raw` (a text sent
# past the app, through the newest open channel) and `closeAll`.
CHAOS_HOOKS = """(() => {
  const net = window.netChaos = { channels: [], received: [], sent: [], hold: false, held: [], log: [] };
  // A short trace for failure messages: channel number, direction, kind#seq/ack.
  const trace = (channel, what, data) => {
    let brief = String(data).slice(0, 24);
    try {
      const message = JSON.parse(data);
      brief = `${message.kind}#${message.seq}/${message.ack}`;
    } catch (error) { /* not JSON: its start */ }
    net.log.push(`${net.channels.indexOf(channel)}${what}${brief}`);
    if (net.log.length > 60) net.log.shift();
  };
  const send = RTCDataChannel.prototype.send;
  const transmit = (channel, data) => {
    net.sent.push(String(data));
    trace(channel, ">", data);
    return send.call(channel, data);
  };
  RTCDataChannel.prototype.send = function (data) {
    if (net.hold) {
      net.held.push([this, data]);
      return undefined;
    }
    return transmit(this, data);
  };
  net.release = () => {
    net.hold = false;
    for (const [channel, data] of net.held.splice(0)) {
      if (channel.readyState === "open") transmit(channel, data);  // a closed link lost them
    }
  };
  net.raw = (data) => {
    const open = net.channels.filter((channel) => channel.readyState === "open");
    if (!open.length) throw new Error("no open channel");
    send.call(open[open.length - 1], data);
  };
  net.closeAll = () => net.channels.forEach((channel) => channel.close());
  net.take = () => ({ received: net.received.splice(0), sent: net.sent.splice(0) });
  const add = RTCDataChannel.prototype.addEventListener;
  RTCDataChannel.prototype.addEventListener = function (type, listener, options) {
    if (!net.channels.includes(this)) {
      net.channels.push(this);
      add.call(this, "open", () => trace(this, "+", "open"));
      add.call(this, "close", () => trace(this, "-", "close"));
    }
    if (type !== "message") return add.call(this, type, listener, options);
    return add.call(this, type, function (event) {
      if (typeof event.data === "string") {
        net.received.push(event.data);
        trace(this, "<", event.data);
      }
      return listener.call(this, event);
    }, options);
  };
})();"""

MOVE_BUTTONS = ", ".join(f'[data-testid="controls"] [data-testid{match}]'
                         for match in ('^="keep-"', '^="take-"', '="pass"'))
SEED = 20261127
TARGET_MOVES = 200
SYNC_TIMEOUT_S = 30


def chaos_device(new_context, open_app, url=None):
    context = new_context()
    context.add_init_script(FAST_PLAY)
    context.add_init_script(CHAOS_HOOKS)
    page = context.new_page()
    open_app(page, *(() if url is None else (url,)))
    return page


class Guest:
    """One guest device: its context, its page now, its seat, and what its channels carried
    (kept across reloads: a page's own record goes with it)."""

    def __init__(self, seat, page):
        self.seat, self.page = seat, page
        self.context = page.context
        self.received: list[str] = []
        self.sent: list[str] = []

    def harvest(self):
        taken = self.page.evaluate("() => window.netChaos.take()")
        self.received += taken["received"]
        self.sent += taken["sent"]

    def harvest_before_leaving(self):
        """Before the page goes (reload, dropped tab): it sends nothing more, so that nothing
        reaches the host unrecorded (a forced pass the app plays by itself meanwhile waits in
        `held` and goes with the page; the app sends it again after rejoining, under its id)."""
        self.page.evaluate("() => { window.netChaos.hold = true; }")
        self.harvest()


def open_devices_panel(host):
    if host.locator('[data-testid="devices-panel"]').count():
        return
    host.click('[data-testid="menu"]')
    host.click('[data-testid="menu-devices"]')
    expect(host.locator('[data-testid="devices-panel"]')).to_be_visible()


def pair(host, seat, open_link):
    """The host invites; `open_link(url)` opens the join link on the guest's device (a page);
    the host pastes its answer; then seat `seat` shows as connected."""
    open_devices_panel(host)
    host.click('[data-testid="devices-invite"]')
    link = host.locator('[data-testid="devices-link"]')
    expect(link).to_be_visible(timeout=20_000)
    page = open_link(link.input_value())
    answer = page.locator('[data-testid="join-answer"]')
    expect(answer).to_be_visible(timeout=20_000)
    host.fill('[data-testid="devices-answer"]', answer.input_value())
    host.click('[data-testid="devices-accept"]')
    try:
        expect(page.locator('[data-testid="game"]')).to_be_visible(timeout=20_000)
    except AssertionError:
        print("HOST", host.evaluate("() => [window.netChaos.log, window.netChaos.channels.map(c => c.readyState)]"))
        print("GUEST", page.evaluate("() => [window.netChaos.log, window.netChaos.channels.map(c => c.readyState)]"))
        raise
    expect(host.locator(f'[data-testid="devices-seat-{seat}"]')).to_contain_text("connected")
    host.click('[data-testid="devices-close"]')
    return page


def start_alphabeticell(host, guests=2, computers=2):
    """Seat 0 plays on the host, the next `guests` seats on other devices, the rest are computers."""
    host.click('[data-testid="new-alphabeticell"]')
    host.wait_for_selector('[data-testid="setup"]')
    host.select_option('[data-testid="players"]', str(1 + guests + computers))
    for seat in range(1, 1 + guests):
        host.select_option(f'[data-testid="seat-{seat}-kind"]', "remote")
    for seat in range(1 + guests, 1 + guests + computers):
        host.select_option(f'[data-testid="seat-{seat}-kind"]', "ai")
        host.select_option(f'[data-testid="seat-{seat}-level"]', "easy")
    host.fill('[data-testid="seed"]', str(SEED))
    host.click('[data-testid="start"]')
    expect(host.locator('[data-testid="devices-panel"]')).to_be_visible()
    host.click('[data-testid="devices-close"]')


def wait_until(predicate, timeout_s, what, pages=()):
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        if pages:
            pages[0].wait_for_timeout(30)  # lets Playwright deliver the pages' events meanwhile
        else:
            time.sleep(0.03)
    raise AssertionError(f"timed out: {what}\n" + "\n".join(describe(page) for page in pages))


def describe(page):
    """What a device shows, for a failure's message."""
    return page.evaluate("""() => {
      const game = document.querySelector('[data-testid=game]');
      const status = document.querySelector('[data-testid=status]');
      const controls = document.querySelector('[data-testid=controls]');
      return `${location.hash} moves=${game && game.dataset.moves} status=${status && status.innerText}`
        + ` controls=${controls && controls.innerText.replace(/\\s+/g, ' ')}`
        + ` channels=${window.netChaos.channels.map((channel) => channel.readyState)}`
        + ` held=${window.netChaos.held.length}`
        + ` received=${window.netChaos.received.slice(-4).map(brief)} sent=${window.netChaos.sent.slice(-4).map(brief)}`;
      function brief(text) {
        try {
          const message = JSON.parse(text);
          const body = message.body || {};
          return `${message.kind}#${message.seq}/${message.ack}` + (body.position ? `@${body.position.count}` : "")
            + (body.move ? `:${body.move}` : "");
        } catch (error) { return text.slice(0, 40); }
      }
    }""")


def moves_shown(page):
    """The moves a device's table shows, or None when it shows no table."""
    return page.evaluate("() => { const game = document.querySelector('[data-testid=game]');"
                         " return game ? Number(game.dataset.moves) : null; }")


def in_step(host, guests):
    """Every guest shows as many moves as the host (its updates have all arrived)."""
    count = moves_shown(host)
    return count is not None and all(moves_shown(guest.page) == count for guest in guests)


def actor(host, guests):
    """The device whose move buttons show, once all are in step; None while a computer thinks."""
    if not in_step(host, guests):
        return None
    for page in [host] + [guest.page for guest in guests]:
        if page.locator(MOVE_BUTTONS).count():
            return page
    return None


def click_a_move(page, rng) -> bool:
    """Clicks one of the moves shown, at random; False when there is none to click (a lone
    pass is the app's to play by itself)."""
    buttons = page.locator(MOVE_BUTTONS)
    names = buttons.evaluate_all("(buttons) => buttons.map((button) => button.dataset.testid)")
    if not names or names == ["pass"]:
        return False
    try:
        buttons.nth(rng.randrange(len(names))).click(timeout=2_000)
    except PlaywrightTimeoutError:
        return False  # gone meanwhile (the app played a move by itself)
    return True


# --- the chaos test ----------------------------------------------------------------------
# A host's reload keeps its guests: the host stores its table beside its save (ui/hosting.py).
HOST_RELOADS = True
# How many of each fault the seeded schedule spreads over the game.
FAULTS = {"guest_reload": 2, "guest_link_closed": 2, "guest_page_dropped": 1, "guest_move_held": 3,
          "host_updates_held": 3, "guest_reload_while_host_holds": 2, "host_reload": 1 if HOST_RELOADS else 0}
HOLD_S = (0.2, 1.0)


class Table:
    """The host's page, the guests, and how to open a new page on a guest's device."""

    def __init__(self, host, guests, open_app):
        self.host, self.guests, self.open_app = host, guests, open_app

    @property
    def pages(self):
        return [self.host] + [guest.page for guest in self.guests]

    def wait(self, predicate, what, timeout_s=SYNC_TIMEOUT_S):
        return wait_until(predicate, timeout_s, what, self.pages)

    def next_actor(self):
        """The page whose move buttons show once every device is in step, or "over"."""
        return self.wait(lambda: actor(self.host, self.guests) or (self.host.locator(RESULTS).count() and "over"),
                         f"a device to act after move {moves_shown(self.host)}")

    def play(self, page, rng) -> bool:
        """One move clicked on `page`, then applied there (and on the host): True; False when
        there was nothing to click after all."""
        before = moves_shown(self.host)
        if not click_a_move(page, rng):
            return False
        self.wait(lambda: (moves_shown(page) or 0) > before and moves_shown(self.host) > before,
                  f"move {before + 1}, clicked, to be applied")
        return True

    def guest_turn(self):
        """Plays on until a guest is to act: that guest."""
        while True:
            page = self.next_actor()
            if page == "over":
                return None
            guest = next((guest for guest in self.guests if guest.page == page), None)
            if guest is not None:
                return guest
            self.play(page, random.Random(0))

    def rejoin(self, guest, open_link=None):
        """After its link closed: the host shows the seat away, then a new invitation brings it back."""
        open_devices_panel(self.host)
        expect(self.host.locator(f'[data-testid="devices-seat-{guest.seat}"]')).to_contain_text("away")

        def goto(url):
            guest.page.goto(url)
            return guest.page

        guest.page = pair(self.host, guest.seat, open_link or goto)

    # --- the faults ---------------------------------------------------------------------
    def guest_reload(self, guest, rng):
        guest.harvest_before_leaving()
        guest.page.reload()
        wait_for_app_ready(guest.page)
        self.rejoin(guest)

    def guest_link_closed(self, guest, rng):
        guest.page.evaluate("() => window.netChaos.closeAll()")
        self.rejoin(guest)

    def guest_page_dropped(self, guest, rng):
        """The phone's browser drops the tab; the player opens the next invitation in a new one."""
        guest.harvest_before_leaving()
        guest.page.close()

        def new_page(url):
            page = guest.context.new_page()
            self.open_app(page, url)
            return page

        self.rejoin(guest, new_page)

    def guest_move_held(self, guest, rng):
        """The guest's move waits on its device a while, then goes."""
        guest.page.evaluate("() => { window.netChaos.hold = true; }")
        before = moves_shown(self.host)
        clicked = click_a_move(guest.page, rng)
        if clicked:
            time.sleep(rng.uniform(*HOLD_S))
            assert moves_shown(self.host) == before, "a held move reached the host"
        guest.page.evaluate("() => window.netChaos.release()")
        if clicked:
            self.wait(lambda: moves_shown(self.host) > before, "the held move to be applied")

    def host_updates_held(self, guest, rng):
        """Everything the host sends waits a while (the computers and the host's player go on)."""
        self.host.evaluate("() => { window.netChaos.hold = true; }")
        until = time.monotonic() + rng.uniform(*HOLD_S)
        while time.monotonic() < until:
            if self.host.locator(MOVE_BUTTONS).count():
                click_a_move(self.host, rng)
            time.sleep(0.05)
        self.host.evaluate("() => window.netChaos.release()")

    def guest_reload_while_host_holds(self, guest, rng):
        """The guest moves; the host applies it, but its answer waits; the guest's page reloads."""
        self.host.evaluate("() => { window.netChaos.hold = true; }")
        before = moves_shown(self.host)
        clicked = click_a_move(guest.page, rng)
        if clicked:
            self.wait(lambda: moves_shown(self.host) > before, "the guest's move to reach the host")
        guest.harvest_before_leaving()
        guest.page.reload()
        self.host.evaluate("() => window.netChaos.release()")  # to a closed link: lost, resent on the rejoin
        wait_for_app_ready(guest.page)
        self.rejoin(guest)

    def host_reload(self, guest, rng):
        """The host's page reloads: it resumes its match from its save, and every guest comes back."""
        for each in self.guests:
            each.harvest()
        self.host.reload()
        wait_for_app_ready(self.host)
        for each in self.guests:
            self.rejoin(each)

    def settle(self):
        """Every held text released, every guest connected, every device in step."""
        for page in self.pages:
            page.evaluate("() => window.netChaos.release()")
        # ... and a human to choose: nothing moves by itself while the devices are compared.
        def quiet():
            page = actor(self.host, self.guests)
            return self.host.locator(RESULTS).count() or (page is not None and to_choose(page))

        self.wait(quiet, "every device to show the host's moves, and a player to choose")


def chaos_schedule(rng) -> list[tuple[int, str]]:
    """(move count, fault) in order: each fault once at a move count drawn between 5 and the end."""
    faults = [name for name, count in FAULTS.items() for _ in range(count)]
    moves = sorted(rng.sample(range(5, TARGET_MOVES - 5), len(faults)))
    rng.shuffle(faults)
    return list(zip(moves, faults))


GUEST_TURN_FAULTS = {"guest_move_held", "guest_reload_while_host_holds"}


@pytest.mark.timeout(600)
def test_devices_playing_200_moves_through_reloads_dropped_links_and_delays(new_context, open_app):
    started = time.monotonic()
    rng = random.Random(SEED)
    host = chaos_device(new_context, open_app)
    start_alphabeticell(host)
    guests = [Guest(seat, pair(host, seat, lambda url: chaos_device(new_context, open_app, url))) for seat in (1, 2)]
    table = Table(host, guests, open_app)
    schedule = chaos_schedule(rng)
    done = []
    while moves_shown(host) < TARGET_MOVES:
        if schedule and moves_shown(host) >= schedule[0][0]:
            _, fault = schedule.pop(0)
            guest = table.guest_turn() if fault in GUEST_TURN_FAULTS else rng.choice(guests)
            if guest is None:
                break
            print(f"{time.monotonic() - started:.1f}s move {moves_shown(host)}: {fault} (seat {guest.seat})")
            getattr(table, fault)(guest, rng)
            done.append((moves_shown(host), fault, guest.seat))
            continue
        page = table.next_actor()
        if page == "over":
            break
        table.play(page, rng)
    table.settle()
    elapsed = time.monotonic() - started
    print(f"\n{moves_shown(host)} moves in {elapsed:.1f} s; faults: {done}")
    check_every_device_holds_the_hosts_game(table)


def host_record(host) -> dict:
    host.click('[data-testid="menu"]')
    with host.expect_download() as download:
        host.click('[data-testid="export"]')
    return json.loads(download.value.path().read_text(encoding="utf-8"))


def replayed(record, seats):
    """The host's match replayed from its record: per move count, what the host's engine gives
    each of `seats` (view, public facts, legal moves, history), as JSON."""
    from ludoteca.core.match import Match, Seat
    from ludoteca.core.protocol import Settings
    from ludoteca.games import registry
    from ludoteca.net.authority import SessionAuthority
    from ludoteca.ui.session import LocalMatchSession

    game = registry.all_games()[record["game"]]
    match = Match(game, Settings.from_json(record["settings"]), record["seed"],
                  [Seat.from_json(seat) for seat in record["seats"]])
    authority = SessionAuthority(LocalMatchSession(match), "m")
    known = {}
    for move in [None] + record["moves"]:
        if move is not None:
            player, _, text = move.partition(":")
            match.play(int(player), text)
        known[len(match.entries)] = json.loads(json.dumps({
            seat: {"view": authority.view(seat), "position": authority.position(), "legal": authority.legal(seat),
                   "entries": authority.entries(seat)} for seat in seats}))
    return known


def check_every_device_holds_the_hosts_game(table):
    host, guests = table.host, table.guests
    record = host_record(host)
    count = len(record["moves"])
    assert all(moves_shown(page) == count for page in table.pages)
    known = replayed(record, [guest.seat for guest in guests])  # as JSON: keyed by the seat as text
    for guest in guests:
        guest.harvest()
        seat = str(guest.seat)
        # What the guest keeps (its pairing, in its storage) is the host's history as told to its seat.
        kept = json.loads(guest.page.evaluate("() => localStorage.getItem('ludoteca-guest')"))
        assert kept["entries"][seat] == known[count][seat]["entries"]
        assert kept["views"][seat] == known[count][seat]["view"]
        assert "seed" not in json.dumps(kept)
        # Every message it received is what the host's engine gives its own seat, at that move.
        received = [json.loads(text) for text in guest.received]
        updates = [message["body"] for message in received if message["kind"] == "update"]
        assert len(updates) >= count // 5 and all(body["seat"] == guest.seat for body in updates)
        assert all('"seed"' not in text for text in guest.received)
        for body in updates:
            expected = known[body["position"]["count"]][seat]
            assert carries_only(expected["view"], body) and body["position"] == expected["position"]
            assert body["legal"] == expected["legal"]
            assert body["entries"] == expected["entries"][body["turn"]:body["turn"] + len(body["entries"])]
        # No move lost or applied twice: each move it sent (by id, resent or not), less those the
        # host refused, is one move of its seat in the host's record.
        sent = {message["body"]["id"] for message in map(json.loads, guest.sent) if message["kind"] == "move"}
        refused = {message["body"]["id"] for message in received if message["kind"] == "refused"}
        played = [move for move in record["moves"] if move.startswith(f"{seat}:")]
        assert refused == set(), refused
        assert len(sent) == len(played), (len(sent), len(played))


# --- hostile guests ------------------------------------------------------------------------
LATEST_UPDATE = """() => {
  const updates = window.netChaos.received.map((text) => JSON.parse(text)).filter((m) => m.kind === "update");
  return updates.length ? updates[updates.length - 1] : null;
}"""


class HostileGuest:
    """A paired guest's page whose texts the test writes itself, through its real data channel."""

    def __init__(self, page):
        self.page = page
        self.in_step = True  # its app numbers its own moves until the test numbers one for it
        self.next_seq = 0

    def sent(self):
        return self.page.evaluate("() => window.netChaos.sent")

    def ack(self):
        return max([json.loads(text)["seq"] for text in self.page.evaluate("() => window.netChaos.received")] or [0])

    def send(self, text):
        self.page.evaluate("(text) => window.netChaos.raw(text)", text)

    def envelope(self, kind, body, seq=0):
        from ludoteca.net import wire

        return json.dumps({"v": wire.PROTOCOL_VERSION, "kind": kind, "seq": seq, "ack": self.ack(), "body": body})

    def numbered_move(self, seat, move_text, seen=0):
        """A move numbered by the test, chosen with `seen` entries of the history in view: the
        guest's app no longer numbers its moves right."""
        if self.in_step:
            self.next_seq = 1 + max([json.loads(text)["seq"] for text in self.sent()] or [0])
        self.in_step = False
        text = self.envelope("move", {"id": f"test-{self.next_seq}", "seat": seat, "move": move_text, "seen": seen}, self.next_seq)
        self.next_seq += 1
        return text


def to_choose(page) -> bool:
    """The page's player has a choice to make (not a lone pass the app plays by itself)."""
    names = page.locator(MOVE_BUTTONS).evaluate_all("(buttons) => buttons.map((button) => button.dataset.testid)")
    return bool(names) and names != ["pass"]


def honest_move(host, guest: HostileGuest, rng):
    """The next move of the game, by whoever is to play (the guest's through its app while it
    numbers its moves right, else numbered by the test), applied on the host."""
    before = moves_shown(host)
    deadline = time.monotonic() + SYNC_TIMEOUT_S
    while moves_shown(host) == before:
        assert time.monotonic() < deadline, "the match did not go on"
        update = guest.page.evaluate(LATEST_UPDATE)
        guests_turn = update and update["body"]["position"]["count"] == before \
            and 1 in update["body"]["position"]["to_move"] and update["body"]["legal"]
        if host.locator(MOVE_BUTTONS).count():
            click_a_move(host, rng)
        elif guests_turn and guest.in_step and moves_shown(guest.page) == before:
            click_a_move(guest.page, rng)
        elif guests_turn and not guest.in_step:
            guest.send(guest.numbered_move(1, rng.choice(update["body"]["legal"]), before))
        else:
            time.sleep(0.05)
            continue
        wait_until(lambda: moves_shown(host) > before, SYNC_TIMEOUT_S, "an honest move to be applied", [host])


@pytest.mark.timeout(300)
def test_a_hostile_guest_is_refused_with_a_logged_reason_and_the_match_goes_on(new_context, open_app):
    rng = random.Random(SEED)
    host = chaos_device(new_context, open_app)
    logged = []
    host.on("console", lambda message: logged.append(message.text))
    start_alphabeticell(host, guests=1, computers=0)
    page = pair(host, 1, lambda url: chaos_device(new_context, open_app, url))
    guest = HostileGuest(page)
    for _ in range(4):  # both devices have played: the guest has a move of its own to replay
        honest_move(host, guest, rng)
    earlier_move = next(text for text in guest.sent() if json.loads(text)["kind"] == "move")
    hostile = [
        ("malformed", "{not json", "wire.not_json"),
        ("oversized", "[" + "0," * 40_000 + "0]", "wire.too_large"),
        ("a claim of the host's role", guest.envelope("welcome", {
            "match": "m1", "game": "alphabeticell", "settings": {}, "token": "t" * 16, "seats": [0, 1]}),
         "wire.wrong_role"),
        ("replayed", earlier_move, "wire.duplicate"),
        ("out of order, far ahead", guest.envelope("move", {"id": "ahead", "seat": 1, "move": "pass", "seen": 0},
                                                   10_000), "wire.too_far_ahead"),
        ("a move for another seat", None, "net.not_your_seat"),
    ]
    for what, text, reason in hostile:
        # The host's player to choose: nothing moves by itself (no computer, no lone pass) while
        # the hostile text goes, and the guest's app sends nothing of its own.
        while not to_choose(host):
            honest_move(host, guest, rng)
        if text is None:
            text = guest.numbered_move(0, "pass")
        before = len(logged)
        count = moves_shown(host)
        guest.send(text)
        wait_until(lambda reason=reason, before=before: any(f": {reason}" in line for line in logged[before:]),
                   SYNC_TIMEOUT_S,
                   f"the host to log its refusal of a {what} text ({reason})", [host])
        assert moves_shown(host) == count, f"a {what} text changed the match"
        honest_move(host, guest, rng)  # and the match goes on
    honest_move(host, guest, rng)
    assert all(line.startswith("Ludoteca: refused from link") for line in logged if "refused" in line)
