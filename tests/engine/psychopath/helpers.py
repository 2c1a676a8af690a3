"""Builders shared by the PSYCHOPATH tests.

Positions are written as {node: "D0"}: the letter is the kind (P psychopath,
S psychologist, I informer, D doctor) and the digit the owner. Every piece
not on the board counts as captured, so states stay valid for to_json.
Border point k (k * 15 degrees counter-clockwise from the east) is
BORDER_NODE[k]; the special nodes are points 2, 6, 10, 14, 18 and 22.
"""

from ludoteca.core.protocol import Settings
from ludoteca.games.psychopath.board import BOARD
from ludoteca.games.psychopath.rules import (
    DOCTOR,
    EMPTY,
    GAME,
    INFORMER,
    NODE_COUNT,
    PIECES_PER_KIND,
    PSYCHOLOGIST,
    PSYCHOPATH,
    code_of,
    kind_of,
    owner_of,
)

LETTERS = {"P": PSYCHOPATH, "S": PSYCHOLOGIST, "I": INFORMER, "D": DOCTOR}
BORDER_NODE = dict(BOARD.border_point_node)
KINGS = {49: "P0", 45: "P1"}  # both psychopaths, far from the action: a position's usual backdrop


def new_state(seed: int = 0):
    return GAME.new_state(Settings(2), seed)


def position(pieces: dict, turn: int = 0, captured=None):
    """A state with exactly these pieces; the rest count as captured."""
    board = [EMPTY] * NODE_COUNT
    for node, token in pieces.items():
        board[node] = code_of(int(token[1]), LETTERS[token[0]])
    state = new_state()
    state.set_board(board)
    state.turn = turn
    if turn:
        state.key ^= __import__("ludoteca.games.psychopath.rules", fromlist=["ZOBRIST_SIDE"]).ZOBRIST_SIDE
    state.history = (state.key,)
    if captured is None:
        captured = [[PIECES_PER_KIND[kind] - sum(1 for code in board if code == code_of(owner, kind))
                     for kind in range(4)] for owner in range(2)]
    state.captured = [list(row) for row in captured]
    return state


def piece_at(state, node: int):
    code = state.board[node]
    if code == EMPTY:
        return None
    return "PSID"[kind_of(code)] + str(owner_of(code))


def targets(state, source: int) -> set:
    return {move.target for move in state.legal_moves(state.turn) if getattr(move, "source", None) == source}


def path_between(a: int, b: int) -> int:
    shared = [p for p in BOARD.node_paths[a] if p in BOARD.node_paths[b]]
    assert len(shared) == 1, (a, b, shared)
    return shared[0]


def check_invariants(state) -> None:
    """What must hold in every reachable position."""
    for owner in range(2):
        for kind in range(4):
            on_board = sum(1 for code in state.board if code == code_of(owner, kind))
            assert on_board + state.captured[owner][kind] == PIECES_PER_KIND[kind]
    for code in range(1, 9):
        assert state.masks[code] == sum(1 << n for n, c in enumerate(state.board) if c == code)
    if not state.is_terminal() and state.phase == 0:
        # At the start of every turn no piece on the board stands captured.
        for node, code in enumerate(state.board):
            if code:
                enemy = 1 - owner_of(code)
                from ludoteca.games.psychopath.rules import attacked
                assert not attacked(node, state.doctors(enemy), state.informers(enemy)), node


# --- secrecy (tests/engine/conformance/test_secrecy.py) --------------------------------
def seat_secrets(state) -> dict:
    """A perfect-information duel: nothing is secret."""
    return {p: None for p in range(state.num_players)}


def public_part(state, player, move):
    """Every move is seen whole."""
    return move.text
