"""Secrecy, for every game, on seeded random games: no viewer's log line and no
viewer's view carries another seat's secret. Each game declares from its
rules, in tests/engine/<id>/helpers.py, `seat_secrets(state)` ({seat: that
seat's secrets now, JSON-ready}) and `public_part(state, player, move)` (what
everyone learns from a move or chance outcome, the rest being secret).

At sampled decision nodes, for every seat as viewer:
- re-drawn secrets: `determinize(viewer)` re-draws the other seats' secrets;
  the viewer's own stay, their view stays the same, and so does the log line
  of the move about to be played by someone else (unless that move reveals
  something, when its line may name what it reveals);
- told apart: two moves of another player (or two chance outcomes) of the
  same public part that the viewer's view cannot tell apart
  once played get the same description for that viewer (and a spectator).
Every description is plain data and leaves the state unchanged, and a
player's legal moves that the state calls public (`moves_are_public`, which
lets a log line say a move was the only one) do not change either.
A quick profile runs in the test command; `--full` plays more and longer games.
"""

import importlib
import json
from collections import Counter

import pytest

import run_profile

from ludoteca.games.council import rules as council_rules
from .support import fuzzing, game_or_fail, game_params
from .toy_games import Submit, SumsGame, SumsState

# Council, the worked example of a game (not on the home screen), is held to the same rule.
COUNCIL = [pytest.param("council", players, id=f"council-{players}p")
           for players in range(council_rules.MIN_PLAYERS, council_rules.MAX_PLAYERS + 1)]

GAMES = run_profile.examples(2, 10)  # seeded random games per player count
MAX_MOVES = run_profile.examples(160, 1200)  # player moves and chance events a game, at most
CHECK_RATE = run_profile.examples(0.25, 0.6)  # share of nodes that get the costly checks
MOVES_COMPARED = 4  # legal moves (or chance outcomes) compared at a node
FIRST_SEED = 31


def declarations(game_id: str):
    """The game's tests/engine/<id>/helpers.py, where its secrets are declared."""
    package = __name__.rsplit(".", 2)[0]  # the package holding tests/engine ("engine" or "tests.engine")
    try:
        return importlib.import_module(f"{package}.{game_id}.helpers")
    except ModuleNotFoundError:
        return None


def plain(value) -> bool:
    """JSON's own kinds only: no State, no Move, no tuple (a tuple would read back as a list)."""
    if value is None or isinstance(value, (str, bool, int, float)):
        return True
    if isinstance(value, list):
        return all(plain(item) for item in value)
    if isinstance(value, dict):
        return all(isinstance(key, str) and plain(item) for key, item in value.items())
    return False


def described(state, move, viewer, player):
    """`state.describe_move`, checked to be a (key, plain params) pair that left the state alone."""
    before = state.to_json()
    result = state.describe_move(move, viewer, player)
    assert isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], str) and result[0], result
    assert isinstance(result[1], dict) and plain(result[1]), f"{move.text}: params are not plain data: {result[1]!r}"
    assert state.to_json() == before, f"describing {move.text} changed the state"
    return result


def view_key(view) -> str:
    return json.dumps(view, sort_keys=True)


class SecrecyChecker:
    def __init__(self, game, secrets, public, rng):
        self.game = game
        self.secrets = secrets
        self.public = public
        self.rng = rng
        self.counts = Counter()

    def sample(self, items: list) -> list:
        items = list(items)
        self.rng.shuffle(items)
        return items[:MOVES_COMPARED]

    def redrawn(self, state, player, move) -> None:
        """The viewer's view and the log line of another player's move do not
        change when the other seats' secrets are re-drawn."""
        declared = self.secrets(state)
        reveals = state.reveals_information(player, move)
        for viewer in range(state.num_players):
            world = state.determinize(viewer, fuzzing.SeededRng(self.rng.next_u64() >> 11))
            redrawn = self.secrets(world)
            assert redrawn[viewer] == declared[viewer], f"determinize({viewer}) changed that seat's own secrets"
            if any(redrawn[p] != declared[p] for p in range(state.num_players) if p != viewer):
                self.counts["secrets re-drawn"] += 1
            for actor in state.to_move():  # "had no other move" is said to all only where the moves are public
                if actor != viewer and state.moves_are_public(actor):
                    self.counts["public moves compared"] += 1
                    assert world.legal_moves(actor).texts() == state.legal_moves(actor).texts(), (
                        f"moves_are_public({actor}), but they change when secrets are re-drawn for {viewer}")
            # A spectator sees less than any seat: re-drawing changes nothing for them either.
            for seen_by in (viewer, None):
                assert view_key(world.view(seen_by)) == view_key(state.view(seen_by)), (
                    f"view({seen_by}) changes when the secrets of seats other than {viewer} are re-drawn")
                if seen_by != player and not reveals:
                    self.counts["lines with secrets re-drawn"] += 1
                    line = described(state, move, seen_by, player)
                    assert described(world, move, seen_by, player) == line, (
                        f"the line of {player}:{move.text} for viewer {seen_by} changes when the secrets of"
                        f" seats other than {viewer} are re-drawn: {line!r}")

    def told_apart(self, state, options: list, player) -> None:
        """Options the viewer's view cannot tell apart once played are described alike for them."""
        viewers = [None, *range(state.num_players)]
        afters = []
        for move in options:
            after = state.clone()
            after.apply_unchecked(player, move)
            afters.append(after)
        for viewer in viewers:
            if viewer == player:
                continue
            lines = {}
            for move, after in zip(options, afters):
                key = view_key([self.public(state, player, move), after.view(viewer)])
                line = described(state, move, viewer, player)
                if key in lines:
                    self.counts["alike options compared"] += 1
                    seen_move, seen_line = lines[key]
                    assert line == seen_line, (
                        f"viewer {viewer} cannot tell {seen_move.text!r} from {move.text!r} by {player} on the"
                        f" table, but the log tells them apart: {seen_line!r} / {line!r}")
                else:
                    lines[key] = (move, line)


