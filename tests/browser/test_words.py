"""Alphagon's word judge answers the same in Pyodide as under CPython."""

import pathlib
import sys

import pytest

from browser_harness import StaticServer

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "py"))

from ludoteca.games.alphagon import dictionary  # noqa: E402


def cpython_verdicts(lang):
    words = dictionary.load(lang, (REPO / "web" / "words" / f"{lang}.txt.gz").read_bytes())
    return len(words), {
        "concl_unique": words.is_unique_family("CONCL"),
        "poli_unique": words.is_unique_family("POLI", "POLICE"),
        "tapp_unique": words.is_unique_family("TAPP", "TAPPO"),
        "asce_shortest": words.shortest_in_family("ASCE", "ASCENSIONE"),
        "first_completions": words.completions("CASA", 5),
    }


@pytest.mark.timeout(240)
def test_the_word_lists_load_and_judge_identically_in_pyodide(browser):
    with StaticServer(REPO) as server:
        page = browser.new_page()
        page.goto(f"{server.url}/tests/browser/pages/words_bench.html")
        page.wait_for_function("window.benchResult !== undefined", timeout=180_000)
        result = page.evaluate("window.benchResult")
    assert "error" not in result, result.get("error")
    for lang in ("en", "it"):
        count, verdicts = cpython_verdicts(lang)
        assert result["langs"][lang]["words"] == count
        assert result["langs"][lang]["verdicts"] == verdicts
    assert result["langs"]["it"]["verdicts"]["tapp_unique"] is False
    assert result["langs"]["it"]["verdicts"]["asce_shortest"] == "ASCESA"
    assert result["langs"]["en"]["verdicts"]["concl_unique"] is False
