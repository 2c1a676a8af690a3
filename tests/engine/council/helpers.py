"""What Council's rules keep secret, for the secrecy conformance test."""

from ludoteca.games.council.rules import Bid, Deal


def seat_secrets(state) -> dict:
    """A card dealt face down, a bid secret until all bids are in."""
    return {p: {"card": state.cards[p], "bid": state.bids[p]} for p in range(state.n)}


def public_part(state, player, move):
    """A dealt card and a bid are seen by their player alone."""
    if isinstance(move, Deal):
        return ["deal", move.player]
    return "bid" if isinstance(move, Bid) else move.text
