"""The only module that touches the browser: PyScript/Pyodide glue.

It implements the `Browser` adapter for `App`, forwards DOM events to
`App.dispatch`, and maps localStorage errors onto `StorageFullError`.
"""

import asyncio
import json
import random
import time
import traceback

from js import URL, Blob, Object, document, performance, window
from pyodide.ffi import JsException, create_proxy, jsnull, to_js

from .app import App, Browser
from . import regions
from .keyboard import ARROWS, REPLAY_KEYS, nearest_in_direction, parse_point
from .storage import (
    MAX_IMPORT_BYTES,
    KeyValueStore,
    StorageFullError,
    StorageReadError,
    StorageUnavailableError,
    StorageWriteError,
)


def _text_or_none(value):
    return None if value is None or value is jsnull else str(value)


STORAGE_ERROR_NAMES = ("QuotaExceededError", "NS_ERROR_DOM_QUOTA_REACHED", "SecurityError")


def _error_name(error) -> str:
    """The DOMException name behind a JsException ("QuotaExceededError", "SecurityError", ...).

    Pyodide in Chromium wraps a thrown DOMException in a plain Error whose
    message quotes the original ("... gives QuotaExceededError: ..."), so the
    known names are looked for in the text too."""
    text = str(error)
    for known in STORAGE_ERROR_NAMES:
        if known in text:
            return known
    name = getattr(error, "name", None)
    return name if isinstance(name, str) and name else text.split(":", 1)[0]


class LocalStorage(KeyValueStore):
    """localStorage, looked up on every call: merely touching `window.localStorage`
    throws when the browser blocks site data, and that must not stop the app."""

    @staticmethod
    def _store():
        return window.localStorage

    def get(self, key):
        try:
            return _text_or_none(self._store().getItem(key))
        except JsException as error:
            raise StorageReadError(_error_name(error)) from None

    def set(self, key, value):
        try:
            self._store().setItem(key, value)
        except JsException as error:
            name = _error_name(error)
            if "Quota" in name:
                raise StorageFullError(name) from None
            if name == "SecurityError":
                raise StorageUnavailableError(name) from None
            raise StorageWriteError(name) from None

    def remove(self, key):
        try:
            self._store().removeItem(key)
        except JsException:
            pass  # nothing removed; the entry stays listed

    def keys(self):
        try:
            store = self._store()
            return [str(store.key(i)) for i in range(store.length)]
        except JsException as error:
            raise StorageReadError(_error_name(error)) from None


class PyScriptBrowser(Browser):
    def __init__(self, root):
        self.root = root
        self.store = LocalStorage()
        self.app = None
        self._tasks = set()
        self._page = None  # the last page drawn, split into regions
        self.redraws = {"full": 0, "regions": 0}
        # The redraw bench compares against rebuilding the whole page every time.
        options = getattr(window, "ludotecaBootOptions", None)
        self.always_full = bool(options is not None and options is not jsnull and getattr(options, "fullRedraws", False))

    def render(self, html):
        focused = document.activeElement
        focus_key = None
        if focused is not None and focused is not jsnull and focused.getAttribute:
            for attribute in ("data-field", "data-testid", "data-nav"):
                value = _text_or_none(focused.getAttribute(attribute))
                if value:
                    focus_key = (attribute, value)
                    break
        started = performance.now()
        page = regions.split(html)
        patch = regions.diff(None if self.always_full else self._page, page)
        self._page = page
        if patch.full:
            self.root.innerHTML = html
            self.redraws["full"] += 1
        else:
            self._apply(patch)
            self.redraws["regions"] += 1
        self.root.getBoundingClientRect()  # lay the page out now, so the figure includes it
        if self.app is not None and self.app.route.name == "play":
            self.app.stats["redraws"].append({"full": patch.full, "ms": performance.now() - started})
        target = None
        if focus_key:  # keep keyboard users where they were across a redraw
            attribute, value = focus_key
            target = _found(self.root.querySelector(f'[{attribute}="{_css_string(value)}"]'))
        dialog = _found(self.root.querySelector('[aria-modal="true"]'))
        if dialog is not None and (target is None or not dialog.contains(target)):
            target = _found(dialog.querySelector("[data-autofocus]")) or target  # focus moves into a new dialog
        active = _found(document.activeElement)
        if target is None and (active is None or str(active.tagName).upper() == "BODY"):
            # Focus fell with a replaced element (after a computer's move): put it
            # back on the first thing to play, so the keyboard is one Tab away at most.
            target = _found(self.root.querySelector(
                '[data-region="table"] [data-action="move"], [data-region="table"] [data-nav][data-action]'))
        if target is not None:
            target.focus(to_js({"preventScroll": True}, dict_converter=Object.fromEntries))
        current = _found(self.root.querySelector(".moves li.current"))
        if current is not None:
            current.scrollIntoView(to_js({"block": "nearest"}, dict_converter=Object.fromEntries))

    def boot_path(self):
        path = window.ludotecaBoot.path
        return str(path) if isinstance(path, str) else "plain"

    def set_title(self, text):
        document.title = text

    def _apply(self, patch):
        """Only the regions that changed; the rest of the page (and its scroll) stays."""
        for name, inner in patch.replace.items():
            element = _found(self.root.querySelector(f'[data-region="{name}"]'))
            if element is not None:
                element.innerHTML = inner + regions.END
        for name, inner in patch.prepend.items():
            element = _found(self.root.querySelector(f'[data-region="{name}"]'))
            if element is not None:
                element.insertAdjacentHTML("afterbegin", inner)
        if patch.live:
            element = _found(self.root.querySelector("[data-live]"))
            for attribute, value in patch.live.items():
                element.setAttribute(attribute, value)

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

    def languages(self):
        return [str(tag) for tag in (window.navigator.languages or [window.navigator.language or "en"])]

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

    async def fetch_bytes(self, path):
        response = await window.fetch(path)
        if not response.ok:
            raise OSError(f"{path}: HTTP {response.status}")
        return (await response.arrayBuffer()).to_bytes()


