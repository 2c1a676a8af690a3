"""Markup for every screen, built as strings from the app's state.

One string per redraw, set once with innerHTML, is the cheapest way across
the Python/JS bridge (see the platform notes). Every interactive element
carries `data-action` (and `data-arg`); the browser glue forwards them to
`App.dispatch`. All text comes from the catalog and is escaped.
"""

from __future__ import annotations

import copy
import dataclasses
import re
from html import escape
from typing import Optional

from ..core.match import AI, HUMAN
from ..games import registry
from ..games.game_ui import RenderContext, seat_class, seat_colour  # noqa: F401  (RenderContext: the games' context)
from .storage import StorageReadError
from .i18n import LANGUAGES
from .keyboard import SHORTCUT_HELP
from .clock import clock_text
from .markdown import render_markdown
from .regions import region
from . import table, tutorial

from .setup import REMOTE_KIND  # noqa: E402 - a setup seat played on another device (ui/devices.py)
COLOUR_NAMES = {  # keys: SEAT_COLOURS
    "#d64545": "red", "#2f7fd6": "blue", "#2a9d58": "green",
    "#e0a526": "yellow", "#8a4fd1": "purple", "#3b3b3b": "black",
}


def attr(value) -> str:
    return escape(str(value), quote=True)


# Names are isolated from the text around them, so a right-to-left name (or
# one that once held a bidi override) never reorders a notice or a log line.
# They travel through every text, the games' included, between two
# private-use marks that `clean_name` keeps out of any name; the finished page
# turns each pair into <bdi>, or into the Unicode isolates where no element may
# stand (an attribute, SVG). Texts leaving the page (the live region) drop them.
NAME_OPEN, NAME_CLOSE = "\ue000", "\ue001"
FIRST_STRONG_ISOLATE, POP_ISOLATE = "\u2068", "\u2069"
MARKED_NAME = re.compile("\ue000([^\ue000\ue001]*)\ue001")
NAME_CONTEXTS = ("<", ">", "<svg", "</svg>", "<option", "</option>")  # where a name may not be an element


def shown_name(name: str) -> str:
    """A player's name as every screen and message shows it (isolated by `isolate_names`)."""
    return f"{NAME_OPEN}{name}{NAME_CLOSE}"


def shown_seats(seats: list) -> list:
    """Copies of the seats whose names are marked for isolation: what the games' UIs get."""
    shown = []
    for seat in seats:
        seat = copy.copy(seat)  # not dataclasses.replace: a new Seat would clean the marks away
        seat.name = shown_name(seat.name)
        shown.append(seat)
    return shown


def isolate_names(html: str) -> str:
    """Each marked name in the page's markup as <bdi>NAME</bdi>; inside a tag
    (an attribute), SVG or an option (the last opening before it comes after the
    last closing), as NAME between the Unicode isolates."""
    if NAME_OPEN not in html:
        return html
    # The names are met in order, so the markup is searched once, from each name back
    # to the one before (a page names players hundreds of times: the log).
    last = dict.fromkeys(NAME_CONTEXTS, -1)  # where each delimiter last starts before the name at hand
    searched = [0]  # the markup before this is already in `last`

    def isolate(found: re.Match) -> str:
        at = found.start()
        for mark in NAME_CONTEXTS:
            position = html.rfind(mark, searched[0], at)
            if position >= 0:
                last[mark] = position
        searched[0] = at
        if last["<"] > last[">"] or last["<svg"] > last["</svg>"] or last["<option"] > last["</option>"]:
            return f"{FIRST_STRONG_ISOLATE}{found.group(1)}{POP_ISOLATE}"
        return f"<bdi>{found.group(1)}</bdi>"

    return MARKED_NAME.sub(isolate, html).replace(NAME_OPEN, "").replace(NAME_CLOSE, "")


def plain_names(text: str) -> str:
    """A text without the names' marks, for what is not markup (the screen reader's live region)."""
    return text.replace(NAME_OPEN, "").replace(NAME_CLOSE, "")


# Drawn icons (24-unit squares): a font may lack ⏮ ⏵ ⏭, and shows an empty box.
ICON_PATHS = {
    "first": "M5 5h3v14H5zM19 5v14L9 12z",
    "previous": "M17 5v14L6 12z",
    "next": "M7 5v14l11-7z",
    "last": "M16 5h3v14h-3zM5 5v14l10-7z",
    "play": "M7 5v14l11-7z",
    "pause": "M6 5h4v14H6zM14 5h4v14h-4z",
}


def icon(name: str) -> str:
    """A drawn icon in the text's colour, hidden from screen readers (its button has a label)."""
    return (f'<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
            f'<path d="{ICON_PATHS[name]}"/></svg>')


def button(label: str, action: str, arg: str = "", cls: str = "", testid: str = "",
           disabled: bool = False, title: str = "", autofocus: bool = False, icon_name: str = "") -> str:
    """`autofocus`: takes the keyboard focus when it appears (the browser adapter honours it);
    `icon_name`: a drawn icon before the label (ICON_PATHS)."""
    extra = f' data-arg="{attr(arg)}"' if arg != "" else ""
    extra += " data-autofocus" if autofocus else ""
    extra += f' data-testid="{attr(testid)}"' if testid else ""
    extra += " disabled" if disabled else ""
    extra += f' title="{attr(title)}" aria-label="{attr(title)}"' if title else ""
    return (f'<button type="button" class="btn {attr(cls)}" data-action="{attr(action)}"{extra}>'
            f"{icon(icon_name) if icon_name else ''}{escape(label)}</button>")


def link(label: str, href: str, cls: str = "btn", testid: str = "") -> str:
    tid = f' data-testid="{attr(testid)}"' if testid else ""
    return f'<a class="{attr(cls)}" href="{attr(href)}"{tid}>{escape(label)}</a>'


