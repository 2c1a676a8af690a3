"""What the game screen shows: the view state of the open game (PlayView), and
the play model computed from it once per redraw (who sees what and who may act).

The model reads only the session's positions and the engine's views for a
viewer: the screen is drawn from what the seat on screen may know.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

from ..core.protocol import RESPONSE, SIMULTANEOUS
from ..games import registry
from .clock import RoundClock, same_decision


@dataclass
class Notice:
    kind: str  # info | error
    text: str
    topic: str = ""  # a newer notice on the same topic replaces it ("play": what the app did to the game)


@dataclass
class Confirmation:
    """A question shown in a dialog; `on_agree` runs only if the user agrees."""

    question: str
    agree_label: str
    on_agree: Callable[[], None]


@dataclass
class PlayView:
    """What the game screen shows besides the match itself."""

    menu_open: bool = False
    help_open: bool = False  # the keyboard shortcuts overlay
    autoplay: bool = False  # the replay steps forward by itself
    revealed_to: Optional[int] = None  # hand-off: the human whose secrets are on screen
    revealed_moves: int = 0  # moves played when they took the device
    clock: Optional[RoundClock] = None  # the round timer of the decision on screen (ui/clock.py)
    replay_index: Optional[int] = None  # viewing the position after this many moves
    ai_thinking: tuple = ()  # computer players whose searches are under way
    ai_failed: bool = False  # a computer's search broke: it waits for "try again", not a loop of failures
    rendered_entries: int = 0  # moves already animated
    hide_results: bool = False
    # Another tab changed this save: the game is read-only until the player
    # loads the newer copy or keeps this one as a separate save.
    conflict: bool = False
    selection: Optional[str] = None  # a game's multi-step move in progress (a piece, a letter)
    selection_moves: int = 0  # moves played when it was made: any later move clears it
    undo_steps: list = field(default_factory=list)  # session.undo calls behind each Undo press, for Redo
    # A game's own display switches (PSYCHOPATH's hints): unlike the selection
    # they outlive moves, for as long as this game stays open.
    ui_options: dict = field(default_factory=dict)
    # (index, viewer, language) -> (entry, text, names) (game_log.py); ("item", ...), ("marks", index): screens.py
    log_cache: dict = field(default_factory=dict)
    # Humans who chose "keep passing" (a game whose UI has standing_pass):
    # player -> their view when they chose it, which the game's stop rule compares with.
    keep_passing: dict = field(default_factory=dict)
    hint: Optional[tuple] = None  # (moves played, player, move text): the hard AI's suggestion on screen
    hint_thinking: bool = False  # the hard AI is thinking about a hint


@dataclass
class PlayModel:
    """Everything the game screen shows, computed once per redraw, so screens
    never ask the app again and drawing never changes state."""

    state: object  # the position on screen (an earlier one while replaying)
    replaying: bool
    viewer: Optional[int]  # whose private view is shown (None: the public view)
    actors: list  # humans who may act on this screen now
    handoff: Optional[int]  # hotseat: the human to pass the device to first
    view: dict
    fresh: list  # entries played since the last redraw, for animations
    selection: Optional[str]
    clock: Optional[dict] = None  # the round timer, as shown (App._clock_view)

    @property
    def can_act(self) -> bool:
        return bool(self.actors)


def play_model(app) -> PlayModel:
    """Who sees what and who may act, for the position on screen.

    One human: their view, always. Several humans on one device: at a turn
    or a simultaneous round, the first human to act, behind a hand-off
    screen when their view holds secrets; in a response window where no
    responder's view holds secrets, every human responder acts on the
    public view (each raises a hand on the same screen)."""
    session, play = app.session, app.play
    replaying = play.replay_index is not None
    state = session.position(play.replay_index)
    live = not replaying and not session.is_over and not play.conflict
    humans = session.players_here  # not the seats played on other devices
    # A resigned human's seat plays on by itself (the match moves it).
    acting = [p for p in state.to_move() if p in humans and p not in session.resigners
              and app.keep_passing.verdict(state, p)[0] != "play"] if live else []
    viewer, actors, handoff = None, [], None
    if len(humans) == 1:
        viewer = humans[0]
        actors = [viewer] if viewer in acting else []
    elif acting:
        ui = registry.game_ui(session.game_id)
        secret = {p: ui.private_content(state.view(p)) for p in acting}
        if state.acting_mode() == RESPONSE and not any(secret.values()):
            actors = acting
        else:
            revealed = play.revealed_to
            if state.acting_mode() == SIMULTANEOUS and not same_decision(session, play.revealed_moves):
                revealed = None  # a new round opens with a hand-off, whoever bid last
            first = revealed if revealed in acting else acting[0]
            if secret[first] and revealed != first:
                handoff = first
            else:
                viewer, actors = first, [first]
    # The moves to animate come whole from the match on this device (their log lines do too).
    fresh = [] if replaying else session.log_entries()[play.rendered_entries:]
    selection = play.selection if play.selection_moves == session.move_count and actors else None
    return PlayModel(state, replaying, viewer, actors, handoff, state.view(viewer), fresh, selection,
                     None if replaying else app._clock_view())
