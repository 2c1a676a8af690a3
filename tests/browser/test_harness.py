"""The browser harness itself: what a renderer crash looks like to the tests."""
import re

import pytest
from playwright.sync_api import Error

from conftest import RENDERER_CRASH
from browser_harness import chromium_launch_args

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


def test_every_browser_test_is_rerun_once_only_after_a_renderer_crash(request):
    flaky = request.node.get_closest_marker("flaky")
    assert flaky is not None and flaky.kwargs == {"reruns": 1, "only_rerun": [RENDERER_CRASH]}
    assert request.node.get_closest_marker("timeout") is not None
