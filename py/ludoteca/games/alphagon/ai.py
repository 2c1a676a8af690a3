"""Alphagon AI levels.

A player of each level knows part of the dictionary (RULINGS.md, R36): easy
the everyday words (dictionary level 1), medium level 3, hard every word.
Every word it names (closing, declaring, answering a doubt, contradicting,
correcting) comes from that vocabulary; the judge still knows every word.

One decision is one look at the position (no search: the value of a move is
the words it leads to):
- a letter is worth the points of the word it completes now, else a little
  for each known word it keeps open, less when the next player could finish
  a short word; a letter that leads to no known word is a bluff, played now
  and then instead of paying a bonus to pass, never for the syllable or
  shape it would open (at medium, 4.5% of the letters placed started no
  known word, 0.6% now: bench section 6);
- two letters (a bonus) or a change before placing (a bonus) when that
  closes a word at once; after placing, the free change swaps the rack's
  rarest letter for a common one;
- it declares when every word it knows on the letters is of one meaning,
  naming the longest (a correction can only bring the score down to the
  shortest, which naming the shortest would score anyway); it doubts a word
  it cannot complete; it contradicts or corrects with words it knows; it
  claims every syllable and shape it can;
- moves that would end the game are weighed by who would win;
- hard also looks one reply ahead at the end of the game. It ends the game
  at once when a move leaves it alone in the lead. It leaves out a move that
  ends the game with it not in the lead, then one that lets the next player
  end it so by a pass, a suspension or a concession (moves open to them
  whatever they hold, so this peeks at nothing hidden), while another move
  is left. Without this, hard lost 10 of 36 games to the core's UCT (and
  tied 1), none by the goal: each ended blocked, closed or by stalemate,
  several by hard's own move: a close that blocked the polygon, a doubt whose
  concession closed it, a pass answered by the pass that made a stalemate;
- hard's turns from LATE_SIDES sides, or within LATE_MARGIN points of the
  goal, are chosen by the core's UCT on its own view (its random games to
  the end weigh who leads when the polygon stops, which the word values do
  not), an iteration a piece, for at most ENDGAME_SECONDS of thinking (1000
  iterations took 12-18 s in the browser). Its first move is chosen among the letters
  that start a word hard knows (the search alone placed a letter starting
  none in 21.7% of those turns), bluffs aside, as often as `_turn` bluffs,
  and never a doubt of letters that start a word it knows nor a
  declaration the word list contradicts (the search's random replies would
  rarely answer them as a player does);
- hard plays for its cards too (issue 28: against the core's UCT it lost 60
  of 200 games, 30 of them blocked after 5-7 sides, with its cards scoring
  11.6 points a lost game against UCT's 15.3): it places a letter that
  starts no word it knows when that claims a syllable or shape at once,
  and spends a bonus on a second letter that spells on and claims one. It
  weighs a letter after which it can declare the word at once as that
  declaration (UCT scored 4-6 points a time declaring SVE-, TME-, INZE-,
  which hard accepted but never aimed for). Its
  look one reply ahead also counts a letter that lights a square where the
  other side's next letter ends the game, and the replies to its
  declarations (a contradiction can end the game too). Doubted, hard names
  the known word that scores most, not the commonest: the '+' of that close
  may end the game, where a point or two decides it (hard lost a game 17-18
  so, naming SOCIETA where SOCCORSO scored 6). It does not leave out a letter
  the other side's doubt could answer with that blocking '+': on the same
  deal it then passed, paid a bonus, and had to place the letter anyway.
- hard keeps UCT from declaring (issue 28, 68 games: UCT's accepted
  declarations scored it 5.7 points a game, hard's 3.4; 76 of its 78 came
  right after a letter of its own): a letter is worth less by the points the
  next player can expect from placing one letter and declaring a word
  nobody can contradict (every listed completion one family), as `_gift`
  weighs a close. Every level also declares a word one letter on (PKW:
  PKWY), which it used to leave for placing that letter, even without it.

A decision is a generator (`WordBot.deciding`) that yields between small
pieces of work (a chunk of the word list while a vocabulary is built, one
candidate move, one word checked), so `Search.step` stops soon after its
slice is up and the page stays responsive; `decide` runs it in one go and
chooses the same move.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from typing import Generator, Optional

from ...core.ai import Bot, Search, UctBot
from ...core.protocol import CHANCE, Move, run_pieces
from . import components as C
from .rules import (
    ACCEPT,
    CLOSE,
    CONCEDE,
    Concede,
    DICTIONARY,
    DOUBT,
    END,
    LONG_WORD,
    MIN_DECLARE,
    MIN_WORD,
    PLUS,
    SUSPEND,
    Change,
    Contradict,
    Correct,
    Declare,
    Find,
    GiveUp,
    Lose,
    Pass,
    Place,
    Reward,
    Say,
    Suspend,
    Vote,
    points_for,
)

LEVEL_VOCABULARY = {"easy": 1, "medium": 3, "hard": 5}
# A piece of a decision: yields between pieces, returns its result (a move, a list).
Thinking = Generator[None, None, object]
GIFT_VOCABULARY = 2  # the words `_gift` assumes the next player knows
_VOCABULARIES: dict = {}
VOCABULARY_CHUNK = 10_000  # words of the list scanned in one piece of a decision (well under 1 ms)
OPENING_CHUNK = 24  # opening moves weighed in one piece (a few microseconds each)
# Hard's last turns (see the module doc).
NONSENSE_VALUE = -1.0  # the most a letter leading to no known word is worth (never more than passing)
LATE_SIDES = 6
LATE_MARGIN = 8
ENDGAME_ITERATIONS = 1000
# ... and at most this much thinking time (the core's clock: wall time in the
# app, CPU time in the benches), which 1000 iterations can exceed several times
# over in the browser. None: iterations only (deterministic, for the benches).
ENDGAME_SECONDS = 3.0
# Hard's cards (see the module doc): what a letter starting no known word
# costs when placed for a card (a doubt takes a letter), and what a second
# letter (a bonus) must be worth: a card's 3 points, less the spelling's
# small value.
CARD_BLUFF_COST = 2.0
SECOND_LETTER_VALUE = 3.0


class Vocabulary:
    """The words an AI level knows, sorted, for prefix queries."""

    def __init__(self, wordlist, level: int, words: list):
        self.wordlist = wordlist
        self.level = level
        self.words = words
        self.known = wordlist.known_by(level)

    def span(self, prefix: str) -> tuple:
        lo = bisect_left(self.words, prefix)
        return lo, bisect_left(self.words, prefix + "[", lo)

    def count(self, prefix: str) -> int:
        lo, hi = self.span(prefix)
        return hi - lo

    def completions(self, prefix: str, limit: int = 400) -> list:
        lo, hi = self.span(prefix)
        return self.words[lo:min(hi, lo + limit)]

    def is_word(self, word: str) -> bool:
        lo, hi = self.span(word)
        return lo < hi and self.words[lo] == word


def building_vocabulary(wordlist, level: int):
    """Generator: the level's vocabulary, built a chunk of the list per piece
    (the whole list takes 5-10 ms in CPython, several times that in the
    browser) and cached for every later decision."""
    key = (wordlist.lang, level, len(wordlist))
    found = _VOCABULARIES.get(key)
    if found is not None:
        return found
    words: list = []
    for start in range(0, len(wordlist), VOCABULARY_CHUNK):
        words.extend(wordlist.vocabulary(level, start, start + VOCABULARY_CHUNK))
        yield
    # Another search may have built it meanwhile (interleaved AIs): keep one.
    return _VOCABULARIES.setdefault(key, Vocabulary(wordlist, level, words))


def vocabulary(wordlist, level: int) -> Vocabulary:
    return run_pieces(building_vocabulary(wordlist, level))


class _Deciding(Search):
    """One decision, thought a piece at a time: each `iterate` advances the
    bot's `deciding` generator by one piece, and the search is done when it
    returns the move. Nothing is thought in `start`."""

    def __init__(self, state, player: int, bot: "WordBot"):
        super().__init__(state, player, seconds=None, iterations=None)
        self.bot = bot
        self.move: Optional[Move] = self.legal[0] if len(self.legal) == 1 else None
        self._pieces = None

    def _budget_left(self) -> bool:
        return self.move is None

    def iterate(self) -> None:
        if self._pieces is None:
            self._pieces = self.bot.deciding(self.root_state, self.player, self.legal)
        try:
            next(self._pieces)
        except StopIteration as finished:
            self.move = finished.value

    def best_move(self) -> Move:
        while self.move is None:
            self.iterate()
        return self.move


class WordBot(Bot):
    """A heuristic player with a vocabulary (see the module docstring)."""

    name = "alphagon-words"

    def __init__(self, seed: int = 0, level: str = "hard", bluff: float = 0.2, doubt: float = 1.0,
                 declare: bool = True, noise: float = 0.0, lookahead: bool = True, endgame: bool = False,
                 sharp: bool = False, endgame_seconds: Optional[float] = None):
        super().__init__(seed)
        self.endgame_seconds = endgame_seconds
        self.lookahead = lookahead
        self.endgame = endgame
        self.sharp = sharp
        self.level = level
        self.bluff = bluff
        self.doubt_rate = doubt
        self.declare = declare
        self.noise = noise

    def start(self, state, player: int) -> Search:
        return _Deciding(state, player, self)

    # --- helpers ---------------------------------------------------------------------------
    def vocab(self, state) -> Vocabulary:
        return vocabulary(state.wordlist(), LEVEL_VOCABULARY[self.level])

    def _letter_value(self, state, letter: str) -> float:
        return C.LETTER_FREQUENCY[state.lang].get(letter, 0.0)

    def decide(self, state, player: int, legal: list) -> Move:
        """The move, thought in one go: the same as `deciding` in pieces."""
        return run_pieces(self.deciding(state, player, legal))

    def deciding(self, state, player: int, legal: list):
        """Generator: yields between small pieces of the decision and returns the move."""
        yield from building_vocabulary(state.wordlist(), LEVEL_VOCABULARY[self.level])
        if self.lookahead:
            yield from building_vocabulary(state.wordlist(), GIFT_VOCABULARY)
        if state.queue:
            head = state.queue[0][0]
            if head == "lose":
                return Lose(min(state.racks[player], key=lambda x: (self._keep_value(state, player, x), x)))
            choices = [m for m in legal if isinstance(m, Reward)]
            bonus = [m for m in choices if m.choice == "bonus"]
            if bonus:
                return bonus[0]
            return max(choices, key=lambda m: (self._letter_value(state, m.choice), m.choice))
        phase = state.phase
        if phase == "first":
            return (yield from self._opening(state, player, legal))
        if phase == "respond":
            return (yield from self._respond(state, player))
        if phase == "answer":
            return self._answer(state)
        if phase == "vote":
            word = state.vote["word"]
            return Vote("yes" if self.vocab(state).is_word(word) or state.wordlist().is_word(word) else "no")
        if self.endgame:
            finish, legal = yield from self._endgame_filter(state, player, legal)
            if finish is not None:
                return finish
            if state.sides >= LATE_SIDES or max(state.points) >= state.goal - LATE_MARGIN:
                return (yield from self._endgame_search(state, player, legal))
        return (yield from self._turn(state, player, legal))

    def _answer(self, state):
        """The word we name when our letters are doubted: the most common we
        know; hard names the one scoring most (a doubt's close can end the
        game, and a point then decides it), or concedes when it knows none."""
        known = [w for w in self.vocab(state).completions(state.word()) if len(w) >= MIN_WORD]
        if not known:
            return CONCEDE
        frequency = state.wordlist().frequency
        if self.sharp:
            return Say(min(known, key=lambda w: (-points_for(len(w)), -(frequency(w) or 0), w)))
        return Say(min(known, key=lambda w: (-(frequency(w) or 0), w)))

    def _endgame_search(self, state, player: int, legal: list) -> Thinking:
        """The core's UCT, an iteration a piece, over the moves `_spelled` keeps (see the module doc)."""
        candidates = self._spelled(state, legal)
        if self.sharp:
            candidates = self._sound(state, candidates)
        if len(candidates) == 1:
            return candidates[0]
        uct = UctBot(iterations=ENDGAME_ITERATIONS, seconds=self.endgame_seconds)
        uct.rng = self.rng.fork()
        search = uct.start(state, player)
        # The search's first choice is among the candidates only (its tree
        # grows a root child per untried move; deeper nodes see every move).
        search.legal = candidates
        search.root.untried = list(candidates)
        search.rng.shuffle(search.root.untried)
        while not search.step(0.0):
            yield
        return search.best_move()

    def _spelled(self, state, legal: list) -> list:
        """`legal` without the letters that start no word we know, unless no
        letter starts one and this is a turn for a bluff (as often as `_turn`
        bluffs instead of passing), or nothing else is left."""
        vocab = self.vocab(state)
        word = state.word()
        nonsense = [m for m in legal if isinstance(m, Place) and not vocab.count(word + m.letter)]
        if not nonsense:
            return legal
        spelled = [m for m in legal if m not in set(nonsense)]
        if not spelled:
            return legal
        if not any(isinstance(m, Place) for m in spelled) and self.rng.random() < self.bluff:
            return legal
        return spelled

    def _sound(self, state, moves: list) -> list:
        """`moves` without a doubt of letters that start a word we know (its
        answer costs us a letter) and without a declaration the judge's list
        contradicts (we know every word, so the other side may too), unless
        nothing else is left. The search's random replies meet neither."""
        word = state.word()
        vocab = self.vocab(state)
        wordlist = state.wordlist()

        def unsound(move) -> bool:
            if move is DOUBT:
                return vocab.count(word) > 0
            if isinstance(move, Declare) and state.judge == DICTIONARY:
                return bool(wordlist.judge_declaration(word, move.words).params.get("contradiction"))
            return False

        kept = [move for move in moves if not unsound(move)]
        return kept or moves

    # --- the end of the game -----------------------------------------------------------------
    def _endgame_filter(self, state, player: int, legal: list) -> Thinking:
        """(a move that ends the game with us alone in the lead, or None; the
        moves left to choose from: without those that end the game with us
        not in the lead, then without those that let the next player end it
        so, as long as some move is left)."""
        ends_behind, lets_end = set(), set()
        for move in legal:
            if isinstance(move, Change):
                continue  # a change touches neither the polygon nor the scores
            yield
            trial = self._after(state, player, move)
            if trial.is_terminal():
                if _alone_ahead(trial, player):
                    return move, legal
                ends_behind.add(move)
            elif self._reply_ends_it(trial, player):
                lets_end.add(move)
        for avoided in (ends_behind | lets_end, ends_behind):
            left = [move for move in legal if move not in avoided]
            if left:
                return None, left
        return None, legal

    def _after(self, state, player: int, move):
        """A copy of `state` after `move`, the draws it causes and the small
        decisions it queues (which letter a penalty takes, which reward):
        the game ends, or not, only once those are settled, whichever is chosen."""
        trial = state.clone()
        trial.apply_unchecked(player, move)
        while trial.queue and not trial.is_terminal():
            if trial.is_chance():
                trial.apply_unchecked(CHANCE, trial.sample_chance(self.rng))
                continue
            acting = trial.to_move()
            if not acting:
                break
            trial.apply_unchecked(acting[0], next(iter(trial.legal_moves(acting[0]))))
        return trial

    def _reply_ends_it(self, trial, player: int) -> bool:
        """Whether the next player, if not us, can end the game by passing,
        suspending or conceding with us not alone in the lead."""
        acting = trial.to_move()
        if self.sharp and acting == (player,) and trial.phase == "turn" and trial.placed and END in trial.legal_moves(player):
            # our letter is down: the other side's chances once we end the turn
            trial = self._after(trial, player, END)
            acting = trial.to_move()
        if len(acting) != 1 or acting[0] == player:
            return False
        other = acting[0]
        if self.sharp and trial.phase == "turn" and not trial.placed and trial.racks[other] \
                and trial.ending_at_next("?")[1] is not None and not _alone_ahead(trial, player):
            return True  # any letter they hold, on the lit square, ends it (scores as they stand)
        tried = set()
        for reply in trial.legal_moves(other):
            kind = type(reply)
            if self.sharp and trial.phase == "respond":
                pass  # accepting, or the judge's contradiction or correction: words anyone may know
            elif kind not in (Pass, Concede, Suspend) or kind in tried:
                continue  # one pass stands for all: which letter it costs changes no ending
            tried.add(kind)
            ended = self._after(trial, other, reply)
            if ended.is_terminal() and not _alone_ahead(ended, player):
                return True
        return False

    def _keep_value(self, state, player: int, letter: str) -> float:
        """How much a rack letter is worth keeping: common letters, and letters
        that go on the word under construction."""
        value = self._letter_value(state, letter)
        if state.racks[player].count(letter) > 1:
            value *= 0.6
        if self.vocab(state).count(state.word() + letter):
            value += 5
        return value

    # --- the opening ---------------------------------------------------------------------
    def _opening(self, state, player: int, legal: list) -> Thinking:
        vocab = self.vocab(state)
        best, best_value = legal[0], -1e9
        for index, move in enumerate(legal):
            if index % OPENING_CHUNK == OPENING_CHUNK - 1:
                yield
            cell = C.parse_cell(move.cell)
            heading = C.DIRECTION_NAMES.index(move.heading)
            room = 0
            probe = C.step(cell, heading)
            while probe is not None:
                room += 1
                probe = C.step(probe, heading)
            value = math.log1p(vocab.count(move.letter)) + 0.3 * min(room, 8) - self._letter_value(state, move.letter) * 0.05
            value += self.noise * (self.rng.random() - 0.5)
            if value > best_value:
                best, best_value = move, value
        return best

    # --- answers to a declaration -------------------------------------------------------------
    def _respond(self, state, player: int) -> Thinking:
        declaration = state.declaration
        if state.judge != DICTIONARY:
            return ACCEPT
        wordlist = state.wordlist()
        vocab = self.vocab(state)
        prefix = declaration["prefix"]
        known = vocab.completions(prefix)
        for word in sorted(known, key=lambda w: (-(wordlist.frequency(w) or 0), w)):
            yield
            if wordlist.judge_contradiction(prefix, declaration["words"], word).ok:
                return Contradict(word)
        shorter = []
        for w in known:
            if MIN_WORD <= len(w) < declaration["length"]:
                yield
                if any(wordlist.same_family(w, d) for d in declaration["words"]):
                    shorter.append(w)
        if shorter and points_for(min(map(len, shorter))) < points_for(declaration["length"]):
            return Correct(min(shorter, key=lambda w: (len(w), w)))
        return ACCEPT

    # --- a turn ------------------------------------------------------------------------------
    def _turn(self, state, player: int, legal: list) -> Thinking:
        finds = [m for m in legal if isinstance(m, Find)]
        if finds:
            return max(finds, key=lambda m: ((m.syllable is not None) + m.shape, m.card))
        word = state.word()
        vocab = self.vocab(state)
        texts = {m.text for m in legal}
        if state.placed:
            return (yield from self._after_placing(state, player, legal, word, vocab, texts))
        # Before placing: doubt a word nobody can finish.
        if "doubt" in texts and len(word) >= 2 and vocab.count(word) == 0:
            full = state.wordlist().has_prefix(word)
            if not full or self.rng.random() < self.doubt_rate * (0.5 if self.level != "hard" else 0.0):
                return DOUBT
        declare, floor = yield from self._declaration(state, word, vocab)
        options = yield from self._placements(state, player, legal, word, vocab)
        best_value, best_move = (max(options, key=lambda o: o[0]) if options else (-1e9, None))
        if declare is not None:
            if declared_value(declare, floor) > best_value:
                return declare
        if best_move is not None and best_value > 0:
            return best_move
        plan = self._change_to_close(state, player, legal, word, vocab)
        if plan is not None:
            return plan
        if "suspend" in texts:
            return SUSPEND
        if best_move is not None and self.rng.random() < self.bluff:
            return best_move  # a bluff: the letter leads to no word it knows
        passes = [m for m in legal if isinstance(m, Pass)]
        if passes:
            if len(passes) == 1:
                return passes[0]
            return min(passes, key=lambda m: (self._keep_value(state, player, m.letter), m.letter))
        return best_move if best_move is not None else legal[0]

    def _declaration(self, state, word: str, vocab: Vocabulary) -> Thinking:
        """(a declaration worth making, or None; what it is worth if another
        player corrects it down to the family's shortest word)."""
        if not self.declare or len(word) < MIN_DECLARE or state.judge != DICTIONARY:
            return None, 0
        known = [w for w in vocab.completions(word) if len(w) >= MIN_WORD]
        if not known or len(known) > 60:
            return None, 0
        wordlist = state.wordlist()
        shortest = min(known, key=lambda w: (len(w), w))
        for w in known:
            yield
            if not wordlist.same_family(shortest, w):
                return None, 0
        # The longest word scores most; a correction can only bring it down to
        # the shortest, which naming the shortest would score anyway.
        named = max(known, key=lambda w: (points_for(len(w)), len(w) >= LONG_WORD, w))
        # A word one letter on is worth declaring too: placing that letter and
        # closing scores more (`_turn` weighs both), but only if we hold it.
        if not wordlist.declaration_admissible(word, (named,)).ok:
            return None, 0
        return Declare((named,)), points_for(len(shortest))

    def _placements(self, state, player: int, legal: list, word: str, vocab: Vocabulary) -> Thinking:
        """(value, move) for each single placement."""
        options = []
        bonus = state.bonuses[player]
        rack = state.racks[player]
        for move in legal:
            if not isinstance(move, Place):
                continue
            yield
            extended = word + move.letter
            rest = rack.replace(move.letter, "", 1)
            value = self._word_value(extended, vocab, rest, bonus)
            trial = state.clone()
            trial.apply_unchecked(player, move)
            value += self._ending_value(trial, player)
            if self.lookahead and not trial.is_terminal():
                value += self._finds_after(trial, player)
                if not (len(extended) >= MIN_WORD and vocab.is_word(extended)):
                    value -= self._gift(state, extended)
                    if self.sharp:
                        value -= self._declaration_gift(state, extended)
                        value = max(value, (yield from self._declared_after(trial, player, extended, vocab)))
            value += self.noise * (self.rng.random() - 0.5)
            if not vocab.count(extended) and not trial.is_terminal():
                # a letter that starts no word it knows stays a bluff (see `_turn`), whatever a
                # syllable or a shape it opens would score: a word game's computer spells;
                # hard alone places it for a card it claims at once (see the module doc)
                card_points = self._finds_after(trial, player) if self.sharp else 0
                value = card_points - CARD_BLUFF_COST if card_points else min(value, NONSENSE_VALUE)
            options.append((value, move))
        return options

    def _declared_after(self, trial, player: int, extended: str, vocab: Vocabulary) -> Thinking:
        """What the letters `extended` are worth when we declare them at once,
        as `_turn` weighs a declaration (with the cards the letter claims), or
        -inf when they are not worth declaring."""
        declare, floor = yield from self._declaration(trial, extended, vocab)
        if declare is None:
            return -math.inf
        return declared_value(declare, floor) + self._finds_after(trial, player)

    def _finds_after(self, trial, player: int) -> float:
        """Points a syllable or shape of our cards would score right after the move."""
        best = 0
        for card in trial.hands[player]:
            for move in trial._find_moves(card):
                best = max(best, 3 * ((move.syllable is not None) + move.shape))
        return best

    def _gift(self, state, prefix: str) -> float:
        """Expected points the next player scores by closing `prefix` with one
        letter, if they know the everyday words (level 2) and hold a random rack."""
        common = vocabulary(state.wordlist(), 2)
        closing = {word[-1]: points_for(len(word)) for word in common.completions(prefix, 80)
                   if len(word) == len(prefix) + 1 and len(word) >= MIN_WORD}
        return _reply_points(state.lang, closing)

    def _declaration_gift(self, state, prefix: str) -> float:
        """Expected points the next player scores by placing one letter on
        `prefix` and declaring the word, nobody able to contradict it (every
        listed completion one family), if they hold a random rack."""
        wordlist = state.wordlist()
        declaring = {letter: declarable_points(wordlist, prefix + letter) for letter in C.sack_counts(state.lang)}
        return _reply_points(state.lang, {letter: worth for letter, worth in declaring.items() if worth})

    def _word_value(self, extended: str, vocab: Vocabulary, rest: str, bonus: int) -> float:
        if len(extended) >= MIN_WORD and vocab.is_word(extended):
            return points_for(len(extended)) + 2.0
        if bonus > 0:
            for second in set(rest):
                longer = extended + second
                if len(longer) >= MIN_WORD and vocab.is_word(longer):
                    return points_for(len(longer)) + 0.5
        count = vocab.count(extended)
        if count == 0:
            return -1.0
        return 0.5 + 0.25 * math.log1p(count)

    def _ending_value(self, trial, player: int) -> float:
        """A move that ends the game is worth a lot if it leaves us ahead."""
        if not trial.is_terminal():
            return 0.0
        scores = trial.scores()
        best = max(scores)
        return 8.0 if scores[player] == best and scores.count(best) == 1 else -8.0

    def _change_to_close(self, state, player: int, legal: list, word: str, vocab: Vocabulary):
        """Spend a bonus to change a letter when that closes a word at once."""
        if state.changed or state.bonuses[player] < 1 or len(word) < MIN_WORD - 1:
            return None
        sack = state.sack(player)
        for letter in sorted(sack, key=lambda x: -self._letter_value(state, x)):
            if vocab.is_word(word + letter):
                old = min(state.racks[player], key=lambda x: (self._keep_value(state, player, x), x), default=None)
                if old is not None and old != letter and Change(old, letter) in legal:
                    return Change(old, letter)
        return None

    def _after_placing(self, state, player: int, legal: list, word: str, vocab: Vocabulary, texts) -> Thinking:
        if "close" in texts and vocab.is_word(word) and not self._close_ends_it_behind(state, player):
            return CLOSE
        if state.placed == 1 and state.bonuses[player] > 0:
            for move in legal:
                if isinstance(move, Place) and len(word) + 1 >= MIN_WORD and vocab.is_word(word + move.letter):
                    yield
                    trial = state.clone()
                    trial.apply_unchecked(player, move)
                    if self._ending_value(trial, player) >= 0:
                        return move
        declare, _ = yield from self._declaration(state, word, vocab)
        if declare is not None:
            return declare
        if self.sharp and state.placed == 1 and state.bonuses[player] > 0:
            second = yield from self._second_letter(state, player, legal, word, vocab)
            if second is not None:
                return second
        if not state.changed:
            change = self._free_change(state, player, legal)
            if change is not None:
                return change
        if not state.gave_up and state.bonuses[player] == 0:
            rare = [x for x in state.racks[player] if self._letter_value(state, x) < 0.6]
            if rare and len(state.racks[player]) > 4:
                return GiveUp(rare[0])
        return END

    def _second_letter(self, state, player: int, legal: list, word: str, vocab: Vocabulary) -> Thinking:
        """A second letter (it costs the bonus) that spells on and lets us claim
        a syllable or a shape of our cards at once, or declare the word, or None."""
        options = yield from self._placements(state, player, legal, word, vocab)
        spelled = [(value, move) for value, move in options if vocab.count(word + move.letter)]
        if not spelled:
            return None
        value, move = max(spelled, key=lambda o: o[0])
        return move if value >= SECOND_LETTER_VALUE else None

    def _close_ends_it_behind(self, state, player: int) -> bool:
        """Closing would put the word's '+' where the polygon stops (R40), with
        us not alone in the lead once the word is scored."""
        if state.ending_at_next(PLUS)[1] is None:
            return False
        return not _alone_ahead(self._after(state, player, CLOSE), player)

    def _free_change(self, state, player: int, legal: list):
        rack = state.racks[player]
        if not rack:
            return None
        old = min(rack, key=lambda x: (self._keep_value(state, player, x), x))
        same_kind = [x for x in state.sack(player) if C.is_vowel(x) == C.is_vowel(old) and x != old]
        if not same_kind:
            return None
        new = max(same_kind, key=lambda x: (self._letter_value(state, x) * (0.5 if x in rack else 1.0), x))
        if self._letter_value(state, new) <= self._letter_value(state, old) * 1.2:
            return None
        move = Change(old, new)
        return move if move in legal else None


