"""The playable games. A game is one package under `ludoteca.games` exposing:

- `MIN_PLAYERS` and `MAX_PLAYERS`, cheap to import (the home screen shows them);
- `GAME`: its `Game` (rules engine), `AI_LEVELS` and `DEFAULT_LEVEL`, which
  may load on first use (module `__getattr__`) to keep start-up light;
- `ui`: a module with `render_table(view, ctx)`, `log_line(parts, names, t)`
  (words the engine's `State.describe_move` pairs; it never gets a State) and
  its `MESSAGES`, drawing markup only (no browser imports); optionally
  `end_reason(view, ctx)` and `rules_diagram(name, t)` (see README);
- `RULES.md` and `RULINGS.md` beside it, for the rules page.

Only games listed here appear on the home screen.
"""

import importlib
import os
from collections.abc import Mapping
from functools import lru_cache

PLAYABLE = ("alphabeticell", "psychopath", "alphagon", "geonaxis")
# Where each game's package lives; tests add games of their own here.
PACKAGES = {game_id: f"ludoteca.games.{game_id}" for game_id in PLAYABLE}


@lru_cache(maxsize=None)
def game_package(game_id: str):
    if game_id not in PLAYABLE:
        raise KeyError(game_id)
    return importlib.import_module(PACKAGES[game_id])


_message_sinks: list = []


def on_game_messages(register) -> None:
    """The UI layer asks to receive each game's messages (`register(lang, dict)`)
    when that game's UI loads; games never import the UI layer."""
    _message_sinks.append(register)


@lru_cache(maxsize=None)
def game_ui(game_id: str):
    module = importlib.import_module(PACKAGES[game_id] + ".ui")
    for language, messages in getattr(module, "MESSAGES", {}).items():
        for register in _message_sinks:
            register(language, messages)
    return module


def player_range(game_id: str) -> tuple[int, int]:
    package = game_package(game_id)
    return package.MIN_PLAYERS, package.MAX_PLAYERS


def metadata(game_id: str, name: str, language: str) -> str:
    """Light metadata the home screen shows (TITLE, BLURB), without the game's UI."""
    texts = getattr(game_package(game_id), name)
    return texts.get(language) or texts["en"]


def tile_art(game_id: str) -> str:
    return game_package(game_id).TILE_ART


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


def read_game_text(game_id: str, name: str, language: str = "en") -> str:
    """A game's text file (RULES.md, RULINGS.md) in `language` when it has one (RULES.it.md)."""
    folder = os.path.dirname(game_package(game_id).__file__)
    stem, _, suffix = name.rpartition(".")
    for candidate in (f"{stem}.{language}.{suffix}", name):
        path = os.path.join(folder, candidate)
        if os.path.exists(path):
            with open(path, encoding="utf-8") as handle:
                return handle.read()
    raise FileNotFoundError(name)
