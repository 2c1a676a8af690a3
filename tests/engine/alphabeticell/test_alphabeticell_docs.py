"""RULES.md and RULINGS.md (and their Italian versions): the shape the rules
page can render, and every ruling tied to tests that exist."""

import pathlib
import re

PACKAGE = pathlib.Path(__file__).resolve().parents[3] / "py" / "ludoteca" / "games" / "alphabeticell"
TESTS = pathlib.Path(__file__).resolve().parent


def _test_names() -> set:
    names = set()
    for path in TESTS.glob("test_*.py"):
        names.update(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    return names


def test_rulings_are_numbered_and_each_names_existing_tests():
    text = (PACKAGE / "RULINGS.md").read_text(encoding="utf-8")
    numbers = [int(n) for n in re.findall(r"^\*\*R(\d+)\.", text, re.M)]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 15
    known = _test_names()
    blocks = re.split(r"^\*\*R\d+\.", text, flags=re.M)[1:]
    for number, block in enumerate(blocks, start=1):
        cited = re.findall(r"\btest_\w+", block)
        assert cited, f"R{number} names no test"
        missing = set(cited) - known
        assert not missing, f"R{number} names unknown tests {missing}"


def test_rules_page_uses_only_the_plain_markdown_the_app_renders():
    for name in ("RULES.md", "RULINGS.md", "RULES.it.md", "RULINGS.it.md"):
        text = (PACKAGE / name).read_text(encoding="utf-8")
        for line in text.splitlines():
            assert not line.startswith("###"), line
            assert "`" not in line and "](" not in line and "|" not in line, line
            assert not re.match(r"^\s*\d+[.)] ", line), line
    rules = (PACKAGE / "RULES.md").read_text(encoding="utf-8")
    assert rules.startswith("# Alphabeticell")
    assert len(re.findall(r"^## ", rules, re.M)) >= 5


def _rulings(name: str) -> list:
    """(number, Tests: lines) for each ruling of a RULINGS file."""
    text = (PACKAGE / name).read_text(encoding="utf-8")
    blocks = re.split(r"^\*\*R(\d+)\.", text, flags=re.M)[1:]
    return [(int(number), [line for line in block.splitlines() if line.lstrip("- ").startswith("Tests:")])
            for number, block in zip(blocks[::2], blocks[1::2])]


def test_italian_rulings_match_the_english_ones_test_line_for_test_line():
    english, italian = _rulings("RULINGS.md"), _rulings("RULINGS.it.md")
    assert italian == english
    assert all(lines for _, lines in italian)


def test_italian_rules_page_has_the_same_sections_in_italian():
    english = (PACKAGE / "RULES.md").read_text(encoding="utf-8")
    italian = (PACKAGE / "RULES.it.md").read_text(encoding="utf-8")
    assert italian.startswith("# Alphabeticell")
    assert len(re.findall(r"^## ", italian, re.M)) == len(re.findall(r"^## ", english, re.M))
    assert len(re.findall(r"^- ", italian, re.M)) == len(re.findall(r"^- ", english, re.M))
    for word in ("mazziere", "mano", "fila", "carte"):
        assert word in italian
    english_lines = set(english.splitlines()) - {"", "# Alphabeticell"}
    assert not english_lines & set(italian.splitlines())
