"""The fuzzing driver itself: a sound toy game passes every check, and each
deliberate bug in it is caught by the check meant for it."""

import pytest

from ludoteca.core.protocol import GameType

from .support import fuzzing
from .toy_games import SumsGame

EXPECTED_CHECK = {
    "alias_clone": {"clone"},
    "lossy_json": {"json_round_trip"},
    "leaky_view": {"secrecy", "determinize"},
    "endless": {"ends"},
    "raw_parse": {"junk"},
    "wrong_player": {"wrong_moves", "junk"},
    "bad_text": {"parse_back"},
}


def test_a_sound_game_passes_every_check_in_every_setting():
    game = SumsGame()
    stats = fuzzing.Stats()
    for settings in fuzzing.every_settings(game):
        for seed in range(6):
            fuzzing.play_game(game, settings, seed, fuzzing.Checks(), stats)
    assert stats.games == 6 * 4
    for check in ("protocol", "replay", "record", "json_round_trip", "views", "determinize", "clone",
                  "parse_back", "junk", "wrong_moves", "multi_actor", "secrecy", "terminal"):
        assert stats.by_check[check] > 0, check
    assert not stats.codeless and stats.error_codes


@pytest.mark.parametrize("bug", sorted(EXPECTED_CHECK))
def test_each_bug_is_caught_by_its_check(bug):
    game = SumsGame({bug})
    settings = fuzzing.Settings(3, {"rounds": 3})
    with pytest.raises(fuzzing.FuzzFailure) as caught:
        fuzzing.play_game(game, settings, 11, fuzzing.Checks(max_moves=200))
    case = caught.value.case
    assert case["check"] in EXPECTED_CHECK[bug], case["error"]
    assert case["game"] == "toysums" and case["seed"] == 11


@pytest.mark.parametrize("declared, check", [
    (("sequential", "imperfect", "explicit", "constant_sum"), "protocol"),  # it has simultaneous nodes
    (("mixed", "imperfect", "deterministic", "constant_sum"), "protocol"),  # it has chance nodes
    (("mixed", "imperfect", "explicit", "zero_sum"), "terminal"),  # its returns add up to 1
])
def test_a_game_type_that_misdescribes_the_game_is_caught(declared, check):
    game = SumsGame()
    game.game_type = GameType(*declared)
    with pytest.raises(fuzzing.FuzzFailure) as caught:
        fuzzing.play_game(game, fuzzing.Settings(3, {"rounds": 3}), 11, fuzzing.Checks(max_moves=200))
    assert caught.value.case["check"] == check, caught.value.case["error"]


def test_the_moves_played_do_not_depend_on_the_checks():
    game = SumsGame()
    settings = fuzzing.Settings(3, {"rounds": 3})
    played = {}
    for rate in (0.0, 1.0):
        moves = []
        fuzzing.play_game(game, settings, 5, fuzzing.Checks(full_rate=rate),
                          on_move=lambda state, player, move: moves.append(f"{player}:{move.text}"))
        played[rate] = moves
    assert played[0.0] == played[1.0] and played[0.0]


def test_simultaneous_nodes_take_submissions_in_varying_orders():
    game = SumsGame()
    settings = fuzzing.Settings(3, {"rounds": 3})
    first_submitters = set()
    for seed in range(12):
        moves = []
        fuzzing.play_game(game, settings, seed, fuzzing.Checks(full_rate=0.0),
                          on_move=lambda state, player, move: moves.append(player))
        first_submitters.add(moves[0])
    assert first_submitters == {0, 1, 2}


def test_a_codeless_error_is_counted():
    stats = fuzzing.Stats()
    stats.saw_error("somewhere", fuzzing.GameError("no code"))
    stats.saw_error("elsewhere", fuzzing.GameError("coded", "toy.code"))
    assert dict(stats.codeless) == {"somewhere": 1} and stats.error_codes["toy.code"] == 1


def test_damaged_json_of_the_sound_toy_is_refused_or_sound():
    game = SumsGame()
    state = game.new_state(fuzzing.Settings(2, {"rounds": 2}), 3)
    rng = fuzzing.SeededRng(1)
    stats = fuzzing.Stats()
    for kind in fuzzing.CORRUPTIONS:
        for _label, data in fuzzing.corruptions(state.to_json(), kind, rng, 10):
            try:
                loaded = game.state_from_json(data)
            except fuzzing.GameError:  # RecordError, or the core's settings errors
                continue
            fuzzing.check_loaded_state(game, loaded, stats, seed=1)


def test_a_raw_error_from_state_from_json_is_reported():
    class Fragile(SumsGame):
        def state_from_json(self, data):
            return super().state_from_json(data) if data["phase"] else None  # KeyError when dropped

    game = Fragile()
    data = game.new_state(fuzzing.Settings(2, {"rounds": 2}), 3).to_json()
    del data["phase"]
    with pytest.raises(KeyError):
        game.state_from_json(data)
