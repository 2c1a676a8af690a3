"""The app controller: routes, setup, play, saves, AI turns.

It reads game state and submits moves; rules live in the engines. It talks
to the browser only through the `Browser` interface (`ui/browser_api.py`;
`ui/browser.py` is the real one, the tests have a fake), so all of it runs
under CPython too.
"""

from __future__ import annotations

import json
import time
import traceback
from dataclasses import dataclass, field
from typing import Callable, Optional

from ..core.match import AI, HUMAN, SEAT_COLOURS, Entry, Match, Seat, clean_name, now_iso
from ..core.protocol import RESPONSE, SIMULTANEOUS, GameError, RecordError, Settings
from ..core.rng import MASK64, SEED_MASK, SeededRng, seed_from_text
from ..games import registry
from . import screens
from .browser_api import Browser
from .clock import RoundClock, same_decision
from .i18n import Catalog, language_for
from .routes import Route, parse_route
from .table import TableScreen
from .storage import (
    MAX_IMPORT_BYTES,
    SAVE_PREFIX,
    SaveConflictError,
    SaveStore,
    StorageError,
    StorageFullError,
    StorageReadError,
    StorageUnavailableError,
)

AI_SLICE_SECONDS = 0.012  # one slice of AI thinking per browser task: stays far below 50 ms
# Pyodide yields to the browser through a message for delays up to 2 ms, and a
# steady stream of those starves the page's timers (measured: a 10 ms interval
# ran 5 times a second while computers played each other). So every few slices
# the AI waits on a real (3 ms) timer instead: timers already due run first.
TIMER_YIELD_EVERY_SLICES = 4
TIMER_YIELD_SECONDS = 0.003


async def think_in_slices(search, sleep, still_wanted: Callable[[], bool] = lambda: True) -> bool:
    """Runs an AI search one short slice per browser task; False if it was abandoned.

    The first wait is a timer too, so quick decisions played back to back
    (computers against each other) do not starve the page's timers either.
    """
    slices = 0
    while True:
        await sleep(TIMER_YIELD_SECONDS if slices % TIMER_YIELD_EVERY_SLICES == 0 else 0)
        if not still_wanted():
            return False
        if search.step(AI_SLICE_SECONDS):
            return True
        slices += 1


class InterleavedSearches:
    """The searches of several computer players sharing the page's slices in
    turn, so every AI of a simultaneous round thinks at once, none waiting for
    another to finish."""

    def __init__(self, searches: dict):
        self.searches = searches
        self.thinking = list(searches)
        self.finished: list = []
        self._turn = 0
        self.longest_step_ms = 0.0  # the longest slice so far, for the browser benchmark

    @property
    def elapsed(self) -> float:
        return sum(search.elapsed for search in self.searches.values())

    def step(self, seconds: float) -> bool:
        """One slice of the next unfinished search; True when one has finished."""
        player = self.thinking[self._turn % len(self.thinking)]
        self._turn += 1
        began = time.perf_counter()
        finished = self.searches[player].step(seconds)
        self.longest_step_ms = max(self.longest_step_ms, (time.perf_counter() - began) * 1000)
        if not finished:
            return False
        self.thinking.remove(player)
        self.finished.append(player)
        return True


AI_PACE_SECONDS = {"normal": 0.7, "fast": 0.0}  # least time an AI turn takes, to follow it
FORCED_MOVE_PAUSE = {"normal": 0.35, "fast": 0.0}


DEFAULT_PREFS = {"motion": "system", "pace": "normal", "auto_forced": True, "language": "en", "sound": False,
                 "theme": "system"}
PREF_CHOICES = {"motion": ("system", "on", "off"), "pace": ("normal", "fast"), "language": ("en", "it"),
                "theme": ("system", "light", "dark")}
SWITCH_PREFS = ("auto_forced", "sound")  # on/off preferences
REPLAY_AUTOPLAY_SECONDS = {"normal": 1.2, "fast": 0.4}  # between two moves of an autoplayed replay
MAX_NAME = 24


def valid_prefs(stored: dict) -> dict:
    """Only the stored preferences that are well formed: storage is not trusted."""
    prefs = {key: value for key, value in stored.items()
             if key in PREF_CHOICES and value in PREF_CHOICES[key]}
    for switch in SWITCH_PREFS:
        if isinstance(stored.get(switch), bool):
            prefs[switch] = stored[switch]
    name = clean_name(stored.get("name"), MAX_NAME)  # it becomes a seat's name: cleaned as seats' are
    if name:
        prefs["name"] = name
    return prefs


def game_title_text(app, game_id: str) -> str:
    return registry.metadata(game_id, "TITLE", app.catalog.language)


MAX_NOTICES = 3
MAX_UNDO_NAMED = 4  # moves an undo notice names one by one


@dataclass
class SeatForm:
    name: str
    kind: str
    level: str
    color: str


@dataclass
class SetupForm:
    game_id: str
    num_players: int
    seats: list
    variants: dict
    seed_text: str = ""

    def seat_list(self) -> list:
        return [Seat(clean_name(s.name, MAX_NAME) or f"{i + 1}", s.kind, s.level if s.kind == AI else "", s.color)
                for i, s in enumerate(self.seats[: self.num_players])]


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
class UnsavedGame:
    """A game whose latest moves storage refused (it was full): kept on this
    page, even once another game is opened, until a save of it succeeds."""

    save_id: str
    match: Match
    expected: Optional[str]  # what storage held for it when it was last written (for the two-tab check)


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
    undo_steps: list = field(default_factory=list)  # Match.undo calls behind each Undo press, for Redo
    # A game's own display switches (PSYCHOPATH's hints): unlike the selection
    # they outlive moves, for as long as this game stays open.
    ui_options: dict = field(default_factory=dict)
    log_cache: dict = field(default_factory=dict)  # (index, viewer, language) -> (entry, text)
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


