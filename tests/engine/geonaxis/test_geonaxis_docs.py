"""RULES and RULINGS (English and Italian): the plain shape the rules page
renders, and every ruling tied to tests that exist."""

import pathlib
import re

PACKAGE = pathlib.Path(__file__).resolve().parents[3] / "py" / "ludoteca" / "games" / "geonaxis"
TESTS = pathlib.Path(__file__).resolve().parent


def _test_names() -> set:
    names = set()
    for path in TESTS.glob("test_*.py"):
        names.update(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    return names


def test_rulings_are_numbered_and_each_names_existing_tests():
    known = _test_names()
    for name in ("RULINGS.md", "RULINGS.it.md"):
        text = (PACKAGE / name).read_text(encoding="utf-8")
        numbers = [int(n) for n in re.findall(r"^\*\*R(\d+)\.", text, re.M)]
        assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 18
        blocks = re.split(r"^\*\*R\d+\.", text, flags=re.M)[1:]
        for number, block in enumerate(blocks, start=1):
            assert re.search(r"^- Tests: ", block, re.M), f"{name} R{number} has no Tests: line"
            cited = re.findall(r"\btest_\w+", block)
            missing = set(cited) - known
            assert cited and not missing, f"{name} R{number}: unknown tests {missing}"


def test_both_languages_cite_the_same_tests():
    english = (PACKAGE / "RULINGS.md").read_text(encoding="utf-8")
    italian = (PACKAGE / "RULINGS.it.md").read_text(encoding="utf-8")
    assert re.findall(r"\btest_\w+", english) == re.findall(r"\btest_\w+", italian)


def test_rules_pages_use_only_the_plain_markdown_the_app_renders():
    for name in ("RULES.md", "RULES.it.md", "RULINGS.md", "RULINGS.it.md"):
        text = (PACKAGE / name).read_text(encoding="utf-8")
        for line in text.splitlines():
            assert not line.startswith("###"), line
            assert "`" not in line and "](" not in line and "|" not in line, line
            assert not re.match(r"^\s*\d+[.)] ", line), line
    for name in ("RULES.md", "RULES.it.md"):
        rules = (PACKAGE / name).read_text(encoding="utf-8")
        assert rules.startswith("# GeonAxis")
        assert len(re.findall(r"^## ", rules, re.M)) >= 6


def test_the_rules_never_copy_a_sentence_of_the_rulebook():
    rulebook = pathlib.Path("/work/shared/seeds/geonaxis.txt")
    if not rulebook.exists():
        return
    source = re.sub(r"\s+", " ", rulebook.read_text(encoding="utf-8").lower())
    for name in ("RULES.md", "RULINGS.md"):
        text = re.sub(r"\s+", " ", (PACKAGE / name).read_text(encoding="utf-8").lower())
        words = text.split()
        for start in range(len(words) - 8):
            assert " ".join(words[start:start + 8]) not in source, " ".join(words[start:start + 8])
