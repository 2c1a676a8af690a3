"""Why a GeonAxis stone may be good: the reason a hint gives (`State.explain_move`).

Judged on the table as everyone sees it, as if the others passed this round:
their choices are secret until the round is revealed, so they are never
read. In order of weight: the stones it captures; a group of the player's
own in atari (one liberty) that it gives a second liberty; the opposing
stones it puts in atari; the free cells it encloses alone (an area that
only this player's stones border, closed on every side a tile could still
extend, and no more than a quarter of the table: a lone stone on an empty
table borders everything, which encloses nothing).
"""

from __future__ import annotations

from typing import Optional

from ...core.protocol import Move
from .board import empty_region, group_at
from .rules import PLAY, Stone, settle

ENCLOSURE_SHARE = 4  # an enclosure is at most 1/4 of the table's cells


def explain(state, move: Move, player: int) -> Optional[tuple]:
    """(message key, params) for `move` of `player` in `state`, or None."""
    if state.phase != PLAY or not isinstance(move, Stone):
        return None
    table, stones = state.table, state.stones
    new = move.cells
    after, captures, _ = settle(stones, table, [(player, cell) for cell in new])
    taken = [(owner, cells) for owner, cells, takers in captures if player in takers]
    if taken:
        return "geonaxis.why.captures", {"stones": sum(len(cells) for _, cells in taken),
                                            "owners": sorted({owner for owner, _ in taken})}
    touching = {near for cell in new for near in table.neighbours[cell] if near in stones}
    saved = _groups(stones, table, touching, lambda owner: owner == player, liberties=1)
    if saved and all(cell in after and len(group_at(after, table, cell)[1]) >= 2 for cell in saved):
        return "geonaxis.why.saves", {"stones": len(saved)}
    in_atari = [cell for cell in _groups(stones, table, touching, lambda owner: owner != player, liberties=None)
                if cell in after and len(group_at(after, table, cell)[1]) == 1]
    if in_atari:
        return "geonaxis.why.atari", {"stones": len(in_atari),
                                         "owners": sorted({stones[cell] for cell in in_atari})}
    enclosed = _enclosed(state, after, player, new) - _enclosed(state, stones, player, ())
    if enclosed:
        return "geonaxis.why.encloses", {"cells": len(enclosed)}
    return None


def _groups(stones: dict, table, starts: set, whose, liberties: Optional[int]) -> set:
    """The stones of the groups holding `starts` whose owner passes `whose`
    (with exactly `liberties` liberties, or two or more for None)."""
    found: set = set()
    for start in starts:
        if start in found or not whose(stones[start]):
            continue
        cells, free = group_at(stones, table, start)
        if (len(free) == liberties) if liberties is not None else len(free) >= 2:
            found |= cells
    return found


def _enclosed(state, stones: dict, player: int, new: tuple) -> set:
    """Free cells in areas bordered by `player` alone, next to the stones
    `new` (or, with none, anywhere): closed, and small enough to be an enclosure."""
    table = state.table
    limit = len(table.cells) // ENCLOSURE_SHARE
    starts = [near for cell in new for near in table.neighbours[cell]] if new else table.sorted_cells
    found: set = set()
    for start in starts:
        if start in stones or start in found:
            continue
        region, borders = empty_region(stones, table, start)
        if borders == {player} and len(region) <= limit and state.open_edge.isdisjoint(region):
            found |= region
    return found
