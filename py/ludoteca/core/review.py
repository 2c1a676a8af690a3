"""Review after the game: each player's score after every move, the AI's
estimate of each side's chance over the game (two players), and each human
move marked good, an inaccuracy or a mistake.

It reads a finished (or unfinished) match's positions and never changes
them. The work runs in slices, like every AI search (`step(seconds)` does
about that much and says whether it has finished), so the page never
freezes; dropping the object cancels it.

The chance estimate comes from a game's `Estimator` (games/review_estimates.py):
for a position it gives each player's chance and the mover's best move;
for a played move, the mover's chance after it. A move is judged by how
much it lowered its mover's chance against the best move there, as lichess
does with its "winning chances": lichess counts 0.1, 0.2 and 0.3 on a scale
from -1 to 1 as an inaccuracy, a mistake and a blunder; on our 0–1 chance
that is 0.05, 0.10 and 0.15. We mark three kinds, so a blunder is a mistake.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator
from dataclasses import dataclass, field

from . import ai as core_ai
from .protocol import SIMULTANEOUS, Move, State

INACCURACY = 0.05  # least drop in the mover's chance that marks an inaccuracy (lichess: 0.1 of -1..1)
MISTAKE = 0.10  # and a mistake (lichess: 0.2; its blunder, 0.3, is a mistake here too)
GOOD, INACCURACY_MARK, MISTAKE_MARK = "good", "inaccuracy", "mistake"


def chance_from_margin(margin: float, scale: float) -> float:
    """A lead of `margin` (in the game's own units) as a chance of winning,
    by the logistic curve lichess uses for centipawns (win% = 1 / (1 + e^(-m/s)),
    s = 272 centipawns there): `scale` is the lead that makes about 73%."""
    exponent = max(-60.0, min(60.0, -margin / scale))
    return 1.0 / (1.0 + math.exp(exponent))


def mark_for(loss: float) -> str:
    if loss >= MISTAKE:
        return MISTAKE_MARK
    if loss >= INACCURACY:
        return INACCURACY_MARK
    return GOOD


@dataclass
class Estimate:
    """A position as the estimator sees it: each player's chance (None: no
    estimate for this position) and the best move for the player to move."""

    chances: list | None = None
    best: Move | None = None


class Estimator:
    """A game's estimate of the chances (games/review_estimates.py). Both
    calls are generators: they yield between short pieces of work, so a
    review can stop after any of them; their return value is the answer."""

    def position(self, state: State) -> Generator[None, None, "Estimate"]:
        return Estimate()
        yield  # pragma: no cover - makes this a generator

    def played(self, before: State, player: int, move: Move, after: Estimate) -> Generator[None, None, float | None]:
        """The mover's chance after `move`. Default: the next position's estimate."""
        return None if after.chances is None else after.chances[player]
        yield  # pragma: no cover

    def glance(self, state: State) -> float | None:
        """Player 0's chance at a glance, with no search: for the results' small
        chart of a game with no running score, before any review. Default: None."""
        return None

    def round(self, opening: State, player: int, moves: dict) -> Generator[None, None, tuple | None]:
        """A secret round, judged knowing what the others chose in it (`moves`:
        each actor's submission): (best move, its chance, the played move's
        chance) for `player`, or None when the game cannot say. Default: None."""
        return None
        yield  # pragma: no cover


@dataclass
class Mark:
    index: int  # the entry (move) judged: the position before it is `index`
    player: int
    move: str  # its text
    kind: str  # good | inaccuracy | mistake
    loss: float  # how much it lowered the mover's chance
    better: str | None = None  # the best move's text, when the move was not it


@dataclass
class ReviewResult:
    game_id: str
    players: int
    movers: list  # who made each move
    scores: list = field(default_factory=list)  # scores[i]: every player's score after i moves (0: the start)
    chances: list = field(default_factory=list)  # chances[i]: player 0's chance after i moves, or None
    marks: list = field(default_factory=list)  # Mark per human move judged

    @property
    def has_chances(self) -> bool:
        return any(chance is not None for chance in self.chances)


class Review:
    """The review of one match, computed in slices: `step(seconds)` returns
    True when finished; `progress` runs from 0 to 1; `result` fills as it goes.

    `state_before(i)`: the state before entry i (i == len(entries): the last);
    `entries`: the match's entries (player, move, automatic); `humans`: the
    players whose moves are marked."""

    def __init__(self, game_id: str, state_before: Callable[[int], State], entries: list, humans,
                 estimator: Estimator | None, players: int):
        self.state_before = state_before
        self.entries = entries
        self.humans = set(humans)
        self.estimator = estimator if players == 2 else None  # a chance of "each side": two players
        self.result = ReviewResult(game_id, players, [entry.player for entry in entries])
        self.done = False
        self.elapsed = 0.0
        self._work = self._run()

    @property
    def progress(self) -> float:
        total = len(self.entries) + 1
        return 1.0 if self.done else min(1.0, len(self.result.chances) / total * 0.999)

    def step(self, seconds: float) -> bool:
        if self.done:
            return True
        start = core_ai.clock()
        for _ in self._work:
            if core_ai.clock() - start >= seconds:
                break
        else:
            self.done = True
        self.elapsed += core_ai.clock() - start
        return self.done

    def run(self) -> ReviewResult:
        while not self.step(0.05):
            pass
        return self.result

    def _run(self):
        result = self.result
        count = len(self.entries)
        estimates = []
        for index in range(count + 1):
            state = self.state_before(index)
            result.scores.append(list(state.scores()))
            yield  # a game's scores may take a while (GeonAxis counts territory)
            estimate = Estimate()
            if self.estimator is not None and not state.is_terminal():
                estimate = yield from self.estimator.position(state)
            elif self.estimator is not None:
                estimate = Estimate(list(state.returns()))
            estimates.append(estimate)
            result.chances.append(None if estimate.chances is None else estimate.chances[0])
            yield
        if self.estimator is None:
            return
        opening = 0  # where the secret round of the entry at hand opened
        for index, entry in enumerate(self.entries):
            before = self.state_before(index)
            if not self._same_round(index - 1, index):
                opening = index
            if entry.player not in self.humans or entry.automatic or entry.is_resignation:
                continue
            if before.acting_mode() == SIMULTANEOUS:
                # A secret round is judged against what the others chose in it: their
                # choices decide as much as the mover's.
                judged = yield from self.estimator.round(self.state_before(opening), entry.player,
                                                         self._round_moves(opening))
                if judged is None:
                    continue
                best, best_chance, played = judged
            else:
                estimate = estimates[index]
                if estimate.chances is None or estimate.best is None:
                    continue
                played = yield from self.estimator.played(before, entry.player, entry.move, estimates[index + 1])
                if played is None:
                    continue
                best, best_chance = estimate.best, estimate.chances[entry.player]
            same = entry.move == best
            loss = 0.0 if same else max(0.0, best_chance - played)
            kind = mark_for(loss)
            result.marks.append(Mark(index, entry.player, entry.move.text, kind, round(loss, 4),
                                     None if same or kind == GOOD else best.text))
            yield

    def _same_round(self, earlier: int, later: int) -> bool:
        """Whether entries `earlier` and `later` (the next one) are submissions of one secret round."""
        if earlier < 0:
            return False
        first, second = self.state_before(earlier), self.state_before(later)
        return first.acting_mode() == SIMULTANEOUS and second.acting_mode() == SIMULTANEOUS \
            and set(second.to_move()) == set(first.to_move()) - {self.entries[earlier].player}

    def _round_moves(self, opening: int) -> dict:
        """Every submission of the secret round that opened at entry `opening`."""
        actors = self.state_before(opening).to_move()
        return {entry.player: entry.move for entry in self.entries[opening:opening + len(actors)]
                if not entry.is_resignation}


def review_match(match, estimator: Estimator | None) -> Review:
    """A review of a core `Match` (every secret seen: the game is over, and
    the review is for the device that holds it)."""
    return Review(match.game.id, match.state_before, list(match.entries), match.human_players,
                  estimator, match.settings.num_players)
