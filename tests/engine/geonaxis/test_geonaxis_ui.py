"""The table markup under CPython: the hex board, the choose/reveal phases,
secrecy in the markup and the log, accessibility hooks and the messages."""

import re
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field
from types import SimpleNamespace

from ludoteca.core.match import Entry
from ludoteca.games.geonaxis import ui
from ludoteca.games.geonaxis.rules import GAME, POINT_UNIT, TIMEOUT, Challenge, Propose, Stone, Tile

from .helpers import new_state, play_round, position, ring, with_agreement
from ..log_lines import log_text

COLOURS = ["#2b6cb0", "#c53030", "#2f855a", "#b7791f", "#6b46c1", "#319795"]


def translate(key, **values):
    text = ui.MESSAGES["en"][key]
    return text.format(**values)


@dataclass
class Ctx:
    viewer: object = 0
    can_act: bool = True
    animate: bool = False
    selection: object = None
    players: int = 2
    fresh: list = field(default_factory=list)
    lang: str = "en"
    keep_passing: bool = True  # as the app's RenderContext: the screen offers Keep passing

    def __post_init__(self):
        self.t = translate
        self.seats = [SimpleNamespace(name=f"P{p + 1}", color=COLOURS[p], kind="human")
                      for p in range(self.players)]

    def seat_class(self, player):  # as the app's RenderContext gives it
        return f"seat-c{player}"


def svg_of(markup: str):
    svg = markup[markup.index("<svg"):markup.index("</svg>") + len("</svg>")]  # after the zoom buttons
    return ElementTree.fromstring(svg)


def test_the_board_is_an_svg_whose_viewbox_follows_the_tiles():
    state = new_state(2)
    small = svg_of(ui.render_table(state.view(0), Ctx()))
    play_round(state, {0: Tile(1, 0)})
    large = svg_of(ui.render_table(state.view(0), Ctx()))
    width = lambda svg: float(svg.get("viewBox").split()[2])  # noqa: E731
    assert width(large) > width(small) * 1.4
    assert len(large.findall(".//{*}polygon")) == 38
    assert large.get("data-fit") == large.get("viewBox") and large.get("data-pan-zoom") is not None


def test_every_cell_is_focusable_with_nav_and_a_label():
    markup = ui.render_table(new_state(2).view(0), Ctx())
    cells = re.findall(r'<g class="cell[^"]*"[^>]*>', markup)
    assert len(cells) == 19
    for cell in cells:
        assert 'tabindex="0"' in cell and 'role="button"' in cell
        assert re.search(r'data-nav="-?[\d.]+,-?[\d.]+"', cell) and "aria-label=" in cell


def test_clicking_a_cell_submits_a_legal_stone_and_pass_is_a_button():
    state = new_state(2)
    markup = ui.render_table(state.view(0), Ctx())
    args = re.findall(r'data-action="move" data-arg="(\d):([^"]+)"', markup)
    assert ("0", "s 0 0") in args and ("0", "pass") in args
    for player, text in args:
        assert state.is_legal(int(player), GAME.parse_move(text))


def test_selecting_the_tile_shows_its_spots_as_outlines():
    state = new_state(2)
    markup = ui.render_table(state.view(0), Ctx())
    assert 'data-action="select" data-arg="tile"' in markup and "tile-spot" not in markup
    markup = ui.render_table(state.view(0), Ctx(selection="tile"))
    spots = re.findall(r'data-testid="spot-(-?\d+)-(-?\d+)"', markup)
    assert len(spots) == 6
    assert 'data-arg="0:t 1 0"' in markup
    assert 'data-action="move" data-arg="0:s' not in markup  # cells wait while a tile is selected
    # Each spot: one marker at its centre, and its tile as a preview the style shows on hover or focus.
    for body in re.findall(r'<g class="tile-spot"[^>]*>(.*?)</g></g>', markup):
        assert body.count('class="spot-mark"') == 1 and body.startswith('<g class="spot-preview">')
        assert body.count("<polygon") == 19
    assert "marked +" in ui.prompt(state.view(0), Ctx(selection="tile"))  # the words match the markers