# --- frame ------------------------------------------------------------------
def render_app(app, model=None) -> str:
    """The whole page; `model` is the game screen's PlayModel (None elsewhere)."""
    route = app.route.name
    if route == "play":
        body = render_game(app, model)
    else:
        body = {
            "home": render_home,
            "new": render_setup,
            "rules": render_rules,
            "settings": render_settings,
            "table": lambda app: app.table.render(),
            "join": lambda app: app.devices.render_join(),
            "room": lambda app: app.signaling.render_join(),
            "learn": lambda app: app.tutorial.render(),
        }.get(route, render_missing)(app)
    motion = "motion-on" if app.animate else "motion-off"
    return isolate_names(f'<div class="shell {motion}" data-screen="{route}" lang="{app.catalog.language}">'
            f"{render_header(app)}{region('notices', render_notices(app))}<main>{body}</main>"
            f"{region('dialog', render_confirmation(app) + render_loading(app))}</div>")


def render_loading(app) -> str:
    if app.loading is None:
        return ""
    return (f'<div class="overlay" data-testid="loading"><div class="dialog" role="status" aria-live="polite">'
            f'<div class="spinner" aria-hidden="true"></div><p>{escape(app.loading)}</p></div></div>')


def render_confirmation(app) -> str:
    question = app.confirming
    if question is None:
        return ""
    return (f'<div class="overlay" data-testid="confirm-dialog">'
            f'<div class="dialog" role="alertdialog" aria-modal="true" aria-labelledby="confirm-question">'
            f'<p id="confirm-question">{escape(question.question)}</p><div class="row">'
            + button(app.t("dialog.cancel"), "cancel_confirm", cls="wide", testid="confirm-no", autofocus=True)
            + button(question.agree_label, "confirm", cls="wide danger", testid="confirm-yes")
            + "</div></div></div>")


def render_header(app) -> str:
    t = app.t
    back = "" if app.route.name == "home" else link("←", "#/", "icon-btn", "nav-home")
    return (f'<header class="topbar">{back}'
            f'<a class="brand" href="#/">{escape(t("app.name"))}</a>'
            f'<nav>{link(t("nav.settings"), "#/settings", "nav-link", "nav-settings")}</nav>'
            "</header>")


def render_notices(app) -> str:
    if not app.notices:
        return ""
    items = "".join(
        f'<div class="notice {n.kind}" role="{"alert" if n.kind == "error" else "status"}"'
        f' data-testid="notice-{n.kind}"><span>{escape(n.text)}</span>'
        f'{button("×", "dismiss", str(i), "icon-btn", title=app.t("notice.dismiss"))}</div>'
        for i, n in enumerate(app.notices)
    )
    return f'<div class="notices">{items}</div>'


def render_missing(app) -> str:
    return (f'<section class="page"><h1 class="page-title">{escape(app.t("error.not_found"))}</h1>'
            f'{link(app.t("nav.home"), "#/")}</section>')


def stamp_seconds(text: str) -> Optional[int]:
    """Seconds since 1970 (UTC) of a time as saves write it ("2026-11-27T12:00:00Z",
    or its 14 digits in a save's name); None if it is not one. Computed here
    rather than by time.strptime, whose import (calendar, datetime, locale)
    would be compiled from source at every start-up."""
    digits = "".join(ch for ch in text if "0" <= ch <= "9")[:14]
    if len(digits) != 14:
        return None
    year, month, day = int(digits[:4]), int(digits[4:6]), int(digits[6:8])
    hour, minute, second = int(digits[8:10]), int(digits[10:12]), int(digits[12:14])
    if not (1 <= month <= 12 and 1 <= day <= 31 and hour < 24 and minute < 60 and second < 62):
        return None
    # Days from 1970-01-01 to the date (the proleptic Gregorian calendar, March-based years).
    shifted = year - (month <= 2)
    era, year_of_era = divmod(shifted, 400)
    day_of_year = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    day_of_era = year_of_era * 365 + year_of_era // 4 - year_of_era // 100 + day_of_year
    days = era * 146097 + day_of_era - 719468
    return ((days * 24 + hour) * 60 + minute) * 60 + second


def rules_title(t, title: str) -> str:
    """The rules page's title; Italian says "ad" before an a ("Come si gioca ad Alphagon")."""
    return t("rules.title_before_a" if title[:1].lower() == "a" else "rules.title", game=title)


# --- home ---------------------------------------------------------------------
def game_title(app, game_id: str) -> str:
    return registry.metadata(game_id, "TITLE", app.catalog.language)


def players_text(t, fewest: int, most: int) -> str:
    return t("home.players_exact", n=most) if fewest == most else t("home.players_range", min=fewest, max=most)


def render_home(app) -> str:
    t = app.t
    tiles = []
    for game_id in app.games:
        fewest, most = registry.player_range(game_id)
        tiles.append(
            f'<article class="tile" data-testid="tile-{game_id}">'
            f'<div class="tile-art">{registry.tile_art(game_id)}</div>'
            f"<h3>{escape(game_title(app, game_id))}</h3>"
            f'<p class="muted">{escape(players_text(t, fewest, most))}</p>'
            f'<p>{escape(registry.metadata(game_id, "BLURB", app.catalog.language))}</p>{table.home_link(app, game_id)}'
            f'{tutorial.home_link(app, game_id)}'
            f'<div class="row">{link(t("home.new_game"), f"#/new/{game_id}", "btn primary", f"new-{game_id}")}'
            f'{link(t("home.rules"), f"#/rules/{game_id}", "btn", f"rules-{game_id}")}</div>'
            "</article>"
        )
    continue_list = render_unsaved(app) + render_saves(app)
    importer = (f'<label class="btn file-btn">{escape(t("home.import"))}'
                '<input type="file" accept=".json,application/json" data-testid="import-input"'
                ' data-import="1"></label>')
    return (f'<section class="page home" data-testid="home">'
            f'<h1 class="page-title">{escape(t("app.name"))}</h1><p class="tagline">{escape(t("app.tagline"))}</p>'
            f'<h2>{escape(t("home.games"))}</h2><div class="tiles">{"".join(tiles)}</div>'
            f'<h2>{escape(t("home.continue"))}</h2>{continue_list}{importer}</section>')


