"""ALPHA // PSYCHOPATH's table: an SVG Poincaré disk from a player's view.

Pure string building (no browser imports), tested under CPython.

- Paths are drawn as they are built (board.py): the border as a circle,
  diameters as lines, the other geodesics as SVG arcs of their own circles.
- Pieces differ by shape and glyph as well as colour: psychopath a diamond
  with a psi, psychologist a circle with a wave, informer a triangle with an
  eye dot, doctor a square with a cross. The second player's pieces carry an
  extra inner ring, so the sides differ without colour too.
- The board turns half a revolution for player 2, so one's own army is
  always at the bottom.
- Interaction uses the app's selection token: "n12" selects the piece on
  node 12 (its destinations then carry `data-action="move"`); the app clears
  it after each move. The hints (paralysed pieces and threatened nodes) are
  a display option instead (`data-action="option"`, `ctx.options["hints"]`),
  which the app keeps for the whole game.
- Captures and resurrections of the latest move are animated only when
  `ctx.animate` is set and something was just played.
"""

from __future__ import annotations

import math
from functools import cache
from html import escape

from ..game_ui import GameUI
from .board import BOARD, border_xy, geodesic

SIZE = 360
CENTRE = SIZE / 2
RADIUS = 164
NODE_R = 6.5
SPECIAL_R = 9.0
PIECE_R = 11.0
FOCUS_R = PIECE_R + 7.5  # outside the paralysed ring (PIECE_R + 6)
# A node's hit area reaches this far (board units; 360 px wide the board is about 324 px,
# so 44 px is 49 units across), but never past the midpoint towards another node.
HIT_R = 34.0
KINDS = ("psychopath", "psychologist", "informer", "doctor")
FALLBACK_COLOURS = ("#f2efe6", "#30343f")
HINTS = "hints"  # the app option (ctx.options) that shows paralysis, danger and node numbers
RUNNING_SCORE = False  # no points: capturing the psychopath decides, so the panels show no score

