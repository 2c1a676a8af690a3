"""Benchmark Alphagon's word lists under CPython: load time, query time, sizes,
and the judge of "one meaning" on the public pair tables (share right, misses).

    python3 py/tools/bench_words.py [--before COMMIT]

--before also judges the tables with the judge and lists of an older commit
(default: the last one before the families of meaning, issue 28).
Timings are figures only, never asserted by tests (they depend on the machine).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import pathlib
import random
import statistics
import subprocess
import sys
import tempfile
import time

REPO = pathlib.Path(__file__).resolve().parents[2]
WORDS_DIR = REPO / "web" / "words"
LANGS = ("en", "it")
LOAD_RUNS = 5
QUERIES = 20_000
PAIRS_DIR = REPO / "tests" / "data" / "words"
SPELLING_JUDGE_COMMIT = "79f8d6b"  # the judge of ending rewrites, before issue 28


def _dictionary():
    sys.path.insert(0, str(REPO / "py"))
    from ludoteca.games.alphagon import dictionary

    return dictionary


def per_call_us(fn, items) -> float:
    start = time.perf_counter()
    for item in items:
        fn(item)
    return (time.perf_counter() - start) / len(items) * 1e6


def bench() -> dict:
    """{lang: {bytes, words, load_ms, is_word_us, has_prefix_us, completions_us, family_us}}."""
    dictionary = _dictionary()
    results = {}
    for lang in LANGS:
        data = (WORDS_DIR / f"{lang}.txt.gz").read_bytes()
        load_times = []
        for _ in range(LOAD_RUNS):
            start = time.perf_counter()
            wl = dictionary.load(lang, data)
            load_times.append((time.perf_counter() - start) * 1000)
        rng = random.Random(7)
        words = [wl._words[rng.randrange(len(wl))] for _ in range(QUERIES)]
        misses = [w[:-1] + "Q" for w in words]
        prefixes = [w[:4] for w in words]
        results[lang] = {
            "bytes": len(data),
            "words": len(wl),
            "load_ms": statistics.median(load_times),
            "is_word_us": per_call_us(wl.is_word, words),
            "is_word_miss_us": per_call_us(wl.is_word, misses),
            "has_prefix_us": per_call_us(wl.has_prefix, prefixes),
            "completions_top10_us": per_call_us(lambda p: wl.completions(p, 10), prefixes[:2000]),
            "family_us": per_call_us(wl.family, prefixes[:300]),
        }
    return results


def read_pairs(lang: str) -> list:
    rows = []
    for line in (PAIRS_DIR / f"pairs_{lang}.txt").read_text(encoding="ascii").splitlines():
        if line.strip() and not line.startswith("#"):
            a, b, label, _ = line.split()
            rows.append((a, b, label == "same"))
    return rows


def judge_pairs(load) -> dict:
    """{lang: (right, total, misses)} for a ``load(lang)`` giving a word list."""
    results = {}
    for lang in LANGS:
        wl, rows = load(lang), read_pairs(lang)
        misses = [f"{a}/{b} ({'same' if same else 'other'})" for a, b, same in rows if wl.same_family(a, b) != same]
        results[lang] = (len(rows) - len(misses), len(rows), misses)
    return results


def older_judge(commit: str):
    """A ``load(lang)`` with the dictionary module and word lists of ``commit``."""
    def show(path: str) -> bytes:
        return subprocess.run(["git", "show", f"{commit}:{path}"], cwd=REPO, capture_output=True, check=True).stdout

    folder = pathlib.Path(tempfile.mkdtemp())
    (folder / "old_dictionary.py").write_bytes(show("py/ludoteca/games/alphagon/dictionary.py"))
    spec = importlib.util.spec_from_file_location("old_dictionary", folder / "old_dictionary.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return lambda lang: module.load(lang, show(f"web/words/{lang}.txt.gz"))


def print_pairs(title: str, results: dict) -> None:
    for lang, (right, total, misses) in results.items():
        print(f"{title} {lang}: {right}/{total} pairs right = {100 * right / total:.1f}%")
        print(f"  misses: {', '.join(misses) or 'none'}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", help="ignored: the lists are read from web/words")
    parser.add_argument("--before", nargs="?", const=SPELLING_JUDGE_COMMIT,
                        help="also judge the pairs with the judge of this commit")
    args = parser.parse_args(argv)
    print(json.dumps(bench(), indent=2))
    dictionary = _dictionary()
    print_pairs("judge", judge_pairs(lambda lang: dictionary.load(lang, (WORDS_DIR / f"{lang}.txt.gz").read_bytes())))
    if args.before:
        print_pairs(f"judge of {args.before}", judge_pairs(older_judge(args.before)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
