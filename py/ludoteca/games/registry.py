"""The playable games: one package each under `ludoteca.games`, meeting the
contract documented in `game_ui.py` (its metadata, rules, AI levels and a
`ui.UI`, an instance of `GameUI`). Only games listed in PLAYABLE appear on the
home screen; adding a game adds its id here.
"""

import importlib
import os
from collections.abc import Mapping
from functools import lru_cache
from typing import Optional

from .game_ui import GameUI

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
def game_ui(game_id: str) -> GameUI:
    """The game's `ui.UI`; its MESSAGES go to the UI layer's catalog on first use."""
    ui = importlib.import_module(PACKAGES[game_id] + ".ui").UI
    if not isinstance(ui, GameUI):
        raise TypeError(f"{game_id}.ui.UI is not a GameUI (see ludoteca/games/game_ui.py)")
    for language, messages in ui.MESSAGES.items():
        for register in _message_sinks:
            register(language, messages)
    return ui


def player_range(game_id: str) -> tuple[int, int]:
    package = game_package(game_id)
    return package.MIN_PLAYERS, package.MAX_PLAYERS


def metadata(game_id: str, name: str, language: str) -> str:
    """Light metadata the home screen shows (TITLE, BLURB), without the game's UI."""
    texts = getattr(game_package(game_id), name)
    return texts.get(language) or texts["en"]


def tile_art(game_id: str) -> str:
    return game_package(game_id).TILE_ART


def table_link(game_id: str, language: str) -> Optional[str]:
    """The label of the game's companion screen link (its optional TABLE_LINK), or None."""
    texts = vars(game_package(game_id)).get("TABLE_LINK")
    return (texts.get(language) or texts["en"]) if texts else None


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