def test_the_pending_choice_is_shown_only_to_its_owner():
    state = new_state(2)
    state.apply(0, Stone(1, 0))
    mine = ui.render_table(state.view(0), Ctx(viewer=0, can_act=False))
    theirs = ui.render_table(state.view(1), Ctx(viewer=1))
    assert 'data-testid="pending"' in mine and "stone 1,0" in mine
    public = r'data-[a-z]+="[^"]*"|aria-label="[^"]*"|<text class="cell-no"[^<]*</text>'  # every cell's own name
    assert 'data-testid="pending"' not in theirs and "1,0" not in re.sub(public, "", theirs)
    assert ui.private_content(state.view(0)) and ui.private_content(state.view(1))
    assert not ui.private_content(state.view(None))


def test_the_reveal_marks_placements_collisions_and_captures():
    state = position({(2, 0): 1, (2, -1): 0, (1, 1): 0}, players=3)
    play_round(state, {0: Stone(1, 0), 1: Stone(-1, 0), 2: Stone(-1, 0)})
    markup = ui.render_table(state.view(2), Ctx(viewer=2, players=3))
    assert 'data-testid="collision--1-0"' in markup and 'data-testid="captured-2-0"' in markup
    assert 'class="stone fresh"' in markup and " anim" not in markup
    animated = ui.render_table(state.view(2), Ctx(viewer=2, players=3, animate=True))
    assert "stone fresh anim" in animated and "collision anim" in animated


def test_the_stones_of_the_round_just_revealed_stay_marked_until_the_next_reveal():
    state = position({(2, 0): 1}, players=2)
    play_round(state, {0: Stone(1, 0), 1: Stone(-1, 1)})
    markup = ui.render_table(state.view(0), Ctx(viewer=0))
    assert sorted(re.findall(r'data-testid="last-(-?\d+)-(-?\d+)"', markup)) == [("-1", "1"), ("1", "0")]
    assert "Cell 1,0: stone of P1, placed last round" in markup
    assert "Cell 2,0: stone of P2\"" in markup  # an older stone is not marked
    play_round(state, {0: Stone(0, 2)})  # the other player passes
    markup = ui.render_table(state.view(1), Ctx(viewer=1))
    assert re.findall(r'data-testid="last-(-?\d+)-(-?\d+)"', markup) == [("0", "2")]


def test_territories_are_shaded_at_the_end():
    state = position({cell: 0 for cell in ring((0, 0))})
    assert "territory" not in ui.render_table(state.view(0), Ctx())
    play_round(state, {})
    markup = ui.render_table(state.view(0), Ctx(can_act=False))
    assert markup.count('class="cell territory seat-c0"') == 13  # shaded in its owner's colour
    assert "Final credits" in ui.prompt(state.view(0), Ctx(can_act=False))


def test_protected_areas_show_their_public_number_and_funds_are_always_visible():
    state = position({cell: (0 if i < 6 else 1) for i, cell in enumerate(ring((0, 0), 2))}, players=3)
    with_agreement(state, [(0, 0)] + ring((0, 0)), (0, 1), 3, {0: (3, 0), 1: (0, 3)})
    outsider = ui.render_table(state.view(2), Ctx(viewer=2, players=3))
    assert '<text class="fund-label"' in outsider and ">6</text>" in outsider
    assert "public 6, 6 cards" in outsider and "your stake" not in outsider
    member = ui.render_table(state.view(1), Ctx(viewer=1, players=3))
    assert "your stake 0 + 3 jokers" in member
    assert "Pot 30" in outsider
    assert ui.panel_detail(state.view(2), 1, translate).startswith("10 credits")
    assert "10 not staked" not in ui.panel_detail(state.view(2), 1, translate)
    assert "7 not staked" in ui.panel_detail(state.view(0), 0, translate)


