"""The table markup and texts, under CPython."""

import html as html_lib
import pathlib
import re
from dataclasses import dataclass, field
from typing import Optional

import pytest

from ludoteca.core.match import Entry
from ludoteca.games.alphagon import ui
from ludoteca.games.alphagon.rules import GAME

from .helpers import build_word, give, new_state, play
from ..log_lines import log_text


@dataclass
class Seat:
    name: str
    color: str = "#c33"
    kind: str = "human"


@dataclass
class Ctx:
    viewer: Optional[int]
    can_act: bool = True
    selection: Optional[str] = None
    lang: str = "en"
    animate: bool = False
    fresh: list = field(default_factory=list)
    seats: list = field(default_factory=lambda: [Seat(f"P{i}") for i in range(6)])

    def t(self, key, **values):
        return key


def render(state, viewer, **kw):
    return ui.render_table(state.view(viewer), Ctx(viewer, **kw))


def test_every_cell_is_focusable_with_a_label_and_a_nav_point():
    state = new_state(2, seed=1)
    html = render(state, None, can_act=False)
    cells = re.findall(r'<g class="ag-cell[^"]*" tabindex="0" role="button" aria-label="[^"]+" data-nav="\d+,\d+"', html)
    assert len(cells) == 169
    assert "ag-flag" in html and "★" in html and "☁" in html


def test_the_rack_and_cards_show_only_to_their_owner():
    state = new_state(2, seed=2)
    p = state.to_move()[0]
    mine = render(state, p)
    assert 'data-testid="rack"' in mine and 'data-testid="cards"' in mine
    spectator = render(state, None, can_act=False)
    assert 'data-testid="rack"' not in spectator and 'data-testid="cards"' not in spectator
    assert ui.private_content(state.view(p)) and not ui.private_content(state.view(None))


def test_placing_a_letter_is_select_then_click_the_highlighted_cell():
    state = new_state(2, seed=3)
    build_word(state, "CA", "D4", "E")
    p = state.to_move()[0]
    give(state, p, "T")
    html = render(state, p)
    assert re.search(r'data-action="select" data-arg="L:T:\d+"', html)
    assert f'data-arg="{p}:place G4 T"' not in html
    html = render(state, p, selection="L:T")
    assert f'data-action="move" data-arg="{p}:place G4 T"' in html
    assert 'aria-pressed="true"' in html and "→" in html


def pressed_slots(html):
    return [int(slot) for slot in re.findall(r'aria-pressed="true"[^>]*data-testid="rack-(\d+)"', html)]


def hint(html):
    found = re.search(r'data-testid="place-hint">([^<]*)<', html)
    return found.group(1) if found else None


def test_of_a_letter_twice_in_the_rack_only_the_one_chosen_shows_as_chosen():
    state = new_state(2, seed=3)
    build_word(state, "CA", "D4", "E")
    p = state.to_move()[0]
    state.racks[p] = ("E", "E", "T")
    html = render(state, p)
    args = re.findall(r'data-action="select" data-arg="(L:E:\d)"', html)
    assert args == ["L:E:0", "L:E:1"]  # two letters, two selections
    html = render(state, p, selection="L:E:1")
    assert pressed_slots(html) == [1] and html.count("ag-tile-btn selected") == 1
    assert f'data-action="move" data-arg="{p}:place G4 E"' in html
    assert pressed_slots(render(state, p, selection="L:E")) == [0]  # no slot: the first of them


def test_the_opening_keeps_the_chosen_one_of_two_letters_selected_up_to_its_square():
    state = new_state(2, seed=4)
    p = state.to_move()[0]
    state.racks[p] = ("E",) + tuple(state.racks[p][1:]) + ("E",)
    last = len(state.racks[p]) - 1
    html = render(state, p, selection=f"L:E:{last}")
    assert f'data-action="select" data-arg="S:E:{last}:D4"' in html and pressed_slots(html) == [last]
    html = render(state, p, selection=f"S:E:{last}:D4")
    assert pressed_slots(html) == [last] and f'data-arg="{p}:start D4 E E"' in html


