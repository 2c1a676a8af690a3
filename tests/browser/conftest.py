"""Browser tests: the built dist/ served on loopback, driven in Debian's Chromium.

`python3 build.py test` builds dist/ first. Timeouts are short on purpose: a
hang must fail in seconds, not stall the whole run.
"""
from __future__ import annotations

import contextlib
import json
import os
import pathlib
import sys
import time
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Error as PlaywrightError
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


def pytest_addoption(parser):
    parser.getgroup("ludoteca").addoption(
        "--shard", metavar="K/N", help="run every N-th browser test only, from the K-th (build.py test runs N at once)")


def pytest_configure(config):
    global CHROMIUM_LOG
    config.addinivalue_line("markers", "fresh_context: the test's first context is a new one, never the shared warm one")
    if config.getoption("--shard"):  # each shard's Chromium logs on its own
        CHROMIUM_LOG = CHROMIUM_LOG.with_name(f"chromium-{config.getoption('--shard').replace('/', '-of-')}.log")


# Seconds of the browser tests that take far longer than most (a quiet machine, from CI's
# --durations, scaled by what a change measured since), by test name; every other test
# counts DEFAULT_TEST_SECONDS. The shards are dealt by these, so that they end at about
# the same time. A shard's first test also pays for the warm contexts (see SharedContext).
DEFAULT_TEST_SECONDS = 4
SLOW_TEST_SECONDS = {
    "test_devices_playing_200_moves_through_reloads_dropped_links_and_delays": 95,
    "test_a_six_seat_geonaxis_with_a_round_clock_across_six_devices": 42,
    "test_pause_stops_the_round_timer_until_resume": 26,
    "test_each_bad_snapshot_falls_back_to_a_plain_start_and_is_replaced": 26,
    "test_the_host_scans_the_guests_answer_with_its_camera": 25,
    "test_a_whole_game_against_the_computer_by_clicking": 22,
    "test_a_game_in_progress_and_saves_survive_every_path": 20,
    "test_starts_offline_after_one_visit": 18,
    "test_no_serious_accessibility_problem_on_any_screen": 17,
    "test_psychopath_a_whole_game_by_keyboard_alone": 17,
    "test_psychopath_a_whole_game_against_the_computer_by_clicking": 15,
    "test_an_italian_browser_gets_italian_and_a_game_is_played_to_the_end": 15,
    "test_alphagon_across_two_devices_with_a_guests_doubt_and_raised_hand": 15,
    "test_doubt_and_declaration_dialogs_and_verdicts_pass_axe": 15,
    "test_start_up_compiles_no_python_from_source": 15,
    "test_a_whole_alphabeticell_game_across_two_devices": 14,
    "test_a_whole_physical_game_session": 14,
    "test_a_whole_psychopath_game_across_two_devices_paired_by_paste": 12,
    "test_a_hostile_guest_is_refused_with_a_logged_reason_and_the_match_goes_on": 12,
    "test_stalled_start_times_out_with_error": 10,
}


def _expected_seconds(item) -> float:
    name = getattr(item, "originalname", None) or str(item).split("::")[-1].split("[")[0]
    return SLOW_TEST_SECONDS.get(name, DEFAULT_TEST_SECONDS)


def _shard_of(items: list, shard: str, seconds: Callable[[object], float] = _expected_seconds) -> tuple[list, list]:
    """(kept, deselected): shard "K/N" keeps its share of the tests, dealt longest first,
    each to the shard with the fewest expected seconds so far; kept in collection order."""
    index, count = (int(part) for part in shard.split("/"))
    if not 1 <= index <= count:
        raise pytest.UsageError(f"--shard {shard}: K must be from 1 to N")
    loads = [0.0] * count
    dealt = {}
    for position in sorted(range(len(items)), key=lambda position: -seconds(items[position])):
        lightest = loads.index(min(loads))
        loads[lightest] += seconds(items[position])
        dealt[position] = lightest
    kept = [item for position, item in enumerate(items) if dealt[position] == index - 1]
    return kept, [item for position, item in enumerate(items) if dealt[position] != index - 1]