def test_challenging_selects_a_wager_then_a_protected_cell():
    state = position({cell: (0 if i < 6 else 1) for i, cell in enumerate(ring((0, 0), 2))}, players=3)
    with_agreement(state, [(0, 0)] + ring((0, 0)), (0, 1), 3, {0: (3, 0), 1: (3, 0)})
    markup = ui.render_table(state.view(2), Ctx(viewer=2, players=3))
    assert 'data-arg="challenge:7"' in markup
    markup = ui.render_table(state.view(2), Ctx(viewer=2, players=3, selection="challenge:7"))
    args = re.findall(r'data-arg="2:(challenge [^"]+)"', markup)
    assert len(args) == 7
    assert all(state.is_legal(2, GAME.parse_move(text)) for text in args)


def test_each_area_offers_its_wagers_in_one_row_of_small_buttons_named_in_full():
    state = position({cell: (0 if i < 6 else 1) for i, cell in enumerate(ring((0, 0), 2))}, players=3)
    with_agreement(state, [(0, 0)] + ring((0, 0)), (0, 1), 3, {0: (3, 0), 1: (3, 0)})
    markup = ui.render_controls(state.view(2), Ctx(viewer=2, players=3))
    rows = re.findall(r'<div class="gx-choice-row" role="group" aria-label="([^"]+)">(.*?)</div>', markup)
    challenge_rows = [(label, body) for label, body in rows if label.startswith("Challenge")]
    assert len(challenge_rows) == 1
    label, body = challenge_rows[0]
    buttons = re.findall(r'<button[^>]*aria-label="([^"]+)">([^<]+)</button>', body)
    # the least (R12), the least that beats an honest pile (the public number 6 + 1), the whole hand
    assert [shown for _, shown in buttons] == ["1", "7", "10"]
    assert all(name.endswith(f" with {shown}") and shown in name for name, shown in buttons)


def test_agreement_decisions_offer_stakes_bluffs_and_a_typed_wager():
    state = position({cell: (0 if i < 6 else 1) for i, cell in enumerate(ring((0, 0), 2))})
    play_round(state, {0: Propose(-1, 0, 2)})
    markup = ui.render_table(state.view(1), Ctx(viewer=1))
    assert 'data-arg="1:wager 2 0"' in markup and 'data-arg="1:wager 0 2"' in markup
    assert 'data-arg="1:decline"' in markup
    assert 'class="text-move gx-typed" data-move-prefix="1:wager "' in markup and 'name="text"' in markup
    assert "may protect" in ui.prompt(state.view(1), Ctx(viewer=1))


def test_the_log_hides_other_players_submissions_until_the_reveal():
    state = new_state(3)
    names = ["Ann", "Bob", "Cy"]
    before = state.clone()
    state.apply(0, Stone(0, 0))
    entry = Entry(0, Stone(0, 0))
    assert log_text(ui, entry, names, translate, before, viewer=1) == "Ann has chosen"
    assert "0,0" in log_text(ui, entry, names, translate, before, viewer=0)
    state.apply(1, TIMEOUT)
    before = state.clone()
    last = Entry(2, Challenge(1, 1, 4))
    line = log_text(ui, last, names, translate, before, viewer=1)
    assert "Round 1 revealed" in line and "Ann: stone 0,0" in line and "Bob: out of time" in line


def test_the_log_of_an_agreement_never_shows_stakes():
    state = position({cell: (0 if i < 6 else 1) for i, cell in enumerate(ring((0, 0), 2))})
    play_round(state, {0: Propose(-1, 0, 2)})
    state.apply(0, GAME.parse_move("wager 7 3"))
    before = state.clone()
    line = log_text(ui, Entry(1, GAME.parse_move("wager 1 4")), ["Ann", "Bob"], translate, before, viewer=None)
    assert "Ann accepts" in line and "Bob accepts" in line and "7" not in line and "4" not in line