def test_the_hint_names_the_next_step_once_a_letter_is_selected():
    state = new_state(2, seed=4)
    p = state.to_move()[0]
    letter = state.racks[p][0]
    assert hint(render(state, p)) == "Select a letter, then a flag, then a square beside it."
    assert hint(render(state, p, selection=f"L:{letter}:0")) == "Now select a flag, then a square beside it."
    assert hint(render(state, p, selection=f"S:{letter}:0:D4")) == "Now select a square beside the flag."
    state = new_state(2, seed=3)
    build_word(state, "CA", "D4", "E")
    p = state.to_move()[0]
    give(state, p, "T")
    assert hint(render(state, p)) == "Select a letter, then the highlighted square."
    assert hint(render(state, p, selection="L:T")) == "Now select the highlighted square."


def test_only_the_letter_placed_last_is_marked():
    state = new_state(2, seed=3)
    build_word(state, "CA", "D4", "E")
    marked = re.findall(r'<g class="ag-cell[^"]*\blast\b[^"]*"[^>]*data-cell="(\w+)"', render(state, None, can_act=False))
    assert marked == ["F4"]  # '+' on D4, C on E4, then A on F4


def test_the_opening_is_letter_then_flag_then_square():
    state = new_state(2, seed=4)
    p = state.to_move()[0]
    letter = state.racks[p][0]
    html = render(state, p, selection=f"L:{letter}")
    assert f'data-action="select" data-arg="S:{letter}:0:D4"' in html  # the letter and its rack slot
    html = render(state, p, selection=f"S:{letter}:D4")
    for cell, heading in (("D3", "N"), ("E4", "E"), ("D5", "S"), ("C4", "W")):
        assert f'data-arg="{p}:start D4 {heading} {letter}"' in html and f'data-cell="{cell}"' in html
    play(state, p, f"start D4 E {letter}")
    assert state.symbols == "+" + letter


def test_declare_doubt_and_answers_use_buttons_and_free_text_forms():
    state = new_state(2, seed=5)
    build_word(state, "HOUS", "D4", "E")
    p = state.to_move()[0]
    html = render(state, p)
    assert f'<form class="text-move" data-move-prefix="{p}:declare "' in html and 'name="text"' in html
    assert f'data-arg="{p}:doubt"' in html
    play(state, p, "declare HOUSE")
    q = state.to_move()[0]
    html = render(state, q)
    for keyword in ("contradict", "correct"):
        assert f'data-move-prefix="{q}:{keyword} "' in html
    assert f'data-arg="{q}:accept"' in html and 'data-testid="declaration"' in html
    play(state, q, "accept")
    state = new_state(2, seed=6)
    build_word(state, "HOUS", "D4", "E")
    p = state.to_move()[0]
    play(state, p, "doubt")
    html = render(state, 1 - p)
    assert f'data-move-prefix="{1 - p}:say "' in html and f'data-arg="{1 - p}:concede"' in html


def test_the_players_bonus_tokens_letters_cards_and_set_aside_letters_are_in_the_apps_panel():
    state = new_state(3, seed=7)
    html = render(state, None, can_act=False)
    assert 'data-testid="ag-player-' not in html  # the app's panel lists the players and scores, once
    # a phone shows points and bonus tokens above the table (the app's scoreline)
    assert ui.chip_detail(state.view(None), 1, lambda key, **values: key) == "0 points · bonus 2"
    state.points[1] = 1
    assert ui.chip_detail(state.view(None), 1, lambda key, **values: key) == "1 point · bonus 2"
    mover = state.to_move()[0]
    own = render(state, mover)  # the letters and the buttons come right under the board, the cards after
    assert own.index('data-testid="rack"') < own.index('data-testid="controls"') < own.index('data-testid="cards"')
    words = {"alphagon.bonuses": "bonus {n}", "alphagon.letters.other": "{n} letters",
             "alphagon.ncards.other": "{n} cards", "alphagon.lost": "set aside: {letters}"}
    detail = ui.panel_detail(state.view(0), 1, lambda key, **values: words.get(key, key).format(**values))
    assert detail == "bonus 2 · 7 letters · 3 cards"
    state.discards[1] = "QX"
    detail = ui.panel_detail(state.view(0), 1, lambda key, **values: words.get(key, key).format(**values))
    assert detail == "bonus 2 · 7 letters · 3 cards · set aside: QX"


