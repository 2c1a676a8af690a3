"""Alphabeticell's table: SVG markup from a player's view, plus log texts.

Pure string building (no browser imports), so it is tested under CPython.
Cards show their top letter large and bottom letter small, like the real
deck; in a line the letter in use is solid and the other one faded.
"""

from html import escape

from ...ui.i18n import register

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
WIDTH = 360
CARD_W, CARD_H, GAP = 24, 34, 3
ROW_H = 58
TOP_H = 134
STRIP_H = 40

MESSAGES_EN = {
    "game.alphabeticell.title": "Alphabeticell",
    "game.alphabeticell.blurb": "Take two-letter cards to build the longest alphabetical line. Skip a letter and it is gone for good.",
    "alphabeticell.variant.rules": "Rule set",
    "alphabeticell.variant.rules.classic": "Classic (11 cards end a round, play to 30)",
    "alphabeticell.variant.rules.2018": "2018 (4 discards end a round, play to 25)",
    "alphabeticell.variant.rules.help": "The 2018 revision ends a round after four discarded cards.",
    "abc.deck": "Deck",
    "abc.discards": "Discards",
    "abc.round": "Round {n}",
    "abc.target": "First to {n}",
    "abc.dealer": "dealer",
    "abc.passed": "passed",
    "abc.cards": "{n} cards",
    "abc.prompt_keep": "Choose the card that starts your line",
    "abc.prompt_offer": "Take {card} or pass?",
    "abc.keep": "Keep {card}",
    "abc.pass": "Pass",
    "abc.take": "Take as {letter} on the {end}",
    "abc.take_first": "Take as {letter} on the {end}; your first card reads {first}",
    "abc.end.L": "left",
    "abc.end.R": "right",
    "abc.hand_hidden": "{name} is choosing a card",
    "abc.last_round": "Round {n}: {scores}",
    "abc.reason.eleven": "{name} took an 11th card",
    "abc.reason.deck": "the deck ran out",
    "abc.reason.discards": "four cards were discarded",
    "abc.log.keep": "{name} keeps {card}",
    "abc.log.pass": "{name} passes on {card}",
    "abc.log.take": "{name} takes {card} as {letter} ({end})",
    "abc.log.flip": "{card} turned up",
    "abc.log.dealt": "cards dealt",
    "abc.unseen": "Letters still unseen",
}
register("en", MESSAGES_EN)


def tile_art() -> str:
    return ('<svg viewBox="0 0 120 70" aria-hidden="true">'
            + card_svg("NH", 14, 10, "N", scale=1.45)
            + card_svg("AP", 46, 10, "P", scale=1.45)
            + card_svg("SC", 78, 10, "S", scale=1.45)
            + "</svg>")


def card_svg(card: str, x: float, y: float, used=None, scale: float = 1.0,
             cls: str = "", extra: str = "") -> str:
    """One card; `used` is the letter in use (None: both letters alike)."""
    w, h = CARD_W * scale, CARD_H * scale
    top, bottom = card[0], card[1]
    top_cls = "used" if used == top else ("faded" if used else "")
    bottom_cls = "used" if used == bottom else ("faded" if used else "")
    # The animated class sits on an inner group: a CSS transform would
    # otherwise replace the positioning transform attribute.
    return (f'<g transform="translate({x:.1f},{y:.1f})"{extra}><g class="card {cls}">'
            f'<rect width="{w:.1f}" height="{h:.1f}" rx="{3 * scale:.1f}"/>'
            f'<text class="top {top_cls}" x="{w / 2:.1f}" y="{h * 0.47:.1f}" font-size="{15 * scale:.1f}">{top}</text>'
            f'<text class="bottom {bottom_cls}" x="{w / 2:.1f}" y="{h * 0.86:.1f}" font-size="{10 * scale:.1f}">{bottom}</text>'
            "</g></g>")


def auto_play_forced(move) -> bool:
    """A forced pass needs no click; a forced keep or take still does."""
    return move.text == "pass"


def private_content(view: dict) -> bool:
    """Hotseat hand-off is needed while the viewer holds secret dealt cards."""
    return view["phase"] == "keep" and bool(view["hand"])


def prompt(view: dict, ctx) -> str:
    if view["phase"] == "keep":
        return ctx.t("abc.prompt_keep")
    if view["phase"] == "offer" and view["face_up"]:
        return ctx.t("abc.prompt_offer", card=view["face_up"])
    return ""


def panel_detail(view: dict, player: int, t) -> str:
    parts = [t("abc.cards", n=len(view["lines"][player]))]
    if view["dealer"] == player and not view["game_over"]:
        parts.append(t("abc.dealer"))
    return " · ".join(parts)


