"""Alphagon in the real app: the word list loads when the game opens, and whole
games against the computer are played by clicking, in English and in Italian,
with doubts, declarations, contradictions and corrections judged on screen."""

import json
import pathlib
import sys

import pytest
from playwright.sync_api import expect

from test_new_games import start as start_any_game
from test_play import FAST_PLAY, moves_played

TABLE_MOVES = '[data-region="table"] [data-action="move"]'


def start_alphagon(page, edition: str, seed: str):
    page.click('[data-testid="new-alphagon"]')
    page.wait_for_selector('[data-testid="setup"]')
    page.select_option('[data-testid="variant-edition"]', edition)
    page.select_option('[data-testid="seat-1-level"]', "easy")
    page.fill('[data-testid="seed"]', seed)
    page.click('[data-testid="start"]')
    page.wait_for_selector('[data-testid="game"]', timeout=30_000)


PLAY = ('[data-region="table"] [data-action="move"][data-arg*=":start "], '
        '[data-region="table"] [data-action="move"][data-arg*=":place "], '
        '[data-region="table"] .ag-cell[data-action="move"]')
STEPS = ('[data-region="table"] .ag-cell[data-action="select"]:not(.selected)',  # a flag to start from
         '[data-region="table"] [data-testid^="rack-"][data-action="select"]:not(.selected)')  # a letter
# When no letter can go down: close the word, end the turn, answer, else any button.
BUTTONS = tuple(f'[data-region="table"] button[data-action="move"][data-arg$=":{word}"]'
                for word in ("close", "end", "accept", "concede", "suspend", "pass")) + \
    ('[data-region="table"] button[data-action="move"]',)


def first_present(page, selectors):
    return next((page.locator(selector).first for selector in selectors if page.locator(selector).count()), None)


def play_one_turn(page) -> bool:
    """Clicks like a player (a letter, then a square; else a button) until a move is played; False at the end."""
    page.locator(f'{TABLE_MOVES}, [data-region="table"] [data-action="select"], [data-testid="results"]') \
        .first.wait_for(timeout=60_000)
    if page.locator('[data-testid="results"]').count():
        return False
    before = moves_played(page)
    for step in STEPS * 2 + (None,):  # a letter first lights the flags up
        target = first_present(page, (PLAY,)) or (first_present(page, (step,)) if step else None) \
            or (None if step else first_present(page, BUTTONS))
        if target is None:
            continue
        target.click()  # the app handles a click before click() returns: no wait for a redraw
        if moves_played(page) > before or page.locator('[data-testid="results"]').count():
            break
    page.wait_for_function(
        "n => Number(document.querySelector('[data-testid=game]').dataset.moves) > n"
        " || document.querySelector('[data-testid=results]')", arg=before, timeout=60_000)
    return True


@pytest.mark.timeout(600)
@pytest.mark.parametrize("edition, seed, over", [("en", "5", "Game over"), ("it", "6", "Partita finita")])
def test_a_whole_game_against_the_computer_by_clicking(new_context, open_app, edition, seed, over):
    context = new_context(locale="it-IT" if edition == "it" else "en-US")
    context.add_init_script(FAST_PLAY)
    page = context.new_page()
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    open_app(page)
    assert not [url for url in requests if "/web/words/" in url]  # not loaded at start-up
    start_alphagon(page, edition, seed)
    assert [url for url in requests if url.endswith(f"/web/words/{edition}.txt.gz")]
    turns = 0
    while play_one_turn(page):
        turns += 1
        assert turns < 400, "the game did not end"
    expect(page.locator('[data-testid="results"] h2')).to_have_text(over)
    assert page.evaluate("() => window.ludotecaBoot.cspViolations") == []


# --- doubts and declarations through the real UI ------------------------------------------------------
# The human (the first seat) follows a fixed policy against an easy computer, so a seed
# fixes the whole game: play the letter that keeps the most words possible;
# doubt at the first chance once two letters are down; afterwards declare the
# longest word that may be declared whenever three letters are down; answer
# everything else the simplest way (concede, accept, lose the first letter).
# `PYTHONPATH=py/tools python3 tests/browser/test_alphagon.py en 1 40` replays that policy on the
# engine and lists the seeds whose verdicts are worth a test.
REPO = pathlib.Path(__file__).resolve().parents[2]
if str(REPO / "py") not in sys.path:
    sys.path.insert(0, str(REPO / "py"))

