"""ALPHA // PSYCHOPATH AI: negamax alpha-beta with iterative deepening.

- The search is a generator: every few nodes it yields, so `step(seconds)`
  returns after about `seconds` however deep the tree is (the browser gives
  slices of ~12 ms). Each finished depth leaves a best move; an unfinished
  depth may still improve on it, because its first root move is the previous
  best and any move that beats it has been searched in full.
- A transposition table keyed by the state's Zobrist key (plus the phase)
  stores depth, value, bound and best move; moves are ordered by that move,
  then killer moves, then a history score.
- A resurrection is a second decision by the same player, so the value is
  not negated across it.
- The evaluation, from the side to move: material, mobility (the number
  of legal moves, where they were generated already; leaves skip it, since
  generating them is the costliest step), psychopath safety (enemy doctors and informers on the paths
  through one's psychopath, and its escape moves), and node control (nodes
  where a piece of the other side would be captured, and enemy pieces one
  doctor short of being captured).
- Contempt: a draw (repetition or the no-capture limit) is worth
  -CONTEMPT to the searching player and +CONTEMPT to its opponent, so in a
  level position the AI plays on rather than repeat. Two equal searches
  that both valued a draw at 0 repeated into a draw in 6 of 33 balance
  games; a draw is still taken when every alternative is worse by more.
- Inside the tree, a position that already stood in the game (or earlier on
  the searched line) since the last capture counts as a draw, as chess
  engines do: a side a piece up shuffled between three nodes and let the
  other side reach a third repetition, because the draw lay beyond its
  horizon and the table remembered the repeated position's old value.

Levels: "easy" searches one ply and adds noise; "medium" (default) thinks
about 0.3 s; "hard" about 1 s.
"""

from __future__ import annotations

from typing import Optional

from ...core import ai as core_ai
from ...core.ai import Bot, Search
from ...core.protocol import DRAW, Move
from ...core.rng import SeededRng
from .rules import (
    CACHE_LIMIT,
    DOCTOR,
    INFORMER,
    MOVE,
    NEIGHBOURHOOD,
    OVER,
    PATH_MASK,
    PSYCHOLOGIST,
    RESURRECT,
    RESURRECTS,
    STEPS,
    PsychopathState,
    Step,
    attacked_mask,
)

WIN = 1_000_000
PIECE_VALUES = {PSYCHOLOGIST: 420, INFORMER: 300, DOCTOR: 330}
CONTROL_WEIGHT = 6
PRESSURE_WEIGHT = 25
MOBILITY_WEIGHT = 3
SAFETY_DOCTOR = 40
SAFETY_INFORMER = 20
ESCAPE_WEIGHT = 8
CONTEMPT = 50  # a sixth of a doctor: see the module doc
YIELD_EVERY = 2  # nodes between yields: a node costs well under a millisecond
PHASE_KEYS = (0, 0x5BD1E995A3B1C2D7, 0)
EXACT, LOWER, UPPER = 0, 1, 2
TABLE_LIMIT = 200_000

# The table stores a move as its index here, not the move itself: a tuple of
# ints leaves the garbage collector's lists, so a full table does not make
# each collection (a pause the page feels) longer.
ALL_MOVES = tuple(move for row in STEPS for move in row) + tuple(RESURRECTS.values())
MOVE_INDEX = {id(move): index for index, move in enumerate(ALL_MOVES)}  # moves are interned
NO_MOVE = -1


_count = int.bit_count  # Python 3.10+


_PRESSURE_MEMO: dict = {}


def pressure_mask(doctors: int, informers: int) -> int:
    """Nodes on a path holding one of these doctors and crossed by another
    path holding one of these informers: a second doctor would capture
    there (an estimate: the border's reach limit is ignored). Memoised."""
    key = (doctors, informers)
    mask = _PRESSURE_MEMO.get(key)
    if mask is None:
        if len(_PRESSURE_MEMO) >= CACHE_LIMIT:
            _PRESSURE_MEMO.clear()
        mask = 0
        if informers and doctors:
            watched = [path_mask for path_mask in PATH_MASK if path_mask & informers]
            for path_mask in PATH_MASK:
                if path_mask & doctors:
                    covered = 0
                    for other in watched:
                        if other != path_mask:
                            covered |= other
                    mask |= path_mask & covered
            mask &= ~(doctors | informers)
        _PRESSURE_MEMO[key] = mask
    return mask


