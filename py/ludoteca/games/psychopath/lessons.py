"""ALPHA // PSYCHOPATH's tutorial: its lessons as data (games/tutorial.py reads them).

Positions are written as pieces on nodes ("D0": a doctor of player 0, the learner,
who sits at the bottom) and turned into the engine's own JSON state form, which
`state_from_json` checks as it would a save (no piece standing captured, the
right counts). Pieces missing from the board count as captured earlier.
"""

from ...core.protocol import Settings
from ..tutorial import text_key, text_keys
from .rules import (
    EMPTY, KIND_BY_NAME, NODE_COUNT, PIECES_PER_KIND, PsychopathState, code_of, parse_move, Step,
)

KINDS = {"P": "psychopath", "S": "psychologist", "I": "informer", "D": "doctor"}
WHITE = 0


def pieces_state(pieces: dict, turn: int = WHITE) -> dict:
    """The JSON state of a position with these pieces ({node: "D0", ...}), `turn` to move."""
    board = [EMPTY] * NODE_COUNT
    for node, token in pieces.items():
        board[node] = code_of(int(token[1]), KIND_BY_NAME[KINDS[token[0]]])
    state = PsychopathState.new(Settings(2), 0, board)
    state.captured = [[PIECES_PER_KIND[kind] - board.count(code_of(owner, kind)) for kind in range(4)]
                      for owner in range(2)]
    state.turn = turn
    state.set_board(board)  # again: the position's key depends on whose turn it is
    state.history = (state.key,)
    return state.to_json()


def _key(lesson: str, name: str) -> str:
    return text_key("psychopath", lesson, name)


def lesson(lesson_id: str, pieces: dict, success: dict, light: tuple, wrong: tuple = (), **more) -> dict:
    return {
        **text_keys("psychopath", lesson_id),
        "position": {"state": pieces_state(pieces)}, "learner": WHITE, "success": success,
        "light": tuple(f"node-{node}" for node in light),
        # A wrong try answered by the engine has no text of its own ("").
        "wrong": {text: (_key(lesson_id, "wrong") if own else "") for text, own in wrong},
        **more,
    }


LESSONS = [
    lesson("move", {0: "D0", 5: "I0", 14: "S0", 13: "D1", 31: "P0", 43: "P1"},
           {"moves": ["m 0 37"]}, light=(0, 37), wrong=(("m 0 2", True),)),
    lesson("capture", {15: "I1", 3: "D0", 41: "D0", 40: "I0", 49: "P1", 53: "P0"},
           {"reach": "capture_made"}, light=(15, 3, 41, 40), solution=("m 40 23",)),
    lesson("border", {37: "D1", 36: "I1", 35: "D0", 22: "D0", 14: "I0", 21: "I0", 49: "P1", 53: "P0"},
           {"reach": "capture_made"}, light=(22, 35, 36, 37), solution=("m 22 38",)),
    lesson("danger", {1: "D1", 33: "D1", 20: "I1", 19: "D0", 53: "P0", 49: "P1"},
           {"moves": ["m 19 6", "m 19 7", "m 19 12", "m 19 28", "m 19 31", "m 19 32", "m 19 50"]},
           light=(19, 13, 7), wrong=(("m 19 13", False),)),
    lesson("paralysis", {2: "D0", 17: "S1", 49: "P1", 53: "P0"},
           {"moves": ["m 2 0", "m 2 5", "m 2 14", "m 2 37"]}, light=(2, 17), wrong=(("m 2 8", False),)),
    lesson("parley", {2: "D0", 17: "S1", 38: "S0", 49: "P1", 53: "P0"},
           {"moves": ["m 38 37"]}, light=(38, 37, 17)),
    lesson("return", {1: "D0", 33: "D0", 13: "S1", 21: "I0", 53: "P0", 49: "P1"},
           {"reach": "piece_returned"}, light=(13, 21), steps=("m 21 35",), solution=("m 21 35", "r doctor")),
    lesson("win", {15: "P1", 3: "D0", 41: "D0", 40: "I0", 53: "P0", 13: "D1", 30: "I1"},
           {"reach": "game_won"}, light=(15,), solution=("m 40 23",)),
]


