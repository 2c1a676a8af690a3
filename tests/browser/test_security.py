"""Hostile input and storage faults in the real app (issue 14): a CSP that
blocks script and styles from data, and a corpus of attacks that must each get
a clear message or stay inert, with every save byte-for-byte unchanged."""

import json

import pytest
from playwright.sync_api import expect

from browser_harness import wait_for_app_ready
from test_play import FAST_PLAY, SAVE_PREFIX, moves_played, play_one_human_turn, start_game

INDEX_KEY = "ludoteca:v1:index"
XSS_KEY = SAVE_PREFIX + '"><img src=x onerror=alert(document.domain)>'
# Any script the page runs from data sets this flag (alert itself is replaced).
TRAP = "window.__xss = 0; window.alert = () => { window.__xss += 1; };"


def dump_storage(page) -> dict:
    return page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")


# True once the open game waits for a human (or is over), no computer is thinking,
# and its save holds every move on screen.
SAVED_AS_SHOWN = """(prefix) => {
    const game = document.querySelector('[data-testid="game"]');
    const waiting = document.querySelector('[data-testid="controls"] button, [data-testid="results"]');
    if (!game || !waiting || document.querySelector('[data-thinking]')) return false;
    const id = decodeURIComponent(location.hash.split("/").pop());
    const text = localStorage.getItem(prefix + id);
    return text !== null && JSON.parse(text).moves.length === Number(game.dataset.moves);
}"""


def settled_storage(page) -> dict:
    """The storage once the page's computer players have moved and the game's save
    holds every move on screen, with the player's move or the results shown."""
    page.wait_for_function(SAVED_AS_SHOWN, arg=SAVE_PREFIX, timeout=60_000)
    return dump_storage(page)


def drawn_and_images_settled(page) -> None:
    """Waits until every image on the page has loaded or failed (an inline error
    handler would have run by then) and two frames have been drawn since (styles
    applied, so any fetch they ask for has started)."""
    page.evaluate("""() => Promise.all([...document.images].map((image) => image.decode().catch(() => null)))
        .then(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))))""")


def csp_violations(page) -> list:
    return page.evaluate("() => window.ludotecaBoot.cspViolations")


def saved_game(page, open_app) -> dict:
    """Boots the app, plays a few turns of a game against the computer, goes home."""
    open_app(page)
    start_game(page, seed="7")
    play_one_human_turn(page)
    page.click('[data-testid="nav-home"]')
    page.wait_for_selector('[data-testid="home"]')
    return dump_storage(page)


@pytest.fixture
def trapped_page(context):
    context.add_init_script(FAST_PLAY)
    context.add_init_script(TRAP)
    return context.new_page()


def test_the_csp_blocks_inline_script_remote_images_and_styles_while_the_app_plays_clean(trapped_page, open_app):
    page = trapped_page
    open_app(page)
    start_game(page, seed="3")
    assert play_one_human_turn(page)
    assert csp_violations(page) == []  # the app itself needs nothing the policy forbids
    page.evaluate("""() => {
        const script = document.createElement('script');
        script.textContent = 'window.alert(1)';
        document.body.append(script);
        document.body.insertAdjacentHTML('beforeend',
            '<img src="http://elsewhere.invalid/x.png"><div style="position:fixed;inset:0" id="cover"></div>');
    }""")
    page.wait_for_function("() => window.ludotecaBoot.cspViolations.length >= 3")
    directives = {v["directive"] for v in csp_violations(page)}
    assert {"script-src-elem", "img-src", "style-src-attr"} <= directives
    assert page.evaluate("() => window.__xss") == 0
    assert page.evaluate("() => getComputedStyle(document.getElementById('cover')).position") != "fixed"
    assert play_one_human_turn(page)  # and the game goes on


@pytest.mark.parametrize("key, value, expect_text", [
    (XSS_KEY, '{"format":"ludoteca-record"}', "damaged"),
    (INDEX_KEY, json.dumps([{"id": "20260101000000-0", "game": "alphabeticell", "players": 5, "updated": 3}]), None),
    (SAVE_PREFIX + "20260101000000-1", '{"seats":[1]}', "damaged"),
    (SAVE_PREFIX + "20260101000000-2", '{"created":5,"seats":[{"name":"A"}],"game":"alphabeticell"}', "damaged"),
    (SAVE_PREFIX + "20260101000000-3", "[" * 10000 + "]" * 10000, "damaged"),
])
def test_damaged_storage_never_stops_the_app_and_runs_no_script(trapped_page, open_app, app_url, key, value,
                                                                 expect_text):
    page = trapped_page
    before = saved_game(page, open_app)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])
    page.reload()
    wait_for_app_ready(page)
    expect(page.locator('[data-testid="home"]')).to_be_visible()
    if expect_text:
        expect(page.locator(".save.damaged")).to_contain_text(expect_text)
    drawn_and_images_settled(page)
    assert page.evaluate("() => window.__xss") == 0
    after = dump_storage(page)
    for stored_key, text in before.items():  # every save the player had is untouched
        if stored_key.startswith(SAVE_PREFIX):
            assert after[stored_key] == text
    good = next(k for k in before if k.startswith(SAVE_PREFIX))[len(SAVE_PREFIX):]
    page.click(f'[data-testid="open-{good}"]')
    page.wait_for_selector('[data-testid="game"]')


def test_blocked_storage_starts_the_app_and_plays_without_saving(context, open_app):
    context.add_init_script("""
        Object.defineProperty(window, 'localStorage', {
            get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });
    """)
    page = context.new_page()
    open_app(page)
    expect(page.locator('[data-testid="storage-off"]')).to_be_visible()
    start_game(page, seed="4")
    assert play_one_human_turn(page)