from ludoteca.games.alphagon import dictionary  # noqa: E402

JUDGED = ("declared", "corrected", "contradicted", "revealed", "unproven")
YOU, COMPUTER = 0, 1


def load_words(lang: str):
    return dictionary.load(lang, (REPO / "web" / "words" / f"{lang}.txt.gz").read_bytes())


def letter_to_play(words, word: str, rack: str) -> str:
    """The rack letter after which most words remain possible (the first such in the rack)."""
    return max(dict.fromkeys(rack), key=lambda letter: (words.count_completions(word + letter), -rack.index(letter)))


def word_to_declare(words, word: str):
    found = [w for w in words.completions(word) if len(w) >= 4 and words.declaration_admissible(word, (w,)).ok]
    return max(found, key=lambda w: (len(w), w)) if found else None


# (how, board word, verdict lines, who scores, points), in order of play.
VERDICTS = {
    "en": ("9", [
        ("revealed", "Verdict on RE", ["Computer named REALLY, a word in the dictionary: +5 for Computer;"
                                       " the doubter loses a letter."], COMPUTER, 5),
        ("contradicted", "Verdict on ELA", ["ELABORATE also starts with ELA and is another word.",
                                            "The declaration is contradicted: Computer closes with ELABORATE, +6;"
                                            " the declarer loses a letter."], COMPUTER, 6),
        ("contradicted", "Verdict on THI", ["THIS also starts with THI and is another word.",
                                            "The declaration is contradicted: Computer closes with THIS, +4;"
                                            " the declarer loses a letter."], COMPUTER, 4),
        ("corrected", "Verdict on ENH", ["ENHANCE is a shorter word of the same family (7 letters).",
                                         "The declaration was corrected: +5 for Ada."], YOU, 5),
    ]),
    "it": ("11", [
        ("revealed", "Verdetto su TI", ["Computer ha detto TIPO, che è nel dizionario: +4 a Computer;"
                                        " chi ha dubitato perde una lettera."], COMPUTER, 4),
        ("declared", "Verdetto su ASE", ["Bruno ha dichiarato ASESSUALISSIMAMENTE e nessuno l'ha smentito: +6 a Bruno."],
         YOU, 6),
        ("contradicted", "Verdetto su TAL", ["Anche TALE inizia con TAL ed è un'altra parola.",
                                             "La dichiarazione è smentita: Computer chiude con TALE, +4;"
                                             " chi ha dichiarato perde una lettera."], COMPUTER, 4),
        ("corrected", "Verdetto su RAR", ["RARA è una parola più corta della stessa famiglia (4 lettere).",
                                          "La dichiarazione è stata corretta: +4 a Bruno."], YOU, 4),
    ]),
}


def scores_on_screen(page) -> list:
    return [int(page.inner_text(f'[data-testid="score-{p}"]')) for p in (YOU, COMPUTER)]


def verdict_on_screen(page):
    verdict = page.locator('[data-testid="verdict"]')
    if not verdict.count():
        return None
    return (verdict.get_attribute("data-how"), verdict.locator("h3").inner_text(),
            verdict.locator("p").all_inner_texts())


