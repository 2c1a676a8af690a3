"""The only module that touches the browser: PyScript/Pyodide glue.

It implements the `Browser` adapter for `App`, forwards DOM events to
`App.dispatch`, and maps localStorage errors onto `StorageFullError`.
"""

import asyncio
import gc
import json
import random
import time
import traceback
from collections import deque

from js import URL, Blob, MessageChannel, Object, document, performance, window
from pyodide.ffi import JsException, create_proxy, jsnull, to_js

from .app import App
from .browser_api import Browser
from . import regions
from .collections_timer import CollectionTimer
from .panzoom import DRAG_THRESHOLD_PX, ZOOM_KEYS, BoardZoom, box_text, parse_box
from .keyboard import ARROWS, arrow_candidates, nearest_in_direction, parse_point, roving_stop, shortcut
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


# A board: the `data-nav` nodes of one <svg>, or of one element marked
# `data-nav-group` (a rack of letters). Each is one tab stop; arrows move inside.
NAV_GROUP = "[data-nav-group], svg"


def _nav_group_key(group) -> str:
    return _text_or_none(group.getAttribute("data-nav-group")) or _text_or_none(group.getAttribute("class")) or "board"


# Where the focus goes when it fell with a replaced element, in this order.
FIRST_FOCUS = ('[data-region="table"] [data-nav][data-action]', '[data-region="table"] [data-action="select"]',
               '[data-region="table"] [data-action="move"]')


