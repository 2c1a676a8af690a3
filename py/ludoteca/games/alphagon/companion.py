"""At the table: the companion for people playing the physical Alphagon.

The rulebook's optional web app does three things: choose the first player
(SETUP), deal each player's initial letters (SEQUENCE) and keep the scores
instead of tokens (SCORE). We add a referee for the words the table argues
about. Pure Python (no browser imports), tested under CPython.

Nothing here re-implements the game: the deal is the digital game's own
opening (``rules.GAME.new_state`` and its chance draws, balanced by
``components.balance_racks`` when asked), points come from
``rules.points_for`` and the components' constants, and the referee asks the
word judge (``dictionary.WordList``) through its public methods.

A session is a list of typed events; scores, bonuses, the winner and the log
are all derived from it, so undo is "drop the last event" and a saved
session is just its setup plus its events.
"""

from __future__ import annotations

from ...core.protocol import GameError, Settings
from ...core.rng import SEED_MASK
from . import components as C
from .rules import GAME, LONG_WORD, MIN_DECLARE, MIN_WORD, points_for

KIND = "alphagon-companion"
FORMAT = 1
COLOURS = ("red", "yellow", "green", "blue", "black", "white")  # the rulebook's six
DEALS = ("balanced", "random")
MAX_NAME = 24
MAX_WORD = 40
MAX_EVENTS = 2000

# Events. Each is a dict with "kind" and "player" (the seat whose button was
# tapped); some also carry "other" (a second seat), "length" (letters of the
# word that scores) or "prize". Points always come from the rules.
CLOSE = "close"  # player closes a word of `length` letters
DECLARED = "declared"  # player's declaration stood; `length`: its shortest word
CORRECTED = "corrected"  # other corrected player's declaration to `length` letters
CONTRADICTED = "contradicted"  # player contradicted other's declaration, closing with `length` letters
DOUBT_WON = "doubt_won"  # player doubted other, who had no word: other loses a letter
DOUBT_LOST = "doubt_lost"  # player doubted other, who named a word of `length`: other closes it, player loses a letter
SYLLABLE = "syllable"
SHAPE = "shape"
LONG_PRIZE = "long_prize"  # a word over 8 letters: `prize` is "bonus" or "letter"
STAR = "star"  # +1 bonus token
CLOUD = "cloud"  # -1 bonus token, or a letter when there is none
BONUS_SPENT = "bonus_spent"  # a pass, two letters, or a change before placing
PENALTY = "penalty"  # loses a letter of their choice
END = "end"  # the polygon or the game stopped without the goal: `reason`
RULING = "ruling"  # a referee verdict, maybe overruled by the table

WORD_EVENTS = (CLOSE, DECLARED, CORRECTED, CONTRADICTED, DOUBT_LOST)
SEAT_PAIR_EVENTS = (CORRECTED, CONTRADICTED, DOUBT_WON, DOUBT_LOST)
SCORE_EVENTS = WORD_EVENTS + (DOUBT_WON, SYLLABLE, SHAPE, LONG_PRIZE, STAR, CLOUD, BONUS_SPENT, PENALTY)
EVENT_KINDS = SCORE_EVENTS + (END, RULING)
PRIZES = ("bonus", "letter")
END_REASONS = ("closed", "ten_sides", "blocked", "stalemate")

# Referee questions.
IS_WORD = "word"  # is this a word?
HAS_PREFIX = "prefix"  # does any word start with these letters? (a doubt)
ONE_MEANING = "meaning"  # are the words starting with these letters of the declared meaning only?
SHORTEST = "shortest"  # the shortest word of the declared meaning (a correction)
QUESTIONS = (IS_WORD, HAS_PREFIX, ONE_MEANING, SHORTEST)


class CompanionError(GameError):
    """A refused action or an unreadable saved session; the session is unchanged."""


def _fail(message: str, code: str, **params) -> CompanionError:
    return CompanionError(message, "companion." + code, **params)


def goal_for(players: int) -> int:
    return C.GOAL[players]