def _reply_points(lang: str, points_by_letter: dict) -> float:
    """The chance that a random rack holds one of these letters, times the
    most one of them scores: what the next player can expect from them."""
    counts = C.sack_counts(lang)
    total = sum(counts.values())
    miss = 1.0
    for letter in points_by_letter:
        miss *= (1.0 - counts.get(letter, 0) / total) ** C.START_LETTERS
    return (1.0 - miss) * max(points_by_letter.values(), default=0)


_DECLARABLE: dict = {}
DECLARABLE_WORDS = 60  # more completions than this are never all one family in practice


def declarable_points(wordlist, prefix: str) -> int:
    """What declaring on `prefix` scores for certain when every listed
    completion is of one family (a correction leaves the shortest), else 0."""
    key = (wordlist.lang, len(wordlist), prefix)
    points = _DECLARABLE.get(key)
    if points is None:
        points = 0
        if len(prefix) >= MIN_DECLARE and 0 < wordlist.count_completions(prefix) <= DECLARABLE_WORDS:
            words = [w for w in wordlist.completions(prefix) if len(w) >= MIN_WORD]
            if words:
                shortest = min(words, key=lambda w: (len(w), w))
                if all(wordlist.same_family(shortest, w) for w in words):
                    points = points_for(len(shortest))
        if len(_DECLARABLE) > 100_000:
            _DECLARABLE.clear()
        _DECLARABLE[key] = points
    return points


def declared_value(declare: Declare, floor: int) -> float:
    """A declaration's worth: halfway between its own score and the score a
    correction leaves (`floor`)."""
    return (points_for(len(declare.words[0])) + floor) / 2 - 0.5


def _alone_ahead(state, player: int) -> bool:
    scores = state.scores()
    return all(scores[player] > score for other, score in enumerate(scores) if other != player)


def _words_named(state, player, move) -> list:
    """The words a move names (for the bench: words outside the vocabulary)."""
    if isinstance(move, Declare):
        return list(move.words)
    if isinstance(move, (Say, Contradict, Correct)):
        return [move.word]
    if move is CLOSE or getattr(move, "keyword", "") == "close":
        return [state.word()]
    return []


AI_LEVELS = {
    "easy": lambda seed: WordBot(seed, "easy", bluff=0.1, doubt=0.5, declare=False, noise=1.0, lookahead=False),
    "medium": lambda seed: WordBot(seed, "medium", bluff=0.15, doubt=0.7, noise=0.4),
    "hard": lambda seed: WordBot(seed, "hard", bluff=0.2, doubt=1.0, endgame=True, sharp=True,
                                 endgame_seconds=ENDGAME_SECONDS),
}
DEFAULT_LEVEL = "medium"