def render_saves(app) -> str:
    t = app.t
    if app.storage_off:
        return f'<p class="notice error" role="alert" data-testid="storage-off">{escape(t("error.storage_unreadable"))}</p>'
    try:
        saves = app.saves.list()
    except StorageReadError as error:
        return (f'<p class="notice error" role="alert" data-testid="saves-unreadable">'
                f'{escape(t("saves.list_unreadable", reason=str(error)))}</p>')
    if not saves:
        return f'<p class="muted" data-testid="no-saves">{escape(t("home.no_saves"))}</p>' + tutorial.empty_continue(app)
    rows = "".join(render_save_row(app, save) for save in saves)
    return f'<ul class="saves" data-testid="saves">{rows}</ul>'


def render_unsaved(app) -> str:
    """Games whose latest moves storage refused: kept on this page, with ways to keep them for good."""
    t = app.t
    rows = []
    for save_id, kept in app.unsaved.items():
        players = ", ".join(shown_name(seat.name) for seat in kept.session.seats)
        text = t("unsaved.home", game=game_title(app, kept.session.game_id), players=players)
        back = link(t("unsaved.back"), f"#/play/{save_id}", "btn small", f"unsaved-open-{save_id}")
        rows.append(f'<div class="notice error" role="alert" data-testid="unsaved-{attr(save_id)}">'
                    f'<p>{escape(text)}</p><div class="row">'
                    f'{button(t("unsaved.save_now"), "save-now", cls="small primary", testid=f"save-now-{save_id}")}'
                    f'{button(t("unsaved.export"), "export-unsaved", save_id, "small", f"export-unsaved-{save_id}")}'
                    f"{back}</div></div>")
    return "".join(rows)


def render_save_row(app, save) -> str:
    t = app.t
    status = t(f"saves.status.{save.status}")
    delete = button(t("saves.delete"), "delete-save", save.id, "small danger", f"delete-{save.id}")
    if save.status == "unreadable":  # a read failed: the save may be fine, so no delete
        return (f'<li class="save damaged" data-testid="save-{attr(save.id)}">'
                f'<div><strong>{escape(status)}</strong>'
                f'<p class="muted">{escape(t("saves.unreadable_help", reason=save.problem))}</p></div></li>')
    if save.status == "damaged":
        export = button(t("saves.export_raw"), "export-raw", save.id, "small", f"export-raw-{save.id}")
        return (f'<li class="save damaged" data-testid="save-{attr(save.id)}">'
                f'<div><strong>{escape(status)}</strong>'
                f'<p class="muted">{escape(t("saves.damaged_help", reason=app.error_text(save.error or save.problem)))}</p></div>'
                f'<div class="row">{export}{delete}</div></li>')
    if table.is_table_save(save):
        return table.render_save_row(app, save, delete)
    title = game_title(app, save.game) if save.game in app.games else save.game
    players = ", ".join(map(shown_name, save.players))
    when = save.updated.replace("T", " ").rstrip("Z")[:16]
    # An imported record (or a kept copy) is saved under the time it arrived, not
    # the time its game began: until someone plays on, that time is its import's.
    arrived, began, written = (stamp_seconds(text) for text in (save.id.split("-")[0], save.created, save.updated))
    imported = None not in (arrived, written) and arrived != began \
        and abs(written - arrived) <= 2  # the save's write follows its naming by a moment
    return (f'<li class="save" data-testid="save-{attr(save.id)}">'
            f'<div><strong>{escape(title)}</strong> · {escape(players)}'
            f'<p class="muted">{escape(status)} · {escape(t("saves.imported" if imported else "saves.updated", date=when))}</p></div>'
            f'<div class="row">{link(t("saves.open"), f"#/play/{save.id}", "btn small primary", f"open-{save.id}")}'
            + (button(t("saves.replay"), "replay-save", save.id, "small", f"replay-{save.id}")
               if save.status != "playing" else "")
            + f"{delete}</div></li>")


# --- setup ----------------------------------------------------------------------
def select(name: str, options: list, current, testid: str = "", label: str = "") -> str:
    choices = "".join(
        f'<option value="{attr(value)}"{" selected" if str(value) == str(current) else ""}>'
        f"{escape(text)}</option>"
        for value, text in options
    )
    tid = f' data-testid="{testid}"' if testid else ""
    aria = f' aria-label="{attr(label)}"' if label else ""
    return f'<select data-field="{attr(name)}"{tid}{aria}>{choices}</select>'


def option_label(t, key: str, fallback) -> str:
    """The catalog's text for `key`, or `fallback` (a number, a plain name) when it has none."""
    text = t(key)
    return text if text != key else (None if fallback is None else str(fallback))


def render_setup(app) -> str:
    t = app.t
    form = app.setup
    registry.game_ui(form.game_id)  # its messages name the variants; games load their UI lazily
    game = app.games[form.game_id]
    players = select("players", [(n, str(n)) for n in range(game.min_players, game.max_players + 1)],
                     form.num_players, "players", t("setup.players"))
    seats = "".join(render_seat_form(app, index, seat) for index, seat in
                    enumerate(form.seats[: form.num_players]))
    variants = "".join(
        f'<label>{escape(t(option.label_key))} '
        + select(f"variant.{option.key}", [(c, option_label(t, f"{option.label_key}.{c}", c)) for c in option.choices],
                 form.variants.get(option.key, option.default), f"variant-{option.key}")
        + (f'<span class="muted">{escape(t(option.help_key))}</span>' if option.help_key else "")
        + "</label>"
        for option in game.variants
    )
    return (f'<section class="page setup" data-testid="setup">'
            f'<h1 class="page-title">{escape(t("setup.title", game=game_title(app, form.game_id)))}</h1>'
            # Start also sits beside the player count: a few Tabs from the top, not one per field.
            f'<div class="setup-top"><label>{escape(t("setup.players"))} {players}</label>'
            f'{button(t("setup.start"), "start", cls="primary", testid="start-top")}</div>'
            f'<div class="seats">{seats}</div>'
            + (f'<h3>{escape(t("setup.variants"))}</h3><div class="variants">{variants}</div>' if variants else "")
            + f'<label>{escape(t("setup.seed"))} <input type="text" data-field="seed" data-testid="seed"'
            f' value="{attr(form.seed_text)}" inputmode="numeric" autocomplete="off"></label>'
            f'<p class="muted">{escape(t("setup.seed_help"))}</p>'
            f'{button(t("setup.start"), "start", cls="primary big", testid="start")}'
            "</section>")


