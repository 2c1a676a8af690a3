"""The app controller: routes, setup, play, saves, AI turns.

It reads game state and submits moves; rules live in the engines. It talks
to the browser only through the `Browser` interface (`ui/browser_api.py`;
`ui/browser.py` is the real one, the tests have a fake), so all of it runs
under CPython too.
"""

from __future__ import annotations

import json
import traceback
from dataclasses import dataclass, field
from typing import Callable, Optional

from ..core.match import AI, HUMAN, SEAT_COLOURS, Seat, clean_name, now_iso
from ..core.protocol import RESPONSE, SIMULTANEOUS, GameError, RecordError, Settings
from ..core.rng import SEED_MASK, seed_from_text
from ..core.session import MatchSession
from ..games import registry
from . import screens
from .browser_api import Browser
from .clock import RoundClock, same_decision
from .clock_control import ClockControl
from .devices import Devices
from .computers import (  # noqa: F401 - re-exported: tests and the AI host page read them here
    AI_SLICE_SECONDS,
    FORCED_MOVE_PAUSE,
    TIMER_YIELD_EVERY_SLICES,
    TIMER_YIELD_SECONDS,
    ComputerPlayers,
    InterleavedSearches,
    ai_search,
    searches_still_sound,
    think_in_slices,
    thinkers_now,
)
from .i18n import Catalog, language_for
from .keep_passing import KeepPassing, only_move
from .routes import Route, parse_route
from .session import LocalMatchSession
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
        return [Seat(clean_name(s.name, MAX_NAME) or f"{i + 1}", AI if s.kind == AI else HUMAN,
                     s.level if s.kind == AI else "", s.color)
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
    session: MatchSession
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
    undo_steps: list = field(default_factory=list)  # session.undo calls behind each Undo press, for Redo
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
        self._session: Optional[MatchSession] = None  # the open game (ui/session.py; never a Match)
        self._unsubscribe: Optional[Callable[[], None]] = None
        self.save_id: Optional[str] = None
        self.save_text: Optional[str] = None  # what this tab last read or wrote for the open save
        self.play = PlayView()
        self.computers = ComputerPlayers(self)  # ui/computers.py
        self.round_clock = ClockControl(self)  # ui/clock_control.py
        self.keep_passing = KeepPassing(self)  # ui/keep_passing.py: and forced moves
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
        self.table = TableScreen(self)  # At the table: the Alphagon companion (ui/table.py)
        self.devices = Devices(self)  # play on several devices (ui/devices.py)

    # --- the open game's session ------------------------------------------------
    @property
    def session(self) -> Optional[MatchSession]:
        return self._session

    @session.setter
    def session(self, session: Optional[MatchSession]) -> None:
        if session is self._session:
            return
        if self._unsubscribe is not None:
            self._unsubscribe()
        self._session = session
        self._unsubscribe = session.subscribe(self._session_changed) if session is not None else None

    def _session_changed(self, made_here: bool) -> None:
        """A change this app did not make (another device's move) is drawn, and play goes on from it."""
        if not made_here:
            self.render()
            self._after_change()

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
                if self.session.is_over:
                    self.play.replay_index = 0
        elif route.name == "table" and not self.table.open(route.arg):
            self.browser.set_hash("#/", replace=True)
            route = Route("home")
        elif route.name == "join":
            self.devices.join(route.arg)
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
        if self.session is not None and self.save_id == save_id:
            return True
        if save_id in self.unsaved:  # its latest moves are only here: storage holds an older copy
            kept = self.unsaved[save_id]
            self.session, self.save_id, self.save_text = kept.session, save_id, kept.expected
            self.play = PlayView(rendered_entries=self.session.move_count)
            return True
        try:
            self.save_text = self.saves.raw(save_id)
            header = self.saves.header(self.save_text)
            if header and self._after_assets(*header, lambda: self.go(Route("play", save_id))):
                return False
            self.session = LocalMatchSession.load(self.saves, save_id)
        except StorageReadError as error:
            self.notify("error", self.t("error.save_unreadable", reason=str(error)))
            self.session = None
            return False
        except RecordError as error:  # the message ends its reason with its own full stop
            self.notify("error", self.t("error.save_missing") if error.code == "save.missing"
                        else self.t("error.save_damaged", reason=self.error_text(error).rstrip(".")))
            self.session = None
            return False
        self.save_id = save_id
        self.play = PlayView(rendered_entries=self.session.move_count)
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
        language_variant = getattr(registry.game_ui(game_id), "LANGUAGE_VARIANT", None)
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
                seat.kind = value if value in (HUMAN, screens.REMOTE_KIND) else AI
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
        session = self.devices.after_setup(LocalMatchSession.start(game, settings, seed & SEED_MASK, form.seat_list()),
                                           form)
        humans = [seat.name for seat in session.seats if seat.kind == HUMAN]
        if humans:
            self.prefs["name"] = humans[0]
            self._write_prefs()
        self.session = session
        self.save_id = self.saves.new_id(session.record()["created"])
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
            "devices": self.on_devices,
        }

    def on_field(self, arg: str):
        name, _, value = arg.partition("=")
        if name.startswith("table."):
            return self.table.on_field(name[len("table."):], value)
        if name.startswith("devices."):
            return self.devices.on_field(name[len("devices."):], value)
        return self._set_field(name, value)

    def on_devices(self, arg: str):
        return self.devices.on_action(arg)  # play on several devices (ui/devices.py)

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
                self.session, self.save_id = None, None
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
        self.session, self.save_id = None, None
        self._cancel_ai()
        if save_id is not None and self._open_save(save_id):
            self.notify("info", self.t("notice.reloaded"))
        else:
            self.go(Route("home"))
            return False

    def on_conflict_keep(self, _arg: str):
        """Keeps this tab's version too, as a save of its own."""
        if self.session is None:
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
        if self.session is None or self.save_id is None or key not in (None, SAVE_PREFIX + self.save_id):
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
            player, moves_before = int(player_text), self.session.move_count if self.session else 0
            self._human_move(player, move_text.strip())
            if self.session is not None and self.session.move_count > moves_before:
                self.notices = [n for n in self.notices if n.topic != "play"]  # about a position now gone
                if self.play.revealed_to != player:
                    self.play.revealed_to = None  # hotseat: the device is in this player's hands now

    def on_select(self, arg: str):
        """A step of a multi-step move; the same token again (or an empty one) clears it."""
        if self.session is None:
            return False
        same = self.play.selection == arg and self.play.selection_moves == self.session.move_count
        self.play.selection = None if same or not arg else arg[:100]
        self.play.selection_moves = self.session.move_count

    def on_option(self, arg: str):
        """A game's display switch, "name=value"; an empty value switches it off."""
        name, _, value = arg.partition("=")
        if self.session is None or not name or len(name) > 40 or len(self.play.ui_options) > 20:
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
        session = self.session
        landing = self._undo_landing(human)
        viewer = human if session.training_mode else None
        ui = registry.game_ui(session.game_id)
        entries = session.log_entries()
        taken = [self.move_description(index, entries[index], viewer, ui) for index in range(landing, len(entries))]
        self._cancel_ai()
        self.play.keep_passing.pop(human, None)  # else the app would pass again at once
        if not session.can_redo():
            self.play.undo_steps.clear()  # a move since the last undo dropped the match's redo groups
        undos = 0
        while session.move_count > landing and session.can_undo(human):
            session.undo(human)
            undos += 1
        self.play.undo_steps.append(undos)
        self.play.rendered_entries = session.move_count
        # A long run (many automatic passes) is named by its first move, so the notice stays short.
        text = self.t("notice.undone", moves="; ".join(taken)) if len(taken) <= MAX_UNDO_NAMED else \
            self.t("notice.undone_many", n=len(taken), first=taken[0])
        self.notify("info", text, topic="play")
        self._autosave()

    def on_redo(self, _arg: str):
        session = self.session
        # Like Undo: never in the replay viewer (R would change the live game behind it) or a paused tab.
        if session is not None and session.can_redo() and not self.play.conflict and self.play.replay_index is None:
            self._cancel_ai()
            # As many groups as the undo it reverses took back, so Redo never
            # stops on a forced position the app would play again.
            undos = self.play.undo_steps.pop() if self.play.undo_steps else 1
            for _ in range(undos):
                if session.can_redo():
                    session.redo()
            self.notices = [n for n in self.notices if n.topic != "play"]
            self._autosave()

    def on_menu(self, _arg: str):
        self.play.menu_open = not self.play.menu_open
        self.play.help_open = False

    def on_help(self, _arg: str):
        """The keyboard shortcuts; opened from the menu, they take its place."""
        if self.route.name != "play" or self.session is None:
            return False
        self.play.help_open = not self.play.help_open
        self.play.menu_open = False

    def on_export(self, _arg: str):
        self._export()
        self.play.menu_open = False

    def on_resign(self, _arg: str):
        if self.session is None or self.session.is_over:
            return
        human = self.play_model().viewer
        if human is None:
            return
        session = self.session

        def resign():
            if self.session is session and not session.is_over:
                self._cancel_ai()
                session.resign(human)
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
            self._export(kept.session, save_id)

    def save_unsaved(self) -> bool:
        """Tries again to save every game storage refused; True when none is left unsaved."""
        if self.save_id in self.unsaved and self.session is self.unsaved[self.save_id].session:
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
                    kept.session.save_to(self.saves, save_id, kept.expected)
                except SaveConflictError:  # another tab changed it meanwhile: keep both
                    kept.session.save_to(self.saves, self.saves.new_id(now_iso()), None)
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
        self.play.revealed_moves = self.session.move_count if self.session is not None else 0

    def on_no_target(self, _arg: str):
        """Enter on a board node that plays nothing: say why, rather than nothing at all."""
        if self.route.name != "play" or self.session is None:
            return False
        model = self.play_model()
        reason = "replay" if model.replaying else "over" if self.session.is_over else "" if model.can_act else "wait"
        self.notify("info", self.t("game.no_target" + (f".{reason}" if reason else "")), topic="play")

    def on_clock_pause(self, arg: str):
        """Stops the round timer on `arg`'s pause budget."""
        return None if self.round_clock.pause(arg) else False

    def on_clock_resume(self, _arg: str):
        return None if self.round_clock.resume() else False

    def on_replay(self, arg: str):
        """Shows the position after move `arg` (0: the start)."""
        index = int(arg)
        if self.session is not None and 0 <= index <= self.session.move_count:
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
        at_end = position == self.session.move_count
        return None if at_end and not self.session.is_over else position

    def on_replay_autoplay(self, _arg: str):
        """Plays the moves one after another from the position on screen (from the start at the end)."""
        if self.session is None or not self.session.move_count:
            return False
        if self.play.autoplay:
            self._stop_autoplay()
            return
        total = self.session.move_count
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
            play.autoplay = position < self.session.move_count
            self.render()
            if not play.autoplay:
                self._after_change()
                return

    def on_replay_step(self, arg: str):
        """Steps through the game's positions: -1/+1, "first" or "last" (the live position)."""
        if self.session is None:
            return False
        total = self.session.move_count
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
        old = self.session
        form = SetupForm(old.game_id, old.settings.num_players,
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
            save_id, session = LocalMatchSession.imported(self.saves, text)
        except RecordError as error:
            self.notify("error", self.t("error.import", reason=self.error_text(error)))
            self.render()
            return
        except StorageError as error:
            self.notify("error", self.t(self._write_error_key(error)))
            self.render()
            return
        self.save_text = self.saves.raw(save_id)
        self.session, self.save_id = session, save_id
        self.play = PlayView(rendered_entries=session.move_count)
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
        session, play = self.session, self.play
        replaying = play.replay_index is not None
        state = session.position(play.replay_index)
        live = not replaying and not session.is_over and not play.conflict
        humans = session.players_here  # not the seats played on other devices
        # A resigned human's seat plays on by itself (the match moves it).
        acting = [p for p in state.to_move() if p in humans and p not in session.resigners
                  and self.keep_passing.verdict(state, p)[0] != "play"] if live else []
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
                         None if replaying else self._clock_view())

    def game_keys(self) -> dict:
        """The open game's own shortcut keys: key -> (data-testid of the control it presses, its name's key)."""
        if self.route.name != "play" or self.session is None:
            return {}
        return dict(getattr(registry.game_ui(self.session.game_id), "KEY_SHORTCUTS", {}))

    def move_description(self, index: int, entry, viewer: Optional[int], ui) -> str:
        """The log line of entry `index` for `viewer`, computed once per entry, viewer and language.
        Games still write it from the whole state: the local session's full access."""
        key = (index, viewer, self.catalog.language)
        cached = self.play.log_cache.get(key)
        if cached is not None and cached[0] is entry:
            return cached[1]
        names = [screens.shown_name(seat.name) for seat in self.session.seats]  # isolated on the page
        if entry.is_resignation:  # the core's own move: games never see it
            text = self.t("game.log.resigned", name=names[entry.player])
        else:
            # The engine names the move for this viewer; the game's UI only words it.
            text = ui.log_line(self.session.describe_entry(index, viewer), names, self.t)
            if entry.automatic:
                text = self.t("game.log.automatic", move=text)
            elif ui.auto_play_forced(entry.move) and only_move(self.session.position(index), entry.player, ui):
                text = self.t("game.log.forced", move=text, name=names[entry.player])
        self.play.log_cache[key] = (entry, text)
        return text

    def on_keep_passing(self, arg: str):
        """A human passes now and lets the app pass for them in the rounds to come (ui/keep_passing.py)."""
        if self.session is None or not arg.isdigit() or int(arg) not in self.play_model().actors:
            return False
        return None if self.keep_passing.choose(int(arg)) else False

    def on_stop_passing(self, arg: str):
        if not arg.isdigit() or not self.keep_passing.stop(int(arg)):
            return False

    def _undo_player(self) -> Optional[int]:
        """The human the Undo button acts for, if undo is allowed now."""
        session = self.session
        if session is None or self.play.replay_index is not None or not session.move_count or self.play.conflict:
            return None
        humans = session.players_here
        candidate = humans[0] if session.training_mode else session.move_facts(session.move_count - 1).player
        return candidate if candidate in humans and self._undo_landing(candidate) is not None else None

    def _undo_landing(self, human: int) -> Optional[int]:
        """The nearest position undo can reach where nothing would be played
        again at once by the app (a forced pass); None if there is none."""
        ui = registry.game_ui(self.session.game_id)
        for landing in self.session.undo_landings(human):
            state = self.session.position(landing)
            if not any(self.keep_passing.forced_in(state, player, ui) for player in state.to_move()):
                return landing
        return None

    def _human_move(self, player: int, text: str) -> None:
        session = self.session
        if session is None or self.play.replay_index is not None or self.play.conflict:
            return
        if session.seats[player].kind != HUMAN:
            return
        simultaneous = session.position().acting_mode() == SIMULTANEOUS
        try:
            session.play(player, text)
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
        return searches_still_sound(self.session.position().to_move(), self.play.ai_thinking, simultaneous_round)

    @staticmethod
    def _write_error_key(error: StorageError) -> str:
        if isinstance(error, StorageFullError):
            return "error.storage_full"
        if isinstance(error, StorageUnavailableError):
            return "error.storage_off"
        return "error.storage_write"

    def _autosave(self) -> None:
        """Writes the open game; never overwrites a newer copy from another tab."""
        if self.session is None or self.save_id is None or self.storage_off or self.play.conflict:
            return
        try:
            self.save_text = self.session.save_to(self.saves, self.save_id, self.save_text)
        except SaveConflictError:
            self._cancel_ai()
            self.play.conflict = True
            return
        except StorageError as error:
            self._storage_failed(self._write_error_key(error))
            self.unsaved[self.save_id] = UnsavedGame(self.save_id, self.session, self.save_text)
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

    def _export(self, session: Optional[MatchSession] = None, save_id: Optional[str] = None) -> None:
        record = (session or self.session).record()
        filename = f"ludoteca-{record['game']}-{save_id or self.save_id}.json"
        self.browser.download(filename, json.dumps(record, indent=1))
        self.notify("info", self.t("notice.exported", file=filename))

    # --- the round clock (ui/clock_control.py) ------------------------------------
    def _sync_clock(self) -> None:
        self.round_clock.sync()

    def _clock_view(self) -> Optional[dict]:
        return self.round_clock.view()

    # --- computer players -------------------------------------------------------
    @property
    def ai_generation(self) -> int:
        return self.computers.generation

    def _cancel_ai(self) -> None:
        self.computers.cancel()
        self.play.ai_thinking = ()
        self.play.ai_failed = False
        self._clear_hint()

    # --- hints: the hard AI's move for the human to play ---------------------------
    def _clear_hint(self) -> None:
        self.hint_generation += 1  # a hint still thinking is for a position gone
        self.play.hint = None
        self.play.hint_thinking = False

    def hint_player(self, model: Optional[PlayModel] = None) -> Optional[int]:
        """The human a hint would be for now: only in a game against the
        computer, live, on that human's own screen, when they may act.
        `model`: the redraw's own play model, if there is one (not computed twice)."""
        session = self.session
        if self.route.name != "play" or session is None or session.is_over or self.play.conflict \
                or self.play.replay_index is not None or not any(seat.kind == AI for seat in session.seats):
            return None
        model = model or self.play_model()
        return model.viewer if model.handoff is None and model.viewer in model.actors else None

    def shown_hint(self, model: Optional[PlayModel] = None) -> Optional[tuple]:
        """The hint on screen, (player, move text), while its position is still the one shown."""
        hint = self.play.hint
        # A computer's secret choice in the same simultaneous round leaves the hint sound.
        if hint is None or self.session is None or not same_decision(self.session, hint[0]) \
                or hint[1] != self.hint_player(model):
            return None
        return hint[1], hint[2]

    def hint_description(self, player: int, text: str) -> str:
        """The game's own log line for the hinted move, as if played (its chance unseen)."""
        session = self.session
        ui = registry.game_ui(session.game_id)
        names = [screens.shown_name(seat.name) for seat in session.seats]
        # Described where the decision opened: others' secret choices of the same round stay unseen.
        opened = session.move_count
        while opened > 0 and same_decision(session, opened - 1):
            opened -= 1
        try:
            move = session.parse_move(text)
            before = session.full_access().state_before(opened)
            return ui.log_line([before.describe_move(move, player, player)], names, self.t)
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
        session = self.session
        moves = session.move_count

        def still_wanted() -> bool:
            return generation == self.hint_generation and self.session is session and same_decision(session, moves) \
                and self.hint_player() == player

        try:
            search = ai_search(session, player, "hard")
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
        first_step = getattr(registry.game_ui(session.game_id), "hint_selection", lambda _text: None)(move.text)
        if first_step:
            self.play.selection, self.play.selection_moves = first_step, session.move_count
        session.count_hint(player)
        self._autosave()
        self.render()

    def _after_change(self) -> None:
        """Starts whatever must happen next on its own: an AI turn, a forced move."""
        self._sync_clock()
        session = self.session
        if (self.route.name != "play" or session is None or session.is_over or self.play.conflict
                or self.play.replay_index is not None or self.play.ai_thinking or self.play.ai_failed):
            return
        thinkers = thinkers_now(session) if session.full_access() is not None else []  # a guest's: the host's
        if thinkers:
            self.computers.start(thinkers)
            self.render()
            return
        self.keep_passing.schedule()

    def on_ai_retry(self, _arg: str):
        """Lets the computers think again after a search broke."""
        self.play.ai_failed = False

    # --- drawing ---------------------------------------------------------------
    def render(self) -> None:
        # Every change is drawn, so here the page learns whether leaving would lose moves.
        if self.asking_before_leaving != bool(self.unsaved):
            self.asking_before_leaving = bool(self.unsaved)
            self.browser.ask_before_leaving(self.asking_before_leaving)
        model = self.play_model() if self.route.name == "play" and self.session is not None else None
        self.browser.render(screens.render_app(self, model))
        # The tab's title says when a human is to play, for players in another tab.
        name = self.t("app.name")
        self.browser.set_title(self.t("title.your_turn", app=name) if model is not None and model.can_act else name)
        if model is not None and model.fresh:
            self._announce_fresh(model)
        if model is not None and not model.replaying:
            self.play.rendered_entries = self.session.move_count

    def _announce_fresh(self, model) -> None:
        """Says each new move once to screen readers; a chime, if wanted, when a computer hands back the turn."""
        ui = registry.game_ui(self.session.game_id)
        first = self.play.rendered_entries
        lines = [self.t("game.announce", n=first + offset + 1,
                        move=self.move_description(first + offset, entry, model.viewer, ui))
                 for offset, entry in enumerate(model.fresh)]
        self.browser.announce(screens.plain_names(" ".join(lines)), self.catalog.language)
        if self.prefs.get("sound") and model.can_act \
                and any(self.session.seats[entry.player].kind == AI for entry in model.fresh):
            self.browser.chime()