def test_the_edition_chooses_the_language_of_the_game_texts():
    state = new_state(2, "it", seed=8)
    p = state.to_move()[0]
    html = render(state, p, lang="en")
    assert "Le tue lettere" in html
    assert ui.prompt(state.view(p), Ctx(p)) == "Inizia il poligono: una lettera accanto a una bandiera"
    english = new_state(2, "en", seed=8)
    assert "Your letters" in render(english, english.to_move()[0])


def test_the_log_hides_another_players_changed_letters_and_draws():
    state = new_state(2, seed=9)
    build_word(state, "CA", "D4", "E")
    p = state.to_move()[0]
    give(state, p, "B")
    before = state.clone()
    move = GAME.parse_move("change B T")
    state.apply(p, move)
    entry = Entry(p, move, [])
    names = ["Ann", "Bob"]
    t = lambda key, **v: ui.MESSAGES["en"][key].format(**v)
    assert log_text(ui, entry, names, t, before, viewer=p) == f"{names[p]} changes B to T"
    assert log_text(ui, entry, names, t, before, viewer=1 - p) == f"{names[p]} changes a letter"
    give(state, p, "S")
    before = state.clone()
    move = GAME.parse_move("place G4 S")
    state.apply(p, move)
    drawn = state.resolve_chance()
    text = log_text(ui, Entry(p, move, drawn), names, t, before, viewer=1 - p)
    assert text == f"{names[p]} places S on G4" and drawn[0].letter not in text.replace("S on", "")


def test_messages_have_the_same_keys_in_both_languages_and_cover_every_error_code():
    en, it = ui.MESSAGES["en"], ui.MESSAGES["it"]
    assert set(en) == set(it)
    same = sorted(key for key in en if en[key] == it[key])
    assert len(same) <= 6, same  # titles, "No", "bonus {n}", placeholders only
    import ludoteca.games.alphagon.rules as rules
    import ludoteca.games.alphagon.dictionary as dictionary
    import inspect
    codes = set(re.findall(r'_error\([^)]*?"([a-z_]+)"', inspect.getsource(rules)))
    codes |= set(re.findall(r'"alphagon\.([a-z_]+)"', inspect.getsource(rules))) - {""}
    codes |= set(re.findall(r'Judgement\(False, "([a-z_]+)"', inspect.getsource(dictionary)))
    missing = sorted(code for code in codes if f"error.alphagon.{code}" not in en)
    assert missing == [], missing
    judge = set(re.findall(r'Judgement\(True, "([a-z_]+)"', inspect.getsource(dictionary)))
    assert all(f"alphagon.judge.{code}" in en for code in judge)


@pytest.mark.parametrize("edition, singular, plural", [
    ("en", ("1 letter", "1 card"), ("2 letters", "3 cards")),
    ("it", ("1 lettera", "1 carta"), ("2 lettere", "3 carte")),
])
def test_counts_of_letters_and_cards_agree_with_the_number(edition, singular, plural):
    view = new_state(2, edition, seed=9).view(0)
    view["rack_kinds"] = [[1, 0], [1, 1]]
    view["hand_counts"] = [1, 3]
    for player, counts in ((0, singular), (1, plural)):
        assert ui.panel_detail(view, player, lambda key, **v: key).split(" · ")[1:] == list(counts)


def test_auto_play_only_a_forced_end():
    assert ui.auto_play_forced(GAME.parse_move("end"))
    assert not ui.auto_play_forced(GAME.parse_move("accept"))
    assert ui.tile_art().startswith("<svg") and 'aria-hidden="true"' in ui.tile_art()


def _verdict(state):
    html = render(state, None, can_act=False)
    found = re.search(r'<section class="ag-verdict"[^>]*data-how="(\w+)"><h3>([^<]*)</h3>(.*?)</section>', html)
    return found and (found.group(1), html_lib.unescape(found.group(2)),
                      [html_lib.unescape(line) for line in re.findall(r"<p>([^<]*)</p>", found.group(3))])


def _arrive(edition, partial):
    """`partial` on the board, its last letter placed by P1; P0 to move."""
    for seed in range(41, 80):
        state = new_state(2, edition, seed=seed)
        build_word(state, partial, "D4", "E")
        if state.to_move() == (0,):
            return state
    raise AssertionError("no seed leaves P0 to move")


