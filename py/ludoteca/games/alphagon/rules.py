"""Alphagon: the rules engine.

Players build one polygon together on a 13x13 board, one letter at a time:
the letters since the last '+' spell a word under construction. Points come
from closing words (4/5/6 by length), from finding a card's syllable in the
word or a card's shape at the end of the polygon (3 each). Rulings are
numbered in RULINGS.md and cited here as R1, R2, ...

State machine. A `queue` of tasks runs before the current player acts again:
chance tasks (`first`, `rotation`, `draw p v|c`, `card p`), decisions by one
player (`lose p`: a penalty or a cloud; `reward p`: a long word's prize) and
automatic steps (`plus p`: a '+' ends the word; `next p`: the turn passes on
from p; `balance`, `begin`). With the queue empty, `phase` says who acts:
`first` (the opening play), `turn` (the current player), `respond` (after a
declaration every other player may contradict, correct or accept: RESPONSE
mode), `answer` (a doubted player names a word), `vote` (players judge a word
when the table judges instead of the dictionary), `over`.

Move texts (players are 0-based, cells like "G7" = column G, row 7 from the north):
    start D4 E A        '+' on flag D4, letter A beside it, heading east
    place E4 A          letter A on the next cell (a second one costs a bonus)
    change A E          swap rack letter A for an E from one's own sacks
    find 12 CO shape    card 12: its syllable CO is in the word and/or its shape ends the polygon
    giveup A            give up letter A for a bonus
    close               the word on the board is complete: score it
    declare W1/W2       the word can only become W1 (or W2, same meaning)
    doubt               the player who placed the last letter must name a word
    say WORD | concede  answer to a doubt
    contradict W | correct W | accept     answers to a declaration
    pass | pass A       give the turn on (a bonus, else letter A)
    suspend             after a round of passes: '+' and a new word
    end                 end the turn after placing
    lose A              a penalty: letter A leaves the game
    reward bonus | reward A   a long word's prize
    vote yes | vote no  the table's verdict on a word (house rules)
  chance: first 2, rotation cw|ccw, draw 0 A, card 0 17
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator, Optional

from ...core.protocol import (
    CHANCE,
    RESPONSE,
    TURN,
    Game,
    GameError,
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
    run_pieces,
)
from ...core.rng import SeededRng
from ...core.state_json import StateReader
from . import MAX_PLAYERS, MIN_PLAYERS
from . import components as C
from .components import (
    BLUE_SIZE,
    CLOUDS,
    DIRECTION_NAMES,
    EAST,
    FLAGS,
    GOAL,
    NEIGHBOUR_MASKS,
    NEIGHBOURS,
    NORTH,
    PLUS_SYMBOLS,
    RED_SIZE,
    SIZE,
    SOUTH,
    STARS,
    STEPS,
    WEST,
    XY,
    cell_name,
    parse_cell,
    step,
)

PLUS = "+"
MIN_WORD = 4
MIN_DECLARE = 3  # letters on the board before a word may be declared
LONG_WORD = 9  # "more than 8 letters": the long-word prize
MAX_SIDES = 10
CW, CCW = 1, -1

# Phases
FIRST, PLAY, RESPOND, ANSWER, VOTE, OVER = "first", "turn", "respond", "answer", "vote", "over"
PHASES = (FIRST, PLAY, RESPOND, ANSWER, VOTE, OVER)
SETUP = "setup"  # the queue deals; phase is FIRST once it is empty
# End reasons
GOAL_REACHED, CLOSED, TEN_SIDES, BLOCKED, STALEMATE = "goal", "closed", "ten_sides", "blocked", "stalemate"
END_REASONS = (GOAL_REACHED, CLOSED, TEN_SIDES, BLOCKED, STALEMATE)
# How a word left the board (the last field of a `words` entry): "unproven" is a
# doubt the doubted player could not answer; "corrected", a declaration closed shorter.
WORD_ENDINGS = ("closed", "declared", "corrected", "contradicted", "revealed", "suspended", "unproven")

DICTIONARY, VOTE_JUDGE, HOST_JUDGE = "dictionary", "vote", "host"
HOST = 0  # the seat that judges under "a host judges"; the others vote on the host's own claims (R17)
CHANCE_TASKS = ("first", "rotation", "draw", "card")
DECISION_TASKS = ("lose", "reward")
AUTO_TASKS = ("plus", "next", "balance", "begin")
SETUP_TASKS = ("first", "rotation", "balance", "begin")
TASKS = CHANCE_TASKS + DECISION_TASKS + AUTO_TASKS


def points_for(length: int) -> int:
    """4 points up to 5 letters, 5 up to 7, 6 beyond."""
    return 4 if length <= 5 else 5 if length <= 7 else 6


# --- errors -----------------------------------------------------------------------------
def _error(message: str, code: str, **params) -> IllegalMoveError:
    return IllegalMoveError(message, "alphagon." + code, **params)


# --- moves ------------------------------------------------------------------------------
@dataclass(frozen=True)
class ChooseFirst(Move):
    keyword = "first"
    player: int


@dataclass(frozen=True)
class Rotation(Move):
    keyword = "rotation"
    way: str  # "cw" (seat order) or "ccw"


@dataclass(frozen=True)
class Draw(Move):
    keyword = "draw"
    player: int
    letter: str


@dataclass(frozen=True)
class DrawCard(Move):
    keyword = "card"
    player: int
    card: int


@dataclass(frozen=True)
class Start(Move):
    keyword = "start"
    cell: str
    heading: str
    letter: str


@dataclass(frozen=True)
class Place(Move):
    keyword = "place"
    cell: str
    letter: str


@dataclass(frozen=True)
class Change(Move):
    keyword = "change"
    old: str
    new: str


@dataclass(frozen=True)
class Find(Move):
    keyword = "find"
    card: int
    syllable: Optional[str] = None
    shape: bool = False

    @property
    def text(self) -> str:
        parts = ["find", str(self.card)]
        if self.syllable:
            parts.append(self.syllable)
        if self.shape:
            parts.append("shape")
        return " ".join(parts)


@dataclass(frozen=True)
class GiveUp(Move):
    keyword = "giveup"
    letter: str


@dataclass(frozen=True)
class Close(Move):
    keyword = "close"


@dataclass(frozen=True)
class Declare(Move):
    keyword = "declare"
    words: tuple

    @property
    def text(self) -> str:
        return "declare " + "/".join(self.words)


@dataclass(frozen=True)
class Doubt(Move):
    keyword = "doubt"


@dataclass(frozen=True)
class Say(Move):
    keyword = "say"
    word: str


@dataclass(frozen=True)
class Concede(Move):
    keyword = "concede"


@dataclass(frozen=True)
class Contradict(Move):
    keyword = "contradict"
    word: str


@dataclass(frozen=True)
class Correct(Move):
    keyword = "correct"
    word: str


@dataclass(frozen=True)
class Accept(Move):
    keyword = "accept"


@dataclass(frozen=True)
class Pass(Move):
    keyword = "pass"
    letter: Optional[str] = None


@dataclass(frozen=True)
class Suspend(Move):
    keyword = "suspend"


@dataclass(frozen=True)
class EndTurn(Move):
    keyword = "end"


@dataclass(frozen=True)
class Lose(Move):
    keyword = "lose"
    letter: str


@dataclass(frozen=True)
class Reward(Move):
    keyword = "reward"
    choice: str  # "bonus" or a letter


@dataclass(frozen=True)
class Vote(Move):
    keyword = "vote"
    verdict: str  # "yes" / "no"


CLOSE, DOUBT, CONCEDE, ACCEPT, SUSPEND, END, PASS = Close(), Doubt(), Concede(), Accept(), Suspend(), EndTurn(), Pass()
FREE_TEXT = ("declare", "say", "contradict", "correct")

_WORD = re.compile(r"[A-Z]+")
_CHANGES: dict = {}


def _change(old: str, new: str) -> Change:
    """One shared object per change: searches generate these lists constantly."""
    move = _CHANGES.get(old + new)
    if move is None:
        move = _CHANGES[old + new] = Change(old, new)
    return move


_CHANGE_LISTS: dict = {}


def _changes_from(old: str, sack_letters: str) -> tuple:
    """Every change of `old` for a letter of the sack, shared per (letter, sack):
    random playouts ask for the same few lists thousands of times a second."""
    key = (old, sack_letters)
    moves = _CHANGE_LISTS.get(key)
    if moves is None:
        if len(_CHANGE_LISTS) > 20_000:
            _CHANGE_LISTS.clear()
        moves = _CHANGE_LISTS[key] = tuple(_change(old, new) for new in sack_letters if new != old)
    return moves


# --- move lists made once and shared: random playouts list moves at every step ----------
_MEMO_LIMIT = 10_000  # entries a memo keeps before it starts again (a few MB at most, all of them)


_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_GIVE_UPS = {letter: GiveUp(letter) for letter in _LETTERS}
_PASSES = {letter: Pass(letter) for letter in _LETTERS}
_LOSES = {letter: Lose(letter) for letter in _LETTERS}
_PLACES: list = [None] * (SIZE * SIZE)  # cell -> {letter: Place}, made when first asked


def _places_at(cell: int) -> dict:
    found = _PLACES[cell]
    if found is None:
        name = cell_name(cell)
        found = _PLACES[cell] = {letter: Place(name, letter) for letter in _LETTERS}
    return found


_RACK_LETTERS: dict = {}


def _rack_letters(rack) -> tuple:
    """A rack's letters, each once, A..Z."""
    found = _RACK_LETTERS.get(rack)
    if found is None:
        if len(_RACK_LETTERS) > _MEMO_LIMIT:
            _RACK_LETTERS.clear()
        found = _RACK_LETTERS[rack] = tuple(sorted(set(rack)))
    return found


def _sack_letters(alphabet: str, counts: tuple) -> str:
    """The letters a sack holds, A..Z (`"".join(state.sack(player))`)."""
    if 0 not in counts:
        return alphabet
    return "".join([letter for letter, count in zip(alphabet, counts) if count])


_CARD_FINDS: dict = {}
_SACK_CHANGES: dict = {}  # a sack's letters -> {rack letter: its changes}: a few dozen sacks in a game


def _card_finds(card: int, syllables: tuple, shape: bool) -> tuple:
    """A card's finds: each syllable found; with its shape, the shape alone,
    then the shape with each syllable."""
    key = (card, syllables, shape)
    found = _CARD_FINDS.get(key)
    if found is None:
        moves = [Find(card, syllable, False) for syllable in syllables]
        if shape:
            moves.append(Find(card, None, True))
            moves.extend(Find(card, syllable, True) for syllable in syllables)
        if len(_CARD_FINDS) > _MEMO_LIMIT:
            _CARD_FINDS.clear()
        found = _CARD_FINDS[key] = tuple(moves)
    return found


_CARDS: dict = {}


def _cards_of(lang: str) -> dict:
    """card id -> (syllables, each syllable with its reverse, red shape, blue shape)."""
    found = _CARDS.get(lang)
    if found is None:
        found = _CARDS[lang] = {card: (syllables, tuple((syllable, syllable[::-1]) for syllable in syllables), red, blue)
                                for card, (syllables, red, blue) in deck_of(lang).items()}
    return found


_KINDS: dict = {}


def _kind_of(alphabet: str, vowel: bool) -> tuple:
    """(index, letter) of an alphabet's vowels or consonants."""
    kind = _KINDS.get((alphabet, vowel))
    if kind is None:
        kind = _KINDS[alphabet, vowel] = tuple(
            (index, letter) for index, letter in enumerate(alphabet) if C.is_vowel(letter) == vowel)
    return kind


