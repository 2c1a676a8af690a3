"""RULES, RULINGS and BOARD documents: the shape the rules page renders, every
ruling tied to tests that exist, and the package metadata."""

import pathlib
import re

from ludoteca.games import psychopath

PACKAGE = pathlib.Path(psychopath.__file__).resolve().parent
TESTS = pathlib.Path(__file__).resolve().parent
SEED = pathlib.Path(__file__).resolve().parents[4] / "shared" / "seeds" / "alpha-psychopath.txt"


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
        assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 12
        blocks = re.split(r"^\*\*R\d+\.", text, flags=re.M)[1:]
        for number, block in enumerate(blocks, start=1):
            lines = [line for line in block.splitlines() if line.startswith("- Tests:")]
            assert len(lines) == 1, f"{name} R{number} needs one Tests: line"
            cited = re.findall(r"\btest_\w+", lines[0])
            assert cited and not set(cited) - known, f"{name} R{number}: {set(cited) - known}"
    english = (PACKAGE / "RULINGS.md").read_text(encoding="utf-8")
    italian = (PACKAGE / "RULINGS.it.md").read_text(encoding="utf-8")
    assert re.findall(r"- Tests:.*", english) == re.findall(r"- Tests:.*", italian)


def test_rules_pages_use_only_the_plain_markdown_the_app_renders():
    for name in ("RULES.md", "RULES.it.md", "RULINGS.md", "RULINGS.it.md"):
        text = (PACKAGE / name).read_text(encoding="utf-8")
        for line in text.splitlines():
            assert not line.startswith("###"), line
            assert "`" not in line and "](" not in line and "|" not in line, line
            assert not re.match(r"^\s*\d+[.)] ", line), line
    for name in ("RULES.md", "RULES.it.md"):
        rules = (PACKAGE / name).read_text(encoding="utf-8")
        assert rules.startswith("# ALPHA // PSYCHOPATH")
        assert len(re.findall(r"^## ", rules, re.M)) >= 6


def test_rules_are_in_our_own_words():
    """No sentence of the rulebook is copied: no run of 8 words is shared."""
    if not SEED.exists():
        return
    def words(text):
        return re.findall(r"[a-z']+", text.lower())
    seed = words(SEED.read_text(encoding="utf-8"))
    runs = {tuple(seed[i:i + 8]) for i in range(len(seed) - 7)}
    for name in ("RULES.md", "RULINGS.md", "BOARD.md"):
        mine = words((PACKAGE / name).read_text(encoding="utf-8"))
        shared = [run for run in (tuple(mine[i:i + 8]) for i in range(len(mine) - 7)) if run in runs]
        assert not shared, (name, shared[:3])


def test_package_metadata_is_light_and_complete():
    assert psychopath.MIN_PLAYERS == psychopath.MAX_PLAYERS == 2
    assert psychopath.TILE_ART.startswith("<svg") and 'aria-hidden="true"' in psychopath.TILE_ART
    assert psychopath.GAME.id == "psychopath"
    assert set(psychopath.AI_LEVELS) == {"easy", "medium", "hard"}
    assert psychopath.DEFAULT_LEVEL == "medium"
