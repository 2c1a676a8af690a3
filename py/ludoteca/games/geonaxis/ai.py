"""GeonAxis AI levels.

Stones and tiles: a 1-ply search over simultaneous moves. Each own candidate
(cells near stones, the tile spots, pass, and with a bought move a pair of
stones) is played together with sampled replies of the other players, and the
position after the round is scored by `evaluate`: an estimate of each player's
final credits (public wealth plus the pot share of estimated points, where
points are prisoners plus a nearest-stone territory estimate, with groups in
atari counted as lost). The value of a candidate is the mean, over the sampled
replies, of its margin over the best other player. Replies are drawn from each
opponent's own best candidates (found with the same evaluation, the others
passing), so the search anticipates collisions and captures. Common random
numbers: every candidate meets the same replies.

Agreements and challenges: `WageringPolicy`. Members stake honestly, bluff
(fewer credits, jokers to keep the card count) or set a trap (more credits
than the public number); a challenger compares the expected value of a cheap
challenge (public number + 1, calling a possible bluff) with a safe one
(card count + 1), assuming each card of the pile is a credit with a learned
prior, and adds the value of playing inside.

Levels: "easy" evaluates its candidates with everyone else passing and adds
noise; "medium" samples replies for 0.25 s; "hard" for 0.8 s with more
candidates. Every search works in slices (`step(seconds)`).
"""

from __future__ import annotations

from typing import Optional

from ...core.ai import Bot, Search
from ...core.rng import SeededRng
from .board import hex_distance
from .rules import (
    AGREE,
    BUY,
    CANCEL,
    DECLINE,
    MAX_JOKERS,
    PASS,
    PLAY,
    POINT_UNIT,
    RENEGOTIATE,
    Buy,
    Challenge,
    GeonAxisState,
    Propose,
    Renew,
    Stone,
    Tile,
    Wager,
)

TERRITORY_REACH = 3  # cells further than this from every stone count for nobody
ATARI_LOSS = 0.5  # share of a group in atari counted as already lost


# --- evaluation -------------------------------------------------------------------
def estimated_points(state: GeonAxisState) -> list:
    """Points per player (in cells): prisoners, a nearest-stone territory
    estimate (ties share), groups in atari partly given to their neighbours."""
    stones = state.stones
    table = state.table
    neighbours = table.neighbours
    points = [p / POINT_UNIT for p in state.prisoners]
    owners = {}
    frontier = []
    for cell, colour in stones.items():
        owners[cell] = (colour,)
        frontier.append(cell)
    distance = 0
    seen = set(stones)
    while frontier and distance < TERRITORY_REACH:
        distance += 1
        reached = {}
        for cell in frontier:
            mine = owners[cell]
            for near in neighbours[cell]:
                if near in seen:
                    continue
                found = reached.get(near)
                if found is None:
                    reached[near] = set(mine)
                else:
                    found.update(mine)
        frontier = []
        for cell, colours in reached.items():
            seen.add(cell)
            owners[cell] = tuple(colours)
            share = 1.0 / len(colours)
            for colour in colours:
                points[colour] += share
            frontier.append(cell)
    # Groups short of liberties.
    done = set()
    for cell, colour in stones.items():
        if cell in done:
            continue
        group = {cell}
        liberties = set()
        stack = [cell]
        takers = set()
        while stack:
            here = stack.pop()
            for near in neighbours[here]:
                owner = stones.get(near)
                if owner is None:
                    liberties.add(near)
                elif owner == colour:
                    if near not in group:
                        group.add(near)
                        stack.append(near)
                else:
                    takers.add(owner)
        done |= group
        if len(liberties) == 1 and takers:
            loss = ATARI_LOSS * len(group)
            points[colour] -= loss
            for taker in takers:
                points[taker] += 2 * loss / len(takers)  # prisoners plus the freed cells
    return [max(p, 0.0) for p in points]


def projected_credits(state: GeonAxisState) -> list:
    if state.final is not None:
        return [float(c) for c in state.final["credits"]]
    points = estimated_points(state)
    total = sum(points)
    n = state.n
    pot = state.pot
    return [state.wealth(p) + (pot * points[p] / total if total else pot / n) for p in range(n)]


def margin(credits: list, player: int) -> float:
    best_other = max(c for p, c in enumerate(credits) if p != player)
    return credits[player] - best_other


