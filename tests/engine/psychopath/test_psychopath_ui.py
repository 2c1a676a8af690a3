"""The table markup, log lines and messages, under CPython."""

import re
import string
from dataclasses import dataclass, field
from typing import Optional

from ludoteca.core.match import Entry, Seat
from ludoteca.games import psychopath
from ludoteca.games.game_ui import RenderContext
from ludoteca.games.psychopath import ui
from ludoteca.games.psychopath.board import BOARD
from ludoteca.games.psychopath.rules import GAME, Resurrect, Step

from .helpers import new_state, position

from ..log_lines import log_text, marks_of


@dataclass
class Ctx:
    viewer: Optional[int] = 0
    can_act: bool = True
    animate: bool = False
    selection: Optional[str] = None
    options: dict = field(default_factory=dict)
    lang: str = "en"
    fresh: list = field(default_factory=list)
    seats: list = field(default_factory=lambda: [Seat("Ada", color="#f2efe6"), Seat("Bea", color="#30343f")])
    moves_drawn: int = 0
    animation_mark = RenderContext.animation_mark

    def t(self, key, **values):
        text = ui.MESSAGES[self.lang].get(key, key)
        return text.format(**values) if values else text


def actions(markup: str, kind: str) -> list:
    return re.findall(rf'data-action="{kind}" data-arg="([^"]*)"', markup)


def test_every_node_is_focusable_with_a_position_and_a_label():
    markup = ui.render_table(new_state().view(0), Ctx())
    spots = re.findall(r'<g class="spot(?: named)?" tabindex="0" role="button" aria-label="([^"]+)" data-nav="([\d.]+),([\d.]+)"',
                       markup)
    assert len(spots) == BOARD.size
    labels = [label for label, _, _ in spots]
    assert any("Ada" in label and "doctor" in label for label in labels)
    assert any("Bea" in label and "psychopath" in label for label in labels)
    for _, x, y in spots:
        assert 0 <= float(x) <= ui.SIZE and 0 <= float(y) <= ui.SIZE


def test_unselected_board_offers_piece_selection_but_no_move_buttons():
    state = new_state()
    markup = ui.render_table(state.view(0), Ctx())
    assert actions(markup, "move") == []
    movable = {move.source for move in state.legal_moves(0)}
    assert set(actions(markup, "select")) >= {f"n{node}" for node in movable}


def test_selected_piece_shows_a_move_button_for_every_legal_destination():
    state = new_state()
    for source in {move.source for move in state.legal_moves(0)}:
        markup = ui.render_table(state.view(0), Ctx(selection=f"n{source}"))
        wanted = {f"0:m {source} {move.target}" for move in state.legal_moves(0) if move.source == source}
        assert set(actions(markup, "move")) == wanted
        for arg in wanted:
            assert GAME.parse_move(arg.split(":", 1)[1]) in state.legal_moves(0)
        # clicking the selected piece again clears the selection
        assert 'data-action="select" data-arg=""' in markup


def test_no_moves_offered_to_a_viewer_who_cannot_act():
    state = new_state()
    for ctx in (Ctx(viewer=1, selection="n31"), Ctx(can_act=False, selection="n31"), Ctx(viewer=None)):
        markup = ui.render_table(state.view(ctx.viewer), ctx)
        assert actions(markup, "move") == []


def test_board_turns_for_player_2_so_its_army_is_at_the_bottom():
    state = new_state()
    for viewer in (0, 1):
        markup = ui.render_table(state.view(viewer), Ctx(viewer=viewer))
        own = [node for node, piece in enumerate(state.view(0)["pieces"]) if piece and piece[0] == viewer]
        ys = [float(re.search(rf'data-nav="[\d.]+,([\d.]+)"[^>]*data-testid="node-{node}"', markup).group(1))
              for node in own]
        assert all(y > ui.CENTRE for y in ys)


