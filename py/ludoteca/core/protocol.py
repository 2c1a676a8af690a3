"""The game protocol every Ludoteca game implements.

It borrows from OpenSpiel (State with legal actions, apply, returns, chance
nodes, per-player observations) and boardgame.io (moves with a text form, a
seeded RNG inside the state, a player view that hides secrets). See
`PROTOCOL.md` beside this file for how each of the four games maps onto it.

Key choices:
- `to_move()` is a tuple of players, not one player: it is empty at chance
  nodes and at the end, holds one player in ordinary turns, and several when
  players may act out of turn (Alphagon's doubts) or simultaneously
  (GeonAxis rounds, where each submits a secret move).
- Chance is explicit: at a chance node `chance_outcomes()` lists the outcomes
  with their probabilities, and `sample_chance()` draws one with the RNG kept
  in the state. Searches sample with their own RNG instead, so no AI can read
  the future from the state's RNG.
- States are mutable and cheap to `clone()`, because search clones millions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Iterator, Optional, Sequence

from .rng import SeededRng


class GameError(Exception):
    """Base class for every error a game or the core raises on purpose.

    `code` names the message the UI shows (`t("error." + code, **params)`), so
    the engine never sends English sentences to the page; the English text
    stays for logs, tests and CPython users.
    """

    def __init__(self, message: str = "", code: str = "", **params):
        super().__init__(message)
        self.code = code
        self.params = params


class IllegalMoveError(GameError):
    """A move that the rules do not allow now; the state is left unchanged."""


class MoveParseError(GameError):
    """A move text that does not name any move of the game. A sibling of
    IllegalMoveError, not a kind of it (as in python-chess): a text that names
    no move is not a move the rules refuse. Catch GameError for both."""


class NotYourTurnError(IllegalMoveError):
    """A player tried to act while the rules give the turn to someone else."""


class RecordError(GameError):
    """A record or save that cannot be read or replayed."""


class Move:
    """Base class for moves. Subclasses are small frozen dataclasses.

    `text` is the canonical, compact text form used in records and logs;
    `Game.parse_move(text)` must give back an equal move. By default it is
    the class's `keyword` followed by each field that is not None, which
    `parse_with` dispatches on.
    """

    __slots__ = ()
    keyword = ""

    @property
    def text(self) -> str:
        parts = [self.keyword]
        for name in _field_names(type(self)):
            value = getattr(self, name)
            if value is not None:
                parts.append(str(value))
        return " ".join(parts)

    def __str__(self) -> str:
        return self.text


_FIELD_NAMES: dict = {}


def _field_names(move_class: type) -> tuple:
    """A Move class's field names, worked out once: dataclasses.fields() on every
    text was a tenth of a GeonAxis random game (thousands of legal moves a node)."""
    names = _FIELD_NAMES.get(move_class)
    if names is None:
        names = _FIELD_NAMES[move_class] = tuple(item.name for item in fields(move_class))
    return names


# How the players in `to_move()` act (see `State.acting_mode`).
TURN = "turn"  # one player
SIMULTANEOUS = "simultaneous"  # each listed player submits in secret; resolved when all have
RESPONSE = "response"  # a window: any listed player may act, in submission order


# Where a player number is expected, -1 has three meanings; each has its name.
CHANCE = -1  # the actor of a chance event: `apply_unchecked(CHANCE, outcome)`
NO_PLAYER = -1  # nobody: whose legal moves they are when no one may act
DRAW = -1  # the winner of a drawn game, in games that keep one winner


class Dynamics(str, Enum):
    SEQUENTIAL = "sequential"  # one player acts at a time (TURN nodes only)
    SIMULTANEOUS = "simultaneous"  # players submit in secret (SIMULTANEOUS nodes, or TURN)
    MIXED = "mixed"  # any acting mode, RESPONSE windows included


class Information(str, Enum):
    PERFECT = "perfect"  # nothing hidden: `determinize` is a plain copy
    IMPERFECT = "imperfect"


class ChanceKind(str, Enum):
    DETERMINISTIC = "deterministic"  # never a chance node
    EXPLICIT = "explicit"  # chance nodes with listed outcomes


class Utility(str, Enum):
    ZERO_SUM = "zero_sum"  # returns sum to 0 (none of ours: returns lie in [0, 1])
    CONSTANT_SUM = "constant_sum"  # returns sum to 1: the winners share one win
    GENERAL_SUM = "general_sum"  # any returns in [0, 1]


@dataclass(frozen=True)
class GameType:
    """What kind of game this is, like OpenSpiel's GameType. Plain texts are
    turned into the enums (an unknown one is a ValueError at import); the
    conformance checks (py/tools/fuzzing.py) hold each game to what it says."""

    dynamics: Dynamics
    information: Information
    chance: ChanceKind
    utility: Utility

    def __post_init__(self):
        for name, kind in (("dynamics", Dynamics), ("information", Information), ("chance", ChanceKind),
                           ("utility", Utility)):
            object.__setattr__(self, name, kind(getattr(self, name)))

    def returns_add_up(self, returns) -> bool:
        """Whether a finished game's returns fit this utility."""
        if not all(-1e-9 <= value <= 1 + 1e-9 for value in returns):
            return False
        total = sum(returns)
        if self.utility == Utility.ZERO_SUM:
            return math.isclose(total, 0.0, abs_tol=1e-6)
        if self.utility == Utility.CONSTANT_SUM:
            return math.isclose(total, 1.0, abs_tol=1e-6)
        return True


