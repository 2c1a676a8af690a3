"""Why an Alphagon move may be good: the reason a hint gives (`State.explain_move`).

Read from what the player may see: the board, the scores, the goal, the
word list (every word, as the hard computer knows them) and the player's own
letters and polygon cards, never another player's.
- a letter: the word it completes (closing it scores, perhaps reaching the
  goal), else the syllable of one of the player's cards it makes, else the
  card whose shape the polygon's end takes, else the word it prepares;
- a letter swapped in from the sacks: the word it would complete or prepare;
- a close or a card found: its points, and whether they reach the goal;
- a doubt: no word starts with the letters; a declaration: every word on
  them is of one family; a contradiction or correction: the word it names;
  a word named when doubted: that it starts with the letters.
"""

from __future__ import annotations

from typing import Optional

from ...core.protocol import Move
from . import components as C
from .rules import (
    DICTIONARY,
    MIN_WORD,
    Change,
    Close,
    Contradict,
    Correct,
    Declare,
    Doubt,
    Find,
    Place,
    Say,
    Start,
    deck_of,
    points_for,
)


def explain(state, move: Move, player: int) -> Optional[tuple]:
    """(message key, params) for `move` of `player` in `state`, or None."""
    if isinstance(move, (Start, Place)):
        return _letter(state, move, player)
    word = state.word()
    if isinstance(move, Change):
        can_place = state.placed == 0 or (state.placed == 1 and state.bonuses[player] >= 1)
        return _change(state, word + move.new, move.new) if can_place else None
    if isinstance(move, Close):
        return _scoring(state, player, "alphagon.why.close", points_for(len(word)), word=word)
    if isinstance(move, Find):
        points = (C.SYLLABLE_POINTS if move.syllable else 0) + (C.SHAPE_POINTS if move.shape else 0)
        return _scoring(state, player, "alphagon.why.find", points, card=move.card)
    if state.judge != DICTIONARY:
        return None  # the table judges words: the word list's opinion is no reason
    wordlist = state.wordlist()
    if isinstance(move, Doubt) and not wordlist.has_prefix(word):
        return "alphagon.why.doubt", {"prefix": word}
    if isinstance(move, Declare):
        return "alphagon.why.declare", {"prefix": word, "word": min(move.words, key=lambda w: (len(w), w))}
    if isinstance(move, (Contradict, Correct)):
        return f"alphagon.why.{move.keyword}", {"prefix": state.declaration["prefix"], "word": move.word}
    if isinstance(move, Say):
        return "alphagon.why.say", {"prefix": word, "word": move.word}
    return None


def _scoring(state, player: int, key: str, points: int, **params) -> tuple:
    goal = state.points[player] + points >= state.goal
    return (f"{key}_goal" if goal else key), {**params, "points": points, "goal": state.goal}


def _change(state, word: str, letter: str) -> Optional[tuple]:
    """A letter swapped in: the word it would complete or prepare, placed next."""
    wordlist = state.wordlist()
    if len(word) >= MIN_WORD and wordlist.is_word(word):
        return "alphagon.why.change_completes", {"letter": letter, "word": word, "points": points_for(len(word))}
    found = _prepared(wordlist, word)
    return ("alphagon.why.change_prepares", {"letter": letter, "word": found, "letters": word}) if found else None


def _prepared(wordlist, letters: str) -> Optional[str]:
    """The most frequent word longer than `letters` that they begin, if any."""
    longer = [w for w in wordlist.completions(letters, 8) if len(w) >= max(MIN_WORD, len(letters) + 1)]
    return longer[0] if longer else None


def _letter(state, move: Move, player: int) -> Optional[tuple]:
    """A letter: the word it completes, the syllable or shape it gives a card, or the word it prepares."""
    word = ("" if isinstance(move, Start) else state.word()) + move.letter
    wordlist = state.wordlist()
    if len(word) >= MIN_WORD and wordlist.is_word(word):
        return _scoring(state, player, "alphagon.why.completes", points_for(len(word)), word=word)
    deck = deck_of(state.lang)
    pair = word[-2:]
    if len(pair) == 2 and not isinstance(move, Start) and len(word) - 2 not in state.claimed_pairs:
        for card in state.hands[player]:
            if pair in deck[card][0] or pair[::-1] in deck[card][0]:
                syllable = pair if pair in deck[card][0] else pair[::-1]
                return "alphagon.why.syllable", {"card": card, "syllable": syllable, "points": C.SYLLABLE_POINTS}
    after = state.clone()
    after.apply_unchecked(player, move)
    for card in state.hands[player]:
        _, red, blue = deck[card]
        if after.shape_matches(red, blue):
            return "alphagon.why.shape", {"card": card, "points": C.SHAPE_POINTS}
    found = _prepared(wordlist, word)
    return ("alphagon.why.prepares", {"word": found, "letters": word}) if found else None
