"""Alphagon's components, per edition: board, letter sacks, '+' symbols,
tokens, the polygon card deck, and the balanced initial letter sequence.

No public copy of the board or of the cards exists, so both are ours
(RULINGS.md, R1-R3). Everything here is static data plus pure functions; the
rules engine (rules.py) imports it.

Cells are numbered ``y * 13 + x`` with x = 0 (west) .. 12 (east) and y = 0
(north) .. 12 (south). Their names read like a chess board turned north-up:
column letter A..M, then row 1..13 from the north ("G7" is the centre).
"""

from __future__ import annotations

from ...core.rng import SeededRng

SIZE = 13
CELLS = SIZE * SIZE
COLUMNS = "ABCDEFGHIJKLM"

# Directions: index -> (dx, dy). North is up (y grows southward).
NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
DIRECTIONS = ((0, -1), (1, 0), (0, 1), (-1, 0))
DIRECTION_NAMES = "NESW"


def cell_of(x: int, y: int) -> int:
    return y * SIZE + x


def xy(cell: int) -> tuple:
    return cell % SIZE, cell // SIZE


def cell_name(cell: int) -> str:
    x, y = xy(cell)
    return f"{COLUMNS[x]}{y + 1}"


def parse_cell(text: str) -> int:
    """'G7' -> the centre cell; ValueError for anything else."""
    text = text.strip().upper()
    if len(text) < 2 or text[0] not in COLUMNS or not (text[1:].isascii() and text[1:].isdigit()):
        raise ValueError(f"{text!r} is not a cell name")
    row = int(text[1:])
    if not 1 <= row <= SIZE:
        raise ValueError(f"{text!r} is off the board")
    return cell_of(COLUMNS.index(text[0]), row - 1)


def _step_on_board(cell: int, direction: int):
    x, y = xy(cell)
    dx, dy = DIRECTIONS[direction]
    x, y = x + dx, y + dy
    if 0 <= x < SIZE and 0 <= y < SIZE:
        return cell_of(x, y)
    return None


# Tables the polygon's geometry reads instead of working out coordinates:
# searches ask for steps and neighbours hundreds of thousands of times.
STEPS = tuple(tuple(_step_on_board(c, d) for d in range(4)) for c in range(CELLS))  # cell -> direction -> cell or None
XY = tuple(xy(c) for c in range(CELLS))


def step(cell: int, direction: int):
    """The neighbour of `cell` in `direction`, or None off the board."""
    return STEPS[cell][direction]


def neighbours(cell: int) -> list:
    return [n for n in STEPS[cell] if n is not None]


NEIGHBOURS = tuple(tuple(neighbours(c)) for c in range(CELLS))
NEIGHBOUR_MASKS = tuple(sum(1 << n for n in NEIGHBOURS[c]) for c in range(CELLS))  # bit n: cell n is a neighbour


# --- the board (R1) ------------------------------------------------------------------
def _orbit(x: int, y: int) -> frozenset:
    """The cells a board symmetry (the 8 of the square) maps (x, y) to."""
    last = SIZE - 1
    points = set()
    for a, b in ((x, y), (y, x)):
        for px in (a, last - a):
            for py in (b, last - b):
                points.add(cell_of(px, py))
    return frozenset(points)


# Eight flags on a ring around the centre: a polygon can start in every
# quadrant and at every side's middle, with room to grow away from the start.
FLAGS = frozenset(_orbit(3, 3) | _orbit(6, 3))
# Stars near the corners and next to the centre; clouds along the rim.
STARS = frozenset(_orbit(2, 2) | _orbit(4, 6))
CLOUDS = frozenset(_orbit(1, 4))