MESSAGES = {
    "en": {
        "game.psychopath.title": "ALPHA // PSYCHOPATH",
        "psychopath.kind.psychopath": "psychopath",
        "psychopath.kind.psychologist": "psychologist",
        "psychopath.kind.informer": "informer",
        "psychopath.kind.doctor": "doctor",
        "psychopath.kinds.psychopath": "psychopaths",
        "psychopath.kinds.psychologist": "psychologists",
        "psychopath.kinds.informer": "informers",
        "psychopath.kinds.doctor": "doctors",
        "psychopath.node": "Node {node}",
        "psychopath.node_piece": "{node}: {owner}'s {kind}",
        "psychopath.node_special": "Special node {node}",
        "psychopath.node_centre": "Centre node {node}",
        "psychopath.node_empty": "{node}, empty",
        "psychopath.diagram.start": "The start: white, who moves first, at the bottom and black at the top, each psychopath on the special node behind its army. The bigger nodes, ringed in white, are the centre and the six special nodes.",
        "psychopath.diagram.moves": "The white doctor on the centre may stop on any node ringed in blue. Its own informer closes the way west, it slides past its own psychologist to the east, and the black doctor cuts one path short.",
        "psychopath.diagram.capture": "Black moves an informer (amber). The white informer now has a black doctor on each side along one path and the black informer on another path through its node: it is captured.",
        "psychopath.diagram.border": "A black doctor steps out onto the border. Between the two black doctors that stretch of border holds only one special node, so both white pieces on it are captured by the one move.",
        "psychopath.diagram.border_safe": "Here the stretch of border between the black doctors holds two special nodes: the two white pieces on it are safe from that pair.",
        "psychopath.diagram.paralysis": "The white psychologist stands on the same path as the black doctor, so the doctor may move only along that path.",
        "psychopath.diagram.parley": "A black psychologist joins that path: the two psychologists parley, and the doctor may take its other path again.",
        "psychopath.paralysed_mark": "paralysed",
        "psychopath.frozen_mark": "cannot move",
        "psychopath.threatened_mark": "a piece here would be captured",
        "psychopath.destination": "move here",
        "psychopath.selected": "selected",
        "psychopath.hints_on": "Show paralysis, danger and node numbers",
        "psychopath.hints_off": "Hide paralysis, danger and node numbers",
        "psychopath.prompt.pick": "Pick one of your pieces",
        "psychopath.prompt.target": "Pick where the piece on node {node} goes",
        "psychopath.prompt.resurrect": "You captured a psychologist: choose a piece to bring back on node {node}",
        "psychopath.prompt.wait": "{name} is thinking",
        "psychopath.resurrect": "Bring back a {kind}",
        "psychopath.over.psychopath": "{name} captured the psychopath",
        "psychopath.over.no_moves": "{loser} cannot move: {name} wins",
        "psychopath.over.repetition": "Draw: the same position came up three times",
        "psychopath.over.quiet": "Draw: {n} moves without a capture",
        "psychopath.panel": "{count} on the board",
        "psychopath.panel_lost": "lost {lost}",
        "psychopath.log.move": "{name}: {kind} {source} → {target}",
        "psychopath.log.captures": "captures {pieces}",
        "psychopath.log.resurrect": "{name} brings a {kind} back on node {node}",
        "psychopath.why.captures": "Capture: {pieces}.",
        "psychopath.why.wins": "Captures the opposing psychopath: you win.",
        "psychopath.why.escapes": "Your {kind} could be captured on {source} next move; on {target} it is safe.",
        "psychopath.why.shields": "Your psychopath could be captured next move; this move prevents it.",
        "psychopath.why.threatens": "Threatens a capture next move: {pieces}.",
        "psychopath.why.threatens_psychopath": "Threatens to capture the opposing psychopath next move.",
        "psychopath.legend": "Pieces",
        "psychopath.zoom_in": "Zoom in",
        "psychopath.zoom_out": "Zoom out",
        "psychopath.zoom_fit": "Show the whole board",
        "psychopath.quiet": "{n} of {limit} moves without a capture",
        "error.psychopath.bad_node": "There is no node {node}.",
        "error.psychopath.bad_kind": "A {kind} cannot be brought back.",
        "error.psychopath.not_your_piece": "Node {node} holds none of your pieces.",
        "error.psychopath.occupied": "Node {node} is taken.",
        "error.psychopath.no_path": "No path joins node {source} to node {target}.",
        "error.psychopath.blocked": "A piece is in the way to node {node}.",
        "error.psychopath.paralysed": "A psychologist holds the piece on node {node} to its path.",
        "error.psychopath.suicide": "Your piece would be captured on node {node}.",
        "error.psychopath.resurrect_first": "First choose the piece that comes back.",
        "error.psychopath.no_resurrection": "There is nothing to bring back now.",
        "error.psychopath.none_captured": "None of your {kind}s has been captured.",
        "error.psychopath.state_field": "The saved game is damaged: {field} is missing or unreadable.",
        "error.psychopath.state_number": "The saved game is damaged: {field} cannot be {value}.",
        "error.psychopath.state_length": "The saved game is damaged: {field} has {count} entries instead of {expected}.",
        "error.psychopath.state_unreachable": "The saved position cannot come up in a game.",
        "error.psychopath.not_this_game": "This save is not an ALPHA // PSYCHOPATH game.",
        "error.psychopath.board_size": "The saved board should have {nodes} nodes.",
        "error.psychopath.unknown_piece": "The saved board holds an unknown piece.",
        "error.psychopath.captured_counts": "The saved captured pieces are unreadable.",
        "error.psychopath.piece_count": "Player {player} has the wrong number of {kind}s in this save.",
        "error.psychopath.phase": "The saved game is in an impossible phase.",
        "error.psychopath.turn": "The saved game names an impossible player to move.",
        "error.psychopath.counters": "The saved move counters are unreadable.",
    },
    "it": {
        "game.psychopath.title": "ALPHA // PSYCHOPATH",
        "psychopath.kind.psychopath": "psicopatico",
        "psychopath.kind.psychologist": "psicologo",
        "psychopath.kind.informer": "informatore",
        "psychopath.kind.doctor": "dottore",
        "psychopath.kinds.psychopath": "psicopatici",
        "psychopath.kinds.psychologist": "psicologi",
        "psychopath.kinds.informer": "informatori",
        "psychopath.kinds.doctor": "dottori",
        "psychopath.node": "Nodo {node}",
        "psychopath.node_piece": "{node}: {kind} di {owner}",
        "psychopath.node_special": "Nodo speciale {node}",
        "psychopath.node_centre": "Nodo centrale {node}",
        "psychopath.node_empty": "{node}, libero",
        "psychopath.diagram.start": "L'inizio: il bianco, che muove per primo, in basso e il nero in alto, ciascuno con lo psicopatico sul nodo speciale alle spalle del suo esercito. I nodi più grandi, cerchiati di bianco, sono il centro e i sei nodi speciali.",
        "psychopath.diagram.moves": "Il dottore bianco al centro può fermarsi su ogni nodo cerchiato di blu. Il suo informatore gli chiude la strada a ovest, a est scavalca il proprio psicologo, e il dottore nero gli accorcia un percorso.",
        "psychopath.diagram.capture": "Il nero muove un informatore (in ambra). L'informatore bianco ha ora un dottore nero per lato lungo un percorso e l'informatore nero su un altro percorso del suo nodo: è catturato.",
        "psychopath.diagram.border": "Un dottore nero esce sul bordo. Fra i due dottori neri quel tratto di bordo contiene un solo nodo speciale, così entrambi i pezzi bianchi che vi stanno sono catturati con quella sola mossa.",
        "psychopath.diagram.border_safe": "Qui il tratto di bordo fra i dottori neri contiene due nodi speciali: i due pezzi bianchi che vi stanno sono al sicuro da quella coppia.",
        "psychopath.diagram.paralysis": "Lo psicologo bianco sta sullo stesso percorso del dottore nero, che quindi può muoversi solo lungo quel percorso.",
        "psychopath.diagram.parley": "Uno psicologo nero arriva su quel percorso: i due psicologi parlamentano, e il dottore può di nuovo prendere anche l'altro percorso.",
        "psychopath.paralysed_mark": "paralizzato",
        "psychopath.frozen_mark": "non può muoversi",
        "psychopath.threatened_mark": "un pezzo qui verrebbe catturato",
        "psychopath.destination": "muovi qui",
        "psychopath.selected": "selezionato",
        "psychopath.hints_on": "Mostra paralisi, pericoli e numeri dei nodi",
        "psychopath.hints_off": "Nascondi paralisi, pericoli e numeri dei nodi",
        "psychopath.prompt.pick": "Scegli uno dei tuoi pezzi",
        "psychopath.prompt.target": "Scegli dove va il pezzo del nodo {node}",
        "psychopath.prompt.resurrect": "Hai catturato uno psicologo: scegli quale pezzo torna in gioco sul nodo {node}",
        "psychopath.prompt.wait": "{name} sta pensando",
        "psychopath.resurrect": "Fai tornare un {kind}",
        "psychopath.over.psychopath": "{name} ha catturato lo psicopatico",
        "psychopath.over.no_moves": "{loser} non ha mosse: vince {name}",
        "psychopath.over.repetition": "Patta: la stessa posizione si è ripetuta tre volte",
        "psychopath.over.quiet": "Patta: {n} mosse senza catture",
        "psychopath.panel": "{count} in gioco",
        "psychopath.panel_lost": "persi {lost}",
        "psychopath.log.move": "{name}: {kind} da {source} a {target}",
        "psychopath.log.captures": "cattura {pieces}",
        "psychopath.log.resurrect": "{name} fa tornare un {kind} sul nodo {node}",
        "psychopath.why.captures": "Cattura: {pieces}.",
        "psychopath.why.wins": "Cattura lo psicopatico avversario: vinci.",
        "psychopath.why.escapes": "Il tuo {kind} su {source} poteva essere catturato alla prossima mossa; su {target} è al sicuro.",
        "psychopath.why.shields": "Il tuo psicopatico poteva essere catturato alla prossima mossa; questa mossa lo impedisce.",
        "psychopath.why.threatens": "Minaccia una cattura alla prossima mossa: {pieces}.",
        "psychopath.why.threatens_psychopath": "Minaccia di catturare lo psicopatico avversario alla prossima mossa.",
        "psychopath.legend": "Pezzi",
        "psychopath.zoom_in": "Ingrandisci",
        "psychopath.zoom_out": "Rimpicciolisci",
        "psychopath.zoom_fit": "Mostra tutta la plancia",
        "psychopath.quiet": "{n} mosse su {limit} senza catture",
        "error.psychopath.bad_node": "Il nodo {node} non esiste.",
        "error.psychopath.bad_kind": "Un {kind} non può tornare in gioco.",
        "error.psychopath.not_your_piece": "Sul nodo {node} non c'è un tuo pezzo.",
        "error.psychopath.occupied": "Il nodo {node} è già occupato.",
        "error.psychopath.no_path": "Nessun percorso collega il nodo {source} al nodo {target}.",
        "error.psychopath.blocked": "C'è un pezzo che sbarra la strada verso il nodo {node}.",
        "error.psychopath.paralysed": "Uno psicologo tiene il pezzo del nodo {node} fermo sul suo percorso.",
        "error.psychopath.suicide": "Sul nodo {node} il tuo pezzo verrebbe catturato.",
        "error.psychopath.resurrect_first": "Prima scegli il pezzo che torna in gioco.",
        "error.psychopath.no_resurrection": "Adesso non c'è niente da far tornare.",
        "error.psychopath.none_captured": "Non ti è stato catturato nessun {kind}.",
        "error.psychopath.state_field": "La partita salvata è danneggiata: {field} manca o non si legge.",
        "error.psychopath.state_number": "La partita salvata è danneggiata: {field} non può valere {value}.",
        "error.psychopath.state_length": "La partita salvata è danneggiata: {field} ha {count} voci invece di {expected}.",
        "error.psychopath.state_unreachable": "La posizione salvata non può presentarsi in una partita.",
        "error.psychopath.not_this_game": "Questo salvataggio non è una partita di ALPHA // PSYCHOPATH.",
        "error.psychopath.board_size": "La plancia salvata dovrebbe avere {nodes} nodi.",
        "error.psychopath.unknown_piece": "Sulla plancia salvata c'è un pezzo sconosciuto.",
        "error.psychopath.captured_counts": "I pezzi catturati nel salvataggio sono illeggibili.",
        "error.psychopath.piece_count": "Nel salvataggio il giocatore {player} ha un numero sbagliato di pezzi ({kind}).",
        "error.psychopath.phase": "La partita salvata si trova in una fase impossibile.",
        "error.psychopath.turn": "La partita salvata indica un giocatore di turno impossibile.",
        "error.psychopath.counters": "I contatori delle mosse nel salvataggio sono illeggibili.",
    },
}