def render_seat_form(app, index: int, seat) -> str:
    t = app.t
    kind = select(f"seat.{index}.kind", [(HUMAN, t("setup.kind.human")), (AI, t("setup.kind.ai")),
                                         (REMOTE_KIND, t("setup.kind.remote"))],
                  seat.kind, f"seat-{index}-kind", t("setup.kind"))
    level = ""
    if seat.kind == AI:
        levels = registry.game_package(app.setup.game_id).AI_LEVELS  # each game grades its own
        level = select(f"seat.{index}.level",
                       [(lv, option_label(t, f"{app.setup.game_id}.level.{lv}", None) or
                         option_label(t, f"setup.level.{lv}", lv)) for lv in levels],
                       seat.level, f"seat-{index}-level", t("setup.level"))
    colours = select(f"seat.{index}.color", [(c, t(f"colour.{n}")) for c, n in COLOUR_NAMES.items()],
                     seat.color, f"seat-{index}-colour", t("setup.colour"))
    return (f'<fieldset class="seat {seat_class(seat.color)}">'
            f'<legend>{escape(t("setup.seat", n=index + 1))}</legend>'
            f'<input type="text" data-field="seat.{index}.name" value="{attr(seat.name)}"'
            f' maxlength="24" data-testid="seat-{index}-name" aria-label="{attr(t("setup.name"))}">'
            f"{kind}{level}{colours}</fieldset>")


# --- game ---------------------------------------------------------------------
def public_scores(view: dict, state) -> list:
    """Scores as the view shows them (a game with hidden points puts "scores" in its views)."""
    scores = view.get("scores")
    return list(scores) if isinstance(scores, list) else state.scores()


TABLE_WRAP = 'class="table-wrap"'


def fresh_descriptions(session, first: int, model) -> list:
    """The moves new since the last drawing (`model.fresh`, from move `first`), each as
    `model.viewer` may know it: what a table animates, the same on every device."""
    return [session.describe_entry(first + offset, model.viewer)
            for offset, entry in enumerate(model.fresh) if not entry.is_resignation]


def render_game(app, model) -> str:
    session = app.session
    t = app.t
    ui = registry.game_ui(session.game_id)
    play = app.play
    replaying = model.replaying
    state, view = model.state, model.view
    ctx = RenderContext(
        t=t, seats=shown_seats(session.seats), viewer=model.viewer, can_act=model.can_act, animate=app.animate,
        fresh=fresh_descriptions(session, app.play.rendered_entries, model), actors=tuple(model.actors), selection=model.selection,
        moves_drawn=app.play.rendered_entries + len(model.fresh),
        options=dict(play.ui_options),
        lang=app.catalog.language,
    )
    # A reviewed move's position (ui/review.py): its better move is lit as a hint is.
    better = app.review.suggested() if replaying and model.handoff is None else None
    if better is not None:
        ctx = dataclasses.replace(ctx, viewer=better[0], can_act=True, actors=(better[0],),
                                  selection=ui.hint_selection(better[1]) or None)
    if model.handoff is not None:
        table = render_handoff(app, model.handoff)
    else:
        table = ui.render_table(view if better is None else state.view(better[0]), ctx)
    hint = None if replaying else app.shown_hint(model)
    if (hint or better) is not None:
        table = mark_hint(table, "{}:{}".format(*(hint or better)))
    status = render_status(app, state, ctx, ui, view)
    undo_player = app._undo_player()
    toolbar = (
        f'<div class="toolbar">'
        f'{button("↶ " + t("game.undo"), "undo", cls="small", testid="undo", disabled=undo_player is None)}'
        f'{button(t("game.redo") + " ↷", "redo", cls="small", testid="redo", disabled=not session.can_redo() or replaying or play.conflict)}'
        f'{hint_button(app, model)}'
        f'{button("☰ " + t("game.menu"), "menu", cls="small", testid="menu")}'
        "</div>"
    )
    banner = ""
    if replaying:
        total = session.move_count
        at_start, at_end = play.replay_index == 0, play.replay_index >= total
        step_buttons = [
            button("", "replay-step", arg, cls="small icon-btn", testid=f"replay-{name}", title=t(f"game.replay_{name}"),
                   disabled=disabled, icon_name=name)
            for name, arg, disabled in (
                ("first", "first", at_start), ("previous", "-1", at_start),
                ("next", "1", at_end), ("last", "last", at_end))]
        autoplay_kind = "pause" if play.autoplay else "play"
        autoplay = button(t(f"game.replay_{autoplay_kind}"), "replay-autoplay", cls="small", testid="replay-autoplay",
                          icon_name=autoplay_kind)
        steps = "".join(step_buttons[:2]) + autoplay + "".join(step_buttons[2:])
        banner = (f'<div class="banner" data-testid="replay-banner">'
                  f'<span data-testid="replay-position">{escape(t("game.replay", n=play.replay_index, total=total))}</span>'
                  f'<span class="row">{steps}'
                  f'{button(t("review.open"), "review", "open", cls="small", testid="replay-review") if app.review.available() else ""}'
                  f'{button(t("game.replay_back"), "replay-exit", cls="small primary", testid="replay-exit")}</span></div>')
    elif play.conflict:
        banner = (f'<div class="banner error" role="alert" data-testid="conflict-banner">'
                  f'{escape(t("game.conflict"))} '
                  f'{button(t("game.conflict_reload"), "conflict-reload", cls="small primary", testid="conflict-reload")}'
                  f'{button(t("game.conflict_keep"), "conflict-keep", cls="small", testid="conflict-keep")}</div>')
    elif play.keep_passing and not session.is_over:
        passing = sorted(play.keep_passing)
        names = ", ".join(shown_name(session.seats[p].name) for p in passing)
        stops = "".join(button(t("game.stop_passing", name=shown_name(session.seats[p].name)), "stop-passing", str(p), cls="small",
                               testid=f"stop-passing-{p}") for p in passing)
        banner = (f'<div class="banner" data-testid="keep-passing-banner">'
                  f'<span>{escape(t("game.keep_passing", names=names))}</span><span class="row">{stops}</span></div>')
    elif session.training_mode and session.undo_count:
        banner = f'<div class="banner muted">{escape(t("game.training"))}</div>'
    banner += app.devices.banner() + app.review.banner()
    if hint is not None:
        banner += app.hints.line(*hint)  # the move and its reason (ui/hints.py)
    overlay = ""
    if app.devices.panel_open and session.full_access() is not None:
        overlay = app.devices.render_panel()
    elif play.help_open:
        overlay = render_help(app)
    elif play.menu_open:
        overlay = render_menu(app, model)
    elif app.review.showing():
        overlay = app.review.render_panel()
    elif session.is_over and not replaying and not play.hide_results:
        overlay = render_results(app, ui, view, ctx)
    # Regions (see regions.py): a move redraws only what changed, and the
    # table's container, with its scroll position, stays in the page.
    return (f'<section class="game" data-testid="game" data-live data-game="{attr(session.game_id)}"'
            f' data-status="{attr(session.status)}" data-moves="{session.move_count}">'
            f'<h1 class="visually-hidden">{escape(game_title(app, session.game_id))}</h1>'
            f'<div class="game-head">{region("status", status)}{region("toolbar", toolbar)}</div>'
            f'{region("banner", banner)}{region("clock", render_clock(app, model.clock))}'
            f'{region("scoreline", render_scoreline(app, state, view, ui))}'
            f'<div class="game-body">{region("table", table, attributes=TABLE_WRAP)}'
            f'<aside class="side">{region("players", render_players(app, state, view, ui))}'
            f'{render_log(app, ui, model.viewer)}</aside></div>'
            f'{region("overlay", overlay)}</section>')


