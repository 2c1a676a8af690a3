"""The contract between a game and the app: what a game package provides, in one place.

This module is the one documentation of it (README's "Adding a game" and
`registry.py` point here). It lives with the games, not in `ludoteca.ui`,
because a game's `ui.py` subclasses it and games never import the UI layer.
`games/council/` is the worked example of a minimal game that meets it, and
`python3 build.py new-game <id>` copies that example into a new game folder.

A game package `ludoteca/games/<id>/` holds:

- `__init__.py`, light metadata the home screen reads without loading the game:
  `MIN_PLAYERS`, `MAX_PLAYERS`; `TITLE` and `BLURB` as `{"en": ..., "it": ...}`
  (the title is this metadata, not a message key); `TILE_ART` (a small SVG);
  `RULEBOOKS` (a tuple of the rulebook files under `/work/shared/seeds/` it is
  built from, which `test_docs.py` reads for copied sentences; `()` for none);
  optionally `TABLE_LINK` (`{"en": ..., "it": ...}`: a companion screen linked
  from its home tile, Alphagon's "At the table"; default none, see
  `registry.table_link`). `GAME`, `AI_LEVELS` and `DEFAULT_LEVEL` load on first
  use through `__getattr__ = load_on_first_use(__name__)`.
- `rules.py`: a `Game` and its `State` implementing `core/protocol.py` (errors
  with codes; `state_from_json` checks content, as `core/state_json.StateReader`
  helps to; `required_assets` when the rules need a data file, which the app
  loads before the match).
- `ai.py`: `AI_LEVELS` (level name -> `lambda seed: bot`; each level beats the
  one below, and "hard" also answers the Hint button) and `DEFAULT_LEVEL`.
- `ui.py`: markup only, importing nothing from `ludoteca.ui`. It subclasses
  `GameUI` below and names one instance `UI`; the app calls the instance's
  hooks and reads its constants directly, so what a game leaves out is the
  default written here.
- `style.css` (no inline styles: the CSP forbids them); `RULES.md`,
  `RULINGS.md` and their `.it.md` versions, in our own words (their form is
  what `tests/engine/conformance/test_docs.py` checks: RULES opens with
  `# <TITLE>` and has at least four `## ` sections, as many in both languages;
  at least five rulings numbered `**R1.`, `**R2.`, ..., each with one
  `- Tests:` line naming tests that exist, the same in both languages; only
  the Markdown the rules page renders; `[[diagram NAME]]` lines are drawn by
  `rules_diagram`).
- its tests, `tests/engine/<id>/`: a `helpers.py` there may define
  `check_invariants(state)`, which the conformance suite calls at every node;
  `tests/engine/conformance/golden/<id>-<n>p.json`, its golden playthroughs,
  are written by `pytest --regen-golden` (a missing one fails, naming it).

Messages: `GameUI.MESSAGES = {"en": {...}, "it": {...}}`, the same keys in
both languages, registered with the app's catalog when the UI first loads.
Keys the app looks up by convention:
- `error.<code>` for each error code the rules raise (the code's params fill
  its placeholders);
- `<id>.level.<level>` names an AI level (otherwise the app's
  `setup.level.<level>`, otherwise the level's own name);
- a variant's `label_key`, `<label_key>.<choice>` for each choice (otherwise
  the choice itself) and its `help_key`;
- whatever keys the constants below name (`SCORE_MEANING`, ...) and
  `standing_pass` returns.

Interaction is declared in the markup `render_table` returns:
`data-action="move" data-arg="<player>:<move text>"` plays a move;
`data-action="select"` with a token in `data-arg` is one step of a move of
several steps (the app keeps it as `RenderContext.selection`);
`data-nav="x,y"` on a board's targets lets the arrow keys move between them
(the targets of one `<svg>`, or of one element marked `data-nav-group`, are
one Tab stop); `form.text-move` submits a typed move; `data-testid`s are what
`KEY_SHORTCUTS` and `move_marks` name. The browser's accessibility test checks
each dialog or verdict a table draws, found by its data-testid (`verdict`,
`round-summary`, ... : `MARKS` in tests/browser/game_positions.py), so a table
draws at least one (Council's round summary).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any, Callable, Mapping, Optional, Sequence

from ..core.match import SEAT_COLOURS
from ..core.protocol import Move

Translate = Callable[..., str]
"""The catalog's `t(key, **params)`: the text of a message key in the app's language."""


def seat_colour(colour: object) -> str:
    """A seat's colour if it is one of the app's, else the first: colours reach
    SVG attributes, so nothing else from a save or an import may."""
    return colour if isinstance(colour, str) and colour in SEAT_COLOURS else SEAT_COLOURS[0]


def seat_class(colour: object) -> str:
    """The CSS class that sets `--seat` (no inline styles: the CSP forbids them)."""
    return f"seat-c{SEAT_COLOURS.index(seat_colour(colour))}"


@dataclass
class RenderContext:
    """What a game's hooks get besides the view, for one redraw."""

    t: Translate  # the catalog's t(key, **params), in the app's language
    seats: list  # the match's Seats (name, colour, kind, level), names marked for isolation
    viewer: Optional[int]  # whose private view this is (None: the public one)
    can_act: bool  # someone may click moves now
    animate: bool  # motion is wanted (the player did not ask for reduced motion)
    # The moves played since the last redraw, for animations: each as the viewer may know it,
    # its (message key, params) pairs (`MatchSession.describe_entry`); resignations left out.
    fresh: list
    actors: tuple = ()  # the humans who may act on this screen (several in a response window)
    selection: Optional[str] = None  # the app-owned step of a multi-step move (a data-action="select" token)
    options: dict = field(default_factory=dict)  # the game's display switches, set by data-action="option"
    lang: str = "en"  # the app's language
    keep_passing: bool = True  # the screen offers Keep passing (a tutorial's does not: it plays no rounds for you)
    moves_drawn: int = 0  # the match's moves once this redraw is drawn (`animation_mark`)

    def animation_mark(self) -> str:
        """The attribute of an element animated for the fresh moves: web/morph.mjs replaces an
        element whose mark changed instead of patching it, so an animation that stays on one
        element (a face-up card flipped twice running) plays again for the next move."""
        return f' data-anim="{self.moves_drawn}"'

    def name(self, player: int) -> str:
        return escape(self.seats[player].name)  # marked for isolation: the seats are `shown_seats`

    def colour(self, player: int) -> str:
        return seat_colour(self.seats[player].color)

    def seat_class(self, player: int) -> str:
        return seat_class(self.seats[player].color)


