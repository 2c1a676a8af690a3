import json
import re
import os
import pathlib
import subprocess
import sys

import pytest

from ludoteca.core.match import HUMAN
from ludoteca.games import registry
from ludoteca.games.registry import PLAYABLE
from ludoteca.ui import app as app_module
from ludoteca.ui import computers
from ludoteca.ui.storage import SAVE_PREFIX, MemoryStore

from .fake_browser import make_app, shown_text


def start_vs_ai(app, browser, level="easy", players=2, seed="7"):
    browser.app.navigate("#/new/alphabeticell")
    app.dispatch("field", f"players={players}")
    for seat in range(1, players):
        app.dispatch("field", f"seat.{seat}.kind=ai")
        app.dispatch("field", f"seat.{seat}.level={level}")
    app.dispatch("field", f"seed={seed}")
    app.dispatch("pref", "pace=fast")
    app.dispatch("start")
    return app.save_id


def play_human_turns(app, browser, max_turns=2000):
    """Plays the human seat with its first legal move until the game ends."""
    for _ in range(max_turns):
        browser.run_pending()
        match = app.match
        if match.is_over:
            return
        acting = [p for p in match.state.to_move() if match.seats[p].kind == HUMAN]
        assert acting, "nobody can act and no task is pending"
        player = acting[0]
        moves = match.state.legal_moves(player).texts()
        app.dispatch("move", f"{player}:{moves[-1]}")
    raise AssertionError("the game did not end")


def test_home_lists_the_playable_game_and_no_saves():
    app, browser = make_app()
    assert 'data-testid="tile-alphabeticell"' in browser.html
    assert 'data-testid="no-saves"' in browser.html


def test_a_games_number_beside_each_player_says_what_it_means_when_the_game_tells():
    app, browser = make_app()
    app.navigate("#/new/geonaxis")
    app.dispatch("start")
    score = re.search(r'<span class="pscore" data-testid="score-0"([^>]*)>(.*?)</span>(\d+)</span>', browser.html)
    assert score and 'title="Credits if the game ended now"' in score.group(1)
    assert score.group(2) == ('<span class="pscore-label" aria-hidden="true">if it ended now</span>'
                              '<span class="visually-hidden">Credits if the game ended now: ')  # seen, and read
    app, browser = make_app()
    start_vs_ai(app, browser)  # Alphabeticell: plain points, no explanation needed
    assert re.search(r'<span class="pscore" data-testid="score-0">\d+</span>', browser.html)


def test_home_tiles_say_how_many_play_without_a_range_of_one():
    app, browser = make_app()
    tiles = dict(re.findall(r'data-testid="tile-(\w+)">.*?<p class="muted">([^<]*)</p>', browser.html))
    ranges = {game: registry.player_range(game) for game in PLAYABLE}  # every registered game has its tile
    assert tiles == {game: f"{low} players" if low == high else f"{low}–{high} players"
                     for game, (low, high) in ranges.items()}
    assert {game: tiles[game] for game in ("alphabeticell", "psychopath", "alphagon", "geonaxis")} == \
        {"alphabeticell": "2–5 players", "psychopath": "2 players", "alphagon": "2–6 players", "geonaxis": "2–6 players"}
    app.dispatch("pref", "language=it")
    assert "2 giocatori" in browser.html and "Da 2 a 2" not in browser.html


def test_full_game_against_the_computer_reaches_results_and_rematch():
    app, browser = make_app()
    save_id = start_vs_ai(app, browser)
    assert browser.hash == f"#/play/{save_id}"
    play_human_turns(app, browser)
    assert app.match.is_over
    assert 'data-testid="results"' in browser.html
    assert max(app.match.state.scores()) >= 30
    reason = re.search(r'data-testid="end-reason">([^<]*)<', browser.html).group(1)
    assert reason.endswith("a score reached 30, the target.") and f"Game over · {reason}" in browser.html
    stored = json.loads(browser.store.get(SAVE_PREFIX + save_id))
    assert stored["status"] == "finished"
    app.dispatch("rematch")
    assert app.save_id != save_id and not app.match.is_over
    assert [s.name for s in app.match.seats] == [s["name"] for s in stored["seats"]]


