"""Each game's estimate of the chances, for the review after the game (core/review.py).

The review must run in a few seconds in the browser and say the same on
every device, so it uses each game's own evaluation at a fixed depth, not
the hard AI's time budget (which buys more on a faster machine):

- ALPHA // PSYCHOPATH: the AI's alpha-beta search (the hard level's
  evaluation and move ordering), 2 plies deep, from every position; its
  value (hundredths of a piece, for the side to move) becomes a chance by
  `chance_from_margin` with a scale of 272, as lichess turns centipawns into
  a chance: a piece (300–420) is about 75%; a forced win found is 100%. The
  played move is searched one ply less from the next position, the horizon
  its mover's best move had. Two plies see a piece given away to a capture
  in one. Three (an odd depth, with no quiescence search) let the mover
  take last on every line: in a 100-move test game they marked two moves in
  three, each against a "better" capture that a recapture answers, and
  took ten times as long (measured: 1.5 s for 2 plies under CPython).
  Before a review, the results' small chart shows the AI's static value of
  each position (no search), the same scale: PSYCHOPATH has no score to chart.
- Alphabeticell: the medium AI's `LineHeuristic`, whose projected totals
  (banked points plus the cards each line may still take) the game itself
  turns into win shares (`rules.win_shares`). A move is worth what the
  heuristic's move values say, in cards, against the best of them.
- GeonAxis: the AI's projected credits (wealth plus the pot's share of the
  estimated points); the margin becomes a chance with a scale of 8 credits.
  A round of play is judged knowing what the other chose in it: each of the
  mover's candidates (pass, 16 cells near stones, a tile's spots, the move
  played) against that choice, the table after the round valued so; the
  other decisions (proposals, challenges, agreements) are not marked.
- Alphagon: the points against the goal (its AI values words, not
  positions): the margin becomes a chance with a scale of a tenth of the
  goal. A move is judged by the hard AI's own value of each candidate, in
  points, against the best of them (as Alphabeticell's): before placing, each
  letter the rack can place (the word it completes, the words it keeps open,
  less what it hands the next player), the hard AI's declaration if it would
  make one, and a pass at 0, the value under which the AI stops placing (with
  the letter it would give up; another letter a shade less);
  after placing, closing a real word (its points) against ending the turn
  (0). The hard AI's other choices (doubts, changes, cards, answers) weigh
  no candidates, so those moves are not marked. The values look at nothing
  random (the hard level adds no noise), so every device says the same.
"""

from __future__ import annotations

from ..core.review import Estimate, Estimator, chance_from_margin
from ..core.rng import SeededRng

PSYCHOPATH_DEPTH = 2
PSYCHOPATH_SCALE = 272.0  # lichess's logistic scale for centipawns; our unit is a hundredth of a piece too
SLICE = 0.004  # a search's piece of work between two yields
GEONAXIS_SCALE = 8.0
GEONAXIS_CANDIDATES = 16  # the cells near stones tried in a round (the hard AI tries 24)


def two_sided(chance: float, player: int) -> list:
    return [chance, 1.0 - chance] if player == 0 else [1.0 - chance, chance]


class PsychopathEstimator(Estimator):
    def __init__(self, depth: int = PSYCHOPATH_DEPTH):
        from .psychopath import ai

        self.ai = ai
        self.depth = depth
        self.tables = ({}, {})  # one per side, as the AI keeps them

    def _chance(self, value: int) -> float:
        if value >= self.ai.WIN - 1000:
            return 1.0
        if value <= -(self.ai.WIN - 1000):
            return 0.0
        return chance_from_margin(value, PSYCHOPATH_SCALE)

    def _search(self, state, depth: int):
        """(value for the side to move, best move) of a search `depth` plies deep."""
        mover = state.to_move()[0]
        search = self.ai.AlphaBetaSearch(state, mover, SeededRng(0), None, max_depth=depth,
                                         table=self.tables[mover], contempt=0)
        while not search.step(SLICE):
            yield
        return search.best_value, search.best_move()

    def glance(self, state):
        """The AI's static value of the position (no search), as a chance: the results'
        small chart, before a review searches every position."""
        if state.is_terminal():
            return state.returns()[0]
        mover = state.to_move()[0]
        state.generate_moves(mover)  # the value counts the mover's moves once they are known: always, then
        value = self.ai.evaluate(state)
        return two_sided(self._chance(value), mover)[0]

    def position(self, state):
        mover = state.to_move()[0]
        value, best = yield from self._search(state, self.depth)
        return Estimate(two_sided(self._chance(value), mover), best)

    def played(self, before, player, move, after):
        """The played move searched as the search of `before` searched it (one
        ply less from the next position), so it is compared with the best
        move on the same horizon: an odd and an even depth differ by a tempo."""
        child = before.clone()
        child.apply_unchecked(player, move)
        if child.is_terminal():
            return after.chances[player]
        value, _ = yield from self._search(child, self.depth - 1)
        return self._chance(value if child.to_move()[0] == player else -value)


class AlphabeticellEstimator(Estimator):
    def __init__(self):
        from .alphabeticell import ai, rules

        self.heuristic = ai.LineHeuristic()
        self.rules = rules

    def _shares(self, state, mover: int | None = None, gain: float = 0.0) -> list:
        points = self.heuristic.projected_points(state)
        if mover is not None:
            points[mover] += gain
        return self.rules.win_shares(points, state.target)

    def _values(self, state, mover: int) -> list:
        if state.phase not in (self.rules.OFFER, self.rules.KEEP):
            return []
        return self.heuristic.move_values(state, mover)

    def position(self, state):
        yield
        if state.is_chance() or not state.to_move():
            return Estimate(self._shares(state))
        mover = state.to_move()[0]
        values = self._values(state, mover)
        best = max(values, key=lambda pair: pair[1])[0] if len(values) > 1 else None
        return Estimate(self._shares(state), best)

    def played(self, before, player, move, after):
        yield
        values = dict(self._values(before, player))
        if move not in values:
            return None
        # The best move keeps the projected totals; another gives up the difference, in cards.
        return self._shares(before, player, values[move] - max(values.values()))[player]