def test_messages_exist_in_english_and_italian_with_the_same_keys_and_cover_every_error_code():
    english, italian = ui.MESSAGES["en"], ui.MESSAGES["it"]
    assert set(english) == set(italian)
    assert all(english[key] != italian[key] or key in ("game.geonaxis.title", "geonaxis.log.move") for key in english
               if not key.startswith("geonaxis.variant.rounds."))
    import pathlib
    source = (pathlib.Path(ui.__file__).with_name("rules.py")).read_text(encoding="utf-8")
    codes = set(re.findall(r'return \("([a-z_]+)", ', source)) | {"not_your_turn", "bad_state", "bad_move"}
    for code in codes:
        assert f"error.geonaxis.{code}" in english, code
    for key, text in english.items():
        assert set(re.findall(r"{(\w+)}", text)) == set(re.findall(r"{(\w+)}", italian[key])), key


def test_the_results_say_how_the_game_ended():
    from ludoteca.games.geonaxis.rules import PASS

    passed = new_state(2)
    play_round(passed, {0: PASS, 1: PASS})
    assert ui.end_reason(passed.view(None), Ctx()) == "Everyone passed in the same round."
    limited = new_state(2, rounds=60)
    for _ in range(60):  # a timeout is not a pass, so only the round limit ends this game
        play_round(limited, {0: TIMEOUT})
    assert limited.is_terminal()
    assert ui.end_reason(limited.view(None), Ctx()) == "The last of the 60 rounds was played."


def test_every_cell_carries_its_name_as_the_log_writes_it():
    state = new_state(2)
    play_round(state, {0: Stone(0, -1), 1: Stone(1, 0)})
    markup = ui.render_table(state.view(0), Ctx())
    for q, r in state.table.cells:
        assert re.search(rf'data-testid="cell-{q}-{r}".*?<text class="cell-no"[^>]*aria-hidden="true">{q},{r}</text></g>',
                         markup), (q, r)
    entry = Entry(0, GAME.parse_move("s 0 -1"), [])
    assert "0,-1" in log_text(ui, entry, ["Ann", "Bob"], translate, state, viewer=0)


def test_a_cell_name_fits_inside_its_hexagon_on_the_largest_table():
    # The name was 9 units high whatever its length: "-3,-4" spilled over two cells.
    state = new_state(6, table="7")
    names = re.findall(r'<text class="cell-no"[^>]*font-size="([0-9.]+)"[^>]*>([^<]+)</text>',
                       ui.render_table(state.view(0), Ctx(players=6)))
    assert len(names) == len(state.table.cells)
    hexagon_width = 3 ** 0.5 * ui.SIZE
    for size, name in names:
        assert 0.6 * float(size) * len(name) <= 0.9 * hexagon_width, name
    assert max(len(name) for _, name in names) >= 5  # some names are long ones


# --- rules diagrams --------------------------------------------------------------------
def test_the_rules_diagrams_are_games_played_by_the_rules_and_show_what_their_captions_say():
    collision = ui.render_diagram("collision", translate)
    assert re.findall(r'data-testid="collision-([^"]+)"', collision) == ["0-0"] and 'class="stone' not in collision
    capture = ui.render_diagram("capture", translate)
    assert re.findall(r'data-testid="captured-([^"]+)"', capture) == ["2-0"] and 'class="cross"' in capture
    assert ui.diagram_state("capture").prisoners == [0, POINT_UNIT]  # black took the white stone
    score = ui.diagram_state("score")
    assert score.is_terminal() and score.final["points"] == [int(5.5 * POINT_UNIT)] * 2
    markup = ui.render_diagram("score", translate)
    assert markup.count("owners-2") == 5 and markup.count("owners-1 owner-0") == 3 and markup.count("owners-1 owner-1") == 3


def test_every_diagram_has_a_caption_in_both_languages_and_unknown_names_draw_nothing():
    for name in ui.DIAGRAM_ROUNDS:
        for language in ("en", "it"):
            caption = ui.MESSAGES[language][f"geonaxis.diagram.{name}"]
            figure = ui.rules_diagram(name, lambda key, **values: ui.MESSAGES[language][key])
            assert figure.startswith("<figure") and "figcaption>" in figure and caption[:20] in figure.replace("&#x27;", "'")
    assert ui.rules_diagram("no_such_picture", translate) is None