def play(game, settings, seed: int, checker: SecrecyChecker) -> None:
    fuzzing.provide_assets(game, settings)
    state = game.new_state(settings, seed)
    moves_rng = fuzzing.SeededRng(seed ^ 0x5EC2E7)
    for _ in range(MAX_MOVES):
        if state.is_terminal():
            return
        costly = checker.rng.random() < CHECK_RATE
        if state.is_chance():
            if costly:
                outcomes = [move for move, _ in state.chance_outcomes()]
                checker.told_apart(state, checker.sample(outcomes), fuzzing.CHANCE)
            outcome = state.sample_chance()
            for viewer in [None, *range(state.num_players)]:
                described(state, outcome, viewer, fuzzing.CHANCE)
            state.apply_unchecked(fuzzing.CHANCE, outcome)
            continue
        player = fuzzing.choose_player(state, moves_rng)
        legal = fuzzing.legal_list(state, player)
        move = moves_rng.choice(legal)
        for viewer in [None, *range(state.num_players)]:
            described(state, move, viewer, player)
        if costly:
            checker.redrawn(state, player, move)
            checker.told_apart(state, checker.sample(legal), player)
        state.apply(player, move)


@pytest.mark.parametrize("game_id, players", game_params(per_player_count=True) + COUNCIL)
def test_no_viewer_sees_another_seats_secret(game_id, players):
    game = council_rules.GAME if game_id == "council" else game_or_fail(game_id)
    helpers = declarations(game_id)
    assert hasattr(helpers, "seat_secrets") and hasattr(helpers, "public_part"), (
        f"{game_id}: declare seat_secrets(state) and public_part(state, player, move) in tests/engine/{game_id}/helpers.py")
    checker = SecrecyChecker(game, helpers.seat_secrets, helpers.public_part, fuzzing.SeededRng(FIRST_SEED + players))
    settings_list = fuzzing.every_settings(game, players)
    for number in range(GAMES):
        seed = FIRST_SEED + 100 * players + number
        play(game, settings_list[(seed * 7) % len(settings_list)], seed, checker)
    # The checks really ran: a game with secrets had some re-drawn, and compared lines.
    if game.game_type.information == "imperfect":
        assert checker.counts["secrets re-drawn"] > 0, checker.counts
        assert checker.counts["lines with secrets re-drawn"] > 0, checker.counts
    assert checker.counts["alike options compared"] > 0 or game.game_type.information == "perfect", checker.counts
    assert checker.counts["public moves compared"] > 0 or game.game_type.information == "imperfect", checker.counts


# --- the check can fail: the toy game "Sums" (toy_games.py), sound and leaky ----------
def sums_secrets(state) -> dict:
    return {p: state.pending.get(p) for p in range(state.num_players)}


def sums_public(state, player, move):
    return move.text if not isinstance(move, Submit) or state.to_move() == (player,) else "submitted"


class TellingSumsState(SumsState):
    """Names every submitted number to everyone."""

    def describe_move(self, move, viewer, player=None):
        return "move", {"player": self.describing_player(player), "text": move.text}

    def clone(self):
        other = super().clone()
        other.__class__ = TellingSumsState
        return other


def play_sums(game) -> Counter:
    checker = SecrecyChecker(game, sums_secrets, sums_public, fuzzing.SeededRng(5))
    for seed in range(4):
        play(game, game.default_settings(3), seed, checker)
    return checker.counts


def test_a_sound_toy_game_passes_the_secrecy_check():
    counts = play_sums(SumsGame())
    assert counts["secrets re-drawn"] and counts["lines with secrets re-drawn"] and counts["alike options compared"]


def test_the_secrecy_check_catches_a_view_that_shows_a_secret():
    with pytest.raises(AssertionError, match="changes when the secrets"):
        play_sums(SumsGame(bugs=("leaky_view",)))


def test_the_secrecy_check_catches_a_log_line_that_names_a_secret(monkeypatch):
    game = SumsGame()
    monkeypatch.setattr(game, "new_state", lambda settings, seed: TellingSumsState(game, settings, seed))
    with pytest.raises(AssertionError, match="the log tells them apart"):
        play_sums(game)
