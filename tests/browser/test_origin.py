"""Nothing is loaded from anywhere but the app's own origin."""
from __future__ import annotations

import re
import zipfile
from urllib.parse import urlsplit

from browser_harness import wait_for_app_ready
from build import NEVER_FETCHED_URLS, TEXT_SUFFIXES, find_remote_references

SCHEME_URL = re.compile(rb"""https?://[^\s"'`<>()\\]+""", re.IGNORECASE)


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


def test_no_shipped_file_points_outside_the_origin(dist_dir):
    """Whatever the host: the only absolute URLs left are ones nothing fetches."""
    for path in sorted(dist_dir.rglob("*")):
        if path.is_file() and path.suffix in TEXT_SUFFIXES:
            urls = set(SCHEME_URL.findall(path.read_bytes()))
            assert urls <= set(NEVER_FETCHED_URLS), f"{path.relative_to(dist_dir)}: {urls - set(NEVER_FETCHED_URLS)}"
    # The build's own check also looks inside zip archives.
    assert find_remote_references(dist_dir) == []


def test_remote_reference_check_catches_urls_in_files_and_zips(tmp_path):
    (tmp_path / "page.js").write_text('import("HTTPS://Code.Example.net/npm/x.mjs")')
    (tmp_path / "style.css").write_text("@import url(//fonts.example.com/a.css);")
    with zipfile.ZipFile(tmp_path / "engine.zip", "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("pkg/mod.py", "URL = 'https://packages.example.org/y'")
    (tmp_path / "fine.js").write_text("document.createElementNS('http://www.w3.org/2000/svg', 'g'); a.startsWith('https://')")
    where = [finding.split(":", 1)[0] for finding in find_remote_references(tmp_path)]
    assert where == ["engine.zip!pkg/mod.py", "page.js", "style.css"]


def test_pyodide_stdlib_is_judged_by_its_string_values_not_its_docs(tmp_path):
    (tmp_path / "pyodide").mkdir()
    with zipfile.ZipFile(tmp_path / "pyodide" / "python_stdlib.zip", "w") as archive:
        archive.writestr("pyodide/http.py", '"""Example: pyfetch("https://example.org/data.json")"""\n# see https://example.org/docs\n')
        archive.writestr("pyodide/loader.py", "BASE = 'https://packages.example.org/full/'\n")
        archive.writestr("email/docs.py", "URL = 'https://example.org/rfc'\n")  # CPython's own stdlib
    where = [finding.split(":", 1)[0] for finding in find_remote_references(tmp_path)]
    assert where == ["pyodide/python_stdlib.zip!pyodide/loader.py"]