# --- letters (appendix of each rulebook) ---------------------------------------------
VOWELS = "AEIOU"
VOWEL_COUNTS = {"A": 6, "E": 6, "I": 6, "O": 5, "U": 3}
CONSONANT_COUNTS = {
    "en": {
        **dict.fromkeys("CNRST", 4),
        **dict.fromkeys("BDFGKLMPVWY", 3),
        **dict.fromkeys("HJQXZ", 2),
    },
    "it": {
        **dict.fromkeys("CNRST", 4),
        **dict.fromkeys("BDFGLMPV", 3),
        **dict.fromkeys("HQZ", 2),
    },
}
LANGUAGES = ("en", "it")
START_VOWELS = 3
START_CONSONANTS = 4
START_LETTERS = START_VOWELS + START_CONSONANTS
START_CARDS = 3
START_BONUSES = 2
PLUS_SYMBOLS = 12  # at least 10 (the most sides a polygon has), plus the start
GOAL = {2: 40, 3: 35, 4: 30, 5: 25, 6: 20}
POINT_TOKENS = (3, 4, 5, 6)
SYLLABLE_POINTS = SHAPE_POINTS = 3


def sack_counts(lang: str) -> dict:
    """One colour's letters: {letter: copies}, vowels and consonants, A..Z."""
    counts = dict(VOWEL_COUNTS)
    counts.update(CONSONANT_COUNTS[lang])
    return dict(sorted(counts.items()))


def alphabet(lang: str) -> str:
    return "".join(sack_counts(lang))


def is_vowel(letter: str) -> bool:
    return letter in VOWELS


# Letter frequency in running text, per cent (the usual published tables,
# rounded): the "commonness" the balanced deal evens out (R4).
LETTER_FREQUENCY = {
    "en": {
        "E": 12.7, "T": 9.1, "A": 8.2, "O": 7.5, "I": 7.0, "N": 6.7, "S": 6.3, "H": 6.1,
        "R": 6.0, "D": 4.3, "L": 4.0, "C": 2.8, "U": 2.8, "M": 2.4, "W": 2.4, "F": 2.2,
        "G": 2.0, "Y": 2.0, "P": 1.9, "B": 1.5, "V": 1.0, "K": 0.8, "J": 0.15, "X": 0.15,
        "Q": 0.1, "Z": 0.07,
    },
    "it": {
        "E": 11.8, "A": 11.7, "I": 11.3, "O": 9.8, "N": 6.9, "L": 6.5, "R": 6.4, "T": 5.6,
        "S": 5.0, "C": 4.5, "D": 3.7, "P": 3.1, "U": 3.0, "M": 2.5, "V": 2.1, "G": 1.6,
        "H": 1.5, "F": 1.0, "B": 0.9, "Q": 0.5, "Z": 0.5,
    },
}


# --- balanced initial letters (R4) ---------------------------------------------------
def rack_weight(rack, lang: str) -> float:
    """How common a rack's letters are: the sum of their text frequencies."""
    table = LETTER_FREQUENCY[lang]
    return sum(table[letter] for letter in rack)


def spread(racks, lang: str) -> float:
    """Richest rack's weight minus the poorest's."""
    weights = [rack_weight(rack, lang) for rack in racks]
    return max(weights) - min(weights)


def balance_racks(racks: list, lang: str, max_swaps: int = 40) -> list:
    """Evens out common and rare letters between players.

    Each round takes the richest and the poorest rack and makes the one swap
    of a letter for a letter of the same kind (vowel for vowel, consonant
    for consonant) that narrows their gap the most without overshooting;
    each player gives the letter back to their own sack and takes the other
    from it, so a swap is allowed only while both sacks still hold the letter
    taken (every sack starts full and identical). It stops when no swap helps.
    Deterministic: the same racks give the same result.
    """
    racks = [sorted(rack) for rack in racks]
    full = sack_counts(lang)
    table = LETTER_FREQUENCY[lang]
    for _ in range(max_swaps):
        weights = [rack_weight(rack, lang) for rack in racks]
        rich = max(range(len(racks)), key=lambda p: (weights[p], -p))
        poor = min(range(len(racks)), key=lambda p: (weights[p], p))
        gap = weights[rich] - weights[poor]
        if gap <= 0:
            break
        best = None
        for given in sorted(set(racks[rich])):
            for taken in sorted(set(racks[poor])):
                if is_vowel(given) != is_vowel(taken) or given == taken:
                    continue
                delta = table[given] - table[taken]
                if delta <= 0 or delta >= gap:  # 2 * delta <= 2 * gap keeps them from crossing over
                    continue
                if racks[poor].count(given) + 1 > full[given] or racks[rich].count(taken) + 1 > full[taken]:
                    continue
                improvement = gap - abs(gap - 2 * delta)
                if improvement > 0 and (best is None or improvement > best[0]):
                    best = (improvement, given, taken)
        if best is None:
            break
        _, given, taken = best
        racks[rich].remove(given)
        racks[rich].append(taken)
        racks[poor].remove(taken)
        racks[poor].append(given)
        racks = [sorted(rack) for rack in racks]
    return racks