def describe_move(entry, names: list, t, before) -> str:
    """Log line for a move; `before` is the state it was played in."""
    name = names[entry.player]
    words = entry.move.text.split()
    if words[0] == "keep":
        text = t("abc.log.keep", name=name, card=words[1])
    elif words[0] == "pass":
        text = t("abc.log.pass", name=name, card=before.face_up)
    else:
        text = t("abc.log.take", name=name, card=before.face_up, letter=words[2],
                 end=t(f"abc.end.{words[1]}"))
    flips = [move.text.split()[1] for move in entry.chance if move.text.startswith("flip")]
    if flips:
        text += " · " + ", ".join(t("abc.log.flip", card=card) for card in flips)
    return text


# --- the table -------------------------------------------------------------------
def render_table(view: dict, ctx) -> str:
    players = view["players"]
    height = TOP_H + ROW_H * players + STRIP_H
    fresh_flip = any(m.text.startswith("flip") for e in ctx.fresh for m in e.chance)
    taken_by = {e.player for e in ctx.fresh if e.move.text.startswith("take")}
    parts = [f'<svg class="abc-table" viewBox="0 0 {WIDTH} {height}" role="img"'
             f' aria-label="{escape(ctx.t("game.alphabeticell.title"))}" data-testid="table">']
    parts.append(render_centre(view, ctx, fresh_flip))
    for player in range(players):
        parts.append(render_line(view, ctx, player, TOP_H + ROW_H * player, player in taken_by))
    parts.append(render_strip(view, ctx, TOP_H + ROW_H * players + 4))
    parts.append("</svg>")
    return "".join(parts) + render_controls(view, ctx)


def render_centre(view: dict, ctx, fresh_flip: bool) -> str:
    t = ctx.t
    out = []
    out.append(f'<text class="info" x="6" y="14">{escape(t("abc.round", n=view["round"]))}'
               f' · {escape(t("abc.target", n=view["target"]))}</text>')
    last = view["last_round"]
    if last is not None and view["round"] == last["round"] + 1:
        scores = ", ".join(f"{ctx.seats[p].name} {s}" for p, s in enumerate(last["scores"]))
        out.append(f'<text class="info small" x="6" y="28" data-testid="last-round">'
                   f'{escape(t("abc.last_round", n=last["round"], scores=scores))}</text>')
    # Deck: a stack of backs with the count.
    out.append('<g class="deck" transform="translate(40,36)" data-testid="deck">'
               '<rect class="back" x="4" y="4" width="48" height="68" rx="5"/>'
               '<rect class="back" width="48" height="68" rx="5"/>'
               f'<text class="count" x="24" y="42">{view["deck_count"]}</text>'
               f'<text class="label" x="24" y="86">{escape(t("abc.deck"))}</text></g>')
    if view["face_up"]:
        anim = " anim-flip" if fresh_flip and ctx.animate else ""
        out.append(card_svg(view["face_up"], 150, 30, None, scale=2.2, cls="face-up" + anim,
                            extra=' data-testid="face-up"'))
    discards = view["discards"]
    out.append('<g class="discards" transform="translate(262,36)" data-testid="discards">')
    if discards:
        out.append(card_svg(discards[-1], 0, 0, None, scale=2.0, cls="discarded"))
    else:
        out.append('<rect class="slot" width="48" height="68" rx="5"/>')
    out.append(f'<text class="label" x="24" y="86">{escape(t("abc.discards"))} ({view["discard_count"]})</text></g>')
    return "".join(out)


def _line_geometry(length: int, ghosts: bool) -> float:
    slots = length + (2 if ghosts else 0)
    return (WIDTH - slots * (CARD_W + GAP) + GAP) / 2 + ((CARD_W + GAP) if ghosts else 0)


