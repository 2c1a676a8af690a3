"""The Alphagon engine's move listing, polygon geometry and chance draws as
they were before they were made faster (rules.py and components.py at
commit 52e48ea), kept verbatim as a reference: `ReferenceState` is an
`AlphagonState` that lists, steps and draws the old way, so a test can play
the same seeded moves on both and compare every move list and every state.

Only the methods the speed-up rewrote are here; the rest is inherited. A
later, intended change to what these methods list or where the polygon goes
must be made here too (and golden_move_lists.json regenerated).
"""

from typing import Iterator, Optional

from ludoteca.core.protocol import IllegalMoveError, Move
from ludoteca.core.rng import SeededRng
from ludoteca.games.alphagon import components as C
from ludoteca.games.alphagon.components import (
    BLUE_SIZE,
    CELLS,
    DIRECTION_NAMES,
    DIRECTIONS,
    EAST,
    FLAGS,
    NORTH,
    RED_SIZE,
    SIZE,
    SOUTH,
    WEST,
    cell_name,
    xy,
)
from ludoteca.games.alphagon.rules import (
    ACCEPT,
    ANSWER,
    BLOCKED,
    CLOSE,
    CLOSED,
    CONCEDE,
    DICTIONARY,
    DOUBT,
    END,
    FIRST,
    MAX_SIDES,
    MIN_DECLARE,
    MIN_WORD,
    OVER,
    PLAY,
    PLUS,
    RESPOND,
    SUSPEND,
    TEN_SIDES,
    VOTE,
    AlphagonState,
    ChooseFirst,
    Contradict,
    Correct,
    Declare,
    Draw,
    DrawCard,
    Find,
    GiveUp,
    Lose,
    Pass,
    Place,
    Reward,
    Rotation,
    Say,
    Start,
    Vote,
    _changes_from,
    _trail_end_shapes,
    deck_of,
)


def _step(cell: int, direction: int):
    """components.step as it was: from coordinates, not a table."""
    x, y = xy(cell)
    dx, dy = DIRECTIONS[direction]
    x, y = x + dx, y + dy
    if 0 <= x < SIZE and 0 <= y < SIZE:
        return y * SIZE + x
    return None


NEIGHBOURS = tuple(tuple(n for n in (_step(c, d) for d in range(4)) if n is not None) for c in range(CELLS))