# --- geometry --------------------------------------------------------------------
def to_svg(x: float, y: float, flipped: bool) -> tuple:
    """Unit-disk point (y up) to SVG coordinates; half a turn for player 2."""
    if flipped:
        x, y = -x, -y
    return (round(CENTRE + RADIUS * x, 1), round(CENTRE - RADIUS * y, 1))


def node_xy(node: int, flipped: bool) -> tuple:
    x, y = BOARD.xy[node]
    return to_svg(x, y, flipped)


def path_markup(path: int, flipped: bool) -> str:
    """One path: the border circle, a diameter line, or a geodesic arc."""
    if BOARD.cyclic[path]:
        return f'<circle class="path border" cx="{CENTRE}" cy="{CENTRE}" r="{RADIUS}"/>'
    a, b = BOARD.chords[path]
    x1, y1 = to_svg(*border_xy(a), flipped)
    x2, y2 = to_svg(*border_xy(b), flipped)
    shape = geodesic(a, b)
    if shape.is_line:
        return f'<line class="path" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>'
    cx, cy = to_svg(*shape.centre, flipped)
    start = math.atan2(y1 - cy, x1 - cx)
    end = math.atan2(y2 - cy, x2 - cx)
    # The arc inside the disk is the short one; SVG's sweep flag 1 turns
    # towards increasing screen angles.
    sweep = 1 if (end - start) % (2 * math.pi) < math.pi else 0
    r = round(shape.radius * RADIUS, 1)
    return f'<path class="path" d="M{x1} {y1}A{r} {r} 0 0 {sweep} {x2} {y2}"/>'


