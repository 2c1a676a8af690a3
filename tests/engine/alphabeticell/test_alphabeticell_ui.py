"""The table markup, log lines and messages (ui.py), under CPython."""

import ast
import pathlib
import re
from html.parser import HTMLParser
from types import SimpleNamespace

from ludoteca.ui.screens import RenderContext  # the context the app hands to every table

import pytest

import ludoteca.games.alphabeticell as package
from ludoteca.core.match import Match, Seat
from ludoteca.core.protocol import Settings
from ludoteca.core.rng import SeededRng
from ludoteca.games.alphabeticell import ui
from ludoteca.games.alphabeticell.rules import GAME, Keep

from .helpers import new_state, offer_state, start_round
from ..log_lines import log_text

HANDS_3P = [["NH", "AP", "SC"], ["EK", "IL", "NU"], ["OC", "IQ", "AL"]]


def catalog(lang: str):
    def t(key: str, **values) -> str:
        return ui.MESSAGES[lang][key].format(**values)
    return t


def context(viewer=0, can_act=True, selection=None, lang="en", players=2, names=("Ann", "Bob", "Cat", "Dan", "Eve")):
    seats = [SimpleNamespace(name=names[p], color="#d64545", kind="human") for p in range(players)]
    return RenderContext(t=catalog(lang), seats=seats, viewer=viewer, can_act=can_act, animate=False,
                         fresh=[], actors=(viewer,) if can_act else (), selection=selection, lang=lang)


class Elements(HTMLParser):
    """Every start tag with its attributes."""

    def __init__(self, markup: str):
        super().__init__()
        self.tags = []
        self.feed(markup)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    handle_startendtag = handle_starttag


def ghosts(markup: str) -> list:
    return [attrs for tag, attrs in Elements(markup).tags if "ghost" in attrs.get("class", "").split()]


def render(state, **kwargs) -> str:
    ctx = context(players=state.n, **kwargs)
    return ui.render_table(state.view(ctx.viewer), ctx)


# --- keyboard targets beside the line -------------------------------------------------
def test_a_slot_with_one_way_to_take_plays_it_and_is_a_keyboard_target():
    state = offer_state(["Nh aP Sc", "aj"], "TD")  # D fits on the left, T on the right
    slots = {attrs["data-testid"]: attrs for attrs in ghosts(render(state))}
    assert set(slots) == {"ghost-L", "ghost-R"}
    left, right = slots["ghost-L"], slots["ghost-R"]
    assert left["data-action"] == "move" and left["data-arg"] == "0:take L D"
    assert right["data-arg"] == "0:take R T"
    for slot in (left, right):
        assert slot["tabindex"] == "0" and slot["role"] == "button"
        x, y = (float(v) for v in slot["data-nav"].split(","))
        assert 0 < x < ui.WIDTH and y > ui.TOP_H
    assert float(left["data-nav"].split(",")[0]) < float(right["data-nav"].split(",")[0])
    assert left["aria-label"] == "Take TD as D on the left"


def test_a_slot_with_several_letters_selects_its_end_then_shows_the_choices():
    state = offer_state(["Nh aP Sc", "aj"], "EB")  # E and B both fit on the left only
    markup = render(state)
    (slot,) = ghosts(markup)
    assert slot["data-action"] == "select" and slot["data-arg"] == "end:L"
    assert slot["tabindex"] == "0" and slot["role"] == "button" and "data-nav" in slot
    assert slot["aria-pressed"] == "false"
    assert slot["aria-label"] == "Put EB on the left: choose its letter (B, E)"
    assert "choice-" not in markup
    selected = render(state, selection="end:L")
    slots = ghosts(selected)
    assert slots[0]["aria-pressed"] == "true" and "selected" in slots[0]["class"]
    choices = {attrs["data-arg"]: attrs for attrs in slots[1:]}
    assert set(choices) == {"0:take L E", "0:take L B"}
    for choice in choices.values():
        assert choice["data-action"] == "move" and choice["tabindex"] == "0" and choice["role"] == "button"
        assert "data-nav" in choice and "choice" in choice["class"]
    assert choices["0:take L B"]["aria-label"] == "Take EB as B on the left"
    assert "Which letter of EB goes on the left?" == ui.prompt(state.view(0), context(selection="end:L"))


