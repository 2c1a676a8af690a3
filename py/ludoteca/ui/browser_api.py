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
    def set_hash(self, hash_text: str, replace: bool = False) -> None: ...
    def download(self, filename: str, text: str) -> None: ...
    def prefers_reduced_motion(self) -> bool: ...
    def languages(self) -> list:
        return ["en"]
    def set_theme(self, theme: str) -> None:
        """"light" or "dark" on the page's root; "system" follows the device."""
    def random_seed(self) -> int: ...
    def spawn(self, coroutine) -> None: ...
    async def sleep(self, seconds: float) -> None: ...
    def now(self) -> float: ...
    async def fetch_bytes(self, path: str) -> bytes: ...
    def set_title(self, text: str) -> None: ...
    def announce(self, text: str, language: str) -> None:
        """Says `text` once to screen readers (a polite live region the redraws never touch)."""
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
