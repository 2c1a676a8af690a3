"""Shared helpers for the Alphagon tests: word lists from the repo files
(the CPython stand-in for the app's asset loading), states built by hand,
and the invariants every reachable state keeps."""

import pathlib

import pytest

from ludoteca.core.protocol import IllegalMoveError, Settings
from ludoteca.games.alphagon import components as C
from ludoteca.games.alphagon.rules import GAME, PLUS, Change, Draw, DrawCard, Reward

ROOT = pathlib.Path(__file__).resolve().parents[3]


def provide_assets(game=GAME, settings=None) -> None:
    """Gives the game the word lists it asks for, read from the repo."""
    wanted = game.required_assets(settings) if settings is not None else tuple(
        game.asset_path(lang) for lang in C.LANGUAGES)
    for path in wanted:
        game.provide_asset(path, (ROOT / path).read_bytes())


def settings(players=2, edition="en", deal="random", judge="dictionary") -> Settings:
    return Settings(players, {"edition": edition, "deal": deal, "judge": judge})


def new_state(players=2, edition="en", seed=1, deal="random", judge="dictionary", resolve=True):
    provide_assets()
    state = GAME.new_state(settings(players, edition, deal, judge), seed)
    if resolve:
        state.resolve_chance()
    return state


def check_invariants(state) -> None:
    full = C.sack_counts(state.lang)
    for p in range(state.n):
        board = [s for s, o in zip(state.symbols, state.owners) if o == p and s != PLUS]
        for letter, count in zip(state.alphabet, state.sacks[p]):
            total = count + state.racks[p].count(letter) + state.discards[p].count(letter) + board.count(letter)
            assert total == full[letter], (p, letter)
        assert state.bonuses[p] >= 0
    cards = sorted(list(state.deck) + list(state.returned) + [c for h in state.hands for c in h])
    assert cards == list(range(1, C.DECK_SIZE + 1))
    assert state.symbols.count(PLUS) + state.plus_left == C.PLUS_SYMBOLS
    assert len(set(state.trail)) == len(state.trail)
    check_geometry(state)
    if state.is_terminal():
        assert state.end_reason is not None
    else:
        assert max(state.points) < state.goal


def check_geometry(state) -> None:
    """Consecutive cells are neighbours, every turn is a right angle, and no
    cell touches an earlier one except its predecessor (and the start at closure)."""
    trail = state.trail
    for i in range(1, len(trail)):
        assert trail[i] in C.NEIGHBOURS[trail[i - 1]]
        for j in range(i - 1):
            if trail[j] in C.NEIGHBOURS[trail[i]]:
                assert j == 0 and i == len(trail) - 1 and state.end_reason == "closed", (i, j)
    headings = []
    for a, b in zip(trail, trail[1:]):
        ax, ay = C.xy(a)
        bx, by = C.xy(b)
        headings.append((bx - ax, by - ay))
    for h1, h2 in zip(headings, headings[1:]):
        assert h1 == h2 or h1[0] * h2[0] + h1[1] * h2[1] == 0, "turns are right angles"
    sides = 1 + sum(1 for h1, h2 in zip(headings, headings[1:]) if h1 != h2) if headings else 0
    assert sides == state.sides


def expect_error(state, player, text, code):
    """The move is refused with alphagon.<code> and leaves the state as it was."""
    before = state.to_json()
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(player, GAME.parse_move(text))
    assert caught.value.code == "alphagon." + code, caught.value.code
    assert state.to_json() == before
    return caught.value


def play(state, player, text):
    """Plays a move by its text, then any chance events with the state's RNG."""
    state.apply(player, GAME.parse_move(text))
    state.resolve_chance()
    return state


def give(state, player, letters) -> None:
    """Makes `player`'s rack hold `letters` (plus what it had, as room allows):
    letters come from the player's own sack, others go back to it."""
    rack = list(state.racks[player])
    for letter in letters:
        if letter in rack:
            rack.remove(letter)
            continue
        # Put back a letter the caller did not ask for, take the wanted one.
        spare = [x for x in rack if x not in letters] or rack
        if len(state.racks[player]) >= C.START_LETTERS and spare:
            back = spare[0]
            rack.remove(back)
            state.racks[player] = state.racks[player].replace(back, "", 1)
            state._sack_add(player, back, 1)
        state._sack_add(player, letter, -1)
        state.racks[player] = "".join(sorted(state.racks[player] + letter))


def build_word(state, letters: str, cell="D4", heading="E", players=None) -> None:
    """From the opening: '+' on `cell`, then `letters` placed one a turn by the
    players in turn order (each ends their turn)."""
    player = state.to_move()[0]
    give(state, player, letters[0])
    play(state, player, f"start {cell} {heading} {letters[0]}")
    for letter in letters[1:]:
        player = state.to_move()[0]
        give(state, player, letter)
        target = C.cell_name(state.next_cell())
        play(state, player, f"place {target} {letter}")
        play(state, player, "end")


def set_trail(state, cells, symbols, owner=0, heading=None) -> None:
    """Puts a polygon on the board by hand (geometry tests): `cells` are names,
    `symbols` one character each; letters come out of `owner`'s sack."""
    trail = tuple(C.parse_cell(c) for c in cells)
    state.trail = trail
    state.symbols = symbols
    state.owners = (owner,) * len(trail)
    state.occupied = sum(1 << c for c in trail)
    state.plus_left = C.PLUS_SYMBOLS - symbols.count(PLUS)
    for s in symbols:
        if s != PLUS:
            state._sack_add(owner, s, -1)
    headings = []
    for a, b in zip(trail, trail[1:]):
        ax, ay = C.xy(a)
        bx, by = C.xy(b)
        headings.append(C.DIRECTIONS.index((bx - ax, by - ay)))
    state.sides = 1 + sum(1 for h1, h2 in zip(headings, headings[1:]) if h1 != h2) if headings else 0
    state.heading = headings[-1] if headings else -1
    state.phase = "turn"
    state.queue = ()


def line(start: str, heading: str, length: int) -> list:
    """`length` cell names from `start` going `heading` (start included)."""
    cell = C.parse_cell(start)
    cells = [cell]
    direction = C.DIRECTION_NAMES.index(heading)
    for _ in range(length - 1):
        cell = C.step(cell, direction)
        cells.append(cell)
    return [C.cell_name(c) for c in cells]


# --- secrecy (tests/engine/conformance/test_secrecy.py) --------------------------------
def seat_secrets(state) -> dict:
    """Each player's letters and polygon cards are theirs to see (PROTOCOL.md,
    "Alphagon"); the table sees only how many vowels and consonants, and how
    many cards, each one holds."""
    return {p: {"rack": "".join(sorted(state.racks[p])), "cards": sorted(state.hands[p])}
            for p in range(state.n)}


def public_part(state, player, move):
    """Letters and cards drawn, the letters of a change and a prize's choice are
    seen by their player alone; the rest of every move is seen by all (votes
    are open, R17)."""
    if isinstance(move, (Draw, DrawCard)):
        return [move.keyword, move.player]
    if isinstance(move, (Change, Reward)):
        return move.keyword
    return move.text
