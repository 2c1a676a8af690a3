"""A new version published while the app runs: toast, Reload, new files."""
from __future__ import annotations

import shutil

from playwright.sync_api import expect

from browser_harness import wait_for_app_ready
from build import finalize_dist

CACHE_NAMES = "caches.keys().then((names) => names.filter((n) => n.startsWith('ludoteca-')))"


def test_new_version_offers_reload(page, open_app, serve_dir, dist_dir, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site)
    server = serve_dir(site)
    open_app(page, server.url + "/")
    page.evaluate("navigator.serviceWorker.ready")
    (old_cache,) = page.evaluate(CACHE_NAMES)
    expect(page.get_by_test_id("update-toast")).to_have_count(0)

    with (site / "web" / "app.css").open("a") as css:
        css.write("\n/* version 2 */\n")
    new_cache = finalize_dist(site)
    assert new_cache != old_cache

    css_downloads = server.count("/web/app.css")
    page.evaluate("window.ludotecaBoot.registration.update()")
    toast = page.get_by_test_id("update-toast")
    expect(toast).to_contain_text("A new version is available", timeout=30_000)
    # Only the changed file was downloaded again; the rest came from the old cache.
    assert server.count("/pyodide/pyodide.asm.wasm") == 1
    assert server.count("/web/app.css") == css_downloads + 1

    with page.expect_navigation():
        toast.get_by_role("button", name="Reload").click()
    wait_for_app_ready(page)
    assert page.evaluate(CACHE_NAMES) == [new_cache]
    assert "version 2" in page.evaluate("fetch('web/app.css').then((r) => r.text())")
