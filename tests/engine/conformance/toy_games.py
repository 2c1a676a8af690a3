"""A tiny game with switchable bugs, to show that each conformance check can fail.

"Sums": each round every player secretly submits 1-3 (a SIMULTANEOUS node),
a chance bonus of 0 or 1 goes to the round's player, who then claims one more
point or skips (a TURN node). The highest total after the last round wins.
"""

from dataclasses import dataclass

from ludoteca.core.protocol import (
    SIMULTANEOUS,
    TURN,
    Game,
    GameType,
    Move,
    MoveParseError,
    RecordError,
    Settings,
    State,
    VariantOption,
    parse_with,
)
from ludoteca.core.rng import SeededRng

BUGS = ("alias_clone", "lossy_json", "leaky_view", "endless", "raw_parse", "wrong_player", "bad_text")


@dataclass(frozen=True)
class Submit(Move):
    keyword = "submit"
    number: int


@dataclass(frozen=True)
class Bonus(Move):
    keyword = "bonus"
    player: int
    amount: int


@dataclass(frozen=True)
class Claim(Move):
    keyword = "claim"


@dataclass(frozen=True)
class BadTextClaim(Claim):
    @property
    def text(self):
        return "claim!"


@dataclass(frozen=True)
class Skip(Move):
    keyword = "skip"


def _number(rest: str, bugs) -> int:
    words = rest.split()
    if "raw_parse" in bugs and (len(words) != 1 or not words[0].isdigit()):
        raise TypeError("a raw error that escapes parse_with")
    if len(words) != 1 or not words[0].isdigit() or not 1 <= int(words[0]) <= 3:
        raise MoveParseError(f"not a number from 1 to 3: {rest!r}", "toy.number")
    return int(words[0])


def _nothing(rest: str, move):
    if rest.strip():
        raise MoveParseError(f"unexpected {rest!r}", "toy.extra")
    return move


class SumsGame(Game):
    id = "toysums"
    min_players = 2
    max_players = 3
    variants = (VariantOption("rounds", "toy.rounds", (2, 3)),)
    game_type = GameType("mixed", "imperfect", "explicit", "constant_sum")

    def __init__(self, bugs=()):
        self.bugs = frozenset(bugs)

    def new_state(self, settings, seed):
        return SumsState(self, self.validate_settings(settings), seed)

    def parse_move(self, text):
        claim = BadTextClaim() if "bad_text" in self.bugs else Claim()
        return parse_with({
            "submit": lambda rest: Submit(_number(rest, self.bugs)),
            "bonus": lambda rest: Bonus(*map(int, rest.split())),
            "claim": lambda rest: _nothing(rest, claim),
            "skip": lambda rest: _nothing(rest, Skip()),
        }, text)

    def state_from_json(self, data):
        try:
            settings = self.validate_settings(Settings.from_json(data["settings"]))
            state = SumsState(self, settings, int(data["rng"]))
            state.rng = SeededRng(int(data["rng"]))
            totals = [int(value) for value in data["totals"]]
            pending = {int(player): int(number) for player, number in data["pending"].items()}
            phase = data["phase"]
            round_ = int(data.get("round", 0)) if "lossy_json" in self.bugs else int(data["round"])
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise RecordError(f"damaged toy state: {error}", "toy.damaged") from None
        if (len(totals) != settings.num_players or phase not in ("submit", "bonus", "claim", "over")
                or not 0 <= round_ <= settings.variants["rounds"]
                or any(not 0 <= p < settings.num_players or not 1 <= n <= 3 for p, n in pending.items())
                or (pending and phase != "submit") or len(pending) >= settings.num_players
                or (phase == "over") != (round_ == settings.variants["rounds"])
                or any(total < 0 for total in totals)):
            raise RecordError("impossible toy state", "toy.impossible")
        state.totals, state.pending, state.phase, state.round = totals, pending, phase, round_
        return state


class SumsState(State):
    def __init__(self, game, settings, seed):
        self.game = game
        self.settings = settings
        self.rng = SeededRng(seed)
        self.totals = [0] * settings.num_players
        self.round = 0
        self.pending = {}
        self.phase = "submit"

    def to_move(self):
        if self.phase == "submit":
            return tuple(p for p in range(self.num_players) if p not in self.pending)
        if self.phase == "claim":
            return (self.round % self.num_players,)
        return ()

    def acting_mode(self):
        return SIMULTANEOUS if self.phase == "submit" else TURN

    def is_chance(self):
        return self.phase == "bonus"

    def is_terminal(self):
        return self.phase == "over"

    def generate_moves(self, player):
        if player not in self.to_move():
            return iter(())
        if self.phase == "submit":
            return iter([Submit(number) for number in (1, 2, 3)])
        return iter([self.game.parse_move("claim"), Skip()])

    def apply(self, player, move):
        if "wrong_player" in self.game.bugs and not self.is_terminal():
            self.apply_unchecked(player, move)
            return
        super().apply(player, move)

    def apply_unchecked(self, player, move):
        if self.phase == "submit":
            self.pending[player] = move.number
            if len(self.pending) == self.num_players:
                for submitter, number in self.pending.items():
                    self.totals[submitter] += number
                self.pending = {}
                self.phase = "bonus"
        elif self.phase == "bonus":
            self.totals[move.player] += move.amount
            self.phase = "claim"
        else:
            if isinstance(move, Claim):
                self.totals[player] += 1
            if "endless" not in self.game.bugs:
                self.round += 1
            self.phase = "over" if self.round >= self.settings.variants["rounds"] else "submit"

    def chance_outcomes(self):
        return [(Bonus(self.round % self.num_players, amount), 0.5) for amount in (0, 1)]

    def scores(self):
        return list(self.totals)

    def view(self, player):
        data = {"totals": list(self.totals), "round": self.round, "phase": self.phase,
                "submitted": sorted(self.pending), "mine": self.pending.get(player)}
        if "leaky_view" in self.game.bugs:
            data["pending"] = {str(p): n for p, n in sorted(self.pending.items())}
        return data

    def determinize(self, player, rng):
        world = self.clone()
        world.rng = rng.fork()
        for other in world.pending:
            if other != player:
                world.pending[other] = 1 + rng.randbelow(3)
        return world

    def clone(self):
        other = SumsState.__new__(SumsState)
        other.game, other.settings = self.game, self.settings
        other.rng = SeededRng(self.rng.state)
        other.totals = self.totals if "alias_clone" in self.game.bugs else list(self.totals)
        other.round, other.pending, other.phase = self.round, dict(self.pending), self.phase
        return other

    def to_json(self):
        data = {"settings": self.settings.to_json(), "rng": self.rng.state, "totals": list(self.totals),
                "round": self.round, "pending": {str(p): n for p, n in sorted(self.pending.items())},
                "phase": self.phase}
        if "lossy_json" in self.game.bugs:
            del data["round"]
        return data