# --- setup ------------------------------------------------------------------------------------
def clean_name(name, seat: int) -> str:
    if not isinstance(name, str):
        raise _fail("a name is text", "bad_name", seat=seat + 1)
    name = " ".join(name.split())
    if not name:
        raise _fail(f"player {seat + 1} needs a name", "empty_name", seat=seat + 1)
    if len(name) > MAX_NAME:
        raise _fail(f"player {seat + 1}'s name is too long", "long_name", seat=seat + 1, max=MAX_NAME)
    return name


def opening(players: int, lang: str, deal: str, seed: int):
    """The digital game's own opening on `seed`: (racks, first player, rotation)."""
    state = GAME.new_state(Settings(players, {"edition": lang, "deal": deal, "judge": "dictionary"}), seed)
    state.resolve_chance()
    return ["".join(sorted(rack)) for rack in state.racks], state.first_player, state.rotation


def evenness(racks, lang: str) -> float:
    """The balance figure: the richest rack's weight minus the poorest's."""
    return C.spread(racks, lang)


class Session:
    """One physical game at one table."""

    def __init__(self, lang: str, names, colours, seed: int, deal: str = "balanced", first=None):
        players = len(names)
        if lang not in C.LANGUAGES:
            raise _fail(f"no {lang!r} edition", "bad_language", lang=str(lang)[:8])
        if not GAME.min_players <= players <= GAME.max_players or players not in C.GOAL:
            raise _fail("2 to 6 players", "bad_players", min=GAME.min_players, max=GAME.max_players)
        if deal not in DEALS:
            raise _fail(f"no {deal!r} deal", "bad_deal")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_MASK:
            raise _fail("the seed is a whole number", "bad_seed")
        self.names = [clean_name(name, seat) for seat, name in enumerate(names)]
        if len(set(n.casefold() for n in self.names)) != players:
            raise _fail("two players have one name", "same_name")
        if len(colours) != players or any(c not in COLOURS for c in colours):
            raise _fail("each player takes one of the six colours", "bad_colour")
        if len(set(colours)) != players:
            raise _fail("two players have one colour", "same_colour")
        self.colours = list(colours)
        self.lang = lang
        self.deal = deal
        self.seed = seed
        self.racks, drawn_first, self.rotation = opening(players, lang, deal, seed)
        if first is None:
            self.first, self.first_drawn = drawn_first, True
        else:
            self._check_seat(first, "first")
            self.first, self.first_drawn = first, False
        self.events: list = []

    # --- reading -----------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def goal(self) -> int:
        return goal_for(self.players)

    def seat_order(self) -> list:
        """Seats in turn order from the first player (the drawn rotation)."""
        return [(self.first + self.rotation * step) % self.players for step in range(self.players)]

    def evenness(self) -> float:
        return evenness(self.racks, self.lang)

    def tally(self):
        """(points, bonuses, winner seats, end reason) after every event.
        The winner is whoever first reaches the goal; at any other end, the
        most points (a tie names every leader)."""
        points = [0] * self.players
        bonuses = [C.START_BONUSES] * self.players
        for event in self.events:
            for seat, gained, bonus in self.effects(event, bonuses):
                points[seat] += gained
                bonuses[seat] += bonus
            if event["kind"] == END:
                top = max(points)
                return points, bonuses, [s for s in range(self.players) if points[s] == top], event["reason"]
            reached = [s for s in range(self.players) if points[s] >= self.goal]
            if reached:
                return points, bonuses, reached[:1], "goal"
        return points, bonuses, [], None

    def scores(self) -> list:
        return self.tally()[0]

    def bonuses(self) -> list:
        return self.tally()[1]

    def winners(self) -> list:
        return self.tally()[2]

    def is_over(self) -> bool:
        return self.tally()[3] is not None

    def effects(self, event: dict, bonuses) -> list:
        """[(seat, points, bonus change)] of one event, given the bonuses before it."""
        kind, seat = event["kind"], event.get("player")
        if kind in WORD_EVENTS:
            scorer = event["other"] if kind == DOUBT_LOST else seat
            return [(scorer, points_for(event["length"]), 0)]
        if kind in (SYLLABLE, SHAPE):
            return [(seat, C.SYLLABLE_POINTS if kind == SYLLABLE else C.SHAPE_POINTS, 0)]
        if kind == LONG_PRIZE and event["prize"] == "bonus" or kind == STAR:
            return [(seat, 0, 1)]
        if kind in (BONUS_SPENT, CLOUD) and bonuses[seat] > 0:
            return [(seat, 0, -1)]
        return []

    def penalised(self, event: dict) -> list:
        """Seats that lose a letter of their choice through `event`."""
        kind = event["kind"]
        if kind == PENALTY or kind == CLOUD and event.get("no_bonus"):
            return [event["player"]]
        if kind in (DOUBT_WON, CONTRADICTED):
            return [event["other"]]
        if kind == DOUBT_LOST:
            return [event["player"]]
        return []

    # --- scoring ---------------------------------------------------------------------
    def _check_seat(self, seat, field: str) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise _fail(f"{field} is no player", "bad_seat", field=field)

    def score(self, kind: str, player: int, other=None, length=None, prize=None) -> dict:
        """Records one scoring event; returns it. Refused (nothing changes) when
        the game is over or the event does not fit the rules."""
        if kind not in SCORE_EVENTS:
            raise _fail(f"{kind!r} is not scored", "bad_event")
        if self.is_over():
            raise _fail("the game is over: undo to go on", "over")
        self._check_seat(player, "player")
        event = {"kind": kind, "player": player}
        if kind in SEAT_PAIR_EVENTS:
            self._check_seat(other, "other")
            if other == player:
                raise _fail("that needs two different players", "same_seat")
            event["other"] = other
        if kind in WORD_EVENTS:
            if isinstance(length, bool) or not isinstance(length, int) or not MIN_WORD <= length <= MAX_WORD:
                raise _fail(f"words have at least {MIN_WORD} letters", "bad_length", min=MIN_WORD)
            event["length"] = length
        if kind == LONG_PRIZE:
            if prize not in PRIZES:
                raise _fail("the prize is a bonus or a letter", "bad_prize")
            if prize == "bonus" and self.bonuses()[player] >= C.START_BONUSES:
                raise _fail("a bonus only below the starting allotment", "prize_full", max=C.START_BONUSES)
            event["prize"] = prize
        if kind == BONUS_SPENT and self.bonuses()[player] <= 0:
            raise _fail("no bonus left", "no_bonus")
        if kind == CLOUD and self.bonuses()[player] <= 0:
            event["no_bonus"] = True  # the rules take a letter instead
        self.events.append(event)
        return event

    def end(self, reason: str) -> dict:
        """The game stopped without the goal (the polygon closed, ten sides, a stalemate...)."""
        if reason not in END_REASONS:
            raise _fail("no such ending", "bad_end")
        if self.is_over():
            raise _fail("the game is over: undo to go on", "over")
        event = {"kind": END, "reason": reason}
        self.events.append(event)
        return event

    def undo(self) -> dict:
        if not self.events:
            raise _fail("nothing to undo", "nothing_to_undo")
        return self.events.pop()

    def record_ruling(self, verdict: "Verdict", overruled: bool = False) -> dict:
        """Logs a referee verdict, and whether the table overruled it (house rules)."""
        event = {"kind": RULING, **verdict.to_json(), "overruled": bool(overruled)}
        self.events.append(event)
        return event

    # --- the log ------------------------------------------------------------------------
    def log(self) -> list:
        """[(message key, params)] per event, oldest first: what was scored and why.
        Params name players by name; `points` is what the event scored."""
        lines = []
        bonuses = [C.START_BONUSES] * self.players
        for event in self.events:
            effects = self.effects(event, bonuses)
            for seat, _, bonus in effects:
                bonuses[seat] += bonus
            lines.append(self.describe(event, effects))
        return lines

    def describe(self, event: dict, effects=()) -> tuple:
        kind = event["kind"]
        params = {}
        for field in ("player", "other"):
            if field in event:
                params[field] = self.names[event[field]]
        for field in ("length", "prize", "reason", "letters", "declared", "word"):
            if field in event:
                params[field] = event[field]
        params["points"] = sum(gained for _, gained, _ in effects)
        if kind == RULING:
            params["verdict"] = (event["key"], dict(event["params"]))
            return ("companion.log.ruling_overruled" if event["overruled"] else "companion.log.ruling"), params
        if kind == CLOUD and event.get("no_bonus"):
            return "companion.log.cloud_letter", params
        return "companion.log." + kind, params

    # --- saving ---------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "kind": KIND, "format": FORMAT, "lang": self.lang, "names": list(self.names),
            "colours": list(self.colours), "seed": self.seed, "deal": self.deal,
            "first": None if self.first_drawn else self.first,
            "racks": list(self.racks),  # kept: a later change to the deal never changes a table's letters
            "events": [dict(event) for event in self.events],
        }

    @classmethod
    def from_json(cls, data) -> "Session":
        """A saved session, replayed event by event through the same checks as
        play: a damaged save gives CompanionError (code companion.bad_save*)."""
        if not isinstance(data, dict) or data.get("kind") != KIND:
            raise _fail("not a companion session", "bad_save")
        if data.get("format") != FORMAT:
            raise _fail("a companion session of another version", "bad_save_format")
        for field, kind in (("names", list), ("colours", list), ("events", list), ("lang", str), ("deal", str)):
            if not isinstance(data.get(field), kind):
                raise _fail(f"{field} is missing", "bad_save_field", field=field)
        if len(data["events"]) > MAX_EVENTS:
            raise _fail("too many events", "bad_save_field", field="events")
        try:
            session = cls(data["lang"], data["names"], data["colours"], data.get("seed"), data["deal"], data.get("first"))
            if "racks" in data:
                session.racks = session._checked_racks(data["racks"])
            for event in data["events"]:
                session._replay(event)
        except CompanionError as error:
            raise _fail(f"damaged session: {error}", "bad_save_entry", reason=error.code) from error
        return session

    def _checked_racks(self, racks) -> list:
        """Saved letters: each player's 3 vowels and 4 consonants, from one colour's sacks."""
        full = C.sack_counts(self.lang)
        if not isinstance(racks, list) or len(racks) != self.players:
            raise _fail("the letters are damaged", "bad_racks")
        for rack in racks:
            if (not isinstance(rack, str) or len(rack) != C.START_LETTERS
                    or any(letter not in full or rack.count(letter) > full[letter] for letter in rack)
                    or sum(map(C.is_vowel, rack)) != C.START_VOWELS):
                raise _fail("the letters are damaged", "bad_racks")
        return ["".join(sorted(rack)) for rack in racks]

    def _replay(self, event) -> None:
        if not isinstance(event, dict) or event.get("kind") not in EVENT_KINDS:
            raise _fail("an unknown event", "bad_event")
        kind = event["kind"]
        if kind == END:
            self.end(event.get("reason"))
        elif kind == RULING:
            verdict = Verdict.from_json(event)
            self.record_ruling(verdict, event.get("overruled") is True)
        else:
            self.score(kind, event.get("player"), event.get("other"), event.get("length"), event.get("prize"))


