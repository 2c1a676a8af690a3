"""Alphagon's tutorial: its lessons as data (games/tutorial.py reads them).

The words are the edition's, so the lessons come in two sets, the English
edition's for English and the Italian edition's for Italian (the same lessons,
words of their own). Each position is a real game's opening with its chance
events written out: who starts, each letter drawn, each card dealt.
"""

from ..tutorial import text_key, text_keys

GAME_ID = "alphagon"
# Per edition: the word the lessons build, the learner's letters, the other
# player's, and a card of the learner's with a syllable of the word.
EDITIONS = {
    "en": {"word": "ROAD", "mine": "AEIRDTN", "theirs": "OAEMSLP", "theirs_q": "OAEQSLP", "card": 17,
           "syllable": "AD", "other_meaning": "ROAST"},  # other_meaning: starts as the word, means another thing
    "it": {"word": "CASA", "mine": "AEICTNL", "theirs": "AOESMRP", "theirs_q": "AOEQSMP", "card": 32,
           "syllable": "AS", "other_meaning": "CASTELLO",
           "shape_too": True},  # CASA also lays one of card 32's shapes: finding both at once succeeds too
}


def _key(lesson: str, name: str) -> str:
    return text_key(GAME_ID, lesson, name)


def replacement(player: int, letter: str) -> str:
    """The draw after a placed letter (from the sack of its kind)."""
    return f"draw {player} {'U' if letter in 'AEIOU' else 'B'}"


def dealt(edition: dict, theirs: str) -> list:
    """Who starts (the learner), the letters each player draws, the cards each is dealt."""
    return (["first 0", "rotation cw"] + [f"draw 0 {letter}" for letter in edition["mine"]]
            + [f"draw 1 {letter}" for letter in theirs]
            + [f"card 0 {edition['card']}", "card 0 1", "card 0 2", "card 1 3", "card 1 4", "card 1 5"])


def openings(edition: dict) -> tuple:
    """(the deal, the learner's turn with three letters of the word down, and the fourth placed)."""
    word = edition["word"]
    deal = dealt(edition, edition["theirs"])
    three = deal + [f"0:start D4 E {word[0]}", replacement(0, word[0]),
                    f"1:place F4 {word[1]}", replacement(1, word[1]),
                    f"1:place G4 {word[2]}", replacement(1, word[2]), "1:end"]
    four = three + [f"0:place H4 {word[3]}", replacement(0, word[3])]
    declared = three[:-1] + [f"1:declare {word}"]  # the other player declares the word instead of ending
    return deal, three, four, declared


def lesson(language: str, lesson_id: str, moves: list, success: dict, light: tuple, **more) -> dict:
    return {
        **text_keys(GAME_ID, lesson_id),
        "position": {"seed": 1, "players": 2, "variants": {"edition": language}, "moves": moves},
        "learner": 0, "success": success, "light": light, **more,
    }


def edition_lessons(language: str) -> list:
    edition = EDITIONS[language]
    word, card, syllable = edition["word"], edition["card"], edition["syllable"]
    deal, three, four, declared = openings(edition)
    return [
        lesson(language, "start", deal, {"reach": "started"}, light=("rack", "data-cell=D4"),
               solution=(f"start D4 E {word[0]}",)),
        lesson(language, "doubt", dealt(edition, edition["theirs_q"]) + [
                   f"0:start D4 E {word[0]}", replacement(0, word[0]), "1:place F4 Q", replacement(1, "Q"), "1:end"],
               {"moves": ["doubt"]}, light=("doubt",), replies=["1:concede", "1:lose B"],
               wrong={"pass": _key("doubt", "wrong")}),
        lesson(language, "place", three, {"moves": [f"place H4 {word[3]}"]}, light=("data-cell=H4",)),
        lesson(language, "syllable", four,
               {"moves": [f"find {card} {syllable}"] + ([f"find {card} {syllable} shape"] * edition.get("shape_too", 0))},
               light=(f"card-{card}",)),
        lesson(language, "declare", declared, {"reach": "contradicted"}, light=("form-contradict",),
               solution=(f"contradict {edition['other_meaning']}",), wrong={"accept": _key("declare", "wrong")}),
        lesson(language, "close", four, {"moves": ["close"]}, light=("close",), wrong={"end": _key("close", "wrong")}),
    ]


LESSONS = {language: edition_lessons(language) for language in EDITIONS}

PREDICATES = {
    "started": lambda before, after, learner: bool(after.view(learner)["trail"]),
    # A valid contradiction closes the word for the contradictor, who scores it.
    "contradicted": lambda before, after, learner: after.scores()[learner] > before.scores()[learner],
}