def act(page, words, plan: dict) -> None:
    """One step of the human's policy at a decision point; returns once a move is played."""
    table = page.locator('[data-region="table"] .alphagon')
    phase = table.get_attribute("data-phase")
    word = page.get_attribute('[data-testid="word"]', "data-word")
    rack = "".join(page.locator('[data-testid="rack"] button').all_inner_texts())
    before = moves_played(page)
    buttons = page.locator('[data-testid="controls"] button[data-action="move"]')
    testids = buttons.evaluate_all("els => els.map(e => e.dataset.testid)")
    if phase == "lose":
        page.click(f'[data-testid="lose-{rack[0]}"]')
    elif phase == "reward":
        page.click('[data-testid="controls"] button[data-arg*=":reward "]')
    elif phase == "answer":
        page.click('[data-testid="concede"]')
    elif phase == "respond":
        page.click('[data-testid="accept"]')
    elif phase == "first":
        page.click(f'[data-testid="rack-{rack.index(letter_to_play(words, "", rack))}"]')
        page.locator('[data-region="table"] .ag-cell[data-action="select"]').first.click()
        page.locator('[data-region="table"] .ag-cell[data-action="move"]').first.click()
    elif "end" in testids:
        page.click('[data-testid="close"]' if "close" in testids else '[data-testid="end"]')
    elif not plan["doubted"] and "doubt" in testids and len(word) >= 2:
        plan["doubted"] = True
        page.focus('[data-testid="doubt"]')  # by keyboard
        page.keyboard.press("Enter")
    elif plan["doubted"] and page.locator('[data-testid="input-declare"]').count() \
            and word_to_declare(words, word):
        page.fill('[data-testid="input-declare"]', word_to_declare(words, word).lower())
        page.press('[data-testid="input-declare"]', "Enter")
    elif rack and page.locator('[data-region="table"] .ag-cell.next').count():
        page.click(f'[data-testid="rack-{rack.index(letter_to_play(words, word, rack))}"]')
        page.locator('[data-region="table"] .ag-cell[data-action="move"]').first.click()
    else:
        page.click("[data-testid=pass]" if "pass" in testids else
                   f'[data-testid="{sorted(t for t in testids if t.startswith("pass-"))[0]}"]')
    page.wait_for_function(
        "n => Number(document.querySelector('[data-testid=game]').dataset.moves) > n"
        " || document.querySelector('[data-testid=results]')", arg=before, timeout=60_000)


@pytest.mark.timeout(600)
@pytest.mark.parametrize("edition", ["en", "it"])
def test_doubts_and_declarations_are_judged_in_a_dialog_with_the_score(new_context, open_app, edition):
    seed, expected = VERDICTS[edition]
    words = load_words(edition)
    context = new_context(locale="it-IT" if edition == "it" else "en-US")
    context.add_init_script(FAST_PLAY)
    page = context.new_page()
    open_app(page, timeout_ms=120_000)  # the machine may be busy: this is no timing test
    page.click('[data-testid="new-alphagon"]')
    page.wait_for_selector('[data-testid="setup"]')
    page.select_option('[data-testid="variant-edition"]', edition)
    page.select_option('[data-testid="seat-1-level"]', "easy")
    page.fill('[data-testid="seat-0-name"]', "Bruno" if edition == "it" else "Ada")
    page.fill('[data-testid="seat-1-name"]', "Computer")
    page.fill('[data-testid="seed"]', seed)
    page.click('[data-testid="start"]')
    page.wait_for_selector('[data-testid="game"]', timeout=30_000)
    plan = {"doubted": False}
    seen, scores_before_asking = [], None
    while len(seen) < len(expected):
        page.locator('[data-testid="controls"], [data-testid="results"]').first.wait_for(timeout=60_000)
        assert not page.locator('[data-testid="results"]').count(), f"the game ended after {seen}"
        verdict = verdict_on_screen(page)
        if verdict and verdict[0] in JUDGED and (not seen or seen[-1][:3] != verdict):
            scores = scores_on_screen(page)
            gained = [after - before for after, before in zip(scores, scores_before_asking)]
            seen.append(verdict + (gained,))
        asking = page.locator('[data-testid="doubt"], [data-testid="input-declare"]').count()
        if asking:  # the scores just before a doubt or a declaration may be asked for
            scores_before_asking = scores_on_screen(page)
        act(page, words, plan)
    for (how, title, lines, gained), (want_how, want_title, want_lines, scorer, points) in zip(seen, expected):
        assert (how, title, lines) == (want_how, want_title, want_lines)
        assert gained[scorer] == points
    assert page.evaluate("() => window.ludotecaBoot.cspViolations") == []