class PyScriptBrowser(Browser):
    def __init__(self, root):
        self.root = root
        self.store = LocalStorage()
        self.app = None
        self._tasks = set()
        self._later = deque()  # callbacks waiting for a task of their own (after_this_task)
        self._later_channel = None  # the MessageChannel that gives them one each
        self._page = None  # the last page drawn, split into regions
        self.redraws = {"full": 0, "regions": 0}
        # The redraw bench compares against rebuilding the whole page every time.
        options = getattr(window, "ludotecaBootOptions", None)
        self.always_full = bool(options is not None and options is not jsnull and getattr(options, "fullRedraws", False))
        # ...and times each redraw with the layout it causes (forced at once only then: the page
        # lays out once before it paints, after whatever else the task does).
        self.time_layout = bool(options is not None and options is not jsnull and getattr(options, "timeRedraws", False))
        self._title = None
        self._reduced_motion = None  # the MediaQueryList, once asked
        # Browser tests of the round clock run time faster (boot option clockRate, 1 to 1000).
        rate = getattr(options, "clockRate", 1) if options is not None and options is not jsnull else 1
        self.clock_rate = max(1.0, min(1000.0, float(rate))) if isinstance(rate, (int, float)) else 1.0
        self.board_zoom = BoardZoom()  # the open game's board zoom and pan, kept across redraws
        self._board_owner = None  # the save it belongs to
        self._drag = None  # a press on a zoomed board: (x, y, moved)
        self.drag_ended = False  # a drag just ended: the click it makes is not a move
        self._opener = None  # what had the focus when the dialog on screen opened
        self.clicked_action = None  # the action of the element just clicked or tapped (a tap may not focus it)
        self._shown_hash = None  # the route last drawn: a new one opens at the top of the page
        self._brought_into_view = None  # the element a game last asked to be seen, and on which page
        self._autofocused = None  # the data-autofocus control outside a dialog last focused, and on which page
        self._audio = None  # the WebAudio context, made on the first chime
        self._leave_guard = None  # the beforeunload listener, while moves are only in memory
        self._nav_memory = {}  # board (group key) -> the data-nav of the node last focused on it
        self._nav_owner = None  # the save those belong to
        self._wake_lock = None  # the Screen Wake Lock held while At the table is open
        self.awake_wanted = False
        self._net_modules = None  # (link.mjs, qr.mjs) once a link to another device is wanted
        self._pending_links = {}  # link id -> an invitation waiting for its answer
        self._links = {}  # link id -> an open data channel
        self._link_proxies = []  # the channels' event handlers, alive as long as the page
        self._link_count = 0
        self._signal_module = None  # web/net/signal.mjs, once a signaling service is used
        self._room = None  # the room this host keeps open on the signaling server
        self._parked_links = {}  # link id -> a joined room's channel, until net_open
        # Outside the redrawn root, so a redraw never re-creates them (nor repeats what they said):
        # the moves', and who joined or left the table (one redraw may bring both).
        self.announcer, self.news_announcer = _live_region("announcer"), _live_region("news-announcer")
        self._morph = None  # web/morph.mjs once loaded: a changed region is patched, not rebuilt
        if not self.always_full:
            self.spawn(self._load_morph())

    async def _load_morph(self):
        try:
            self._morph = await window.ludotecaImport("web/morph.mjs")
        except JsException:
            pass  # regions are rebuilt whole, as before

    def render(self, html):
        def draw():
            page = regions.split(html)
            patch = regions.diff(None if self.always_full else self._page, page)
            self._page = page
            if patch.full:
                self.root.innerHTML = html
                self.redraws["full"] += 1
            else:
                self._apply(patch)
                self.redraws["regions"] += 1
            return patch.full

        self._redraw(draw)

    def render_region(self, name, inner):
        page = self._page
        if page is None or self.always_full or name not in page.regions:
            return False
        if page.regions[name] != inner:
            def draw():
                page.regions[name] = inner
                self._apply(regions.Patch(full=False, replace={name: inner}))
                self.redraws["regions"] += 1
                return False

            self._redraw(draw)
        return True

    def _redraw(self, draw):
        """`draw()` changes the page (returns whether it was rebuilt whole); around it, the
        keyboard focus, the dialogs' focus, the scroll and the board's zoom carry over."""
        had_dialog = _found(self.root.querySelector(MODAL)) is not None
        focused = document.activeElement
        focus_key = None
        focused_action = None  # "select": the first step of a move (a piece, a letter); "move": a move
        if focused is not None and focused is not jsnull and focused.getAttribute:
            focused_action = _text_or_none(focused.getAttribute("data-action"))
            for attribute in ("data-field", "data-testid", "data-nav"):
                value = _text_or_none(focused.getAttribute(attribute))
                if value:
                    focus_key = (attribute, value)
                    break
        started = performance.now()
        full = draw()
        self.apply_board_zoom()
        shown_hash = str(window.location.hash)
        new_screen = shown_hash != self._shown_hash  # a new screen (a game just started) opens at its top
        self._shown_hash = shown_hash
        # hotseat: a player takes the device and starts at the top (status, clock)
        if new_screen or focused_action == "reveal":
            window.scrollTo(0, 0)
        if self.time_layout:
            self.root.getBoundingClientRect()  # lay the page out now, so the figure includes it
        if self.app is not None and self.app.route.name == "play":
            self.app.stats["redraws"].append({"full": full, "ms": performance.now() - started})
        target = self._element_for(focus_key)  # keep keyboard users where they were across a redraw
        played_from_here = focused_action == "move" and target is not None and not target.hasAttribute("data-action")
        if played_from_here:
            target = None  # a square just played is no place to wait: start the next move below
        dialog = _found(self.root.querySelector(MODAL))
        if dialog is not None and not had_dialog:
            self._opener = focus_key
        elif dialog is None and had_dialog:  # closed: focus goes back to what opened it
            opener, self._opener = self._opener, None
            target = target or self._element_for(opener)
        if dialog is not None and (target is None or not dialog.contains(target)):
            target = _found(dialog.querySelector("[data-autofocus]")) or target  # focus moves into a new dialog
        active = _found(document.activeElement)
        clicked, self.clicked_action = self.clicked_action, None
        if (focused_action == "select" or clicked == "select") and dialog is None:
            # A piece or a letter was just chosen: when the board offers one place to
            # finish the move, the focus goes there, so Enter again completes it.
            finishes = list(self.root.querySelectorAll('[data-region="table"] [data-nav][data-action="move"]'))
            if len(finishes) == 1:
                target = finishes[0]
                # on a phone the square may be off screen: bring it into view
                target.scrollIntoView(to_js({"block": "nearest", "inline": "nearest"},
                                            dict_converter=Object.fromEntries))
        if target is None and (played_from_here or active is None or str(active.tagName).upper() == "BODY"):
            # Focus fell with a replaced element (after a computer's move): put it
            # back on the first thing to play, so the keyboard is one Tab away at most:
            # the board, else the first step of a move (Alphagon's letters), else a button.
            for choice in FIRST_FOCUS:
                target = _found(self.root.querySelector(choice))
                if target is not None:
                    break
        # A control marked data-autofocus outside a dialog (a tutorial's Next, once its lesson
        # is done) takes the focus once, when it appears: Enter then goes on.
        wanted_focus = _found(self.root.querySelector("main [data-autofocus]")) if dialog is None else None
        focus_key_now = None if wanted_focus is None else \
            f'{window.location.hash} {wanted_focus.getAttribute("data-testid")}'
        if wanted_focus is not None and focus_key_now != self._autofocused:
            target = wanted_focus
        self._autofocused = focus_key_now
        self.apply_roving_tabindex()
        # Not again on the element that has it (one a patch kept): focus() lays the page out at once.
        if target is not None and (active is None or not target.isSameNode(active)):
            target.focus(to_js({"preventScroll": True}, dict_converter=Object.fromEntries))
        current = _found(self.root.querySelector(".moves li.current"))
        if current is not None:
            current.scrollIntoView(to_js({"block": "nearest"}, dict_converter=Object.fromEntries))
        # What a game asks to be seen (an area its members are deciding on), once when it appears.
        wanted = _found(self.root.querySelector('[data-region="table"] [data-bring-into-view]'))
        wanted_key = None if wanted is None else f'{window.location.hash} {wanted.getAttribute("data-testid")}'
        if wanted is not None and wanted_key != self._brought_into_view:
            wanted.scrollIntoView(to_js({"block": "nearest", "inline": "nearest"}, dict_converter=Object.fromEntries))
        self._brought_into_view = wanted_key

    def apply_roving_tabindex(self):
        """One tab stop a board (keyboard.roving_stop); the other nodes are
        reached with the arrow keys."""
        owner = self.app.save_id if self.app is not None else None
        if owner != self._nav_owner:
            self._nav_owner, self._nav_memory = owner, {}
        active = _found(document.activeElement)
        active_nav = _text_or_none(active.getAttribute("data-nav")) \
            if active is not None and hasattr(active, "getAttribute") else None
        for group in self.root.querySelectorAll(NAV_GROUP):
            nodes = list(group.querySelectorAll("[data-nav]"))
            if not nodes:
                continue
            navs = [_text_or_none(node.getAttribute("data-nav")) for node in nodes]
            actionable = [bool(node.hasAttribute("data-action")) for node in nodes]
            focused = navs.index(active_nav) if active_nav in navs and group.contains(active) else None
            stop = roving_stop(actionable, navs, focused, self._nav_memory.get(_nav_group_key(group)))
            for index, node in enumerate(nodes):
                wanted = "0" if index == stop else "-1"
                if node.getAttribute("tabindex") != wanted:  # a board cell kept across a redraw has it
                    node.setAttribute("tabindex", wanted)

    def nav_focused(self, node):
        """A board node took the focus: it becomes its board's tab stop."""
        group = _closest(node, NAV_GROUP) or self.root
        previous = _found(group.querySelector('[data-nav][tabindex="0"]'))
        if previous is not None and not previous.isSameNode(node):
            previous.setAttribute("tabindex", "-1")
        node.setAttribute("tabindex", "0")
        self._nav_memory[_nav_group_key(group)] = _text_or_none(node.getAttribute("data-nav"))

    def _element_for(self, focus_key):
        if not focus_key:
            return None
        attribute, value = focus_key
        return _found(self.root.querySelector(f'[{attribute}="{_css_string(value)}"]'))

    def announce(self, text, language):
        self.announcer.setAttribute("lang", language)
        self.announcer.textContent = text

    def announce_news(self, text, language):
        self.news_announcer.setAttribute("lang", language)
        self.news_announcer.textContent = text

    def chime(self):
        """Two short notes made by WebAudio: no sound file is fetched."""
        try:
            if self._audio is None:
                self._audio = window.AudioContext.new()
            audio = self._audio
            if str(audio.state) == "suspended":
                audio.resume()
            start = audio.currentTime
            for delay, frequency in ((0.0, 660), (0.12, 880)):
                oscillator, gain = audio.createOscillator(), audio.createGain()
                oscillator.frequency.value = frequency
                gain.gain.setValueAtTime(0.0001, start + delay)
                gain.gain.exponentialRampToValueAtTime(0.15, start + delay + 0.02)
                gain.gain.exponentialRampToValueAtTime(0.0001, start + delay + 0.25)
                oscillator.connect(gain)
                gain.connect(audio.destination)
                oscillator.start(start + delay)
                oscillator.stop(start + delay + 0.3)
        except (JsException, AttributeError):
            pass  # no audio here: the tab's title still says it is the player's turn

    def boot_path(self):
        path = window.ludotecaBoot.path
        return str(path) if isinstance(path, str) else "plain"

    def set_title(self, text):
        if text != self._title:  # every redraw asks; the document is written only on a change
            self._title = text
            document.title = text

    def _apply(self, patch):
        """Only the regions that changed; the rest of the page (and its scroll) stays."""
        for name, inner in patch.replace.items():
            element = _found(self.root.querySelector(f'[data-region="{name}"]'))
            if element is None:
                continue
            if self._morph is not None:  # only what changed: the board's other cells stay as they are
                self._morph.patchInner(element, inner + regions.END)
            else:
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
        if self._reduced_motion is None:  # one live query, read at each redraw
            self._reduced_motion = window.matchMedia("(prefers-reduced-motion: reduce)")
        return bool(self._reduced_motion.matches)

    def ask_before_leaving(self, on):
        if self._leave_guard is None:
            def ask(event):
                event.preventDefault()  # the browser's own "Leave site?" question
                event.returnValue = ""  # older browsers ask only when this is set
            self._leave_guard = create_proxy(ask)
        if on:
            window.addEventListener("beforeunload", self._leave_guard)
        else:
            window.removeEventListener("beforeunload", self._leave_guard)

    def languages(self):
        return [str(tag) for tag in (window.navigator.languages or [window.navigator.language or "en"])]

    def set_theme(self, theme):
        root = document.documentElement
        if theme in ("light", "dark"):
            root.setAttribute("data-theme", theme)
        else:
            root.removeAttribute("data-theme")

    def random_seed(self):
        return random.SystemRandom().getrandbits(53)

    def spawn(self, coroutine):
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)  # keep a reference: asyncio holds tasks weakly
        self._count_tasks()
        task.add_done_callback(self._task_done)

    def _count_tasks(self):
        # The tasks in flight, for tests: at 0 with no input nothing more happens on its own.
        window.ludotecaTasks = len(self._tasks) + len(self._later)

    def after_this_task(self, callback):
        """Each callback in a browser task of its own: one message each on the app's own channel.
        (Pyodide's scheduler runs every callback queued during one task together in the next.)"""
        if self._later_channel is None:
            self._later_channel = MessageChannel.new()
            self._later_channel.port1.onmessage = create_proxy(self._run_later)
        self._later.append(callback)
        self._count_tasks()
        self._later_channel.port2.postMessage(0)

    def _run_later(self, _event):
        callback = self._later.popleft()
        try:
            callback()
        except Exception as error:  # noqa: BLE001 - as a spawned task's: said, and the app goes on
            report_error(self.app, error)
        finally:
            self._count_tasks()

    def _task_done(self, task):
        self._tasks.discard(task)
        self._count_tasks()
        if not task.cancelled() and task.exception() is not None:
            report_error(self.app, task.exception())

    async def sleep(self, seconds):
        await asyncio.sleep(seconds / self.clock_rate)

    def log_error(self, text):
        window.console.error(text)

    def keep_loaded_objects(self):
        gc.freeze()  # as main.py does after start-up

    def keep_awake(self, wanted):
        """The Screen Wake Lock API where the browser has it, nothing where not.
        The browser drops the lock when the tab is hidden: install() asks again on return."""
        self.awake_wanted = bool(wanted)
        if wanted:
            self.spawn(self._request_wake_lock())
        elif self._wake_lock is not None:
            lock, self._wake_lock = self._wake_lock, None
            lock.release()

    async def _request_wake_lock(self):
        wake_lock = getattr(window.navigator, "wakeLock", None)
        if wake_lock is None or wake_lock is jsnull:
            return
        if self._wake_lock is not None and not self._wake_lock.released:
            return
        try:
            lock = await wake_lock.request("screen")
        except JsException:  # refused (a hidden tab, a power saver, a policy): the screen sleeps as usual
            return
        if self.awake_wanted:
            self._wake_lock = lock
        else:
            lock.release()

    def now(self):
        return time.perf_counter() * self.clock_rate

    # --- board pan and zoom (ui/panzoom.py) ---------------------------------------
    def _board(self):
        """The zoomable board on screen and the box that shows all of it."""
        svg = _found(self.root.querySelector("svg[data-pan-zoom]"))
        fit = parse_box(_text_or_none(svg.getAttribute("data-fit"))) if svg is not None else None
        return (svg, fit) if fit is not None else (None, None)

    def apply_board_zoom(self):
        owner = self.app.save_id if self.app is not None else None
        if owner != self._board_owner:  # another game: start from the whole board
            self._board_owner = owner
            self.board_zoom.fit()
        svg, fit = self._board()
        if svg is None:
            return
        box = box_text(self.board_zoom.box(fit))
        if _text_or_none(svg.getAttribute("viewBox")) != box:  # kept across a redraw (web/morph.mjs): unchanged
            svg.setAttribute("viewBox", box)
        svg.classList.toggle("zoomed", self.board_zoom.zoomed)
        for button in self.root.querySelectorAll("[data-zoom]"):
            command = str(button.getAttribute("data-zoom"))
            blocked = command == "in" and not self.board_zoom.can_zoom_in or \
                command in ("out", "fit") and not self.board_zoom.zoomed
            button.toggleAttribute("disabled", blocked)

    def zoom_board(self, command):
        """"in", "out" or "fit"; False when there is no board to zoom."""
        svg, fit = self._board()
        if svg is None:
            return False
        {"in": self.board_zoom.zoom_in, "out": self.board_zoom.zoom_out}.get(command, lambda _: self.board_zoom.fit())(fit)
        self.apply_board_zoom()
        return True

    def follow_focus(self, element):
        """A cell reached by the arrow keys is scrolled into the zoomed view."""
        svg, fit = self._board()
        point = parse_point(element.getAttribute("data-nav"))
        if svg is not None and point is not None and svg.contains(element) and self.board_zoom.zoomed \
                and self.board_zoom.follow(point, fit):
            self.apply_board_zoom()

    def drag_board(self, kind, event):
        """Pointer events: a press on a zoomed board, then moving it pans."""
        if kind == "down":
            self.drag_ended = False
            target = _closest(event.target, "svg[data-pan-zoom]")
            self._drag = (event.clientX, event.clientY, False) if target is not None and self.board_zoom.zoomed else None
            return
        if self._drag is None:
            return
        if kind == "up":
            self.drag_ended = self._drag[2]
            self._drag = None
            return
        x, y, moved = self._drag
        dx, dy = event.clientX - x, event.clientY - y
        if not moved and abs(dx) + abs(dy) < DRAG_THRESHOLD_PX:
            return
        svg, fit = self._board()
        width = float(svg.getBoundingClientRect().width) if svg is not None else 0
        if width <= 0:
            return
        units = self.board_zoom.box(fit)[2] / width  # board units per screen pixel
        self.board_zoom.pan(dx * units, dy * units, fit)
        self._drag = (event.clientX, event.clientY, True)
        self.apply_board_zoom()

    # --- links to other devices (web/net/link.mjs and qr.mjs, loaded on first use) ------------
    async def _net(self):
        if self._net_modules is None:
            # Both requested at once (each import starts as it is called), then awaited.
            link, qr = window.ludotecaImport("web/net/link.mjs"), window.ludotecaImport("web/net/qr.mjs")
            self._net_modules = (await link, await qr)
        return self._net_modules

    def _new_link(self) -> str:
        self._link_count += 1
        return f"link{self._link_count}"

    async def net_offer(self):
        link, _qr = await self._net()
        pending = await link.hostLink()
        link_id = self._new_link()
        self._pending_links[link_id] = pending
        return link_id, str(pending.offer)

    async def net_accept(self, link_id, answer):
        pending = self._pending_links.get(link_id)
        if pending is None:
            raise OSError("this invitation is no longer open")
        try:
            channel = await pending.accept(answer)
        except JsException as error:
            raise OSError(str(getattr(error, "message", error))) from None
        del self._pending_links[link_id]
        self._watch_link(link_id, channel)

    async def net_join(self, offer):
        link, _qr = await self._net()
        try:
            joined = await link.joinLink(offer)
        except JsException as error:
            raise OSError(str(getattr(error, "message", error))) from None
        link_id = self._new_link()
        self.spawn(self._channel_of(link_id, joined.channel))
        return link_id, str(joined.answer)

    async def _channel_of(self, link_id, promise):
        try:
            channel = await promise
        except JsException:
            self.app.devices.link_closed(link_id)
            self.app.render()
            return
        self._watch_link(link_id, channel)

    def _watch_link(self, link_id, channel):
        self._links[link_id] = channel
        app = self.app

        def on_message(event):
            try:
                app.devices.link_message(link_id, str(event.data))
            except Exception as error:  # noqa: BLE001 - one bad text never kills the app
                report_error(app, error)

        def on_close(_event):
            if self._links.pop(link_id, None) is not None:
                try:
                    app.devices.link_closed(link_id)
                except Exception as error:  # noqa: BLE001
                    report_error(app, error)

        for kind, handler in (("message", on_message), ("close", on_close)):
            proxy = create_proxy(handler)
            self._link_proxies.append(proxy)
            channel.addEventListener(kind, proxy)
        app.devices.link_opened(link_id)

    def net_send(self, link_id, text):
        channel = self._links.get(link_id)
        if channel is not None and channel.open:
            channel.send(text)

    def net_close(self, link_id):
        channel = self._links.get(link_id)
        if channel is not None:
            channel.close()

    def app_url(self):
        return str(window.location.href).split("#")[0]

    def qr_svg(self, text, label):
        if self._net_modules is None:
            return ""  # drawn once the modules are in (an invitation loads them first)
        return str(self._net_modules[1].qrSvg(text, to_js({"label": label}, dict_converter=Object.fromEntries)))

    async def scan_qr(self):
        _link, qr = await self._net()
        result = (await qr.scanQr()).to_py()
        if not result.get("ok"):
            raise OSError(str(result.get("reason", "camera.unavailable")))
        return str(result["text"])

    # --- a signaling service, when the players set one (web/net/signal.mjs) ----------------
    def connect_allowed(self):
        # index.html's writer adds the one connect-src policy; its sources beyond 'self' are the setting's.
        metas = document.querySelectorAll('meta[http-equiv="Content-Security-Policy"]')
        allowed = []
        for index in range(metas.length):
            for directive in str(metas.item(index).content).split(";"):
                words = directive.split()
                if words and words[0] == "connect-src" and "*" not in words:
                    allowed.append(tuple(word for word in words[1:] if word != "'self'"))
        return min(allowed, key=len) if allowed else ()

    def reload(self):
        window.location.reload()

    async def _signal(self):
        if self._signal_module is None:
            await self._net()  # the room's QR code is drawn by qr.mjs
            self._signal_module = await window.ludotecaImport("web/net/signal.mjs")
        return self._signal_module

    async def net_host_room(self, setting, code=None):
        signal = await self._signal()
        self.net_close_room()
        options = to_js({"code": code} if code else {}, dict_converter=Object.fromEntries)
        try:
            room = await signal.hostRoom(to_js(setting, dict_converter=Object.fromEntries), options)
        except JsException as error:
            raise OSError(str(getattr(error, "code", None) or getattr(error, "message", error))) from None
        self._room = room
        self.spawn(self._room_guests(room))
        return str(room.code)

    async def _room_guests(self, room):
        while self._room is room:
            channel = await room.nextGuest()
            if self._room is room:
                self._watch_link(self._new_link(), channel)

    def net_close_room(self):
        if self._room is not None:
            self._room.close()
            self._room = None

    async def net_join_room(self, setting, code):
        signal = await self._signal()
        try:
            channel = await signal.joinRoom(to_js(setting, dict_converter=Object.fromEntries), code)
        except JsException as error:
            raise OSError(str(getattr(error, "code", None) or getattr(error, "message", error))) from None
        link_id = self._new_link()
        self._parked_links[link_id] = channel
        return link_id

    def net_open(self, link_id):
        channel = self._parked_links.pop(link_id, None)
        if channel is not None:
            self._watch_link(link_id, channel)

    async def fetch_bytes(self, path):
        response = await window.fetch(path)
        if not response.ok:
            raise OSError(f"{path}: HTTP {response.status}")
        return (await response.arrayBuffer()).to_bytes()


