"""Browser tests: the built dist/ served on loopback, driven in Debian's Chromium.

`python3 build.py test` builds dist/ first. Timeouts are short on purpose: a
hang must fail in seconds, not stall the whole run.
"""
from __future__ import annotations

import os
import pathlib
import sys
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import expect

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGES = pathlib.Path(__file__).resolve().parent / "pages"
for path in (REPO_ROOT / "py" / "tools", REPO_ROOT / "py", REPO_ROOT):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from browser_harness import (  # noqa: E402
    BOOT_TIMEOUT_MS,
    StaticServer,
    chromium_launch_args,
    wait_for_app_ready,
)

PAGES_PREFIX = "/__pages__/"
ACTION_TIMEOUT_MS = 10_000
NAVIGATION_TIMEOUT_MS = 15_000
TEST_TIMEOUT_S = 150
# Assertions that wait for boot-time events (a cold start takes ~5 s here).
EXPECT_TIMEOUT_MS = 25_000
expect.set_options(timeout=EXPECT_TIMEOUT_MS)
# The app's own stall watchdog (60 s in production) fires sooner under test.
# Memory snapshots are made by a second Pyodide after start-up; only test_snapshot.py wants them.
BOOT_OPTIONS_SCRIPT = "window.ludotecaBootOptions = { stallTimeoutMs: 20000, snapshots: false };"
# Chromium's own log (every process): read back when a page's renderer crashes.
CHROMIUM_LOG = REPO_ROOT / ".cache" / "chromium.log"
# Playwright's words for a page whose renderer process died.
RENDERER_CRASH = r"(Target|Page) crashed"


def pytest_collection_modifyitems(config, items):
    """Every browser test gets a hard limit (pytest-timeout) unless it sets its own,
    and one rerun if, and only if, its page's renderer crashed.

    A renderer crash is Chromium's process dying, not an assertion: one CI run
    lost two Alphagon tests to it, and 30 runs of the same tests under the same
    load did not crash again. The rerun is reported with Chromium's log at the
    end of the run (see pytest_terminal_summary), and a second crash fails."""
    here = pathlib.Path(__file__).parent
    for item in items:
        if here not in pathlib.Path(str(item.fspath)).parents:
            continue
        if item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(TEST_TIMEOUT_S))
        item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=[RENDERER_CRASH]))


@pytest.fixture(scope="session")
def dist_dir() -> pathlib.Path:
    # LUDOTECA_DIST lets a second developer test their own build while dist/ is in use.
    dist = pathlib.Path(os.environ.get("LUDOTECA_DIST") or REPO_ROOT / "dist")
    if not (dist / "index.html").exists():
        pytest.fail("dist/ is not built: run `python3 build.py test` (or `python3 build.py build` first)")
    return dist


@pytest.fixture(scope="session")
def app_server(dist_dir) -> Iterator[StaticServer]:
    with StaticServer(dist_dir, mounts={PAGES_PREFIX: PAGES}) as server:
        yield server


@pytest.fixture(scope="session")
def app_url(app_server) -> str:
    return app_server.url + "/"


@pytest.fixture
def serve_dir(dist_dir) -> Iterator[Callable[..., StaticServer]]:
    """Start a private server (own origin, own request log) that the test may stop."""
    servers: list[StaticServer] = []

    def start(root: pathlib.Path = dist_dir) -> StaticServer:
        server = StaticServer(root, mounts={PAGES_PREFIX: PAGES}).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args) -> dict:
    CHROMIUM_LOG.parent.mkdir(exist_ok=True)
    CHROMIUM_LOG.write_bytes(b"")
    logging = ["--enable-logging", f"--log-file={CHROMIUM_LOG}"]
    args = [*browser_type_launch_args.get("args", []), *logging]
    return {**browser_type_launch_args, **chromium_launch_args(), "args": args}


# Renderer crashes seen in this run: (test id, page URL, Chromium's log lines of that test).
_renderer_crashes: list[tuple[str, str, list[str]]] = []
_crashed_pages: list[str] = []
_chromium_log_offset = 0
# Chromium's log lines that say nothing about a crash (no D-Bus in a sandbox, and such).
CHROMIUM_LOG_NOISE = ("dbus", "D-Bus", "on_device_model")


def _chromium_log_since(offset: int) -> list[str]:
    try:
        with open(CHROMIUM_LOG, "rb") as log:
            log.seek(offset)
            text = log.read().decode("utf-8", "replace")
    except OSError:
        return []
    return [line for line in text.splitlines() if line and not any(word in line for word in CHROMIUM_LOG_NOISE)]


def _chromium_log_size() -> int:
    try:
        return CHROMIUM_LOG.stat().st_size
    except OSError:
        return 0


# Errors the pages of the running test wrote to the console (Python tracebacks
# from the app included): shown with the test's report when it fails.
_console_errors: list[str] = []


def _keep_console_error(message) -> None:
    if message.type == "error":
        _console_errors.append(message.text)


@pytest.fixture(autouse=True)
def _fresh_console_errors() -> Iterator[None]:
    global _chromium_log_offset
    _console_errors.clear()
    _crashed_pages.clear()
    _chromium_log_offset = _chromium_log_size()
    yield


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.failed and _console_errors:
        report.sections.append(("browser console errors", "\n---\n".join(_console_errors)))
    if report.failed and _crashed_pages:
        log_lines = _chromium_log_since(_chromium_log_offset)
        _renderer_crashes.append((item.nodeid, ", ".join(_crashed_pages), log_lines))
        report.sections.append(("renderer crash: Chromium's log", "\n".join(log_lines[-40:]) or "(empty)"))
    return report


def pytest_terminal_summary(terminalreporter):
    if not _renderer_crashes:
        return
    terminalreporter.section("renderer crashes (each test is run once more after one)")
    for test_id, urls, log_lines in _renderer_crashes:
        terminalreporter.line(f"{test_id}: the page at {urls} crashed")
        for line in log_lines[-15:]:
            terminalreporter.line("    " + line)


def _watch_for_crashes(page) -> None:
    page.on("crash", lambda crashed: _crashed_pages.append(crashed.url))


def _prepare(context):
    context.on("page", _watch_for_crashes)
    context.on("console", _keep_console_error)
    context.on("weberror", lambda web_error: _console_errors.append(f"uncaught: {web_error.error}"))
    context.set_default_timeout(ACTION_TIMEOUT_MS)
    context.set_default_navigation_timeout(NAVIGATION_TIMEOUT_MS)
    context.add_init_script(BOOT_OPTIONS_SCRIPT)
    return context


@pytest.fixture
def context(context):
    return _prepare(context)


@pytest.fixture
def new_context(browser, browser_context_args) -> Iterator[Callable[..., object]]:
    """Make extra contexts (e.g. service_workers="block") with the same short timeouts."""
    contexts = []

    def make(**kwargs):
        context = _prepare(browser.new_context(**{**browser_context_args, **kwargs}))
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def open_app(app_url) -> Callable[..., float]:
    """Navigate a page to the app and wait for ludotecaBoot.ready(); returns readyAt in ms."""

    def open_(page, url: str = app_url, timeout_ms: int = BOOT_TIMEOUT_MS) -> float:
        page.goto(url)
        return wait_for_app_ready(page, timeout_ms)

    return open_


def log_requests(target) -> list[str]:
    """Every request URL a page or context makes from now on (including service-worker hits)."""
    urls: list[str] = []
    target.on("request", lambda request: urls.append(request.url))
    return urls


@pytest.fixture
def request_log() -> Callable[[object], list[str]]:
    return log_requests
