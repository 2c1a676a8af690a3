"""Council's rules: a tiny game with every kind of node the protocol knows.

Each of ROUNDS rounds:
1. Deal (chance): every player, in seat order, is dealt one secret card from
   a fresh deck of CARDS (1-6, no two alike). `deal P C`.
2. Bid (SIMULTANEOUS): every player secretly bids 0 to min(MAX_BID, coins)
   coins. `bid N`. Another player's view shows only THAT you have bid. When
   the last bid is in, the bids are shown, the highest bidder becomes the
   proposer (a tie goes to the tied player first in seat order from the
   round's starter, seat (round - 1) mod players) and pays its bid.
3. Claim (TURN): the proposer claims `claim K` (K = 1-3): "my card is at
   least 2K".
4. Response (RESPONSE): the other players, listed in seat order from the one
   after the proposer, may `accept` or `object`, in the order they submit. If
   all accept, the proposer scores K. The first objection closes the window
   and shows the proposer's card: a true claim scores K + 1 for the proposer,
   a false one scores K for the objector.
After the last round the game ends; most points wins (ties share).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ...core.protocol import (
    RESPONSE,
    SIMULTANEOUS,
    TURN,
    Game,
    GameType,
    Move,
    MoveParseError,
    Settings,
    State,
    parse_with,
)
from ...core.rng import SeededRng
from ...core.state_json import StateReader
from . import MAX_PLAYERS, MIN_PLAYERS

ROUNDS = 3
CARDS = (1, 2, 3, 4, 5, 6)
START_COINS = 3
MAX_BID = 2
CLAIMS = (1, 2, 3)

DEAL, BID, CLAIM, RESPOND, OVER = "deal", "bid", "claim", "respond", "over"
PHASES = (DEAL, BID, CLAIM, RESPOND, OVER)


@dataclass(frozen=True)
class Deal(Move):
    keyword = "deal"
    player: int
    card: int


@dataclass(frozen=True)
class Bid(Move):
    keyword = "bid"
    amount: int


@dataclass(frozen=True)
class Claim(Move):
    keyword = "claim"
    amount: int


@dataclass(frozen=True)
class Accept(Move):
    keyword = "accept"


@dataclass(frozen=True)
class Object(Move):
    keyword = "object"


ACCEPT, OBJECT = Accept(), Object()


def _ints(rest: str, count: int) -> list:
    words = rest.split()
    if len(words) != count or not all(word.isascii() and word.isdigit() for word in words):
        raise MoveParseError(f"expected {count} number(s), got {rest!r}", "council.bad_move", text=rest)
    return [int(word) for word in words]


def _nothing(move: Move):
    def parse(rest: str) -> Move:
        if rest.strip():
            raise MoveParseError(f"{move.keyword} takes nothing after it", "council.bad_move", text=rest)
        return move
    return parse


PARSERS = {
    "deal": lambda rest: Deal(*_ints(rest, 2)),
    "bid": lambda rest: Bid(*_ints(rest, 1)),
    "claim": lambda rest: Claim(*_ints(rest, 1)),
    "accept": _nothing(ACCEPT),
    "object": _nothing(OBJECT),
}


class CouncilGame(Game):
    id = "council"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    game_type = GameType("mixed", "imperfect", "explicit", "constant_sum")

    def new_state(self, settings: Settings, seed: int) -> "CouncilState":
        return CouncilState(self, self.validate_settings(settings), seed)

    def parse_move(self, text: str) -> Move:
        return parse_with(PARSERS, text)

    def state_from_json(self, data: dict) -> "CouncilState":
        return CouncilState.from_json(self, data)


class CouncilState(State):
    def __init__(self, game: CouncilGame, settings: Settings, seed: int):
        self.game = game
        self.settings = settings
        self.rng = SeededRng(seed)
        self.n = settings.num_players
        self.coins = [START_COINS] * self.n
        self.points = [0] * self.n
        self.round = 0
        self.last_result: Optional[dict] = None
        self._start_round()

    def _start_round(self) -> None:
        self.round += 1
        self.starter = (self.round - 1) % self.n
        self.phase = DEAL
        self.cards: list = [None] * self.n
        self.deck = CARDS
        self.bids: list = [None] * self.n
        self.last_bids: Optional[tuple] = None
        self.proposer: Optional[int] = None
        self.claim: Optional[int] = None
        self.accepted: tuple = ()

    # --- whose turn -----------------------------------------------------------
    def _responders(self) -> tuple:
        """The others, in seat order from the one after the proposer."""
        return tuple((self.proposer + offset) % self.n for offset in range(1, self.n))

    def to_move(self) -> tuple:
        if self.phase == BID:
            return tuple(p for p in range(self.n) if self.bids[p] is None)
        if self.phase == CLAIM:
            return (self.proposer,)
        if self.phase == RESPOND:
            return tuple(p for p in self._responders() if p not in self.accepted)
        return ()

    def acting_mode(self) -> str:
        return {BID: SIMULTANEOUS, RESPOND: RESPONSE}.get(self.phase, TURN)

    def is_chance(self) -> bool:
        return self.phase == DEAL

    def is_terminal(self) -> bool:
        return self.phase == OVER

    # --- moves ------------------------------------------------------------------
    def generate_moves(self, player: int):
        if player not in self.to_move():
            return iter(())
        if self.phase == BID:
            return iter([Bid(amount) for amount in range(min(MAX_BID, self.coins[player]) + 1)])
        if self.phase == CLAIM:
            return iter([Claim(amount) for amount in CLAIMS])
        return iter([ACCEPT, OBJECT])  # accept first: a resigned seat accepts

    def chance_outcomes(self) -> list:
        if self.phase != DEAL:
            return []
        player = self.cards.index(None)
        return [(Deal(player, card), 1 / len(self.deck)) for card in self.deck]

    def apply_unchecked(self, player: int, move: Move) -> None:
        if isinstance(move, Deal):
            self.cards[move.player] = move.card
            self.deck = tuple(card for card in self.deck if card != move.card)
            if None not in self.cards:
                self.phase = BID
        elif isinstance(move, Bid):
            self.bids[player] = move.amount
            if None not in self.bids:
                self._resolve_bids()
        elif isinstance(move, Claim):
            self.claim = move.amount
            self.phase = RESPOND
        elif isinstance(move, Accept):
            self.accepted += (player,)
            if len(self.accepted) == self.n - 1:
                self.points[self.proposer] += self.claim
                self._end_round(objector=None)
        elif isinstance(move, Object):
            card = self.cards[self.proposer]
            if card >= 2 * self.claim:
                self.points[self.proposer] += self.claim + 1
            else:
                self.points[player] += self.claim
            self._end_round(objector=player)

    def _resolve_bids(self) -> None:
        best = max(self.bids)
        order = [(self.starter + offset) % self.n for offset in range(self.n)]
        self.proposer = next(p for p in order if self.bids[p] == best)
        self.coins[self.proposer] -= best
        self.last_bids = tuple(self.bids)
        self.phase = CLAIM

    def _end_round(self, objector: Optional[int]) -> None:
        self.last_result = {
            "round": self.round, "proposer": self.proposer, "claim": self.claim,
            "bids": list(self.last_bids), "objector": objector,
            "card": self.cards[self.proposer] if objector is not None else None,
        }
        if self.round == ROUNDS:
            self.phase = OVER
        else:
            self._start_round()

    # --- results and information ------------------------------------------------
    def scores(self) -> list:
        return list(self.points)

    def view(self, player: Optional[int]) -> dict:
        return {
            "round": self.round, "phase": self.phase, "starter": self.starter,
            "players": self.n, "viewer": player, "to_move": list(self.to_move()),
            "coins": list(self.coins), "points": list(self.points),
            "my_card": self.cards[player] if player is not None else None,
            "dealt": [card is not None for card in self.cards],
            "bids_in": [p for p in range(self.n) if self.bids[p] is not None],
            "last_bids": list(self.last_bids) if self.last_bids is not None else None,
            "proposer": self.proposer, "claim": self.claim, "accepted": list(self.accepted),
            "last_result": dict(self.last_result) if self.last_result else None,
        }

    def describe_move(self, move: Move, viewer: Optional[int], player: Optional[int] = None) -> tuple:
        """A bid stays unnamed in the log (the round's bids show on the table
        once all are in); a dealt card is named to nobody."""
        player = self.describing_player(player)
        if isinstance(move, Bid):
            return "council.log.bid_hidden", {"player": player}
        if isinstance(move, Deal):
            return "council.log.deal", {"player": move.player}
        return "council.log.move", {"player": player, "move": move.text}

    def determinize(self, player: int, rng: SeededRng) -> "CouncilState":
        """Other players' cards re-dealt from the cards `player` has not seen,
        and their secret bids of this round re-drawn from their legal bids.
        The draws never look at the hidden values, so two states that differ
        only in hidden things give the same world for the same rng."""
        world = self.clone()
        unseen = [card for card in CARDS if card != self.cards[player]]
        rng.shuffle(unseen)
        for other in range(self.n):
            if other != player and world.cards[other] is not None:
                world.cards[other] = unseen.pop()
        world.deck = tuple(sorted(unseen))
        if self.phase == BID:
            for other in range(self.n):
                if other != player and world.bids[other] is not None:
                    world.bids[other] = rng.randbelow(min(MAX_BID, self.coins[other]) + 1)
        return world

    def reveals_information(self, player: int, move: Move) -> bool:
        if isinstance(move, Object):
            return True  # shows the proposer's card
        if isinstance(move, Bid):
            return self.to_move() == (player,)  # the last bid shows every bid
        return False

    # --- copying and serialising ------------------------------------------------
    def clone(self) -> "CouncilState":
        other = CouncilState.__new__(CouncilState)
        other.__dict__.update(self.__dict__)
        other.rng = self.rng.copy()
        other.coins = list(self.coins)
        other.points = list(self.points)
        other.cards = list(self.cards)
        other.bids = list(self.bids)
        return other

    def to_json(self) -> dict:
        return {
            "players": self.n, "round": self.round, "phase": self.phase, "starter": self.starter,
            "cards": list(self.cards), "deck": list(self.deck), "bids": list(self.bids),
            "last_bids": list(self.last_bids) if self.last_bids is not None else None,
            "coins": list(self.coins), "points": list(self.points), "proposer": self.proposer,
            "claim": self.claim, "accepted": list(self.accepted),
            "last_result": self.last_result, "rng": self.rng.state,
        }

    @classmethod
    def from_json(cls, game: CouncilGame, data: dict) -> "CouncilState":
        """Rebuilds a state from `to_json()` data, checking every value with the
        core's StateReader: a damaged save raises RecordError with a code."""
        return _StateReader(game, data).state()