@dataclass(frozen=True)
class VariantOption:
    """A rule variant shown on the setup screen."""

    key: str
    label_key: str  # message catalog key
    choices: tuple  # allowed values, first is the default
    help_key: str = ""
    # False for a setting only the app reads (a round clock): the rules play the same
    # whatever it is, so random-game tests need not vary it.
    rules_read: bool = True

    @property
    def default(self):
        return self.choices[0]


@dataclass(frozen=True)
class Settings:
    """Everything that fixes a game before the first move."""

    num_players: int
    variants: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"players": self.num_players, "variants": dict(sorted(self.variants.items()))}

    @classmethod
    def from_json(cls, data: dict) -> "Settings":
        """Reads settings from a record, checking every field's type and range
        first: a damaged or hostile record gives RecordError, never a raw error."""
        if not isinstance(data, dict):
            raise RecordError("the settings must be an object", "record.bad_field", field="settings")
        players = data.get("players")
        if type(players) is not int or not 1 <= players <= MAX_SETTINGS_PLAYERS:
            raise RecordError(f"the number of players must be a whole number from 1 to {MAX_SETTINGS_PLAYERS}",
                              "record.bad_field", field="settings.players")
        variants = data.get("variants", {})
        if not isinstance(variants, dict) or len(variants) > MAX_VARIANTS:
            raise RecordError("the variants must be an object of names and values",
                              "record.bad_field", field="settings.variants")
        for key, value in variants.items():
            if not isinstance(key, str) or not 0 < len(key) <= MAX_VARIANT_TEXT:
                raise RecordError("a variant has an impossible name", "record.bad_field", field="settings.variants")
            if not _is_simple_value(value):
                raise RecordError(f"the variant {key[:MAX_VARIANT_TEXT]} has an impossible value",
                                  "record.bad_field", field="settings.variants")
        return cls(num_players=players, variants=dict(variants))


# Limits on settings read from records.
MAX_SETTINGS_PLAYERS = 16
MAX_VARIANTS = 32
MAX_VARIANT_TEXT = 40


def _is_simple_value(value) -> bool:
    """A variant value: short text, a boolean, or a finite number."""
    if isinstance(value, str):
        return len(value) <= MAX_VARIANT_TEXT
    if isinstance(value, (bool, int)):
        return abs(value) <= 2 ** 53
    if isinstance(value, float):
        return math.isfinite(value)
    return False


class LegalMoves:
    """A lazy view of the legal moves, in the spirit of python-chess.

    Nothing is generated until iterated; `in` asks the state directly, which
    is cheaper than building the whole list.
    """

    __slots__ = ("_state", "_player", "_cache")

    def __init__(self, state: "State", player: int):
        self._state = state
        self._player = player
        self._cache: Optional[list] = None

    def _moves(self) -> list:
        if self._cache is None:
            self._cache = list(self._state.generate_moves(self._player))
        return self._cache

    def __iter__(self) -> Iterator[Move]:
        return iter(self._moves())

    def __len__(self) -> int:
        return len(self._moves())

    def __bool__(self) -> bool:
        """Stops at the first legal move: "can anyone move?" needs no list."""
        if self._cache is not None:
            return bool(self._cache)
        for _ in self._state.generate_moves(self._player):
            return True
        return False

    def __contains__(self, move) -> bool:
        return self._state.is_legal(self._player, move)

    def __getitem__(self, index):
        return self._moves()[index]

    def texts(self) -> list:
        return [move.text for move in self._moves()]


