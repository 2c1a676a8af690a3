"""Alphagon's table: SVG/HTML markup from a player's view, plus log texts.

Pure string building (no browser imports), tested under CPython. The game's
own texts follow the edition by default (an Italian game speaks Italian);
app texts stay in the app's language.

Placing a letter: select it in the rack (`data-action="select"
data-arg="L:A:0"`, letter and rack slot), then click the highlighted cell.
The opening: select a letter, click a flag (`S:A:0:D4`), then one of the
four cells beside it.
"""

from __future__ import annotations

import re
from html import escape
from typing import Optional

from ..game_ui import GameUI
from ..texts import count_text
from . import components as C

CELL = 26
MARGIN = 18
BOARD = 13 * CELL
WIDTH = BOARD + 2 * MARGIN
COLUMNS = "ABCDEFGHIJKLM"
ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
HEADING_STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}

LANGUAGE_VARIANT = "edition"  # a new game's edition is the app's language (the shell reads this)

MESSAGES = {
    "en": {
        "game.alphagon.title": "Alphagon",
        "alphagon.variant.edition": "Edition",
        "alphagon.variant.edition.en": "English",
        "alphagon.variant.edition.it": "Italian",
        "alphagon.variant.edition.help": "The language of the words, the letter sacks and the cards.",
        "alphagon.variant.deal": "Opening letters",
        "alphagon.variant.deal.random": "Drawn from the sacks",
        "alphagon.variant.deal.balanced": "Balanced between players",
        "alphagon.variant.deal.help": "Balanced letters even out common and rare letters between the racks.",
        "alphagon.variant.judge": "Who judges words",
        "alphagon.variant.judge.dictionary": "The dictionary",
        "alphagon.variant.judge.vote": "The players vote",
        "alphagon.variant.judge.host": "A host (seat 1)",
        "alphagon.variant.judge.help": "House rules: let the table decide what counts as a word.",
        "alphagon.board": "Alphagon board",
        "alphagon.cell": "{cell}",
        "alphagon.cell.flag": "{cell}, flag",
        "alphagon.cell.star": "{cell}, star",
        "alphagon.cell.cloud": "{cell}, cloud",
        "alphagon.cell.letter": "{cell}, letter {letter}",
        "alphagon.cell.plus": "{cell}, plus sign",
        "alphagon.cell.next": "{cell}: the next letter goes here",
        "alphagon.cell.next_ends": "{cell}: the next letter goes here and ends the game",
        "alphagon.warn.letter": "A letter on {cell} ends the game: {reason}.",
        "alphagon.warn.plus": "Closing the word puts its + on {cell} and ends the game: {reason}.",
        "alphagon.warn.suspend": "Suspending the word puts its + on {cell} and ends the game: {reason}.",
        "alphagon.diagram.level.letters": "+BIRD+",
        "alphagon.diagram.shape.letters": "+BIRD+SO",
        "alphagon.diagram.shape": "A shape is found when the last squares of the polygon, its + included, lie as a shape on one of your cards does, north up and never turned. Here the last five, {first} to {last}, lie like the card's blue shape (and the last four like its red one): on your turn you find the shape, score 3 points, and the card goes under the deck.",
        "alphagon.diagram.level": "A + makes the polygon turn. This + (I4) is on the start's own row, so the new side heads for the farther edge of the board: south, as the arrow shows.",
        "alphagon.diagram.away.letters": "+BIRD+SONG+",
        "alphagon.diagram.away": "With fewer than 4 sides, a turn leads away from the start: after SONG the polygon goes east, not west toward column D.",
        "alphagon.diagram.toward.letters": "+BIRD+SONG+TREES+WIND+",
        "alphagon.diagram.toward": "TREES meets the edge at M9 and bends by itself, still away from the start. From 4 sides on, a turn leads back toward the start: after WIND the arrow points north, toward row 4.",
        "alphagon.word": "Word: {word}",
        "alphagon.word_empty": "A new word starts",
        "alphagon.heading": "Heading {arrow}",
        "alphagon.sides": "Sides: {n}/10",
        "alphagon.goal": "Goal: {n}",
        "alphagon.rack": "Your letters",
        "alphagon.cards": "Your cards",
        "alphagon.card": "Card {id}",
        "alphagon.bonuses": "bonus {n}",
        "alphagon.letters.one": "{n} letter",
        "alphagon.letters.other": "{n} letters",
        "alphagon.ncards.one": "{n} card",
        "alphagon.points_unit.one": "point",
        "alphagon.points_unit.other": "points",
        "alphagon.ncards.other": "{n} cards",
        "alphagon.lost": "set aside: {letters}",
        "alphagon.deck": "Deck: {n}",
        "alphagon.place_hint": "Select a letter, then the highlighted square.",
        "alphagon.place_hint.square": "Now select the highlighted square.",
        "alphagon.start_hint": "Select a letter, then a flag, then a square beside it.",
        "alphagon.start_hint.flag": "Now select a flag, then a square beside it.",
        "alphagon.start_hint.square": "Now select a square beside the flag.",
        "alphagon.btn.close": "Close the word",
        "alphagon.btn.end": "End turn",
        "alphagon.btn.pass": "Pass (costs a bonus)",
        "alphagon.btn.pass_free": "Pass",
        "alphagon.btn.pass_letter": "Pass, giving up {letter}",
        "alphagon.btn.doubt": "Doubt",
        "alphagon.btn.suspend": "Suspend the word",
        "alphagon.btn.accept": "Accept",
        "alphagon.btn.concede": "I have no word",
        "alphagon.btn.giveup": "Give up {letter} for a bonus",
        "alphagon.change.label": "Change {letter} to",
        "alphagon.change.cost": "Change it (costs a bonus)",
        "alphagon.change.free": "Change it (free now)",
        "alphagon.btn.lose": "Lose {letter}",
        "alphagon.btn.reward_bonus": "Take a bonus",
        "alphagon.btn.reward_letter": "Take {letter}",
        "alphagon.btn.vote_yes": "Yes, it counts",
        "alphagon.btn.vote_no": "No",
        "alphagon.btn.find": "Card {card}: {what}",
        "alphagon.btn.shape": "shape",
        "alphagon.form.declare": "Declare the word (one or more of one meaning)",
        "alphagon.form.contradict": "Contradict with a word of another meaning",
        "alphagon.form.correct": "Correct to a shorter word",
        "alphagon.form.say": "Name your word",
        "alphagon.form.submit": "Submit",
        "alphagon.prompt.first": "Start the polygon: a letter beside a flag",
        "alphagon.prompt.place": "place a letter",
        "alphagon.prompt.place_second": "place a second letter (a bonus)",
        "alphagon.prompt.close": "close the word",
        "alphagon.prompt.declare": "declare it",
        "alphagon.prompt.doubt": "doubt",
        "alphagon.prompt.pass": "pass",
        "alphagon.prompt.suspend": "suspend the word",
        "alphagon.prompt.end": "end your turn",
        "alphagon.prompt.or": "or",
        "alphagon.prompt.respond": "{name} declared {words}: contradict, correct or accept",
        "alphagon.prompt.answer": "{name} doubts: name the word you had in mind",
        "alphagon.prompt.vote": "Does {word} count?",
        "alphagon.prompt.lose": "Choose a letter to lose",
        "alphagon.prompt.reward": "A long word: choose your prize",
        "alphagon.declared": "{name} declares {words}",
        "alphagon.waiting": "Waiting for: {names}",
        "alphagon.end.goal": "the goal was reached",
        "alphagon.end.closed": "the polygon closed",
        "alphagon.end.ten_sides": "the polygon has 10 sides",
        "alphagon.end.blocked": "the polygon cannot go on",
        "alphagon.end.stalemate": "two rounds of passes",
        "alphagon.ended": "Game over: {reason}",
        "alphagon.end_reason": "It ended because {reason}.",
        "alphagon.log.start": "{name} starts at {cell} with {letter}",
        "alphagon.log.place": "{name} places {letter} on {cell}",
        "alphagon.log.change": "{name} changes a letter",
        "alphagon.log.change_own": "{name} changes {old} to {new}",
        "alphagon.log.find": "{name} finds {what} on card {card} (+{points})",
        "alphagon.log.giveup": "{name} gives up {letter} for a bonus",
        "alphagon.log.close": "{name} closes {word}",
        "alphagon.why.completes": "Completes {word}: closing it scores {points} points.",
        "alphagon.why.completes_goal": "Completes {word}: closing it scores {points} points and reaches the goal ({goal}).",
        "alphagon.why.syllable": "Makes the syllable {syllable} of your card {card}: finding it scores {points} points.",
        "alphagon.why.shape": "The polygon's end takes the shape of your card {card}: finding it scores {points} points.",
        "alphagon.why.prepares": "{letters} can go on to make {word}, for one.",
        "alphagon.why.close": "{word} is a word: {points} points.",
        "alphagon.why.close_goal": "{word} is a word: {points} points, reaching the goal ({goal}).",
        "alphagon.why.find": "{points} points now, and a new card takes its place in your hand.",
        "alphagon.why.change_completes": "With {letter} you can complete {word} ({points} points).",
        "alphagon.why.change_prepares": "With {letter}, {letters} can go on to make {word}, for one.",
        "alphagon.why.find_goal": "{points} points now, reaching the goal ({goal}).",
        "alphagon.why.doubt": "No word starts with {prefix}.",
        "alphagon.why.declare": "{prefix} can only become words of one family ({word}).",
        "alphagon.why.contradict": "{word} starts with {prefix} but means something else.",
        "alphagon.why.correct": "{word} is of the same family, and shorter.",
        "alphagon.why.say": "{word} starts with {prefix}.",
        "alphagon.log.declare": "{name} declares {words}",
        "alphagon.log.doubt": "{name} doubts",
        "alphagon.log.say": "{name} names {word}",
        "alphagon.log.concede": "{name} has no word",
        "alphagon.log.contradict": "{name} contradicts: {word}",
        "alphagon.log.correct": "{name} corrects to {word}",
        "alphagon.log.accept": "{name} accepts",
        "alphagon.log.pass": "{name} passes",
        "alphagon.log.pass_letter": "{name} passes, giving up {letter}",
        "alphagon.log.suspend": "{name} suspends the word",
        "alphagon.log.end": "{name} ends the turn",
        "alphagon.log.lose": "{name} loses {letter}",
        "alphagon.log.reward": "{name} takes a prize",
        "alphagon.log.vote": "{name} votes {verdict}",
        "alphagon.log.drawn": "letters drawn",
        "alphagon.judge.admissible": "{declared} may be declared on {prefix}.",
        "alphagon.judge.unique": "Every word starting with {prefix} is a form of {declared}.",
        "alphagon.judge.contradicted_by": "{contradiction} also starts with {prefix} and is another word.",
        "alphagon.judge.other_meaning": "{word} also starts with {prefix} and is another word than {declared}.",
        "alphagon.judge.same_meaning": "{word} is a form of {declared}: both come from {root}.",
        "alphagon.judge.shorter": "{word} is a shorter word of the same family ({length} letters).",
        "alphagon.verdict.title": "Verdict on {word}",
        "alphagon.verdict.declared": "{name} declared {word} and nobody contradicted: +{points} for {name}.",
        "alphagon.verdict.corrected": "The declaration was corrected: +{points} for {name}.",
        "alphagon.verdict.contradicted": "The declaration is contradicted: {name} closes with {word}, +{points}; the declarer loses a letter.",
        "alphagon.verdict.revealed": "{name} named {word}, a word in the dictionary: +{points} for {name}; the doubter loses a letter.",
        "alphagon.verdict.unproven": "{name} had no word starting with {prefix} and loses a letter; {doubter} suspends the word and starts a new one.",
        "alphagon.dialog.respond": "A declaration",
        "alphagon.dialog.answer": "A doubt",
        "alphagon.dialog.vote": "The table judges",
        "error.alphagon.bad_heading": "The heading must be N, E, S or W.",
        "error.alphagon.bad_letter": "That is not a letter.",
        "error.alphagon.bad_state": "This saved game is not an Alphagon game.",
        "error.alphagon.state_field": "This saved game is damaged: {field} is missing or unreadable.",
        "error.alphagon.state_number": "This saved game is damaged: {field} cannot be {value}.",
        "error.alphagon.state_length": "This saved game is damaged: {field} has {count} entries instead of {expected}.",
        "error.alphagon.state_duplicate": "This saved game is damaged: {field} holds the same entry twice.",
        "error.alphagon.state_letters": "This saved game is damaged: player {player}'s letters {letter} do not add up.",
        "error.alphagon.state_cards": "This saved game is damaged: the cards do not add up.",
        "error.alphagon.state_board": "This saved game is damaged: the polygon is not one the rules draw.",
        "error.alphagon.state_scores": "This saved game is damaged: the scores do not add up.",
        "error.alphagon.state_phase": "This saved game is damaged: the position does not fit the phase “{phase}”.",
        "error.alphagon.no_dictionary": "The word list is not loaded yet.",
        "error.alphagon.off_board": "That square is off the board.",
        "error.alphagon.one_word": "Type one word.",
        "error.alphagon.unknown_asset": "Unknown file {path}.",
        "error.alphagon.word_needed": "Type a word.",
        "error.alphagon.bad_reward": "That prize is not available.",
        "error.alphagon.card_not_held": "You do not hold card {card}.",
        "error.alphagon.changed_already": "You have already changed a letter this turn.",
        "error.alphagon.close_after_placing": "You can only close a word you have just completed.",
        "error.alphagon.declare_early": "Declare once the word has {min} letters on the board.",
        "error.alphagon.doubt_after_placing": "Doubt before placing a letter.",
        "error.alphagon.end_before_placing": "Place a letter first, or pass.",
        "error.alphagon.gave_up_already": "You have already given up a letter this turn.",
        "error.alphagon.must_answer": "Name your word, or say you have none.",
        "error.alphagon.must_lose": "First choose a letter to lose.",
        "error.alphagon.must_respond": "Contradict, correct or accept.",
        "error.alphagon.must_reward": "First choose your prize.",
        "error.alphagon.must_start": "The first play puts a plus sign on a flag.",
        "error.alphagon.must_vote": "Vote yes or no.",
        "error.alphagon.no_bonus": "You need a bonus for that.",
        "error.alphagon.no_shape": "Neither shape of that card matches the end of the polygon.",
        "error.alphagon.no_syllable": "{syllable} is not in the word.",
        "error.alphagon.not_a_flag": "{cell} has no flag.",
        "error.alphagon.not_a_word": "{word} is not in the dictionary.",
        "error.alphagon.not_in_rack": "You have no {letter}.",
        "error.alphagon.not_in_sack": "Your sacks hold no {letter}.",
        "error.alphagon.not_now": "That is not possible now.",
        "error.alphagon.not_prefix": "{word} does not start with {prefix}.",
        "error.alphagon.not_shorter": "{word} is not shorter than {length} letters.",
        "error.alphagon.nothing_to_doubt": "Nobody else placed the last letter.",
        "error.alphagon.pass_after_placing": "You have placed a letter: end your turn instead.",
        "error.alphagon.pass_costs_bonus": "Passing costs a bonus.",
        "error.alphagon.pass_costs_letter": "With no bonus, passing costs a letter: choose one.",
        "error.alphagon.repeated_word": "A word is named twice.",
        "error.alphagon.shape_already": "Only one shape a turn.",
        "error.alphagon.suspend_not_allowed": "You may suspend only after a whole round of passes.",
        "error.alphagon.syllable_already": "Only one syllable a turn.",
        "error.alphagon.too_short": "Words need at least {min} letters.",
        "error.alphagon.two_letters": "At most two letters a turn.",
        "error.alphagon.wrong_cell": "The polygon goes on at {expected}.",
        "error.alphagon.mixed": "{word} and {other} are not of one meaning.",
        "error.alphagon.same_meaning": "{word} is a form of {declared} (both come from {root}): no contradiction.",
        "error.alphagon.other_meaning_not_correction": "{word} has another meaning: contradict with it instead.",
        "error.alphagon.not_a_form": "{word} is not a word: {base} is, but the dictionary has no form {word} of it.",
    },
    "it": {
        "game.alphagon.title": "Alphagon",
        "alphagon.variant.edition": "Edizione",
        "alphagon.variant.edition.en": "Inglese",
        "alphagon.variant.edition.it": "Italiana",
        "alphagon.variant.edition.help": "La lingua delle parole, dei sacchetti di lettere e delle carte.",
        "alphagon.variant.deal": "Lettere iniziali",
        "alphagon.variant.deal.random": "Pescate dai sacchetti",
        "alphagon.variant.deal.balanced": "Bilanciate tra i giocatori",
        "alphagon.variant.deal.help": "Con le lettere bilanciate nessuno parte con tutte le lettere comuni o tutte le rare.",
        "alphagon.variant.judge": "Chi giudica le parole",
        "alphagon.variant.judge.dictionary": "Il dizionario",
        "alphagon.variant.judge.vote": "I giocatori votano",
        "alphagon.variant.judge.host": "Un arbitro (posto 1)",
        "alphagon.variant.judge.help": "Regole della casa: è il tavolo a decidere che cosa vale come parola.",
        "alphagon.board": "Tabellone di Alphagon",
        "alphagon.cell": "{cell}",
        "alphagon.cell.flag": "{cell}, bandiera",
        "alphagon.cell.star": "{cell}, stella",
        "alphagon.cell.cloud": "{cell}, nuvola",
        "alphagon.cell.letter": "{cell}, lettera {letter}",
        "alphagon.cell.plus": "{cell}, segno più",
        "alphagon.cell.next": "{cell}: qui va la prossima lettera",
        "alphagon.cell.next_ends": "{cell}: qui va la prossima lettera, e la partita finisce",
        "alphagon.warn.letter": "Una lettera in {cell} fa finire la partita: {reason}.",
        "alphagon.warn.plus": "Chiudere la parola mette il suo + in {cell} e fa finire la partita: {reason}.",
        "alphagon.warn.suspend": "Sospendere la parola mette il suo + in {cell} e fa finire la partita: {reason}.",
        "alphagon.diagram.level.letters": "+NOTE+",
        "alphagon.diagram.shape.letters": "+NOTE+AL",
        "alphagon.diagram.shape": "Una sagoma si trova quando le ultime caselle del poligono, + compreso, sono disposte come una sagoma di una vostra carta, con il nord in alto e mai ruotata. Qui le ultime cinque, da {first} a {last}, hanno la forma della sagoma blu della carta (e le ultime quattro quella della rossa): al vostro turno trovate la sagoma, segnate 3 punti e la carta va in fondo al mazzo.",
        "alphagon.diagram.level": "Dopo un + il poligono gira. Questo + (I4) sta sulla stessa riga della partenza, quindi il nuovo lato punta al bordo più lontano: verso sud, come indica la freccia.",
        "alphagon.diagram.away.letters": "+NOTE+ALBA+",
        "alphagon.diagram.away": "Finché i lati sono meno di 4, la svolta allontana dalla partenza: dopo ALBA il poligono va a est, non a ovest verso la colonna D.",
        "alphagon.diagram.toward.letters": "+NOTE+ALBA+TERRA+VINO+",
        "alphagon.diagram.toward": "TERRA arriva al bordo in M9 e piega da sola, sempre lontano dalla partenza. Dal quarto lato in poi la svolta riporta verso la partenza: dopo VINO la freccia punta a nord, verso la riga 4.",
        "alphagon.word": "Parola: {word}",
        "alphagon.word_empty": "Comincia una nuova parola",
        "alphagon.heading": "Direzione {arrow}",
        "alphagon.sides": "Lati: {n}/10",
        "alphagon.goal": "Obiettivo: {n}",
        "alphagon.rack": "Le tue lettere",
        "alphagon.cards": "Le tue carte",
        "alphagon.card": "Carta {id}",
        "alphagon.bonuses": "bonus {n}",
        "alphagon.letters.one": "{n} lettera",
        "alphagon.letters.other": "{n} lettere",
        "alphagon.ncards.one": "{n} carta",
        "alphagon.points_unit.one": "punto",
        "alphagon.points_unit.other": "punti",
        "alphagon.ncards.other": "{n} carte",
        "alphagon.lost": "scartate: {letters}",
        "alphagon.deck": "Mazzo: {n}",
        "alphagon.place_hint": "Scegli una lettera, poi la casella evidenziata.",
        "alphagon.place_hint.square": "Ora scegli la casella evidenziata.",
        "alphagon.start_hint": "Scegli una lettera, poi una bandiera, poi una casella accanto.",
        "alphagon.start_hint.flag": "Ora scegli una bandiera, poi una casella accanto.",
        "alphagon.start_hint.square": "Ora scegli una casella accanto alla bandiera.",
        "alphagon.btn.close": "Chiudi la parola",
        "alphagon.btn.end": "Fine turno",
        "alphagon.btn.pass": "Passa (costa un bonus)",
        "alphagon.btn.pass_free": "Passa",
        "alphagon.btn.pass_letter": "Passa rinunciando a {letter}",
        "alphagon.btn.doubt": "Dubita",
        "alphagon.btn.suspend": "Sospendi la parola",
        "alphagon.btn.accept": "Accetto",
        "alphagon.btn.concede": "Non ho una parola",
        "alphagon.btn.giveup": "Rinuncia a {letter} per un bonus",
        "alphagon.change.label": "Cambia {letter} in",
        "alphagon.change.cost": "Cambiala (costa un bonus)",
        "alphagon.change.free": "Cambiala (ora è gratis)",
        "alphagon.btn.lose": "Perdi {letter}",
        "alphagon.btn.reward_bonus": "Prendi un bonus",
        "alphagon.btn.reward_letter": "Prendi {letter}",
        "alphagon.btn.vote_yes": "Sì, vale",
        "alphagon.btn.vote_no": "No",
        "alphagon.btn.find": "Carta {card}: {what}",
        "alphagon.btn.shape": "sagoma",
        "alphagon.form.declare": "Dichiara la parola (una o più, di un solo significato)",
        "alphagon.form.contradict": "Smentisci con una parola di altro significato",
        "alphagon.form.correct": "Correggi con una parola più corta",
        "alphagon.form.say": "Di' la tua parola",
        "alphagon.form.submit": "Invia",
        "alphagon.prompt.first": "Inizia il poligono: una lettera accanto a una bandiera",
        "alphagon.prompt.place": "metti una lettera",
        "alphagon.prompt.place_second": "metti una seconda lettera (un bonus)",
        "alphagon.prompt.close": "chiudi la parola",
        "alphagon.prompt.declare": "dichiarala",
        "alphagon.prompt.doubt": "dubita",
        "alphagon.prompt.pass": "passa",
        "alphagon.prompt.suspend": "sospendi la parola",
        "alphagon.prompt.end": "finisci il turno",
        "alphagon.prompt.or": "o",
        "alphagon.prompt.respond": "{name} ha dichiarato {words}: smentisci, correggi o accetta",
        "alphagon.prompt.answer": "{name} dubita: di' la parola che avevi in mente",
        "alphagon.prompt.vote": "{word} vale?",
        "alphagon.prompt.lose": "Scegli la lettera da perdere",
        "alphagon.prompt.reward": "Parola lunga: scegli il premio",
        "alphagon.declared": "{name} dichiara {words}",
        "alphagon.waiting": "Si attende: {names}",
        "alphagon.end.goal": "è stato raggiunto l'obiettivo",
        "alphagon.end.closed": "il poligono si è chiuso",
        "alphagon.end.ten_sides": "il poligono ha 10 lati",
        "alphagon.end.blocked": "il poligono non può proseguire",
        "alphagon.end.stalemate": "due giri di passaggi",
        "alphagon.ended": "Partita finita: {reason}",
        "alphagon.end_reason": "È finita perché {reason}.",
        "alphagon.log.start": "{name} parte da {cell} con {letter}",
        "alphagon.log.place": "{name} mette {letter} in {cell}",
        "alphagon.log.change": "{name} cambia una lettera",
        "alphagon.log.change_own": "{name} cambia {old} in {new}",
        "alphagon.log.find": "{name} trova {what} sulla carta {card} (+{points})",
        "alphagon.log.giveup": "{name} rinuncia a {letter} per un bonus",
        "alphagon.log.close": "{name} chiude {word}",
        "alphagon.why.completes": "Completa {word}: chiuderla vale {points} punti.",
        "alphagon.why.completes_goal": "Completa {word}: chiuderla vale {points} punti e raggiunge l'obiettivo ({goal}).",
        "alphagon.why.syllable": "Forma la sillaba {syllable} della tua carta {card}: trovarla vale {points} punti.",
        "alphagon.why.shape": "La fine del poligono prende la forma della tua carta {card}: trovarla vale {points} punti.",
        "alphagon.why.prepares": "{letters} può continuare fino a {word}, per esempio.",
        "alphagon.why.close": "{word} è una parola: {points} punti.",
        "alphagon.why.close_goal": "{word} è una parola: {points} punti, e raggiunge l'obiettivo ({goal}).",
        "alphagon.why.find": "{points} punti subito, e una nuova carta prende il suo posto nella tua mano.",
        "alphagon.why.change_completes": "Con {letter} puoi completare {word} ({points} punti).",
        "alphagon.why.change_prepares": "Con {letter}, {letters} può continuare fino a {word}, per esempio.",
        "alphagon.why.find_goal": "{points} punti subito, e raggiunge l'obiettivo ({goal}).",
        "alphagon.why.doubt": "Nessuna parola comincia con {prefix}.",
        "alphagon.why.declare": "{prefix} può diventare solo parole di una stessa famiglia ({word}).",
        "alphagon.why.contradict": "{word} comincia con {prefix} ma ha un altro significato.",
        "alphagon.why.correct": "{word} è della stessa famiglia, ed è più corta.",
        "alphagon.why.say": "{word} comincia con {prefix}.",
        "alphagon.log.declare": "{name} dichiara {words}",
        "alphagon.log.doubt": "{name} dubita",
        "alphagon.log.say": "{name} dice {word}",
        "alphagon.log.concede": "{name} non ha una parola",
        "alphagon.log.contradict": "{name} smentisce: {word}",
        "alphagon.log.correct": "{name} corregge in {word}",
        "alphagon.log.accept": "{name} accetta",
        "alphagon.log.pass": "{name} passa",
        "alphagon.log.pass_letter": "{name} passa rinunciando a {letter}",
        "alphagon.log.suspend": "{name} sospende la parola",
        "alphagon.log.end": "{name} finisce il turno",
        "alphagon.log.lose": "{name} perde {letter}",
        "alphagon.log.reward": "{name} prende un premio",
        "alphagon.log.vote": "{name} vota {verdict}",
        "alphagon.log.drawn": "lettere pescate",
        "alphagon.judge.admissible": "{declared} si può dichiarare su {prefix}.",
        "alphagon.judge.unique": "Tutte le parole che iniziano con {prefix} sono forme di {declared}.",
        "alphagon.judge.contradicted_by": "Anche {contradiction} inizia con {prefix} ed è un'altra parola.",
        "alphagon.judge.other_meaning": "Anche {word} inizia con {prefix} ed è una parola diversa da {declared}.",
        "alphagon.judge.same_meaning": "{word} è una forma di {declared}: vengono entrambe da {root}.",
        "alphagon.judge.shorter": "{word} è una parola più corta della stessa famiglia ({length} lettere).",
        "alphagon.verdict.title": "Verdetto su {word}",
        "alphagon.verdict.declared": "{name} ha dichiarato {word} e nessuno l'ha smentito: +{points} a {name}.",
        "alphagon.verdict.corrected": "La dichiarazione è stata corretta: +{points} a {name}.",
        "alphagon.verdict.contradicted": "La dichiarazione è smentita: {name} chiude con {word}, +{points}; chi ha dichiarato perde una lettera.",
        "alphagon.verdict.revealed": "{name} ha detto {word}, che è nel dizionario: +{points} a {name}; chi ha dubitato perde una lettera.",
        "alphagon.verdict.unproven": "{name} non aveva una parola che inizia con {prefix} e perde una lettera; {doubter} sospende la parola e ne comincia una nuova.",
        "alphagon.dialog.respond": "Una dichiarazione",
        "alphagon.dialog.answer": "Un dubbio",
        "alphagon.dialog.vote": "Il tavolo giudica",
        "error.alphagon.bad_heading": "La direzione deve essere N, E, S o W.",
        "error.alphagon.bad_letter": "Questa non è una lettera.",
        "error.alphagon.bad_state": "Questa partita salvata non è di Alphagon.",
        "error.alphagon.state_field": "Questa partita salvata è danneggiata: {field} manca o non si legge.",
        "error.alphagon.state_number": "Questa partita salvata è danneggiata: {field} non può valere {value}.",
        "error.alphagon.state_length": "Questa partita salvata è danneggiata: {field} ha {count} elementi invece di {expected}.",
        "error.alphagon.state_duplicate": "Questa partita salvata è danneggiata: {field} contiene due volte lo stesso elemento.",
        "error.alphagon.state_letters": "Questa partita salvata è danneggiata: le lettere {letter} del giocatore {player} non tornano.",
        "error.alphagon.state_cards": "Questa partita salvata è danneggiata: le carte non tornano.",
        "error.alphagon.state_board": "Questa partita salvata è danneggiata: il poligono non è uno di quelli che le regole tracciano.",
        "error.alphagon.state_scores": "Questa partita salvata è danneggiata: i punteggi non tornano.",
        "error.alphagon.state_phase": "Questa partita salvata è danneggiata: la posizione non corrisponde alla fase “{phase}”.",
        "error.alphagon.no_dictionary": "Il dizionario non è ancora caricato.",
        "error.alphagon.off_board": "Quella casella è fuori dal tabellone.",
        "error.alphagon.one_word": "Scrivi una sola parola.",
        "error.alphagon.unknown_asset": "File sconosciuto: {path}.",
        "error.alphagon.word_needed": "Scrivi una parola.",
        "error.alphagon.bad_reward": "Questo premio non è disponibile.",
        "error.alphagon.card_not_held": "Non hai la carta {card}.",
        "error.alphagon.changed_already": "Hai già cambiato una lettera in questo turno.",
        "error.alphagon.close_after_placing": "Puoi chiudere solo una parola che hai appena completato.",
        "error.alphagon.declare_early": "Puoi dichiarare quando la parola ha {min} lettere in tabella.",
        "error.alphagon.doubt_after_placing": "Si dubita prima di mettere una lettera.",
        "error.alphagon.end_before_placing": "Prima metti una lettera, oppure passa.",
        "error.alphagon.gave_up_already": "Hai già rinunciato a una lettera in questo turno.",
        "error.alphagon.must_answer": "Di' la tua parola, oppure ammetti di non averla.",
        "error.alphagon.must_lose": "Prima scegli la lettera da perdere.",
        "error.alphagon.must_respond": "Smentisci, correggi o accetta.",
        "error.alphagon.must_reward": "Prima scegli il premio.",
        "error.alphagon.must_start": "La prima giocata mette un segno più su una bandiera.",
        "error.alphagon.must_vote": "Vota sì o no.",
        "error.alphagon.no_bonus": "Per farlo serve un bonus.",
        "error.alphagon.no_shape": "Nessuna sagoma di quella carta corrisponde alla fine del poligono.",
        "error.alphagon.no_syllable": "{syllable} non è nella parola.",
        "error.alphagon.not_a_flag": "In {cell} non c'è una bandiera.",
        "error.alphagon.not_a_word": "{word} non è nel dizionario.",
        "error.alphagon.not_in_rack": "Non hai la lettera {letter}.",
        "error.alphagon.not_in_sack": "Nei tuoi sacchetti non c'è la {letter}.",
        "error.alphagon.not_now": "Adesso non si può.",
        "error.alphagon.not_prefix": "{word} non inizia con {prefix}.",
        "error.alphagon.not_shorter": "{word} non è più corta di {length} lettere.",
        "error.alphagon.nothing_to_doubt": "L'ultima lettera non l'ha messa un altro giocatore.",
        "error.alphagon.pass_after_placing": "Hai messo una lettera: finisci il turno.",
        "error.alphagon.pass_costs_bonus": "Passare costa un bonus.",
        "error.alphagon.pass_costs_letter": "Senza bonus, passare costa una lettera: sceglila.",
        "error.alphagon.repeated_word": "Hai scritto due volte la stessa parola.",
        "error.alphagon.shape_already": "Una sola sagoma per turno.",
        "error.alphagon.suspend_not_allowed": "Puoi sospendere solo dopo un giro intero di passaggi.",
        "error.alphagon.syllable_already": "Una sola sillaba per turno.",
        "error.alphagon.too_short": "Le parole hanno almeno {min} lettere.",
        "error.alphagon.two_letters": "Al massimo due lettere per turno.",
        "error.alphagon.wrong_cell": "Il poligono prosegue in {expected}.",
        "error.alphagon.mixed": "{word} e {other} non hanno lo stesso significato.",
        "error.alphagon.same_meaning": "{word} è una forma di {declared} (vengono entrambe da {root}): non è una smentita.",
        "error.alphagon.other_meaning_not_correction": "{word} ha un altro significato: usala per smentire.",
        "error.alphagon.not_a_form": "{word} non è una parola: {base} sì, ma il dizionario non ne ha la forma {word}.",
    },
}