def hint_button(app, model) -> str:
    """Hint, in a game against the computer: the hard AI's move for the human to play."""
    seats = app.session.seats
    if not any(seat.kind == AI for seat in seats) or not any(seat.kind == HUMAN for seat in seats) \
            or app.session.full_access() is None:  # a guest's computers are the host's
        return ""
    thinking = app.play.hint_thinking
    return button(app.t("game.hint_thinking" if thinking else "game.hint"), "hint", cls="small", testid="hint",
                  disabled=thinking or app.hint_player(model) is None or app.shown_hint(model) is not None)


def mark_hint(table: str, arg: str) -> str:
    """Marks the board's targets whose move is `arg` (data-arg "player:move text") as the hint."""
    marked = f'data-arg="{attr(arg)}"'
    return table.replace(marked, marked + " data-suggested")


def render_clock(app, clock: Optional[dict]) -> str:
    """The round timer: a countdown for each human still to choose, and the pauses."""
    if not clock or not clock["waiting"]:
        return ""
    t = app.t
    seats = shown_seats(app.session.seats)
    chips = "".join(
        f'<span class="clock-chip {seat_class(seats[p].color)}" data-testid="clock-{p}"><span class="dot"></span>'
        f'{escape(t("clock.left", name=seats[p].name, time=clock_text(clock["remaining"][p])))}</span>'
        for p in clock["waiting"])
    paused_by = clock["paused_by"]
    away = clock.get("away") or []
    if away:  # a device is away (issue 31): the clock waits for it
        names = ", ".join(seats[p].name for p in away)
        controls = f'<span class="clock-paused" data-testid="clock-away">{escape(t("clock.away", names=names))}</span>'
    elif paused_by is not None:
        resume = button(t("clock.resume"), "clock-resume", cls="small primary", testid="clock-resume") \
            if clock.get("can_resume", True) else ""  # a guest resumes only its own seats' pause
        controls = (f'<span class="clock-paused" data-testid="clock-paused">'
                    f'{escape(t("clock.paused", name=seats[paused_by].name, time=clock_text(clock["pause_left"][paused_by])))}'
                    f'</span>{resume}')
    else:  # a guest pauses only for its own seats
        controls = "".join(
            button(t("clock.pause", name=seats[p].name, time=clock_text(clock["pause_left"][p])), "clock-pause",
                   str(p), cls="small", testid=f"clock-pause-{p}", disabled=clock["pause_left"][p] <= 0)
            for p in clock.get("pausers", clock["waiting"]))
    urgent = " urgent" if any(clock["remaining"][p] <= 10 for p in clock["running"]) and paused_by is None else ""
    return (f'<div class="round-clock{urgent}" role="timer" aria-label="{attr(t("clock.label"))}"'
            f' data-testid="clock">{chips}{controls}</div>')


def clock_region(app) -> str:
    """The clock region's markup alone, as `render_game` draws it: all a tick of the round clock changes."""
    return isolate_names(render_clock(app, None if app.play.replay_index is not None else app._clock_view()))


def end_reason_of(ui, view: dict, ctx) -> str:
    """Why the game ended, in the game's words ("" when its UI does not say)."""
    return ui.end_reason(view, ctx)


