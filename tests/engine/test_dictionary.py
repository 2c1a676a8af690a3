"""Alphagon's dictionary: the committed word lists and the judge built on them.

The coverage and verb-form samples in tests/data/words/ come from wordfreq and
a conjugator of our own (py/tools/wordlists.py), not from the sources the
lists are made of. Run with -s to see the figures.
"""

import gzip
import random
import pathlib
import re
import subprocess
import sys

import pytest

from ludoteca.games.alphagon import dictionary
from ludoteca.games.alphagon.dictionary import AI_LEVELS, DictionaryError, WordList, fold, load

ROOT = pathlib.Path(__file__).resolve().parents[2]
WORDS_DIR = ROOT / "web" / "words"
SAMPLES_DIR = ROOT / "tests" / "data" / "words"
LANGS = ("en", "it")
MAX_BYTES = 700 * 1024


@pytest.fixture(scope="module")
def lists():
    return {lang: load(lang, (WORDS_DIR / f"{lang}.txt.gz").read_bytes()) for lang in LANGS}


@pytest.fixture(scope="module")
def en(lists):
    return lists["en"]


@pytest.fixture(scope="module")
def it(lists):
    return lists["it"]


def sample(name):
    lines = (SAMPLES_DIR / name).read_text(encoding="ascii").splitlines()
    return [w for w in lines if w and not w.startswith("#")]


def report(label, kept, total):
    share = 100.0 * kept / total
    print(f"\n{label}: {kept}/{total} = {share:.2f}%")
    return share


# A tiny list for the API tests: fast, and every expectation visible here.
TOY = {
    "police": 5.0, "policeman": 4.0, "policemen": 3.5, "policeclinic": 0.0, "policlinic": 1.0,
    "polish": 4.5, "città": 4.2, "cattle": 3.0, "catalogue": 3.0, "concrete": 4.0,
}


TOY_FAMILIES = [["police", "policeman", "policemen"]]


@pytest.fixture()
def toy():
    return WordList.from_words(TOY, "en", TOY_FAMILIES)


# ---------------------------------------------------------------- committed files


@pytest.mark.parametrize("lang", LANGS)
def test_committed_list_is_well_formed(lang):
    data = (WORDS_DIR / f"{lang}.txt.gz").read_bytes()
    assert len(data) <= MAX_BYTES, f"{lang}: {len(data)} bytes"
    assert data[4:8] == b"\0\0\0\0", "gzip mtime must be 0 for reproducible bytes"
    words_part, _, rest = gzip.decompress(data).decode("ascii").partition("\n\n")
    words = words_part.split("\n")
    freq, _, families = rest.partition("\n")
    assert all(re.fullmatch(r"[A-Z]{4,}", w) for w in words)
    assert all(a < b for a, b in zip(words, words[1:])), "sorted, without duplicates"
    assert len(freq) == len(words)
    assert all(0x21 <= ord(c) <= 0x7E for c in freq)
    # The families section: verbs, forms, then one family a line, as gaps between positions.
    verbs, forms, *lines = families.rstrip("\n").split("\n")
    assert re.fullmatch(r"(\d+( \d+)*)?", verbs) and re.fullmatch(r"(\d+,\d+[A-Z]*( \d+,\d+[A-Z]*)*)?", forms)
    firsts = [int(line.split()[0]) for line in lines]
    assert all(re.fullmatch(r"\d+( [1-9]\d*)*", line) for line in lines)  # one listed word: its forms only
    assert sum(firsts) < len(words) and all(gap > 0 for gap in firsts[1:])
    plain = len(gzip.compress((words_part + "\n\n" + freq + "\n").encode("ascii"), 9, mtime=0))
    print(f"\n{lang}: {len(words)} words, {len(data)} bytes gzipped, {len(data) - plain} of them for "
          f"{len(lines)} families")


def test_licence_notices_are_committed():
    text = (WORDS_DIR / "LICENSES.md").read_text(encoding="utf-8")
    for credit in ("SCOWL", "hunspell-it", "Morph-it", "wordfreq", "GeoNames", "CC-BY-SA", "WordNet 3.0 Copyright 2006"):
        assert credit in text


# ---------------------------------------------------------------- API on a toy list


def test_fold_uppercases_and_drops_accents():
    assert fold("città") == "CITTA"
    assert fold("Perché") == "PERCHE"
    assert fold("house") == "HOUSE"


def test_is_word(toy):
    assert toy.is_word("POLICE")
    assert toy.is_word("police")
    assert toy.is_word("CITTÀ")
    assert not toy.is_word("POLIC")
    assert not toy.is_word("ZZZZ")
    assert "POLISH" in toy and len(toy) == len(TOY)


