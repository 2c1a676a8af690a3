"""Alphabeticell: build the longest alphabetical line of two-letter cards.

The home screen needs only this light metadata, so the rules engine and the AI
load the first time something asks for them, not while the app starts.
"""

from .. import load_on_first_use

MIN_PLAYERS = 2
MAX_PLAYERS = 5
# The original rulebooks (in ../shared/seeds), which our texts must never copy.
RULEBOOKS = ("alphabeticell.txt",)

TITLE = {"en": "Alphabeticell", "it": "Alphabeticell"}
BLURB = {
    "en": "Take two-letter cards to build the longest alphabetical line. Skip a letter and it is gone for good.",
    "it": "Prendi carte con due lettere e costruisci la fila alfabetica più lunga. Ma la lettera che salti non torna più.",
}

# Three cards of a line (N, P, S in use), as on the home screen's tile.
TILE_ART = (
    '<svg viewBox="0 0 120 70" aria-hidden="true">'
    '<g transform="translate(14.0,10.0)"><g class="card "><rect width="34.8" height="49.3" rx="4.3"/>'
    '<text class="top used" x="17.4" y="23.2" font-size="21.8">N</text>'
    '<text class="bottom faded" x="17.4" y="42.4" font-size="14.5">H</text></g></g>'
    '<g transform="translate(46.0,10.0)"><g class="card "><rect width="34.8" height="49.3" rx="4.3"/>'
    '<text class="top faded" x="17.4" y="23.2" font-size="21.8">A</text>'
    '<text class="bottom used" x="17.4" y="42.4" font-size="14.5">P</text></g></g>'
    '<g transform="translate(78.0,10.0)"><g class="card "><rect width="34.8" height="49.3" rx="4.3"/>'
    '<text class="top used" x="17.4" y="23.2" font-size="21.8">S</text>'
    '<text class="bottom faded" x="17.4" y="42.4" font-size="14.5">C</text></g></g>'
    "</svg>"
)

__all__ = ["GAME", "AI_LEVELS", "DEFAULT_LEVEL", "MIN_PLAYERS", "MAX_PLAYERS", "TITLE", "BLURB", "TILE_ART"]

__getattr__ = load_on_first_use(__name__)
