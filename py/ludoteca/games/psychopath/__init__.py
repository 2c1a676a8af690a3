"""ALPHA // PSYCHOPATH: a two-player duel on a hyperbolic network of paths.

The home screen needs only the metadata below; the rules engine and the AI
load the first time something asks for them.
"""

from .. import load_on_first_use

MIN_PLAYERS = 2
MAX_PLAYERS = 2
# The original rulebooks (in ../shared/seeds), which our texts must never copy.
RULEBOOKS = ("alpha-psychopath.txt",)

TITLE = {"en": "ALPHA // PSYCHOPATH", "it": "ALPHA // PSYCHOPATH"}
BLURB = {
    "en": "Trap the rival psychopath between two doctors and an informer, on a board drawn from hyperbolic geometry.",
    "it": "Intrappola lo psicopatico avversario fra due dottori e un informatore, su una plancia nata dalla geometria iperbolica.",
}
TILE_ART = (
    '<svg viewBox="0 0 100 100" aria-hidden="true">'
    '<circle cx="50" cy="50" r="46" fill="none" stroke="currentColor" stroke-width="3"/>'
    '<path d="M4 50H96M27 10L73 90M73 10L27 90" fill="none" stroke="currentColor" stroke-width="2"/>'
    '<path d="M27 10A27 27 0 0 0 73 10M27 90A27 27 0 0 1 73 90" fill="none" stroke="currentColor" stroke-width="2"/>'
    '<circle cx="50" cy="50" r="7" fill="#c0392b"/>'
    '<rect x="21" y="24" width="12" height="12" fill="#1f4e9c"/>'
    '<polygon points="73,62 80,75 66,75" fill="#e0a526"/>'
    "</svg>"
)

__all__ = ["GAME", "AI_LEVELS", "DEFAULT_LEVEL", "MIN_PLAYERS", "MAX_PLAYERS", "TITLE", "BLURB", "TILE_ART"]

__getattr__ = load_on_first_use(__name__)
