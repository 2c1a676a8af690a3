"""GeonAxis: multiplayer Go on hexagonal tiles, played in simultaneous secret
rounds, with a shared pot and security agreements to wager on.

The home screen needs only this light metadata; the rules engine and the AI
load the first time something asks for them.
"""

from .. import load_on_first_use

MIN_PLAYERS = 2
MAX_PLAYERS = 6
# The original rulebooks (in ../shared/seeds), which our texts must never copy.
RULEBOOKS = ("geonaxis.txt",)

TITLE = {"en": "GeonAxis", "it": "GeonAxis"}
BLURB = {
    "en": "Go for several players on hexagons: everyone moves at once, in secret. Enclose space, share the pot, and guard common ground with bluffable agreements.",
    "it": "Un Go a più giocatori su esagoni: si muove tutti insieme, in segreto. Circonda spazio, dividi il piatto e proteggi il terreno comune con patti su cui si può bluffare.",
}
TILE_ART = (
    '<svg viewBox="0 0 120 70" aria-hidden="true">'
    '<g fill="#e8dcc0" stroke="#8a7a5a" stroke-width="1">'
    '<polygon points="40,15 50,20 50,32 40,38 30,32 30,20"/>'
    '<polygon points="60,15 70,20 70,32 60,38 50,32 50,20"/>'
    '<polygon points="80,15 90,20 90,32 80,38 70,32 70,20"/>'
    '<polygon points="50,32 60,38 60,50 50,55 40,50 40,38"/>'
    '<polygon points="70,32 80,38 80,50 70,55 60,50 60,38"/>'
    '</g><circle cx="40" cy="26" r="6" fill="#2b6cb0"/><circle cx="80" cy="26" r="6" fill="#c53030"/>'
    '<circle cx="50" cy="44" r="6" fill="#2b6cb0"/><circle cx="70" cy="44" r="6" fill="#c53030"/>'
    '</svg>'
)

__all__ = ["GAME", "AI_LEVELS", "DEFAULT_LEVEL", "MIN_PLAYERS", "MAX_PLAYERS", "TITLE", "BLURB", "TILE_ART"]

__getattr__ = load_on_first_use(__name__)