class ReferenceState(AlphagonState):
    __slots__ = ()

    def clone(self) -> "ReferenceState":
        other = ReferenceState.__new__(ReferenceState)
        for name in AlphagonState.__slots__:  # the subclass's own __slots__ are empty
            setattr(other, name, getattr(self, name))
        other.rng = SeededRng(self.rng.state)
        other.racks = list(self.racks)
        other.sacks = list(self.sacks)
        other.discards = list(self.discards)
        other.hands = list(self.hands)
        other.bonuses = list(self.bonuses)
        other.points = list(self.points)
        return other

    def _is_free(self, cell: int, sides_after: int) -> bool:
        """The polygon may grow onto `cell`: on the board, empty, and not next
        to an earlier cell (sides never touch, R8), except the start once the
        polygon has 4 sides (that closes it)."""
        if self.occupied >> cell & 1:
            return False
        last = self.trail[-1]
        start = self.trail[0]
        for neighbour in NEIGHBOURS[cell]:
            if neighbour != last and self.occupied >> neighbour & 1:
                if neighbour == start and sides_after >= 4:
                    continue
                return False
        return True

    def turn_options(self, at: int, heading: int) -> tuple:
        """The two perpendicular headings at `at`, the direction rule's choice
        first (R7): away from the start while the polygon has fewer than 4
        sides, toward it from 4; level with the start, toward the farther
        opposite edge (south or east on a tie)."""
        px, py = xy(at)
        sx, sy = xy(self.trail[0])
        if heading in (EAST, WEST):
            low, high, mine, target = NORTH, SOUTH, py, sy
        else:
            low, high, mine, target = WEST, EAST, px, sx
        if mine == target:
            preferred = low if mine > SIZE - 1 - mine else high
        else:
            toward = low if target < mine else high
            away = high if toward == low else low
            preferred = toward if self.sides >= 4 else away
        return (preferred, high if preferred == low else low)

    def next_step(self, symbol: str = "?"):
        """(cell, heading) where the polygon continues with `symbol` (a letter,
        or PLUS for a word's '+'), or None when it cannot. Straight on, unless
        the last symbol is a '+', the edge is reached or going on would touch
        the polygon (early closure): then a turn (R6), the direction rule's
        way first (R7). A way into a dead end, a cell after which the polygon
        could not go on, is taken only when no other way is open; going
        straight into one counts as one step from an early closure, so the
        polygon turns there (R40)."""
        options = self._free_steps(every_way=True)
        for cell, heading in options:
            if len(options) == 1 or self._ending_after(cell, heading, symbol) != BLOCKED:
                return cell, heading
        return options[0] if options else None

    def _free_steps(self, every_way: bool = False) -> list:
        """The (cell, heading) the polygon may take next, in the order R6 and
        R7 rank them: straight on alone when it is free, unless `every_way`
        (then the turns follow it, for when it leads to a dead end)."""
        if not self.trail:
            return []
        last = self.trail[-1]
        heading = self.heading
        found = []
        if self.symbols[-1] != PLUS or self._plus_on_corner():
            cell = _step(last, heading)
            if cell is not None and self._is_free(cell, self.sides):
                found.append((cell, heading))
                if not every_way:
                    return found
        for option in self.turn_options(last, heading):
            cell = _step(last, option)
            if cell is not None and self._is_free(cell, self.sides + 1):
                found.append((cell, option))
        return found

    def _ending_after(self, cell: int, heading: int, symbol: str):
        """The end reason a `symbol` put on `cell` would give (as `_put` decides it), or None."""
        sides = self.sides + (heading != self.heading)
        if sides >= 4 and len(self.trail) > 1 and self.trail[0] in NEIGHBOURS[cell]:
            return CLOSED
        if sides >= MAX_SIDES:
            return TEN_SIDES
        saved = self.trail, self.symbols, self.occupied, self.sides, self.heading
        self.trail, self.symbols, self.occupied = self.trail + (cell,), self.symbols + symbol, self.occupied | 1 << cell
        self.sides, self.heading = sides, heading
        try:
            return None if self._free_steps() else BLOCKED
        finally:
            self.trail, self.symbols, self.occupied, self.sides, self.heading = saved

    def _plus_on_corner(self) -> bool:
        """The last '+' was itself placed on a turn (the word ended at the edge
        or one step from an early closure): it already starts the new side, so
        the polygon goes straight on from it (R6)."""
        trail = self.trail
        if len(trail) < 3:
            return False
        return trail[-1] - trail[-2] != trail[-2] - trail[-3]

    def _letter_pool(self, player: int, kind: str) -> list:
        vowel = kind == "v"
        return [(letter, count) for letter, count in zip(self.alphabet, self.sacks[player])
                if count and C.is_vowel(letter) == vowel]

    def sample_chance(self, rng: Optional[SeededRng] = None) -> Move:
        rng = rng or self.rng
        head = self.queue[0] if self.is_chance() else None
        if head is None:
            raise IllegalMoveError("no chance event is pending", "core.no_chance")
        if head[0] == "draw":
            pool = self._letter_pool(head[1], head[2])
            roll = rng.randbelow(sum(count for _, count in pool))
            for letter, count in pool:
                if roll < count:
                    return Draw(head[1], letter)
                roll -= count
        if head[0] == "card":
            pool = self._card_pool()
            return DrawCard(head[1], pool[rng.randbelow(len(pool))])
        if head[0] == "first":
            return ChooseFirst(rng.randbelow(self.n))
        return Rotation("cw" if rng.randbelow(2) == 0 else "ccw")

    def _run_queue(self) -> None:
        """Runs automatic tasks and skips empty ones until a chance event or a
        decision waits, or the queue is empty."""
        while self.queue and self.phase != OVER:
            head = self.queue[0]
            kind = head[0]
            if kind == "draw":
                if self._letter_pool(head[1], head[2]):
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

    def generate_moves(self, player: int) -> Iterator[Move]:
        if player not in self.to_move():
            return iter(())
        return iter(self._moves(player))

    def _moves(self, player: int) -> list:
        rack = sorted(set(self.racks[player]))
        if self.queue:
            if self.queue[0][0] == "lose":
                return [Lose(letter) for letter in rack]
            return [Reward(choice) for choice in self._reward_choices(player)]
        phase = self.phase
        if phase == FIRST:
            moves = []
            for flag in sorted(FLAGS):
                for heading in range(4):
                    if _step(flag, heading) is not None:
                        moves.extend(Start(cell_name(flag), DIRECTION_NAMES[heading], letter) for letter in rack)
            return moves
        if phase == PLAY:
            return self._turn_moves(player, rack)
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

    def _turn_moves(self, player: int, rack: list) -> list:
        moves = []
        word = self.word()
        bonus = self.bonuses[player]
        if self.placed == 0 or (self.placed == 1 and bonus >= 1):
            cell = self.next_cell()
            if cell is not None:
                name = cell_name(cell)
                moves.extend(Place(name, letter) for letter in rack)
        if not self.changed and (self.placed or bonus >= 1):
            sack_letters = "".join(self.sack(player))
            for old in rack:
                moves.extend(_changes_from(old, sack_letters))
        if self.hands[player]:
            free_pairs = self._free_pairs(word)
            for card in self.hands[player]:
                moves.extend(self._find_moves(card, free_pairs))
        if not self.gave_up:
            moves.extend(GiveUp(letter) for letter in rack)
        if self.placed and len(word) >= MIN_WORD and (
                self.judge != DICTIONARY or self.wordlist().is_word(word)):
            moves.append(CLOSE)
        if len(word) >= MIN_DECLARE:
            moves.extend(self._declare_candidates(word))
        if not self.placed:
            doubted = self.last_placer()
            if doubted is not None and doubted != player:
                moves.append(DOUBT)
            if bonus > 0 or not rack:
                moves.append(Pass())
            else:
                moves.extend(Pass(letter) for letter in rack)
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
        syllables, red, blue = deck_of(self.lang)[card]
        if free_pairs is None:
            free_pairs = self._free_pairs(self.word())
        found = [] if self.found_syllable else [syllable for syllable in syllables if syllable in free_pairs]
        shape = not self.found_shape and self.shape_matches(red, blue)
        moves = [Find(card, syllable, False) for syllable in found]
        if shape:
            moves.append(Find(card, None, True))
            moves.extend(Find(card, syllable, True) for syllable in found)
        return moves

    def shape_matches(self, red, blue) -> bool:
        """R13: the last 4 (red) or 5 (blue) cells of the polygon, '+' included,
        lie as the card's shape does, north up; once per polygon end."""
        length = len(self.trail)
        if length in self.shape_claims:
            return False
        red_end, blue_end = _trail_end_shapes(self.trail[-BLUE_SIZE:])
        return (length >= RED_SIZE and red_end == red) or (length >= BLUE_SIZE and blue_end == blue)

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
        verdict = wordlist.judge_declaration(declaration["prefix"], declaration["words"])
        moves = []
        if verdict.params.get("contradiction"):
            moves.append(Contradict(verdict.params["contradiction"]))
        shorter = [w for w in verdict.family if len(w) < declaration["length"] and len(w) >= MIN_WORD]
        if shorter:
            moves.append(Correct(min(shorter, key=lambda w: (len(w), w))))
        return moves