class App:
    def __init__(self, browser: Browser):
        self.browser = browser
        self.games = registry.all_games()
        self.saves = SaveStore(browser.store, self.games)
        self.saves.can_replay = lambda game, settings: not self._missing_assets(game, settings)
        self.prefs = dict(DEFAULT_PREFS, language=language_for(browser.languages()))
        self.prefs.update(valid_prefs(self.saves.read_settings()))
        self.catalog = Catalog(self.prefs["language"])
        self.browser.set_theme(self.prefs["theme"])
        self.route = Route("home")
        self.notices: list = []
        self._notices_follow = False
        self.confirming: Optional[Confirmation] = None
        self.setup: Optional[SetupForm] = None
        self.match: Optional[Match] = None
        self.save_id: Optional[str] = None
        self.save_text: Optional[str] = None  # what this tab last read or wrote for the open save
        self.play = PlayView()
        self.ai_generation = 0
        self.pauses_spent: dict = {}  # save id -> seconds of pause each player has used (this tab)
        self.autoplay_generation = 0
        self.hint_generation = 0
        self.replay_on_open: Optional[str] = None  # a finished save to open in the replay viewer
        self.loaded_assets: set = set()  # data files games asked for, already handed over
        self.loading: Optional[str] = None  # what is being loaded now (shown with a progress note)
        self.storage_problem: Optional[str] = None  # message key of the last failed write
        self.unsaved: dict = {}  # save id -> UnsavedGame
        self.asking_before_leaving = False  # what ask_before_leaving last told the browser
        self.storage_off = not self._storage_readable()
        self.stats = {"ai_moves": [], "redraws": []}  # read by the browser benchmarks
        self.games_searched: set = set()  # games whose modules are loaded and kept (keep_loaded_objects)
        self.table = TableScreen(self)  # At the table: the Alphagon companion (ui/table.py)

    # --- helpers ------------------------------------------------------------
    def t(self, key: str, **values) -> str:
        return self.catalog.t(key, **values)

    def notify(self, kind: str, text: str, topic: str = "") -> None:
        if topic:
            self.notices = [n for n in self.notices if n.topic != topic]
        if not any(n.text == text for n in self.notices):
            self.notices.append(Notice(kind, text, topic))
            del self.notices[:-MAX_NOTICES]  # the newest few; older ones would push the table down

    @property
    def animate(self) -> bool:
        motion = self.prefs.get("motion", "system")
        if motion == "system":
            return not self.browser.prefers_reduced_motion()
        return motion == "on"

    # --- navigation -------------------------------------------------------------
    def navigate(self, hash_text: str) -> None:
        """Called at start and on every hashchange (back/forward included)."""
        route = parse_route(hash_text)
        if route != self.route and not self._notices_follow:
            self.notices = []  # a notice is about the screen it was raised on
        self._notices_follow = False
        self._cancel_ai()
        self.confirming = None  # a question belongs to the screen it was asked on
        self.play.menu_open = self.play.help_open = False  # so does a menu (back from Rules: no menu)
        self._stop_autoplay()
        if route.name == "new" and route.arg in self.games:
            if self.setup is None or self.setup.game_id != route.arg:
                self.setup = self._default_setup(route.arg)
        elif route.name == "play":
            if route != self.route:
                # Coming back to a game (history, Home and Continue, a link): the
                # device may be in other hands now, so secrets wait for a hand-off again.
                self.play.revealed_to = None
            if not self._open_save(route.arg):
                self.browser.set_hash("#/", replace=True)
                route = Route("home")
            elif self.replay_on_open == route.arg:
                self.replay_on_open = None
                if self.match.is_over:
                    self.play.replay_index = 0
        elif route.name == "table" and not self.table.open(route.arg):
            self.browser.set_hash("#/", replace=True)
            route = Route("home")
        elif route.name == "rules" and route.arg not in self.games:
            route = Route("missing", route.arg)
        elif route.name == "new":
            route = Route("missing", route.arg)
        self.route = route
        self.browser.keep_awake(route.name == "table")
        self.render()
        self._after_change()

    def go(self, route: Route) -> None:
        """Changes the hash; the browser's hashchange then calls navigate. Notices
        raised on the way (a game imported) are about where we are going."""
        self._notices_follow = True
        self.browser.set_hash(route.hash)

    def _open_save(self, save_id: str) -> bool:
        if self.match is not None and self.save_id == save_id:
            return True
        if save_id in self.unsaved:  # its latest moves are only here: storage holds an older copy
            kept = self.unsaved[save_id]
            self.match, self.save_id, self.save_text = kept.match, save_id, kept.expected
            self.play = PlayView(rendered_entries=len(self.match.entries))
            return True
        try:
            self.save_text = self.saves.raw(save_id)
            header = self.saves.header(self.save_text)
            if header and self._after_assets(*header, lambda: self.go(Route("play", save_id))):
                return False
            self.match = self.saves.load(save_id)
        except StorageReadError as error:
            self.notify("error", self.t("error.save_unreadable", reason=str(error)))
            self.match = None
            return False
        except RecordError as error:  # the message ends its reason with its own full stop
            self.notify("error", self.t("error.save_missing") if error.code == "save.missing"
                        else self.t("error.save_damaged", reason=self.error_text(error).rstrip(".")))
            self.match = None
            return False
        self.save_id = save_id
        self.play = PlayView(rendered_entries=len(self.match.entries))
        return True

    def _storage_readable(self) -> bool:
        try:
            self.saves.store.keys()
            return True
        except StorageError:
            return False

    def error_text(self, error: Exception) -> str:
        """A typed error in the player's language: its code's message, else its text."""
        code = getattr(error, "code", "")
        if code:
            key = "error." + code
            text = self.catalog.t(key, **getattr(error, "params", {}))
            if text != key:
                return text
        return str(error)

    # --- setup ----------------------------------------------------------------
    def _default_seat_names(self, form: SetupForm) -> list:
        """Each seat's name until the player types one: humans "Player n" (the
        first the player's own name), computers counted among the table's
        computers, a lone one just "Computer"."""
        computers = [i for i, seat in enumerate(form.seats[: form.num_players]) if seat.kind == AI]
        names = []
        for index, seat in enumerate(form.seats):
            if seat.kind == AI:
                names.append(self.t("setup.kind.ai") if computers == [index] else
                             self.t("setup.default_ai_name", n=computers.index(index) + 1 if index in computers else index))
            else:
                names.append((self.prefs.get("name") or self.t("setup.default_name", n=1)) if index == 0
                             else self.t("setup.default_name", n=index + 1))
        return names

    def _rename_default_seats(self, form: SetupForm) -> None:
        """Seats still under a default name take the one they have now; a typed name stays."""
        seats = range(1, len(form.seats) + 1)
        defaults = {self.t("setup.kind.ai"), self.prefs.get("name")} | \
            {self.t(key, n=n) for n in seats for key in ("setup.default_ai_name", "setup.default_name")}
        for seat, name in zip(form.seats, self._default_seat_names(form)):
            if seat.name in defaults:
                seat.name = name

    def _default_setup(self, game_id: str) -> SetupForm:
        game = self.games[game_id]
        package = registry.game_package(game_id)
        count = max(game.min_players, min(game.max_players, 2))
        seats = []
        for index in range(game.max_players):
            kind = HUMAN if index == 0 else AI
            seats.append(SeatForm("", kind, package.DEFAULT_LEVEL, SEAT_COLOURS[index % len(SEAT_COLOURS)]))
        variants = {option.key: option.default for option in game.variants}
        # A game may name the variant that is a language (Alphagon's edition):
        # it starts in the app's language when the game has it.
        language_variant = registry.game_ui(game_id).LANGUAGE_VARIANT
        for option in game.variants:
            if option.key == language_variant and self.catalog.language in option.choices:
                variants[option.key] = self.catalog.language
        form = SetupForm(game_id, count, seats, variants)
        for seat, name in zip(seats, self._default_seat_names(form)):
            seat.name = name
        return form

    def _set_field(self, name: str, value: str) -> bool:
        """Updates the setup form; returns whether the screen must redraw."""
        form = self.setup
        if form is None:
            return False
        if name == "players":
            game = self.games[form.game_id]
            form.num_players = max(game.min_players, min(game.max_players, int(value)))
            self._rename_default_seats(form)
            return True
        if name == "seed":
            form.seed_text = value
            return False
        if name.startswith("variant."):
            key = name[len("variant."):]
            option = next((o for o in self.games[form.game_id].variants if o.key == key), None)
            # Choices may be numbers (a timer, a goal): keep the game's own value, not the text.
            choice = next((c for c in option.choices if str(c) == value), None) if option else None
            if choice is not None:
                form.variants[key] = choice
            return False
        if name.startswith("seat."):
            _, index, attribute = name.split(".")
            seat = form.seats[int(index)]
            if attribute == "kind":
                seat.kind = HUMAN if value == HUMAN else AI
                self._rename_default_seats(form)  # "Computer 2" -> "Player 3"; a lone computer is "Computer"
                return True
            if attribute == "name":  # records refuse control characters: never write one
                seat.name = "".join(ch for ch in value if ch.isprintable())[:MAX_NAME]
            elif attribute == "color" and value in SEAT_COLOURS:
                for other in form.seats:  # a colour is one player's: whoever had it takes this seat's old one
                    if other is not seat and other.color == value:
                        other.color = seat.color
                seat.color = value
                return True
            elif attribute == "level" and value in registry.game_package(form.game_id).AI_LEVELS:
                seat.level = value
            return False
        return False

    # --- data files a game needs (a word list) ------------------------------------
    def _missing_assets(self, game, settings) -> list:
        try:
            wanted = game.required_assets(game.validate_settings(settings))
        except GameError:
            return []  # the settings are refused later, with their own message
        return [path for path in wanted if path not in self.loaded_assets]

    def _after_assets(self, game, settings, then: Callable[[], None]) -> bool:
        """False when nothing is missing; else loads the files, then calls `then`."""
        missing = self._missing_assets(game, settings)
        if not missing:
            return False
        self.loading = self.t("loading.assets", game=game_title_text(self, game.id))
        self.browser.spawn(self._load_assets(game, missing, then))
        return True

    async def _load_assets(self, game, paths: list, then: Callable[[], None]) -> None:
        # The work is done in pieces, one browser task each (a word list is
        # read a chunk at a time; the game's UI and AI modules are imported
        # in tasks of their own), so the page stays responsive meanwhile.
        try:
            for path in paths:
                if path not in self.loaded_assets:
                    data = await self.browser.fetch_bytes(path)
                    for _piece in game.providing_asset(path, data):
                        await self.browser.sleep(0)
                    self.loaded_assets.add(path)
            registry.game_ui(game.id)
            await self.browser.sleep(0)
            _ai_levels = registry.game_package(game.id).AI_LEVELS  # imports the AI now, in its own task
            await self.browser.sleep(0)
        except Exception as error:  # an offline miss, a broken file: say so, keep the app
            self.loading = None
            self.notify("error", self.t("error.asset", reason=str(error) or type(error).__name__))
            self.render()
            return
        self.loading = None
        then()

    def start_game(self, form: SetupForm, seed: Optional[int] = None) -> None:
        game = self.games[form.game_id]
        if seed is None:
            seed = seed_from_text(form.seed_text) if form.seed_text.strip() else self.browser.random_seed()
        settings = Settings(form.num_players, dict(form.variants))
        if self._after_assets(game, settings, lambda: self.start_game(form, seed)):
            self.render()
            return
        match = Match(game, settings, seed & SEED_MASK, form.seat_list())
        humans = [seat.name for seat in match.seats if seat.kind == HUMAN]
        if humans:
            self.prefs["name"] = humans[0]
            self._write_prefs()
        self.match = match
        self.save_id = self.saves.new_id(match.created)
        self.save_text = None
        self.play = PlayView()
        self._autosave()
        self.go(Route("play", self.save_id))

    # --- events -------------------------------------------------------------------
    def dispatch(self, action: str, arg: str = "") -> None:
        """Every click or change in the page arrives here as (action, argument)."""
        handler = self.action_handlers().get(action)
        if handler is None:
            return
        redraw = handler(arg)
        if redraw is not False:
            self.render()
        self._after_change()

    def action_handlers(self) -> dict:
        """Each action the page may send (a `data-action`, a key command), and its handler."""
        return {
            "field": self.on_field,
            "start": self.on_start,
            "dismiss": self.on_dismiss,
            "delete-save": self.on_delete_save,
            "export-raw": self.on_export_raw,
            "conflict-reload": self.on_conflict_reload,
            "conflict-keep": self.on_conflict_keep,
            "confirm": self.on_confirm,
            "cancel_confirm": self.on_cancel_confirm,
            "escape": self.on_escape,
            "pref": self.on_pref,
            "move": self.on_move,
            "select": self.on_select,
            "option": self.on_option,
            "undo": self.on_undo,
            "redo": self.on_redo,
            "menu": self.on_menu,
            "help": self.on_help,
            "export": self.on_export,
            "resign": self.on_resign,
            "quit": self.on_quit,
            "reveal": self.on_reveal,
            "no-target": self.on_no_target,
            "clock-pause": self.on_clock_pause,
            "clock-resume": self.on_clock_resume,
            "replay": self.on_replay,
            "replay-save": self.on_replay_save,
            "replay-autoplay": self.on_replay_autoplay,
            "replay-step": self.on_replay_step,
            "replay-exit": self.on_replay_exit,
            "hide-results": self.on_hide_results,
            "rematch": self.on_rematch,
            "keep-passing": self.on_keep_passing,
            "stop-passing": self.on_stop_passing,
            "ai-retry": self.on_ai_retry,
            "hint": self.on_hint,
            "save-now": self.on_save_now,
            "export-unsaved": self.on_export_unsaved,
            "table": self.on_table,
        }

    def on_field(self, arg: str):
        name, _, value = arg.partition("=")
        if name.startswith("table."):
            return self.table.on_field(name[len("table."):], value)
        return self._set_field(name, value)

    def on_table(self, arg: str):
        return self.table.on_action(arg) if self.route.name == "table" else False

    def on_start(self, _arg: str):
        self.start_game(self.setup)
        return False

    def on_dismiss(self, arg: str):
        index = int(arg)
        if 0 <= index < len(self.notices):
            del self.notices[index]

    def on_delete_save(self, save_id: str):
        def delete():
            self.saves.delete(save_id)
            if self.save_id == save_id:
                self.match, self.save_id = None, None
            self.unsaved.pop(save_id, None)  # deleted on purpose: nothing to keep
            self.save_unsaved()  # the room just freed may be enough for it

        self.confirming = Confirmation(self.t("saves.confirm_delete"), self.t("saves.delete"), delete)

    def on_export_raw(self, save_id: str):
        """Downloads a damaged save's stored text as it is, so nothing is lost."""
        try:
            text = self.saves.raw(save_id)
        except StorageReadError as error:
            self.notify("error", self.t("error.save_unreadable", reason=str(error)))
            return
        if text is not None:
            safe = "".join(ch for ch in save_id if ch.isalnum() or ch == "-")[:40] or "save"
            self.browser.download(f"ludoteca-damaged-{safe}.txt", text)

    def on_conflict_reload(self, _arg: str):
        """Drops this tab's copy for the newer one another tab wrote."""
        save_id = self.save_id
        self.match, self.save_id = None, None
        self._cancel_ai()
        if save_id is not None and self._open_save(save_id):
            self.notify("info", self.t("notice.reloaded"))
        else:
            self.go(Route("home"))
            return False

    def on_conflict_keep(self, _arg: str):
        """Keeps this tab's version too, as a save of its own."""
        if self.match is None:
            return
        self.save_id = self.saves.new_id(now_iso())
        self.save_text = None
        self.play.conflict = False
        self._autosave()
        self.notify("info", self.t("notice.kept_copy"))
        self.go(Route("play", self.save_id))
        return False

    def storage_changed(self, key: Optional[str]) -> None:
        """Another tab wrote to storage (the browser's `storage` event)."""
        if self.route.name == "home":
            self.render()
            return
        if self.match is None or self.save_id is None or key not in (None, SAVE_PREFIX + self.save_id):
            return
        try:
            stored = self.saves.raw(self.save_id)
        except StorageReadError:
            return
        if stored != self.save_text and not self.play.conflict:
            self._cancel_ai()
            self.play.conflict = True
            self._sync_clock()  # this tab's round clock stops while the other tab's copy is newer
            self.render()

    def on_confirm(self, _arg: str):
        confirmation, self.confirming = self.confirming, None
        if confirmation is not None:
            confirmation.on_agree()

    def on_cancel_confirm(self, _arg: str):
        self.confirming = None

    def on_escape(self, _arg: str):
        """The Escape key closes the topmost dialog."""
        if self.confirming is not None:
            self.confirming = None
        elif self.play.help_open:
            self.play.help_open = False
        elif self.play.menu_open:
            self.play.menu_open = False
        elif self.play.selection is not None:
            self.play.selection = None
        else:
            return False

    def on_pref(self, arg: str):
        key, _, value = arg.partition("=")
        if key in PREF_CHOICES and value in PREF_CHOICES[key]:
            self.prefs[key] = value
        elif key in SWITCH_PREFS:
            self.prefs[key] = value == "on"
        self.catalog = Catalog(self.prefs["language"])
        self.browser.set_theme(self.prefs["theme"])
        self._write_prefs()

    def on_move(self, arg: str):
        player_text, _, move_text = arg.partition(":")
        if player_text.isdigit():
            player, moves_before = int(player_text), len(self.match.entries) if self.match else 0
            self._human_move(player, move_text.strip())
            if self.match is not None and len(self.match.entries) > moves_before:
                self.notices = [n for n in self.notices if n.topic != "play"]  # about a position now gone
                if self.play.revealed_to != player:
                    self.play.revealed_to = None  # hotseat: the device is in this player's hands now

    def on_select(self, arg: str):
        """A step of a multi-step move; the same token again (or an empty one) clears it."""
        if self.match is None:
            return False
        same = self.play.selection == arg and self.play.selection_moves == len(self.match.entries)
        self.play.selection = None if same or not arg else arg[:100]
        self.play.selection_moves = len(self.match.entries)

    def on_option(self, arg: str):
        """A game's display switch, "name=value"; an empty value switches it off."""
        name, _, value = arg.partition("=")
        if self.match is None or not name or len(name) > 40 or len(self.play.ui_options) > 20:
            return False
        if value:
            self.play.ui_options[name] = value[:100]
        else:
            self.play.ui_options.pop(name, None)

    def on_undo(self, _arg: str):
        """Takes moves back to the nearest position where the player has a real
        choice (never one the app would at once play again), and says what it took back."""
        human = self._undo_player()
        if human is None:
            return
        match = self.match
        landing = self._undo_landing(human)
        viewer = human if match.training_mode else None
        ui = registry.game_ui(match.game.id)
        taken = [self.move_description(index, match.entries[index], viewer, ui)
                 for index in range(landing, len(match.entries))]
        self._cancel_ai()
        self.play.keep_passing.pop(human, None)  # else the app would pass again at once
        if not match.can_redo():
            self.play.undo_steps.clear()  # a move since the last undo dropped the match's redo groups
        undos = 0
        while len(match.entries) > landing and match.can_undo(human):
            match.undo(human)
            undos += 1
        self.play.undo_steps.append(undos)
        self.play.rendered_entries = len(match.entries)
        # A long run (many automatic passes) is named by its first move, so the notice stays short.
        text = self.t("notice.undone", moves="; ".join(taken)) if len(taken) <= MAX_UNDO_NAMED else \
            self.t("notice.undone_many", n=len(taken), first=taken[0])
        self.notify("info", text, topic="play")
        self._autosave()

    def on_redo(self, _arg: str):
        match = self.match
        # Like Undo: never in the replay viewer (R would change the live game behind it) or a paused tab.
        if match is not None and match.can_redo() and not self.play.conflict and self.play.replay_index is None:
            self._cancel_ai()
            # As many groups as the undo it reverses took back, so Redo never
            # stops on a forced position the app would play again.
            undos = self.play.undo_steps.pop() if self.play.undo_steps else 1
            for _ in range(undos):
                if match.can_redo():
                    match.redo()
            self.notices = [n for n in self.notices if n.topic != "play"]
            self._autosave()

    def on_menu(self, _arg: str):
        self.play.menu_open = not self.play.menu_open
        self.play.help_open = False

    def on_help(self, _arg: str):
        """The keyboard shortcuts; opened from the menu, they take its place."""
        if self.route.name != "play" or self.match is None:
            return False
        self.play.help_open = not self.play.help_open
        self.play.menu_open = False

    def on_export(self, _arg: str):
        self._export()
        self.play.menu_open = False

    def on_resign(self, _arg: str):
        if self.match is None or self.match.is_over:
            return
        human = self.play_model().viewer
        if human is None:
            return
        match = self.match

        def resign():
            if self.match is match and not match.is_over:
                self._cancel_ai()
                match.resign(human)
                self.play.menu_open = False
                self._autosave()

        self.play.menu_open = False  # the question takes the menu's place
        self.confirming = Confirmation(self.t("game.confirm_resign"), self.t("game.resign"), resign)

    def on_quit(self, _arg: str):
        self._autosave()
        if self.save_id in self.unsaved:
            def export_and_leave():
                self._export()
                self.go(Route("home"))

            self.play.menu_open = False  # the question takes the menu's place
            self.confirming = Confirmation(self.t("unsaved.leave"), self.t("unsaved.export_and_leave"),
                                           export_and_leave)
            return
        self.go(Route("home"))
        return False

    def on_save_now(self, _arg: str):
        """The player asks to try the refused save again (after freeing room elsewhere)."""
        self.play.menu_open = False
        if not self.save_unsaved():
            self.notify("error", self.t(self.storage_problem or "error.storage_full"))

    def on_export_unsaved(self, save_id: str):
        kept = self.unsaved.get(save_id)
        if kept is not None:
            self._export(kept.match, save_id)

    def save_unsaved(self) -> bool:
        """Tries again to save every game storage refused; True when none is left unsaved."""
        if self.save_id in self.unsaved and self.match is self.unsaved[self.save_id].match:
            self._autosave()  # saves the others too when it succeeds
        else:
            self._save_kept_games()
        return not self.unsaved

    def _save_kept_games(self) -> None:
        """Saves the refused games other than the open one, as far as room allows."""
        for save_id, kept in list(self.unsaved.items()):
            if save_id == self.save_id:
                continue
            try:
                try:
                    self.saves.save(save_id, kept.match, kept.expected, check=True)
                except SaveConflictError:  # another tab changed it meanwhile: keep both
                    self.saves.save(self.saves.new_id(now_iso()), kept.match)
            except StorageError:
                continue
            self._saved_again(save_id)

    def _saved_again(self, save_id: str) -> None:
        del self.unsaved[save_id]
        if not self.unsaved and self.storage_problem is not None:
            problem, self.storage_problem = self.storage_problem, None
            self.notices = [n for n in self.notices if n.text != self.t(problem)]
        self.notify("info", self.t("unsaved.saved"))

    def on_reveal(self, arg: str):
        self.play.revealed_to = int(arg)
        self.play.revealed_moves = len(self.match.entries) if self.match is not None else 0

    def on_no_target(self, _arg: str):
        """Enter on a board node that plays nothing: say why, rather than nothing at all."""
        if self.route.name != "play" or self.match is None:
            return False
        model = self.play_model()
        reason = "replay" if model.replaying else "over" if self.match.is_over else "" if model.can_act else "wait"
        self.notify("info", self.t("game.no_target" + (f".{reason}" if reason else "")), topic="play")

    def on_clock_pause(self, arg: str):
        """Stops the round timer on `arg`'s pause budget."""
        clock = self.play.clock
        if clock is None or not arg.isdigit() or int(arg) not in self.match.state.to_move() \
                or not clock.pause(int(arg), self.browser.now()):
            return False
        self._store_clock(clock)

    def on_clock_resume(self, _arg: str):
        clock = self.play.clock
        if clock is None or not clock.resume(self.browser.now()):
            return False
        self._store_clock(clock)

    def on_replay(self, arg: str):
        """Shows the position after move `arg` (0: the start)."""
        index = int(arg)
        if self.match is not None and 0 <= index <= len(self.match.entries):
            self._stop_autoplay()
            self._cancel_ai()
            self.play.replay_index = self._replay_index_for(index)

    def on_replay_save(self, save_id: str):
        """Opens a finished save from the Continue list in the replay viewer."""
        self.replay_on_open = save_id
        self.go(Route("play", save_id))
        return False

    def _replay_index_for(self, position: int) -> Optional[int]:
        """A live game's latest position is the game itself; a finished game's stays in the viewer."""
        at_end = position == len(self.match.entries)
        return None if at_end and not self.match.is_over else position

    def on_replay_autoplay(self, _arg: str):
        """Plays the moves one after another from the position on screen (from the start at the end)."""
        if self.match is None or not self.match.entries:
            return False
        if self.play.autoplay:
            self._stop_autoplay()
            return
        total = len(self.match.entries)
        if self.play.replay_index is None or self.play.replay_index >= total:
            self.play.replay_index = 0
        self._cancel_ai()
        self.play.autoplay = True
        self.autoplay_generation += 1
        self.browser.spawn(self._autoplay(self.autoplay_generation))

    def _stop_autoplay(self) -> None:
        self.autoplay_generation += 1
        self.play.autoplay = False

    async def _autoplay(self, generation: int) -> None:
        while True:
            await self.browser.sleep(REPLAY_AUTOPLAY_SECONDS.get(self.prefs.get("pace"), 1.2))
            play = self.play
            if generation != self.autoplay_generation or not play.autoplay or play.replay_index is None:
                return
            position = play.replay_index + 1
            play.replay_index = self._replay_index_for(position)
            play.autoplay = position < len(self.match.entries)
            self.render()
            if not play.autoplay:
                self._after_change()
                return

    def on_replay_step(self, arg: str):
        """Steps through the game's positions: -1/+1, "first" or "last" (the live position)."""
        if self.match is None:
            return False
        total = len(self.match.entries)
        current = total if self.play.replay_index is None else self.play.replay_index
        target = {"first": 0, "last": total}.get(arg)
        if target is None:
            try:
                target = current + int(arg)
            except ValueError:
                return False
        target = max(0, min(total, target))
        if target == current:
            return False
        self._stop_autoplay()
        self._cancel_ai()
        self.play.replay_index = self._replay_index_for(target)

    def on_replay_exit(self, _arg: str):
        self._stop_autoplay()
        self.play.replay_index = None

    def on_hide_results(self, _arg: str):
        self.play.hide_results = not self.play.hide_results

    def on_rematch(self, _arg: str):
        old = self.match
        form = SetupForm(old.game.id, old.settings.num_players,
                         [SeatForm(s.name, s.kind, s.level, s.color) for s in old.seats],
                         dict(old.settings.variants))
        self.start_game(form)
        return False

    def import_too_large(self) -> None:
        limit = MAX_IMPORT_BYTES // 1000
        self.notify("error", self.t("error.import", reason=self.t("error.import.too_large", limit=limit)))
        self.render()

    def import_text(self, text: str) -> None:
        """Called by the browser glue with the contents of a chosen file."""
        if self.table.import_text(text):  # an exported session At the table
            return
        header = self.saves.header(text)
        if header and self._after_assets(*header, lambda: self.import_text(text)):
            self.render()
            return
        try:
            save_id, match = self.saves.import_text(text)
        except RecordError as error:
            self.notify("error", self.t("error.import", reason=self.error_text(error)))
            self.render()
            return
        except StorageError as error:
            self.notify("error", self.t(self._write_error_key(error)))
            self.render()
            return
        self.save_text = self.saves.raw(save_id)
        self.match, self.save_id = match, save_id
        self.play = PlayView(rendered_entries=len(match.entries))
        self.notify("info", self.t("notice.imported"))
        self.go(Route("play", save_id))

    # --- playing ----------------------------------------------------------------
    def play_model(self) -> PlayModel:
        """Who sees what and who may act, for the position on screen.

        One human: their view, always. Several humans on one device: at a turn
        or a simultaneous round, the first human to act, behind a hand-off
        screen when their view holds secrets; in a response window where no
        responder's view holds secrets, every human responder acts on the
        public view (each raises a hand on the same screen)."""
        match, play = self.match, self.play
        replaying = play.replay_index is not None
        state = match.state_before(play.replay_index) if replaying else match.state
        live = not replaying and not match.is_over and not play.conflict
        humans = match.human_players
        # A resigned human's seat plays on by itself (the match moves it).
        acting = [p for p in state.to_move() if match.seats[p].kind == HUMAN and p not in match.resigners
                  and self._standing_move(state, p)[0] != "play"] if live else []
        viewer, actors, handoff = None, [], None
        if len(humans) == 1:
            viewer = humans[0]
            actors = [viewer] if viewer in acting else []
        elif acting:
            ui = registry.game_ui(match.game.id)
            secret = {p: ui.private_content(state.view(p)) for p in acting}
            if state.acting_mode() == RESPONSE and not any(secret.values()):
                actors = acting
            else:
                revealed = play.revealed_to
                if state.acting_mode() == SIMULTANEOUS and not same_decision(match, play.revealed_moves):
                    revealed = None  # a new round opens with a hand-off, whoever bid last
                first = revealed if revealed in acting else acting[0]
                if secret[first] and revealed != first:
                    handoff = first
                else:
                    viewer, actors = first, [first]
        fresh = [] if replaying else match.entries[play.rendered_entries:]
        selection = play.selection if play.selection_moves == len(match.entries) and actors else None
        return PlayModel(state, replaying, viewer, actors, handoff, state.view(viewer), fresh, selection,
                         None if replaying else self._clock_view())

    def game_keys(self) -> dict:
        """The open game's own shortcut keys: key -> (data-testid of the control it presses, its name's key)."""
        if self.route.name != "play" or self.match is None:
            return {}
        return dict(registry.game_ui(self.match.game.id).KEY_SHORTCUTS)

    def move_description(self, index: int, entry, viewer: Optional[int], ui) -> str:
        """The log line of entry `index` for `viewer`, computed once per entry, viewer and language."""
        key = (index, viewer, self.catalog.language)
        cached = self.play.log_cache.get(key)
        if cached is not None and cached[0] is entry:
            return cached[1]
        names = [screens.shown_name(seat.name) for seat in self.match.seats]  # isolated on the page
        if entry.is_resignation:  # the core's own move: games never see it
            text = self.t("game.log.resigned", name=names[entry.player])
        else:
            before = self.match.state_before(index)
            text = ui.describe_move(entry, names, self.t, before, viewer)
            if entry.automatic:
                text = self.t("game.log.automatic", move=text)
            elif ui.auto_play_forced(entry.move) and self._only_move(before, entry.player, ui):
                text = self.t("game.log.forced", move=text, name=names[entry.player])
        self.play.log_cache[key] = (entry, text)
        return text

    def _standing_move(self, state, player: int) -> tuple:
        """What "keep passing" does for `player` now: the game's standing_pass
        verdict, ("play", text), ("ask", None) or ("stop", reason key); ("off", None)
        when they did not choose it."""
        since = self.play.keep_passing.get(player)
        if since is None:
            return ("off", None)
        return registry.game_ui(self.match.game.id).standing_pass(state.view(player), since)

    def on_keep_passing(self, arg: str):
        """A human passes now and lets the app pass for them in the rounds to come."""
        match = self.match
        if match is None or not arg.isdigit() or int(arg) not in self.play_model().actors:
            return False
        player = int(arg)
        if not registry.game_ui(match.game.id).KEEP_PASSING:
            return False
        self.play.keep_passing[player] = match.state.view(player)
        verdict, what = self._standing_move(match.state, player)
        if verdict == "play":
            self.on_move(f"{player}:{what}")
        elif verdict == "stop":
            self._stop_passing(player, what)

    def on_stop_passing(self, arg: str):
        if not arg.isdigit() or self.play.keep_passing.pop(int(arg), None) is None:
            return False

    def _stop_passing(self, player: int, reason_key: str) -> None:
        del self.play.keep_passing[player]
        name = screens.shown_name(self.match.seats[player].name)
        self.notify("info", self.t("notice.keep_passing_stopped", name=name,
                                   reason=self.t(reason_key)), topic="play")

    def _undo_player(self) -> Optional[int]:
        """The human the Undo button acts for, if undo is allowed now."""
        match = self.match
        if match is None or self.play.replay_index is not None or not match.entries or self.play.conflict:
            return None
        humans = match.human_players
        candidate = humans[0] if match.training_mode else match.entries[-1].player
        return candidate if candidate in humans and self._undo_landing(candidate) is not None else None

    def _undo_landing(self, human: int) -> Optional[int]:
        """The nearest position undo can reach where nothing would be played
        again at once by the app (a forced pass); None if there is none."""
        ui = registry.game_ui(self.match.game.id)
        for landing in self.match.undo_landings(human):
            state = self.match.state_before(landing)
            if not any(self._forced_in(state, player, ui) for player in state.to_move()):
                return landing
        return None

    @staticmethod
    def _only_move(state, player: int, ui) -> bool:
        """Whether `player` has a single move in `state`, of a kind the game lets the app play."""
        if player not in state.to_move():
            return False
        moves = state.legal_moves(player)
        return len(moves) == 1 and ui.auto_play_forced(moves[0])

    def _forced_in(self, state, player: int, ui) -> bool:
        """Whether the app plays `player`'s move in `state` by itself (a human's forced pass)."""
        return self.prefs.get("auto_forced", True) and self.match.seats[player].kind == HUMAN \
            and self._only_move(state, player, ui)

    def _human_move(self, player: int, text: str) -> None:
        match = self.match
        if match is None or self.play.replay_index is not None or self.play.conflict:
            return
        if match.seats[player].kind != HUMAN:
            return
        simultaneous = match.state.acting_mode() == SIMULTANEOUS
        try:
            match.play(player, text)
        except GameError as error:
            self.notify("error", self.t("error.illegal", reason=self.error_text(error)))
            return
        self.play.selection = None
        self._clear_hint()
        if not self._searches_still_sound(simultaneous):
            self._cancel_ai()  # a search under way was for the position before this move
        self._autosave()

    def _searches_still_sound(self, simultaneous_round: bool) -> bool:
        """A human's secret choice in a simultaneous round tells the computers
        of that round nothing, so their searches go on while they are still to choose."""
        to_move = self.match.state.to_move()
        return simultaneous_round and bool(self.play.ai_thinking) \
            and all(player in to_move for player in self.play.ai_thinking)

    @staticmethod
    def _write_error_key(error: StorageError) -> str:
        if isinstance(error, StorageFullError):
            return "error.storage_full"
        if isinstance(error, StorageUnavailableError):
            return "error.storage_off"
        return "error.storage_write"

    def _autosave(self) -> None:
        """Writes the open game; never overwrites a newer copy from another tab."""
        if self.match is None or self.save_id is None or self.storage_off or self.play.conflict:
            return
        try:
            self.save_text = self.saves.save(self.save_id, self.match, self.save_text, check=True)
        except SaveConflictError:
            self._cancel_ai()
            self.play.conflict = True
            return
        except StorageError as error:
            self._storage_failed(self._write_error_key(error))
            self.unsaved[self.save_id] = UnsavedGame(self.save_id, self.match, self.save_text)
            return
        if self.save_id in self.unsaved:
            self._saved_again(self.save_id)
        if self.unsaved:
            self._save_kept_games()  # room enough for this game: maybe for others waiting too
        elif self.storage_problem is not None:
            problem, self.storage_problem = self.storage_problem, None
            self.notices = [n for n in self.notices if n.text != self.t(problem)]

    def _storage_failed(self, key: str) -> None:
        if self.storage_problem is not None and self.storage_problem != key:
            self.notices = [n for n in self.notices if n.text != self.t(self.storage_problem)]
        self.storage_problem = key
        self.notify("error", self.t(key))

    def _write_prefs(self) -> None:
        if self.storage_off:
            return
        try:
            self.saves.write_settings(self.prefs)
        except StorageError as error:
            self.notify("error", self.t(self._write_error_key(error)))

    def _export(self, match: Optional[Match] = None, save_id: Optional[str] = None) -> None:
        record = (match or self.match).record()
        filename = f"ludoteca-{record['game']}-{save_id or self.save_id}.json"
        self.browser.download(filename, json.dumps(record, indent=1))
        self.notify("info", self.t("notice.exported", file=filename))

    # --- the round clock (ui/clock.py) -------------------------------------------
    def _sync_clock(self) -> None:
        """Starts a clock when a timed decision opens, drops it when that
        decision is over, and stops it while the live position is not on
        screen (a replay, another screen, another tab's newer save)."""
        match, play = self.match, self.play
        clock = play.clock
        seconds, budget = match.game.round_clock(match.settings) if match is not None else (0, 0)
        if match is None or seconds <= 0 or match.is_over:
            play.clock = None
            return
        if clock is not None and not same_decision(match, clock.start):
            clock = play.clock = None
        now = self.browser.now()
        if clock is None:
            players = tuple(p for p in match.game.clocked_players(match.state)
                            if match.seats[p].kind == HUMAN and p not in match.resigners)
            if not players:
                return
            clock = play.clock = self._new_clock(players, float(seconds), float(budget), now)
        clock.set_stopped(self.route.name != "play" or play.replay_index is not None or play.conflict, now)
        if clock.shared_device and not clock.stopped:
            clock.hand_to(self._clock_holder(clock), now)
        if not clock.stopped and not clock.ticking:
            clock.ticking = True
            self.browser.spawn(self._clock_ticker(clock))

    def _clock_holder(self, clock: RoundClock) -> Optional[int]:
        """On a shared device, the human on the clock whose board is shown:
        their time alone runs (behind a hand-off screen, nobody's)."""
        model = self.play_model()
        if model.handoff is not None:
            return None
        return model.viewer if model.viewer in clock.players else None

    def _new_clock(self, players: tuple, seconds: float, budget: float, now: float) -> RoundClock:
        """The clock of the decision now open. A reopened game goes on from its
        stored clock when that was this same decision, and its pauses count
        for the whole game."""
        match = self.match
        stored = None if self.storage_off else self.saves.read_clock(self.save_id, len(match.seats))
        spent = self.pauses_spent.get(self.save_id)
        if spent is None:
            spent = self.pauses_spent[self.save_id] = [float(s) for s in stored["spent"]] if stored \
                else [0.0] * len(match.seats)
        # Several humans on this one device take turns with it.
        shared = sum(1 for p in match.human_players if p not in match.resigners) > 1
        if stored and stored["start"] <= len(match.entries) and same_decision(match, stored["start"]):
            paused_by = stored["paused_by"] if stored["paused_by"] in players else None
            left = min(seconds, float(stored["left"]))
            lefts = stored.get("lefts")  # each player's own time (older saves keep one for all)
            if not (isinstance(lefts, list) and len(lefts) == len(match.seats)
                    and all(isinstance(s, (int, float)) and not isinstance(s, bool) and 0 <= s < 1e9 for s in lefts)):
                lefts = [left] * len(match.seats)
            return RoundClock(stored["start"], players, left, now, budget, spent, paused_by=paused_by,
                              lefts={p: min(seconds, float(lefts[p])) for p in players}, shared_device=shared)
        return RoundClock(len(match.entries), players, seconds, now, budget, spent, shared_device=shared)

    def _store_clock(self, clock: RoundClock) -> None:
        """Keeps the clock with the save, so a reload goes on where it stood.
        Best effort: a failed write costs only the time left on a reload."""
        if self.storage_off or self.save_id is None or self.play.clock is not clock:
            return
        clock.settle(self.browser.now())
        try:
            lefts = [round(clock.lefts.get(p, 0.0), 3) for p in range(len(clock.spent))]
            self.saves.write_clock(self.save_id, {"start": clock.start, "left": max(lefts),
                                                  "lefts": lefts, "spent": [round(s, 3) for s in clock.spent],
                                                  "paused_by": clock.paused_by})
        except StorageError:
            pass

    async def _clock_ticker(self, clock: RoundClock) -> None:
        """Wakes once a second (and when a time runs out) while the clock is on."""
        try:
            while self.play.clock is clock and not clock.stopped:
                await self.browser.sleep(clock.next_event(self.browser.now()))
                if self.play.clock is not clock or clock.stopped:
                    return
                self._clock_tick(clock)
        finally:
            clock.ticking = False

    def _clock_tick(self, clock: RoundClock) -> None:
        self._store_clock(clock)
        now = self.browser.now()
        if clock.paused_by is not None and clock.pause_left(clock.paused_by, now) <= 0:
            clock.resume(now)  # the pause budget is spent: the round goes on
        match = self.match
        if clock.running and any(clock.remaining(now, p) <= 0 for p in clock.players if p in match.state.to_move()):
            # Each player's timeout once, and only in the decision the clock belongs to.
            while same_decision(match, clock.start):
                late = [p for p in clock.players if p in match.state.to_move() and p not in clock.expired
                        and clock.remaining(now, p) <= 0]
                if not late:
                    break
                clock.expired.add(late[0])
                move = match.game.timeout_move(match.state, late[0])
                if move is None:
                    break
                self._human_move(late[0], move.text)
            self.render()
            self._after_change()
            return
        self.render()

    def _clock_view(self) -> Optional[dict]:
        """The countdown as shown: who still has to choose, the time left, the pauses."""
        clock = self.play.clock
        if clock is None or self.match is None or self.match.is_over:
            return None
        now = self.browser.now()
        to_move = self.match.state.to_move()
        return {"waiting": [p for p in clock.players if p in to_move],
                "remaining": {p: clock.remaining(now, p) for p in clock.players},
                "running": [p for p in clock.players if clock.runs_for(p)],
                "paused_by": clock.paused_by, "stopped": clock.stopped,
                "pause_left": {p: clock.pause_left(p, now) for p in clock.players}}

    # --- computer players -------------------------------------------------------
    def _cancel_ai(self) -> None:
        self.ai_generation += 1
        self.play.ai_thinking = ()
        self.play.ai_failed = False
        self._clear_hint()

    def _ai_search(self, match: Match, player: int, level: str):
        """A search of `level`'s AI for `player`, seeded by the position, on a
        world consistent with what that player knows (others' secrets are resampled, never read)."""
        package = registry.game_package(match.game.id)
        make_bot = package.AI_LEVELS.get(level) or package.AI_LEVELS[package.DEFAULT_LEVEL]
        seed = (match.seed * 31 + len(match.entries) * 7919 + player) & MASK64
        return make_bot(seed).start(match.state.determinize(player, SeededRng(seed)), player)

    # --- hints: the hard AI's move for the human to play ---------------------------
    def _clear_hint(self) -> None:
        self.hint_generation += 1  # a hint still thinking is for a position gone
        self.play.hint = None
        self.play.hint_thinking = False

    def hint_player(self, model: Optional[PlayModel] = None) -> Optional[int]:
        """The human a hint would be for now: only in a game against the
        computer, live, on that human's own screen, when they may act.
        `model`: the redraw's own play model, if there is one (not computed twice)."""
        match = self.match
        if self.route.name != "play" or match is None or match.is_over or self.play.conflict \
                or self.play.replay_index is not None or not any(seat.kind == AI for seat in match.seats):
            return None
        model = model or self.play_model()
        return model.viewer if model.handoff is None and model.viewer in model.actors else None

    def shown_hint(self, model: Optional[PlayModel] = None) -> Optional[tuple]:
        """The hint on screen, (player, move text), while its position is still the one shown."""
        hint = self.play.hint
        # A computer's secret choice in the same simultaneous round leaves the hint sound.
        if hint is None or self.match is None or not same_decision(self.match, hint[0]) \
                or hint[1] != self.hint_player(model):
            return None
        return hint[1], hint[2]

    def hint_description(self, player: int, text: str) -> str:
        """The game's own log line for the hinted move, as if played (its chance unseen)."""
        match = self.match
        ui = registry.game_ui(match.game.id)
        names = [screens.shown_name(seat.name) for seat in match.seats]
        # Described where the decision opened: others' secret choices of the same round stay unseen.
        opened = len(match.entries)
        while opened > 0 and same_decision(match, opened - 1):
            opened -= 1
        try:
            move = match.game.parse_move(text)
            return ui.describe_move(Entry(player, move), names, self.t, match.state_before(opened).clone(), player)
        except Exception:  # noqa: BLE001 - a description is a courtesy: the move text still says it
            return text

    def on_hint(self, _arg: str):
        player = self.hint_player()
        if player is None or self.play.hint_thinking or self.shown_hint() is not None:
            return False  # one hint per position: pressing again costs nothing
        self._clear_hint()
        self.play.hint_thinking = True
        self.browser.spawn(self._think_hint(self.hint_generation, player))

    async def _think_hint(self, generation: int, player: int) -> None:
        """The hard AI thinks for `player` in slices, like every computer player, then the hint shows."""
        match = self.match
        moves = len(match.entries)

        def still_wanted() -> bool:
            return generation == self.hint_generation and self.match is match and same_decision(match, moves) \
                and self.hint_player() == player

        try:
            search = self._ai_search(match, player, "hard")
            if not await think_in_slices(search, self.browser.sleep, still_wanted):
                return
            move = search.best_move()
        except Exception as error:  # noqa: BLE001 - a broken hint must not break the game
            self.browser.log_error("".join(traceback.format_exception(error)))
            if generation == self.hint_generation:
                self.play.hint_thinking = False
                self.notify("error", self.t("error.hint_failed"), topic="play")
                self.render()
            return
        if not still_wanted():
            return
        self.play.hint = (moves, player, move.text)
        self.play.hint_thinking = False
        # A move of several steps (a piece, then its target) shows with its first step made.
        first_step = registry.game_ui(match.game.id).hint_selection(move.text)
        if first_step:
            self.play.selection, self.play.selection_moves = first_step, len(match.entries)
        match.hints_used[player] += 1
        self._autosave()
        self.render()

    def _after_change(self) -> None:
        """Starts whatever must happen next on its own: an AI turn, a forced move."""
        self._sync_clock()
        match = self.match
        if (self.route.name != "play" or match is None or match.is_over or self.play.conflict
                or self.play.replay_index is not None or self.play.ai_thinking or self.play.ai_failed):
            return
        acting = match.state.to_move()
        ai_players = [p for p in acting if match.seats[p].kind == AI]
        if ai_players:
            # In a simultaneous round every computer chooses at once; elsewhere
            # (a turn, a response window) one answers before the next thinks.
            thinkers = tuple(ai_players) if match.state.acting_mode() == SIMULTANEOUS else (ai_players[0],)
            self.ai_generation += 1
            self.play.ai_thinking = thinkers
            self.browser.spawn(self._ai_turn(self.ai_generation, thinkers))
            self.render()
            return
        for player in acting:
            verdict, what = self._standing_move(match.state, player)
            if verdict == "stop":
                self._stop_passing(player, what)
                self.render()
            elif verdict == "play":  # only a human who may act can have chosen it
                self.ai_generation += 1
                self.browser.spawn(self._standing_pass(self.ai_generation, player, what))
                return
        ui = registry.game_ui(match.game.id)
        for player in acting:
            if self._forced_in(match.state, player, ui):
                self.ai_generation += 1
                self.browser.spawn(self._forced_move(self.ai_generation, player,
                                                     match.state.legal_moves(player)[0].text))
                return

    async def _forced_move(self, generation: int, player: int, text: str) -> None:
        await self.browser.sleep(FORCED_MOVE_PAUSE.get(self.prefs.get("pace"), 0.35))
        match = self.match
        if generation != self.ai_generation or match is None:
            return
        self._human_move(player, text)
        if match.entries and match.entries[-1].player == player:  # a visible, explained event, not a flash
            index = len(match.entries) - 1
            viewer = player if match.training_mode else None  # hotseat: the screen is shared
            move = self.move_description(index, match.entries[index], viewer, registry.game_ui(match.game.id))
            self.notify("info", self.t("notice.forced", move=move), topic="play")
        self.render()
        self._after_change()

    async def _standing_pass(self, generation: int, player: int, text: str) -> None:
        """Passes for a human who chose "keep passing", after a short pause so each round shows."""
        await self.browser.sleep(FORCED_MOVE_PAUSE.get(self.prefs.get("pace"), 0.35))
        if generation != self.ai_generation or self.match is None \
                or self._standing_move(self.match.state, player) != ("play", text):
            return  # stopped meanwhile, or the position changed
        self._human_move(player, text)  # not on_move: whoever holds the device keeps it
        self.render()
        self._after_change()

    async def _ai_turn(self, generation: int, players: tuple) -> None:
        """Thinks and plays for `players`. A search that breaks stops with a
        message and a "try again" button; the game stays as it was, and saved."""
        try:
            await self._think_and_play(generation, players)
        except Exception as error:  # noqa: BLE001 - any fault of a search must not freeze the game
            self.browser.log_error("".join(traceback.format_exception(error)))
            if generation != self.ai_generation:
                return  # a search nobody waits for any more
            self.play.ai_thinking = ()
            self.play.ai_failed = True
            self.notify("error", self.t("error.ai_failed", reason=str(error) or type(error).__name__), topic="play")
            self.render()

    def on_ai_retry(self, _arg: str):
        """Lets the computers think again after a search broke."""
        self.play.ai_failed = False

    async def _think_and_play(self, generation: int, players: tuple) -> None:
        match = self.match
        started = self.browser.now()
        if match.game.id not in self.games_searched:
            # The game's rules, AI and UI modules are all loaded by now: their
            # tables stay for the page, so collections during searches skip them.
            self.games_searched.add(match.game.id)
            self.browser.keep_loaded_objects()
        searches = {}
        for player in players:
            searches[player] = self._ai_search(match, player, match.seats[player].level)
        interleaved = InterleavedSearches(searches)
        setup_ms = (self.browser.now() - started) * 1000

        def still_wanted() -> bool:
            return generation == self.ai_generation and self.match is match

        while interleaved.thinking:
            if not await think_in_slices(interleaved, self.browser.sleep, still_wanted):
                return
            while interleaved.finished:
                player = interleaved.finished.pop(0)
                search = searches[player]
                # The browser benchmark reads these to tell which piece of work a long task was.
                figures = {
                    "level": match.seats[player].level, "legal": len(search.legal), "iterations": search.iterations,
                    "wall": self.browser.now() - started, "thinking": search.elapsed,
                    "setup_ms": setup_ms, "longest_slice_ms": interleaved.longest_step_ms,
                }
                self.stats["ai_moves"].append(figures)
                pace = self.prefs.get("pace", "normal")
                least = FORCED_MOVE_PAUSE.get(pace, 0.35) if len(search.legal) == 1 else AI_PACE_SECONDS.get(pace, 0.7)
                remaining = least - (self.browser.now() - started)
                if remaining > 0:
                    await self.browser.sleep(remaining)
                # Only other submissions of this same round may have arrived meanwhile
                # (they are secret, so the search is still sound); anything else cancels.
                if not still_wanted() or player not in match.state.to_move():
                    return
                moment = self.browser.now()
                match.play(player, search.best_move())
                self.play.ai_thinking = tuple(interleaved.thinking)
                played = self.browser.now()
                self.render()
                rendered = self.browser.now()
                # The save runs in a task of its own: a long redraw and a save never add up to one long task.
                await self.browser.sleep(TIMER_YIELD_SECONDS)
                notices, saving = list(self.notices), self.browser.now()
                self._autosave()
                figures.update(play_ms=(played - moment) * 1000, render_ms=(rendered - played) * 1000,
                               save_ms=(self.browser.now() - saving) * 1000)
                if self.play.conflict or self.notices != notices or self.asking_before_leaving != bool(self.unsaved):
                    self.render()  # what the save found (another tab's copy, a full storage)
        self._after_change()

    # --- drawing ---------------------------------------------------------------
    def render(self) -> None:
        # Every change is drawn, so here the page learns whether leaving would lose moves.
        if self.asking_before_leaving != bool(self.unsaved):
            self.asking_before_leaving = bool(self.unsaved)
            self.browser.ask_before_leaving(self.asking_before_leaving)
        model = self.play_model() if self.route.name == "play" and self.match is not None else None
        self.browser.render(screens.render_app(self, model))
        # The tab's title says when a human is to play, for players in another tab.
        name = self.t("app.name")
        self.browser.set_title(self.t("title.your_turn", app=name) if model is not None and model.can_act else name)
        if model is not None and model.fresh:
            self._announce_fresh(model)
        if model is not None and not model.replaying:
            self.play.rendered_entries = len(self.match.entries)

    def _announce_fresh(self, model) -> None:
        """Says each new move once to screen readers; a chime, if wanted, when a computer hands back the turn."""
        ui = registry.game_ui(self.match.game.id)
        first = self.play.rendered_entries
        lines = [self.t("game.announce", n=first + offset + 1,
                        move=self.move_description(first + offset, entry, model.viewer, ui))
                 for offset, entry in enumerate(model.fresh)]
        self.browser.announce(screens.plain_names(" ".join(lines)), self.catalog.language)
        if self.prefs.get("sound") and model.can_act \
                and any(self.match.seats[entry.player].kind == AI for entry in model.fresh):
            self.browser.chime()
