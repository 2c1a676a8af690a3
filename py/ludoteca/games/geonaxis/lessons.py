"""GeonAxis's tutorial: its lessons as data (games/tutorial.py reads them).

Two players on the one-tile table; each position is reached by real rounds
("0:s q r" and "1:s q r": both choices of a round), and each lesson's reply
is the other player's choice for the round the learner plays, so the round
is revealed as in a game. Cells are named "q r" (axial coordinates, 0 0 the
centre), as the log writes them.
"""

from ..tutorial import text_key, text_keys

GAME_ID = "geonaxis"


def rounds(*pairs) -> list:
    """Move texts for rounds given as (the learner's choice, the other player's)."""
    return [text for mine, theirs in pairs for text in (f"0:{mine}", f"1:{theirs}")]


# An enemy stone at the centre, surrounded by five of the learner's: one liberty left, at -1 1.
ATARI = rounds(("s 1 0", "s 0 0"), ("s -1 0", "s -2 2"), ("s 0 1", "s 2 -2"), ("s 0 -1", "s -2 0"),
               ("s 1 -1", "s 2 0"))
# Three enemy stones around the corner cell 2 -2, which has no free neighbour left.
# Both players' stones around the free centre cell (an area they close in together).
SURROUNDED = rounds(("s 1 0", "s -1 0"), ("s 0 1", "s 0 -1"), ("s 1 -1", "s -1 1"))
# The same cell; then the other player proposes to protect it.
SHARED = SURROUNDED + rounds(("pass", "propose 0 0 1"))
# The same cell, protected: the learner staked 1 credit, the other player only a joker (a bluff).
PROTECTED = SHARED + ["0:wager 1 0", "1:wager 0 1"]
# Protected by 1 honest credit each; the other player challenges with 1 credit, which the pile's 2 beat.
CHALLENGED = SHARED + ["0:wager 1 0", "1:wager 1 0"] + rounds(("pass", "challenge 0 0 1"))
CORNER = rounds(("s -1 0", "s 1 -2"), ("s -1 1", "s 2 -1"), ("s 0 1", "s 1 -1"))


def _key(lesson: str, name: str) -> str:
    return text_key(GAME_ID, lesson, name)


def cell(q: int, r: int) -> str:
    return f"cell-{q}-{r}"


def lesson(lesson_id: str, moves: list, success: dict, light: tuple, reply: str = "1:pass", **more) -> dict:
    return {
        **text_keys(GAME_ID, lesson_id),
        "position": {"seed": 1, "players": 2, "moves": moves},
        "learner": 0, "success": success, "light": light, "replies": [reply],
        **more,
    }


LESSONS = [
    lesson("stone", [], {"reach": "stone_placed"}, light=(cell(0, 0),), solution=("s 0 0",)),
    lesson("collision", [], {"moves": ["s 1 0"]}, light=(cell(1, 0),), reply="1:s 1 0"),
    lesson("capture", ATARI, {"reach": "capture_made"}, light=(cell(0, 0), cell(-1, 1)), solution=("s -1 1",)),
    lesson("breathing", CORNER, {"reach": "stone_placed"}, light=(cell(2, -2),), solution=("s 0 0",),
           wrong={"s 2 -2": ""}),
    lesson("tile", rounds(("s 0 0", "s 1 1")), {"reach": "tile_placed"}, light=("select-tile",),
           solution=("t -1 0",)),
    # The learner proposes (the other passes in that round), then both stake.
    lesson("agree", SURROUNDED, {"moves": ["wager 1 0"]}, light=(cell(0, 0), "propose-0-0-1"),
           steps=["propose 0 0 1"], step=_key("agree", "step"), wrong={"decline": _key("agree", "wrong")},
           replies={"propose 0 0 1": ["1:pass"], "wager 1 0": ["1:wager 1 0"]}),
    lesson("challenge", PROTECTED, {"reach": "agreement_broken"}, light=(cell(0, 0), "challenge-1-3"),
           solution=("challenge 0 0 3",), wrong={"s 0 0": ""}),
    lesson("renew", CHALLENGED, {"reach": "agreement_renewed"}, light=(cell(0, 0), "renew"), reply="1:renew 1 1 0",
           solution=("renew 1 1 0",), wrong={"cancel": _key("renew", "wrong")}),
    lesson("end", ATARI + rounds(("s -1 1", "pass")), {"reach": "game_over"}, light=("pass",),
           solution=("pass",)),
]


def _stones(state, player: int) -> int:
    return sum(1 for stone in state.view(None)["stones"] if stone[2] == player)


