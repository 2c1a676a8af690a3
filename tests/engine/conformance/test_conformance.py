"""Every game, every player count, every variant: seeded random games played
through the protocol only, with the checks of py/tools/fuzzing.py at every
node (cheap ones everywhere, the full set on a sample), plus damaged saves
and hostile records. Figures: printed at the end of the run (conftest.py)."""

import json

import pytest

from .support import (
    DISCOVERED,
    LOADED,
    corrupted_states,
    describe_case,
    fuzzing,
    game_or_fail,
    game_params,
    games_per_player_count,
    least_games_per_player_count,
    random_games,
    record_stats,
    settings_in_play_order,
)

# Games whose purposeful errors do not all carry a code yet (the codes are
# being added now): that one check is an expected failure for them.
ERROR_CODES_PENDING = {}


def _damaged_state_params():
    return [pytest.param(param.values[0], kind, id=f"{param.id}-{kind}", marks=param.marks)
            for param in game_params(per_player_count=False) for kind in fuzzing.CORRUPTIONS]


def _error_code_marks(game_id):
    if game_id in ERROR_CODES_PENDING:
        return [pytest.mark.xfail(strict=False, reason=ERROR_CODES_PENDING[game_id])]
    return []


def test_every_game_package_is_found():
    ids = [entry.id for entry in DISCOVERED]
    assert "alphabeticell" in ids and "alphabeticell" in LOADED
    for entry in DISCOVERED:
        assert entry.game is not None or entry.skip_reason or entry.error


@pytest.mark.parametrize("game_id, players", game_params(per_player_count=False))
def test_game_describes_itself(game_id, players):
    game = game_or_fail(game_id)
    package = __import__(f"ludoteca.games.{game_id}", fromlist=["GAME"])
    assert game.id == game_id, "Game.id must be the package name (records name the game by it)"
    assert (game.min_players, game.max_players) == (package.MIN_PLAYERS, package.MAX_PLAYERS)
    assert 1 <= game.min_players <= game.max_players
    assert game.game_type.dynamics in ("sequential", "simultaneous", "mixed")
    assert game.game_type.information in ("perfect", "imperfect")
    assert game.game_type.chance in ("deterministic", "explicit")
    assert game.game_type.utility in ("zero_sum", "constant_sum", "general_sum")
    for option in game.variants:
        assert isinstance(option.choices, tuple) and option.choices, f"variant {option.key} has no choices"
        assert len(set(option.choices)) == len(option.choices)
    for settings in fuzzing.every_settings(game):
        assets = game.required_assets(settings)
        assert isinstance(assets, tuple)
        for path in assets:
            assert (fuzzing.ROOT / path).is_file(), f"required asset {path} is not in the repo"
    with pytest.raises(fuzzing.GameError):
        game.validate_settings(fuzzing.Settings(game.max_players + 1, {}))


@pytest.mark.parametrize("game_id, players", game_params(per_player_count=True))
def test_random_games_pass_every_check(game_id, players):
    game = game_or_fail(game_id)
    stats, case = random_games(game_id, players)
    record_stats(game_id, stats)
    if case is not None:
        pytest.fail(describe_case(case), pytrace=False)
    assert least_games_per_player_count(game, players) <= stats.games <= games_per_player_count(game)
    assert stats.moves > 0 and stats.full_nodes > 0
    # Every check really ran (a check that never runs passes vacuously).
    for check in ("protocol", "replay", "record", "json_round_trip", "views", "clone", "parse_back",
                  "junk", "wrong_moves", "terminal"):
        assert stats.by_check[check] > 0, f"the {check} check never ran"
    if game.game_type.information == "imperfect" or players > 1:
        assert stats.by_check["determinize"] > 0


@pytest.mark.parametrize("game_id, players", game_params(per_player_count=False))
def test_the_player_counts_play_every_variant_combination_between_them(game_id, players):
    """Each count plays its least games before the CPU cap may stop it (checked above):
    between them, those games cover every combination of the variants the rules read."""
    game = game_or_fail(game_id)
    played = set()
    for count in range(game.min_players, game.max_players + 1):
        first = settings_in_play_order(game, count)[:least_games_per_player_count(game, count)]
        played |= {json.dumps(settings.variants, sort_keys=True) for settings in first}
    every = {json.dumps(game.validate_settings(fuzzing.Settings(game.min_players, variants)).variants, sort_keys=True)
             for variants in fuzzing.variant_combinations(game)}
    assert played == every


@pytest.mark.parametrize("game_id, players", game_params(per_player_count=False, marks_for=_error_code_marks))
def test_purposeful_errors_carry_codes(game_id, players):
    game = game_or_fail(game_id)
    stats = fuzzing.Stats()
    for count in range(game.min_players, game.max_players + 1):
        stats.merge(random_games(game_id, count)[0])
    for kind in fuzzing.CORRUPTIONS:
        stats.merge(corrupted_states(game_id, kind)[0])
    assert stats.error_codes, "no purposeful error was seen at all"
    assert not stats.codeless, (
        f"{game_id}: {sum(stats.codeless.values())} GameErrors without a code"
        f" (where: {dict(stats.codeless)}); examples:\n" + "\n".join(stats.codeless_examples))


@pytest.mark.parametrize("game_id, kind", _damaged_state_params())
def test_damaged_state_json_is_refused_or_sound(game_id, kind):
    game_or_fail(game_id)  # fails at once, with the traceback, for a package that does not load
    stats, problems, accepted, refused = corrupted_states(game_id, kind)
    record_stats(game_id, stats)
    assert not problems, f"{len(problems)} damaged {kind} states went wrong:\n" + "\n".join(problems[:12])
    assert accepted + refused > 0, "no damaged state was tried"


@pytest.mark.parametrize("game_id, players", game_params(per_player_count=False))
def test_undamaged_state_json_still_loads(game_id, players):
    """The control for the damaged-state test: untouched data must load."""
    game = game_or_fail(game_id)
    from .support import sample_states
    for state in sample_states(game_id, game.min_players, games=1):
        data = json.loads(json.dumps(state.to_json()))
        assert game.state_from_json(data) == state


def _record_of_a_random_game(game):
    """A record of a finished seeded random game."""
    settings = game.default_settings(game.min_players)
    fuzzing.provide_assets(game, settings)
    match = fuzzing.Match(game, settings, 42, fuzzing.seats_for(settings.num_players))
    rng = fuzzing.SeededRng(42)
    while not match.is_over:
        player = fuzzing.choose_player(match.state, rng)
        match.play(player, rng.choice(fuzzing.legal_list(match.state, player)))
    return match


HOSTILE_LABELS = [label for label, _ in fuzzing.hostile_records(
    {"settings": {"players": 2}, "moves": ["0:x"], "seats": [{}, {}]})]


@pytest.mark.parametrize("label", HOSTILE_LABELS)
@pytest.mark.parametrize("game_id, players", game_params(per_player_count=False))
def test_hostile_record_is_refused_or_sound(game_id, players, label):
    game = game_or_fail(game_id)
    match = _record_of_a_random_game(game)
    record = json.loads(json.dumps(match.record()))
    assert fuzzing.Match.from_record(record, {game.id: game}).state == match.state  # the control
    hostile = dict(fuzzing.hostile_records(record))[label]
    stats = fuzzing.Stats()
    try:
        fuzzing.check_hostile_record(game, label, hostile, stats)
    except fuzzing.ConformanceError as error:
        pytest.fail(str(error), pytrace=False)
    record_stats(game_id, stats)
