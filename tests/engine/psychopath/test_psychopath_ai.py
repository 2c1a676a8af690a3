"""The AI levels: legal choices, slices that return on time, real search."""

import time

from ludoteca.core import ai as core_ai
from ludoteca.core.rng import SeededRng
from ludoteca.games.psychopath import AI_LEVELS, DEFAULT_LEVEL
from ludoteca.games.psychopath.ai import CONTEMPT, AlphaBetaBot, AlphaBetaSearch, evaluate
from ludoteca.games.psychopath.rules import MIRROR, QUIET_LIMIT, Resurrect, Step

from ..search_clock import CountingClock
from .helpers import new_state, position


def test_every_level_chooses_a_legal_move_from_the_start():
    state = new_state()
    assert DEFAULT_LEVEL == "medium"
    for level, factory in AI_LEVELS.items():
        bot = factory(3)
        bot.seconds = min(bot.seconds, 0.2)
        move = bot.choose(state, 0)
        assert move in state.legal_moves(0), level


def test_search_works_in_short_slices(monkeypatch):
    # Budget and slices on a counting clock: on the wall clock a loaded machine (a clean clone's
    # run beside a bench) once spent the whole 0.3 s before the first slice ended.
    monkeypatch.setattr(core_ai, "clock", CountingClock(0.001))
    state = new_state()
    search = AI_LEVELS["hard"](1).start(state, 0)
    search.seconds = 0.3
    longest = 0.0
    steps = 0
    while True:
        begin = time.process_time()
        finished = search.step(0.012)
        longest = max(longest, time.process_time() - begin)
        steps += 1
        if finished:
            break
    assert steps >= 5  # the decision was spread over several slices
    assert longest < 0.1
    assert search.best_move() in state.legal_moves(0)


def test_sliced_search_equals_one_long_search():
    state = new_state(2)
    state.apply(0, state.legal_moves(0)[5])
    moves = []
    for slice_seconds in (0.002, 5.0):
        search = AlphaBetaSearch(state, 1, SeededRng(7), seconds=None, max_depth=2)
        while not search.step(slice_seconds):
            pass
        moves.append((search.best_move(), search.best_value, search.depth_done))
    assert moves[0] == moves[1] and moves[0][2] == 2


def test_search_takes_the_psychopath_when_it_can():
    state = position({13: "P1", 1: "D0", 33: "D0", 34: "I0", 49: "P0", 16: "S1", 47: "D1"}, turn=0)
    bot = AlphaBetaBot(1, seconds=None, max_depth=2)
    assert bot.choose(state, 0) == Step(34, 20)


def test_search_avoids_losing_its_psychopath_next_move():
    # Black threatens to bring an informer to 20 and take the white psychopath on 13.
    state = position({13: "P0", 1: "D1", 33: "D1", 34: "I1", 45: "P1", 41: "D0", 16: "D0"}, turn=0)
    move = AlphaBetaBot(1, seconds=None, max_depth=2).choose(state, 0)
    child = state.clone()
    child.apply(0, move)
    for reply in child.legal_moves(1):
        after = child.clone()
        after.apply(1, reply)
        assert after.result()[0] != 1, (move.text, reply.text)


def test_search_chooses_a_piece_to_bring_back():
    state = position({13: "S1", 1: "D0", 33: "D0", 34: "I0", 49: "P0", 45: "P1"})
    state.apply(0, Step(34, 20))
    move = AI_LEVELS["easy"](1).choose(state, 0)
    assert isinstance(move, Resurrect) and move in state.legal_moves(0)


def test_evaluation_is_symmetric_between_the_sides():
    state = new_state()
    mirrored = position({MIRROR[node]: ("PSID"[(code - 1) & 3] + str(1 - ((code - 1) >> 2)))
                         for node, code in enumerate(state.board) if code}, turn=1)
    assert evaluate(state) == evaluate(mirrored)
    ahead = position({13: "P0", 1: "D0", 33: "D0", 45: "P1"}, turn=0)
    assert evaluate(ahead) > 0


