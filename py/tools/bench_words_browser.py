"""Benchmark Alphagon's word lists in a real browser (Pyodide in headless Chromium).

    .venv/bin/python py/tools/bench_words_browser.py

Serves the repository on 127.0.0.1 (a free port), opens
tests/browser/pages/words_bench.html, which boots Pyodide from
node_modules/pyodide, loads dictionary.py and each list, and times them.
Needs Debian's /usr/bin/chromium and Python playwright (never a downloaded browser).
"""

from __future__ import annotations

import json
import pathlib
import sys

from browser_harness import StaticServer, chromium

REPO = pathlib.Path(__file__).resolve().parents[2]
PAGE = "tests/browser/pages/words_bench.html"
TIMEOUT_MS = 180_000


def bench_browser(base_dir: str | pathlib.Path = REPO) -> dict:
    """{pyodide_boot_ms, import_ms, langs: {lang: {bytes, load_ms, is_word_us, ...}}}."""
    with StaticServer(pathlib.Path(base_dir)) as server, chromium() as browser:
        page = browser.new_page()
        page.goto(f"{server.url}/{PAGE}")
        page.wait_for_function("window.benchResult !== undefined", timeout=TIMEOUT_MS)
        result = page.evaluate("window.benchResult")
    if "error" in result:
        raise RuntimeError(f"browser benchmark failed: {result['error']}")
    return result


def main() -> int:
    print(json.dumps(bench_browser(REPO), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