def render_line(view: dict, ctx, player: int, y: float, just_took: bool) -> str:
    t = ctx.t
    line = view["lines"][player]
    seat_colour = ctx.colour(player)
    turn = player in view["to_move"]
    labels = [ctx.name(player)]
    if view["dealer"] == player and not view["game_over"]:
        labels.append(escape(t("abc.dealer")))
    if player in view["passed"]:
        labels.append(escape(t("abc.passed")))
    out = [f'<g class="line{" turn" if turn else ""}" data-testid="line-{player}" style="--seat:{seat_colour}">'
           f'<rect class="row-bg" x="2" y="{y}" width="{WIDTH - 4}" height="{ROW_H - 4}" rx="6"/>'
           f'<circle cx="12" cy="{y + 11}" r="5" fill="{seat_colour}"/>'
           f'<text class="pname" x="22" y="{y + 15}">{" · ".join(labels)}</text>']
    placements = view["legal_placements"] if (ctx.can_act and player == ctx.viewer) else []
    ghosts = bool(placements) or bool(line) and player == ctx.viewer
    x0 = _line_geometry(len(line), ghosts)
    card_y = y + 19
    if not line and view["phase"] == "keep":
        text = t("abc.hand_hidden", name=ctx.seats[player].name) if player in view["to_move"] else ""
        out.append(f'<text class="muted-text" x="{WIDTH / 2}" y="{card_y + 20}">{escape(text)}</text>')
    for index, item in enumerate(line):
        last = index in (0, len(line) - 1) and just_took and ctx.animate
        out.append(card_svg(item["card"], x0 + index * (CARD_W + GAP), card_y, item["letter"],
                            cls="anim-take" if last else ""))
    if placements:
        for end in ("L", "R"):
            options = [p for p in placements if p["end"] == end]
            if not options:
                continue
            gx = x0 - (CARD_W + GAP) if end == "L" else x0 + len(line) * (CARD_W + GAP)
            letters = "/".join(sorted({p["letter"] for p in options}))
            action = ""
            if len(options) == 1:
                action = (f' data-action="move" data-arg="{ctx.viewer}:{escape(options[0]["move"])}"'
                          f' data-testid="ghost-{end}" tabindex="0" role="button"')
            out.append(f'<g class="ghost" transform="translate({gx:.1f},{card_y})"{action}>'
                       f'<rect width="{CARD_W}" height="{CARD_H}" rx="3"/>'
                       f'<text x="{CARD_W / 2}" y="{CARD_H * 0.62}">{letters}</text></g>')
    out.append("</g>")
    return "".join(out)


def _usable_letters(view: dict, player) -> set:
    """Letters the player's line could still take at either end."""
    if player is None:
        return set()
    ends = view["line_ends"][player]
    if ends is None:  # no card yet, or one whose letter is still open: any letter fits
        return set(ALPHABET)
    first, last = ends
    return {c for c in ALPHABET if c < first or c > last}


def render_strip(view: dict, ctx, y: float) -> str:
    usable = _usable_letters(view, ctx.viewer)
    unseen = view["unseen_letters"]
    step = (WIDTH - 8) / 26
    out = [f'<g class="strip" data-testid="strip"><title>{escape(ctx.t("abc.unseen"))}</title>']
    for index, letter in enumerate(ALPHABET):
        x = 4 + index * step + step / 2
        cls = "usable" if letter in usable else "closed"
        count = unseen.get(letter, 0)
        out.append(f'<text class="strip-letter {cls}" x="{x:.1f}" y="{y + 14}">{letter}</text>'
                   f'<text class="strip-count" x="{x:.1f}" y="{y + 28}">{count or "·"}</text>')
    out.append("</g>")
    return "".join(out)


def render_controls(view: dict, ctx) -> str:
    """Accessible buttons for every legal move of the viewer."""
    if not ctx.can_act:
        return ""
    t = ctx.t
    player = ctx.viewer
    buttons = []
    if view["phase"] == "keep":
        for card in view["hand"]:
            buttons.append(
                f'<button type="button" class="btn card-btn" data-action="move" data-arg="{player}:keep {card}"'
                f' data-testid="keep-{card}"><svg viewBox="0 0 54 76" aria-hidden="true">'
                f'{card_svg(card, 0, 0, None, scale=2.2)}</svg>{escape(t("abc.keep", card=card))}</button>')
    elif view["phase"] == "offer":
        for placement in view["legal_placements"]:
            end = t(f"abc.end.{placement['end']}")
            if placement["first_letter"]:
                label = t("abc.take_first", letter=placement["letter"], end=end, first=placement["first_letter"])
            else:
                label = t("abc.take", letter=placement["letter"], end=end)
            buttons.append(
                f'<button type="button" class="btn primary" data-action="move"'
                f' data-arg="{player}:{escape(placement["move"])}" data-testid="take-{escape(placement["move"].replace(" ", "-"))}">'
                f"{escape(label)}</button>")
        if "pass" in view["legal_moves"]:
            buttons.append(f'<button type="button" class="btn" data-action="move" data-arg="{player}:pass"'
                           f' data-testid="pass">{escape(t("abc.pass"))}</button>')
    return f'<div class="controls" data-testid="controls">{"".join(buttons)}</div>' if buttons else ""
