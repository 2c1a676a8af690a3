"""Saving the open game, games storage refused, and two tabs on one save.

Every change of the open game is written at once (`autosave`), never over a
newer copy another tab wrote: the write checks that storage still holds
what this tab last read or wrote (`app.save_text`), and another tab's write
(the browser's `storage` event, `storage_changed`) is noticed too. Either
way the game turns read-only (`app.play.conflict`) until the player loads
the newer copy (`reload_newer`) or keeps this one as a save of its own
(`keep_copy`). When storage refuses a write (it is full), the game's moves
stay on this page (`unsaved`) and are saved as soon as there is room.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from ..core.match import now_iso
from .routes import Route
from .storage import SAVE_PREFIX, SaveConflictError, StorageError, StorageReadError, write_error_key


@dataclass
class UnsavedGame:
    """A game whose latest moves storage refused (it was full): kept on this
    page, even once another game is opened, until a save of it succeeds."""

    save_id: str
    session: Any  # its MatchSession
    expected: Optional[str]  # what storage held for it when it was last written (for the two-tab check)


class GameSaving:
    def __init__(self, app):
        self.app = app
        self.unsaved: dict = {}  # save id -> UnsavedGame
        self.storage_problem: Optional[str] = None  # message key of the last failed write

    # --- the open game ----------------------------------------------------------------
    def autosave(self) -> None:
        """Writes the open game; never overwrites a newer copy from another tab."""
        app = self.app
        if app.session is None or app.save_id is None or app.storage_off or app.play.conflict:
            return
        try:
            app.save_text = app.session.save_to(app.saves, app.save_id, app.save_text)
        except SaveConflictError:
            app._cancel_ai()
            app.play.conflict = True
            return
        except StorageError as error:
            self.storage_failed(write_error_key(error))
            self.unsaved[app.save_id] = UnsavedGame(app.save_id, app.session, app.save_text)
            return
        if app.save_id in self.unsaved:
            self._saved_again(app.save_id)
        if self.unsaved:
            self._save_kept_games()  # room enough for this game: maybe for others waiting too
        else:
            self._problem_solved()

    def storage_failed(self, key: str) -> None:
        """A write failed (`key`: its message); the notice replaces an older failure's."""
        app = self.app
        if self.storage_problem is not None and self.storage_problem != key:
            app.notices = [n for n in app.notices if n.text != app.t(self.storage_problem)]
        self.storage_problem = key
        app.notify("error", app.t(key))

    def _problem_solved(self) -> None:
        if self.storage_problem is not None:
            problem, self.storage_problem = self.storage_problem, None
            self.app.notices = [n for n in self.app.notices if n.text != self.app.t(problem)]

    # --- two tabs -------------------------------------------------------------------------
    def storage_changed(self, key: Optional[str]) -> None:
        """Another tab wrote to storage (the browser's `storage` event)."""
        app = self.app
        if app.route.name == "home":
            app.render()
            return
        if app.session is None or app.save_id is None or key not in (None, SAVE_PREFIX + app.save_id):
            return
        try:
            stored = app.saves.raw(app.save_id)
        except StorageReadError:
            return
        if stored != app.save_text and not app.play.conflict:
            app._cancel_ai()
            app.play.conflict = True
            app._sync_clock()  # this tab's round clock stops while the other tab's copy is newer
            app.render()

    def reload_newer(self) -> bool:
        """Drops this tab's copy for the newer one another tab wrote; False when it
        cannot be opened (then the app goes home)."""
        app = self.app
        save_id = app.save_id
        app.session, app.save_id = None, None
        app._cancel_ai()
        if save_id is not None and app._open_save(save_id):
            app.notify("info", app.t("notice.reloaded"))
            return True
        app.go(Route("home"))
        return False

    def keep_copy(self) -> bool:
        """Keeps this tab's version too, as a save of its own; False when no game is open."""
        app = self.app
        if app.session is None:
            return False
        app.save_id = app.saves.new_id(now_iso())
        app.save_text = None
        app.play.conflict = False
        app._autosave()
        app.notify("info", app.t("notice.kept_copy"))
        app.go(Route("play", app.save_id))
        return True

    # --- games storage refused ------------------------------------------------------------
    def save_unsaved(self) -> bool:
        """Tries again to save every game storage refused; True when none is left unsaved."""
        app = self.app
        if app.save_id in self.unsaved and app.session is self.unsaved[app.save_id].session:
            app._autosave()  # saves the others too when it succeeds
        else:
            self._save_kept_games()
        return not self.unsaved

    def _save_kept_games(self) -> None:
        """Saves the refused games other than the open one, as far as room allows."""
        app = self.app
        for save_id, kept in list(self.unsaved.items()):
            if save_id == app.save_id:
                continue
            try:
                try:
                    kept.session.save_to(app.saves, save_id, kept.expected)
                except SaveConflictError:  # another tab changed it meanwhile: keep both
                    kept.session.save_to(app.saves, app.saves.new_id(now_iso()), None)
            except StorageError:
                continue
            self._saved_again(save_id)

    def _saved_again(self, save_id: str) -> None:
        del self.unsaved[save_id]
        if not self.unsaved:
            self._problem_solved()
        self.app.notify("info", self.app.t("unsaved.saved"))