def test_paths_are_drawn_as_arcs_lines_and_the_border_circle():
    markup = ui.render_table(new_state().view(0), Ctx())
    assert markup.count('<circle class="path border"') == 1
    assert markup.count('<line class="path"') == 3
    assert len(re.findall(r'<path class="path" d="M[\d.]+ [\d.]+A', markup)) == 12


def test_arcs_bend_through_their_nodes():
    # every node of a geodesic lies on the drawn arc's circle, on the short side
    for path in range(len(BOARD.paths)):
        if BOARD.cyclic[path] or BOARD.chords[path][1] - BOARD.chords[path][0] == 12:
            continue
        d = re.search(r'd="M([\d.]+) ([\d.]+)A([\d.]+) [\d.]+ 0 0 (\d) ([\d.]+) ([\d.]+)"', ui.path_markup(path, False))
        x1, y1, r, sweep, x2, y2 = (float(v) for v in d.groups())
        for node in BOARD.paths[path][1:-1]:
            nx, ny = ui.node_xy(node, False)
            # the node lies on the side of the chord the sweep flag picks
            cross = (x2 - x1) * (ny - y1) - (y2 - y1) * (nx - x1)
            assert (cross < 0) == (sweep == 1), (path, node)


def test_pieces_differ_by_shape_and_the_second_player_by_an_inner_ring():
    markup = ui.render_table(new_state().view(0), Ctx())
    for kind in ui.KINDS:
        assert f'data-kind="{kind}" data-owner="0"' in markup and f'data-kind="{kind}" data-owner="1"' in markup
    first = ui.piece_shape("doctor", 0, 10, 10, "#ffffff")
    second = ui.piece_shape("doctor", 1, 10, 10, "#ffffff")
    assert "ring2" not in first and "ring2" in second
    shapes = {kind: re.search(r"<(\w+) class=\"piece\"", ui.piece_shape(kind, 0, 10, 10, "#fff")).group(1)
              for kind in ui.KINDS}
    assert shapes["psychologist"] == "circle" and shapes["doctor"] == "rect"
    assert len({ui.piece_shape(kind, 0, 0, 0, "#fff").split("glyph")[1] for kind in ui.KINDS}) == 4


def test_last_move_is_marked():
    state = new_state()
    state.apply(0, Step(31, 32))
    markup = ui.render_table(state.view(1), Ctx(viewer=1))
    assert 'class="last-from"' in markup and 'class="last-to"' in markup


def test_every_node_carries_its_number_for_the_pointer_the_focus_and_the_hints():
    state = new_state()
    markup = ui.render_table(state.view(0), Ctx(viewer=0))
    numbers = re.findall(r'<text class="node-no" x="[\d.]+" y="[\d.]+"(?: text-anchor="end")? aria-hidden="true">(\d+)</text></g>', markup)
    assert sorted(map(int, numbers)) == list(range(BOARD.size))  # each inside its node's focusable group
    assert 'class="psy-board psy-table"' in markup
    assert 'class="psy-board psy-table numbered"' in ui.render_table(state.view(0), Ctx(viewer=0, options={"hints": "on"}))


def test_hints_toggle_shows_paralysed_pieces_and_threatened_nodes():
    state = position({2: "D1", 17: "S0", 1: "D0", 33: "D0", 20: "I0", 49: "P0", 45: "P1"}, turn=1)
    plain = ui.render_table(state.view(1), Ctx(viewer=1))
    assert 'data-hint="paralysed"' not in plain and 'data-hint="threatened"' not in plain
    assert actions(plain, "option") == ["hints=on"]
    shown = ui.render_table(state.view(1), Ctx(viewer=1, options={"hints": "on"}))
    assert 'data-hint="paralysed"' in shown and 'data-hint="threatened"' in shown
    assert actions(shown, "option") == ["hints="]
    # the hints are not part of the selection: picking a piece leaves them alone
    assert 'data-action="select" data-arg="n2"' in shown
    both = ui.render_table(state.view(1), Ctx(viewer=1, selection="n2", options={"hints": "on"}))
    assert actions(both, "move") and 'data-hint="paralysed"' in both