@pytest.mark.parametrize("edition, partial, declared, answer, how, lines", [
    ("en", "CONCL", "CONCLUDING/CONCLUSION", "contradict CONCLAVE", "contradicted",
     ["CONCLAVE also starts with CONCL and is another word.",
      "The declaration is contradicted: P1 closes with CONCLAVE, +6; the declarer loses a letter."]),
    ("en", "ASCE", "ASCETICAL", "correct ASCESIS", "corrected",
     ["ASCESIS is a shorter word of the same family (7 letters).", "The declaration was corrected: +5 for P0."]),
    ("it", "TAPP", "TAPPO/TAPPARE", "accept", "declared",
     ["P0 ha dichiarato TAPPO e nessuno l'ha smentito: +4 a P0."]),
])
def test_a_declaration_ends_with_its_verdict_and_points_on_the_table(edition, partial, declared, answer, how, lines):
    state = _arrive(edition, partial)
    assert _verdict(state) is None
    play(state, 0, f"declare {declared}")
    play(state, 1, answer)
    title = ("Verdict on " if edition == "en" else "Verdetto su ") + partial
    assert _verdict(state) == (how, title, lines)


@pytest.mark.parametrize("answer, how, line", [
    ("say HOUSE", "revealed", "P{doubted} named HOUSE, a word in the dictionary: +4 for P{doubted};"
                              " the doubter loses a letter."),
    ("concede", "unproven", "P{doubted} had no word starting with HOUS and loses a letter;"
                            " P{doubter} suspends the word and starts a new one."),
])
def test_a_doubt_ends_with_its_verdict_on_the_table(answer, how, line):
    state, doubted, doubter = _arrive("en", "HOUS"), 1, 0
    play(state, doubter, "doubt")
    play(state, doubted, answer)
    assert _verdict(state) == (how, "Verdict on HOUS", [line.format(doubted=doubted, doubter=doubter)])
    if state.to_move() == (doubter if how == "revealed" else doubted,):  # the penalty
        play(state, state.to_move()[0], f"lose {state.racks[state.to_move()[0]][0]}")
    assert _verdict(state)[0] == how  # it stays while the next word is built


def test_a_reply_to_a_declaration_or_a_doubt_is_a_labelled_dialog():
    state = _arrive("en", "HOUS")
    play(state, 0, "declare HOUSE")
    html = render(state, 1)
    assert 'data-testid="ag-dialog-respond"' in html and 'aria-labelledby="ag-dialog-title"' in html
    assert 'id="ag-dialog-title">P0 declared HOUSE: contradict, correct or accept<' in html
    assert 'data-testid="input-contradict"' in html and 'data-testid="input-correct"' in html


def test_the_results_say_why_the_game_ended():
    import json
    import pathlib

    golden = pathlib.Path(__file__).with_name("golden_playthrough.json")
    final = json.loads(golden.read_text(encoding="utf-8"))["log"][-1]["view"]
    assert final["edition"] == "en"
    reason = ui.MESSAGES["en"]["alphagon.end." + final["end_reason"]]
    # in the edition's language, as all the game's texts
    assert ui.end_reason(final, Ctx(None)) == ui.end_reason(final, Ctx(None, lang="it")) == f"It ended because {reason}."
    final["edition"] = "it"
    assert ui.end_reason(final, Ctx(None)).startswith("È finita perché ")


# --- rules diagrams --------------------------------------------------------------------
def _catalog(language):
    return lambda key, **values: ui.MESSAGES[language][key].format(**values)