def pytest_collection_modifyitems(config, items):
    """Every browser test gets a hard limit (pytest-timeout) unless it sets its own,
    and up to two reruns if, and only if, its page's renderer crashed.

    A renderer crash is Chromium's process dying, not an assertion: one CI run
    lost two Alphagon tests to it, and 30 runs of the same tests under the same
    load did not crash again. The rerun is reported with Chromium's log at the
    end of the run (see pytest_terminal_summary), and a third crash fails (a clean clone
    on 2026-11-28 saw the axe test's page crash twice in a row at start-up, 3 s apart,
    and pass in the runs before and after)."""
    here = pathlib.Path(__file__).parent
    if config.getoption("--shard"):
        items[:], deselected = _shard_of(items, config.getoption("--shard"))
        config.hook.pytest_deselected(items=deselected)
    for item in items:
        if here not in pathlib.Path(str(item.fspath)).parents:
            continue
        if item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(TEST_TIMEOUT_S))
        item.add_marker(pytest.mark.flaky(reruns=2, only_rerun=[RENDERER_CRASH]))


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
def context(new_context):
    """The test's browser context: the shared warm one when the test may have it."""
    return new_context()


@pytest.fixture
def new_context(browser, browser_context_args, request) -> Iterator[Callable[..., object]]:
    """Make browser contexts with the same short timeouts. The first WARM_DEVICES a test
    asks for with no options but a viewport, a colour scheme or a locale are the session's
    warm contexts (see SharedContext), one device each, in order, unless the test's module
    is in FRESH_CONTEXT_MODULES or the test is marked fresh_context; every other one is
    new (e.g. service_workers="block", a phone's touch screen, a third device)."""
    contexts = []
    lease = []

    def make(**kwargs):
        if len(lease) < WARM_DEVICES and _may_share(request, kwargs):
            shared = request.getfixturevalue("shared_contexts")(len(lease))
            lease.append(shared)
            return shared.lease(**kwargs)
        context = _prepare(browser.new_context(**{**browser_context_args, **kwargs}))
        contexts.append(context)
        return context

    yield make
    for shared in lease:
        shared.release()
    for context in contexts:
        context.close()


# Modules whose tests always get new contexts: they test start-up itself (cold
# visits, downloads counted, the snapshot, the service worker, offline, updates)
# or pair separate devices.
FRESH_CONTEXT_MODULES = {
    "test_boot", "test_snapshot", "test_offline", "test_update", "test_home_first", "test_origin",
    "test_net_pairing", "test_harness",
}
# Context options a shared context gives each page of a test instead (the locale by
# DevTools: the browser's languages, Accept-Language and Intl's default).
PER_PAGE_OPTIONS = {"viewport", "color_scheme", "locale"}
DEFAULT_LOCALE = "en-US"  # the English the tests read, when a test names no locale
# Warm contexts, each one cold start and snapshot a run: the first for every test, the
# second for a test's second device (a guest joins warm, as the host starts).
WARM_DEVICES = 2


def _may_share(request, kwargs: dict) -> bool:
    return (request.module.__name__.rpartition(".")[2] not in FRESH_CONTEXT_MODULES
            and request.node.get_closest_marker("fresh_context") is None
            and set(kwargs) <= PER_PAGE_OPTIONS)


# The app's local data a test may leave behind, cleared after each test on the
# shared context; its offline cache (service worker and memory snapshot) stays.
APP_DATA = "cookies,local_storage,indexeddb,file_systems,websql"
SNAPSHOT_STORED = """async () => {
  const names = (await caches.keys()).filter((name) => name.startsWith("ludoteca-"));
  const url = new URL("snapshot/interpreter.bin", location.href).href;
  return names.length > 0 && Boolean(await (await caches.open(names[0])).match(url));
}"""
SNAPSHOT_WAIT_S = 45


