"""Issue 13 in the shell: shortcuts and their help, the menu as a dialog, the
live region, the turn chime and the replay viewer (the app under CPython)."""

import re

from ludoteca.core.match import HUMAN
from ludoteca.ui.keyboard import COMMAND_KEYS, SHORTCUT_HELP, shortcut

from .fake_browser import make_app, shown_text
from .test_app import start_vs_ai


def play_human_moves(app, browser, count):
    """The human plays `count` moves (the computer answers in between)."""
    for _ in range(count):
        browser.run_pending()
        human = next(p for p in app.match.state.to_move() if app.match.seats[p].kind == HUMAN)
        app.dispatch("move", f"{human}:{app.match.state.legal_moves(human).texts()[0]}")
    browser.run_pending()


def finished_game(moves=3):
    """A game against the computer that the human resigned after a few moves."""
    app, browser = make_app()
    save_id = start_vs_ai(app, browser)
    play_human_moves(app, browser, moves)
    app.dispatch("resign")
    app.dispatch("confirm")
    assert app.match.is_over
    return app, browser, save_id


def overlay(html: str, testid: str) -> str:
    """The markup of one overlay (it ends where the next region marker is)."""
    start = html.index(f'data-testid="{testid}"')
    return html[start: html.index("<!--/region-->", start)]


# --- shortcuts ------------------------------------------------------------------
def test_a_shortcut_runs_its_command_but_never_while_typing_or_with_a_modifier():
    plain = dict(typing=False, modified=False, on_board=False, dialog=None)
    assert shortcut("u", **plain) == ("undo", "")
    assert shortcut("R", **plain) == ("redo", "")  # Shift or Caps Lock
    assert shortcut("?", **plain) == ("help", "")
    assert shortcut("ArrowLeft", **plain) == ("replay-step", "-1")
    assert shortcut("x", **plain) is None
    for key in ("u", "m", "?", "ArrowRight", "End"):
        assert shortcut(key, **{**plain, "typing": True}) is None
        assert shortcut(key, **{**plain, "modified": True}) is None  # Ctrl+R stays the browser's
    assert shortcut("ArrowLeft", **{**plain, "on_board": True}) is None  # arrows walk the board
    # Behind a dialog only the keys that switch the menu or the help do anything.
    assert shortcut("u", **{**plain, "dialog": "menu-panel"}) is None
    assert shortcut("ArrowLeft", **{**plain, "dialog": "menu-panel"}) is None
    assert shortcut("?", **{**plain, "dialog": "menu-panel"}) == ("help", "")
    assert shortcut("m", **{**plain, "dialog": "confirm-dialog"}) is None


def test_the_help_lists_every_command_key_and_takes_the_menus_place():
    app, browser = make_app()
    start_vs_ai(app, browser)
    browser.run_pending()
    app.dispatch("menu")
    assert 'data-testid="menu-help"' in browser.html
    app.dispatch("help")
    assert 'data-testid="menu-panel"' not in browser.html
    help_panel = overlay(browser.html, "help-panel")
    assert 'aria-modal="true"' in help_panel and "data-autofocus" in help_panel
    shown = {keys for keys, _ in SHORTCUT_HELP}
    for key in COMMAND_KEYS:
        assert key.upper() in shown
        assert f"<kbd>{key.upper()}</kbd>" in help_panel
    assert "Keyboard shortcuts" in help_panel
    app.dispatch("escape")
    assert 'data-testid="help-panel"' not in browser.html
    app.dispatch("pref", "language=it")
    app.dispatch("help")
    assert "Scorciatoie da tastiera" in overlay(browser.html, "help-panel")


# --- the menu ---------------------------------------------------------------------
def test_the_menu_takes_the_focus_when_it_opens():
    app, browser = make_app()
    start_vs_ai(app, browser)
    browser.run_pending()
    app.dispatch("menu")
    menu = overlay(browser.html, "menu-panel")
    assert 'aria-modal="true"' in menu
    first_button = re.search(r"<(?:button|a)\b[^>]*>", menu).group(0)
    assert "data-autofocus" in first_button


def test_the_resign_question_replaces_the_menu():
    app, browser = make_app()
    start_vs_ai(app, browser)
    browser.run_pending()
    app.dispatch("menu")
    app.dispatch("resign")
    assert 'data-testid="confirm-dialog"' in browser.html
    assert 'data-testid="menu-panel"' not in browser.html
    app.dispatch("cancel_confirm")
    assert 'data-testid="menu-panel"' not in browser.html and app.match.status == "playing"


