"""A stand-in for the browser, so the whole app runs under CPython."""

import pathlib

from ludoteca.ui.app import App
from ludoteca.ui.browser_api import Browser

REPO_ROOT = pathlib.Path(__file__).resolve().parents[3]
from ludoteca.ui.screens import plain_names
from ludoteca.ui.storage import MemoryStore


def shown_text(text):
    """Markup or a notice as it reads: players' names without their isolation
    (the marks of screens.shown_name, the <bdi> elements of the page)."""
    return plain_names(text).replace("<bdi>", "").replace("</bdi>", "")


class FakeBrowser(Browser):
    """`manual_clock`: sleeps really wait, until a test moves the clock on
    with `advance`; otherwise a sleep passes at once (and adds its time)."""

    def __init__(self, store=None, reduced_motion=False, manual_clock=False):
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
        self.manual_clock = manual_clock
        self.sleeping = []  # manual clock: (wake-up time, order, task) of suspended tasks
        self._order = 0
        self.announced = []  # (text, language) said by the live region, in order
        self.news_announced = []  # (text, language) said by the region of who joined or left
        self.chimes = 0
        self.errors = []  # what the app wrote to the console
        self.kept_loaded_objects = 0  # calls of keep_loaded_objects
        self.asks_before_leaving = False  # a beforeunload question is on

    def render(self, html):
        self.html = html

    def set_hash(self, hash_text, replace=False):
        self.hash = hash_text
        if not replace:  # a real browser fires hashchange
            self.app.navigate(hash_text)

    def set_theme(self, theme):
        self.theme = theme

    def set_title(self, text):
        self.title = text

    def announce(self, text, language):
        self.announced.append((text, language))

    def announce_news(self, text, language):
        self.news_announced.append((text, language))

    def chime(self):
        self.chimes += 1

    def log_error(self, text):
        self.errors.append(text)

    def keep_loaded_objects(self):
        self.kept_loaded_objects += 1

    def ask_before_leaving(self, on):
        self.asks_before_leaving = on

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
        if self.manual_clock:
            await _WakeUp(self.clock + seconds)
        else:
            self.clock += seconds

    def now(self):
        return self.clock

    async def fetch_bytes(self, path):
        """The site's files are the repository's (web/, py/): read them from there."""
        self.fetched.append(path)
        return (REPO_ROOT / path).read_bytes()

    def run_pending(self, limit=100000):
        """Runs spawned tasks (AI turns, forced moves) until none is left
        (with a manual clock: until each ends or waits for a later time)."""
        steps = 0
        while self.pending and steps < limit:
            task = self.pending.pop(0)
            if self.manual_clock:
                self._step(task)
            else:
                drive(task)
            steps += 1
        return steps

    def _step(self, task):
        try:
            wake = task.send(None)
        except StopIteration:
            return
        self._order += 1
        self.sleeping.append((wake.at, self._order, task))

    def advance(self, seconds):
        """Manual clock: moves time on by `seconds`, waking each task when its time comes."""
        target = self.clock + seconds
        while True:
            self.run_pending()
            due = [item for item in self.sleeping if item[0] <= target]
            if not due:
                break
            item = min(due)
            self.sleeping.remove(item)
            self.clock = max(self.clock, item[0])
            self._step(item[2])
        self.clock = target

    def discard_pending(self):
        for coroutine in self.pending + [item[2] for item in self.sleeping]:
            coroutine.close()
        self.pending.clear()
        self.sleeping.clear()


class _WakeUp:
    """What a task waiting on the manual clock hands back to the fake browser."""

    def __init__(self, at):
        self.at = at

    def __await__(self):
        yield self


def drive(coroutine):
    """Runs a task to its end. `sleep` here never suspends, so no event loop
    is needed (and none may be started: Playwright's may be running)."""
    try:
        coroutine.send(None)
    except StopIteration:
        return
    coroutine.close()
    raise RuntimeError("a task suspended, but the fake browser's sleep never does")


class ObservedApp(App):
    """The app as the tests see it: they look into the whole match on this
    device (`app.match`), through the local session's full access, as the
    app itself never does. Setting it to None closes the game."""

    @property
    def match(self):
        return None if self.session is None else self.session.full_access()

    @match.setter
    def match(self, value):
        assert value is None, "tests open games through the app"
        self.session = None


