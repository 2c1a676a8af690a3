"""The playable games. A game is one package under `ludoteca.games` exposing:

- `MIN_PLAYERS` and `MAX_PLAYERS`, cheap to import (the home screen shows them);
- `GAME`: its `Game` (rules engine), `AI_LEVELS` and `DEFAULT_LEVEL`, which
  may load on first use (module `__getattr__`) to keep start-up light;
- `ui`: a module with `render_table(view, ctx)`, `describe_move(...)` and
  its `MESSAGES`, drawing markup only (no browser imports);
- `RULES.md` and `RULINGS.md` beside it, for the rules page.

Only games listed here appear on the home screen.
"""

import importlib
import os
from collections.abc import Mapping
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


def player_range(game_id: str) -> tuple[int, int]:
    package = game_package(game_id)
    return package.MIN_PLAYERS, package.MAX_PLAYERS


class GameCatalog(Mapping):
    """id -> Game for every playable game; each engine loads when first looked up."""

    def __getitem__(self, game_id: str):
        if game_id not in PLAYABLE:
            raise KeyError(game_id)
        return game_package(game_id).GAME

    def __contains__(self, game_id) -> bool:  # without loading the engine
        return game_id in PLAYABLE

    def __iter__(self):
        return iter(PLAYABLE)

    def __len__(self) -> int:
        return len(PLAYABLE)


def all_games() -> GameCatalog:
    """id -> Game, for setting up games and replaying records."""
    return GameCatalog()


def read_game_text(game_id: str, name: str) -> str:
    folder = os.path.dirname(game_package(game_id).__file__)
    with open(os.path.join(folder, name), encoding="utf-8") as handle:
        return handle.read()