class _Plain:
    """A stand-in context for calls that get only `t` (log lines, panels)."""

    lang = None

    def __init__(self, t):
        self.t = t


def game_t(view: dict, ctx):
    """The translator for the game's texts: the edition's language by default
    (ctx.game_lang may override it), falling back to the app's catalog."""
    lang = getattr(ctx, "game_lang", None) or (view or {}).get("edition") or getattr(ctx, "lang", "en")
    table = MESSAGES.get(lang, MESSAGES["en"])

    def t(key: str, **values) -> str:
        text = table.get(key)
        if text is None:
            return ctx.t(key, **values)
        try:
            return text.format(**values)
        except (KeyError, IndexError):
            return text

    return t


def tile_art() -> str:
    from . import TILE_ART

    return TILE_ART


def _xy(name: str) -> tuple:
    return COLUMNS.index(name[0]), int(name[1:]) - 1


def _centre(name: str) -> tuple:
    x, y = _xy(name)
    return MARGIN + x * CELL + CELL / 2, MARGIN + y * CELL + CELL / 2


def _name_of(x: int, y: int) -> str:
    return f"{COLUMNS[x]}{y + 1}"


def _seat_colour(ctx, player) -> str:
    try:
        return escape(ctx.seats[player].color or "#888", quote=True)
    except (IndexError, AttributeError):
        return "#888"


