"""Player names and declared words in the table markup stay text."""

from ludoteca.games.alphagon import ui

from .helpers import build_word, new_state, play
from .test_alphagon_ui import Ctx, Seat

MARKUP_NAME = '"><img src=x onerror=alert(1)>'


class NamedCtx(Ctx):
    def t(self, key, **values):
        return ui.MESSAGES["en"][key].format(**values)


def test_the_declarers_name_stays_text_on_the_table():
    state = new_state(2, seed=5)
    build_word(state, "HOUS", "D4", "E")
    p = state.to_move()[0]
    play(state, p, "declare HOUSE")
    q = state.to_move()[0]
    html = ui.render_table(state.view(q), NamedCtx(q, seats=[Seat(MARKUP_NAME) for _ in range(2)]))
    assert 'data-testid="declaration"' in html
    assert "<img" not in html and "&lt;img" in html