def piece_shape(kind: str, owner: int, x: float, y: float, colour: str, cls: str = "", mark: str = "") -> str:
    """A piece: shape and glyph tell the kind, an inner ring tells player 2; `mark`, an
    animated piece's `RenderContext.animation_mark`."""
    r = PIECE_R
    ink = _ink(colour)
    extra = (f' class="{cls}"' if cls else "") + mark
    if kind == "psychopath":
        r2 = r * 1.25
        body = f'<polygon class="piece" points="{x},{y - r2} {x + r2},{y} {x},{y + r2} {x - r2},{y}" fill="{colour}"/>'
        inner = f'<polygon class="ring2" points="{x},{y - r2 + 4} {x + r2 - 4},{y} {x},{y + r2 - 4} {x - r2 + 4},{y}"/>'
        glyph = None  # Ψ, drawn (see below)
    elif kind == "psychologist":
        body = f'<circle class="piece" cx="{x}" cy="{y}" r="{r}" fill="{colour}"/>'
        inner = f'<circle class="ring2" cx="{x}" cy="{y}" r="{r - 3}"/>'
        glyph = "~"
    elif kind == "informer":
        r2 = r * 1.2
        h = r2 * 0.9
        body = (f'<polygon class="piece" points="{x},{y - r2} {x + h},{round(y + r2 * 0.6, 1)} '
                f'{x - h},{round(y + r2 * 0.6, 1)}" fill="{colour}"/>')
        inner = (f'<polygon class="ring2" points="{x},{round(y - r2 + 4.5, 1)} {round(x + h - 4, 1)},{round(y + r2 * 0.6 - 2.2, 1)} '
                 f'{round(x - h + 4, 1)},{round(y + r2 * 0.6 - 2.2, 1)}"/>')
        glyph = "•"
    else:
        s = r * 0.92
        body = f'<rect class="piece" x="{x - s}" y="{y - s}" width="{2 * s}" height="{2 * s}" rx="2" fill="{colour}"/>'
        inner = f'<rect class="ring2" x="{x - s + 3}" y="{y - s + 3}" width="{2 * s - 6}" height="{2 * s - 6}" rx="1"/>'
        glyph = "+"
    glyph_y = y + (2 if kind == "informer" else 0)
    if glyph is None:
        # Ψ is a letter: as text, beside the node's number a log line shows, it would be words
        # the node's name lacks (axe: label-content-name-mismatch). Drawn, it is a picture.
        mark = (f'<path class="glyph drawn" d="M{x} {y - 5.5}V{y + 5.5}M{x - 4.5} {y - 4.5}v1.5'
                f'q0 3.5 4.5 3.5q4.5 0 4.5 -3.5v-1.5" stroke="{ink}" aria-hidden="true"/>')
    else:
        mark = f'<text class="glyph" x="{x}" y="{glyph_y}" fill="{ink}" aria-hidden="true">{glyph}</text>'
    return (f'<g{extra} data-kind="{kind}" data-owner="{owner}">{body}'
            f'{inner if owner == 1 else ""}{mark}</g>')


def _nearer_than(polygon: list, here: tuple, other: tuple) -> list:
    """The part of a convex polygon nearer `here` than `other` (one half-plane clip)."""
    mx, my = (here[0] + other[0]) / 2, (here[1] + other[1]) / 2
    nx, ny = other[0] - here[0], other[1] - here[1]
    side = [(x - mx) * nx + (y - my) * ny for x, y in polygon]
    kept = []
    for index, point in enumerate(polygon):
        following = (index + 1) % len(polygon)
        if side[index] <= 0:
            kept.append(point)
        if side[index] * side[following] < 0:
            share = side[index] / (side[index] - side[following])
            nxt = polygon[following]
            kept.append((point[0] + share * (nxt[0] - point[0]), point[1] + share * (nxt[1] - point[1])))
    return kept


@cache
def hit_cell(node: int, flipped: bool) -> str:
    """The points of a node's hit area: every point of the board within HIT_R of it and
    nearer it than any other node, so a finger gets the nearest node (two nodes can be
    as close as 27 units: a circle of 44 px each would hand one's taps to the other)."""
    here = node_xy(node, flipped)
    polygon = [(here[0] + HIT_R * math.cos(math.tau * k / 32), here[1] + HIT_R * math.sin(math.tau * k / 32))
               for k in range(32)]
    for other in range(BOARD.size):
        there = node_xy(other, flipped)
        if other != node and math.dist(here, there) < 2 * HIT_R:
            polygon = _nearer_than(polygon, here, there)
    return " ".join(f"{min(max(x, 0), SIZE):.1f},{min(max(y, 0), SIZE):.1f}" for x, y in polygon)


def node_circle(node: int, x: float, y: float) -> str:
    """A node's dot. The six special nodes and the centre are bigger, ringed in
    white round a dark core: a colour of their own would look like a player's piece."""
    special, centre = node in BOARD.special, node == BOARD.centre
    if not (special or centre):
        return f'<circle class="node" cx="{x}" cy="{y}" r="{NODE_R}"/>'
    cls = "node special" if special else "node centre"
    return (f'<circle class="{cls}" cx="{x}" cy="{y}" r="{SPECIAL_R}"/>'
            f'<circle class="node-core" cx="{x}" cy="{y}" r="{SPECIAL_R / 2.6:.1f}"/>')


