"""The setup form (ui/setup.py) on its own: each game's defaults, and field
changes applied as the page sends them."""

from ludoteca.core.match import AI, HUMAN, SEAT_COLOURS
from ludoteca.games import registry
from ludoteca.ui.i18n import Catalog
from ludoteca.ui.setup import MAX_NAME, default_setup, set_field


class Host:
    def __init__(self, language="en", name=None):
        self.games, self.catalog = registry.all_games(), Catalog(language)
        self.prefs = {"name": name} if name else {}
        self.setup = None

    def t(self, key, **values):
        return self.catalog.t(key, **values)


def test_a_new_form_seats_the_player_against_the_computer_under_default_names():
    host = Host(name="Ada")
    form = host.setup = default_setup(host, "geonaxis")
    assert form.num_players == 2 and len(form.seats) == host.games["geonaxis"].max_players
    assert [seat.kind for seat in form.seats[:2]] == [HUMAN, AI]
    assert form.seats[0].name == "Ada" and form.seats[1].name == "Computer"
    assert [seat.color for seat in form.seats] == list(SEAT_COLOURS[:len(form.seats)])


def test_alphagon_s_edition_starts_in_the_app_s_language():
    assert default_setup(Host("it"), "alphagon").variants["edition"] == "it"
    assert default_setup(Host("en"), "alphagon").variants["edition"] == "en"


def test_fields_change_the_form_and_say_when_the_screen_must_redraw():
    host = Host()
    form = host.setup = default_setup(host, "geonaxis")
    assert set_field(host, "players", "99") and form.num_players == host.games["geonaxis"].max_players
    assert form.seats[1].name == "Computer 1"  # several computers are counted
    assert set_field(host, "seat.1.kind", HUMAN) and form.seats[1].name == "Player 2"
    assert not set_field(host, "seat.1.name", "Bo\x07b" + "x" * 40) and form.seats[1].name == ("Bob" + "x" * 40)[:MAX_NAME]
    assert set_field(host, "seat.1.kind", AI) and form.seats[1].name.startswith("Bob")  # a typed name stays
    old = form.seats[0].color
    assert set_field(host, "seat.0.color", form.seats[2].color)
    assert form.seats[2].color == old  # the colour's holder takes the old one
    assert not set_field(host, "seat.0.color", "#123456") and form.seats[0].color != "#123456"
    assert not set_field(host, "seat.1.level", "godlike") and form.seats[1].level != "godlike"
    assert not set_field(host, "seed", "abc") and form.seed_text == "abc"


def test_a_variant_keeps_the_game_s_own_value_not_the_text():
    host = Host()
    form = host.setup = default_setup(host, "geonaxis")
    timer = next(option for option in host.games["geonaxis"].variants if option.key == "timer")
    choice = next(c for c in timer.choices if c != form.variants["timer"])
    set_field(host, "variant.timer", str(choice))
    assert form.variants["timer"] == choice and not isinstance(form.variants["timer"], str)
    set_field(host, "variant.timer", "not a choice")
    assert form.variants["timer"] == choice


def test_no_form_no_change():
    assert set_field(Host(), "players", "3") is False
