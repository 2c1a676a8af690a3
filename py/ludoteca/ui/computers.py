"""The computer players' scheduler: who thinks now, thinking in slices, playing.

A search runs on the page's main thread one short slice per browser task
(`think_in_slices`), so the page never freezes; the computers of one
simultaneous round share the slices in turn (`InterleavedSearches`). Every
task started here carries the generation it began in: any change the player
makes (a move, an undo, leaving the game) cancels it (`cancel`), so a search
never plays into a position other than the one it started from. Computers
think on the device that holds the whole match (the session's full access).
"""

from __future__ import annotations

import time
import traceback
from typing import Callable

from ..core.match import AI
from ..core.protocol import SIMULTANEOUS
from ..core.rng import MASK64, SeededRng
from ..games import registry

AI_SLICE_SECONDS = 0.012  # one slice of AI thinking per browser task: stays far below 50 ms
# Pyodide yields to the browser through a message for delays up to 2 ms, and a
# steady stream of those starves the page's timers (measured: a 10 ms interval
# ran 5 times a second while computers played each other). So every few slices
# the AI waits on a real (3 ms) timer instead: timers already due run first.
TIMER_YIELD_EVERY_SLICES = 4
TIMER_YIELD_SECONDS = 0.003
AI_PACE_SECONDS = {"normal": 0.7, "fast": 0.0}  # least time an AI turn takes, to follow it
FORCED_MOVE_PAUSE = {"normal": 0.35, "fast": 0.0}


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


def ai_search(session, player: int, level: str):
    """A search of `level`'s AI for `player`, seeded by the position, on a
    world consistent with what that player knows (others' secrets are resampled, never read).
    Computers think on the device that holds the whole match: the session's full access."""
    full = session.full_access()
    package = registry.game_package(session.game_id)
    make_bot = package.AI_LEVELS.get(level) or package.AI_LEVELS[package.DEFAULT_LEVEL]
    seed = (full.seed * 31 + len(full.entries) * 7919 + player) & MASK64
    return make_bot(seed).start(full.state.determinize(player, SeededRng(seed)), player)


def thinkers_now(session) -> tuple:
    """The computers that think now: in a simultaneous round every computer
    chooses at once; elsewhere (a turn, a response window) one answers before
    the next thinks."""
    position = session.position()
    computers = [p for p in position.to_move() if session.seats[p].kind == AI]
    if not computers:
        return ()
    return tuple(computers) if position.acting_mode() == SIMULTANEOUS else (computers[0],)


def searches_still_sound(to_move, thinking: tuple, simultaneous_round: bool) -> bool:
    """A human's secret choice in a simultaneous round tells the computers
    of that round nothing, so their searches go on while they are still to choose."""
    return simultaneous_round and bool(thinking) and all(player in to_move for player in thinking)


class ComputerPlayers:
    """Schedules the open game's computer players for the app (`app.play.ai_thinking`
    says who thinks; a broken search sets `app.play.ai_failed`)."""

    def __init__(self, app):
        self.app = app
        self.generation = 0  # the tasks of an older generation stop at their next wait
        self.games_searched: set = set()  # games whose modules are loaded and kept (keep_loaded_objects)

    def cancel(self) -> None:
        self.generation += 1

    def claim(self) -> int:
        """A new task's generation: whatever ran before is cancelled."""
        self.generation += 1
        return self.generation

    def start(self, thinkers: tuple) -> None:
        generation = self.claim()
        self.app.play.ai_thinking = thinkers
        self.app.browser.spawn(self._turn(generation, thinkers))

    async def _turn(self, generation: int, players: tuple) -> None:
        """Thinks and plays for `players`. A search that breaks stops with a
        message and a "try again" button; the game stays as it was, and saved."""
        app = self.app
        try:
            await self._think_and_play(generation, players)
        except Exception as error:  # noqa: BLE001 - any fault of a search must not freeze the game
            app.browser.log_error("".join(traceback.format_exception(error)))
            if generation != self.generation:
                return  # a search nobody waits for any more
            app.play.ai_thinking = ()
            app.play.ai_failed = True
            app.notify("error", app.t("error.ai_failed", reason=str(error) or type(error).__name__), topic="play")
            app.render()

    async def _think_and_play(self, generation: int, players: tuple) -> None:
        app = self.app
        browser, session = app.browser, app.session
        started = browser.now()
        if session.game_id not in self.games_searched:
            # The game's rules, AI and UI modules are all loaded by now: their
            # tables stay for the page, so collections during searches skip them.
            self.games_searched.add(session.game_id)
            browser.keep_loaded_objects()
        searches = {player: ai_search(session, player, session.seats[player].level) for player in players}
        interleaved = InterleavedSearches(searches)
        setup_ms = (browser.now() - started) * 1000

        def still_wanted() -> bool:
            return generation == self.generation and app.session is session

        while interleaved.thinking:
            if not await think_in_slices(interleaved, browser.sleep, still_wanted):
                return
            while interleaved.finished:
                player = interleaved.finished.pop(0)
                search = searches[player]
                # The browser benchmark reads these to tell which piece of work a long task was.
                figures = {
                    "level": session.seats[player].level, "legal": len(search.legal), "iterations": search.iterations,
                    "wall": browser.now() - started, "thinking": search.elapsed,
                    "setup_ms": setup_ms, "longest_slice_ms": interleaved.longest_step_ms,
                }
                app.stats["ai_moves"].append(figures)
                pace = app.prefs.get("pace", "normal")
                least = FORCED_MOVE_PAUSE.get(pace, 0.35) if len(search.legal) == 1 else AI_PACE_SECONDS.get(pace, 0.7)
                remaining = least - (browser.now() - started)
                if remaining > 0:
                    await browser.sleep(remaining)
                # Only other submissions of this same round may have arrived meanwhile
                # (they are secret, so the search is still sound); anything else cancels.
                if not still_wanted() or player not in session.position().to_move():
                    return
                moment = browser.now()
                session.play(player, search.best_move())
                app.play.ai_thinking = tuple(interleaved.thinking)
                played = browser.now()
                app.render()
                rendered = browser.now()
                # The save runs in a task of its own: a long redraw and a save never add up to one long task.
                await browser.sleep(TIMER_YIELD_SECONDS)
                notices, saving = list(app.notices), browser.now()
                app._autosave()
                figures.update(play_ms=(played - moment) * 1000, render_ms=(rendered - played) * 1000,
                               save_ms=(browser.now() - saving) * 1000)
                if app.play.conflict or app.notices != notices or app.asking_before_leaving != bool(app.unsaved):
                    app.render()  # what the save found (another tab's copy, a full storage)
        app._after_change()
