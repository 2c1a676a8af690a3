"""Why a PSYCHOPATH move may be good: the reason a hint gives (`State.explain_move`).

Everything on the board is public, so a reason may read the whole position.
In order of weight: what the move captures; a piece of the mover's that the
other side could capture next and no longer can (the moved piece escaping,
or the psychopath shielded); a capture it threatens that was not open
before. A threat is judged as if the mover could play again at once: which
opposing pieces one more move of theirs could capture.
"""

from __future__ import annotations

from typing import Optional

from ...core.protocol import Move
from .rules import DOCTOR, INFORMER, KIND_NAMES, MOVE, NODE_COUNT, Step, attacked_mask, kind_of


def explain(state, move: Move, player: int) -> Optional[tuple]:
    """(message key, params) for `move` of `player` in `state`, or None."""
    after = state.clone()
    after.apply_unchecked(player, move)
    taken = after.last[4]
    if taken:
        kinds = [KIND_NAMES[kind_of(code)] for _, code in taken]
        nodes = [node for node, _ in taken]
        key = "psychopath.why.wins" if "psychopath" in kinds else "psychopath.why.captures"
        return key, {"kinds": kinds, "nodes": nodes}
    if after.is_terminal() or after.phase != MOVE:
        return None
    enemy = 1 - player
    exposed_before = capturable(state, player)
    exposed_after = capturable(after, player)
    if isinstance(move, Step) and move.source in exposed_before and move.target not in exposed_after:
        return "psychopath.why.escapes", {"kind": KIND_NAMES[kind_of(state.board[move.source])],
                                             "source": move.source, "target": move.target}
    psychopath = state.masks[1 + 4 * player]
    node = psychopath.bit_length() - 1
    moved_itself = isinstance(move, Step) and move.source == node
    if psychopath and node in exposed_before and node not in exposed_after and not moved_itself:
        return "psychopath.why.shields", {"node": node}
    threatened = sorted(capturable(after, enemy, attacker=player) - capturable(state, enemy, attacker=player))
    if threatened:
        kinds = [KIND_NAMES[kind_of(after.board[node])] for node in threatened]
        key = "psychopath.why.threatens_psychopath" if "psychopath" in kinds else "psychopath.why.threatens"
        return key, {"kinds": kinds, "nodes": threatened}
    return None


def capturable(state, owner: int, attacker: Optional[int] = None) -> set:
    """Nodes of `owner`'s pieces that one move of the other side could capture
    from this position, were it that side's move (a plain move: what a
    resurrection could add is left out). A capture needs the attacker's
    doctors and informers, so only their moves are tried, on masks alone."""
    attacker = 1 - owner if attacker is None else attacker
    world = state.clone()
    if world.turn != attacker or world.phase != MOVE:
        world.turn, world.phase, world.pending = attacker, MOVE, ()
        world._cache = None
    doctors, informers, pieces = world.doctors(attacker), world.informers(attacker), world.pieces_of(owner)
    found = 0
    for step in world._moves():
        moved = 1 << step.source | 1 << step.target
        kind = kind_of(world.board[step.source])
        if kind == DOCTOR:
            found |= pieces & attacked_mask(doctors ^ moved, informers)
        elif kind == INFORMER:
            found |= pieces & attacked_mask(doctors, informers ^ moved)
    return {node for node in range(NODE_COUNT) if found >> node & 1}