def cross_path(x: float, y: float, d: float, attrs: str) -> str:
    """An X over a point: a piece that cannot move, or one captured in a diagram."""
    return f'<path {attrs} d="M{x - d} {y - d}L{x + d} {y + d}M{x + d} {y - d}L{x - d} {y + d}"/>'


def _ink(colour: str) -> str:
    """Black or white glyphs, whichever reads better on the piece colour."""
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(ch * 2 for ch in value)
    try:
        r, g, b = (int(value[i:i + 2], 16) for i in (0, 2, 4))
    except ValueError:
        return "#111"
    return "#111" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#fff"


def seat_colour(ctx, owner: int) -> str:
    seats = getattr(ctx, "seats", None) or []
    colour = seats[owner].color if owner < len(seats) and getattr(seats[owner], "color", "") else ""
    return colour if colour.startswith("#") else FALLBACK_COLOURS[owner]


def seat_name(ctx, owner: int) -> str:
    seats = getattr(ctx, "seats", None) or []
    if owner < len(seats) and getattr(seats[owner], "name", ""):
        return seats[owner].name
    return f"{owner + 1}"


# --- selection token and options ---------------------------------------------------
def parse_selection(token):
    """The selected node (or None) from the app's selection token "n12"."""
    if token and token.startswith("n") and token[1:].isdigit():
        return int(token[1:])
    return None


def make_selection(node) -> str:
    return f"n{node}" if node is not None else ""


def hint_selection(move_text: str):
    """The selection that shows a hinted move's target on the board: its moving piece."""
    parts = move_text.split()
    return make_selection(int(parts[1])) if len(parts) == 3 and parts[0] == "m" and parts[1].isdigit() else None


def hints_shown(ctx) -> bool:
    return (getattr(ctx, "options", None) or {}).get(HINTS) == "on"


# --- the table -------------------------------------------------------------------
def render_table(view: dict, ctx) -> str:
    t = ctx.t
    viewer = ctx.viewer
    flipped = viewer == 1
    hints = hints_shown(ctx)
    selected = parse_selection(ctx.selection)
    mine = viewer is not None and ctx.can_act and viewer in view["to_move"] and view["phase"] == "move"
    destinations = view["destinations"] if mine else {}
    if selected is not None and str(selected) not in destinations:
        selected = None
    targets = set(destinations.get(str(selected), [])) if selected is not None else set()
    last = view["last_move"]
    just_played = bool(getattr(ctx, "fresh", None)) and ctx.animate
    paralysed = {item["node"]: item for item in view["paralysed"]}
    numbered = " numbered" if hints else ""  # the hints also show every node's number, as the log names them
    # data-pan-zoom: the app zooms and pans the viewBox (ui/panzoom.py), within data-fit.
    out = [render_zoom(t),
           f'<svg class="psy-board psy-table{numbered}" viewBox="0 0 {SIZE} {SIZE}" data-fit="0 0 {SIZE} {SIZE}"'
           f' data-pan-zoom="board" role="group"'
           f' aria-label="{escape(t("game.psychopath.title"))}" data-testid="table">']
    for path in range(len(BOARD.paths)):
        out.append(path_markup(path, flipped))
    threatened = set()
    if hints and viewer is not None:
        threatened = set(view["threatened"][viewer])
    for node in range(BOARD.size):
        out.append(_node_markup(view, ctx, node, flipped, destinations, selected, targets, hints,
                                paralysed, threatened, last))
    if just_played and last:
        for node, owner, kind in last["captured"]:
            x, y = node_xy(node, flipped)
            out.append(piece_shape(kind, owner, x, y, seat_colour(ctx, owner), "psy-anim-capture", ctx.animation_mark()))
    out.append("</svg>")
    return "".join(out) + render_controls(view, ctx, hints)


ZOOMS = (("in", "+", "+"), ("out", "−", "-"), ("fit", "⤢", "0"))  # command, symbol, key


def render_zoom(t) -> str:
    """Zoom buttons, shown on phones (+ - 0 on a keyboard): zoomed in once, every node's
    hit area is 44 px or more even where nodes crowd; a zoomed board pans by dragging."""
    buttons = []
    for command, symbol, key in ZOOMS:
        name = escape(t(f"psychopath.zoom_{command}"))
        buttons.append(f'<button type="button" class="btn small icon-btn" data-zoom="{command}"'
                       f' data-testid="zoom-{command}" aria-label="{name}" title="{name} ({key})">{symbol}</button>')
    return f'<div class="psy-zoom" role="group">{"".join(buttons)}</div>'