def _seat_name(ctx, player) -> str:
    try:
        return ctx.seats[player].name
    except (IndexError, AttributeError):
        return f"P{player + 1}"


# --- interaction state ----------------------------------------------------------------------------
# A selection names the rack's slot too ("L:E:1", "S:E:1:D4"), since a rack may
# hold a letter twice and only the one chosen shows as chosen; without a slot
# ("L:E", "S:E:D4") it is the letter's first.
def _selected_slot(view: dict, letter: str, slot: str = "") -> Optional[int]:
    rack = view["rack"]
    if slot.isascii() and slot.isdigit() and int(slot) < len(rack) and rack[int(slot)] == letter:
        return int(slot)
    return rack.index(letter) if letter in rack else None


def _selected_letter(view: dict, ctx):
    """(letter, rack slot) of a selection "L:E:1", else None."""
    parts = (getattr(ctx, "selection", None) or "").split(":")
    if parts[0] == "L" and len(parts) in (2, 3):
        slot = _selected_slot(view, parts[1], parts[2] if len(parts) == 3 else "")
        return (parts[1], slot) if slot is not None else None
    return None


def _selected_start(view: dict, ctx):
    """(letter, flag, rack slot) of a selection "S:E:1:D4", else None."""
    parts = (getattr(ctx, "selection", None) or "").split(":")
    if parts[0] == "S" and len(parts) in (3, 4) and parts[-1] in view["flags"]:
        slot = _selected_slot(view, parts[1], parts[2] if len(parts) == 4 else "")
        return (parts[1], parts[-1], slot) if slot is not None else None
    return None


