"""Opening a game's session: a save, a new game from the setup form, an imported record.

Each gives the app a `MatchSession` (today a LocalMatchSession: the match on
this device with its save) and its save's identity; the data files a game
needs are loaded first, and a save that cannot open says why. A game joined
on another device's table (issue 31) will open here too.
"""

from __future__ import annotations

from typing import Optional

from ..core.match import HUMAN
from ..core.protocol import RecordError, Settings
from ..core.rng import SEED_MASK, seed_from_text
from .play_model import PlayView
from .routes import Route
from .session import LocalMatchSession
from .setup import SetupForm
from .storage import StorageError, StorageReadError, write_error_key


class GameOpener:
    def __init__(self, app):
        self.app = app

    def open_save(self, save_id: str) -> bool:
        """Opens save `save_id` (from this page's unsaved games first); False, with a notice, when it cannot."""
        app = self.app
        if app.session is not None and app.save_id == save_id:
            return True
        if save_id in app.unsaved:  # its latest moves are only here: storage holds an older copy
            kept = app.unsaved[save_id]
            app.session, app.save_id, app.save_text = kept.session, save_id, kept.expected
            app.play = PlayView(rendered_entries=app.session.move_count)
            return True
        try:
            app.save_text = app.saves.raw(save_id)
            header = app.saves.header(app.save_text)
            if header and app.after_assets(*header, lambda: app.go(Route("play", save_id))):
                return False
            app.session = app.devices.resume(LocalMatchSession.load(app.saves, save_id), save_id)
        except StorageReadError as error:
            app.notify("error", app.t("error.save_unreadable", reason=str(error)))
            app.session = None
            return False
        except RecordError as error:  # the message ends its reason with its own full stop
            app.notify("error", app.t("error.save_missing") if error.code == "save.missing"
                       else app.t("error.save_damaged", reason=app.error_text(error).rstrip(".")))
            app.session = None
            return False
        app.save_id = save_id
        app.play = PlayView(rendered_entries=app.session.move_count)
        return True

    def start(self, form: SetupForm, seed: Optional[int] = None) -> None:
        """A new game from the setup form, saved at once (its data files loaded first)."""
        app = self.app
        game = app.games[form.game_id]
        if seed is None:
            seed = seed_from_text(form.seed_text) if form.seed_text.strip() else app.browser.random_seed()
        settings = Settings(form.num_players, dict(form.variants))
        if app.after_assets(game, settings, lambda: self.start(form, seed)):
            app.render()
            return
        session = app.devices.after_setup(LocalMatchSession.start(game, settings, seed & SEED_MASK, form.seat_list()),
                                          form)
        humans = [seat.name for seat in session.seats if seat.kind == HUMAN]
        if humans:
            app.prefs["name"] = humans[0]
            app._write_prefs()
        app.session = session
        app.save_id = app.saves.new_id(session.record()["created"])
        app.save_text = None
        app.play = PlayView()
        app._autosave()
        app.go(Route("play", app.save_id))

    def import_text(self, text: str) -> None:
        """A chosen file: an exported record becomes a save of its own and opens."""
        app = self.app
        if app.table.import_text(text):  # an exported session At the table
            return
        header = app.saves.header(text)
        if header and app.after_assets(*header, lambda: self.import_text(text)):
            app.render()
            return
        try:
            save_id, session = LocalMatchSession.imported(app.saves, text)
        except RecordError as error:
            app.notify("error", app.t("error.import", reason=app.error_text(error)))
            app.render()
            return
        except StorageError as error:
            app.notify("error", app.t(write_error_key(error)))
            app.render()
            return
        app.save_text = app.saves.raw(save_id)
        app.session, app.save_id = session, save_id
        app.play = PlayView(rendered_entries=session.move_count)
        app.notify("info", app.t("notice.imported"))
        app.go(Route("play", save_id))
