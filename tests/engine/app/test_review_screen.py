"""The review screen (ui/review.py) in the whole app under CPython: opened
from the results and from the replay viewer, computed in slices with a
progress bar that cancels, charts with their tables, and a mark that shows
its position with the better move lit."""

import json
import re

from ..core.test_review import game_with_a_blunder
from .fake_browser import make_app, shown_text


def imported_finished_blunder_game(language="en"):
    app, browser = make_app()
    app.dispatch("pref", f"language={language}")
    match, blunder = game_with_a_blunder()
    record = match.record()
    record["moves"].append("0:resign")  # the human resigns: a finished game, with its results
    app.import_text(json.dumps(record))
    browser.run_pending()
    assert app.session.is_over
    return app, browser, blunder


def reviewed(match):
    """The app with `match` imported, finished (the human resigns if it is not over), and its review run."""
    record = match.record()
    if not match.is_over:
        record["moves"].append("0:resign")
    app, browser = make_app()
    app.import_text(json.dumps(record))
    browser.run_pending()
    app.dispatch("review", "open")
    browser.run_pending()
    return app, browser


def test_the_results_show_the_review_button_and_the_review_marks_the_blunder():
    app, browser, (index, text) = imported_finished_blunder_game()
    html = browser.html
    assert 'data-testid="results-review"' in html
    app.dispatch("review", "open")
    assert 'data-testid="review-progress"' in browser.html  # it works in slices, with a bar
    assert 'data-testid="review-cancel"' in browser.html
    browser.run_pending()
    html = browser.html
    assert 'data-testid="chart-chances"' in html and "review-progress" not in html
    assert '<span class="dot"></span><bdi>Ann</bdi>' in html  # names isolated, as on every screen
    assert f'data-testid="review-mark-{index}"' in html
    mark_button = re.search(rf'<button[^>]*data-testid="review-mark-{index}"[^>]*>([^<]*)<', shown_text(html)).group(1)
    assert "mistake" in mark_button
    # The chart's table behind its toggle.
    assert 'data-testid="chart-chances-table"' not in html and 'aria-expanded="false"' in html
    app.dispatch("review", "table-chances")
    assert 'data-testid="chart-chances-table"' in browser.html and 'aria-expanded="true"' in browser.html
    rows = re.findall(r"<tr><th scope=\"row\">", browser.html)
    assert len(rows) == len(app.session.full_access().entries) + 1
    # A mark shows its position in the replay viewer, with the better move lit and named.
    app.dispatch("review", f"mark-{index}")
    assert app.play.replay_index == index
    html = browser.html
    mark = next(m for m in app.review.current().marks if m.index == index)
    assert f'data-arg="0:{mark.better}" data-suggested' in html
    banner = shown_text(re.search(r'data-testid="review-better"[^>]*>(.*?)</div>', html).group(1))
    assert "Better:" in banner and "mistake" in banner
    app.dispatch("review", "back")
    assert app.review.showing() and app.play.replay_index is None
    # The results show the charts in small once the review has run.
    app.dispatch("escape")
    assert not app.review.showing() and 'data-testid="results-charts"' in browser.html
    assert 'data-testid="chart-chances-small"' in browser.html


def test_the_review_can_be_cancelled_and_started_again():
    app, browser, _ = imported_finished_blunder_game()
    app.dispatch("review", "open")
    app.dispatch("review", "cancel")
    browser.run_pending()
    assert app.review.current() is None and 'data-testid="review-stopped"' in browser.html
    app.dispatch("review", "start")
    browser.run_pending()
    assert app.review.current() is not None


def test_the_review_opens_from_the_replay_viewer_and_speaks_italian():
    app, browser, (index, _text) = imported_finished_blunder_game("it")
    app.dispatch("replay", "3")
    assert 'data-testid="replay-review"' in browser.html
    app.dispatch("review", "open")
    browser.run_pending()
    html = shown_text(browser.html)
    assert "Analisi della partita" in html and "Probabilità di vittoria stimata" in html
    assert "errore" in html
    app.dispatch("review", f"mark-{index}")
    assert "Meglio:" in shown_text(browser.html)


def test_the_review_of_a_game_changed_since_is_not_shown():
    app, browser, _ = imported_finished_blunder_game()
    app.dispatch("review", "open")
    browser.run_pending()
    assert app.review.current() is not None
    reviewed = app.session
    app.dispatch("rematch")  # another game opens
    browser.run_pending()
    assert app.session is not reviewed
    assert app.review.current() is None and not app.review.showing() and 'data-testid="review"' not in browser.html


def test_a_geonaxis_round_s_mark_lights_the_better_cell():
    from ..core.test_review import geonaxis_game_with_a_bad_round

    # Round 5 of seed 3: the better move is a stone; round 3: a tile, whose spot is lit among the spots.
    for bad_round, kind in ((5, "s "), (3, "t ")):
        match, (index, _text) = geonaxis_game_with_a_bad_round(seed=3, bad_round=bad_round)
        app, browser = reviewed(match)
        assert 'data-testid="chart-scores"' in browser.html and 'data-testid="chart-chances"' in browser.html
        app.dispatch("review", f"mark-{index}")
        mark = next(m for m in app.review.current().marks if m.index == index)
        assert mark.better.startswith(kind) and f'data-arg="0:{mark.better}" data-suggested' in browser.html
        assert 'data-testid="review-better"' in browser.html