# --- the referee ---------------------------------------------------------------------------
class Verdict:
    """The referee's answer: `ok` (yes / the claim stands), the message `key`
    that explains it and its `params`; the question asked is kept for the log."""

    __slots__ = ("question", "letters", "declared", "ok", "key", "params")

    def __init__(self, question, letters, declared, ok, key, params):
        self.question, self.letters, self.declared = question, letters, tuple(declared)
        self.ok, self.key, self.params = bool(ok), key, dict(params)

    def to_json(self) -> dict:
        return {"question": self.question, "letters": self.letters, "declared": "/".join(self.declared),
                "ok": self.ok, "key": self.key, "params": dict(self.params)}

    @classmethod
    def from_json(cls, data: dict) -> "Verdict":
        question, letters, declared = data.get("question"), data.get("letters"), data.get("declared")
        params, key = data.get("params"), data.get("key")
        if (question not in QUESTIONS or not isinstance(letters, str) or not isinstance(declared, str)
                or not isinstance(key, str) or not isinstance(params, dict) or not isinstance(data.get("ok"), bool)
                or len(letters) > MAX_WORD or len(declared) > 4 * MAX_WORD or len(key) > 80
                or not all(isinstance(k, str) and isinstance(v, (str, int, bool)) for k, v in params.items())):
            raise _fail("a damaged ruling", "bad_ruling")
        return cls(question, letters, [w for w in declared.split("/") if w], data["ok"], key, params)

    def __repr__(self) -> str:
        return f"Verdict({self.question!r}, {self.letters!r}, ok={self.ok}, {self.key!r}, {self.params!r})"