def test_autosave_then_reload_continues_identically():
    app, browser = make_app()
    save_id = start_vs_ai(app, browser, seed="99")
    for _ in range(6):
        browser.run_pending()
        player = app.match.state.to_move()[0]
        app.dispatch("move", f"{player}:{app.match.state.legal_moves(player).texts()[0]}")
    browser.run_pending()
    again, browser2 = make_app(store=browser.store)
    browser2.app.navigate(f"#/play/{save_id}")
    assert again.match.state.to_json() == app.match.state.to_json()
    assert 'data-testid="game"' in browser2.html


def test_damaged_save_is_reported_and_the_others_survive():
    app, browser = make_app()
    good = start_vs_ai(app, browser)
    browser.store.set(SAVE_PREFIX + "20990101000000-0", "{not json")
    app.navigate("#/")
    assert "damaged" in browser.html and 'data-testid="save-' + good in browser.html
    app.navigate("#/play/20990101000000-0")
    assert app.route.name == "home"
    assert 'data-testid="notice-error"' in browser.html
    assert app.saves.load(good).seed == 7


def test_unknown_record_version_is_reported_not_crashing():
    app, browser = make_app()
    save_id = start_vs_ai(app, browser)
    record = json.loads(browser.store.get(SAVE_PREFIX + save_id))
    record["version"] = 42
    browser.store.set(SAVE_PREFIX + save_id, json.dumps(record))
    app.match = None
    app.navigate(f"#/play/{save_id}")
    assert "version 42" in browser.html


def play_one_human_move(app, browser):
    browser.run_pending()
    player = app.match.state.to_move()[0]
    app.dispatch("move", f"{player}:{app.match.state.legal_moves(player).texts()[0]}")


def test_full_storage_warns_and_the_game_goes_on():
    app, browser = make_app(store=MemoryStore(quota=900))
    start_vs_ai(app, browser)
    for _ in range(60):
        if any("Storage is full" in n.text for n in app.notices):
            break
        play_one_human_move(app, browser)
    assert any("Storage is full" in n.text for n in app.notices)
    assert 'data-testid="notice-error"' in browser.html
    before = len(app.match.entries)
    play_one_human_move(app, browser)
    assert len(app.match.entries) > before


def test_export_then_import_gives_the_same_game():
    app, browser = make_app()
    start_vs_ai(app, browser)
    browser.run_pending()
    app.dispatch("export")
    filename, text = browser.downloads[-1]
    assert filename.endswith(".json")
    original = app.match.state.to_json()
    app.import_text(text)
    assert app.match.state.to_json() == original
    assert len(app.saves.list()) == 2


def test_bad_import_gives_a_message_and_changes_nothing():
    app, browser = make_app()
    start_vs_ai(app, browser)
    saves_before = len(app.saves.list())
    app.import_text("this is not json")
    app.import_text(json.dumps({"format": "ludoteca-record", "version": 1, "game": "go"}))
    errors = [n.text for n in app.notices if n.kind == "error"]
    assert any("not a JSON file" in e for e in errors) and any("unknown game" in e.lower() for e in errors)
    assert len(app.saves.list()) == saves_before


def test_undo_against_the_computer_is_free_and_marked():
    app, browser = make_app()
    start_vs_ai(app, browser)
    browser.run_pending()
    player = app.match.state.to_move()[0]
    before = app.match.state.to_json()
    app.dispatch("move", f"{player}:{app.match.state.legal_moves(player).texts()[0]}")
    browser.run_pending()
    app.dispatch("undo")
    assert app.match.state.to_json() == before
    assert app.match.record()["training"] is True
    app.dispatch("redo")
    assert len(app.match.entries) >= 1


def test_hotseat_shows_a_handoff_before_private_cards():
    app, browser = make_app()
    app.navigate("#/new/alphabeticell")
    app.dispatch("start")  # two humans by default? make sure
    if app.match.seats[1].kind != HUMAN:
        app.navigate("#/new/alphabeticell")
        app.dispatch("field", "seat.1.kind=human")
        app.dispatch("start")
    acting = app.match.state.to_move()[0]
    assert 'data-testid="handoff"' in browser.html
    assert 'data-testid="keep-' not in browser.html
    app.dispatch("reveal", str(acting))
    assert 'data-testid="keep-' in browser.html


def test_resign_ends_the_game_with_the_resigner_last():
    app, browser = make_app()
    start_vs_ai(app, browser)
    browser.run_pending()
    app.dispatch("resign")
    app.dispatch("confirm")
    assert app.match.status == "resigned"
    assert app.match.final_places()[0] == 2
    assert 'data-testid="results"' in browser.html


