"""Player names in the table markup stay text."""

from ludoteca.games.alphabeticell.rules import GAME

from .helpers import offer_state
from .test_alphabeticell_ui import render

MARKUP_NAME = '"><img src=x onerror=alert(1)>'


def test_names_in_the_last_rounds_summary_stay_text():
    state = offer_state(["Aw iB tC sD Ek nF sG rH Il aJ", "Nh aP"], "RZ", dealer=1, step=1)
    state.apply(0, GAME.parse_move("take R Z"))
    html = render(state, viewer=1, can_act=False, names=(MARKUP_NAME, MARKUP_NAME))
    assert 'data-testid="last-round"' in html
    assert "<img" not in html and "&lt;img" in html
