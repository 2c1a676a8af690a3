"""Alphabeticell's table: SVG markup from a player's view, plus log texts.

Pure string building (no browser imports, nothing from `ludoteca.ui`), so it
is tested under CPython; the app registers `MESSAGES`. Cards show their top
letter large and bottom letter small, like the real deck; in a line the
letter in use is solid and the other one faded.
"""

from html import escape

from ..game_ui import GameUI
from . import TILE_ART, TITLE
from ..texts import count_text

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
WIDTH = 360
CARD_W, CARD_H, GAP = 24, 34, 3
ROW_H = 58
TOP_H = 134
STRIP_H = 48  # the label, the letters, their counts
PAIR_W = CARD_W + 12  # a letter choice that also fixes the first card's letter
# A slot or choice takes taps over at least this many units each way: 44 px on a 360-px
# phone, where the table is drawn about 324 px wide (or less, capped by the window's height).
HIT_MIN = 51

MESSAGES = {
    "en": {
        "game.alphabeticell.title": TITLE["en"],
        "alphabeticell.variant.rules": "Rule set",
        "alphabeticell.variant.rules.classic": "Classic (11 cards end a round, play to 30)",
        "alphabeticell.variant.rules.2018": "2018 (4 discards end a round, play to 25)",
        "alphabeticell.variant.rules.help": "The 2018 revision ends a round after four discarded cards.",
        "abc.deck": "Deck",
        "abc.deck_left.one": "{n} card left in the deck",
        "abc.deck_left.other": "{n} cards left in the deck",
        "abc.face_up": "Face-up card: {card}",
        "abc.discards": "Discards",
        "abc.round": "Round {n}",
        "abc.target": "First to {n}",
        "abc.dealer": "dealer",
        "abc.passed": "passed",
        "abc.cards.one": "{n} card",
        "abc.cards.other": "{n} cards",
        "abc.prompt_keep": "Choose the card that starts your line",
        "abc.prompt_offer": "Take {card} or pass?",
        "abc.prompt_letter.L": "Which letter of {card} goes on the left?",
        "abc.prompt_letter.R": "Which letter of {card} goes on the right?",
        "abc.keep": "Keep {card}",
        "abc.pass": "Pass",
        "abc.take.L": "Take {card} as {letter} on the left",
        "abc.take.R": "Take {card} as {letter} on the right",
        "abc.take_first.L": "Take {card} as {letter} on the left; your first card reads {first}",
        "abc.take_first.R": "Take {card} as {letter} on the right; your first card reads {first}",
        "abc.take_short.L": "Left: {letter}",
        "abc.take_short.R": "Right: {letter}",
        "abc.take_short_first": "first card {first}",
        "abc.slot.L": "Put {card} on the left: choose its letter ({letters})",
        "abc.slot.R": "Put {card} on the right: choose its letter ({letters})",
        "abc.choose_card": "Choose a card",
        "abc.hand_hidden": "{name} is choosing a card",
        "abc.last_round": "Round {n}: {scores}",
        "abc.reason.eleven": "{name} took an 11th card",
        "abc.reason.deck": "the deck ran out",
        "abc.reason.discards": "four cards were discarded",
        "abc.log.keep": "{name} keeps {card}",
        "abc.log.pass": "{name} passes on {card}",
        "abc.log.take.L": "{name} takes {card} as {letter}, on the left",
        "abc.log.take.R": "{name} takes {card} as {letter}, on the right",
        "abc.why.keep": "{card} leaves your line the most room: as {letter}, it has {below} unseen letters before it and {above} after it.",
        "abc.why.keep_room": "As {letter}, {card} has {below} unseen letters before it and {above} after it.",
        "abc.why.eleven": "Your 11th card: it ends the round at once.",
        "abc.why.second": "{card} as {letter}, with {first_card} as {first_letter} (letters skipped between them: {skipped}).",
        "abc.why.take.L": "{card} fits as {letter} before your {end_letter} (letters skipped: {skipped}).",
        "abc.why.take.R": "{card} fits as {letter} after your {end_letter} (letters skipped: {skipped}).",
        "abc.why.nothing_fits": "Neither letter of {card} fits your line, {low} to {high}.",
        "abc.why.wait": "Taking {card} would lose letters for good (at least {skipped}); a closer card may come.",
        "abc.log.flip": "{card} turned up",
        "abc.log.dealt": "new round: three cards each",
        "abc.log.your_cards": "you get {cards}",
        "abc.unseen": "Still unseen: cards per letter",
        "abc.log.round_end": "round {n} over, {reason}: {scores}",
        "abc.round_over": "Round {n} is over: {reason}.",
        "abc.end_reason": "After round {round} a score reached {target}, the target.",
        "abc.round_score": "{name}: {points} this round, {total} in all",
        "abc.points.one": "{n} point",
        "abc.points.other": "{n} points",
        "abc.diagram.line": "A line that reads N, P, S: each card's solid letter is the one it counts as. A new card can still bring any letter from A to M to the left end, or from T to Z to the right end. O, Q and R were skipped and can never come back, and N, P and S are used up.",
        "abc.diagram.reachable": "can still be added",
        "abc.diagram.closed": "out of reach",
        "error.abc.no_card": "There is no card {card}.",
        "error.abc.not_letter": "“{word}” is not a letter.",
        "error.abc.word_count": "This move takes {min} to {max} words after its name, not “{text}”.",
        "error.abc.not_end": "The end must be L (left) or R (right), not “{end}”.",
        "error.abc.state_not_ours": "This is not an Alphabeticell position ({game}).",
        "error.abc.state_field": "The saved position is damaged: {field} is missing or unreadable.",
        "error.abc.state_number": "The saved position is damaged: {field} cannot be {value}.",
        "error.abc.state_length": "The saved position is damaged: {field} has {count} entries instead of {expected}.",
        "error.abc.state_card": "The saved position is damaged: there is no card {card}.",
        "error.abc.state_card_twice": "The saved position is damaged: the card {card} is in two places.",
        "error.abc.state_card_missing": "The saved position is damaged: the card {card} is missing.",
        "error.abc.state_line": "The saved position is damaged: player {player}'s line is not a valid line.",
        "error.abc.state_phase": "The saved position is damaged: the cards do not fit the phase “{phase}”.",
        "error.abc.state_scores": "The saved position is damaged: the scores do not add up.",
    },
    "it": {
        "game.alphabeticell.title": TITLE["it"],
        "alphabeticell.variant.rules": "Regolamento",
        "alphabeticell.variant.rules.classic": "Classico (la mano finisce a 11 carte, si gioca fino a 30)",
        "alphabeticell.variant.rules.2018": "2018 (la mano finisce al quarto scarto, si gioca fino a 25)",
        "alphabeticell.variant.rules.help": "Nell'edizione del 2018 la mano si chiude quando viene scartata la quarta carta.",
        "abc.deck": "Mazzo",
        "abc.deck_left.one": "Nel mazzo resta {n} carta",
        "abc.deck_left.other": "Nel mazzo restano {n} carte",
        "abc.face_up": "Carta scoperta: {card}",
        "abc.discards": "Scarti",
        "abc.round": "Mano {n}",
        "abc.target": "Partita a {n} punti",
        "abc.dealer": "mazziere",
        "abc.passed": "ha passato",
        "abc.cards.one": "{n} carta",
        "abc.cards.other": "{n} carte",
        "abc.prompt_keep": "Scegli la carta da cui parte la tua fila",
        "abc.prompt_offer": "Prendi {card} o passi?",
        "abc.prompt_letter.L": "Quale lettera di {card} metti a sinistra?",
        "abc.prompt_letter.R": "Quale lettera di {card} metti a destra?",
        "abc.keep": "Tieni {card}",
        "abc.pass": "Passo",
        "abc.take.L": "Prendi {card} come {letter}, a sinistra",
        "abc.take.R": "Prendi {card} come {letter}, a destra",
        "abc.take_first.L": "Prendi {card} come {letter}, a sinistra; la tua prima carta vale {first}",
        "abc.take_first.R": "Prendi {card} come {letter}, a destra; la tua prima carta vale {first}",
        "abc.take_short.L": "Sinistra: {letter}",
        "abc.take_short.R": "Destra: {letter}",
        "abc.take_short_first": "prima carta {first}",
        "abc.slot.L": "Metti {card} a sinistra: scegli quale lettera usare ({letters})",
        "abc.slot.R": "Metti {card} a destra: scegli quale lettera usare ({letters})",
        "abc.choose_card": "Scegli una carta",
        "abc.hand_hidden": "{name} sta scegliendo una carta",
        "abc.last_round": "Mano {n}: {scores}",
        "abc.reason.eleven": "{name} ha preso l'undicesima carta",
        "abc.reason.deck": "il mazzo è finito",
        "abc.reason.discards": "sono state scartate quattro carte",
        "abc.log.keep": "{name} tiene {card}",
        "abc.log.pass": "{name} lascia {card}",
        "abc.log.take.L": "{name} prende {card} come {letter}, a sinistra",
        "abc.log.take.R": "{name} prende {card} come {letter}, a destra",
        "abc.why.keep": "{card} lascia alla tua fila più spazio: come {letter}, ha {below} lettere non ancora viste prima e {above} dopo.",
        "abc.why.keep_room": "Come {letter}, {card} ha {below} lettere non ancora viste prima e {above} dopo.",
        "abc.why.eleven": "La tua undicesima carta: chiude subito la mano.",
        "abc.why.second": "{card} come {letter}, con {first_card} come {first_letter} (lettere saltate tra le due: {skipped}).",
        "abc.why.take.L": "{card} entra come {letter} prima della tua {end_letter} (lettere saltate: {skipped}).",
        "abc.why.take.R": "{card} entra come {letter} dopo la tua {end_letter} (lettere saltate: {skipped}).",
        "abc.why.nothing_fits": "Nessuna lettera di {card} entra nella tua fila, da {low} a {high}.",
        "abc.why.wait": "Prendere {card} farebbe perdere lettere per sempre (almeno {skipped}); può arrivare una carta più vicina.",
        "abc.log.flip": "esce {card}",
        "abc.log.dealt": "nuova mano: tre carte a testa",
        "abc.log.your_cards": "a te: {cards}",
        "abc.unseen": "Non ancora uscite: carte per lettera",
        "abc.log.round_end": "fine della mano {n}, {reason}: {scores}",
        "abc.round_over": "La mano {n} è finita: {reason}.",
        "abc.end_reason": "Dopo la mano {round} un punteggio ha raggiunto {target}, l'obiettivo.",
        "abc.round_score": "{name}: {points} in questa mano, {total} in tutto",
        "abc.points.one": "{n} punto",
        "abc.points.other": "{n} punti",
        "abc.diagram.line": "Una fila che si legge N, P, S: su ogni carta conta la lettera piena. Una carta nuova può ancora portare una lettera dalla A alla M all'estremità sinistra, o dalla T alla Z a quella destra. O, Q e R sono state saltate e non tornano più, e N, P e S sono già in fila.",
        "abc.diagram.reachable": "si può ancora aggiungere",
        "abc.diagram.closed": "irraggiungibile",
        "error.abc.no_card": "La carta {card} non esiste.",
        "error.abc.not_letter": "“{word}” non è una lettera.",
        "error.abc.word_count": "Dopo il nome di questa mossa servono da {min} a {max} parole, non “{text}”.",
        "error.abc.not_end": "Il lato va indicato con L (sinistra) o R (destra), non con “{end}”.",
        "error.abc.state_not_ours": "Questa non è una posizione di Alphabeticell ({game}).",
        "error.abc.state_field": "La posizione salvata è danneggiata: {field} manca o non si legge.",
        "error.abc.state_number": "La posizione salvata è danneggiata: {field} non può valere {value}.",
        "error.abc.state_length": "La posizione salvata è danneggiata: {field} ha {count} elementi invece di {expected}.",
        "error.abc.state_card": "La posizione salvata è danneggiata: la carta {card} non esiste.",
        "error.abc.state_card_twice": "La posizione salvata è danneggiata: la carta {card} compare in due posti.",
        "error.abc.state_card_missing": "La posizione salvata è danneggiata: manca la carta {card}.",
        "error.abc.state_line": "La posizione salvata è danneggiata: la fila del giocatore {player} non è valida.",
        "error.abc.state_phase": "La posizione salvata è danneggiata: le carte non corrispondono alla fase “{phase}”.",
        "error.abc.state_scores": "La posizione salvata è danneggiata: i punteggi non tornano.",
    },
}