def test_rules_page_shows_rules_and_rulings():
    app, browser = make_app()
    app.navigate("#/rules/alphabeticell")
    assert 'data-testid="rules"' in browser.html and 'id="rulings"' in browser.html
    assert "R11. The 11th card." in browser.html
    assert "Tests:" not in browser.html and "test_" not in browser.html


RULES_DIAGRAMS = {  # game: (figure class, how many, one drawn before another, caption start en / it)
    "alphabeticell": ("abc-diagram", 1, None, ("A line that reads N, P, S", "Una fila che si legge N, P, S")),
    "psychopath": ("psy-diagram", 7, ("capture", "paralysis"), ("The white psychologist stands", "Lo psicologo bianco sta")),
    "alphagon": ("ag-diagram", 4, ("shape", "toward"), ("A + makes the polygon turn", "Dopo un + il poligono gira")),
    "geonaxis": ("gx-diagram", 3, ("collision", "score"), ("White and black both chose", "Il bianco e il nero hanno")),
}


@pytest.mark.parametrize("game", sorted(RULES_DIAGRAMS))
def test_a_rules_page_draws_its_diagrams_in_place_in_both_languages(game):
    figure, count, order, captions = RULES_DIAGRAMS[game]
    earlier, later = order or (None, None)
    for language, caption in zip(("en", "it"), captions):
        app, browser = make_app()
        app.dispatch("pref", f"language={language}")
        app.navigate(f"#/rules/{game}")
        page = browser.html[browser.html.index('data-testid="rules"'):]
        assert page.count(f'<figure class="{figure}"') == count and "[[diagram" not in page
        if earlier is not None:
            assert page.index(f'data-testid="diagram-{earlier}"') < page.index(f'data-testid="diagram-{later}"')
        assert f"<figcaption>{caption}" in page


def test_each_rules_page_names_its_game_once_in_its_one_top_heading():
    for game in PLAYABLE:
        for language in ("en", "it"):
            app, browser = make_app()
            app.dispatch("pref", f"language={language}")
            app.navigate(f"#/rules/{game}")
            page = browser.html[browser.html.index('data-testid="rules"'):]
            headings = re.findall(r"<h([1-6])[^>]*>(.*?)</h\1>", page)
            assert [level for level, _ in headings].count("1") == 1, (game, language)
            title = headings[0][1]
            assert all(text not in title and title not in text for _, text in headings[1:]), (game, language, headings[:3])


def test_unknown_routes_show_not_found():
    app, browser = make_app()
    app.navigate("#/nowhere/at/all")
    assert "does not exist" in browser.html
    app.navigate("#/new/chess")
    assert "does not exist" in browser.html


def test_reduced_motion_turns_animations_off():
    app, browser = make_app(reduced_motion=True)
    assert "motion-off" in browser.html
    app.dispatch("pref", "motion=on")
    assert "motion-on" in browser.html


def test_replay_shows_an_earlier_position_read_only():
    app, browser = make_app()
    start_vs_ai(app, browser)
    for _ in range(3):
        browser.run_pending()
        player = app.match.state.to_move()[0]
        app.dispatch("move", f"{player}:{app.match.state.legal_moves(player).texts()[0]}")
    browser.run_pending()
    app.dispatch("replay", "1")
    assert 'data-testid="replay-banner"' in browser.html
    assert 'data-testid="controls"' not in browser.html
    app.dispatch("replay-exit")
    assert 'data-testid="replay-banner"' not in browser.html


def test_settings_page_shows_the_credits():
    app, browser = make_app()
    app.navigate("#/settings")
    assert 'data-testid="credits"' in browser.html
    assert "Dennison" in browser.html and "wordfreq" in browser.html


def test_home_screen_loads_no_game_engine():
    """Start-up renders home from each game's metadata; rules, AI and UI load with the first game."""
    script = (
        "import sys\n"
        "from tests.engine.app.fake_browser import make_app\n"
        "app, browser = make_app()\n"
        "assert 'data-testid=\"tile-alphabeticell\"' in browser.html\n"
        "print(sorted(m for m in sys.modules if m.startswith('ludoteca.games.') or m == 'ludoteca.core.ai'))\n"
        "app.navigate('#/new/alphabeticell')\n"
        "print('ludoteca.games.alphabeticell.rules' in sys.modules)\n"
    )
    root = pathlib.Path(__file__).resolve().parents[3]
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                            cwd=root, env={**os.environ, "PYTHONPATH": f"{root / 'py'}{os.pathsep}{root}"})
    at_home, after_setup = result.stdout.splitlines()
    # Neither the rules, the AI nor any game's UI module: the home screen reads light metadata.
    from ludoteca.games.registry import PLAYABLE
    assert at_home == str(sorted([f"ludoteca.games.{game}" for game in PLAYABLE]
                                 + ["ludoteca.games.game_ui", "ludoteca.games.registry"]))
    assert after_setup == "True"


