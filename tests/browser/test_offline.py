"""Offline: after one online visit the app starts with no network at all."""
from __future__ import annotations

from playwright.sync_api import expect

from browser_harness import StaticServer, wait_for_app_ready

UNCACHED_FETCH = """(url) => fetch(url).then(() => "reached", (error) => "failed: " + error.name)"""


def test_starts_offline_after_one_visit(page, context, open_app, serve_dir):
    server = serve_dir()
    origin = server.url
    open_app(page, origin + "/")
    page.evaluate("navigator.serviceWorker.ready")
    assert page.evaluate("!!navigator.serviceWorker.controller")
    # A URL the service worker does not cache proves the network is up now...
    assert page.evaluate(UNCACHED_FETCH, origin + "/not-shipped.txt") == "reached"

    # ...then take the network away for real: the server stops (connections are
    # refused) and Chromium is switched offline too.
    server.close()
    context.set_offline(True)
    assert page.evaluate(UNCACHED_FETCH, origin + "/not-shipped.txt").startswith("failed")

    page.reload()
    wait_for_app_ready(page)
    assert page.evaluate("window.ludotecaBoot.mode") == "cache"
    expect(page.locator('#app [data-screen="home"]')).to_be_visible()

    # A second tab opened while offline starts too.
    other = context.new_page()
    other.goto(origin + "/")
    wait_for_app_ready(other)
    # The pairing modules and the QR reader, loaded only when used, come from the cache too.
    assert other.evaluate("""async () => {
        const qr = await window.ludotecaImport("web/net/qr.mjs");
        await window.ludotecaImport("web/net/link.mjs");
        return typeof (await qr.loadReader());
    }""") == "function"


def test_hard_reload_still_uses_the_offline_cache(page, open_app, serve_dir):
    server = serve_dir()
    open_app(page, server.url + "/")
    page.evaluate("navigator.serviceWorker.ready")
    # A hard reload loads the page without its service worker; boot.js asks the
    # worker to take control instead of downloading everything again.
    client = page.context.new_cdp_session(page)
    client.send("Page.reload", {"ignoreCache": True})
    page.wait_for_load_state()
    wait_for_app_ready(page)
    assert page.evaluate("window.ludotecaBoot.loadedControlled") is False
    assert page.evaluate("window.ludotecaBoot.mode") == "cache"
    assert server.count("/pyodide/pyodide.asm.wasm") == 1


def test_works_from_a_sub_path(page, context, open_app, dist_dir, tmp_path):
    # Static hosts often serve a project under a folder (e.g. /games/ludoteca/).
    with StaticServer(tmp_path, mounts={"/games/ludoteca/": dist_dir}) as server:
        url = server.url + "/games/ludoteca/"
        open_app(page, url)
        scope = page.evaluate("navigator.serviceWorker.ready.then((registration) => registration.scope)")
        assert scope == url
    context.set_offline(True)
    page.reload()
    wait_for_app_ready(page)
    assert page.evaluate("window.ludotecaBoot.mode") == "cache"