def evaluate(state: GeonAxisState, player: int) -> float:
    return margin(projected_credits(state), player)


# --- candidates ---------------------------------------------------------------------
def stone_candidates(state: GeonAxisState, player: int, limit: Optional[int], rng: SeededRng) -> list:
    """Legal stone cells near stones (all legal cells in an empty opening)."""
    cells = state.stone_cells(player)
    if state.stones:
        stones = list(state.stones)
        near = [c for c in cells if any(hex_distance(c, s) <= 2 for s in stones)]
        cells = near or cells
    if limit is not None and len(cells) > limit:
        cells = list(cells)
        rng.shuffle(cells)
        cells = sorted(cells[:limit])
    return cells


def simulate(world: GeonAxisState, moves: dict) -> GeonAxisState:
    """The world after one round in which player p plays moves[p] (default pass)."""
    after = world.clone()
    after.submissions = {}
    for p in after.members:
        after.apply_unchecked(p, moves.get(p, PASS))
    return after


class RoundSearch(Search):
    """1-ply search of a round of play against sampled replies (see the module doc)."""

    def __init__(self, state: GeonAxisState, player: int, rng: SeededRng, seconds: float,
                 candidate_limit: Optional[int], reply_width: int, noise: float, model_replies: bool):
        super().__init__(state, player, seconds, None)
        self.rng = rng
        self.noise = noise
        self.world = state.determinize(player, rng)
        self.world.submissions = {}
        self.others = [p for p in range(state.n) if p != player]
        self.candidates = self._own_candidates(candidate_limit)
        self.totals = [0.0] * len(self.candidates)
        self.counts = [0] * len(self.candidates)
        self.replies: list = []
        self.reply_pools = {}
        self.model_replies = model_replies
        self.reply_width = reply_width
        self.phase_index = 0  # 0: screen each candidate against passes; then replies
        self.cursor = 0
        self.done = len(self.candidates) == 1

    def _own_candidates(self, limit) -> list:
        world, player = self.world, self.player
        cells = stone_candidates(world, player, limit, self.rng)
        moves = [PASS] + [Stone(q, r) for q, r in cells]
        if world.tile_in_hand[player]:
            moves += [Tile(a, b) for a, b in world.table.open_spots
                      if (a, b) not in world.barred.get(player, ())]
        return moves

    def _add_pair(self) -> None:
        """With a bought move, the best two single stones as a pair."""
        if not self.world.extra_moves[self.player]:
            return
        ranked = sorted((i for i, m in enumerate(self.candidates) if isinstance(m, Stone)),
                        key=lambda i: -self.totals[i])
        if len(ranked) >= 2 and self.world.round > 2:
            first, second = sorted([self.candidates[ranked[0]].cells[0], self.candidates[ranked[1]].cells[0]])
            self.candidates.append(Stone(first[0], first[1], second[0], second[1]))
            self.totals.append(0.0)
            self.counts.append(0)

    def _reply_pool(self, opponent: int) -> list:
        """An opponent's plausible moves: its best few by the same evaluation."""
        pool = self.reply_pools.get(opponent)
        if pool is not None:
            return pool
        world = self.world
        cells = stone_candidates(world, opponent, 16, self.rng)
        scored = []
        for q, r in cells:
            after = simulate(world, {opponent: Stone(q, r)})
            scored.append((evaluate(after, opponent), (q, r)))
        scored.sort(reverse=True)
        pool = [Stone(q, r) for _, (q, r) in scored[:self.reply_width]] or [PASS]
        self.reply_pools[opponent] = pool
        return pool

    def _sample_reply(self) -> dict:
        reply = {}
        for opponent in self.others:
            if self.rng.random() < 0.1:
                continue  # a pass
            if self.model_replies:
                pool = self._reply_pool(opponent)
            else:
                cells = stone_candidates(self.world, opponent, 12, self.rng)
                pool = [Stone(q, r) for q, r in cells] or [PASS]
            reply[opponent] = self.rng.choice(pool)
        return reply

    def iterate(self) -> None:
        index = self.cursor
        if self.phase_index == 0:
            after = simulate(self.world, {self.player: self.candidates[index]})
            self.totals[index] += evaluate(after, self.player)
            self.counts[index] += 1
            self.cursor += 1
            if self.cursor == len(self.candidates):
                self._add_pair()
                self.phase_index = 1 if self.noise == 0.0 else 2
                self.cursor = 0
                if self.phase_index == 2:
                    self.done = True
                else:
                    self._prune()
            return
        if index == 0:
            if self.model_replies:
                missing = [p for p in self.others if p not in self.reply_pools]
                if missing:  # one opponent's pool per slice step, to keep steps short
                    self._reply_pool(missing[0])
                    return
            self.replies.append(self._sample_reply())
        reply = dict(self.replies[-1])
        reply[self.player] = self.candidates[index]
        self.totals[index] += evaluate(simulate(self.world, reply), self.player)
        self.counts[index] += 1
        self.cursor = (index + 1) % len(self.candidates)

    def _prune(self) -> None:
        """Keeps the best screened candidates (and pass) for the reply phase."""
        keep = sorted(range(len(self.candidates)), key=lambda i: -self.totals[i])[:10]
        # The last liberty of any group in atari is urgent (a capture, or an
        # escape) whatever the screen said: the screen assumed the others pass.
        urgent = {next(iter(liberties)) for liberties in self.world.group_liberties().values()
                  if len(liberties) == 1}
        for index, move in enumerate(self.candidates):
            if index not in keep and (index == 0 or isinstance(move, Stone) and move.cells[0] in urgent):
                keep.append(index)
        keep.sort()
        self.candidates = [self.candidates[i] for i in keep]
        self.totals = [0.0] * len(keep)
        self.counts = [0] * len(keep)

    def step(self, seconds: float) -> bool:
        finished = super().step(seconds)
        return finished or self.done

    def best_move(self):
        best, best_value = self.candidates[0], None
        for index, move in enumerate(self.candidates):
            if not self.counts[index]:
                continue
            value = self.totals[index] / self.counts[index]
            if self.noise:
                value += self.noise * (self.rng.random() - 0.5)
            if best_value is None or value > best_value:
                best, best_value = move, value
        return best


