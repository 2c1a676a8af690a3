"""Helpers to drive the built app in headless Debian Chromium.

Used by build.py (serve), the browser tests and the bench_*.py scripts:

    server = StaticServer(Path("dist")).start()      # free loopback port, background thread
    with chromium() as browser:
        page = browser.new_page()
        install_longtask_observer(page)
        page.goto(server.url + "/")
        wait_for_app_ready(page)
        print(longest_task_ms(page))
    server.close()

StaticServer needs only the standard library; Playwright is imported only by
the functions that drive the browser.
"""
from __future__ import annotations

import base64
import contextlib
import errno
import functools
import hashlib
import http.server
import json
import socketserver
import threading
import time
from pathlib import Path
from typing import Iterator

CHROMIUM_PATH = "/usr/bin/chromium"
BOOT_TIMEOUT_MS = 60_000  # a wait, not a timing check: a cold Italian boot under heavy load took over 40 s
# Types http.server may not know, or that must be exact for module/wasm loading.
MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".py": "text/x-python",
    ".svg": "image/svg+xml",
}


class PortBusyError(OSError):
    pass


class AppBootError(AssertionError):
    """The app showed its error screen or never became ready."""


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def __init__(self, *args, server_state: "StaticServer", **kwargs):
        self.server_state = server_state
        super().__init__(*args, directory=str(server_state.root), **kwargs)

    def translate_path(self, path: str) -> str:
        clean = path.split("?", 1)[0].split("#", 1)[0]
        for prefix, directory in self.server_state.mounts.items():
            if clean.startswith(prefix):
                inner = super().translate_path("/" + path[len(prefix):])
                return str(Path(directory) / Path(inner).relative_to(self.server_state.root))
        return super().translate_path(path)

    def end_headers(self) -> None:
        # Always revalidate: during development the service worker is the only cache.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):
        self.server_state._record(self.command, self.path)
        return super().send_head()

    def log_message(self, format: str, *args) -> None:
        if self.server_state.log_requests:
            super().log_message(format, *args)

    def handle(self) -> None:
        with contextlib.suppress(ConnectionResetError, BrokenPipeError):
            super().handle()


class _ThreadingServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


class StaticServer:
    """Serve a directory over HTTP on loopback, optionally with extra mounted directories.

    `mounts` maps URL prefixes such as "/__pages__/" to directories.
    `requests` records every (method, path) served, for tests that count downloads.
    """

    def __init__(self, root: Path, *, host: str = "127.0.0.1", port: int = 0,
                 mounts: dict[str, Path] | None = None, log_requests: bool = False):
        self.root = Path(root).resolve()
        self.mounts = {prefix: Path(path).resolve() for prefix, path in (mounts or {}).items()}
        self.log_requests = log_requests
        self.requests: list[tuple[str, str]] = []
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        handler = functools.partial(_Handler, server_state=self)
        try:
            self._server = _ThreadingServer((host, port), handler)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise PortBusyError(f"port {port} on {host} is already in use") from None
            raise
        bound_host, bound_port = self._server.server_address[:2]
        self.port = bound_port
        self.url = f"http://{bound_host}:{bound_port}"

    def _record(self, method: str, path: str) -> None:
        with self._lock:
            self.requests.append((method, path))

    def count(self, path: str) -> int:
        """How many times a URL path (query ignored) was requested."""
        with self._lock:
            return sum(1 for _, seen in self.requests if seen.split("?", 1)[0] == path)

    def start(self) -> "StaticServer":
        self._thread = threading.Thread(target=self._server.serve_forever, name=f"static:{self.port}", daemon=True)
        self._thread.start()
        return self

    def serve_forever(self) -> None:
        self._server.serve_forever()

    def close(self) -> None:
        """Stop serving and release the port: afterwards connections are refused."""
        if self._thread is not None:
            self._server.shutdown()
            self._thread.join(timeout=5)
            self._thread = None
        self._server.server_close()

    def __enter__(self) -> "StaticServer":
        return self.start()

    def __exit__(self, *exc_info) -> None:
        self.close()


# --------------------------------------------------------------------------- browser


def chromium_launch_args() -> dict:
    """Playwright launch arguments for Debian's Chromium (never a downloaded browser)."""
    if not Path(CHROMIUM_PATH).exists():
        raise FileNotFoundError(f"{CHROMIUM_PATH} is missing: `python3 build.py setup` installs Debian's chromium")
    return {"executable_path": CHROMIUM_PATH, "headless": True}