Description = tuple
"""`State.describe_move`'s answer: (message key, params), params plain data."""

View = dict
"""`State.view(viewer)`: JSON-like data, all a hook may read. A view may carry
`"scores"` (a list, one number a player): the panel shows those instead of
`State.scores()`, for a game whose points are partly hidden."""

StandingVerdict = tuple
"""`standing_pass`'s answer: ("play", move text), ("ask", None) or ("stop", message key)."""


class GameUI:
    """A game's table renderer: subclass it in the game's `ui.py` and expose one
    instance as `UI`. Every hook below has the default a game gets by leaving
    it out, except `render_table` and `log_line`, which every game draws."""

    # --- constants ------------------------------------------------------------------
    MESSAGES: Mapping[str, Mapping[str, str]] = {}
    """{"en": {key: text}, "it": {key: text}}: the game's texts (see the module's docstring)."""

    RUNNING_SCORE: bool = True
    """False for a game with no score to show beside the players (PSYCHOPATH: a capture decides)."""

    SCORE_MEANING: Optional[str] = None
    """A message key saying what the players' number means, when plain points would mislead."""

    SCORE_LABEL: Optional[str] = None
    """The same meaning in a few words, shown over the number."""

    SCORE_HEADING: Optional[str] = None
    """The results table's heading for the number (default: the app's "Points")."""

    REVEAL_LISTS_ALL: bool = False
    """True when the last submission of a simultaneous decision describes everyone's:
    the log then keeps one line a revealed decision, not one a player."""

    KEY_SHORTCUTS: Mapping[str, tuple] = {}
    """{key: (data-testid of the table's control it presses, message key naming it)}:
    single lower-case letters free of the app's own; the ? overlay lists them."""

    LANGUAGE_VARIANT: Optional[str] = None
    """The key of a variant that is a language (Alphagon's edition): a new game
    starts with it set to the app's language when that is one of its choices."""

    KEEP_PASSING: bool = False
    """Whether the game offers "Keep passing" (a `data-action="keep-passing"` control);
    `standing_pass` then says what the app does for a player who chose it."""

    # --- the table ----------------------------------------------------------------------
    def render_table(self, view: View, ctx: RenderContext) -> str:
        """The table's markup for `ctx.viewer`'s view, with its controls (see the module's docstring)."""
        raise NotImplementedError

    def prompt(self, view: View, ctx: RenderContext) -> str:
        """The status line for the humans who may act (`ctx.actors`); "" says "your turn"."""
        return ""

    def panel_detail(self, view: View, player: int, t: Translate) -> str:
        """A short line under `player`'s name in the players' panel."""
        return ""

    def chip_detail(self, view: View, player: int, t: Translate) -> Optional[str]:
        """What a phone keeps in sight beside `player`'s name; None: the score."""
        return None

    def end_reason(self, view: View, ctx: RenderContext) -> str:
        """Why a finished game ended, for the results ("" when the game does not say)."""
        return ""

    def private_content(self, view: View) -> bool:
        """Whether this player's view shows a secret (cards, a round's choice): with
        several humans on one device, a hand-off screen comes before it."""
        return False

    def rules_diagram(self, name: str, t: Translate) -> Optional[str]:
        """The `<figure>` for a `[[diagram NAME]]` line of RULES.md (None: no drawing)."""
        return None

    # --- the log ------------------------------------------------------------------------
    def log_line(self, parts: Sequence[Description], names: Sequence[str], t: Translate) -> str:
        """Words one log entry in the catalog's language. `parts` are the engine's
        (message key, params) pairs for it (`State.describe_move`, already for the
        viewer: the move, then each chance event it set off); `names` are the seats'
        names, marked for isolation. A game's UI never gets a State here: what a
        viewer may not know is never in `parts`."""
        raise NotImplementedError

    def move_marks(self, parts: Sequence[Description]) -> Sequence[str]:
        """The data-testids of the table elements a log line names (from the entry's
        public description), marked while the line is pointed at or focused."""
        return ()

    # --- playing for the player ---------------------------------------------------------
    def auto_play_forced(self, move: Move) -> bool:
        """Whether the app may play `move` by itself when it is a human's only move (a forced pass)."""
        return False

    def hint_selection(self, move_text: str) -> Optional[str]:
        """For a hinted move of several steps: the selection token of its first step, so the
        table shows its target (None: a move of one step)."""
        return None

    def hint_reason(self, reason: Description, names: Sequence[str], t: Translate) -> str:
        """Words a hint's reason, the engine's (message key, params) from
        `State.explain_move` (already computed from what the hinted player may
        see), in the catalog's language; `names` as for `log_line`. Default:
        the key's message filled with the params as they are."""
        key, params = reason
        return t(key, **params)

    def standing_pass(self, view: View, since: View) -> StandingVerdict:
        """For a player who chose "Keep passing" (see `KEEP_PASSING`) when their
        view was `since`: ("play", move text) to play for them now, ("ask", None)
        for a decision they still make, or ("stop", reason message key)."""
        return ("ask", None)


