"""A plain table for Council: a button per legal move of each actor."""

from html import escape

MESSAGES = {
    "en": {"council.bid": "{name} bids {n}", "council.log.bid": "{name} bid {n}",
           "council.log.bid_hidden": "{name} has bid", "council.log.move": "{name}: {move}"},
    "it": {"council.bid": "{name} offre {n}", "council.log.bid": "{name} ha offerto {n}",
           "council.log.bid_hidden": "{name} ha offerto", "council.log.move": "{name}: {move}"},
}

CARD_MARK = "card-"


def render_table(view, ctx):
    parts = [f'<div data-testid="table" data-phase="{view["phase"]}">']
    if view["my_card"] is not None:
        parts.append(f'<p data-testid="my-card">{CARD_MARK}{view["my_card"]}</p>')
    parts.append(f'<p data-testid="selection">{escape(ctx.selection or "")}</p>')
    for player in ctx.actors:
        for text in legal_texts(view, player):
            parts.append(f'<button data-action="move" data-arg="{player}:{escape(text)}"'
                         f' data-testid="move-{player}-{escape(text.replace(" ", "-"))}">{escape(text)}</button>')
    parts.append('<g tabindex="0" role="button" data-action="select" data-arg="x" data-nav="1,1"></g>')
    return "".join(parts) + "</div>"


def legal_texts(view, player):
    phase = view["phase"]
    if phase == "bid":
        return [f"bid {n}" for n in range(min(2, view["coins"][player]) + 1)]
    if phase == "claim":
        return ["claim 1", "claim 2", "claim 3"]
    if phase == "respond":
        return ["accept", "object"]
    return []


def log_line(parts, names, t):
    key, params = parts[0]
    return t(key, name=names[params["player"]], **{k: v for k, v in params.items() if k != "player"})


def prompt(view, ctx):
    return ""


def panel_detail(view, player, t):
    return ""


def private_content(view):
    return view["my_card"] is not None and view["phase"] in ("bid", "claim")


def auto_play_forced(move):
    return False
