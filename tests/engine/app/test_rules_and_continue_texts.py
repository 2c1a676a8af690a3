"""Texts issue 27 found wrong: the Italian rules titles ("ad" before an a),
GeonAxis's credit, and an import's time on Continue."""

import json
import re

from ludoteca.games import registry
from ludoteca.games.registry import PLAYABLE
from ludoteca.ui.storage import SAVE_PREFIX

from .fake_browser import make_app
from .test_replay_status import finished_record


def page_title(html):
    return html.split('<h1 class="page-title">')[1].split("</h1>")[0]


def test_italian_rules_titles_say_ad_before_an_a():
    app, browser = make_app()
    app.dispatch("pref", "language=it")
    titles = {}
    for game in PLAYABLE:
        app.navigate(f"#/rules/{game}")
        titles[game] = page_title(browser.html)
        title = registry.metadata(game, "TITLE", "it")  # every game: "ad" before a title starting with A
        assert titles[game] == ("Come si gioca ad " if title[:1].lower() == "a" else "Come si gioca a ") + title
    assert titles["alphagon"] == "Come si gioca ad Alphagon"
    assert titles["alphabeticell"] == "Come si gioca ad Alphabeticell"
    assert titles["psychopath"].startswith("Come si gioca ad ALPHA")
    assert titles["geonaxis"] == "Come si gioca a GeonAxis"
    app.dispatch("pref", "language=en")
    app.navigate("#/rules/alphagon")
    assert page_title(browser.html) == "How to play Alphagon"


def test_the_credits_invent_no_geonaxis_author():
    app, browser = make_app()
    app.navigate("#/settings")
    assert "its 2015 author" not in browser.html and "7 February 2015" in browser.html
    app.dispatch("pref", "language=it")
    assert "suo autore, nel 2015" not in browser.html and "7 febbraio 2015" in browser.html


def test_continue_says_when_a_game_was_imported_and_when_one_was_played():
    app, browser = make_app()
    record = finished_record("psychopath")
    record["created"] = "2025-01-02T03:04:05Z"  # played elsewhere, long ago
    app.import_text(json.dumps(record))
    imported_id = app.save_id
    app.navigate("#/new/geonaxis")
    app.dispatch("start")
    app.navigate("#/")
    rows = {save_id: browser.html.split(f'data-testid="save-{save_id}"')[1].split("</li>")[0]
            for save_id in (imported_id, app.save_id)}
    assert "imported " in rows[imported_id] and "updated " not in rows[imported_id]
    assert "updated " in rows[app.save_id] and "imported " not in rows[app.save_id]
    assert browser.store.get(SAVE_PREFIX + imported_id)


def table_regions(html):
    return re.findall(r'<div class="table-scroll"([^>]*)><table>', html)


def test_a_wide_rules_table_is_a_named_keyboard_stop_in_english_and_italian(monkeypatch):
    """axe at 360 px: a table's sideways-scrolling box must be reachable by the keyboard, with a role and a name."""
    from ludoteca.games import registry

    app, browser = make_app()
    app.navigate("#/rules/alphagon")  # its rulings have tables (the rulebooks' examples, AI players)
    regions = table_regions(browser.html)
    assert len(regions) >= 2
    for attributes in regions:
        assert 'tabindex="0"' in attributes and 'role="region"' in attributes, attributes
    assert ' aria-label="Table: AI players"' in regions[-1]
    read = registry.read_game_text
    monkeypatch.setattr(registry, "read_game_text", lambda game, name, language: (
        "## Punti\n\n| Lettere | Punti |\n| --- | --- |\n| 5 | 3 |" if name == "RULES.md" else read(game, name, language)))
    app.dispatch("pref", "language=it")
    [attributes] = table_regions(browser.html)
    assert 'tabindex="0"' in attributes and ' aria-label="Tabella: Punti"' in attributes


def test_a_save_time_is_read_as_utc_seconds_without_loading_the_calendar():
    import calendar
    import time

    from ludoteca.ui.screens import stamp_seconds

    for text in ("2026-11-27T12:00:00Z", "19700101000000", "2000-02-29T23:59:59Z", "1999-12-31T00:00:01Z",
                 "2024-03-01T00:00:00Z", "2100-02-28T10:11:12Z"):
        digits = "".join(ch for ch in text if ch.isdigit())
        assert stamp_seconds(text) == calendar.timegm(time.strptime(digits, "%Y%m%d%H%M%S")), text
    assert stamp_seconds("2026-13-01T00:00:00Z") is None and stamp_seconds("not a time") is None
