"""The round clock's controller: starts, stops, ticks and keeps the open game's clock.

`ui/clock.py`'s RoundClock is the bookkeeping of one decision's countdown;
this runs it for the app. A clock starts when a timed decision opens (the
game says which: `round_clock`, `clocked_players`), is dropped when that
decision is over, and stops while the live position is not on screen. It is
kept beside the save (`SaveStore.write_clock`), so a reload goes on where it
stood; a player whose time runs out gets the game's `timeout_move`.
"""

from __future__ import annotations

from typing import Optional

from ..core.match import HUMAN
from . import screens
from .clock import RoundClock, same_decision
from .storage import StorageError


class ClockControl:
    """The open game's round clock, for the app (`app.play.clock` is the clock on screen)."""

    def __init__(self, app):
        self.app = app
        self.pauses_spent: dict = {}  # save id -> seconds of pause each player has used (this tab)
        self.host_body: Optional[dict] = None  # on a guest: the host's clock message the clock shown was made from

    def pause(self, arg: str) -> bool:
        """Stops the round timer on `arg`'s pause budget; False when it cannot. A guest asks the
        host, for its own seats: the host's clock stops, and says so to every device."""
        clock, session = self.app.play.clock, self.app.session
        if clock is None or not arg.isdigit() or int(arg) not in session.position().to_move():
            return False
        if session.full_access() is None:
            return self._ask_host(int(arg), True, clock.paused_by is None and clock.pause_left(int(arg), self.app.browser.now()) > 0)
        if not clock.pause(int(arg), self.app.browser.now()):
            return False
        self.store(clock)
        self.share()
        return True

    def resume(self) -> bool:
        clock, session = self.app.play.clock, self.app.session
        if clock is None:
            return False
        if session.full_access() is None:
            return self._ask_host(clock.paused_by, False, clock.paused_by is not None)
        if not clock.resume(self.app.browser.now()):
            return False
        self.store(clock)
        self.share()
        return True

    def _ask_host(self, seat: Optional[int], on: bool, possible: bool) -> bool:
        """A guest's pause or resume, for one of its own seats, sent to the host."""
        session = self.app.session
        if not possible or seat not in session.players_here or session.host_left is not None:
            return False
        session.send(session.table.pause(seat, on))
        return True

    def pause_for_guest(self, seat: int, on: bool) -> bool:
        """A guest's request (net/host.py checked the seat is its own): pause on `seat`'s budget,
        or resume a pause `seat` made."""
        clock = self.app.play.clock
        if on:
            return self.pause(str(seat))
        return clock is not None and clock.paused_by == seat and self.resume()

    def sync(self) -> None:
        """The open game's clock, brought up to date: run here, and told to the guests when this
        device hosts; or, on a guest, the host's clock as it last sent it."""
        session = self.app.session
        if session is not None and session.full_access() is None:
            self._sync_guest(session)
            return
        self._sync_here()
        self.share()

    def share(self) -> None:
        """A hosted game: the guests are told the clock when more than its times changed."""
        hosted = self.app.devices.hosted
        if hosted is not None:
            hosted.share_clock()

    def message(self) -> Optional[dict]:
        """The open game's clock as a wire "clock" body, or None: no clock in this game."""
        return clock_message(self.app.session, self.app.play.clock, self.app.browser.now())

    def _sync_guest(self, session) -> None:
        """A guest shows the host's clock: made anew from each message the host sends (the
        seconds left when it was sent), counted down here; the host alone plays a timeout."""
        play, body = self.app.play, session.host_clock
        if body is None or not body["players"] or session.is_over or not same_decision(session, body["start"]):
            play.clock, self.host_body = None, None
            return
        now = self.app.browser.now()
        if body is not self.host_body or play.clock is None:
            self.host_body = body
            seats = len(session.seats)
            budget = float(session.round_clock()[1])
            players = tuple(p for p in body["players"] if p < seats)
            lefts = {p: float(body["lefts"][p]) if p < len(body["lefts"]) else 0.0 for p in players}
            pause_left = list(body["pause_left"]) + [0.0] * seats
            spent = [max(0.0, budget - float(pause_left[p])) for p in range(seats)]
            paused_by = body["paused_by"] if body["paused_by"] in players else None
            # The host's running players alone count down here (`remote`), whoever holds this device.
            play.clock = RoundClock(body["start"], players, max(lefts.values(), default=0.0), now, budget, spent,
                                    paused_by=paused_by, lefts=lefts, shared_device=True,
                                    remote=frozenset(body["running"]), away=tuple(body["away"]))
            play.clock.stopped = body["stopped"]
            self.app.render()
        clock = play.clock
        if not clock.stopped and not clock.ticking:
            clock.ticking = True
            self.app.browser.spawn(self._ticker(clock))

    def _away(self, session, clock: RoundClock) -> tuple:
        """Players on the clock, to act, whose device is not connected to this host."""
        connected = getattr(session, "connected", None)
        if connected is None:
            return ()
        to_move = session.position().to_move()
        return tuple(p for p in clock.players if p in clock.remote and p in to_move and not connected(p))

    def _sync_here(self) -> None:
        """Starts a clock when a timed decision opens, drops it when that
        decision is over, and stops it while the live position is not on
        screen (a replay, another screen, another tab's newer save) or a
        player to act is on a device that is away."""
        session, play = self.app.session, self.app.play
        clock = play.clock
        seconds, budget = session.round_clock() if session is not None else (0, 0)
        if session is None or seconds <= 0 or session.is_over:
            play.clock = None
            return
        if clock is not None and not same_decision(session, clock.start):
            clock = play.clock = None
        now = self.app.browser.now()
        if clock is None:
            players = tuple(p for p in session.clocked_players()
                            if session.seats[p].kind == HUMAN and p not in session.resigners)
            if not players:
                return
            clock = play.clock = self._new_clock(players, float(seconds), float(budget), now)
        away = self._away(session, clock)
        if away != clock.away:
            clock.away = away
            self.app.render()  # the clock waits, or goes on, for a device: the screen says so
        clock.set_stopped(self.app.route.name != "play" or play.replay_index is not None or play.conflict
                          or bool(clock.away), now)
        if clock.shared_device and not clock.stopped:
            clock.hand_to(self._holder(clock), now)
        if not clock.stopped and not clock.ticking:
            clock.ticking = True
            self.app.browser.spawn(self._ticker(clock))

    def _holder(self, clock: RoundClock) -> Optional[int]:
        """On a shared device, the human on the clock whose board is shown:
        their time alone runs (behind a hand-off screen, nobody's)."""
        model = self.app.play_model()
        if model.handoff is not None:
            return None
        return model.viewer if model.viewer in clock.players else None

    def _new_clock(self, players: tuple, seconds: float, budget: float, now: float) -> RoundClock:
        """The clock of the decision now open. A reopened game goes on from its
        stored clock when that was this same decision, and its pauses count
        for the whole game."""
        session = self.app.session
        stored = None if self.app.storage_off else self.app.saves.read_clock(self.app.save_id, len(session.seats))
        spent = self.pauses_spent.get(self.app.save_id)
        if spent is None:
            spent = self.pauses_spent[self.app.save_id] = [float(s) for s in stored["spent"]] if stored \
                else [0.0] * len(session.seats)
        # Several humans on this one device take turns with it (those on other devices do not).
        shared = sum(1 for p in session.players_here if p not in session.resigners) > 1
        remote = frozenset(p for p in players if p not in session.players_here)
        if stored and stored["start"] <= session.move_count and same_decision(session, stored["start"]):
            paused_by = stored["paused_by"] if stored["paused_by"] in players else None
            left = min(seconds, float(stored["left"]))
            lefts = stored.get("lefts")  # each player's own time (older saves keep one for all)
            if not (isinstance(lefts, list) and len(lefts) == len(session.seats)
                    and all(isinstance(s, (int, float)) and not isinstance(s, bool) and 0 <= s < 1e9 for s in lefts)):
                lefts = [left] * len(session.seats)
            return RoundClock(stored["start"], players, left, now, budget, spent, paused_by=paused_by,
                              lefts={p: min(seconds, float(lefts[p])) for p in players}, shared_device=shared,
                              remote=remote)
        return RoundClock(session.move_count, players, seconds, now, budget, spent, shared_device=shared,
                          remote=remote)

    def store(self, clock: RoundClock) -> None:
        """Keeps the clock with the save, so a reload goes on where it stood.
        Best effort: a failed write costs only the time left on a reload."""
        if self.app.storage_off or self.app.save_id is None or self.app.play.clock is not clock:
            return
        clock.settle(self.app.browser.now())
        try:
            lefts = [round(clock.lefts.get(p, 0.0), 3) for p in range(len(clock.spent))]
            self.app.saves.write_clock(self.app.save_id, {"start": clock.start, "left": max(lefts),
                                                  "lefts": lefts, "spent": [round(s, 3) for s in clock.spent],
                                                  "paused_by": clock.paused_by})
        except StorageError:
            pass

    async def _ticker(self, clock: RoundClock) -> None:
        """Wakes once a second (and when a time runs out) while the clock is on."""
        try:
            while self.app.play.clock is clock and not clock.stopped:
                await self.app.browser.sleep(clock.next_event(self.app.browser.now()))
                if self.app.play.clock is not clock or clock.stopped:
                    return
                self._tick(clock)
        finally:
            clock.ticking = False

    def _tick(self, clock: RoundClock) -> None:
        self.store(clock)
        now = self.app.browser.now()
        resumed = clock.paused_by is not None and clock.pause_left(clock.paused_by, now) <= 0
        if resumed:
            clock.resume(now)  # the pause budget is spent: the round goes on
        session = self.app.session
        if clock.running and any(clock.remaining(now, p) <= 0 for p in clock.players
                                 if p in session.position().to_move()):
            # Each player's timeout once, and only in the decision the clock belongs to.
            while same_decision(session, clock.start):
                to_move = session.position().to_move()
                late = [p for p in clock.players if p in to_move and p not in clock.expired
                        and clock.remaining(now, p) <= 0]
                if not late:
                    break
                clock.expired.add(late[0])
                move = session.timeout_move(late[0])
                if move is None:
                    break
                self.app.play_input.submit(late[0], move.text)
            self.app._after_change()  # the next decision's clock first: drawn with its full time
            self.app.render()
            return
        if resumed:
            self.app.render()
        else:
            self._redraw_times()

    def _redraw_times(self) -> None:
        """A tick where only the times changed: the clock's region alone when the page allows."""
        app = self.app
        if app.route.name != "play" or app.session is None \
                or not app.browser.render_region("clock", screens.clock_region(app)):
            app.render()

    def view(self) -> Optional[dict]:
        """The countdown as shown: who still has to choose, the time left, the pauses."""
        clock = self.app.play.clock
        if clock is None or self.app.session is None or self.app.session.is_over:
            return None
        now = self.app.browser.now()
        to_move = self.app.session.position().to_move()
        return {"waiting": [p for p in clock.players if p in to_move], "away": list(clock.away),
                # Who may pause or resume from here: anyone on the host; a guest, for its own seats.
                "pausers": [p for p in clock.players if p in to_move
                            and (self.app.session.full_access() is not None or p in self.app.session.players_here)],
                "can_resume": self.app.session.full_access() is not None
                or clock.paused_by in self.app.session.players_here,
                "remaining": {p: clock.remaining(now, p) for p in clock.players},
                "running": [p for p in clock.players if clock.runs_for(p)],
                "paused_by": clock.paused_by, "stopped": clock.stopped,
                "pause_left": {p: clock.pause_left(p, now) for p in clock.players}}


def clock_message(session, clock: Optional[RoundClock], now: float) -> Optional[dict]:
    """A clock as a wire "clock" body (net/wire.py), or None: no clock in this game. Only times
    and the seats on the clock: nothing a seat keeps secret."""
    if session is None or session.round_clock()[0] <= 0:
        return None
    if clock is None or session.is_over:
        return {"start": 0, "players": [], "lefts": [], "pause_left": [], "running": [], "paused_by": None,
                "away": [], "stopped": False}
    seats = range(len(session.seats))
    return {"start": clock.start, "players": list(clock.players),
            "lefts": [round(clock.remaining(now, p), 2) if p in clock.lefts else 0 for p in seats],
            "pause_left": [round(clock.pause_left(p, now), 2) for p in seats],
            "running": [p for p in clock.players if clock.runs_for(p)], "paused_by": clock.paused_by,
            "away": list(clock.away), "stopped": clock.stopped}
