"""The playable games. A game is one package under `ludoteca.games` exposing:

- `GAME`: its `Game` (rules engine), `AI_LEVELS` and `DEFAULT_LEVEL`;
- `ui`: a module with `render_table(view, ctx)`, `describe_move(...)` and
  its `MESSAGES`, drawing markup only (no browser imports);
- `RULES.md` and `RULINGS.md` beside it, for the rules page.

Only games listed here appear on the home screen.
"""

import importlib
import os
from functools import lru_cache

PLAYABLE = ("alphabeticell",)


@lru_cache(maxsize=None)
def game_package(game_id: str):
    if game_id not in PLAYABLE:
        raise KeyError(game_id)
    return importlib.import_module(f"ludoteca.games.{game_id}")


@lru_cache(maxsize=None)
def game_ui(game_id: str):
    return importlib.import_module(f"ludoteca.games.{game_id}.ui")


def all_games() -> dict:
    """id -> Game, for replaying records."""
    return {game_id: game_package(game_id).GAME for game_id in PLAYABLE}


def read_game_text(game_id: str, name: str) -> str:
    folder = os.path.dirname(game_package(game_id).__file__)
    with open(os.path.join(folder, name), encoding="utf-8") as handle:
        return handle.read()