# --- agreements on the board ---------------------------------------------------------
def two_offered_areas():
    """Two single free cells, (1, 0) and (-1, 0), each enclosed by P1's centre stone and P2's ring."""
    state = position({cell: (0 if i < 6 else 1) for i, cell in enumerate(ring((0, 0), 2))}, players=2)
    state.stones.update({cell: 1 for cell in ring((0, 0)) if cell not in ((1, 0), (-1, 0))})
    state.stones[(0, 0)] = 0
    return state


def test_each_area_on_offer_is_named_by_a_letter_drawn_on_its_cells():
    state = two_offered_areas()
    view = state.view(0)
    proposals = view["legal"]["proposals"]
    assert len(proposals) >= 2
    markup = ui.render_table(view, Ctx())
    labels = re.findall(r'<div class="gx-choice-row" role="group" aria-label="(Protect[^"]+)">', markup)
    assert len(labels) == len(proposals) and len(set(labels)) == len(labels)  # no two rows read the same
    for index, proposal in enumerate(proposals):
        name = ui.area_name(index)
        cells = len(proposal["cells"])
        assert labels[index] == f"Protect area {name} ({cells} cell{'s' if cells != 1 else ''}), each staking"
        for q, r in proposal["cells"]:
            assert re.search(rf'data-testid="cell-{q}-{r}".*?data-testid="offer-{q}-{r}">{name}</text>', markup)
            assert re.search(rf'<g class="cell[^"]*\boffered\b[^"]*"[^>]*data-testid="cell-{q}-{r}"', markup)
    assert "(1 cells)" not in markup


def test_the_area_being_decided_is_outlined_for_every_seat_and_the_prompt_says_so():
    state = position({cell: (0 if i < 6 else 1) for i, cell in enumerate(ring((0, 0), 2))}, players=3)
    play_round(state, {0: Propose(-1, 0, 2)})
    assert state.phase == "agree"
    area = {tuple(c) for c in state.view(2)["node"]["cells"]}
    for viewer in (0, 1, 2):
        markup = ui.render_table(state.view(viewer), Ctx(viewer=viewer, players=3))
        outlined = set(re.findall(r'<g class="cell[^"]*\bproposed\b[^"]*"[^>]*data-testid="cell-(-?\d+)-(-?\d+)"', markup))
        assert {(int(q), int(r)) for q, r in outlined} == area
    assert f"outlined on the board ({len(area)} cells)" in ui.prompt(state.view(0), Ctx(viewer=0, players=3))


def test_a_group_in_atari_is_ringed_and_keep_passing_says_beside_it_why_it_would_stop():
    state = position({(0, 0): 0, (1, 0): 1, (-1, 0): 1, (0, 1): 1, (0, -1): 1, (1, -1): 1})
    markup = ui.render_table(state.view(0), Ctx())
    assert re.findall(r'data-testid="atari-(-?\d+)-(-?\d+)"', markup) == [("0", "0")]
    assert re.search(r'<g class="cell[^"]*\batari\b[^"]*"[^>]*data-testid="cell-0-0"', markup)
    keep = re.search(r'<div class="gx-keep">(<button [^>]*>).*?</button><p [^>]*>([^<]+)</p></div>', markup)
    assert keep and 'disabled aria-describedby="gx-keep-reason"' in keep.group(1)
    assert "last liberty" in keep.group(2)
    assert ui.standing_pass(state.view(0), state.view(0)) == ("stop", "geonaxis.stop_reason.atari")
    # The other player's view marks nothing of player 0's, and a calm board says nothing.
    assert "atari-" not in ui.render_table(state.view(1), Ctx(viewer=1)) and "keep-passing-reason" not in \
        ui.render_table(new_state(2).view(0), Ctx())


