"""Text from players, saves and imports stays text on every screen that shows it."""

import json

from ludoteca.core.match import AI, SEAT_COLOURS
from ludoteca.ui.screens import seat_colour
from ludoteca.ui.storage import INDEX_KEY, SAVE_PREFIX

from .fake_browser import make_app
from .test_storage_faults import SHORT_XSS, human_move, reimported

TYPED_XSS = "<img src=x onerror=f()>"  # fits the setup form's name field
QUOTE_BREAK = 'x" onfocus="alert(1)'
SAVE_ID = "20260101000000-7"


def imported_with_names(name):
    def rename(record):
        for seat in record["seats"]:
            seat["name"] = name

    app, browser = reimported(rename)
    assert app.route.name == "play"
    return app, browser


def test_a_typed_name_with_a_quote_stays_inside_its_input_value():
    app, browser = make_app()
    browser.app.navigate("#/new/alphabeticell")
    app.dispatch("field", f"seat.0.name={QUOTE_BREAK}")
    app.dispatch("field", "players=3")  # redraws the form with the name in it
    assert 'value="x&quot; onfocus=&quot;alert(1)"' in browser.html
    assert ' onfocus="' not in browser.html


def test_a_typed_name_keeps_only_printable_characters():
    app, browser = make_app()
    browser.app.navigate("#/new/alphabeticell")
    app.dispatch("field", "seat.0.name=An\u202egel\x07a\n")
    assert app.setup.seats[0].name == "Angela"


def test_names_in_the_move_log_and_the_undo_notice_stay_text():
    app, browser = imported_with_names(SHORT_XSS)
    human_move(app, browser)
    browser.run_pending()
    assert "<img" not in browser.html and "&lt;img" in browser.html
    app.dispatch("undo")
    assert any("&lt;img" in n.text or "<img" in n.text for n in app.notices)
    assert "<img" not in browser.html


def test_names_on_the_results_and_in_the_resignation_line_stay_text():
    app, browser = imported_with_names(SHORT_XSS)
    browser.run_pending()
    app.dispatch("resign")
    app.dispatch("confirm")
    assert 'data-testid="results"' in browser.html
    assert "<img" not in browser.html and "&lt;img" in browser.html


def test_a_name_on_the_hand_off_screen_stays_text():
    app, browser = make_app()
    browser.app.navigate("#/new/alphabeticell")
    app.dispatch("field", "seat.1.kind=human")
    app.dispatch("field", f"seat.0.name={TYPED_XSS}")
    app.dispatch("field", f"seat.1.name={TYPED_XSS}")
    app.dispatch("start")
    assert 'data-testid="handoff"' in browser.html
    assert "<img" not in browser.html and "&lt;img" in browser.html


def test_a_name_on_the_round_clock_stays_text():
    app, browser = make_app(manual_clock=True)
    browser.app.navigate("#/new/geonaxis")
    app.dispatch("field", "players=2")
    app.dispatch("field", f"seat.0.name={TYPED_XSS}")
    app.dispatch("field", f"seat.1.kind={AI}")
    app.dispatch("field", "seat.1.level=easy")
    app.dispatch("field", "variant.timer=30")
    app.dispatch("pref", "pace=fast")
    app.dispatch("start")
    browser.advance(1)
    assert 'data-testid="clock-0"' in browser.html
    assert "<img" not in browser.html and "&lt;img" in browser.html


def test_a_damaged_saves_reason_quoting_its_content_stays_text():
    app, browser = make_app()
    browser.store.set(SAVE_PREFIX + SAVE_ID,
                      '{"seats":[{"name":"A"}],"game":"alphabeticell","status":"<svg/onload=alert()>"}')
    app, browser = make_app(browser.store)
    assert 'data-testid="export-raw-' + SAVE_ID + '"' in browser.html
    assert "<svg/onload" not in browser.html and "&lt;svg/onload" in browser.html


def test_an_unknown_game_named_by_a_save_stays_text_in_the_list():
    app, browser = make_app()
    browser.store.set(SAVE_PREFIX + SAVE_ID, json.dumps(
        {"format": "ludoteca-record", "game": "<img src=x onerror=f()>", "seats": [{"name": "A"}],
         "created": "2026-01-01T00:00:00Z", "status": "playing"}))
    app, browser = make_app(browser.store)
    assert f'data-testid="save-{SAVE_ID}"' in browser.html
    assert "<img" not in browser.html
    assert [s.status for s in app.saves.list()] == ["damaged"]  # it cannot open (issue 27)


def test_an_index_entry_cannot_vouch_for_a_save_under_a_foreign_key():
    app, browser = make_app()
    key_id = '"><img src=x onerror=f()>'
    browser.store.set(SAVE_PREFIX + key_id, '{"format":"ludoteca-record"}')
    browser.store.set(INDEX_KEY, json.dumps([{"id": key_id, "game": "alphabeticell", "players": ["A"],
                                              "created": "x", "updated": "y", "status": "playing"}]))
    app, browser = make_app(browser.store)
    assert [(s.id, s.status) for s in app.saves.list()] == [(key_id, "damaged")]
    assert "<img" not in browser.html


def test_only_the_apps_own_colours_pass_as_seat_colours():
    for colour in ("#fff", '#fff" onmouseover="alert(1)', "#2f7fd6;fill:url(//x)", None, 3):
        assert seat_colour(colour) == SEAT_COLOURS[0]
    assert [seat_colour(c) for c in SEAT_COLOURS] == list(SEAT_COLOURS)