class Game:
    """Static description of a game: identity, player counts, variants, parsing."""

    id: str = ""
    rules_version: int = 1
    min_players: int = 2
    max_players: int = 2
    variants: Sequence[VariantOption] = ()
    game_type: GameType = GameType(Dynamics.SEQUENTIAL, Information.PERFECT, ChanceKind.DETERMINISTIC,
                                   Utility.CONSTANT_SUM)
    # True: `State.returns()` gives each player its share of the total score
    # (negative scores count as 0) instead of the winners sharing 1.
    returns_by_score: bool = False

    def default_settings(self, num_players: Optional[int] = None) -> Settings:
        players = num_players if num_players is not None else self.min_players
        return Settings(players, {option.key: option.default for option in self.variants})

    def validate_settings(self, settings: Settings) -> Settings:
        """Fills missing variants with defaults and rejects impossible settings."""
        if not self.min_players <= settings.num_players <= self.max_players:
            raise GameError(
                f"{self.id} is for {self.min_players}-{self.max_players} players,"
                f" not {settings.num_players}",
                "core.player_count", min=self.min_players, max=self.max_players, count=settings.num_players,
            )
        variants = {}
        for option in self.variants:
            value = settings.variants.get(option.key, option.default)
            if value not in option.choices:
                raise GameError(f"variant {option.key} cannot be {value!r}", "core.variant_value", variant=option.key, value=str(value))
            variants[option.key] = value
        unknown = set(settings.variants) - set(variants)
        if unknown:
            raise GameError(f"unknown variants: {', '.join(sorted(unknown))}", "core.variant_unknown",
                            variants=", ".join(sorted(unknown)))
        return Settings(settings.num_players, variants)

    def required_assets(self, settings: Settings) -> tuple:
        """Data files the rules need for these settings (paths relative to the
        site root, e.g. a word list); the app loads them before a match starts."""
        return ()

    def provide_asset(self, path: str, data: bytes) -> None:
        """Receives one of `required_assets`, before `new_state` or a replay."""

    def providing_asset(self, path: str, data: bytes):
        """`provide_asset` as a generator that yields between pieces of its
        work, so the app lets the browser draw while a large file is taken in
        (a game overrides it when one piece would be long). Default: one piece."""
        self.provide_asset(path, data)
        yield

    def resigned_move(self, state: "State", player: int) -> Move:
        """The move a resigned player's seat plays when it must act (in games of
        three or more, it plays on automatically). It must be deterministic, so
        that records replay exactly, and must not change `state`. Default: the
        move whose text is `pass` if legal, else the first legal move in
        generation order."""
        moves = list(state.generate_moves(player))
        if not moves:
            raise GameError(f"player {player + 1} has no legal move", "core.no_legal_move", player=player + 1)
        for move in moves:
            if move.text == "pass":
                return move
        return moves[0]

    # --- the app's round clock (see PROTOCOL.md, "The round clock") ---------
    def round_clock(self, settings: Settings) -> tuple:
        """(seconds for a timed decision, each player's pause budget in seconds)
        for these settings; (0, 0), the default, means no clock."""
        return (0, 0)

    def clocked_players(self, state: "State") -> tuple:
        """The players in `to_move()` whose decision now runs on the clock
        (default: none). Decisions left out are untimed."""
        return ()

    def timeout_move(self, state: "State", player: int) -> Optional[Move]:
        """The legal move the app plays for `player` when their time runs out."""
        return None

    def new_state(self, settings: Settings, seed: int) -> "State":  # pragma: no cover
        raise NotImplementedError

    def parse_move(self, text: str) -> Move:  # pragma: no cover
        raise NotImplementedError

    def state_from_json(self, data: dict) -> "State":  # pragma: no cover
        raise NotImplementedError