def test_coming_back_from_the_rules_does_not_reopen_the_menu():
    app, browser = make_app()
    save_id = start_vs_ai(app, browser)
    browser.run_pending()
    app.dispatch("menu")
    app.navigate("#/rules/alphabeticell")
    app.navigate(f"#/play/{save_id}")  # the browser's Back button
    assert 'data-testid="game"' in browser.html
    assert 'data-testid="menu-panel"' not in browser.html


# --- the live region and the chime ------------------------------------------------
def test_each_move_is_announced_once_in_the_players_language():
    app, browser = make_app()
    start_vs_ai(app, browser)
    play_human_moves(app, browser, 3)
    for _ in range(3):  # redraws that add no move say nothing
        app.dispatch("menu")
    first_move = app.game_log.line(0, app.match.entries[0], 0)
    app.dispatch("pref", "language=it")
    play_human_moves(app, browser, 1)
    said = " ".join(text for text, _ in browser.announced)
    numbers = [int(n) for n in re.findall(r"(?:Move|Mossa) (\d+):", said)]
    assert numbers == list(range(1, len(app.match.entries) + 1))
    assert browser.announced[0][1] == "en" and browser.announced[-1][1] == "it"
    assert browser.announced[-1][0].startswith("Mossa ")
    assert f"Move 1: {shown_text(first_move)}" in said


def test_the_turn_chime_is_off_by_default_and_sounds_when_a_computer_hands_back_the_turn():
    app, browser = make_app()
    assert app.prefs["sound"] is False
    start_vs_ai(app, browser)
    play_human_moves(app, browser, 3)
    assert browser.chimes == 0
    app.navigate("#/settings")
    assert 'data-testid="sound"' in browser.html and 'data-testid="sound" checked' not in browser.html
    app.dispatch("pref", "sound=on")
    assert app.saves.read_settings()["sound"] is True
    app.navigate(f"#/play/{app.save_id}")
    before = len(app.match.entries)
    play_human_moves(app, browser, 2)
    computer_turns_handing_back = sum(
        1 for i in range(before, len(app.match.entries) - 1)
        if app.match.seats[app.match.entries[i].player].kind != HUMAN
        and app.match.seats[app.match.entries[i + 1].player].kind == HUMAN)
    assert browser.chimes >= 1 and browser.chimes <= computer_turns_handing_back + 1


# --- the replay viewer ------------------------------------------------------------
def test_a_move_in_the_log_shows_the_position_right_after_it():
    app, browser = make_app()
    start_vs_ai(app, browser)
    play_human_moves(app, browser, 3)
    app.dispatch("replay", "3")
    model = app.play_model()
    assert model.replaying and model.state.at == 3  # the session's position after move 3
    assert model.state.view(None) == app.match.state_before(3).view(None)
    assert "Position after move 3 of" in browser.html
    current = re.findall(r'<li class="current"><button[^>]*data-arg="(\d+)"', browser.html)
    assert current == ["3"]


def test_a_finished_game_stays_in_the_viewer_at_its_last_position():
    app, browser, _ = finished_game()
    total = len(app.match.entries)
    assert 'data-testid="results-replay"' in browser.html
    app.dispatch("replay", "0")
    assert app.play.replay_index == 0 and 'data-testid="results"' not in browser.html
    app.dispatch("replay-step", "last")
    assert app.play.replay_index == total and 'data-testid="replay-banner"' in browser.html
    assert app.play_model().state.at == total and app.match.state_before(total) is app.match.state
    for name in ("next", "last"):
        assert re.search(rf'data-testid="replay-{name}" disabled', browser.html)
    app.dispatch("replay-step", "1")  # nothing after the last move
    assert app.play.replay_index == total
    app.dispatch("replay-exit")
    assert 'data-testid="results"' in browser.html


def test_autoplay_steps_to_the_end_and_a_manual_step_stops_it():
    app, browser, _ = finished_game()
    total = len(app.match.entries)
    app.dispatch("replay", "0")
    app.dispatch("replay-autoplay")
    assert app.play.autoplay and "Pause" in browser.html
    app.dispatch("replay-step", "1")  # the player takes over
    assert not app.play.autoplay
    browser.run_pending()
    assert app.play.replay_index == 1
    app.dispatch("replay-autoplay")
    browser.run_pending()
    assert app.play.replay_index == total and not app.play.autoplay
    assert len(browser.sleeps) >= total - 1


