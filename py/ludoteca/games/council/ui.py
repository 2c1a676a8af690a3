"""Council's table: the smallest UI that meets the contract (../game_ui.py).

A button per legal move of each human who may act, the player's own card, and
a log line per move that keeps a bid secret until the round's bids are shown.
Markup only: no browser imports, nothing from `ludoteca.ui`.
"""

from html import escape

from ..game_ui import GameUI

MESSAGES = {
    "en": {
        "council.prompt.bid": "Bid in secret: the highest bidder proposes",
        "council.prompt.claim": "Claim what your card is worth",
        "council.prompt.respond": "Accept the claim, or object to see the card",
        "council.panel": "{coins} coins",
        "council.summary.accepted": "Last round: everyone believed {name}'s claim of {n}.",
        "council.summary.objected": "Last round: {objector} objected to {name}'s claim of {n}; the card was {card}.",
        "council.log.bid": "{name} bid {n}",
        "council.log.bid_hidden": "{name} has bid",
        "council.log.move": "{name}: {move}",
        "council.level.hard": "Hard (800 searches)",
        "error.council.bad_move": "Not a Council move: {text}",
        # The core's StateReader codes (core/state_json.py), then the game's own checks across fields.
        "error.council.state_field": "This saved game is damaged: {field} is missing or unreadable.",
        "error.council.state_number": "This saved game is damaged: {field} cannot be {value}.",
        "error.council.state_length": "This saved game is damaged: {field} has {count} entries, not {expected}.",
        "error.council.state_duplicate": "This saved game is damaged: {field} holds an entry twice.",
        "error.council.state_cards": "This saved game is damaged: its cards are not one whole deck.",
        "error.council.state_phase": "This saved game is damaged: its phase does not fit the table.",
    },
    "it": {
        "council.prompt.bid": "Offri in segreto: chi offre di più propone",
        "council.prompt.claim": "Dichiara quanto vale la tua carta",
        "council.prompt.respond": "Accetta la dichiarazione, o obietta per vedere la carta",
        "council.panel": "{coins} monete",
        "council.summary.accepted": "Turno precedente: tutti hanno creduto alla dichiarazione {n} di {name}.",
        "council.summary.objected": "Turno precedente: {objector} ha obiettato alla dichiarazione {n} di {name}; la carta era {card}.",
        "council.log.bid": "{name} ha offerto {n}",
        "council.log.bid_hidden": "{name} ha offerto",
        "council.log.move": "{name} → {move}",
        "council.level.hard": "Difficile (800 ricerche)",
        "error.council.bad_move": "Mossa non valida a Consiglio: {text}",
        "error.council.state_field": "Questa partita salvata è danneggiata: {field} manca o non si legge.",
        "error.council.state_number": "Questa partita salvata è danneggiata: {field} non può valere {value}.",
        "error.council.state_length": "Questa partita salvata è danneggiata: {field} ha {count} voci, non {expected}.",
        "error.council.state_duplicate": "Questa partita salvata è danneggiata: {field} contiene una voce due volte.",
        "error.council.state_cards": "Questa partita salvata è danneggiata: le sue carte non sono un mazzo intero.",
        "error.council.state_phase": "Questa partita salvata è danneggiata: la sua fase non corrisponde al tavolo.",
    },
}

CARD_MARK = "card-"


def legal_texts(view, player):
    phase = view["phase"]
    if phase == "bid":
        return [f"bid {n}" for n in range(min(2, view["coins"][player]) + 1)]
    if phase == "claim":
        return ["claim 1", "claim 2", "claim 3"]
    if phase == "respond":
        return ["accept", "object"]
    return []


def render_round_summary(result, ctx):
    """The last round's outcome: the claim, and the card if someone objected."""
    name = ctx.name(result["proposer"])
    if result["objector"] is None:
        text = ctx.t("council.summary.accepted", name=name, n=result["claim"])
    else:
        text = ctx.t("council.summary.objected", name=name, n=result["claim"], card=result["card"],
                     objector=ctx.name(result["objector"]))
    return f'<p class="round-summary" data-testid="round-summary">{text}</p>'


class CouncilUI(GameUI):
    """Every hook a game must draw (render_table, log_line), and a few of the optional ones."""

    MESSAGES = MESSAGES

    def render_table(self, view, ctx):
        parts = [f'<div class="council" data-testid="table" data-phase="{view["phase"]}">']
        if view["last_result"] is not None:
            parts.append(render_round_summary(view["last_result"], ctx))
        if view["my_card"] is not None:
            parts.append(f'<p data-testid="my-card">{CARD_MARK}{view["my_card"]}</p>')
        parts.append(f'<p data-testid="selection">{escape(ctx.selection or "")}</p>')
        for player in ctx.actors:
            for text in legal_texts(view, player):
                parts.append(f'<button type="button" class="btn" data-action="move" data-arg="{player}:{escape(text)}"'
                             f' data-testid="move-{player}-{escape(text.replace(" ", "-"))}">{escape(text)}</button>')
        return "".join(parts) + "</div>"

    def log_line(self, parts, names, t):
        key, params = parts[0]
        return t(key, name=names[params["player"]], **{k: v for k, v in params.items() if k != "player"})

    def prompt(self, view, ctx):
        return ctx.t(f"council.prompt.{view['phase']}") if view["phase"] in ("bid", "claim", "respond") else ""

    def panel_detail(self, view, player, t):
        return t("council.panel", coins=view["coins"][player])

    def private_content(self, view):
        return view["my_card"] is not None and view["phase"] in ("bid", "claim")


UI = CouncilUI()
