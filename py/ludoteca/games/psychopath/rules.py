"""ALPHA // PSYCHOPATH: the rules engine.

Two players, 13 pieces each, on the board built in board.py. Rulings are
numbered in RULINGS.md and cited here as R1, R2, ...

Pieces are small ints: 0 is an empty node, else 1 + 4 * owner + kind with
kind 0 psychopath, 1 psychologist, 2 informer, 3 doctor. Sets of nodes are
Python ints used as bit masks (bit n = node n), which keeps capture tests
to a few ANDs.

Move texts:
    m 12 30      move the piece on node 12 along a path to node 30
    r doctor     bring back one of your captured doctors (after capturing an
                 opposing psychologist, R10); kinds: psychologist, informer, doctor

`view(player)` keys (JSON-ready): game, players, viewer, to_move, phase
("move", "resurrect", "over"), turn, pieces (per node: null or
[owner, kind name]), captured (per player: {kind: count} of that player's
pieces held by the opponent), on_board (per player: {kind: count}),
last_move (null or {"player", "text", "from", "to", "captured":
[[node, owner, kind]], "resurrected": [[node, owner, kind]]}), legal_moves
(texts, for the viewer when it is their turn), destinations ({from node as
text: [to nodes]} for the viewer), paralysed ([{"node", "paths", "frozen"}]
for every paralysed piece), threatened ([nodes where a piece of player 0
would be captured, the same for player 1]), resurrect_at (node or null),
resurrect_options (kinds), plies, quiet_plies, quiet_limit, repetitions
(times the current position has occurred), game_over, winners, end_reason
(null, "psychopath", "no_moves", "repetition", "quiet").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Optional

from ...core.protocol import (
    DRAW,
    ChanceKind,
    Dynamics,
    Game,
    GameType,
    IllegalMoveError,
    Information,
    Move,
    MoveParseError,
    NotYourTurnError,
    RecordError,
    Settings,
    State,
    Utility,
    read_number,
)
from ...core.records import short_text
from ...core.rng import SeededRng
from ...core.state_json import StateReader
from . import MAX_PLAYERS, MIN_PLAYERS
from .board import BOARD

# --- pieces ---------------------------------------------------------------------
PSYCHOPATH, PSYCHOLOGIST, INFORMER, DOCTOR = range(4)
KIND_NAMES = ("psychopath", "psychologist", "informer", "doctor")
KIND_BY_NAME = {name: kind for kind, name in enumerate(KIND_NAMES)}
PIECES_PER_KIND = (1, 2, 4, 6)  # 13 a side
EMPTY = 0


def code_of(owner: int, kind: int) -> int:
    return 1 + 4 * owner + kind


def owner_of(code: int) -> int:
    return (code - 1) >> 2


def kind_of(code: int) -> int:
    return (code - 1) & 3


# --- board tables ---------------------------------------------------------------
NODE_COUNT = BOARD.size
PATHS = BOARD.paths
NODE_PATHS = BOARD.node_paths
BORDER = BOARD.border_path
SPECIAL = BOARD.special
PATH_MASK = tuple(sum(1 << node for node in path) for path in PATHS)


def _rays(node: int) -> tuple:
    """(path, forward nodes, backward nodes) for each path through `node`,
    nearest first. On the cyclic border each ray runs all the way round."""
    rays = []
    for path in NODE_PATHS[node]:
        members = PATHS[path]
        index = members.index(node)
        if BOARD.cyclic[path]:
            forward = members[index + 1:] + members[:index]
            rays.append((path, forward, tuple(reversed(forward))))
        else:
            rays.append((path, members[index + 1:], tuple(reversed(members[:index]))))
    return tuple(rays)


RAYS = tuple(_rays(node) for node in range(NODE_COUNT))
# Nodes on any path through a node: no opposing psychologist there, no paralysis.
def _union(masks) -> int:
    total = 0
    for mask in masks:
        total |= mask
    return total


NEIGHBOURHOOD = tuple(_union(PATH_MASK[path] for path in NODE_PATHS[node]) for node in range(NODE_COUNT))
# Reach memos hold only ints, which the garbage collector stops tracking: a
# memo of tuples of moves made every full collection scan ~100,000 objects
# (20-35 ms, a long task in the browser). The move tuples are interned per
# (mask, node) instead, which is far fewer entries.
_REACH_MEMO: dict = {}  # what stands around a node -> mask of reachable nodes
_REACH_STEPS: dict = {}  # mask * NODE_COUNT + node -> tuple of Steps to those nodes
STEPS_MEMO_LIMIT = 2048  # few tracked tuples: a full collection stays short


def _border_pairs(target: int) -> tuple:
    """Doctor pairs that flank `target` on the border (R5): one doctor at
    forward distance i, the other at backward distance j, and at most one
    special node strictly between them along the side through the target
    (the target itself counts when it is special). Returned as
    (one-bit mask of the forward doctor, mask of allowed backward doctors)."""
    members = PATHS[BORDER]
    size = len(members)
    index = members.index(target)
    pairs = []
    for i in range(1, size):
        forward = members[(index + i) % size]
        allowed = 0
        for j in range(1, size - i):
            backward = members[(index - j) % size]
            between = [members[(index + k) % size] for k in range(0, i)]
            between += [members[(index - k) % size] for k in range(1, j)]
            if sum(1 for node in between if node in SPECIAL) <= 1:
                allowed |= 1 << backward
        if allowed:
            pairs.append((1 << forward, allowed))
    return tuple(pairs)


def _capture_lines(target: int) -> tuple:
    """For each path through `target`: (cyclic, informer mask, a, b). A capture
    needs two opposing doctors on that path on opposite sides of the target
    (linear: a doctor in mask a and one in mask b; border: one of the pairs in
    a) and an opposing informer on another path through the target."""
    lines = []
    for path in NODE_PATHS[target]:
        informers = 0
        for other in NODE_PATHS[target]:
            if other != path:
                informers |= PATH_MASK[other]
        informers &= ~(1 << target)
        if BOARD.cyclic[path]:
            lines.append((True, informers, _border_pairs(target), 0))
        else:
            members = PATHS[path]
            index = members.index(target)
            before = sum(1 << node for node in members[:index])
            after = sum(1 << node for node in members[index + 1:])
            if before and after:
                lines.append((False, informers, before, after))
    return tuple(lines)


CAPTURE_LINES = tuple(_capture_lines(node) for node in range(NODE_COUNT))


def attacked(target: int, doctors: int, informers: int) -> bool:
    """Would a piece on `target` be captured by these doctors and informers?"""
    for cyclic, informer_mask, a, b in CAPTURE_LINES[target]:
        if not informers & informer_mask:
            continue
        if cyclic:
            for single, allowed in a:
                if doctors & single and doctors & allowed:
                    return True
        elif doctors & a and doctors & b:
            return True
    return False


CACHE_LIMIT = 50_000  # entries per memo below; cleared when full
_ATTACK_MEMO: dict = {}
_FLANK_MEMO: dict = {}
BORDER_NODES = PATHS[BORDER]


def _border_flank_table() -> tuple:
    """[i][j]: border nodes flanked by doctors on border nodes i and j (R5)."""
    table = [[0] * NODE_COUNT for _ in range(NODE_COUNT)]
    for target in BORDER_NODES:
        for single, allowed in _border_pairs(target):
            first = single.bit_length() - 1
            for second in BORDER_NODES:
                if allowed >> second & 1:
                    table[first][second] |= 1 << target
                    table[second][first] |= 1 << target
    return tuple(tuple(row) for row in table)


BORDER_FLANK = _border_flank_table()


def flanked(path: int, doctors: int) -> int:
    """Nodes of `path` that two of these doctors flank on it (memoised)."""
    on_path = doctors & PATH_MASK[path]
    if not on_path & (on_path - 1):
        return 0
    key = (path, on_path)
    mask = _FLANK_MEMO.get(key)
    if mask is None:
        if len(_FLANK_MEMO) >= CACHE_LIMIT:
            _FLANK_MEMO.clear()
        mask = 0
        if BOARD.cyclic[path]:
            nodes = [node for node in BORDER_NODES if on_path >> node & 1]
            for index, first in enumerate(nodes):
                row = BORDER_FLANK[first]
                for second in nodes[index + 1:]:
                    mask |= row[second]
        else:
            members = PATHS[path]
            inside = [index for index, node in enumerate(members) if on_path >> node & 1]
            for node in members[inside[0] + 1:inside[-1]]:
                mask |= 1 << node
        _FLANK_MEMO[key] = mask
    return mask


def attacked_mask(doctors: int, informers: int) -> int:
    """Every node where a piece of the other side would be captured, path by
    path: nodes two doctors flank on one path, crossed by another path that
    holds an informer. It agrees with `attacked` on every node that holds no
    informer of the attacking side. Memoised, since a search meets the same
    doctors and informers again and again."""
    key = (doctors, informers)
    mask = _ATTACK_MEMO.get(key)
    if mask is None:
        if len(_ATTACK_MEMO) >= CACHE_LIMIT:
            _ATTACK_MEMO.clear()
        mask = 0
        if informers and doctors & (doctors - 1):  # an informer and two doctors at least
            watched = [path_mask for path_mask in PATH_MASK if path_mask & informers]
            for path, path_mask in enumerate(PATH_MASK):
                between = flanked(path, doctors)
                if between:
                    covered = 0
                    for other in watched:
                        if other != path_mask:
                            covered |= other
                    mask |= between & covered
        _ATTACK_MEMO[key] = mask
    return mask


def _mirror_table() -> tuple:
    """Node -> its mirror image across the horizontal axis (y -> -y)."""
    table = []
    for x, y in BOARD.xy:
        match = min(range(NODE_COUNT), key=lambda n: (BOARD.xy[n][0] - x) ** 2 + (BOARD.xy[n][1] + y) ** 2)
        table.append(match)
    return tuple(table)


MIRROR = _mirror_table()

# --- the starting setup (R1) --------------------------------------------------
# Player 0 sits in the lower half (y < 0), player 1 is its mirror image.
# A frontal opening: the 12 inner nodes of each half hold the army, the
# psychopath waits on the back special node, one inner node stays free.
SOUTH_SETUP = {
    31: PSYCHOPATH,
    19: PSYCHOLOGIST, 30: PSYCHOLOGIST,
    13: INFORMER, 18: INFORMER, 20: INFORMER, 29: INFORMER,
    1: DOCTOR, 6: DOCTOR, 8: DOCTOR, 12: DOCTOR, 21: DOCTOR, 28: DOCTOR,
}


def starting_board() -> list:
    board = [EMPTY] * NODE_COUNT
    for node, kind in SOUTH_SETUP.items():
        board[node] = code_of(0, kind)
        board[MIRROR[node]] = code_of(1, kind)
    return board


# --- zobrist keys -------------------------------------------------------------
def _zobrist() -> tuple:
    rng = SeededRng(0x9A1FA)
    return tuple(tuple(rng.next_u64() if code else 0 for code in range(9)) for _ in range(NODE_COUNT))


ZOBRIST = _zobrist()
ZOBRIST_SIDE = SeededRng(0x51DE).next_u64()


# --- moves ---------------------------------------------------------------------
@dataclass(frozen=True)
class Step(Move):
    """Move the piece on `source` along one path to `target`."""

    keyword = "m"
    source: int
    target: int


@dataclass(frozen=True)
class Resurrect(Move):
    """Bring back a captured piece of this kind where the psychologist stood."""

    keyword = "r"
    kind: str


STEPS = tuple(tuple(Step(a, b) for b in range(NODE_COUNT)) for a in range(NODE_COUNT))
RESURRECTS = {name: Resurrect(name) for name in KIND_NAMES[1:]}


def _node_word(word: str) -> int:
    node = read_number(word, code="psychopath.bad_node", node=word)
    if not 0 <= node < NODE_COUNT:
        raise MoveParseError(f"there is no node {node}", "psychopath.bad_node", node=word)
    return node


def parse_move(text: str) -> Move:
    if not isinstance(text, str):
        raise MoveParseError("a move is text", "core.unknown_move", text=str(text))
    words = text.split()
    if len(words) == 3 and words[0] == "m":
        return STEPS[_node_word(words[1])][_node_word(words[2])]
    if len(words) == 2 and words[0] == "r":
        move = RESURRECTS.get(words[1])
        if move is None:
            raise MoveParseError(f"{words[1]!r} cannot be brought back", "psychopath.bad_kind", kind=words[1])
        return move
    raise MoveParseError(f"unknown move {text!r}", "core.unknown_move", text=text)


# --- the game --------------------------------------------------------------------
MOVE, RESURRECT, OVER = 0, 1, 2
PHASE_NAMES = ("move", "resurrect", "over")
QUIET_LIMIT = 100  # R13: plies without a capture before the game is drawn
REPETITIONS_FOR_DRAW = 3  # R12

END_PSYCHOPATH, END_NO_MOVES, END_REPETITION, END_QUIET = "psychopath", "no_moves", "repetition", "quiet"
END_REASONS = (END_PSYCHOPATH, END_NO_MOVES, END_REPETITION, END_QUIET)


class PsychopathGame(Game):
    id = "psychopath"
    rules_version = 1
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    variants = ()
    game_type = GameType(Dynamics.SEQUENTIAL, Information.PERFECT, ChanceKind.DETERMINISTIC, Utility.CONSTANT_SUM)

    def new_state(self, settings: Settings, seed: int) -> "PsychopathState":
        return PsychopathState.new(self.validate_settings(settings), seed)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def state_from_json(self, data: dict) -> "PsychopathState":
        return PsychopathState.from_json(data)


GAME = PsychopathGame()


class PsychopathState(State):
    """A position. `board` is a list of piece codes, `masks[code]` the nodes
    holding that code; the legal moves are cached until the next move."""

    game = GAME
    __slots__ = (
        "settings", "rng", "board", "masks", "captured", "turn", "phase", "pending",
        "winner", "end_reason", "plies", "quiet", "history", "key", "last", "_cache",
    )

    @classmethod
    def new(cls, settings: Settings, seed: int, board: Optional[list] = None) -> "PsychopathState":
        state = cls.__new__(cls)
        state.settings = settings
        state.rng = SeededRng(seed)
        state.set_board(board if board is not None else starting_board())
        state.captured = [[0, 0, 0, 0], [0, 0, 0, 0]]
        state.turn = 0
        state.phase = MOVE
        state.pending = ()
        state.winner = None  # player, or DRAW
        state.end_reason = None
        state.plies = 0
        state.quiet = 0
        state.history = (state.key,)
        state.last = None
        state._cache = None
        return state

    def set_board(self, board: list) -> None:
        """Installs a position (tests build positions this way)."""
        self.board = list(board)
        self.masks = [0] * 9
        key = 0
        for node, code in enumerate(self.board):
            if code:
                self.masks[code] |= 1 << node
                key ^= ZOBRIST[node][code]
        self.key = key ^ (ZOBRIST_SIDE if getattr(self, "turn", 0) else 0)
        self._cache = None

    def clone(self) -> "PsychopathState":
        other = PsychopathState.__new__(PsychopathState)
        other.settings = self.settings
        other.rng = SeededRng(self.rng.state)
        other.board = self.board[:]
        other.masks = self.masks[:]
        other.captured = [self.captured[0][:], self.captured[1][:]]
        other.turn = self.turn
        other.phase = self.phase
        other.pending = self.pending
        other.winner = self.winner
        other.end_reason = self.end_reason
        other.plies = self.plies
        other.quiet = self.quiet
        other.history = self.history
        other.key = self.key
        other.last = self.last
        other._cache = self._cache
        return other

    # --- whose turn -------------------------------------------------------
    def to_move(self) -> tuple:
        if self.is_terminal():
            return ()
        return (self.turn,)

    def is_terminal(self) -> bool:
        # R11: a player who cannot move has lost. That is read from the
        # (cached) legal moves, so `apply_unchecked` never generates them.
        return self.phase == OVER or (self.phase == MOVE and not self._moves())

    def result(self) -> tuple:
        """(winner or DRAW, end reason), or (None, None) while playing."""
        if self.phase == OVER:
            return self.winner, self.end_reason
        if self.phase == MOVE and not self._moves():
            return 1 - self.turn, END_NO_MOVES
        return None, None

    # --- pieces and paths -------------------------------------------------
    def doctors(self, owner: int) -> int:
        return self.masks[4 * owner + 4]

    def informers(self, owner: int) -> int:
        return self.masks[4 * owner + 3]

    def psychologists(self, owner: int) -> int:
        return self.masks[4 * owner + 2]

    def pieces_of(self, owner: int) -> int:
        base = 4 * owner
        masks = self.masks
        return masks[base + 1] | masks[base + 2] | masks[base + 3] | masks[base + 4]

    def threatened(self, owner: int) -> int:
        """Nodes where a piece of `owner` would be captured now."""
        enemy = 1 - owner
        return attacked_mask(self.doctors(enemy), self.informers(enemy))

    def paralysing_paths(self, node: int) -> tuple:
        """Paths through `node` that hold the piece there (R8, R9): an opposing
        psychologist stands on the path and none of its own side does."""
        code = self.board[node]
        owner = owner_of(code)
        theirs = self.psychologists(1 - owner)
        if not theirs & NEIGHBOURHOOD[node]:
            return ()
        ours = self.psychologists(owner)
        return tuple(path for path in NODE_PATHS[node]
                     if PATH_MASK[path] & theirs and not PATH_MASK[path] & ours)

    def usable_paths(self, node: int) -> tuple:
        paralysing = self.paralysing_paths(node)
        if not paralysing:
            return NODE_PATHS[node]
        if len(paralysing) == 1:
            return paralysing
        return ()  # R8: held on two paths, it cannot leave either

    def reachable(self, node: int) -> list:
        """Empty nodes the piece on `node` can reach along one usable path,
        ignoring the suicide rule. Psychologists are passed over (R3)."""
        mask = self.reach_mask(node)
        return [other for other in range(NODE_COUNT) if mask >> other & 1]

    def reach_mask(self, node: int) -> int:
        """`reachable` as a bit mask, memoised on what stands on the paths
        through the node."""
        masks = self.masks
        psychologists = masks[2] | masks[6]
        occupied = masks[1] | masks[3] | masks[4] | masks[5] | masks[7] | masks[8] | psychologists
        around = NEIGHBOURHOOD[node]
        theirs = masks[6] if self.board[node] <= 4 else masks[2]
        usable = self.usable_paths(node) if theirs & around else None  # None: every path
        key = (node, usable, occupied & around, psychologists & around)
        mask = _REACH_MEMO.get(key)
        if mask is None:
            if len(_REACH_MEMO) >= CACHE_LIMIT:
                _REACH_MEMO.clear()
            mask = 0
            board = self.board
            for path, forward, backward in RAYS[node]:
                if usable is not None and path not in usable:
                    continue
                for ray in (forward, backward):
                    for other in ray:
                        code = board[other]
                        if code == EMPTY:
                            mask |= 1 << other
                        elif (code - 1) & 3 != PSYCHOLOGIST:
                            break
            _REACH_MEMO[key] = mask
        return mask

    def _reach(self, node: int) -> tuple:
        """(mask, moves) of the piece on `node`, ignoring the suicide rule."""
        mask = self.reach_mask(node)
        steps_key = mask * NODE_COUNT + node
        steps = _REACH_STEPS.get(steps_key)
        if steps is None:
            if len(_REACH_STEPS) >= STEPS_MEMO_LIMIT:
                _REACH_STEPS.clear()
            row = STEPS[node]
            steps = _REACH_STEPS[steps_key] = tuple(row[other] for other in range(NODE_COUNT) if mask >> other & 1)
        return mask, steps

    # --- moves ------------------------------------------------------------
    def _moves(self) -> list:
        cache = self._cache
        if cache is None:
            cache = self._cache = self._generate()
        return cache

    def _generate(self) -> list:
        if self.phase == RESURRECT:
            return [RESURRECTS[KIND_NAMES[kind]] for kind in self.returning_kinds(self.turn, self.pending[0])]
        if self.phase != MOVE:
            return []
        player = self.turn
        enemy = 1 - player
        danger = attacked_mask(self.doctors(enemy), self.informers(enemy))
        moves = []
        pieces = self.pieces_of(player)
        reach_of = self._reach
        while pieces:
            low = pieces & -pieces
            source = low.bit_length() - 1
            pieces ^= low
            mask, steps = reach_of(source)
            if not mask & danger:
                moves.extend(steps)
                continue
            for move in steps:
                if danger >> move.target & 1 and not self._survives(source, move.target):
                    continue  # R6: suicide
                moves.append(move)
        return moves

    def _survives(self, source: int, target: int) -> bool:
        """Would the piece moved from source to target escape capture, once
        the captures its move makes are done (R6)?"""
        code = self.board[source]
        return self._stands(owner_of(code), kind_of(code), target, 1 << source)

    def returning_kinds(self, player: int, node: int) -> list:
        """The captured kinds of `player` that may come back on `node`: those
        that would not stand captured there once the captures their return
        makes are done (R10, judged as suicide is, R6)."""
        mine = self.captured[player]
        return [kind for kind in (PSYCHOLOGIST, INFORMER, DOCTOR)
                if mine[kind] and self._stands(player, kind, node)]

    def _stands(self, player: int, kind: int, target: int, source_bit: int = 0) -> bool:
        """Would a piece of `player` and `kind` arriving on `target` (from the
        node in `source_bit`, or from off the board) escape capture once the
        captures it makes are done?"""
        enemy = 1 - player
        doctors = self.doctors(player)
        informers = self.informers(player)
        bit = source_bit | (1 << target)
        if kind == DOCTOR:
            doctors ^= bit
        elif kind == INFORMER:
            informers ^= bit
        victims = self.pieces_of(enemy) & attacked_mask(doctors, informers)
        return not attacked(target, self.doctors(enemy) & ~victims, self.informers(enemy) & ~victims)

    def generate_moves(self, player: int) -> Iterator[Move]:
        if player != self.turn or self.phase == OVER:
            return iter(())
        return iter(self._moves())

    def is_legal(self, player: int, move: Move) -> bool:
        if self.phase == OVER or player != self.turn:
            return False
        return move in self._moves()

    def apply(self, player: int, move: Move) -> None:
        """Plays a move, or raises a typed error saying why not (state unchanged)."""
        if self.is_terminal():
            raise IllegalMoveError("the game is over", "core.game_over")
        if player != self.turn:
            raise NotYourTurnError(f"player {player + 1} cannot act now", "core.not_your_turn", player=player + 1)
        if not isinstance(move, (Step, Resurrect)):
            raise IllegalMoveError(f"{move!r} is not a move of this game", "core.illegal_now", move=str(move))
        if move not in self._moves():
            raise self.why_illegal(player, move)
        self.apply_unchecked(player, move)

    def why_illegal(self, player: int, move: Move) -> IllegalMoveError:
        """The most useful reason a move is refused."""
        if isinstance(move, Resurrect):
            if self.phase != RESURRECT:
                return IllegalMoveError("nothing to bring back now", "psychopath.no_resurrection")
            return IllegalMoveError(f"no captured {move.kind} to bring back", "psychopath.none_captured",
                                    kind=move.kind)
        if self.phase == RESURRECT:
            return IllegalMoveError("choose a piece to bring back first", "psychopath.resurrect_first")
        source, target = move.source, move.target
        code = self.board[source]
        if code == EMPTY or owner_of(code) != player:
            return IllegalMoveError(f"node {source} holds no piece of yours", "psychopath.not_your_piece",
                                    node=source)
        if self.board[target] != EMPTY:
            return IllegalMoveError(f"node {target} is occupied", "psychopath.occupied", node=target)
        shared = [path for path in NODE_PATHS[source] if target in PATHS[path]]
        if not shared:
            return IllegalMoveError(f"no path joins {source} and {target}", "psychopath.no_path",
                                    source=source, target=target)
        if target in self.reachable(source):
            return IllegalMoveError(f"the piece would be captured on {target}", "psychopath.suicide",
                                    node=target)
        usable = self.usable_paths(source)
        if not any(path in usable for path in shared):
            return IllegalMoveError(f"the piece on {source} is paralysed", "psychopath.paralysed",
                                    node=source)
        return IllegalMoveError(f"a piece blocks the way to {target}", "psychopath.blocked", node=target)

    def apply_unchecked(self, player: int, move: Move) -> None:
        if self.phase == RESURRECT:
            self._resurrect(KIND_BY_NAME[move.kind])
        else:
            self._step(move.source, move.target)
        self._cache = None

    def _place(self, node: int, code: int) -> None:
        self.board[node] = code
        self.masks[code] |= 1 << node
        self.key ^= ZOBRIST[node][code]

    def _remove(self, node: int) -> int:
        code = self.board[node]
        self.board[node] = EMPTY
        self.masks[code] &= ~(1 << node)
        self.key ^= ZOBRIST[node][code]
        return code

    def _capture_enemies(self, player: int) -> list:
        """Removes every piece of the other side that is now captured (R7:
        only the side that did not move is judged). Returns [(node, code)]."""
        victims = self.pieces_of(1 - player) & attacked_mask(self.doctors(player), self.informers(player))
        taken = []
        while victims:
            low = victims & -victims
            victims ^= low
            taken.append(low.bit_length() - 1)
        result = []
        for node in taken:  # all at once: one move may capture several (R7)
            code = self._remove(node)
            self.captured[1 - player][kind_of(code)] += 1
            result.append((node, code))
        return result

    def _step(self, source: int, target: int) -> None:
        player = self.turn
        code = self._remove(source)
        self._place(target, code)
        taken = self._capture_enemies(player)
        self.last = (player, STEPS[source][target], source, target, tuple(taken), ())
        self.plies += 1
        if not taken:
            self.quiet += 1
        self._after_captures(player, taken)

    def _after_captures(self, player: int, taken: list) -> None:
        if taken:
            self.quiet = 0
            self.history = ()
        if any(kind_of(code) == PSYCHOPATH for _, code in taken):
            self.phase = OVER
            self.winner = player
            self.end_reason = END_PSYCHOPATH
            return
        pending = self.pending + tuple(sorted(node for node, code in taken if kind_of(code) == PSYCHOLOGIST))
        self.pending = pending
        self._next_resurrection(player)

    def _next_resurrection(self, player: int) -> None:
        """Moves to the next psychologist node where a captured piece may come
        back (R10); skips it when no captured kind of the player could stand
        there (none captured, or each would be captured there, R10)."""
        while self.pending:
            node = self.pending[0]
            if self.board[node] == EMPTY and self.returning_kinds(player, node):
                self.phase = RESURRECT
                return
            self.pending = self.pending[1:]
        self.phase = MOVE
        self._end_turn()

    def _resurrect(self, kind: int) -> None:
        player = self.turn
        node = self.pending[0]
        self.pending = self.pending[1:]
        code = code_of(player, kind)
        self.captured[player][kind] -= 1
        self._place(node, code)
        # A piece that comes back may complete a capture at once (R10).
        taken = self._capture_enemies(player)
        self.last = (player, RESURRECTS[KIND_NAMES[kind]], None, node, tuple(taken), ((node, code),))
        self.quiet = 0
        self.history = ()
        self._after_captures(player, taken)

    def _end_turn(self) -> None:
        self.turn = 1 - self.turn
        self.key ^= ZOBRIST_SIDE
        self.history = self.history + (self.key,)
        if self.history.count(self.key) >= REPETITIONS_FOR_DRAW:
            self.phase = OVER
            self.winner = DRAW
            self.end_reason = END_REPETITION
        elif self.quiet >= QUIET_LIMIT:
            self.phase = OVER
            self.winner = DRAW
            self.end_reason = END_QUIET

    # --- results ----------------------------------------------------------
    def scores(self) -> list:
        winner, _ = self.result()
        if winner is not None and winner != DRAW:
            return [1 if player == winner else 0 for player in range(2)]
        return [0, 0]

    def material(self, owner: int) -> int:
        return sum(count * weight for count, weight in zip(self.kind_counts(owner), MATERIAL))

    def kind_counts(self, owner: int) -> list:
        return [bin(self.masks[code_of(owner, kind)]).count("1") for kind in range(4)]

    def heuristic_returns(self) -> list:
        """Win shares from material, for searches that stop early."""
        if self.is_terminal():
            return self.returns()
        lead = self.material(0) - self.material(1)
        share = 1.0 / (1.0 + 10 ** (-lead / 8.0))
        return [share, 1.0 - share]

    # --- information --------------------------------------------------------
    def paralysed(self) -> list:
        found = []
        for node, code in enumerate(self.board):
            if code:
                paths = self.paralysing_paths(node)
                if paths:
                    found.append({"node": node, "paths": list(paths), "frozen": len(paths) > 1})
        return found

    def describe_move(self, move: Move, viewer: Optional[int], player: Optional[int] = None) -> tuple:
        """Everything is public: the piece's kind, its nodes and what it captured
        ("captured": [[node, kind], ...])."""
        player = self.describing_player(player)
        after = self.clone()
        after.apply_unchecked(player, move)
        _, _, source, target, taken, _ = after.last
        captured = [[node, KIND_NAMES[kind_of(code)]] for node, code in taken]
        if isinstance(move, Resurrect):
            return "psychopath.log.resurrect", {"player": player, "kind": move.kind, "node": target,
                                                "captured": captured}
        return "psychopath.log.move", {"player": player, "kind": KIND_NAMES[kind_of(self.board[source])],
                                       "source": source, "target": target, "captured": captured}

    def explain_move(self, move: Move, player: int) -> Optional[tuple]:
        """A capture, a piece saved, or a capture threatened (reasons.py)."""
        from .reasons import explain  # imported when a hint asks: searches never need it

        return explain(self, move, player)

    def view(self, player: Optional[int]) -> dict:
        acting = self.to_move()
        mine = player is not None and player in acting
        destinations: dict = {}
        legal = []
        if mine:
            for move in self._moves():
                legal.append(move.text)
                if isinstance(move, Step):
                    destinations.setdefault(str(move.source), []).append(move.target)
        last = None
        if self.last is not None:
            who, text, source, target, taken, back = self.last
            last = {
                "player": who, "text": text.text, "from": source, "to": target,
                "captured": [[node, owner_of(code), KIND_NAMES[kind_of(code)]] for node, code in taken],
                "resurrected": [[node, owner_of(code), KIND_NAMES[kind_of(code)]] for node, code in back],
            }
        over = self.is_terminal()
        return {
            "game": GAME.id,
            "players": 2,
            "viewer": player,
            "to_move": list(acting),
            "phase": PHASE_NAMES[self.phase],
            "turn": self.turn,
            "pieces": [None if code == EMPTY else [owner_of(code), KIND_NAMES[kind_of(code)]]
                       for code in self.board],
            "captured": [{KIND_NAMES[kind]: self.captured[owner][kind] for kind in range(4)}
                         for owner in range(2)],
            "on_board": [dict(zip(KIND_NAMES, self.kind_counts(owner))) for owner in range(2)],
            "last_move": last,
            "legal_moves": legal,
            "destinations": destinations,
            "paralysed": self.paralysed(),
            "threatened": [_nodes(self.threatened(owner)) for owner in range(2)],
            "resurrect_at": self.pending[0] if self.phase == RESURRECT else None,
            "resurrect_options": [move.kind for move in self._moves()] if self.phase == RESURRECT else [],
            "plies": self.plies,
            "quiet_plies": self.quiet,
            "quiet_limit": QUIET_LIMIT,
            "repetitions": self.history.count(self.key) if self.phase != RESURRECT else 0,
            "game_over": over,
            "winners": self.winners() if over else [],
            "end_reason": self.result()[1],
        }

    # --- serialising --------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "game": GAME.id,
            "settings": self.settings.to_json(),
            "rng": self.rng.state,
            "board": list(self.board),
            "captured": [list(row) for row in self.captured],
            "turn": self.turn,
            "phase": PHASE_NAMES[self.phase],
            "pending": list(self.pending),
            "winner": self.winner,
            "end_reason": self.end_reason,
            "plies": self.plies,
            "quiet": self.quiet,
            "history": [str(key) for key in self.history],
            "last": _last_json(self.last),
        }

    @classmethod
    def from_json(cls, data) -> "PsychopathState":
        """Rebuilds a state from `to_json()` data, checking each field with the
        core's StateReader and then that the position could arise in a game:
        any problem is a RecordError with a `psychopath.*` code."""
        return _StateReader(data).state()


MAX_PLIES = 10 ** 7  # far above any real game; a damaged save's huge count is refused
MAX_KEY = (1 << 64) - 1  # zobrist keys are 64-bit


class _StateReader(StateReader):
    """Reads a PSYCHOPATH state's JSON form. Field checks keep this game's
    codes (board_size, unknown_piece, captured_counts, piece_count, phase,
    turn, bad_node, counters); `state_unreachable` is a position no game can
    reach; the core's `state_*` codes cover the rest."""

    def __init__(self, data):
        super().__init__(GAME.id)
        if not isinstance(data, dict) or data.get("game") != GAME.id:
            raise self.damaged("not_this_game", "not a psychopath state")
        self.data = data

    def value(self, key: str):
        return self.get(self.data, key, key)

    def unreachable(self, problem: str) -> RecordError:
        return self.damaged("state_unreachable", f"no game reaches this position: {problem}")

    def node(self, value, field: str) -> int:
        if type(value) is not int or not 0 <= value < NODE_COUNT:
            raise self.damaged("bad_node", f"{field} names no node", node=short_text(value), field=field)
        return value

    def board(self) -> list:
        board = self.items(self.value("board"), "board")
        if len(board) != NODE_COUNT:
            raise self.damaged("board_size", "the board needs one entry per node", nodes=NODE_COUNT)
        if any(type(code) is not int or not EMPTY <= code <= 8 for code in board):
            raise self.damaged("unknown_piece", "unknown piece on the board")
        return list(board)

    def captured(self, board: list) -> list:
        rows = self.value("captured")
        if (not isinstance(rows, list) or len(rows) != 2
                or any(not isinstance(row, list) or len(row) != 4 for row in rows)
                or any(type(n) is not int or not 0 <= n <= PIECES_PER_KIND[kind]
                       for row in rows for kind, n in enumerate(row))):
            raise self.damaged("captured_counts", "captured counts are malformed")
        for owner in range(2):
            for kind in range(4):
                present = board.count(code_of(owner, kind))
                if present + rows[owner][kind] != PIECES_PER_KIND[kind]:
                    raise self.damaged("piece_count", f"player {owner + 1} has the wrong number of {KIND_NAMES[kind]}s",
                                       player=owner + 1, kind=KIND_NAMES[kind])
        return [list(row) for row in rows]

    def phase(self) -> int:
        name = self.value("phase")
        if not isinstance(name, str) or name not in PHASE_NAMES:
            raise self.damaged("phase", f"unknown phase {short_text(name)}", phase=short_text(name))
        return PHASE_NAMES.index(name)

    def turn(self) -> int:
        turn = self.value("turn")
        if type(turn) is not int or turn not in (0, 1):  # type: true is not the player 1
            raise self.damaged("turn", "the player to move must be 0 or 1")
        return turn

    def pending(self) -> tuple:
        nodes = self.items(self.value("pending"), "pending", max_length=PIECES_PER_KIND[PSYCHOLOGIST])
        pending = tuple(self.node(node, f"pending.{index}") for index, node in enumerate(nodes))
        if list(pending) != sorted(set(pending)):
            raise self.damaged("phase", "pending resurrections are not in increasing node order", phase="resurrect")
        return pending

    def ending(self, phase: int) -> tuple:
        winner, reason = self.value("winner"), self.value("end_reason")
        over = phase == OVER
        known = winner is None or type(winner) is int and winner in (DRAW, 0, 1)
        if over != (winner is not None) or not known:
            raise self.damaged("phase", "the winner does not match the phase", phase=PHASE_NAMES[phase])
        stored = (END_PSYCHOPATH, END_REPETITION, END_QUIET)  # no_moves is read off the position, never stored
        if over != (reason is not None) or reason is not None and (
                not isinstance(reason, str) or reason not in stored
                or (reason == END_PSYCHOPATH) != (winner in (0, 1))):
            raise self.damaged("phase", "the end reason does not match the winner", phase=PHASE_NAMES[phase])
        return winner, reason

    def counters(self) -> tuple:
        plies, quiet = self.value("plies"), self.value("quiet")
        if (type(plies) is not int or type(quiet) is not int
                or not 0 <= quiet <= min(plies, QUIET_LIMIT) or plies > MAX_PLIES):
            raise self.damaged("counters", "move counters are malformed")
        return plies, quiet

    def history(self) -> tuple:
        entries = self.items(self.value("history"), "history", max_length=QUIET_LIMIT + 1)
        keys = []
        for index, entry in enumerate(entries):
            # Keys are written as text (they pass 2**53); digits only, never int("Infinity").
            if not (isinstance(entry, str) and 0 < len(entry) <= 20 and entry.isascii() and entry.isdigit()):
                raise self.wrong(f"history.{index}", "is not a position key")
            keys.append(self.whole(int(entry), f"history.{index}", 0, MAX_KEY))
        return tuple(keys)

    def last(self, board: list):
        data = self.value("last")
        if data is None:
            return None
        field = "last"
        who, text, source, target, taken, back = self.items(data, field, 6)
        who = self.whole(who, f"{field}.0", 0, 1)
        try:
            move = parse_move(self.text(text, f"{field}.1", 40))
        except MoveParseError:
            raise self.wrong(f"{field}.1", "is not a move") from None
        if source is not None:
            source = self.node(source, f"{field}.2")
        target = self.node(target, f"{field}.3")
        taken = self.placed(taken, f"{field}.4")
        back = self.placed(back, f"{field}.5")
        if isinstance(move, Step):
            fits = (source, target) == (move.source, move.target) and not back
        else:
            fits = source is None and back == ((target, code_of(who, KIND_BY_NAME[move.kind])),)
        if not fits or board[target] == EMPTY or owner_of(board[target]) != who \
                or any(owner_of(code) == who or board[node] != EMPTY for node, code in taken):
            raise self.wrong(field, "does not fit the board")
        return (who, move, source, target, taken, back)

    def placed(self, value, field: str) -> tuple:
        """[[node, piece code], ...] of a last move's captures or returns."""
        pairs = []
        for index, pair in enumerate(self.items(value, field, max_length=NODE_COUNT)):
            node, code = self.items(pair, f"{field}.{index}", 2)
            pairs.append((self.node(node, f"{field}.{index}.0"), self.whole(code, f"{field}.{index}.1", 1, 8)))
        return tuple(pairs)

    # --- the whole state ------------------------------------------------------
    def state(self) -> "PsychopathState":
        settings = self.settings(self.data, GAME)
        rng = self.whole(self.value("rng"), "rng", 0, MAX_KEY)
        board = self.board()
        captured = self.captured(board)
        phase, turn = self.phase(), self.turn()
        pending = self.pending()
        winner, reason = self.ending(phase)
        plies, quiet = self.counters()
        state = PsychopathState.new(settings, rng, board)
        state.captured = captured
        state.turn = turn
        state.key ^= ZOBRIST_SIDE if turn else 0
        state.phase = phase
        state.pending = pending
        state.winner = winner
        state.end_reason = reason
        state.plies = plies
        state.quiet = quiet
        state.history = self.history()
        self.check_phase(state)
        state.last = self.last(board)
        self.check_reachable(state)
        return state

    def check_phase(self, state: "PsychopathState") -> None:
        phase, turn, captured = state.phase, state.turn, state.captured
        name = PHASE_NAMES[phase]
        if (phase == RESURRECT) != bool(state.pending):
            raise self.damaged("phase", "pending resurrections do not match the phase", phase=name)
        if phase == RESURRECT and (state.board[state.pending[0]] != EMPTY
                                   or not state.returning_kinds(turn, state.pending[0])):
            raise self.damaged("phase", "nothing can come back there", phase=name)
        lost = [captured[owner][PSYCHOPATH] for owner in range(2)]
        if state.end_reason == END_PSYCHOPATH:
            if lost != [int(state.winner == 1), int(state.winner == 0)]:
                raise self.damaged("phase", "the loser's psychopath is still on the board", phase=name)
        elif any(lost):
            raise self.damaged("phase", "a psychopath is captured but the game goes on", phase=name)
        if (state.end_reason == END_QUIET) != (state.quiet >= QUIET_LIMIT):
            raise self.damaged("counters", "the no-capture count does not match the end of the game")

    def check_reachable(self, state: "PsychopathState") -> None:
        """What every position reached by play keeps (R6, R7, R10, R12)."""
        for owner in range(2):
            enemy = 1 - owner
            if state.pieces_of(owner) & attacked_mask(state.doctors(enemy), state.informers(enemy)):
                # Captures are made at once, and no move or return leaves its own piece captured.
                raise self.unreachable(f"a piece of player {owner + 1} stands captured")
        history, key = state.history, state.key
        if state.phase == RESURRECT or state.end_reason == END_PSYCHOPATH:
            expected = 0  # a capture has just cleared the history
        else:
            expected = state.quiet + 1  # one position per quiet ply, and the one before them
            if not history or history[-1] != key:
                raise self.unreachable("the history does not end with the current position")
        if len(history) != expected:
            raise self.unreachable("the history does not match the no-capture count")
        repeated = max((history.count(entry) for entry in set(history)), default=0)
        if (repeated >= REPETITIONS_FOR_DRAW) != (state.end_reason == END_REPETITION):
            raise self.unreachable("the repetitions do not match the end of the game")
        if (state.last is None) != (state.plies == 0):
            raise self.unreachable("the last move does not match the move count")
        if state.last is not None:
            mover = state.last[0]
            if mover != (state.turn if state.phase == RESURRECT or state.end_reason == END_PSYCHOPATH
                         else 1 - state.turn):
                raise self.unreachable("the last move was not made by the player before the one to move")


def _nodes(mask: int) -> list:
    return [node for node in range(NODE_COUNT) if mask >> node & 1]


def _last_json(last) -> Optional[list]:
    if last is None:
        return None
    who, text, source, target, taken, back = last
    return [who, text.text, source, target, [list(pair) for pair in taken], [list(pair) for pair in back]]


MATERIAL = (0, 5, 3, 3)  # psychopath (priceless: the game), psychologist, informer, doctor


def perft(state: PsychopathState, depth: int) -> int:
    """Legal move sequences of `depth` moves from `state` (a resurrection
    choice counts as a move); the classic move-generator check."""
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    player = state.turn
    moves = state._moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        child = state.clone()
        child.apply_unchecked(player, move)
        total += perft(child, depth - 1)
    return total
