"""Hypothesis properties over random games of 2-6 players, both editions.

The default run keeps to a short profile; --full plays 1000+ games (and
`build.py bench fuzz` thousands):
    .venv/bin/python -m pytest tests/engine/alphagon -k properties --full
"""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import run_profile

from ludoteca.core.match import Match, Seat
from ludoteca.core.protocol import GameError, IllegalMoveError, RecordError
from ludoteca.core.rng import SeededRng
from ludoteca.games.alphagon.rules import GAME, FREE_TEXT, Place

from .helpers import check_invariants, new_state, provide_assets, settings as make_settings

GAMES = st.fixed_dictionaries({
    "seed": st.integers(0, 2 ** 53 - 1),
    "players": st.integers(2, 6),
    "edition": st.sampled_from(["en", "it"]),
    "deal": st.sampled_from(["random", "balanced"]),
    "place_bias": st.sampled_from([0.3, 0.7, 0.9]),
})
RANDOM_GAMES = settings(max_examples=run_profile.examples(40, 1000), derandomize=True, deadline=None,
                        suppress_health_check=[HealthCheck.too_slow])

WRONG = ["place A1 A", "place M13 Q", "close", "end", "doubt", "suspend", "accept", "concede",
         "lose Q", "reward bonus", "vote yes", "find 1 AB", "change Q Z", "giveup Q",
         "start A1 N A", "declare QQQQQ", "contradict QQQQQ", "say QQQQ", "pass Q"]


def pick(state, rng, place_bias):
    """A random acting player and legal move, placing letters more often
    than uniform play would (which mostly passes and changes letters)."""
    acting = state.to_move()
    player = acting[rng.randbelow(len(acting))]
    moves = list(state.legal_moves(player))
    places = [m for m in moves if isinstance(m, Place)]
    if places and rng.random() < place_bias:
        return player, rng.choice(places)
    return player, rng.choice(moves)


def check_views(state):
    for viewer in range(state.n):
        view = state.view(viewer)
        assert view["rack"] == state.racks[viewer]
        assert [c["id"] for c in view["hand"]] == list(state.hands[viewer])
        world = state.determinize(viewer, SeededRng(viewer + 7))
        assert world.view(viewer) == view, "the view shows only what the viewer knows"
        check_invariants(world)
        json.dumps(view)


@RANDOM_GAMES
@given(GAMES)
def test_random_games_keep_every_invariant(game):
    state = new_state(game["players"], game["edition"], game["seed"], game["deal"])
    rng = SeededRng(game["seed"] ^ 0xA1FA)
    moves = 0
    check_invariants(state)
    while not state.is_terminal():
        assert not state.is_chance()
        player, move = pick(state, rng, game["place_bias"])
        assert GAME.parse_move(move.text) == move
        if moves % 5 == 0:
            before = state.to_json()
            for text in rng.choice([WRONG[:7], WRONG[7:14], WRONG[14:]]):
                wrong = GAME.parse_move(text)
                if state.is_legal(player, wrong):
                    continue
                with pytest.raises(IllegalMoveError) as caught:
                    state.apply(player, wrong)
                assert caught.value.code
            outsider = next((p for p in range(state.n) if p not in state.to_move()), None)
            if outsider is not None:
                with pytest.raises(IllegalMoveError):
                    state.apply(outsider, move)
            assert state.to_json() == before
            check_views(state)
        state.apply(player, move)
        state.resolve_chance()
        moves += 1
        check_invariants(state)
        data = state.to_json()
        assert GAME.state_from_json(json.loads(json.dumps(data))).to_json() == data
        assert moves < 3000
    assert state.end_reason in ("goal", "closed", "ten_sides", "blocked", "stalemate")
    assert state.winners() and sum(state.returns()) == pytest.approx(1.0)