def test_hints_stay_on_through_moves_and_redraws_until_another_game_opens():
    from ludoteca.core.match import HUMAN

    from ..app.fake_browser import make_app

    app, browser = make_app()
    app.navigate("#/new/psychopath")
    app.dispatch("field", "seat.1.kind=ai")
    app.dispatch("field", "seat.1.level=easy")
    app.dispatch("field", "seed=3")
    app.dispatch("pref", "pace=fast")
    app.dispatch("start")
    browser.run_pending()
    first_game = app.save_id
    hints_on = 'aria-pressed="true" data-testid="hints"'
    assert hints_on not in browser.html
    app.dispatch("option", "hints=on")
    assert hints_on in browser.html
    for _ in range(3):  # a human move, the AI's answer, and the redraws after each
        human = next(p for p in app.match.state.to_move() if app.match.seats[p].kind == HUMAN)
        app.dispatch("move", f"{human}:{app.match.state.legal_moves(human).texts()[0]}")
        assert hints_on in browser.html
        browser.run_pending()
        app.render()
        assert hints_on in browser.html
    app.dispatch("option", "hints=")
    assert hints_on not in browser.html and 'data-arg="hints=on"' in browser.html
    app.dispatch("option", "hints=on")
    app.navigate("#/new/psychopath")
    app.dispatch("start")
    browser.run_pending()
    assert app.save_id != first_game and hints_on not in browser.html


def test_captures_and_resurrections_animate_only_when_asked():
    state = position({13: "S1", 1: "D0", 33: "D0", 34: "I0", 49: "P0", 45: "P1"})
    state.apply(0, Step(34, 20))
    state.apply(0, Resurrect("doctor"))
    entry = Entry(0, Resurrect("doctor"))
    still = ui.render_table(state.view(1), Ctx(viewer=1, fresh=[entry]))
    assert 'class="psy-anim' not in still
    moving = ui.render_table(state.view(1), Ctx(viewer=1, fresh=[entry], animate=True, moves_drawn=2))
    assert 'class="psy-anim-rise" data-anim="2"' in moving  # marked: web/morph.mjs replays it (a new element)
    state = position({13: "I0", 1: "D1", 33: "D1", 34: "I1", 49: "P0", 45: "P1"}, turn=1)
    state.apply(1, Step(34, 20))
    moving = ui.render_table(state.view(0), Ctx(viewer=0, fresh=[Entry(1, Step(34, 20))], animate=True, moves_drawn=5))
    assert 'class="psy-anim-capture" data-anim="5"' in moving
    assert 'class="psy-anim' not in ui.render_table(state.view(0), Ctx(viewer=0, fresh=[], animate=True))


def test_resurrection_choices_are_buttons():
    state = position({13: "S1", 1: "D0", 33: "D0", 34: "I0", 49: "P0", 45: "P1"})
    state.apply(0, Step(34, 20))
    markup = ui.render_table(state.view(0), Ctx())
    assert set(actions(markup, "move")) == {"0:r psychologist", "0:r informer", "0:r doctor"}
    assert "bring back" in ui.prompt(state.view(0), Ctx()).lower() or "13" in ui.prompt(state.view(0), Ctx())
    assert ui.auto_play_forced(Resurrect("doctor")) and not ui.auto_play_forced(Step(1, 0))


def test_messages_exist_in_english_and_italian_with_the_same_keys_and_fields():
    en, it = ui.MESSAGES["en"], ui.MESSAGES["it"]
    assert set(en) == set(it)
    fields = lambda text: {name for _, name, _, _ in string.Formatter().parse(text) if name}
    for key in en:
        assert fields(en[key]) == fields(it[key]), key
        assert en[key] and it[key]
    assert set(psychopath.TITLE) == set(psychopath.BLURB) == {"en", "it"}