def test_a_draw_is_worth_the_contempt_to_the_searching_side_whoever_ends_the_game():
    # At QUIET_LIMIT - 1 the searcher's own quiet move draws; at QUIET_LIMIT - 2
    # the opponent's reply does. Either way the searcher scores -CONTEMPT.
    for plies_left in (1, 2):
        for player in (0, 1):
            state = new_state(4)
            state.turn = player
            state.quiet = QUIET_LIMIT - plies_left
            search = AlphaBetaSearch(state, player, SeededRng(0), seconds=None, max_depth=2)
            search.run()
            assert search.best_value == -CONTEMPT, (plies_left, player)


def _only_move_not_repeating(state, kept):
    """`state` with every move but `kept` made a third repetition."""
    history = state.history
    for move in state.legal_moves(state.turn):
        if move != kept:
            child = state.clone()
            child.apply(state.turn, move)
            history += (child.key, child.key)
    state.history = history
    return state


def test_the_ai_plays_a_slightly_worse_move_rather_than_repeat():
    state = new_state()
    kept = next(move for move in state.legal_moves(0) if move.text == "m 1 0")
    after = state.clone()
    after.apply(0, kept)
    assert -CONTEMPT < -evaluate(after) < 0  # worse than a plain draw, better than the contempt
    _only_move_not_repeating(state, kept)
    chosen = {}
    for contempt in (0, CONTEMPT):
        search = AlphaBetaSearch(state, 0, SeededRng(0), seconds=None, max_depth=1, contempt=contempt)
        search.run()
        chosen[contempt] = search.best_move()
    assert chosen[CONTEMPT] == kept
    repeated = state.clone()
    repeated.apply(0, chosen[0])
    assert repeated.result() == (-1, "repetition")  # without contempt it took the draw


def test_the_ai_still_repeats_when_playing_on_loses_more_than_the_contempt():
    state = new_state()
    kept = next(move for move in state.legal_moves(0) if move.text == "m 31 38")
    after = state.clone()
    after.apply(0, kept)
    assert -evaluate(after) < -CONTEMPT
    _only_move_not_repeating(state, kept)
    search = AlphaBetaSearch(state, 0, SeededRng(0), seconds=None, max_depth=1)
    search.run()
    assert search.best_move() != kept and search.best_value == -CONTEMPT


def test_a_bot_keeps_one_table_a_seat():
    bot = AlphaBetaBot(1, seconds=None, max_depth=2)
    state = new_state()
    bot.choose(state, 0)
    state.apply(0, state.legal_moves(0)[0])
    bot.choose(state, 1)
    assert set(bot.tables) == {0, 1} and bot.tables[0] is not bot.tables[1]


def _start_without_a_doctor(owner: int):
    """The starting position with one of `owner`'s doctors gone, player 0 to move."""
    tokens = {node: "PSID"[(code - 1) & 3] + str((code - 1) >> 2) for node, code in enumerate(new_state().board) if code}
    missing = next(node for node, token in tokens.items() if token == f"D{owner}")
    del tokens[missing]
    return position(tokens, turn=0)


def _choice(state):
    search = AlphaBetaSearch(state, 0, SeededRng(0), seconds=None, max_depth=2)
    search.run()
    return search.best_move(), search.best_value


def _seen_once(state, move):
    """`state` where the position after `move` already stood once earlier in the game."""
    child = state.clone()
    child.apply(0, move)
    state.history = (child.key,) + state.history
    return state


def test_a_side_ahead_does_not_go_back_to_a_position_already_seen():
    # The position it returns to is not a draw yet (a second occurrence), but
    # going back to it lets the other side repeat: the search counts it a draw.
    ahead = _start_without_a_doctor(1)
    favourite, value = _choice(ahead)
    assert value > 200
    other, other_value = _choice(_seen_once(ahead, favourite))
    assert other != favourite and other_value > 200


def test_a_side_behind_goes_back_to_a_position_already_seen():
    behind = _start_without_a_doctor(0)
    favourite, value = _choice(behind)
    assert value < -200
    repeat = next(move for move in behind.legal_moves(0) if move != favourite)
    assert _choice(_seen_once(behind, repeat)) == (repeat, -CONTEMPT)