def test_has_prefix(toy):
    assert toy.has_prefix("POL")
    assert toy.has_prefix("POLICE")  # the prefix itself is a word
    assert not toy.has_prefix("POLX")
    assert not toy.has_prefix("ZZ")


def test_completions_in_frequency_order(toy):
    assert toy.completions("POLI") == [
        "POLICE", "POLISH", "POLICEMAN", "POLICEMEN", "POLICLINIC", "POLICECLINIC",
    ]
    assert toy.completions("POLI", limit=2) == ["POLICE", "POLISH"]
    assert toy.completions("POLX") == []
    assert toy.count_completions("POLICE") == 4


@pytest.mark.parametrize("lang", LANGS)
def test_a_few_completions_of_many_stay_right_when_asked_again(lists, lang):
    # A prefix and a longer one can start at the same word; remembered answers must not mix them.
    wordlist = lists[lang]
    for prefix in ("A", "AB", "ABB", "CON", "CONC", "S", "ST", "STA", "PRE", "PREC"):
        if wordlist.count_completions(prefix) <= 24:
            continue
        everything = wordlist.completions(prefix)
        for _ in range(2):
            assert wordlist.completions(prefix, 3) == everything[:3]
        assert all(word.startswith(prefix) for word in wordlist.completions(prefix, 3))


def test_frequency(toy):
    assert toy.frequency("police") == 5.0
    assert toy.frequency("POLICECLINIC") == 0.0
    assert toy.frequency("NOTAWORD") is None


def test_family_verdicts(toy):
    verdict = toy.family("POLICE")
    assert verdict.base == "POLICE"
    assert verdict.members == ("POLICE", "POLICEMAN", "POLICEMEN")
    assert verdict.contradictions == ("POLICECLINIC",)  # CLINIC is no word of this list
    assert not toy.same_family("POLICE", "POLICLINIC")
    assert toy.same_family("POLICEMAN", "POLICE")
    assert toy.is_unique_family("POLICEM")
    assert not toy.is_unique_family("POLI")
    assert toy.family("POLI", "POLICE").contradiction == "POLISH"


def test_family_of_an_unknown_prefix_or_word(toy):
    empty = toy.family("QQQQ")
    assert not empty.unique and empty.members == () and empty.contradiction is None
    wrong = toy.family("POLI", "CONCRETE")
    assert not wrong.unique and not wrong.base_is_word


def test_shortest_in_family(toy):
    assert toy.shortest_in_family("POLI", "POLICEMEN") == "POLICE"
    assert toy.shortest_in_family("POLI", "NOTAWORD") is None


def test_ai_levels_on_toy(toy):
    easy = toy.known_by(1)
    assert easy("POLICE") and not easy("POLICLINIC")
    assert toy.vocabulary(5) == sorted(fold(w) for w in TOY)
    assert toy.vocabulary(1) == ["CITTA", "CONCRETE", "POLICE", "POLICEMAN", "POLISH"]
    with pytest.raises(ValueError):
        toy.known_by(0)


@pytest.mark.parametrize("lang", LANGS)
def test_queries_agree_on_the_real_lists(lists, lang):
    wl = lists[lang]
    for word in wl.vocabulary(2)[::500]:
        assert wl.is_word(word) and wl.frequency(word) >= AI_LEVELS[2]
        for cut in range(1, len(word) + 1):
            assert wl.has_prefix(word[:cut])
        found = wl.completions(word[:4])
        assert word in found and len(found) == wl.count_completions(word[:4])
        ranks = [wl.frequency(w) for w in found]
        assert ranks == sorted(ranks, reverse=True)
    assert not wl.has_prefix("QZX") and wl.completions("QZX") == []


# ---------------------------------------------------------------- loader robustness


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"not gzip at all",
        gzip.compress(b"POLICE\nPOLISH\n\n!!\n")[:-6],  # truncated
        gzip.compress("CITTÀ\n\n!\n".encode("utf-8")),  # not ASCII
        gzip.compress(b"POLICE\nPOLISH\n"),  # no frequency section
        gzip.compress(b"POLICE\nPOLISH\n\n!\n"),  # one frequency for two words
        gzip.compress(b"POLISH\nPOLICE\n\n!!\n"),  # not sorted
    ],
)
def test_corrupt_data_raises_a_typed_error(data):
    with pytest.raises(DictionaryError):
        load("en", data)


def test_unknown_language_raises():
    with pytest.raises(DictionaryError):
        WordList.from_text("POLICE\n\n!\n", "xx")