def _letter_pool_of(alphabet: str, counts: tuple, vowel: bool) -> list:
    """The (letter, count) of the vowels or the consonants a sack holds, A..Z."""
    return [(letter, counts[index]) for index, letter in _kind_of(alphabet, vowel) if counts[index]]


def _holds_kind(alphabet: str, counts: tuple, vowel: bool) -> bool:
    """Whether `_letter_pool_of` is not empty."""
    for index, _ in _kind_of(alphabet, vowel):
        if counts[index]:
            return True
    return False


_SHARED_MOVES: dict = {}


def _shared_move(kind: type, *fields) -> Move:
    """One object per chance outcome (a few hundred): playouts draw thousands a second."""
    key = (kind, *fields)
    move = _SHARED_MOVES.get(key)
    if move is None:
        move = _SHARED_MOVES[key] = kind(*fields)
    return move


_NO_PAIRS = frozenset()
_HAND_FINDS: dict = {}
_JUDGED_WORDS: dict = {}
_RESPONSES: dict = {}


def _letter(word: str) -> str:
    word = word.upper()
    if len(word) != 1 or not "A" <= word <= "Z":
        raise MoveParseError(f"{word!r} is not a letter", "alphagon.bad_letter", text=word)
    return word


def _args(rest: str, low: int, high: int) -> list:
    words = rest.split()
    if not low <= len(words) <= high:
        raise MoveParseError(f"expected {low}-{high} words, got {rest!r}", "core.unreadable_move", text=rest)
    return words


def _cell_word(word: str) -> str:
    read_number(word[1:], code="alphagon.off_board", cell=word)  # the row: ASCII digits only
    try:
        return cell_name(parse_cell(word))
    except ValueError:
        raise MoveParseError(f"{word!r} is not a cell of the board", "alphagon.off_board", cell=word) from None


def _free_words(rest: str) -> list:
    from .dictionary import fold

    words = _WORD.findall(fold(rest))
    if not words:
        raise MoveParseError("a word is needed", "alphagon.word_needed")
    return words


def _one_word(rest: str) -> str:
    words = _free_words(rest)
    if len(words) != 1:
        raise MoveParseError("one word is needed", "alphagon.one_word", text=rest)
    return words[0]


def _parse_find(rest: str) -> Find:
    words = _args(rest, 1, 3)
    card = read_number(words[0])
    syllable, shape = None, False
    for word in words[1:]:
        if word.lower() == "shape" and not shape:
            shape = True
        elif len(word) == 2 and word.isalpha() and syllable is None and not shape:
            syllable = word.upper()
        else:
            raise MoveParseError(f"cannot read {word!r}", "core.unreadable_move", text=rest)
    if syllable is None and not shape:
        raise MoveParseError("find what?", "core.unreadable_move", text=rest)
    return Find(card, syllable, shape)


def _parse_start(rest: str) -> Start:
    cell, heading, letter = _args(rest, 3, 3)
    heading = heading.upper()
    if heading not in DIRECTION_NAMES:
        raise MoveParseError(f"{heading!r} is not N, E, S or W", "alphagon.bad_heading", text=heading)
    return Start(_cell_word(cell), heading, _letter(letter))


def _parse_reward(rest: str) -> Reward:
    (choice,) = _args(rest, 1, 1)
    return Reward("bonus" if choice.lower() == "bonus" else _letter(choice))


def _parse_vote(rest: str) -> Vote:
    (verdict,) = _args(rest, 1, 1)
    if verdict.lower() not in ("yes", "no"):
        raise MoveParseError("vote yes or no", "core.unreadable_move", text=rest)
    return Vote(verdict.lower())


def _parse_rotation(rest: str) -> Rotation:
    (way,) = _args(rest, 1, 1)
    if way not in ("cw", "ccw"):
        raise MoveParseError("cw or ccw", "core.unreadable_move", text=rest)
    return Rotation(way)


def _nothing(move):
    def parse(rest):
        _args(rest, 0, 0)
        return move
    return parse


MOVE_PARSERS = {
    "start": _parse_start,
    "place": lambda rest: Place(_cell_word(_args(rest, 2, 2)[0]), _letter(rest.split()[1])),
    "change": lambda rest: Change(*(_letter(w) for w in _args(rest, 2, 2))),
    "find": _parse_find,
    "giveup": lambda rest: GiveUp(_letter(_args(rest, 1, 1)[0])),
    "close": _nothing(CLOSE),
    "declare": lambda rest: Declare(tuple(_free_words(rest))),
    "doubt": _nothing(DOUBT),
    "say": lambda rest: Say(_one_word(rest)),
    "concede": _nothing(CONCEDE),
    "contradict": lambda rest: Contradict(_one_word(rest)),
    "correct": lambda rest: Correct(_one_word(rest)),
    "accept": _nothing(ACCEPT),
    "pass": lambda rest: Pass(_letter(_args(rest, 0, 1)[0]) if rest.split() else None),
    "suspend": _nothing(SUSPEND),
    "end": _nothing(END),
    "lose": lambda rest: Lose(_letter(_args(rest, 1, 1)[0])),
    "reward": _parse_reward,
    "vote": _parse_vote,
    "first": lambda rest: ChooseFirst(read_number(_args(rest, 1, 1)[0])),
    "rotation": _parse_rotation,
    "draw": lambda rest: Draw(read_number(_args(rest, 2, 2)[0]), _letter(rest.split()[1])),
    "card": lambda rest: DrawCard(read_number(_args(rest, 2, 2)[0]), read_number(rest.split()[1])),
}


# --- the game ---------------------------------------------------------------------------
class AlphagonGame(Game):
    id = "alphagon"
    # 2: rulings R38 (the doubter who wins plays on) and R40 (dead ends) changed
    # play, so a record of version 1 may not replay; it is refused with its version.
    rules_version = 2
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    game_type = GameType("mixed", "imperfect", "explicit", "general_sum")
    variants = (
        VariantOption("edition", "alphagon.variant.edition", ("en", "it"), "alphagon.variant.edition.help"),
        VariantOption("deal", "alphagon.variant.deal", ("random", "balanced"), "alphagon.variant.deal.help"),
        VariantOption("judge", "alphagon.variant.judge", (DICTIONARY, VOTE_JUDGE, HOST_JUDGE),
                      "alphagon.variant.judge.help"),
    )

    def __init__(self):
        self.wordlists: dict = {}

    @staticmethod
    def asset_path(lang: str) -> str:
        return f"web/words/{lang}.txt.gz"

    def required_assets(self, settings: Settings) -> tuple:
        lang = settings.variants.get("edition", "en")
        return (self.asset_path(lang if lang in C.LANGUAGES else "en"),)

    def provide_asset(self, path: str, data: bytes) -> None:
        run_pieces(self.providing_asset(path, data))

    def providing_asset(self, path: str, data: bytes):
        """Takes in a word list a piece at a time (`dictionary.loading`)."""
        from . import dictionary

        yield  # importing the judge is a piece of its own
        for lang in C.LANGUAGES:
            if path == self.asset_path(lang):
                if lang not in self.wordlists:
                    self.wordlists[lang] = yield from dictionary.loading(lang, data)
                return
        raise GameError(f"alphagon needs no asset {path!r}", "alphagon.unknown_asset", path=path)

    def wordlist(self, lang: str):
        found = self.wordlists.get(lang)
        if found is None:
            raise GameError(f"the {lang} word list is not loaded", "alphagon.no_dictionary", lang=lang)
        return found

    def new_state(self, settings: Settings, seed: int) -> "AlphagonState":
        return AlphagonState.new(self.validate_settings(settings), seed)

    def parse_move(self, text: str) -> Move:
        return parse_with(MOVE_PARSERS, text)

    def state_from_json(self, data: dict) -> "AlphagonState":
        return AlphagonState.from_json(data)


GAME = AlphagonGame()

_DECKS: dict = {}


def deck_of(lang: str) -> dict:
    """card id -> (syllables, red shape, blue shape) for an edition."""
    found = _DECKS.get(lang)
    if found is None:
        found = _DECKS[lang] = {card: (sy, red, blue) for card, sy, red, blue in C.deck(lang)}
    return found


# --- the polygon's geometry, from the board's numbers alone -------------------------------
_UNKNOWN = object()  # a next step not worked out yet
_NEXT_STEPS: dict = {}


def _is_free_cell(cell: int, occupied: int, last: int, start: int, sides_after: int) -> bool:
    """`AlphagonState._is_free` on a bitmask of occupied cells."""
    if occupied >> cell & 1:
        return False
    touching = occupied & NEIGHBOUR_MASKS[cell] & ~(1 << last)
    if touching and sides_after >= 4:
        touching &= ~(1 << start)
    return not touching


def _turn_options(at: int, heading: int, start: int, sides: int) -> tuple:
    """`AlphagonState.turn_options` for a polygon starting at `start` with `sides` sides."""
    px, py = XY[at]
    sx, sy = XY[start]
    if heading == EAST or heading == WEST:
        low, high, mine, target = NORTH, SOUTH, py, sy
    else:
        low, high, mine, target = WEST, EAST, px, sx
    if mine == target:
        preferred = low if mine > SIZE - 1 - mine else high
    else:
        toward = low if target < mine else high
        away = high if toward == low else low
        preferred = toward if sides >= 4 else away
    return (preferred, high if preferred == low else low)


def _free_steps_from(start: int, last: int, straight: bool, occupied: int, sides: int, heading: int,
                     every_way: bool) -> list:
    """`AlphagonState._free_steps` of a polygon from `start` to `last`;
    `straight`: it may go straight on (its last symbol is a letter, or a '+'
    placed on a turn)."""
    found = []
    steps = STEPS[last]
    if straight:
        cell = steps[heading]
        if cell is not None and _is_free_cell(cell, occupied, last, start, sides):
            found.append((cell, heading))
            if not every_way:
                return found
    for option in _turn_options(last, heading, start, sides):
        cell = steps[option]
        if cell is not None and _is_free_cell(cell, occupied, last, start, sides + 1):
            found.append((cell, option))
    return found


# The two ways a polygon heading one way may turn (heading -1: none yet, as north).
_TURNS = {NORTH: (WEST, EAST), SOUTH: (WEST, EAST), -1: (WEST, EAST), EAST: (NORTH, SOUTH), WEST: (NORTH, SOUTH)}


def _can_go_on(start: int, last: int, straight: bool, occupied: int, sides: int, heading: int) -> bool:
    """Whether `_free_steps_from` finds any step (their order does not matter here)."""
    steps = STEPS[last]
    if straight:
        cell = steps[heading]
        if cell is not None and _is_free_cell(cell, occupied, last, start, sides):
            return True
    for option in _TURNS[heading]:
        cell = steps[option]
        if cell is not None and _is_free_cell(cell, occupied, last, start, sides + 1):
            return True
    return False


