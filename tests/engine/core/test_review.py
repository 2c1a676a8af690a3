"""The review after the game (core/review.py, games/review_estimates.py): a
blunder is marked a mistake with the better move named, and the charts'
data are the record's own positions."""

import contextlib
import itertools

from ludoteca.core import ai as core_ai
from ludoteca.core.match import AI, HUMAN, Match, Seat
from ludoteca.core.review import (
    GOOD,
    INACCURACY_MARK,
    MISTAKE_MARK,
    Review,
    chance_from_margin,
    mark_for,
    review_match,
)
from ludoteca.games import registry
from ludoteca.games.psychopath import ai as psychopath_ai
from ludoteca.games.review_estimates import estimator_for

from ..alphagon.helpers import provide_assets

GAMES = registry.all_games()


def new_match(game_id: str, seed: int, players: int = 2) -> Match:
    game = GAMES[game_id]
    seats = [Seat("Ann", HUMAN)] + [Seat(f"Bot {p}", AI, "hard") for p in range(1, players)]
    return Match(game, game.default_settings(players), seed, seats)


def steady_move(state, player):
    """A deterministic, decent move: a 2-ply search (no clock involved)."""
    return psychopath_ai.AlphaBetaSearch(state, player, psychopath_ai.SeededRng(3), None, max_depth=2).run()


def loses_a_piece_at_once(state, player, move) -> bool:
    """After `move`, can the other side capture one of `player`'s pieces at once?"""
    after = state.clone()
    after.apply_unchecked(player, move)
    if after.is_terminal() or after.to_move()[0] == player:
        return False
    pieces = after.pieces_of(player).bit_count()
    for reply in after.generate_moves(1 - player):
        trial = after.clone()
        trial.apply_unchecked(1 - player, reply)
        if trial.pieces_of(player).bit_count() < pieces:
            return True
    return False


def game_with_a_blunder(seed: int = 11):
    """Steady play, until the human (player 0) has a move that hands a piece
    to a capture in one while a safe move exists: it plays that one, then steady play resumes."""
    match = new_match("psychopath", seed)
    blunder = None
    while not match.is_over and len(match.entries) < 60:
        state = match.state
        player = state.to_move()[0]
        move = steady_move(state, player)
        if blunder is None and player == 0 and len(match.entries) >= 6 and not loses_a_piece_at_once(state, 0, move):
            giving = [m for m in state.generate_moves(0) if loses_a_piece_at_once(state, 0, m)]
            if giving:
                blunder, move = (len(match.entries), giving[0].text), giving[0]
        match.play(player, move)
    return match, blunder


def test_a_move_that_hands_a_piece_to_a_capture_is_a_mistake_and_the_better_move_is_named():
    match, (index, text) = game_with_a_blunder()
    review = review_match(match, estimator_for("psychopath"))
    steps = 0
    while not review.step(0.01):
        steps += 1
        assert 0 <= review.progress < 1
    assert review.progress == 1 and steps > 0  # it ran in slices
    mark = next(mark for mark in review.result.marks if mark.index == index)
    assert mark.move == text and mark.player == 0
    assert mark.kind == MISTAKE_MARK and mark.loss >= 0.10
    before = match.state_before(index)
    better = GAMES["psychopath"].parse_move(mark.better)
    assert mark.better != text and before.is_legal(0, better)
    assert not loses_a_piece_at_once(before, 0, better)
    # Only the human's moves are judged.
    assert {m.player for m in review.result.marks} == {0}


def test_the_charts_data_are_the_records_positions_replayed():
    match, _ = game_with_a_blunder(seed=5)
    result = review_match(match, estimator_for("psychopath")).run()
    count = len(match.entries)
    assert len(result.chances) == len(result.scores) == count + 1
    assert all(0.0 <= chance <= 1.0 for chance in result.chances)
    replayed = Match.from_record(match.record(), GAMES)
    assert result.scores == [replayed.state_before(i).scores() for i in range(count + 1)]


