"""The plural helper the game UIs share, in both languages' catalogs."""

import pytest

from ludoteca.games.geonaxis.ui import MESSAGES as GEONAXIS_MESSAGES
from ludoteca.games.texts import count_text, plural_category


@pytest.mark.parametrize("n, category", [(0, "other"), (1, "one"), (2, "other"), (21, "other")])
def test_english_and_italian_call_only_one_singular(n, category):
    assert plural_category(n) == category


@pytest.mark.parametrize("lang, n, text", [
    ("en", 1, "1 round played"), ("en", 3, "3 rounds played"),
    ("it", 1, "1 turno giocato"), ("it", 0, "0 turni giocati"),
])
def test_count_text_picks_the_form_for_the_count(lang, n, text):
    def t(key, **values):
        return GEONAXIS_MESSAGES[lang][key].format(**values)

    assert count_text(t, "geonaxis.rounds_played", n) == text