class AlphagonState(State):
    game = GAME
    __slots__ = (
        "settings", "rng", "n", "lang", "alphabet", "goal", "judge", "phase", "queue",
        "first_player", "rotation", "current",
        "trail", "symbols", "owners", "occupied", "sides", "heading",
        "racks", "sacks", "discards", "hands", "deck", "returned", "bonuses", "points",
        "plus_left", "placed", "changed", "found_syllable", "found_shape", "gave_up",
        "passes", "claimed_pairs", "shape_claims", "declaration", "doubt", "vote",
        "words", "end_reason", "_next_steps",
    )

    # --- construction -------------------------------------------------------------------
    @classmethod
    def new(cls, settings: Settings, seed: int) -> "AlphagonState":
        state = cls.__new__(cls)
        state.settings = settings
        state.rng = SeededRng(seed)
        n = state.n = settings.num_players
        state.lang = settings.variants["edition"]
        state.alphabet = C.alphabet(state.lang)
        state.goal = GOAL[n]
        state.judge = settings.variants["judge"]
        state.phase = FIRST
        full = tuple(C.sack_counts(state.lang).values())
        state.first_player = 0
        state.rotation = CW
        state.current = 0
        state.trail = ()
        state.symbols = ""
        state.owners = ()
        state.occupied = 0
        state.sides = 0
        state.heading = -1
        state.racks = [""] * n
        state.sacks = [full] * n
        state.discards = [""] * n
        state.hands = [()] * n
        state.deck = tuple(sorted(deck_of(state.lang)))
        state.returned = ()
        state.bonuses = [C.START_BONUSES] * n
        state.points = [0] * n
        state.plus_left = PLUS_SYMBOLS
        state._reset_turn()
        state.claimed_pairs = ()  # word positions whose syllable was claimed (this word)
        state.shape_claims = ()  # polygon lengths at which a shape was claimed
        state.passes = 0
        state.declaration = None
        state.doubt = None
        state.vote = None
        state.words = ()
        state.end_reason = None
        state._next_steps = None  # [board, next step of a letter, of a '+'] (next_step)
        tasks = [("first",), ("rotation",)]
        for p in range(n):
            tasks += [("draw", p, "v")] * C.START_VOWELS + [("draw", p, "c")] * C.START_CONSONANTS
        for p in range(n):
            tasks += [("card", p)] * C.START_CARDS
        if settings.variants["deal"] == "balanced":
            tasks.append(("balance",))
        tasks.append(("begin",))
        state.queue = tuple(tasks)
        return state

    def _reset_turn(self) -> None:
        self.placed = 0
        self.changed = False
        self.found_syllable = False
        self.found_shape = False
        self.gave_up = False

    def clone(self) -> "AlphagonState":
        other = AlphagonState.__new__(AlphagonState)
        for name in self.__slots__:
            setattr(other, name, getattr(self, name))
        other.rng = SeededRng(self.rng.state)
        other.racks = list(self.racks)
        other.sacks = list(self.sacks)
        other.discards = list(self.discards)
        other.hands = list(self.hands)
        other.bonuses = list(self.bonuses)
        other.points = list(self.points)
        return other

    # --- board geometry -------------------------------------------------------------------
    def word(self) -> str:
        """The letters of the word under construction (since the last '+')."""
        symbols = self.symbols
        return symbols[symbols.rindex(PLUS) + 1:] if symbols else ""

    def word_cells(self) -> tuple:
        word = self.word()
        return self.trail[len(self.trail) - len(word):] if word else ()

    def last_placer(self):
        """Who placed the newest letter of the word (None: no letter yet)."""
        if not self.symbols or self.symbols[-1] == PLUS:
            return None
        return self.owners[-1]

    def _is_free(self, cell: int, sides_after: int) -> bool:
        """The polygon may grow onto `cell`: on the board, empty, and not next
        to an earlier cell (sides never touch, R8), except the start once the
        polygon has 4 sides (that closes it)."""
        return _is_free_cell(cell, self.occupied, self.trail[-1], self.trail[0], sides_after)

    def turn_options(self, at: int, heading: int) -> tuple:
        """The two perpendicular headings at `at`, the direction rule's choice
        first (R7): away from the start while the polygon has fewer than 4
        sides, toward it from 4; level with the start, toward the farther
        opposite edge (south or east on a tie)."""
        return _turn_options(at, heading, self.trail[0], self.sides)

    def next_step(self, symbol: str = "?"):
        """(cell, heading) where the polygon continues with `symbol` (a letter,
        or PLUS for a word's '+'), or None when it cannot. Straight on, unless
        the last symbol is a '+', the edge is reached or going on would touch
        the polygon (early closure): then a turn (R6), the direction rule's
        way first (R7). A way into a dead end, a cell after which the polygon
        could not go on, is taken only when no other way is open; going
        straight into one counts as one step from an early closure, so the
        polygon turns there (R40).

        Kept per board (a letter's answer and a '+''s): a turn asks it to
        list, check and make its move, and `_put` to see the game goes on."""
        board = (self.trail, self.symbols, self.occupied, self.sides, self.heading)
        known = self._next_steps
        if known is None or known[0] != board:
            known = self._next_steps = [board, _UNKNOWN, _UNKNOWN]
        index = 2 if symbol == PLUS else 1
        found = known[index]
        if found is _UNKNOWN:
            found = known[index] = self._work_out_next_step(symbol)
        return found

    def _work_out_next_step(self, symbol: str):
        """`next_step`, shared between states with the same polygon: random
        playouts from one position lay the same cells again and again (the
        letters do not change where the polygon goes, only its '+' do)."""
        trail, symbols = self.trail, self.symbols
        key = (self.occupied, trail[-3:], trail[:1], self.sides, self.heading, symbols[-1:] == PLUS, symbol == PLUS)
        found = _NEXT_STEPS.get(key, _UNKNOWN)
        if found is _UNKNOWN:
            if len(_NEXT_STEPS) > _MEMO_LIMIT:
                _NEXT_STEPS.clear()
            found = _NEXT_STEPS[key] = self._next_step_of_board(symbol)
        return found

    def _next_step_of_board(self, symbol: str):
        options = self._free_steps(every_way=True)
        for cell, heading in options:
            if len(options) == 1 or self._ending_after(cell, heading, symbol) != BLOCKED:
                return cell, heading
        return options[0] if options else None

    def _free_steps(self, every_way: bool = False) -> list:
        """The (cell, heading) the polygon may take next, in the order R6 and
        R7 rank them: straight on alone when it is free, unless `every_way`
        (then the turns follow it, for when it leads to a dead end)."""
        trail = self.trail
        if not trail:
            return []
        straight = self.symbols[-1] != PLUS or self._plus_on_corner()
        return _free_steps_from(trail[0], trail[-1], straight, self.occupied, self.sides, self.heading, every_way)

    def _goes_on_after(self, cell: int, heading: int) -> bool:
        """After a letter on `cell`, the game can go on or ends well: the
        polygon closes, has its 10 sides, or has a cell after it."""
        return self._ending_after(cell, heading, "?") != BLOCKED

    def _ending_after(self, cell: int, heading: int, symbol: str):
        """The end reason a `symbol` (one symbol) put on `cell` would give (as
        `_put` decides it), or None."""
        trail = self.trail
        sides = self.sides + (heading != self.heading)
        if sides >= 4 and len(trail) > 1 and trail[0] in NEIGHBOURS[cell]:
            return CLOSED
        if sides >= MAX_SIDES:
            return TEN_SIDES
        # The polygon with `symbol` on `cell`: straight on after it unless it
        # is a '+' that does not itself turn (as `_plus_on_corner`).
        straight = symbol != PLUS or (len(trail) >= 2 and cell - trail[-1] != trail[-1] - trail[-2])
        start = trail[0] if trail else cell
        if _can_go_on(start, cell, straight, self.occupied | 1 << cell, sides, heading):
            return None
        return BLOCKED

    def ending_at_next(self, symbol: str = "?") -> tuple:
        """(the cell `symbol` would go on next, why the game would then end or
        None): a letter, or the '+' of a word closed now. The table warns
        before such a move (R40)."""
        found = self.next_step(symbol)
        if found is None:
            return None, None
        return found[0], self._ending_after(found[0], found[1], symbol)

    def lay_polygon(self, flag: str, heading: str, symbols: str, player: int = 0) -> None:
        """Lays `symbols` (a '+' first, on `flag`, then the first letter toward
        `heading`) as if played, each where the rules send it, its letters
        taken from `player`'s sacks: the rules page's diagrams."""
        cell = parse_cell(flag)
        self.trail, self.symbols, self.owners, self.occupied = (cell,), PLUS, (player,), 1 << cell
        self.heading, self.sides, self.phase = -1, 0, PLAY
        self.plus_left -= 1
        direction = DIRECTION_NAMES.index(heading)
        for symbol in symbols[1:]:
            found = (step(self.trail[-1], direction), direction) if len(self.trail) == 1 else self.next_step()
            if found is None or found[0] is None or self.phase != PLAY:
                raise ValueError(f"the polygon cannot take {symbols!r}")
            if symbol == PLUS:
                self.plus_left -= 1
            elif self.sack_has(player, symbol):
                self._sack_add(player, symbol, -1)
            else:
                raise ValueError(f"no {symbol} left in the sacks")
            self._put(player, found[0], symbol, found[1])
        self.queue = ()

    def _plus_on_corner(self) -> bool:
        """The last '+' was itself placed on a turn (the word ended at the edge
        or one step from an early closure): it already starts the new side, so
        the polygon goes straight on from it (R6)."""
        trail = self.trail
        if len(trail) < 3:
            return False
        return trail[-1] - trail[-2] != trail[-2] - trail[-3]

    def next_cell(self):
        found = self.next_step()
        return found[0] if found else None

    def _put(self, player: int, cell: int, symbol: str, heading: int) -> None:
        """Adds one symbol to the polygon, with the star or cloud under it,
        then checks the end conditions."""
        if heading != self.heading:
            self.sides += 1
            self.heading = heading
        self.trail += (cell,)
        self.symbols += symbol
        self.owners += (player,)
        self.occupied |= 1 << cell
        if cell in STARS:
            self.bonuses[player] += 1
        elif cell in CLOUDS:
            if self.bonuses[player] > 0:
                self.bonuses[player] -= 1
            else:
                self.queue = (("lose", player),) + self.queue
        if len(self.trail) > 2 and self.sides >= 4 and self.trail[0] in NEIGHBOURS[cell]:
            self._finish(CLOSED)
        elif self.sides >= MAX_SIDES:
            self._finish(TEN_SIDES)
        elif self.next_step() is None:
            self._finish(BLOCKED)

    def _finish(self, reason: str) -> None:
        if self.end_reason is None:
            self.end_reason = reason
        self.phase = OVER
        self.queue = ()
        self.declaration = self.doubt = self.vote = None

    # --- letters ---------------------------------------------------------------------------
    def sack(self, player: int) -> dict:
        return {letter: count for letter, count in zip(self.alphabet, self.sacks[player]) if count}

    def _sack_add(self, player: int, letter: str, amount: int) -> None:
        index = self.alphabet.index(letter)
        counts = list(self.sacks[player])
        counts[index] += amount
        self.sacks[player] = tuple(counts)

    def _rack_remove(self, player: int, letter: str) -> None:
        rack = self.racks[player]
        index = rack.index(letter)
        self.racks[player] = rack[:index] + rack[index + 1:]

    def _rack_add(self, player: int, letter: str) -> None:
        self.racks[player] = "".join(sorted(self.racks[player] + letter))

    def _discard(self, player: int, letter: str) -> None:
        self._rack_remove(player, letter)
        self.discards[player] = "".join(sorted(self.discards[player] + letter))

    def sack_has(self, player: int, letter: str) -> bool:
        return letter in self.alphabet and self.sacks[player][self.alphabet.index(letter)] > 0

    # --- whose turn -------------------------------------------------------------------------
    def to_move(self) -> tuple:
        if self.phase == OVER:
            return ()
        if self.queue:
            head = self.queue[0]
            return (head[1],) if head[0] in DECISION_TASKS else ()
        if self.phase == RESPOND:
            return self.declaration["pending"]
        if self.phase == ANSWER:
            return (self.doubt[1],)
        if self.phase == VOTE:
            return (self.vote["voters"][0],)
        return (self.current,)

    def acting_mode(self) -> str:
        if self.phase == RESPOND and not self.queue:
            return RESPONSE
        return TURN

    def is_chance(self) -> bool:
        return self.phase != OVER and bool(self.queue) and self.queue[0][0] in CHANCE_TASKS

    def is_terminal(self) -> bool:
        return self.phase == OVER

    # --- chance -------------------------------------------------------------------------------
    def _letter_pool(self, player: int, kind: str) -> tuple:
        """The (letter, count) a player's vowels ("v") or consonants sack holds."""
        return _letter_pool_of(self.alphabet, self.sacks[player], kind == "v")

    def _card_pool(self) -> tuple:
        return self.deck if self.deck else tuple(sorted(self.returned))

    def chance_outcomes(self) -> list:
        if not self.is_chance():
            return []
        head = self.queue[0]
        kind = head[0]
        if kind == "first":
            return [(ChooseFirst(p), 1.0 / self.n) for p in range(self.n)]
        if kind == "rotation":
            return [(Rotation("cw"), 0.5), (Rotation("ccw"), 0.5)]
        if kind == "draw":
            pool = self._letter_pool(head[1], head[2])
            total = sum(count for _, count in pool)
            return [(Draw(head[1], letter), count / total) for letter, count in pool]
        pool = self._card_pool()
        return [(DrawCard(head[1], card), 1.0 / len(pool)) for card in pool]

    def sample_chance(self, rng: Optional[SeededRng] = None) -> Move:
        rng = rng or self.rng
        head = self.queue[0] if self.is_chance() else None
        if head is None:
            raise IllegalMoveError("no chance event is pending", "core.no_chance")
        if head[0] == "draw":
            pool = self._letter_pool(head[1], head[2])
            roll = rng.randbelow(sum([count for _, count in pool]))
            for letter, count in pool:
                if roll < count:
                    return _shared_move(Draw, head[1], letter)
                roll -= count
        if head[0] == "card":
            pool = self._card_pool()
            return _shared_move(DrawCard, head[1], pool[rng.randbelow(len(pool))])
        if head[0] == "first":
            return ChooseFirst(rng.randbelow(self.n))
        return Rotation("cw" if rng.randbelow(2) == 0 else "ccw")

    def _apply_chance(self, move: Move) -> None:
        self.queue = self.queue[1:]
        if isinstance(move, Draw):
            self._sack_add(move.player, move.letter, -1)
            self._rack_add(move.player, move.letter)
        elif isinstance(move, DrawCard):
            if self.deck:
                deck = self.deck
                index = deck.index(move.card)
                self.deck = deck[:index] + deck[index + 1:]
            else:  # R12: the returned cards are shuffled into a new deck
                rest = sorted(self.returned)
                rest.remove(move.card)
                self.deck = tuple(rest)
                self.returned = ()
            self.hands[move.player] = tuple(sorted(self.hands[move.player] + (move.card,)))
        elif isinstance(move, ChooseFirst):
            self.first_player = self.current = move.player
        elif isinstance(move, Rotation):
            self.rotation = CW if move.way == "cw" else CCW

    def _run_queue(self) -> None:
        """Runs automatic tasks and skips empty ones until a chance event or a
        decision waits, or the queue is empty."""
        while self.queue and self.phase != OVER:
            head = self.queue[0]
            kind = head[0]
            if kind == "draw":
                if _holds_kind(self.alphabet, self.sacks[head[1]], head[2] == "v"):
                    return
                self.queue = self.queue[1:]  # R9: an empty sack draws nothing
            elif kind == "card":
                if self.deck or self.returned:
                    return
                self.queue = self.queue[1:]
            elif kind in ("first", "rotation"):
                return
            elif kind == "lose":
                if self.racks[head[1]]:
                    return
                self.queue = self.queue[1:]  # R10: nothing to lose
            elif kind == "reward":
                if self._reward_choices(head[1]):
                    return
                self.queue = self.queue[1:]
            else:
                self.queue = self.queue[1:]
                if kind == "plus":
                    self._place_plus(head[1])
                elif kind == "next":
                    self._next_turn(head[1])
                elif kind == "balance":
                    self._balance()
                elif kind == "begin":
                    self.phase = FIRST
                    self.current = self.first_player

    def _balance(self) -> None:
        """R4: the opening racks are evened out between players."""
        balanced = C.balance_racks([list(rack) for rack in self.racks], self.lang)
        full = tuple(C.sack_counts(self.lang).values())
        for player, rack in enumerate(balanced):
            self.racks[player] = "".join(rack)
            self.sacks[player] = tuple(count - rack.count(letter) for letter, count in zip(self.alphabet, full))

    # --- turn bookkeeping ---------------------------------------------------------------------
    def next_player(self, player: int) -> int:
        return (player + self.rotation) % self.n

    def _next_turn(self, after: int) -> None:
        self.phase = PLAY
        self.current = self.next_player(after)
        self._reset_turn()

    def _place_plus(self, player: int) -> None:
        found = self.next_step(PLUS)
        if found is None:  # cannot happen: every placement checks there is a next cell
            self._finish(BLOCKED)
            return
        self.plus_left -= 1
        self.claimed_pairs = ()
        self._put(player, found[0], PLUS, found[1])

    def _score(self, player: int, points: int) -> None:
        self.points[player] += points
        if self.points[player] >= self.goal:
            self._finish(GOAL_REACHED)

    def _close_word(self, player: int, scored_word: str, how: str, after: int) -> None:
        """`player` closes the word under construction, scored as `scored_word`;
        the turn then passes on from `after`."""
        points = points_for(len(scored_word))
        self.words += ((self.word(), scored_word, player, points, how),)
        self.passes = 0
        self._score(player, points)
        if self.phase == OVER:
            return
        tasks = [("plus", player)]
        if len(scored_word) >= LONG_WORD:
            tasks.append(("reward", player))
        tasks.append(("next", after))
        self.queue = tuple(tasks) + self.queue

    def _suspend_word(self, player: int, after, how: str = "suspended") -> None:
        self.words += ((self.word(), "", player, 0, how),)
        self.passes = 0
        self.queue = (("plus", player),) + ((("next", after),) if after is not None else ()) + self.queue

    def _reward_choices(self, player: int) -> list:
        """R11: a long word's prize, only below the starting allotment."""
        choices = []
        if self.bonuses[player] < C.START_BONUSES:
            choices.append("bonus")
        if len(self.racks[player]) < C.START_LETTERS:
            choices.extend(self.sack(player))
        return choices

    # --- legality -----------------------------------------------------------------------------
    def apply(self, player: int, move: Move) -> None:
        if self.is_terminal():
            raise IllegalMoveError("the game is over", "core.game_over")
        if player not in self.to_move():
            raise NotYourTurnError(f"player {player + 1} cannot act now", "core.not_your_turn", player=player + 1)
        self.check(player, move)
        self.apply_unchecked(player, move)

    def is_legal(self, player: int, move: Move) -> bool:
        if self.is_terminal() or player not in self.to_move():
            return False
        try:
            self.check(player, move)
        except GameError:
            return False
        return True

    def wordlist(self):
        return GAME.wordlist(self.lang)

    def check(self, player: int, move: Move) -> None:
        """Raises a typed IllegalMoveError when `move` is not allowed now."""
        if self.queue:
            kind = self.queue[0][0]
            if kind == "lose":
                if not isinstance(move, Lose):
                    raise _error("choose a letter to lose first", "must_lose")
                self._need_rack(player, move.letter)
                return
            if kind == "reward":
                if not isinstance(move, Reward):
                    raise _error("choose your prize first", "must_reward")
                if move.choice not in self._reward_choices(player):
                    raise _error(f"{move.choice} is no prize you may take", "bad_reward", choice=move.choice)
                return
            raise _error("a chance event is pending", "not_now", move=move.text)
        phase = self.phase
        if phase == FIRST:
            return self._check_start(player, move)
        if phase == PLAY:
            return self._check_turn(player, move)
        if phase == RESPOND:
            return self._check_response(player, move)
        if phase == ANSWER:
            if isinstance(move, Concede):
                return
            if not isinstance(move, Say):
                raise _error("name your word, or concede", "must_answer")
            prefix = self.word()
            if not move.word.startswith(prefix):
                raise _error(f"{move.word} does not start with {prefix}", "not_prefix", word=move.word, prefix=prefix)
            if len(move.word) < MIN_WORD:
                raise _error("words have at least 4 letters", "too_short", word=move.word, min=MIN_WORD)
            return
        if phase == VOTE:
            if not isinstance(move, Vote):
                raise _error("vote yes or no", "must_vote")
            return
        raise _error("the game is over", "not_now", move=move.text)

    def _need_rack(self, player: int, letter: str) -> None:
        if letter not in self.racks[player]:
            raise _error(f"{letter} is not in your rack", "not_in_rack", letter=letter)

    def _check_start(self, player: int, move: Move) -> None:
        if not isinstance(move, Start):
            raise _error("the first play puts a '+' on a flag", "must_start")
        flag = parse_cell(move.cell)
        if flag not in FLAGS:
            raise _error(f"{move.cell} has no flag", "not_a_flag", cell=move.cell)
        if step(flag, DIRECTION_NAMES.index(move.heading)) is None:
            raise _error("that letter would be off the board", "off_board", cell=move.cell)
        self._need_rack(player, move.letter)

    def _check_turn(self, player: int, move: Move) -> None:
        word = self.word()
        if isinstance(move, Place):
            if self.placed >= 2:
                raise _error("at most two letters a turn", "two_letters")
            if self.placed == 1 and self.bonuses[player] < 1:
                raise _error("a second letter costs a bonus", "no_bonus")
            self._need_rack(player, move.letter)
            target = self.next_cell()
            cell = parse_cell(move.cell)
            if cell != target:
                raise _error(f"the polygon goes on at {cell_name(target)}, not {move.cell}", "wrong_cell",
                             cell=move.cell, expected=cell_name(target))
            return
        if isinstance(move, Change):
            if self.changed:
                raise _error("one change a turn", "changed_already")
            if self.placed == 0 and self.bonuses[player] < 1:
                raise _error("changing before placing costs a bonus", "no_bonus")
            self._need_rack(player, move.old)
            if move.new == move.old or not self.sack_has(player, move.new):
                raise _error(f"your sacks hold no {move.new}", "not_in_sack", letter=move.new)
            return
        if isinstance(move, Find):
            return self._check_find(player, move)
        if isinstance(move, GiveUp):
            if self.gave_up:
                raise _error("one letter a turn may be given up", "gave_up_already")
            self._need_rack(player, move.letter)
            return
        if isinstance(move, Close):
            if self.placed == 0:
                raise _error("close a word you have just completed", "close_after_placing")
            if len(word) < MIN_WORD:
                raise _error("words have at least 4 letters", "too_short", word=word, min=MIN_WORD)
            if self.judge == DICTIONARY and not self.wordlist().is_word(word):
                raise _error(f"{word} is not in the dictionary", "not_a_word", word=word)
            return
        if isinstance(move, Declare):
            if len(word) < MIN_DECLARE:
                raise _error("declare once 3 letters are on the board", "declare_early", min=MIN_DECLARE)
            return self._check_declared(move.words, word)
        if isinstance(move, Doubt):
            if self.placed:
                raise _error("doubt before placing", "doubt_after_placing")
            doubted = self.last_placer()
            if doubted is None or doubted == player:
                raise _error("nobody else placed the last letter", "nothing_to_doubt")
            return
        if isinstance(move, Pass):
            if self.placed:
                raise _error("you placed a letter: end your turn", "pass_after_placing")
            if self.bonuses[player] > 0 or not self.racks[player]:
                if move.letter is not None:
                    raise _error("passing costs a bonus", "pass_costs_bonus")
            else:
                if move.letter is None:
                    raise _error("with no bonus, passing costs a letter", "pass_costs_letter")
                self._need_rack(player, move.letter)
            return
        if isinstance(move, Suspend):
            if self.placed or self.passes < self.n - 1 or not word:
                raise _error("suspend only after a round of passes", "suspend_not_allowed")
            return
        if isinstance(move, EndTurn):
            if not self.placed:
                raise _error("place a letter or pass", "end_before_placing")
            return
        raise _error(f"{move.text} is not possible now", "not_now", move=move.text)

    def _check_declared(self, words: tuple, prefix: str) -> None:
        for word in words:
            if len(word) < MIN_WORD:
                raise _error("words have at least 4 letters", "too_short", word=word, min=MIN_WORD)
            if not word.startswith(prefix):
                raise _error(f"{word} does not start with {prefix}", "not_prefix", word=word, prefix=prefix)
        if len(set(words)) != len(words):
            raise _error("a word is named twice", "repeated_word")
        if self.judge == DICTIONARY:
            verdict = self.wordlist().declaration_admissible(prefix, words)
            if not verdict.ok:
                raise _error(f"{verdict.code}: {verdict.params}", verdict.code, **verdict.params)

    def _check_find(self, player: int, move: Find) -> None:
        if move.card not in self.hands[player]:
            raise _error(f"you hold no card {move.card}", "card_not_held", card=move.card)
        syllables, red, blue = deck_of(self.lang)[move.card]
        if move.syllable is not None:
            if self.found_syllable:
                raise _error("one syllable a turn", "syllable_already")
            if not self._free_syllable(move.syllable, syllables):
                raise _error(f"{move.syllable} is not in the word", "no_syllable", syllable=move.syllable)
        if move.shape:
            if self.found_shape:
                raise _error("one shape a turn", "shape_already")
            if not self.shape_matches(red, blue):
                raise _error("neither shape of the card ends the polygon", "no_shape", card=move.card)

    def _free_syllable(self, syllable: str, syllables) -> int:
        """1 + the word position of an unclaimed pair matching `syllable`, or 0."""
        reverse = syllable[::-1]
        if syllable not in syllables and reverse not in syllables:
            return 0
        word = self.word()
        for index in range(len(word) - 1):
            if word[index:index + 2] in (syllable, reverse) and index not in self.claimed_pairs:
                return index + 1
        return 0

    def shape_matches(self, red, blue) -> bool:
        """R13: the last 4 (red) or 5 (blue) cells of the polygon, '+' included,
        lie as the card's shape does, north up; once per polygon end."""
        length = len(self.trail)
        if length in self.shape_claims:
            return False
        red_end, blue_end = _trail_end_shapes(self.trail[-BLUE_SIZE:])
        return (length >= RED_SIZE and red_end == red) or (length >= BLUE_SIZE and blue_end == blue)

    def _check_response(self, player: int, move: Move) -> None:
        declaration = self.declaration
        if isinstance(move, Accept):
            return
        if isinstance(move, (Contradict, Correct)):
            prefix = declaration["prefix"]
            if self.judge != DICTIONARY:
                if not move.word.startswith(prefix) or len(move.word) < MIN_WORD:
                    raise _error(f"{move.word} does not start with {prefix}", "not_prefix", word=move.word, prefix=prefix)
                if isinstance(move, Correct) and len(move.word) >= declaration["length"]:
                    raise _error("a correction must be shorter", "not_shorter", word=move.word,
                                 length=declaration["length"])
                return
            wordlist = self.wordlist()
            if isinstance(move, Contradict):
                verdict = wordlist.judge_contradiction(prefix, declaration["words"], move.word)
            else:
                verdict = wordlist.judge_correction(prefix, declaration["words"], move.word, declaration["length"])
            if not verdict.ok:
                raise _error(f"{verdict.code}: {verdict.params}", verdict.code, **verdict.params)
            return
        raise _error("contradict, correct or accept", "must_respond")

    # --- playing ---------------------------------------------------------------------------------
    def apply_unchecked(self, player: int, move: Move) -> None:
        if player == CHANCE:
            self._apply_chance(move)
        elif self.queue:
            self._apply_decision(player, move)
        elif self.phase == PLAY:
            self._apply_turn(player, move)
        elif self.phase == FIRST:
            self._apply_start(player, move)
        elif self.phase == RESPOND:
            self._apply_response(player, move)
        elif self.phase == ANSWER:
            self._apply_answer(player, move)
        elif self.phase == VOTE:
            self._apply_vote(player, move)
        self._run_queue()

    def _apply_decision(self, player: int, move: Move) -> None:
        kind = self.queue[0][0]
        self.queue = self.queue[1:]
        if kind == "lose":
            self._discard(player, move.letter)
        elif move.choice == "bonus":
            self.bonuses[player] += 1
        else:
            self._sack_add(player, move.choice, -1)
            self._rack_add(player, move.choice)

    def _apply_start(self, player: int, move: Start) -> None:
        flag = parse_cell(move.cell)
        heading = DIRECTION_NAMES.index(move.heading)
        self.plus_left -= 1
        self.trail = (flag,)
        self.symbols = PLUS
        self.owners = (player,)
        self.occupied = 1 << flag
        self.phase = PLAY
        self.current = player
        self._reset_turn()
        self._place_letter(player, step(flag, heading), move.letter, heading)
        if self.phase != OVER:
            self.queue += (("next", player),)

    def _place_letter(self, player: int, cell: int, letter: str, heading: int) -> None:
        self._rack_remove(player, letter)
        self.placed += 1
        self.passes = 0
        self.queue = (("draw", player, "v" if C.is_vowel(letter) else "c"),) + self.queue
        self._put(player, cell, letter, heading)

    def _apply_turn(self, player: int, move: Move) -> None:
        if isinstance(move, Place):
            if self.placed == 1:
                self.bonuses[player] -= 1
            cell, heading = self.next_step()
            self._place_letter(player, cell, move.letter, heading)
        elif isinstance(move, Change):
            if self.placed == 0:
                self.bonuses[player] -= 1
            self.changed = True
            self._rack_remove(player, move.old)
            self._sack_add(player, move.old, 1)
            self._sack_add(player, move.new, -1)
            self._rack_add(player, move.new)
        elif isinstance(move, Find):
            self._apply_find(player, move)
        elif isinstance(move, GiveUp):
            self.gave_up = True
            self._discard(player, move.letter)
            self.bonuses[player] += 1
        elif isinstance(move, Close):
            word = self.word()
            if self.judge == DICTIONARY:
                self._close_word(player, word, "closed", player)
            else:
                self._start_vote(player, "close", word)
        elif isinstance(move, Declare):
            self._declare(player, move.words)
        elif isinstance(move, Doubt):
            self.doubt = (player, self.last_placer())
            self.phase = ANSWER
        elif isinstance(move, Pass):
            if move.letter is not None:
                self._discard(player, move.letter)
            elif self.bonuses[player] > 0:
                self.bonuses[player] -= 1
            self.passes += 1
            if self.passes >= 2 * self.n:
                self._finish(STALEMATE)  # R14: two rounds of passes
            else:
                self._next_turn(player)
        elif isinstance(move, Suspend):
            self._suspend_word(player, None)
        elif isinstance(move, EndTurn):
            self._next_turn(player)

    def _apply_find(self, player: int, move: Find) -> None:
        points = 0
        if move.syllable is not None:
            position = self._free_syllable(move.syllable, deck_of(self.lang)[move.card][0])
            self.claimed_pairs += (position - 1,)
            self.found_syllable = True
            points += C.SYLLABLE_POINTS
        if move.shape:
            self.shape_claims += (len(self.trail),)
            self.found_shape = True
            points += C.SHAPE_POINTS
        hand = list(self.hands[player])
        hand.remove(move.card)
        self.hands[player] = tuple(hand)
        self.returned += (move.card,)  # R12: under the deck
        self.queue = (("card", player),) + self.queue
        self._score(player, points)

    def _declare(self, player: int, words: tuple) -> None:
        order = []
        other = player
        for _ in range(self.n - 1):
            other = self.next_player(other)
            order.append(other)
        shortest = min(words, key=lambda w: (len(w), w))
        self.declaration = {
            "declarer": player, "words": tuple(words), "prefix": self.word(),
            "shortest": shortest, "length": len(shortest), "corrections": (), "pending": tuple(order),
        }
        self.passes = 0
        self.phase = RESPOND

    def _apply_response(self, player: int, move: Move) -> None:
        if isinstance(move, Accept):
            self._responded(player)
        elif self.judge != DICTIONARY:
            self._start_vote(player, move.keyword, move.word)
        elif isinstance(move, Contradict):
            self._contradicted(player, move.word)
        else:
            self._corrected(player, move.word)

    def _responded(self, player: int) -> None:
        declaration = self.declaration
        pending = tuple(p for p in declaration["pending"] if p != player)
        self.declaration = dict(declaration, pending=pending)
        if not pending:
            declarer = declaration["declarer"]
            self.declaration = None
            self.phase = PLAY
            how = "corrected" if declaration["corrections"] else "declared"
            self._close_word(declarer, declaration["shortest"], how, declarer)

    def _contradicted(self, player: int, word: str) -> None:
        """R16: the first valid contradiction closes the window: the declarer
        is penalised and the contradictor closes the word, scored as theirs."""
        declarer = self.declaration["declarer"]
        self.declaration = None
        self.phase = PLAY
        self._close_word(player, word, "contradicted", declarer)
        if self.phase != OVER:
            self.queue = (("lose", declarer),) + self.queue

    def _corrected(self, player: int, word: str) -> None:
        declaration = self.declaration
        self.declaration = dict(declaration, shortest=word, length=len(word),
                                corrections=declaration["corrections"] + ((player, word),))
        self._responded(player)

    def _apply_answer(self, player: int, move: Move) -> None:
        if isinstance(move, Say) and self.judge != DICTIONARY:
            self._start_vote(player, "say", move.word)
            return
        admitted = isinstance(move, Say) and self.wordlist().is_word(move.word)
        self._settle_doubt(admitted, move.word if admitted else "")

    def _settle_doubt(self, admitted: bool, word: str) -> None:
        """R15: a word admitted: the doubted player closes, the doubter is
        penalised; otherwise the doubted player is penalised and the doubter
        suspends the word and starts the new one, as after a round of passes
        (R38). An admitted word passes the turn on from the doubter."""
        doubter, doubted = self.doubt
        self.doubt = None
        self.phase = PLAY
        if admitted:
            self._close_word(doubted, word, "revealed", doubter)
            if self.phase != OVER:
                self.queue = (("lose", doubter),) + self.queue
        else:
            self._suspend_word(doubter, None, "unproven")
            self.queue = (("lose", doubted),) + self.queue

    # --- the table as judge (R17) -------------------------------------------------------------
    def _start_vote(self, claimant: int, purpose: str, word: str) -> None:
        if self.judge == HOST_JUDGE and claimant != HOST:
            voters = (HOST,)
        else:
            voters = []
            other = claimant
            for _ in range(self.n - 1):
                other = self.next_player(other)
                voters.append(other)
            voters = tuple(voters)
        self.vote = {"claimant": claimant, "purpose": purpose, "word": word, "voters": voters,
                     "yes": 0, "no": 0, "return_phase": self.phase}
        self.phase = VOTE

    def _apply_vote(self, player: int, move: Vote) -> None:
        vote = dict(self.vote)
        vote[move.verdict] += 1
        vote["voters"] = vote["voters"][1:]
        self.vote = vote
        if vote["voters"]:
            return
        approved = vote["yes"] >= vote["no"]
        self.vote = None
        self.phase = vote["return_phase"]
        claimant, purpose, word = vote["claimant"], vote["purpose"], vote["word"]
        if purpose == "close":
            if approved:
                self._close_word(claimant, word, "closed", claimant)
            # a rejected close leaves the turn as it was: the player plays on
        elif purpose == "say":
            self._settle_doubt(approved, word)
        elif purpose == "contradict":
            if approved:
                self._contradicted(claimant, word)
            else:
                self._responded(claimant)
        elif purpose == "correct":
            if approved:
                self._corrected(claimant, word)
            else:
                self._responded(claimant)

    # --- move generation ---------------------------------------------------------------------
    def generate_moves(self, player: int) -> Iterator[Move]:
        if self.phase == PLAY and not self.queue:  # a turn, as most often: to_move() is (current,)
            if player != self.current:
                return iter(())
            return iter(self._turn_moves(player, _rack_letters(self.racks[player])))
        if player not in self.to_move():
            return iter(())
        return iter(self._moves(player))

    def _moves(self, player: int) -> list:
        if self.queue:
            if self.queue[0][0] == "lose":
                return [_LOSES[letter] for letter in _rack_letters(self.racks[player])]
            return [Reward(choice) for choice in self._reward_choices(player)]
        phase = self.phase
        if phase == PLAY:
            return self._turn_moves(player, _rack_letters(self.racks[player]))
        if phase == FIRST:
            rack = _rack_letters(self.racks[player])
            moves = []
            for flag in sorted(FLAGS):
                for heading in range(4):
                    if step(flag, heading) is not None:
                        moves.extend(Start(cell_name(flag), DIRECTION_NAMES[heading], letter) for letter in rack)
            return moves
        if phase == RESPOND:
            return [ACCEPT] + self._response_candidates(player)
        if phase == ANSWER:
            moves = [CONCEDE]
            if self.judge == DICTIONARY:
                found = self.wordlist().completions(self.word(), 1)
                if found:
                    moves.append(Say(found[0]))
            return moves
        if phase == VOTE:
            return [Vote("yes"), Vote("no")]
        return []

    def _turn_moves(self, player: int, letters: tuple) -> list:
        """A turn's moves, in this order: place, change, find, give up, close,
        declare, then doubt, pass and suspend before placing or end after.
        Random playouts list them at every step, so the pieces that depend on
        the rack, the sacks or the word alone are made once and shared."""
        moves = []
        symbols = self.symbols
        word = symbols[symbols.rindex(PLUS) + 1:] if symbols else ""  # self.word()
        bonus = self.bonuses[player]
        placed = self.placed
        if placed == 0 or (placed == 1 and bonus >= 1):
            found = self.next_step()
            if found is not None:
                moves += map(_places_at(found[0]).__getitem__, letters)
        if not self.changed and (placed or bonus >= 1):
            sack_letters = _sack_letters(self.alphabet, self.sacks[player])
            by_letter = _SACK_CHANGES.get(sack_letters)
            if by_letter is None:
                if len(_SACK_CHANGES) > _MEMO_LIMIT // 10:
                    _SACK_CHANGES.clear()
                by_letter = _SACK_CHANGES[sack_letters] = {}
            for old in letters:
                changes = by_letter.get(old)
                if changes is None:
                    changes = by_letter[old] = _changes_from(old, sack_letters)
                moves += changes
        hand = self.hands[player]
        if hand:
            moves += self._hand_finds(hand, word)
        if not self.gave_up:
            moves += map(_GIVE_UPS.__getitem__, letters)
        if len(word) >= MIN_DECLARE and self.judge == DICTIONARY:
            closes, declarations = self._judged_word(word)
        else:
            closes, declarations = True, ()
        if placed and len(word) >= MIN_WORD and closes:
            moves.append(CLOSE)
        moves += declarations
        if not placed:
            if symbols and symbols[-1] != PLUS and self.owners[-1] != player:  # self.last_placer() is another
                moves.append(DOUBT)
            if bonus > 0 or not letters:
                moves.append(PASS)
            else:
                moves += map(_PASSES.__getitem__, letters)
            if self.passes >= self.n - 1 and word:
                moves.append(SUSPEND)
        else:
            moves.append(END)
        return moves

    def _free_pairs(self, word: str) -> frozenset:
        """The word's unclaimed two-letter pairs, each as written and reversed."""
        claimed = self.claimed_pairs
        pairs = set()
        for index in range(len(word) - 1):
            if index not in claimed:
                pair = word[index:index + 2]
                pairs.add(pair)
                pairs.add(pair[::-1])
        return frozenset(pairs)

    def _find_moves(self, card: int, free_pairs: frozenset | None = None) -> list:
        """The finds card `card` allows now (it need not be in a hand)."""
        if free_pairs is None:
            return list(self._hand_finds((card,), self.word()))
        return self._work_out_finds((card,), free_pairs)

    def _hand_finds(self, hand: tuple, word: str) -> list:
        """`_work_out_finds` for the word under construction `word`, shared
        per hand, word, claimed pairs and polygon end: do not change it."""
        trail = self.trail
        searched = None if self.found_syllable else word
        claimed = self.claimed_pairs
        end = None if self.found_shape or len(trail) in self.shape_claims else trail[-BLUE_SIZE:]
        key = (self.lang, hand, searched, claimed, end)
        moves = _HAND_FINDS.get(key)
        if moves is None:
            if len(_HAND_FINDS) > _MEMO_LIMIT:
                _HAND_FINDS.clear()
            if searched is not None and not claimed:
                moves = self._work_out_finds(hand, _NO_PAIRS, word)
            else:
                moves = self._work_out_finds(hand, _NO_PAIRS if searched is None else self._free_pairs(word))
            _HAND_FINDS[key] = moves
        return moves

    def _work_out_finds(self, hand: tuple, free_pairs: frozenset, word: str = "") -> list:
        """The finds of each card of `hand` in turn: its syllables among
        `free_pairs` (or, with no pair of the word claimed yet, in `word`
        either way), then, if its shape ends the polygon, the shape alone and
        with each syllable."""
        if self.found_syllable:
            free_pairs, word = _NO_PAIRS, ""
        trail = self.trail
        ends = None
        if not self.found_shape and len(trail) not in self.shape_claims:
            ends = _trail_end_shapes(trail[-BLUE_SIZE:])
        cards = _cards_of(self.lang)
        moves = []
        for card in hand:
            syllables, both_ways, red, blue = cards[card]
            found = ()
            if word:  # a syllable (two letters) is a free pair iff it or its reverse is in the word
                for syllable, reverse in both_ways:
                    if syllable in word or reverse in word:
                        found += (syllable,)
            else:
                for syllable in syllables:
                    if syllable in free_pairs:
                        found += (syllable,)
            shape = ends is not None and (ends[0] == red or ends[1] == blue)
            if found or shape:
                moves += _card_finds(card, found, shape)
        return moves

    def _judged_word(self, word: str) -> tuple:
        """(the dictionary has `word`, the declarations listed on it), kept per word list and word."""
        wordlist = self.wordlist()
        known = _JUDGED_WORDS.get((id(wordlist), word))
        if known is None or known[0] is not wordlist:  # an id may be reused by another list
            if len(_JUDGED_WORDS) > _MEMO_LIMIT:
                _JUDGED_WORDS.clear()
            known = _JUDGED_WORDS[id(wordlist), word] = (wordlist, wordlist.is_word(word),
                                                         tuple(self._declare_candidates(word)))
        return known[1], known[2]

    def _declare_candidates(self, word: str) -> list:
        """A few declarations for generic searches: the most frequent
        completions, each on its own (the free-text form accepts any)."""
        if self.judge != DICTIONARY:
            return []
        wordlist = self.wordlist()
        moves = []
        for candidate in wordlist.completions(word, 3):
            if len(candidate) >= MIN_WORD and wordlist.declaration_admissible(word, (candidate,)).ok:
                moves.append(Declare((candidate,)))
        return moves[:2]

    def _response_candidates(self, player: int) -> list:
        if self.judge != DICTIONARY:
            return []
        declaration = self.declaration
        wordlist = self.wordlist()
        key = (id(wordlist), declaration["prefix"], tuple(declaration["words"]), declaration["length"])
        known = _RESPONSES.get(key)
        if known is not None and known[0] is wordlist:  # an id may be reused by another list
            return list(known[1])
        verdict = wordlist.judge_declaration(declaration["prefix"], declaration["words"])
        moves = []
        if verdict.params.get("contradiction"):
            moves.append(Contradict(verdict.params["contradiction"]))
        shorter = [w for w in verdict.family if len(w) < declaration["length"] and len(w) >= MIN_WORD]
        if shorter:
            moves.append(Correct(min(shorter, key=lambda w: (len(w), w))))
        if len(_RESPONSES) > _MEMO_LIMIT:
            _RESPONSES.clear()
        _RESPONSES[key] = (wordlist, tuple(moves))
        return moves

    # --- results -------------------------------------------------------------------------------
    def scores(self) -> list:
        return list(self.points)

    # --- information ---------------------------------------------------------------------------
    def rack_kinds(self, player: int) -> list:
        rack = self.racks[player]
        vowels = sum(1 for letter in rack if C.is_vowel(letter))
        return [vowels, len(rack) - vowels]

    def determinize(self, player: int, rng: SeededRng) -> "AlphagonState":
        """Re-deals the other players' racks from their own unseen letters
        (keeping how many vowels and consonants each holds, which the table
        sees) and their cards from the unseen cards; a fresh RNG for the future."""
        world = self.clone()
        world.rng = rng.fork()
        card_pool = list(self.deck)
        for other in range(self.n):
            if other == player:
                continue
            card_pool.extend(self.hands[other])
            unseen = dict(zip(self.alphabet, self.sacks[other]))
            for letter in self.racks[other]:
                unseen[letter] += 1
            vowels, consonants = self.rack_kinds(other)
            rack = []
            for want, vowel in ((vowels, True), (consonants, False)):
                pool = [letter for letter, count in unseen.items() if C.is_vowel(letter) == vowel
                        for _ in range(count)]
                rng.shuffle(pool)
                rack.extend(pool[:want])
            for letter in rack:
                unseen[letter] -= 1
            world.racks[other] = "".join(sorted(rack))
            world.sacks[other] = tuple(unseen[letter] for letter in self.alphabet)
        card_pool.sort()
        rng.shuffle(card_pool)
        for other in range(self.n):
            if other != player:
                size = len(self.hands[other])
                world.hands[other] = tuple(sorted(card_pool[:size]))
                del card_pool[:size]
        world.deck = tuple(sorted(card_pool))
        return world

    def describe_move(self, move: Move, viewer: Optional[int], player: Optional[int] = None) -> tuple:
        """Racks and cards are secret: a change names its letters only to
        its player, a prize never says which letter, and drawn letters and
        cards are named to nobody but who drew them. Every description carries
        the edition ("edition"), whose language the game's texts use."""
        player = self.describing_player(player)
        base = {"edition": self.lang, "player": player}
        if isinstance(move, Start):
            return "alphagon.log.start", {**base, "cell": move.cell, "letter": move.letter}
        if isinstance(move, Place):
            return "alphagon.log.place", {**base, "cell": move.cell, "letter": move.letter}
        if isinstance(move, Change):
            if viewer == player:
                return "alphagon.log.change_own", {**base, "old": move.old, "new": move.new}
            return "alphagon.log.change", base
        if isinstance(move, Find):
            found = ([move.syllable] if move.syllable else []) + (["shape"] if move.shape else [])
            return "alphagon.log.find", {**base, "card": move.card, "found": found}
        if isinstance(move, Close):
            return "alphagon.log.close", {**base, "word": self.word()}
        if isinstance(move, Declare):
            return "alphagon.log.declare", {**base, "words": list(move.words)}
        if isinstance(move, (Say, Contradict, Correct)):
            return f"alphagon.log.{move.keyword}", {**base, "word": move.word}
        if isinstance(move, Pass) and move.letter is not None:
            return "alphagon.log.pass_letter", {**base, "letter": move.letter}
        if isinstance(move, (GiveUp, Lose)):
            return f"alphagon.log.{move.keyword}", {**base, "letter": move.letter}
        if isinstance(move, Vote):
            return "alphagon.log.vote", {**base, "verdict": move.verdict}
        if isinstance(move, (Doubt, Concede, Accept, Pass, Suspend, EndTurn, Reward)):
            return f"alphagon.log.{move.keyword}", base
        if isinstance(move, Draw):
            return "alphagon.log.draw", {**base, "player": move.player,
                                         "letter": move.letter if viewer == move.player else None}
        if isinstance(move, DrawCard):
            return "alphagon.log.card", {**base, "player": move.player,
                                         "card": move.card if viewer == move.player else None}
        if isinstance(move, ChooseFirst):
            return "alphagon.log.first", {**base, "player": move.player}
        if isinstance(move, Rotation):
            return "alphagon.log.rotation", {**base, "way": move.way}
        return "move", {**base, "text": move.text}

    def explain_move(self, move: Move, player: int) -> Optional[tuple]:
        """The word a letter completes or prepares, the card it serves, the points and the goal (reasons.py)."""
        from .reasons import explain  # imported when a hint asks: searches never need it

        return explain(self, move, player)

    def reveals_information(self, player: int, move: Move) -> bool:
        return isinstance(move, (Start, Place, Find, GiveUp, Lose)) or (
            isinstance(move, Pass) and move.letter is not None)

    def view(self, player: Optional[int]) -> dict:
        acting = self.to_move()
        step_found = self.next_step() if self.phase in (PLAY, FIRST) and self.trail else None
        deck = deck_of(self.lang)
        data = {
            "game": GAME.id,
            "edition": self.lang,
            "players": self.n,
            "viewer": player,
            "goal": self.goal,
            "judge": self.judge,
            "phase": self.phase if not self.queue else self._queue_phase(),
            "to_move": list(acting),
            "acting_mode": self.acting_mode(),
            "current": self.current,
            "first_player": self.first_player,
            "rotation": "cw" if self.rotation == CW else "ccw",
            "trail": [{"cell": cell_name(c), "symbol": s, "owner": o}
                      for c, s, o in zip(self.trail, self.symbols, self.owners)],
            "start": cell_name(self.trail[0]) if self.trail else None,
            "sides": self.sides,
            "heading": DIRECTION_NAMES[self.heading] if self.heading >= 0 else None,
            "word": self.word(),
            "word_cells": [cell_name(c) for c in self.word_cells()],
            "next_cell": cell_name(step_found[0]) if step_found else None,
            "next_heading": DIRECTION_NAMES[step_found[1]] if step_found else None,
            "next_ends": self._next_ends() if step_found else {"letter": None, "plus": None, "plus_cell": None},
            "flags": sorted(cell_name(c) for c in FLAGS),
            "stars": sorted(cell_name(c) for c in STARS),
            "clouds": sorted(cell_name(c) for c in CLOUDS),
            "rack": self.racks[player] if player is not None else "",
            "rack_kinds": [self.rack_kinds(p) for p in range(self.n)],
            "sack": self.sack(player) if player is not None else {},
            "sack_sizes": [sum(s) for s in self.sacks],
            "hand": [{"id": card, "syllables": list(deck[card][0]),
                      "red": [list(p) for p in deck[card][1]], "blue": [list(p) for p in deck[card][2]]}
                     for card in (self.hands[player] if player is not None else ())],
            "hand_counts": [len(hand) for hand in self.hands],
            "deck_count": len(self.deck),
            "returned": list(self.returned),
            "bonuses": list(self.bonuses),
            "scores": list(self.points),
            "discards": list(self.discards),
            "plus_left": self.plus_left,
            "placed": self.placed,
            "changed": self.changed,
            "found_syllable": self.found_syllable,
            "found_shape": self.found_shape,
            "gave_up": self.gave_up,
            "passes": self.passes,
            "claimed_pairs": list(self.claimed_pairs),
            "declaration": self._declaration_json(),
            "doubt": list(self.doubt) if self.doubt else None,
            "vote": self._vote_json(),
            "decision": list(self.queue[0][:2]) if self.queue and self.queue[0][0] in DECISION_TASKS else None,
            "words": [list(entry) for entry in self.words],
            "end_reason": self.end_reason,
            "game_over": self.is_terminal(),
            "winners": self.winners() if self.is_terminal() else [],
            "legal_moves": [],
            "text_moves": [],
        }
        if player is not None and player in acting and not self.is_chance():
            moves = self._moves(player)
            data["legal_moves"] = [m.text for m in moves if m.keyword not in FREE_TEXT]
            data["text_moves"] = self._text_moves(player)
        return data

    def _next_ends(self) -> dict:
        """How a letter on the next cell, or a word's '+' (where it would go),
        would end the game: an end reason, or None (R40)."""
        _, letter = self.ending_at_next()
        plus_cell, plus = self.ending_at_next(PLUS)
        return {"letter": letter, "plus": plus, "plus_cell": cell_name(plus_cell) if plus_cell is not None else None}

    def _text_moves(self, player: int) -> list:
        """The free-text moves open to `player` (the UI shows a form for each)."""
        if self.queue:
            return []
        if self.phase == PLAY and len(self.word()) >= MIN_DECLARE:
            return ["declare"]
        if self.phase == RESPOND:
            return ["contradict", "correct"]
        if self.phase == ANSWER:
            return ["say"]
        return []

    def _queue_phase(self) -> str:
        kind = self.queue[0][0]
        if kind in DECISION_TASKS:
            return kind
        return SETUP if self.phase == FIRST and not self.trail else self.phase

    def _declaration_json(self):
        d = self.declaration
        if d is None:
            return None
        return {"declarer": d["declarer"], "words": list(d["words"]), "prefix": d["prefix"],
                "shortest": d["shortest"], "length": d["length"],
                "corrections": [list(c) for c in d["corrections"]], "pending": list(d["pending"])}

    def _vote_json(self):
        v = self.vote
        if v is None:
            return None
        return {"claimant": v["claimant"], "purpose": v["purpose"], "word": v["word"],
                "voters": list(v["voters"]), "yes": v["yes"], "no": v["no"], "return_phase": v["return_phase"]}

    # --- serialising ---------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "game": GAME.id,
            "settings": self.settings.to_json(),
            "rng": self.rng.state,
            "phase": self.phase,
            "queue": [list(task) for task in self.queue],
            "first_player": self.first_player,
            "rotation": self.rotation,
            "current": self.current,
            "trail": [cell_name(c) for c in self.trail],
            "symbols": self.symbols,
            "owners": list(self.owners),
            "sides": self.sides,
            "heading": self.heading,
            "racks": list(self.racks),
            "sacks": [list(s) for s in self.sacks],
            "discards": list(self.discards),
            "hands": [list(h) for h in self.hands],
            "deck": list(self.deck),
            "returned": list(self.returned),
            "bonuses": list(self.bonuses),
            "scores": list(self.points),
            "plus_left": self.plus_left,
            "turn": {"placed": self.placed, "changed": self.changed, "found_syllable": self.found_syllable,
                     "found_shape": self.found_shape, "gave_up": self.gave_up},
            "passes": self.passes,
            "claimed_pairs": list(self.claimed_pairs),
            "shape_claims": list(self.shape_claims),
            "declaration": self._declaration_json(),
            "doubt": list(self.doubt) if self.doubt else None,
            "vote": self._vote_json(),
            "words": [list(entry) for entry in self.words],
            "end_reason": self.end_reason,
        }

    @classmethod
    def from_json(cls, data) -> "AlphagonState":
        """Rebuilds a state from `to_json()` data, checking every field (core/
        state_json.py) and how the fields fit together (`_check_*` below): any
        problem is a RecordError with an `alphagon.state_*` code, never a raw
        error later in play."""
        if not isinstance(data, dict) or data.get("game") != GAME.id:
            raise RecordError("not an alphagon state", "alphagon.bad_state")
        read = _READ
        state = cls.new(read.settings(data, GAME), 0)
        n = state.n

        def value(key: str):
            return read.get(data, key, key)

        def per_player(key: str) -> list:
            return read.items(value(key), key, n)

        def cards(items, field: str) -> tuple:
            return read.distinct(tuple(read.whole(card, f"{field}.{i}", 1, C.DECK_SIZE)
                                       for i, card in enumerate(read.items(items, field))), field)

        state.rng = SeededRng(read.whole(value("rng"), "rng", 0, 2 ** 64 - 1))
        state.phase = read.choice(value("phase"), "phase", PHASES)
        state.queue = tuple(_task(task, f"queue.{i}", n) for i, task in enumerate(read.items(value("queue"), "queue")))
        state.first_player = read.whole(value("first_player"), "first_player", 0, n - 1)
        state.rotation = read.choice(value("rotation"), "rotation", (CW, CCW))
        state.current = read.whole(value("current"), "current", 0, n - 1)
        trail = read.items(value("trail"), "trail", max_length=SIZE * SIZE)
        state.trail = read.distinct(tuple(_cell(cell, f"trail.{i}") for i, cell in enumerate(trail)), "trail")
        state.symbols = read.text(value("symbols"), "symbols", SIZE * SIZE)
        if len(state.symbols) != len(trail):
            raise read.damaged("state_length", "symbols and trail differ in length", field="symbols",
                               count=len(state.symbols), expected=len(trail))
        state.owners = tuple(read.whole(owner, f"owners.{i}", 0, n - 1)
                             for i, owner in enumerate(read.items(value("owners"), "owners", len(trail))))
        state.occupied = sum(1 << cell for cell in state.trail)
        state.sides = read.whole(value("sides"), "sides", 0, MAX_SIDES)
        state.heading = read.whole(value("heading"), "heading", -1, 3)
        state.racks = [_letters(state, rack, f"racks.{p}") for p, rack in enumerate(per_player("racks"))]
        state.sacks = [tuple(read.whole(count, f"sacks.{p}.{i}", 0, 99)
                             for i, count in enumerate(read.items(sack, f"sacks.{p}", len(state.alphabet))))
                       for p, sack in enumerate(per_player("sacks"))]
        state.discards = [_letters(state, letters, f"discards.{p}") for p, letters in enumerate(per_player("discards"))]
        state.hands = [cards(hand, f"hands.{p}") for p, hand in enumerate(per_player("hands"))]
        state.deck = cards(value("deck"), "deck")
        state.returned = cards(value("returned"), "returned")
        state.bonuses = [read.whole(b, f"bonuses.{p}", 0, 999) for p, b in enumerate(per_player("bonuses"))]
        most = state.goal - 1 + MAX_GAIN  # one scoring step past the goal ends the game
        state.points = [read.whole(s, f"scores.{p}", 0, most) for p, s in enumerate(per_player("scores"))]
        state.plus_left = read.whole(value("plus_left"), "plus_left", 0, PLUS_SYMBOLS)
        turn = value("turn")
        state.placed = read.whole(read.get(turn, "placed", "turn.placed"), "turn.placed", 0, 2)
        for name in ("changed", "found_syllable", "found_shape", "gave_up"):
            setattr(state, name, read.flag(read.get(turn, name, f"turn.{name}"), f"turn.{name}"))
        state.passes = read.whole(value("passes"), "passes", 0, 2 * n)
        state.claimed_pairs = read.distinct(tuple(read.whole(i, f"claimed_pairs.{k}", 0, SIZE * SIZE) for k, i in
                                                  enumerate(read.items(value("claimed_pairs"), "claimed_pairs"))),
                                            "claimed_pairs")
        state.shape_claims = read.distinct(tuple(read.whole(i, f"shape_claims.{k}", RED_SIZE, SIZE * SIZE) for k, i in
                                                 enumerate(read.items(value("shape_claims"), "shape_claims"))),
                                           "shape_claims")
        state.declaration = _declaration_from(value("declaration"), n)
        doubt = value("doubt")
        state.doubt = None if doubt is None else read.players(doubt, "doubt", n, 2)
        state.vote = _vote_from(value("vote"), n)
        state.words = tuple(_word_entry(entry, f"words.{i}", n) for i, entry in enumerate(read.items(value("words"), "words")))
        end = value("end_reason")
        state.end_reason = None if end is None else read.choice(end, "end_reason", END_REASONS)
        state._check_letters()
        state._check_board()
        state._check_scores()
        state._check_phase()
        return state

    def _check_letters(self) -> None:
        """Each player's letters are all somewhere: sacks, rack, discards or board;
        every card is in exactly one place."""
        full = C.sack_counts(self.lang)
        for p in range(self.n):
            board = [s for s, o in zip(self.symbols, self.owners) if o == p and s != PLUS]
            for letter, count in zip(self.alphabet, self.sacks[p]):
                held = self.racks[p].count(letter) + self.discards[p].count(letter) + board.count(letter)
                if count + held != full[letter]:
                    raise _READ.damaged("state_letters", f"player {p + 1}'s letter {letter} does not add up",
                                        player=p + 1, letter=letter)
        cards = list(self.deck) + list(self.returned) + [c for hand in self.hands for c in hand]
        if sorted(cards) != list(range(1, C.DECK_SIZE + 1)):
            raise _READ.damaged("state_cards", "the cards do not add up")

    def _check_board(self) -> None:
        """The polygon is one the rules draw (R6-R8): a chain of neighbouring
        cells from a '+' on a flag, right-angle turns, no side touching another
        (but the start, when it closes), with `sides` and `heading` as drawn;
        its words are the closed and suspended words."""
        trail, symbols = self.trail, self.symbols
        alphabet = set(self.alphabet)
        ok = all(s == PLUS or s in alphabet for s in symbols)
        ok = ok and symbols.count(PLUS) + self.plus_left == PLUS_SYMBOLS
        if trail:
            ok = ok and len(trail) >= 2 and symbols[0] == PLUS and trail[0] in FLAGS
        headings = []
        for a, b in zip(trail, trail[1:]):
            ok = ok and b in NEIGHBOURS[a]
            headings.append(next((h for h in range(4) if step(a, h) == b), -1))
        ok = ok and all(h1 == h2 or (h1 - h2) % 2 for h1, h2 in zip(headings, headings[1:]))
        sides = 1 + sum(1 for h1, h2 in zip(headings, headings[1:]) if h1 != h2) if headings else 0
        ok = ok and sides == self.sides and self.heading == (headings[-1] if headings else -1)
        index = {cell: i for i, cell in enumerate(trail)}
        for i, cell in enumerate(trail):
            for near in NEIGHBOURS[cell]:
                j = index.get(near, i)
                # j < i - 1: an earlier cell touches this one; only the start, by the last cell, closing
                ok = ok and (j >= i - 1 or (j == 0 and i == len(trail) - 1 and self.end_reason == CLOSED))
        segments = symbols.split(PLUS)[1:]  # the words, the last one under construction
        words = self.words
        awaiting = len(words) - max(len(segments) - 1, 0)  # 1: the last word's '+' is still to come
        ok = ok and awaiting in (0, 1) and (bool(segments) or not words)
        ok = ok and all(entry[0] == segment for entry, segment in zip(words, segments))
        if ok and awaiting:
            ok = self.phase == OVER or ("plus", words[-1][2]) in self.queue
        if not ok:
            raise _READ.damaged("state_board", "the polygon is not one the rules draw")

    def _check_scores(self) -> None:
        """Scores are the words' points plus 3 a syllable or shape found, and
        reaching the goal ends the game."""
        for p in range(self.n):
            found = self.points[p] - sum(entry[3] for entry in self.words if entry[2] == p)
            if found < 0 or found % C.SYLLABLE_POINTS:
                raise _READ.damaged("state_scores", f"player {p + 1}'s score does not add up")
        if (max(self.points) >= self.goal) != (self.end_reason == GOAL_REACHED):
            raise _READ.damaged("state_scores", "reaching the goal and the end do not match")

    def _check_phase(self) -> None:
        """The phase agrees with the queue, the pending declaration, doubt and
        vote, the end reason and the polygon."""
        phase, vote = self.phase, self.vote
        judged = vote["return_phase"] if vote is not None else phase
        ok = (phase == OVER) == (self.end_reason is not None)
        ok = ok and (vote is not None) == (phase == VOTE)
        ok = ok and (self.declaration is not None) == (judged == RESPOND)
        ok = ok and (self.doubt is not None) == (judged == ANSWER)
        ok = ok and (not self.queue or phase in (FIRST, PLAY))
        ok = ok and bool(self.trail) == (phase != FIRST)  # the opening play draws the first cells
        ok = ok and (self.passes < 2 * self.n or self.end_reason == STALEMATE)
        if vote is not None:
            purposes = {PLAY: ("close",), ANSWER: ("say",), RESPOND: ("contradict", "correct")}
            ok = ok and vote["purpose"] in purposes.get(judged, ()) and bool(vote["voters"])
        declaration = self.declaration
        if declaration is not None:
            ok = ok and (declaration["declarer"] == self.current and declaration["prefix"] == self.word()
                         and declaration["length"] == len(declaration["shortest"]) and bool(declaration["pending"])
                         and declaration["declarer"] not in declaration["pending"])
        if self.doubt is not None:
            ok = ok and self.doubt == (self.current, self.last_placer())
        ok = ok and self._queue_can_go_on()
        if ok and phase != OVER and self.trail:
            ok = self.next_step() is not None  # a polygon that cannot go on has ended (R25)
        if not ok:
            raise _READ.damaged("state_phase", f"the position does not fit the phase {phase}", phase=phase)

    def _queue_can_go_on(self) -> bool:
        """The queue is one play leaves behind (R37): the setup tasks only while
        dealing, and its first task waits for someone: a chance event with
        something to draw, or a choice with something to choose. Play always
        runs the automatic tasks and skips empty ones, so a queue headed by one
        would leave nobody able to move."""
        queue = self.queue
        if not queue:
            return True
        dealing = self.phase == FIRST and not self.trail
        if any(task[0] in SETUP_TASKS for task in queue) and not dealing:
            return False
        kind = queue[0][0]
        if kind == "draw":
            return bool(self._letter_pool(queue[0][1], queue[0][2]))
        if kind == "card":
            return bool(self.deck or self.returned)
        if kind == "lose":
            return bool(self.racks[queue[0][1]])
        if kind == "reward":
            return bool(self._reward_choices(queue[0][1]))
        return kind in ("first", "rotation")