def _node_markup(view, ctx, node, flipped, destinations, selected, targets, hints, paralysed,
                 threatened, last) -> str:
    t = ctx.t
    x, y = node_xy(node, flipped)
    piece = view["pieces"][node]
    special = node in BOARD.special
    centre = node == BOARD.centre
    if special:
        place = t("psychopath.node_special", node=node)
    elif centre:
        place = t("psychopath.node_centre", node=node)
    else:
        place = t("psychopath.node", node=node)
    notes = []
    action = ""
    if piece is None:
        label = t("psychopath.node_empty", node=place)
    else:
        owner, kind = piece
        label = t("psychopath.node_piece", node=place, owner=seat_name(ctx, owner), kind=t(f"psychopath.kind.{kind}"))
        if hints and node in paralysed:
            notes.append(t("psychopath.frozen_mark" if paralysed[node]["frozen"] else "psychopath.paralysed_mark"))
        if str(node) in destinations:
            token = make_selection(None if node == selected else node)
            action = f' data-action="select" data-arg="{escape(token)}"'
            if node == selected:
                notes.append(t("psychopath.selected"))
    if node in targets:
        action = f' data-action="move" data-arg="{ctx.viewer}:m {selected} {node}"'
        notes.append(t("psychopath.destination"))
    if hints and node in threatened and piece is None:
        notes.append(t("psychopath.threatened_mark"))
    if notes:
        label += " (" + ", ".join(notes) + ")"
    testid = f' data-testid="node-{node}"'
    # The last move's nodes always show their numbers, as the log's latest line names them.
    named = " named" if last and (node in (last["from"], last["to"]) or any(c[0] == node for c in last["captured"])) else ""
    parts = [f'<g class="spot{named}" tabindex="0" role="button" aria-label="{escape(label)}"'
             f' data-nav="{x},{y}"{action}{testid}>',
             f'<polygon class="hit" points="{hit_cell(node, flipped)}"/>', node_circle(node, x, y)]
    if last and last.get("from") == node:
        parts.append(f'<circle class="last-from" cx="{x}" cy="{y}" r="{PIECE_R + 4}"/>')
    if last and last.get("to") == node:
        parts.append(f'<circle class="last-to" cx="{x}" cy="{y}" r="{PIECE_R + 4}"/>')
    if view.get("resurrect_at") == node:
        parts.append(f'<circle class="resurrect-at" cx="{x}" cy="{y}" r="{PIECE_R + 5}"/>')
    if piece is not None:
        owner, kind = piece
        rising = (ctx.animate and getattr(ctx, "fresh", None) and last
                  and any(entry[0] == node for entry in last["resurrected"]))
        parts.append(piece_shape(kind, owner, x, y, seat_colour(ctx, owner), "psy-anim-rise" if rising else "",
                                 ctx.animation_mark() if rising else ""))
        if hints and node in paralysed:
            frozen = paralysed[node]["frozen"]
            parts.append(f'<circle class="paralysed" cx="{x}" cy="{y}" r="{PIECE_R + 6}" data-hint="paralysed"/>')
            if frozen:
                parts.append(cross_path(x, y, PIECE_R + 4, 'class="frozen" data-hint="frozen"'))
    if node in targets:
        parts.append(f'<circle class="dest" cx="{x}" cy="{y}" r="{NODE_R + 2}" data-hint="destination"/>')
    if hints and node in threatened and piece is None:
        parts.append(f'<circle class="threat" cx="{x}" cy="{y}" r="{NODE_R + 4}" data-hint="threatened"/>')
    if node == selected:
        parts.append(f'<circle class="selected-ring" cx="{x}" cy="{y}" r="{PIECE_R + 4}"/>')
    # The keyboard focus: a white ring edged in black, outside every other mark (the
    # pointer gets a thin white ring of its own: the two can show at once).
    parts.append(f'<circle class="hover-ring" cx="{x}" cy="{y}" r="{PIECE_R + 2}"/>'
                 f'<circle class="focus-halo" cx="{x}" cy="{y}" r="{FOCUS_R}"/>'
                 f'<circle class="focus-ring" cx="{x}" cy="{y}" r="{FOCUS_R}"/>')
    # The log says "doctor 52 → 53": a node's number shows under the pointer or the focus.
    # Beside the node on the centre's side, so numbers at the rim stay inside the board.
    right_half = x > CENTRE
    label_x = x - PIECE_R if right_half else x + PIECE_R
    label_y = y - PIECE_R if y > 2 * PIECE_R else y + PIECE_R + 8
    anchor = ' text-anchor="end"' if right_half else ""
    parts.append(f'<text class="node-no" x="{label_x:.1f}" y="{label_y:.1f}"{anchor} aria-hidden="true">{node}</text></g>')
    return "".join(parts)


# --- rules diagrams ------------------------------------------------------------------
# The rulebook's worked examples, set up on our board (node numbers as in
# BOARD.md) and worked out by the rules engine itself: the rings, captures and
# arrows come from the real moves. tests/engine/psychopath/test_psychopath_examples.py
# checks the same positions. Player 0 is white (bottom), player 1 black.
# shows: the piece whose moves are ringed; move: (from, to), played by its piece's owner.
DIAGRAMS = {
    "start": {},
    "moves": {"pieces": {0: "D0", 5: "I0", 14: "S0", 13: "D1", 31: "P0", 43: "P1"}, "shows": 0},
    "capture": {"pieces": {13: "I0", 1: "D1", 33: "D1", 34: "I1", 49: "P0", 45: "P1"}, "move": (34, 20)},
    "border": {"pieces": {"b0": "D0", "b1": "I0", "b2": "D1", 21: "D1", 14: "I1", 22: "I1", 49: "P0", 45: "P1"},
               "move": (21, "b23")},
    "border_safe": {"pieces": {"b0": "D0", "b1": "I0", "b21": "D1", 23: "D1", 14: "I1", 22: "I1", 49: "P0",
                               45: "P1"}, "move": (23, "b3")},
    "paralysis": {"pieces": {2: "D1", 17: "S0", 49: "P0", 45: "P1"}, "shows": 2},
    "parley": {"pieces": {2: "D1", 17: "S0", 37: "S1", 49: "P0", 45: "P1"}, "shows": 2},
}
DIAGRAM_KINDS = {"P": "psychopath", "S": "psychologist", "I": "informer", "D": "doctor"}


