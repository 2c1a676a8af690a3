"""`build.py new-game <id>`: a copy of Council, the worked example, that meets
the GameUI contract, plays sound random games, has well-formed rules and rulings
and starts in the app once registered; and unlisted games are never shipped."""
import pathlib
import re
import shutil
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402
import ludoteca.games  # noqa: E402
from ludoteca.games import registry  # noqa: E402
from ludoteca.games.game_ui import conformance_problems  # noqa: E402
from .conformance.support import fuzzing  # noqa: E402
from .conformance.test_docs import rulings  # noqa: E402

NEW_ID = "quorum"


@pytest.fixture
def scratch_root(tmp_path):
    """A root holding what new-game copies: Council's package and its tests."""
    for relative in ("py/ludoteca/games/council", "tests/engine/council"):
        shutil.copytree(ROOT / relative, tmp_path / relative, ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path


@pytest.fixture
def new_game_registered(scratch_root, monkeypatch):
    """The new game, importable as ludoteca.games.quorum and listed in PLAYABLE."""
    build.new_game(NEW_ID, scratch_root)
    monkeypatch.setattr(ludoteca.games, "__path__", [*ludoteca.games.__path__,
                                                     str(scratch_root / "py" / "ludoteca" / "games")])
    monkeypatch.setattr(registry, "PLAYABLE", registry.PLAYABLE + (NEW_ID,))
    monkeypatch.setitem(registry.PACKAGES, NEW_ID, f"ludoteca.games.{NEW_ID}")
    registry.game_package.cache_clear()
    registry.game_ui.cache_clear()
    yield scratch_root
    registry.game_package.cache_clear()
    registry.game_ui.cache_clear()
    for name in [name for name in sys.modules if name.startswith(f"ludoteca.games.{NEW_ID}")]:
        del sys.modules[name]


def test_new_game_writes_a_renamed_copy_of_council_and_its_tests(scratch_root):
    written = build.new_game(NEW_ID, scratch_root)
    names = {path.relative_to(scratch_root).as_posix() for path in written}
    assert {f"py/ludoteca/games/{NEW_ID}/{name}" for name in (
        "__init__.py", "rules.py", "ai.py", "ui.py", "style.css", "RULES.md", "RULES.it.md", "RULINGS.md",
        "RULINGS.it.md")} | {f"tests/engine/{NEW_ID}/{name}" for name in (
        "__init__.py", "helpers.py", f"test_{NEW_ID}.py")} == names
    for path in written:
        assert "council" not in path.read_text(encoding="utf-8")
    with pytest.raises(build.BuildError, match="already exist"):
        build.new_game(NEW_ID, scratch_root)
    for bad in ("Quorum", "q", "4ever", "two words", "../up"):
        with pytest.raises(build.BuildError, match="a game id"):
            build.new_game(bad, scratch_root)


def test_a_new_game_meets_the_contract_and_plays_sound_random_games(new_game_registered):
    ui = registry.game_ui(NEW_ID)
    assert conformance_problems(ui, NEW_ID) == []
    game = registry.all_games()[NEW_ID]
    assert game.id == NEW_ID
    for seed in range(3):
        fuzzing.play_game(game, game.default_settings(game.min_players + seed % 2), seed,
                          fuzzing.Checks(full_rate=1.0))


def test_a_new_game_has_the_documents_the_docs_checks_want(new_game_registered):
    folder = new_game_registered / "py" / "ludoteca" / "games" / NEW_ID
    tests = (new_game_registered / "tests" / "engine" / NEW_ID / f"test_{NEW_ID}.py").read_text(encoding="utf-8")
    names = set(re.findall(r"^def (test_\w+)", tests, re.M))
    english, italian = rulings(folder / "RULINGS.md"), rulings(folder / "RULINGS.it.md")
    assert english == italian and [number for number, _, _ in english] == list(range(1, len(english) + 1))
    assert len(english) >= 5 and all(lines == 1 and cited and set(cited) <= names for _, cited, lines in english)
    package = registry.game_package(NEW_ID)
    assert package.RULEBOOKS == () and package.TITLE == {"en": "Quorum", "it": "Quorum"}
    for lang in ("", ".it"):
        rules = (folder / f"RULES{lang}.md").read_text(encoding="utf-8")
        assert rules.startswith("# Quorum\n") and len(re.findall(r"^## ", rules, re.M)) >= 4


def test_a_registered_new_game_starts_in_the_app(new_game_registered):
    from .app.fake_browser import make_app

    app, browser = make_app()
    assert f'data-testid="tile-{NEW_ID}"' in browser.html
    app.navigate(f"#/new/{NEW_ID}")
    app.dispatch("start")
    browser.run_pending()
    assert 'data-testid="game"' in browser.html and f'data-game="{NEW_ID}"' in browser.html


def test_games_not_in_playable_are_not_shipped():
    package = ROOT / "py" / "ludoteca"
    assert build.unlisted_game_folders(package) == {package / "games" / "council"}
    shipped = build.engine_sources(package)
    assert not [name for name in shipped if name.startswith("ludoteca/games/council/")]
    assert "ludoteca/games/game_ui.py" in shipped and "ludoteca/games/geonaxis/ui.py" in shipped
    assert b"/* council */" not in build.game_styles(package / "games")
