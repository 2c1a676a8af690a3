"""Every worked example of both rulebooks, played through the engine.

The polygon examples (the board edge, the early closure, the '+' level with
the start) are in test_alphagon_polygon.py:
test_board_edge_forces_a_turn_level_with_the_start_toward_the_farther_edge,
test_one_step_from_an_early_closure_the_polygon_turns_toward_the_start and
test_same_latitude_example_turns_south_away_from_the_near_top_edge.
"""

import pytest

from ludoteca.games.alphagon import components as C
from ludoteca.games.alphagon.rules import points_for

from .helpers import build_word, give, new_state, play

def _arrive(edition, partial, players=3, seed=31):
    """`partial` minus its last letter is built; the player to move places the
    last letter (as BLUE does) and is returned with the state."""
    state = new_state(players, edition, seed=seed)
    build_word(state, partial[:-1], "D4", "E")
    blue = state.to_move()[0]
    give(state, blue, partial[-1])
    target = C.cell_name(state.next_cell())
    play(state, blue, f"place {target} {partial[-1]}")
    assert state.word() == partial
    return state, blue


def _others(state, declarer):
    return list(state.to_move())


@pytest.mark.parametrize("edition, partial, declared, points", [
    ("en", "POLI", "POLICE/POLICEMAN", 5),
    ("it", "TAPP", "TAPPO/TAPPARE", 4),
])
def test_declared_unique_and_not_contradicted_closes_lucky(edition, partial, declared, points):
    state, blue = _arrive(edition, partial)
    play(state, blue, f"declare {declared}")
    for other in _others(state, blue):
        play(state, other, "accept")
    assert state.points[blue] == points  # the shortest word named: POLICE, TAPPO
    assert state.symbols.endswith(partial + "+")


@pytest.mark.parametrize("edition, partial, declared, contradiction", [
    ("en", "POLI", "POLICE/POLICEMAN", "POLICLINIC"),
    ("it", "TAPP", "TAPPO/TAPPARE", "TAPPETO"),
    ("en", "CONCL", "CONCLUDING/CONCLUSION", "CONCLAVE"),
    ("it", "CONCL", "CONCLUDERE/CONCLUSIONE", "CONCLAVE"),
])
def test_a_word_of_another_meaning_contradicts_and_wins_the_dispute(edition, partial, declared, contradiction):
    state, blue = _arrive(edition, partial)
    play(state, blue, f"declare {declared}")
    first, second = _others(state, blue)
    play(state, second, f"contradict {contradiction}")
    assert state.points[second] == points_for(len(contradiction))
    assert state.to_move() == (blue,)  # penalised: blue loses a letter of their choice
    letters = len(state.racks[blue])
    play(state, blue, f"lose {state.racks[blue][0]}")
    assert len(state.racks[blue]) == letters - 1
    assert state.words[-1][1] == contradiction and state.words[-1][4] == "contradicted"
    assert first not in state.to_move() or state.declaration is None


@pytest.mark.parametrize("edition, declared, corrected, before, after", [
    ("en", "ASCETICAL", "ASCESIS", 6, 5),
    ("it", "ASCENSIONE", "ASCESA", 6, 5),
])
def test_asce_a_shorter_word_of_the_family_lowers_the_score(edition, declared, corrected, before, after):
    state, blue = _arrive(edition, "ASCE", players=2)
    play(state, blue, f"declare {declared}")
    (other,) = _others(state, blue)
    assert state.declaration["length"] == len(declared)
    play(state, other, f"correct {corrected}")
    assert state.points[blue] == after < before
    # without the correction the declared word would have scored `before`
    state, blue = _arrive(edition, "ASCE", players=2)
    play(state, blue, f"declare {declared}")
    play(state, _others(state, blue)[0], "accept")
    assert state.points[blue] == before


@pytest.mark.parametrize("edition", ["en", "it"])
@pytest.mark.parametrize("syllable", ["CO", "GI"])
def test_congi_a_card_with_co_or_gi_scores_a_syllable(edition, syllable):
    state = new_state(2, edition, seed=33)
    build_word(state, "CONGI", "D4", "E")
    player = state.to_move()[0]
    card = next(c for c, sy, _, _ in C.deck(edition) if syllable in sy or syllable[::-1] in sy)
    _give_card(state, player, card)
    play(state, player, f"find {card} {syllable}")
    assert state.points[player] == 3 and state.returned[-1] == card
    assert len(state.hands[player]) == 3 and card not in state.hands[player]


def _give_card(state, player, card):
    for other in range(state.n):
        if card in state.hands[other]:
            if other == player:
                return
            hand = list(state.hands[other])
            hand.remove(card)
            hand.append(state.hands[player][0])
            state.hands[other] = tuple(sorted(hand))
            break
    else:
        deck = list(state.deck)
        deck.remove(card)
        deck.append(state.hands[player][0])
        state.deck = tuple(sorted(deck))
    state.hands[player] = tuple(sorted(state.hands[player][1:] + (card,)))


def _shape_card(edition):
    horizontal = ((0, 0), (1, 0), (2, 0), (3, 0))
    return next(c for c, _, red, _ in C.deck(edition) if red == horizontal)


@pytest.mark.parametrize("who", ["placer", "next player"])
def test_the_shape_ending_the_polygon_is_found_by_the_placer_or_the_next_player(who):
    # GREEN places the letter that makes the last 4 squares a straight row; GREEN
    # (after placing) or YELLOW (before moving) holds the card with that shape.
    state = new_state(3, "en", seed=34)
    build_word(state, "CA", "D4", "E")
    green = state.to_move()[0]
    yellow = state.next_player(green)
    card = _shape_card("en")
    finder = green if who == "placer" else yellow
    _give_card(state, finder, card)
    give(state, green, "T")
    play(state, green, "place G4 T")  # D4 + E4 F4 G4: four squares in a row
    if who == "next player":
        play(state, green, "end")
    play(state, finder, f"find {card} shape")
    assert state.points[finder] == 3 and card not in state.hands[finder]
    # the same polygon end scores one shape only
    other = next(c for c, _, red, _ in C.deck("en") if red == ((0, 0), (1, 0), (2, 0), (3, 0)) and c != card)
    if finder == green:
        play(state, green, "end")
    nxt = state.to_move()[0]
    _give_card(state, nxt, other)
    assert f"find {other} shape" not in [m.text for m in state.legal_moves(nxt)]