def test_the_second_card_chooses_letters_for_both_cards_at_the_slot():
    state = offer_state(["sg", "aj"], "EW")
    slots = {attrs["data-testid"]: attrs for attrs in ghosts(render(state, selection="end:R"))}
    assert slots["ghost-L"]["data-action"] == "select" and slots["ghost-R"]["data-action"] == "select"
    choices = {attrs["data-arg"]: attrs for key, attrs in slots.items() if key.startswith("choice-")}
    assert set(choices) == {"0:take R W S", "0:take R W G"}
    assert choices["0:take R W S"]["aria-label"] == "Take EW as W on the right; your first card reads S"


def test_every_focusable_target_acts_and_slots_that_cannot_act_do_not_take_focus():
    cases = [
        (offer_state(["Nh aP Sc", "aj"], "TD"), None),
        (offer_state(["Nh aP Sc", "aj"], "EB"), "end:L"),
        (offer_state(["sg", "aj"], "EW"), "end:L"),
        (offer_state(["sg", "aj"], "EW"), "end:R"),
        (offer_state(["eB tY", "aj"], "OH"), None),  # fits nowhere: no slot at all
    ]
    for state, selection in cases:
        for tag, attrs in Elements(render(state, selection=selection)).tags:
            if "tabindex" in attrs or attrs.get("role") == "button":
                assert tag == "button" or {"data-action", "data-nav", "aria-label"} <= set(attrs), attrs
                assert attrs.get("tabindex") in (None, "0")
            if "ghost" in attrs.get("class", "").split():
                assert ("data-action" in attrs) == ("tabindex" in attrs) == ("data-nav" in attrs)


def test_no_slots_for_a_player_who_cannot_act_and_stale_selections_are_ignored():
    state = offer_state(["Nh aP Sc", "aj"], "EB")
    assert ghosts(render(state, can_act=False)) == []
    assert ghosts(render(state, viewer=1)) == []
    for stale in ("end:R", "end:X", "keep NH", ""):
        slots = ghosts(render(state, selection=stale))
        assert len(slots) == 1 and slots[0]["aria-pressed"] == "false"
    single = offer_state(["Nh aP Sc", "aj"], "TD")
    assert len(ghosts(render(single, selection="end:L"))) == 2  # one-way slots have no choices


def test_the_controls_keep_a_button_for_every_legal_move():
    state = offer_state(["sg", "aj"], "EW")
    markup = render(state)
    for move in state.legal_moves(0):
        testid = "pass" if move.text == "pass" else "take-" + move.text.replace(" ", "-")
        assert f'data-testid="{testid}"' in markup


@pytest.mark.parametrize("lang, shown, named", [
    ("en", ("Right: W", "first card S"), "Take EW as W on the right; your first card reads S"),
    ("it", ("Destra: W", "prima carta S"), "Prendi EW come W, a destra; la tua prima carta vale S")])
def test_take_buttons_show_the_end_and_letter_and_are_named_by_the_whole_sentence(lang, shown, named):
    state = offer_state(["sg", "aj"], "EW")  # four ways to take: W or E, each end, and the first card's letter
    markup = ui.render_controls(state.view(0), context(lang=lang))
    buttons = {attrs["data-testid"]: attrs for tag, attrs in Elements(markup).tags
               if tag == "button" and "take-btn" in attrs.get("class", "")}
    assert len(buttons) == 4
    button = buttons["take-take-R-W-S"]
    assert button["aria-label"] == f"{shown[0]} {shown[1]} — {named}" and button["title"] == named
    # the accessible name begins with the visible text, spaces included (axe: label-content-name-mismatch)
    assert f'data-testid="take-take-R-W-S">{shown[0]}<small> {shown[1]}</small></button>' in markup
    assert all(len(label) <= 12 for label in re.findall(r'class="btn primary take-btn"[^>]*>([^<]*)<', markup))


# --- texts ------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, one, two", [("en", "1 card", "2 cards"), ("it", "1 carta", "2 carte")])
def test_card_counts_use_the_plural_forms_of_each_language(lang, one, two):
    view = offer_state(["sg", "Nh aP"], "EW").view(0)
    assert ui.panel_detail(view, 0, catalog(lang)).split(" · ")[0] == one
    assert ui.panel_detail(view, 1, catalog(lang)).split(" · ")[0] == two
    deck = offer_state(["sg", "Nh aP"], "EW", deck=("RZ",))
    assert ("resta 1 carta" if lang == "it" else "1 card left") in render(deck, lang=lang)


def test_the_viewer_is_asked_to_choose_while_others_are_seen_choosing():
    state = start_round(new_state(3), HANDS_3P, dealer=0)
    mine = render(state, viewer=0)
    assert "Choose a card" in mine and "Ann is choosing" not in mine
    theirs = render(state, viewer=1, can_act=False)
    assert "Ann is choosing a card" in theirs and "Choose a card" not in theirs
    assert "Scegli una carta" in render(state, viewer=0, lang="it")


