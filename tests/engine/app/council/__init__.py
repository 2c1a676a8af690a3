"""The toy Council game (tests/engine/core/toy_council.py) as a game package,
so the app's tests can play a simultaneous round and a response window."""

from tests.engine.core.toy_council import (  # noqa: F401
    AI_LEVELS,
    BLURB,
    DEFAULT_LEVEL,
    GAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TITLE,
)

TILE_ART = '<svg viewBox="0 0 10 10" aria-hidden="true"><circle cx="5" cy="5" r="4"/></svg>'