def _distance_to_start(state, cell):
    from ludoteca.games.alphagon import components as C

    (x, y), (sx, sy) = C.xy(cell), C.xy(state.trail[0])
    return abs(x - sx) + abs(y - sy)


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_polygon_diagrams_light_the_square_the_rules_choose_after_each_plus(language):
    from ludoteca.games.alphagon import components as C

    cells = {}
    for name in ui.DIAGRAMS:
        letters = ui.MESSAGES[language][f"alphagon.diagram.{name}.letters"]
        state = ui.diagram_state(letters)
        assert state.symbols == letters and state.symbols.endswith("+") and not state.is_terminal()
        target, heading = state.next_step()
        figure = ui.rules_diagram(name, _catalog(language))
        assert f'data-next="{C.cell_name(target)}"' in figure
        assert f'data-cell="{C.cell_name(target)}"><rect' in figure and ui.ARROWS[C.DIRECTION_NAMES[heading]] in figure
        at = state.trail[-1]
        closer = _distance_to_start(state, target) < _distance_to_start(state, at)
        if name == "level":  # on the start's row (4): the farther edge is south
            assert C.xy(at)[1] == C.xy(state.trail[0])[1] and C.DIRECTION_NAMES[heading] == "S"
        elif name == "away":
            assert state.sides < 4 and not closer
        else:
            assert state.sides >= 4 and closer
        cells[name] = state.trail
    # Each language spells its own words on the same squares.
    english = {name: ui.diagram_state(ui.MESSAGES["en"][f"alphagon.diagram.{name}.letters"]).trail for name in ui.DIAGRAMS}
    assert cells == english


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_diagram_words_are_words_of_the_pages_language(language):
    import pathlib

    from ludoteca.games.alphagon.dictionary import load

    root = pathlib.Path(__file__).resolve().parents[3]
    wordlist = load(language, (root / "web" / "words" / f"{language}.txt.gz").read_bytes())
    for name in ui.DIAGRAMS:
        words = [w for w in ui.MESSAGES[language][f"alphagon.diagram.{name}.letters"].split("+") if w]
        assert words and all(wordlist.is_word(word) and len(word) >= 4 for word in words), words
        if name != "level":  # the caption names the word the turn comes after
            assert words[-1] in ui.MESSAGES[language][f"alphagon.diagram.{name}"]


def test_a_diagram_is_a_picture_with_no_squares_to_tab_through_and_unknown_names_draw_nothing():
    figure = ui.rules_diagram("toward", lambda key, **values: key)  # no catalog: the English words
    assert figure.startswith('<figure class="ag-diagram"') and 'role="img"' in figure
    assert "tabindex" not in figure and 'role="button"' not in figure and figure.count("<rect x=") == 169
    assert ui.rules_diagram("no_such_picture", lambda key, **values: key) is None


def test_a_letter_that_ends_the_game_is_warned_in_the_prompt_and_on_its_square():
    from .helpers import set_trail

    state = new_state(2, seed=1)
    p = state.to_move()[0]
    set_trail(state, ["B4", "B3", "B2", "A2"], "+ABC", owner=p)  # A1 is the only way on, and a dead end
    state.current = p
    view = state.view(p)
    assert view["next_cell"] == "A1" and view["next_ends"] == {"letter": "blocked", "plus": "blocked", "plus_cell": "A1"}
    html = render(state, p)
    square = re.search(r'<g class="([^"]*)"[^>]*aria-label="([^"]*)"[^>]*data-cell="A1"', html)
    assert "ends" in square.group(1).split() and square.group(2) == "A1: the next letter goes here and ends the game"
    assert 'data-testid="warn-letter">A letter on A1 ends the game: the polygon cannot go on.<' in html
    assert ui.prompt(view, Ctx(p)).endswith("A letter on A1 ends the game: the polygon cannot go on.")
    state.passes = 1  # the other player passed: p may suspend the word, and its '+' would end the game too
    assert ('data-testid="warn-suspend">Suspending the word puts its + on A1 and ends the game:'
            ' the polygon cannot go on.<') in render(state, p)
    # where the polygon goes on, no warning
    state = new_state(2, seed=1)
    build_word(state, "CA", "D4", "E")
    p = state.to_move()[0]
    assert state.view(p)["next_ends"] == {"letter": None, "plus": None, "plus_cell": "G4"}
    assert "warn-" not in render(state, p) and " ends " not in render(state, p)


def _english(view):
    return ui.game_t(view, Ctx(None, lang="en"))


