"""The round clock: a countdown for the humans who must choose, with pauses.

Pure bookkeeping over times the app reads from `Browser.now()`, tested under
CPython. The game says which decisions are timed and what a timeout plays
(`Game.round_clock`, `clocked_players`, `timeout_move`: core/PROTOCOL.md);
`ui/clock_control.py` starts, stops and ticks a `RoundClock` for the app.

A clock belongs to one decision: it keeps running while the players of that
decision submit, and a new decision (the next round, an undo to an earlier
one) starts a new clock with the full time. The app keeps the clock beside
the save (`SaveStore.write_clock`), so a reload goes on where it stood.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from ..core.session import same_decision  # noqa: F401 - a decision is the session's public fact

TICK_SECONDS = 1.0  # the countdown on screen moves once a second
MIN_WAIT_SECONDS = 0.02  # never a busy loop on rounding crumbs


def clock_text(seconds: float) -> str:
    """m:ss, rounded up, so 0:00 shows only when the time is out."""
    whole = max(0, int(-(-seconds // 1)))
    return f"{whole // 60}:{whole % 60:02d}"


@dataclass
class RoundClock:
    """The clock of one decision. Each player on it has their own time
    left, `lefts[p]` at `since` (all start at `left`). Whose time runs:
    everyone's while the players have a screen each, or one human's board
    shows on a device the others share, only the one holding it
    (`holder`; None behind the hand-off screen, where nobody's runs). No time
    runs while someone has paused it or the app has stopped it (a replay,
    another tab's newer save). A pause spends the pausing player's budget,
    kept in `spent` (shared by the game's clocks)."""

    start: int  # moves played when the decision opened
    players: tuple  # the humans on the clock
    left: float  # the time each player had when the clock was made
    since: float
    budget: float  # each player's pause budget for the whole game
    spent: list  # seconds of pause each player has used
    generation: int = 0
    paused_by: Optional[int] = None
    stopped: bool = False
    ticking: bool = False  # the app's ticker task is alive
    expired: set = field(default_factory=set)  # players whose timeout has been played
    lefts: dict = field(default_factory=dict)  # each player's time left at `since`
    shared_device: bool = False  # several humans take turns with one screen
    holder: Optional[int] = None  # on a shared device: whose board is shown
    remote: frozenset = frozenset()  # players on other devices (issue 31): their time runs whoever holds this one
    away: tuple = ()  # players to act whose device is away: the clock stands still for them

    def __post_init__(self):
        for player in self.players:
            self.lefts.setdefault(player, self.left)

    @property
    def running(self) -> bool:
        return not self.stopped and self.paused_by is None

    def runs_for(self, player: int) -> bool:
        """Whether `player`'s time is running now."""
        return self.running and player in self.lefts and (not self.shared_device or self.holder == player
                                                           or player in self.remote)

    def settle(self, now: float) -> None:
        """Books the time since the last event: on the players' times, or on a pause."""
        elapsed = max(0.0, now - self.since)
        if not self.stopped:
            if self.paused_by is not None:
                self.spent[self.paused_by] += elapsed
            else:
                for player in self.lefts:
                    if self.runs_for(player):
                        self.lefts[player] = max(0.0, self.lefts[player] - elapsed)
        self.since = now

    def remaining(self, now: float, player: Optional[int] = None) -> float:
        """`player`'s time left; without a player, the least any player has left."""
        if player is None:
            return min((self.remaining(now, p) for p in self.lefts), default=0.0)
        left = self.lefts.get(player, 0.0)
        return max(0.0, left - (now - self.since)) if self.runs_for(player) else left

    def hand_to(self, holder: Optional[int], now: float) -> None:
        """On a shared device: the device is now `holder`'s (None: nobody's)."""
        if holder != self.holder:
            self.settle(now)
            self.holder = holder

    def pause_left(self, player: int, now: float) -> float:
        spent = self.spent[player]
        if self.paused_by == player and not self.stopped:
            spent += max(0.0, now - self.since)
        return max(0.0, self.budget - spent)

    def pause(self, player: int, now: float) -> bool:
        if self.paused_by is not None or player not in self.players or self.pause_left(player, now) <= 0:
            return False
        self.settle(now)
        self.paused_by = player
        return True

    def resume(self, now: float) -> bool:
        if self.paused_by is None:
            return False
        self.settle(now)
        self.paused_by = None
        return True

    def set_stopped(self, stopped: bool, now: float) -> None:
        if stopped != self.stopped:
            self.settle(now)
            self.stopped = stopped

    def next_event(self, now: float) -> float:
        """Seconds until something changes on screen: a tick, the pause budget
        running out, or a player's time."""
        if self.paused_by is not None:
            left = self.pause_left(self.paused_by, now)
        else:
            running = [self.remaining(now, p) for p in self.lefts if self.runs_for(p)]
            if not running:
                return TICK_SECONDS  # nobody's time runs (a hand-off): nothing to show
            return max(MIN_WAIT_SECONDS, min(left % TICK_SECONDS or TICK_SECONDS for left in running))
        return max(MIN_WAIT_SECONDS, left % TICK_SECONDS or TICK_SECONDS)
