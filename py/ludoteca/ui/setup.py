"""The setup screen's form: seats, names, colours, levels, variants and seed.

The form is plain data (`SetupForm`); these functions fill it with each
game's defaults and apply the page's field changes. Names still under a
default follow the form as it changes ("Computer 2" becomes "Player 3" when
that seat turns human); a typed name stays.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.match import AI, HUMAN, SEAT_COLOURS, Seat, clean_name
from ..games import registry

REMOTE_KIND = "remote"  # a setup seat played on another device (ui/devices.py)

MAX_NAME = 24


@dataclass
class SeatForm:
    name: str
    kind: str
    level: str
    color: str


@dataclass
class SetupForm:
    game_id: str
    num_players: int
    seats: list
    variants: dict
    seed_text: str = ""

    def seat_list(self) -> list:
        return [Seat(clean_name(s.name, MAX_NAME) or f"{i + 1}", AI if s.kind == AI else HUMAN,
                     s.level if s.kind == AI else "", s.color)
                for i, s in enumerate(self.seats[: self.num_players])]


def default_seat_names(app, form: SetupForm) -> list:
    """Each seat's name until the player types one: humans "Player n" (the
    first the player's own name), computers counted among the table's
    computers, a lone one just "Computer"."""
    computers = [i for i, seat in enumerate(form.seats[: form.num_players]) if seat.kind == AI]
    names = []
    for index, seat in enumerate(form.seats):
        if seat.kind == AI:
            names.append(app.t("setup.kind.ai") if computers == [index] else
                         app.t("setup.default_ai_name", n=computers.index(index) + 1 if index in computers else index))
        else:
            names.append((app.prefs.get("name") or app.t("setup.default_name", n=1)) if index == 0
                         else app.t("setup.default_name", n=index + 1))
    return names


def rename_default_seats(app, form: SetupForm) -> None:
    """Seats still under a default name take the one they have now; a typed name stays."""
    seats = range(1, len(form.seats) + 1)
    defaults = {app.t("setup.kind.ai"), app.prefs.get("name")} | \
        {app.t(key, n=n) for n in seats for key in ("setup.default_ai_name", "setup.default_name")}
    for seat, name in zip(form.seats, default_seat_names(app, form)):
        if seat.name in defaults:
            seat.name = name


def default_setup(app, game_id: str) -> SetupForm:
    game = app.games[game_id]
    package = registry.game_package(game_id)
    count = max(game.min_players, min(game.max_players, 2))
    seats = []
    for index in range(game.max_players):
        kind = HUMAN if index == 0 else AI
        seats.append(SeatForm("", kind, package.DEFAULT_LEVEL, SEAT_COLOURS[index % len(SEAT_COLOURS)]))
    variants = {option.key: option.default for option in game.variants}
    # A game may name the variant that is a language (Alphagon's edition):
    # it starts in the app's language when the game has it.
    language_variant = registry.game_ui(game_id).LANGUAGE_VARIANT
    for option in game.variants:
        if option.key == language_variant and app.catalog.language in option.choices:
            variants[option.key] = app.catalog.language
    form = SetupForm(game_id, count, seats, variants)
    for seat, name in zip(seats, default_seat_names(app, form)):
        seat.name = name
    return form


def rematch_setup(session) -> SetupForm:
    """The setup of a rematch: the same seats (names, kinds, levels, colours) and variants."""
    return SetupForm(session.game_id, session.settings.num_players,
                     [SeatForm(s.name, s.kind, s.level, s.color) for s in session.seats],
                     dict(session.settings.variants))


def set_field(app, name: str, value: str) -> bool:
    """Updates the setup form; returns whether the screen must redraw."""
    form = app.setup
    if form is None:
        return False
    if name == "players":
        game = app.games[form.game_id]
        form.num_players = max(game.min_players, min(game.max_players, int(value)))
        rename_default_seats(app, form)
        return True
    if name == "seed":
        form.seed_text = value
        return False
    if name.startswith("variant."):
        key = name[len("variant."):]
        option = next((o for o in app.games[form.game_id].variants if o.key == key), None)
        # Choices may be numbers (a timer, a goal): keep the game's own value, not the text.
        choice = next((c for c in option.choices if str(c) == value), None) if option else None
        if choice is not None:
            form.variants[key] = choice
        return False
    if name.startswith("seat."):
        _, index, attribute = name.split(".")
        seat = form.seats[int(index)]
        if attribute == "kind":
            seat.kind = value if value in (HUMAN, REMOTE_KIND) else AI
            rename_default_seats(app, form)  # "Computer 2" -> "Player 3"; a lone computer is "Computer"
            return True
        if attribute == "name":  # records refuse control characters: never write one
            seat.name = "".join(ch for ch in value if ch.isprintable())[:MAX_NAME]
        elif attribute == "color" and value in SEAT_COLOURS:
            for other in form.seats:  # a colour is one player's: whoever had it takes this seat's old one
                if other is not seat and other.color == value:
                    other.color = seat.color
            seat.color = value
            return True
        elif attribute == "level" and value in registry.game_package(form.game_id).AI_LEVELS:
            seat.level = value
        return False
    return False