def test_read_errors_offer_no_deletion(trapped_page, open_app):
    page = trapped_page
    before = saved_game(page, open_app)
    page.context.add_init_script("""
        const realGet = Storage.prototype.getItem;
        Storage.prototype.getItem = function (key) {
            if (key.includes(':save:') || key.endsWith(':index')) throw new DOMException('read failed', 'UnknownError');
            return realGet.call(this, key);
        };
    """)
    page.reload()
    wait_for_app_ready(page)
    expect(page.locator(".save.damaged")).to_contain_text("could not be read")
    assert page.locator('[data-testid^="delete-"]').count() == 0
    assert dump_storage(page) == before


@pytest.mark.parametrize("error_name, words", [
    ("QuotaExceededError", "Storage is full"),
    ("UnknownError", "refused to save"),
])
def test_each_write_failure_gets_its_own_message(trapped_page, open_app, error_name, words):
    page = trapped_page
    open_app(page)
    start_game(page, seed="8")
    page.evaluate("""(name) => {
        Storage.prototype.setItem = function () { throw new DOMException('no', name); };
    }""", error_name)
    play_one_human_turn(page)
    expect(page.locator('[data-testid="notice-error"]')).to_contain_text(words)


@pytest.mark.parametrize("content, words", [
    ("[" * 10000 + "]" * 10000, "nested"),
    ('{"a":' * 4000 + "1" + "}" * 4000, "nested"),
    (json.dumps({"format": "ludoteca-record", "version": 1, "game": "alphabeticell", "seats": ["a", "b"]}),
     "could not be imported"),
    ('{"format": "ludoteca-record", "version": 2, "game": "alphabeticell", "rules": 1, "seed": Infinity,'
     ' "settings": {"players": 2}, "seats": [], "moves": []}', "could not be imported"),
    ('{"format": "ludoteca-record", "version": 2, "game": "alphabeticell", "rules": 1, "seed": 1, "undos": "x",'
     ' "settings": {"players": 2}, "seats": [{"name": "\\"><img src=x onerror=alert(1)>"}], "moves": []}',
     "could not be imported"),
])
def test_a_rejected_import_leaves_the_app_working(trapped_page, open_app, tmp_path, content, words):
    page = trapped_page
    before = saved_game(page, open_app)
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    page.set_input_files('[data-testid="import-input"]', str(bad))
    expect(page.locator('[data-testid="notice-error"]')).to_contain_text(words)
    assert dump_storage(page) == before
    # A normal import right after works, and the computer moves.
    good_key = next(k for k in before if k.startswith(SAVE_PREFIX))
    good = tmp_path / "good.json"
    good.write_text(before[good_key])
    page.set_input_files('[data-testid="import-input"]', str(good))
    page.wait_for_selector('[data-testid="game"]')
    moves = moves_played(page)
    assert play_one_human_turn(page)
    page.wait_for_function("n => Number(document.querySelector('[data-testid=game]').dataset.moves) > n + 1",
                           arg=moves)


def test_a_huge_import_is_refused_before_reading(trapped_page, open_app, tmp_path):
    page = trapped_page
    open_app(page)
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * 20_000_000)
    page.set_input_files('[data-testid="import-input"]', str(huge))
    expect(page.locator('[data-testid="notice-error"]')).to_contain_text("larger than")


def test_an_imported_colour_cannot_fetch_or_cover_the_page(trapped_page, open_app, tmp_path, request_log):
    page = trapped_page
    before = saved_game(page, open_app)
    record = json.loads(next(v for k, v in before.items() if k.startswith(SAVE_PREFIX)))
    record["seats"][0]["color"] = "red;background-image:url(http://elsewhere.invalid/x.png)"
    path = tmp_path / "colour.json"
    path.write_text(json.dumps(record))
    requests = request_log(page)
    page.set_input_files('[data-testid="import-input"]', str(path))
    expect(page.locator('[data-testid="notice-error"]')).to_contain_text("could not be imported")
    drawn_and_images_settled(page)
    assert not [url for url in requests if "elsewhere" in url]
    assert not [v for v in csp_violations(page) if "elsewhere" in (v["blocked"] or "")]
    assert dump_storage(page) == before


def test_two_tabs_on_one_save_lose_no_move(context, open_app):
    context.add_init_script(FAST_PLAY)
    first = context.new_page()
    open_app(first)
    start_game(first, seed="12")
    second = context.new_page()
    open_app(second, first.url)
    second.wait_for_selector('[data-testid="game"]')
    assert play_one_human_turn(first)
    expect(second.locator('[data-testid="conflict-banner"]')).to_be_visible()
    newer = settled_storage(first)
    second.click('[data-testid="conflict-keep"]')  # the stale tab keeps its copy as a new save
    second.wait_for_selector('[data-testid="game"]')
    after = dump_storage(second)
    assert all(after[key] == value for key, value in newer.items() if key.startswith(SAVE_PREFIX))
    assert len([k for k in after if k.startswith(SAVE_PREFIX)]) == 2


def test_room_for_the_save_but_not_the_index_is_not_reported_as_unsaved(trapped_page, open_app):
    page = trapped_page
    open_app(page)
    start_game(page, seed="9")
    page.evaluate("""() => {
        const realSet = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
            if (key.endsWith(':index')) throw new DOMException('full', 'QuotaExceededError');
            return realSet.call(this, key, value);
        };
    }""")
    assert play_one_human_turn(page)
    page.wait_for_function(SAVED_AS_SHOWN, arg=SAVE_PREFIX)  # the move reached its save
    assert page.locator('[data-testid="notice-error"]').count() == 0  # the game was saved
    saves = [k for k in dump_storage(page) if k.startswith(SAVE_PREFIX)]
    moves = json.loads(dump_storage(page)[saves[0]])["moves"]
    assert len(moves) == moves_played(page)
