"""The app controller: a router and dispatcher.

It routes the page's hash to a screen, dispatches the page's actions to the
handlers in its action table, and starts what must happen next on its own.
The open game is a `MatchSession` (core/session.py), never a Match: the app
reads what a seat may see and submits moves. Each of its jobs is a module of
its own: opening a game (opening.py), the setup form (setup.py), the computer
players' scheduler (computers.py), the round clock (clock_control.py), Keep
passing and forced moves (keep_passing.py), undo (undo.py), the replay
viewer (replay.py), saving and two tabs (saving.py), data files (assets.py),
the play model (play_model.py), a human's moves and selections
(play_input.py), the log's lines (game_log.py), hints (hints.py), the menu's
export, resign and quit (menu_actions.py) and other devices (devices.py). It talks to the browser only through the
`Browser` interface (`ui/browser_api.py`; `ui/browser.py` is the real one,
the tests have a fake), so all of it runs under CPython too.
"""

from __future__ import annotations

from typing import Callable, Optional

from ..core.session import MatchSession
from ..games import registry
from . import screens
from .assets import AssetLoader
from .browser_api import Browser
from .clock_control import ClockControl
from .devices import Devices
from .signaling import Signaling
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
from .game_log import GameLog
from .hints import Hints
from .i18n import Catalog, language_for
from .keep_passing import KeepPassing
from .menu_actions import MenuActions
from .opening import GameOpener
from .play_input import PlayInput
from .play_model import Confirmation, Notice, PlayModel, PlayView, play_model  # noqa: F401 - re-exported
from .prefs import DEFAULT_PREFS, PREF_CHOICES, SWITCH_PREFS, valid_prefs  # noqa: F401 - re-exported
from .replay import ReplayViewer
from .review import GameReview
from .routes import Route, parse_route
from .saving import GameSaving
from .setup import MAX_NAME, SeatForm, SetupForm, default_setup, rematch_setup, set_field  # noqa: F401 - re-exported
from .table import TableScreen
from .tutorial import Tutorial
from .undo import UndoControl
from .storage import SaveStore, StorageError, write_error_key

MAX_NOTICES = 3


