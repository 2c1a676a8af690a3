"""At the table (issue 33): the controller of the Alphagon companion's screens.

Routes `#/table/new` (setup) and `#/table/<save id>` (a session). A session
is stored like a game, under the same save keys, as a record whose `game`
is TABLE_GAME: the Continue list shows it (its row opens this screen) and
SaveStore writes it with the same conflict check as a game. The markup and
the texts are in games/alphagon/companion_ui.py; the rules in companion.py.
"""

from __future__ import annotations

import json
from typing import Optional

from ..core.match import now_iso
from ..core.protocol import GameError, RecordError, Settings
from ..games import registry
from .storage import SAVE_ID, SaveConflictError, StorageError, StorageReadError, parse_record_text, write_error_key

TABLE_GAME = "alphagon-table"  # the `game` of a stored session (no game of the registry has it)
GAME_ID = "alphagon"
NEW = "new"
TEXT_FIELDS = ("letters", "declared", "correction")


def is_table_save(save) -> bool:
    return getattr(save, "game", None) == TABLE_GAME


def route_arg_ok(arg: str) -> bool:
    return arg == NEW or bool(SAVE_ID.fullmatch(arg))


def home_link(app, game_id: str) -> str:
    """The home tile's link to the companion, for a game that has one: on a line of its
    own, so the tile's foot keeps the two buttons every tile has."""
    from .screens import link

    label = registry.table_link(game_id, app.catalog.language)
    if not label:
        return ""
    return f'<p class="tile-extra">{link(label, f"#/table/{NEW}", "btn", f"table-{game_id}")}</p>'


def render_save_row(app, save, delete: str) -> str:
    """A session's row in the Continue list: it opens the companion, not a board."""
    from html import escape

    from .screens import attr, link

    registry.game_ui(GAME_ID)
    t = app.t
    when = save.updated.replace("T", " ").rstrip("Z")[:16]
    status = t(f"saves.status.{save.status}")
    return (f'<li class="save" data-testid="save-{attr(save.id)}">'
            f'<div><strong>{escape(t("table.title"))}</strong> · {escape(", ".join(save.players))}'
            f'<p class="muted">{escape(status)} · {escape(t("saves.updated", date=when))}</p></div>'
            f'<div class="row">{link(t("saves.open"), f"#/table/{save.id}", "btn small primary", f"open-{save.id}")}'
            f"{delete}</div></li>")


class SessionRecord:
    """What SaveStore.save writes for a session (it asks only for `record()`)."""

    def __init__(self, session, created: str):
        self.session, self.created = session, created

    def record(self) -> dict:
        return {"game": TABLE_GAME, "created": self.created,
                "status": "finished" if self.session.is_over() else "playing",
                "seats": [{"name": name, "color": colour} for name, colour in
                          zip(self.session.names, self.session.colours)],
                "session": self.session.to_json()}