def conformance_problems(ui: Any, game_id: str) -> list:
    """What keeps `ui` (a game's `UI`) from meeting the contract, as sentences."""
    if not isinstance(ui, GameUI):
        return [f"{game_id}.ui.UI is {type(ui).__name__}, not a GameUI"]
    problems = []
    if type(ui).render_table is GameUI.render_table or type(ui).log_line is GameUI.log_line:
        problems.append(f"{game_id}: every game draws its own render_table and log_line")
    languages = set(ui.MESSAGES)
    if languages != {"en", "it"}:
        problems.append(f"{game_id}: MESSAGES has languages {sorted(languages)}, not en and it")
    elif set(ui.MESSAGES["en"]) != set(ui.MESSAGES["it"]):
        problems.append(f"{game_id}: keys in one language only: "
                        f"{sorted(set(ui.MESSAGES['en']) ^ set(ui.MESSAGES['it']))}")
    named = [key for key in (ui.SCORE_MEANING, ui.SCORE_LABEL, ui.SCORE_HEADING) if key]
    named += [message for _testid, message in ui.KEY_SHORTCUTS.values()]
    for key in named:
        if any(key not in texts for texts in ui.MESSAGES.values()):
            problems.append(f"{game_id}: the message {key!r} a constant names is missing")
    for key in ui.KEY_SHORTCUTS:
        if len(key) != 1 or key != key.lower():
            problems.append(f"{game_id}: shortcut {key!r} is not one lower-case letter")
    return problems
