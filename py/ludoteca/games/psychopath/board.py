"""The ALPHA // PSYCHOPATH board as data, built from a Poincaré-disk drawing.

No public copy of the board exists, so we construct one (see BOARD.md):

- 24 equally spaced points on the unit circle; point k sits at angle
  k * 15 degrees, counter-clockwise from the positive x axis (point 6 is at
  the top, point 18 at the bottom).
- The border circle is one path, and it is cyclic.
- 3 diameters (0-12, 4-16, 8-20) meet at the centre.
- One 6-fold symmetric family of hyperbolic geodesics: circular arcs
  orthogonal to the border circle between two border points. A family is a
  tuple of (residue, span) pairs: an arc joins point i to point i + span for
  every i with i % 4 == residue, so rotating by 4 points (60 degrees) maps
  the family onto itself.

Nodes are the points where two paths cross (border points count when some
path ends there). They are computed with floats and merged with a tolerance.
`measure(family)` checks a family against the rulebook's shape: every node
on exactly two paths except the centre and exactly 6 border nodes on three
(the special nodes). `CANDIDATES` lists the families we measured and
`CHOSEN` the one the game uses.

Node ids are deterministic: the centre is 0, then nodes by increasing
distance from the centre (rounded), then by angle counter-clockwise from the
bottom point (so the two sides read alike). Each path is an ordered list of
node ids from one end to the other; the border starts at point 0 and runs
counter-clockwise, and is cyclic.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

BORDER_POINTS = 24
DIAMETERS = ((0, 12), (4, 16), (8, 20))
MERGE_TOLERANCE = 1e-7
INSIDE_MARGIN = 1e-9

# Families we measured (figures in BOARD.md; `search_families` finds them).
SKETCH_FAMILY = ((2, 4), (1, 6))  # arcs i->i+4 (i=2,6,..) and i->i+6 (i=1,5,..)
CANDIDATES = (
    SKETCH_FAMILY,  # 55 nodes, closest pair 8.2% of the diameter
    ((3, 3), (1, 6)),  # 49 nodes, 11.1%: roomier taps, but fewer free nodes
    ((2, 5), (1, 7)),  # 61 nodes, 4.7%
    ((0, 5), (2, 5)),  # arcs from every even point i to i+5: 61 nodes, 3.4%
    ((3, 4), (1, 5)),  # 55 nodes, 3.4%
)
MIN_CLOSEST = 0.075  # share of the diameter: about 27 px apart on a 360 px board
MIN_NODES = 52  # 26 pieces leave at least as many free nodes


def choose(candidates=CANDIDATES) -> tuple:
    """Among valid families whose closest nodes are at least MIN_CLOSEST
    apart and that have room (MIN_NODES), the one with most nodes, then
    the widest spacing."""
    figures = [measure(family) for family in candidates]
    fit = [f for f in figures if f["shape_ok"] and f["closest"] >= MIN_CLOSEST and f["nodes"] >= MIN_NODES]
    best = max(fit, key=lambda f: (f["nodes"], f["closest"]))
    return best["family"]


def search_families(min_nodes: int = 49) -> list:
    """Every 6-fold family of one or two arc sets (spans 2 to 11) with the
    rulebook's shape and at least `min_nodes` nodes, widest spacing first.
    Takes some seconds; BOARD.md lists its result."""
    import itertools

    options = [(residue, span) for residue in range(4) for span in range(2, 12)]
    found = {}
    for size in (1, 2):
        for family in itertools.combinations(options, size):
            figures = measure(family)
            board = build(family)
            key = (board.size, round(figures["closest"], 6))
            if figures["shape_ok"] and board.size >= min_nodes and key not in found:
                found[key] = figures  # mirror images measure alike: keep one
    return sorted(found.values(), key=lambda f: -f["closest"])


CHOSEN = SKETCH_FAMILY


def border_angle(point: int) -> float:
    return 2.0 * math.pi * (point % BORDER_POINTS) / BORDER_POINTS


def border_xy(point: int) -> tuple:
    angle = border_angle(point)
    return (math.cos(angle), math.sin(angle))


@dataclass(frozen=True)
class Geodesic:
    """A path drawn as a straight chord through the centre (a diameter) or a
    circle arc orthogonal to the unit circle, between border points a and b."""

    a: int
    b: int
    centre: tuple  # circle centre; None for a diameter
    radius: float

    @property
    def is_line(self) -> bool:
        return self.centre is None

    def parameter(self, point: tuple) -> float:
        """Position along the path from end a to end b (monotone)."""
        ax, ay = border_xy(self.a)
        if self.is_line:
            return (point[0] - ax) * -ax + (point[1] - ay) * -ay
        cx, cy = self.centre
        start = math.atan2(ay - cy, ax - cx)
        angle = math.atan2(point[1] - cy, point[0] - cx)
        end = math.atan2(border_xy(self.b)[1] - cy, border_xy(self.b)[0] - cx)
        # Sweep from a towards b the short way (an orthogonal arc spans < 180 deg).
        sweep = (end - start) % (2 * math.pi)
        direction = 1.0 if sweep <= math.pi else -1.0
        # Signed, in (-pi, pi]: the end point a reads 0 (not 2 pi) after rounding.
        return ((angle - start) * direction + math.pi) % (2 * math.pi) - math.pi


def geodesic(a: int, b: int) -> Geodesic:
    span = (b - a) % BORDER_POINTS
    if span == BORDER_POINTS // 2:
        return Geodesic(a, b, None, 0.0)
    half = math.pi * span / BORDER_POINTS  # half the central angle between a and b
    mid = border_angle(a) + half
    distance = 1.0 / math.cos(half)
    return Geodesic(a, b, (distance * math.cos(mid), distance * math.sin(mid)), math.tan(half))


def _crossings(first: Geodesic, second: Geodesic) -> list:
    """Points where two paths meet strictly inside the disk."""
    if first.is_line and second.is_line:
        return [(0.0, 0.0)]
    if first.is_line or second.is_line:
        line, circle = (first, second) if first.is_line else (second, first)
        dx, dy = border_xy(line.a)
        cx, cy = circle.centre
        # |t*d - c|^2 = r^2 with |d| = 1
        half_b = -(dx * cx + dy * cy)
        constant = cx * cx + cy * cy - circle.radius ** 2
        disc = half_b * half_b - constant
        if disc < 0:
            return []
        root = math.sqrt(disc)
        points = [((-half_b + s * root) * dx, (-half_b + s * root) * dy) for s in (-1.0, 1.0)]
    else:
        (x1, y1), r1 = first.centre, first.radius
        (x2, y2), r2 = second.centre, second.radius
        dx, dy = x2 - x1, y2 - y1
        d = math.hypot(dx, dy)
        if d < 1e-12 or d > r1 + r2 or d < abs(r1 - r2):
            return []
        along = (r1 * r1 - r2 * r2 + d * d) / (2 * d)
        h = math.sqrt(max(r1 * r1 - along * along, 0.0))
        px, py = x1 + along * dx / d, y1 + along * dy / d
        points = [(px - h * dy / d, py + h * dx / d), (px + h * dy / d, py - h * dx / d)]
    return [p for p in points if math.hypot(*p) < 1.0 - INSIDE_MARGIN]


@dataclass(frozen=True)
class Board:
    """Nodes, paths and the marks the rules need. Everything is tuples."""

    family: tuple
    xy: tuple  # node id -> (x, y) in the unit disk, y up
    paths: tuple  # path id -> tuple of node ids in order
    cyclic: tuple  # path id -> True for the border
    chords: tuple  # path id -> (a, b) border points, or None for the border
    node_paths: tuple  # node id -> tuple of path ids through it
    special: frozenset  # the 6 border nodes where three paths meet
    centre: int
    border_path: int
    border_point_node: dict  # border point k -> node id

    @property
    def size(self) -> int:
        return len(self.xy)

    def distance(self, a: int, b: int) -> float:
        return math.dist(self.xy[a], self.xy[b])

    def closest_pair(self) -> tuple:
        """(distance, a, b) of the two closest nodes; the diameter is 2."""
        best = (9.0, -1, -1)
        for a in range(self.size):
            for b in range(a + 1, self.size):
                d = self.distance(a, b)
                if d < best[0]:
                    best = (d, a, b)
        return best


def family_chords(family: tuple) -> list:
    chords = []
    for residue, span in family:
        for start in range(residue % 4, BORDER_POINTS, 4):
            chords.append((start, (start + span) % BORDER_POINTS))
    return chords


def _node_key(point: tuple) -> tuple:
    """Sort key: centre first, then rings outwards, each ring counter-clockwise
    from the bottom point (angle -90 degrees)."""
    radius = math.hypot(*point)
    if radius < 1e-9:
        return (0.0, 0.0)
    angle = (math.atan2(point[1], point[0]) + math.pi / 2) % (2 * math.pi)
    if angle > 2 * math.pi - 1e-9:
        angle = 0.0
    return (round(radius, 6), round(angle, 6))


def build(family: tuple = CHOSEN) -> Board:
    chords = list(DIAMETERS) + family_chords(family)
    geodesics = [geodesic(a, b) for a, b in chords]
    points: list = []  # merged positions
    on_path: list = []  # per point: set of path indices (chords only; border added later)
    border_points: dict = {}

    def add(point: tuple, paths: set) -> int:
        for index, known in enumerate(points):
            if math.dist(known, point) < MERGE_TOLERANCE:
                on_path[index] |= paths
                return index
        points.append(point)
        on_path.append(set(paths))
        return len(points) - 1

    for path, (a, b) in enumerate(chords):
        for end in (a, b):
            border_points[end] = add(border_xy(end), {path})
    for first in range(len(chords)):
        for second in range(first + 1, len(chords)):
            for point in _crossings(geodesics[first], geodesics[second]):
                add(point, {first, second})
    order = sorted(range(len(points)), key=lambda index: _node_key(points[index]))
    new_id = {old: new for new, old in enumerate(order)}
    xy = tuple((round(points[old][0], 12) + 0.0, round(points[old][1], 12) + 0.0) for old in order)

    paths = []
    for path, item in enumerate(geodesics):
        members = [new_id[index] for index in range(len(points)) if path in on_path[index]]
        members.sort(key=lambda node: item.parameter(xy[node]))
        paths.append(tuple(members))
    border_nodes = sorted(border_points)  # counter-clockwise from point 0
    border = tuple(new_id[border_points[k]] for k in border_nodes)
    paths.append(border)
    border_path = len(paths) - 1
    node_paths = [[] for _ in xy]
    for path, members in enumerate(paths):
        for node in members:
            node_paths[node].append(path)
    centre = new_id[next(i for i, p in enumerate(points) if math.hypot(*p) < 1e-9)]
    special = frozenset(
        node for node in border if len(node_paths[node]) == 3
    )
    return Board(
        family=tuple(family),
        xy=xy,
        paths=tuple(paths),
        cyclic=tuple(path == border_path for path in range(len(paths))),
        chords=tuple(list(chords) + [None]),
        node_paths=tuple(tuple(p) for p in node_paths),
        special=special,
        centre=centre,
        border_path=border_path,
        border_point_node={k: new_id[border_points[k]] for k in border_nodes},
    )


def measure(family: tuple) -> dict:
    """The figures we judge a family by: node count, closest pair as a share
    of the diameter, and whether it has the rulebook's shape."""
    board = build(family)
    counts = [len(paths) for paths in board.node_paths]
    threes = [node for node, count in enumerate(counts) if count == 3]
    others_two = all(count == 2 for node, count in enumerate(counts)
                     if node != board.centre and node not in board.special)
    distance, _, _ = board.closest_pair()
    return {
        "family": family,
        "nodes": board.size,
        "closest": distance / 2.0,
        "special": len(board.special),
        "shape_ok": others_two and len(board.special) == 6 and len(threes) == 7
        and board.centre in threes,
        "max_paths": max(counts),
    }


BOARD = build(CHOSEN)
