"""Alphagon's word judge: is it a word, can a prefix go on, is a declared word unique.

The word lists live in ``web/words/{en,it}.txt.gz`` (made by
``py/tools/wordlists.py``). Uncompressed, a list is ASCII text:

    AARDVARK     <- one word a line: 4+ letters A-Z, sorted, no repeats
    ...
    ZYGOTE
                 <- one empty line
    (3!8...      <- one char per word, same order: chr(0x21 + round(10 * Zipf))
    3 1 4 ...    <- the families of meaning: verbs, declarable forms, then one
    ...             family a line, as gaps between word positions (web/words/README.md)

so that loading is two ``split`` calls, not a loop over 100,000 lines (the
families are parsed last, a piece at a time). Zipf is wordfreq's log10 frequency per
billion words (0.0: not seen; 4.0: common).

Queries bisect the sorted list (about 1 microsecond each). The module has no
browser imports and loads only when an Alphagon game needs it: the UI fetches
the gzipped bytes and calls :func:`load`.

The families of meaning for "declare unique" and for corrections come with the
list, made from lexical data by the generator; RULINGS.md beside this file
(R33, R34) says how.
"""

from __future__ import annotations

import unicodedata
import zlib
from bisect import bisect_left

__all__ = [
    "AI_LEVELS",
    "DictionaryError",
    "FamilyVerdict",
    "Judgement",
    "WordList",
    "fold",
    "load",
    "loading",
    "run_pieces",
]

MIN_LETTERS = 4
FREQ_BASE = 0x21
ZIPF_STEP = 10
_AFTER_Z = "["  # the character after "Z": prefix + "[" bounds every word starting with prefix
# Bytes of gzip input, or characters of text to split, in one piece of a load
# (`loading`): a few milliseconds in CPython, so the browser can draw between pieces.
LOAD_CHUNK = 1 << 16
SPLIT_CHUNK = 1 << 17
FAMILY_CHUNK = 2000  # families parsed in one piece (about 10 ms of CPython)

# Least Zipf frequency a word needs for an AI of each level to know it.
# Level 1 knows ~6,000 everyday words; level 5 knows the whole list.
AI_LEVELS = {1: 4.0, 2: 3.0, 3: 2.0, 4: 0.1, 5: 0.0}


class DictionaryError(ValueError):
    """The word-list data is corrupt or not a word list."""