# --- agreements and challenges ------------------------------------------------------------
class WageringPolicy:
    """How a level proposes, stakes, renegotiates and challenges."""

    def __init__(self, rng: SeededRng, propose_rate: float, bluff_rate: float, trap_rate: float,
                 credit_prior: float, challenge_appetite: float, buy: int):
        self.rng = rng
        self.propose_rate = propose_rate
        self.bluff_rate = bluff_rate
        self.trap_rate = trap_rate
        self.credit_prior = credit_prior  # belief that a card in a pile is a credit
        self.challenge_appetite = challenge_appetite
        self.buy = buy

    def stake(self, state: GeonAxisState, player: int, amount: int) -> tuple:
        """(credits, jokers) for an agreed stake of `amount`: honest, bluff or trap."""
        hand = state.hands[player]
        roll = self.rng.random()
        if roll < self.bluff_rate:
            credits = self.rng.randbelow(max(amount, 1)) if self.rng.random() < 0.5 else 0
            return min(credits, hand), min(amount - min(credits, hand), MAX_JOKERS)
        if roll < self.bluff_rate + self.trap_rate and hand > amount:
            return min(hand, amount + 1 + self.rng.randbelow(2)), 0
        credits = min(amount, hand)
        return credits, min(amount - credits, MAX_JOKERS)

    def agree(self, state: GeonAxisState, player: int):
        node = state.queue[0]
        amount = node["amount"]
        if state.hands[player] + MAX_JOKERS < amount or len(node["cells"]) < 2:
            return DECLINE
        credits, jokers = self.stake(state, player, amount)
        return Wager(credits, jokers)

    def renegotiate(self, state: GeonAxisState, player: int):
        agreement = state.agreement_by_id(state.queue[0]["agreement"])
        if self.rng.random() < 0.2:
            return CANCEL
        credits, jokers = self.stake(state, player, agreement.amount)
        return Renew(agreement.amount, credits, jokers)

    def proposal(self, state: GeonAxisState, player: int):
        """A proposal over an enclosed shared area worth protecting, or None."""
        if self.rng.random() >= self.propose_rate:
            return None
        table = state.table
        best = None
        for cells, owners in state.regions():
            if (len(owners) >= 2 and player in owners and len(cells) >= 2
                    and table.open_edge.isdisjoint(cells)
                    and not any(state.agreement_at(c) for c in cells)):
                if best is None or len(cells) > len(best):
                    best = cells
        if best is None:
            return None
        amount = max(1, min(3, len(best) // 2))
        return Propose(best[0][0], best[0][1], amount)

    def challenge(self, state: GeonAxisState, player: int):
        """The best challenge by expected value, or None."""
        hand = state.hands[player]
        best, best_value = None, 0.0
        for agreement in state.agreements:
            if not agreement.stakes:
                continue
            public, cards = agreement.public, agreement.cards
            inside_value = len(agreement.cells) / max(len(agreement.members), 1) * 0.5
            cells = [c for c in agreement.cells
                     if state.stone_problem(player, c, challenging=True) is None]
            if not cells:
                continue
            expected_fund = cards * self.credit_prior
            for wager in sorted({public + 1, cards + 1}):
                if wager > hand:
                    continue
                # P(success): the fund is below the wager. Fund ~ binomial-ish
                # around expected_fund; use a linear ramp over [0, cards].
                if wager > cards:
                    success = 1.0
                else:
                    success = min(1.0, max(0.0, (wager - expected_fund) / max(cards, 1) + 0.5))
                gain_success = 2 * min(expected_fund, wager - 1) - wager + inside_value
                value = success * gain_success - (1 - success) * wager
                value *= self.challenge_appetite
                if value > best_value:
                    best, best_value = Challenge(cells[0][0], cells[0][1], wager), value
        return best


# --- bots ------------------------------------------------------------------------------
class _Immediate(Search):
    def __init__(self, state, player, move):
        super().__init__(state, player, 0.0, 0)
        self.move = move
        self.done = True

    def best_move(self):
        return self.move


class GeonAxisBot(Bot):
    def __init__(self, seed: int = 0, seconds: float = 0.25, candidate_limit: Optional[int] = 24,
                 reply_width: int = 4, noise: float = 0.0, model_replies: bool = True,
                 policy: Optional[dict] = None, name: str = "geonaxis"):
        super().__init__(seed)
        self.name = name
        self.seconds = seconds
        self.candidate_limit = candidate_limit
        self.reply_width = reply_width
        self.noise = noise
        self.model_replies = model_replies
        self.policy = WageringPolicy(self.rng, **(policy or {}))

    def start(self, state: GeonAxisState, player: int) -> Search:
        phase = state.phase
        if phase == BUY:
            return _Immediate(state, player, Buy(min(self.policy.buy, state.hands[player])))
        if phase == AGREE:
            return _Immediate(state, player, self.policy.agree(state, player))
        if phase == RENEGOTIATE:
            return _Immediate(state, player, self.policy.renegotiate(state, player))
        if phase == PLAY:
            move = self.policy.challenge(state, player) or self.policy.proposal(state, player)
            if move is not None and state.is_legal(player, move):
                return _Immediate(state, player, move)
            return RoundSearch(state, player, self.rng.fork(), self.seconds, self.candidate_limit,
                               self.reply_width, self.noise, self.model_replies)
        return _Immediate(state, player, PASS)


EASY_POLICY = dict(propose_rate=0.2, bluff_rate=0.4, trap_rate=0.0, credit_prior=0.7,
                   challenge_appetite=0.5, buy=2)
MEDIUM_POLICY = dict(propose_rate=0.3, bluff_rate=0.25, trap_rate=0.15, credit_prior=0.7,
                     challenge_appetite=1.0, buy=3)
# Staking nothing but jokers loses nothing to a challenge, so the hard level
# bluffs most of the time and sets traps often; it expects others to bluff too.
HARD_POLICY = dict(propose_rate=0.35, bluff_rate=0.55, trap_rate=0.3, credit_prior=0.5,
                   challenge_appetite=1.0, buy=4)


def easy(seed: int = 0) -> GeonAxisBot:
    return GeonAxisBot(seed, seconds=0.1, candidate_limit=12, noise=3.0, model_replies=False,
                       policy=EASY_POLICY, name="easy")


def medium(seed: int = 0) -> GeonAxisBot:
    return GeonAxisBot(seed, seconds=0.25, candidate_limit=20, reply_width=3,
                       policy=MEDIUM_POLICY, name="medium")


def hard(seed: int = 0) -> GeonAxisBot:
    return GeonAxisBot(seed, seconds=0.8, candidate_limit=None, reply_width=4,
                       policy=HARD_POLICY, name="hard")


AI_LEVELS = {"easy": easy, "medium": medium, "hard": hard}
DEFAULT_LEVEL = "medium"