def render_status(app, state, ctx, ui, view) -> str:
    t = app.t
    session = app.session
    replay_index = app.play.replay_index
    # A replay's earlier positions have no ending: the game's end reason read
    # from an unfinished position would be a false one.
    if session.is_over and (replay_index is None or replay_index >= session.move_count):
        reason = end_reason_of(ui, view, ctx)
        text = t("results.title") + (f" · {reason}" if reason else "")
    elif app.play.ai_thinking:
        names = [shown_name(session.seats[p].name) for p in app.play.ai_thinking]
        text = t("game.thinking", name=names[0]) if len(names) == 1 else t("game.thinking_many", names=", ".join(names))
    elif ctx.can_act:
        names = ", ".join(ctx.seats[p].name for p in ctx.actors)
        prompt = ui.prompt(view, ctx)
        if prompt and len(session.human_players) > 1:  # hotseat: say whose turn it is in every phase
            prompt = t("game.prompt_for", name=names, prompt=prompt)
        text = prompt or t("game.your_turn", name=names)
    else:
        acting = state.to_move()
        names = ", ".join(ctx.seats[p].name for p in acting)
        text = t("game.turn_of", name=names) if acting else ""
    thinking = ' data-thinking="1"' if app.play.ai_thinking else ""
    retry = button(t("game.ai_retry"), "ai-retry", cls="small", testid="ai-retry") if app.play.ai_failed else ""
    return (f'<p class="status" role="status" aria-live="polite" data-testid="status"{thinking}>{escape(text)}</p>'
            + retry)


def keeps_score(ui) -> bool:
    """Whether the game has a running score to show (PSYCHOPATH has none: a capture of the psychopath decides)."""
    return ui.RUNNING_SCORE


def render_scoreline(app, state, view, ui) -> str:
    """The players in one strip of chips above the table, for phones (CSS shows
    it below 761 px, where the players' panel sits under the table and the log):
    what a game wants always in sight, its `chip_detail` or else the score."""
    seats = shown_seats(app.session.seats)
    details = [ui.chip_detail(view, player, app.t) for player in range(len(seats))]
    if all(detail is None for detail in details) and not keeps_score(ui):
        return ""  # nothing to show but names
    scores = public_scores(view, state)
    acting = state.to_move()
    chips = []
    for player, seat in enumerate(seats):
        turn = " turn" if player in acting and not app.session.is_over else ""
        detail = str(scores[player]) if details[player] is None else details[player]
        chips.append(f'<li class="chip{turn} {seat_class(seat.color)}" data-testid="chip-{player}">'
                     f'<span class="cname">{escape(seat.name)}</span> <b>{escape(detail)}</b></li>')
    # Hidden from screen readers: the players' panel says the same, once.
    return f'<ul class="scoreline" aria-hidden="true">{"".join(chips)}</ul>'


def render_players(app, state, view, ui) -> str:
    session = app.session
    acting = state.to_move()
    scores = public_scores(view, state)
    scored = keeps_score(ui)
    # What the number means, when the game says (GeonAxis: credits if the game ended now).
    meaning = app.t(ui.SCORE_MEANING) if ui.SCORE_MEANING else ""
    titled = f' title="{attr(meaning)}"' if meaning else ""
    hidden = f'<span class="visually-hidden">{escape(meaning)}: </span>' if meaning else ""
    if ui.SCORE_LABEL:  # the meaning in a few words, seen over the number
        hidden = f'<span class="pscore-label" aria-hidden="true">{escape(app.t(ui.SCORE_LABEL))}</span>{hidden}'
    items = []
    for player, seat in enumerate(shown_seats(session.seats)):
        turn = " turn" if player in acting and not session.is_over else ""
        who = f'<span class="badge">{escape(app.t("setup.kind.ai"))}</span> ' if seat.kind == AI else ""
        detail = ui.panel_detail(view, player, app.t)
        items.append(
            f'<li class="player{turn} {seat_class(seat.color)}" data-testid="player-{player}">'
            f'<span class="dot"></span><span class="pname">{escape(seat.name)} {who}</span>'
            + (f'<span class="pscore" data-testid="score-{player}"{titled}>{hidden}{scores[player]}</span>'
               if scored else "")
            + f'<span class="pdetail muted">{escape(detail)}</span></li>'
        )
    return f'<ul class="players">{"".join(items)}</ul>'


def revealed_submissions(session, ui, entries: list, cache: dict) -> set:
    """Entries the log leaves out: in a game whose UI sets REVEAL_LISTS_ALL (the
    last submission of a simultaneous decision describes everyone's), each earlier
    submission of a decision already revealed. One line a round, not one a player;
    a decision still open keeps its "has chosen" lines, and replay shows them all.
    `entries`: the session's log entries; `cache` keeps each one's facts while it stays."""
    if not ui.REVEAL_LISTS_ALL:
        return set()
    folded = set()
    revealed = False  # a later entry closed a decision
    for index in range(len(entries) - 1, -1, -1):
        cached = cache.get(("submission", index))
        if cached is None or cached[0] is not entries[index]:
            # (the entry, a resignation, one of several choices at once), from the position before it
            cached = (entries[index], session.move_facts(index).resignation,
                      len(session.position(index).to_move()) > 1)
            cache[("submission", index)] = cached
        if cached[1]:
            continue
        if cached[2]:
            if revealed:
                folded.add(index)
        else:
            revealed = True
    return folded


def log_marks(app, ui, index: int, entry) -> str:
    """`data-marks`: the table's elements (by data-testid) that a log line names, from
    the game's optional `move_marks(parts)` (the engine's description of the entry
    for a spectator: marks never name a secret); the page marks them while the
    line is pointed at or focused, so "doctor 27 → 17" can be found on the board."""
    if entry.is_resignation:
        return ""
    cached = app.play.log_cache.get(("marks", index))
    if cached is None or cached[0] is not entry:
        cached = (entry, " ".join(ui.move_marks(app.session.describe_entry(index, None))))
        app.play.log_cache[("marks", index)] = cached
    return f' data-marks="{escape(cached[1])}"' if cached[1] else ""


def log_item(app, ui, index: int, entry, viewer, current: bool, names: tuple) -> str:
    """One log line's finished markup (its names already isolated), made once for what it
    depends on: the entry, the viewer, the language, the players' `names` and whether the
    replay stands on it. A redraw after a move makes only the new line's."""
    key = ("item", index, viewer, app.catalog.language, current)
    cached = app.play.log_cache.get(key)
    if cached is not None and cached[0] is entry and cached[1] == names:
        return cached[2]
    text = app.game_log.line(index, entry, viewer)
    markup = isolate_names(f'<li class="{"current" if current else ""}"><button type="button" class="logbtn"'
                           f' data-action="replay" data-arg="{index + 1}"{log_marks(app, ui, index, entry)}>'
                           f'{escape(text)}</button></li>')
    app.play.log_cache[key] = (entry, names, markup)
    return markup