@pytest.mark.parametrize("families", ["x", "\n\n7", "\n\n0 9", "\n0,x"])
def test_a_corrupt_families_section_raises_a_typed_error_when_loaded(families):
    with pytest.raises(DictionaryError, match="families section"):  # read while loading, not in play
        WordList.from_text("POLICE\nPOLICEMAN\n\n!!\n" + families, "en")


def test_import_is_cheap_and_browser_free():
    code = (
        "import sys; import ludoteca.games.alphagon as a; "
        "assert 'ludoteca.games.alphagon.dictionary' not in sys.modules; "
        "import ludoteca.games.alphagon.dictionary; "
        "assert not {'js', 'pyodide', 'pyscript'} & set(sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT / "py")


# ---------------------------------------------------------------- coverage and rejection


@pytest.mark.parametrize("lang", LANGS)
def test_coverage_of_frequent_words(lists, lang):
    words = sample(f"{lang}_top.txt")
    assert len(words) == 10_000
    for size, threshold in ((2_000, 97.0), (10_000, 90.0)):
        head = words[:size]
        share = report(f"{lang} top {size} accepted", sum(map(lists[lang].is_word, head)), size)
        assert share >= threshold


def test_italian_conjugated_forms_are_rejected(it):
    forms = sample("it_verb_forms.txt")
    assert len(forms) >= 1_000
    rejected = sum(not it.is_word(f) for f in forms)
    assert report("it conjugated forms rejected", rejected, len(forms)) >= 95.0


@pytest.mark.parametrize(
    "lang, accepted, rejected",
    [
        (
            "en",
            "HOUSE POLICE BUILDING MEETING CHILDREN COLOUR CENTRE ITALY LONDON PARIS TEXAS "
            "ITALIAN MONDAY ENGLISH AMERICA KOREA",
            "WALKED TALKING CONCLUDED TAPPED MICHAEL FLORENCE",
        ),
        (
            "it",
            "CASA CITTA PERCHE BALLO CANTO STATO COMANDO ZEBRA IDROGENO QUANDO PRESSO GATTI "
            "BELLISSIMO LENTAMENTE CANTARE ROMA MILANO LONDRA PARIGI EUROPA TOSCANA FRANCIA",
            "CANTAVANO MANGEREMO FINISCONO PARLARONO MANGIANDO FARLO DIRGLIELO MANGIARSI "
            "TAPPEREBBERO CANTASSERO",
        ),
    ],
)
def test_everyday_judgements(lists, lang, accepted, rejected):
    wl = lists[lang]
    assert [w for w in accepted.split() if not wl.is_word(w)] == []
    assert [w for w in rejected.split() if wl.is_word(w)] == []


@pytest.mark.parametrize("lang, features", [
    ("en", "NILE THAMES TIBER DANUBE AMAZON VOLGA EVEREST KILIMANJARO ETNA SICILY CAPRI SUPERIOR"),
    ("it", "ARNO TEVERE ETNA STROMBOLI CAPRI ISCHIA LIPARI NILO TAMIGI DANUBIO RENO VOLGA GANGE BAIKAL "
           "TITICACA CERVINO VESUVIO KILIMANGIARO PIRENEI MAIORCA CORFU BOSFORO"),
])
def test_rivers_lakes_mountains_and_islands(lists, lang, features):
    wl = lists[lang]
    assert [w for w in features.split() if not wl.is_word(w)] == []


def test_every_name_of_our_italian_geography_list_is_a_word(it):
    """py/tools/data/it_places.txt (R30): the Italian names no packaged source gives."""
    sys.path.insert(0, str(ROOT / "py" / "tools"))
    from wordlists import read_italian_features

    names = read_italian_features()
    assert {"NILO", "TAMIGI", "DANUBIO"} <= names
    assert sorted(n for n in names if not it.is_word(n)) == []


# ---------------------------------------------------------------- rulebook examples


def test_rulebook_concl_is_not_unique_conclave(en, it):
    for wl, declared in ((en, "CONCLUSION"), (it, "CONCLUSIONE")):
        verdict = wl.family("CONCL", declared)
        assert not verdict.unique
        assert verdict.contradiction == "CONCLAVE"
        assert {"CONCLUDE" if wl is en else "CONCLUDERE"} <= set(verdict.members)


def test_rulebook_poli_is_not_unique_policlinic(en):
    verdict = en.family("POLI", "POLICE")
    assert {"POLICE", "POLICEMAN"} <= set(verdict.members)
    assert "POLICLINIC" in verdict.contradictions
    assert not verdict.unique
    assert en.is_unique_family("POLICE")  # POLICE, POLICEMAN, POLICEWOMAN...: one family


def test_families_come_from_lexical_links_not_from_spelling(en):
    # Word + word is another meaning (BASEBALL, BLACKBOARD, UNDERSTAND); only the
    # -MAN/-WOMAN compounds and the suffixes WordNet links keep one (R33).
    assert not en.same_family("BLACK", "BLACKBOARDS") and not en.same_family("BASE", "BASEBALL")
    assert not en.same_family("UNDER", "UNDERSTAND") and not en.same_family("CARE", "CAREER")
    assert en.same_family("POLICEWOMEN", "POLICE") and en.same_family("KINDNESS", "KIND")
    assert en.same_family("CHILDREN", "CHILD") and en.same_family("MICE", "MOUSE")  # WordNet's exceptions
    # RIVETING (gripping) is not of RIVET's family in WordNet, and RIVER of neither.
    assert not en.same_family("RIVER", "RIVETINGLY") and not en.same_family("RIVE", "RIVETING")
    assert en.judge_correction("RIVE", ["RIVETINGLY"], "RIVER", 10).code == "other_meaning_not_correction"


def test_rulebook_asce_asceticism_corrects_to_a_seven_letter_word(en):
    # ASCETICAL is not in the list; its family still is ASCETIC, ASCESIS...
    # ASCETIC and ASCESIS both have 7 letters: 5 points instead of 6 (RULINGS.md).
    verdict = en.family("ASCE", "ASCETICAL")
    assert {"ASCETIC", "ASCESIS", "ASCETICISM"} <= set(verdict.members)
    assert len(en.shortest_in_family("ASCE", "ASCETICAL")) == 7
    assert en.shortest_in_family("ASCE", "ASCETICISM") in ("ASCETIC", "ASCESIS")


def test_rulebook_tapp_is_not_unique_tappeto(it):
    verdict = it.family("TAPP", "TAPPO")
    assert {"TAPPO", "TAPPARE"} <= set(verdict.members)
    assert {"TAPPETO", "TAPPA"} <= set(verdict.contradictions)  # TAPPA, a stage, is the most frequent


def test_rulebook_asce_ascensione_corrects_to_ascesa(it):
    assert it.shortest_in_family("ASCE", "ASCENSIONE") == "ASCESA"
    assert it.same_family("ASCENSIONE", "ASCENDERE")
    assert not it.same_family("ASCENSIONE", "ASCELLA")


@pytest.mark.parametrize(
    "lang, prefix, unique",
    [
        ("en", "GIRAF", True),
        ("en", "ZEBR", False),  # ZEBRAWOOD, a wood
        ("en", "CONCLU", True),
        ("en", "POLICEW", True),
        ("en", "POLIC", False),
        ("it", "GATT", False),  # GATTA: Morph-it! lists it as a noun of its own
        ("it", "POLIZ", False),  # POLIZZA
        ("it", "CONCLUSI", True),
        ("it", "POLIZIOT", True),
    ],
)
def test_family_on_common_prefixes(lists, lang, prefix, unique):
    verdict = lists[lang].family(prefix)
    assert verdict.unique is unique, verdict


# ---------------------------------------------------------------- AI vocabulary


@pytest.mark.parametrize("lang", LANGS)
def test_ai_vocabulary_grows_with_level(lists, lang):
    wl = lists[lang]
    sizes = [len(wl.vocabulary(level)) for level in sorted(AI_LEVELS)]
    print(f"\n{lang} vocabulary by AI level: {sizes}")
    assert sizes == sorted(sizes) and sizes[-1] == len(wl)
    assert 3_000 <= sizes[0] <= 10_000  # easy: everyday words only
    easy, hard = wl.known_by(1), wl.known_by(max(AI_LEVELS))
    common, rare = ("HOUSE", "ASCESIS") if lang == "en" else ("CASA", "ASCESI")
    assert easy(common) and not easy(rare) and hard(rare)


def test_module_exports():
    assert set(dictionary.__all__) <= set(dir(dictionary))


@pytest.mark.parametrize("edition", ["en", "it"])
def test_a_few_completions_of_a_long_span_are_the_most_frequent_as_a_sort_gives_them(lists, edition):
    """`completions(prefix, limit)` over a span of thousands of words takes its few without
    sorting the span (the browser's thinking computer hit 50 ms asking for them): the same
    words, in the same order, as sorting the span by frequency (ties alphabetical)."""
    wordlist = lists[edition]
    words = wordlist.completions("")
    rng = random.Random(edition)
    prefixes = ["", *"AEISTC", *(word[:n] for word in rng.sample(words, 300) for n in (1, 2, 3))]
    for prefix in prefixes:
        span = wordlist.completions(prefix)  # every completion, fully sorted
        for limit in (1, 2, 3, 10):
            assert wordlist.completions(prefix, limit) == span[:limit], (prefix, limit)
