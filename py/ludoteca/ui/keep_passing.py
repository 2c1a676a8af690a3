"""The moves the app plays for a human by itself: Keep passing, and forced moves.

Keep passing (a game whose UI declares `KEEP_PASSING`, GeonAxis): a human passes
now and lets the app pass for them in the rounds to come, until they stop it
or the game's rule says something of theirs is at stake (`standing_pass`
compares their view with the one they had when they chose it). A forced
move: a human with a single move of a kind the game lets the app play
(`auto_play_forced`), when the player has not switched that off. Each waits
a short pause first, so every round shows, and is cancelled with the
computers' tasks by any change (it carries their generation).
"""

from __future__ import annotations

from ..core.match import HUMAN
from ..games import registry
from . import screens
from .computers import FORCED_MOVE_PAUSE
from .session import only_move


class KeepPassing:
    """Keep passing and forced moves, for the app (`app.play.keep_passing`:
    player -> their view when they chose it)."""

    def __init__(self, app):
        self.app = app

    # --- Keep passing --------------------------------------------------------------
    def verdict(self, position, player: int) -> tuple:
        """What "keep passing" does for `player` now: the game's standing_pass
        verdict, ("play", text), ("ask", None) or ("stop", reason key); ("off", None)
        when they did not choose it."""
        since = self.app.play.keep_passing.get(player)
        if since is None:
            return ("off", None)
        return registry.game_ui(self.app.session.game_id).standing_pass(position.view(player), since)

    def choose(self, player: int) -> bool:
        """`player` passes now and lets the app pass in the rounds to come; False when the game has no such thing."""
        app = self.app
        if not registry.game_ui(app.session.game_id).KEEP_PASSING:
            return False
        position = app.session.position()
        app.play.keep_passing[player] = position.view(player)
        verdict, what = self.verdict(position, player)
        if verdict == "play":
            app.play_input.on_move(f"{player}:{what}")
        elif verdict == "stop":
            self.stopped(player, what)
        return True

    def on_choose(self, arg: str):
        """The page's Keep passing for player `arg`, who may act now."""
        app = self.app
        if app.session is None or not arg.isdigit() or int(arg) not in app.play_model().actors:
            return False
        return None if self.choose(int(arg)) else False

    def on_stop(self, arg: str):
        if not arg.isdigit() or not self.stop(int(arg)):
            return False

    def stop(self, player: int) -> bool:
        """The player stops it; False when they had not chosen it."""
        return self.app.play.keep_passing.pop(player, None) is not None

    def stopped(self, player: int, reason_key: str) -> None:
        """The game's rule stopped it: say why."""
        app = self.app
        del app.play.keep_passing[player]
        name = screens.shown_name(app.session.seats[player].name)
        app.notify("info", app.t("notice.keep_passing_stopped", name=name, reason=app.t(reason_key)), topic="play")

    # --- forced moves -------------------------------------------------------------------
    def forced_in(self, position, player: int, ui) -> bool:
        """Whether the app plays `player`'s move at `position` by itself (a human's forced pass).
        Only a seat played here: a seat on another device is that device's to play (else both
        would), and a guest's seat whose move awaits the host's answer is not here for now."""
        app = self.app
        return app.prefs.get("auto_forced", True) and app.session.seats[player].kind == HUMAN \
            and player in app.session.players_here and only_move(position, player, ui)

    # --- what to play now ---------------------------------------------------------------
    def schedule(self) -> None:
        """At the live position (no computer to act): passes for a human who keeps
        passing, says when the game's rule stopped it, else plays a forced move."""
        app = self.app
        position = app.session.position()
        # Only players at this device: a host never plays for a guest's seat, nor a guest
        # again while its move is on its way (session.players_here).
        acting = [player for player in position.to_move() if player in app.session.players_here]
        for player in acting:
            verdict, what = self.verdict(position, player)
            if verdict == "stop":
                self.stopped(player, what)
                app.render()
            elif verdict == "play":  # only a human who may act can have chosen it
                app.browser.spawn(self._standing_pass(app.computers.claim(), player, what))
                return
        ui = registry.game_ui(app.session.game_id)
        for player in acting:
            if self.forced_in(position, player, ui):
                app.browser.spawn(self._forced_move(app.computers.claim(), player,
                                                    position.legal_moves(player)[0].text))
                return

    def _pause(self) -> float:
        return FORCED_MOVE_PAUSE.get(self.app.prefs.get("pace"), 0.35)

    async def _forced_move(self, generation: int, player: int, text: str) -> None:
        app = self.app
        await app.browser.sleep(self._pause())
        session = app.session
        if generation != app.computers.generation or session is None:
            return
        app.play_input.submit(player, text)
        # A visible, explained event, not a flash.
        if session.move_count and session.move_facts(session.move_count - 1).player == player:
            index = session.move_count - 1
            viewer = player if session.training_mode else None  # hotseat: the screen is shared
            entry = session.log_entries()[index]
            move = app.game_log.line(index, entry, viewer)
            app.notify("info", app.t("notice.forced", move=move), topic="play")
        app.render()
        app._after_change()

    async def _standing_pass(self, generation: int, player: int, text: str) -> None:
        """Passes for a human who chose "keep passing", after a short pause so each round shows."""
        app = self.app
        await app.browser.sleep(self._pause())
        if generation != app.computers.generation or app.session is None \
                or self.verdict(app.session.position(), player) != ("play", text):
            return  # stopped meanwhile, or the position changed
        app.play_input.submit(player, text)  # not on_move: whoever holds the device keeps it
        app.render()
        app._after_change()