MESSAGES = {
    "en": {
        _key("start", "title"): "The start",
        _key("start", "goal"): "Together you draw one polygon of letters on the board. You begin: choose R in "
                               "your rack, then the lit flag (the polygon's start, a +), then the square east of "
                               "it, where R goes.",
        _key("start", "done"): "The polygon has begun, heading east. The letters since the last + spell the word "
                               "being built, R so far. That was your whole first turn.",
        _key("doubt", "title"): "Doubting",
        _key("doubt", "goal"): "The other player put Q after your R. When you think no word can start with the "
                               "letters of the word, doubt before placing: whoever placed the last letter must "
                               "name a word. Doubt.",
        _key("doubt", "done"): "No word starts with RQ: the other player lost a letter, and the word is suspended "
                               "(a + ends it, no points). Your turn goes on with a new word. A doubt that meets a "
                               "real word costs you a letter.",
        _key("doubt", "wrong"): "Passing costs a bonus. No word starts with RQ: doubt instead.",
        _key("place", "title"): "Placing a letter",
        _key("place", "goal"): "The other player added O and A: the word is ROA. Each letter goes on the next "
                               "square, which the board lights. Choose D in your rack, then the lit square.",
        _key("place", "done"): "ROAD. You drew a new letter. With a bonus token you could place a second one.",
        _key("syllable", "title"): "Your cards",
        _key("syllable", "goal"): "Your polygon cards each show four syllables, read both ways. Card 17 has "
                                  "AD, and ROAD holds it: press its Find button for 3 points.",
        _key("syllable", "done"): "3 points, and a new card. The small shapes on a card score 3 too, when the last "
                                  "squares of the polygon take that shape.",
        _key("declare", "title"): "Declaring",
        _key("declare", "goal"): "The other player declared ROAD: they claim every word starting with ROA means "
                                 "the same, to score it now. Type a word starting with ROA that means something "
                                 "else, and contradict.",
        _key("declare", "done"): "Contradicted: you close the word and score your word, and the declarer loses a "
                                 "letter. Once 3 letters are down you may declare too; if nobody contradicts, "
                                 "you score the shortest word named.",
        _key("declare", "wrong"): "Accepting lets the declarer score ROAD. But ROA also starts words of another "
                                  "meaning (ROAST, for one): contradict with one.",
        _key("close", "title"): "Closing the word",
        _key("close", "goal"): "ROAD is a word of four letters: close it to score 4 points (5 for 6–7 letters, 6 "
                               "for more). A + then ends it, and the polygon turns.",
        _key("close", "done"): "4 points! The first to 40 (with two players) wins; the game also stops when the "
                               "polygon comes back near its start or has 10 sides. Passing and the rarer moves "
                               "are on the rules page.",
        _key("close", "wrong"): "Ending your turn leaves ROAD open: the next player could add a letter and score "
                                "a longer word. Close it now.",
    },
    "it": {
        _key("start", "title"): "L'inizio",
        _key("start", "goal"): "Insieme disegnate sulla plancia un solo poligono di lettere. Cominci tu: scegli "
                               "la C fra le tue lettere, poi la bandierina illuminata (l'inizio del poligono, un "
                               "+), poi la casella a est, dove va la C.",
        _key("start", "done"): "Il poligono è partito verso est. Le lettere dall'ultimo + formano la parola in "
                               "costruzione: per ora C. Questo era tutto il tuo primo turno.",
        _key("doubt", "title"): "Dubitare",
        _key("doubt", "goal"): "L'altro giocatore ha messo una Q dopo la tua C. Se pensi che nessuna parola possa "
                               "cominciare con le lettere della parola, dubita prima di posare: chi ha posato "
                               "l'ultima lettera deve dire una parola. Dubita.",
        _key("doubt", "done"): "Nessuna parola comincia con CQ: l'altro giocatore ha perso una lettera e la parola "
                               "è sospesa (un + la chiude, senza punti). Il tuo turno continua con una parola "
                               "nuova. Se invece la parola esiste, la lettera la perdi tu.",
        _key("doubt", "wrong"): "Passare costa un bonus. Nessuna parola comincia con CQ: dubita, piuttosto.",
        _key("place", "title"): "Posare una lettera",
        _key("place", "goal"): "L'altro giocatore ha aggiunto A e S: la parola è CAS. Ogni lettera va nella "
                               "casella successiva, che la plancia illumina. Scegli la A fra le tue lettere, poi "
                               "la casella illuminata.",
        _key("place", "done"): "CASA. Hai pescato una lettera nuova. Con un gettone bonus potresti posarne una "
                               "seconda.",
        _key("syllable", "title"): "Le tue carte",
        _key("syllable", "goal"): "Ogni carta poligono mostra quattro sillabe, leggibili nei due sensi. La carta "
                                  "32 ha AS, e CASA la contiene: premi il suo pulsante per trovarla, 3 punti.",
        _key("syllable", "done"): "3 punti, e una carta nuova. Anche le piccole forme di una carta valgono 3 punti, "
                                  "quando le ultime caselle del poligono hanno quella forma.",
        _key("declare", "title"): "Dichiarare",
        _key("declare", "goal"): "L'altro giocatore ha dichiarato CASA: sostiene che ogni parola che comincia con "
                                 "CAS abbia lo stesso significato, per segnarla subito. Scrivi una parola che "
                                 "comincia con CAS e significa altro, e smentisci.",
        _key("declare", "done"): "Smentita: chiudi tu la parola e segni la tua, e chi ha dichiarato perde una "
                                 "lettera. Con 3 lettere posate puoi dichiarare anche tu; se nessuno smentisce, "
                                 "segni la parola più corta nominata.",
        _key("declare", "wrong"): "Se accetti, chi ha dichiarato segna CASA. Ma con CAS cominciano anche parole "
                                  "di altro significato (CASTELLO, per esempio): smentisci con una di queste.",
        _key("close", "title"): "Chiudere la parola",
        _key("close", "goal"): "CASA è una parola di quattro lettere: chiudila per 4 punti (5 con 6–7 lettere, 6 "
                               "con di più). Poi un + la chiude e il poligono gira.",
        _key("close", "done"): "4 punti! Vince chi arriva per primo a 40 (in due); la partita si ferma anche "
                               "quando il poligono torna vicino all'inizio o ha 10 lati. Passare e le mosse più "
                               "rare sono spiegati nelle regole.",
        _key("close", "wrong"): "Se finisci il turno CASA resta aperta: il prossimo giocatore potrebbe aggiungere "
                                "una lettera e segnare una parola più lunga. Chiudila adesso.",
    },
}
