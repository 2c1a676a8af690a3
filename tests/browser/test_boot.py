"""Start-up: loading screen, real progress, error screen with Retry."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from browser_harness import (
    install_longtask_observer,
    longest_task_window,
    screencast_frames,
    wait_for_app_ready,
)
from build import BOOT_FILES, START_UP_FETCHES, start_up_modules

HOME = '#app [data-screen="home"]'
ERROR_SCREEN = '[data-testid="boot-error"]'


def test_boots_to_home_and_hides_loading_screen(page, open_app):
    page_errors = []
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    open_app(page)
    expect(page.locator(HOME)).to_be_visible()
    expect(page.locator("#boot")).to_be_hidden()
    expect(page.locator(ERROR_SCREEN)).to_be_hidden()
    assert page.evaluate("window.ludotecaBoot.readyAt") > 0
    assert page_errors == []


def test_progress_bar_is_real_and_reaches_100(page, open_app):
    open_app(page)
    assert page.get_attribute('[data-testid="boot-progress"]', "aria-valuenow") == "100"
    history = page.evaluate("window.ludotecaBoot.history")
    percents = [step["percent"] for step in history]
    assert percents == sorted(percents), "progress went backwards"
    assert percents[-1] == 100
    # First visit: byte progress from the service worker's precache, strictly
    # between empty and full, before start-up steps take over.
    downloading = [step for step in history if step["label"].startswith("Downloading")]
    assert any(0 < step["percent"] < 50 for step in downloading), history
    labels = [step["label"] for step in history]
    assert labels.index("Starting Python…") > max(i for i, label in enumerate(labels) if label.startswith("Downloading"))


def test_first_visit_downloads_each_file_once(page, open_app, serve_dir, dist_dir):
    server = serve_dir()
    open_app(page, server.url + "/")
    assert page.evaluate("window.ludotecaBoot.mode") == "cache"
    start_up = list(BOOT_FILES) + start_up_modules(dist_dir)
    for path in start_up:
        assert server.count("/" + path) == 1, f"{path} fetched {server.count('/' + path)} times"
    assert preloaded(page) == [], "a first visit must leave downloading to the service worker"
    page.reload()
    wait_for_app_ready(page)
    for path in start_up:
        assert server.count("/" + path) == 1, f"{path} fetched again on a warm start"
    # Repeat visits fetch what start-up needs from the cache all at once.
    assert preloaded(page) == start_up_modules(dist_dir) + list(START_UP_FETCHES)


def preloaded(page) -> list[str]:
    return page.evaluate("""() => [...document.querySelectorAll('link[rel=modulepreload], link[rel=preload]')]
        .map((link) => new URL(link.href).pathname.slice(1))""")


def test_preloaded_files_are_fetched_once_on_a_warm_start(page, open_app, request_log):
    """PyScript's own fetch() must reuse each preload, not request the file a second time."""
    open_app(page)
    requests = request_log(page)
    warnings = []
    page.on("console", lambda message: warnings.append(message.text) if "preload" in message.text else None)
    page.reload()
    wait_for_app_ready(page)
    # Every preload has been fetched by now, and a mismatched one is warned about at
    # that fetch: a marker logged now arrives after any such warning and request.
    with page.expect_console_message(lambda message: message.text == "ludoteca:test-marker"):
        page.evaluate("console.info('ludoteca:test-marker')")
    for path in START_UP_FETCHES:
        assert sum(url.endswith("/" + path) for url in requests) == 1, path
    # A preload the fetch cannot reuse (another credentials mode) is warned
    # about at once. "Not used within a few seconds" only says Pyodide took
    # that long to start (a loaded machine) and is no mismatch.
    assert [text for text in warnings if "not used within a few seconds" not in text] == []