def evaluate(state: PsychopathState) -> int:
    """Static value for the player to move, in hundredths of a piece."""
    me = state.turn
    you = 1 - me
    score = 0
    masks = state.masks
    for kind, value in PIECE_VALUES.items():
        score += value * (_count(masks[1 + 4 * me + kind]) - _count(masks[1 + 4 * you + kind]))
    doctors = (masks[4 + 4 * me], masks[4 + 4 * you])
    informers = (masks[3 + 4 * me], masks[3 + 4 * you])
    pieces = (state.pieces_of(me), state.pieces_of(you))
    for side, sign in ((0, 1), (1, -1)):
        other = 1 - side
        control = _count(attacked_mask(doctors[side], informers[side]))
        pressure = _count(pressure_mask(doctors[side], informers[side]) & pieces[other])
        score += sign * (CONTROL_WEIGHT * control + PRESSURE_WEIGHT * pressure)
        psychopath = masks[1 + 4 * (me if side == 0 else you)]
        if psychopath:
            node = psychopath.bit_length() - 1
            around = NEIGHBOURHOOD[node]
            danger = SAFETY_DOCTOR * _count(doctors[other] & around) + SAFETY_INFORMER * _count(informers[other] & around)
            escapes = _count(state.reach_mask(node))
            score -= sign * (danger - ESCAPE_WEIGHT * min(escapes, 6))
    if state._cache is not None:
        score += MOBILITY_WEIGHT * min(len(state._cache), 40)
    return score


