"""Alphabeticell: build the longest alphabetical line of two-letter cards."""

from .ai import AI_LEVELS, DEFAULT_LEVEL
from .rules import GAME

__all__ = ["GAME", "AI_LEVELS", "DEFAULT_LEVEL"]
