"""Alphabeticell's tutorial: its lessons as data (games/tutorial.py reads them).

Each position is the game played from its start: the chance events are written
out ("dealer 0", "deal 0 NH", "flip TC"), so the learner (player 0) gets the same
cards every time, and the engine checks every step as in a real game.
"""

from ..tutorial import text_key, text_keys

DEAL = ["dealer 0", "deal 0 NH", "deal 0 AP", "deal 0 SC", "deal 1 EK", "deal 1 OD", "deal 1 TM"]
# The learner's line D, H, M, and the other player's single card.
LINE_DHM = ["dealer 0", "deal 0 TD", "deal 0 RH", "deal 0 AP", "deal 1 OC", "deal 1 IU", "deal 1 EL",
            "0:keep TD", "1:keep EL", "flip RH", "0:take R H D", "flip AM", "1:pass", "0:take R M"]
# Ten cards, A B D F H K M P S V, and an eleventh on offer.
TEN_CARDS = ["dealer 0", "deal 0 AM", "deal 0 OU", "deal 0 IL", "deal 1 OC", "deal 1 IU", "deal 1 EL",
             "0:keep AM", "1:keep EL", "flip EK", "0:take L K M", "flip RH", "1:pass", "0:take L H",
             "flip NF", "1:pass", "0:take L F", "flip TD", "1:pass", "0:take L D", "flip EB", "1:pass",
             "0:take L B", "flip AW", "1:pass", "0:take L A", "flip IP", "1:pass", "0:take R P", "flip SC",
             "1:pass", "0:take R S", "flip SV", "1:pass", "0:take R V", "flip NX", "1:pass"]


def _key(lesson: str, name: str) -> str:
    return text_key("alphabeticell", lesson, name)


def lesson(lesson_id: str, moves: list, success: dict, light: tuple, wrong: tuple = (), **more) -> dict:
    return {
        **text_keys("alphabeticell", lesson_id),
        "position": {"seed": 1, "players": 2, "variants": {"rules": "classic"}, "moves": moves},
        "learner": 0, "success": success, "light": light,
        "wrong": {text: _key(lesson_id, "wrong") for text in wrong},
        **more,
    }


LESSONS = [
    lesson("keep", DEAL, {"reach": "line_started"}, light=("keep-NH", "keep-AP", "keep-SC"),
           solution=("keep NH",)),
    lesson("second", DEAL + ["0:keep NH", "1:keep OD", "flip TC"], {"reach": "card_taken"},
           light=("face-up", "line-0"), solution=("take R T N",)),
    lesson("pass", LINE_DHM + ["flip EK", "1:pass"], {"moves": ["pass"]}, light=("face-up", "line-0", "pass")),
    lesson("letter", LINE_DHM + ["flip EK", "1:pass", "0:pass", "flip TY", "1:pass"], {"moves": ["take R T"]},
           light=("face-up", "strip"), wrong=("take R Y",)),
    lesson("eleven", TEN_CARDS, {"reach": "round_scored"}, light=("face-up", "line-0"), wrong=("pass",),
           solution=("take R X",)),
]


def _line_length(state, player: int) -> int:
    return len(state.lines[player])


PREDICATES = {
    "line_started": lambda before, after, learner: _line_length(after, learner) == 1,
    "card_taken": lambda before, after, learner: _line_length(after, learner) > _line_length(before, learner),
    "round_scored": lambda before, after, learner: sum(after.totals) > sum(before.totals),
}

