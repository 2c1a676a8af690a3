"""Alphabeticell: build the longest alphabetical line of two-letter cards.

The home screen needs only the player range, so the rules engine and the AI
load the first time something asks for them, not while the app starts.
"""

import importlib

MIN_PLAYERS = 2
MAX_PLAYERS = 5

_LOADED_ON_FIRST_USE = {"GAME": ".rules", "AI_LEVELS": ".ai", "DEFAULT_LEVEL": ".ai"}

__all__ = ["GAME", "AI_LEVELS", "DEFAULT_LEVEL", "MIN_PLAYERS", "MAX_PLAYERS"]


def __getattr__(name):
    if name in _LOADED_ON_FIRST_USE:
        return getattr(importlib.import_module(_LOADED_ON_FIRST_USE[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
