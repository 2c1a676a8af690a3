"""GeonAxis: the rules engine.

Multiplayer Go on hexagonal cells, played in simultaneous secret rounds, with
a pot of credits shared out by points and security agreements that players
may wager on and challenge. Rulings are numbered in RULINGS.md and cited here
as R1, R2, ...

Every decision node is SIMULTANEOUS: `to_move()` lists the players who still
have to submit; submissions wait in the state, hidden from the others, and
the node resolves inside `apply` when the last one arrives. Nodes:
    buy         (house-pot variant, before round 1) each player buys 0-10 moves
    play        a round: every player submits one move
    agree       the members of a proposed agreement each stake or decline
    renegotiate after a failed challenge the members renew or cancel

Move texts (players are 0-based in records):
    s Q R               a stone on cell (Q, R)
    s Q R Q2 R2         two stones, using a bought move (house-pot variant)
    t A B               your tile at lattice spot (A, B) (see board.py)
    pass                nothing this round
    timeout             the app's move for a player whose time ran out (R11)
    propose Q R N       propose an agreement over the empty area holding (Q, R),
                        each member to stake N credits (public number N x members)
    challenge Q R W     challenge the agreement protecting (Q, R) with W >= 1 credits
                        (no stone: a success opens the area to everyone, R12)
    wager C J           (agree) accept, staking C credits and J jokers in secret
    decline             (agree) refuse the agreement
    renew N C J         (renegotiate) keep the agreement at N a member, staking C and J
    cancel              (renegotiate) end the agreement
    buy K               (buy) buy K extra moves at one credit each

Points are kept in sixtieths (POINT_UNIT), so a cell or stone shared by up
to six players splits exactly (R6).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator, Optional

from ...core.protocol import (
    SIMULTANEOUS,
    Game,
    GameType,
    IllegalMoveError,
    Move,
    MoveParseError,
    NotYourTurnError,
    RecordError,
    Settings,
    State,
    VariantOption,
    parse_with,
    read_number,
)
from ...core.rng import SeededRng
from ...core.state_json import StateReader
from . import MAX_PLAYERS, MIN_PLAYERS
from .board import (
    STARTING_TABLES,
    all_groups,
    empty_region,
    empty_regions,
    group_at,
    table_for,
)

START_POT = 10  # each player's stake in the game pot
START_HAND = 10  # credits each player holds
POINT_UNIT = 60  # points are counted in sixtieths
MAX_AMOUNT = 10  # the agreed stake per member is 1..10
MAX_JOKERS = 5  # jokers one player may put in one pile
MAX_BUY = 10
STARTING_TILE = -1  # the owner `tiles` gives a tile of the starting table: no player laid it

BUY, PLAY, AGREE, RENEGOTIATE, OVER = "buy", "play", "agree", "renegotiate", "over"
PHASES = (BUY, PLAY, AGREE, RENEGOTIATE, OVER)
STANDARD, HOUSE = "standard", "house"


# --- moves ---------------------------------------------------------------------
@dataclass(frozen=True)
class Stone(Move):
    keyword = "s"
    q: int
    r: int
    q2: Optional[int] = None
    r2: Optional[int] = None

    @property
    def cells(self) -> tuple:
        if self.q2 is None:
            return ((self.q, self.r),)
        return ((self.q, self.r), (self.q2, self.r2))


@dataclass(frozen=True)
class Tile(Move):
    keyword = "t"
    a: int
    b: int


@dataclass(frozen=True)
class Pass(Move):
    keyword = "pass"


@dataclass(frozen=True)
class Timeout(Move):
    keyword = "timeout"


@dataclass(frozen=True)
class Propose(Move):
    keyword = "propose"
    q: int
    r: int
    amount: int


@dataclass(frozen=True)
class Challenge(Move):
    keyword = "challenge"
    q: int
    r: int
    wager: int


@dataclass(frozen=True)
class Wager(Move):
    keyword = "wager"
    credits: int
    jokers: int


@dataclass(frozen=True)
class Decline(Move):
    keyword = "decline"


@dataclass(frozen=True)
class Renew(Move):
    keyword = "renew"
    amount: int
    credits: int
    jokers: int


@dataclass(frozen=True)
class Cancel(Move):
    keyword = "cancel"


@dataclass(frozen=True)
class Buy(Move):
    keyword = "buy"
    count: int


PASS, TIMEOUT, DECLINE, CANCEL = Pass(), Timeout(), Decline(), Cancel()


@lru_cache(maxsize=4096)
def stone_move(q: int, r: int) -> Stone:
    """Moves are immutable: the search reuses one object per cell."""
    return Stone(q, r)


def _ints(rest: str, *counts, signed: int = 0) -> list:
    """The numbers of a move text; the first `signed` of them are coordinates,
    which may be negative, the rest are counts, which may not."""
    words = rest.split()
    if len(words) not in counts:
        raise MoveParseError(f"expected {' or '.join(map(str, counts))} numbers, got {rest!r}",
                             "geonaxis.bad_move", text=rest)
    return [read_number(word, negative=index < signed) for index, word in enumerate(words)]


def _nothing(move):
    def parse(rest: str):
        _ints(rest, 0)
        return move
    return parse


def _parse_stone(rest: str) -> Stone:
    values = _ints(rest, 2, 4, signed=4)
    if len(values) == 4:
        first, second = (values[0], values[1]), (values[2], values[3])
        if second <= first:
            raise MoveParseError("two stones are written in increasing cell order",
                                 "geonaxis.bad_move", text=rest)
    return Stone(*values)


MOVE_PARSERS = {
    "s": _parse_stone,
    "t": lambda rest: Tile(*_ints(rest, 2, signed=2)),
    "pass": _nothing(PASS),
    "timeout": _nothing(TIMEOUT),
    "propose": lambda rest: Propose(*_ints(rest, 3, signed=2)),
    "challenge": lambda rest: Challenge(*_ints(rest, 3, signed=2)),
    "wager": lambda rest: Wager(*_ints(rest, 2)),
    "decline": _nothing(DECLINE),
    "renew": lambda rest: Renew(*_ints(rest, 3)),
    "cancel": _nothing(CANCEL),
    "buy": lambda rest: Buy(*_ints(rest, 1)),
}


# --- errors ---------------------------------------------------------------------------
class GeonAxisError(IllegalMoveError):
    """An illegal GeonAxis move; `code` names the reason."""


def _error(code: str, message: str, **params) -> GeonAxisError:
    return GeonAxisError(message, "geonaxis." + code, **params)


# --- agreements -----------------------------------------------------------------------
class Agreement:
    """A security agreement: the protected cells, its members, the public
    number, the pile's card count (public) and each member's hidden stake."""

    __slots__ = ("id", "cells", "members", "amount", "stakes")

    def __init__(self, ident: int, cells: tuple, members: tuple, amount: int, stakes: dict):
        self.id = ident
        self.cells = cells
        self.members = members
        self.amount = amount
        self.stakes = stakes  # member -> (credits, jokers); empty while renegotiating

    @property
    def public(self) -> int:
        return self.amount * len(self.members)

    @property
    def fund(self) -> int:
        return sum(credits for credits, _ in self.stakes.values())

    @property
    def cards(self) -> int:
        return sum(credits + jokers for credits, jokers in self.stakes.values())

    def copy(self) -> "Agreement":
        return Agreement(self.id, self.cells, self.members, self.amount, dict(self.stakes))

    def to_json(self) -> dict:
        return {"id": self.id, "cells": [list(c) for c in self.cells], "members": list(self.members),
                "amount": self.amount,
                "stakes": {str(m): list(s) for m, s in sorted(self.stakes.items())}}


# --- position hashing for the ko rule (R8) --------------------------------------------------
MASK53 = (1 << 53) - 1


@lru_cache(maxsize=1 << 16)
def _mix(value: int) -> int:
    z = (value + 0x9E3779B97F4A7C15) & ((1 << 64) - 1)
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & ((1 << 64) - 1)
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & ((1 << 64) - 1)
    return (z ^ (z >> 31)) & MASK53


def _stone_mix(cell: tuple, colour: int) -> int:
    return _mix((((cell[0] + 512) * 1024 + (cell[1] + 512)) * 8 + colour) * 2)


def _tile_mix(spot: tuple) -> int:
    return _mix((((spot[0] + 512) * 1024 + (spot[1] + 512)) * 8) * 2 + 1)


def position_key(stones: dict, tiles) -> int:
    """A deterministic hash of the whole table (stones and tiles): the XOR of
    one value per stone and per tile, so a change updates it in a few steps."""
    key = 0
    for cell, colour in stones.items():
        key ^= _stone_mix(cell, colour)
    for spot in tiles:
        key ^= _tile_mix(spot)
    return key


def _settled_key(key: int, placements: list, captures: list) -> int:
    """`key` after `settle` put down `placements` and removed `captures`."""
    for colour, cell in placements:
        key ^= _stone_mix(cell, colour)
    for colour, cells, _ in captures:
        for cell in cells:
            key ^= _stone_mix(cell, colour)
    return key


def split_evenly(amount: int, people: int) -> tuple:
    """(each one's share, the remainder) of an equal division."""
    return amount // people, amount % people


def pot_shares(pot: int, points: list) -> tuple:
    """The final split of the pot (R9): each player gets floor(pot x points /
    all points); the cards left over go one each to the players in order of
    points, most first, where possible: players tied on points take them only
    if there is one for each of them, and no card passes them to fewer points
    (seat order never decides). With no points at all every player counts as
    equal. Returns (base shares, the players who take an extra card)."""
    n = len(points)
    total = sum(points)
    weights = points if total else [1] * n
    total = total or n
    base = [pot * weight // total for weight in weights]
    left = pot - sum(base)
    extra = []
    for level in sorted(set(points), reverse=True):
        tied = [p for p in range(n) if points[p] == level]
        if len(tied) > left:
            break
        extra += tied
        left -= len(tied)
    return base, extra


# --- the game --------------------------------------------------------------------------------
class GeonAxisGame(Game):
    id = "geonaxis"
    rules_version = 1
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    game_type = GameType("simultaneous", "imperfect", "deterministic", "general_sum")
    variants = (
        VariantOption("table", "geonaxis.variant.table", ("1", "7"), "geonaxis.variant.table.help"),
        VariantOption("pot", "geonaxis.variant.pot", (STANDARD, HOUSE), "geonaxis.variant.pot.help"),
        VariantOption("rounds", "geonaxis.variant.rounds", (100, 60, 200), "geonaxis.variant.rounds.help"),
        # The app's clock (R11): seconds per round (0: off) and each player's pause budget.
        VariantOption("timer", "geonaxis.variant.timer", (0, 30, 60, 120), "geonaxis.variant.timer.help",
                      rules_read=False),
        VariantOption("pause", "geonaxis.variant.pause", (300, 0, 120, 600), "geonaxis.variant.pause.help",
                      rules_read=False),
    )

    def round_clock(self, settings: Settings) -> tuple:
        variants = self.validate_settings(settings).variants
        return (int(variants["timer"]), int(variants["pause"]))

    def clocked_players(self, state: "GeonAxisState") -> tuple:
        """R11: only a round of play is timed; agreement, renegotiation and buying are not."""
        return state.to_move() if state.phase == PLAY else ()

    def timeout_move(self, state: "GeonAxisState", player: int) -> Move:
        return TIMEOUT

    def new_state(self, settings: Settings, seed: int) -> "GeonAxisState":
        return GeonAxisState.new(self.validate_settings(settings), seed)

    def parse_move(self, text: str) -> Move:
        return parse_with(MOVE_PARSERS, text)

    def state_from_json(self, data: dict) -> "GeonAxisState":
        return GeonAxisState.from_json(data)


GAME = GeonAxisGame()


class GeonAxisState(State):
    game = GAME
    __slots__ = (
        "settings", "rng", "n", "tiles", "tile_in_hand", "stones", "prisoners", "hands",
        "pot", "house", "extra_moves", "agreements", "next_id", "phase", "round",
        "round_limit", "members", "submissions", "queue", "barred", "barred_spots", "history",
        "last_round", "last_node", "final", "passes", "_table", "_regions", "_groups", "_key",
    )

    # --- construction -------------------------------------------------------------
    @classmethod
    def new(cls, settings: Settings, seed: int) -> "GeonAxisState":
        state = cls.__new__(cls)
        n = settings.num_players
        state.settings = settings
        state.rng = SeededRng(seed)
        state.n = n
        state.tiles = {spot: STARTING_TILE for spot in STARTING_TABLES[str(settings.variants["table"])]}
        state.tile_in_hand = [True] * n
        state.stones = {}
        state.prisoners = [0] * n
        state.hands = [START_HAND] * n
        state.pot = START_POT * n
        state.house = 0
        state.extra_moves = [0] * n
        state.agreements = []
        state.next_id = 1
        state.round = 1
        state.round_limit = int(settings.variants["rounds"])
        state.submissions = {}
        state.queue = []
        state.barred = {}  # player -> cells a stone collision bars for the next round (R5)
        state.barred_spots = {}  # player -> tile spots a tile collision bars (R5)
        state.history = [position_key(state.stones, state.tiles)]
        state.last_round = None
        state.last_node = None
        state.final = None
        state.passes = 0  # 1 once a round has been resolved in which everyone passed
        state._table = None
        state._regions = None
        state._key = None
        state._groups = None
        if settings.variants["pot"] == HOUSE:
            state.phase, state.members = BUY, tuple(range(n))
        else:
            state.phase, state.members = PLAY, tuple(range(n))
        return state

    def clone(self) -> "GeonAxisState":
        other = GeonAxisState.__new__(GeonAxisState)
        other.settings = self.settings
        other.rng = SeededRng(self.rng.state)
        other.n = self.n
        other.tiles = dict(self.tiles)
        other.tile_in_hand = list(self.tile_in_hand)
        other.stones = dict(self.stones)
        other.prisoners = list(self.prisoners)
        other.hands = list(self.hands)
        other.pot = self.pot
        other.house = self.house
        other.extra_moves = list(self.extra_moves)
        other.agreements = [agreement.copy() for agreement in self.agreements]
        other.next_id = self.next_id
        other.phase = self.phase
        other.round = self.round
        other.round_limit = self.round_limit
        other.members = self.members
        other.submissions = dict(self.submissions)
        other.queue = list(self.queue)
        other.barred = dict(self.barred)
        other.barred_spots = dict(self.barred_spots)
        other.history = list(self.history)
        other.last_round = self.last_round
        other.last_node = self.last_node
        other.final = self.final
        other.passes = self.passes
        other._table = self._table
        other._regions = None
        other._groups = None
        key = self._current_key()
        other._key = (other.stones, len(other.stones), len(other.tiles), key) if key is not None else None
        return other

    def _still_current(self, cached) -> bool:
        """Whether a cache entry (stones, stone count, tile count, ...) was made
        for this table: the same stones dict (a round replaces it; the count
        catches a change in place) and as many tiles (tiles are added in place)."""
        return (cached is not None and cached[0] is self.stones and cached[1] == len(self.stones)
                and cached[2] == len(self.tiles))

    def _current_key(self) -> Optional[int]:
        """The position key the last round left, if the table has not changed since."""
        cached = self._key
        return cached[3] if self._still_current(cached) else None

    # --- basic queries --------------------------------------------------------------
    @property
    def house_variant(self) -> bool:
        return self.settings.variants["pot"] == HOUSE

    @property
    def table(self):
        table = self._table
        if table is None or len(table.tiles) != len(self.tiles):
            table = self._table = table_for(tuple(sorted(self.tiles)))
        return table

    @property
    def open_edge(self) -> frozenset:
        """Edge cells on a side where a tile could still be laid (R13): none
        once no player holds a tile."""
        return self.table.open_edge if any(self.tile_in_hand) else frozenset()

    def to_move(self) -> tuple:
        if self.phase == OVER:
            return ()
        return tuple(p for p in self.members if p not in self.submissions)

    def acting_mode(self) -> str:
        return SIMULTANEOUS

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def agreement_at(self, cell: tuple) -> Optional[Agreement]:
        for agreement in self.agreements:
            if cell in agreement.cells:
                return agreement
        return None

    def agreement_by_id(self, ident: int) -> Optional[Agreement]:
        for agreement in self.agreements:
            if agreement.id == ident:
                return agreement
        return None

    def staked(self, player: int) -> int:
        return sum(a.stakes.get(player, (0, 0))[0] for a in self.agreements)

    def wealth(self, player: int) -> int:
        """Credits a player owns outside the pot: hand plus own stakes. This
        is public (stakes only move at public events); the split is secret."""
        return self.hands[player] + self.staked(player)

    def total_credits(self) -> int:
        return sum(self.hands) + self.pot + self.house + sum(a.fund for a in self.agreements)

    # --- legality ---------------------------------------------------------------------
    def regions(self) -> list:
        """`empty_regions` of the current table, cached until the stones change."""
        cached = self._regions
        if not self._still_current(cached):
            # The cache holds the dict itself, so its identity cannot be reused.
            cached = self._regions = (self.stones, len(self.stones), len(self.tiles),
                                      empty_regions(self.stones, self.table))
        return cached[3]

    def _group_cache(self) -> list:
        """[stones, stone count, tile count, cell -> liberties, complete?], kept
        until the stones change; groups are found as they are asked for."""
        cached = self._groups
        if not self._still_current(cached):
            cached = self._groups = [self.stones, len(self.stones), len(self.tiles), {}, False]
        return cached

    def liberties_at(self, cell: tuple) -> set:
        """The liberties of the group holding the stone on `cell` (a set shared by the group)."""
        mapping = self._group_cache()[3]
        liberties = mapping.get(cell)
        if liberties is None:
            group, liberties = group_at(self.stones, self.table, cell)
            for member in group:
                mapping[member] = liberties
        return liberties

    def group_liberties(self) -> dict:
        """cell -> the liberties (a set shared by the whole group) of the group holding it."""
        cached = self._group_cache()
        if not cached[4]:
            for cell in self.stones:
                self.liberties_at(cell)
            cached[4] = True
        return cached[3]

    def protected_cells(self) -> dict:
        return {cell: agreement for agreement in self.agreements for cell in agreement.cells}

    def stone_problem(self, player: int, cell: tuple, challenging: bool = False,
                      protected_map: Optional[dict] = None) -> Optional[tuple]:
        """Why a stone may not go on `cell` now, as (code, message), or None."""
        table = self.table
        if cell not in table.cells:
            return ("off_table", "there is no cell there")
        if cell in self.stones:
            return ("occupied", "that cell is taken")
        if cell in self.barred.get(player, ()):
            return ("barred", "a collision there last round bars you from that cell this round")
        protected = (protected_map.get(cell) if protected_map is not None
                     else self.agreement_at(cell))
        if protected is not None and not challenging:
            return ("protected", "that cell is protected: challenge the agreement first")
        if protected is None and challenging:
            return ("not_protected", "no agreement protects that cell")
        if not challenging and not self._has_liberty(player, cell, table):
            return ("no_liberty", "a stone needs a free cell next to it or to its group")
        return None

    def _has_liberty(self, player: int, cell: tuple, table) -> bool:
        """R3: a free neighbour, or a neighbouring group of one's own with a
        liberty other than this cell, or a capture of a group whose last
        liberty is this cell (all judged on the position at the round's start)."""
        stones = self.stones
        for near in table.neighbours[cell]:
            owner = stones.get(near)
            if owner is None:
                return True
        for near in table.neighbours[cell]:
            liberties = self.liberties_at(near)
            if stones[near] == player:
                if len(liberties) > 1:  # this cell is one of them
                    return True
            elif len(liberties) == 1:  # and it is this cell: a capture
                return True
        return False

    def tile_problem(self, player: int, spot: tuple) -> Optional[tuple]:
        if not self.tile_in_hand[player]:
            return ("no_tile", "you have already played your tile")
        if spot in self.barred_spots.get(player, ()):
            return ("barred", "a collision there last round bars you from that spot this round")
        if spot not in self.table.open_spots:
            return ("bad_spot", "a tile must touch the tiles down and stay inside the table limit")
        return None

    def proposal_problem(self, player: int, cell: tuple, amount: int) -> Optional[tuple]:
        if not 1 <= amount <= MAX_AMOUNT:
            return ("bad_amount", f"the agreed stake is 1 to {MAX_AMOUNT}", {"max": MAX_AMOUNT})
        table = self.table
        if cell not in table.cells or cell in self.stones:
            return ("not_free", "an agreement protects free cells")
        region, borders = empty_region(self.stones, table, cell)
        if len(borders) < 2 or player not in borders or not region.isdisjoint(self.open_edge):
            return ("not_enclosed", "the area must be enclosed by you and at least one other player")
        if any(self.agreement_at(c) is not None for c in region):
            return ("already_protected", "that area is already protected")
        if cell != min(region):  # one text per proposal: an area is named by its first cell
            first = min(region)
            return ("not_first_cell", f"name the area by its first cell, {first[0]} {first[1]}",
                    {"q": first[0], "r": first[1]})
        return None

    def generate_moves(self, player: int) -> Iterator[Move]:
        if player not in self.to_move():
            return iter(())
        phase = self.phase
        if phase == PLAY:
            return iter(self._play_moves(player))
        if phase == AGREE:
            hand = self.hands[player]
            moves = [DECLINE]
            moves += [Wager(c, j) for c in range(hand + 1) for j in range(MAX_JOKERS + 1)]
            return iter(moves)
        if phase == RENEGOTIATE:
            hand = self.hands[player]
            moves = [CANCEL]
            moves += [Renew(a, c, j) for a in range(1, MAX_AMOUNT + 1)
                      for c in range(hand + 1) for j in range(MAX_JOKERS + 1)]
            return iter(moves)
        if phase == BUY:
            return iter(Buy(k) for k in range(min(MAX_BUY, self.hands[player]) + 1))
        return iter(())

    def stone_cells(self, player: int) -> list:
        """Cells where `player` may put an ordinary stone this round."""
        protected = self.protected_cells()
        table = self.table
        stones = self.stones
        barred = self.barred.get(player, ())
        taken = stones.keys()
        neighbour_sets = table.neighbour_sets
        found = []
        for cell in table.sorted_cells:
            if cell in stones or cell in protected or cell in barred:
                continue
            if not neighbour_sets[cell] <= taken or self._has_liberty(player, cell, table):
                found.append(cell)
        return found

    def _play_moves(self, player: int) -> list:
        moves = [PASS]
        cells = self.stone_cells(player)
        moves += [stone_move(q, r) for q, r in cells]
        if self.extra_moves[player]:
            for i, first in enumerate(cells):
                for second in cells[i + 1:]:
                    moves.append(Stone(first[0], first[1], second[0], second[1]))
        if self.tile_in_hand[player]:
            moves += [Tile(a, b) for a, b in self.table.open_spots
                      if (a, b) not in self.barred_spots.get(player, ())]
        for region, borders in self.regions():
            if len(borders) >= 2 and player in borders and self.open_edge.isdisjoint(region):
                if not any(self.agreement_at(c) is not None for c in region):
                    moves += [Propose(region[0][0], region[0][1], a) for a in range(1, MAX_AMOUNT + 1)]
        hand = self.hands[player]
        for agreement in self.agreements:
            if not agreement.stakes:
                continue
            for cell in agreement.cells:
                if self.stone_problem(player, cell, challenging=True) is None:
                    moves += [Challenge(cell[0], cell[1], w) for w in range(1, hand + 1)]
        return moves

    def move_problem(self, player: int, move: Move) -> Optional[tuple]:
        """Why `move` is illegal for `player` now, as (code, message, params...), or None."""
        if self.phase == OVER:
            return ("game_over", "the game is over")
        if player not in self.to_move():
            return ("not_your_turn", "you have already chosen, or you take no part in this decision")
        if isinstance(move, Timeout):
            return None
        phase = self.phase
        if phase == PLAY:
            if isinstance(move, Pass):
                return None
            if isinstance(move, Stone):
                if move.q2 is not None:
                    if not self.extra_moves[player]:
                        return ("no_extra_move", "you have no bought move left")
                    if (move.q2, move.r2) <= (move.q, move.r):
                        return ("bad_move", "two stones are written in increasing cell order")
                for cell in move.cells:
                    problem = self.stone_problem(player, cell)
                    if problem:
                        return problem
                return None
            if isinstance(move, Tile):
                return self.tile_problem(player, (move.a, move.b))
            if isinstance(move, Propose):
                return self.proposal_problem(player, (move.q, move.r), move.amount)
            if isinstance(move, Challenge):
                cell = (move.q, move.r)
                problem = self.stone_problem(player, cell, challenging=True)
                if problem:
                    return problem
                agreement = self.agreement_at(cell)
                if not agreement.stakes:
                    return ("not_protected", "no agreement protects that cell")
                if move.wager < 1:  # any wager: only the hidden fund decides (R12)
                    return ("challenge_too_low", "a challenge must wager more than 0", {"public": 0})
                if move.wager > self.hands[player]:
                    return ("beyond_credits", f"you hold only {self.hands[player]} credits", {"credits": self.hands[player]})
                return None
            return ("wrong_phase", "that move does not belong to a round of play")
        if phase in (AGREE, RENEGOTIATE):
            if isinstance(move, Decline if phase == AGREE else Cancel):
                return None
            if phase == AGREE and isinstance(move, Wager) or phase == RENEGOTIATE and isinstance(move, Renew):
                if phase == RENEGOTIATE and not 1 <= move.amount <= MAX_AMOUNT:
                    return ("bad_amount", f"the agreed stake is 1 to {MAX_AMOUNT}", {"max": MAX_AMOUNT})
                if move.credits < 0 or move.credits > self.hands[player]:
                    return ("beyond_credits", f"you hold only {self.hands[player]} credits", {"credits": self.hands[player]})
                if not 0 <= move.jokers <= MAX_JOKERS:
                    return ("too_many_jokers", f"a pile takes at most {MAX_JOKERS} of your jokers", {"max": MAX_JOKERS})
                return None
            return ("wrong_phase", "only the agreement's members decide now")
        if phase == BUY:
            if isinstance(move, Buy):
                if not 0 <= move.count <= MAX_BUY:
                    return ("bad_buy", f"you may buy 0 to {MAX_BUY} moves", {"max": MAX_BUY})
                if move.count > self.hands[player]:
                    return ("beyond_credits", f"you hold only {self.hands[player]} credits", {"credits": self.hands[player]})
                return None
            return ("wrong_phase", "first everyone decides how many moves to buy")
        return ("wrong_phase", "not now")  # pragma: no cover

    def is_legal(self, player: int, move: Move) -> bool:
        return self.move_problem(player, move) is None

    def apply(self, player: int, move: Move) -> None:
        problem = self.move_problem(player, move)
        if problem is not None:
            code, message = problem[0], problem[1]
            params = problem[2] if len(problem) > 2 else {}
            if code == "not_your_turn":
                raise NotYourTurnError(message, "geonaxis.not_your_turn", player=player + 1)
            raise _error(code, message, **params)
        self.apply_unchecked(player, move)

    # --- playing --------------------------------------------------------------------------
    def apply_unchecked(self, player: int, move: Move) -> None:
        self.submissions[player] = move
        if len(self.submissions) < len(self.members):
            return
        submissions, self.submissions = self.submissions, {}
        if self.phase == PLAY:
            self._resolve_round(submissions)
        elif self.phase == AGREE:
            self._resolve_agree(submissions)
        elif self.phase == RENEGOTIATE:
            self._resolve_renegotiate(submissions)
        elif self.phase == BUY:
            self._resolve_buy(submissions)
        self._advance()

    def _resolve_buy(self, submissions: dict) -> None:
        bought = []
        for player in range(self.n):
            move = submissions[player]
            count = move.count if isinstance(move, Buy) else 0
            self.hands[player] -= count
            self.house += count
            self.extra_moves[player] = count
            bought.append(count)
        self.last_node = {"kind": BUY, "bought": bought}

    def _resolve_round(self, submissions: dict) -> None:
        """Works out a round of play in five steps: challenges, tiles, stones,
        the agreements the stones opened, then proposals."""
        summary = {
            "round": self.round,
            "moves": [submissions[p].text for p in range(self.n)],
            "collisions": [], "tile_collisions": [], "captured": [], "placed": [], "tiles": [],
            "challenges": [], "proposals": [], "ko_void": [], "dissolved": [],
        }
        start_key = self._current_key()
        if start_key is None:
            start_key = position_key(self.stones, self.tiles)
        self.barred, self.barred_spots = {}, {}
        proposed = self._proposed_areas(submissions)
        stones_wanted, renegotiations = self._round_challenges(submissions, summary)
        self._round_tiles(submissions, summary)
        self._round_stones(stones_wanted, start_key, summary)
        self._check_agreements(summary)
        self._round_proposals(submissions, proposed, summary)
        for ident in renegotiations:
            if self.agreement_by_id(ident) is not None:
                self.queue.append({"kind": RENEGOTIATE, "agreement": ident})
        everyone_passed = all(isinstance(submissions[p], Pass) for p in range(self.n))
        self.passes = 1 if everyone_passed else 0
        self.last_round = summary
        self.round += 1

    def _round_challenges(self, submissions: dict, summary: dict) -> tuple:
        """Step 1: challenges, one per area: the highest wager, then the lower
        seat (R12); a challenge puts no stone down. Returns the stones wanted
        this round, as (player, cell), and the agreements whose challenge
        failed (to renegotiate)."""
        stones_wanted = []
        by_area: dict = {}
        for player in range(self.n):
            move = submissions[player]
            if isinstance(move, Challenge):
                by_area.setdefault(self.agreement_at((move.q, move.r)).id, []).append(player)
            elif isinstance(move, Stone):
                for cell in move.cells:
                    stones_wanted.append((player, cell))
                if move.q2 is not None:
                    self.extra_moves[player] -= 1
        renegotiations = []
        for ident in sorted(by_area):
            agreement = self.agreement_by_id(ident)
            order = sorted(by_area[ident], key=lambda p: (-submissions[p].wager, p))
            challenger = order[0]
            move = submissions[challenger]
            if not self._settle_challenge(agreement, challenger, move.wager, summary):
                renegotiations.append(ident)
        return stones_wanted, renegotiations

    def _round_tiles(self, submissions: dict, summary: dict) -> None:
        """Step 2: tiles go down; two on one spot are void and bar it (R4, R5)."""
        tiles_wanted: dict = {}
        for player in range(self.n):
            move = submissions[player]
            if isinstance(move, Tile):
                tiles_wanted.setdefault((move.a, move.b), []).append(player)
        for spot, players in sorted(tiles_wanted.items()):
            if len(players) > 1:
                summary["tile_collisions"].append({"spot": list(spot), "players": players})
                for player in players:
                    self.barred_spots.setdefault(player, set()).add(spot)
            else:
                self.tiles[spot] = players[0]
                self.tile_in_hand[players[0]] = False
                summary["tiles"].append({"spot": list(spot), "player": players[0]})
        self.barred_spots = {p: tuple(sorted(spots)) for p, spots in self.barred_spots.items()}

    def _round_stones(self, stones_wanted: list, start_key: int, summary: dict) -> None:
        """Step 3: stones: collisions are void (R5), then captures (R7) and
        the ko rule (R8)."""
        by_cell: dict = {}
        for player, cell in stones_wanted:
            by_cell.setdefault(cell, []).append(player)
        placements = []
        for cell, players in sorted(by_cell.items()):
            if len(players) > 1:
                summary["collisions"].append({"cell": list(cell), "players": sorted(players)})
                for player in players:
                    self.barred.setdefault(player, set()).add(cell)
            else:
                placements.append((players[0], cell))
        self.barred = {p: tuple(sorted(cells)) for p, cells in self.barred.items()}
        table = self.table
        laid_key = start_key
        for spot in summary["tiles"]:
            laid_key ^= _tile_mix(tuple(spot["spot"]))
        result = settle(self.stones, table, placements)
        key = _settled_key(laid_key, placements, result[1])
        if key != start_key and key in self.history:
            capturers = result[2]
            voided = sorted(capturers) if capturers else sorted({p for p, _ in placements})
            kept = [(p, c) for p, c in placements if p not in capturers] if capturers else []
            result = settle(self.stones, table, kept)
            key = _settled_key(laid_key, kept, result[1])
            if key != start_key and key in self.history:
                kept = []
                voided = sorted({p for p, _ in placements})
                result = settle(self.stones, table, kept)
                key = laid_key
            summary["ko_void"] = voided
            placements = kept
        self.stones, captures, _ = result
        self._key = (self.stones, len(self.stones), len(self.tiles), key)
        summary["placed"] = [[p, c[0], c[1]] for p, c in placements]
        for owner, cells, takers in captures:
            summary["captured"].append({"owner": owner, "cells": [list(c) for c in sorted(cells)],
                                        "takers": sorted(takers)})
            if takers:
                share = POINT_UNIT // len(takers)
                for taker in takers:
                    self.prisoners[taker] += share * len(cells)
        if key not in self.history:
            self.history.append(key)

    def _proposed_areas(self, submissions: dict) -> dict:
        """player -> (cells, bordering players) of the area each proposal
        names, as the table stood when the round began (R13)."""
        areas = {}
        for player in range(self.n):
            move = submissions[player]
            if isinstance(move, Propose):
                cells, borders = empty_region(self.stones, self.table, (move.q, move.r))
                areas[player] = (tuple(sorted(cells)), tuple(sorted(borders)))
        return areas

    def _round_proposals(self, submissions: dict, proposed: dict, summary: dict) -> None:
        """Step 5: proposals: two for the same area collide; one whose area
        the round changed (cells or members) lapses; the others queue an
        agree node over the area as proposed (R13)."""
        by_area: dict = {}
        for player, area in proposed.items():
            by_area.setdefault(area, []).append(player)
        wanted = []
        for (cells, borders), players in sorted(by_area.items(), key=lambda item: item[1]):
            first = submissions[players[0]]
            entry = {"cell": [first.q, first.r], "players": players,
                     "amounts": [submissions[p].amount for p in players]}
            if len(players) > 1:
                entry["outcome"] = "collision"
            elif self._area_unchanged(cells, borders):
                entry["outcome"] = "open"
                wanted.append((players[0], cells, borders, first.amount))
            else:
                entry["outcome"] = "lapsed"
            summary["proposals"].append(entry)
        for proposer, cells, borders, amount in wanted:
            self.queue.append({"kind": AGREE, "proposer": proposer, "cells": [list(c) for c in cells],
                               "members": list(borders), "amount": amount})

    def _area_unchanged(self, cells: tuple, borders: tuple) -> bool:
        """Whether the area is still exactly these free cells, closed in by
        these players alone, and unprotected."""
        if cells[0] in self.stones:
            return False
        region, now = empty_region(self.stones, self.table, cells[0])
        return (region == set(cells) and tuple(sorted(now)) == borders
                and self.open_edge.isdisjoint(region)
                and not any(self.agreement_at(c) for c in region))

    def _settle_challenge(self, agreement: Agreement, challenger: int, wager: int, summary: dict) -> bool:
        """Pays out a challenge (R10); True when it succeeds. Its spare cards
        (the excess and the remainders of equal shares) go to the pot, or in
        the house variant to the house pot (R17)."""
        fund, cards, public = agreement.fund, agreement.cards, agreement.public
        members = agreement.members
        record = {"agreement": agreement.id, "challenger": challenger, "wager": wager, "public": public,
                  "fund": fund, "jokers": cards - fund, "members": list(members)}
        self.hands[challenger] -= wager
        if wager > fund:
            # Success: the fund to the challenger, as much of the wager back, the excess spare.
            record["success"] = True
            self.hands[challenger] += fund + fund
            excess, remainders = wager - fund, 0
            record["to_challenger"] = 2 * fund
            self.agreements.remove(agreement)
        else:
            # Failure: the wager shared by the members; the fund above the public
            # number is spare, the rest shared equally; remainders are spare.
            record["success"] = False
            each, remainder = split_evenly(wager, len(members))
            excess = max(fund - public, 0)
            kept_each, kept_remainder = split_evenly(fund - excess, len(members))
            for member in members:
                self.hands[member] += each + kept_each
            remainders = remainder + kept_remainder
            record["each_member"] = each + kept_each
            agreement.stakes = {}
        if self.house_variant:
            self.house += excess + remainders
            record.update(to_pot=0, spare=excess + remainders, spare_to="house")
        else:
            self.pot += excess + remainders
            record.update(to_pot=excess, spare=remainders, spare_to="pot")
        summary["challenges"].append(record)
        return record["success"]

    def _check_agreements(self, summary: dict) -> None:
        table = self.table
        for agreement in list(self.agreements):
            cells = agreement.cells
            intact = not any(c in self.stones for c in cells)
            if intact:
                region, borders = empty_region(self.stones, table, cells[0])
                intact = region == set(cells) and borders <= set(agreement.members) and len(borders) >= 2
            if not intact:
                for member, (credits, _) in agreement.stakes.items():
                    self.hands[member] += credits
                self.agreements.remove(agreement)
                summary["dissolved"].append(agreement.id)

    def _resolve_agree(self, submissions: dict) -> None:
        node = self.queue.pop(0)
        members = tuple(node["members"])
        accepted = all(isinstance(submissions[m], Wager) for m in members)
        outcome = {"kind": AGREE, "cells": node["cells"], "members": list(members), "amount": node["amount"],
                   "proposer": node["proposer"],
                   "declined": [m for m in members if not isinstance(submissions[m], Wager)]}
        if accepted and self._node_still_valid(node):
            stakes = {}
            for member in members:
                move = submissions[member]
                credits = min(move.credits, self.hands[member])
                self.hands[member] -= credits
                stakes[member] = (credits, move.jokers)
            agreement = Agreement(self.next_id, tuple(tuple(c) for c in node["cells"]), members,
                                  node["amount"], stakes)
            self.next_id += 1
            self.agreements.append(agreement)
            outcome.update(formed=True, id=agreement.id, public=agreement.public, cards=agreement.cards)
        else:
            outcome["formed"] = False
        self.last_node = outcome

    def _node_still_valid(self, node: dict) -> bool:
        cells = [tuple(c) for c in node["cells"]]
        if any(c in self.stones or self.agreement_at(c) for c in cells):
            return False
        region, borders = empty_region(self.stones, self.table, cells[0])
        return (region == set(cells) and sorted(borders) == list(node["members"])
                and self.open_edge.isdisjoint(region))

    def _resolve_renegotiate(self, submissions: dict) -> None:
        node = self.queue.pop(0)
        agreement = self.agreement_by_id(node["agreement"])
        members = agreement.members
        moves = [submissions[m] for m in members]
        amounts = {move.amount for move in moves if isinstance(move, Renew)}
        renewed = all(isinstance(move, Renew) for move in moves) and len(amounts) == 1
        outcome = {"kind": RENEGOTIATE, "id": agreement.id, "members": list(members),
                   "cancelled": [m for m in members if not isinstance(submissions[m], Renew)],
                   "amounts": [submissions[m].amount if isinstance(submissions[m], Renew) else None
                               for m in members]}
        if renewed:
            agreement.amount = amounts.pop()
            stakes = {}
            for member in members:
                move = submissions[member]
                credits = min(move.credits, self.hands[member])
                self.hands[member] -= credits
                stakes[member] = (credits, move.jokers)
            agreement.stakes = stakes
            outcome.update(renewed=True, public=agreement.public, cards=agreement.cards)
        else:
            self.agreements.remove(agreement)
            outcome["renewed"] = False
        self.last_node = outcome

    def _advance(self) -> None:
        """Opens the next node: a queued agreement decision, a new round, or the end."""
        while self.queue:
            node = self.queue[0]
            if node["kind"] == AGREE and not self._node_still_valid(node):
                self.queue.pop(0)
                continue
            if node["kind"] == RENEGOTIATE and self.agreement_by_id(node["agreement"]) is None:
                self.queue.pop(0)
                continue
            self.phase = node["kind"]
            if node["kind"] == AGREE:
                self.members = tuple(node["members"])
            else:
                self.members = self.agreement_by_id(node["agreement"]).members
            return
        if self.passes or self.round > self.round_limit:
            self._finish()
            return
        self.phase = PLAY
        self.members = tuple(range(self.n))

    def _finish(self) -> None:
        """End of the game (R9, R14, R18): stakes go back, the pot is shared by points."""
        for agreement in self.agreements:
            for member, (credits, _) in agreement.stakes.items():
                self.hands[member] += credits
        self.agreements = []
        points = self.points()
        base, extra = pot_shares(self.pot, points)
        shares = list(base)
        if self.house_variant:
            self.house += self.pot - sum(base)
        else:
            for player in extra:
                shares[player] += 1
        for player in range(self.n):
            self.hands[player] += shares[player]
        self.final = {"points": points, "shares": shares, "pot": self.pot, "extra": list(extra),
                      "credits": list(self.hands)}
        # Cards that tied players cannot all take stay in the pot: nobody wins them.
        self.pot = 0 if self.house_variant else self.pot - sum(shares)
        self.phase = OVER
        self.members = ()

    # --- scoring ----------------------------------------------------------------------------
    def territory(self) -> list:
        """Every empty region bordered by stones: (cells, owners sharing it)."""
        return [(cells, owners) for cells, owners in self.regions() if owners]

    def points(self) -> list:
        """Prisoners plus enclosed free cells, in sixtieths; a region bordered by
        several players is shared equally among them (R6)."""
        points = list(self.prisoners)
        for cells, owners in self.territory():
            share = POINT_UNIT // len(owners)
            for owner in owners:
                points[owner] += share * len(cells)
        return points

    def scores(self) -> list:
        if self.final is not None:
            return list(self.final["credits"])
        base, extra = pot_shares(self.pot, self.points())
        for player in extra:
            base[player] += 1
        return [self.wealth(p) + base[p] for p in range(self.n)]

    def heuristic_returns(self) -> list:
        if self.is_terminal():
            return self.returns()
        scores = self.scores()
        best = max(scores)
        weights = [2.718281828 ** ((s - best) / 2.0) for s in scores]
        total = sum(weights)
        return [w / total for w in weights]

    # --- information ---------------------------------------------------------------------
    def reveals_information(self, player: int, move: Move) -> bool:
        """The last submission of a node reveals every secret choice in it
        (and a challenge reveals a fund)."""
        acting = self.to_move()
        return len(acting) == 1 and acting[0] == player

    def describe_move(self, move: Move, viewer: Optional[int], player: Optional[int] = None) -> tuple:
        """A submission stays secret from everyone but its author ("own" to
        them, "chosen" to the others); the last one of a decision reveals the
        whole decision: every placement, challenge and purchase, but of an
        agreement's stakes only the amounts asked (RULES: "Security agreements")."""
        player = self.describing_player(player)
        acting = self.to_move()
        if not (len(acting) == 1 and acting[0] == player):
            if viewer == player:
                return "geonaxis.log.own", {"player": player, "move": move.text}
            return "geonaxis.log.chosen", {"player": player}
        submissions = dict(self.submissions)
        submissions[player] = move
        if self.phase == PLAY:
            return "geonaxis.log.round", {"round": self.round,
                                          "moves": [[p, submissions[p].text] for p in sorted(submissions)]}
        if self.phase == BUY:
            return "geonaxis.log.buys", {"moves": [[p, submissions[p].text] for p in sorted(submissions)]}
        answers = []
        for p in sorted(submissions):
            answer = submissions[p]
            if isinstance(answer, Renew):
                answers.append([p, "renew", answer.amount])
            else:
                answers.append([p, answer.keyword])
        return "geonaxis.log.agree", {"answers": answers}

    def explain_move(self, move: Move, player: int) -> Optional[tuple]:
        """A capture, a group saved from atari, a group put in atari, an enclosure (reasons.py)."""
        from .reasons import explain  # imported when a hint asks: searches never need it

        return explain(self, move, player)

    def determinize(self, player: int, rng: SeededRng) -> "GeonAxisState":
        """Resamples what `player` cannot see: the others' pending submissions
        and the split of each pile between the other members (credits and
        jokers), keeping every public count (card counts, wealth) fixed."""
        world = self.clone()
        world.rng = rng.fork()
        others = [p for p in range(self.n) if p != player]
        # Stakes: each other member's wealth is public; credits + jokers of a
        # pile are public. Redistribute the others' share of each pile.
        budget = {p: self.wealth(p) for p in others}
        for agreement in world.agreements:
            for member in agreement.stakes:
                if member != player:
                    agreement.stakes[member] = (0, 0)
        for agreement in world.agreements:
            hidden = [m for m in agreement.members if m != player and m in self.agreement_by_id(agreement.id).stakes]
            if not hidden:
                continue
            own = self.agreement_by_id(agreement.id).stakes.get(player, (0, 0))
            cards = self.agreement_by_id(agreement.id).cards - own[0] - own[1]
            rng.shuffle(hidden)
            for index, member in enumerate(hidden):
                rest = hidden[index + 1:]
                room_after = sum(min(budget[m], 10 ** 6) + MAX_JOKERS for m in rest)
                low = max(0, cards - room_after)
                high = min(cards, budget[member] + MAX_JOKERS)
                take = low + rng.randbelow(high - low + 1) if high >= low else high
                credits_low = max(0, take - MAX_JOKERS)
                credits_high = min(take, budget[member])
                credits = credits_low + rng.randbelow(credits_high - credits_low + 1)
                agreement.stakes[member] = (credits, take - credits)
                budget[member] -= credits
                cards -= take
        for p in others:
            world.hands[p] = budget[p]
        if any(w.cards != self.agreement_by_id(w.id).cards for w in world.agreements) or min(world.hands) < 0:
            # Rare: the sampled splits of several piles did not fit one
            # player's wealth; keep the true split rather than a wrong world.
            world.agreements = [a.copy() for a in self.agreements]
            world.hands = list(self.hands)
        # Pending submissions of the others in this node.
        for p in list(world.submissions):
            if p != player:
                del world.submissions[p]
                world.submissions[p] = world.sample_move(p, rng)
        return world

    def sample_move(self, player: int, rng: SeededRng) -> Move:
        """A plausible move for a hidden submission: uniform over a few kinds."""
        saved = dict(self.submissions)
        self.submissions = {}
        try:
            moves = list(self.generate_moves(player)) if player in self.members else [PASS]
        finally:
            self.submissions = saved
        return rng.choice(moves) if moves else PASS

    def view(self, player: Optional[int]) -> dict:
        table = self.table
        acting = self.to_move()
        data = {
            "game": GAME.id,
            "players": self.n,
            "viewer": player,
            "phase": self.phase,
            "acting_mode": SIMULTANEOUS,
            "round": self.round,
            "round_limit": self.round_limit,
            "ended_by": None if self.final is None else ("passes" if self.passes else "round_limit"),
            "house_variant": self.house_variant,
            "tiles": [{"spot": list(spot), "owner": owner} for spot, owner in sorted(self.tiles.items())],
            "cells": [list(c) for c in sorted(table.cells)],
            "stones": [[q, r, p] for (q, r), p in sorted(self.stones.items())],
            "tile_in_hand": list(self.tile_in_hand),
            "tile_spots": [list(s) for s in self.table.open_spots],
            "wealth": [self.wealth(p) for p in range(self.n)],
            "hand": self.hands[player] if player is not None else None,
            "pot": self.pot,
            "house_pot": self.house,
            "extra_moves": list(self.extra_moves) if self.phase != BUY else [0] * self.n,
            "prisoners": list(self.prisoners),
            "points": self.points(),
            "agreements": [self._agreement_view(a, player) for a in self.agreements],
            "to_move": list(acting),
            "deciding": list(self.members),
            "submitted": sorted(self.submissions),
            "my_choice": (self.submissions[player].text
                          if player is not None and player in self.submissions else None),
            "node": self._node_view(),
            "barred": {str(p): [list(c) for c in cells] for p, cells in sorted(self.barred.items())},
            "barred_spots": {str(p): [list(s) for s in spots] for p, spots in sorted(self.barred_spots.items())},
            "last_round": self.last_round,
            "last_node": self.last_node,
            "territory": [{"cells": [list(c) for c in cells], "owners": list(owners)}
                          for cells, owners in self.territory()],
            "game_over": self.is_terminal(),
            "final": self.final,
            "winners": self.winners() if self.is_terminal() else [],
            "legal": None,
        }
        if player is not None and player in acting:
            data["legal"] = self._legal_view(player)
        return data

    def _agreement_view(self, agreement: Agreement, player: Optional[int]) -> dict:
        data = {"id": agreement.id, "cells": [list(c) for c in agreement.cells],
                "members": list(agreement.members), "amount": agreement.amount,
                "public": agreement.public, "cards": agreement.cards,
                "renegotiating": not agreement.stakes, "my_stake": None}
        if player in agreement.stakes:
            data["my_stake"] = list(agreement.stakes[player])
        return data

    def _node_view(self) -> Optional[dict]:
        if self.phase in (AGREE, RENEGOTIATE) and self.queue:
            node = dict(self.queue[0])
            if node["kind"] == RENEGOTIATE:
                agreement = self.agreement_by_id(node["agreement"])
                node.update(cells=[list(c) for c in agreement.cells], members=list(agreement.members),
                            amount=agreement.amount)
            return node
        return {"kind": self.phase}

    def _legal_view(self, player: int) -> dict:
        if self.phase == PLAY:
            proposals = []
            for cells, owners in self.regions():
                if (len(owners) >= 2 and player in owners and self.open_edge.isdisjoint(cells)
                        and not any(self.agreement_at(c) for c in cells)):
                    proposals.append({"cell": list(cells[0]), "cells": [list(c) for c in cells],
                                      "members": list(owners)})
            challenges = []
            for agreement in self.agreements:
                if agreement.stakes and self.hands[player] >= 1:
                    cells = [list(c) for c in agreement.cells
                             if self.stone_problem(player, c, challenging=True) is None]
                    if cells:
                        challenges.append({"id": agreement.id, "cells": cells, "public": agreement.public,
                                           "min": 1, "max": self.hands[player]})
            return {"stones": [list(c) for c in self.stone_cells(player)],
                    "tiles": [list(s) for s in self.table.open_spots
                              if self.tile_in_hand[player] and s not in self.barred_spots.get(player, ())],
                    "proposals": proposals, "challenges": challenges,
                    "extra_moves": self.extra_moves[player], "max_amount": MAX_AMOUNT}
        return {"max_credits": self.hands[player], "max_jokers": MAX_JOKERS, "max_amount": MAX_AMOUNT,
                "max_buy": min(MAX_BUY, self.hands[player])}

    # --- serialising --------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "game": GAME.id,
            "settings": self.settings.to_json(),
            "rng": self.rng.state,
            "tiles": [[a, b, owner] for (a, b), owner in sorted(self.tiles.items())],
            "tile_in_hand": list(self.tile_in_hand),
            "stones": [[q, r, p] for (q, r), p in sorted(self.stones.items())],
            "prisoners": list(self.prisoners),
            "hands": list(self.hands),
            "pot": self.pot,
            "house": self.house,
            "extra_moves": list(self.extra_moves),
            "agreements": [a.to_json() for a in self.agreements],
            "next_id": self.next_id,
            "phase": self.phase,
            "round": self.round,
            "members": list(self.members),
            "submissions": {str(p): m.text for p, m in sorted(self.submissions.items())},
            "queue": self.queue,
            "barred": {str(p): [list(c) for c in cells] for p, cells in sorted(self.barred.items())},
            "barred_spots": {str(p): [list(s) for s in spots] for p, spots in sorted(self.barred_spots.items())},
            "history": list(self.history),
            "last_round": self.last_round,
            "last_node": self.last_node,
            "final": self.final,
            "passes": self.passes,
        }

    @classmethod
    def from_json(cls, data: dict) -> "GeonAxisState":
        """Rebuilds a state from `to_json()` data, checking every field (core/
        state_json.py) and how the fields fit together (`_check_*` below): any
        problem is a RecordError with a `geonaxis.state_*` code, never a raw
        error later in play."""
        if not isinstance(data, dict) or data.get("game") != GAME.id:
            raise RecordError(f"not a {GAME.id} state", "geonaxis.bad_state")
        read = _READ
        state = cls.new(read.settings(data, GAME), 0)
        n = state.n
        total = (START_POT + START_HAND) * n

        def value(key: str):
            return read.get(data, key, key)

        def per_player(key: str, low: int, high: int) -> list:
            return [read.whole(v, f"{key}.{p}", low, high) for p, v in enumerate(read.items(value(key), key, n))]

        state.rng = SeededRng(read.whole(value("rng"), "rng", 0, 2 ** 64 - 1))
        state.tiles = _tiles_from(value("tiles"), n, STARTING_TABLES[str(state.settings.variants["table"])])
        state._table = None
        state.tile_in_hand = [read.flag(v, f"tile_in_hand.{p}")
                              for p, v in enumerate(read.items(value("tile_in_hand"), "tile_in_hand", n))]
        state.stones = {}
        for i, stone in enumerate(read.items(value("stones"), "stones")):
            q, r, owner = read.items(stone, f"stones.{i}", 3)
            cell = _cell_from([q, r], f"stones.{i}")
            if cell in state.stones:
                raise read.damaged("state_duplicate", f"two stones on {cell}", field="stones")
            state.stones[cell] = read.whole(owner, f"stones.{i}.2", 0, n - 1)
        state.prisoners = per_player("prisoners", 0, 10 ** 9)
        state.hands = per_player("hands", 0, total)
        state.pot = read.whole(value("pot"), "pot", 0, total)
        state.house = read.whole(value("house"), "house", 0, total)
        state.extra_moves = per_player("extra_moves", 0, MAX_BUY)
        state.next_id = read.whole(value("next_id"), "next_id", 1, 10 ** 9)
        state.agreements = [_agreement_from(entry, f"agreements.{i}", n, state.next_id, total)
                            for i, entry in enumerate(read.items(value("agreements"), "agreements"))]
        read.distinct([agreement.id for agreement in state.agreements], "agreements")
        state.phase = read.choice(value("phase"), "phase", PHASES)
        state.round = read.whole(value("round"), "round", 1, state.round_limit + 1)
        state.members = read.players(value("members"), "members", n)
        submissions = read.mapping(value("submissions"), "submissions")
        state.submissions = {read.seat_key(p, "submissions", n): _submission_from(text, f"submissions.{p}")
                             for p, text in submissions.items()}
        state.queue = [_node_from(node, f"queue.{i}", n, state.next_id)
                       for i, node in enumerate(read.items(value("queue"), "queue"))]
        state.barred = _bars_from(read, value("barred"), "barred", n)
        # Saves from before tile bars were kept apart held both kinds in "barred": they bar both for that round.
        state.barred_spots = (_bars_from(read, value("barred_spots"), "barred_spots", n) if "barred_spots" in data
                              else dict(state.barred))
        state.history = read.distinct([read.whole(key, f"history.{i}", 0, MASK53) for i, key in
                                       enumerate(read.items(value("history"), "history"))], "history")
        state.last_round = _last_round_from(value("last_round"), n)
        last_node = value("last_node")
        if last_node is not None:
            read.choice(read.get(last_node, "kind", "last_node.kind"), "last_node.kind", (BUY, AGREE, RENEGOTIATE))
        state.last_node = last_node
        state.final = _final_from(value("final"), n, total)
        state.passes = read.choice(value("passes"), "passes", (0, 1))
        state._check_table()
        state._check_credits()
        state._check_phase()
        state._check_submissions()
        return state

    def _check_table(self) -> None:
        """Tiles, stones and agreement areas form a position the rounds reach:
        every stone on the table with a liberty, one tile laid per player at
        most, each area an enclosed empty region bordered by its members only,
        and the position is in the ko history."""
        table = self.table
        laid = {owner for owner in self.tiles.values() if owner != STARTING_TILE}
        ok = all(self.tile_in_hand[p] == (p not in laid) for p in range(self.n))
        ok = ok and all(cell in table.cells for cell in self.stones)
        ok = ok and all(liberties for _, _, liberties in all_groups(self.stones, table))
        protected = set()
        for agreement in self.agreements if ok else ():
            cells = set(agreement.cells)
            ok = ok and cells <= table.cells and not cells & set(self.stones) and not cells & protected
            if ok:
                region, borders = empty_region(self.stones, table, agreement.cells[0])
                ok = region == cells and len(borders) >= 2 and borders <= set(agreement.members)
            protected |= cells
        for node in self.queue if ok else ():
            if node["kind"] == AGREE:
                ok = ok and all(tuple(c) in table.cells for c in node["cells"])
        ok = ok and position_key(self.stones, self.tiles) in self.history
        if not ok:
            raise _READ.damaged("state_table", "the tiles, stones and protected areas are not a position of play")

    def _check_credits(self) -> None:
        """Every credit is in a hand, a pile, the pot or the house pot."""
        if self.total_credits() != (START_POT + START_HAND) * self.n:
            raise _READ.damaged("state_credits", "the credits do not add up")

    def _check_phase(self) -> None:
        """The phase agrees with who decides, the decision queue, the round,
        the variant, the renegotiations pending and the final account."""
        phase, queue, n = self.phase, self.queue, self.n
        over = phase == OVER
        house = self.house_variant
        ok = (self.final is not None) == over and (self.passes == 0 or over)
        ok = ok and (self.last_round is None) == (self.round == 1)
        ok = ok and (house or (self.house == 0 and not any(self.extra_moves)))
        if over:
            ok = ok and not (self.members or queue or self.submissions or self.agreements)
            final = self.final
            base, extra = pot_shares(final["pot"], final["points"])
            shares = [share + (p in extra and not house) for p, share in enumerate(base)]
            ok = ok and self.pot == (0 if house else final["pot"] - sum(shares))
            ok = ok and final["points"] == self.points() and final["extra"] == extra and final["shares"] == shares
            ok = ok and final["credits"] == self.hands
        elif phase in (PLAY, BUY):
            ok = ok and self.members == tuple(range(n)) and not queue
            ok = ok and (self.round <= self.round_limit if phase == PLAY else
                         house and self.round == 1 and self.house == 0 and not any(self.extra_moves))
        else:
            ok = ok and bool(queue) and queue[0]["kind"] == phase and self.round >= 2
            if ok and phase == AGREE:
                ok = self.members == tuple(queue[0]["members"]) and self._node_still_valid(queue[0])
            elif ok:
                agreement = self.agreement_by_id(queue[0]["agreement"])
                ok = agreement is not None and not agreement.stakes and self.members == agreement.members
        # A pile is empty exactly while its members renegotiate it (after a failed challenge).
        renegotiating = {node["agreement"] for node in queue if node["kind"] == RENEGOTIATE}
        ok = ok and all(bool(a.stakes) != (a.id in renegotiating) for a in self.agreements)
        if not ok:
            raise _READ.damaged("state_phase", f"the position does not fit the phase {phase}", phase=phase)

    def _check_submissions(self) -> None:
        """Each waiting submission is a move its player could make now."""
        waiting, self.submissions = self.submissions, {}
        try:
            for player, move in waiting.items():
                if player not in self.members or self.move_problem(player, move) is not None:
                    raise _READ.wrong(f"submissions.{player}", f"cannot be {move.text}")
        finally:
            self.submissions = waiting
        if len(waiting) >= max(len(self.members), 1):
            raise _READ.damaged("state_phase", "everyone has submitted, yet the node is open", phase=self.phase)


def settle(stones: dict, table, placements: list) -> tuple:
    """Places simultaneous stones and removes captures (R7): first the groups
    without liberties that hold none of the new stones, then any group still
    without liberties. Only groups touching a new stone can have lost a
    liberty, so only those are examined. Returns (new stones, [(owner, cells,
    takers)], players whose new stones touched a removed group). The takers
    of a group are the players whose new stones touch it: theirs were the
    last liberties."""
    board = dict(stones)
    new = set()
    for player, cell in placements:
        board[cell] = player
        new.add(cell)
    captures = []
    capturers = set()
    neighbours = table.neighbours
    for step in (1, 2):
        starts = set()
        for cell in new:
            if step == 1:
                starts.update(near for near in neighbours[cell] if near in board and near not in new)
            elif cell in board:
                starts.add(cell)
        doomed = []
        seen = set()
        for start in sorted(starts):
            if start in seen or start not in board:
                continue
            cells, liberties = group_at(board, table, start)
            seen |= cells
            if liberties or (step == 1 and cells & new):
                continue
            doomed.append((board[start], cells))
        for colour, cells in doomed:
            # As in Go, the captured stones go to whoever took the last
            # liberty: this round's stones touching the group (R6).
            takers = set()
            for cell in cells:
                for near in neighbours[cell]:
                    owner = board.get(near)
                    if owner is not None and owner != colour and near in new:
                        takers.add(owner)
            capturers |= takers
            captures.append((colour, cells, takers))
        for _, cells in doomed:
            for cell in cells:
                del board[cell]
    return board, captures, capturers


# --- reading a saved state (see GeonAxisState.from_json) ---------------------------------
_READ = StateReader("geonaxis")
MAX_COORDINATE = 64  # far beyond any cell or tile spot of the table limit


def _cell_from(value, field: str) -> tuple:
    """A [q, r] pair (or a tile spot [a, b])."""
    q, r = _READ.items(value, field, 2)
    return (_READ.whole(q, f"{field}.0", -MAX_COORDINATE, MAX_COORDINATE),
            _READ.whole(r, f"{field}.1", -MAX_COORDINATE, MAX_COORDINATE))


def _bars_from(read, value, field: str, n: int) -> dict:
    """A player -> distinct [q, r] pairs mapping (cells or tile spots a collision bars)."""
    return {read.seat_key(p, field, n): tuple(read.distinct(
        [_cell_from(c, f"{field}.{p}.{i}") for i, c in enumerate(read.items(pairs, f"{field}.{p}"))], f"{field}.{p}"))
        for p, pairs in read.mapping(value, field).items()}


def _cells_from(value, field: str) -> tuple:
    """A non-empty area of distinct cells, in increasing order as areas are kept."""
    cells = tuple(_cell_from(c, f"{field}.{i}") for i, c in enumerate(_READ.items(value, field)))
    if not cells:
        raise _READ.damaged("state_length", f"{field} is empty", field=field, count=0, expected=1)
    _READ.distinct(cells, field)
    if list(cells) != sorted(cells):
        raise _READ.wrong(field, "is not in cell order")
    return cells


def _members_from(value, field: str, n: int) -> tuple:
    members = _READ.players(value, field, n)
    if len(members) < 2:
        raise _READ.damaged("state_length", f"{field} has fewer than 2 members", field=field,
                            count=len(members), expected=2)
    return members


def _tiles_from(value, n: int, starting: tuple) -> dict:
    """spot -> owner (STARTING_TILE for the table's own): the variant's starting tiles, then at
    most one tile a player, each laid touching the tiles already down."""
    spots, tiles = [], {}
    for i, entry in enumerate(_READ.items(value, "tiles", max_length=len(starting) + n)):
        a, b, owner = _READ.items(entry, f"tiles.{i}", 3)
        spot = _cell_from([a, b], f"tiles.{i}")
        spots.append(spot)
        tiles[spot] = _READ.whole(owner, f"tiles.{i}.2", STARTING_TILE, n - 1)
    _READ.distinct(spots, "tiles")
    _READ.distinct([owner for owner in tiles.values() if owner != STARTING_TILE], "tiles")
    down = {spot for spot, owner in tiles.items() if owner == STARTING_TILE}
    ok = down == set(starting)
    laid = set(tiles) - down
    while ok and laid:
        reachable = laid & set(table_for(tuple(sorted(down))).open_spots)
        ok = bool(reachable)
        down |= reachable
        laid -= reachable
    if not ok:
        raise _READ.damaged("state_table", "the tiles are not laid as the rules lay them")
    return tiles


def _agreement_from(data, field: str, n: int, next_id: int, total: int) -> Agreement:
    def value(key: str):
        return _READ.get(data, key, f"{field}.{key}")

    members = _members_from(value("members"), f"{field}.members", n)
    stakes = {}
    for key, stake in _READ.mapping(value("stakes"), f"{field}.stakes").items():
        member = _READ.seat_key(key, f"{field}.stakes", n)
        credits, jokers = _READ.items(stake, f"{field}.stakes.{key}", 2)
        stakes[member] = (_READ.whole(credits, f"{field}.stakes.{key}.0", 0, total),
                          _READ.whole(jokers, f"{field}.stakes.{key}.1", 0, MAX_JOKERS))
    if stakes and set(stakes) != set(members):  # empty while renegotiating, else one stake a member
        raise _READ.wrong(f"{field}.stakes", "is not one stake a member")
    return Agreement(_READ.whole(value("id"), f"{field}.id", 1, next_id - 1), _cells_from(value("cells"), f"{field}.cells"),
                     members, _READ.whole(value("amount"), f"{field}.amount", 1, MAX_AMOUNT), stakes)


def _node_from(data, field: str, n: int, next_id: int) -> dict:
    """A queued decision: an agreement proposed, or one to renegotiate."""
    def value(key: str):
        return _READ.get(data, key, f"{field}.{key}")

    kind = _READ.choice(value("kind"), f"{field}.kind", (AGREE, RENEGOTIATE))
    if kind == RENEGOTIATE:
        return {"kind": kind, "agreement": _READ.whole(value("agreement"), f"{field}.agreement", 1, next_id - 1)}
    members = _members_from(value("members"), f"{field}.members", n)
    proposer = _READ.whole(value("proposer"), f"{field}.proposer", 0, n - 1)
    if proposer not in members:
        raise _READ.wrong(f"{field}.proposer", "is not a member")
    return {"kind": kind, "proposer": proposer, "cells": [list(c) for c in _cells_from(value("cells"), f"{field}.cells")],
            "members": list(members), "amount": _READ.whole(value("amount"), f"{field}.amount", 1, MAX_AMOUNT)}


def _submission_from(text, field: str) -> Move:
    try:
        return GAME.parse_move(_READ.text(text, field, 40))
    except MoveParseError:
        raise _READ.wrong(field, "is not a move") from None


def _last_round_from(data, n: int):
    """The previous round's summary: the parts the table shows are checked."""
    if data is None:
        return None
    field = "last_round"

    def entries(key: str) -> list:
        return _READ.items(_READ.get(data, key, f"{field}.{key}"), f"{field}.{key}")

    _READ.whole(_READ.get(data, "round", f"{field}.round"), f"{field}.round", 1, 10 ** 6)
    for i, move in enumerate(_READ.items(_READ.get(data, "moves", f"{field}.moves"), f"{field}.moves", n)):
        _READ.text(move, f"{field}.moves.{i}", 40)
    for i, placed in enumerate(entries("placed")):
        player, q, r = _READ.items(placed, f"{field}.placed.{i}", 3)
        _READ.whole(player, f"{field}.placed.{i}.0", 0, n - 1)
        _cell_from([q, r], f"{field}.placed.{i}")
    for i, collision in enumerate(entries("collisions")):
        _cell_from(_READ.get(collision, "cell", f"{field}.collisions.{i}.cell"), f"{field}.collisions.{i}.cell")
    for i, capture in enumerate(entries("captured")):
        cells = _READ.get(capture, "cells", f"{field}.captured.{i}.cells")
        for k, cell in enumerate(_READ.items(cells, f"{field}.captured.{i}.cells")):
            _cell_from(cell, f"{field}.captured.{i}.cells.{k}")
    for key in ("tile_collisions", "tiles", "challenges", "proposals", "ko_void", "dissolved"):
        entries(key)
    return data


def _final_from(data, n: int, total: int):
    """The final account: points, pot shares, extra cards and credits (how
    they follow from each other is checked with the phase)."""
    if data is None:
        return None
    field = "final"

    def numbers(key: str, high: int) -> list:
        values = _READ.items(_READ.get(data, key, f"{field}.{key}"), f"{field}.{key}", n)
        return [_READ.whole(v, f"{field}.{key}.{p}", 0, high) for p, v in enumerate(values)]

    final = {"points": numbers("points", 10 ** 9), "shares": numbers("shares", total),
             "pot": _READ.whole(_READ.get(data, "pot", f"{field}.pot"), f"{field}.pot", 0, total),
             "extra": list(_READ.players(_READ.get(data, "extra", f"{field}.extra"), f"{field}.extra", n)),
             "credits": numbers("credits", total)}
    return final