MESSAGES = {
    "en": {
        _key("keep", "title"): "Your first card",
        _key("keep", "goal"): "Every card shows two letters, one common (A E I N O R S T) and one rarer, and counts "
                              "as either one, never both. You were dealt three cards: keep one to start your line. "
                              "The other two go back into the deck.",
        _key("keep", "done"): "Your line has begun, face up for all to see. Its letter stays open until your "
                              "second card.",
        _key("second", "title"): "The second card",
        _key("second", "goal"): "The dealer turned up a card. Take it: tap the free place at either end of your "
                                "line, then the letters to use. From left to right the letters must run in "
                                "alphabetical order.",
        _key("second", "done"): "Now both cards have their letter. Each card in your line is worth a point at "
                                "the end of the round.",
        _key("pass", "title"): "Only at the ends",
        _key("pass", "goal"): "A new card goes at the left or the right end of your line, never in between. Your "
                              "line is D H M: E and K would both have to go inside it. Pass.",
        _key("pass", "done"): "You may always pass. When everybody passes, the card is discarded and the same "
                              "dealer turns up another one.",
        _key("letter", "title"): "Choosing the letter",
        _key("letter", "goal"): "TY fits at the right end of D H M, as T or as Y. A letter you skip is lost for "
                                "the round. Take the card with the letter that leaves more room. The strip "
                                "counts the letters still unseen.",
        _key("letter", "done"): "T leaves U to Z open. After you take a card, the next player becomes the dealer "
                                "and gets the first chance at the next one.",
        _key("letter", "wrong"): "Y fits, but then only Z could ever follow. Use T: U, V, W, X, Y and Z stay open.",
        _key("eleven", "title"): "Ending the round",
        _key("eleven", "goal"): "You have ten cards. An eleventh card stops the round at once, and every card in a "
                                "line scores a point. Take it.",
        _key("eleven", "done"): "Eleven points! A round also stops when the deck runs out. After the first round "
                                "that leaves someone on 30 points or more, the highest total wins.",
        _key("eleven", "wrong"): "Passing is allowed, but the eleventh card ends the round now, with your line at "
                                 "its longest. Take it.",
    },
    "it": {
        _key("keep", "title"): "La prima carta",
        _key("keep", "goal"): "Ogni carta ha due lettere, una comune (A E I N O R S T) e una più rara, e vale "
                              "l'una o l'altra, mai tutte e due. Hai ricevuto tre carte: tienine una per "
                              "cominciare la tua fila. Le altre due tornano nel mazzo.",
        _key("keep", "done"): "La tua fila è cominciata, scoperta davanti a tutti. La sua lettera resta aperta "
                              "fino alla seconda carta.",
        _key("second", "title"): "La seconda carta",
        _key("second", "goal"): "Il mazziere ha scoperto una carta. Prendila: tocca il posto libero a uno dei due "
                                "capi della tua fila, poi le lettere da usare. Da sinistra a destra le lettere "
                                "devono seguire l'ordine alfabetico.",
        _key("second", "done"): "Ora ogni carta ha la sua lettera. Ogni carta della fila vale un punto alla fine "
                                "della mano.",
        _key("pass", "title"): "Solo ai capi",
        _key("pass", "goal"): "Una carta nuova va al capo sinistro o destro della fila, mai in mezzo. La tua fila "
                              "è D H M: sia E sia K dovrebbero finirci dentro. Passa.",
        _key("pass", "done"): "Passare si può sempre. Se passano tutti, la carta va negli scarti e lo stesso "
                              "mazziere ne scopre un'altra.",
        _key("letter", "title"): "Scegliere la lettera",
        _key("letter", "goal"): "TY va al capo destro di D H M, come T o come Y. Una lettera saltata è persa per "
                                "tutta la mano. Prendi la carta con la lettera che lascia più spazio. La striscia "
                                "conta le lettere non ancora uscite.",
        _key("letter", "done"): "Con la T restano aperte dalla U alla Z. Dopo che hai preso una carta, il giocatore "
                                "dopo di te diventa mazziere e ha per primo la carta successiva.",
        _key("letter", "wrong"): "La Y ci sta, ma dopo potrebbe venire solo la Z. Usa la T: restano aperte U, V, W, "
                                 "X, Y e Z.",
        _key("eleven", "title"): "Chiudere la mano",
        _key("eleven", "goal"): "Hai dieci carte. L'undicesima chiude subito la mano, e ogni carta in fila vale un "
                                "punto. Prendila.",
        _key("eleven", "done"): "Undici punti! La mano si chiude anche quando il mazzo finisce. Dopo la prima mano "
                                "che lascia qualcuno ad almeno 30 punti, vince chi ha il totale più alto.",
        _key("eleven", "wrong"): "Passare si può, ma l'undicesima carta chiude la mano adesso, con la tua fila al "
                                 "massimo. Prendila.",
    },
}
