"""Why an Alphabeticell move may be good: the reason a hint gives (`State.explain_move`).

Read from what the player may see: the lines (public), the face-up card,
the player's own dealt cards, and the letters they have not seen (the deck
and the others' hidden cards together, a count that re-dealing those cards
leaves alone).
- a kept card: the letter of it with the most unseen letters on both sides;
- a take: the card's letter, the end and the letters it skips there, or that
  it is the 11th card, which ends the round;
- a pass: nothing fits, or every way to take the card skips letters.
"""

from __future__ import annotations

from typing import Optional

from ...core.protocol import Move
from .rules import LEFT, KEEP, OFFER, Keep, Pass, Take, placements


def explain(state, move: Move, player: int) -> Optional[tuple]:
    """(message key, params) for `move` of `player` in `state`, or None."""
    if state.phase == KEEP and isinstance(move, Keep):
        return _keep(state, move.card, player)
    if state.phase != OFFER:
        return None
    card, line = state.face_up, state.lines[player]
    if isinstance(move, Take):
        if state.line_limit and len(line) + 1 >= state.line_limit:
            return "abc.why.eleven", {"card": card, "letter": move.letter, "n": len(line) + 1}
        if move.first_letter is not None:
            return "abc.why.second", {"card": card, "letter": move.letter, "first_card": line[0][0],
                                         "first_letter": move.first_letter,
                                         "skipped": abs(ord(move.letter) - ord(move.first_letter)) - 1}
        end_letter = line[0][1] if move.end == LEFT else line[-1][1]
        return f"abc.why.take.{move.end}", {"card": card, "letter": move.letter, "end_letter": end_letter,
                                              "skipped": skipped(line, move.end, move.letter)}
    if isinstance(move, Pass) and len(line) > 1:
        ways = placements(line, card)
        if not ways:
            return "abc.why.nothing_fits", {"card": card, "low": line[0][1], "high": line[-1][1]}
        least = min(skipped(line, end, letter) for end, letter, _ in ways)
        if least > 0:
            return "abc.why.wait", {"card": card, "skipped": least}
    return None


def skipped(line: tuple, end: str, letter: str) -> int:
    """Letters a card skips for good, put as `letter` at `end` of a line of two cards or more."""
    return ord(line[0][1]) - ord(letter) - 1 if end == LEFT else ord(letter) - ord(line[-1][1]) - 1


def _keep(state, card: str, player: int) -> tuple:
    """The kept card's roomier letter; "the most room" only when no other dealt card has more."""
    unseen = "".join(state.unseen_cards(player))
    best = max(card, key=lambda letter: room(unseen, letter))
    most = all(room(unseen, best) >= max(room(unseen, letter) for letter in other) for other in state.hands[player])
    return ("abc.why.keep" if most else "abc.why.keep_room"), {
        "card": card, "letter": best,
        "below": sum(1 for other in unseen if other < best), "above": sum(1 for other in unseen if other > best)}


def room(unseen: str, letter: str) -> tuple:
    """How much a line starting on `letter` can grow: the unseen letters on
    its poorer side first (a line grows at both ends), then on both."""
    below = sum(1 for other in unseen if other < letter)
    above = sum(1 for other in unseen if other > letter)
    return min(below, above), below + above
