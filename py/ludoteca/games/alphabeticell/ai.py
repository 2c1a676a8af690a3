"""Alphabeticell AI levels.

Everything here reasons from the cards not yet seen (the deck is a multiset
with no order, see rules.py) and from what the player may see; other
players' hidden setup cards are re-dealt by `determinize`.

- `LineHeuristic` values a line by the cards it holds plus the cards it may
  still take. For each end, that is the letter copies left in the deck beyond
  it, through a concave law (picking an increasing run online from n random
  arrivals yields about sqrt(2n), Samuels & Steele), scaled by the share of
  the deck likely to be flipped before the round ends (shorter when another
  player nears 11 cards, or, in the 2018 rules, as discards mount), and
  smoothly capped by the room left below 11. A take is worth its card plus
  the change in that potential; a pass also hands the card to the next
  players (blocking). Its weights were tuned by self-play.

The levels differ in how well they judge a decision, not in speed alone:
- "easy" plays the heuristic's best move after adding Gaussian noise of
  0.15 cards to each move's value. The gap between the best two moves is
  below 0.25 cards in half the decisions with a choice, so the noise changes
  the move in about a quarter of them: easy still beats random in every
  game, but loses about four games in five to medium. (The old noise, 0.3
  cards, changed 40% of the decisions and lost 95% of the games to the
  noiseless heuristic.)
- "medium" (the default) plays the heuristic's best move, without noise: a
  one-look decision, well under a millisecond.
- "hard" runs `RolloutSearch`, flat Monte Carlo: each legal move is played
  out with the heuristic for everyone, on the same sampled flips for all
  moves (common random numbers), for 10 flips; the result is the win share
  of the projected totals. The search stops once no other move can be
  better by more than 1% of a win at two standard errors, else at its time
  cap (0.8 s); the median decision takes a few milliseconds. It beats
  medium in 63% of two-player games (95% interval 56-70%, 200 games).
  A larger budget does not make it stronger: with 4x the minimum samples
  it scored 53% against the same search in 60 games, which is why the old medium (this
  search, 0.5 s cap, 5 flips) and the old hard (1 s, 10 flips) played as
  equals (hard 47.5% in 200 games). The gain comes from judging the moves
  by their outcomes instead of by the one-look value: e.g. the heuristic
  undervalues denying a card that would end the round for another player.

Ladder in 200 two-player games, seats alternating (py/tools/bench_alphabeticell.py):
easy beats random 100%, medium beats easy 81%, hard beats medium 63%.
"""

from __future__ import annotations

import math
from itertools import accumulate
from typing import Optional

from ...core.ai import Bot, Search
from ...core.protocol import CHANCE, Move
from ...core.rng import SeededRng
from .rules import (
    ALL_CARDS,
    FLIP,
    KEEP,
    LEFT,
    OFFER,
    PASS,
    AlphabeticellState,
    placements,
    take_move,
    win_shares,
)

LETTER_COUNT = 26
BASE = ord("A")
# Weights tuned by self-play: 2000-game matches of the heuristic against
# variants of itself, in both rule sets.
BREADTH = 1.6  # how much of the unseen letters beyond an end a line can use
POWER = 0.75  # concavity of the law turning those letters into cards
BLOCK_WEIGHT = 0.5  # share of the next player's gain counted against a pass
# 2018 rules: the share of the deck still to be flipped is taken as this
# times the discards left over the cards left.
DISCARD_PACE = 0.5


CARD_LETTERS = {card: (ord(card[0]) - BASE, ord(card[1]) - BASE) for card in ALL_CARDS}


def letter_copies(cards) -> list:
    """copies[i] = how many of `cards` carry the letter chr(BASE + i)."""
    copies = [0] * LETTER_COUNT
    for card in cards:
        top, bottom = CARD_LETTERS[card]
        copies[top] += 1
        copies[bottom] += 1
    return copies


