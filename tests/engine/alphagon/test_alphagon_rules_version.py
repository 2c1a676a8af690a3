"""Rulings R38 (the doubter who wins plays on) and R40 (dead ends) changed
play, so Alphagon's rules are version 2: a save made under version 1 is
refused with the app's message for another rules version, not as a move that
cannot be replayed."""

import json
import pathlib

import pytest

from ludoteca.core.match import Match
from ludoteca.core.protocol import RecordError
from ludoteca.games.alphagon.rules import GAME
from ludoteca.ui.storage import SAVE_PREFIX

from .helpers import provide_assets

GOLDEN = pathlib.Path(__file__).with_name("golden_playthrough.json")
SAVE_ID = "20260101000000-3"


def golden_record(rules: int) -> dict:
    return dict(json.loads(GOLDEN.read_text())["record"], rules=rules)


def test_a_record_of_the_current_rules_replays_and_new_records_carry_them():
    provide_assets()
    assert GAME.rules_version == 2
    match = Match.from_record(golden_record(2), {GAME.id: GAME})
    assert match.is_over and match.record()["rules"] == 2


def test_a_record_of_rules_version_1_is_refused_with_its_version():
    provide_assets()
    with pytest.raises(RecordError) as refused:
        Match.from_record(golden_record(1), {GAME.id: GAME})
    assert refused.value.code == "record.rules_version"
    assert refused.value.params == {"version": "1", "supported": 2}


@pytest.mark.parametrize("lang, says", [
    ("en", "The record uses rules version 1; this app plays version 2"),
    ("it", "La partita registrata usa le regole in versione 1; questa app gioca la versione 2"),
])
def test_an_old_save_is_listed_and_opens_with_the_rules_version_message(lang, says):
    from tests.engine.app.fake_browser import make_app

    provide_assets()
    app, browser = make_app()
    app.on_pref(f"language={lang}")
    browser.store.set(SAVE_PREFIX + SAVE_ID, json.dumps(golden_record(1)))
    listed = next(s for s in app.saves.list() if s.id == SAVE_ID)
    assert listed.status == "damaged" and app.error_text(listed.error) == says + "."
    browser.app.navigate(f"#/play/{SAVE_ID}")
    browser.run_pending()
    assert app.match is None
    assert any(says in notice.text for notice in app.notices), app.notices
    assert SAVE_PREFIX + SAVE_ID in browser.store.data  # the save is kept, to export or delete