@contextlib.contextmanager
def chromium(**launch_args) -> Iterator["object"]:
    """A headless Chromium browser (Playwright sync API), closed on exit."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**{**chromium_launch_args(), **launch_args})
        try:
            yield browser
        finally:
            browser.close()


READY_OR_FAILED = "() => document.documentElement.dataset.ready === '1' || !!window.ludotecaBoot?.error"


def wait_for_app_ready(page, timeout_ms: int = BOOT_TIMEOUT_MS) -> float:
    """Wait until the app called ludotecaBoot.ready(); return its readyAt (ms since navigation).

    Raises AppBootError with the app's own message if the error screen shows instead.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(READY_OR_FAILED, timeout=timeout_ms)
    except PlaywrightTimeout:
        state = page.evaluate("() => ({label: window.ludotecaBoot?.label, percent: window.ludotecaBoot?.percent})")
        raise AppBootError(f"app not ready after {timeout_ms} ms (last step: {state})") from None
    error = page.evaluate("() => window.ludotecaBoot.error")
    if error:
        raise AppBootError(f"app showed its error screen: {error}")
    return page.evaluate("() => window.ludotecaBoot.readyAt")


LONGTASK_OBSERVER = """
(() => {
  const tasks = (window.__longTasks = []);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push({start: entry.startTime, duration: entry.duration});
  }).observe({type: "longtask", buffered: true});
})();
"""


def engine_bench(browser, server, query: str, timeout_ms: int = 600_000) -> dict:
    """The result of tests/browser/pages/engine_bench.html (served at
    /__pages__/) for `query`: Pyodide's side of an engine-speed comparison."""
    page = browser.new_page()
    page.goto(f"{server.url}/__pages__/engine_bench.html?{query}")
    page.wait_for_function("window.benchResult !== undefined", timeout=timeout_ms)
    result = page.evaluate("window.benchResult")
    page.close()
    if "error" in result:
        raise RuntimeError(result["error"])
    return result


def install_longtask_observer(page_or_context) -> None:
    """Record every main-thread task over 50 ms from the next navigation on."""
    page_or_context.add_init_script(LONGTASK_OBSERVER)


def longest_task_ms(page, since_ms: float = 0.0) -> float:
    """Duration of the longest main-thread task that started after `since_ms` (page time)."""
    return page.evaluate(
        "(since) => Math.max(0, ...(window.__longTasks || []).filter(t => t.start >= since).map(t => t.duration))",
        since_ms,
    )


@contextlib.contextmanager
def screencast_frames(page) -> Iterator[list[tuple[float, str]]]:
    """Collect (timestamp in s since the epoch, image hash) for every frame Chromium paints.

    Frames come from the compositor, so they keep arriving while the page's main
    thread is blocked, exactly when screenshots cannot be taken.
    """
    frames: list[tuple[float, str]] = []
    session = page.context.new_cdp_session(page)

    def on_frame(params: dict) -> None:
        digest = hashlib.sha1(base64.b64decode(params["data"])).hexdigest()
        frames.append((params["metadata"]["timestamp"], digest))
        session.send("Page.screencastFrameAck", {"sessionId": params["sessionId"]})

    session.on("Page.screencastFrame", on_frame)
    session.send("Page.startScreencast", {"format": "jpeg", "quality": 60, "everyNthFrame": 1})
    try:
        yield frames
    finally:
        session.send("Page.stopScreencast")
        session.detach()


def longest_task_window(page) -> tuple[float, float]:
    """(start, end) of the longest recorded main-thread task, in s since the epoch."""
    origin_ms, task = page.evaluate(
        "[performance.timeOrigin, (window.__longTasks || []).reduce((a, b) => (b.duration > a.duration ? b : a),"
        " {start: 0, duration: 0})]"
    )
    return (origin_ms + task["start"]) / 1000, (origin_ms + task["start"] + task["duration"]) / 1000


# --------------------------------------------------------------------------- computer games

# Computer turns follow each other without the pauses that let a person follow them.
FAST_PACE = "localStorage.setItem('ludoteca:v1:settings', JSON.stringify({pace: 'fast'}));"


def start_computer_game(page, level: str, seed: int, game: str = "alphabeticell", players: int = 0) -> float:
    """From the home screen: `game` with `players` seats (0: its default
    count), every seat a computer player at `level`.

    Returns the page's clock just before the game starts."""
    page.click(f'[data-testid="new-{game}"]')
    page.wait_for_selector('[data-testid="seat-0-kind"]')
    if players:
        page.select_option('[data-testid="players"]', str(players))
    seats = page.locator('[data-testid^="seat-"][data-testid$="-kind"]').count()
    for seat in range(seats):
        page.select_option(f'[data-testid="seat-{seat}-kind"]', "ai")
        page.select_option(f'[data-testid="seat-{seat}-level"]', level)
    page.fill('[data-testid="seed"]', str(seed))
    started = page.evaluate("performance.now()")
    page.click('[data-testid="start"]')
    return started


def wait_for_ai_decisions(page, decisions: int, timeout_s: float) -> list[dict]:
    """The app's timed AI decisions with a real choice (more than one legal move),
    once there are `decisions` of them, the game ended, or time ran out."""
    deadline = time.time() + timeout_s
    while True:
        moves = [m for m in json.loads(page.evaluate("window.ludotecaStats()"))["ai_moves"] if m["legal"] > 1]
        finished = page.locator('[data-testid="results"]').count() > 0
        if len(moves) >= decisions or finished or time.time() >= deadline:
            return moves
        time.sleep(0.5)