def test_start_up_skips_unused_pyscript_plugins(page, open_app, request_log):
    open_app(page)
    requests = request_log(page)
    page.reload()
    wait_for_app_ready(page)
    chunks = {url.rsplit("/", 1)[1].rsplit("-", 1)[0] for url in requests if "/pyscript/" in url}
    assert "core" in chunks and "error" in chunks
    assert not chunks & {"donkey", "py-editor", "py-game", "py-terminal", "deprecations-manager"}, chunks


def test_without_service_worker_each_file_is_fetched_once(new_context, open_app, serve_dir, dist_dir):
    server = serve_dir()
    page = new_context(service_workers="block").new_page()
    open_app(page, server.url + "/")
    assert page.evaluate("window.ludotecaBoot.mode") == "network"
    for path in BOOT_FILES:
        assert server.count("/" + path) == 1, f"{path} fetched {server.count('/' + path)} times"
    # The service worker precaches every shipped file: PyScript's must all be ones start-up loads.
    shipped = sorted(f"pyscript/{path.name}" for path in (dist_dir / "pyscript").iterdir())
    assert [path for path in shipped if server.count("/" + path) != 1] == []


@pytest.mark.parametrize("missing", ["pyodide/python_stdlib.zip", "py/ludoteca.zip"])
def test_missing_file_shows_error_then_retry_recovers(new_context, open_app, app_url, missing):
    # Without a service worker every request goes through page.route.
    page = new_context(service_workers="block").new_page()
    pattern = "**/" + missing
    page.route(pattern, lambda route: route.fulfill(status=404, body="gone"))
    page.goto(app_url)
    error = page.locator(ERROR_SCREEN)
    expect(error).to_be_visible()
    expect(error).to_contain_text(missing)
    expect(error).to_contain_text("404")
    expect(page.locator("#boot")).to_be_hidden()
    assert page.evaluate("document.documentElement.dataset.ready") is None

    page.unroute(pattern)
    page.get_by_test_id("boot-retry").click()
    wait_for_app_ready(page)
    expect(page.locator(HOME)).to_be_visible()


def test_missing_file_during_offline_install_shows_error(new_context, app_url):
    # The service worker's own downloads are routed through the context in Chromium.
    context = new_context()
    context.route("**/pyodide/python_stdlib.zip", lambda route: route.fulfill(status=404, body="gone"))
    page = context.new_page()
    page.goto(app_url)
    error = page.locator(ERROR_SCREEN)
    expect(error).to_be_visible(timeout=30_000)
    expect(error).to_contain_text("python_stdlib.zip")


def test_python_exception_at_start_shows_error(new_context, app_url):
    page = new_context(service_workers="block").new_page()
    page.route("**/py/main.py", lambda route: route.fulfill(body="raise RuntimeError('engine exploded')\n"))
    page.goto(app_url)
    expect(page.locator(ERROR_SCREEN)).to_contain_text("RuntimeError: engine exploded", timeout=30_000)


def test_python_can_report_failure(new_context, app_url):
    script = "from js import window\nwindow.ludotecaBoot.fail('no games found')\n"
    page = new_context(service_workers="block").new_page()
    page.route("**/py/main.py", lambda route: route.fulfill(body=script))
    page.goto(app_url)
    expect(page.locator(ERROR_SCREEN)).to_contain_text("no games found", timeout=30_000)


def test_stalled_start_times_out_with_error(new_context, app_url):
    context = new_context(service_workers="block")
    # Long enough for Pyodide's own start, which reports no progress while it runs.
    context.add_init_script("window.ludotecaBootOptions = { stallTimeoutMs: 8000 };")
    page = context.new_page()
    page.route("**/py/main.py", lambda route: None)  # never answered
    page.goto(app_url)
    error = page.locator(ERROR_SCREEN)
    expect(error).to_contain_text(re.compile(r"stalled.*Starting the games"), timeout=40_000)


def keyframe_properties(page) -> dict[str, list[str]]:
    return page.evaluate(
        """() => {
          const found = {};
          for (const sheet of document.styleSheets) {
            for (const rule of sheet.cssRules) {
              if (!(rule instanceof CSSKeyframesRule) || !rule.name.startsWith("boot-")) continue;
              found[rule.name] = [...rule.cssRules].flatMap((frame) => [...frame.style]);
            }
          }
          return found;
        }"""
    )


