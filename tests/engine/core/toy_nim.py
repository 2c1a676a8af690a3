"""A tiny game for testing the core: Nim whose heap sizes are dealt by chance.

Each turn a player takes 1-3 stones from one heap; whoever takes the last
stone wins. It has a chance node (the deal), perfect information and a known
perfect strategy, which makes bots easy to check.
"""

from dataclasses import dataclass

from ludoteca.core.protocol import Game, Move, State, parse_with
from ludoteca.core.rng import SeededRng


@dataclass(frozen=True)
class Take(Move):
    keyword = "take"
    heap: int
    count: int


@dataclass(frozen=True)
class Deal(Move):
    heaps: tuple

    @property
    def text(self):
        return "deal " + " ".join(map(str, self.heaps))


DEALS = ((3, 4), (2, 5), (5, 5), (1, 6))


class NimState(State):
    def __init__(self, game, settings, seed):
        self.game = game
        self.settings = settings
        self.rng = SeededRng(seed)
        self.heaps = None
        self.player = 0
        self.last_taker = None

    def to_move(self):
        if self.heaps is None or self.is_terminal():
            return ()
        return (self.player,)

    def is_chance(self):
        return self.heaps is None

    def chance_outcomes(self):
        return [(Deal(heaps), 1 / len(DEALS)) for heaps in DEALS]

    def is_terminal(self):
        return self.heaps is not None and sum(self.heaps) == 0

    def generate_moves(self, player):
        for heap, size in enumerate(self.heaps):
            for count in range(1, min(3, size) + 1):
                yield Take(heap, count)

    def apply_unchecked(self, player, move):
        if isinstance(move, Deal):
            self.heaps = move.heaps
            return
        heaps = list(self.heaps)
        heaps[move.heap] -= move.count
        self.heaps = tuple(heaps)
        self.last_taker = player
        self.player = 1 - player

    def scores(self):
        return [1 if self.last_taker == p else 0 for p in range(2)]

    def view(self, player):
        return {"heaps": list(self.heaps or ()), "to_move": list(self.to_move())}

    def clone(self):
        other = NimState.__new__(NimState)
        other.__dict__.update(self.__dict__)
        other.rng = self.rng.copy()
        return other

    def to_json(self):
        return {"heaps": self.heaps, "player": self.player, "last": self.last_taker,
                "rng": self.rng.state}


class NimGame(Game):
    id = "nim"
    min_players = 2
    max_players = 2

    def new_state(self, settings, seed):
        return NimState(self, settings, seed)

    def parse_move(self, text):
        return parse_with({
            "take": lambda rest: Take(*map(int, rest.split())),
            "deal": lambda rest: Deal(tuple(map(int, rest.split()))),
        }, text)


NIM = NimGame()


def winning_moves(heaps):
    """Perfect play for take-1-to-3 Nim: make the xor of (heap mod 4) zero."""
    wins = []
    for heap, size in enumerate(heaps):
        for count in range(1, min(3, size) + 1):
            after = list(heaps)
            after[heap] -= count
            grundy = 0
            for value in after:
                grundy ^= value % 4
            if grundy == 0:
                wins.append(Take(heap, count))
    return wins