_END_SHAPES: dict = {}


def _trail_end_shapes(last: tuple) -> tuple:
    """The shapes of the last 4 and 5 cells of a polygon (cached: searches ask often)."""
    found = _END_SHAPES.get(last)
    if found is None:
        if len(_END_SHAPES) > 20000:
            _END_SHAPES.clear()
        found = _END_SHAPES[last] = (
            C.normalise(last[-RED_SIZE:]) if len(last) >= RED_SIZE else None,
            C.normalise(last) if len(last) >= BLUE_SIZE else None,
        )
    return found


_READ = StateReader("alphagon")
MAX_GAIN = max(points_for(SIZE * SIZE), C.SYLLABLE_POINTS + C.SHAPE_POINTS)  # one scoring step at most


def _cell(value, field: str) -> int:
    try:
        return parse_cell(_READ.text(value, field, 4))
    except ValueError:
        raise _READ.wrong(field, "is not a cell") from None


def _letters(state: "AlphagonState", value, field: str) -> str:
    letters = _READ.text(value, field)
    if any(letter not in state.alphabet for letter in letters):
        raise _READ.wrong(field, "holds an unknown letter")
    return letters


def _word(value, field: str) -> str:
    if not _WORD.fullmatch(_READ.text(value, field)):
        raise _READ.wrong(field, "is not a word")
    return value