def _diagram_node(spot) -> int:
    """A node number, or "bK": the node at border point K (K x 15 degrees from the east)."""
    return BOARD.border_point_node[int(spot[1:])] if isinstance(spot, str) else spot


def diagram_state(name: str):
    """The diagram's position as a game state, and the move it shows (or None)."""
    from ...core.protocol import Settings
    from .rules import EMPTY, KIND_BY_NAME, NODE_COUNT, PIECES_PER_KIND, PsychopathState, Step, code_of, owner_of

    spec = DIAGRAMS[name]
    if "pieces" not in spec:
        return PsychopathState.new(Settings(2), 0), None
    board = [EMPTY] * NODE_COUNT
    for spot, token in spec["pieces"].items():
        board[_diagram_node(spot)] = code_of(int(token[1]), KIND_BY_NAME[DIAGRAM_KINDS[token[0]]])
    state = PsychopathState.new(Settings(2), 0, board)
    state.captured = [[PIECES_PER_KIND[kind] - board.count(code_of(owner, kind)) for kind in range(4)]
                      for owner in range(2)]
    move = Step(*map(_diagram_node, spec["move"])) if "move" in spec else None
    actor = move.source if move else _diagram_node(spec["shows"])  # its owner is to move
    state.turn = owner_of(board[actor])
    state.set_board(board)  # again: the key depends on whose turn it is
    return state, move


def render_diagram(name: str, t, colours=FALLBACK_COLOURS) -> str:
    """A rules diagram as a figure: the board, the pieces, and the example's
    moves (blue rings), or its move (amber) with what it captured (red crosses)."""
    state, move = diagram_state(name)
    spec = DIAGRAMS[name]
    shown = _diagram_node(spec["shows"]) if "shows" in spec else None
    targets = {m.target for m in state.legal_moves(state.turn) if getattr(m, "source", None) == shown} \
        if shown is not None else set()
    if move is not None:
        state.apply(state.turn, move)
    view = state.view(None)
    captured = view["last_move"]["captured"] if move is not None else []
    caption = t(f"psychopath.diagram.{name}")
    out = [f'<figure class="psy-diagram" data-testid="diagram-{name}">'
           f'<svg class="psy-board" viewBox="0 0 {SIZE} {SIZE}" role="img" aria-label="{escape(caption)}">']
    out.extend(path_markup(path, False) for path in range(len(BOARD.paths)))
    if move is not None:  # under the pieces
        (x1, y1), (x2, y2) = node_xy(move.source, False), node_xy(move.target, False)
        out.append(f'<line class="diagram-arrow" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>')
    pieces = view["pieces"]
    for node in range(BOARD.size):
        x, y = node_xy(node, False)
        out.append(node_circle(node, x, y))
        if move is not None and node == move.source:
            out.append(f'<circle class="last-from" cx="{x}" cy="{y}" r="{PIECE_R + 4}"/>')
        if pieces[node] is not None:
            owner, kind = pieces[node]
            out.append(piece_shape(kind, owner, x, y, colours[owner]))
        if move is not None and node == move.target:
            out.append(f'<circle class="last-to" cx="{x}" cy="{y}" r="{PIECE_R + 4}"/>')
        if node in targets:
            out.append(f'<circle class="dest" cx="{x}" cy="{y}" r="{NODE_R + 2}" data-node="{node}"/>')
        if node == shown:
            out.append(f'<circle class="selected-ring" cx="{x}" cy="{y}" r="{PIECE_R + 4}"/>')
    for node, owner, kind in captured:
        x, y = node_xy(node, False)
        cross = cross_path(x, y, PIECE_R + 2, 'class="cross"')
        out.append(f'<g class="diagram-captured" data-captured="{node}">'
                   f'{piece_shape(kind, owner, x, y, colours[owner])}{cross}</g>')
    out.append(f"</svg><figcaption>{escape(caption)}</figcaption></figure>")
    return "".join(out)


def rules_diagram(name: str, t):
    """What the rules page puts where RULES.md says [[diagram NAME]]; None for an unknown name."""
    return render_diagram(name, t) if name in DIAGRAMS else None


def render_controls(view: dict, ctx, hints: bool) -> str:
    t = ctx.t
    buttons = []
    toggle = f"{HINTS}=" if hints else f"{HINTS}=on"
    label = t("psychopath.hints_off" if hints else "psychopath.hints_on")
    buttons.append(f'<button type="button" class="btn" data-action="option" data-arg="{toggle}"'
                   f' aria-pressed="{"true" if hints else "false"}" data-testid="hints">{escape(label)}</button>')
    if ctx.can_act and ctx.viewer in view["to_move"] and view["phase"] == "resurrect":
        for kind in view["resurrect_options"]:
            text = t("psychopath.resurrect", kind=t(f"psychopath.kind.{kind}"))
            buttons.append(f'<button type="button" class="btn primary" data-action="move"'
                           f' data-arg="{ctx.viewer}:r {kind}" data-testid="resurrect-{kind}">{escape(text)}</button>')
    # An HTML list, so the names wrap on a phone in either language.
    legend = [f'<ul class="psy-legend" aria-label="{escape(t("psychopath.legend"))}" data-testid="legend">']
    for kind in KINDS:
        legend.append(f'<li><svg viewBox="0 0 32 32" aria-hidden="true">'
                      f'{piece_shape(kind, 0, 16, 16, FALLBACK_COLOURS[0])}</svg>'
                      f'<span>{escape(t(f"psychopath.kind.{kind}"))}</span></li>')
    legend.append("</ul>")
    return f'<div class="controls" data-testid="controls">{"".join(buttons)}</div>' + "".join(legend)