def random_racks(players: int, lang: str, rng: SeededRng) -> list:
    """Racks drawn as from full sacks: 3 vowels and 4 consonants each."""
    full = sack_counts(lang)
    racks = []
    for _ in range(players):
        vowels = [letter for letter, count in full.items() if is_vowel(letter) for _ in range(count)]
        consonants = [letter for letter, count in full.items() if not is_vowel(letter) for _ in range(count)]
        rng.shuffle(vowels)
        rng.shuffle(consonants)
        racks.append(sorted(vowels[:START_VOWELS] + consonants[:START_CONSONANTS]))
    return racks


def measure_balance(lang: str, players: int = 2, deals: int = 500, seed: int = 1) -> dict:
    """Mean spread (richest minus poorest rack weight) of random deals and of
    the same deals balanced; `ratio` is balanced / random."""
    rng = SeededRng(seed)
    random_total = balanced_total = 0.0
    for _ in range(deals):
        racks = random_racks(players, lang, rng)
        random_total += spread(racks, lang)
        balanced_total += spread(balance_racks(racks, lang), lang)
    random_mean = random_total / deals
    balanced_mean = balanced_total / deals
    return {"random": random_mean, "balanced": balanced_mean,
            "ratio": balanced_mean / random_mean if random_mean else 0.0}


# --- shapes ------------------------------------------------------------------------------
def normalise(cells) -> tuple:
    """A set of cells as (x, y) offsets from its north-west corner, sorted."""
    points = [xy(c) for c in cells]
    min_x = min(x for x, _ in points)
    min_y = min(y for _, y in points)
    return tuple(sorted((x - min_x, y - min_y) for x, y in points))


def trail_shapes(length: int) -> list:
    """Every shape (fixed orientation) that `length` consecutive cells of a
    polygon can make: straight runs joined by right-angle turns, no cell next
    to an earlier one but its predecessor. Sorted by turns, then layout."""
    found = {}

    def grow(path, direction, turns):
        if len(path) == length:
            shape = tuple(sorted(normalise_points(path)))
            found[shape] = min(found.get(shape, 99), turns)
            return
        x, y = path[-1]
        for new_direction in range(4):
            if direction is not None and (new_direction + 2) % 4 == direction:
                continue
            dx, dy = DIRECTIONS[new_direction]
            nxt = (x + dx, y + dy)
            if nxt in path:
                continue
            if any(abs(nxt[0] - px) + abs(nxt[1] - py) == 1 for px, py in path[:-1]):
                continue
            grow(path + [nxt], new_direction,
                 turns + (direction is not None and new_direction != direction))

    grow([(0, 0)], None, 0)
    return sorted(found, key=lambda shape: (found[shape], shape))


def normalise_points(points) -> list:
    min_x = min(x for x, _ in points)
    min_y = min(y for _, y in points)
    return [(x - min_x, y - min_y) for x, y in points]


RED_SIZE, BLUE_SIZE = 4, 5
RED_SHAPES = tuple(trail_shapes(RED_SIZE))
BLUE_SHAPES = tuple(trail_shapes(BLUE_SIZE))

# --- polygon cards (R2) ------------------------------------------------------------------
DECK_SIZE = 36
SYLLABLES_PER_CARD = 4