def test_resigning_asks_first_and_cancel_keeps_playing():
    app, browser = make_app()
    start_vs_ai(app, browser)
    browser.run_pending()
    app.dispatch("resign")
    assert 'data-testid="confirm-dialog"' in browser.html and "Resign this game?" in browser.html
    assert app.match.status != "resigned"
    app.dispatch("cancel_confirm")
    assert 'data-testid="confirm-dialog"' not in browser.html and app.match.status != "resigned"
    app.dispatch("resign")
    app.dispatch("escape")  # the Escape key
    assert 'data-testid="confirm-dialog"' not in browser.html and app.match.status != "resigned"


def test_deleting_a_save_asks_then_removes_it_from_the_list_and_storage():
    app, browser = make_app()
    save_id = start_vs_ai(app, browser)
    browser.run_pending()
    app.navigate("#/")
    assert f'data-testid="save-{save_id}"' in browser.html
    app.dispatch("delete-save", save_id)
    assert 'data-testid="confirm-dialog"' in browser.html
    assert 'data-autofocus' in browser.html.split('data-testid="confirm-no"')[0].rsplit("<button", 1)[1]
    app.dispatch("cancel_confirm")
    assert f'data-testid="save-{save_id}"' in browser.html
    app.dispatch("delete-save", save_id)
    app.dispatch("confirm")
    assert f'data-testid="save-{save_id}"' not in browser.html
    assert not [key for key in browser.store.keys() if save_id in key]


def test_leaving_a_screen_drops_its_question():
    app, browser = make_app()
    save_id = start_vs_ai(app, browser)
    browser.run_pending()
    app.navigate("#/")
    app.dispatch("delete-save", save_id)
    app.navigate("#/settings")
    app.navigate("#/")
    assert 'data-testid="confirm-dialog"' not in browser.html
    app.dispatch("confirm")  # nothing is pending any more
    assert f'data-testid="save-{save_id}"' in browser.html


def test_escape_closes_the_game_menu():
    app, browser = make_app()
    start_vs_ai(app, browser)
    app.dispatch("menu")
    assert 'data-testid="menu-panel"' in browser.html
    app.dispatch("escape")
    assert 'data-testid="menu-panel"' not in browser.html


def test_a_computer_s_move_is_drawn_first_and_saved_in_a_task_of_its_own():
    """A long redraw and a save in one browser task make one long task: a timer yield parts them."""
    app, browser = make_app()
    save_id = start_vs_ai(app, browser, players=3)
    events = []
    draw, save = browser.render, app._autosave
    browser.render = lambda html: (events.append(("draw", len(browser.sleeps), len(app.match.entries))), draw(html))
    app._autosave = lambda: (events.append(("save", len(browser.sleeps), len(app.match.entries))), save())
    for _ in range(6):  # a few turns of the human's, each followed by the computers'
        browser.run_pending()
        moves = app.match.state.legal_moves(0).texts() if 0 in app.match.state.to_move() else []
        if moves:
            app.dispatch("move", f"0:{moves[-1]}")
    app._autosave = save
    computers = [index + 1 for index, entry in enumerate(app.match.entries) if entry.player != 0]
    moves_by_computers = {entries for kind, _, entries in events if kind == "save" and entries in computers}
    assert moves_by_computers, "the computers moved and their moves were saved"
    for entries in moves_by_computers:
        drawn = [sleeps for kind, sleeps, seen in events if kind == "draw" and seen == entries]
        saved = [sleeps for kind, sleeps, seen in events if kind == "save" and seen == entries]
        assert drawn and min(drawn) < min(saved), "drawn before the save, with a yield between"
        assert browser.sleeps[min(saved) - 1] == app_module.TIMER_YIELD_SECONDS
    assert app.saves.load(save_id).entries == app.match.entries  # every move is saved all the same