def render_log(app, ui, viewer) -> str:
    session = app.session
    t = app.t
    if not session.move_count:
        return f'<div class="log"><h3>{escape(t("game.log"))}</h3><p class="muted">{escape(t("game.log_empty"))}</p></div>'
    entries = session.log_entries()
    replay_index = app.play.replay_index
    folded = revealed_submissions(session, ui, entries, app.play.log_cache) if replay_index is None else set()
    names = tuple(seat.name for seat in session.seats)
    items = [log_item(app, ui, index, entry, viewer, replay_index == index + 1, names)
             for index, entry in enumerate(entries) if index not in folded]
    # Newest first, in a region that takes new lines at its top without a rebuild.
    return (f'<div class="log"><h3>{escape(t("game.log"))}</h3>'
            + region("log-prepend", "".join(reversed(items)), tag="ol",
                     attributes='class="moves" data-testid="log" reversed') + "</div>")


def render_menu(app, model) -> str:
    t = app.t
    session = app.session
    can_resign = not session.is_over and model.viewer is not None and model.viewer not in session.resigners
    return (f'<div class="overlay" data-testid="menu-panel">'
            f'<div class="dialog" role="dialog" aria-modal="true" aria-label="{attr(t("game.menu"))}">'
            + (f'{button(t("game.export"), "export", cls="wide", testid="export", autofocus=True)}'
               f'{button(t("devices.menu"), "devices", "open", cls="wide", testid="menu-devices")}'
               if session.full_access() is not None else "")  # a guest has no record and hosts nothing
            + f'{link(t("game.rules"), f"#/rules/{session.game_id}", "btn wide", "menu-rules")}'
            f'{button(t("game.help"), "help", cls="wide", testid="menu-help")}'
            + (button(t("unsaved.save_now"), "save-now", cls="wide", testid="save-now")
               if app.save_id in app.unsaved else "")
            + (button(t("game.resign"), "resign", cls="wide danger", testid="resign") if can_resign else "")
            + f'{button(t("game.quit"), "quit", cls="wide", testid="quit")}'
            f'{button(t("game.close_menu"), "menu", cls="wide", testid="close-menu")}'
            "</div></div>")


def render_help(app) -> str:
    """The keyboard shortcuts, opened with "?" or from the menu."""
    t = app.t
    game_rows = tuple((key.upper(), name) for key, (_, name) in app.game_keys().items())
    rows = "".join(f'<dt><kbd>{escape(keys)}</kbd></dt><dd>{escape(t(key))}</dd>'
                   for keys, key in game_rows + SHORTCUT_HELP)
    return (f'<div class="overlay" data-testid="help-panel">'
            f'<div class="dialog help" role="dialog" aria-modal="true" aria-labelledby="help-title">'
            f'<h2 id="help-title">{escape(t("game.help"))}</h2><dl class="shortcuts">{rows}</dl>'
            f'<p class="muted">{escape(t("help.typing"))}</p>'
            f'{button(t("game.close_menu"), "help", cls="wide", testid="close-help", autofocus=True)}'
            "</div></div>")


def render_handoff(app, player: int) -> str:
    t = app.t
    name = shown_name(app.session.seats[player].name)
    return (f'<div class="handoff {seat_class(app.session.seats[player].color)}" data-testid="handoff">'
            f'<h2>{escape(t("handoff.title", name=name))}</h2><p>{escape(t("handoff.body", name=name))}</p>'
            f'{button(t("handoff.ready", name=name), "reveal", str(player), "primary big", "reveal")}</div>')


def place_text(t, places: list, player: int) -> str:
    """A place, marked as shared when others hold it too (a draw, a tie)."""
    place = places[player]
    return f"{place} ({t('results.shared_place')})" if places.count(place) > 1 else str(place)


def render_results(app, ui, view: dict, ctx) -> str:
    """The end of the game: the winner, why it ended (the game's `end_reason`,
    when it has one), the places, and what to do next."""
    t = app.t
    session = app.session
    seats = ctx.seats  # names marked for isolation
    reason = end_reason_of(ui, view, ctx)
    places = session.final_places()
    final = session.position()
    scores = public_scores(final.view(None), final)
    scored = keeps_score(ui)
    order = sorted(range(len(places)), key=lambda p: (places[p], -scores[p]))
    winners = [seats[p].name for p in order if places[p] == 1]
    headline = t("results.winner", name=winners[0]) if len(winners) == 1 else \
        t("results.winners", names=", ".join(winners))
    rows = "".join(
        f'<tr class="{seat_class(session.seats[p].color)}" data-testid="place-{p}"><td>{place_text(t, places, p)}</td>'
        f'<td><span class="dot"></span>{escape(seats[p].name)}</td>'
        + (f'<td>{scores[p]}</td>' if scored else "") + "</tr>"
        for p in order
    )
    resigned = "".join(f'<p class="muted">{escape(t("results.resigned", name=seats[p].name))}</p>'
                       for p in session.resigners)
    resigned += "".join(f'<p class="muted" data-testid="hints-used-{p}">'
                        f'{escape(t("results.hints_one" if used == 1 else "results.hints", name=seats[p].name, n=used))}</p>'
                        for p, used in enumerate(session.hints_used) if used)
    return (f'<div class="overlay" data-testid="results">'
            f'<div class="dialog results" role="dialog" aria-labelledby="results-title">'
            f'<h2 id="results-title">{escape(t("results.title"))}</h2><p class="headline" data-testid="winner">{escape(headline)}</p>'
            + (f'<p data-testid="end-reason">{escape(reason)}</p>' if reason else "")
            + f"{resigned}<table><thead><tr><th>{escape(t('results.place'))}</th><th></th>"
            + (f"<th>{escape(t(ui.SCORE_HEADING or 'results.points'))}</th>" if scored else "")
            + f"</tr></thead><tbody>{rows}</tbody></table>{app.review.render_small()}"
            f'<div class="row">{button(t("results.rematch"), "rematch", cls="primary", testid="rematch")}'
            f'{button(t("results.replay"), "replay", "0", testid="results-replay")}'
            f'{button(t("review.open"), "review", "open", testid="results-review") if app.review.available() else ""}'
            f'{button(t("results.view_board"), "hide-results", testid="view-board")}'
            f'{link(t("results.home"), "#/", "btn", "results-home")}</div></div></div>')