def test_a_game_under_way_offers_no_review_its_secrets_are_still_kept():
    from .test_hints import started_against_the_computer

    app, browser = started_against_the_computer("alphabeticell")
    app.dispatch("replay", "0")
    assert app.play.replay_index == 0 and 'data-testid="replay-review"' not in browser.html
    assert app.dispatch("review", "open") is None and not app.review.showing()


def test_leaving_the_game_stops_the_review():
    app, browser, _ = imported_finished_blunder_game()
    app.dispatch("review", "open")
    app.navigate("#/")
    browser.run_pending()
    assert app.review.current() is None and not app.review.running


def test_an_alphabeticell_mark_lights_the_better_take():
    """Two players; the human takes the card the line heuristic values least, at every choice."""
    from ludoteca.games import registry
    from ludoteca.games.alphabeticell import ai as alphabeticell_ai

    from ..core.test_review import new_match

    heuristic = alphabeticell_ai.LineHeuristic()
    computer = registry.game_package("alphabeticell").AI_LEVELS["medium"](1)  # no clock: the same moves each run
    match = new_match("alphabeticell", 9)
    while not match.is_over and len(match.entries) < 40:
        state = match.state
        player = state.to_move()[0]
        if player == 0 and state.phase in (alphabeticell_ai.OFFER, alphabeticell_ai.KEEP):
            move = min(heuristic.move_values(state, 0), key=lambda pair: pair[1])[0]
        else:
            move = computer.start(state.clone(), player).run()
        match.play(player, move)
    app, browser = reviewed(match)
    mistake = next(m for m in app.review.current().marks if m.kind == "mistake")
    app.dispatch("review", f"mark-{mistake.index}")
    assert f'data-arg="0:{mistake.better}" data-suggested' in browser.html


def test_an_alphagon_mark_lights_the_better_letter_s_cell_and_names_it():
    from ..core.test_review import alphagon_game_with_a_bad_letter

    match, (index, _text) = alphagon_game_with_a_bad_letter()
    app, browser = reviewed(match)
    assert 'data-testid="chart-scores"' in browser.html and 'data-testid="chart-chances"' in browser.html
    assert f'data-testid="review-mark-{index}"' in browser.html
    app.dispatch("review", f"mark-{index}")
    mark = next(m for m in app.review.current().marks if m.index == index)
    assert mark.kind == "mistake" and mark.better.startswith("place ")
    assert f'data-arg="0:{mark.better}" data-suggested' in browser.html  # the better letter's cell, lit
    banner = shown_text(re.search(r'data-testid="review-better"[^>]*>(.*?)</div>', browser.html).group(1))
    assert "Better:" in banner and mark.better.split()[-1] in banner


def test_every_game_s_results_show_a_small_chart_before_any_review():
    """PSYCHOPATH has no score to chart: its results show its chances at a glance (the AI's
    static value of each position), the others their scores; a review then draws its own."""
    from ludoteca.core.review import chance_from_margin
    from ludoteca.games.psychopath import ai as psychopath_ai

    from ..core.test_review import alphagon_game_with_a_bad_letter, geonaxis_game_with_a_bad_round, new_match

    quick = new_match("alphabeticell", 2)
    quick.play(0, quick.state.legal_moves(0)[0])
    games = {"psychopath": game_with_a_blunder()[0], "geonaxis": geonaxis_game_with_a_bad_round()[0],
             "alphagon": alphagon_game_with_a_bad_letter()[0], "alphabeticell": quick}
    for game_id, match in games.items():
        record = match.record()
        if game_id == "psychopath":
            psychopath_record = record
        if not match.is_over:
            record["moves"].append("0:resign")
        app, browser = make_app()
        app.import_text(json.dumps(record))
        browser.run_pending()
        assert app.review.current() is None and 'data-testid="results-charts"' in browser.html, game_id
        small = "chart-chances-small" if game_id == "psychopath" else "chart-scores-small"
        assert f'data-testid="{small}"' in browser.html, game_id
    app, browser = make_app()
    app.import_text(json.dumps(psychopath_record))
    browser.run_pending()
    glance = app.review.glance()
    full = app.session.full_access()
    assert len(glance) == len(full.entries) + 1 and all(0.0 <= c <= 1.0 for c in glance)
    assert "review-progress" not in browser.html  # nothing searched: a glance
    # The AI's own static value, for the side to move, as player 0's chance.
    for index in (0, 10, 25):
        state = full.state_before(index).clone()
        list(state.generate_moves(state.to_move()[0]))  # its mobility counted, as every glance counts it
        value = psychopath_ai.evaluate(state) * (1 if state.to_move()[0] == 0 else -1)
        assert glance[index] == chance_from_margin(value, 272)
