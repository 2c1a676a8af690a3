"""The viewBox arithmetic behind board pan and zoom (ui/panzoom.py)."""

from ludoteca.ui.panzoom import MAX_ZOOM, BoardZoom, box_text, parse_box

FIT = (-100.0, -50.0, 200.0, 100.0)


def test_zoom_in_and_out_around_the_middle_and_fit_shows_everything():
    zoom = BoardZoom()
    assert zoom.box(FIT) == FIT and not zoom.zoomed
    zoom.zoom_in(FIT)
    left, top, width, height = zoom.box(FIT)
    assert (width, height) == (200 / 1.5, 100 / 1.5) and abs(left + width / 2) < 1e-9 and abs(top + height / 2) < 1e-9
    for _ in range(10):
        zoom.zoom_in(FIT)
    assert zoom.zoom == MAX_ZOOM and not zoom.can_zoom_in
    zoom.fit()
    assert zoom.box(FIT) == FIT
    zoom.zoom_in(FIT)
    zoom.zoom_out(FIT)
    assert zoom.box(FIT) == FIT and zoom.centre is None


def test_panning_stays_inside_the_board_and_never_builds_up_past_an_edge():
    zoom = BoardZoom()
    zoom.zoom_in(FIT)
    zoom.zoom_in(FIT)  # 2.25: the view is 88.9 x 44.4
    zoom.pan(1000, 0, FIT)  # dragging far right shows the left edge
    left, top, width, _ = zoom.box(FIT)
    assert abs(left - FIT[0]) < 1e-9
    zoom.pan(-10, 0, FIT)  # and coming back moves at once
    assert abs(zoom.box(FIT)[0] - (FIT[0] + 10)) < 1e-9
    assert BoardZoom().pan(5, 5, FIT) is None and BoardZoom().box(FIT) == FIT  # nothing to pan at full view


def test_the_view_survives_the_board_growing_and_follows_the_focus():
    zoom = BoardZoom()
    zoom.zoom_in(FIT)
    zoom.pan(30, 0, FIT)
    before = zoom.box(FIT)
    grown = (-150.0, -80.0, 300.0, 160.0)  # a tile was added
    after = zoom.box(grown)
    assert after[2] == 300 / 1.5 and abs((after[0] + after[2] / 2) - (before[0] + before[2] / 2)) < 1e-9
    assert not zoom.follow((before[0] + before[2] / 2, 0.0), FIT)  # already in view
    assert zoom.follow((95.0, 45.0), FIT)
    left, top, width, height = zoom.box(FIT)
    assert left <= 95 <= left + width and top <= 45 <= top + height


def test_boxes_read_and_write():
    assert parse_box("-1.5 2 30 40") == (-1.5, 2.0, 30.0, 40.0)
    assert parse_box("1 2 0 4") is None and parse_box("a b c d") is None and parse_box(None) is None
    assert box_text((-1.25, 2, 30, 40)) == "-1.2 2.0 30.0 40.0"
