"""A second, deliberately plain move generator, written from the rulebook
and the rulings without the engine's bit masks, memos or tables. The perft
test checks the engine against it."""

from ludoteca.games.psychopath.board import BOARD

PSYCHOPATH, PSYCHOLOGIST, INFORMER, DOCTOR = "psychopath", "psychologist", "informer", "doctor"


def pieces_of(state) -> dict:
    """node -> (owner, kind name), read from a view."""
    return {node: (piece[0], piece[1]) for node, piece in enumerate(state.view(None)["pieces"]) if piece}


def _on(path: int) -> list:
    return list(BOARD.paths[path])


def _border_stretch(node: int, x: int, y: int) -> list:
    """Nodes strictly between doctors x and y along the side of the border
    through `node` (the node included)."""
    ring = _on(BOARD.border_path)
    size = len(ring)
    start = ring.index(node)
    stretch = [node]
    step = 1
    while ring[(start + step) % size] not in (x, y):
        stretch.append(ring[(start + step) % size])
        step += 1
    step = 1
    while ring[(start - step) % size] not in (x, y):
        stretch.append(ring[(start - step) % size])
        step += 1
    return stretch


def captured(node: int, attacker: int, pieces: dict) -> bool:
    doctors = [n for n, (owner, kind) in pieces.items() if owner == attacker and kind == DOCTOR]
    informers = [n for n, (owner, kind) in pieces.items() if owner == attacker and kind == INFORMER]
    for path in BOARD.node_paths[node]:
        members = _on(path)
        flanked = False
        if BOARD.cyclic[path]:
            mine = [d for d in doctors if d in members]
            for i, x in enumerate(mine):
                for y in mine[i + 1:]:
                    stretch = _border_stretch(node, x, y)
                    if sum(1 for n in stretch if n in BOARD.special) <= 1:
                        flanked = True
        else:
            here = members.index(node)
            before = any(d in members[:here] for d in doctors)
            after = any(d in members[here + 1:] for d in doctors)
            flanked = before and after
        if not flanked:
            continue
        for other in BOARD.node_paths[node]:
            if other != path and any(i in _on(other) and i != node for i in informers):
                return True
    return False


def paralysing(node: int, pieces: dict) -> list:
    owner = pieces[node][0]
    found = []
    for path in BOARD.node_paths[node]:
        members = _on(path)
        theirs = any(n in members for n, (o, k) in pieces.items() if o != owner and k == PSYCHOLOGIST)
        ours = any(n in members for n, (o, k) in pieces.items() if o == owner and k == PSYCHOLOGIST)
        if theirs and not ours:
            found.append(path)
    return found


def destinations(node: int, pieces: dict) -> set:
    held = paralysing(node, pieces)
    if len(held) > 1:
        return set()
    paths = held or list(BOARD.node_paths[node])
    found = set()
    for path in paths:
        members = _on(path)
        here = members.index(node)
        for direction in (1, -1):
            step = 1
            while True:
                index = here + direction * step
                if BOARD.cyclic[path]:
                    index %= len(members)
                    if members[index] == node:
                        break
                elif not 0 <= index < len(members):
                    break
                other = members[index]
                if other not in pieces:
                    found.add(other)
                elif pieces[other][1] != PSYCHOLOGIST:
                    break
                step += 1
    return found


def play(pieces: dict, source: int, target: int):
    """(pieces after the move, captured nodes) or None when it is suicide."""
    mover = pieces[source][0]
    after = dict(pieces)
    after[target] = after.pop(source)
    victims = [n for n, (owner, _) in after.items() if owner != mover and captured(n, mover, after)]
    for node in victims:
        del after[node]
    if captured(target, 1 - mover, after):
        return None
    return after, victims


def legal(pieces: dict, player: int) -> list:
    moves = []
    for node in sorted(pieces):
        if pieces[node][0] != player:
            continue
        for target in sorted(destinations(node, pieces)):
            if play(pieces, node, target) is not None:
                moves.append((node, target))
    return moves


def perft(pieces: dict, player: int, depth: int) -> int:
    """Move sequences of `depth` moves (no capture happens this early from
    the start: the test checks that)."""
    moves = legal(pieces, player)
    if depth == 1:
        return len(moves)
    total = 0
    for source, target in moves:
        after, victims = play(pieces, source, target)
        assert not victims
        total += perft(after, 1 - player, depth - 1)
    return total
