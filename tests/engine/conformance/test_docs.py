"""Every registered game's documents, one check for all: rules and rulings in
both languages, in the plain Markdown the rules page renders, in our own words,
each ruling tied to tests that exist; and package metadata light enough for
the home screen."""

import pathlib
import re
import subprocess
import sys

import pytest

from ludoteca.games import registry

REPO = pathlib.Path(__file__).resolve().parents[3]
GAMES_DIR = REPO / "py" / "ludoteca" / "games"
SEEDS = REPO.parent / "shared" / "seeds"  # the rulebooks, beside the checkout when present
LANGUAGES = ("", ".it")  # RULES.md, RULES.it.md
COPIED_RUN = 8  # words in a row shared with a rulebook count as a copied sentence


def documents(game_id: str) -> list:
    folder = GAMES_DIR / game_id
    return [folder / f"{kind}{lang}.md" for kind in ("RULES", "RULINGS") for lang in LANGUAGES] + \
        sorted(folder.glob("BOARD*.md"))


def rulings(path: pathlib.Path) -> list:
    """(number, tests cited on its Tests: lines, count of Tests: lines) for each ruling."""
    parts = re.split(r"^\*\*R(\d+)\.", path.read_text(encoding="utf-8"), flags=re.M)[1:]
    result = []
    for number, block in zip(parts[::2], parts[1::2]):
        lines = [line for line in block.splitlines() if re.match(r"^(- )?Tests:", line)]
        result.append((int(number), [name for line in lines for name in re.findall(r"\btest_\w+", line)], len(lines)))
    return result


def known_test_names() -> set:
    names = set()
    for path in (REPO / "tests").rglob("test_*.py"):
        names.update(re.findall(r"^(?:async )?def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    return names


@pytest.fixture(scope="module")
def test_names() -> set:
    return known_test_names()


@pytest.mark.parametrize("game_id", registry.PLAYABLE)
def test_every_game_names_its_rulebooks(game_id):
    """A game built from a rulebook names it, so the copy check below reads it."""
    books = registry.game_package(game_id).RULEBOOKS
    assert isinstance(books, tuple) and all(name.endswith(".txt") for name in books)


@pytest.mark.parametrize("game_id", registry.PLAYABLE)
def test_rulings_are_numbered_and_each_names_tests_that_exist(game_id, test_names):
    english, italian = (rulings(GAMES_DIR / game_id / f"RULINGS{lang}.md") for lang in LANGUAGES)
    numbers = [number for number, _, _ in english]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 5
    for number, cited, lines in english:
        assert lines == 1, f"R{number} needs exactly one Tests: line"
        assert cited and not set(cited) - test_names, f"R{number} cites unknown tests {set(cited) - test_names}"
    assert italian == english  # the same rulings, citing the same tests


@pytest.mark.parametrize("game_id", registry.PLAYABLE)
def test_documents_use_only_the_plain_markdown_the_rules_page_renders(game_id):
    for path in documents(game_id):
        for line in path.read_text(encoding="utf-8").splitlines():
            # ui/markdown.py renders headings to ####, lists, tables, bold, italics and code; no links.
            assert not line.startswith("#####"), (path.name, line)
            assert "](" not in line and "<" not in line, (path.name, line)
            assert "|" not in line or (line.startswith("|") and line.endswith("|")), (path.name, line)


@pytest.mark.parametrize("game_id", registry.PLAYABLE)
def test_rules_pages_open_with_the_title_and_have_the_same_sections_in_both_languages(game_id):
    package = registry.game_package(game_id)
    english, italian = ((GAMES_DIR / game_id / f"RULES{lang}.md").read_text(encoding="utf-8") for lang in LANGUAGES)
    assert english.startswith(f"# {package.TITLE['en']}") and italian.startswith(f"# {package.TITLE['it']}")
    sections = len(re.findall(r"^## ", english, re.M))
    assert sections >= 4 and len(re.findall(r"^## ", italian, re.M)) == sections
    prose = {line for line in english.splitlines() if line and not DIAGRAM.match(line)}
    assert not prose & set(italian.splitlines()[1:])  # translated, not copied


DIAGRAM = re.compile(r"^\[\[diagram (\w+)\]\]$")


@pytest.mark.parametrize("game_id", registry.PLAYABLE)
def test_every_diagram_a_rules_page_names_is_drawn_in_both_languages(game_id):
    named = [[found.group(1) for found in map(DIAGRAM.match, (GAMES_DIR / game_id / f"RULES{lang}.md")
              .read_text(encoding="utf-8").splitlines()) if found] for lang in LANGUAGES]
    assert named[0] == named[1]
    draw = getattr(registry.game_ui(game_id), "rules_diagram", None)
    for name in named[0]:
        assert draw is not None and draw(name, lambda key, **values: key).startswith("<figure"), name


def words(text: str) -> list:
    return re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", text.lower())


def copied_runs(ours: list, runs: set) -> list:
    """Runs of our words found in a rulebook; lists of card names (two letters each) are data, not prose."""
    return [" ".join(ours[i:i + COPIED_RUN]) for i in range(len(ours) - COPIED_RUN + 1)
            if tuple(ours[i:i + COPIED_RUN]) in runs and max(map(len, ours[i:i + COPIED_RUN])) > 2]


@pytest.mark.parametrize("game_id", registry.PLAYABLE)
def test_documents_copy_no_sentence_of_the_rulebook(game_id):
    books = [SEEDS / name for name in registry.game_package(game_id).RULEBOOKS]
    if not books or not all(book.exists() for book in books):
        pytest.skip("the rulebooks are not beside the repository")
    runs = set()
    for book in books:
        seed = words(book.read_text(encoding="utf-8"))
        runs.update(tuple(seed[i:i + COPIED_RUN]) for i in range(len(seed) - COPIED_RUN + 1))
    for path in documents(game_id):
        copied = copied_runs(words(path.read_text(encoding="utf-8")), runs)
        assert copied == [], (path.name, copied[:3])


def test_copied_sentences_are_found():
    """The check above can fail: a run of eight rulebook words is caught."""
    seed = words("Each player draws two cards from the deck and keeps one of them.")
    runs = {tuple(seed[i:i + COPIED_RUN]) for i in range(len(seed) - COPIED_RUN + 1)}
    assert copied_runs(words("Then each player draws two cards from the deck and keeps one."), runs)
    assert not copied_runs(words("Then each player takes two cards and keeps one of them."), runs)


@pytest.mark.parametrize("game_id", registry.PLAYABLE)
def test_the_package_imports_light_metadata_only(game_id):
    code = (f"import sys; import ludoteca.games.{game_id} as g; "
            "assert g.TITLE['en'] and g.TITLE['it'] and g.BLURB['en'] and g.BLURB['it']; "
            "assert 2 <= g.MIN_PLAYERS <= g.MAX_PLAYERS <= 6; "
            "assert g.TILE_ART.startswith('<svg') and 'aria-hidden=\"true\"' in g.TILE_ART; "
            f"assert not [m for m in sys.modules if m.startswith('ludoteca.games.{game_id}.')]; "
            f"assert g.GAME.id == '{game_id}' and g.DEFAULT_LEVEL in g.AI_LEVELS; "
            "assert 'ludoteca.ui' not in sys.modules and not {'js', 'pyodide', 'pyscript'} & set(sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO / "py")
