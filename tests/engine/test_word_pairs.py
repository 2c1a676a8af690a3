"""Alphagon's judge of "one meaning" against a public table of word pairs.

tests/data/words/pairs_{en,it}.txt list pairs of words labelled by meaning
("same": forms of one meaning, as the rulebooks' CONCLUDING/CONCLUSION and
TAPPO/TAPPARE; "other": another meaning, as CONCLAVE) before the judge was
run on them. The bench (`python3 build.py bench words`) prints the misses.
Run with -s to see the shares.
"""

import pathlib
import sys

import pytest

from ludoteca.games.alphagon.dictionary import load

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "py" / "tools"))
from wordlists import read_kept_families  # noqa: E402  (the generator, stdlib only at import)

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAIRS_DIR = ROOT / "tests" / "data" / "words"
LANGS = ("en", "it")
MIN_PAIRS = 200
# The goal is 95% in both languages (issue 28), and both reach it: these
# floors keep it from slipping back; the bench lists the misses.
FLOOR = {"en": 0.95, "it": 0.95}
# Endings the table must cover, per language.
KINDS = {
    "en": {"-er", "-ing", "-ion", "-ness", "-ful", "-ive", "-ity", "-ian", "plural", "irregular",
           "false-friend", "compound"},
    "it": {"-tore", "-zione", "-ista", "-ezza", "-eria", "-iere", "-mento", "-ante", "plural",
           "irregular", "false-friend", "verb"},
}


def read_pairs(lang):
    """[(word, word, same?, kind)] from the table."""
    rows = []
    for line in (PAIRS_DIR / f"pairs_{lang}.txt").read_text(encoding="ascii").splitlines():
        if line.strip() and not line.startswith("#"):
            a, b, label, kind = line.split()
            assert label in ("same", "other"), line
            rows.append((a, b, label == "same", kind))
    return rows


@pytest.fixture(scope="module")
def lists():
    return {lang: load(lang, (ROOT / "web" / "words" / f"{lang}.txt.gz").read_bytes()) for lang in LANGS}


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_is_large_and_covers_every_kind_of_pair(lang):
    rows = read_pairs(lang)
    assert len(rows) >= MIN_PAIRS
    assert len({(a, b) for a, b, _, _ in rows}) == len(rows), "no pair twice"
    assert KINDS[lang] <= {kind for _, _, _, kind in rows}
    same = sum(1 for row in rows if row[2])
    assert 0.3 <= same / len(rows) <= 0.8, "both labels, in fair numbers"


@pytest.mark.parametrize("lang", LANGS)
def test_share_of_pairs_judged_right(lists, lang):
    wl = lists[lang]
    rows = read_pairs(lang)
    misses = [(a, b, same) for a, b, same, _ in rows if wl.same_family(a, b) != same]
    share = 1 - len(misses) / len(rows)
    print(f"\n{lang}: {len(rows) - len(misses)}/{len(rows)} pairs right = {100 * share:.1f}%")
    assert share >= FLOOR[lang], misses


def test_the_kept_italian_families_are_in_the_shipped_list(lists):
    """py/tools/data/it_families.txt, our list of families no source links,
    went into it.txt.gz: each line is one family of listed words, and each
    word that only looks derived has a family of its own kind."""
    kept = read_kept_families()
    wl = lists["it"]
    for family in kept.families:
        assert all(wl.is_word(w) for w in family), family
        assert all(wl.same_family(family[0], w) for w in family[1:]), family
    assert kept.underived and all(wl.is_word(w) for w in kept.underived)
    assert not wl.same_family("MATTONE", "MATTO") and not wl.same_family("CAREZZA", "CARO")


@pytest.mark.parametrize("a, b, same", [
    ("LEGGEREZZA", "LEGGERO", True),  # a suffix of adjectives: its base is no verb spelled alike
    ("LEGGEREZZA", "LEGGERE", False),
    ("CAREZZA", "CAREZZARE", True),  # a word that only looks derived still has its verb
    ("CAREZZA", "CARO", False),
    ("CORTE", "CORTO", False),  # a noun lemma is no form of another word
    ("BELLA", "BELLO", True),  # unless it is the adjective's own feminine
])
def test_italian_homographs_and_look_alikes(lists, a, b, same):
    assert lists["it"].same_family(a, b) is same


@pytest.mark.parametrize("lang, a, b, same", [
    # issue 28's examples
    ("en", "CONCLUDING", "CONCLUSION", True),
    ("en", "POLICE", "POLICEMAN", True),
    ("en", "ASCETICAL", "ASCESIS", True),
    ("en", "PLAN", "PLANNING", True),
    ("en", "CHILD", "CHILDREN", True),
    ("en", "EVOCATIVE", "EVOCATION", True),
    ("en", "CARE", "CAREER", False),
    ("en", "UNDER", "UNDERSTAND", False),
    ("en", "CONCLUSION", "CONCLAVE", False),
    ("en", "POLICE", "POLICLINIC", False),
    ("it", "TAPPO", "TAPPARE", True),
    ("it", "LAVORO", "LAVORATORE", True),
    ("it", "CONCLUSIONE", "CONCLUDERE", True),
    ("it", "ASCESA", "ASCENSIONE", True),
    ("it", "CASA", "CASO", False),
    ("it", "TAPPA", "TAPPO", False),
    ("it", "TAPPO", "TAPPETO", False),
    ("it", "CONCLUSIONE", "CONCLAVE", False),
])
def test_the_issues_examples(lists, lang, a, b, same):
    assert lists[lang].same_family(a, b) is same
