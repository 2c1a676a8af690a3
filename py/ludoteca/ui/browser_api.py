"""The `Browser` interface: what the app needs from the page.

Pure Python (no `js` imports), so the app and its tests' fake browser import it
under CPython; `ui/browser.py` implements it with PyScript.
"""

from __future__ import annotations


class Browser:
    """What the app needs from its host. `ui/browser.py` implements it with
    PyScript; tests use a fake (tests/engine/app/fake_browser.py)."""

    store = None

    def render(self, html: str) -> None: ...
    def render_region(self, name: str, inner: str) -> bool:
        """Sets one region of the page drawn last (ui/regions.py) to `inner`, the rest as it
        is; False when it cannot (no such region drawn), and the caller draws the whole page."""
        return False
    def set_hash(self, hash_text: str, replace: bool = False) -> None: ...
    def download(self, filename: str, text: str) -> None: ...
    def prefers_reduced_motion(self) -> bool: ...
    def languages(self) -> list:
        return ["en"]
    def set_theme(self, theme: str) -> None:
        """"light" or "dark" on the page's root; "system" follows the device."""
    def random_seed(self) -> int: ...
    def spawn(self, coroutine) -> None: ...
    def after_this_task(self, callback) -> None:
        """Runs `callback()` in a task of its own after the one running now (a long task
        stalls the page; work split in two tasks lets input and drawing in between). Here,
        and in the tests' fake, at once."""
        callback()
    async def sleep(self, seconds: float) -> None: ...
    def now(self) -> float: ...
    async def fetch_bytes(self, path: str) -> bytes: ...
    def set_title(self, text: str) -> None: ...
    def announce(self, text: str, language: str) -> None:
        """Says `text` once to screen readers (a polite live region the redraws never touch)."""
    def announce_news(self, text: str, language: str) -> None:
        """Says who joined or left a table once to screen readers, in a polite live region of its
        own: a move announced in the same redraw (`announce`) does not replace it."""
    def chime(self) -> None:
        """A short sound that says it is the player's turn."""
    def log_error(self, text: str) -> None:
        """Writes a fault's details where developers look (the console)."""
    def boot_path(self) -> str:
        """How this start-up got Python: "snapshot" (a memory snapshot) or "plain"."""
        return "plain"
    def keep_awake(self, wanted: bool) -> None:
        """Asks the device to keep the screen on (a phone on the table), or lets it sleep again."""
    def keep_loaded_objects(self) -> None:
        """Everything alive now (a game's module tables) lives as long as the
        page: later garbage collections may skip it."""
    def ask_before_leaving(self, on: bool) -> None:
        """While on, closing or reloading the page asks first (moves storage refused are only in memory)."""

    # --- links to other devices (web/net/link.mjs): the app hears of each link through
    # app.devices.link_opened(link), link_message(link, text) and link_closed(link).
    async def net_offer(self) -> tuple:
        """A new link waiting for a guest: (link id, offer text for the join link)."""
        raise OSError("no links to other devices here")
    async def net_accept(self, link: str, answer: str) -> None:
        """Opens a waiting link with the guest's answer (raises when it cannot)."""
        raise OSError("no links to other devices here")
    async def net_join(self, offer: str) -> tuple:
        """This device answers a host's offer: (link id, answer text); the link opens later."""
        raise OSError("no links to other devices here")
    def net_send(self, link: str, text: str) -> None:
        """Sends a text on an open link (dropped when it is closed: the wire protocol resends)."""
    def net_close(self, link: str) -> None: ...
    def app_url(self) -> str:
        """The page's address without its fragment (the start of a join link)."""
        return ""
    def qr_svg(self, text: str, label: str) -> str:
        """`text` as a QR code, SVG markup with `label` as its accessible name."""
        return ""
    async def scan_qr(self) -> str:
        """The text of a QR code read with the camera (raises when there is none or it is refused)."""
        raise OSError("no camera here")

    # --- a signaling service, when the players set one (web/net/signal.mjs, ui/signaling.py)
    def connect_allowed(self):
        """The origins beyond its own this page's CSP lets it connect to (a tuple), or None when
        no policy limits it (a test's fake browser)."""
        return None
    def reload(self) -> None:
        """Loads the page again (a new signaling setting's policy applies from there)."""
    async def net_host_room(self, setting: dict, code: str | None = None) -> str:
        """Opens a room on the signaling server (the room `code`, else a new one): its code. Each
        guest that joins it comes to app.devices.link_opened(link) as a new link, as an accepted
        invitation does. Raises OSError("signal.room_taken" / "signal.unreachable" / a reason)."""
        raise OSError("no signaling here")
    def net_close_room(self) -> None: ...
    async def net_join_room(self, setting: dict, code: str) -> str:
        """Joins the room `code`: a link id, open but not yet heard (net_open starts it); raises
        OSError("signal.no_room" / "signal.bad_code" / a reason) when it cannot."""
        raise OSError("no signaling here")
    def net_open(self, link: str) -> None:
        """Starts a link net_join_room made: app.devices hears of it from now on."""
