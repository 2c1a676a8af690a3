"""Alphabeticell: the rules engine.

Each player builds a line of two-letter cards, using one letter of each card,
in strict alphabetical order, adding cards only at the two ends. Cards are
flipped one at a time and offered around the table; a round ends when the deck
runs out or someone takes an 11th card (the 2018 rules: after 4 discards), and
scores one point per card in each line. Rulings are numbered in RULINGS.md and
cited here as R1, R2, ...

Chance is explicit and the deck has no order: it is the sorted tuple of unseen
cards, and each deal or flip is a chance node uniform over it (R13).

Cards are two-letter strings, top letter first ("NH"). A line is a tuple of
(card, letter) pairs, left to right; the letter of a one-card line is None
until the second card fixes it.

Move texts (players are 0-based, as in match records):
    keep NH          keep this dealt card as the first card of your line
    pass             refuse the face-up card
    take L N         take the face-up card at the left (L) or right (R) end
                     of the line, using its letter N
    take R N P       the same for a line's 2nd card, also fixing the first
                     card's letter (P)
  chance events:
    dealer 2         the game's first dealer is chosen (R1)
    deal 0 NH        one card dealt to player 0 at the start of a round
    flip NH          the dealer turns NH face up

Errors raised on purpose carry a code (`abc.no_card`, ..., or the core's
`core.*`); `ui.MESSAGES` has the text `error.<code>` for each. A damaged
state (`state_from_json`) gives RecordError with an `abc.state_*` code.

`view(player)` keys (JSON-ready):
    game, variant ("classic"/"2018"), players, viewer, target,
    line_limit (11, or null in the 2018 rules), discard_limit (4 or null),
    phase ("choose_dealer", "deal", "keep", "flip", "offer", "game_over"),
    round (1-based), dealer (who flips now), round_first_dealer, to_move (list),
    face_up (card or null), passed (players who refused the face-up card),
    hand (the viewer's dealt cards while keeping), hand_counts (per player),
    lines (per player, a list of {"card", "letter"}; letter null while a line
    has one card), line_ends (per player, [first letter, last letter] or null),
    deck_count, unseen_letters ({letter: copies among the cards the viewer has
    not seen this round}), discards (this round's pile, oldest first),
    discard_count, round_scores (list per finished round), totals,
    last_round (null, or {"round", "reason", "scores", "lines", "ender",
    "next_dealer"} for the latest finished round; reason is "eleven",
    "deck" or "discards"), last_placed (null, or {"player", "index"}: the
    card the latest keep or take put in a line), game_over, winners,
    legal_moves (texts, for the
    viewer when it is their turn), legal_placements (for the viewer offered
    the face-up card: [{"end", "letter", "first_letter", "move"}]).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterator, Optional

from ...core.protocol import (
    Game,
    GameType,
    IllegalMoveError,
    Move,
    MoveParseError,
    Settings,
    State,
    VariantOption,
    parse_with,
    read_number,
)
from ...core.records import short_text
from ...core.rng import SeededRng
from ...core.state_json import StateReader
from . import MAX_PLAYERS, MIN_PLAYERS

# --- the deck ----------------------------------------------------------------
TOP_LETTERS = "AEINORST"
BOTTOM_COUNTS = {
    "B": 4, "C": 4, "D": 5, "F": 2, "G": 3, "H": 5, "J": 1, "K": 1, "L": 5,
    "M": 4, "P": 2, "Q": 1, "U": 3, "V": 1, "W": 3, "X": 1, "Y": 2, "Z": 1,
}
# Every card printed in the rulebook's examples.
RULEBOOK_CARDS = (
    "NH AP SC EK IL NU OC IQ AL IB EW TH IU EL EM NB OD OU AW TC SD NF SG RH"
    " TM RW TD AJ AM OH"
).split()
# Our pairing of the other 18 (R2): the six single-copy letters J K Q V X Z
# sit on six different tops, the two Ys on two more, and no card repeats.
COMPLETING_CARDS = "AG EB EY ID IP OB OL NG NX SH SL SV TF TY RC RD RM RZ".split()
ALL_CARDS = tuple(sorted(RULEBOOK_CARDS + COMPLETING_CARDS))
DECK_SIZE = len(ALL_CARDS)

SETUP_CARDS = 3
CLASSIC, RULES_2018 = "classic", "2018"
RULESETS = {
    # name: (line length that ends the round, discards that end it, target)
    CLASSIC: (11, 0, 30),
    RULES_2018: (0, 4, 25),
}

LEFT, RIGHT = "L", "R"
ELEVEN, DECK_OUT, DISCARDS = "eleven", "deck", "discards"

# Phases, as small ints because the search compares them constantly.
CHOOSE_DEALER, DEAL, KEEP, FLIP, OFFER, GAME_OVER = range(6)
PHASE_NAMES = ("choose_dealer", "deal", "keep", "flip", "offer", "game_over")


# --- moves ---------------------------------------------------------------------
@dataclass(frozen=True)
class ChooseDealer(Move):
    keyword = "dealer"
    player: int


@dataclass(frozen=True)
class Deal(Move):
    keyword = "deal"
    player: int
    card: str


@dataclass(frozen=True)
class Keep(Move):
    keyword = "keep"
    card: str


@dataclass(frozen=True)
class Flip(Move):
    keyword = "flip"
    card: str


@dataclass(frozen=True)
class Pass(Move):
    keyword = "pass"


@dataclass(frozen=True)
class Take(Move):
    keyword = "take"
    end: str
    letter: str
    first_letter: Optional[str] = None  # only when this is the line's 2nd card


# Moves are immutable, so the search reuses one object per move instead of
# building dataclasses in its inner loop.
PASS = Pass()
FLIPS = {card: Flip(card) for card in ALL_CARDS}
KEEPS = {card: Keep(card) for card in ALL_CARDS}
_TAKES: dict = {}


def take_move(end: str, letter: str, first_letter: Optional[str] = None) -> Take:
    key = (end, letter, first_letter)
    move = _TAKES.get(key)
    if move is None:
        move = _TAKES[key] = Take(end, letter, first_letter)
    return move


def _card_word(word: str) -> str:
    card = word.upper()
    if card not in FLIPS:
        raise MoveParseError(f"there is no card {word!r}", "abc.no_card", card=word)
    return card


def _letter_word(word: str) -> str:
    if len(word) != 1 or not word.isalpha() or not word.isascii():
        raise MoveParseError(f"{word!r} is not a letter", "abc.not_letter", word=word)
    return word.upper()


def _words(rest: str, low: int, high: int) -> list:
    words = rest.split()
    if not low <= len(words) <= high:
        raise MoveParseError(f"expected {low}-{high} words after the move name, got {rest!r}",
                             "abc.word_count", min=low, max=high, text=rest.strip())
    return words


def _parse_take(rest: str) -> Take:
    words = _words(rest, 2, 3)
    end = words[0].upper()
    if end not in (LEFT, RIGHT):
        raise MoveParseError(f"the end must be L or R, not {words[0]!r}", "abc.not_end", end=words[0])
    first = _letter_word(words[2]) if len(words) == 3 else None
    return take_move(end, _letter_word(words[1]), first)


def _parse_nothing(rest: str) -> Pass:
    _words(rest, 0, 0)
    return PASS


MOVE_PARSERS = {
    "pass": _parse_nothing,
    "take": _parse_take,
    "keep": lambda rest: KEEPS[_card_word(_words(rest, 1, 1)[0])],
    "flip": lambda rest: FLIPS[_card_word(_words(rest, 1, 1)[0])],
    "deal": lambda rest: Deal(read_number(_words(rest, 2, 2)[0]), _card_word(rest.split()[1])),
    "dealer": lambda rest: ChooseDealer(read_number(_words(rest, 1, 1)[0])),
}


# --- placing cards ---------------------------------------------------------------
def placements(line: tuple, card: str) -> list:
    """Every way to add `card` to `line`: (end, letter, first_letter) triples.

    The line stays strictly alphabetical, so a letter can go left only below
    the first letter and right only above the last: skipped letters and the
    line's own letters are out of reach for good (R5).
    """
    if len(line) == 1:
        # The 2nd card fixes both letters (R4): any pair of distinct letters.
        first_card = line[0][0]
        found = []
        for letter in card:
            for first_letter in first_card:
                if letter < first_letter:
                    found.append((LEFT, letter, first_letter))
                elif letter > first_letter:
                    found.append((RIGHT, letter, first_letter))
        return found
    low, high = line[0][1], line[-1][1]
    found = []
    for letter in card:
        if letter < low:
            found.append((LEFT, letter, None))
        elif letter > high:
            found.append((RIGHT, letter, None))
    return found


def place(line: tuple, card: str, end: str, letter: str, first_letter: Optional[str]) -> tuple:
    """The line after adding `card` (the placement must be legal)."""
    if first_letter is not None:
        line = ((line[0][0], first_letter),)
    if end == LEFT:
        return ((card, letter),) + line
    return line + ((card, letter),)


# --- the game --------------------------------------------------------------------
class AlphabeticellGame(Game):
    id = "alphabeticell"
    rules_version = 1
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    # One player acts at a time; dealt cards are secret; deals and flips are chance nodes.
    game_type = GameType("sequential", "imperfect", "explicit", "constant_sum")
    variants = (
        VariantOption(
            key="rules",
            label_key="alphabeticell.variant.rules",
            choices=(CLASSIC, RULES_2018),
            help_key="alphabeticell.variant.rules.help",
        ),
    )

    def new_state(self, settings: Settings, seed: int) -> "AlphabeticellState":
        return AlphabeticellState.new(self.validate_settings(settings), seed)

    def parse_move(self, text: str) -> Move:
        return parse_with(MOVE_PARSERS, text)

    def state_from_json(self, data: dict) -> "AlphabeticellState":
        return AlphabeticellState.from_json(data)


GAME = AlphabeticellGame()


class AlphabeticellState(State):
    """A position. Everything is ints, strings and tuples, so `clone` only
    copies a few references and the per-player lists."""

    game = GAME
    __slots__ = (
        "settings", "rng", "n", "line_limit", "discard_limit", "target",
        "phase", "round", "dealer", "round_first_dealer", "step",
        "deck", "hands", "lines", "face_up", "discards",
        "round_scores", "totals", "last_round", "last_placed",
    )

    # --- construction -----------------------------------------------------
    @classmethod
    def new(cls, settings: Settings, seed: int) -> "AlphabeticellState":
        state = cls.__new__(cls)
        state.settings = settings
        state.rng = SeededRng(seed)
        state.n = settings.num_players
        state.line_limit, state.discard_limit, state.target = RULESETS[settings.variants["rules"]]
        state.phase = CHOOSE_DEALER
        state.round = 0
        state.dealer = 0
        state.round_scores = ()
        state.totals = (0,) * state.n
        state.last_round = None
        state._start_round(0)
        state.phase = CHOOSE_DEALER  # the first round waits for its dealer
        return state

    def _start_round(self, first_dealer: int) -> None:
        """Everything goes back into the deck and each player is dealt 3 (R8)."""
        self.round += 1
        self.dealer = self.round_first_dealer = first_dealer
        self.step = 0  # cards dealt, keeps made, or passes on the face-up card
        self.deck = ALL_CARDS
        self.hands = [()] * self.n
        self.lines = [()] * self.n
        self.face_up = None
        self.discards = ()
        self.last_placed = None
        self.phase = DEAL

    def clone(self) -> "AlphabeticellState":
        other = AlphabeticellState.__new__(AlphabeticellState)
        other.settings = self.settings
        other.rng = SeededRng(self.rng.state)
        other.n = self.n
        other.line_limit = self.line_limit
        other.discard_limit = self.discard_limit
        other.target = self.target
        other.phase = self.phase
        other.round = self.round
        other.dealer = self.dealer
        other.round_first_dealer = self.round_first_dealer
        other.step = self.step
        other.deck = self.deck
        other.hands = list(self.hands)
        other.lines = list(self.lines)
        other.face_up = self.face_up
        other.discards = self.discards
        other.round_scores = self.round_scores
        other.totals = self.totals
        other.last_round = self.last_round
        other.last_placed = self.last_placed
        return other

    # --- whose turn -------------------------------------------------------
    @property
    def variant(self) -> str:
        return self.settings.variants["rules"]

    def actor(self) -> int:
        """The player the current step belongs to, counting from the dealer."""
        if self.phase == DEAL:
            return (self.dealer + self.step // SETUP_CARDS) % self.n
        return (self.dealer + self.step) % self.n

    def to_move(self) -> tuple:
        if self.phase == OFFER or self.phase == KEEP:
            return ((self.dealer + self.step) % self.n,)
        return ()

    def is_chance(self) -> bool:
        return self.phase <= FLIP and self.phase != KEEP

    def is_terminal(self) -> bool:
        return self.phase == GAME_OVER

    # --- moves ------------------------------------------------------------
    def generate_moves(self, player: int) -> Iterator[Move]:
        if self.phase == OFFER:
            if player != (self.dealer + self.step) % self.n:
                return iter(())
            moves = [PASS]
            for end, letter, first in placements(self.lines[player], self.face_up):
                moves.append(take_move(end, letter, first))
            return iter(moves)
        if self.phase == KEEP and player == (self.dealer + self.step) % self.n:
            return iter([KEEPS[card] for card in self.hands[player]])
        return iter(())

    def is_legal(self, player: int, move: Move) -> bool:
        if player not in self.to_move():
            return False
        if self.phase == KEEP:
            return isinstance(move, Keep) and move.card in self.hands[player]
        if isinstance(move, Pass):
            return True
        if isinstance(move, Take):
            placement = (move.end, move.letter, move.first_letter)
            return placement in placements(self.lines[player], self.face_up)
        return False

    def apply_unchecked(self, player: int, move: Move) -> None:
        phase = self.phase
        if phase == OFFER:
            if move is PASS or isinstance(move, Pass):
                self._pass()
            else:
                self._take(player, move)
        elif phase == FLIP:
            self._remove_from_deck(move.card)
            self.face_up = move.card
            self.step = 0
            self.phase = OFFER
        elif phase == KEEP:
            self._keep(player, move.card)
        elif phase == DEAL:
            self._remove_from_deck(move.card)
            self.hands[move.player] += (move.card,)
            self.step += 1
            if self.step == SETUP_CARDS * self.n:
                self.step = 0
                self.phase = KEEP
        elif phase == CHOOSE_DEALER:
            self.dealer = self.round_first_dealer = move.player
            self.phase = DEAL
        else:
            raise IllegalMoveError("the game is over", "core.game_over")

    def _remove_from_deck(self, card: str) -> None:
        deck = self.deck
        index = deck.index(card)
        self.deck = deck[:index] + deck[index + 1:]

    def _keep(self, player: int, card: str) -> None:
        # The two other cards go straight back: nothing is drawn before the
        # first flip, so this equals shuffling them back after everyone (R9).
        returned = tuple(other for other in self.hands[player] if other != card)
        self.deck = tuple(sorted(self.deck + returned))
        self.hands[player] = ()
        self.lines[player] = ((card, None),)
        self.last_placed = (player, 0)
        self.step += 1
        if self.step == self.n:
            self.step = 0
            self.phase = FLIP

    def _take(self, player: int, move: Take) -> None:
        line = place(self.lines[player], self.face_up, move.end, move.letter, move.first_letter)
        self.lines[player] = line
        self.last_placed = (player, 0 if move.end == "L" else len(line) - 1)
        self.face_up = None
        if self.line_limit and len(line) >= self.line_limit:
            self._end_round(ELEVEN, player, player)  # R11: the taker deals next
            return
        if not self.deck:
            self._end_round(DECK_OUT, None, self.dealer)  # R12
            return
        self.dealer = (player + 1) % self.n  # R7: the taker's left flips next
        self.phase = FLIP

    def _pass(self) -> None:
        self.step += 1
        if self.step < self.n:
            return
        # Everyone refused: the card is discarded and the same dealer flips.
        self.discards += (self.face_up,)
        self.face_up = None
        if self.discard_limit and len(self.discards) >= self.discard_limit:
            self._end_round(DISCARDS, None, self.dealer)  # R15
        elif not self.deck:
            self._end_round(DECK_OUT, None, self.dealer)
        else:
            self.phase = FLIP

    def _end_round(self, reason: str, ender: Optional[int], next_dealer: int) -> None:
        scores = tuple(len(line) for line in self.lines)  # one point per card
        self.round_scores += (scores,)
        self.totals = tuple(total + score for total, score in zip(self.totals, scores))
        self.last_round = (self.round, reason, scores, tuple(self.lines), ender, next_dealer)
        if max(self.totals) >= self.target:
            self.phase = GAME_OVER
            self.face_up = None
        else:
            self._start_round(next_dealer)

    # --- chance -----------------------------------------------------------
    def chance_outcomes(self) -> list:
        if self.phase == CHOOSE_DEALER:
            return [(ChooseDealer(player), 1.0 / self.n) for player in range(self.n)]
        if self.phase == FLIP:
            probability = 1.0 / len(self.deck)
            return [(FLIPS[card], probability) for card in self.deck]
        if self.phase == DEAL:
            probability = 1.0 / len(self.deck)
            player = self.actor()
            return [(Deal(player, card), probability) for card in self.deck]
        return []

    def sample_chance(self, rng: Optional[SeededRng] = None) -> Move:
        """Same distribution as the generic version, one RNG draw, no lists."""
        rng = rng or self.rng
        if self.phase == FLIP:
            return FLIPS[self.deck[rng.randbelow(len(self.deck))]]
        if self.phase == DEAL:
            return Deal(self.actor(), self.deck[rng.randbelow(len(self.deck))])
        if self.phase == CHOOSE_DEALER:
            return ChooseDealer(rng.randbelow(self.n))
        raise IllegalMoveError("no chance event is pending", "core.no_chance")

    # --- results ----------------------------------------------------------
    def scores(self) -> list:
        return list(self.totals)

    def heuristic_returns(self) -> list:
        """Estimated share of the win for each player, for searches that stop
        before the end: banked points plus the cards in each line, turned
        into shares by a softmax whose temperature shrinks as the target nears."""
        if self.is_terminal():
            return self.returns()
        return win_shares(
            [total + len(line) for total, line in zip(self.totals, self.lines)], self.target
        )

    # --- information --------------------------------------------------------
    def unseen_cards(self, player: Optional[int]) -> tuple:
        """Cards `player` has not seen this round: the deck and the other
        players' dealt cards that are still hidden."""
        cards = list(self.deck)
        for other, hand in enumerate(self.hands):
            if other != player:
                cards.extend(hand)
        return tuple(sorted(cards))

    def determinize(self, player: int, rng: SeededRng) -> "AlphabeticellState":
        """Re-deals the other players' hidden setup cards from the unseen
        cards; the world also gets a fresh RNG so it cannot leak the future."""
        world = self.clone()
        world.rng = rng.fork()
        hidden = [other for other, hand in enumerate(self.hands) if hand and other != player]
        if hidden:
            pool = list(self.deck)
            for other in hidden:
                pool.extend(self.hands[other])
            pool.sort()  # a canonical order, so the same rng gives the same world
            rng.shuffle(pool)
            for other in hidden:
                size = len(self.hands[other])
                world.hands[other] = tuple(sorted(pool[:size]))
                del pool[:size]
            world.deck = tuple(sorted(pool))
        return world

    def reveals_information(self, player: int, move: Move) -> bool:
        # Keeping turns a secret dealt card face up (R10).
        return isinstance(move, Keep)

    def describe_move(self, move: Move, viewer: Optional[int], player: Optional[int] = None) -> tuple:
        """A dealt card is named only to the player who got it (R9); a kept
        card turns face up (R10), so it is named to everyone. Takes and
        passes carry the round they ended, if they did ("round_end")."""
        player = self.describing_player(player)
        if isinstance(move, Keep):
            return "abc.log.keep", {"player": player, "card": move.card}
        if isinstance(move, Pass):
            return "abc.log.pass", {"player": player, "card": self.face_up,
                                    "round_end": self._round_ended_by(player, move)}
        if isinstance(move, Take):
            return f"abc.log.take.{move.end}", {"player": player, "card": self.face_up, "letter": move.letter,
                                                "round_end": self._round_ended_by(player, move)}
        if isinstance(move, Flip):
            return "abc.log.flip", {"card": move.card}
        if isinstance(move, Deal):
            return "abc.log.deal", {"player": move.player, "card": move.card if viewer == move.player else None}
        if isinstance(move, ChooseDealer):
            return "abc.log.dealer", {"player": move.player}
        return super().describe_move(move, viewer, player)

    def explain_move(self, move: Move, player: int) -> Optional[tuple]:
        """The card that fits and where, or why to wait (reasons.py)."""
        from .reasons import explain  # imported when a hint asks: searches never need it

        return explain(self, move, player)

    def moves_are_public(self, player: int) -> bool:
        """Taking or passing on the face-up card depends only on the public
        lines; keeping depends on the secret dealt cards."""
        return self.phase == OFFER

    def _round_ended_by(self, player: int, move: Move) -> Optional[dict]:
        """The round a take or pass ends (its number, reason, ender and
        scores: all public), or None."""
        after = self.clone()
        after.apply_unchecked(player, move)
        if after.last_round is None or after.last_round == self.last_round:
            return None
        finished = after._last_round_json()
        return {key: finished[key] for key in ("round", "reason", "ender", "scores")}

    def view(self, player: Optional[int]) -> dict:
        acting = self.to_move()
        data = {
            "game": GAME.id,
            "variant": self.variant,
            "players": self.n,
            "viewer": player,
            "target": self.target,
            "line_limit": self.line_limit or None,
            "discard_limit": self.discard_limit or None,
            "phase": PHASE_NAMES[self.phase],
            "round": self.round,
            "dealer": self.dealer,
            "round_first_dealer": self.round_first_dealer,
            "to_move": list(acting),
            "face_up": self.face_up,
            "passed": self._passed_players(),
            "hand": list(self.hands[player]) if player is not None else [],
            "hand_counts": [len(hand) for hand in self.hands],
            "lines": [_line_json(line) for line in self.lines],
            "line_ends": [
                [line[0][1], line[-1][1]] if len(line) > 1 else None for line in self.lines
            ],
            "deck_count": len(self.deck),
            "unseen_letters": letter_counts(self.unseen_cards(player)),
            "discards": list(self.discards),
            "discard_count": len(self.discards),
            "round_scores": [list(scores) for scores in self.round_scores],
            "totals": list(self.totals),
            "last_round": self._last_round_json(),
            "last_placed": self._last_placed_json(),
            "game_over": self.is_terminal(),
            "winners": self.winners() if self.is_terminal() else [],
            "legal_moves": [],
            "legal_placements": [],
        }
        if player is not None and player in acting:
            data["legal_moves"] = [move.text for move in self.generate_moves(player)]
            if self.phase == OFFER:
                data["legal_placements"] = [
                    {
                        "end": end,
                        "letter": letter,
                        "first_letter": first,
                        "move": take_move(end, letter, first).text,
                    }
                    for end, letter, first in placements(self.lines[player], self.face_up)
                ]
        return data

    def _passed_players(self) -> list:
        if self.phase != OFFER:
            return []
        return [(self.dealer + offset) % self.n for offset in range(self.step)]

    def _last_round_json(self) -> Optional[dict]:
        if self.last_round is None:
            return None
        number, reason, scores, lines, ender, next_dealer = self.last_round
        return {
            "round": number,
            "reason": reason,
            "scores": list(scores),
            "lines": [_line_json(line) for line in lines],
            "ender": ender,
            "next_dealer": next_dealer,
        }

    # --- serialising --------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "game": GAME.id,
            "settings": self.settings.to_json(),
            "rng": self.rng.state,
            "phase": PHASE_NAMES[self.phase],
            "round": self.round,
            "dealer": self.dealer,
            "round_first_dealer": self.round_first_dealer,
            "step": self.step,
            "deck": list(self.deck),
            "hands": [list(hand) for hand in self.hands],
            "lines": [_line_json(line) for line in self.lines],
            "face_up": self.face_up,
            "discards": list(self.discards),
            "round_scores": [list(scores) for scores in self.round_scores],
            "totals": list(self.totals),
            "last_round": self._last_round_json(),
            "last_placed": self._last_placed_json(),
        }

    def _last_placed_json(self) -> Optional[dict]:
        """The card the last keep or take put in a line, while it is on the table."""
        if self.last_placed is None:
            return None
        player, index = self.last_placed
        return {"player": player, "index": index}

    @classmethod
    def from_json(cls, data: dict) -> "AlphabeticellState":
        """Rebuilds a state from `to_json()` data, checking its content: every
        problem raises RecordError with a code, never a TypeError or KeyError."""
        return _StateReader(data).state()


