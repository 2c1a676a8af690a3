"""A stand-in for the browser, so the whole app runs under CPython."""

import pathlib

from ludoteca.ui.app import App, Browser

REPO_ROOT = pathlib.Path(__file__).resolve().parents[3]
from ludoteca.ui.storage import MemoryStore


class FakeBrowser(Browser):
    def __init__(self, store=None, reduced_motion=False):
        self.store = store if store is not None else MemoryStore()
        self.html = ""
        self.hash = "#/"
        self.downloads = []
        self.reduced_motion = reduced_motion
        self.pending = []
        self.clock = 0.0
        self.sleeps = []  # every pause the app asked for, in order
        self.app = None
        self.seed = 12345
        self.fetched = []

    def render(self, html):
        self.html = html

    def set_hash(self, hash_text, replace=False):
        self.hash = hash_text
        if not replace:  # a real browser fires hashchange
            self.app.navigate(hash_text)

    def set_title(self, text):
        self.title = text

    def download(self, filename, text):
        self.downloads.append((filename, text))

    def prefers_reduced_motion(self):
        return self.reduced_motion

    def random_seed(self):
        return self.seed

    def spawn(self, coroutine):
        self.pending.append(coroutine)

    async def sleep(self, seconds):
        self.sleeps.append(seconds)
        self.clock += seconds

    def now(self):
        return self.clock

    async def fetch_bytes(self, path):
        """The site's files are the repository's (web/, py/): read them from there."""
        self.fetched.append(path)
        return (REPO_ROOT / path).read_bytes()

    def run_pending(self, limit=100000):
        """Runs spawned tasks (AI turns, forced moves) until none is left."""
        steps = 0
        while self.pending and steps < limit:
            drive(self.pending.pop(0))
            steps += 1
        return steps

    def discard_pending(self):
        for coroutine in self.pending:
            coroutine.close()
        self.pending.clear()


def drive(coroutine):
    """Runs a task to its end. `sleep` here never suspends, so no event loop
    is needed (and none may be started: Playwright's may be running)."""
    try:
        coroutine.send(None)
    except StopIteration:
        return
    coroutine.close()
    raise RuntimeError("a task suspended, but the fake browser's sleep never does")


def make_app(store=None, **kwargs):
    browser = FakeBrowser(store, **kwargs)
    app = App(browser)
    browser.app = app
    app.navigate("#/")
    return app, browser
