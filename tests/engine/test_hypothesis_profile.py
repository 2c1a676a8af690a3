"""Every hypothesis run is derandomized (tests/conftest.py loads the profile): a
property's examples are the same on every run and machine. A test's own
`settings(...)` inherits it, and no test turns it off or loads another profile."""

import pathlib
import re

from hypothesis import settings

TESTS = pathlib.Path(__file__).resolve().parents[1]


def test_the_loaded_profile_is_derandomized_and_explicit_settings_inherit_it():
    assert settings.default.derandomize
    assert settings(max_examples=3).derandomize


def test_no_test_turns_derandomizing_off_or_loads_another_profile():
    offending = []
    for path in sorted(set(TESTS.rglob("*.py")) - {pathlib.Path(__file__).resolve()}):
        text = path.read_text(encoding="utf-8")
        if re.search(r"derandomize\s*=\s*False", text) or (
                "load_profile(" in text and path != TESTS / "conftest.py"):
            offending.append(str(path.relative_to(TESTS)))
    assert offending == []