MAX_POINTS = 10 ** 6  # far above any real score: a damaged save's huge number is refused


class _StateReader(StateReader):
    """Reads a Council state's JSON form: types and ranges by the core's
    accessors, then what must hold across fields in each phase."""

    def __init__(self, game: CouncilGame, data):
        super().__init__("council")
        self.game, self.data = game, self.mapping(data, "state")

    def number(self, key: str, low: int, high: int) -> int:
        return self.whole(self.get(self.data, key, key), key, low, high)

    def numbers(self, key: str, length: Optional[int], low: int, high: int, optional: bool = False) -> list:
        values = self.items(self.get(self.data, key, key), key, length, max_length=len(CARDS))
        return [None if value is None and optional else self.whole(value, f"{key}.{index}", low, high)
                for index, value in enumerate(values)]

    def optional(self, key: str, low: int, high: int) -> Optional[int]:
        value = self.get(self.data, key, key)
        return None if value is None else self.whole(value, key, low, high)

    def state(self) -> "CouncilState":
        n = self.number("players", MIN_PLAYERS, MAX_PLAYERS)
        state = CouncilState(self.game, Settings(n), 0)
        state.phase = self.choice(self.get(self.data, "phase", "phase"), "phase", PHASES)
        state.round = self.number("round", 1, ROUNDS)
        state.starter = self.number("starter", 0, n - 1)
        state.cards = self.numbers("cards", n, min(CARDS), max(CARDS), optional=True)
        state.deck = tuple(self.numbers("deck", None, min(CARDS), max(CARDS)))
        state.bids = self.numbers("bids", n, 0, MAX_BID, optional=True)
        last_bids = self.get(self.data, "last_bids", "last_bids")
        state.last_bids = None if last_bids is None else tuple(self.numbers("last_bids", n, 0, MAX_BID))
        state.coins = self.numbers("coins", n, 0, START_COINS)
        state.points = self.numbers("points", n, 0, MAX_POINTS)
        state.proposer = self.optional("proposer", 0, n - 1)
        state.claim = self.optional("claim", min(CLAIMS), max(CLAIMS))
        state.accepted = self.players(self.get(self.data, "accepted", "accepted"), "accepted", n)
        result = self.get(self.data, "last_result", "last_result")
        state.last_result = None if result is None else self.mapping(result, "last_result")
        state.rng = SeededRng(self.number("rng", 0, (1 << 64) - 1))
        self.check(state, n)
        return state

    def check(self, state: "CouncilState", n: int) -> None:
        dealt = [card for card in state.cards if card is not None]
        self.distinct(dealt + list(state.deck), "cards")
        if sorted(dealt + list(state.deck)) != list(CARDS):
            raise self.damaged("state_cards", "the dealt cards and the deck are not the whole deck")
        if state.starter != (state.round - 1) % n:
            raise self.wrong("starter", "is not this round's starter")
        phase = state.phase
        missing_bid = None in state.bids
        expected = {
            DEAL: state.cards == dealt + [None] * (n - len(dealt)) and len(dealt) < n and state.bids == [None] * n
            and state.proposer is None and state.claim is None and not state.accepted,
            BID: not None in state.cards and missing_bid and state.proposer is None and state.claim is None
            and not state.accepted and all(bid is None or bid <= state.coins[p] for p, bid in enumerate(state.bids)),
            CLAIM: not missing_bid and state.last_bids is not None and state.proposer is not None
            and state.claim is None and not state.accepted,
            RESPOND: not missing_bid and state.last_bids is not None and state.proposer is not None
            and state.claim is not None and state.proposer not in state.accepted and len(state.accepted) < n - 1,
            OVER: state.round == ROUNDS,
        }[phase]
        if not expected:
            raise self.damaged("state_phase", f"the {phase} phase does not fit the rest of the state", phase=phase)


GAME = CouncilGame()