def tile_art() -> str:
    return TILE_ART


def card_svg(card: str, x: float, y: float, used=None, scale: float = 1.0,
             cls: str = "", extra: str = "", mark: str = "") -> str:
    """One card; `used` is the letter in use (None: both letters alike); `mark`, an
    animated card's `RenderContext.animation_mark`."""
    w, h = CARD_W * scale, CARD_H * scale
    top, bottom = card[0], card[1]
    top_cls = "used" if used == top else ("faded" if used else "")
    bottom_cls = "used" if used == bottom else ("faded" if used else "")
    # The animated class sits on an inner group: a CSS transform would
    # otherwise replace the positioning transform attribute.
    return (f'<g transform="translate({x:.1f},{y:.1f})"{extra}><g class="card {cls}"{mark}>'
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


def _selected_end(view: dict, ctx):
    """The end ("L"/"R") the app's selection points at, if it still offers
    several letters; any other selection is ignored."""
    selection = getattr(ctx, "selection", None)
    if not selection or not selection.startswith("end:"):
        return None
    end = selection[len("end:"):]
    options = [p for p in view["legal_placements"] if p["end"] == end]
    return end if len(options) > 1 else None


def prompt(view: dict, ctx) -> str:
    if view["phase"] == "keep":
        return ctx.t("abc.prompt_keep")
    if view["phase"] == "offer" and view["face_up"]:
        end = _selected_end(view, ctx) if ctx.can_act else None
        if end is not None:
            return ctx.t(f"abc.prompt_letter.{end}", card=view["face_up"])
        return ctx.t("abc.prompt_offer", card=view["face_up"])
    return ""


def panel_detail(view: dict, player: int, t) -> str:
    parts = [count_text(t, "abc.cards", len(view["lines"][player]))]
    if view["dealer"] == player and not view["game_over"]:
        parts.append(t("abc.dealer"))
    return " · ".join(parts)


def end_reason(view: dict, ctx) -> str:
    """Why the game ended, for the results: someone reached the target."""
    return ctx.t("abc.end_reason", target=view["target"], round=view["round"])


def take_label(t, card: str, placement: dict) -> str:
    """The full sentence for one way of taking the face-up card."""
    end, letter, first = placement["end"], placement["letter"], placement["first_letter"]
    if first:
        return t(f"abc.take_first.{end}", card=card, letter=letter, first=first)
    return t(f"abc.take.{end}", card=card, letter=letter)


def take_short_label(t, placement: dict) -> tuple:
    """What a take button shows: the end and the letter, then the first
    card's letter when the take chooses it too (else ""). Four full
    sentences stacked up over the table on a phone; the sentence follows the
    visible text in the accessible name (which must begin with it) and the
    tooltip."""
    end, letter, first = placement["end"], placement["letter"], placement["first_letter"]
    return t(f"abc.take_short.{end}", letter=letter), t("abc.take_short_first", first=first) if first else ""


def reason_text(t, last_round: dict, names: list) -> str:
    """Why a round ended, in words."""
    ender = names[last_round["ender"]] if last_round["ender"] is not None else ""
    return t(f"abc.reason.{last_round['reason']}", name=ender)


def log_line(parts: list, names: list, t) -> str:
    """A log line from the engine's descriptions (`State.describe_move`): the
    move's, then its chance events'. Flips, the round's end and the deal read
    as before: a dealt card comes with its name only to the player who got it."""
    (key, params), events = parts[0], parts[1:]
    if key.startswith("abc.log."):
        text = t(key, name=names[params["player"]], **{k: v for k, v in params.items()
                                                       if k not in ("player", "round_end")})
    else:
        text = f"{names[params['player']]}: {params.get('text', '')}"
    flips = [event["card"] for kind, event in events if kind == "abc.log.flip"]
    if flips:
        text += " · " + ", ".join(t("abc.log.flip", card=card) for card in flips)
    ended = params.get("round_end")
    if ended is not None:
        scores = ", ".join(f"{names[p]} +{s}" for p, s in enumerate(ended["scores"]))
        text += " · " + t("abc.log.round_end", n=ended["round"], reason=reason_text(t, ended, names),
                          scores=scores)
    deals = [event["card"] for kind, event in events if kind == "abc.log.deal"]
    if deals:
        text += " · " + t("abc.log.dealt")
        mine = [card for card in deals if card is not None]
        if mine:
            text += " · " + t("abc.log.your_cards", cards=", ".join(mine))
    return text


# --- the table -------------------------------------------------------------------
def render_table(view: dict, ctx) -> str:
    players = view["players"]
    height = TOP_H + ROW_H * players + STRIP_H
    # The new moves as this viewer may know them, so a guest's table animates as the host's does.
    fresh_flip = any(key == "abc.log.flip" for parts in ctx.fresh for key, _params in parts)
    taken_by = {params["player"] for parts in ctx.fresh for key, params in parts if key.startswith("abc.log.take")}
    # A group, not an image: it holds buttons (the slots beside the viewer's line).
    parts = [f'<svg class="abc-table" viewBox="0 0 {WIDTH} {height}" role="group"'
             f' aria-label="{escape(ctx.t("game.alphabeticell.title"))}" data-testid="table">']
    parts.append(render_centre(view, ctx, fresh_flip))
    for player in range(players):
        parts.append(render_line(view, ctx, player, TOP_H + ROW_H * player, player in taken_by))
    parts.append(render_strip(view, ctx, TOP_H + ROW_H * players + 4))
    parts.append("</svg>")
    return render_round_summary(view, ctx) + "".join(parts) + render_controls(view, ctx)


def render_round_summary(view: dict, ctx) -> str:
    """Who scored what and why, when a round has just ended (its cards are gone
    from the table) or the game is over."""
    last = view["last_round"]
    just_ended = last is not None and view["round"] == last["round"] + 1 and view["phase"] == "keep"
    if last is None or not (just_ended or view["game_over"]):
        return ""
    t = ctx.t
    names = [seat.name for seat in ctx.seats]
    rows = "".join(
        f'<li class="{ctx.seat_class(p)}" data-testid="round-score-{p}"><span class="dot"></span>'
        + escape(t("abc.round_score", name=names[p], points=count_text(t, "abc.points", score),
                   total=view["totals"][p])) + "</li>"
        for p, score in enumerate(last["scores"]))
    return (f'<section class="abc-round-summary" data-testid="round-summary" aria-labelledby="abc-round-over">'
            f'<h2 id="abc-round-over">{escape(t("abc.round_over", n=last["round"], reason=reason_text(t, last, names)))}</h2>'
            f"<ul>{rows}</ul></section>")


def render_centre(view: dict, ctx, fresh_flip: bool) -> str:
    t = ctx.t
    out = []
    out.append(f'<text class="info" x="6" y="14">{escape(t("abc.round", n=view["round"]))}'
               f' · {escape(t("abc.target", n=view["target"]))}</text>')
    last = view["last_round"]
    if last is not None and view["round"] == last["round"] + 1:
        scores = ", ".join(f"{ctx.seats[p].name} {s}" for p, s in enumerate(last["scores"]))
        ender = ctx.seats[last["ender"]].name if last["ender"] is not None else ""
        reason = t(f"abc.reason.{last['reason']}", name=ender)
        out.append(f'<text class="info small" x="6" y="28" data-testid="last-round">'
                   f'<title>{escape(reason)}</title>'
                   f'{escape(t("abc.last_round", n=last["round"], scores=scores))}</text>')
    # Deck: a stack of backs with the count.
    deck_label = count_text(t, "abc.deck_left", view["deck_count"])
    out.append(f'<g class="deck" transform="translate(40,36)" data-testid="deck" role="img"'
               f' aria-label="{escape(deck_label)}">'
               '<rect class="back" x="4" y="4" width="48" height="68" rx="5"/>'
               '<rect class="back" width="48" height="68" rx="5"/>'
               f'<text class="count" x="24" y="42">{view["deck_count"]}</text>'
               f'<text class="label" x="24" y="86">{escape(t("abc.deck"))}</text></g>')
    if view["face_up"]:
        flipping = fresh_flip and ctx.animate
        label = escape(t("abc.face_up", card=view["face_up"]))
        out.append(card_svg(view["face_up"], 150, 30, None, scale=2.2, cls="face-up" + (" anim-flip" if flipping else ""),
                            extra=f' data-testid="face-up" role="img" aria-label="{label}"',
                            mark=ctx.animation_mark() if flipping else ""))
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
    seat = ctx.seats[player]
    seat_colour = ctx.colour(player)  # one of the app's colours, never the save's text
    turn = player in view["to_move"]
    labels = [escape(seat.name)]
    if view["dealer"] == player and not view["game_over"]:
        labels.append(escape(t("abc.dealer")))
    if player in view["passed"]:
        labels.append(escape(t("abc.passed")))
    out = [f'<g class="line {ctx.seat_class(player)}{" turn" if turn else ""}" data-testid="line-{player}">'
           f'<rect class="row-bg" x="2" y="{y}" width="{WIDTH - 4}" height="{ROW_H - 4}" rx="6"/>'
           f'<circle cx="12" cy="{y + 11}" r="5" fill="{seat_colour}"/>'
           f'<text class="pname" x="22" y="{y + 15}">{" · ".join(labels)}</text>']
    placements = view["legal_placements"] if (ctx.can_act and player == ctx.viewer) else []
    ghosts = bool(placements) or bool(line) and player == ctx.viewer
    x0 = _line_geometry(len(line), ghosts)
    card_y = y + 19
    fit = _line_fit(len(line), ghosts)
    if fit < 1:  # a long line (the 2018 rules have no 11-card limit) shrinks about the centre
        out.append(f'<g class="long-line" transform="translate({WIDTH / 2},{card_y}) scale({fit:.3f})'
                   f' translate({-WIDTH / 2},{-card_y})">')
    if not line and view["phase"] == "keep" and turn:
        text = t("abc.choose_card") if player == ctx.viewer else t("abc.hand_hidden", name=seat.name)
        out.append(f'<text class="muted-text" x="{WIDTH / 2}" y="{card_y + 20}">{escape(text)}</text>')
    placed = view.get("last_placed")
    placed_index = placed["index"] if placed and placed["player"] == player else None
    for index, item in enumerate(line):
        classes = []
        taking = index == placed_index and just_took and ctx.animate
        if index == placed_index:
            classes.append("last")  # marked like lichess's last move, until the next card is placed
            if taking:
                classes.append("anim-take")
        out.append(card_svg(item["card"], x0 + index * (CARD_W + GAP), card_y, item["letter"],
                            cls=" ".join(classes),
                            extra=' data-testid="last-placed"' if index == placed_index else "",
                            mark=ctx.animation_mark() if taking else ""))
    if placements:
        out.append(render_slots(view, ctx, placements, x0, len(line), card_y, fit))
    if fit < 1:
        out.append("</g>")
    out.append("</g>")
    return "".join(out)


LINE_MARGIN = 6  # kept free at each side of a line


def _line_fit(length: int, ghosts: bool) -> float:
    """The scale at which a line (with its slots) fits inside the table; 1 when it already does."""
    slots = length + (2 if ghosts else 0)
    width = slots * (CARD_W + GAP) - GAP
    return min(1.0, (WIDTH - 2 * LINE_MARGIN) / width) if width > 0 else 1.0


def _target(cls: str, x: float, y: float, width: float, label: str, action: str, arg: str,
            text: str, testid: str, extra: str = "", opaque: bool = False, hit: float = HIT_MIN) -> str:
    """A clickable, focusable box in the SVG; the app's arrow keys find it by
    `data-nav` (its centre) and Enter plays its `data-action`. `opaque`: it
    may cover cards, so it gets a backing in the table's colour."""
    backing = (f'<rect class="felt-backing" width="{width:.1f}" height="{CARD_H}" rx="3"/>'
               if opaque else "")
    return (f'<g class="{cls}" transform="translate({x:.1f},{y:.1f})" tabindex="0" role="button"'
            f' aria-label="{escape(label, quote=True)}" data-action="{action}" data-arg="{escape(arg, quote=True)}"'
            f' data-nav="{x + width / 2:.1f},{y + CARD_H / 2:.1f}" data-testid="{escape(testid, quote=True)}"{extra}>'
            f'<rect class="hit" x="{(width - max(width, hit)) / 2:.1f}" y="{(CARD_H - max(CARD_H, hit)) / 2:.1f}"'
            f' width="{max(width, hit):.1f}" height="{max(CARD_H, hit):.1f}"/>'
            f'{backing}<rect width="{width:.1f}" height="{CARD_H}" rx="3"/>'
            f'<text x="{width / 2:.1f}" y="{CARD_H * 0.62:.1f}">{escape(text)}</text></g>')


def render_slots(view: dict, ctx, placements: list, x0: float, length: int, card_y: float, fit: float = 1.0) -> str:
    """The slots at each end of the viewer's line where the face-up card fits.

    One way to place it: the slot plays it. Several (two letters, or the
    second card fixing the first's letter): the slot selects that end and
    the choices appear beside it, over the line, each playing one move.
    """
    t = ctx.t
    card = view["face_up"]
    selected = _selected_end(view, ctx)
    out = []
    slot_x = {"L": x0 - (CARD_W + GAP), "R": x0 + length * (CARD_W + GAP)}
    offered = {p["end"] for p in placements}
    for end in ("L", "R"):
        options = [p for p in placements if p["end"] == end]
        if not options:
            continue
        gx = slot_x[end]
        letters = sorted({p["letter"] for p in options})
        if len(options) == 1:
            out.append(_target("ghost", gx, card_y, CARD_W, take_label(t, card, options[0]), "move",
                               f"{ctx.viewer}:{options[0]['move']}", letters[0], f"ghost-{end}", hit=HIT_MIN / fit))
            continue
        token = f"end:{end}"
        is_selected = selected == end
        out.append(_target("ghost selected" if is_selected else "ghost", gx, card_y, CARD_W,
                           t(f"abc.slot.{end}", card=card, letters=", ".join(letters)), "select", token,
                           "/".join(letters), f"ghost-{end}",
                           f' aria-pressed="{"true" if is_selected else "false"}"', hit=HIT_MIN / fit))
        if is_selected:
            others = tuple(slot_x[other] + CARD_W / 2 for other in offered - {end})
            out.append(_render_choices(ctx, card, end, options, gx, card_y, HIT_MIN / fit, others))
    return "".join(out)


def _render_choices(ctx, card: str, end: str, options: list, gx: float, card_y: float, hit: float = HIT_MIN,
                    avoid: tuple = ()) -> str:
    """The letter choices of the selected end, beside its slot: outward as far as
    the table allows, then inward over the line (on a backing). Their centres stay
    `hit` apart, from each other, the slot and the other end's slot (`avoid`),
    so each hit area is whole. A choice that also fixes the first card's letter
    shows both letters in line order."""
    width = PAIR_W if any(p["first_letter"] for p in options) else CARD_W
    centre = gx + CARD_W / 2
    outward = -1 if end == "L" else 1
    first_offset, pitch = max((CARD_W + width) / 2 + GAP, hit), max(width + GAP, hit)

    def run(direction: int, step: float) -> list:
        spots, offset = [], first_offset if step == pitch else (CARD_W + width) / 2 + GAP
        while 2 + width / 2 <= centre + direction * offset <= WIDTH - 2 - width / 2:
            spot = centre + direction * offset
            if all(abs(spot - other) >= hit for other in avoid) or step != pitch:
                spots.append((spot, direction))
            offset += step
        return spots

    spots = (run(outward, pitch) + run(-outward, pitch))[:len(options)]
    if len(spots) < len(options):  # no room for whole hit areas: the choices pack tight, as drawn before
        spots = (run(outward, width + GAP) + run(-outward, width + GAP))[:len(options)]
    out = []
    for option, (spot, direction) in zip(options, spots):  # the choices read nearest the slot first
        x = spot - width / 2
        first = option["first_letter"]
        if end == "L":
            text = option["letter"] + (f"·{first}" if first else "")
        else:
            text = (f"{first}·" if first else "") + option["letter"]
        out.append(_target("ghost choice", x, card_y, width, take_label(ctx.t, card, option), "move",
                           f"{ctx.viewer}:{option['move']}", text, f"choice-{option['move'].replace(' ', '-')}",
                           opaque=direction != outward, hit=hit))
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
    out = [f'<g class="strip" data-testid="strip">'
           f'<text class="label strip-label" x="6" y="{y + 9}" data-testid="strip-label">{escape(ctx.t("abc.unseen"))}</text>']
    for index, letter in enumerate(ALPHABET):
        x = 4 + index * step + step / 2
        cls = "usable" if letter in usable else "closed"
        count = unseen.get(letter, 0)
        out.append(f'<text class="strip-letter {cls}" x="{x:.1f}" y="{y + 24}">{letter}</text>'
                   f'<text class="strip-count" x="{x:.1f}" y="{y + 37}">{count or "·"}</text>')
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
        for placement in sorted(view["legal_placements"], key=lambda placement: placement["end"] != "L"):
            sentence = take_label(t, view["face_up"], placement)
            short, first = take_short_label(t, placement)
            shown = f"{short} {first}" if first else short  # the visible text, as the name must begin
            buttons.append(
                f'<button type="button" class="btn primary take-btn" data-action="move"'
                f' data-arg="{player}:{escape(placement["move"])}" aria-label="{escape(f"{shown} — {sentence}")}"'
                f' title="{escape(sentence)}" data-testid="take-{escape(placement["move"].replace(" ", "-"))}">'
                f'{escape(short)}{f"<small> {escape(first)}</small>" if first else ""}</button>')
        if "pass" in view["legal_moves"]:
            buttons.append(f'<button type="button" class="btn" data-action="move" data-arg="{player}:pass"'
                           f' data-testid="pass">{escape(t("abc.pass"))}</button>')
    return f'<div class="controls" data-testid="controls">{"".join(buttons)}</div>' if buttons else ""


# --- rules diagrams ------------------------------------------------------------------
# The N-P-S line: three real cards of the deck, each used as the letter named here.
DIAGRAM_LINE = (("NH", "N"), ("AP", "P"), ("SC", "S"))
DIAGRAM_SCALE = 1.5


def diagram_reachable(line) -> set:
    """The letters a card could still add to `line`, by the rules engine's own placements."""
    from .rules import placements

    return {letter for letter in ALPHABET if placements(tuple(line), letter)}


def render_line_diagram(t) -> str:
    """The N-P-S line with its open ends, and the alphabet under it: what can still
    be added, what the line uses, and the letters it skipped for good."""
    reachable = diagram_reachable(DIAGRAM_LINE)
    used = {letter for _, letter in DIAGRAM_LINE}
    low, high = sorted(reachable)[0], sorted(reachable)[-1]
    left = "".join(sorted(letter for letter in reachable if letter < DIAGRAM_LINE[0][1]))
    right = "".join(sorted(letter for letter in reachable if letter > DIAGRAM_LINE[-1][1]))
    w, h = CARD_W * DIAGRAM_SCALE, CARD_H * DIAGRAM_SCALE
    step = w + 2 * GAP
    x0 = (WIDTH - 5 * step + 2 * GAP) / 2
    caption = t("abc.diagram.line")
    out = [f'<figure class="abc-diagram" data-testid="diagram-line" data-reachable="{"".join(sorted(reachable))}">'
           f'<svg viewBox="0 0 {WIDTH} 128" role="img" aria-label="{escape(caption, quote=True)}">']
    for index, text in ((0, f"{left[0]}–{left[-1]}"), (4, f"{right[0]}–{right[-1]}")):
        out.append(f'<g class="ghost" transform="translate({x0 + index * step:.1f},10)">'
                   f'<rect width="{w:.1f}" height="{h:.1f}" rx="4"/>'
                   f'<text x="{w / 2:.1f}" y="{h * 0.58:.1f}">{text}</text></g>')
    for index, (card, letter) in enumerate(DIAGRAM_LINE, start=1):
        out.append(card_svg(card, x0 + index * step, 10, letter, scale=DIAGRAM_SCALE))
    letter_step = (WIDTH - 8) / 26
    for index, letter in enumerate(ALPHABET):
        x = 4 + index * letter_step + letter_step / 2
        cls = "used" if letter in used else ("usable" if letter in reachable else "closed")
        out.append(f'<text class="strip-letter {cls}" x="{x:.1f}" y="90">{letter}</text>')
        if cls == "closed":
            out.append(f'<path class="struck" d="M{x - 5:.1f} 80L{x + 5:.1f} 93"/>')
    out.append(f'<text class="label" x="{WIDTH / 4:.1f}" y="116">{escape(t("abc.diagram.reachable"))}: '
               f'{low}–{left[-1]}, {right[0]}–{high}</text>'
               f'<text class="label" x="{3 * WIDTH / 4:.1f}" y="116">{escape(t("abc.diagram.closed"))}: '
               f'{", ".join(sorted(set(ALPHABET) - reachable - used))}</text>')
    out.append(f"</svg><figcaption>{escape(caption)}</figcaption></figure>")
    return "".join(out)


def rules_diagram(name: str, t):
    """What the rules page puts where RULES.md says [[diagram NAME]]; None for an unknown name."""
    return render_line_diagram(t) if name == "line" else None


# --- the contract ---------------------------------------------------------------
class AlphabeticellUI(GameUI):
    """Alphabeticell's table for the app: the hooks above, bound to the contract (ludoteca/games/game_ui.py)."""

    MESSAGES = MESSAGES
    render_table = staticmethod(render_table)
    log_line = staticmethod(log_line)
    prompt = staticmethod(prompt)
    panel_detail = staticmethod(panel_detail)
    end_reason = staticmethod(end_reason)
    private_content = staticmethod(private_content)
    auto_play_forced = staticmethod(auto_play_forced)
    rules_diagram = staticmethod(rules_diagram)


UI = AlphabeticellUI()