# --- texts -----------------------------------------------------------------------
def tile_art() -> str:
    from . import TILE_ART

    return TILE_ART


def auto_play_forced(move) -> bool:
    """A forced choice of the piece to bring back needs no click; a forced
    move on the board still does, so the player sees it."""
    return move.text.startswith("r ")


def private_content(view: dict) -> bool:
    return False  # perfect information: nothing to hide in hotseat


def prompt(view: dict, ctx) -> str:
    t = ctx.t
    if view["game_over"]:
        return end_reason(view, ctx)
    if ctx.viewer not in view["to_move"] or not ctx.can_act:
        return t("psychopath.prompt.wait", name=seat_name(ctx, view["turn"]))
    if view["phase"] == "resurrect":
        return t("psychopath.prompt.resurrect", node=view["resurrect_at"])
    selected = parse_selection(ctx.selection)
    if selected is not None and str(selected) in view["destinations"]:
        return t("psychopath.prompt.target", node=selected)
    return t("psychopath.prompt.pick")


def end_reason(view: dict, ctx) -> str:
    """Why the game ended: the prompt once it is over, and the results."""
    t = ctx.t
    reason = view["end_reason"]
    winners = view["winners"]
    if reason == "psychopath":
        return t("psychopath.over.psychopath", name=seat_name(ctx, winners[0]))
    if reason == "no_moves":
        return t("psychopath.over.no_moves", name=seat_name(ctx, winners[0]), loser=seat_name(ctx, 1 - winners[0]))
    if reason == "repetition":
        return t("psychopath.over.repetition")
    return t("psychopath.over.quiet", n=view["quiet_limit"])


def panel_detail(view: dict, player: int, t) -> str:
    count = sum(view["on_board"][player].values())
    lost = [f'{n} {t(f"psychopath.kinds.{kind}" if n > 1 else f"psychopath.kind.{kind}")}'
            for kind, n in view["captured"][player].items() if n]
    text = t("psychopath.panel", count=count)
    if lost:
        text += " · " + t("psychopath.panel_lost", lost=", ".join(lost))
    return text


def move_marks(parts: list) -> list:
    """The nodes a log line names (its move's ends and captures), by data-testid,
    from the engine's description: the app marks them, numbers shown, while the
    line is pointed at or focused."""
    key, params = parts[0]
    if key == "psychopath.log.resurrect":
        nodes = [params["node"]]
    elif key == "psychopath.log.move":
        nodes = [params["source"], params["target"]]
    else:
        return []
    nodes += [node for node, _ in params["captured"]]
    return [f"node-{node}" for node in dict.fromkeys(nodes)]


def log_line(parts: list, names: list, t) -> str:
    """One log line from the engine's description (`State.describe_move`)."""
    key, params = parts[0]
    name = names[params["player"]]
    if key == "psychopath.log.resurrect":
        text = t(key, name=name, kind=t(f"psychopath.kind.{params['kind']}"), node=params["node"])
    elif key == "psychopath.log.move":
        text = t(key, name=name, kind=t(f"psychopath.kind.{params['kind']}"), source=params["source"],
                 target=params["target"])
    else:
        return f"{name}: {params.get('text', '')}"
    if params["captured"]:
        text += " · " + t("psychopath.log.captures", pieces=pieces_text([kind for _, kind in params["captured"]],
                                                                         [node for node, _ in params["captured"]], t))
    return text


def pieces_text(kinds: list, nodes: list, t) -> str:
    """Pieces as the log names them: "informer (13), doctor (30)"."""
    return ", ".join(f"{t(f'psychopath.kind.{kind}')} ({node})" for kind, node in zip(kinds, nodes))


def hint_reason(reason: tuple, names: list, t) -> str:
    """A hint's reason (`State.explain_move`, reasons.py) in words."""
    key, params = reason
    if "kinds" in params:
        return t(key, pieces=pieces_text(params["kinds"], params["nodes"], t))
    if "kind" in params:
        return t(key, kind=t(f"psychopath.kind.{params['kind']}"), source=params["source"], target=params["target"])
    return t(key)


# --- the contract ---------------------------------------------------------------
class PsychopathUI(GameUI):
    """PSYCHOPATH's table for the app: the hooks above, bound to the contract (ludoteca/games/game_ui.py)."""

    MESSAGES = MESSAGES
    RUNNING_SCORE = RUNNING_SCORE
    render_table = staticmethod(render_table)
    log_line = staticmethod(log_line)
    prompt = staticmethod(prompt)
    panel_detail = staticmethod(panel_detail)
    end_reason = staticmethod(end_reason)
    private_content = staticmethod(private_content)
    auto_play_forced = staticmethod(auto_play_forced)
    rules_diagram = staticmethod(rules_diagram)
    hint_selection = staticmethod(hint_selection)
    hint_reason = staticmethod(hint_reason)
    move_marks = staticmethod(move_marks)


UI = PsychopathUI()
