"""Builders shared by the GeonAxis tests.

Positions are written as {cell: player}; cells are axial (q, r) on the
starting tile (0, 0) unless more tiles are given.
"""

from ludoteca.core.protocol import Settings
from ludoteca.games.geonaxis.board import all_groups
from ludoteca.games.geonaxis.rules import (
    GAME,
    PASS,
    START_HAND,
    START_POT,
    Agreement,
    Renew,
    Wager,
    position_key,
)

def new_state(players: int = 2, table: str = "1", pot: str = "standard", rounds: int = 100, seed: int = 0):
    return GAME.new_state(Settings(players, {"table": table, "pot": pot, "rounds": rounds}), seed)


def position(stones: dict, players: int = 2, tiles=None, **variants):
    """A state in a round of play with `stones` on the table."""
    state = new_state(players, **variants)
    if tiles is not None:
        state.tiles = {spot: -1 for spot in tiles}
        state._table = None
    state.stones = dict(stones)
    state.history = [position_key(state.stones, state.tiles)]
    return state


def play_round(state, moves: dict):
    """Every player in to_move() submits moves[p] (default: pass)."""
    for player in state.to_move():
        move = moves.get(player, PASS)
        if isinstance(move, str):
            move = GAME.parse_move(move)
        state.apply(player, move)
    return state


def with_agreement(state, cells, members, amount, stakes):
    """Adds a formed agreement; stakes {member: (credits, jokers)} leave the hands."""
    agreement = Agreement(state.next_id, tuple(sorted(cells)), tuple(members), amount, dict(stakes))
    state.next_id += 1
    for member, (credits, _) in stakes.items():
        state.hands[member] -= credits
    state.agreements.append(agreement)
    return agreement


def ring(centre, radius=1):
    """The cells at exactly `radius` steps from `centre` (radius 1: the 6 neighbours)."""
    q0, r0 = centre
    found = []
    for dq in range(-radius, radius + 1):
        for dr in range(-radius, radius + 1):
            if max(abs(dq), abs(dr), abs(dq + dr)) == radius:
                found.append((q0 + dq, r0 + dr))
    return found


def starting_total(players: int) -> int:
    return (START_POT + START_HAND) * players


def check_invariants(state) -> None:
    n = state.n
    assert state.total_credits() == starting_total(n), "credits are conserved"
    assert min(state.hands) >= 0
    cells = state.table.cells
    assert all(cell in cells for cell in state.stones)
    groups = all_groups(state.stones, state.table)
    for _, _, liberties in groups:
        assert liberties, "no group is left without liberties after a round"
    # The state's own caches and running keys agree with a count from scratch.
    assert state.group_liberties() == {cell: liberties for _, group, liberties in groups for cell in group}
    assert position_key(state.stones, state.tiles) in state.history, "the ko history holds the position"
    for agreement in state.agreements:
        assert not any(cell in state.stones for cell in agreement.cells)
        assert len(agreement.members) >= 2
    assert sum(1 for owner in state.tiles.values() if owner >= 0) == state.tile_in_hand.count(False)
    if state.is_terminal():
        assert state.final is not None and not state.agreements
        # Only the cards that players tied on points could not all take stay in the pot.
        assert state.pot == (0 if state.house_variant else state.final["pot"] - sum(state.final["shares"]))
        assert state.pot < state.n
    else:
        assert set(state.to_move()) <= set(state.members)


# --- secrecy (tests/engine/conformance/test_secrecy.py) --------------------------------
def seat_secrets(state) -> dict:
    """RULES "A round" and "Security agreements": a choice is secret until
    everyone has chosen; how a player's credits are split between hand and
    stakes stays hidden (only their total is public), as do the credits and
    jokers in each pile."""
    return {p: {"choice": state.submissions[p].text if p in state.submissions else None,
                "hand": state.hands[p],
                "stakes": sorted([a.id, *a.stakes[p]] for a in state.agreements if p in a.stakes)}
            for p in range(state.n)}


def public_part(state, player, move):
    """A choice is seen by the others only once the last one of its decision
    is made, when all of them are revealed at once; the credits and jokers
    staked on an agreement stay hidden even then (only the amount asked shows)."""
    if state.to_move() != (player,):
        return "chosen"
    if isinstance(move, Wager):
        return "wager"
    if isinstance(move, Renew):
        return ["renew", move.amount]
    return move.text
