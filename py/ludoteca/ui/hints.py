"""Hints: the hard computer's move for the human to play, in a game against the computer.

Asked with Hint (or H), it thinks in slices like every computer player, for
the human on screen, from what that human knows; the move shows on the
board (a move of several steps with its first step made) while its position
is still the one on screen, with the game's reason for it where it gives
one (`State.explain_move`, from what that human may see). The record counts
the hints each player used.
"""

from __future__ import annotations

import traceback
from html import escape
from typing import Optional

from ..core.match import AI
from ..core.rng import SeededRng
from ..core.session import decision_opened
from ..games import registry
from . import screens
from .clock import same_decision
from .computers import ai_search, think_in_slices
from .play_model import PlayModel


class Hints:
    def __init__(self, app):
        self.app = app
        self.generation = 0  # a hint still thinking is dropped when it changes
        self._reason: tuple = (None, None)  # (app.play.hint it explains, the engine's reason or None)

    def clear(self) -> None:
        self.generation += 1  # a hint still thinking is for a position gone
        self.app.play.hint = None
        self.app.play.hint_thinking = False
        self._reason = (None, None)

    def player(self, model: Optional[PlayModel] = None) -> Optional[int]:
        """The human a hint would be for now: only in a game against the
        computer, live, on that human's own screen, when they may act.
        `model`: the redraw's own play model, if there is one (not computed twice)."""
        app = self.app
        session = app.session
        if app.route.name != "play" or session is None or session.is_over or app.play.conflict \
                or app.play.replay_index is not None or not any(seat.kind == AI for seat in session.seats):
            return None
        model = model or app.play_model()
        return model.viewer if model.handoff is None and model.viewer in model.actors else None

    def shown(self, model: Optional[PlayModel] = None) -> Optional[tuple]:
        """The hint on screen, (player, move text), while its position is still the one shown."""
        app = self.app
        hint = app.play.hint
        # A computer's secret choice in the same simultaneous round leaves the hint sound.
        if hint is None or app.session is None or not same_decision(app.session, hint[0]) \
                or hint[1] != self.player(model):
            return None
        return hint[1], hint[2]

    def ask(self):
        """The player asks for a hint: one per position, pressing again costs nothing."""
        app = self.app
        player = self.player()
        if player is None or app.play.hint_thinking or self.shown() is not None:
            return False  # one hint per position: pressing again costs nothing
        self.clear()
        app.play.hint_thinking = True
        app.browser.spawn(self._think(self.generation, player))

    async def _think(self, generation: int, player: int) -> None:
        """The hard AI thinks for `player` in slices, like every computer player, then the hint shows."""
        app = self.app
        session = app.session
        moves = session.move_count

        def still_wanted() -> bool:
            return generation == self.generation and app.session is session and same_decision(session, moves) \
                and self.player() == player

        try:
            search = ai_search(session, player, "hard")
            if not await think_in_slices(search, app.browser.sleep, still_wanted):
                return
            move = search.best_move()
        except Exception as error:  # noqa: BLE001 - a broken hint must not break the game
            app.browser.log_error("".join(traceback.format_exception(error)))
            if generation == self.generation:
                app.play.hint_thinking = False
                app.notify("error", app.t("error.hint_failed"), topic="play")
                app.render()
            return
        if not still_wanted():
            return
        app.play.hint = (moves, player, move.text)
        app.play.hint_thinking = False
        self.reason(player, move.text)  # worked out once, here, not at every redraw
        # A move of several steps (a piece, then its target) shows with its first step made.
        first_step = registry.game_ui(session.game_id).hint_selection(move.text)
        if first_step:
            app.play.selection, app.play.selection_moves = first_step, session.move_count
        session.count_hint(player)
        app._autosave()
        app.render()

    def reason(self, player: int, text: str) -> Optional[tuple]:
        """The engine's reason for the hint on screen, (message key, params) or None:
        `State.explain_move` where the decision opened, so that others' secret
        choices of the same round stay out of it, on a world where the other
        seats' secrets are re-drawn (as the hint's search sees it)."""
        hint = self.app.play.hint
        cached_for, reason = self._reason
        if hint is not None and cached_for == hint:
            return reason
        reason = None
        session = self.app.session
        full = session.full_access() if session is not None else None
        if full is not None:
            try:
                move = session.parse_move(text)
                # On the player's own world: others' secrets re-drawn, so none can reach the screen.
                world = full.state_before(decision_opened(session)).determinize(player, SeededRng(full.seed))
                reason = world.explain_move(move, player)
            except Exception as error:  # noqa: BLE001 - a reason is a courtesy: the hint stands without it
                self.app.browser.log_error("".join(traceback.format_exception(error)))
        self._reason = (hint, reason)
        return reason

    def line(self, player: int, text: str) -> str:
        """The hint's line under the board (markup): the move in the game's own
        words, then its reason. A status region: screen readers announce both."""
        app = self.app
        words = escape(app.t("game.hint_line", move=app.game_log.hint_line(player, text)))
        reason = self.reason(player, text)
        if reason is not None:
            ui = registry.game_ui(app.session.game_id)
            names = [screens.shown_name(seat.name) for seat in app.session.seats]
            words += f' <span class="hint-reason" data-testid="hint-reason">{escape(ui.hint_reason(reason, names, app.t))}</span>'
        return f'<p class="banner hint-line" role="status" data-testid="hint-line">{words}</p>'
