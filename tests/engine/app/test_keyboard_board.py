"""The keyboard on a board (issue 27): one tab stop a board (a roving
tabindex), arrows that visit targets only, hexagon rows, a game's own keys."""

import itertools

from ludoteca.games import registry
from ludoteca.games.geonaxis.ui import cell_xy
from ludoteca.ui.keyboard import (
    COMMAND_KEYS,
    arrow_candidates,
    nearest_in_direction,
    roving_stop,
    shortcut,
)
from ludoteca.ui.panzoom import ZOOM_KEYS

UP, DOWN, LEFT, RIGHT = (0, -1), (0, 1), (-1, 0), (1, 0)


def hex_board(radius=4):
    cells = [(q, r) for q, r in itertools.product(range(-radius, radius + 1), repeat=2) if abs(q + r) <= radius]
    return [((q, r), cell_xy(q, r)) for q, r in cells]


def test_up_and_down_on_hexagons_take_the_next_row_and_come_back():
    board = hex_board()
    points = dict(board)
    for start in ((0, 0), (1, -1), (-2, 1)):
        up = nearest_in_direction(points[start], board, UP)
        assert up[1] == start[1] - 1, f"Up from {start} went to {up}"  # one row up, never two
        assert nearest_in_direction(points[up], board, DOWN) == start
        down = nearest_in_direction(points[start], board, DOWN)
        assert down[1] == start[1] + 1
        assert nearest_in_direction(points[down], board, UP) == start


def test_left_and_right_on_hexagons_stay_on_the_row():
    board = hex_board()
    points = dict(board)
    assert nearest_in_direction(points[(0, 0)], board, RIGHT) == (1, 0)
    assert nearest_in_direction(points[(0, 0)], board, LEFT) == (-1, 0)


def test_on_a_square_grid_right_skips_a_gap_on_its_row():
    grid = [((x, y), (x * 10, y * 10)) for x in range(4) for y in range(3) if (x, y) != (1, 1)]
    assert nearest_in_direction((0, 10), grid, RIGHT) == (2, 1)
    assert nearest_in_direction((0, 10), grid, UP) == (0, 0)


def test_a_board_is_one_tab_stop_on_a_target():
    navs = ["a", "b", "c", "d"]
    assert roving_stop([False, False, True, True], navs) == 2  # the first target
    assert roving_stop([False, False, False, False], navs) == 0  # nothing to play: the first node
    assert roving_stop([False, True, True, False], navs, focused=3) == 3  # focus stays where it is
    assert roving_stop([False, True, True, False], navs, remembered="c") == 2  # the last place focused
    assert roving_stop([False, True, True, False], navs, remembered="d") == 1  # no longer a target
    assert roving_stop([False, False, False, False], navs, remembered="d") == 3


def test_arrows_visit_only_targets_when_there_are_any():
    assert arrow_candidates([False, True, False, True]) == [1, 3]
    assert arrow_candidates([False, False]) == [0, 1]


def test_a_game_key_presses_its_control_and_never_shadows_the_apps():
    plain = dict(typing=False, modified=False, on_board=False, dialog=None)
    keys = {"s": "pass"}
    assert shortcut("s", **plain, game_keys=keys) == ("press", "pass")
    assert shortcut("S", **plain, game_keys=keys) == ("press", "pass")
    assert shortcut("s", **{**plain, "on_board": True}, game_keys=keys) == ("press", "pass")
    assert shortcut("s", **{**plain, "typing": True}, game_keys=keys) is None
    assert shortcut("s", **{**plain, "dialog": "menu-panel"}, game_keys=keys) is None
    assert shortcut("u", **plain, game_keys={"u": "pass"}) == ("undo", "")


def test_every_games_keys_are_single_letters_free_of_the_apps_and_named_in_both_languages():
    for game_id in registry.PLAYABLE:
        ui = registry.game_ui(game_id)
        for key, (testid, message) in getattr(ui, "KEY_SHORTCUTS", {}).items():
            assert len(key) == 1 and key == key.lower() and key not in COMMAND_KEYS and key not in ZOOM_KEYS
            assert testid and all(message in ui.MESSAGES[language] for language in ("en", "it"))


def test_the_help_lists_the_games_own_keys():
    from .fake_browser import make_app

    app, browser = make_app()
    app.navigate("#/new/geonaxis")
    app.dispatch("start")
    browser.run_pending()
    app.dispatch("help")
    assert "<dt><kbd>S</kbd></dt><dd>Pass</dd>" in browser.html
    app.dispatch("pref", "language=it")
    assert "<dt><kbd>S</kbd></dt><dd>Passo</dd>" in browser.html


def test_start_is_among_the_first_controls_of_the_setup_screen():
    """13 Tabs led to Start: it also sits beside the player count."""
    import re

    from .fake_browser import make_app

    app, browser = make_app()
    app.navigate("#/new/psychopath")
    setup = browser.html[browser.html.index('data-testid="setup"'):]
    controls = re.findall(r"<(?:button|select|input|a)\b[^>]*>", setup)
    assert any('data-action="start"' in control for control in controls[:2])


def test_enter_on_a_node_that_plays_nothing_says_why():
    import json

    from .fake_browser import make_app
    from .test_replay_status import finished_record

    app, browser = make_app()
    app.import_text(json.dumps(finished_record("psychopath")))
    app.dispatch("no-target")
    assert app.t("game.no_target.over") in browser.html
    app.dispatch("replay-step", "-1")
    app.dispatch("no-target")
    assert app.t("game.no_target.replay") in browser.html
    assert app.t("game.no_target.over") not in browser.html  # one notice at a time about play