@settings(max_examples=run_profile.examples(8, 200), derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(GAMES)
def test_records_replay_at_every_move(game):
    provide_assets()
    seats = [Seat(f"P{p}") for p in range(game["players"])]
    match = Match(GAME, make_settings(game["players"], game["edition"], game["deal"]), game["seed"] % 10 ** 9, seats)
    rng = SeededRng(game["seed"])
    while not match.is_over:
        player, move = pick(match.state, rng, game["place_bias"])
        match.play(player, move.text)
        if len(match.entries) % 4 == 0 or match.is_over:
            replayed = Match.from_record(json.loads(json.dumps(match.record())), {GAME.id: GAME})
            assert replayed.state.to_json() == match.state.to_json()


def test_free_text_moves_are_not_listed_in_views():
    state = new_state(2, seed=3)
    view = state.view(state.to_move()[0])
    assert view["legal_moves"] and not any(text.split()[0] in FREE_TEXT for text in view["legal_moves"])


@pytest.mark.parametrize("damage", [
    lambda d: d.update(game="chess"),
    lambda d: d.update(phase="dancing"),
    lambda d: d["racks"].__setitem__(0, d["racks"][0] + "A"),
    lambda d: d["hands"].__setitem__(0, d["hands"][0] + [d["hands"][1][0]]),
    lambda d: d.update(trail=["A1", "A1"], symbols="++", owners=[0, 0]),
    lambda d: d.update(racks=["A"]),
    lambda d: d.update(bonuses=[2, -1]),
    lambda d: d.update(queue=[["teleport", 0]]),
    lambda d: d.update(trail=["A1", "C3"], symbols="+A", owners=[0, 0]),
    lambda d: d.update(scores="lots"),
    lambda d: d.pop("deck"),
    lambda d: d["sacks"].__setitem__(0, d["sacks"][0][:-1]),
    lambda d: d.update(end_reason="closed"),
])
def test_state_from_json_rejects_damaged_content(damage):
    state = new_state(2, seed=5)
    data = json.loads(json.dumps(state.to_json()))
    damage(data)
    with pytest.raises(RecordError) as caught:
        GAME.state_from_json(data)
    assert caught.value.code == "alphagon.bad_state" or caught.value.code.startswith("alphagon.state_")


def test_game_type_and_assets():
    assert GAME.game_type.dynamics == "mixed" and GAME.game_type.chance == "explicit"
    assert GAME.game_type.information == "imperfect" and GAME.game_type.utility == "general_sum"
    assert GAME.required_assets(make_settings(edition="it")) == ("web/words/it.txt.gz",)
    assert GAME.required_assets(make_settings(edition="en")) == ("web/words/en.txt.gz",)
    with pytest.raises(GameError) as caught:
        GAME.provide_asset("web/words/xx.txt.gz", b"")
    assert caught.value.code == "alphagon.unknown_asset"


# --- loaded states never freeze (R37) -------------------------------------------------------------------
TASK_MUTATIONS = st.lists(st.one_of(
    st.tuples(st.sampled_from(["begin", "balance", "first", "rotation"])),
    st.tuples(st.sampled_from(["next", "plus", "lose", "reward", "card"]), st.integers(0, 1)),
    st.tuples(st.just("draw"), st.integers(0, 1), st.sampled_from(["v", "c"]))), min_size=1, max_size=3)
HOLDINGS = st.fixed_dictionaries({"bonuses": st.integers(0, 3), "empty_rack": st.booleans()})


def someone_can_move(state) -> bool:
    if state.is_chance():
        return bool(state.chance_outcomes())
    return any(list(state.legal_moves(player)) for player in state.to_move())


@settings(max_examples=run_profile.examples(60, 300), derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 30), TASK_MUTATIONS, st.sampled_from(["replace", "prepend", "append"]), HOLDINGS)
def test_a_loaded_state_that_is_not_over_always_lets_someone_move(moves_in, tasks, where, holdings):
    """Any state that loads, its queue mutated, its holdings changed: while the
    game is not over, someone can move, for the rest of a random game."""
    state = new_state(2, seed=21)
    rng = SeededRng(moves_in)
    for _ in range(moves_in):
        if state.is_terminal():
            break
        state.apply(*pick(state, rng, 0.8))
        state.resolve_chance()
    data = json.loads(json.dumps(state.to_json()))
    queue = [list(task) for task in tasks]
    data["queue"] = {"replace": queue, "prepend": queue + data["queue"], "append": data["queue"] + queue}[where]
    data["bonuses"][0] = holdings["bonuses"]
    if holdings["empty_rack"]:
        data["discards"][0] = "".join(sorted(data["discards"][0] + data["racks"][0]))
        data["racks"][0] = ""
    try:
        loaded = GAME.state_from_json(data)
    except RecordError:
        return
    for _ in range(200):
        if loaded.is_terminal():
            break
        assert someone_can_move(loaded), loaded.to_json()["queue"]
        if loaded.is_chance():
            loaded.resolve_chance()
            continue
        loaded.apply(*pick(loaded, rng, 0.8))
        loaded.resolve_chance()