def syllable_ranking(words_with_weight) -> list:
    """Two-letter pieces ranked by how often they occur inside words, each
    piece counted with its reverse (a card prints it both ways: SA/AS).
    `words_with_weight` yields (word, weight)."""
    counts: dict = {}
    for word, weight in words_with_weight:
        for a, b in zip(word, word[1:]):
            key = a + b if a <= b else b + a
            counts[key] = counts.get(key, 0.0) + weight
    return sorted(counts, key=lambda key: (-counts[key], key))


def build_deck(ranking: list, lang: str) -> tuple:
    """36 cards from the 144 most frequent pieces: card i takes the pieces of
    ranks i, 71 - i, 72 + i and 143 - i, so every card mixes common and less
    common pieces; red and blue shapes cycle through every possible shape,
    straight and one-turn shapes first. Each card is
    (id, (syllable x4), red shape, blue shape)."""
    letters = set(alphabet(lang))
    pieces = [piece for piece in ranking if set(piece) <= letters][: DECK_SIZE * SYLLABLES_PER_CARD]
    if len(pieces) < DECK_SIZE * SYLLABLES_PER_CARD:
        raise ValueError("not enough two-letter pieces for a deck")
    half = DECK_SIZE * 2
    cards = []
    for i in range(DECK_SIZE):
        syllables = (pieces[i], pieces[half - 1 - i], pieces[half + i], pieces[2 * half - 1 - i])
        red = RED_SHAPES[(i * 5) % len(RED_SHAPES)]
        blue = BLUE_SHAPES[(i * 7) % len(BLUE_SHAPES)]
        cards.append((i + 1, syllables, red, blue))
    return tuple(cards)


def generate_deck(wordlist) -> tuple:
    """The deck of `wordlist`'s language, from its own words (weight: 1 + Zipf)."""
    return build_deck(syllable_ranking((w, 1.0 + z) for w, z in wordlist.entries()), wordlist.lang)


# The generator's output on the committed word lists (a test checks it), so
# the game needs no word scan to deal cards.
SYLLABLE_RANKING = {
    "en": tuple((
        "ER ES IT IN AR EN AT AL NO ET AN OR ST EL IS IL IR DE CI AC LO CO NT AM IO EM OT CE RT "
        "DI AS MO GN SU IM EP NS AI EV AB RS AP RU NU OP LY EI OS EH OU LL SS LU AE CH AD EG DN "
        "TU HT IV AG GI PR IP AH HO HS GO CT FI BL CN DO CR BI PS BO HI MU GR CU BE DR CS LS EF "
        "AU OW AV BU CK MS BR HP OO EK AW EE PU TY LP MP LT OV RY FO GU EW TT EX DU AF IZ CL DS "
        "EU AK MR AY KS SY DL IK QU IU RR FL NR EZ GL FU EO PP FR BM AO GH HY PT HR GS MM NN "
    ).split()),
    "it": tuple((
        "AT IT AR ER CI IN ET EN AN IR NO OT IS OR IL AL AC CO NT LO AI AM EL IO ES IM RT EM "
        "OS ST DI AS MO IZ TT GI AZ AP IV CE BI DE OP AG TU FI AB IP SS CS CH RU GO EP LL EG "
        "EI AV AD EV PR CC ZZ AF DO SU CR OV LU FO GN DN GR AU EH PS CN HI NU MP BO CU EF BR "
        "DR GG IU GL RR NS MU NZ EZ BE GU DU PU PP BU MR MS FR QU LT MM EO CL NN BM FF AE LP "
        "OZ FN EU NR FU RS BB OU GH LM RV FS FL NV BL UZ LS VV BS AO DD RZ LR SV LV DL GS UV "
        "EE NQ EQ LZ "
    ).split()),
}


def deck(lang: str) -> tuple:
    return build_deck(list(SYLLABLE_RANKING[lang]), lang)


def card_syllable_matches(syllables, word: str) -> list:
    """Syllables of a card found in `word` (read either way): [(syllable, index)]."""
    found = []
    for syllable in syllables:
        a, b = syllable
        for index in range(len(word) - 1):
            pair = word[index:index + 2]
            if pair == a + b or pair == b + a:
                found.append((syllable, index))
    return found
