"""Hex geometry: tiles of 19 cells, the tiling lattice, the table limit,
neighbours, groups and liberties."""

from ludoteca.games.geonaxis.board import (
    DIRECTIONS,
    STARTING_TABLES,
    TABLE_RADIUS,
    Table,
    all_groups,
    all_spots,
    empty_regions,
    group_at,
    hex_distance,
    open_spots,
    tile_cells,
    tile_centre,
    tile_spot_of,
    within_limit,
)


def test_a_tile_is_a_hexagon_of_19_cells_five_across():
    cells = tile_cells((0, 0))
    assert len(cells) == 19
    assert all(hex_distance(cell, (0, 0)) <= 2 for cell in cells)
    across = [cell for cell in cells if cell[1] == 0]
    assert len(across) == 5


def test_tiles_on_the_lattice_never_overlap_and_cover_the_table_area():
    owner = {}
    for spot in all_spots():
        for cell in tile_cells(spot):
            assert cell not in owner, "two tiles overlap"
            owner[cell] = spot
            assert tile_spot_of(cell) == spot
    assert len(owner) == 19 * len(all_spots())


def test_neighbouring_tiles_share_edges():
    for direction in DIRECTIONS:
        assert hex_distance(tile_centre((0, 0)), tile_centre(direction)) == 5
        first, second = set(tile_cells((0, 0))), set(tile_cells(direction))
        touching = {(a, b) for a in first for b in second if hex_distance(a, b) == 1}
        assert len(touching) >= 4, "tiles meet along an edge, not at a point"


def test_table_limit_is_a_hexagon_of_19_tile_spots():
    assert TABLE_RADIUS == 2
    assert len(all_spots()) == 19
    assert within_limit((2, 0)) and not within_limit((3, 0)) and not within_limit((2, 1))


def test_open_spots_touch_the_tiles_down_and_stay_inside_the_limit():
    assert open_spots([(0, 0)]) == sorted(DIRECTIONS)
    spots = open_spots(STARTING_TABLES["7"])
    assert len(spots) == 12 and all(hex_distance(s, (0, 0)) == 2 for s in spots)
    assert (3, 0) not in open_spots([(0, 0), (1, 0), (2, 0)])


def test_the_larger_starting_table_has_seven_tiles():
    assert len(Table(STARTING_TABLES["7"]).cells) == 133
    assert len(Table(STARTING_TABLES["1"]).cells) == 19


def test_cells_have_six_neighbours_inside_and_fewer_at_the_edge():
    table = Table([(0, 0)])
    assert len(table.neighbours[(0, 0)]) == 6
    assert sorted(table.neighbours[(2, 0)]) == [(1, 0), (1, 1), (2, -1)]
    assert table.is_edge((2, 0)) and not table.is_edge((1, 0))


def test_groups_connect_through_hex_neighbours_and_count_liberties():
    table = Table([(0, 0)])
    stones = {(0, 0): 0, (1, 0): 0, (0, 1): 1}
    group, liberties = group_at(stones, table, (0, 0))
    assert group == {(0, 0), (1, 0)}
    assert (0, 1) not in liberties and len(liberties) == 7
    colours = sorted(colour for colour, _, _ in all_groups(stones, table))
    assert colours == [0, 1]


def test_empty_regions_report_the_colours_around_them():
    table = Table([(0, 0)])
    stones = {cell: 0 for cell in table.neighbours[(0, 0)]}
    regions = empty_regions(stones, table)
    centre = [r for r in regions if (0, 0) in r[0]][0]
    assert centre == (((0, 0),), (0,))
    outer = [r for r in regions if (0, 0) not in r[0]][0]
    assert len(outer[0]) == 12 and outer[1] == (0,)
