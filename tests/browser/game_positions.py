"""Records that reach each dialog and verdict a game draws on its table, found
on the engine (CPython) by seeded random play, for the browser tests to import.

A game's own dialogs and verdicts are the marked sections of its table markup
(`MARKS`): Alphagon's verdict and answer boxes, Alphabeticell's round summary,
GeonAxis's revealed challenges and fund notes, PSYCHOPATH's resurrection choice.
Only positions where the human (seat 0) is to act are kept, so the computer
(seat 1) cannot move the table on before the test has looked at it."""
from __future__ import annotations

import pathlib
import random
import re
import sys

REPO = pathlib.Path(__file__).resolve().parents[2]
if str(REPO / "py") not in sys.path:
    sys.path.insert(0, str(REPO / "py"))

from ludoteca.core.match import AI, HUMAN, Match, Seat  # noqa: E402
from ludoteca.core.protocol import Settings  # noqa: E402
from ludoteca.games import registry  # noqa: E402
from ludoteca.ui.i18n import Catalog  # noqa: E402
from ludoteca.ui.screens import RenderContext  # noqa: E402

GAMES = registry.PLAYABLE
# data-testid of a game's dialogs and verdicts -> the kind a test names them by.
MARKS = re.compile(r'data-testid="(verdict|ag-dialog-[a-z]+|declaration|round-summary|challenge|fund-info|resurrect)'
                   r'[^"]*"(?: data-how="([a-z_]+)")?')


def _feed_assets(game, settings) -> None:
    for path in game.required_assets(game.validate_settings(settings)):
        game.provide_asset(path, (REPO / path).read_bytes())


def marks_in(markup: str) -> set:
    return {kind + (f":{how}" if how else "") for kind, how in MARKS.findall(markup)}


def rule_choices(game) -> list:
    """The game's default rules, then each other choice of each rule option on its own
    (Alphagon's judges draw dialogs of their own)."""
    default = {option.key: option.default for option in game.variants}
    return [(default, 6)] + [({**default, option.key: choice}, 1)
                             for option in game.variants for choice in option.choices if choice != option.default]


def positions(game_id: str, max_moves: int = 300) -> dict:
    """{kind: record}: for each dialog or verdict kind met, the record of the first position showing it."""
    game = registry.all_games()[game_id]
    ui = registry.game_ui(game_id)
    catalog = Catalog("en")
    found = {}
    for variants, seeds in rule_choices(game):
        settings = Settings(max(2, game.min_players), variants)  # the fewest players the game allows
        _feed_assets(game, settings)
        for seed in range(seeds):
            found.update({kind: record for kind, record in _playout(game, ui, catalog, settings, seed, max_moves).items()
                          if kind not in found})
    return found


def _playout(game, ui, catalog, settings, seed: int, max_moves: int) -> dict:
    """One game of random moves; {kind: record} of the first position showing each kind to seat 0."""
    found = {}
    computers = [Seat("Computer" if n == 1 else f"Computer {n}", AI, "easy") for n in range(1, settings.num_players)]
    match = Match(game, settings, seed + 1, [Seat("You", HUMAN), *computers])
    chooser = random.Random(seed)
    while not match.is_over and len(match.entries) < max_moves:
        acting = match.state.to_move()
        if 0 in acting:
            ctx = RenderContext(t=catalog.t, seats=match.seats, viewer=0, can_act=True, animate=False,
                                fresh=[], actors=(0,))
            for kind in marks_in(ui.render_table(match.state.view(0), ctx)) - set(found):
                found[kind] = match.record()
        moves = match.state.legal_moves(acting[0])
        match.play(acting[0], moves[chooser.randrange(len(moves))])
    return found


if __name__ == "__main__":  # lists what each game shows, for a look by hand
    for game_id in GAMES:
        print(game_id, sorted(positions(game_id)))
