"""What the game menu and the list of saved games do: export, save now, resign, quit, delete.

Export downloads a game's record (the open game's, or one storage refused and this
page keeps, `app.unsaved`); a damaged save's stored text downloads as it is, so
nothing is lost. Save now tries a refused save again. Resign and deleting a save
ask first (`app.confirming`); so does quitting a game whose moves are not saved,
which offers to export them before leaving. Each handler takes the action's
argument and returns what the app's dispatch expects (False: nothing to redraw).
"""

from __future__ import annotations

import json
from typing import Optional

from .play_model import Confirmation
from .routes import Route
from .storage import MAX_IMPORT_BYTES, StorageReadError


class MenuActions:
    def __init__(self, app):
        self.app = app

    # --- records out --------------------------------------------------------------------
    def export(self, session=None, save_id: Optional[str] = None) -> None:
        """Downloads the record of `session` (the open game's by default)."""
        app = self.app
        record = (session or app.session).record()
        filename = f"ludoteca-{record['game']}-{save_id or app.save_id}.json"
        app.browser.download(filename, json.dumps(record, indent=1))
        app.notify("info", app.t("notice.exported", file=filename))

    def on_export(self, _arg: str):
        self.export()
        self.app.play.menu_open = False

    def on_export_unsaved(self, save_id: str):
        kept = self.app.unsaved.get(save_id)
        if kept is not None:
            self.export(kept.session, save_id)

    def on_export_raw(self, save_id: str):
        """Downloads a damaged save's stored text as it is, so nothing is lost."""
        app = self.app
        try:
            text = app.saves.raw(save_id)
        except StorageReadError as error:
            app.notify("error", app.t("error.save_unreadable", reason=str(error)))
            return
        if text is not None:
            safe = "".join(ch for ch in save_id if ch.isalnum() or ch == "-")[:40] or "save"
            app.browser.download(f"ludoteca-damaged-{safe}.txt", text)

    def import_too_large(self) -> None:
        """The browser glue read a chosen file's size: too large to import."""
        app = self.app
        limit = MAX_IMPORT_BYTES // 1000
        app.notify("error", app.t("error.import", reason=app.t("error.import.too_large", limit=limit)))
        app.render()

    # --- saves ----------------------------------------------------------------------------
    def on_save_now(self, _arg: str):
        """The player asks to try the refused save again (after freeing room elsewhere)."""
        app = self.app
        app.play.menu_open = False
        if not app.save_unsaved():
            app.notify("error", app.t(app.storage_problem or "error.storage_full"))

    def on_delete_save(self, save_id: str):
        app = self.app

        def delete():
            app.saves.delete(save_id)
            if app.save_id == save_id:
                app.session, app.save_id = None, None
            app.unsaved.pop(save_id, None)  # deleted on purpose: nothing to keep
            app.save_unsaved()  # the room just freed may be enough for it

        app.confirming = Confirmation(app.t("saves.confirm_delete"), app.t("saves.delete"), delete)

    # --- leaving the game -------------------------------------------------------------------
    def on_resign(self, _arg: str):
        app = self.app
        session = app.session
        if session is None or session.is_over:
            return
        human = app.play_model().viewer
        if human is None:
            return

        def resign():
            if app.session is session and not session.is_over:
                app._cancel_ai()
                session.resign(human)
                app.play.menu_open = False
                app._autosave()

        app.play.menu_open = False  # the question takes the menu's place
        app.confirming = Confirmation(app.t("game.confirm_resign"), app.t("game.resign"), resign)

    def on_quit(self, _arg: str):
        app = self.app
        app.devices.leave()  # a guest leaves its table on purpose: the others are told (ui/devices.py)
        app._autosave()
        if app.save_id in app.unsaved:
            def export_and_leave():
                self.export()
                app.go(Route("home"))

            app.play.menu_open = False  # the question takes the menu's place
            app.confirming = Confirmation(app.t("unsaved.leave"), app.t("unsaved.export_and_leave"),
                                          export_and_leave)
            return
        app.go(Route("home"))
        return False
