"""Undo and redo for the humans at this device.

Against the computer undo is always allowed (training mode); between humans
only your own last move, before anyone else acts or a card is revealed: the
rule lives once, in the core (`Match.undo_landings`, through the session).
Here an Undo press goes back to the nearest of those positions where the
player has a real choice, never one the app would at once play again (a
forced pass), says what it took back, and Redo reverses exactly that press.
"""

from __future__ import annotations

from typing import Optional

from ..games import registry

MAX_UNDO_NAMED = 4  # moves an undo notice names one by one


class UndoControl:
    def __init__(self, app):
        self.app = app

    def undo(self):
        """Takes moves back to the nearest position where the player has a real
        choice (never one the app would at once play again), and says what it took back."""
        app = self.app
        human = self.player()
        if human is None:
            return
        session = app.session
        landing = self.landing(human)
        viewer = human if session.training_mode else None
        entries = session.log_entries()
        taken = [app.game_log.line(index, entries[index], viewer) for index in range(landing, len(entries))]
        app._cancel_ai()
        app.play.keep_passing.pop(human, None)  # else the app would pass again at once
        if not session.can_redo():
            app.play.undo_steps.clear()  # a move since the last undo dropped the match's redo groups
        undos = 0
        while session.move_count > landing and session.can_undo(human):
            session.undo(human)
            undos += 1
        app.play.undo_steps.append(undos)
        app.play.rendered_entries = session.move_count
        # A long run (many automatic passes) is named by its first move, so the notice stays short.
        text = app.t("notice.undone", moves="; ".join(taken)) if len(taken) <= MAX_UNDO_NAMED else \
            app.t("notice.undone_many", n=len(taken), first=taken[0])
        app.notify("info", text, topic="play")
        app._autosave()

    def redo(self):
        app = self.app
        session = app.session
        # Like Undo: never in the replay viewer (R would change the live game behind it) or a paused tab.
        if session is not None and session.can_redo() and not app.play.conflict and app.play.replay_index is None:
            app._cancel_ai()
            # As many groups as the undo it reverses took back, so Redo never
            # stops on a forced position the app would play again.
            undos = app.play.undo_steps.pop() if app.play.undo_steps else 1
            for _ in range(undos):
                if session.can_redo():
                    session.redo()
            app.notices = [n for n in app.notices if n.topic != "play"]
            app._autosave()

    def player(self) -> Optional[int]:
        """The human the Undo button acts for, if undo is allowed now."""
        app = self.app
        session = app.session
        if session is None or app.play.replay_index is not None or not session.move_count or app.play.conflict:
            return None
        humans = session.players_here
        candidate = humans[0] if session.training_mode else session.move_facts(session.move_count - 1).player
        return candidate if candidate in humans and self.landing(candidate) is not None else None

    def landing(self, human: int) -> Optional[int]:
        """The nearest position undo can reach where nothing would be played
        again at once by the app (a forced pass); None if there is none."""
        app = self.app
        ui = registry.game_ui(app.session.game_id)
        for landing in app.session.undo_landings(human):
            state = app.session.position(landing)
            if not any(app.keep_passing.forced_in(state, player, ui) for player in state.to_move()):
                return landing
        return None