def _letters(text) -> str:
    """Typed letters, folded as the judge folds them (accents off, upper case)."""
    from .dictionary import fold

    if not isinstance(text, str):
        raise _fail("type some letters", "no_letters")
    letters = fold("".join(text.split()))
    if not letters:
        raise _fail("type some letters", "no_letters")
    if len(letters) > MAX_WORD or not (letters.isascii() and letters.isalpha()):
        raise _fail("letters A to Z only", "bad_letters")
    return letters


def _words(declared) -> list:
    if isinstance(declared, str):
        declared = declared.replace(",", "/").replace(" ", "/").split("/")
    words = [_letters(word) for word in declared if isinstance(word, str) and word.strip()]
    if not words:
        raise _fail("type the declared word", "no_declared")
    return words


def _from_judgement(question, letters, declared, judgement, ok=None) -> Verdict:
    key = ("alphagon.judge." if judgement.ok else "error.alphagon.") + judgement.code
    return Verdict(question, letters, declared, judgement.ok if ok is None else ok, key, judgement.params)


def referee(wordlist, question: str, letters, declared=(), word=None) -> Verdict:
    """The judge's answer to one of the table's questions (QUESTIONS).

    `letters` is the word (IS_WORD) or the letters on the board (the rest);
    `declared` the declared word(s) of one meaning (ONE_MEANING, SHORTEST);
    `word` an optional proposed correction (SHORTEST)."""
    if question not in QUESTIONS:
        raise _fail("no such question", "bad_question")
    letters = _letters(letters)
    if question == IS_WORD:
        if len(letters) < MIN_WORD:
            return Verdict(question, letters, (), False, "error.alphagon.too_short", {"word": letters, "min": MIN_WORD})
        if wordlist.is_word(letters):
            return Verdict(question, letters, (), True, "companion.judge.word", {"word": letters})
        return Verdict(question, letters, (), False, "error.alphagon.not_a_word", {"word": letters})
    if question == HAS_PREFIX:
        found = wordlist.has_prefix(letters)
        return Verdict(question, letters, (), found,
                       "companion.judge.prefix" if found else "companion.judge.no_prefix", {"prefix": letters})
    if len(letters) < MIN_DECLARE:
        return Verdict(question, letters, (), False, "error.alphagon.declare_early", {"min": MIN_DECLARE})
    words = _words(declared)
    if question == ONE_MEANING:
        judgement = wordlist.judge_declaration(letters, words)
        return _from_judgement(question, letters, words, judgement, judgement.ok and judgement.params["unique"])
    shortest = min(words, key=lambda w: (len(w), w))
    if word is not None and str(word).strip():
        return _from_judgement(question, letters, words, wordlist.judge_correction(letters, words, _letters(word), len(shortest)))
    admissible = wordlist.declaration_admissible(letters, words)
    if not admissible.ok:
        return _from_judgement(question, letters, words, admissible)
    candidates = [wordlist.shortest_in_family(letters, declared_word) for declared_word in words]
    best = min((c for c in candidates if c), key=len, default=None)
    if best is not None and len(best) < len(shortest):
        return _from_judgement(question, letters, words, wordlist.judge_correction(letters, words, best, len(shortest)))
    return Verdict(question, letters, words, False, "companion.judge.no_shorter",
                   {"word": shortest, "length": len(shortest), "points": points_for(len(shortest))})


def earns_prize(length: int) -> bool:
    """A closed word over 8 letters earns a bonus or a letter (below the start allotment)."""
    return length >= LONG_WORD


__all__ = [
    "COLOURS", "DEALS", "QUESTIONS", "CompanionError", "Session", "Verdict", "evenness", "goal_for",
    "earns_prize", "opening", "referee",
]