class SharedContext:
    """One browser context kept for the whole run, so that a test's page starts warm:
    from the service worker's cache and the memory snapshot (about 2 s of CPU) rather
    than as a first visit (service worker install, then a plain Pyodide start: about
    6 s). Each test still gets new pages (a new interpreter); lent for one test at a
    time, the context is put back as it was: the test's pages closed, its init scripts,
    listeners and routes removed, and the app origin's local data cleared."""

    def __init__(self, context, app_url: str):
        self.context = context
        self.origin = app_url.rstrip("/")
        self._keeper = context.new_page()  # holds the DevTools session that clears storage
        self._devtools = context.new_cdp_session(self._keeper)
        self._undo: list[Callable[[], None]] = []
        self._pages: list = []

    def first_visit(self, app_url: str):
        """Starts the first visit (warm_up waits for it to end); its page."""
        page = self.context.new_page()
        page.goto(app_url, wait_until="commit")
        return page

    def warm_up(self, page) -> None:
        """After first_visit: waits for the app, then (up to SNAPSHOT_WAIT_S) for the memory snapshot."""
        wait_for_app_ready(page)
        deadline = time.monotonic() + SNAPSHOT_WAIT_S
        while not page.evaluate(SNAPSHOT_STORED) and time.monotonic() < deadline:
            page.wait_for_timeout(200)
        page.close()
        self._clear_app_data()

    def lease(self, viewport=None, color_scheme=None, locale=None):
        context = self.context
        add_init_script, on, new_page = context.add_init_script, context.on, context.new_page

        def add_init_script_for_this_test(script=None, *, path=None):
            disposable = add_init_script(script, path=path)
            self._undo.append(disposable.close)
            return disposable

        def on_for_this_test(event, handler):
            self._undo.append(lambda: context.remove_listener(event, handler))
            return on(event, handler)

        def new_page_for_this_test():
            page = new_page()
            self._pages.append(page)
            if viewport:
                page.set_viewport_size(viewport)
            if color_scheme:
                page.emulate_media(color_scheme=color_scheme)
            _speak(page, locale or DEFAULT_LOCALE)
            return page

        context.add_init_script = add_init_script_for_this_test
        context.on = on_for_this_test
        context.new_page = new_page_for_this_test
        context.close = self._close_pages
        self._undo.append(lambda: [delattr(context, name) for name in ("add_init_script", "on", "new_page", "close")])
        context.on("page", lambda page: self._pages.append(page))  # pages the app opens, too
        return context

    def _close_pages(self) -> None:
        for page in list(dict.fromkeys(self._pages)):
            with contextlib.suppress(PlaywrightError):  # a crashed page may refuse
                page.close()
        self._pages.clear()

    def release(self) -> None:
        try:
            self._close_pages()
        finally:  # whatever happened, the next test gets the context as it was
            for undo in reversed(self._undo):
                undo()
            self._undo.clear()
        self.context.unroute_all(behavior="ignoreErrors")
        self.context.set_offline(False)
        self.context.clear_permissions()
        self._clear_app_data()

    def _clear_app_data(self) -> None:
        self.context.clear_cookies()
        self._devtools.send("Storage.clearDataForOrigin", {"origin": self.origin, "storageTypes": APP_DATA})


def _speak(page, locale: str) -> None:
    """The page's browser speaks `locale` (what a context's locale option sets)."""
    devtools = page.context.new_cdp_session(page)
    devtools.send("Emulation.setLocaleOverride", {"locale": locale})
    devtools.send("Emulation.setUserAgentOverride",
                  {"userAgent": page.evaluate("navigator.userAgent"), "acceptLanguage": locale})


@pytest.fixture(scope="session")
def shared_contexts(browser, browser_context_args, app_url) -> Iterator[Callable[[int], SharedContext]]:
    """The warm context of device `index` (0 .. WARM_DEVICES-1): all made at the first use,
    their first visits side by side."""
    made: list[SharedContext] = []

    def device(index: int) -> SharedContext:
        if not made:
            for _ in range(WARM_DEVICES):
                context = _prepare(browser.new_context(**browser_context_args))
                # Memory snapshots on the app's own origin only (a private server's origin
                # starts cold), the first one made as soon as the warm-up's start is over.
                context.add_init_script("if (location.origin === %s) Object.assign(window.ludotecaBootOptions,"
                                        " {snapshots: true, snapshotDelayMs: 0});" % json.dumps(app_url.rstrip("/")))
                made.append(SharedContext(context, app_url))
            for shared, page in [(shared, shared.first_visit(app_url)) for shared in made]:
                shared.warm_up(page)
        return made[index]

    yield device
    for shared in made:
        shared.context.close()


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