def replay_policy(lang: str, seed_text: str, max_moves: int = 80) -> list:
    """The judged words of a game where the human follows `act`'s policy and
    the computer thinks with the app's seeds, played on the engine."""
    from ludoteca.core.match import AI, HUMAN, Match, Seat
    from ludoteca.core.protocol import Settings
    from ludoteca.core.rng import MASK64, SEED_MASK, SeededRng, seed_from_text
    from ludoteca.games import alphagon
    from ludoteca.games.alphagon.rules import GAME
    from ludoteca.games.alphagon.ui import HEADING_STEP, _xy

    words = load_words(lang)
    GAME.wordlists[lang] = words
    settings = Settings(2, {"edition": lang, "deal": "random", "judge": "dictionary"})
    match = Match(GAME, settings, seed_from_text(seed_text) & SEED_MASK,
                  [Seat("You", HUMAN), Seat("Computer", AI, "easy")])
    doubted = False
    while not match.is_over and len(match.entries) < max_moves:
        state = match.state
        player = state.to_move()[0]
        if player == COMPUTER:  # as App._ai_turn seeds it
            seed = (match.seed * 31 + len(match.entries) * 7919 + player) & MASK64
            search = alphagon.AI_LEVELS["easy"](seed).start(state.determinize(player, SeededRng(seed)), player)
            while not search.step(0.05):
                pass
            match.play(player, search.best_move())
            continue
        legal = [move.text for move in state.legal_moves(player)]
        view, text = state.view(player), None
        rack, word, phase = view["rack"], view["word"], view["phase"]
        if legal == ["end"] or view["placed"]:
            text = "close" if "close" in legal else "end"
        elif phase in ("lose", "answer", "respond"):
            text = {"lose": f"lose {rack[0]}", "answer": "concede", "respond": "accept"}[phase]
        elif phase == "reward":
            text = "reward bonus" if "reward bonus" in legal else min(t for t in legal if t.startswith("reward"))
        elif phase == "first":
            letter = letter_to_play(words, "", rack)
            flag = min(view["flags"], key=lambda cell: _xy(cell)[::-1])
            fx, fy = _xy(flag)
            text = min((t for t in legal if t.startswith(f"start {flag} ") and t.endswith(" " + letter)),
                       key=lambda t: (fy + HEADING_STEP[t.split()[2]][1], fx + HEADING_STEP[t.split()[2]][0]))
        elif not doubted and "doubt" in legal and len(word) >= 2:
            doubted, text = True, "doubt"
        elif doubted and "declare" in view["text_moves"] and word_to_declare(words, word):
            text = f"declare {word_to_declare(words, word)}"
        elif view["next_cell"] and any(t.startswith("place ") for t in legal):
            text = f"place {view['next_cell']} {letter_to_play(words, word, rack)}"
        else:
            text = "pass" if "pass" in legal else min(t for t in legal if t.startswith("pass "))
        match.play(player, GAME.parse_move(text))
    return [entry for entry in match.state.words if entry[4] in JUDGED]


if __name__ == "__main__":  # seeds whose games reach a doubt, a contradiction and a correction
    edition, first, last = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    for number in range(first, last):
        judged = replay_policy(edition, str(number))
        if {"revealed", "contradicted", "corrected"} <= {entry[4] for entry in judged}:
            print(number, judged)


FOCUSED_JS = ("() => { const e = document.activeElement; return {action: e.dataset.action || '',"
              " arg: e.dataset.arg || '', rack: Boolean(e.closest('[data-testid=rack]'))}; }")


def test_letters_go_down_with_two_key_presses_each(new_context, open_app):
    """Keyboard only: after the computer's opening the focus is on the first
    letter of the rack; Enter picks it and puts the focus on the lit square,
    Enter again places it, and the focus is back on the letters."""
    context = new_context()
    context.add_init_script(FAST_PLAY)
    page = context.new_page()
    open_app(page)
    start_any_game(page, "alphagon", "5", players=3)  # Computer 2 opens at J10: the next square is J8
    page.wait_for_selector('[data-testid="rack"] button')
    page.wait_for_function("() => document.activeElement.closest('[data-testid=rack]')")
    for _placed in range(2):
        before = moves_played(page)
        assert page.evaluate(FOCUSED_JS)["rack"]
        page.keyboard.press("Enter")
        focused = page.evaluate(FOCUSED_JS)
        assert focused["action"] == "move" and focused["arg"].startswith("0:place "), focused
        page.keyboard.press("Enter")
        page.wait_for_function("n => Number(document.querySelector('[data-testid=game]').dataset.moves) > n",
                               arg=before)
        page.wait_for_function("() => document.activeElement.closest('[data-testid=rack]')")