class MarginEstimator(Estimator):
    """A chance from a static margin, with no moves judged."""

    def __init__(self, margin, scale):
        self.margin, self.scale = margin, scale

    def position(self, state):
        yield
        return Estimate(two_sided(chance_from_margin(self.margin(state), self.scale(state)), 0))


class GeonAxisEstimator(MarginEstimator):
    """A round of play is judged as the AI's round search judges it, but
    knowing the other's real choice: each candidate of the mover (pass, the
    cells near stones, a tile's spots, the move played) is played against it
    and the table after the round is valued."""

    def __init__(self):
        from .geonaxis import ai, rules

        self.ai, self.rules = ai, rules
        super().__init__(lambda state: ai.evaluate(state, 0), lambda _state: GEONAXIS_SCALE)

    def round(self, opening, player, moves):
        ai, rules = self.ai, self.rules
        if opening.phase != rules.PLAY or player not in moves:
            return None
        cells = ai.stone_candidates(opening, player, GEONAXIS_CANDIDATES, SeededRng(opening.round))
        candidates = [rules.PASS] + [rules.Stone(q, r) for q, r in cells]
        if opening.tile_in_hand[player]:
            candidates += [rules.Tile(a, b) for a, b in opening.table.open_spots
                           if (a, b) not in opening.barred_spots.get(player, ())]
        played = moves[player]
        if not isinstance(played, (rules.Stone, rules.Tile)) and played != rules.PASS:
            return None  # a proposal or a challenge plays out over the rounds after: one round cannot say
        if played not in candidates:
            candidates.append(played)
        chances = {}
        for move in candidates:
            yield
            after = ai.simulate(opening, {**moves, player: move})
            chances[move] = chance_from_margin(ai.evaluate(after, player), GEONAXIS_SCALE)
        best = max(candidates, key=lambda move: chances[move])
        return best, chances[best], chances[played]


def geonaxis_estimator() -> Estimator:
    return GeonAxisEstimator()


class AlphagonEstimator(MarginEstimator):
    """The points' margin as a chance; a move judged by the hard AI's values of
    the candidates of its decision (see the module doc)."""

    def __init__(self):
        from .alphagon import ai, rules

        self.ai, self.rules = ai, rules
        self.bot = ai.AI_LEVELS["hard"](0)
        super().__init__(lambda state: state.points[0] - state.points[1], alphagon_scale)

    def _values(self, state, player: int):
        """Generator: {candidate: value in points} of `player`'s decision, or {} when none is weighed."""
        rules, bot = self.rules, self.bot
        if state.phase != rules.PLAY or state.queue or tuple(state.to_move()) != (player,):
            return {}
        vocab = yield from self.ai.building_vocabulary(state.wordlist(), self.ai.LEVEL_VOCABULARY[bot.level])
        yield from self.ai.building_vocabulary(state.wordlist(), self.ai.GIFT_VOCABULARY)
        legal = list(state.legal_moves(player))
        word = state.word()
        if state.placed:
            if rules.CLOSE not in legal:
                return {}
            return {rules.CLOSE: float(rules.points_for(len(word))), rules.END: 0.0}
        values = {move: value for value, move in (yield from bot._placements(state, player, legal, word, vocab))}
        if not values:
            return {}
        declare, floor = yield from bot._declaration(state, word, vocab)
        if declare is not None and declare in legal:
            values[declare] = (rules.points_for(len(declare.words[0])) + floor) / 2 - 0.5  # as `_turn` weighs it
        passes = [move for move in legal if isinstance(move, rules.Pass)]
        if passes:
            # The pass that gives up the letter the AI would part with (`_turn`), the others a shade less.
            kept = min(passes, key=lambda move: (bot._keep_value(state, player, move.letter), move.letter)
                       if move.letter else (0.0, ""))
            values.update({move: 0.0 if move == kept else -0.01 for move in passes})
        return values

    def position(self, state):
        estimate = yield from super().position(state)
        if not state.is_chance() and len(state.to_move()) == 1:
            values = yield from self._values(state, state.to_move()[0])
            if len(values) > 1:
                estimate.best = max(values, key=lambda move: (values[move], move.text))
        return estimate

    def played(self, before, player, move, after):
        values = yield from self._values(before, player)
        if move not in values:
            return None
        margin = before.points[player] - max(p for other, p in enumerate(before.points) if other != player)
        # The best move keeps the margin; another gives up the difference, in points.
        return chance_from_margin(margin + values[move] - max(values.values()), alphagon_scale(before))


def alphagon_scale(state) -> float:
    return max(1.0, state.goal / 10)


def alphagon_estimator() -> Estimator:
    return AlphagonEstimator()


ESTIMATORS = {
    "psychopath": PsychopathEstimator,
    "alphabeticell": AlphabeticellEstimator,
    "geonaxis": geonaxis_estimator,
    "alphagon": alphagon_estimator,
}


def estimator_for(game_id: str) -> Estimator | None:
    """A fresh estimator for one review (it keeps its search tables), or None."""
    make = ESTIMATORS.get(game_id)
    return make() if make is not None else None
