"""The only module that touches the browser: PyScript/Pyodide glue.

It implements the `Browser` adapter for `App`, forwards DOM events to
`App.dispatch`, and maps localStorage errors onto `StorageFullError`.
"""

import asyncio
import json
import random
import time
import traceback

from js import URL, Blob, Object, document, localStorage, window
from pyodide.ffi import JsException, create_proxy, jsnull, to_js

from .app import App, Browser
from .storage import KeyValueStore, StorageFullError


def _text_or_none(value):
    return None if value is None or value is jsnull else str(value)


class LocalStorage(KeyValueStore):
    def get(self, key):
        try:
            return _text_or_none(localStorage.getItem(key))
        except JsException:  # storage disabled (private mode, policies)
            return None

    def set(self, key, value):
        try:
            localStorage.setItem(key, value)
        except JsException as error:
            raise StorageFullError(str(error)) from None

    def remove(self, key):
        try:
            localStorage.removeItem(key)
        except JsException:
            pass

    def keys(self):
        try:
            return [str(localStorage.key(i)) for i in range(localStorage.length)]
        except JsException:
            return []


class PyScriptBrowser(Browser):
    def __init__(self, root):
        self.root = root
        self.store = LocalStorage()
        self.app = None
        self._tasks = set()

    def render(self, html):
        focused = document.activeElement
        focus_key = None
        if focused is not None and focused is not jsnull and focused.getAttribute:
            focus_key = _text_or_none(focused.getAttribute("data-field")) or _text_or_none(
                focused.getAttribute("data-testid"))
        self.root.innerHTML = html
        target = None
        if focus_key:  # keep keyboard users where they were across a redraw
            target = _found(self.root.querySelector(f'[data-field="{focus_key}"], [data-testid="{focus_key}"]'))
        dialog = _found(self.root.querySelector('[aria-modal="true"]'))
        if dialog is not None and (target is None or not dialog.contains(target)):
            target = _found(dialog.querySelector("[data-autofocus]")) or target  # focus moves into a new dialog
        if target is not None:
            target.focus()

    def set_hash(self, hash_text, replace=False):
        if replace:
            window.history.replaceState(jsnull, "", hash_text)
        elif str(window.location.hash or "#/") == hash_text:
            self.app.navigate(hash_text)
        else:
            window.location.hash = hash_text

    def download(self, filename, text):
        options = to_js({"type": "application/json"}, dict_converter=Object.fromEntries)
        blob = Blob.new(to_js([text]), options)
        url = URL.createObjectURL(blob)
        anchor = document.createElement("a")
        anchor.href = url
        anchor.download = filename
        document.body.appendChild(anchor)
        anchor.click()
        anchor.remove()
        window.setTimeout(create_proxy(lambda: URL.revokeObjectURL(url)), 10000)

    def prefers_reduced_motion(self):
        return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)

    def random_seed(self):
        return random.SystemRandom().getrandbits(53)

    def spawn(self, coroutine):
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)  # keep a reference: asyncio holds tasks weakly
        task.add_done_callback(self._task_done)

    def _task_done(self, task):
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            report_error(self.app, task.exception())

    async def sleep(self, seconds):
        await asyncio.sleep(seconds)

    def now(self):
        return time.perf_counter()


def report_error(app, error):
    window.console.error("".join(traceback.format_exception(error)))
    app.notify("error", app.t("error.unexpected", reason=str(error)))
    app.render()


def _found(element):
    return None if element is None or element is jsnull else element


def _closest(target, selector):
    if target is None or target is jsnull or not hasattr(target, "closest"):
        return None
    found = target.closest(selector)
    return None if found is jsnull else found


def install(root):
    """Creates the app and wires the page's events to it."""
    browser = PyScriptBrowser(root)
    app = App(browser)
    browser.app = app

    def guarded(handler):
        def run(event):
            try:
                handler(event)
            except Exception as error:  # never let one bad event kill the app
                report_error(app, error)
        return create_proxy(run)

    def on_click(event):
        element = _closest(event.target, "[data-action]")
        if element is None or element.disabled:
            return
        app.dispatch(str(element.dataset.action), _text_or_none(element.getAttribute("data-arg")) or "")

    def on_change(event):
        target = event.target
        if target.getAttribute("data-import"):
            files = target.files
            if files.length:
                browser.spawn(_import_file(app, files.item(0)))
            return
        pref = _text_or_none(target.getAttribute("data-pref"))
        if pref:
            value = ("on" if target.checked else "off") if target.type == "checkbox" else str(target.value)
            app.dispatch("pref", f"{pref}={value}")
            return
        name = _text_or_none(target.getAttribute("data-field"))
        if name:
            app.dispatch("field", f"{name}={target.value}")

    def on_input(event):
        name = _text_or_none(event.target.getAttribute("data-field"))
        if name and str(event.target.tagName) == "INPUT":
            app.dispatch("field", f"{name}={event.target.value}")

    def on_keydown(event):
        if str(event.key) == "Escape":
            app.dispatch("escape")

    root.addEventListener("click", guarded(on_click))
    document.addEventListener("keydown", guarded(on_keydown))
    root.addEventListener("change", guarded(on_change))
    root.addEventListener("input", guarded(on_input))
    window.addEventListener("hashchange", guarded(lambda event: app.navigate(str(window.location.hash))))
    # Read-only figures for the benchmarks (AI move times).
    window.ludotecaStats = create_proxy(lambda: json.dumps(app.stats))
    app.navigate(str(window.location.hash or "#/"))
    return app


async def _import_file(app, file):
    text = await file.text()
    app.import_text(str(text))