def report_error(app, error):
    window.console.error("".join(traceback.format_exception(error)))
    app.notify("error", app.t("error.unexpected", reason=str(error)))
    app.render()


MODAL = '[aria-modal="true"]'
FOCUSABLE = ('button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea,'
             ' [tabindex]:not([tabindex="-1"])')


def _keep_tab_inside_dialog(root, event) -> None:
    """Tab and Shift+Tab cycle through an open modal dialog, never behind it."""
    dialog = _found(root.querySelector(MODAL))
    if dialog is None:
        return
    items = list(dialog.querySelectorAll(FOCUSABLE))
    if not items:
        return
    first, last = items[0], items[-1]
    active = _found(document.activeElement)
    if active is None or not dialog.contains(active):
        target = last if event.shiftKey else first
    elif event.shiftKey and active.isSameNode(first):
        target = last
    elif not event.shiftKey and active.isSameNode(last):
        target = first
    else:
        return  # the browser moves to the next one inside
    event.preventDefault()
    target.focus()


def _open_dialog_name(root):
    """The data-testid around the open modal dialog ("menu-panel"), "dialog" if it has none, None if none is open."""
    dialog = _found(root.querySelector(MODAL))
    if dialog is None:
        return None
    owner = _closest(dialog, "[data-testid]")
    return (_text_or_none(owner.getAttribute("data-testid")) if owner is not None else None) or "dialog"