def test_the_prompt_offers_only_what_is_possible():
    state = new_state(2, seed=1)
    build_word(state, "CA", "D4", "E")
    p = state.to_move()[0]
    assert ui.prompt(state.view(p), Ctx(p)) == "Place a letter, doubt or pass"  # no declaring with 2 letters
    state = new_state(2, seed=1)
    build_word(state, "CAS", "D4", "E")
    p = state.to_move()[0]
    state.bonuses[p] = 1
    assert ui.prompt(state.view(p), Ctx(p)) == "Place a letter, declare it, doubt or pass"
    give(state, p, "E")
    play(state, p, f"place {state.view(p)['next_cell']} E")
    assert ui.prompt(state.view(p), Ctx(p)) == (
        "Place a second letter (a bonus), close the word, declare it or end your turn")
    state.bonuses[p] = 0
    assert ui.prompt(state.view(p), Ctx(p)) == "Close the word, declare it or end your turn"
    play(state, p, "close")
    q = state.to_move()[0]
    assert "close" not in ui.prompt(state.view(q), Ctx(q))  # nothing placed, no word to close


def test_changing_a_letter_is_one_compact_picker_that_says_what_it_costs():
    state = new_state(2, seed=1)
    build_word(state, "CA", "D4", "E")
    p = state.to_move()[0]
    letter = state.racks[p][0]
    html = render(state, p, selection=f"L:{letter}")
    assert f'data-arg="{p}:change ' not in html  # no button per letter of the sacks
    form = re.search(r'<form class="text-move ag-change"[^>]*data-move-prefix="(\d):change (\w) "(.*?)</form>', html)
    assert form and form.group(2) == letter
    options = re.findall(r'<option value="(\w)">', form.group(3))
    assert len(options) > 10
    assert ">Change it (costs a bonus)</button>" in form.group(3)
    give(state, p, "T")
    play(state, p, "place G4 T")
    after = render(state, p, selection=f"L:{state.racks[p][0]}")
    assert ">Change it (free now)</button>" in after


def test_a_syllable_that_reads_the_same_both_ways_is_printed_once():
    state = new_state(2, seed=1)
    p = state.to_move()[0]
    state.hands[p] = (27,)  # EE, among others
    html = render(state, p)
    assert "EE/EE" not in html and re.search(r'class="syl">[^<]*\bEE\b', html)


def test_rack_letters_take_the_arrow_keys_on_a_row_of_their_own_under_the_board():
    state = new_state(2, seed=1)
    build_word(state, "CA", "D4", "E")
    p = state.to_move()[0]
    html = render(state, p)
    board_rows = {int(y) for y in re.findall(r'data-nav="\d+,(\d+)" data-cell', html)}
    rack = re.findall(r'<button[^>]*data-nav="(\d+),(\d+)"[^>]*data-testid="rack-\d"', html)
    assert len(rack) == len(state.racks[p]) and len({y for _, y in rack}) == 1
    assert int(rack[0][1]) > max(board_rows)
    xs = [int(x) for x, _ in rack]
    assert xs == sorted(xs) and len(set(xs)) == len(xs)


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_rules_page_shows_a_shape_found_at_the_end_of_the_polygon(language):
    from ludoteca.games.alphagon import components as C

    letters = ui.MESSAGES[language]["alphagon.diagram.shape.letters"]
    state = ui.diagram_state(letters)
    figure = ui.rules_diagram("shape", _catalog(language))
    cells = re.search(r'data-cells="([^"]*)"', figure).group(1).split()
    assert cells == [C.cell_name(c) for c in state.trail[-5:]] and cells[0] in figure and cells[-1] in figure
    # the card drawn beside it has the shapes of the polygon's last 4 and 5 squares, so the shape is found
    red = [(int(x) // 6, int(y) // 6) for x, y in re.findall(
        r'<rect class="red" x="(\d+)" y="(\d+)"', figure)]
    blue = [(int(x) // 6, int(y) // 6) for x, y in re.findall(r'<rect class="blue" x="(\d+)" y="(\d+)"', figure)]
    assert state.shape_matches(tuple(sorted(red)), tuple(sorted(blue)))
    assert len(set(blue)) == 5 and len({x for x, _ in blue}) > 1 and len({y for _, y in blue}) > 1  # it turns
    rules = pathlib.Path(ui.__file__).with_name("RULES.md" if language == "en" else "RULES.it.md")
    assert "[[diagram shape]]" in rules.read_text(encoding="utf-8")