@pytest.mark.parametrize("reduced_motion", ["no-preference", "reduce"])
def test_loading_animation_is_compositor_only(new_context, app_url, reduced_motion):
    page = new_context(service_workers="block", reduced_motion=reduced_motion).new_page()
    page.route("**/py/main.py", lambda route: None)  # hold the loading screen up
    page.goto(app_url)
    for name, properties in keyframe_properties(page).items():
        assert set(properties) <= {"transform", "opacity"}, f"@keyframes {name} animates {properties}"
    animations = page.evaluate(
        """() => Object.fromEntries(["boot-logo", "boot-bar-shimmer"].map((cls) =>
             [cls, getComputedStyle(document.querySelector("." + cls)).animationName]))"""
    )
    if reduced_motion == "reduce":
        assert animations == {"boot-logo": "none", "boot-bar-shimmer": "boot-breathe"}
    else:
        assert animations == {"boot-logo": "boot-tumble", "boot-bar-shimmer": "boot-sweep"}


@pytest.mark.parametrize("reduced_motion", ["no-preference", "reduce"])
def test_loading_screen_keeps_moving_while_pyodide_blocks_the_main_thread(new_context, open_app, reduced_motion):
    context = new_context(viewport={"width": 400, "height": 500}, reduced_motion=reduced_motion)
    page = context.new_page()
    install_longtask_observer(page)
    open_app(page)  # install the offline cache: the measured start is a warm one
    with screencast_frames(page) as frames:
        page.reload()
        wait_for_app_ready(page)
    start, end = longest_task_window(page)
    assert end - start > 0.3, "expected Pyodide's start to block the main thread"
    painted = {digest for timestamp, digest in frames if start <= timestamp <= end}
    # Roughly 60 frames a second get painted; demand a handful so a loaded machine passes.
    assert len(painted) >= min(5, int((end - start) * 4)), f"{len(painted)} distinct frames in {end - start:.1f} s"


# Runs inside the app's interpreter (PyScript runs <script type="py"> added later too):
# for each module imported at start-up, whether its code came from bytecode.
MODULE_ORIGINS_PROBE = """
import sys
loaded_at_start = sorted(sys.modules)
import importlib.util, json, os, zipimport
from importlib.machinery import SourceFileLoader, SourcelessFileLoader

def compiled_from(name):
    module = sys.modules.get(name)
    spec = getattr(module, "__spec__", None)
    loader = getattr(spec, "loader", None)
    origin = getattr(spec, "origin", None) or ""
    if isinstance(loader, SourcelessFileLoader):
        return "bytecode"
    if isinstance(loader, zipimport.zipimporter):
        return "source" if origin.endswith(".py") else "bytecode"
    if isinstance(loader, SourceFileLoader):
        cached = spec.cached
        if not cached or not os.path.exists(cached):
            return "source"
        with open(origin, "rb") as source, open(cached, "rb") as pyc:
            header, source_hash = pyc.read(16), importlib.util.source_hash(source.read())
        valid = header[:4] == importlib.util.MAGIC_NUMBER and header[8:16] == source_hash
        return "bytecode" if valid else "stale bytecode"
    return "built in"

import js
js.window.moduleOrigins = json.dumps({name: compiled_from(name) for name in loaded_at_start})
"""