def _can_act(view: dict, ctx) -> bool:
    return bool(getattr(ctx, "can_act", False)) and ctx.viewer is not None and ctx.viewer in view["to_move"]


def hint_selection(move_text: str):
    """The selection that shows a hinted placement's cell on the board: its letter in the rack."""
    parts = move_text.split()
    return f"L:{parts[2]}" if len(parts) == 3 and parts[0] == "place" else None


# --- the table --------------------------------------------------------------------------------------
def render_table(view: dict, ctx) -> str:
    t = game_t(view, ctx)
    acting = _can_act(view, ctx)
    legal = set(view["legal_moves"]) if acting else set()
    chosen = _selected_letter(view, ctx) if acting else None
    letter = chosen[0] if chosen else None
    start = _selected_start(view, ctx) if acting else None
    height = MARGIN + BOARD + 4  # nothing is drawn under the last row: no empty band
    parts = [f'<div class="alphagon" data-edition="{escape(view["edition"])}" data-phase="{escape(view["phase"])}">',
             f'<svg class="ag-board" viewBox="0 0 {WIDTH} {height}" role="group"'
             f' aria-label="{escape(t("alphagon.board"), quote=True)}" data-testid="board">']
    targets = {}
    if acting and letter and view["next_cell"] and f"place {view['next_cell']} {letter}" in legal:
        targets[view["next_cell"]] = f"place {view['next_cell']} {letter}"
    if acting and view["phase"] == "first":
        if start:
            s_letter, flag, _ = start
            fx, fy = _xy(flag)
            for heading, (dx, dy) in HEADING_STEP.items():
                if 0 <= fx + dx < 13 and 0 <= fy + dy < 13:
                    text = f"start {flag} {heading} {s_letter}"
                    if text in legal:
                        targets[_name_of(fx + dx, fy + dy)] = text
    opening = f"{letter}:{chosen[1]}" if letter and view["phase"] == "first" else None  # the flags' S: token
    parts.append(_board_markup(view, ctx, t, targets, opening, start))
    parts.append("</svg>")
    parts.append(_status_markup(view, ctx, t))
    parts.append(_verdict_markup(view, ctx, t))
    # The letters and the buttons right under the board, the cards after them:
    # at 1280x800 a player's choices are on screen without scrolling.
    if ctx.viewer is not None:
        parts.append(_rack_markup(view, ctx, t, acting, chosen[1] if chosen else start[2] if start else None))
    if acting:
        parts.append(_controls_markup(view, ctx, t, legal, letter))
    if ctx.viewer is not None:
        parts.append(_cards_markup(view, ctx, t, acting, legal))
    parts.append("</div>")
    return "".join(parts)