def _css_string(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _found(element):
    return None if element is None or element is jsnull else element


def _closest(target, selector):
    if target is None or target is jsnull or not hasattr(target, "closest"):
        return None
    found = target.closest(selector)
    return None if found is jsnull else found


def _mark_named(root, event, on: bool) -> None:
    """A log line's `data-marks` (the table elements it names): marked while it is pointed at or focused."""
    line = _closest(event.target, "[data-marks]")
    if line is None:
        return
    for testid in str(line.getAttribute("data-marks")).split():
        for element in root.querySelectorAll(f'[data-region="table"] [data-testid="{_css_string(testid)}"]'):
            element.classList.toggle("marked", on)


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
        if browser.drag_ended:  # the end of a drag on the board, not a click on a cell
            browser.drag_ended = False
            return
        zoom = _closest(event.target, "[data-zoom]")
        if zoom is not None:
            browser.zoom_board(str(zoom.getAttribute("data-zoom")))
            return
        element = _closest(event.target, "[data-action]")
        if element is None or element.hasAttribute("disabled"):  # SVG targets have no .disabled
            return
        browser.clicked_action = str(element.dataset.action)
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
        if key == "Tab":
            _keep_tab_inside_dialog(root, event)
            return
        focused = _found(document.activeElement)
        on_board = focused is not None and focused.hasAttribute("data-nav")
        typing = focused is not None and (str(focused.tagName).upper() in ("INPUT", "SELECT", "TEXTAREA")
                                          or bool(getattr(focused, "isContentEditable", False)))  # SVG has none
        if key in ZOOM_KEYS and app.route.name == "play" and not typing and _open_dialog_name(root) is None \
                and not (event.ctrlKey or event.metaKey or event.altKey) and browser.zoom_board(ZOOM_KEYS[key]):
            event.preventDefault()
            return
        game_keys = {letter: testid for letter, (testid, _) in app.game_keys().items()}
        command = shortcut(key, typing=typing, modified=bool(event.ctrlKey or event.metaKey or event.altKey),
                           on_board=on_board, dialog=_open_dialog_name(root), game_keys=game_keys) \
            if app.route.name == "play" else None
        if command is not None and command[0] == "press":  # a game's key: as if its control were clicked
            control = _found(root.querySelector(f'[data-region="table"] [data-testid="{_css_string(command[1])}"]'))
            if control is not None and not control.hasAttribute("disabled"):
                event.preventDefault()
                control.click()
            return
        if command is not None:
            event.preventDefault()  # like lichess: arrows step through the game, letters run commands
            app.dispatch(*command)
            return
        if focused is None or not root.contains(focused):
            return
        if key in ARROWS and on_board:
            origin = parse_point(focused.getAttribute("data-nav"))
            elements = list((_closest(focused, NAV_GROUP) or root).querySelectorAll("[data-nav]"))
            allowed = arrow_candidates([bool(element.hasAttribute("data-action")) for element in elements])
            points = [(index, parse_point(elements[index].getAttribute("data-nav"))) for index in allowed]
            best = nearest_in_direction(origin, [(i, p) for i, p in points if p is not None], ARROWS[key]) \
                if origin else None
            if best is not None:
                elements[best].focus()
                browser.follow_focus(elements[best])
            event.preventDefault()
        elif key in ("Enter", " ") and on_board and not focused.hasAttribute("data-action"):
            event.preventDefault()
            app.dispatch("no-target")
        elif key in ("Enter", " ") and focused.hasAttribute("data-action") \
                and str(focused.tagName).upper() not in ("BUTTON", "A", "INPUT", "SELECT", "TEXTAREA"):
            # SVG cells and nodes act like buttons: Enter and Space activate them.
            event.preventDefault()
            app.dispatch(str(focused.getAttribute("data-action")),
                         _text_or_none(focused.getAttribute("data-arg")) or "")

    def on_focusin(event):
        if hasattr(event.target, "hasAttribute") and event.target.hasAttribute("data-nav"):
            browser.nav_focused(event.target)

    def on_submit(event):
        form = _closest(event.target, "form.text-move")
        if form is None:
            return
        event.preventDefault()
        field = _found(form.querySelector('[name="text"]'))  # a text box, or a list to pick from
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
    root.addEventListener("focusin", guarded(on_focusin))
    for kind in ("down", "move", "up", "cancel"):
        root.addEventListener(f"pointer{kind}", guarded(lambda event, kind=kind: browser.drag_board(
            "up" if kind == "cancel" else kind, event)))
    for kind, on in (("pointerover", True), ("pointerout", False), ("focusin", True), ("focusout", False)):
        root.addEventListener(kind, guarded(lambda event, on=on: _mark_named(root, event, on)))
    window.addEventListener("hashchange", guarded(lambda event: app.navigate(str(window.location.hash))))
    window.addEventListener("storage", guarded(on_storage))
    document.addEventListener("visibilitychange", guarded(
        lambda event: browser.keep_awake(True) if browser.awake_wanted and str(document.visibilityState) == "visible"
        else None))
    # Read-only figures for the benchmarks (AI move times).
    window.ludotecaStats = create_proxy(lambda: json.dumps(app.stats))
    options = getattr(window, "ludotecaBootOptions", None)
    if options is not None and options is not jsnull and getattr(options, "timeCollections", False):
        timer = CollectionTimer()  # the AI bench: is a long slice a collection?
        timer.install()
        app.stats["collections"] = timer.figures
    if options is not None and options is not jsnull and getattr(options, "profile", False):
        window.ludotecaProfile = create_proxy(_profiler())  # the devices bench: where Python's time goes
    app.navigate(str(window.location.hash or "#/"))
    return app


def _live_region(testid):
    """A polite live region at the end of the page, seen by screen readers only."""
    region = document.createElement("div")
    for name, value in (("aria-live", "polite"), ("aria-atomic", "true"), ("class", "visually-hidden"),
                        ("data-testid", testid)):
        region.setAttribute(name, value)
    document.body.appendChild(region)
    return region


def _profiler():
    """`ludotecaProfile("start")` profiles every Python call from then on; `("stop", N, order)`
    ends it and returns the N costliest functions by `order` (pstats' "cumulative", the
    default, or "tottime"), as pstats prints them."""
    import cProfile  # only with the boot option: the app never loads it otherwise
    import io
    import pstats

    profile = [None]

    def command(what, rows=40, order="cumulative"):
        if what == "start":
            profile[0] = cProfile.Profile()
            profile[0].enable()
            return ""
        if profile[0] is None:
            return ""
        profile[0].disable()
        out = io.StringIO()
        pstats.Stats(profile[0], stream=out).sort_stats(str(order)).print_stats(int(rows))
        profile[0] = None
        return out.getvalue()

    return command


async def _import_file(app, file):
    if file.size > MAX_IMPORT_BYTES:  # refuse before reading megabytes into Python
        app.menu.import_too_large()
        return
    text = await file.text()
    app.import_text(str(text))
