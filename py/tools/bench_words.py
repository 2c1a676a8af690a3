"""Benchmark Alphagon's word lists under CPython: load time, query time, sizes.

    python3 py/tools/bench_words.py

Figures only, never asserted by tests (timings depend on the machine).
"""

from __future__ import annotations

import json
import pathlib
import random
import statistics
import sys
import time

REPO = pathlib.Path(__file__).resolve().parents[2]
WORDS_DIR = REPO / "web" / "words"
LANGS = ("en", "it")
LOAD_RUNS = 5
QUERIES = 20_000


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


def main() -> int:
    print(json.dumps(bench(), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