def _task(task, field: str, n: int) -> tuple:
    task = _READ.items(task, field, max_length=3)
    kind = _READ.choice(task[0] if task else None, f"{field}.0", TASKS)
    shape = 1 if kind in ("first", "rotation", "balance", "begin") else 3 if kind == "draw" else 2
    _READ.items(task, field, shape)
    if kind == "draw":
        return (kind, _READ.whole(task[1], f"{field}.1", 0, n - 1), _READ.choice(task[2], f"{field}.2", ("v", "c")))
    return (kind,) + tuple(_READ.whole(p, f"{field}.1", 0, n - 1) for p in task[1:])


def _declaration_from(data, n: int):
    if data is None:
        return None
    field = "declaration"

    def value(key: str):
        return _READ.get(data, key, f"{field}.{key}")

    words = _READ.distinct(tuple(_word(w, f"{field}.words.{i}") for i, w in
                                 enumerate(_READ.items(value("words"), f"{field}.words", max_length=400))), f"{field}.words")
    if not words:
        raise _READ.damaged("state_length", "a declaration names no word", field=f"{field}.words", count=0, expected=1)
    corrections = []
    for i, entry in enumerate(_READ.items(value("corrections"), f"{field}.corrections", max_length=n)):
        player, word = _READ.items(entry, f"{field}.corrections.{i}", 2)
        corrections.append((_READ.whole(player, f"{field}.corrections.{i}.0", 0, n - 1),
                            _word(word, f"{field}.corrections.{i}.1")))
    return {
        "declarer": _READ.whole(value("declarer"), f"{field}.declarer", 0, n - 1), "words": words,
        "prefix": _READ.text(value("prefix"), f"{field}.prefix"), "shortest": _word(value("shortest"), f"{field}.shortest"),
        "length": _READ.whole(value("length"), f"{field}.length", MIN_WORD, 400),
        "corrections": tuple(corrections), "pending": _READ.players(value("pending"), f"{field}.pending", n),
    }