class LineHeuristic:
    """A one-look evaluation of each legal move (see the module docstring)."""

    def __init__(self, breadth: float = BREADTH, power: float = POWER,
                 block_weight: float = BLOCK_WEIGHT, noise: float = 0.0,
                 discard_pace: float = DISCARD_PACE):
        self.breadth = breadth
        self.discard_pace = discard_pace
        self.power = power
        self.block_weight = block_weight
        self.noise = noise
        self._deck: Optional[tuple] = None
        self._copies: list = []
        self._prefix: list = []

    # --- potential of a line -------------------------------------------------
    def _deck_prefix(self, state: AlphabeticellState) -> list:
        """prefix[i] = letter copies before letter i left in the deck.

        A rollout asks many times per flip and a flip removes one card, so
        the cached copies are updated when the new deck is the cached one
        less the face-up card, instead of recounted."""
        deck = state.deck
        cached = self._deck
        if deck is cached:
            return self._prefix
        card = state.face_up
        if (cached is not None and card is not None and len(deck) == len(cached) - 1
                and card in cached):
            index = cached.index(card)
            if cached[:index] + cached[index + 1:] == deck:
                copies = self._copies[:]
                top, bottom = CARD_LETTERS[card]
                copies[top] -= 1
                copies[bottom] -= 1
                return self._remember(deck, copies)
        return self._remember(deck, letter_copies(deck))

    def _remember(self, deck: tuple, copies: list) -> list:
        self._deck, self._copies = deck, copies
        self._prefix = list(accumulate(copies, initial=0))
        return self._prefix

    def _expected(self, prefix: list, low: str, high: str, scale: float) -> float:
        """Cards a line spanning low..high may still take, before the cap."""
        below = prefix[ord(low) - BASE]
        above = prefix[LETTER_COUNT] - prefix[ord(high) - BASE + 1]
        return (scale * below) ** self.power + (scale * above) ** self.power

    @staticmethod
    def _saturate(expected: float, room: int) -> float:
        # Smoothly capped at the room left, so a cheap card now still beats a
        # line that would "surely" fill up later: filling it sooner ends the
        # round while the others are short.
        return room * (1.0 - math.exp(-expected / room)) if room > 0 else 0.0

    @staticmethod
    def _room(state: AlphabeticellState, length: int) -> int:
        return state.line_limit - length if state.line_limit else LETTER_COUNT - length

    def _line_expected(self, prefix: list, line: tuple, scale: float) -> float:
        if len(line) == 1:
            # The first card's letter is still open: the better one counts.
            top, bottom = line[0][0]
            return max(self._expected(prefix, top, top, scale),
                       self._expected(prefix, bottom, bottom, scale))
        return self._expected(prefix, line[0][1], line[-1][1], scale)

    def line_value(self, state, prefix: list, line: tuple, scale: float) -> float:
        """Cards held plus cards still expected."""
        if not line:
            return 0.0
        room = self._room(state, len(line))
        return len(line) + self._saturate(self._line_expected(prefix, line, scale), room)

    def _scale(self, state, prefix: list, player: int) -> float:
        """2 x breadth x the share of the deck likely to be seen: less when
        another player needs few cards and can expect more than that."""
        scale = 2.0 * self.breadth
        if state.discard_limit:
            # 2018 rules: the round lasts until a few more discards.
            discards_left = state.discard_limit - len(state.discards)
            return scale * min(1.0, self.discard_pace * discards_left / max(len(state.deck), 1))
        share = 1.0
        for other, line in enumerate(state.lines):
            if other != player and line:
                need = state.line_limit - len(line)
                reach = self._line_expected(prefix, line, scale)
                if reach > need:
                    share = min(share, need / reach)
        return scale * share

    # --- moves ----------------------------------------------------------------
    def take_values(self, state, prefix: list, line: tuple, card: str, scale: float) -> list:
        """((end, letter, first_letter), value) for each way to take `card`."""
        length = len(line) + 1
        room = self._room(state, length)
        values = []
        for placement in placements(line, card):
            end, letter, first = placement
            if first is not None:
                low, high = (letter, first) if end == LEFT else (first, letter)
            elif end == LEFT:
                low, high = letter, line[-1][1]
            else:
                low, high = line[0][1], letter
            expected = self._expected(prefix, low, high, scale)
            values.append((placement, length + self._saturate(expected, room)))
        return values

    def offer_values(self, state: AlphabeticellState, player: int) -> list:
        """(move, value) for the face-up card: pass first, then each take."""
        prefix = self._deck_prefix(state)
        scale = self._scale(state, prefix, player)
        line = state.lines[player]
        pass_value = self.line_value(state, prefix, line, scale) - self._block_loss(state, prefix, scale)
        values = [(PASS, pass_value)]
        for placement, value in self.take_values(state, prefix, line, state.face_up, scale):
            values.append((take_move(*placement), value))
        return values

    def _block_loss(self, state, prefix: list, scale: float) -> float:
        """What passing gives away: the gain of the first player still to be
        offered the card who would take it (valued with our horizon)."""
        for offset in range(state.step + 1, state.n):
            line = state.lines[(state.dealer + offset) % state.n]
            takes = self.take_values(state, prefix, line, state.face_up, scale)
            if not takes:
                continue
            gain = max(value for _, value in takes) - self.line_value(state, prefix, line, scale)
            if gain > 0:
                return self.block_weight * gain / (state.n - 1)
        return 0.0

    def keep_values(self, state: AlphabeticellState, player: int) -> list:
        """Each dealt card valued as a one-card line, against every card not
        yet in a line (the others' returned cards go back to the deck)."""
        cards = list(state.deck)
        for hand in state.hands:
            cards.extend(hand)
        prefix = list(accumulate(letter_copies(cards), initial=0))
        scale = 2.0 * self.breadth
        return [
            (move, self.line_value(state, prefix, ((move.card, None),), scale))
            for move in state.generate_moves(player)
        ]

    def projected_points(self, state: AlphabeticellState) -> list:
        """Each player's total if the round ended with the cards expected."""
        prefix = self._deck_prefix(state)
        return [
            total + self.line_value(state, prefix, line, self._scale(state, prefix, player))
            for player, (total, line) in enumerate(zip(state.totals, state.lines))
        ]

    def move_values(self, state: AlphabeticellState, player: int) -> list:
        if state.phase == OFFER:
            return self.offer_values(state, player)
        if state.phase == KEEP:
            return self.keep_values(state, player)
        return [(move, 0.0) for move in state.generate_moves(player)]

    def choose(self, state: AlphabeticellState, player: int, rng: SeededRng) -> Move:
        if state.phase == OFFER and not placements(state.lines[player], state.face_up):
            return PASS  # the common case in rollouts: nothing fits
        values = self.move_values(state, player)
        if len(values) == 1:
            return values[0][0]
        if self.noise:
            values = [(move, value + self.noise * _gaussian(rng)) for move, value in values]
        best_move, best_value = values[0]
        for move, value in values[1:]:
            if value > best_value:
                best_move, best_value = move, value
        return best_move

    __call__ = choose  # a rollout policy: (state, player, rng) -> move