def _board_markup(view, ctx, t, targets: dict, opening_letter, start, interactive: bool = True) -> str:
    """The coordinates, the 169 squares and the polygon's sides."""
    parts = [f'<text class="ag-coord" x="{MARGIN + x * CELL + CELL / 2}" y="{MARGIN - 5}">{COLUMNS[x]}</text>'
             for x in range(13)]
    parts += [f'<text class="ag-coord" x="{MARGIN / 2}" y="{MARGIN + y * CELL + CELL / 2 + 4}">{y + 1}</text>'
              for y in range(13)]
    placed = {entry["cell"]: entry for entry in view["trail"]}
    word_cells = set(view["word_cells"])
    flags, stars, clouds = set(view["flags"]), set(view["stars"]), set(view["clouds"])
    for y in range(13):
        for x in range(13):
            name = _name_of(x, y)
            parts.append(_cell_markup(view, ctx, t, name, x, y, placed.get(name), name in word_cells,
                                      name in flags, name in stars, name in clouds, targets.get(name),
                                      opening_letter, start, interactive))
    parts.append(_polygon_markup(view, ctx))
    if interactive:
        parts.append(_hit_areas(view, ctx, targets, opening_letter, placed, flags))
    return "".join(parts)


HIT = 2.2 * CELL  # a target's hit area: 2.2 squares, over 44 px when a phone draws a square at 22


