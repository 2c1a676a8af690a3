"""Builders and checks shared by the Alphabeticell tests.

Lines are written as in the rulebook: one bracket-less token per card, the
chosen letter in upper case and the other in lower case ("Nh aP Sc" is NH
used as N, AP as P, SC as S); a card with both letters in lower case ("sg")
is a one-card line whose letter is still open.
"""

from ludoteca.core.protocol import Settings
from ludoteca.games.alphabeticell.rules import (
    ALL_CARDS,
    GAME,
    OFFER,
    ChooseDealer,
    Deal,
    Keep,
)


def new_state(players: int = 2, variant: str = "classic", seed: int = 0):
    return GAME.new_state(Settings(players, {"rules": variant}), seed)


def line(text: str) -> tuple:
    cards = []
    for token in text.split():
        card = token.upper()
        if card not in ALL_CARDS:
            raise ValueError(f"{token}: there is no such card")
        chosen = [letter for letter in token if letter.isupper()]
        if len(chosen) > 1:
            raise ValueError(f"{token}: at most one chosen letter")
        cards.append((card, chosen[0] if chosen else None))
    letters = [letter for _, letter in cards]
    if len(cards) == 1 and letters != [None]:
        raise ValueError(f"{text}: a one-card line has no chosen letter yet")
    if len(cards) > 1 and (None in letters or letters != sorted(set(letters))):
        raise ValueError(f"{text}: not a strictly alphabetical line")
    return tuple(cards)


def start_round(state, hands: list, dealer: int = None):
    """Plays the chance events of a round's start: the first dealer (when the
    game is new) and `hands[p]`, three cards for each player p."""
    if dealer is not None:
        state.apply_chance(ChooseDealer(dealer))
    for offset in range(state.n):
        player = (state.dealer + offset) % state.n
        for card in hands[player]:
            state.apply_chance(Deal(player, card))
    return state


def keep_all(state, kept: list):
    """Every player keeps kept[p], in turn from the dealer."""
    for offset in range(state.n):
        player = (state.dealer + offset) % state.n
        state.apply(player, Keep(kept[player]))
    return state


def offer_state(lines: list, face_up: str, dealer: int = 0, step: int = 0,
                variant: str = "classic", discards: tuple = (), deck=None):
    """A state in the middle of a round: `lines` (rulebook notation) built,
    `face_up` offered to player (dealer + step); the deck holds every other
    card unless given."""
    state = new_state(len(lines), variant)
    state.phase = OFFER
    state.dealer = state.round_first_dealer = dealer
    state.step = step
    state.lines = [line(text) for text in lines]
    state.face_up = face_up
    state.discards = tuple(discards)
    placed = [card for built in state.lines for card, _ in built] + [face_up] + list(discards)
    unknown = [card for card in [face_up, *discards] if card not in ALL_CARDS]
    if unknown:
        raise ValueError(f"{unknown}: there is no such card")
    used = set(placed)
    if len(used) != len(placed):
        raise ValueError("a card is used twice")
    state.deck = tuple(sorted(deck if deck is not None else set(ALL_CARDS) - used))
    return state


def letters_of(state, player: int) -> str:
    return "".join(letter or "?" for _, letter in state.lines[player])


def all_cards_in_play(state) -> list:
    cards = list(state.deck) + list(state.discards)
    for hand in state.hands:
        cards.extend(hand)
    for built in state.lines:
        cards.extend(card for card, _ in built)
    if state.face_up is not None:
        cards.append(state.face_up)
    return cards


def check_invariants(state) -> None:
    """Everything that must hold in every reachable state."""
    cards = all_cards_in_play(state)
    assert sorted(cards) == list(ALL_CARDS), "every card is somewhere, once"
    assert list(state.deck) == sorted(state.deck)
    for built in state.lines:
        if state.line_limit:
            assert len(built) <= state.line_limit
        if len(built) == 1:
            assert built[0][1] is None
        elif built:
            letters = [letter for _, letter in built]
            assert all(letter in card for card, letter in built)
            assert letters == sorted(letters) and len(set(letters)) == len(letters)
    finished = len(state.round_scores)
    assert finished == (state.round if state.is_terminal() else state.round - 1)
    assert list(state.totals) == [sum(scores[p] for scores in state.round_scores) for p in range(state.n)]
    if state.discard_limit and not state.is_terminal():
        assert len(state.discards) < state.discard_limit
    if state.is_terminal():
        assert max(state.totals) >= state.target
    else:
        assert all(total < state.target for total in state.totals)


# --- secrecy (tests/engine/conformance/test_secrecy.py) --------------------------------
def seat_secrets(state) -> dict:
    """RULES "Starting a round": every player gets three secret cards; the one
    they keep turns face up and the other two go back unseen."""
    return {p: sorted(hand) for p, hand in enumerate(state.hands)}


def public_part(state, player, move):
    """What everyone learns from a move or chance outcome: all of it, but a
    card dealt to a player is seen by that player alone."""
    return ["deal", move.player] if isinstance(move, Deal) else move.text