def test_the_rack_is_one_tab_stop_and_the_arrow_keys_move_along_it(new_context, open_app):
    context = new_context()
    context.add_init_script(FAST_PLAY)
    page = context.new_page()
    open_app(page)
    start_any_game(page, "alphagon", "5", players=3)
    page.wait_for_function("() => document.activeElement.closest('[data-testid=rack]')")
    assert page.evaluate("() => document.activeElement.dataset.testid") == "rack-0"
    stops = page.evaluate("() => [...document.querySelectorAll('[data-testid=rack] button')]"
                          ".filter(b => b.tabIndex >= 0).length")
    assert stops == 1
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.dataset.testid") == "rack-1"
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("() => document.activeElement.dataset.testid") == "rack-0"

# --- dialogs and verdicts are readable: axe in both languages and both themes ---------------------------
def record_at(lang: str, until) -> dict:
    """The record of a game (you against an easy computer) played on the engine by
    `letter_to_play`'s policy for both seats, up to the first state where
    `until(state)` holds; the browser imports it to open that moment directly."""
    from ludoteca.core.match import AI, HUMAN, Match, Seat
    from ludoteca.core.protocol import Settings
    from ludoteca.games.alphagon.rules import GAME

    words = load_words(lang)
    GAME.wordlists[lang] = words
    settings = Settings(2, {"edition": lang, "deal": "random", "judge": "dictionary"})
    for seed in range(1, 60):
        match = Match(GAME, settings, seed, [Seat("You", HUMAN), Seat("Computer", AI, "easy")])
        while not match.is_over and len(match.entries) < 60:
            state = match.state
            if until(state):
                return match.record()
            player = state.to_move()[0]
            legal = [move.text for move in state.legal_moves(player)]
            view = state.view(player)
            rack, word = view["rack"], view["word"]
            if view["phase"] == "first":
                text = next(t for t in legal if t.startswith("start ") and t.endswith(" " + letter_to_play(words, "", rack)))
            elif view["phase"] in ("lose", "reward"):
                text = legal[0]
            elif view["placed"]:
                text = "end"
            elif view["next_cell"] and rack and words.count_completions(word + letter_to_play(words, word, rack)):
                text = f"place {view['next_cell']} {letter_to_play(words, word, rack)}"
            else:
                break  # this seed's letters make no word: try another
            match.play(player, GAME.parse_move(text))
    raise AssertionError("no seed reaches the wanted moment")


def doubt_pending(state) -> bool:
    """The computer to move, and a letter of yours the newest of the word: it may doubt it."""
    return state.phase == "turn" and state.current == COMPUTER and state.last_placer() == YOU and not state.queue


def declaration_possible(state) -> bool:
    words = state.wordlist()
    return (state.phase == "turn" and state.current == YOU and not state.queue and not state.placed
            and len(state.word()) >= 3 and word_to_declare(words, state.word()) is not None)


def import_record(page, record: dict, tmp_path) -> None:
    path = tmp_path / "alphagon.json"
    path.write_text(json.dumps(record))
    if page.locator('[data-testid="nav-home"]').count():
        page.click('[data-testid="nav-home"]')
    page.wait_for_selector('[data-testid="import-input"]', state="attached")
    page.set_input_files('[data-testid="import-input"]', str(path))
    page.wait_for_selector('[data-testid="game"]')


@pytest.mark.timeout(600)
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("edition", ["en", "it"])
def test_doubt_and_declaration_dialogs_and_verdicts_pass_axe(new_context, open_app, tmp_path, edition, scheme):
    from test_accessibility import axe_problems

    context = new_context(locale="it-IT" if edition == "it" else "en-US", color_scheme=scheme)
    context.add_init_script(FAST_PLAY)
    page = context.new_page()
    open_app(page, timeout_ms=120_000)
    found = {}
    # The computer doubts your letter: the dialog asks you to name your word; then the verdict.
    record = record_at(edition, doubt_pending)
    record["moves"].append(f"{COMPUTER}:doubt")
    import_record(page, record, tmp_path)
    page.wait_for_selector('[data-testid="ag-dialog-answer"]')
    found["doubt dialog"] = axe_problems(page)
    page.click('[data-testid="concede"]')
    page.wait_for_selector('[data-testid="verdict"][data-how="unproven"]')
    found["doubt verdict"] = axe_problems(page)
    # You declare a word: the computer answers, and the verdict shows.
    record = record_at(edition, declaration_possible)
    import_record(page, record, tmp_path)
    word = page.get_attribute('[data-testid="word"]', "data-word")
    page.fill('[data-testid="input-declare"]', word_to_declare(load_words(edition), word).lower())
    page.press('[data-testid="input-declare"]', "Enter")
    page.wait_for_selector('[data-testid="verdict"]', timeout=60_000)
    found["declaration verdict"] = axe_problems(page)
    assert {screen: problems for screen, problems in found.items() if problems} == {}


