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
for path in (REPO_ROOT / "py" / "tools", REPO_ROOT):
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


def pytest_collection_modifyitems(config, items):
    """A hard per-test limit (pytest-timeout) for every browser test that sets none."""
    here = pathlib.Path(__file__).parent
    for item in items:
        if here in pathlib.Path(str(item.fspath)).parents and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(TEST_TIMEOUT_S))


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
    return {**browser_type_launch_args, **chromium_launch_args()}


# Errors the pages of the running test wrote to the console (Python tracebacks
# from the app included): shown with the test's report when it fails.
_console_errors: list[str] = []


def _keep_console_error(message) -> None:
    if message.type == "error":
        _console_errors.append(message.text)


@pytest.fixture(autouse=True)
def _fresh_console_errors() -> Iterator[None]:
    _console_errors.clear()
    yield


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.failed and _console_errors:
        report.sections.append(("browser console errors", "\n---\n".join(_console_errors)))
    return report


def _prepare(context):
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