def _hit_areas(view, ctx, targets: dict, opening_letter, placed: dict, flags: set) -> str:
    """Invisible frames round the squares one may tap, drawn above the board so
    a finger needs no 22 px precision: each reaches out, along the way the
    polygon goes, over squares nobody can tap now (a flag's is centred)."""
    areas = []
    for name, text in targets.items():
        heading = text.split()[2] if text.startswith("start ") else view.get("next_heading")
        areas.append((name, "move", f"{ctx.viewer}:{text}", HEADING_STEP.get(heading, (0, 0))))
    if opening_letter:
        for name in sorted(flags):
            if name not in placed:
                areas.append((name, "select", f"S:{opening_letter}:{name}", (0, 0)))
    out = []
    for name, action, arg, (dx, dy) in areas:
        x, y = _xy(name)
        left = MARGIN + (x + 0.5) * CELL - HIT / 2 + dx * (HIT - CELL) / 2
        top = MARGIN + (y + 0.5) * CELL - HIT / 2 + dy * (HIT - CELL) / 2
        px, py = MARGIN + x * CELL, MARGIN + y * CELL
        # a frame round the square: the square itself stays the element one clicks or focuses
        outline = (f"M{left:.1f} {top:.1f}h{HIT:.1f}v{HIT:.1f}h{-HIT:.1f}z"
                   f"M{px} {py}v{CELL}h{CELL}v{-CELL}z")
        out.append(f'<path class="ag-hit" d="{outline}" fill-rule="evenodd" data-action="{action}"'
                   f' data-arg="{escape(arg, quote=True)}" data-hit="{name}" aria-hidden="true"/>')
    return "".join(out)


def _cell_markup(view, ctx, t, name, x, y, entry, in_word, flag, star, cloud, target, opening_letter, start,
                 interactive: bool = True):
    px, py = MARGIN + x * CELL, MARGIN + y * CELL
    classes = ["ag-cell"]
    if in_word:
        classes.append("word")
    if target:
        classes.append("target")
    if name == view.get("next_cell"):
        classes.append("next")
        if view["next_ends"]["letter"]:
            classes.append("ends")  # R40: a letter here ends the game
    if entry is not None and entry is view["trail"][-1]:
        classes.append("last")  # the letter placed last, marked as lichess marks the last move
    label_key = "alphagon.cell"
    values = {"cell": name}
    if entry is not None:
        label_key = "alphagon.cell.plus" if entry["symbol"] == "+" else "alphagon.cell.letter"
        values["letter"] = entry["symbol"]
    elif name == view.get("next_cell"):
        label_key = "alphagon.cell.next_ends" if view["next_ends"]["letter"] else "alphagon.cell.next"
    elif flag:
        label_key = "alphagon.cell.flag"
    elif star:
        label_key = "alphagon.cell.star"
    elif cloud:
        label_key = "alphagon.cell.cloud"
    action = ""
    if target:
        action = f' data-action="move" data-arg="{ctx.viewer}:{escape(target, quote=True)}"'
    elif opening_letter and flag and entry is None:
        classes.append("target")
        action = f' data-action="select" data-arg="S:{opening_letter}:{name}"'
    cx, cy = px + CELL / 2, py + CELL / 2
    focus = (f' tabindex="0" role="button" aria-label="{escape(t(label_key, **values), quote=True)}"'
             f' data-nav="{cx:.0f},{cy:.0f}"') if interactive else ""
    out = [f'<g class="{" ".join(classes)}"{focus} data-cell="{name}"{action}>'
           f'<rect x="{px}" y="{py}" width="{CELL}" height="{CELL}"/>']
    if entry is None:
        if flag:
            out.append(f'<path class="ag-flag" d="M{px + 8} {py + 20} V{py + 6} l10 4 -10 4"/>')
        elif star:
            out.append(f'<text class="ag-star" x="{cx}" y="{cy + 5}">★</text>')
        elif cloud:
            out.append(f'<text class="ag-cloud" x="{cx}" y="{cy + 5}">☁</text>')
    else:
        colour = _seat_colour(ctx, entry["owner"])
        symbol = escape(entry["symbol"])
        cls = "ag-plus" if entry["symbol"] == "+" else "ag-letter"
        out.append(f'<rect class="ag-tile" x="{px + 2}" y="{py + 2}" width="{CELL - 4}" height="{CELL - 4}"'
                   f' rx="3" stroke="{colour}"/>'
                   f'<text class="{cls}" x="{cx}" y="{cy + 5}">{symbol}</text>')
    if name == view.get("next_cell") and view.get("next_heading"):
        out.append(f'<text class="ag-arrow" x="{cx}" y="{cy + 5}">{ARROWS[view["next_heading"]]}</text>')
    out.append("</g>")
    return "".join(out)


def _polygon_markup(view, ctx) -> str:
    """The polygon's sides as one line through the centres of its cells."""
    trail = view["trail"]
    if len(trail) < 2:
        return ""
    points = " ".join(f"{x:.0f},{y:.0f}" for x, y in (_centre(e["cell"]) for e in trail))
    return f'<polyline class="ag-sides" points="{points}" fill="none"/>'


# --- rules diagrams ---------------------------------------------------------------------------------
DIAGRAMS = ("level", "away", "toward")
DIAGRAM_START = ("D4", "E")  # a flag, and the first letter to its east
_DIAGRAM_LETTERS = re.compile(r"\+[A-Z+]+")


def diagram_state(letters: str):
    """A polygon laid by the rules from the diagrams' flag: each '+' makes it turn."""
    from ...core.protocol import Settings
    from .rules import GAME, VOTE_JUDGE

    state = GAME.new_state(Settings(2, {"edition": "en", "deal": "random", "judge": VOTE_JUDGE}), 0)
    state.lay_polygon(*DIAGRAM_START, letters)
    return state


def render_diagram(name: str, t) -> str:
    """The polygon of the diagram's words (in the page's language) and where the
    rules send the next letter: the lit square and its arrow."""
    key = f"alphagon.diagram.{name}.letters"
    letters = t(key)
    if not _DIAGRAM_LETTERS.fullmatch(letters):
        letters = MESSAGES["en"][key]
    view = diagram_state(letters).view(None)
    caption = t(f"alphagon.diagram.{name}")
    return (f'<figure class="ag-diagram" data-testid="diagram-{name}" data-next="{view["next_cell"]}">'
            f'<svg class="ag-board" viewBox="0 0 {WIDTH} {MARGIN + BOARD + 4}" role="img"'
            f' aria-label="{escape(caption, quote=True)}">{_board_markup(view, _Plain(t), t, {}, None, None, False)}'
            f"</svg><figcaption>{escape(caption)}</figcaption></figure>")


def render_shape_diagram(t) -> str:
    """Finding a shape: a polygon whose last five squares are lit, beside a card
    whose blue shape (and red, the last four) lies as they do."""
    key = "alphagon.diagram.shape.letters"
    letters = t(key)
    if not _DIAGRAM_LETTERS.fullmatch(letters):
        letters = MESSAGES["en"][key]
    state = diagram_state(letters)
    trail, view = state.trail, state.view(None)
    end = view["trail"][-C.BLUE_SIZE:]
    view.update(word_cells=[entry["cell"] for entry in end], next_cell=None, next_heading=None)
    caption = t("alphagon.diagram.shape", first=end[0]["cell"], last=end[-1]["cell"])
    red, blue = C.normalise(trail[-C.RED_SIZE:]), C.normalise(trail[-C.BLUE_SIZE:])
    card = (f'<svg class="ag-diagram-card" viewBox="-2 -2 68 36" aria-hidden="true">'
            f'<g>{_shape_svg(red, "red")}</g><g transform="translate(34,0)">{_shape_svg(blue, "blue")}</g></svg>')
    return (f'<figure class="ag-diagram" data-testid="diagram-shape" data-cells="{" ".join(e["cell"] for e in end)}">'
            f'<svg class="ag-board" viewBox="0 0 {WIDTH} {MARGIN + BOARD + 4}" role="img"'
            f' aria-label="{escape(caption, quote=True)}">{_board_markup(view, _Plain(t), t, {}, None, None, False)}'
            f"</svg>{card}<figcaption>{escape(caption)}</figcaption></figure>")


def rules_diagram(name: str, t):
    """What the rules page puts where RULES.md says [[diagram NAME]]; None for an unknown name."""
    if name == "shape":
        return render_shape_diagram(t)
    return render_diagram(name, t) if name in DIAGRAMS else None


