"""What a human's input at the table does: a move, a step of a move, a game's display
switch, taking the device at a hand-off, and Enter on a node that plays nothing.

A move goes to the session for its seat (`submit`), only for a human seat, live
(not while replaying or while another tab holds a newer copy); a refused move is
said and changes nothing. After a move the hint and the selection go, and the
computers' searches under way are cancelled unless the move told them nothing
(a secret choice in a simultaneous round). The app's own moves for a human (a
forced move, Keep passing, a timed-out round) go through `submit` too.
"""

from __future__ import annotations

from ..core.match import HUMAN
from ..core.protocol import SIMULTANEOUS, GameError
from .computers import searches_still_sound


class PlayInput:
    def __init__(self, app):
        self.app = app

    def submit(self, player: int, text: str) -> None:
        """Plays `text` for the human `player` at the live position, then saves."""
        app = self.app
        session = app.session
        if session is None or app.play.replay_index is not None or app.play.conflict:
            return
        if session.seats[player].kind != HUMAN:
            return
        simultaneous = session.position().acting_mode() == SIMULTANEOUS
        try:
            session.play(player, text)
        except GameError as error:
            app.notify("error", app.t("error.illegal", reason=app.error_text(error)))
            return
        app.play.selection = None
        app.hints.clear()
        # A human's secret choice in a simultaneous round tells the computers of that
        # round nothing, so their searches go on while they are still to choose.
        if not searches_still_sound(session.position().to_move(), app.play.ai_thinking, simultaneous):
            app._cancel_ai()  # a search under way was for the position before this move
        app._autosave()

    def on_move(self, arg: str):
        """"player:move text" from the page."""
        app = self.app
        player_text, _, move_text = arg.partition(":")
        if player_text.isdigit():
            player, moves_before = int(player_text), app.session.move_count if app.session else 0
            self.submit(player, move_text.strip())
            if app.session is not None and app.session.move_count > moves_before:
                app.notices = [n for n in app.notices if n.topic != "play"]  # about a position now gone
                if app.play.revealed_to != player:
                    app.play.revealed_to = None  # hotseat: the device is in this player's hands now

    def on_select(self, arg: str):
        """A step of a multi-step move; the same token again (or an empty one) clears it."""
        app = self.app
        if app.session is None:
            return False
        same = app.play.selection == arg and app.play.selection_moves == app.session.move_count
        app.play.selection = None if same or not arg else arg[:100]
        app.play.selection_moves = app.session.move_count

    def on_option(self, arg: str):
        """A game's display switch, "name=value"; an empty value switches it off."""
        play = self.app.play
        name, _, value = arg.partition("=")
        if self.app.session is None or not name or len(name) > 40 or len(play.ui_options) > 20:
            return False
        if value:
            play.ui_options[name] = value[:100]
        else:
            play.ui_options.pop(name, None)

    def on_reveal(self, arg: str):
        """The player named at the hand-off holds the device: their secrets show."""
        app = self.app
        app.play.revealed_to = int(arg)
        app.play.revealed_moves = app.session.move_count if app.session is not None else 0

    def on_no_target(self, _arg: str):
        """Enter on a board node that plays nothing: say why, rather than nothing at all."""
        app = self.app
        if app.route.name != "play" or app.session is None:
            return False
        model = app.play_model()
        reason = "replay" if model.replaying else "over" if app.session.is_over else "" if model.can_act else "wait"
        app.notify("info", app.t("game.no_target" + (f".{reason}" if reason else "")), topic="play")