def make_app(store=None, **kwargs):
    browser = FakeBrowser(store, **kwargs)
    app = ObservedApp(browser)
    browser.app = app
    app.navigate("#/")
    return app, browser


class FakeNetwork:
    """Links between fake browsers, as web/net/link.mjs makes them: an offer, an answer, then
    texts carried in order. Texts wait in a queue until `pump` delivers them (as a real
    link's events come one task at a time); `close` ends a link for both sides."""

    def __init__(self):
        self.waiting = {}  # offer -> (host browser, host link id)
        self.answers = {}  # answer -> (guest browser, guest link id, offer)
        self.peers = {}  # (browser id, link id) -> (other browser, its link id)
        self.queue = []
        self.counter = 0
        self.texts = {}  # (browser id, link id) -> texts that browser received on it
        self.browsers = []

    def attach(self, browser):
        browser.network = self
        self.browsers.append(browser)
        return browser

    def _id(self, prefix):
        self.counter += 1
        return f"{prefix}{self.counter}"

    def offer(self, browser):
        link = self._id("h")
        offer = f"offer-{link}-0123456789"
        self.waiting[offer] = (browser, link)
        return link, offer

    def join(self, browser, offer):
        if offer not in self.waiting:
            raise OSError("link.bad_offer")
        link = self._id("g")
        answer = f"answer-{link}"
        self.answers[answer] = (browser, link, offer)
        return link, answer

    def accept(self, browser, link, answer):
        found = self.answers.pop(answer, None)
        if found is None or self.waiting.get(found[2], (None, None))[1] != link:
            raise OSError("link.bad_answer")
        guest, guest_link, offer = found
        del self.waiting[offer]
        self.peers[(id(browser), link)] = (guest, guest_link)
        self.peers[(id(guest), guest_link)] = (browser, link)
        self.queue.append(("open", browser, link, None))
        self.queue.append(("open", guest, guest_link, None))

    def send(self, browser, link, text):
        peer = self.peers.get((id(browser), link))
        if peer is not None:
            self.queue.append(("message", peer[0], peer[1], text))

    def close(self, browser, link):
        peer = self.peers.pop((id(browser), link), None)
        if peer is not None:
            self.peers.pop((id(peer[0]), peer[1]), None)
            self.queue.append(("close", peer[0], peer[1], None))
            self.queue.append(("close", browser, link, None))

    def pump(self, limit=100000):
        """Delivers every queued event (and each browser's spawned tasks) until all is quiet."""
        for _ in range(limit):
            for browser in self.browsers:
                browser.run_pending()
            if not self.queue:
                return
            kind, browser, link, text = self.queue.pop(0)
            devices = browser.app.devices
            if kind == "open":
                devices.link_opened(link)
            elif kind == "message":
                self.texts.setdefault((id(browser), link), []).append(text)
                devices.link_message(link, text)
            else:
                devices.link_closed(link)
            browser.run_pending()
        raise AssertionError("the network never went quiet")


class NetBrowser(FakeBrowser):
    """A fake browser with links to other devices through a FakeNetwork."""

    network = None
    page_url = "https://ludoteca.example/"

    async def net_offer(self):
        return self.network.offer(self)

    async def net_accept(self, link, answer):
        self.network.accept(self, link, answer)

    async def net_join(self, offer):
        return self.network.join(self, offer)

    def net_send(self, link, text):
        self.network.send(self, link, text)

    def net_close(self, link):
        self.network.close(self, link)

    def app_url(self):
        return self.page_url

    def qr_svg(self, text, label):
        return f'<svg role="img" aria-label="{label}" data-text="{text}"></svg>'

    async def scan_qr(self):
        raise OSError("no camera")


def make_device(network, store=None, **kwargs):
    """An app on a NetBrowser linked to `network` (one device of a table)."""
    browser = network.attach(NetBrowser(store, **kwargs))
    app = ObservedApp(browser)
    browser.app = app
    app.navigate("#/")
    return app, browser
