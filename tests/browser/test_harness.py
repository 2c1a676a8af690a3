"""The browser harness itself: what a renderer crash looks like to the tests, how
the run is split into shards, and the shared warm context lent back clean."""
import pathlib
import re

import pytest
from playwright.sync_api import Error

from conftest import RENDERER_CRASH, SLOW_TEST_SECONDS, _shard_of
from browser_harness import chromium_launch_args, wait_for_app_ready

# V8 dies when its heap is full; a 32 MB heap fills in a moment.
SMALL_HEAP = "--js-flags=--max-old-space-size=32"
FILL_THE_HEAP = "() => { const keep = []; for (;;) keep.push(new Array(100000).fill(Math.random())); }"


def test_a_renderer_crash_is_seen_and_its_message_is_the_one_rerun(browser_type):
    browser = browser_type.launch(**chromium_launch_args(), args=[SMALL_HEAP])
    try:
        page = browser.new_page()
        crashed = []
        page.on("crash", lambda page: crashed.append(page.url))
        page.goto("data:text/html,<p>heap</p>")
        with pytest.raises(Error) as error:
            page.evaluate(FILL_THE_HEAP)
        assert crashed == ["data:text/html,<p>heap</p>"]
        assert re.search(RENDERER_CRASH, str(error.value)), str(error.value)
    finally:
        browser.close()


def test_every_browser_test_is_rerun_at_most_twice_only_after_a_renderer_crash(request):
    flaky = request.node.get_closest_marker("flaky")
    assert flaky is not None and flaky.kwargs == {"reruns": 2, "only_rerun": [RENDERER_CRASH]}
    assert request.node.get_closest_marker("timeout") is not None


def test_the_shards_run_every_test_once_between_them_in_collection_order():
    tests = [f"test_{number}" for number in range(7)]
    shards = [_shard_of(tests, f"{index}/3") for index in (1, 2, 3)]
    assert [kept for kept, _ in shards] == [["test_0", "test_3", "test_6"], ["test_1", "test_4"], ["test_2", "test_5"]]
    for kept, deselected in shards:
        assert sorted(kept + deselected) == tests
    with pytest.raises(pytest.UsageError):
        _shard_of(tests, "4/3")


def test_the_shards_are_dealt_by_expected_seconds_longest_first():
    seconds = {"long": 40, "mid": 20, **{f"quick_{n}": 4 for n in range(10)}}
    tests = list(seconds)
    shards = [_shard_of(tests, f"{index}/2", seconds.get)[0] for index in (1, 2)]
    assert shards == [["long", "quick_5", "quick_7", "quick_9"],
                      ["mid", "quick_0", "quick_1", "quick_2", "quick_3", "quick_4", "quick_6", "quick_8"]]
    assert [sum(map(seconds.get, shard)) for shard in shards] == [52, 48]


def test_every_test_named_slow_is_a_browser_test():
    here = pathlib.Path(__file__).parent
    names = {match for path in here.glob("test_*.py")
             for match in re.findall(r"^def (test_\w+)\(", path.read_text(encoding="utf-8"), re.MULTILINE)}
    assert set(SLOW_TEST_SECONDS) - names == set()


PROBE_KEY = "ludoteca:harness-probe"


def test_the_shared_context_is_lent_to_the_next_test_without_what_the_last_one_left(shared_contexts, app_url):
    shared = shared_contexts(0)
    context = shared.lease(viewport={"width": 360, "height": 740}, color_scheme="dark", locale="it-IT")
    context.add_init_script("window.harnessProbe = 1;")
    requests = []
    context.on("request", lambda request: requests.append(request.url))
    page = context.new_page()
    page.goto(app_url)
    wait_for_app_ready(page)
    assert page.evaluate("window.harnessProbe") == 1
    assert page.viewport_size == {"width": 360, "height": 740}
    assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
    assert page.evaluate("[navigator.languages, Intl.DateTimeFormat().resolvedOptions().locale]") == [["it-IT"], "it-IT"]
    assert page.get_attribute(".shell", "lang") == "it"
    page.evaluate(f"localStorage.setItem('{PROBE_KEY}', 'left behind')")
    shared.release()
    assert page.is_closed() and requests
    requests_of_the_first_test = len(requests)

    page = shared.lease().new_page()
    page.goto(app_url)
    wait_for_app_ready(page)
    try:
        assert page.evaluate(f"[window.harnessProbe, localStorage.getItem('{PROBE_KEY}')]") == [None, None]
        assert page.viewport_size != {"width": 360, "height": 740}
        assert not page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
        assert page.evaluate("navigator.languages") == ["en-US"] and page.get_attribute(".shell", "lang") == "en"
        assert len(requests) == requests_of_the_first_test  # its listener is gone
    finally:
        shared.release()


def test_a_tests_second_device_is_another_warm_context_that_starts_from_the_snapshot(shared_contexts, app_url):
    devices = [shared_contexts(0), shared_contexts(1)]
    try:
        pages = [device.lease().new_page() for device in devices]
        for page in pages:
            page.goto(app_url)
            wait_for_app_ready(page)
        assert [page.evaluate("window.ludotecaBoot.path") for page in pages] == ["snapshot", "snapshot"]
        pages[0].evaluate(f"localStorage.setItem('{PROBE_KEY}', 'first device')")
        assert pages[1].evaluate(f"localStorage.getItem('{PROBE_KEY}')") is None  # a device of its own
    finally:
        for device in devices:
            device.release()
