"""What the per-game move parser tests share: the number spellings no move
text may use, and the move texts met in a short seeded random game."""

import random

import pytest

from ludoteca.core.protocol import MoveParseError

# Words that `str.isdigit` or `int` take but no move text writes: a
# superscript, Arabic-Indic, Devanagari and full-width digits, an underscore,
# a plus sign, spaces inside, a fraction, a number too long to be real.
FOREIGN_NUMBERS = ("²", "٣", "१", "３", "１２", "1_0", "+1", "1.0", "½", "0x1", "1e3", "9" * 30)


def assert_refused(game, text: str) -> MoveParseError:
    """parse_move(text) raises MoveParseError (not a raw ValueError)."""
    with pytest.raises(MoveParseError) as caught:
        game.parse_move(text)
    assert caught.value.code, text
    return caught.value


def met_move_texts(game, settings, seed: int, plies: int = 40) -> set:
    """Every legal move's text (and chance outcome's) along a random game."""
    chooser = random.Random(seed)
    state = game.new_state(settings, seed)
    texts = set()
    for _ in range(plies):
        if state.is_terminal():
            break
        if state.is_chance():
            outcomes = [move for move, _ in state.chance_outcomes()]
            texts.update(move.text for move in outcomes)
            state.apply_chance(chooser.choice(outcomes))
            continue
        player = chooser.choice(state.to_move())
        moves = list(state.legal_moves(player))
        texts.update(move.text for move in moves)
        state.apply(player, chooser.choice(moves))
    return texts


def assert_round_trips(game, texts) -> None:
    for text in texts:
        assert game.parse_move(text).text == text