def test_every_error_code_the_engine_raises_has_a_message():
    source = open(ui.__file__.replace("ui.py", "rules.py"), encoding="utf-8").read()
    codes = set(re.findall(r'"(psychopath\.[a-z_]+)"', source))
    assert codes
    for code in codes:
        assert f"error.{code}" in ui.MESSAGES["en"], code


def test_labels_and_prompts_read_in_both_languages():
    state = new_state()
    for lang, word in (("en", "doctor"), ("it", "dottore")):
        ctx = Ctx(lang=lang)
        markup = ui.render_table(state.view(0), ctx)
        assert word in markup
        assert ui.prompt(state.view(0), ctx)
    assert ui.prompt(state.view(0), Ctx(lang="it")) == "Scegli uno dei tuoi pezzi"


def test_log_lines_name_the_piece_and_the_captures():
    state = position({13: "I0", 1: "D1", 33: "D1", 34: "I1", 49: "P0", 45: "P1"}, turn=1)
    t = Ctx().t
    line = log_text(ui, Entry(1, Step(34, 20)), ["Ada", "Bea"], t, state, 0)
    assert line == "Bea: informer 34 → 20 · captures informer (13)"
    italian = log_text(ui, Entry(1, Step(34, 20)), ["Ada", "Bea"], Ctx(lang="it").t, state, 0)
    assert "informatore" in italian and "cattura" in italian


def test_panel_and_private_content():
    view = new_state().view(0)
    assert ui.panel_detail(view, 0, Ctx().t) == "13 on the board"
    assert ui.private_content(view) is False
    state = position({13: "I0", 49: "P0", 45: "P1"})
    assert "lost" in ui.panel_detail(state.view(0), 0, Ctx().t)


# --- rules diagrams ------------------------------------------------------------------------
def _diagram_marks(name: str) -> tuple:
    markup = ui.render_diagram(name, lambda key, **values: key)
    rings = {int(n) for n in re.findall(r'class="dest"[^>]*data-node="(\d+)"', markup)}
    captured = {int(n) for n in re.findall(r'data-captured="(\d+)"', markup)}
    return markup, rings, captured


def test_the_move_diagrams_ring_what_the_engine_allows_in_the_rulebooks_examples():
    # the same targets as test_psychopath_examples.py asserts for the same positions
    assert _diagram_marks("moves")[1] == {2, 37, 3, 15, 41, 6, 18, 53, 1, 4, 16, 45}
    assert _diagram_marks("paralysis")[1] == {14, 37, 0, 5}
    assert _diagram_marks("parley")[1] == {14, 0, 5, 8, 20, 34, 9, 23, 40}


def test_the_capture_diagrams_cross_out_exactly_what_the_move_captures():
    east, next_up = BOARD.border_point_node[0], BOARD.border_point_node[1]
    assert _diagram_marks("capture")[2] == {13}
    assert _diagram_marks("border")[2] == {east, next_up}
    markup, _, captured = _diagram_marks("border_safe")
    assert captured == set() and 'class="last-to"' in markup and 'class="diagram-arrow"' in markup


def test_the_start_diagram_shows_the_starting_army_of_each_side():
    markup = _diagram_marks("start")[0]
    for owner in (0, 1):
        assert len(re.findall(f'data-owner="{owner}"', markup)) == 13


def test_every_diagram_the_rules_name_is_drawn_with_a_caption_in_both_languages():
    from ludoteca.games.registry import read_game_text

    for language in ("en", "it"):
        named = re.findall(r"^\[\[diagram (\w+)\]\]$", read_game_text("psychopath", "RULES.md", language), re.M)
        assert sorted(named) == sorted(ui.DIAGRAMS)
        for name in named:
            caption = ui.MESSAGES[language][f"psychopath.diagram.{name}"]
            figure = ui.rules_diagram(name, lambda key, **values: ui.MESSAGES[language][key])
            assert f"<figcaption>{caption}</figcaption>" in figure.replace("&#x27;", "'")
            assert f'aria-label="{caption}"'.replace("'", "&#x27;") in figure
    assert ui.rules_diagram("no_such_picture", str) is None


