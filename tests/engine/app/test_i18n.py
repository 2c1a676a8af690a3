"""The Italian catalogs match the English ones: same keys, same placeholders,
and every text really translated (bar a few names and words both languages use)."""

import ast
import importlib
import importlib.util
import pathlib
import pkgutil
import re
import string

import pytest

import ludoteca.core
import ludoteca.games
from ludoteca.ui import i18n
from ludoteca.ui.i18n import language_for
from ludoteca.ui.messages_it import CORE_ERRORS_EN, MESSAGES_IT

# Words a text may keep in both languages: names, and words Italian borrows.
SAME_IN_BOTH = {"Ludoteca", "Menu", "Computer", "English", "Italiano", "bonus", "No", "OK"}


def game_ui_modules() -> dict:
    """id -> ui module, for every game package whose `ui` exposes MESSAGES."""
    found = {}
    for info in pkgutil.iter_modules(ludoteca.games.__path__):
        name = f"ludoteca.games.{info.name}"
        if not info.ispkg or importlib.util.find_spec(name + ".ui") is None:
            continue
        module = importlib.import_module(name + ".ui")
        if hasattr(module, "MESSAGES"):
            found[info.name] = module
    return found


GAME_UIS = game_ui_modules()
GAME_KEYS = {key for module in GAME_UIS.values() for texts in module.MESSAGES.values() for key in texts}
# Taken while the tests are collected, before any test registers extra keys.
SHELL_EN = {key: text for key, text in {**i18n.MESSAGES["en"], **CORE_ERRORS_EN}.items() if key not in GAME_KEYS}


def placeholders(text: str) -> set:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def words(text: str) -> set:
    """The words of a text outside its placeholders, in lower case."""
    literal = "".join(part for part, _, _, _ in string.Formatter().parse(text))
    return {word.lower() for word in re.findall(r"[^\W\d_]+", literal)}


def game_titles() -> set:
    titles = set()
    for game_id in GAME_UIS:
        titles.update(getattr(importlib.import_module(f"ludoteca.games.{game_id}"), "TITLE", {}).values())
    return titles


def check_pair(english: dict, italian: dict, allowed_same: set) -> None:
    assert set(italian) == set(english), {
        "missing in Italian": sorted(set(english) - set(italian)),
        "only in Italian": sorted(set(italian) - set(english)),
    }
    for key, text in english.items():
        assert placeholders(italian[key]) == placeholders(text), (key, text, italian[key])
        assert italian[key].strip(), key
        if italian[key] == text:
            # Only names, borrowed words, placeholders and signs, e.g. "Computer {n}" or "{cell}".
            assert words(text) <= {word.lower() for name in allowed_same for word in words(name)}, \
                f"{key} is not translated: {text!r}"


def test_the_shell_catalog_has_every_key_in_italian_with_the_same_placeholders():
    assert len(SHELL_EN) > 100
    check_pair(SHELL_EN, MESSAGES_IT, SAME_IN_BOTH)


def test_the_core_error_codes_have_texts_in_both_languages():
    codes = ("player_count", "variant_value", "variant_unknown", "game_over", "not_your_turn", "illegal_now",
             "no_chance", "bad_chance", "unknown_move", "unreadable_move", "name_player")
    for code in codes:
        key = f"error.core.{code}"
        assert key in CORE_ERRORS_EN and key in MESSAGES_IT, key


def test_core_error_placeholders_are_the_params_the_core_passes():
    from ludoteca.core.protocol import GameError, Settings
    from ludoteca.games.alphabeticell.rules import GAME

    for settings in (Settings(9, {}), Settings(2, {"rules": "x"}), Settings(2, {"colour": "red"})):
        with pytest.raises(GameError) as caught:
            GAME.validate_settings(settings)
        key = "error." + caught.value.code
        for text in (CORE_ERRORS_EN[key], MESSAGES_IT[key]):
            assert placeholders(text) == set(caught.value.params), key


@pytest.mark.parametrize("game_id", sorted(GAME_UIS))
def test_each_games_messages_exist_in_both_languages_with_the_same_placeholders(game_id):
    messages = GAME_UIS[game_id].MESSAGES
    assert {"en", "it"} <= set(messages)
    check_pair(messages["en"], messages["it"], SAME_IN_BOTH | game_titles())


def test_the_checks_catch_a_missing_key_a_changed_placeholder_and_an_untranslated_text():
    english = {"a": "Take {card}", "b": "Pass"}
    for italian in ({"a": "Prendi {card}"}, {"a": "Prendi {carta}", "b": "Passo"}, {"a": "Prendi {card}", "b": "Pass"},
                    {"a": "Take {card}", "b": "Passo"}):
        with pytest.raises(AssertionError):
            check_pair(english, italian, SAME_IN_BOTH)
    check_pair(english, {"a": "Prendi {card}", "b": "Passo"}, SAME_IN_BOTH)
    check_pair({"a": "{n}/{total}"}, {"a": "{n}/{total}"}, SAME_IN_BOTH)  # no words to translate


def core_error_calls() -> dict:
    """code -> names of the params passed with it, for every error the core
    builds with a literal code (`SomeError(message, "core.x", name=...)`)."""
    found = {}
    for path in pathlib.Path(ludoteca.core.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or len(node.args) < 2:
                continue
            code = node.args[1]
            if isinstance(code, ast.Constant) and isinstance(code.value, str) \
                    and re.fullmatch(r"(core|record)\.[a-z_]+", code.value):
                found.setdefault(code.value, set()).update(kw.arg for kw in node.keywords if kw.arg)
    return found


def test_every_error_code_the_core_raises_has_both_texts_with_its_params():
    calls = core_error_calls()
    assert "core.not_your_turn" in calls and calls["core.illegal_now"] == {"move"}
    for code, params in calls.items():
        key = "error." + code
        english = CORE_ERRORS_EN.get(key) or i18n.MESSAGES["en"].get(key)
        assert english and key in MESSAGES_IT, f"{key} has no text"
        assert placeholders(english) == placeholders(MESSAGES_IT[key]) <= params, (key, params)


def test_the_browser_s_first_language_we_speak_is_chosen_whatever_its_case():
    assert language_for(["fr-FR", "it-IT", "en"]) == "it"
    assert language_for(["IT-it"]) == "it"
    assert language_for(["de", "fr"]) == "en"