def test_scores_per_move_are_the_engines_in_every_scoring_game():
    for game_id, players in (("alphabeticell", 3), ("geonaxis", 2), ("alphagon", 2)):
        if game_id == "alphagon":
            provide_assets()
        match = new_match(game_id, 4, players)
        bot = registry.game_package(game_id).AI_LEVELS["easy"](1)
        while not match.is_over and len(match.entries) < 40:
            state = match.state
            player = state.to_move()[0]
            match.play(player, bot.start(state.clone(), player).run())
        result = review_match(match, estimator_for(game_id)).run()
        replayed = Match.from_record(match.record(), GAMES)
        assert result.scores == [replayed.state_before(i).scores() for i in range(len(match.entries) + 1)], game_id
        if players == 2:
            assert result.has_chances and all(0.0 <= c <= 1.0 for c in result.chances), game_id
        else:
            assert not result.has_chances and not result.marks  # "each side's chance": two players only


def test_a_review_can_be_dropped_half_way_and_changes_nothing():
    match, _ = game_with_a_blunder(seed=5)
    record = match.record()
    review = review_match(match, estimator_for("psychopath"))
    review.step(0.001)
    assert not review.done and len(review.result.chances) < len(match.entries) + 1
    assert match.record() == record


def test_marks_follow_lichess_thresholds_on_a_zero_to_one_chance():
    assert mark_for(0.049) == GOOD and mark_for(0.05) == INACCURACY_MARK and mark_for(0.10) == MISTAKE_MARK
    assert chance_from_margin(0, 272) == 0.5 and 0.72 < chance_from_margin(272, 272) < 0.74
    assert chance_from_margin(10 ** 9, 1) == 1.0 - chance_from_margin(-(10 ** 9), 1)


def test_no_estimator_gives_scores_only():
    match = new_match("psychopath", 2)
    match.play(0, steady_move(match.state, 0))
    result = Review("psychopath", match.state_before, list(match.entries), [0], None, 2).run()
    assert result.scores == [match.state_before(0).scores(), match.state.scores()]
    assert not result.has_chances and not result.marks


def geonaxis_game_with_a_bad_round(seed: int = 3, bad_round: int = 6):
    """Two players, the easy AI for both, except that in `bad_round` the human
    (player 0) plays the candidate the estimate values least against the
    computer's real choice of that round, which is submitted first."""
    from ludoteca.games.geonaxis import ai as geonaxis_ai

    match = new_match("geonaxis", seed)
    bots = [geonaxis_ai.easy(seed * 2 + p) for p in range(2)]
    bad = None
    with counting_clock():
        while not match.is_over and match.state.round <= bad_round + 2:
            bad = play_a_round(match, bots, bad, bad_round, seed)
    return match, bad


@contextlib.contextmanager
def counting_clock(step: float = 0.01):
    """The searches' clock moves on a fixed step per reading: a time-budgeted
    search (GeonAxis's easy AI) makes the same moves on every run, however busy the machine."""
    readings = itertools.count(1)
    kept = core_ai.clock
    core_ai.clock = lambda: next(readings) * step
    try:
        yield
    finally:
        core_ai.clock = kept


def play_a_round(match, bots, bad, bad_round, seed):
    """One decision of every actor; in `bad_round`, the human's worst candidate (see above). Returns `bad`."""
    from ludoteca.core.rng import SeededRng
    from ludoteca.games.geonaxis import ai as geonaxis_ai
    from ludoteca.games.geonaxis import rules as geonaxis_rules

    state = match.state
    chosen = {p: bots[p].start(state.determinize(p, SeededRng(seed)), p).run() for p in state.to_move()}
    if bad is None and state.round == bad_round and state.phase == geonaxis_rules.PLAY and set(chosen) == {0, 1}:
        estimator = estimator_for("geonaxis")
        cells = geonaxis_ai.stone_candidates(state, 0, 16, SeededRng(state.round))
        judged = {}
        for move in [geonaxis_rules.PASS] + [geonaxis_rules.Stone(q, r) for q, r in cells]:
            judged[move] = run_generator(estimator.round(state, 0, {1: chosen[1], 0: move}))[2]
        chosen[0] = min(judged, key=judged.get)
        bad = (len(match.entries) + 1, chosen[0].text)  # the computer submits first
        match.play(1, chosen.pop(1))
    for player, move in chosen.items():
        match.play(player, move)
    return bad


