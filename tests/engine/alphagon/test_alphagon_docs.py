"""RULINGS.md (and its Italian version) stay in step with the tests."""

import pathlib
import re

import pytest

HERE = pathlib.Path(__file__).resolve().parent
GAME_DIR = HERE.parents[2] / "py" / "ludoteca" / "games" / "alphagon"
TEST_FILES = list(HERE.glob("test_*.py")) + [HERE.parent / "test_dictionary.py"]


def _known_test_names():
    names = set()
    for path in TEST_FILES:
        names.update(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    return names


@pytest.mark.parametrize("name", ["RULINGS.md", "RULINGS.it.md"])
def test_every_ruling_is_numbered_in_order_and_names_existing_tests(name):
    path = GAME_DIR / name
    if name.endswith(".it.md") and not path.exists():
        pytest.fail("the Italian rulings are missing")
    text = path.read_text(encoding="utf-8")
    numbers = [int(n) for n in re.findall(r"^\*\*R(\d+)\.", text, re.M)]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 26
    blocks = re.split(r"^\*\*R\d+\.", text, flags=re.M)[1:]
    known = _known_test_names()
    for number, block in zip(numbers, blocks):
        tests = re.search(r"^Tests: (.+)$", block, re.M)
        assert tests, f"R{number} has no Tests: line"
        for test in tests.group(1).split(", "):
            assert test.strip() in known, f"R{number} names an unknown test {test}"


SEEDS = HERE.parents[3] / "shared" / "seeds"  # ../shared beside the checkout


@pytest.mark.parametrize("name, seed", [("RULES.md", "alphagon-en.txt"), ("RULES.it.md", "alphagon-it.txt")])
def test_rules_pages_exist_and_copy_no_sentence_of_the_rulebooks(name, seed):
    text = (GAME_DIR / name).read_text(encoding="utf-8")
    assert text.startswith("# Alphagon") and len(text) > 2000
    source = SEEDS / seed
    if not source.exists():
        pytest.skip("the rulebooks are not beside the repository")
    words = re.findall(r"[\w']+", source.read_text(encoding="utf-8").lower())
    ours = " ".join(re.findall(r"[\w']+", text.lower()))
    copied = [" ".join(words[i:i + 9]) for i in range(len(words) - 8) if " ".join(words[i:i + 9]) in ours]
    assert copied == [], copied[:3]


def test_the_package_imports_light_metadata_only():
    import subprocess
    import sys

    code = ("import sys; import ludoteca.games.alphagon as a; "
            "assert a.MIN_PLAYERS == 2 and a.MAX_PLAYERS == 6 and a.TITLE['it'] and a.BLURB['en']; "
            "assert 'ludoteca.games.alphagon.rules' not in sys.modules; "
            "assert a.GAME.id == 'alphagon' and a.DEFAULT_LEVEL in a.AI_LEVELS; "
            "assert 'ludoteca.ui' not in sys.modules and not {'js', 'pyodide', 'pyscript'} & set(sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=HERE.parents[2] / "py")
