"""What each seat keeps secret from the others, game by game, as the rules say.

`SECRETS[game_id](state)` gives {seat: that seat's secrets now, as JSON-ready
data}. The secrecy conformance test (test_secrecy.py) re-draws the other
seats' secrets with `determinize(viewer)` and checks that the viewer's view
and log lines stay the same, and that re-drawing really changed some of
these (a secret that is never re-drawn would be checked by nothing).

`PUBLIC[game_id](state, player, move)` is what everyone learns from a move
(or a chance outcome, `player` being CHANCE) as it is played in `state`,
the rest of it being secret: two moves of the same public form that leave
a viewer's view alike must get the same log line for that viewer.

A game added to `ludoteca.games` must add its entries here: the test fails
for a game without them.
"""

from ludoteca.games.alphabeticell.rules import Deal
from ludoteca.games.alphagon.rules import Change, Draw, DrawCard, Reward

from ..core import toy_council


def alphabeticell(state) -> dict:
    """RULES "Starting a round": every player gets three secret cards; the one
    they keep turns face up and the other two go back unseen."""
    return {p: sorted(hand) for p, hand in enumerate(state.hands)}


def psychopath(state) -> dict:
    """A perfect-information duel: nothing is secret."""
    return {p: None for p in range(state.num_players)}


def alphagon(state) -> dict:
    """Each player's letters and polygon cards are theirs to see (PROTOCOL.md,
    "Alphagon"); the table sees only how many vowels and consonants, and how
    many cards, each one holds."""
    return {p: {"rack": "".join(sorted(state.racks[p])), "cards": sorted(state.hands[p])}
            for p in range(state.n)}


def geonaxis(state) -> dict:
    """RULES "A round" and "Security agreements": a choice is secret until
    everyone has chosen; how a player's credits are split between hand and
    stakes stays hidden (only their total is public), as do the credits and
    jokers in each pile."""
    return {p: {"choice": state.submissions[p].text if p in state.submissions else None,
                "hand": state.hands[p],
                "stakes": sorted([a.id, *a.stakes[p]] for a in state.agreements if p in a.stakes)}
            for p in range(state.n)}


def open_move(state, player, move):
    """Everything about the move is seen by everyone."""
    return move.text


def alphabeticell_public(state, player, move):
    """A card dealt to a player is seen by that player alone."""
    return ["deal", move.player] if isinstance(move, Deal) else move.text


def alphagon_public(state, player, move):
    """Letters and cards drawn, the letters of a change and a prize's choice are
    seen by their player alone (the table sees a vowel or a consonant count)."""
    if isinstance(move, (Draw, DrawCard)):
        return [move.keyword, move.player]
    if isinstance(move, (Change, Reward)):
        return move.keyword
    return move.text


def geonaxis_public(state, player, move):
    """A choice is seen by the others only once the last one of its decision
    is made, when all of them are revealed at once."""
    return move.text if state.to_move() == (player,) else "chosen"


def council(state) -> dict:
    """The toy game of the app's tests: a card dealt face down, a bid secret
    until all bids are in."""
    return {p: {"card": state.cards[p], "bid": state.bids[p]} for p in range(state.n)}


def council_public(state, player, move):
    if isinstance(move, toy_council.Deal):
        return ["deal", move.player]
    return "bid" if isinstance(move, toy_council.Bid) else move.text


SECRETS = {"alphabeticell": alphabeticell, "psychopath": psychopath, "alphagon": alphagon, "geonaxis": geonaxis,
           "council": council}
PUBLIC = {"alphabeticell": alphabeticell_public, "psychopath": open_move, "alphagon": alphagon_public,
          "geonaxis": geonaxis_public, "council": council_public}