def _status_markup(view, ctx, t) -> str:
    items = []
    word = view["word"]
    items.append(t("alphagon.word", word=word) if word else t("alphagon.word_empty"))
    if view.get("next_heading"):
        items.append(t("alphagon.heading", arrow=ARROWS[view["next_heading"]]))
    items.append(t("alphagon.sides", n=view["sides"]))
    items.append(t("alphagon.goal", n=view["goal"]))
    items.append(t("alphagon.deck", n=view["deck_count"]))
    declaration = view.get("declaration")
    extra = ""
    if declaration:
        names = ", ".join(_seat_name(ctx, p) for p in declaration["pending"])
        extra = (f'<p class="ag-declaration" data-testid="declaration">'
                 f'{escape(t("alphagon.declared", name=_seat_name(ctx, declaration["declarer"]), words="/".join(declaration["words"])))}'
                 f' · {escape(t("alphagon.waiting", names=names))}</p>')
    if view["game_over"] and view["end_reason"]:
        extra += (f'<p class="ag-ended" data-testid="ended">'
                  f'{escape(t("alphagon.ended", reason=t("alphagon.end." + view["end_reason"])))}</p>')
    return (f'<p class="ag-status" data-testid="word" data-word="{escape(word, quote=True)}">' + " · ".join(escape(i) for i in items) + "</p>" + extra)


def end_reason(view: dict, ctx) -> str:
    """Why the game ended, for the results."""
    t = game_t(view, ctx)
    return t("alphagon.end_reason", reason=t("alphagon.end." + view["end_reason"])) if view["end_reason"] else ""


JUDGED_ENDINGS = ("declared", "corrected", "contradicted", "revealed", "unproven")


def _verdict_markup(view, ctx, t) -> str:
    """How the last doubt or declaration was settled and what it scored, shown
    until another word leaves the board."""
    if not view["words"]:
        return ""
    board_word, scored, player, points, how = view["words"][-1]
    if how not in JUDGED_ENDINGS:
        return ""
    name = _seat_name(ctx, player)
    lines = []
    if how == "corrected":
        lines.append(t("alphagon.judge.shorter", word=scored, length=len(scored)))
    elif how == "contradicted":
        lines.append(t("alphagon.judge.contradicted_by", contradiction=scored, prefix=board_word))
    if how == "unproven":
        doubted = _last_placer_of(view, len(view["words"]), player)
        lines.append(t("alphagon.verdict.unproven", name=_seat_name(ctx, doubted), prefix=board_word, doubter=name))
    else:
        lines.append(t(f"alphagon.verdict.{how}", name=name, word=scored, points=points))
    body = "".join(f"<p>{escape(line)}</p>" for line in lines)
    return (f'<section class="ag-verdict" role="status" aria-live="polite" data-testid="verdict" data-how="{how}">'
            f'<h3>{escape(t("alphagon.verdict.title", word=board_word))}</h3>{body}</section>')


def _last_placer_of(view, nth_word: int, default: int) -> int:
    """Who placed the last letter of the nth word to leave the board: the
    owner of the square before the '+' that followed it."""
    trail = view["trail"]
    pluses = [index for index, entry in enumerate(trail) if entry["symbol"] == "+"]
    index = pluses[nth_word] - 1 if nth_word < len(pluses) else len(trail) - 1
    return trail[index]["owner"] if 0 <= index < len(trail) and trail[index]["symbol"] != "+" else default


RACK_NAV_Y = MARGIN + BOARD + CELL  # the rack's row for the arrow keys: just under the board's last row


def _rack_nav_x(index: int, count: int) -> float:
    """The rack's letters spread under the board, in the board's coordinates (data-nav)."""
    return WIDTH / 2 + (index - (count - 1) / 2) * 2 * CELL


def _rack_markup(view, ctx, t, acting, selected) -> str:
    """`selected`: the rack slot of the letter chosen, if any."""
    rack = view["rack"]
    out = [f'<div class="ag-rack" data-testid="rack" data-nav-group="rack"><h3>{escape(t("alphagon.rack"))}</h3>']
    decision = view.get("decision")
    losing = acting and decision and decision[0] == "lose"
    for index, item in enumerate(rack):
        nav = f' data-nav="{_rack_nav_x(index, len(rack)):.0f},{RACK_NAV_Y}"'
        if losing:
            out.append(f'<button type="button" class="ag-tile-btn" data-action="move"{nav}'
                       f' data-arg="{ctx.viewer}:lose {item}" data-testid="lose-{item}">{item}</button>')
            continue
        cls = "ag-tile-btn selected" if index == selected else "ag-tile-btn"
        arg = "" if index == selected else f"L:{item}:{index}"
        action = f' data-action="select" data-arg="{arg}"' if acting else ""
        pressed = ' aria-pressed="true"' if index == selected else ""
        out.append(f'<button type="button" class="{cls}"{action}{pressed}{nav} data-testid="rack-{index}">{item}</button>')
    out.append("</div>")
    return "".join(out)


def _shape_svg(cells, cls) -> str:
    return "".join(f'<rect class="{cls}" x="{x * 6}" y="{y * 6}" width="5" height="5"/>' for x, y in cells)


def _cards_markup(view, ctx, t, acting, legal) -> str:
    if not view["hand"]:
        return ""
    out = [f'<div class="ag-cards" data-testid="cards"><h3>{escape(t("alphagon.cards"))}</h3>']
    for card in view["hand"]:
        syllables = " ".join(s if s == s[::-1] else f"{s}/{s[::-1]}" for s in card["syllables"])
        out.append(f'<div class="ag-card" data-testid="card-{card["id"]}"><span>{escape(t("alphagon.card", id=card["id"]))}</span>'
                   f' <span class="syl">{escape(syllables)}</span>'
                   f'<svg viewBox="0 0 64 32" aria-hidden="true"><g>{_shape_svg(card["red"], "red")}</g>'
                   f'<g transform="translate(34,0)">{_shape_svg(card["blue"], "blue")}</g></svg>')
        for text in sorted(legal):
            words = text.split()
            if words[0] == "find" and words[1] == str(card["id"]):
                what = " + ".join(t("alphagon.btn.shape") if w == "shape" else w for w in words[2:])
                out.append(f'<button type="button" class="btn" data-action="move" data-arg="{ctx.viewer}:{escape(text)}"'
                           f' data-testid="{escape(text.replace(" ", "-"))}">{escape(t("alphagon.btn.find", card=card["id"], what=what))}</button>')
        out.append("</div>")
    out.append("</div>")
    return "".join(out)


def _button(ctx, text, label, testid=None) -> str:
    testid = testid or text.replace(" ", "-")
    return (f'<button type="button" class="btn" data-action="move" data-arg="{ctx.viewer}:{escape(text, quote=True)}"'
            f' data-testid="{escape(testid, quote=True)}">{escape(label)}</button>')


def _form(ctx, t, keyword) -> str:
    label = t(f"alphagon.form.{keyword}")
    return (f'<form class="text-move" data-move-prefix="{ctx.viewer}:{keyword} " data-testid="form-{keyword}">'
            f'<label>{escape(label)} <input name="text" autocomplete="off" autocapitalize="characters"'
            f' spellcheck="false" aria-label="{escape(label, quote=True)}" data-testid="input-{keyword}"></label>'
            f'<button type="submit" class="btn primary">{escape(t("alphagon.form.submit"))}</button></form>')


def _change_picker(view, ctx, t, legal, letter) -> str:
    """One compact form to change the selected letter: a list of the letters
    the sacks still hold, and a button that says what the change costs."""
    news = sorted(text.split()[2] for text in legal if text.startswith(f"change {letter} "))
    if not news:
        return ""
    options = "".join(f'<option value="{new}">{new}</option>' for new in news)
    cost = t("alphagon.change.free" if view["placed"] else "alphagon.change.cost")
    return (f'<form class="text-move ag-change" data-move-prefix="{ctx.viewer}:change {letter} " data-testid="form-change">'
            f'<label>{escape(t("alphagon.change.label", letter=letter))} <select name="text"'
            f' data-testid="input-change">{options}</select></label>'
            f'<button type="submit" class="btn" data-testid="change-submit">{escape(cost)}</button></form>')


DIALOG_PHASES = ("respond", "answer", "vote")