def fold(word: str) -> str:
    """A query in list form: uppercase, accents dropped (città -> CITTA)."""
    if word.isascii():
        return word.upper()
    decomposed = unicodedata.normalize("NFD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).upper()


# Families of meaning come with the list (see ``py/tools/wordlists.py``): made
# at build time from lexical data (WordNet in English; Morph-it! lemmas and a
# table of derivational suffixes in Italian), never from spelling at play time.
# The only rule applied here is English verb inflection, for declared forms the
# list leaves out: CONCLUDING is a form of CONCLUDE, which the list marks as a verb.
LANGUAGES = ("en", "it")
# The E first: STARING is of STARE, not STAR (whose form doubles the R).
_EN_VERB_ENDINGS = (("ING", "E"), ("ING", ""), ("ED", "E"), ("ED", ""), ("IED", "Y"), ("IES", "Y"), ("S", ""))


class FamilyVerdict:
    """The answer to "is this prefix one family?", for a declared word or the shortest one."""

    __slots__ = ("prefix", "base", "members", "contradictions", "base_is_word")

    def __init__(self, prefix: str, base, members: tuple, contradictions: tuple, base_is_word: bool):
        self.prefix = prefix
        self.base = base  # the word the family is built around
        self.members = members  # completions in the family, most frequent first
        self.contradictions = contradictions  # completions outside it, most frequent first
        self.base_is_word = base_is_word  # False: the declared word is no completion of the prefix

    @property
    def unique(self) -> bool:
        """True when the base is a valid completion and every completion is in its family."""
        return self.base_is_word and bool(self.members) and not self.contradictions

    @property
    def contradiction(self) -> str | None:
        """The word an opponent would most likely name against the declaration."""
        return self.contradictions[0] if self.contradictions else None

    @property
    def shortest(self) -> str | None:
        """The family's shortest word (most frequent on a tie): it sets the score."""
        return min(self.members, key=len) if self.members else None

    def __repr__(self) -> str:
        return (
            f"FamilyVerdict({self.prefix!r}, base={self.base!r}, unique={self.unique}, "
            f"shortest={self.shortest!r}, contradiction={self.contradiction!r})"
        )


class WordList:
    """One edition's dictionary: sorted words plus a Zipf frequency for each."""

    def __init__(self, words: list[str], freq: str, lang: str, families: str = ""):
        if len(words) != len(freq):
            raise DictionaryError(f"{len(words)} words but {len(freq)} frequencies")
        if lang not in LANGUAGES:
            raise DictionaryError(f"no word list for language {lang!r}")
        self.lang = lang
        self._words = words
        self._freq = freq
        self._families_text = families  # the families section, parsed on first use
        self._family_of: dict | None = None  # word or form -> family number
        self._family_words: list = []  # family number -> its words, listed ones only
        self._verbs: set = set()  # positions of the words with -ING and -ED forms
        self._top_cache: dict[tuple, tuple] = {}

    # ------------------------------------------------------------ loading

    @classmethod
    def from_bytes(cls, data: bytes, lang: str) -> WordList:
        """Build from the gzipped file's bytes (as fetched by the browser)."""
        return run_pieces(_from_bytes_in_pieces(data, lang))

    @classmethod
    def from_text(cls, text: str, lang: str) -> WordList:
        return run_pieces(_from_text_in_pieces(text, lang))

    @classmethod
    def from_words(cls, frequencies: dict[str, float], lang: str, families=(), verbs=()) -> WordList:
        """Build from {word: zipf}, e.g. for tests or a custom list, with
        ``families`` as lists of listed words of one meaning and ``verbs`` the
        words that have -ING and -ED forms."""
        words = sorted({fold(w) for w in frequencies})
        zipf = {fold(w): z for w, z in frequencies.items()}
        position = {w: i for i, w in enumerate(words)}

        def gaps(numbers):
            return " ".join(str(b - a) for a, b in zip([0, *numbers], numbers))

        groups = sorted(sorted(position[fold(w)] for w in family) for family in families)
        lines = [gaps(sorted(position[fold(v)] for v in verbs)), ""]
        lines += [" ".join([str(g[0] - previous), *gaps(g).split()[1:]])
                  for previous, g in zip([0] + [g[0] for g in groups], groups)]
        return cls(words, "".join(chr(FREQ_BASE + round(zipf[w] * ZIPF_STEP)) for w in words), lang,
                   "\n".join(lines))

    # ------------------------------------------------------------ word queries

    def __len__(self) -> int:
        return len(self._words)

    def __contains__(self, word: str) -> bool:
        return self.is_word(word)

    def is_word(self, word: str) -> bool:
        """A valid word: in the list (4+ letters, accents folded)."""
        word = fold(word)
        i = bisect_left(self._words, word)
        return i < len(self._words) and self._words[i] == word

    def has_prefix(self, prefix: str) -> bool:
        """Some valid word starts with ``prefix`` (the prefix itself counts): settles a doubt."""
        prefix = fold(prefix)
        i = bisect_left(self._words, prefix)
        return i < len(self._words) and self._words[i].startswith(prefix)

    def _span(self, prefix: str) -> range:
        lo = bisect_left(self._words, prefix)
        return range(lo, bisect_left(self._words, prefix + _AFTER_Z, lo))

    def count_completions(self, prefix: str) -> int:
        return len(self._span(fold(prefix)))

    def completions(self, prefix: str, limit: int | None = None) -> list[str]:
        """Words starting with ``prefix``, most frequent first (alphabetical on ties)."""
        span = self._span(fold(prefix))
        freq = self._freq
        if limit is not None and limit * 8 < len(span):  # a few of many: no full sort
            # Searches ask for the same short prefixes constantly, and each is a long scan.
            key = (span.start, span.stop, limit)
            top = self._top_cache.get(key)
            if top is None:
                if len(self._top_cache) > 50_000:
                    self._top_cache.clear()
                top = self._top_cache[key] = tuple(self._words[i] for i in self._most_frequent(span, limit))
            return list(top)
        ranked = sorted(span, key=lambda i: -ord(freq[i]))  # stable: ties stay alphabetical
        return [self._words[i] for i in ranked[:limit]]

    def _most_frequent(self, span: range, limit: int) -> list[int]:
        """The `limit` most frequent positions of `span`, alphabetical on ties: what sorting the
        span by frequency gives first, found with string searches of the frequency column (a
        span of one or two letters holds thousands of words: a sort or a heap over it took
        up to 50 ms, one long task of a thinking computer in the browser)."""
        freq, start, stop = self._freq, span.start, span.stop
        found: list[int] = []
        level = ord(max(freq[start:stop]))
        while len(found) < limit and level >= 0:
            mark = chr(level)
            at = freq.find(mark, start, stop)
            while at != -1 and len(found) < limit:
                found.append(at)
                at = freq.find(mark, at + 1, stop)
            level -= 1
        return found

    def entries(self):
        """Every (word, Zipf frequency), alphabetical."""
        return ((w, (ord(f) - FREQ_BASE) / ZIPF_STEP) for w, f in zip(self._words, self._freq))

    def frequency(self, word: str) -> float | None:
        """The word's Zipf frequency (0.0 if wordfreq never saw it), or None if it is no word."""
        word = fold(word)
        i = bisect_left(self._words, word)
        if i < len(self._words) and self._words[i] == word:
            return (ord(self._freq[i]) - FREQ_BASE) / ZIPF_STEP
        return None

    # ------------------------------------------------------------ AI vocabulary

    def known_by(self, level: int):
        """A predicate: does an AI of ``level`` (1 easy .. 5 hard) know this word?"""
        threshold = chr(FREQ_BASE + round(_level_zipf(level) * ZIPF_STEP))

        def knows(word: str) -> bool:
            word = fold(word)
            i = bisect_left(self._words, word)
            return i < len(self._words) and self._words[i] == word and self._freq[i] >= threshold

        return knows

    def vocabulary(self, level: int, start: int = 0, stop: int | None = None) -> list[str]:
        """The words an AI of ``level`` knows, alphabetical; only among the
        list's words ``start:stop`` when given (to build it a chunk at a time)."""
        threshold = chr(FREQ_BASE + round(_level_zipf(level) * ZIPF_STEP))
        return [w for w, f in zip(self._words[start:stop], self._freq[start:stop]) if f >= threshold]

    # ------------------------------------------------------------ families

    def _families(self) -> dict:
        """{word or declarable form: family number}, parsed from the list's
        families section (format: ``encode_families`` in py/tools/wordlists.py;
        positions are gaps in the sorted list). ``loading`` parses it a piece
        at a time; a list made otherwise parses it on first use."""
        if self._family_of is None:
            run_pieces(self.parsing_families())
        return self._family_of

    def parsing_families(self):
        """Generator: parse the families section, yielding every FAMILY_CHUNK
        families (in one piece it is a pause of 0.1 s to 2 s in Pyodide)."""
        try:
            yield from self._parse_families()
        except (ValueError, IndexError) as exc:
            raise DictionaryError(f"the families section is corrupt: {exc}") from exc

    def _parse_families(self):
        words = self._words
        lines = self._families_text.split("\n")
        verb_line, form_line, family_lines = lines[0], "\n".join(lines[1:2]), lines[2:]
        at, verbs = 0, set()
        for gap in verb_line.split():
            at += int(gap)
            verbs.add(at)
        yield
        family_of: dict = {}
        family_words: list = []
        at = 0
        for count, line in enumerate(family_lines, start=1):
            if count % FAMILY_CHUNK == 0:
                yield
            gaps = line.split()
            if not gaps:
                continue
            number = len(family_words)
            at += int(gaps[0])
            position, members = at, [words[at]]
            for gap in gaps[1:]:
                position += int(gap)
                members.append(words[position])
            for word in members:
                family_of[word] = number
            family_words.append(tuple(members))
        yield
        at = 0
        for part in form_line.split():
            gap, _, rest = part.partition(",")
            at += int(gap)
            digits = len(rest) - len(rest.lstrip("0123456789"))
            anchor = words[at]
            family_of.setdefault(anchor[: int(rest[:digits])] + rest[digits:], family_of.get(anchor))
        self._verbs = verbs
        self._family_words = family_words
        self._family_of = family_of

    def is_verb(self, word: str) -> bool:
        """A listed word with -ING and -ED forms (English only)."""
        self._families()
        word = fold(word)
        i = bisect_left(self._words, word)
        return i < len(self._words) and self._words[i] == word and i in self._verbs

    def base_of_form(self, word: str) -> str | None:
        """The listed verb an English -ING, -ED or -S form comes from
        (CONCLUDING: CONCLUDE; STOPPED: STOP), or None."""
        word = fold(word)
        if self.lang != "en":
            return None
        for ending, replacement in _EN_VERB_ENDINGS:
            if word.endswith(ending) and len(word) > len(ending) + 2:
                stem = word[: -len(ending)]
                candidates = [stem + replacement]
                if not replacement and len(stem) > 2 and stem[-1] == stem[-2]:
                    candidates.append(stem[:-1])  # STOPPED: STOP
                for base in candidates:
                    if self.is_verb(base):
                        return base
        return None

    def family_number(self, word: str):
        """Which family a word or declarable form belongs to: a number, the word
        itself when no source links it to another (a family of one), or None
        when it is neither a word nor a form of one."""
        word = fold(word)
        families = self._families()
        if word in families:
            return families[word]
        if self.is_word(word):
            return word
        base = self.base_of_form(word)
        return None if base is None else families.get(base, base)

    def family_members(self, word: str) -> tuple:
        """The listed words of ``word``'s family (itself alone when no source links it)."""
        number = self.family_number(word)
        if isinstance(number, int):
            return self._family_words[number]
        return (number,) if number is not None else ()

    def roots(self, word: str) -> frozenset:
        """The words a word shares its family with, itself included (kept for older callers)."""
        return frozenset(self.family_members(word)) | {fold(word)}

    def is_form(self, word: str, prefix: str = "") -> bool:
        """A declarable word: a listed word, a form the lexical data names
        (ASCETICAL), or an English verb form of a listed verb (CONCLUDING)."""
        return self.family_number(word) is not None

    def same_family(self, a: str, b: str) -> bool:
        """Are two words one family of meaning (see RULINGS.md)? Words that no
        source links are two meanings."""
        a, b = fold(a), fold(b)
        if a == b:
            return True
        number = self.family_number(a)
        return number is not None and number == self.family_number(b)

    def family(self, prefix: str, declared: str | None = None) -> FamilyVerdict:
        """Split the completions of ``prefix`` into the family of ``declared`` and the rest.

        Without ``declared`` the family is built around the shortest completion
        (the most frequent one on a tie). A declared word that is not in the
        list still has a family (for a correction), but is never unique.
        """
        prefix = fold(prefix)
        words = self.completions(prefix)
        if declared is None:
            if not words:
                return FamilyVerdict(prefix, None, (), (), True)
            base = min(words, key=len)
        else:
            base = fold(declared)
        members = tuple(w for w in words if self.same_family(base, w))
        outsiders = tuple(w for w in words if w not in members)
        valid = base.startswith(prefix) and self.is_word(base)
        return FamilyVerdict(prefix, base, members, outsiders, valid)

    def is_unique_family(self, prefix: str, declared: str | None = None) -> bool:
        return self.family(prefix, declared).unique

    def shortest_in_family(self, prefix: str, declared: str) -> str | None:
        """The correction rule: the shortest completion of ``prefix`` in ``declared``'s family."""
        return self.family(prefix, declared).shortest


class Judgement:
    """A verdict with its reason, for the UI: ``code`` names a message
    (``alphagon.judge.<code>``) and ``params`` fills it."""

    __slots__ = ("ok", "code", "params", "family")

    def __init__(self, ok: bool, code: str, params: dict, family: tuple = ()):
        self.ok = ok
        self.code = code
        self.params = params
        self.family = family  # completions of the prefix in the declared family

    def __repr__(self) -> str:
        return f"Judgement({self.ok}, {self.code!r}, {self.params!r})"


def _judge_methods():
    """Judging a set of declared words (attached to WordList below)."""

    def common_root(self, a: str, b: str):
        """The word that names the family two words share (its shortest listed
        word, the most frequent on a tie), or None: always a real word."""
        if not self.same_family(a, b):
            return None
        members = self.family_members(a) or self.family_members(b)
        if not members:
            return fold(a)
        return min(members, key=lambda w: (len(w), -(self.frequency(w) or 0), w))

    def not_a_word(self, word: str) -> Judgement:
        """Why a word is refused: "not_a_form" when it runs on from a listed
        word (POLICEMENTATIONS, TAPPOANDO), else "not_a_word"."""
        heads = [word[:cut] for cut in range(len(word) - 1, MIN_LETTERS - 1, -1) if self.is_word(word[:cut])]
        if heads and 2 * len(heads[0]) >= len(word):  # CONCLUXYZ runs on from no word, CONC is too short
            return Judgement(False, "not_a_form", {"word": word, "base": heads[0]})
        return Judgement(False, "not_a_word", {"word": word})

    def declaration_admissible(self, prefix: str, declared) -> Judgement:
        """The checks of ``judge_declaration`` that do not look at the other
        completions: each word long enough, on the prefix, a word or a form of
        one, and all of one family."""
        prefix = fold(prefix)
        words = [fold(w) for w in declared]
        for word in words:
            if len(word) < MIN_LETTERS:
                return Judgement(False, "too_short", {"word": word, "min": MIN_LETTERS})
            if not word.startswith(prefix) or word == prefix and not self.is_word(word):
                return Judgement(False, "not_prefix", {"word": word, "prefix": prefix})
            if not self.is_form(word, prefix):
                return self.not_a_word(word)
        for a in words:
            for b in words:
                if a < b and not self.same_family(a, b):
                    return Judgement(False, "mixed", {"word": a, "other": b})
        return Judgement(True, "admissible", {"prefix": prefix, "declared": "/".join(words)})

    def judge_declaration(self, prefix: str, declared) -> Judgement:
        """Is a declaration of ``declared`` (one or several words of one
        meaning) admissible on ``prefix``, and is it unique? ``ok`` says the
        declaration may be made; ``params["unique"]`` whether any word of
        another meaning exists (``params["contradiction"]``: the most frequent)."""
        admissible = self.declaration_admissible(prefix, declared)
        if not admissible.ok:
            return admissible
        prefix = fold(prefix)
        words = [fold(w) for w in declared]
        completions = self.completions(prefix)
        family = tuple(w for w in completions if any(self.same_family(w, d) for d in words))
        outsiders = [w for w in completions if w not in family]
        shortest = min(words, key=lambda w: (len(w), w))
        params = {"prefix": prefix, "declared": "/".join(words), "shortest": shortest,
                  "length": len(shortest), "count": len(completions), "unique": not outsiders}
        if outsiders:
            params["contradiction"] = outsiders[0]
            return Judgement(True, "contradicted_by", params, family)
        return Judgement(True, "unique", params, family)

    def judge_contradiction(self, prefix: str, declared, word: str) -> Judgement:
        """Does ``word`` contradict the declaration: a listed word that starts
        with the prefix and is of another meaning than every declared word?"""
        prefix, word = fold(prefix), fold(word)
        words = [fold(w) for w in declared]
        if not word.startswith(prefix):
            return Judgement(False, "not_prefix", {"word": word, "prefix": prefix})
        if not self.is_word(word):
            return Judgement(False, "not_a_word", {"word": word})
        for d in words:
            root = self.common_root(word, d)
            if root is not None:
                return Judgement(False, "same_meaning", {"word": word, "declared": d, "root": root})
        return Judgement(True, "other_meaning", {"word": word, "prefix": prefix,
                                                  "declared": "/".join(words)})

    def judge_correction(self, prefix: str, declared, word: str, length: int) -> Judgement:
        """Is ``word`` a shorter word of the declared family (it lowers the score)?"""
        prefix, word = fold(prefix), fold(word)
        words = [fold(w) for w in declared]
        if not word.startswith(prefix):
            return Judgement(False, "not_prefix", {"word": word, "prefix": prefix})
        if not self.is_word(word):
            return Judgement(False, "not_a_word", {"word": word})
        if len(word) < MIN_LETTERS:
            return Judgement(False, "too_short", {"word": word, "min": MIN_LETTERS})
        if not any(self.same_family(word, d) for d in words):
            return Judgement(False, "other_meaning_not_correction", {"word": word, "declared": "/".join(words)})
        if len(word) >= length:
            return Judgement(False, "not_shorter", {"word": word, "length": length})
        return Judgement(True, "shorter", {"word": word, "length": len(word), "declared": "/".join(words)})

    return (common_root, not_a_word, declaration_admissible, judge_declaration, judge_contradiction,
            judge_correction)


(WordList.common_root, WordList.not_a_word, WordList.declaration_admissible, WordList.judge_declaration,
 WordList.judge_contradiction, WordList.judge_correction) = _judge_methods()


def _level_zipf(level: int) -> float:
    if level not in AI_LEVELS:
        raise ValueError(f"AI level must be one of {sorted(AI_LEVELS)}, not {level!r}")
    return AI_LEVELS[level]


def load(lang: str, data: bytes) -> WordList:
    """The word list of edition ``lang`` ("en", "it") from its gzipped bytes."""
    return WordList.from_bytes(data, lang)


def loading(lang: str, data: bytes):
    """Generator: ``load`` a piece at a time. It yields between pieces (a
    chunk inflated, a chunk of lines split) and returns the word list, so the
    app can let the browser draw while a list loads."""
    return _from_bytes_in_pieces(data, lang)


def run_pieces(pieces):
    """Runs a generator of pieces of work (see ``loading``) to its end; its return value.
    (core.protocol has the same: this module is also loaded on its own, by the words bench.)"""
    while True:
        try:
            next(pieces)
        except StopIteration as finished:
            return finished.value


def _from_bytes_in_pieces(data: bytes, lang: str):
    try:
        inflater = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)  # the gzip wrapper, CRC checked
        parts = []
        for start in range(0, len(data), LOAD_CHUNK):
            parts.append(inflater.decompress(data[start:start + LOAD_CHUNK]).decode("ascii"))
            yield
        parts.append(inflater.flush().decode("ascii"))
        if not inflater.eof:
            raise EOFError("the compressed data ends too early")
    except (EOFError, zlib.error, UnicodeDecodeError) as exc:
        raise DictionaryError(f"not a gzipped ASCII word list: {exc}") from exc
    text = "".join(parts)
    yield
    return (yield from _from_text_in_pieces(text, lang))


def _from_text_in_pieces(text: str, lang: str):
    # The words are text[:separator]; they are split in place, a chunk of
    # lines at a time (partitioning first would copy megabytes in one piece).
    separator = text.find("\n\n")
    if separator < 0:
        raise DictionaryError("missing the blank line before the frequency line")
    words: list = []
    start = 0
    while True:
        stop = text.find("\n", start + SPLIT_CHUNK, separator)
        if stop < 0:
            words.extend(text[start:separator].split("\n"))
            break
        words.extend(text[start:stop].split("\n"))
        start = stop + 1
        yield
    if not words[0] or words[0] > words[-1]:  # a cheap check; the tests check the whole order
        raise DictionaryError("the words are not sorted")
    freq, _, families = text[separator + 2:].partition("\n")
    wordlist = WordList(words, freq, lang, families.rstrip("\n"))
    # Parsed now, in pieces, so that the first family query in play is no pause.
    yield from wordlist.parsing_families()
    return wordlist
