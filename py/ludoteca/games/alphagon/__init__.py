"""Alphagon: build a polygon of complete-meaning words on a 13x13 board.

The home screen needs only the metadata below; the rules engine, its word
list and the AI load the first time something asks for them.
"""

from .. import load_on_first_use

MIN_PLAYERS = 2
MAX_PLAYERS = 6
# The original rulebooks (in ../shared/seeds), which our texts must never copy.
RULEBOOKS = ("alphagon-en.txt", "alphagon-it.txt")
TITLE = {"en": "Alphagon", "it": "Alphagon"}
BLURB = {
    "en": "Spell words letter by letter along the sides of a polygon; declare, doubt and contradict to score.",
    "it": "Componete parole lettera dopo lettera lungo i lati di un poligono; dichiarate, dubitate e smentite per fare punti.",
}
TILE_ART = (
    '<svg viewBox="0 0 120 70" aria-hidden="true"><g transform="translate(0 7)" color="#f2efe6" fill="#f2efe6">'
    '<path d="M20 15 H80 V55 H35 V35" fill="none" stroke="currentColor" stroke-width="3"/>'
    '<text x="20" y="19" font-size="14" text-anchor="middle">+</text>'
    '<text x="40" y="12" font-size="11" text-anchor="middle">A</text>'
    '<text x="55" y="12" font-size="11" text-anchor="middle">L</text>'
    '<text x="70" y="12" font-size="11" text-anchor="middle">F</text>'
    '<text x="80" y="19" font-size="14" text-anchor="middle">+</text>'
    '<path d="M100 12 l3 6 7 1 -5 5 1 7 -6 -3 -6 3 1 -7 -5 -5 7 -1z" fill="currentColor" opacity="0.6"/>'
    "</g></svg>"
)

__all__ = ["GAME", "AI_LEVELS", "DEFAULT_LEVEL", "MIN_PLAYERS", "MAX_PLAYERS", "TITLE", "BLURB", "TILE_ART"]

__getattr__ = load_on_first_use(__name__)
# The home tile's link to the companion for the physical game (issue 33).
TABLE_LINK = {"en": "At the table", "it": "Al tavolo"}
