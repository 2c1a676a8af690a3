"""Council: the worked example of a minimal game (see ../game_ui.py for the contract).

Bid in secret, claim, object: a three-to-four-player game with every kind of
node the protocol knows (chance, a simultaneous secret round, a turn and a
response window) in a few lines of rules. It is not on the home screen (it is
not in registry.PLAYABLE); the core's and the app's tests play it, the
conformance suite checks it like every game, and `python3 build.py new-game
<id>` copies this folder to start a new game.

The home screen needs only this light metadata; the rules and the AI load the
first time something asks for them.
"""

from .. import load_on_first_use

MIN_PLAYERS = 3
MAX_PLAYERS = 4
RULEBOOKS: tuple = ()  # the rulebook files (in ../shared/seeds) our texts must never copy

TITLE = {"en": "Council", "it": "Consiglio"}
BLURB = {"en": "Bid in secret, claim, object.", "it": "Offri in segreto, dichiara, obietta."}
TILE_ART = '<svg viewBox="0 0 10 10" aria-hidden="true"><circle cx="5" cy="5" r="4"/></svg>'

__all__ = ["GAME", "AI_LEVELS", "DEFAULT_LEVEL", "MIN_PLAYERS", "MAX_PLAYERS", "TITLE", "BLURB", "TILE_ART"]

__getattr__ = load_on_first_use(__name__)
