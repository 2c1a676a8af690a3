"""Issue 27, "Storage and names", in the real browser: a stored language the
static home screen does not draw, a bad default name, a bidi name."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from test_home_first import STATIC_HOME, held_before_python


@pytest.mark.parametrize("language", ["constructor", "__proto__", "toString", 7])
def test_a_stored_language_the_build_did_not_draw_still_gets_the_static_home(new_context, app_url, language):
    page = held_before_python(new_context)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    settings = json.dumps({"language": language})
    page.context.add_init_script(f"localStorage.setItem('ludoteca:v1:settings', {json.dumps(settings)});")
    page.goto(app_url)
    expect(page.locator(STATIC_HOME)).to_be_visible()
    assert page.get_attribute('#app [data-screen="home"]', "lang") == "en"
    assert errors == []
