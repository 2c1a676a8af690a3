"""Nothing is loaded from anywhere but the app's own origin."""
from __future__ import annotations

import zipfile
from urllib.parse import urlsplit

from browser_harness import wait_for_app_ready
from build import find_remote_references

CDN_MARKERS = (b"cdn.jsdelivr", b"unpkg.com", b"pyscript.net", b"googleapis")


def test_every_request_during_boot_is_same_origin(new_context, app_url, request_log):
    # With service workers blocked every request is visible to Playwright.
    context = new_context(service_workers="block")
    urls = request_log(context)
    page = context.new_page()
    page.goto(app_url)
    wait_for_app_ready(page)
    origin = urlsplit(app_url)[:2]
    foreign = [url for url in urls if urlsplit(url).scheme not in ("blob", "data") and urlsplit(url)[:2] != origin]
    assert foreign == []
    assert any(url.endswith("/pyodide/pyodide.asm.wasm") for url in urls), "the log saw the boot"


def test_no_shipped_file_mentions_a_cdn(dist_dir):
    for path in sorted(dist_dir.rglob("*")):
        if path.is_file():
            data = path.read_bytes()
            assert not [m for m in CDN_MARKERS if m in data], f"{path.relative_to(dist_dir)} mentions a CDN"
    # The build's own check also looks inside zip archives.
    assert find_remote_references(dist_dir) == []


def test_remote_reference_check_catches_urls_in_files_and_zips(tmp_path):
    (tmp_path / "page.js").write_text('import("HTTPS://Cdn.JsDelivr.net/npm/x.mjs")')
    with zipfile.ZipFile(tmp_path / "engine.zip", "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("pkg/mod.py", "URL = 'https://unpkg.com/y'")
    (tmp_path / "fine.js").write_text("const docs = 'https://example.org/'")
    where = [finding.split(":", 1)[0] for finding in find_remote_references(tmp_path)]
    assert where == ["engine.zip!pkg/mod.py", "page.js"]
