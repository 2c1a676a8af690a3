"""Memory snapshots: after a plain first start a worker snapshots Python; later
starts restore it (web/interpreter.mjs) and fall back to a plain start when it
is missing, corrupt, from another build or fails to restore."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from browser_harness import wait_for_app_ready
from test_play import FAST_PLAY, moves_played, play_one_human_turn, start_game, table_markup

HOME = '#app [data-screen="home"]'
SNAPSHOT_TIMEOUT_MS = 120_000  # the worker starts a whole second Pyodide on a shared machine
# Make the snapshot as soon as the app is ready, not after the usual idle delay.
NO_SNAPSHOT_DELAY = "Object.assign(window.ludotecaBootOptions ||= {}, { snapshotDelayMs: 0, snapshots: true });"

SNAPSHOT_ENTRY = """async () => {
  const names = (await caches.keys()).filter((name) => name.startsWith("ludoteca-"));
  const url = new URL("snapshot/interpreter.bin", location.href).href;
  const response = await (await caches.open(names[0])).match(url);
  return response && {
    cacheName: names[0], size: (await response.clone().arrayBuffer()).byteLength,
    build: response.headers.get("x-ludoteca-snapshot-build"),
    digest: response.headers.get("x-ludoteca-snapshot-sha256"),
  };
}"""

# Replaces the stored snapshot with a changed copy: `change` is one of
# "flip-byte" (digest left stale), "other-build" (build header), "bad-header"
# (Pyodide's build id inside the snapshot, with a matching digest).
TAMPER = """async (change) => {
  const names = (await caches.keys()).filter((name) => name.startsWith("ludoteca-"));
  const cache = await caches.open(names[0]);
  const url = new URL("snapshot/interpreter.bin", location.href).href;
  const response = await cache.match(url);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const headers = Object.fromEntries(response.headers);
  if (change === "flip-byte") bytes[bytes.length >> 1] ^= 0xff;
  if (change === "other-build") headers["x-ludoteca-snapshot-build"] = "ludoteca-0000000000000000";
  if (change === "bad-header") {
    bytes.fill(0x5a, 16, 48);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    headers["x-ludoteca-snapshot-sha256"] = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  }
  await cache.put(url, new Response(bytes, { headers }));
}"""

# Runs in the app's interpreter (PyScript runs <script type="py"> added later too).
RANDOMNESS_PROBE = """
import json, random, js
from ludoteca.ui import browser
js.window.pythonRandomness = json.dumps({
    "random": random.random(),
    "seed": browser.PyScriptBrowser(None).random_seed(),
})
"""


@pytest.fixture
def snap_page(context):
    context.add_init_script(NO_SNAPSHOT_DELAY)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return page


def boot(page, url=None) -> dict:
    """Load (or reload) the app; return how it started."""
    if url:
        same_document = page.url.split("#")[0] == url.split("#")[0]
        page.goto(url)
        if same_document:  # only the hash changed: no new start yet
            page.reload()
    else:
        page.reload()
    wait_for_app_ready(page)
    return page.evaluate("({path: ludotecaBoot.path, htmlPath: document.documentElement.dataset.bootPath,"
                         " snapshot: {...ludotecaBoot.snapshot}})")


def wait_for_snapshot(page) -> dict:
    page.wait_for_function("() => ['saved', 'failed'].includes(ludotecaBoot.snapshot.state)",
                           timeout=SNAPSHOT_TIMEOUT_MS)
    snapshot = page.evaluate("({...ludotecaBoot.snapshot})")
    assert snapshot["state"] == "saved", snapshot
    return snapshot


def randomness(page) -> dict:
    page.evaluate("""(code) => {
        delete window.pythonRandomness;
        document.body.append(Object.assign(document.createElement("script"), { type: "py", textContent: code }));
    }""", RANDOMNESS_PROBE)
    page.wait_for_function("() => window.pythonRandomness || document.querySelector('.py-error')", timeout=30_000)
    assert page.locator(".py-error").count() == 0, page.locator(".py-error").first.text_content()
    return json.loads(page.evaluate("window.pythonRandomness"))


def test_first_visit_makes_a_snapshot_and_reloads_restore_it(snap_page, app_url):
    first = boot(snap_page, app_url)
    assert first["path"] == first["htmlPath"] == "plain"
    assert first["snapshot"]["state"] in ("none", "making")
    assert snap_page.evaluate("ludotecaBoot.snapshotDecision") == "make"
    made = wait_for_snapshot(snap_page)
    stored = snap_page.evaluate(SNAPSHOT_ENTRY)
    assert stored["size"] == made["bytes"] > 1_000_000
    assert stored["build"] == stored["cacheName"] and len(stored["digest"]) == 64

    for _ in range(2):
        again = boot(snap_page)
        assert again["path"] == again["htmlPath"] == "snapshot"
        assert again["snapshot"]["state"] == "restored"
        expect(snap_page.locator(HOME)).to_be_visible()
    snap_page.click('[data-testid="nav-settings"]')  # the About section says how Python started
    expect(snap_page.locator('[data-testid="boot-path"]')).to_contain_text("restored Python from a snapshot")
    assert snap_page.errors == []


def test_restored_python_is_reseeded(snap_page, app_url):
    boot(snap_page, app_url)
    wait_for_snapshot(snap_page)
    draws = []
    for _ in range(2):
        assert boot(snap_page)["path"] == "snapshot"
        draws.append(randomness(snap_page))
    # Both restores start from the same frozen memory: only a reseed makes these differ.
    assert draws[0]["random"] != draws[1]["random"]
    assert draws[0]["seed"] != draws[1]["seed"]


def test_the_same_seed_deals_the_same_cards_on_both_paths(snap_page, app_url):
    assert boot(snap_page, app_url)["path"] == "plain"
    start_game(snap_page, seed="4242")
    plain_table = table_markup(snap_page)
    wait_for_snapshot(snap_page)
    assert boot(snap_page, app_url + "#/")["path"] == "snapshot"
    start_game(snap_page, seed="4242")
    assert table_markup(snap_page) == plain_table


# (TAMPER's change, the reason the fallback gives)
BAD_SNAPSHOTS = [("flip-byte", "corrupt"), ("other-build", "another build"), ("bad-header", "restore failed")]


@pytest.mark.timeout(450)  # three fallbacks and new snapshots: each had its own test of 150 s before
def test_each_bad_snapshot_falls_back_to_a_plain_start_and_is_replaced(snap_page, app_url):
    """The bad snapshots in turn, in one app (a first start and snapshot, not one each):
    each is made bad only once the one before has been replaced and restored."""
    boot(snap_page, app_url)
    wait_for_snapshot(snap_page)
    for change, reason in BAD_SNAPSHOTS:
        snap_page.evaluate(TAMPER, change)
        fallback = boot(snap_page)
        assert fallback["path"] == "plain", change
        assert reason in fallback["snapshot"]["reason"], (change, fallback["snapshot"])
        expect(snap_page.locator(HOME)).to_be_visible()
        expect(snap_page.locator('[data-testid="boot-error"]')).to_be_hidden()
        wait_for_snapshot(snap_page)  # a new one, made after the plain start
        stored = snap_page.evaluate(SNAPSHOT_ENTRY)
        assert stored["build"] == stored["cacheName"], change
        assert boot(snap_page)["path"] == "snapshot", change
    assert snap_page.errors == []


def test_a_game_in_progress_and_saves_survive_every_path(snap_page, app_url):
    snap_page.context.add_init_script(FAST_PLAY)
    boot(snap_page, app_url)
    start_game(snap_page, seed="77")
    play_one_human_turn(snap_page)
    snap_page.wait_for_selector('[data-testid="controls"]')  # the computer has answered
    game_url = snap_page.url
    played = moves_played(snap_page)
    wait_for_snapshot(snap_page)

    def reopened(expected_path, url=game_url):
        assert boot(snap_page, url)["path"] == expected_path
        snap_page.wait_for_selector('[data-testid="game"]')
        assert moves_played(snap_page) == played
        return table_markup(snap_page)

    # A reopened game draws its table a little differently from a live one (no last
    # move to show), so the reference is the game reopened after a plain start.
    table = reopened("plain", game_url.replace("#", "?snapshot=off#"))
    assert reopened("snapshot") == table
    snap_page.evaluate(TAMPER, "flip-byte")
    assert reopened("plain") == table
    wait_for_snapshot(snap_page)
    assert reopened("snapshot") == table
    # Play on from the restored interpreter, and the move is saved.
    assert play_one_human_turn(snap_page)
    snap_page.wait_for_selector('[data-testid="controls"]')
    moved = moves_played(snap_page)
    assert moved > played
    boot(snap_page, app_url + "#/")
    expect(snap_page.locator('[data-testid="saves"] li')).to_have_count(1)
    boot(snap_page, game_url)
    snap_page.wait_for_selector('[data-testid="game"]')
    assert moves_played(snap_page) == moved


@pytest.mark.parametrize("how", ["url", "setting"])
def test_snapshots_can_be_turned_off(snap_page, app_url, how):
    url = app_url + ("?snapshot=off" if how == "url" else "")
    if how == "setting":
        snap_page.context.add_init_script("localStorage.setItem('ludoteca:snapshot', 'off')")
    first = boot(snap_page, url)
    assert first["path"] == "plain" and first["snapshot"]["state"] == "off"
    snap_page.wait_for_function("() => ludotecaBoot.snapshotDecision !== null")  # made once the app is ready
    assert snap_page.evaluate("ludotecaBoot.snapshotDecision") == "skip"
    assert snap_page.evaluate("ludotecaBoot.snapshot.state") == "off"
    assert snap_page.evaluate(SNAPSHOT_ENTRY) is None
    assert boot(snap_page)["path"] == "plain"


def test_offline_reload_restores_from_the_snapshot(snap_page, context, serve_dir):
    server = serve_dir()
    boot(snap_page, server.url + "/")
    wait_for_snapshot(snap_page)
    server.close()
    context.set_offline(True)
    restored = boot(snap_page)
    assert restored["path"] == "snapshot"
    expect(snap_page.locator(HOME)).to_be_visible()
