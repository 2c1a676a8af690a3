"""Seats in setup and in records: no two players ever look alike (records
with empty or repeated colours get distinct ones on loading, and choosing a
colour another seat has swaps the two), and default names follow the kind."""

import json
import re

from ludoteca.core.match import SEAT_COLOURS

from .fake_browser import make_app


def geonaxis_record(colours: list) -> str:
    return json.dumps({
        "format": "ludoteca-record", "version": 2, "game": "geonaxis", "rules": 1,
        "settings": {"players": 3, "variants": {"table": "1"}}, "seed": 5,
        "seats": [{"name": name, "kind": "human", "color": colour} for name, colour in zip("ABC", colours)],
        "created": "2026-11-26T00:00:00Z", "status": "playing",
        "moves": ["0:s 0 0", "1:s 1 0", "2:s 0 1"],
    })


def stone_fills(html: str) -> set:
    return set(re.findall(r'class="stone[^"]*"[^>]*fill="([^"]+)"', html))


def test_an_imported_record_without_colours_shows_each_player_in_a_colour_of_their_own():
    for colours in (["", "", ""], [SEAT_COLOURS[1]] * 3, ["", SEAT_COLOURS[0], ""]):
        app, browser = make_app()
        app.import_text(geonaxis_record(colours))
        seats = [seat.color for seat in app.match.seats]
        assert len(set(seats)) == 3 and set(seats) <= set(SEAT_COLOURS), colours
        assert [c for c in colours if c][:1] == [c for c, given in zip(seats, colours) if given][:1]  # kept when free
        app.dispatch("reveal", str(app.match.state.to_move()[0]))  # past the hot-seat hand-off screen
        assert len(stone_fills(browser.html)) == 3, (colours, stone_fills(browser.html))


def test_choosing_a_colour_that_another_seat_has_swaps_the_two():
    app, browser = make_app()
    app.navigate("#/new/geonaxis")
    app.dispatch("field", "players=3")
    first, second = app.setup.seats[0].color, app.setup.seats[1].color
    app.dispatch("field", f"seat.0.color={second}")
    assert (app.setup.seats[0].color, app.setup.seats[1].color) == (second, first)
    assert len({seat.color for seat in app.setup.seats}) == len(app.setup.seats)
    assert f'value="{second}" selected' in browser.html.split('data-testid="seat-0-colour"')[1].split("</select>")[0]


def test_a_seat_under_its_default_name_is_renamed_when_its_kind_changes():
    app, browser = make_app()
    app.navigate("#/new/geonaxis")
    app.dispatch("field", "players=3")
    assert [seat.name for seat in app.setup.seats[:3]] == ["Player 1", "Computer 1", "Computer 2"]
    app.dispatch("field", "seat.2.kind=human")
    assert [seat.name for seat in app.setup.seats[:3]] == ["Player 1", "Computer", "Player 3"]  # the only one
    app.dispatch("field", "seat.1.name=Bea")
    app.dispatch("field", "seat.1.kind=human")
    assert [seat.name for seat in app.setup.seats[:3]] == ["Player 1", "Bea", "Player 3"]
    app.dispatch("field", "seat.2.kind=ai")
    app.dispatch("field", "seat.0.kind=ai")
    assert [seat.name for seat in app.setup.seats[:3]] == ["Computer 1", "Bea", "Computer 2"]
    app.dispatch("field", "seat.0.kind=human")
    assert app.setup.seats[0].name == "Player 1"


def test_the_first_seat_under_the_players_own_name_follows_its_kind_too():
    app, browser = make_app()
    app.prefs["name"] = "Ada"
    app.navigate("#/new/geonaxis")
    assert app.setup.seats[0].name == "Ada"
    assert app.setup.seats[1].name == "Computer"  # a two-seat table's only computer
    app.dispatch("field", "seat.0.kind=ai")
    assert [seat.name for seat in app.setup.seats[:2]] == ["Computer 1", "Computer 2"]
    app.dispatch("field", "seat.0.kind=human")
    assert [seat.name for seat in app.setup.seats[:2]] == ["Ada", "Computer"]
    app.dispatch("field", "seat.0.name=Zoe")
    app.dispatch("field", "seat.0.kind=ai")  # a name the player typed is theirs to keep
    assert app.setup.seats[0].name == "Zoe"


def test_the_only_computer_at_a_three_seat_table_is_just_computer():
    app, browser = make_app()
    app.navigate("#/new/geonaxis")
    app.dispatch("field", "players=3")
    app.dispatch("field", "seat.1.kind=human")
    assert [seat.name for seat in app.setup.seats[:3]] == ["Player 1", "Player 2", "Computer"]
    app.dispatch("field", "players=4")
    assert [seat.name for seat in app.setup.seats[:4]] == ["Player 1", "Player 2", "Computer 1", "Computer 2"]


def test_a_rematch_keeps_each_seat_s_colour():
    app, browser = make_app()
    browser.app.navigate("#/new/alphabeticell")
    app.dispatch("field", "seat.1.kind=ai")
    app.dispatch("field", "seat.1.level=easy")
    app.dispatch("field", f"seat.0.color={SEAT_COLOURS[4]}")
    app.dispatch("field", f"seat.1.color={SEAT_COLOURS[2]}")
    app.dispatch("pref", "pace=fast")
    app.dispatch("start")
    browser.run_pending()
    first = app.save_id
    app.dispatch("resign")
    app.dispatch("confirm")
    app.dispatch("rematch")
    assert app.save_id != first
    assert [seat.color for seat in app.match.seats] == [SEAT_COLOURS[4], SEAT_COLOURS[2]]