def test_the_results_say_who_captured_the_psychopath():
    state = position({13: "P0", 1: "D1", 33: "D1", 34: "I1", 45: "P1"}, turn=1)
    state.apply(1, Step(34, 20))
    assert state.is_terminal()
    assert ui.end_reason(state.view(None), Ctx()) == "Bea captured the psychopath"
    assert ui.end_reason(state.view(None), Ctx(lang="it")) == "Bea ha catturato lo psicopatico"


def node_labels(markup: str) -> dict:
    return {int(node): label for label, node in
            re.findall(r'<g class="spot[^"]*"[^>]* aria-label="([^"]+)"[^>]* data-testid="node-(\d+)"', markup)}


def test_node_labels_read_as_a_sentence_in_english_and_italian():
    state = new_state()
    occupied_special = next(node for node in sorted(BOARD.special) if state.view(0)["pieces"][node] is not None)
    empty_plain = next(node for node in range(BOARD.size) if node not in BOARD.special and node != BOARD.centre
                       and state.view(0)["pieces"][node] is None)
    plain_piece = next(node for node in range(BOARD.size) if node not in BOARD.special and node != BOARD.centre
                       and state.view(0)["pieces"][node] is not None)
    for lang in ("en", "it"):
        labels = node_labels(ui.render_table(state.view(0), Ctx(lang=lang)))
        assert len(labels) == BOARD.size
        for label in labels.values():  # "Node centre node 0" once: one place word, one number
            assert len(re.findall(r"\b(?:[Nn]ode|[Nn]odo)\b", label)) == 1, label
            assert len(re.findall(r"\d+", label.split(":")[0])) == 1, label
            assert label[0].isupper(), label
        pieces = state.view(0)["pieces"]
        owner, kind = pieces[plain_piece]
        kind_word = ui.MESSAGES[lang][f"psychopath.kind.{kind}"]
        name = Ctx().seats[owner].name
        if lang == "en":
            assert labels[BOARD.centre] == f"Centre node {BOARD.centre}, empty" or \
                labels[BOARD.centre].startswith(f"Centre node {BOARD.centre}: ")
            assert labels[empty_plain] == f"Node {empty_plain}, empty"
            assert labels[plain_piece] == f"Node {plain_piece}: {name}'s {kind_word}".replace("'", "&#x27;")
            assert labels[occupied_special].startswith(f"Special node {occupied_special}: ")
        else:
            assert labels[BOARD.centre] == f"Nodo centrale {BOARD.centre}, libero" or \
                labels[BOARD.centre].startswith(f"Nodo centrale {BOARD.centre}: ")
            assert labels[empty_plain] == f"Nodo {empty_plain}, libero"
            assert labels[plain_piece] == f"Nodo {plain_piece}: {kind_word} di {name}"
            assert labels[occupied_special].startswith(f"Nodo speciale {occupied_special}: ")


def test_a_log_line_names_its_nodes_for_the_board_to_mark():
    state = position({13: "I0", 1: "D1", 33: "D1", 34: "I1", 49: "P0", 45: "P1"}, turn=1)
    assert marks_of(ui, Entry(1, Step(34, 20)), state) == ["node-34", "node-20", "node-13"]  # "captures informer (13)"
    assert marks_of(ui, Entry(0, Step(31, 32)), new_state()) == ["node-31", "node-32"]


def test_the_last_move_s_nodes_always_show_their_numbers():
    state = new_state()
    markup = ui.render_table(state.view(1), Ctx(viewer=1))
    assert ' named"' not in markup
    state.apply(0, Step(31, 32))
    named = re.findall(r'<g class="spot named"[^>]* data-testid="node-(\d+)"', ui.render_table(state.view(1), Ctx(viewer=1)))
    assert sorted(map(int, named)) == [31, 32]