# --- rules & settings ------------------------------------------------------------
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def rulings_for_players(text: str) -> str:
    """A game's RULINGS.md without what only developers need: the "Tests:" lines,
    and the sentence promising them (it points into tests/), which would promise nothing here."""
    lines = "\n".join(line for line in text.splitlines() if not line.lstrip("- ").startswith("Tests:"))
    paragraphs = []
    for paragraph in lines.split("\n\n"):
        if "tests/" in paragraph and not paragraph.lstrip().startswith(("#", "-", "*")):
            sentences = _SENTENCE_END.split(" ".join(paragraph.split()))
            paragraph = " ".join(sentence for sentence in sentences if "tests/" not in sentence)
        paragraphs.append(paragraph)
    return "\n\n".join(paragraphs)


def without_title(markdown: str) -> str:
    """A rules text without its opening "# Title" line: the page's own heading names the game."""
    first, _, rest = markdown.lstrip().partition("\n")
    return rest if first.startswith("# ") else markdown


DIAGRAM_LINE = re.compile(r"<p>\[\[diagram ([a-z_]+)\]\]</p>")


def with_diagrams(html: str, game_id: str, t) -> str:
    """Puts the game's drawings where its rules say [[diagram NAME]], on a line of its own."""
    ui = registry.game_ui(game_id)

    def figure(found) -> str:
        markup = ui.rules_diagram(found.group(1), t)
        return markup if markup is not None else ""  # a name the game does not draw: nothing (a test checks)

    return DIAGRAM_LINE.sub(figure, html)


def render_rules(app) -> str:
    game_id = app.route.arg
    language = app.catalog.language
    table_name = app.t("rules.table")
    rules = with_diagrams(render_markdown(without_title(registry.read_game_text(game_id, "RULES.md", language)),
                                          table_name=table_name), game_id, app.t)
    rulings = render_markdown(rulings_for_players(registry.read_game_text(game_id, "RULINGS.md", language)),
                              heading_offset=2, table_name=table_name)
    return (f'<section class="page rules" data-testid="rules">'
            f'<h1 class="page-title">{escape(rules_title(app.t, game_title(app, game_id)))}</h1>{rules}'
            f'<h2 id="rulings">{escape(app.t("rules.rulings"))}</h2><div class="rulings">{rulings}</div>'
            f'<div class="row">{link(app.t("home.new_game"), f"#/new/{game_id}", "btn primary")}'
            f'{tutorial.link_markup(app, game_id)}</div></section>')


def render_settings(app) -> str:
    t = app.t
    motion = app.prefs.get("motion", "system")
    options = "".join(
        f'<label class="radio"><input type="radio" name="motion" data-pref="motion" value="{value}"'
        f'{" checked" if motion == value else ""}> {escape(t(f"settings.motion.{value}"))}</label>'
        for value in ("system", "on", "off")
    )
    theme = app.prefs.get("theme", "system")
    theme_options = "".join(
        f'<label class="radio"><input type="radio" name="theme" data-pref="theme" value="{value}"'
        f' data-testid="theme-{value}"{" checked" if theme == value else ""}> {escape(t(f"settings.theme.{value}"))}</label>'
        for value in ("system", "light", "dark")
    )
    pace = app.prefs.get("pace", "normal")
    pace_options = "".join(
        f'<label class="radio"><input type="radio" name="pace" data-pref="pace" value="{value}"'
        f'{" checked" if pace == value else ""}> {escape(t(f"settings.pace.{value}"))}</label>'
        for value in ("normal", "fast")
    )
    auto = " checked" if app.prefs.get("auto_forced", True) else ""
    sound = " checked" if app.prefs.get("sound") else ""
    language = app.prefs.get("language", "en")
    language_options = "".join(
        f'<label class="radio"><input type="radio" name="language" data-pref="language" value="{value}"'
        f' data-testid="language-{value}"{" checked" if language == value else ""}> {escape(t(f"settings.language.{value}"))}</label>'
        for value in LANGUAGES
    )
    return (f'<section class="page settings" data-testid="settings"><h1 class="page-title">{escape(t("settings.title"))}</h1>'
            f'<fieldset><legend>{escape(t("settings.language"))}</legend>{language_options}</fieldset>'
            f'<fieldset><legend>{escape(t("settings.theme"))}</legend>{theme_options}</fieldset>'
            f'<fieldset><legend>{escape(t("settings.motion"))}</legend>{options}</fieldset>'
            f'<fieldset><legend>{escape(t("settings.pace"))}</legend>{pace_options}</fieldset>'
            f'<label class="radio"><input type="checkbox" data-pref="auto_forced" data-testid="auto-forced"{auto}>'
            f' {escape(t("settings.auto_forced"))}</label>'
            f'<label class="radio"><input type="checkbox" data-pref="sound" data-testid="sound"{sound}>'
            f' {escape(t("settings.sound"))}</label>'
            + app.signaling.render_settings()  # ui/signaling.py
            + f'<p class="muted">{escape(t("settings.credits"))}</p>'
            f'<h2 id="about">{escape(t("about.title"))}</h2><div data-testid="credits">'
            + "".join(f"<p>{escape(t(key))}</p>" for key in ("about.games", "about.software", "about.words"))
            + f'<p class="muted" data-testid="boot-path">{escape(t("about.boot." + app.browser.boot_path()))}</p>'
            + "</div></section>")