def _controls_markup(view, ctx, t, legal, letter) -> str:
    buttons = []
    fixed = [("close", "alphagon.btn.close"), ("end", "alphagon.btn.end"), ("doubt", "alphagon.btn.doubt"),
             ("suspend", "alphagon.btn.suspend"), ("accept", "alphagon.btn.accept"),
             ("concede", "alphagon.btn.concede"), ("reward bonus", "alphagon.btn.reward_bonus"),
             ("vote yes", "alphagon.btn.vote_yes"), ("vote no", "alphagon.btn.vote_no")]
    for text, key in fixed:
        if text in legal:
            buttons.append(_button(ctx, text, t(key)))
    if "pass" in legal:
        key = "alphagon.btn.pass" if view["bonuses"][ctx.viewer] > 0 else "alphagon.btn.pass_free"
        buttons.append(_button(ctx, "pass", t(key)))
    for text in sorted(legal):
        words = text.split()
        if words[0] == "reward" and words[1] != "bonus":
            buttons.append(_button(ctx, text, t("alphagon.btn.reward_letter", letter=words[1])))
        elif words[0] == "pass" and len(words) == 2 and (letter is None or words[1] == letter):
            buttons.append(_button(ctx, text, t("alphagon.btn.pass_letter", letter=words[1])))
    change = ""
    if letter:
        if f"giveup {letter}" in legal:
            buttons.append(_button(ctx, f"giveup {letter}", t("alphagon.btn.giveup", letter=letter)))
        change = _change_picker(view, ctx, t, legal, letter)
    forms = change + "".join(_form(ctx, t, keyword) for keyword in view["text_moves"])
    hint_key = None  # the next step of placing a letter, once its earlier steps are made
    if view["phase"] == "first":
        hint_key = "alphagon.start_hint.square" if _selected_start(view, ctx) else \
            "alphagon.start_hint.flag" if letter else "alphagon.start_hint"
    elif view["phase"] == "turn" and view["next_cell"] and any(m.startswith("place") for m in legal):
        hint_key = "alphagon.place_hint" if not letter else \
            "alphagon.place_hint.square" if f"place {view['next_cell']} {letter}" in legal else None
    hint = f'<p class="muted" data-testid="place-hint">{escape(t(hint_key))}</p>' if hint_key else ""
    warnings = "".join(f'<p class="ag-warn" data-testid="warn-{kind}">{escape(text)}</p>'
                       for kind, text in ending_warnings(view, t))
    actions = f'<div class="ag-actions">{"".join(buttons)}</div>' if buttons else ""
    controls = f'{hint}{warnings}{actions}{forms}'
    if view["phase"] in DIALOG_PHASES:
        # Answering a declaration, a doubt or a vote: one labelled box with the question.
        question = escape(prompt(view, ctx))
        controls = (f'<section class="ag-dialog" role="group" aria-labelledby="ag-dialog-title"'
                    f' data-testid="ag-dialog-{view["phase"]}"><h3>{escape(t("alphagon.dialog." + view["phase"]))}</h3>'
                    f'<p id="ag-dialog-title">{question}</p>{controls}</section>')
    return f'<div class="controls" data-testid="controls">{controls}</div>'


def _turn_options_text(view, t) -> str:
    """What the player to move may do now, and only that: "Place a letter, doubt or pass"."""
    legal, placed = view["legal_moves"], view["placed"]
    keywords = {text.split()[0] for text in legal}
    offered = []
    if "place" in keywords:
        offered.append("place_second" if placed else "place")
    if "close" in keywords:
        offered.append("close")
    if "declare" in view["text_moves"]:
        offered.append("declare")
    for keyword in ("doubt", "suspend", "pass", "end"):
        if keyword in keywords:
            offered.append(keyword)
    phrases = [t(f"alphagon.prompt.{key}") for key in offered]
    if not phrases:
        return ""
    text = phrases[0] if len(phrases) == 1 else f'{", ".join(phrases[:-1])} {t("alphagon.prompt.or")} {phrases[-1]}'
    return text[0].upper() + text[1:]


def ending_warnings(view, t) -> list:
    """(kind, text) for each move open to the viewer that would end the game
    by the polygon (R40): a letter on the next square, a word's '+' there."""
    legal, ends, cell = view["legal_moves"], view["next_ends"], view.get("next_cell")
    found = []
    if ends["letter"] and any(text.startswith("place ") for text in legal):
        found.append(("letter", t("alphagon.warn.letter", cell=cell, reason=t("alphagon.end." + ends["letter"]))))
    for move, key in (("close", "plus"), ("suspend", "suspend")):  # both end the word with a '+'
        if ends["plus"] and move in legal:
            found.append((key, t(f"alphagon.warn.{key}", cell=ends["plus_cell"], reason=t("alphagon.end." + ends["plus"]))))
    return found


# --- texts around the table ------------------------------------------------------------------------
def prompt(view: dict, ctx) -> str:
    t = game_t(view, ctx)
    phase = view["phase"]
    if phase == "first":
        return t("alphagon.prompt.first")
    if phase == "lose":
        return t("alphagon.prompt.lose")
    if phase == "reward":
        return t("alphagon.prompt.reward")
    if phase == "respond" and view["declaration"]:
        d = view["declaration"]
        return t("alphagon.prompt.respond", name=_seat_name(ctx, d["declarer"]), words="/".join(d["words"]))
    if phase == "answer" and view["doubt"]:
        return t("alphagon.prompt.answer", name=_seat_name(ctx, view["doubt"][0]))
    if phase == "vote" and view["vote"]:
        return t("alphagon.prompt.vote", word=view["vote"]["word"])
    if phase == "turn":
        return " ".join([_turn_options_text(view, t)] + [warning for _, warning in ending_warnings(view, t)])
    return ""


def panel_detail(view: dict, player: int, t) -> str:
    tr = game_t(view, _Plain(t))
    parts = [tr("alphagon.bonuses", n=view["bonuses"][player]),
             count_text(tr, "alphagon.letters", sum(view["rack_kinds"][player])),
             count_text(tr, "alphagon.ncards", view["hand_counts"][player])]
    if view["discards"][player]:
        parts.append(tr("alphagon.lost", letters=view["discards"][player]))
    return " · ".join(parts)


def chip_detail(view: dict, player: int, t) -> str:
    """What a phone shows beside a player's name above the table: points and bonus tokens."""
    tr = game_t(view, _Plain(t))
    score = view["scores"][player]
    return f'{score} {count_text(tr, "alphagon.points_unit", score)} · {tr("alphagon.bonuses", n=view["bonuses"][player])}'


def private_content(view: dict) -> bool:
    """The view shows a rack or cards: hotseat needs a hand-off screen."""
    return view.get("viewer") is not None and bool(view.get("rack") or view.get("hand"))


def auto_play_forced(move) -> bool:
    """Only a turn's forced end plays itself; answers stay with the player
    (they may still type a word)."""
    return move.text == "end"


def log_line(parts: list, names: list, t) -> str:
    """One log line from the engine's description of the move
    (`State.describe_move`), which already hides what its viewer may not see
    (drawn letters, the letters of another player's change or prize); in the
    edition's language."""
    key, params = parts[0]
    tr = game_t({"edition": params.get("edition", "en")}, _Plain(t))
    player = params["player"]
    name = names[player] if 0 <= player < len(names) else "?"
    if key == "alphagon.log.find":
        what = " + ".join(tr("alphagon.btn.shape") if w == "shape" else w for w in params["found"])
        return tr(key, name=name, what=what, card=params["card"], points=3 * len(params["found"]))
    if key == "alphagon.log.declare":
        return tr(key, name=name, words="/".join(params["words"]))
    if key == "move":
        return params["text"]
    values = {k: v for k, v in params.items() if k not in ("edition", "player")}
    return tr(key, name=name, **values)


# "At the table" (issue 33): its texts load with the game's.
from .companion_ui import MESSAGES as _TABLE_MESSAGES  # noqa: E402

for _language, _texts in _TABLE_MESSAGES.items():
    MESSAGES[_language].update(_texts)


# --- the contract ---------------------------------------------------------------
class AlphagonUI(GameUI):
    """Alphagon's table for the app: the hooks above, bound to the contract (ludoteca/games/game_ui.py)."""

    MESSAGES = MESSAGES
    LANGUAGE_VARIANT = LANGUAGE_VARIANT
    render_table = staticmethod(render_table)
    log_line = staticmethod(log_line)
    prompt = staticmethod(prompt)
    panel_detail = staticmethod(panel_detail)
    chip_detail = staticmethod(chip_detail)
    end_reason = staticmethod(end_reason)
    private_content = staticmethod(private_content)
    auto_play_forced = staticmethod(auto_play_forced)
    rules_diagram = staticmethod(rules_diagram)
    hint_selection = staticmethod(hint_selection)


UI = AlphagonUI()
