"""The core's loose ends the review found: parse errors are not illegal
moves, `LegalMoves` answers "any move?" without listing them all, -1 has a
name for each meaning, GameType holds enums, and dead names are gone."""

import importlib

import pytest

from ludoteca.core.match import Match
from ludoteca.core.protocol import (
    CHANCE,
    DRAW,
    NO_PLAYER,
    ChanceKind,
    Dynamics,
    Game,
    GameError,
    GameType,
    IllegalMoveError,
    Information,
    LegalMoves,
    Move,
    MoveParseError,
    State,
    Utility,
    parse_with,
)


# --- MoveParseError and IllegalMoveError are siblings ------------------------------------
def test_a_parse_error_is_not_an_illegal_move():
    assert not issubclass(MoveParseError, IllegalMoveError)
    assert not issubclass(IllegalMoveError, MoveParseError)
    assert issubclass(MoveParseError, GameError) and issubclass(IllegalMoveError, GameError)


def test_an_unreadable_text_escapes_a_handler_for_illegal_moves_only():
    with pytest.raises(MoveParseError):
        try:
            parse_with({}, "frobnicate 1")
        except IllegalMoveError:  # pragma: no cover - the point: it must not catch
            pytest.fail("a text that names no move was taken for an illegal move")


# --- LegalMoves.__bool__ stops at the first move -------------------------------------------
class _Counted(State):
    """Generates `count` moves lazily and counts how many were asked for."""

    def __init__(self, count: int):
        self.count = count
        self.pulled = 0

    def to_move(self):
        return (0,)

    def generate_moves(self, player):
        for index in range(self.count):
            self.pulled += 1
            yield ("move", index)


def test_truth_of_the_legal_moves_stops_at_the_first():
    state = _Counted(1000)
    assert LegalMoves(state, 0)
    assert state.pulled == 1


def test_no_legal_moves_is_false_and_a_listed_view_answers_from_its_list():
    assert not LegalMoves(_Counted(0), 0)
    state = _Counted(5)
    moves = LegalMoves(state, 0)
    assert len(moves) == 5 and state.pulled == 5
    assert moves and state.pulled == 5


# --- the three meanings of -1 ------------------------------------------------------------------
class _Coin(Move):
    keyword = "coin"


class _ChanceFirst(State):
    """A chance node, then nobody acts; records who `apply_unchecked` was given."""

    def __init__(self):
        self.actors = []

    def to_move(self):
        return ()

    def is_chance(self):
        return not self.actors

    def chance_outcomes(self):
        return [(COIN, 1.0)]

    def apply_unchecked(self, player, move):
        self.actors.append(player)


COIN = _Coin()


def test_chance_events_are_played_by_the_named_chance_actor():
    state = _ChanceFirst()
    state.apply_chance(COIN)
    assert state.actors == [CHANCE]


def test_the_legal_moves_when_nobody_acts_belong_to_no_player():
    state = _ChanceFirst()
    assert state.legal_moves()._player == NO_PLAYER


def test_a_psychopath_draw_names_its_winner_draw():
    from ludoteca.games.psychopath.rules import END_QUIET, QUIET_LIMIT, Step

    from ..psychopath.helpers import position

    state = position({2: "P0", 45: "P1", 13: "D0"})
    state.quiet = QUIET_LIMIT - 1
    state.apply(0, Step(13, 14) if Step(13, 14) in state.legal_moves() else state.legal_moves()[0])
    assert state.result() == (DRAW, END_QUIET) and state.returns() == [0.5, 0.5]


# --- GameType holds enums that the checks read ----------------------------------------------
def test_game_type_turns_texts_into_enums_and_refuses_unknown_ones():
    kind = GameType("sequential", "perfect", "deterministic", "constant_sum")
    assert kind == GameType(Dynamics.SEQUENTIAL, Information.PERFECT, ChanceKind.DETERMINISTIC, Utility.CONSTANT_SUM)
    assert kind.utility is Utility.CONSTANT_SUM and kind.dynamics == "sequential"
    with pytest.raises(ValueError):
        GameType("sequential", "perfect", "deterministic", "zero-sum")


@pytest.mark.parametrize("utility, returns, fits", [
    ("constant_sum", [1.0, 0.0], True), ("constant_sum", [0.5, 0.5], True), ("constant_sum", [0.0, 0.0], False),
    ("zero_sum", [1.0, 0.0], False), ("general_sum", [0.3, 0.9], True), ("general_sum", [1.5, 0.0], False),
])
def test_returns_are_checked_against_the_declared_utility(utility, returns, fits):
    assert GameType("mixed", "imperfect", "explicit", utility).returns_add_up(returns) is fits


def test_every_game_declares_its_type_in_enums():
    from ludoteca.games.registry import PACKAGES

    for game_id, package in PACKAGES.items():
        kind = importlib.import_module(package).GAME.game_type
        assert isinstance(kind.dynamics, Dynamics) and isinstance(kind.information, Information), game_id
        assert isinstance(kind.chance, ChanceKind) and isinstance(kind.utility, Utility), game_id
    assert Game.game_type.utility is Utility.CONSTANT_SUM  # by default the winners share 1


# --- dead names ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("module, name", [
    ("ludoteca.games.alphabeticell.rules", "COPIES_PER_TOP"),
    ("ludoteca.games.geonaxis.board", "TILE_CELLS"),
    ("ludoteca.games.geonaxis.board", "spots_touch"),
    ("ludoteca.games.psychopath.rules", "ALL_NODES"),
    ("ludoteca.games.psychopath.rules", "BORDER_INDEX"),
])
def test_dead_module_names_are_gone(module, name):
    assert not hasattr(importlib.import_module(module), name)


@pytest.mark.parametrize("owner, name", [
    ("ludoteca.games.alphagon.rules:AlphagonState", "start_cell"),
    ("ludoteca.games.psychopath.board:Board", "angle_of"),
])
def test_dead_members_are_gone(owner, name):
    module, _, cls = owner.partition(":")
    assert not hasattr(getattr(importlib.import_module(module), cls), name)


def test_match_keeps_only_the_list_of_resigners():
    assert not hasattr(Match, "resigned") and hasattr(Match, "resign")