class State:
    """One position of a game. Subclasses implement the abstract hooks."""

    game: Game
    settings: Settings
    rng: SeededRng

    @property
    def num_players(self) -> int:
        return self.settings.num_players

    # --- whose turn -------------------------------------------------------
    def to_move(self) -> tuple:  # pragma: no cover - abstract
        """Players who may act now; empty at chance nodes and at the end."""
        raise NotImplementedError

    def is_chance(self) -> bool:
        return False

    def acting_mode(self) -> str:
        """How the players in `to_move()` act: TURN (one player), SIMULTANEOUS
        (each submits one move in secret; `to_move()` shrinks as they do and
        the node resolves inside `apply` when the last one submits; another
        player's view shows only that they have submitted), or RESPONSE (a
        window in which any of them may act, in submission order, each move
        taking effect at once). Games with multi-actor nodes override this."""
        return TURN

    def is_terminal(self) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    # --- moves ------------------------------------------------------------
    def generate_moves(self, player: int) -> Iterator[Move]:  # pragma: no cover
        raise NotImplementedError

    def legal_moves(self, player: Optional[int] = None) -> LegalMoves:
        if player is None:
            acting = self.to_move()
            if not acting:
                return LegalMoves(self, NO_PLAYER)
            if len(acting) > 1:
                raise GameError("several players may act now: name one", "core.name_player")
            player = acting[0]
        return LegalMoves(self, player)

    def is_legal(self, player: int, move: Move) -> bool:
        """Default: membership in the generated list. Games may do it faster."""
        if player not in self.to_move():
            return False
        return move in list(self.generate_moves(player))

    def apply(self, player: int, move: Move) -> None:
        """Checks and plays a player's move. Raises IllegalMoveError and leaves
        the state unchanged when the move is not allowed."""
        if self.is_terminal():
            raise IllegalMoveError("the game is over", "core.game_over")
        if player not in self.to_move():
            raise NotYourTurnError(f"player {player + 1} cannot act now", "core.not_your_turn", player=player + 1)
        if not self.is_legal(player, move):
            raise IllegalMoveError(f"{move.text} is not legal now", "core.illegal_now", move=move.text)
        self.apply_unchecked(player, move)

    def apply_unchecked(self, player: int, move: Move) -> None:  # pragma: no cover
        """Plays a move known to be legal (search uses this in its inner loop)."""
        raise NotImplementedError

    # --- chance -----------------------------------------------------------
    def chance_outcomes(self) -> list:
        """(move, probability) pairs at a chance node."""
        return []

    def sample_chance(self, rng: Optional[SeededRng] = None) -> Move:
        """Draws a chance outcome; with no rng given, the state's own RNG."""
        rng = rng or self.rng
        outcomes = self.chance_outcomes()
        roll = rng.random()
        cumulative = 0.0
        for move, probability in outcomes:
            cumulative += probability
            if roll < cumulative:
                return move
        return outcomes[-1][0]

    def apply_chance(self, move: Move) -> None:
        if not self.is_chance():
            raise IllegalMoveError("no chance event is pending", "core.no_chance")
        if move not in [outcome for outcome, _ in self.chance_outcomes()]:
            raise IllegalMoveError(f"{move.text} is not a possible chance outcome", "core.bad_chance", move=move.text)
        self.apply_unchecked(CHANCE, move)

    def resolve_chance(self) -> list:
        """Plays chance events with the state's RNG until a player must act."""
        drawn = []
        while self.is_chance() and not self.is_terminal():
            move = self.sample_chance()
            self.apply_unchecked(CHANCE, move)
            drawn.append(move)
        return drawn

    # --- results ----------------------------------------------------------
    def scores(self) -> list:  # pragma: no cover - abstract
        raise NotImplementedError

    def ranking(self) -> list:
        """Place of each player (1 = first), ties sharing a place."""
        scores = self.scores()
        return [1 + sum(1 for other in scores if other > mine) for mine in scores]

    def winners(self) -> list:
        places = self.ranking()
        return [player for player, place in enumerate(places) if place == 1]

    def returns(self) -> list:
        """Utility of each player in [0, 1], at the end only: winners share 1,
        or, when the game sets `returns_by_score`, each player's score share."""
        if not self.is_terminal():
            return [0.0] * self.num_players
        if self._returns_by_score():
            return score_shares(self.scores())
        winners = self.winners()
        share = 1.0 / len(winners)
        return [share if player in winners else 0.0 for player in range(self.num_players)]

    def _returns_by_score(self) -> bool:
        # getattr: a state class may leave `game` unset
        return getattr(getattr(self, "game", None), "returns_by_score", False)

    def heuristic_returns(self) -> list:
        """An estimate of `returns()` for an unfinished game, used where a
        search stops early. Default: the current leaders share the win (or
        the current score shares, with `returns_by_score`)."""
        if self.is_terminal():
            return self.returns()
        scores = self.scores()
        if self._returns_by_score():
            return score_shares(scores)
        best = max(scores)
        leaders = [player for player, score in enumerate(scores) if score == best]
        share = 1.0 / len(leaders)
        return [share if player in leaders else 0.0 for player in range(self.num_players)]

    # --- information ------------------------------------------------------
    def view(self, player: Optional[int]) -> dict:  # pragma: no cover - abstract
        """What `player` may see, as JSON-ready data (None: a spectator)."""
        raise NotImplementedError

    def determinize(self, player: int, rng: SeededRng) -> "State":
        """A full state consistent with what `player` knows, hidden parts
        sampled with `rng`. Perfect-information games return a clone."""
        return self.clone()

    def reveals_information(self, player: int, move: Move) -> bool:
        """True when playing `move` shows hidden information to someone, so
        that several humans may not take it back."""
        return False

    def describe_move(self, move: Move, viewer: Optional[int], player: Optional[int] = None) -> tuple:
        """(message key, params) naming `move` for `viewer` (None: a spectator),
        the move being played in THIS state (the position before it), like
        OpenSpiel's `action_to_string` and python-chess's `san`. `player` plays
        it (default: the one player in `to_move()`, or CHANCE at a chance
        node); a chance outcome is described the same way. It is computed
        only from what `viewer` may see once the move is played, and params
        are plain data (text, numbers, booleans, None, lists and dicts of
        them; players by number), never a State: the game's UI turns them into
        words. It must not change the state. Default: the move's text, which
        another player's secret submission at a SIMULTANEOUS node never shows
        (key "move", or "move.hidden" with only the player)."""
        player = self.describing_player(player)
        if self.acting_mode() == SIMULTANEOUS and viewer != player and set(self.to_move()) - {player}:
            return "move.hidden", {"player": player}
        return "move", {"player": player, "text": move.text}

    def explain_move(self, move: Move, player: int) -> Optional[tuple]:
        """Why `move` may be a good one for `player`, in a few words: (message
        key, params) like `describe_move`'s, or None when the game has nothing
        to say (the default). The Hint button shows it beside the hinted move.
        Called in THIS state, the position before the move (for a simultaneous
        node, as the decision opened), and computed only from what `player`
        may see: the public position and `player`'s own secrets, never
        another seat's (`test_hint_reasons.py` re-draws them to check). It
        must not change the state."""
        return None

    def moves_are_public(self, player: int) -> bool:
        """Whether every player may know `player`'s legal moves here (they depend
        on nothing secret), so a log line may say that a move was their only
        one. Default: in a perfect-information game only."""
        game_type = getattr(getattr(self, "game", None), "game_type", None)  # a state class may leave `game` unset
        return game_type is not None and game_type.information == Information.PERFECT

    def describing_player(self, player: Optional[int]) -> int:
        """The player of a move being described: `player`, or the one who may act."""
        if player is not None:
            return player
        if self.is_chance():
            return CHANCE
        acting = self.to_move()
        if len(acting) != 1:
            raise GameError("several players may act now: name one", "core.name_player")
        return acting[0]

    # --- copying and serialising -----------------------------------------
    def clone(self) -> "State":  # pragma: no cover - abstract
        raise NotImplementedError

    def to_json(self) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError

    def __eq__(self, other) -> bool:
        return type(self) is type(other) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # mutable