PREDICATES = {
    "stone_placed": lambda before, after, learner: _stones(after, learner) > _stones(before, learner),
    "capture_made": lambda before, after, learner:
        after.view(None)["prisoners"][learner] > before.view(None)["prisoners"][learner],
    "tile_placed": lambda before, after, learner: len(after.view(None)["cells"]) > len(before.view(None)["cells"]),
    "game_over": lambda before, after, learner: after.is_terminal(),
    "agreement_broken": lambda before, after, learner:
        len(after.view(learner)["agreements"]) < len(before.view(learner)["agreements"]),
    "agreement_renewed": lambda before, after, learner: after.view(learner)["phase"] != "renegotiate"
        and len(after.view(learner)["agreements"]) == len(before.view(learner)["agreements"]),
}


def offer(view: dict, learner: int, texts: list) -> dict:
    """Shows the lesson's wrong stones as playable cells, so the learner can try one and read why not."""
    legal = view.get("legal")
    if not legal or "stones" not in legal:  # an agreement's decision offers no cells
        return view
    extra = [[int(word) for word in text.split()[1:3]] for text in texts if text.startswith("s ")]
    return {**view, "legal": {**legal, "stones": list(legal["stones"]) + extra}}


MESSAGES = {
    "en": {
        _key("stone", "title"): "A round",
        _key("stone", "goal"): "GeonAxis is Go on hexagons, and everybody moves at once: each player chooses in "
                               "secret, then all the choices are revealed together. Put a stone on the lit cell.",
        _key("stone", "done"): "Both choices are revealed: your stone is down, and the other player passed. "
                               "Touching stones of one colour form a group; the free cells next to it are its "
                               "liberties.",
        _key("collision", "title"): "The same cell",
        _key("collision", "goal"): "Put a stone on the lit cell. Watch what happens when the other player wants "
                                   "it too.",
        _key("collision", "done"): "You both chose that cell, so neither stone went down, and neither of you may "
                                   "play there in the next round.",
        _key("capture", "title"): "Capturing",
        _key("capture", "goal"): "The enemy stone in the centre has one liberty left, the lit cell. Take it to "
                                 "capture the stone.",
        _key("capture", "done"): "Captured! A group with no liberty is removed, and its stones are points for "
                                 "whoever took its last liberty.",
        _key("breathing", "title"): "Breathing room",
        _key("breathing", "goal"): "A stone needs a free neighbour, or a group of yours with another liberty, or "
                                   "to capture. The lit corner has none: try it, then put a stone anywhere else.",
        _key("breathing", "done"): "Right. Captures come before a group dies for lack of room, so a stone that "
                                   "captures may always go down.",
        _key("tile", "title"): "Your tile",
        _key("tile", "goal"): "Each player holds one tile of 19 cells. Choose Place your tile, then a free spot "
                              "next to the table, to make room.",
        _key("tile", "done"): "The table has grown. Tiles go down before the stones of the same round.",
        _key("agree", "title"): "An agreement",
        _key("agree", "goal"): "You both surround the lit cell. Propose to protect it, each staking 1 credit "
                               "(the 1 in area A's row): a proposal is your move for the round.",
        _key("agree", "step"): "Proposed. Now each of you stakes in secret, face down in a pile, or declines. "
                               "Stake 1 credit.",
        _key("agree", "done"): "Agreed: nobody may play there now. To break in, a player must challenge, wagering "
                               "more credits than the pile really holds; a pile may bluff with jokers.",
        _key("agree", "wrong"): "You may decline (one refusal and there is no agreement), but here accept, to see "
                                "one made.",
        _key("challenge", "title"): "A challenge",
        _key("challenge", "goal"): "The pile claims 2 credits, 1 from each of you, but a stake may be a joker. Try "
                                   "a stone in the lit cell; then challenge with 3 credits (the 3 beside the area), "
                                   "and choose the cell.",
        _key("challenge", "done"): "The pile held only your credit: the other player had bluffed. You take the "
                                   "pile's credits and as many back from your wager; the agreement ends and the cell "
                                   "is open from the next round. Against a pile as rich as your wager, the wager "
                                   "goes to its members.",
        _key("renew", "title"): "Renewing an agreement",
        _key("renew", "goal"): "The other player challenged your agreement with 1 credit, which the pile's 2 "
                               "beat: the challenge failed. Now you both choose in secret to renew the agreement "
                               "or cancel it. Renew it at 1 each.",
        _key("renew", "done"): "Renewed, with a new pile: the cell stays protected. A cancel from either of you "
                               "would have ended it.",
        _key("renew", "wrong"): "You may cancel (the agreement then ends), but here renew it.",
        _key("end", "title"): "The end",
        _key("end", "goal"): "The game ends when everybody passes in the same round. Pass.",
        _key("end", "done"): "Game over. Your points are the stones you captured plus the free cells you "
                             "surrounded; the pot of credits is shared by points, and the most credits win.",
    },
    "it": {
        _key("stone", "title"): "Un turno",
        _key("stone", "goal"): "GeonAxis è un Go sugli esagoni, e tutti muovono insieme: ognuno sceglie in "
                               "segreto, poi le scelte si svelano tutte insieme. Metti una pietra sulla casella "
                               "illuminata.",
        _key("stone", "done"): "Le scelte sono svelate: la tua pietra è posata e l'altro giocatore ha passato. "
                               "Le pietre dello stesso colore che si toccano formano un gruppo; le caselle libere "
                               "accanto sono le sue libertà.",
        _key("collision", "title"): "La stessa casella",
        _key("collision", "goal"): "Metti una pietra sulla casella illuminata. Guarda che cosa succede se la vuole "
                                   "anche l'altro giocatore.",
        _key("collision", "done"): "Avete scelto tutti e due quella casella: nessuna pietra è posata, e nessuno dei "
                                   "due può giocarci nel turno successivo.",
        _key("capture", "title"): "Catturare",
        _key("capture", "goal"): "La pietra avversaria al centro ha una sola libertà, la casella illuminata. "
                                 "Occupala e cattura la pietra.",
        _key("capture", "done"): "Catturata! Un gruppo senza libertà viene tolto, e le sue pietre sono punti per "
                                 "chi gli ha tolto l'ultima libertà.",
        _key("breathing", "title"): "Respiro",
        _key("breathing", "goal"): "Una pietra ha bisogno di una vicina libera, o di un tuo gruppo con un'altra "
                                   "libertà, oppure di catturare. L'angolo illuminato non ha niente di tutto "
                                   "questo: provaci, poi metti una pietra altrove.",
        _key("breathing", "done"): "Giusto. Le catture vengono prima dell'autocattura, quindi una pietra che "
                                   "cattura si può sempre posare.",
        _key("tile", "title"): "La tua tessera",
        _key("tile", "goal"): "Ogni giocatore ha una tessera di 19 caselle. Scegli Posa la tua tessera, poi un "
                              "posto libero accanto al tavolo, per fare spazio.",
        _key("tile", "done"): "Il tavolo è cresciuto. Le tessere si posano prima delle pietre dello stesso turno.",
        _key("agree", "title"): "Un patto",
        _key("agree", "goal"): "Circondate insieme la casella illuminata. Proponi di proteggerla, puntando 1 "
                               "credito a testa (l'1 nella riga della zona A): la proposta è la tua mossa del turno.",
        _key("agree", "step"): "Proposta fatta. Ora ognuno punta in segreto, coperto in un mucchio, o rifiuta. "
                               "Punta 1 credito.",
        _key("agree", "done"): "Patto fatto: ora nessuno può giocarci. Per entrare bisogna sfidare il patto, "
                               "puntando più crediti di quanti il mucchio ne contenga davvero; un mucchio può "
                               "bluffare con i jolly.",
        _key("agree", "wrong"): "Puoi rifiutare (basta un rifiuto e il patto non c'è), ma qui accetta, per vederne "
                                "uno nascere.",
        _key("challenge", "title"): "Una sfida",
        _key("challenge", "goal"): "Il mucchio dichiara 2 crediti, 1 per ciascuno di voi, ma una puntata può essere "
                                   "un jolly. Prova una pietra sulla casella illuminata; poi sfida con 3 crediti (il "
                                   "3 accanto alla zona) e scegli la casella.",
        _key("challenge", "done"): "Il mucchio aveva solo il tuo credito: l'altro giocatore bluffava. Prendi i "
                                   "crediti del mucchio e altrettanti della tua puntata; il patto finisce e la "
                                   "casella è libera dal turno successivo. Contro un mucchio ricco quanto la tua "
                                   "puntata, questa va ai suoi membri.",
        _key("renew", "title"): "Rinnovare un patto",
        _key("renew", "goal"): "L'altro giocatore ha sfidato il vostro patto con 1 credito, battuto dai 2 del "
                               "mucchio: la sfida è fallita. Ora scegliete tutti e due in segreto se rinnovare il "
                               "patto o annullarlo. Rinnovalo a 1 a testa.",
        _key("renew", "done"): "Rinnovato, con un nuovo mucchio: la casella resta protetta. Bastava che uno di voi "
                               "annullasse, e il patto finiva.",
        _key("renew", "wrong"): "Puoi annullarlo (e il patto finisce), ma qui rinnovalo.",
        _key("end", "title"): "La fine",
        _key("end", "goal"): "La partita finisce quando tutti passano nello stesso turno. Passa.",
        _key("end", "done"): "Partita finita. I tuoi punti sono le pietre catturate più le caselle libere che hai "
                             "circondato; il piatto dei crediti si divide secondo i punti, e vince chi ha più "
                             "crediti.",
    },
}