def test_continue_opens_a_finished_game_in_the_viewer_and_a_running_one_to_play():
    app, browser, finished_id = finished_game()
    running, running_browser = make_app(browser.store)
    running_id = start_vs_ai(running, running_browser, seed="8")
    running_browser.run_pending()
    app.match = None
    app.navigate("#/")
    assert f'data-testid="replay-{finished_id}"' in browser.html
    assert f'data-testid="replay-{running_id}"' not in browser.html
    app.dispatch("replay-save", finished_id)
    assert browser.hash == f"#/play/{finished_id}"
    assert app.play.replay_index == 0 and 'data-testid="replay-banner"' in browser.html


PLAIN_KEYS = dict(typing=False, modified=False, on_board=False, dialog=None)


def undo_disabled(html: str) -> bool:
    return 'data-testid="undo" disabled' in html


def redo_disabled(html: str) -> bool:
    return 'data-testid="redo" disabled' in html


def test_the_replay_viewer_offers_no_undo_or_redo_and_plays_no_move():
    app, browser = make_app()
    start_vs_ai(app, browser)
    play_human_moves(app, browser, 3)
    app.dispatch("undo")
    assert app.match.can_redo()
    entries = list(app.match.entries)
    app.dispatch("replay", "1")
    assert undo_disabled(browser.html) and redo_disabled(browser.html)
    app.dispatch("undo")
    assert app.match.entries == entries
    app.dispatch(*shortcut("r", **PLAIN_KEYS))  # the R key, not only the disabled button
    assert app.match.entries == entries and app.match.can_redo()
    live = app.match.state
    human = next(p for p in live.to_move() if app.match.seats[p].kind == HUMAN)
    app.dispatch("move", f"{human}:{live.legal_moves(human).texts()[0]}")
    assert app.match.entries == entries and app.play.replay_index == 1


def test_an_import_after_watching_a_replay_opens_the_imported_game_live():
    other, other_browser = make_app()
    start_vs_ai(other, other_browser, seed="9")
    play_human_moves(other, other_browser, 2)
    other.dispatch("export")
    record = other_browser.downloads[-1][1]
    app, browser, _ = finished_game()
    app.dispatch("replay", "2")
    app.navigate("#/")
    app.import_text(record)
    assert app.play.replay_index is None and not app.match.is_over
    assert 'data-testid="replay-banner"' not in browser.html


def test_autoplay_from_the_last_position_starts_again_from_the_first():
    app, browser, _ = finished_game()
    total = len(app.match.entries)
    app.dispatch("replay", str(total))
    assert app.play.replay_index == total
    app.dispatch("replay-autoplay")
    assert app.play.replay_index == 0 and app.play.autoplay
    browser.run_pending()
    assert app.play.replay_index == total and not app.play.autoplay


def test_a_selection_is_not_shown_on_an_earlier_position():
    app, browser = make_app()
    start_vs_ai(app, browser)
    play_human_moves(app, browser, 2)
    assert app.play_model().actors
    app.dispatch("select", "L")
    assert app.play_model().selection == "L"
    app.dispatch("replay", "1")
    assert app.play_model().selection is None


def test_p_plays_the_replay_and_m_opens_the_menu():
    assert shortcut("p", **PLAIN_KEYS) == ("replay-autoplay", "")
    assert shortcut("M", **PLAIN_KEYS) == ("menu", "")


def test_no_chime_when_a_computer_hands_the_turn_to_another_computer():
    app, browser = make_app()
    app.dispatch("pref", "sound=on")
    start_vs_ai(app, browser, players=3)
    play_human_moves(app, browser, 1)
    human_turns = sum(1 for p in app.match.state.to_move() if app.match.seats[p].kind == HUMAN)
    assert browser.chimes == human_turns == 1


def test_a_player_who_resigned_is_not_offered_resign_again():
    app, browser = make_app()
    start_vs_ai(app, browser, players=3)
    browser.run_pending()
    app.dispatch("resign")
    app.dispatch("confirm")
    assert app.match.resigners == [0] and not app.match.is_over
    app.dispatch("menu")
    assert 'data-testid="menu-panel"' in browser.html
    assert 'data-testid="resign"' not in overlay(browser.html, "menu-panel")