def _gaussian(rng: SeededRng) -> float:
    # Box-Muller on the bot's own RNG (random.gauss would need a Random).
    u = max(rng.random(), 1e-12)
    return math.sqrt(-2.0 * math.log(u)) * math.cos(2.0 * math.pi * rng.random())


# --- bots ----------------------------------------------------------------------
class _ChosenSearch(Search):
    """A decision made at once, behind the Search interface."""

    def __init__(self, state, player: int, move: Move):
        super().__init__(state, player, seconds=0.0, iterations=0)
        self.move = move
        self.done = True

    def best_move(self) -> Move:
        return self.move


class HeuristicBot(Bot):
    """Easy and medium: the line heuristic, one look ahead (easy blurs it with noise)."""

    name = "alphabeticell-heuristic"

    def __init__(self, seed: int = 0, noise: float = 0.0, heuristic: Optional[LineHeuristic] = None):
        super().__init__(seed)
        self.heuristic = heuristic or LineHeuristic(noise=noise)

    def start(self, state, player: int) -> Search:
        legal = list(state.generate_moves(player))
        if len(legal) == 1:
            return _ChosenSearch(state, player, legal[0])
        return _ChosenSearch(state, player, self.heuristic.choose(state, player, self.rng))


class RolloutSearch(Search):
    """Flat Monte Carlo over the legal moves, with common random numbers."""

    def __init__(self, state, player: int, bot: "RolloutBot"):
        super().__init__(state, player, bot.seconds, bot.iterations)
        self.settings = bot  # min_samples, confidence, tolerance, horizon, policy
        self.rng = bot.rng.fork()
        self.policy = bot.policy
        moves = len(self.legal)
        self.count = 0  # iterations: one result per move each
        self.totals = [0.0] * moves
        # Sums of products of results, for the paired differences' variance.
        self.products = [[0.0] * moves for _ in range(moves)]
        self._row: Optional[list] = None  # results so far in the world being played out
        self._world = None
        self._future_seed = 0
        self.decided = False

    def _budget_left(self) -> bool:
        return not self.decided and super()._budget_left()

    def iterate(self) -> None:
        """One rollout: the next candidate move in the current sampled world.

        A whole world (every candidate played out) can take a few hundred ms
        in Pyodide, and the browser only gets control back between
        iterations; one rollout at a time keeps each slice short."""
        if self._row is None:
            self._world = self.root_state.determinize(self.player, self.rng)
            self._future_seed = self.rng.next_u64()
            self._row = []
        trial = self._world.clone()
        trial.rng = SeededRng(self._future_seed)  # the same flips for every move
        trial.apply_unchecked(self.player, self.legal[len(self._row)])
        self._row.append(self._rollout(trial))
        if len(self._row) < len(self.legal):
            return
        results, self._row = self._row, None
        self.count += 1
        for index, value in enumerate(results):
            self.totals[index] += value
            row = self.products[index]
            for other, other_value in enumerate(results):
                row[other] += value * other_value
        if self.count >= self.settings.min_samples and self.count % 4 == 0:
            self.decided = self._settled()

    def _rollout(self, state: AlphabeticellState) -> float:
        start_round = state.round
        policy = self.policy
        rng = self.rng
        flips = 0
        while state.round == start_round and not state.is_terminal():
            if state.is_chance():
                if state.phase == FLIP:
                    flips += 1
                    if flips > self.settings.horizon:
                        return win_shares(policy.projected_points(state), state.target)[self.player]
                state.apply_unchecked(CHANCE, state.sample_chance())
            else:
                actor = state.to_move()[0]
                state.apply_unchecked(actor, policy.choose(state, actor, rng))
        if state.is_terminal():
            return state.returns()[self.player]
        return state.heuristic_returns()[self.player]

    def _settled(self) -> bool:
        """True when no other move can beat the leader by more than
        `tolerance` (in win share), at `confidence` standard errors of the
        paired differences: either the leader is clearly best, or the
        others are too close to it to matter."""
        best = max(range(len(self.legal)), key=self.totals.__getitem__)
        count = self.count
        products = self.products
        for other in range(len(self.legal)):
            if other == best:
                continue
            total = self.totals[best] - self.totals[other]
            squares = products[best][best] - 2 * products[best][other] + products[other][other]
            mean = total / count
            variance = max(squares - total * mean, 0.0) / (count - 1)
            if self.settings.confidence * math.sqrt(variance / count) - mean >= self.settings.tolerance:
                return False
        return True

    def best_move(self) -> Move:
        if len(self.legal) == 1 or not self.count:
            return self.legal[0] if len(self.legal) == 1 else self.policy.choose(
                self.root_state, self.player, self.rng)
        best = max(range(len(self.legal)), key=self.totals.__getitem__)
        return self.legal[best]

    def move_statistics(self) -> list:
        """(move text, mean result) of each move, best first."""
        count = max(self.count, 1)
        rows = [(move.text, total / count) for move, total in zip(self.legal, self.totals)]
        return sorted(rows, key=lambda row: -row[1])