# --- a phone: 44 px targets, the lit square in view -----------------------------------------------------
HIT_BOXES_JS = """() => [...document.querySelectorAll('[data-region=table] .ag-hit')].map(e => {
    const r = e.getBoundingClientRect();
    const probes = [[0, 0], [-20, 0], [20, 0], [0, -20], [0, 20]].map(([dx, dy]) => {
        const x = r.left + r.width / 2 + dx, y = r.top + r.height / 2 + dy;
        const hit = document.elementFromPoint(x, y);
        return Boolean(hit && hit.closest('[data-action]') && hit.closest('[data-action]').dataset.arg === e.dataset.arg);
    });
    return {cell: e.dataset.hit, width: r.width, height: r.height, probes};
})"""


def check_hit_areas(page) -> list:
    boxes = page.evaluate(HIT_BOXES_JS)
    for box in boxes:
        assert box["width"] >= 44 and box["height"] >= 44, box
        assert box["probes"][0] and sum(box["probes"]) >= 4, box  # its centre and most of 40 px around it
    return boxes


@pytest.mark.timeout(300)
def test_on_a_phone_every_square_to_tap_has_a_44_px_hit_area_and_the_lit_square_comes_into_view(new_context, open_app):
    context = new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    context.add_init_script(FAST_PLAY)
    page = context.new_page()
    open_app(page, timeout_ms=120_000)
    page.click('[data-testid="new-alphagon"]')
    page.wait_for_selector('[data-testid="setup"]')
    page.select_option('[data-testid="seat-1-level"]', "easy")
    page.fill('[data-testid="seed"]', "5")  # you open the polygon
    page.locator('[data-testid="start"]').scroll_into_view_if_needed()
    page.tap('[data-testid="start"]')
    page.wait_for_selector('[data-testid="rack"] button[data-action="select"]', timeout=60_000)
    assert page.evaluate("() => window.scrollY") == 0  # the game opens at its top, not where setup was
    page.locator('[data-testid="rack-0"]').tap()
    flags = check_hit_areas(page)
    assert len(flags) == 8
    page.locator('.ag-hit[data-hit="D4"]').tap(force=True)
    beside = check_hit_areas(page)
    assert sorted(box["cell"] for box in beside) == ["C4", "D3", "D5", "E4"]
    before = moves_played(page)
    page.locator('.ag-hit[data-hit="E4"]').tap(force=True)
    page.wait_for_function("n => Number(document.querySelector('[data-testid=game]').dataset.moves) > n", arg=before)
    # the computer plays; then a letter tapped lights the next square, in view and easy to hit
    page.wait_for_selector('[data-testid="rack"] button[data-action="select"]', timeout=60_000)
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")  # the rack at the bottom, the board above
    page.locator('[data-testid="rack-0"]').tap()
    page.wait_for_selector('[data-region="table"] .ag-cell.target')
    (lit,) = check_hit_areas(page)
    box = page.locator(f'[data-region="table"] .ag-cell[data-cell="{lit["cell"]}"]').bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= 740, box
    # the change picker: one list and a button that says the change costs a bonus before placing
    letter = page.inner_text('[data-testid="rack-0"]')
    expect(page.locator('[data-testid="change-submit"]')).to_have_text("Change it (costs a bonus)")
    new = page.locator('[data-testid="input-change"] option').last.get_attribute("value")
    page.select_option('[data-testid="input-change"]', new)
    before = moves_played(page)
    page.tap('[data-testid="change-submit"]')
    page.wait_for_function("n => Number(document.querySelector('[data-testid=game]').dataset.moves) > n", arg=before)
    assert new in "".join(page.locator('[data-testid="rack"] button').all_inner_texts()) and letter != new
