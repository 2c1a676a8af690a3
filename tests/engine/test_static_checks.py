"""Static checks that run with the tests: ruff over all Python, mypy over the core, net and the GameUI contract.

ruff: pyflakes (F), syntax errors (E9) and bugbear (B), less two bugbear rules
that flag what this code does on purpose (B905: zip() over lists of equal
length by construction; B023: closures that are called inside their loop).
mypy: the core, the contract every game and the UI rely on, and the wire protocol.
"""

import pathlib
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parents[2]
RUFF_RULES = ["--select", "F,E9,B", "--ignore", "B905,B023", "--target-version", "py311"]
CHECKED = ["py", "tests", "build.py"]
TYPED = ["py/ludoteca/core", "py/ludoteca/net", "py/ludoteca/games/game_ui.py"]


def run_tool(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *arguments], cwd=REPO, capture_output=True, text=True)


def test_ruff_finds_nothing():
    done = run_tool("ruff", "check", "--no-cache", *RUFF_RULES, *CHECKED)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_finds_nothing_in_the_core():
    done = run_tool("mypy", "--python-version", "3.11", "--no-incremental", "--cache-dir", "/dev/null", *TYPED)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_checks_can_fail(tmp_path):
    broken = tmp_path / "broken.py"
    broken.write_text("import os\n\ndef f(x: int) -> str:\n    return x\n")
    assert run_tool("ruff", "check", "--no-cache", *RUFF_RULES, str(broken)).returncode != 0
    assert run_tool("mypy", "--no-incremental", "--cache-dir", "/dev/null", str(broken)).returncode != 0