def _vote_from(data, n: int):
    if data is None:
        return None
    field = "vote"

    def value(key: str):
        return _READ.get(data, key, f"{field}.{key}")

    return {
        "claimant": _READ.whole(value("claimant"), f"{field}.claimant", 0, n - 1),
        "purpose": _READ.choice(value("purpose"), f"{field}.purpose", ("close", "say", "contradict", "correct")),
        "word": _word(value("word"), f"{field}.word"), "voters": _READ.players(value("voters"), f"{field}.voters", n),
        "yes": _READ.whole(value("yes"), f"{field}.yes", 0, n), "no": _READ.whole(value("no"), f"{field}.no", 0, n),
        "return_phase": _READ.choice(value("return_phase"), f"{field}.return_phase", (PLAY, RESPOND, ANSWER)),
    }


def _word_entry(entry, field: str, n: int) -> tuple:
    """(word on the board, word scored, player, points, how): a suspended or
    unproven word scores nothing, the others as long as the word scored."""
    word, scored, player, points, how = _READ.items(entry, field, 5)
    entry = (_word(word, f"{field}.0"), _READ.text(scored, f"{field}.1"), _READ.whole(player, f"{field}.2", 0, n - 1),
             _READ.whole(points, f"{field}.3", 0, points_for(SIZE * SIZE)), _READ.choice(how, f"{field}.4", WORD_ENDINGS))
    suspended = entry[4] in ("suspended", "unproven")
    if (scored == "") != suspended or not suspended and not _WORD.fullmatch(scored):
        raise _READ.wrong(f"{field}.1", "is not the word scored")
    if points != (0 if suspended else points_for(len(scored))):
        raise _READ.damaged("state_number", f"{field}.3 cannot be {points}", field=f"{field}.3", value=str(points))
    return entry