def test_start_up_compiles_no_python_from_source(page, open_app, app_url):
    """Every module the app's start adds to a bare Pyodide start runs from shipped bytecode.

    Pyodide compiles nothing for its own start, but its stdlib zip holds sources
    only, and the browser's Python never writes bytecode: without the .pyc files
    the build ships, each visit would compile them again (tens of ms).
    """
    page.goto(app_url + "__pages__/bare_pyodide.html")
    page.wait_for_function("() => window.bareModules || window.bareError", timeout=60_000)
    bare = set(page.evaluate("window.bareModules"))
    open_app(page)
    page.evaluate("""(code) => {
        const script = Object.assign(document.createElement("script"), { type: "py", textContent: code });
        document.body.append(script);
    }""", MODULE_ORIGINS_PROBE)
    page.wait_for_function("() => window.moduleOrigins || document.querySelector('.py-error')", timeout=30_000)
    assert page.locator(".py-error").count() == 0, page.locator(".py-error").first.text_content()
    origins = {name: how for name, how in json.loads(page.evaluate("window.moduleOrigins")).items() if name not in bare}
    assert any(name.startswith("ludoteca.") for name in origins) and "pyscript" in origins and "html" in origins
    compiled = {name: how for name, how in origins.items() if how in ("source", "stale bytecode")}
    assert compiled == {}, f"start-up compiled these from source: {compiled}"


ITALIAN_BOOT_LABELS = {"Caricamento…", "Scaricamento di Ludoteca…", "Avvio di PyScript…", "Avvio di Python…",
                       "Caricamento dei giochi…", "Avvio dei giochi…", "Pronto",
                       "Avvio del motore di gioco", "Preparazione del tavolo"}  # the last two: main.py's


def boot_screen_texts(page) -> dict:
    return page.evaluate("""() => ({
        lang: document.getElementById("boot").lang,
        progress: document.querySelector('[data-testid="boot-progress"]').getAttribute("aria-label"),
        label: document.querySelector(".boot-label").textContent,
        errorLang: document.getElementById("boot-error").lang,
        errorTitle: document.querySelector("#boot-error .boot-title").textContent,
        retry: document.querySelector('[data-testid="boot-retry"]').textContent,
    })""")


def test_an_italian_browser_sees_the_loading_and_error_screens_in_italian(new_context, app_url):
    page = new_context(service_workers="block", locale="it-IT").new_page()
    held = []
    page.route("**/py/main.py", lambda route: held.append(route))  # the loading screen stays up until the test answers
    page.goto(app_url)
    page.wait_for_function("() => window.ludotecaBoot?.label === 'Avvio dei giochi…'", timeout=30_000)
    texts = boot_screen_texts(page)
    assert texts["lang"] == "it" and texts["progress"] == "Caricamento di Ludoteca"
    assert texts["label"] in ITALIAN_BOOT_LABELS
    assert {step["label"] for step in page.evaluate("ludotecaBoot.history")} <= ITALIAN_BOOT_LABELS
    held[0].fulfill(status=404, body="gone")
    error = page.locator(ERROR_SCREEN)
    expect(error).to_contain_text("Impossibile scaricare py/main.py (HTTP 404)", timeout=30_000)
    texts = boot_screen_texts(page)
    assert (texts["errorLang"], texts["errorTitle"], texts["retry"]) == \
        ("it", "Ludoteca non è riuscita ad avviarsi", "Riprova")
    expect(error).to_contain_text("Controlla la connessione")


@pytest.mark.parametrize(("stored", "expected"), [("it", "Pronto"), ("constructor", "Ready"), (None, "Ready")])
def test_the_language_chosen_in_settings_wins_over_the_browsers(new_context, open_app, stored, expected):
    """An English browser; Settings' language when it is one the app speaks (never an
    inherited property's name), as the static home screen picks it."""
    context = new_context(service_workers="block", locale="en-US")
    if stored is not None:
        context.add_init_script(f"localStorage.setItem('ludoteca:v1:settings', JSON.stringify({{language: '{stored}'}}))")
    page = context.new_page()
    open_app(page)
    labels = [step["label"] for step in page.evaluate("ludotecaBoot.history")]
    assert labels[-1] == expected
    if stored == "it":
        assert set(labels) <= ITALIAN_BOOT_LABELS  # main.py's progress texts too
        assert page.evaluate("document.getElementById('boot').lang") == "it"