def _line_json(line: tuple) -> list:
    return [{"card": card, "letter": letter} for card, letter in line]


MAX_SCORE = 10 ** 6  # far above any real score; a damaged save's huge number is refused


class _StateReader(StateReader):
    """Reads and checks the JSON form of a state (see `from_json`) with the
    core's typed accessors; the cards, lines and scores are this game's own."""

    def __init__(self, data):
        super().__init__("abc")
        self.data = self.mapping(data, "state")

    def value(self, key: str, data=None, field: str = ""):
        return self.get(self.data if data is None else data, key, field or key)

    def number(self, key: str, low: int, high: int, data=None, field: str = "") -> int:
        return self.whole(self.value(key, data, field), field or key, low, high)

    def card(self, value, field: str) -> str:
        if not isinstance(value, str) or value not in FLIPS:
            raise self.damaged("state_card", f"{field} holds an unknown card {value!r}", card=str(value)[:12])
        return value

    def cards(self, value, field: str) -> tuple:
        return tuple(self.card(card, field) for card in self.items(value, field))

    def line(self, value, field: str, player: int) -> tuple:
        line = []
        for index, entry in enumerate(self.items(value, field)):
            entry_field = f"{field}.{index}"
            card = self.card(self.value("card", self.mapping(entry, entry_field), f"{entry_field}.card"), field)
            letter = self.value("letter", entry, f"{entry_field}.letter")
            if letter is not None and (not isinstance(letter, str) or len(letter) != 1 or letter not in card):
                raise self.damaged("state_line", f"{field}: {short_text(letter)} is not a letter of {card}",
                                   player=player + 1)
            line.append((card, letter))
        letters = [letter for _, letter in line]
        if len(line) == 1 and letters != [None]:
            raise self.damaged("state_line", f"{field}: a one-card line has no letter yet", player=player + 1)
        if len(line) > 1 and (None in letters or letters != sorted(set(letters))):
            raise self.damaged("state_line", f"{field} is not in alphabetical order", player=player + 1)
        return tuple(line)

    def lines(self, value, field: str, players: int) -> list:
        return [self.line(line, f"{field}.{player}", player)
                for player, line in enumerate(self.items(value, field, players))]

    def scores(self, value, field: str, players: int) -> tuple:
        return tuple(self.whole(score, field, 0, MAX_SCORE) for score in self.items(value, field, players))

    # --- the whole state --------------------------------------------------------
    def state(self) -> "AlphabeticellState":
        data = self.data
        if data.get("game") != GAME.id:
            raise self.damaged("state_not_ours", f"not an {GAME.id} state", game=str(data.get("game"))[:40])
        settings = self.settings(data, GAME)
        n = settings.num_players
        state = AlphabeticellState.new(settings, 0)
        state.rng = SeededRng(self.number("rng", 0, (1 << 64) - 1))
        phase_name = self.text(self.value("phase"), "phase")
        if phase_name not in PHASE_NAMES:
            raise self.damaged("state_phase", f"unknown phase {phase_name!r}", phase=phase_name[:20])
        state.phase = PHASE_NAMES.index(phase_name)
        state.round = self.number("round", 1, 10 ** 6)
        state.dealer = self.number("dealer", 0, n - 1)
        state.round_first_dealer = self.number("round_first_dealer", 0, n - 1)
        state.step = self.number("step", 0, SETUP_CARDS * n - 1)
        state.deck = tuple(sorted(self.cards(self.value("deck"), "deck")))
        state.hands = [self.cards(hand, f"hands.{player}")
                       for player, hand in enumerate(self.items(self.value("hands"), "hands", n))]
        state.lines = self.lines(self.value("lines"), "lines", n)
        face_up = self.value("face_up")
        state.face_up = None if face_up is None else self.card(face_up, "face_up")
        state.discards = self.cards(self.value("discards"), "discards")
        state.round_scores = tuple(self.scores(scores, f"round_scores.{index}", n) for index, scores
                                   in enumerate(self.items(self.value("round_scores"), "round_scores")))
        state.totals = self.scores(self.value("totals"), "totals", n)
        state.last_round = self.last_round(n, state.round)
        state.last_placed = self.last_placed(state.lines)
        self.check_cards(state)
        self.check_phase(state, phase_name)
        self.check_scores(state)
        return state

    def last_placed(self, lines: list):
        """Optional: saves from before it was kept have no last placement."""
        last = self.data.get("last_placed")
        if last is None:
            return None
        last = self.mapping(last, "last_placed")
        player = self.number("player", 0, len(lines) - 1, last, "last_placed.player")
        if not lines[player]:
            raise self.wrong("last_placed", "points at an empty line")
        return player, self.number("index", 0, len(lines[player]) - 1, last, "last_placed.index")

    def last_round(self, n: int, current_round: int):
        last = self.value("last_round")
        if last is None:
            return None
        last = self.mapping(last, "last_round")
        number = self.number("round", 1, current_round, last, "last_round.round")
        reason = self.choice(self.value("reason", last, "last_round.reason"), "last_round.reason",
                             (ELEVEN, DECK_OUT, DISCARDS))
        scores = self.scores(self.value("scores", last, "last_round.scores"), "last_round.scores", n)
        lines = tuple(self.lines(self.value("lines", last, "last_round.lines"), "last_round.lines", n))
        ender = self.value("ender", last, "last_round.ender")
        if ender is not None:
            ender = self.whole(ender, "last_round.ender", 0, n - 1)
        next_dealer = self.number("next_dealer", 0, n - 1, last, "last_round.next_dealer")
        return (number, reason, scores, lines, ender, next_dealer)

    def check_cards(self, state: "AlphabeticellState") -> None:
        """Every card of the deck is in exactly one place."""
        placed = list(state.deck) + list(state.discards)
        for hand in state.hands:
            placed.extend(hand)
        for line in state.lines:
            placed.extend(card for card, _ in line)
        if state.face_up is not None:
            placed.append(state.face_up)
        seen = set()
        for card in placed:
            if card in seen:
                raise self.damaged("state_card_twice", f"{card} is in two places", card=card)
            seen.add(card)
        for card in ALL_CARDS:
            if card not in seen:
                raise self.damaged("state_card_missing", f"{card} is nowhere", card=card)

    def check_phase(self, state: "AlphabeticellState", name: str) -> None:
        """The phase agrees with the hands, lines, face-up card and counters."""
        n, phase, step = state.n, state.phase, state.step
        hands = [len(hand) for hand in state.hands]
        lines = [len(line) for line in state.lines]
        over = phase == GAME_OVER
        # order[k] is dealt to and keeps k-th in the round, counting from the dealer.
        order = [(state.dealer + k) % n for k in range(n)]
        if phase == CHOOSE_DEALER:
            ok = state.round == 1 and step == 0 and not any(hands) and not any(lines)
        elif phase == DEAL:
            ok = not any(lines) and all(
                hands[player] == min(SETUP_CARDS, max(0, step - SETUP_CARDS * k)) for k, player in enumerate(order))
        elif phase == KEEP:
            ok = step < n and all(
                (hands[player], lines[player]) == ((0, 1) if k < step else (SETUP_CARDS, 0))
                for k, player in enumerate(order))
        else:
            ok = not any(hands) and (over or all(lines))
            if phase == FLIP:
                ok = ok and step <= n and bool(state.deck)  # step is reset by the flip itself
            elif phase == OFFER:
                ok = ok and step < n
        ok = ok and (state.face_up is not None) == (phase == OFFER)
        if phase in (CHOOSE_DEALER, DEAL, KEEP):
            ok = ok and not state.discards and state.dealer == state.round_first_dealer
        if state.line_limit:
            longest = max(lines)
            ok = ok and (longest <= state.line_limit if over else longest < state.line_limit)
        if state.discard_limit and not over:
            ok = ok and len(state.discards) < state.discard_limit
        if not ok:
            raise self.damaged("state_phase", f"the cards do not fit the phase {name}", phase=name)

    def check_scores(self, state: "AlphabeticellState") -> None:
        """Totals add up the finished rounds, and the target decides the end."""
        finished = len(state.round_scores)
        sums = tuple(sum(scores[p] for scores in state.round_scores) for p in range(state.n))
        over = state.phase == GAME_OVER
        ok = (state.totals == sums
              and finished == (state.round if over else state.round - 1)
              and (max(state.totals) >= state.target) == over)
        last = state.last_round
        if last is None:
            ok = ok and finished == 0
        else:
            ok = ok and last[0] == finished and last[2] == state.round_scores[-1]
        if not ok:
            raise self.damaged("state_scores", "the scores do not add up")


def letter_counts(cards) -> dict:
    """How many copies of each letter the cards carry, alphabetically."""
    counts: dict = {}
    for card in cards:
        for letter in card:
            counts[letter] = counts.get(letter, 0) + 1
    return dict(sorted(counts.items()))


def win_shares(points: list, target: int) -> list:
    """Soft win shares from projected points: close scores share the win
    while much of the game is left, the leader takes it near the target."""
    best = max(points)
    distance = max(target - best, 0)
    temperature = 1.5 + 0.45 * math.sqrt(distance)  # about the spread of a round's scores
    weights = [math.exp((score - best) / temperature) for score in points]
    total = sum(weights)
    return [weight / total for weight in weights]