def run_generator(generator):
    while True:
        try:
            next(generator)
        except StopIteration as stop:
            return stop.value


def test_a_geonaxis_round_is_judged_against_the_other_s_real_choice():
    match, (index, text) = geonaxis_game_with_a_bad_round()
    result = review_match(match, estimator_for("geonaxis")).run()
    mark = next(mark for mark in result.marks if mark.index == index)
    assert mark.move == text and mark.kind == MISTAKE_MARK and mark.better not in (None, text)
    assert {m.player for m in result.marks} == {0}
    # Proposals and challenges are not judged by one round.
    assert all(not m.move.startswith(("propose", "challenge")) for m in result.marks)


def alphagon_game_with_a_bad_letter(seed: int = 4, passing: bool = False):
    """Two players, the medium AI for both, except that at the human's (player
    0's) first turn where one letter completes a word, the human places the
    letter the hard AI values least instead (or, `passing`, passes)."""
    from ludoteca.games.alphagon import rules as alphagon_rules

    provide_assets()
    match = new_match("alphagon", seed)
    computer = registry.game_package("alphagon").AI_LEVELS["medium"](1)  # no clock: the same moves each run
    estimator = estimator_for("alphagon")
    bad = None
    while not match.is_over and len(match.entries) < 200:
        state = match.state
        player = state.to_move()[0]
        move = computer.start(state.clone(), player).run()
        if bad is None and player == 0:
            values = run_generator(estimator._values(state, 0))
            placed = {m: v for m, v in values.items() if isinstance(m, alphagon_rules.Place)}
            if placed and max(placed.values()) >= alphagon_rules.points_for(alphagon_rules.MIN_WORD):
                move = min(placed, key=lambda m: (placed[m], m.text))
                if passing:
                    move = max((m for m in values if isinstance(m, alphagon_rules.Pass)), key=values.get)
                bad = (len(match.entries), move.text)
        match.play(player, move)
    return match, bad


def test_an_alphagon_letter_that_misses_a_word_is_a_mistake_and_the_better_letter_is_named():
    match, (index, text) = alphagon_game_with_a_bad_letter()
    result = review_match(match, estimator_for("alphagon")).run()
    mark = next(mark for mark in result.marks if mark.index == index)
    assert mark.move == text and mark.player == 0 and mark.kind == MISTAKE_MARK
    before = match.state_before(index)
    better = GAMES["alphagon"].parse_move(mark.better)
    assert mark.better != text and before.is_legal(0, better)
    # The better letter leads to a word the judge accepts (the missed one: a word at once, or with a bonus's second letter).
    assert better.keyword == "place" and before.wordlist().has_prefix(before.word() + better.letter)
    assert {m.player for m in result.marks} == {0} and len(result.marks) > 1
    # Every device says the same: a second review gives the same marks.
    assert review_match(match, estimator_for("alphagon")).run().marks == result.marks


def test_an_alphagon_pass_when_a_letter_completes_a_word_is_a_mistake():
    match, (index, text) = alphagon_game_with_a_bad_letter(passing=True)
    assert text.startswith("pass")
    mark = next(mark for mark in review_match(match, estimator_for("alphagon")).run().marks if mark.index == index)
    assert mark.kind == MISTAKE_MARK and mark.better.startswith("place ")