def run_pieces(pieces):
    """Runs a generator of pieces of work (one browser task each in the app,
    as `Game.providing_asset`) to its end under CPython; its return value."""
    while True:
        try:
            next(pieces)
        except StopIteration as finished:
            return finished.value


def score_shares(scores) -> list:
    """Scores as shares summing to 1 (negative ones count as 0; all zero: equal shares)."""
    clipped = [max(float(score), 0.0) for score in scores]
    total = sum(clipped)
    if total <= 0:
        return [1.0 / len(clipped)] * len(clipped)
    return [score / total for score in clipped]


MAX_NUMBER_DIGITS = 9  # no number in a move text is longer; int() of a huge one is slow or refused


def read_number(word: str, *, negative: bool = False, code: str = "core.bad_number", **params) -> int:
    """The whole number written as `word` in a move text. Only ASCII digits
    count, with one leading '-' where `negative` allows it: `str.isdigit` and
    `int` also take '²', other scripts' digits, full-width digits, '_' and '+',
    which no move text writes. Anything else is a MoveParseError with `code`
    (params default to `text=word`), never a raw ValueError."""
    digits = word[1:] if negative and word.startswith("-") else word
    if not (0 < len(digits) <= MAX_NUMBER_DIGITS and digits.isascii() and digits.isdigit()):
        raise MoveParseError(f"{word!r} is not a number written with the digits 0-9", code,
                             **(params or {"text": word}))
    return int(word)


def parse_with(parsers: dict, text: str) -> Move:
    """Dispatches a move text on its first word: `parsers[word](rest)`."""
    head, _, rest = text.strip().partition(" ")
    parser = parsers.get(head)
    if parser is None:
        raise MoveParseError(f"unknown move {text!r}", "core.unknown_move", text=text)
    try:
        return parser(rest)
    except MoveParseError:
        raise
    except (ValueError, IndexError, KeyError) as error:
        raise MoveParseError(f"cannot read move {text!r}: {error}", "core.unreadable_move", text=text) from None