def test_a_long_ai_think_yields_through_a_timer_every_few_slices(monkeypatch):
    """Zero-delay yields alone starve the page's timers; every few slices must be a real timer."""
    monkeypatch.setattr(computers, "AI_SLICE_SECONDS", 0.0002)  # many slices per decision (ui/computers.py)
    app, browser = make_app()
    start_vs_ai(app, browser, level="hard")
    browser.run_pending()
    yields = [s for s in browser.sleeps if s in (0, app_module.TIMER_YIELD_SECONDS)]
    assert yields[0] == app_module.TIMER_YIELD_SECONDS  # quick decisions back to back yield to timers too
    assert yields.count(app_module.TIMER_YIELD_SECONDS) >= 3
    longest_run_of_zero = max(len(run) for run in "".join("0" if s == 0 else "t" for s in yields).split("t"))
    assert longest_run_of_zero < app_module.TIMER_YIELD_EVERY_SLICES


def started_against_the_computer(game: str):
    """An app showing a new game of `game`, you against the computer, after its first moves."""
    app, browser = make_app()
    browser.app.navigate(f"#/new/{game}")
    app.dispatch("field", "seat.1.kind=ai")
    app.dispatch("pref", "pace=fast")
    app.dispatch("start")
    browser.run_pending()
    return app, browser


def test_a_game_without_a_running_score_shows_none_in_the_panels_or_the_results():
    for game, scored in (("psychopath", False), ("alphabeticell", True)):
        app, browser = started_against_the_computer(game)
        assert ('data-testid="score-0"' in browser.html) is scored, game
        app.dispatch("resign")
        app.dispatch("confirm")
        results = browser.html[browser.html.index('data-testid="results"'):]
        assert ("<th>Points</th>" in results) is scored, game
        assert 'data-testid="place-0"' in results and 'data-testid="place-1"' in results


def test_geonaxis_results_head_their_column_with_credits_and_count_the_rounds_played():
    for language, heading, played in (("en", "Credits", "3 rounds played"), ("it", "Crediti", "3 turni giocati")):
        app, browser = make_app()
        app.dispatch("pref", f"language={language}")
        browser.app.navigate("#/new/geonaxis")
        app.dispatch("field", "seat.1.kind=human")
        app.dispatch("start")
        for player, move in enumerate(("s 0 0", "s 1 0", "s -1 0", "s 1 -1", "pass", "pass")):
            app.match.play(player % 2, move)  # two rounds of stones, then everyone passes
        assert app.match.state.is_terminal() and app.match.state.round == 4
        app.render()
        results = browser.html[browser.html.index('data-testid="results"'):]
        assert f"<th>{heading}</th>" in results
        assert played in browser.html and ("Round 4" not in browser.html and "Turno 4" not in browser.html)



    expected = {"alphabeticell": r"<span class=\"cname\">Player 1</span> <b>0</b>",
                "geonaxis": r"<span class=\"cname\">Player 1</span> <b>10 credits</b>",
                "alphagon": r"<span class=\"cname\">Player 1</span> <b>0 points · bonus 2</b>", "psychopath": None}
    for game, chip in expected.items():
        app, browser = started_against_the_computer(game)
        strip = re.search(r'<ul class="scoreline" aria-hidden="true">(.*?)</ul>', browser.html)
        if chip is None:  # no score and nothing else to show: no strip
            assert strip is None and 'data-region="scoreline"' in browser.html, game
            continue
        assert strip and re.search(r'data-testid="chip-0">' + chip + "</li>", shown_text(strip.group(1))), (game, strip)
        assert 'data-testid="chip-1"' in strip.group(1)


def test_agreeing_to_resign_after_the_computer_ended_the_game_changes_nothing():
    """The question stays open while the computer plays; if its move ends the
    game, agreeing afterwards neither raises nor marks the human as resigned."""
    app, browser = make_app()
    start_vs_ai(app, browser)
    for _ in range(2000):
        match = app.match
        if match.is_over:
            raise AssertionError("the human's own move ended the game; try another seed")
        if 0 in match.state.to_move():
            app.dispatch("move", f"0:{match.state.legal_moves(0).texts()[-1]}")
        app.dispatch("resign")
        assert app.confirming is not None
        browser.run_pending()  # the computer plays with the question open
        if match.is_over:
            break
        app.dispatch("cancel_confirm")
    else:
        raise AssertionError("the game did not end")
    places, entries = match.final_places(), list(match.entries)
    app.dispatch("confirm")
    assert app.confirming is None and match.resigners == [] and match.status != "resigned"
    assert match.final_places() == places and match.entries == entries
    assert 'data-testid="results"' in browser.html