def test_the_last_round_says_why_it_ended():
    state = offer_state(["Aw iB tC sD Ek nF sG rH Il aJ", "Nh aP"], "RZ", dealer=1, step=1)
    state.apply(0, GAME.parse_move("take R Z"))
    assert "<title>Ann took an 11th card</title>" in render(state, viewer=1, can_act=False)


def test_messages_are_data_in_both_languages_and_ui_imports_nothing_from_the_app():
    assert set(ui.MESSAGES) == {"en", "it"}
    assert set(ui.MESSAGES["en"]) == set(ui.MESSAGES["it"])
    tree = ast.parse(pathlib.Path(ui.__file__).read_text(encoding="utf-8"))
    imported = [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    imported += [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    assert not [name for name in imported if "ui" in name.split(".") or name.startswith("..")], imported


def test_package_metadata_is_light_and_bilingual():
    assert set(package.TITLE) == set(package.BLURB) == {"en", "it"}
    assert package.TILE_ART.startswith("<svg") and 'aria-hidden="true"' in package.TILE_ART
    assert ui.tile_art() == package.TILE_ART
    assert not any(key.endswith(".blurb") for key in ui.MESSAGES["it"])  # the blurb lives once, in the package


# --- the log ----------------------------------------------------------------------------
def test_log_lines_name_public_cards():
    state = offer_state(["sg", "aj"], "EW")
    t = catalog("en")
    entry = SimpleNamespace(player=0, move=GAME.parse_move("take R W S"), chance=[GAME.parse_move("flip NH")])
    assert log_text(ui, entry, ["Ann", "Bob"], t, state) == "Ann takes EW as W, on the right · NH turned up"
    entry = SimpleNamespace(player=0, move=GAME.parse_move("pass"), chance=[])
    assert log_text(ui, entry, ["Ann", "Bob"], catalog("it"), state, 1) == "Ann lascia EW"


def _dealt_cards(entry) -> dict:
    dealt = {}
    for move in entry.chance:
        words = move.text.split()
        if words[0] == "deal":
            dealt.setdefault(int(words[1]), []).append(words[2])
    return dealt


@pytest.mark.parametrize("seed", range(6))
def test_describe_move_never_names_another_players_dealt_card(seed):
    players = 3
    match = Match(GAME, Settings(players, {"rules": "2018"}), seed, [Seat(n) for n in ("Ann", "Bob", "Cat")])
    rng = SeededRng(seed)
    deals_seen = 0
    while not match.is_over and len(match.entries) < 400:
        player = match.state.to_move()[0]
        match.play(player, rng.choice(list(match.state.legal_moves(player))))
    for index, entry in enumerate(match.entries):
        dealt = _dealt_cards(entry)
        if not dealt:
            continue
        deals_seen += 1
        before = match.state_before(index)
        public = {before.face_up} | {word for move in [entry.move] for word in move.text.split()[1:]}
        for lang in ("en", "it"):
            for viewer in (None, *range(players)):
                text = log_text(ui, entry, ["Ann", "Bob", "Cat"], catalog(lang), before, viewer)
                for owner, cards in dealt.items():
                    for card in cards:
                        if owner != viewer and card not in public:
                            assert not re.search(rf"\b{card}\b", text), (viewer, owner, card, text)
                        elif owner == viewer:
                            assert card in text  # the owner's own cards are listed for them
    assert deals_seen > 0


def test_the_keep_log_names_only_the_kept_card():
    state = start_round(new_state(3), HANDS_3P, dealer=0)
    entry = SimpleNamespace(player=0, move=Keep("AP"), chance=[])
    for viewer in (None, 0, 1, 2):
        text = log_text(ui, entry, ["Ann", "Bob", "Cat"], catalog("en"), state, viewer)
        assert text == "Ann keeps AP"


def test_a_resignation_in_the_log_is_described_in_both_languages():
    match = Match(GAME, Settings(2, {"rules": "classic"}), 3, [Seat("Ann"), Seat("Bob")])
    match.resign(1)
    entry = match.entries[-1]
    before = match.state_before(len(match.entries) - 1)
    # A resignation is the core's move: the app words it (game.log.resigned), never the game.
    from ludoteca.ui.i18n import Catalog
    assert log_text(ui, entry, ["Ann", "Bob"], Catalog("en").t, before, 0) == "Bob resigns"
    assert log_text(ui, entry, ["Ann", "Bob"], Catalog("it").t, before, 0) == "Bob abbandona la partita"


def test_only_the_card_placed_last_is_marked_on_the_table():
    from ludoteca.games.alphabeticell.rules import take_move

    state = offer_state(["Nh aP Sc", "sg"], "EW", dealer=0)
    assert 'class="card last' not in ui.render_table(state.view(1), context(viewer=1, can_act=False))
    state.apply(0, take_move("L", "E"))
    markup = ui.render_table(state.view(1), context(viewer=1, can_act=False))
    marked = re.findall(r'<g class="card last[^"]*">.*?<text class="top[^"]*"[^>]*>(\w)</text>', markup)
    assert marked == ["E"] and markup.count('data-testid="last-placed"') == 1


def test_the_results_say_the_target_was_reached():
    view = {"target": 30, "round": 4}
    assert ui.end_reason(view, context()) == "After round 4 a score reached 30, the target."
    assert ui.end_reason(view, context(lang="it")) == "Dopo la mano 4 un punteggio ha raggiunto 30, l'obiettivo."


def test_the_rules_diagram_draws_the_n_p_s_line_with_real_cards_and_the_letters_the_rules_allow():
    from ludoteca.games.alphabeticell.rules import ALL_CARDS, placements

    for lang in ("en", "it"):
        t = catalog(lang)
        figure = ui.rules_diagram("line", t)
        assert figure.startswith('<figure class="abc-diagram" data-testid="diagram-line"')
        caption = ui.MESSAGES[lang]["abc.diagram.line"]
        assert f"<figcaption>{caption}</figcaption>" in figure.replace("&#x27;", "'")
        faces = re.findall(r'<text class="top (\w*)"[^>]*>([A-Z])</text><text class="bottom (\w*)"[^>]*>([A-Z])</text>', figure)
        cards = [top + bottom for _, top, _, bottom in faces]
        assert all(card in ALL_CARDS for card in cards) and len(cards) == 3  # faces of the real deck
        used = "".join(top if top_cls == "used" else bottom for top_cls, top, _, bottom in faces)
        assert used == "NPS"
    line = tuple(zip(cards, used))
    allowed = {letter for letter in ui.ALPHABET if placements(line, letter)}
    assert allowed == set("ABCDEFGHIJKLM") | set("TUVWXYZ")  # the rules' own answer: no O, Q, R and no repeats
    figure = ui.rules_diagram("line", catalog("en"))
    shown = re.findall(r'<text class="strip-letter (\w+)"[^>]*>([A-Z])</text>', figure)
    assert {letter for cls, letter in shown if cls == "usable"} == allowed
    assert {letter for cls, letter in shown if cls == "closed"} == set("OQR")
    assert figure.count('class="struck"') == 3
    assert ui.rules_diagram("nothing", catalog("en")) is None


def hit_spans(markup: str) -> list:
    """(testid, left, right) of each slot's and choice's hit area, in table units."""
    spans = []
    for match in re.finditer(r'<g class="ghost[^"]*" transform="translate\(([\d.-]+),[\d.-]+\)"[^>]* data-testid="([^"]+)"'
                             r'[^>]*><rect class="hit" x="([\d.-]+)" y="[\d.-]+" width="([\d.]+)" height="([\d.]+)"', markup):
        left = float(match.group(1)) + float(match.group(3))
        spans.append((match.group(2), left, left + float(match.group(4)), float(match.group(5))))
    return spans


@pytest.mark.parametrize("lines,face_up,end", [(["sv", "aj"], "IP", "L"), (["sg", "aj"], "EW", "R"),
                                               (["sg", "aj"], "EW", "L"), (["Nh aP Sc", "aj"], "EB", "L")])
def test_slots_and_choices_get_whole_hit_areas_side_by_side_inside_the_table(lines, face_up, end):
    state = offer_state(lines, face_up)
    spans = hit_spans(render(state, selection=f"end:{end}"))
    assert any(name.startswith("choice-") for name, *_ in spans)
    for name, left, right, height in spans:
        assert right - left >= ui.HIT_MIN and height >= ui.HIT_MIN, name
        assert left + (right - left - ui.CARD_W) / 2 >= 0 and right <= ui.WIDTH + ui.HIT_MIN, name
    ordered = sorted(spans, key=lambda span: span[1])
    for (first, _, first_right, _), (second, second_left, _, _) in zip(ordered, ordered[1:]):
        assert first_right <= second_left + 0.2, f"{first} and {second} share taps"