def report_error(app, error):
    window.console.error("".join(traceback.format_exception(error)))
    app.notify("error", app.t("error.unexpected", reason=str(error)))
    app.render()


def _css_string(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


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
        if element is None or element.hasAttribute("disabled"):  # SVG targets have no .disabled
            return
        app.dispatch(str(element.dataset.action), _text_or_none(element.getAttribute("data-arg")) or "")

    def on_change(event):
        target = event.target
        if target.getAttribute("data-import"):
            files = target.files
            if files.length:
                browser.spawn(_import_file(app, files.item(0)))
            target.value = ""  # choosing the same file again must import it again
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
        key = str(event.key)
        if key == "Escape":
            app.dispatch("escape")
            return
        focused = _found(document.activeElement)
        on_board = focused is not None and focused.hasAttribute("data-nav")
        typing = focused is not None and str(focused.tagName).upper() in ("INPUT", "SELECT", "TEXTAREA")
        if key in REPLAY_KEYS and app.route.name == "play" and not on_board and not typing \
                and not event.ctrlKey and not event.metaKey and not event.altKey:
            event.preventDefault()  # like lichess: arrows step through the game
            app.dispatch("replay-step", REPLAY_KEYS[key])
            return
        if focused is None or not root.contains(focused):
            return
        if key in ARROWS and on_board:
            origin = parse_point(focused.getAttribute("data-nav"))
            elements = list(root.querySelectorAll("[data-nav]"))
            points = [(index, parse_point(element.getAttribute("data-nav"))) for index, element in enumerate(elements)]
            best = nearest_in_direction(origin, [(i, p) for i, p in points if p is not None], ARROWS[key]) \
                if origin else None
            if best is not None:
                elements[best].focus()
            event.preventDefault()
        elif key in ("Enter", " ") and focused.hasAttribute("data-action") \
                and str(focused.tagName).upper() not in ("BUTTON", "A", "INPUT", "SELECT", "TEXTAREA"):
            # SVG cells and nodes act like buttons: Enter and Space activate them.
            event.preventDefault()
            app.dispatch(str(focused.getAttribute("data-action")),
                         _text_or_none(focused.getAttribute("data-arg")) or "")

    def on_submit(event):
        form = _closest(event.target, "form.text-move")
        if form is None:
            return
        event.preventDefault()
        field = _found(form.querySelector('input[name="text"]'))
        text = str(field.value).strip().upper() if field is not None else ""
        prefix = _text_or_none(form.getAttribute("data-move-prefix")) or ""
        if text:
            app.dispatch("move", prefix + text)

    def on_storage(event):
        key = _text_or_none(event.key)  # None: another tab cleared the whole store
        app.storage_changed(key)

    root.addEventListener("click", guarded(on_click))
    document.addEventListener("keydown", guarded(on_keydown))
    root.addEventListener("change", guarded(on_change))
    root.addEventListener("input", guarded(on_input))
    root.addEventListener("submit", guarded(on_submit))
    window.addEventListener("hashchange", guarded(lambda event: app.navigate(str(window.location.hash))))
    window.addEventListener("storage", guarded(on_storage))
    # Read-only figures for the benchmarks (AI move times).
    window.ludotecaStats = create_proxy(lambda: json.dumps(app.stats))
    app.navigate(str(window.location.hash or "#/"))
    return app


async def _import_file(app, file):
    if file.size > MAX_IMPORT_BYTES:  # refuse before reading megabytes into Python
        app.import_too_large()
        return
    text = await file.text()
    app.import_text(str(text))