class TableScreen:
    def __init__(self, app):
        self.app = app
        self.form: Optional[dict] = None
        self.session = None
        self.save_id: Optional[str] = None
        self.created = ""
        self.save_text: Optional[str] = None
        self.view = self._fresh_view()

    @staticmethod
    def _fresh_view() -> dict:
        return {"tab": "sequence", "hide": True, "revealed": None, "who": 0, "other": 1, "length": 4,
                "question": "word", "letters": "", "declared": "", "correction": "", "verdict": None, "kept": False}

    def t(self, key: str, **values) -> str:
        return self.app.t(key, **values)

    # --- navigation ------------------------------------------------------------------
    def open(self, arg: str) -> bool:
        """Called when the route is #/table/<arg>; False when there is nothing to show."""
        registry.game_ui(GAME_ID)  # registers the companion's texts
        if arg == NEW:
            if self.form is None:
                self.form = self._default_form()
            return True
        if self.session is not None and self.save_id == arg:
            return True
        try:
            text = self.app.saves.raw(arg)
            record = parse_record_text(text or "")
            if record.get("game") != TABLE_GAME:
                raise RecordError("not a session at the table", "save.missing")
            from ..games.alphagon.companion import Session

            session = Session.from_json(record.get("session"))
        except StorageReadError as error:
            self.app.notify("error", self.t("error.save_unreadable", reason=str(error)))
            return False
        except GameError as error:
            self.app.notify("error", self.t("error.save_damaged", reason=self.app.error_text(error)))
            return False
        self.session, self.save_id, self.save_text = session, arg, text
        self.created = record.get("created") if isinstance(record.get("created"), str) else now_iso()
        self.view = self._fresh_view()
        self.view["tab"] = "score" if session.events else "sequence"
        self.view["who"] = session.first
        self.view["other"] = session.seat_order()[1]
        return True

    def _default_form(self) -> dict:
        from ..games.alphagon.companion import COLOURS

        lang = self.app.catalog.language
        return {"players": 2, "names": [self.t("table.default_name", n=n + 1) for n in range(6)],
                "colours": list(COLOURS), "edition": lang if lang in ("en", "it") else "en",
                "deal": "balanced", "first": "draw"}

    def render(self) -> str:
        registry.game_ui(GAME_ID)  # registers the companion's texts
        if self.app.route.arg == NEW:
            return _markup().render_setup(self.t, self.form)
        page = _markup().render_session(self.t, self.session, self.view)
        self.view["just_drawn"] = False  # the draw's animation plays once, not on every redraw
        return page

    # --- fields ------------------------------------------------------------------------
    def on_field(self, name: str, value: str):
        """A field changed; returns False when the page need not be redrawn (typing)."""
        form, view = self.form, self.view
        kind, _, index = name.partition(".")
        if kind in TEXT_FIELDS:
            view[kind] = value[:200]
            view["verdict"] = None
            return False
        if kind == "question":
            from ..games.alphagon.companion import QUESTIONS

            if value in QUESTIONS:
                view["question"], view["verdict"] = value, None
            return True
        if form is None:
            return False
        if kind == "name" and index.isdigit() and int(index) < 6:
            form["names"][int(index)] = value[:60]
            return False
        if kind == "colour" and index.isdigit() and int(index) < 6:
            self._set_colour(int(index), value)
        elif kind == "players" and value.isdigit() and 2 <= int(value) <= 6:
            form["players"] = int(value)
            if form["first"] != "draw" and int(form["first"]) >= form["players"]:
                form["first"] = "draw"
        elif kind in ("edition", "deal", "first"):
            form[kind] = value
        return True

    def _set_colour(self, seat: int, colour: str) -> None:
        """Taking another seat's colour swaps the two, so colours stay distinct."""
        colours = self.form["colours"]
        if colour in colours:
            other = colours.index(colour)
            colours[other] = colours[seat]
        colours[seat] = colour

    # --- actions -----------------------------------------------------------------------
    def on_action(self, arg: str):
        verb, _, rest = arg.partition(":")
        handler = getattr(self, "_do_" + verb, None)
        if handler is None:
            return False
        try:
            return handler(rest)
        except GameError as error:
            self.app.notify("error", self.app.error_text(error), "table")
            return True

    def _do_start(self, _rest: str):
        from ..games.alphagon.companion import Session

        form = self.form
        n = form["players"]
        first = None if form["first"] == "draw" else int(form["first"])
        session = Session(form["edition"], form["names"][:n], form["colours"][:n],
                          self.app.browser.random_seed() & ((1 << 53) - 1), form["deal"], first)
        self.created = now_iso()
        self.save_id = self.app.saves.new_id(self.created)
        self.session, self.save_text = session, None
        self.view = self._fresh_view()
        self.view["who"], self.view["other"] = session.first, session.seat_order()[1]
        self.view["just_drawn"] = True
        self.form = None
        self._save()
        from .routes import Route

        self.app.go(Route("table", self.save_id))
        return False

    def _do_tab(self, rest: str):
        if rest in ("sequence", "score", "referee"):
            self.view["tab"] = rest
        return True

    def _do_hide(self, _rest: str):
        self.view["hide"] = not self.view["hide"]
        self.view["revealed"] = None
        return True

    def _do_reveal(self, rest: str):
        self.view["revealed"] = int(rest) if rest.isdigit() and int(rest) < self.session.players else None
        return True

    def _seat(self, rest: str, key: str):
        if rest.isdigit() and int(rest) < self.session.players:
            self.view[key] = int(rest)
        return True

    def _do_who(self, rest: str):
        return self._seat(rest, "who")

    def _do_other(self, rest: str):
        return self._seat(rest, "other")

    def _do_length(self, rest: str):
        if rest.isdigit():
            self.view["length"] = int(rest)
        return True

    def _do_score(self, kind: str):
        from ..games.alphagon import companion as K

        view = self.view
        if kind in ("long_bonus", "long_letter"):
            self.session.score(K.LONG_PRIZE, view["who"], prize=kind[5:])
        else:
            other = view["other"] if kind in K.SEAT_PAIR_EVENTS else None
            length = view["length"] if kind in K.WORD_EVENTS else None
            self.session.score(kind, view["who"], other, length)
        self._saved_and_said()
        return True

    def _do_end(self, reason: str):
        self.session.end(reason)
        self._saved_and_said()
        return True

    def _do_undo(self, _rest: str):
        self.session.undo()
        self._save()
        return True

    def _do_export(self, _rest: str):
        record = SessionRecord(self.session, self.created).record()
        filename = f"ludoteca-{TABLE_GAME}-{self.save_id}.json"
        self.app.browser.download(filename, json.dumps(record, indent=1))
        self.app.notify("info", self.t("notice.exported", file=filename))
        return True

    def _do_ask(self, _rest: str):
        from ..games.alphagon.companion import referee
        from ..games.alphagon.rules import GAME

        session, view = self.session, self.view
        settings = Settings(session.players, {"edition": session.lang, "deal": "random", "judge": "dictionary"})
        if self.app.after_assets(GAME, settings, lambda: self.app.dispatch("table", "ask")):
            return True
        view["verdict"] = referee(GAME.wordlist(session.lang), view["question"], view["letters"],
                                  view["declared"], view["correction"] or None)
        view["kept"] = False
        return True

    def _do_keep(self, _rest: str):
        return self._rule(False)

    def _do_overrule(self, _rest: str):
        return self._rule(True)

    def _rule(self, overruled: bool):
        if self.view["verdict"] is None or self.view["kept"]:
            return False
        self.session.record_ruling(self.view["verdict"], overruled)
        self.view["kept"] = True
        self._save()
        return True

    # --- saving ------------------------------------------------------------------------
    def import_text(self, text: str) -> bool:
        """Takes in an exported session as a new save; False when the text is no session (a game record)."""
        try:
            record = parse_record_text(text)
        except RecordError:
            return False
        if record.get("game") != TABLE_GAME:
            return False
        from ..games.alphagon.companion import Session

        registry.game_ui(GAME_ID)
        try:
            session = Session.from_json(record.get("session"))
        except GameError as error:
            self.app.notify("error", self.t("error.import", reason=self.app.error_text(error)))
            self.app.render()
            return True
        self.session, self.save_text, self.created = session, None, now_iso()
        self.save_id = self.app.saves.new_id(self.created)
        self.view = self._fresh_view()
        self.view["tab"] = "score"
        self._save()
        self.app.notify("info", self.t("notice.imported"))
        from .routes import Route

        self.app.go(Route("table", self.save_id))
        return True

    def _saved_and_said(self) -> None:
        self._save()
        key, params = self.session.log()[-1]
        self.app.browser.announce(_markup().log_text(self.t, key, params), self.app.catalog.language)

    def _save(self) -> None:
        if self.app.storage_off or self.save_id is None:
            return
        try:
            self.save_text = self.app.saves.save(self.save_id, SessionRecord(self.session, self.created),
                                                 self.save_text, check=True)
        except SaveConflictError as conflict:
            # Another tab wrote this session: its copy wins, this one is read again.
            self.session, self.save_text = None, conflict.stored
            self.app.notify("error", self.t("table.conflict"))
            self.open(self.save_id)
        except StorageError as error:
            self.app.storage_failed(write_error_key(error))


def _markup():
    from ..games.alphagon import companion_ui

    return companion_ui