def _lost(state, owner: int) -> int:
    return sum(state.captured[owner])


PREDICATES = {
    "capture_made": lambda before, after, learner: _lost(after, 1 - learner) > _lost(before, 1 - learner),
    "piece_returned": lambda before, after, learner: _lost(after, learner) < _lost(before, learner),
    "game_won": lambda before, after, learner: after.is_terminal() and after.winners() == [learner],
}


def offer(view: dict, learner: int, texts: list) -> dict:
    """Shows the lesson's wrong moves as destinations, so the learner can try one and read why not."""
    destinations = {node: list(targets) for node, targets in view["destinations"].items()}
    for text in texts:
        move = parse_move(text)
        if isinstance(move, Step):
            destinations.setdefault(str(move.source), []).append(move.target)
    return {**view, "destinations": destinations}


MESSAGES = {
    "en": {
        _key("move", "title"): "Moving",
        _key("move", "goal"): "Your pieces are at the bottom. A piece slides along one path as far as you like, "
                              "and psychologists (circles) never block it. Pick your doctor (the square) in the "
                              "centre and slide it past your psychologist to the lit node.",
        _key("move", "done"): "Good. A piece stops at the end of its path, or before any piece that is not a "
                              "psychologist, and never on a taken node.",
        _key("move", "wrong"): "That is allowed, but the doctor stops in front of your psychologist. Psychologists "
                               "never block: slide past it, to the end of the path.",
        _key("capture", "title"): "Capturing",
        _key("capture", "goal"): "The enemy informer (the triangle, lit) sits between your two doctors on one "
                                 "path. Capture it: move your informer onto another path through the same node.",
        _key("capture", "done"): "Captured! Two doctors, one on each side along a path, and an informer on another "
                                 "path through the node take a piece, however far apart they stand.",
        _key("border", "title"): "On the border",
        _key("border", "goal"): "Along the outer circle the doctors can be far apart. Step your lit doctor out "
                                "onto the border to close the two enemy pieces in between (your informers "
                                "already watch them from other paths).",
        _key("border", "done"): "Two at once! On the border, the stretch between the doctors that holds a piece "
                                "may contain one special (larger) node at most: with two or more, the pieces "
                                "there are safe.",
        _key("danger", "title"): "Danger",
        _key("danger", "goal"): "A piece may never stop where it would be captured. Move your lit doctor: one "
                                "of the lit nodes is guarded by two enemy doctors and an enemy informer. "
                                "(The button under the board rings dangerous nodes in red.)",
        _key("danger", "done"): "Safe. A move that captures a threatening piece may still end there: your captures "
                                "come first.",
        _key("paralysis", "title"): "Paralysis",
        _key("paralysis", "goal"): "The lit enemy psychologist shares a path with your doctor, so the doctor is "
                                   "paralysed: it may only move along that path. Move the doctor.",
        _key("paralysis", "done"): "Right. A piece caught on two such paths cannot move at all. Psychologists "
                                   "themselves are never paralysed.",
        _key("parley", "title"): "Parley",
        _key("parley", "goal"): "When psychologists of both sides stand on one path, they parley and paralyse "
                                "nobody along it. Free your doctor: move your psychologist to the lit node, on "
                                "the enemy psychologist's path.",
        _key("parley", "done"): "Your doctor is free to take its other path again.",
        _key("return", "title"): "Bringing pieces back",
        _key("return", "goal"): "Capture the lit enemy psychologist with your informer. Taking a psychologist "
                                "brings one of your captured pieces back on its node: then choose which one.",
        _key("return", "done"): "It is back. A returning doctor or informer may capture at once, but a piece can "
                                "never come back where it would be captured.",
        _key("win", "title"): "Winning",
        _key("win", "goal"): "Capture the enemy psychopath (the lit diamond) to win the game.",
        _key("win", "done"): "You win! So do you when the other side has no legal move. A third repetition, or "
                             "100 moves without a capture, is a draw.",
    },
    "it": {
        _key("move", "title"): "Muovere",
        _key("move", "goal"): "I tuoi pezzi sono in basso. Un pezzo scorre lungo un percorso per quanti nodi vuoi, "
                              "e gli psicologi (cerchi) non lo fermano mai. Scegli il tuo dottore (il quadrato) al "
                              "centro e portalo oltre il tuo psicologo, fino al nodo illuminato.",
        _key("move", "done"): "Bene. Un pezzo si ferma in fondo al percorso, o prima di un pezzo che non sia uno "
                              "psicologo, e mai su un nodo occupato.",
        _key("move", "wrong"): "Si può, ma così il dottore si ferma davanti al tuo psicologo. Gli psicologi non "
                               "sbarrano la strada: scavalcalo e arriva in fondo al percorso.",
        _key("capture", "title"): "Catturare",
        _key("capture", "goal"): "L'informatore avversario (il triangolo illuminato) sta fra i tuoi due dottori su un "
                                 "percorso. Catturalo: porta il tuo informatore su un altro percorso che passa per "
                                 "lo stesso nodo.",
        _key("capture", "done"): "Preso! Due dottori, uno per parte lungo un percorso, e un informatore su un altro "
                                 "percorso che passa per il nodo catturano un pezzo, a qualunque distanza.",
        _key("border", "title"): "Sul bordo",
        _key("border", "goal"): "Lungo il cerchio esterno i dottori possono stare lontani. Porta sul bordo il tuo "
                                "dottore illuminato e chiudi in mezzo i due pezzi avversari (i tuoi informatori li "
                                "sorvegliano già da altri percorsi).",
        _key("border", "done"): "Due in un colpo! Sul bordo, il tratto fra i dottori che contiene un pezzo può avere "
                                "al massimo un nodo speciale (più grande): con due o più, i pezzi lì sono al sicuro.",
        _key("danger", "title"): "Pericolo",
        _key("danger", "goal"): "Un pezzo non può mai fermarsi dove verrebbe catturato. Muovi il tuo dottore "
                                "illuminato: uno dei nodi illuminati è sorvegliato da due dottori e un informatore "
                                "avversari. (Il pulsante sotto la plancia cerchia in rosso i nodi pericolosi.)",
        _key("danger", "done"): "Al sicuro. Una mossa che cattura un pezzo minaccioso può comunque finire lì: le tue "
                                "catture vengono prima.",
        _key("paralysis", "title"): "Paralisi",
        _key("paralysis", "goal"): "Lo psicologo avversario illuminato sta su un percorso del tuo dottore, che quindi è "
                                   "paralizzato: può muoversi solo lungo quel percorso. Muovi il dottore.",
        _key("paralysis", "done"): "Giusto. Un pezzo preso su due percorsi così non può muoversi affatto. Gli "
                                   "psicologi invece non sono mai paralizzati.",
        _key("parley", "title"): "Trattativa",
        _key("parley", "goal"): "Quando su un percorso stanno psicologi di entrambi i colori, trattano fra loro e "
                                "lungo quel percorso non paralizzano nessuno. Libera il tuo dottore: porta il tuo "
                                "psicologo sul nodo illuminato, sul percorso dello psicologo avversario.",
        _key("parley", "done"): "Il tuo dottore può di nuovo prendere l'altro percorso.",
        _key("return", "title"): "Pezzi che tornano",
        _key("return", "goal"): "Cattura con il tuo informatore lo psicologo avversario illuminato. Chi prende uno "
                                "psicologo rimette sul suo nodo uno dei propri pezzi catturati: poi scegli quale.",
        _key("return", "done"): "È tornato. Un dottore o un informatore che rientra può catturare subito, ma un "
                                "pezzo non può mai rientrare dove verrebbe catturato.",
        _key("win", "title"): "Vincere",
        _key("win", "goal"): "Cattura lo psicopatico avversario (il rombo illuminato) e vinci la partita.",
        _key("win", "done"): "Hai vinto! Vinci anche se l'avversario non ha mosse valide. Una posizione ripetuta tre "
                             "volte, o 100 mosse senza catture, danno la patta.",
    },
}
