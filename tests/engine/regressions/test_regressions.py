"""Replays every crash the fuzz bench saved (cases/<game>-<seed>.json) and
asserts it no longer fails: the saved moves with every check at every node,
then the whole seeded random game with the checks the bench used.

examples/ holds a case that once failed for real: the toy game of
tests/engine/conformance/toy_games.py with its clone bug. It replays clean
against the sound toy, and still fails against the buggy one, which shows
that this replay can fail.
"""

import json
import pathlib

import pytest

from ..conformance.support import LOADED, fuzzing, invariants_for
from ..conformance.toy_games import SumsGame

HERE = pathlib.Path(__file__).parent
CASES = sorted((HERE / "cases").glob("*.json"))
EXAMPLES = sorted((HERE / "examples").glob("*.json"))
GAMES = dict(LOADED, toysums=SumsGame())


def load(path):
    return json.loads(path.read_text(encoding="utf-8"))


def _case_id(path):
    return path.stem


@pytest.mark.parametrize("path", CASES + EXAMPLES, ids=_case_id)
def test_saved_case_no_longer_fails(path):
    case = load(path)
    if case["game"] not in GAMES:
        pytest.skip(f"{case['game']}: its GAME does not load now")
    try:
        stats = fuzzing.replay_case(case, GAMES, invariants_for(case["game"]) if case["game"] in LOADED else None)
    except fuzzing.FuzzFailure as failure:
        pytest.fail(f"{path.name} still fails (first found as: {case['error'][:300]})\nnow: {failure}", pytrace=False)
    assert stats.games == 2 and stats.checks > 0  # the scripted replay, then the seeded game
    assert stats.moves >= len(case["moves"])


def test_every_example_once_failed_and_is_well_formed():
    assert EXAMPLES, "the bundled example case is missing"
    for path in EXAMPLES:
        case = load(path)
        assert {"game", "settings", "seed", "moves", "check", "error", "checks"} <= set(case)
        buggy = SumsGame(case["bugs"])
        with pytest.raises(fuzzing.FuzzFailure) as caught:
            fuzzing.replay_case(case, {"toysums": buggy})
        assert caught.value.case["check"] == case["check"]


def test_a_failure_becomes_a_case_that_replays(tmp_path):
    buggy = SumsGame({"lossy_json"})
    settings = fuzzing.Settings(2, {"rounds": 3})
    with pytest.raises(fuzzing.FuzzFailure) as caught:
        fuzzing.play_game(buggy, settings, 4, fuzzing.Checks())
    path = fuzzing.save_case(caught.value.case, tmp_path)
    assert path.name == "toysums-4.json"
    case = load(path)
    assert case["check"] == "json_round_trip" and case["settings"] == settings.to_json()
    with pytest.raises(fuzzing.FuzzFailure):
        fuzzing.replay_case(case, {"toysums": buggy})
    assert fuzzing.replay_case(case, {"toysums": SumsGame()}).games == 2


def test_saved_cases_name_their_game_and_seed():
    for path in CASES:
        case = load(path)
        assert path.name == f"{case['game']}-{case['seed']}.json"