class App:
    def __init__(self, browser: Browser):
        self.browser = browser
        self._drawing_due = False  # a change made elsewhere waits for its drawing (_session_changed)
        self.games = registry.all_games()
        self.saves = SaveStore(browser.store, self.games)
        self.assets = AssetLoader(self)  # ui/assets.py
        self.saves.can_replay = lambda game, settings: not self.assets.missing(game, settings)
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
        self.replay = ReplayViewer(self)  # ui/replay.py
        self.undo = UndoControl(self)  # ui/undo.py
        self.opener = GameOpener(self)  # ui/opening.py
        self.hints = Hints(self)  # ui/hints.py
        self.game_log = GameLog(self)  # ui/game_log.py: log lines and announcements
        self.play_input = PlayInput(self)  # ui/play_input.py: moves, selections, hand-offs
        self.menu = MenuActions(self)  # ui/menu_actions.py: export, save now, resign, quit, delete
        self.replay_on_open: Optional[str] = None  # a finished save to open in the replay viewer
        self.saving = GameSaving(self)  # ui/saving.py: autosave, two tabs, games storage refused
        self.asking_before_leaving = False  # what ask_before_leaving last told the browser
        self.storage_off = not self._storage_readable()
        self.stats = {"ai_moves": [], "redraws": []}  # read by the browser benchmarks
        self.table = TableScreen(self)  # At the table: the Alphagon companion (ui/table.py)
        self.devices = Devices(self)  # play on several devices (ui/devices.py)
        self.signaling = Signaling(self)  # ...through a signaling service, when one is set (ui/signaling.py)
        self.review = GameReview(self)  # the review after the game (ui/review.py)
        self.tutorial = Tutorial(self)  # the games' tutorials (ui/tutorial.py)

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
        """A change this app did not make (another device's move) is drawn, and play goes on from it.
        On a host, the guests have been sent the change by now: its drawing waits for a task of its
        own (one for changes that come together), so no one task does both (issue 31)."""
        if made_here:
            return
        if self.session is None or self.session.full_access() is None:  # a guest: drawing is the news
            self._draw_change_made_elsewhere()
        elif not self._drawing_due:
            self._drawing_due = True
            self.browser.after_this_task(self._draw_change_made_elsewhere)

    def _draw_change_made_elsewhere(self) -> None:
        self._drawing_due = False
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
        self.replay.stop_autoplay()
        if route.name == "new" and route.arg in self.games:
            if self.setup is None or self.setup.game_id != route.arg:
                self.setup = default_setup(self, route.arg)
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
        elif route.name == "room":
            self.signaling.open_route(route.arg)
        elif route.name == "learn" and not self.tutorial.open(route.arg):
            route = Route("missing", route.arg)
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

    # --- opening a game: ui/opening.py ----------------------------------------------
    def _open_save(self, save_id: str) -> bool:
        return self.opener.open_save(save_id)

    def start_game(self, form: SetupForm, seed: Optional[int] = None) -> None:
        self.opener.start(form, seed)

    def import_text(self, text: str) -> None:
        """Called by the browser glue with the contents of a chosen file."""
        self.opener.import_text(text)

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

    # --- data files a game needs (a word list): ui/assets.py ----------------------------
    @property
    def loading(self) -> Optional[str]:
        return self.assets.loading

    def after_assets(self, game, settings, then: Callable[[], None]) -> bool:
        """False when the game has every data file it needs; else loads them, then calls `then`."""
        return self.assets.after(game, settings, then)

    # --- events -------------------------------------------------------------------
    def dispatch(self, action: str, arg: str = "") -> None:
        """Every click or change in the page arrives here as (action, argument)."""
        # On a tutorial's screen, its own handlers take the table's moves (ui/tutorial.py).
        handler = (self.tutorial.handler(action) if self.route.name == "learn" else None) \
            or self.action_handlers().get(action)
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
            "delete-save": self.menu.on_delete_save,
            "export-raw": self.menu.on_export_raw,
            "conflict-reload": self.on_conflict_reload,
            "conflict-keep": self.on_conflict_keep,
            "confirm": self.on_confirm,
            "cancel_confirm": self.on_cancel_confirm,
            "escape": self.on_escape,
            "pref": self.on_pref,
            "move": self.play_input.on_move,
            "select": self.play_input.on_select,
            "option": self.play_input.on_option,
            "undo": self.on_undo,
            "redo": self.on_redo,
            "menu": self.on_menu,
            "help": self.on_help,
            "export": self.menu.on_export,
            "resign": self.menu.on_resign,
            "quit": self.menu.on_quit,
            "reveal": self.play_input.on_reveal,
            "no-target": self.play_input.on_no_target,
            "clock-pause": self.on_clock_pause,
            "clock-resume": self.on_clock_resume,
            "replay": self.replay.show,
            "replay-save": self.replay.open_save,
            "replay-autoplay": self.replay.toggle_autoplay,
            "replay-step": self.replay.step,
            "replay-exit": self.replay.leave,
            "hide-results": self.on_hide_results,
            "rematch": self.on_rematch,
            "keep-passing": self.keep_passing.on_choose,
            "stop-passing": self.keep_passing.on_stop,
            "ai-retry": self.on_ai_retry,
            "hint": self.on_hint,
            "save-now": self.menu.on_save_now,
            "export-unsaved": self.menu.on_export_unsaved,
            "table": self.on_table,
            "devices": self.devices.on_action,
            "signaling": self.signaling.on_action,
            "review": self.review.on_action,
        }

    def on_field(self, arg: str):
        name, _, value = arg.partition("=")
        if name.startswith("table."):
            return self.table.on_field(name[len("table."):], value)
        if name.startswith("devices."):
            return self.devices.on_field(name[len("devices."):], value)
        if name.startswith("signal."):
            return self.signaling.on_field(name[len("signal."):], value)
        return set_field(self, name, value)

    def on_table(self, arg: str):
        return self.table.on_action(arg) if self.route.name == "table" else False

    def on_start(self, _arg: str):
        self.start_game(self.setup)
        return False

    def on_dismiss(self, arg: str):
        index = int(arg)
        if 0 <= index < len(self.notices):
            del self.notices[index]

    # --- two tabs, and games storage refused: ui/saving.py ---------------------------------
    @property
    def unsaved(self) -> dict:
        return self.saving.unsaved

    @property
    def storage_problem(self) -> Optional[str]:
        return self.saving.storage_problem

    def _autosave(self) -> None:
        self.saving.autosave()

    def storage_failed(self, key: str) -> None:
        """A write failed: say so (`key`: its message), replacing an older failure's notice."""
        self.saving.storage_failed(key)

    def storage_changed(self, key: Optional[str]) -> None:
        """Another tab wrote to storage (the browser's `storage` event)."""
        self.saving.storage_changed(key)

    def save_unsaved(self) -> bool:
        return self.saving.save_unsaved()

    def on_conflict_reload(self, _arg: str):
        """Drops this tab's copy for the newer one another tab wrote."""
        return None if self.saving.reload_newer() else False

    def on_conflict_keep(self, _arg: str):
        """Keeps this tab's version too, as a save of its own."""
        return False if self.saving.keep_copy() else None

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
        elif self.review.showing():
            self.review.open = False
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

    # --- undo and redo: ui/undo.py ------------------------------------------------------
    def on_undo(self, _arg: str):
        """Takes moves back to the nearest position where the player has a real choice."""
        self.undo.undo()

    def on_redo(self, _arg: str):
        self.undo.redo()

    def _undo_player(self) -> Optional[int]:
        """The human the Undo button acts for, if undo is allowed now."""
        return self.undo.player()

    def _undo_landing(self, human: int) -> Optional[int]:
        return self.undo.landing(human)

    def on_menu(self, _arg: str):
        self.play.menu_open = not self.play.menu_open
        self.play.help_open = False

    def on_help(self, _arg: str):
        """The keyboard shortcuts; opened from the menu, they take its place."""
        if self.route.name != "play" or self.session is None:
            return False
        self.play.help_open = not self.play.help_open
        self.play.menu_open = False

    def on_clock_pause(self, arg: str):
        """Stops the round timer on `arg`'s pause budget."""
        return None if self.round_clock.pause(arg) else False

    def on_clock_resume(self, _arg: str):
        return None if self.round_clock.resume() else False

    def on_hide_results(self, _arg: str):
        self.play.hide_results = not self.play.hide_results

    def on_rematch(self, _arg: str):
        self.start_game(rematch_setup(self.session))
        return False

    # --- playing ----------------------------------------------------------------
    def play_model(self) -> PlayModel:
        """Who sees what and who may act, for the position on screen (ui/play_model.py)."""
        return play_model(self)

    def game_keys(self) -> dict:
        """The open game's own shortcut keys: key -> (data-testid of the control it presses, its name's key)."""
        if self.route.name != "play" or self.session is None:
            return {}
        return dict(registry.game_ui(self.session.game_id).KEY_SHORTCUTS)

    def _write_prefs(self) -> None:
        if self.storage_off:
            return
        try:
            self.saves.write_settings(self.prefs)
        except StorageError as error:
            self.notify("error", self.t(write_error_key(error)))

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
        self.hints.clear()

    # --- hints: the hard AI's move for the human to play (ui/hints.py) ---------------
    def hint_player(self, model: Optional[PlayModel] = None) -> Optional[int]:
        """The human a hint would be for now (ui/hints.py)."""
        return self.hints.player(model)

    def shown_hint(self, model: Optional[PlayModel] = None) -> Optional[tuple]:
        """The hint on screen, (player, move text), while its position is still the one shown."""
        return self.hints.shown(model)

    def on_hint(self, _arg: str):
        return self.hints.ask()

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
            self.game_log.announce_fresh(model)
        if model is not None and not model.replaying:
            self.play.rendered_entries = self.session.move_count