class RolloutBot(Bot):
    """Hard: `RolloutSearch` within a time cap."""

    name = "alphabeticell-rollout"

    def __init__(self, seed: int = 0, seconds: Optional[float] = 1.0, iterations: Optional[int] = None,
                 min_samples: int = 16, confidence: float = 2.0, tolerance: float = 0.01,
                 horizon: int = 99):
        super().__init__(seed)
        self.seconds = seconds
        self.iterations = iterations
        self.min_samples = min_samples
        self.confidence = confidence
        self.tolerance = tolerance
        self.horizon = horizon
        self.policy = LineHeuristic()

    def start(self, state, player: int) -> Search:
        return RolloutSearch(state, player, self)


# In cards of line value; the median gap between the best two moves is 0.25.
EASY_NOISE = 0.15
HARD_SECONDS = 0.8  # the cap; the search usually settles within milliseconds
HARD_HORIZON = 10  # flips played out before the projected totals are scored

AI_LEVELS = {
    "easy": lambda seed: HeuristicBot(seed, noise=EASY_NOISE),
    "medium": lambda seed: HeuristicBot(seed),
    "hard": lambda seed: RolloutBot(seed, seconds=HARD_SECONDS, horizon=HARD_HORIZON),
}
DEFAULT_LEVEL = "medium"