def test_a_cell_name_sits_above_its_cell_and_the_legend_explains_the_names():
    state = new_state(2)
    play_round(state, {0: Stone(0, -1), 1: Stone(1, 0)})
    markup = ui.render_table(state.view(0), Ctx())
    for q, r in state.table.cells:
        _, y = ui.cell_xy(q, r)
        found = re.search(rf'data-testid="cell-{q}-{r}".*?<text class="cell-no" x="[-\d.]+" y="([-\d.]+)"', markup)
        assert float(found.group(1)) < y - ui.SIZE * 0.72, (q, r)  # clear of the stone's circle
    assert markup.count('data-testid="origin"') == 1
    assert re.search(r'data-testid="cell-0-0".*?data-testid="origin"', markup)
    legend = re.search(r'data-testid="cell-legend">([^<]+)<', markup).group(1)
    assert "0,0" in legend and "row" in legend
    assert "0,0" in ui.MESSAGES["it"]["geonaxis.cell_legend"]


def test_wording_counts_agree_pass_is_plain_and_typed_stakes_have_a_visible_label():
    state = position({cell: (0 if i < 6 else 1) for i, cell in enumerate(ring((0, 0), 2))})
    play_round(state, {0: Propose(-1, 0, 1)})
    markup = ui.render_controls(state.view(1), Ctx(viewer=1))
    assert ">Bluff: 1 joker</button>" in markup and "1 jokers" not in markup
    form = re.search(r'<form class="text-move[^"]*"[^>]*>(.*?)</form>', markup).group(1)
    assert re.search(r'<label class="gx-typed-label">Your stake: credits, then jokers<input [^>]*placeholder="e.g. 3 1"',
                     form)
    play = ui.render_controls(new_state(2).view(0), Ctx())
    assert re.search(r'<button type="button" class="btn" data-action="move" data-arg="0:pass"', play)
    assert "primary" not in play
    for language in ("en", "it"):
        assert ui.MESSAGES[language][ui.SCORE_LABEL]


def test_every_move_reads_as_a_choice_in_both_languages():
    """A move's words follow "You chose …" and "Ada: …": proposals, challenges and
    purchases are named as things chosen, like a stone or a pass (it read "You chose
    proposes to protect …")."""
    texts = ["s 1 0", "s 1 0 2 -1", "t 2 -1", "pass", "propose 0 1 3", "challenge 0 1 7", "buy 2"]
    verbs = {"en": ("proposes", "challenges", "buys"), "it": ("propone", "compra")}
    for language, conjugated in verbs.items():
        def words(text, language=language):
            return ui.move_words(text, lambda key, **values: ui.MESSAGES[language][key].format(**values))
        for text in texts:
            assert not words(text).split()[0] in conjugated, (language, words(text))
    assert translate("geonaxis.log.own", move=ui.move_words("propose 0 1 3", translate)) \
        == "You chose a proposal to protect 0,1 at 3"


def test_a_hinted_tile_or_challenge_selects_what_shows_its_spot_or_cells():
    """A hint (or a review's better move) lights its target through the selection of its first step."""
    state = new_state(2)
    for spot in state.table.open_spots:
        text = Tile(*spot).text
        selection = ui.UI.hint_selection(text)
        markup = ui.render_table(state.view(0), Ctx(selection=selection))
        assert f'data-arg="0:{text}"' in markup and f'data-testid="spot-{spot[0]}-{spot[1]}"' in markup
    state = position({cell: (0 if i < 6 else 1) for i, cell in enumerate(ring((0, 0), 2))}, players=3)
    with_agreement(state, [(0, 0)] + ring((0, 0)), (0, 1), 3, {0: (3, 0), 1: (3, 0)})
    challenge = Challenge(0, 0, 7)
    markup = ui.render_table(state.view(2), Ctx(viewer=2, players=3, selection=ui.UI.hint_selection(challenge.text)))
    assert state.is_legal(2, challenge) and f'data-arg="2:{challenge.text}"' in markup
    assert ui.UI.hint_selection(Stone(0, 0).text) is None and ui.UI.hint_selection("pass") is None
