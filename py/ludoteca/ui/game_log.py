"""The game's log lines: each move named for a viewer, the hint's line, and new moves said aloud.

The engine names a move for its viewer (`MatchSession.describe_entry`: (message
key, params) pairs from `State.describe_move`); the game's UI only words them
(`GameUI.log_line`). Around that wording the log adds what the session's facts
say of the entry: a resignation, a resigned seat's automatic move, or a move that
was its player's only one (`MatchSession.move_forced`, as far as the viewer may
know it). These are plain data on every session, so a guest's device (net/remote.py)
writes the same lines as the host's. A line is computed once per entry, viewer,
language and players' names (`app.play.log_cache`).
"""

from __future__ import annotations

from typing import Optional

from ..core.match import AI
from ..core.session import decision_opened
from ..games import registry
from . import screens


class GameLog:
    def __init__(self, app):
        self.app = app

    def _names(self) -> list:
        return [screens.shown_name(seat.name) for seat in self.app.session.seats]  # isolated on the page

    def line(self, index: int, entry, viewer: Optional[int]) -> str:
        """The log line of entry `index` for `viewer`. `entry`: the session's object for it
        (`log_entries`), which stays the same while the entry does: the cache's check."""
        app = self.app
        session = app.session
        key = (index, viewer, app.catalog.language)
        names = self._names()
        cached = app.play.log_cache.get(key)
        if cached is not None and cached[0] is entry and cached[2] == names:
            return cached[1]
        facts = session.move_facts(index)
        if facts.resignation:  # the core's own move: games never see it
            text = app.t("game.log.resigned", name=names[facts.player])
        else:
            ui = registry.game_ui(session.game_id)
            text = ui.log_line(session.describe_entry(index, viewer), names, app.t)
            if facts.automatic:
                text = app.t("game.log.automatic", move=text)
            elif session.move_forced(index, viewer):
                text = app.t("game.log.forced", move=text, name=names[facts.player])
        app.play.log_cache[key] = (entry, text, names)
        return text

    def hint_line(self, player: int, text: str) -> str:
        """The game's own log line for the hinted move `text`, as if `player` played it (its chance unseen)."""
        app = self.app
        session = app.session
        opened = decision_opened(session)  # others' secret choices of the same round stay unseen
        try:
            move = session.parse_move(text)
            before = session.full_access().state_before(opened)
            return registry.game_ui(session.game_id).log_line(
                [before.describe_move(move, player, player)], self._names(), app.t)
        except Exception:  # noqa: BLE001 - a description is a courtesy: the move text still says it
            return text

    def announce_fresh(self, model) -> None:
        """Says each move new since the last drawing once to screen readers; a chime, if wanted,
        when a computer or another device (a guest, or the host seen from a guest) hands back the turn."""
        app = self.app
        first = app.play.rendered_entries
        lines = [app.t("game.announce", n=first + offset + 1, move=self.line(first + offset, entry, model.viewer))
                 for offset, entry in enumerate(model.fresh)]
        app.browser.announce(screens.plain_names(" ".join(lines)), app.catalog.language)
        here = app.session.players_here
        if app.prefs.get("sound") and model.can_act and any(
                app.session.seats[entry.player].kind == AI or entry.player not in here for entry in model.fresh):
            app.browser.chime()
