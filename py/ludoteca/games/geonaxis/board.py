"""GeonAxis geometry: hexagonal cells, 19-cell tiles, groups and regions.

Cells use axial coordinates (q, r); the six neighbours of a cell differ by
DIRECTIONS. A tile is the hexagon of radius 2 around its centre cell: 19
cells, 5 across. Radius-2 hexagons tile the plane when their centres sit on
the lattice spanned by (5, -2) and (2, 3): that lattice has determinant 19,
so each cell belongs to exactly one tile, and the six nearest centres are
exactly 5 steps away, so neighbouring tiles share edges and never overlap.

Tile positions are written in lattice coordinates (a, b): the centre of tile
(a, b) is a*(5, -2) + b*(2, 3). The lattice is itself a hexagonal grid with
the same six directions, so "tiles that touch" are lattice neighbours.

The table limit (our reading of the rulebook's "black line guides" drawn on
the table): a tile must lie within TABLE_RADIUS lattice steps of the starting
tile, i.e. inside a hexagon of 19 tile spots.
"""

from __future__ import annotations

from functools import lru_cache

DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
TILE_RADIUS = 2
LATTICE_A = (5, -2)
LATTICE_B = (2, 3)
TABLE_RADIUS = 2  # tile spots at most this many lattice steps from the start
STARTING_TABLES = {
    "1": ((0, 0),),
    "7": ((0, 0),) + DIRECTIONS,
}


def hex_distance(a: tuple, b: tuple) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def tile_centre(spot: tuple) -> tuple:
    a, b = spot
    return (a * LATTICE_A[0] + b * LATTICE_B[0], a * LATTICE_A[1] + b * LATTICE_B[1])


@lru_cache(maxsize=None)
def tile_cells(spot: tuple) -> tuple:
    """The 19 cells of the tile at lattice spot `spot`, sorted."""
    cq, cr = tile_centre(spot)
    cells = []
    for dq in range(-TILE_RADIUS, TILE_RADIUS + 1):
        for dr in range(-TILE_RADIUS, TILE_RADIUS + 1):
            if abs(dq + dr) <= TILE_RADIUS:
                cells.append((cq + dq, cr + dr))
    return tuple(sorted(cells))


def tile_spot_of(cell: tuple) -> tuple:
    """The lattice spot of the tile that holds `cell` (on the infinite grid)."""
    q, r = cell
    # Invert the lattice over the reals, then check the nearby integer spots.
    a_real = (3 * q - 2 * r) / 19
    b_real = (2 * q + 5 * r) / 19
    for a in (int(a_real) - 1, int(a_real), int(a_real) + 1, int(a_real) + 2):
        for b in (int(b_real) - 1, int(b_real), int(b_real) + 1, int(b_real) + 2):
            if hex_distance(cell, tile_centre((a, b))) <= TILE_RADIUS:
                return (a, b)
    raise ValueError(f"no tile holds {cell}")  # pragma: no cover - the lattice covers the plane


def within_limit(spot: tuple) -> bool:
    return hex_distance(spot, (0, 0)) <= TABLE_RADIUS


def all_spots() -> tuple:
    """Every tile spot inside the table limit."""
    spots = []
    for a in range(-TABLE_RADIUS, TABLE_RADIUS + 1):
        for b in range(-TABLE_RADIUS, TABLE_RADIUS + 1):
            if within_limit((a, b)):
                spots.append((a, b))
    return tuple(sorted(spots))


def open_spots(tiles) -> list:
    """Free spots inside the limit that touch a tile already down."""
    down = set(tiles)
    found = set()
    for spot in down:
        for da, db in DIRECTIONS:
            near = (spot[0] + da, spot[1] + db)
            if near not in down and within_limit(near):
                found.add(near)
    return sorted(found)


class Table:
    """The cells of a set of tiles, with each cell's neighbours on the table."""

    __slots__ = ("tiles", "cells", "sorted_cells", "neighbours", "neighbour_sets", "open_edge", "open_spots")

    def __init__(self, tiles):
        self.tiles = tuple(sorted(tiles))
        cells = set()
        for spot in self.tiles:
            cells.update(tile_cells(spot))
        self.cells = frozenset(cells)
        self.sorted_cells = tuple(sorted(cells))
        self.open_spots = tuple(open_spots(self.tiles))
        self.neighbours = {}
        for q, r in cells:
            self.neighbours[(q, r)] = tuple(
                (q + dq, r + dr) for dq, dr in DIRECTIONS if (q + dq, r + dr) in cells)
        # Sets, so "every neighbour taken" is one subset test.
        self.neighbour_sets = {cell: frozenset(near) for cell, near in self.neighbours.items()}
        # Edge cells that a tile laid later could extend: an area touching
        # one is not enclosed (only the table limit closes an area like a wall).
        self.open_edge = frozenset(
            (q, r) for q, r in cells
            if any((q + dq, r + dr) not in cells and within_limit(tile_spot_of((q + dq, r + dr)))
                   for dq, dr in DIRECTIONS))

    def is_edge(self, cell: tuple) -> bool:
        return len(self.neighbours[cell]) < 6


@lru_cache(maxsize=64)
def table_for(tiles: tuple) -> Table:
    return Table(tiles)


def group_at(stones: dict, table: Table, start: tuple) -> tuple:
    """(cells of the group holding `start`, its liberties) as two sets."""
    colour = stones[start]
    group = {start}
    liberties = set()
    stack = [start]
    neighbours = table.neighbours
    while stack:
        cell = stack.pop()
        for near in neighbours[cell]:
            owner = stones.get(near)
            if owner is None:
                liberties.add(near)
            elif owner == colour and near not in group:
                group.add(near)
                stack.append(near)
    return group, liberties


def all_groups(stones: dict, table: Table) -> list:
    """Every group as (colour, cells, liberties), in a stable order."""
    seen = set()
    groups = []
    for cell in sorted(stones):
        if cell in seen:
            continue
        group, liberties = group_at(stones, table, cell)
        seen |= group
        groups.append((stones[cell], group, liberties))
    return groups


def empty_region(stones: dict, table: Table, start: tuple) -> tuple:
    """(empty cells connected to `start`, colours of the stones bordering them)."""
    region = {start}
    borders = set()
    stack = [start]
    neighbours = table.neighbours
    while stack:
        cell = stack.pop()
        for near in neighbours[cell]:
            owner = stones.get(near)
            if owner is None:
                if near not in region:
                    region.add(near)
                    stack.append(near)
            else:
                borders.add(owner)
    return region, borders


def empty_regions(stones: dict, table: Table) -> list:
    """Every empty region as (sorted cells, sorted bordering colours)."""
    seen = set()
    regions = []
    for cell in table.sorted_cells:
        if cell in stones or cell in seen:
            continue
        region, borders = empty_region(stones, table, cell)
        seen |= region
        regions.append((tuple(sorted(region)), tuple(sorted(borders))))
    return regions