class AlphaBetaSearch(Search):
    """Iterative-deepening negamax, resumable in slices (see module doc)."""

    def __init__(self, state: PsychopathState, player: int, rng: SeededRng, seconds: Optional[float],
                 max_depth: int = 64, noise: int = 0, table: Optional[dict] = None, contempt: int = CONTEMPT):
        super().__init__(state, player, seconds, None)
        self.rng = rng
        self.contempt = contempt
        self.max_depth = max_depth
        self.noise = noise
        self.table = table if table is not None else {}
        if len(self.table) > TABLE_LIMIT:
            self.table.clear()
        self.killers: dict = {}
        self.history: dict = {}
        self.nodes = 0
        self.depth_done = 0
        self.best = self.legal[0]
        self.best_value = -WIN
        self.root_noise = {move: rng.randbelow(2 * noise + 1) - noise for move in self.legal} if noise else {}
        self._driver = self._deepen()

    # --- slices -------------------------------------------------------------
    def step(self, seconds: float) -> bool:
        if self.done:
            return True
        start = core_ai.clock()
        deadline = start + seconds
        try:
            while True:
                next(self._driver)
                now = core_ai.clock()
                if now >= deadline or (self.seconds is not None and self.elapsed + now - start >= self.seconds):
                    break
        except StopIteration:
            self.done = True
        self.elapsed += core_ai.clock() - start
        if self.seconds is not None and self.elapsed >= self.seconds:
            self.done = True
        return self.done

    def best_move(self) -> Move:
        return self.best

    # --- the search ---------------------------------------------------------
    def _deepen(self):
        for depth in range(1, self.max_depth + 1):
            value = yield from self._root(depth)
            self.depth_done = depth
            self.best_value = value
            if abs(value) >= WIN - 1000:
                return  # a forced result: deeper search changes nothing

    def _root(self, depth: int):
        state = self.root_state
        moves = self._ordered(state, self.legal, self.table.get(self._key(state)), 0)
        if self.best in moves:
            moves.remove(self.best)
            moves.insert(0, self.best)
        alpha, beta = -WIN - 1, WIN + 1
        best_move, best_value = None, -WIN - 1
        for move in moves:
            child = state.clone()
            child.apply_unchecked(self.player, move)
            if child.phase == OVER:
                value = self._ended(child, self.player, 1)
            else:
                value = yield from self._negamax(child, depth - 1 if child.phase != RESURRECT else depth,
                                                 *self._window(state, child, alpha, beta), 1)
                value = self._relative(state, child, value)
            value += self.root_noise.get(move, 0)
            if value > best_value:
                best_move, best_value = move, value
                if value > alpha:
                    alpha = value
                # Searched in full, so safe to play even if this depth is cut short.
                self.best = best_move
        self._store(state, depth, best_value, EXACT, best_move)
        return best_value

    @staticmethod
    def _key(state: PsychopathState) -> int:
        return state.key ^ PHASE_KEYS[state.phase] ^ (len(state.pending) << 3)

    @staticmethod
    def _relative(parent: PsychopathState, child: PsychopathState, value: int) -> int:
        """A (running) child's value seen from the parent's mover: negated
        unless the same player moves again (a resurrection)."""
        return value if child.turn == parent.turn else -value

    def _ended(self, child: PsychopathState, player: int, ply: int) -> int:
        """A finished game's value for `player`, sooner wins worth more."""
        winner, _ = child.result()
        if winner == DRAW:
            return self._draw_value(player)
        return WIN - ply if winner == player else -(WIN - ply)

    def _draw_value(self, player: int) -> int:
        """A draw seen by `player`: below 0 for the searching side (contempt)."""
        return -self.contempt if player == self.player else self.contempt

    def _terminal_value(self, state: PsychopathState, ply: int) -> Optional[int]:
        if state.phase == OVER or (state.phase == MOVE and not state._moves()):
            return self._ended(state, state.turn, ply)
        return None

    def _negamax(self, state: PsychopathState, depth: int, alpha: int, beta: int, ply: int):
        self.nodes += 1
        if self.nodes % YIELD_EVERY == 0:
            yield
        if state.phase == MOVE and state.history.count(state.key) >= 2:
            return self._draw_value(state.turn)  # a repetition: whoever repeats can go on repeating
        if depth <= 0 and state.phase == MOVE:
            # A leaf: no move generation (a player left without moves is rare
            # and is found one ply deeper).
            return evaluate(state)
        final = self._terminal_value(state, ply)
        if final is not None:
            return final
        key = self._key(state)
        entry = self.table.get(key)
        if entry is not None and entry[0] >= depth:
            _, value, bound, _ = entry
            if bound == EXACT:
                return value
            if bound == LOWER and value >= beta:
                return value
            if bound == UPPER and value <= alpha:
                return value
        original_alpha = alpha
        best_value, best_move = -WIN - 1, None
        player = state.turn
        for move in self._ordered(state, state._moves(), entry, ply):
            child = state.clone()
            child.apply_unchecked(player, move)
            if child.phase == OVER:
                value = self._ended(child, player, ply + 1)
            else:
                # A resurrection choice does not use up depth: it finishes the move.
                value = yield from self._negamax(child, depth - 1 if child.phase != RESURRECT else depth,
                                                 *self._window(state, child, alpha, beta), ply + 1)
                value = self._relative(state, child, value)
            if value > best_value:
                best_value, best_move = value, move
                if value > alpha:
                    alpha = value
            if alpha >= beta:
                if isinstance(move, Step):
                    self.killers[ply] = move
                    self.history[move] = self.history.get(move, 0) + depth * depth
                break
        bound = EXACT
        if best_value <= original_alpha:
            bound = UPPER
        elif best_value >= beta:
            bound = LOWER
        self._store(state, depth, best_value, bound, best_move)
        return best_value

    @staticmethod
    def _window(parent, child, alpha, beta):
        if child.turn == parent.turn:
            return alpha, beta
        return -beta, -alpha

    def _store(self, state, depth, value, bound, move) -> None:
        self.table[self._key(state)] = (depth, value, bound, NO_MOVE if move is None else MOVE_INDEX[id(move)])

    def _ordered(self, state: PsychopathState, moves, entry, ply: int) -> list:
        first = ALL_MOVES[entry[3]] if entry is not None and entry[3] != NO_MOVE else None
        killer = self.killers.get(ply)
        history = self.history
        board = state.board

        def rank(move):
            # moves are interned (rules.STEPS), so identity is equality
            if move is first:
                return -1_000_000
            if move is killer:
                return -500_000
            if move.keyword == "m":
                # doctors and informers are the pieces that capture
                active = 1000 if board[move.source] & 3 in (0, 3) else 0
                return -(history.get(move, 0) + active)
            return 0

        return sorted(moves, key=rank)


class AlphaBetaBot(Bot):
    name = "alphabeta"

    def __init__(self, seed: int = 0, seconds: Optional[float] = 0.3, max_depth: int = 64, noise: int = 0):
        super().__init__(seed)
        self.seconds = seconds
        self.max_depth = max_depth
        self.noise = noise
        # Kept between moves, since the game goes on from the same positions;
        # one a seat, since contempt makes a stored value depend on who searched.
        self.tables: dict = {}

    def start(self, state, player: int) -> Search:
        return AlphaBetaSearch(state, player, self.rng.fork(), self.seconds, self.max_depth, self.noise,
                               self.tables.setdefault(player, {}))


def easy(seed: int = 0) -> Bot:
    bot = AlphaBetaBot(seed, seconds=0.2, max_depth=1, noise=150)
    bot.name = "easy"
    return bot


def medium(seed: int = 0) -> Bot:
    bot = AlphaBetaBot(seed, seconds=0.3)
    bot.name = "medium"
    return bot


def hard(seed: int = 0) -> Bot:
    bot = AlphaBetaBot(seed, seconds=1.0)
    bot.name = "hard"
    return bot


AI_LEVELS = {"easy": easy, "medium": medium, "hard": hard}
DEFAULT_LEVEL = "medium"
