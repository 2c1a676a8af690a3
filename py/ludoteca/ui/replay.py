"""The replay viewer: any earlier position of the open game, stepped through or played back.

A move in the log, the step buttons or the arrow keys show the position after
that many moves (`app.play.replay_index`; None: the live game). A live
game's latest position is the game itself; a finished game's stays in the
viewer. Autoplay steps forward by itself at the player's pace until the end,
and stops on any other step. Showing a replay stops the computers.
"""

from __future__ import annotations

from typing import Optional

from .routes import Route

REPLAY_AUTOPLAY_SECONDS = {"normal": 1.2, "fast": 0.4}  # between two moves of an autoplayed replay


class ReplayViewer:
    """The app's replay handlers (each returns False when nothing changed, as handlers do)."""

    def __init__(self, app):
        self.app = app
        self.autoplay_generation = 0

    def show(self, arg: str):
        """Shows the position after move `arg` (0: the start)."""
        index = int(arg)
        if self.app.session is not None and 0 <= index <= self.app.session.move_count:
            self.stop_autoplay()
            self.app._cancel_ai()
            self.app.play.replay_index = self.index_for(index)

    def open_save(self, save_id: str):
        """Opens a finished save from the Continue list in the replay viewer."""
        self.app.replay_on_open = save_id
        self.app.go(Route("play", save_id))
        return False

    def index_for(self, position: int) -> Optional[int]:
        """A live game's latest position is the game itself; a finished game's stays in the viewer."""
        at_end = position == self.app.session.move_count
        return None if at_end and not self.app.session.is_over else position

    def toggle_autoplay(self, _arg: str):
        """Plays the moves one after another from the position on screen (from the start at the end)."""
        if self.app.session is None or not self.app.session.move_count:
            return False
        if self.app.play.autoplay:
            self.stop_autoplay()
            return
        total = self.app.session.move_count
        if self.app.play.replay_index is None or self.app.play.replay_index >= total:
            self.app.play.replay_index = 0
        self.app._cancel_ai()
        self.app.play.autoplay = True
        self.autoplay_generation += 1
        self.app.browser.spawn(self._autoplay(self.autoplay_generation))

    def stop_autoplay(self) -> None:
        self.autoplay_generation += 1
        self.app.play.autoplay = False

    async def _autoplay(self, generation: int) -> None:
        while True:
            await self.app.browser.sleep(REPLAY_AUTOPLAY_SECONDS.get(self.app.prefs.get("pace"), 1.2))
            play = self.app.play
            if generation != self.autoplay_generation or not play.autoplay or play.replay_index is None:
                return
            position = play.replay_index + 1
            play.replay_index = self.index_for(position)
            play.autoplay = position < self.app.session.move_count
            self.app.render()
            if not play.autoplay:
                self.app._after_change()
                return

    def step(self, arg: str):
        """Steps through the game's positions: -1/+1, "first" or "last" (the live position)."""
        if self.app.session is None:
            return False
        total = self.app.session.move_count
        current = total if self.app.play.replay_index is None else self.app.play.replay_index
        target = {"first": 0, "last": total}.get(arg)
        if target is None:
            try:
                target = current + int(arg)
            except ValueError:
                return False
        target = max(0, min(total, target))
        if target == current:
            return False
        self.stop_autoplay()
        self.app._cancel_ai()
        self.app.play.replay_index = self.index_for(target)

    def leave(self, _arg: str):
        self.stop_autoplay()
        self.app.play.replay_index = None
