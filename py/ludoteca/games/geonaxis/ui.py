"""GeonAxis's table: an SVG hex board from a player's view, plus log texts.

Pure string building (no browser imports), tested under CPython. The
viewBox follows the tiles on the table, so the board always fills the width
of a phone. Cells are pointy-top hexagons at axial (q, r).
"""

from __future__ import annotations

import functools
import math
from html import escape

from ..game_ui import GameUI
from .board import all_groups, table_for, tile_cells, tile_centre
from ..texts import count_text

SIZE = 10.0  # hexagon radius in SVG units
ROOT3 = math.sqrt(3)
MARGIN = 14.0
JOKERS = 5

SCORE_MEANING = "geonaxis.score_meaning"  # the players' number: credits if the game ended now
SCORE_HEADING = "geonaxis.score_heading"  # the results' column: the winner has the most credits
SCORE_LABEL = "geonaxis.score_label"  # the same meaning, short enough to stand visibly over the number

MESSAGES = {
    "en": {
        "game.geonaxis.title": "GeonAxis",
        "geonaxis.variant.table": "Starting table",
        "geonaxis.variant.table.1": "One tile",
        "geonaxis.variant.table.7": "Seven tiles",
        "geonaxis.variant.table.help": "How many tiles are on the table before the first round.",
        "geonaxis.variant.pot": "Pot",
        "geonaxis.variant.pot.standard": "Game pot only",
        "geonaxis.variant.pot.house": "With a house pot (buy extra moves)",
        "geonaxis.variant.pot.help": "With a house pot, rounding and spare cards go to a common fund, and players may buy up to 10 extra moves.",
        "geonaxis.variant.rounds": "Round limit",
        "geonaxis.variant.rounds.100": "100 rounds",
        "geonaxis.variant.rounds.60": "60 rounds",
        "geonaxis.variant.rounds.200": "200 rounds",
        "geonaxis.variant.rounds.help": "The game also ends after this many rounds.",
        "geonaxis.variant.timer": "Round timer",
        "geonaxis.variant.timer.0": "Off",
        "geonaxis.variant.timer.30": "30 seconds a round",
        "geonaxis.variant.timer.60": "1 minute a round",
        "geonaxis.variant.timer.120": "2 minutes a round",
        "geonaxis.variant.timer.help": "Humans who have not chosen when the time runs out lose that round. Agreements and renegotiations are never timed.",
        "geonaxis.variant.pause": "Pause time for each player",
        "geonaxis.variant.pause.300": "5 minutes",
        "geonaxis.variant.pause.0": "No pauses",
        "geonaxis.variant.pause.120": "2 minutes",
        "geonaxis.variant.pause.600": "10 minutes",
        "geonaxis.variant.pause.help": "With the round timer on, each player may stop it for this long in the whole game.",
        "geonaxis.zoom_in": "Zoom in",
        "geonaxis.zoom_out": "Zoom out",
        "geonaxis.zoom_fit": "Show the whole table",
        "geonaxis.reveal.success": "{name} challenged area {id} with {wager}: the pile held {fund} credits and {jokers} jokers. The challenge succeeds.",
        "geonaxis.reveal.failure": "{name} challenged area {id} with {wager}: the pile held {fund} credits and {jokers} jokers. The challenge fails.",
        "geonaxis.round": "Round {n}",
        "geonaxis.rounds_played.one": "{n} round played",
        "geonaxis.rounds_played.other": "{n} rounds played",
        "geonaxis.score_heading": "Credits",
        "geonaxis.pot": "Pot {n}",
        "geonaxis.house_pot": "House pot {n}",
        "geonaxis.credits": "{n} credits",
        "geonaxis.hand": "{n} not staked",
        "geonaxis.tile_in_hand": "tile in hand",
        "geonaxis.extra_moves": "{n} bought moves",
        "geonaxis.points": "{n} pts",
        "geonaxis.chosen": "has chosen",
        "geonaxis.thinking": "choosing",
        "geonaxis.fund": "Area {id}: public {public}, {cards} cards, members {members}",
        "geonaxis.fund_mine": "your stake {credits} + {jokers} jokers",
        "geonaxis.prompt.play": "Choose your move for this round: a stone, your tile, or pass",
        "geonaxis.prompt.tile": "Pick a spot marked + for your tile: pointing at one (or the focus) shows the tile there",
        "geonaxis.prompt.challenge": "Pick a cell in the protected area to challenge with {n}",
        "geonaxis.prompt.agree": "{members} may protect the area outlined on the board ({cells}): stake in secret, or decline",
        "geonaxis.prompt.renegotiate": "The challenge failed: renew the agreement or cancel it",
        "geonaxis.prompt.buy": "Buy extra moves for the house pot (one credit each)",
        "geonaxis.prompt.waiting": "Waiting for {names}",
        "geonaxis.your_choice": "Your secret choice: {move}",
        "geonaxis.pass": "Pass",
        "geonaxis.keep_passing": "Keep passing",
        "geonaxis.keep_passing_name": "Keep passing: pass now and in every round of play until something of yours is at stake",
        "geonaxis.stop_reason.atari": "one of their groups is down to its last liberty",
        "geonaxis.stop_reason.points": "their points went down",
        "geonaxis.keep_passing_blocked": "Keep passing is off while a group of yours (in a dashed ring) is down to its last liberty.",
        "geonaxis.tile": "Place your tile",
        "geonaxis.cancel_select": "Back",
        "geonaxis.propose": "Protect area {name} ({cells}) at {amount} each",
        "geonaxis.challenge": "Challenge area {id} with {n}",
        "geonaxis.propose_row": "Protect area {name} ({cells}), each staking",
        "geonaxis.area_cells.one": "{n} cell",
        "geonaxis.area_cells.other": "{n} cells",
        "geonaxis.challenge_row": "Challenge area {id} with",
        "geonaxis.decline": "Decline",
        "geonaxis.cancel": "Cancel the agreement",
        "geonaxis.stake_honest": "Stake {n}",
        "geonaxis.stake_bluff.one": "Bluff: {n} joker",
        "geonaxis.stake_bluff.other": "Bluff: {n} jokers",
        "geonaxis.renew": "Renew at {n} each",
        "geonaxis.wager_form": "Your stake: credits, then jokers",
        "geonaxis.renew_form": "Amount each, then your credits and jokers",
        "geonaxis.wager_example": "e.g. 3 1",
        "geonaxis.renew_example": "e.g. 2 2 0",
        "geonaxis.buy_form": "Moves to buy (0-{n})",
        "geonaxis.submit": "Submit",
        "geonaxis.cell": "Cell {q},{r}",
        "geonaxis.cell_legend": "Cell names, as in the log: place in the row (→), then row (↓), counted from 0,0 (the small ring).",
        "geonaxis.cell_stone": "Cell {q},{r}: stone of {name}",
        "geonaxis.cell_stone_last": "Cell {q},{r}: stone of {name}, placed last round",
        "geonaxis.cell_play": "Play a stone on {q},{r}",
        "geonaxis.cell_challenge": "Challenge at {q},{r}",
        "geonaxis.spot": "Tile spot {a},{b}",
        "geonaxis.collision": "collision",
        "geonaxis.final": "Final credits: {scores}",
        "geonaxis.log.chosen": "{name} has chosen",
        "geonaxis.log.own": "You chose {move}",
        "geonaxis.why.captures": "Captures {stones} of {owners}.",
        "geonaxis.why.saves": "Your group of {stones} was down to one liberty (atari): this gives it a second.",
        "geonaxis.why.atari": "Leaves {stones} of {owners} with one liberty (atari).",
        "geonaxis.why.encloses": "Encloses {cells} alone: territory, if the others leave them (they may still play there this round).",
        "geonaxis.why.stones_one": "1 stone",
        "geonaxis.why.stones": "{n} stones",
        "geonaxis.why.cells_one": "1 free cell",
        "geonaxis.why.cells": "{n} free cells",
        "geonaxis.log.round": "Round {n} revealed: {moves}",
        "geonaxis.log.agree": "Agreement decided: {moves}",
        "geonaxis.log.accept": "{name} accepts",
        "geonaxis.log.decline": "{name} declines",
        "geonaxis.log.renew": "{name} renews at {n}",
        "geonaxis.log.cancel": "{name} cancels",
        "geonaxis.log.buys": "Moves bought: {moves}",
        "geonaxis.log.move": "{name}: {move}",
        "geonaxis.move.s": "stone {q},{r}",
        "geonaxis.move.s2": "stones {q},{r} and {q2},{r2}",
        "geonaxis.move.t": "tile at {a},{b}",
        "geonaxis.move.pass": "pass",
        "geonaxis.move.timeout": "out of time",
        "geonaxis.move.propose": "a proposal to protect {q},{r} at {n}",
        "geonaxis.move.challenge": "a challenge at {q},{r} with {n}",
        "geonaxis.move.buy": "buying {n}",
        "error.geonaxis.off_table": "There is no cell there.",
        "error.geonaxis.occupied": "That cell is taken.",
        "error.geonaxis.barred": "After last round's collision you may not play there this round.",
        "error.geonaxis.protected": "That area is protected: challenge the agreement first.",
        "error.geonaxis.not_protected": "No agreement protects that cell.",
        "error.geonaxis.no_liberty": "A stone needs a free cell next to it or to its group.",
        "error.geonaxis.no_tile": "You have already placed your tile.",
        "error.geonaxis.bad_spot": "A tile must touch the tiles on the table and stay inside the limit.",
        "error.geonaxis.bad_amount": "The agreed stake must be between 1 and {max}.",
        "error.geonaxis.not_free": "Only free cells can be protected.",
        "error.geonaxis.not_enclosed": "The area must be closed in by you and at least one other player.",
        "error.geonaxis.already_protected": "That area is already protected.",
        "error.geonaxis.not_first_cell": "Name the area by its first cell, {q} {r}.",
        "error.geonaxis.no_extra_move": "You have no bought move left.",
        "error.geonaxis.bad_move": "That move cannot be read.",
        "error.geonaxis.challenge_too_low": "A challenge must wager more than {public}.",
        "error.geonaxis.beyond_credits": "You hold only {credits} credits.",
        "error.geonaxis.too_many_jokers": "A pile takes at most {max} of your jokers.",
        "error.geonaxis.wrong_phase": "That move does not fit this moment of the game.",
        "error.geonaxis.bad_buy": "You may buy between 0 and {max} moves.",
        "error.geonaxis.game_over": "The game is over.",
        "geonaxis.end.passes": "Everyone passed in the same round.",
        "geonaxis.score_meaning": "Credits if the game ended now",
        "geonaxis.score_label": "if it ended now",
        "geonaxis.diagram.collision": "White and black both chose the middle cell: neither stone goes down (the cross), and next round neither of them may choose that cell.",
        "geonaxis.diagram.capture": "White's stone on the edge had one liberty left; black's new stone (ringed) took it, so the white stone is captured (faded) and counts as a point for black.",
        "geonaxis.diagram.score": "Both passed, so the game is over. White's wall closes off the three cells on its side, black's the three on the other; the five cells between touch both walls and are shared: 3 + 2.5 points each.",
        "geonaxis.end.round_limit": "The last of the {n} rounds was played.",
        "error.geonaxis.not_your_turn": "You have already chosen, or this decision is not yours.",
        "error.geonaxis.bad_state": "This saved game is damaged.",
        "error.geonaxis.state_field": "This saved game is damaged: {field} is missing or unreadable.",
        "error.geonaxis.state_number": "This saved game is damaged: {field} cannot be {value}.",
        "error.geonaxis.state_length": "This saved game is damaged: {field} has {count} entries instead of {expected}.",
        "error.geonaxis.state_duplicate": "This saved game is damaged: {field} holds the same entry twice.",
        "error.geonaxis.state_table": "This saved game is damaged: the tiles, stones and protected areas are not a position of play.",
        "error.geonaxis.state_credits": "This saved game is damaged: the credits do not add up.",
        "error.geonaxis.state_phase": "This saved game is damaged: the position does not fit the phase “{phase}”.",
    },
    "it": {
        "game.geonaxis.title": "GeonAxis",
        "geonaxis.variant.table": "Tavolo iniziale",
        "geonaxis.variant.table.1": "Una tessera",
        "geonaxis.variant.table.7": "Sette tessere",
        "geonaxis.variant.table.help": "Quante tessere ci sono sul tavolo prima del primo turno.",
        "geonaxis.variant.pot": "Piatto",
        "geonaxis.variant.pot.standard": "Solo il piatto di gioco",
        "geonaxis.variant.pot.house": "Con il piatto della casa (mosse in più)",
        "geonaxis.variant.pot.help": "Con il piatto della casa, arrotondamenti e carte avanzate vanno a un fondo comune, e si possono comprare fino a 10 mosse in più.",
        "geonaxis.variant.rounds": "Limite di turni",
        "geonaxis.variant.rounds.100": "100 turni",
        "geonaxis.variant.rounds.60": "60 turni",
        "geonaxis.variant.rounds.200": "200 turni",
        "geonaxis.variant.rounds.help": "La partita finisce comunque dopo questo numero di turni.",
        "geonaxis.variant.timer": "Tempo per turno",
        "geonaxis.variant.timer.0": "Nessun limite",
        "geonaxis.variant.timer.30": "30 secondi a turno",
        "geonaxis.variant.timer.60": "1 minuto a turno",
        "geonaxis.variant.timer.120": "2 minuti a turno",
        "geonaxis.variant.timer.help": "Chi non ha ancora scelto quando il tempo finisce perde quel turno. Patti e rinegoziazioni non hanno mai limite di tempo.",
        "geonaxis.variant.pause": "Pausa a disposizione di ciascuno",
        "geonaxis.variant.pause.300": "5 minuti",
        "geonaxis.variant.pause.0": "Nessuna pausa",
        "geonaxis.variant.pause.120": "2 minuti",
        "geonaxis.variant.pause.600": "10 minuti",
        "geonaxis.variant.pause.help": "Con il tempo per turno attivo, ciascuno può fermarlo per questo tempo in tutta la partita.",
        "geonaxis.zoom_in": "Ingrandisci",
        "geonaxis.zoom_out": "Rimpicciolisci",
        "geonaxis.zoom_fit": "Mostra tutto il tavolo",
        "geonaxis.reveal.success": "{name} ha sfidato la zona {id} con {wager}: il mazzetto conteneva {fund} crediti e {jokers} jolly. La sfida riesce.",
        "geonaxis.reveal.failure": "{name} ha sfidato la zona {id} con {wager}: il mazzetto conteneva {fund} crediti e {jokers} jolly. La sfida fallisce.",
        "geonaxis.round": "Turno {n}",
        "geonaxis.rounds_played.one": "{n} turno giocato",
        "geonaxis.rounds_played.other": "{n} turni giocati",
        "geonaxis.score_heading": "Crediti",
        "geonaxis.pot": "Piatto {n}",
        "geonaxis.house_pot": "Piatto della casa {n}",
        "geonaxis.credits": "{n} crediti",
        "geonaxis.hand": "{n} non puntati",
        "geonaxis.tile_in_hand": "tessera in mano",
        "geonaxis.extra_moves": "{n} mosse comprate",
        "geonaxis.points": "{n} punti",
        "geonaxis.chosen": "ha scelto",
        "geonaxis.thinking": "sta scegliendo",
        "geonaxis.fund": "Zona {id}: dichiarati {public}, {cards} carte, membri {members}",
        "geonaxis.fund_mine": "la tua posta {credits} + {jokers} jolly",
        "geonaxis.prompt.play": "Scegli la tua mossa del turno: una pietra, la tua tessera o passo",
        "geonaxis.prompt.tile": "Scegli un posto segnato con + per la tessera: puntandolo (o con il focus) la tessera appare lì",
        "geonaxis.prompt.challenge": "Scegli una casella della zona protetta da sfidare con {n}",
        "geonaxis.prompt.agree": "{members} possono proteggere la zona contornata sul tavolo ({cells}): punta in segreto o rifiuta",
        "geonaxis.prompt.renegotiate": "La sfida è fallita: rinnova il patto o annullalo",
        "geonaxis.prompt.buy": "Compra mosse in più per il piatto della casa (un credito l'una)",
        "geonaxis.prompt.waiting": "Si aspetta {names}",
        "geonaxis.your_choice": "La tua scelta segreta: {move}",
        "geonaxis.pass": "Passo",
        "geonaxis.keep_passing": "Continua a passare",
        "geonaxis.keep_passing_name": "Continua a passare: passa ora e in ogni turno di gioco finché qualcosa di tuo non è in pericolo",
        "geonaxis.stop_reason.atari": "un suo gruppo ha una sola libertà",
        "geonaxis.stop_reason.points": "i suoi punti sono scesi",
        "geonaxis.keep_passing_blocked": "Continua a passare non è disponibile finché un tuo gruppo (in un cerchio tratteggiato) ha una sola libertà.",
        "geonaxis.tile": "Posa la tua tessera",
        "geonaxis.cancel_select": "Indietro",
        "geonaxis.propose": "Proteggi la zona {name} ({cells}) a {amount} a testa",
        "geonaxis.challenge": "Sfida la zona {id} con {n}",
        "geonaxis.propose_row": "Proteggi la zona {name} ({cells}), puntando a testa",
        "geonaxis.area_cells.one": "{n} casella",
        "geonaxis.area_cells.other": "{n} caselle",
        "geonaxis.challenge_row": "Sfida la zona {id} con",
        "geonaxis.decline": "Rifiuta",
        "geonaxis.cancel": "Annulla il patto",
        "geonaxis.stake_honest": "Punta {n}",
        "geonaxis.stake_bluff.one": "Bluff: {n} jolly",
        "geonaxis.stake_bluff.other": "Bluff: {n} jolly",
        "geonaxis.renew": "Rinnova a {n} a testa",
        "geonaxis.wager_form": "La tua posta: crediti, poi jolly",
        "geonaxis.renew_form": "Quota a testa, poi i tuoi crediti e jolly",
        "geonaxis.wager_example": "es. 3 1",
        "geonaxis.renew_example": "es. 2 2 0",
        "geonaxis.buy_form": "Mosse da comprare (0-{n})",
        "geonaxis.submit": "Conferma",
        "geonaxis.cell": "Casella {q},{r}",
        "geonaxis.cell_legend": "Nomi delle caselle, come nel registro: posto nella riga (→), poi riga (↓), contati da 0,0 (il piccolo cerchio).",
        "geonaxis.cell_stone": "Casella {q},{r}: pietra di {name}",
        "geonaxis.cell_stone_last": "Casella {q},{r}: pietra di {name}, posata nell'ultimo turno",
        "geonaxis.cell_play": "Metti una pietra in {q},{r}",
        "geonaxis.cell_challenge": "Sfida in {q},{r}",
        "geonaxis.spot": "Posto per tessera {a},{b}",
        "geonaxis.collision": "scontro",
        "geonaxis.final": "Crediti finali: {scores}",
        "geonaxis.log.chosen": "{name} ha scelto",
        "geonaxis.log.own": "Hai scelto {move}",
        "geonaxis.why.captures": "Cattura {stones} di {owners}.",
        "geonaxis.why.saves": "Il tuo gruppo di {stones} aveva una sola libertà (atari): così ne ha una seconda.",
        "geonaxis.why.atari": "Lascia {stones} di {owners} con una sola libertà (atari).",
        "geonaxis.why.encloses": "Racchiude da solo {cells}: territorio, se gli altri non ci giocano (possono ancora farlo in questo turno).",
        "geonaxis.why.stones_one": "1 pietra",
        "geonaxis.why.stones": "{n} pietre",
        "geonaxis.why.cells_one": "1 casella libera",
        "geonaxis.why.cells": "{n} caselle libere",
        "geonaxis.log.round": "Turno {n} svelato: {moves}",
        "geonaxis.log.agree": "Patto deciso: {moves}",
        "geonaxis.log.accept": "{name} accetta",
        "geonaxis.log.decline": "{name} rifiuta",
        "geonaxis.log.renew": "{name} rinnova a {n}",
        "geonaxis.log.cancel": "{name} annulla",
        "geonaxis.log.buys": "Mosse comprate: {moves}",
        "geonaxis.log.move": "{name}: {move}",
        "geonaxis.move.s": "pietra in {q},{r}",
        "geonaxis.move.s2": "pietre in {q},{r} e {q2},{r2}",
        "geonaxis.move.t": "tessera in {a},{b}",
        "geonaxis.move.pass": "passo",
        "geonaxis.move.timeout": "tempo scaduto",
        "geonaxis.move.propose": "una proposta di proteggere {q},{r} a {n}",
        "geonaxis.move.challenge": "una sfida in {q},{r} con {n}",
        "geonaxis.move.buy": "acquisto di {n}",
        "error.geonaxis.off_table": "Lì non c'è nessuna casella.",
        "error.geonaxis.occupied": "Quella casella è già occupata.",
        "error.geonaxis.barred": "Dopo lo scontro del turno scorso, in questo turno lì non puoi giocare.",
        "error.geonaxis.protected": "Quella zona è protetta: prima devi sfidare il patto.",
        "error.geonaxis.not_protected": "Nessun patto protegge quella casella.",
        "error.geonaxis.no_liberty": "Una pietra ha bisogno di una casella libera accanto a sé o al suo gruppo.",
        "error.geonaxis.no_tile": "Hai già posato la tua tessera.",
        "error.geonaxis.bad_spot": "La tessera deve toccare quelle sul tavolo e restare entro il limite.",
        "error.geonaxis.bad_amount": "La quota concordata va da 1 a {max}.",
        "error.geonaxis.not_free": "Si possono proteggere solo caselle libere.",
        "error.geonaxis.not_enclosed": "La zona deve essere chiusa da te e da almeno un altro giocatore.",
        "error.geonaxis.already_protected": "Quella zona è già protetta.",
        "error.geonaxis.not_first_cell": "Indica la zona con la sua prima casella, {q} {r}.",
        "error.geonaxis.no_extra_move": "Non ti restano mosse comprate.",
        "error.geonaxis.bad_move": "Questa mossa non si riesce a leggere.",
        "error.geonaxis.challenge_too_low": "Una sfida deve puntare più di {public}.",
        "error.geonaxis.beyond_credits": "Hai solo {credits} crediti.",
        "error.geonaxis.too_many_jokers": "In un mazzetto puoi mettere al massimo {max} jolly.",
        "error.geonaxis.wrong_phase": "Questa mossa non c'entra con questo momento della partita.",
        "error.geonaxis.bad_buy": "Puoi comprare da 0 a {max} mosse.",
        "error.geonaxis.game_over": "La partita è finita.",
        "geonaxis.end.passes": "Tutti hanno passato nello stesso turno.",
        "geonaxis.score_meaning": "Crediti se la partita finisse ora",
        "geonaxis.score_label": "se finisse ora",
        "geonaxis.diagram.collision": "Il bianco e il nero hanno scelto entrambi la casella centrale: nessuna delle due pietre viene posata (la croce), e al turno dopo nessuno dei due può scegliere quella casella.",
        "geonaxis.diagram.capture": "La pietra bianca sul bordo aveva un'ultima libertà; la nuova pietra nera (cerchiata) gliel'ha tolta, così la pietra bianca è catturata (sbiadita) e vale un punto per il nero.",
        "geonaxis.diagram.score": "Entrambi hanno passato, quindi la partita è finita. Il muro bianco chiude le tre caselle dalla sua parte, quello nero le tre dall'altra; le cinque caselle in mezzo toccano entrambi i muri e sono divise: 3 + 2,5 punti a testa.",
        "geonaxis.end.round_limit": "Si è giocato l'ultimo dei {n} turni.",
        "error.geonaxis.not_your_turn": "Hai già scelto, oppure questa decisione non spetta a te.",
        "error.geonaxis.bad_state": "Questa partita salvata è danneggiata.",
        "error.geonaxis.state_field": "Questa partita salvata è danneggiata: {field} manca o non si legge.",
        "error.geonaxis.state_number": "Questa partita salvata è danneggiata: {field} non può valere {value}.",
        "error.geonaxis.state_length": "Questa partita salvata è danneggiata: {field} ha {count} elementi invece di {expected}.",
        "error.geonaxis.state_duplicate": "Questa partita salvata è danneggiata: {field} contiene due volte lo stesso elemento.",
        "error.geonaxis.state_table": "Questa partita salvata è danneggiata: tessere, pietre e aree protette non formano una posizione di gioco.",
        "error.geonaxis.state_credits": "Questa partita salvata è danneggiata: i crediti non tornano.",
        "error.geonaxis.state_phase": "Questa partita salvata è danneggiata: la posizione non corrisponde alla fase “{phase}”.",
    },
}


# --- geometry ----------------------------------------------------------------------
def cell_xy(q: int, r: int) -> tuple:
    return SIZE * ROOT3 * (q + r / 2), SIZE * 1.5 * r


@functools.lru_cache(maxsize=4096)  # the same few hundred cells at every redraw
def hex_points(x: float, y: float, size: float = SIZE) -> str:
    points = []
    for corner in range(6):
        angle = math.radians(60 * corner - 30)
        points.append(f"{x + size * math.cos(angle):.1f},{y + size * math.sin(angle):.1f}")
    return " ".join(points)


def view_box(cells: list) -> tuple:
    xs, ys = zip(*(cell_xy(q, r) for q, r in cells))
    left, top = min(xs) - SIZE - MARGIN, min(ys) - SIZE - MARGIN
    return left, top, max(xs) - min(xs) + 2 * (SIZE + MARGIN), max(ys) - min(ys) + 2 * (SIZE + MARGIN)


def _colour(ctx, player: int) -> str:
    return escape(ctx.seats[player].color or "#888", quote=True)


def _name(ctx, player: int) -> str:
    return ctx.seats[player].name


# --- small helpers for hidden information ----------------------------------------------
def private_content(view: dict) -> bool:
    """Hotseat needs a hand-off while the viewer has a secret choice to make
    or can see secrets of their own (a pending choice, a stake, the hand)."""
    viewer = view.get("viewer")
    if viewer is None:
        return False
    if viewer in view["to_move"] or view["my_choice"] is not None:
        return True
    return any(agreement["my_stake"] is not None for agreement in view["agreements"])


def auto_play_forced(move) -> bool:
    """Every choice is secret and deliberate: nothing is played automatically."""
    return False


def standing_pass(view: dict, since: dict) -> tuple:
    """For a player who chose "Keep passing" when their view was `since`:
    ("play", "pass") to pass for them in this round of play; ("ask", None)
    for a decision they make themselves (agreements, renegotiations) with
    the choice kept; ("stop", reason key) once something of theirs is at
    stake: a group of theirs with one liberty, or fewer points than then."""
    player = view["viewer"]
    if view["phase"] != "play" or player not in view["to_move"]:
        return ("ask", None)
    if groups_in_atari(view, player):
        return ("stop", "geonaxis.stop_reason.atari")
    if view["points"][player] < since["points"][player]:
        return ("stop", "geonaxis.stop_reason.points")
    return ("play", "pass")


def groups_in_atari(view: dict, player: int) -> set:
    """The cells of `player`'s groups that are down to their last liberty."""
    stones = {(q, r): owner for q, r, owner in view["stones"]}
    table = table_for(tuple(sorted(tuple(tile["spot"]) for tile in view["tiles"])))
    return {cell for owner, group, liberties in all_groups(stones, table)
            if owner == player and len(liberties) == 1 for cell in group}


def _atari_shown(view: dict, ctx) -> set:
    """The groups Keep passing would stop for, marked while their owner chooses a move."""
    player = ctx.viewer
    if not ctx.can_act or player is None or view["phase"] != "play" or player not in view["to_move"]:
        return set()
    return groups_in_atari(view, player)


def end_reason(view: dict, ctx) -> str:
    """Why the game ended, for the results."""
    if view["ended_by"] == "passes":
        return ctx.t("geonaxis.end.passes")
    return ctx.t("geonaxis.end.round_limit", n=view["round_limit"])


def prompt(view: dict, ctx) -> str:
    t = ctx.t
    viewer = ctx.viewer
    if view["game_over"]:
        scores = ", ".join(f"{_name(ctx, p)} {c}" for p, c in enumerate(view["final"]["credits"]))
        return t("geonaxis.final", scores=scores)
    if viewer is None or viewer not in view["to_move"]:
        waiting = ", ".join(_name(ctx, p) for p in view["to_move"])
        return t("geonaxis.prompt.waiting", names=waiting)
    phase = view["phase"]
    if phase == "play":
        selection = ctx.selection or ""
        if selection == "tile":
            return t("geonaxis.prompt.tile")
        if selection.startswith("challenge:"):
            return t("geonaxis.prompt.challenge", n=selection.split(":")[1])
        return t("geonaxis.prompt.play")
    if phase == "agree":
        members = ", ".join(_name(ctx, p) for p in view["node"]["members"])
        return t("geonaxis.prompt.agree", members=members,
                 cells=count_text(t, "geonaxis.area_cells", len(view["node"]["cells"])))
    if phase == "renegotiate":
        return t("geonaxis.prompt.renegotiate")
    return t("geonaxis.prompt.buy")


def chip_detail(view: dict, player: int, t) -> str:
    """What a phone shows beside a player's name above the table: the credits (the pot
    is on the table; points are in the panel, so that two chips fit a 360 px line)."""
    return t("geonaxis.credits", n=view["wealth"][player])


def area_name(index: int) -> str:
    """An area on offer is named by a letter (the board draws it on the area's
    cells); numbers name the agreements already made."""
    return chr(ord("A") + index) if index < 26 else str(index + 1)


def _offered_areas(view: dict, legal) -> dict:
    """The areas the viewer may propose to protect now, by name: {cell: name}."""
    if not legal or view["phase"] != "play":
        return {}
    return {tuple(cell): area_name(index) for index, proposal in enumerate(legal["proposals"])
            for cell in proposal["cells"]}


def _cell_name_size(name: str) -> float:
    """A font size (SVG units) at which a cell's name fits inside its hexagon:
    a bold digit is about 0.6 em wide, and the hexagon is 1.73 SIZE across."""
    return min(SIZE * 0.6, SIZE * 1.5 / (0.6 * len(name)))


def panel_detail(view: dict, player: int, t) -> str:
    parts = [t("geonaxis.credits", n=view["wealth"][player]),
             t("geonaxis.points", n=_points_text(view["points"][player]))]
    if view["viewer"] == player and view["hand"] is not None:
        parts.append(t("geonaxis.hand", n=view["hand"]))
    if view["tile_in_hand"][player]:
        parts.append(t("geonaxis.tile_in_hand"))
    if view["extra_moves"][player]:
        parts.append(t("geonaxis.extra_moves", n=view["extra_moves"][player]))
    if player in view["submitted"]:
        parts.append(t("geonaxis.chosen"))
    elif player in view["to_move"]:
        parts.append(t("geonaxis.thinking"))
    return " · ".join(parts)


def _points_text(sixtieths: int) -> str:
    whole, part = divmod(sixtieths, 60)
    return str(whole) if not part else f"{sixtieths / 60:.1f}"


# --- the log -------------------------------------------------------------------------------
def move_words(text: str, t) -> str:
    words = text.split()
    head, numbers = words[0], words[1:]
    if head == "s" and len(numbers) == 4:
        return t("geonaxis.move.s2", q=numbers[0], r=numbers[1], q2=numbers[2], r2=numbers[3])
    if head == "s":
        return t("geonaxis.move.s", q=numbers[0], r=numbers[1])
    if head == "t":
        return t("geonaxis.move.t", a=numbers[0], b=numbers[1])
    if head == "propose":
        return t("geonaxis.move.propose", q=numbers[0], r=numbers[1], n=numbers[2])
    if head == "challenge":
        return t("geonaxis.move.challenge", q=numbers[0], r=numbers[1], n=numbers[2])
    if head == "buy":
        return t("geonaxis.move.buy", n=numbers[0])
    if head in ("pass", "timeout"):
        return t("geonaxis.move." + head)
    return text


REVEAL_LISTS_ALL = True  # a round's reveal names every choice: the log drops the "has chosen" lines
KEY_SHORTCUTS = {"s": ("pass", "geonaxis.pass")}  # key -> (data-testid of the control it presses, its name)


def log_line(parts: list, names: list, t) -> str:
    """One log line from the engine's description (`State.describe_move`),
    which keeps a submission secret from all but its author until the last
    one of a decision reveals the whole decision (stakes stay hidden)."""
    key, params = parts[0]
    if key == "geonaxis.log.own":
        return t(key, move=_own_words(params["move"], t))
    if key == "geonaxis.log.chosen":
        return t(key, name=names[params["player"]])
    if key == "geonaxis.log.round":
        moves = "; ".join(t("geonaxis.log.move", name=names[p], move=move_words(text, t))
                          for p, text in params["moves"])
        return t(key, n=params["round"], moves=moves)
    if key == "geonaxis.log.buys":
        moves = ", ".join(t("geonaxis.log.move", name=names[p], move=move_words(text, t))
                          for p, text in params["moves"])
        return t(key, moves=moves)
    if key == "geonaxis.log.agree":
        return t(key, moves=", ".join(_answer_words(answer, names, t) for answer in params["answers"]))
    return f"{names[params['player']]}: {params.get('text', '')}" if key == "move" else t(key)


def _answer_words(answer: list, names: list, t) -> str:
    player, kind = answer[0], answer[1]
    if kind == "wager":
        return t("geonaxis.log.accept", name=names[player])
    if kind == "renew":
        return t("geonaxis.log.renew", name=names[player], n=answer[2])
    if kind == "cancel":
        return t("geonaxis.log.cancel", name=names[player])
    return t("geonaxis.log.decline", name=names[player])


def _own_words(text: str, t) -> str:
    words = text.split()
    if words[0] in ("wager", "renew", "decline", "cancel"):
        return text
    return move_words(text, t)


# --- the table ---------------------------------------------------------------------------
def render_table(view: dict, ctx) -> str:
    t = ctx.t
    cells = [tuple(c) for c in view["cells"]]
    spots_shown = []
    viewer = ctx.viewer
    legal = view["legal"] if (ctx.can_act and viewer is not None) else None
    selection = ctx.selection or ""
    if legal and view["phase"] == "play" and selection == "tile":
        spots_shown = [tuple(s) for s in legal["tiles"]]
    box_cells = list(cells)
    for spot in spots_shown:
        box_cells.extend(tile_cells(spot))
    box = "{:.1f} {:.1f} {:.1f} {:.1f}".format(*view_box(box_cells))
    # data-pan-zoom: the browser glue zooms and pans the viewBox (ui/panzoom.py), within data-fit.
    parts = [render_zoom_controls(t),
             f'<svg class="gx-table" viewBox="{box}" data-fit="{box}" data-pan-zoom="board" role="group"'
             f' aria-label="{escape(t("game.geonaxis.title"), quote=True)}" data-testid="table">']
    stones = {(q, r): p for q, r, p in view["stones"]}
    protected = {}
    for agreement in view["agreements"]:
        for cell in agreement["cells"]:
            protected[tuple(cell)] = agreement
    territory = {}
    if view["game_over"]:
        for region in view["territory"]:
            for cell in region["cells"]:
                territory[tuple(cell)] = region["owners"]
    playable = {tuple(c) for c in legal["stones"]} if legal and view["phase"] == "play" else set()
    challenge_cells = set()
    challenge_wager = None
    if legal and view["phase"] == "play" and selection.startswith("challenge:"):
        challenge_wager = selection.split(":")[1]
        for option in legal["challenges"]:
            challenge_cells.update(tuple(c) for c in option["cells"])
    last = view["last_round"] or {}
    fresh_round = bool(last) and last.get("round") == view["round"] - 1
    placed = {(q, r) for _, q, r in last.get("placed", [])} if fresh_round else set()
    collided = {tuple(c["cell"]) for c in last.get("collisions", [])} if fresh_round else set()
    captured = {}
    if fresh_round:
        for capture in last.get("captured", []):
            for cell in capture["cells"]:
                captured[tuple(cell)] = capture["owner"]
    offered = _offered_areas(view, legal) if not selection else {}
    atari = _atari_shown(view, ctx)
    node = view["node"] or {}
    # An agreement being decided: its area is outlined for everyone while the members choose.
    deciding = {tuple(c) for c in node.get("cells", [])} if view["phase"] in ("agree", "renegotiate") else set()
    pending = None
    if view["my_choice"]:
        words = view["my_choice"].split()
        if words[0] in ("s", "challenge"):
            pending = (int(words[1]), int(words[2]))
    anim = " anim" if ctx.animate else ""
    for q, r in sorted(cells, key=lambda c: (c[1], c[0])):
        x, y = cell_xy(q, r)
        cls = ["cell"]
        owners = territory.get((q, r))
        if owners:
            cls.append("territory" if len(owners) == 1 else "territory shared")
            cls.append(ctx.seat_class(owners[0]))  # sets --seat: the CSP allows no inline styles
        if (q, r) in protected:
            cls.append("protected")
        if (q, r) in deciding:
            cls.append("proposed")
        if (q, r) in offered:
            cls.append("offered")
        if (q, r) in atari:
            cls.append("atari")
        attrs = (f' data-nav="{x:.1f},{y:.1f}" tabindex="0" role="button"'
                 f' data-testid="cell-{q}-{r}"')
        if (q, r) == min(deciding, key=lambda c: (c[1], c[0]), default=None):
            attrs += " data-bring-into-view"  # the area being decided: in view while its members choose
        if (q, r) in challenge_cells:
            cls.append("target")
            label = t("geonaxis.cell_challenge", q=q, r=r)
            attrs += f' data-action="move" data-arg="{viewer}:challenge {q} {r} {challenge_wager}"'
        elif (q, r) in playable and not selection:
            cls.append("target")
            label = t("geonaxis.cell_play", q=q, r=r)
            attrs += f' data-action="move" data-arg="{viewer}:s {q} {r}"'
        elif (q, r) in stones:
            key = "geonaxis.cell_stone_last" if (q, r) in placed else "geonaxis.cell_stone"
            label = t(key, q=q, r=r, name=_name(ctx, stones[(q, r)]))
        else:
            label = t("geonaxis.cell", q=q, r=r)
        parts.append(f'<g class="{" ".join(cls)}"{attrs} aria-label="{escape(label, quote=True)}">'
                     f'<polygon points="{hex_points(x, y)}"/>')
        if (q, r) == (0, 0):  # where the cells' names count from (the legend says so)
            parts.append(f'<circle class="origin-mark" cx="{x:.1f}" cy="{y:.1f}" r="2" data-testid="origin"/>')
        parts.append(_round_marks(q, r, stones, placed, captured, collided, lambda owner: _colour(ctx, owner), anim))
        if (q, r) in atari:
            parts.append(f'<circle class="atari-mark" cx="{x:.1f}" cy="{y:.1f}" r="{SIZE * 0.86:.1f}"'
                         f' data-testid="atari-{q}-{r}"/>')
        if (q, r) in offered:
            parts.append(f'<text class="offer-name" x="{x:.1f}" y="{y + 3.5:.1f}" aria-hidden="true"'
                         f' data-testid="offer-{q}-{r}">{offered[(q, r)]}</text>')
        if pending == (q, r) and viewer is not None:
            parts.append(f'<circle class="pending" cx="{x:.1f}" cy="{y:.1f}" r="{SIZE * 0.6:.1f}"'
                         f' fill="{_colour(ctx, viewer)}" data-testid="pending"/>')
        # The log names cells "q,r": a cell shows its name under the pointer (else the
        # focus), above the cell, so that it never hides the stone there.
        name = f"{q},{r}"
        size = _cell_name_size(name)
        parts.append(f'<text class="cell-no" x="{x:.1f}" y="{y - SIZE * 1.05:.1f}" font-size="{size:.1f}"'
                     f' aria-hidden="true">{name}</text></g>')
    for agreement in view["agreements"]:
        xs, ys = zip(*(cell_xy(*cell) for cell in agreement["cells"]))
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        parts.append(f'<text class="fund-label" x="{cx:.1f}" y="{cy + 4:.1f}"'
                     f' data-testid="fund-{agreement["id"]}">{agreement["public"]}</text>')
    # Spots tile the plane, so their outlines all at once read as one lattice: each
    # spot shows a marker at its centre, and the tile itself only under the pointer
    # or the focus (a preview of the tile laid there).
    for spot in spots_shown:
        x, y = cell_xy(*tile_centre(spot))
        preview = "".join(f'<polygon points="{hex_points(*cell_xy(*cell))}"/>' for cell in tile_cells(spot))
        label = t("geonaxis.spot", a=spot[0], b=spot[1])
        parts.append(f'<g class="tile-spot" data-action="move" data-arg="{viewer}:t {spot[0]} {spot[1]}"'
                     f' data-nav="{x:.1f},{y:.1f}" tabindex="0" role="button"'
                     f' aria-label="{escape(label, quote=True)}" data-testid="spot-{spot[0]}-{spot[1]}">'
                     f'<g class="spot-preview">{preview}</g>'
                     f'<circle class="spot-mark" cx="{x:.1f}" cy="{y:.1f}" r="{SIZE * 0.7:.1f}"/>'
                     f'<path class="spot-mark-plus" d="M{x - 4:.1f} {y:.1f}H{x + 4:.1f}M{x:.1f} {y - 4:.1f}V{y + 4:.1f}"/></g>')
    parts.append("</svg>")
    # The choices come right under the board, so that Pass is in view; the table's figures follow.
    return "".join(parts) + render_controls(view, ctx) + render_info(view, ctx)


# --- rules diagrams ------------------------------------------------------------------
# Small games played with real moves on one tile, drawn after their last round
# (white is player 0, black player 1): what the rules page shows beside the
# collision, capture and scoring rules.
DIAGRAM_COLOURS = ("#f2efe6", "#30343f")
DIAGRAM_ROUNDS = {
    "collision": [("s 0 0", "s 0 0")],
    "capture": [("s 2 0", "s 1 1"), ("s -2 2", "s 2 -1"), ("s -2 1", "s 1 0")],
    "score": [("s -1 -1", "s 1 -2"), ("s -1 0", "s 1 -1"), ("s -1 1", "s 1 0"), ("s -1 2", "s 1 1"),
              ("pass", "pass")],
}


def diagram_state(name: str):
    """The diagram's game: a fresh two-player table and its rounds, played by the rules."""
    from ...core.protocol import Settings
    from .rules import GAME

    state = GAME.new_state(Settings(2, {"table": "1"}), 0)
    for moves in DIAGRAM_ROUNDS[name]:
        for player, text in enumerate(moves):
            state.apply(player, GAME.parse_move(text))
    return state


def render_diagram(name: str, t) -> str:
    """The table after the diagram's last round: its stones, the new ones ringed,
    a collision crossed, captured stones faded, and at the end the territories."""
    view = diagram_state(name).view(None)
    last = view["last_round"] or {}
    placed = {(q, r) for _, q, r in last.get("placed", [])}
    collided = {tuple(c["cell"]) for c in last.get("collisions", [])}
    captured = {tuple(cell): c["owner"] for c in last.get("captured", []) for cell in c["cells"]}
    territory = {tuple(cell): region["owners"] for region in view["territory"] for cell in region["cells"]}
    stones = {(q, r): p for q, r, p in view["stones"]}
    points = [cell_xy(*cell) for cell in view["cells"]]
    low_x, low_y = min(x for x, _ in points) - SIZE, min(y for _, y in points) - SIZE
    width, height = max(x for x, _ in points) + SIZE - low_x, max(y for _, y in points) + SIZE - low_y
    caption = t(f"geonaxis.diagram.{name}")
    out = [f'<figure class="gx-diagram" data-testid="diagram-{name}"><svg class="gx-table" role="img"'
           f' viewBox="{low_x:.1f} {low_y:.1f} {width:.1f} {height:.1f}" aria-label="{escape(caption, quote=True)}">']
    for q, r in map(tuple, view["cells"]):
        x, y = cell_xy(q, r)
        owners = territory.get((q, r)) if view["game_over"] else None
        cls = "cell" + (f" diagram-territory owners-{len(owners)} owner-{owners[0]}" if owners else "")
        out.append(f'<g class="{cls}"><polygon points="{hex_points(x, y)}"/>')
        out.append(_round_marks(q, r, stones, placed, captured, collided, DIAGRAM_COLOURS.__getitem__, crossed=True))
        out.append("</g>")
    out.append(f"</svg><figcaption>{escape(caption)}</figcaption></figure>")
    return "".join(out)


def rules_diagram(name: str, t):
    """What the rules page puts where RULES.md says [[diagram NAME]]; None for an unknown name."""
    return render_diagram(name, t) if name in DIAGRAM_ROUNDS else None


def _round_marks(q: int, r: int, stones: dict, placed: set, captured: dict, collided: set, fill,
                 anim: str = "", crossed: bool = False) -> str:
    """What a cell shows of the table and the round just revealed: its stone
    (ringed when that round put it there, as a Go board marks the last move),
    a stone that round captured (faded; `crossed` adds an X), a collision.
    `fill(owner)` is a player's colour."""
    x, y = cell_xy(q, r)
    marks = []
    if (q, r) in stones:
        extra = " fresh" + anim if (q, r) in placed else ""
        marks.append(f'<circle class="stone{extra}" cx="{x:.1f}" cy="{y:.1f}" r="{SIZE * 0.72:.1f}"'
                     f' fill="{fill(stones[(q, r)])}"/>')
        if (q, r) in placed:
            marks.append(f'<circle class="last-mark" cx="{x:.1f}" cy="{y:.1f}" r="{SIZE * 0.26:.1f}"'
                         f' data-testid="last-{q}-{r}"/>')
    elif (q, r) in captured:
        marks.append(f'<circle class="captured{anim}" cx="{x:.1f}" cy="{y:.1f}" r="{SIZE * 0.6:.1f}"'
                     f' fill="{fill(captured[(q, r)])}" data-testid="captured-{q}-{r}"/>')
        if crossed:
            d = SIZE * 0.5
            marks.append(f'<path class="cross" d="M{x - d:.1f} {y - d:.1f}L{x + d:.1f} {y + d:.1f}'
                         f'M{x + d:.1f} {y - d:.1f}L{x - d:.1f} {y + d:.1f}"/>')
    if (q, r) in collided:
        marks.append(f'<text class="collision{anim}" x="{x:.1f}" y="{y + 4:.1f}"'
                     f' data-testid="collision-{q}-{r}">×</text>')
    return "".join(marks)


def render_zoom_controls(t) -> str:
    """Zoom buttons (also + - 0 on the keyboard); a zoomed board pans by dragging."""
    buttons = "".join(
        f'<button type="button" class="btn small icon-btn" data-zoom="{command}" data-testid="zoom-{command}"'
        f' aria-label="{escape(t(key), quote=True)}" title="{escape(t(key), quote=True)} ({shortcut})">{symbol}</button>'
        for command, key, symbol, shortcut in (("in", "geonaxis.zoom_in", "+", "+"), ("out", "geonaxis.zoom_out", "−", "-"),
                                               ("fit", "geonaxis.zoom_fit", "⤢", "0")))
    return f'<div class="gx-zoom" role="group">{buttons}</div>'


def render_info(view: dict, ctx) -> str:
    t = ctx.t
    # After the last round the counter has moved on: say how many were played.
    played = view["round"] - 1
    rounds = count_text(t, "geonaxis.rounds_played", played) if view["game_over"] \
        else t("geonaxis.round", n=view["round"])
    items = [rounds, t("geonaxis.pot", n=view["pot"])]
    if view["house_variant"]:
        items.append(t("geonaxis.house_pot", n=view["house_pot"]))
    out = [f'<div class="gx-info" data-testid="info"><p>{escape(" · ".join(items))}</p>']
    for agreement in view["agreements"]:
        members = ", ".join(_name(ctx, p) for p in agreement["members"])
        text = t("geonaxis.fund", id=agreement["id"], public=agreement["public"], cards=agreement["cards"],
                 members=members)
        if agreement["my_stake"] is not None:
            credits, jokers = agreement["my_stake"]
            text += " · " + t("geonaxis.fund_mine", credits=credits, jokers=jokers)
        out.append(f'<p class="fund" data-testid="fund-info-{agreement["id"]}">{escape(text)}</p>')
    last = view["last_round"] or {}
    if last.get("round") == view["round"] - 1:  # the round just revealed: what each challenge found
        for challenge in last.get("challenges", []):
            key = "geonaxis.reveal.success" if challenge["success"] else "geonaxis.reveal.failure"
            text = t(key, name=_name(ctx, challenge["challenger"]), id=challenge["agreement"],
                     wager=challenge["wager"], fund=challenge["fund"], jokers=challenge["jokers"])
            out.append(f'<p class="challenge-reveal" data-testid="challenge-{challenge["agreement"]}">'
                       f'{escape(text)}</p>')
    if view["my_choice"] is not None:
        out.append(f'<p class="my-choice" data-testid="my-choice">'
                   f'{escape(t("geonaxis.your_choice", move=_own_words(view["my_choice"], t)))}</p>')
    if not view["game_over"]:
        out.append(f'<p class="gx-legend" data-testid="cell-legend">{escape(t("geonaxis.cell_legend"))}</p>')
    out.append("</div>")
    return "".join(out)


def _button(label: str, action: str, arg: str, testid: str, cls: str = "btn", name: str = "") -> str:
    named = f' aria-label="{escape(name, quote=True)}"' if name else ""
    return (f'<button type="button" class="{cls}" data-action="{action}" data-arg="{escape(arg, quote=True)}"'
            f' data-testid="{testid}"{named}>{escape(label)}</button>')


def _choice_row(label: str, choices: list) -> str:
    """One decision offered at a few amounts: its words once, then a small
    button per amount (a button each, in full, made a phone scroll through
    a dozen of them)."""
    return (f'<div class="gx-choice-row" role="group" aria-label="{escape(label, quote=True)}">'
            f'<span class="gx-choice-label" aria-hidden="true">{escape(label)}</span>{"".join(choices)}</div>')


def _form(prefix: str, label: str, example: str, submit: str, testid: str) -> str:
    """A typed decision: its words as a visible label (a placeholder was cut off
    on a phone), a short example in the field."""
    return (f'<form class="text-move gx-typed" data-move-prefix="{escape(prefix, quote=True)}" data-testid="{testid}">'
            f'<label class="gx-typed-label">{escape(label)}'
            f'<input name="text" inputmode="numeric" autocomplete="off" placeholder="{escape(example, quote=True)}">'
            f'</label><button type="submit" class="btn">{escape(submit)}</button></form>')


def _pass_buttons(view: dict, ctx) -> list:
    """Pass, and Keep passing (off, with the reason beside it, while a group of the
    chooser's is down to its last liberty: it would stop at once)."""
    t, player = ctx.t, ctx.viewer
    pass_button = _button(t("geonaxis.pass"), "move", f"{player}:pass", "pass")
    if not ctx.keep_passing:
        return [pass_button]
    keep = _button(t("geonaxis.keep_passing"), "keep-passing", str(player), "keep-passing", "btn",
                   t("geonaxis.keep_passing_name"))
    if _atari_shown(view, ctx):
        keep = keep.replace("<button ", '<button disabled aria-describedby="gx-keep-reason" ', 1)
        keep = (f'<div class="gx-keep">{keep}<p class="gx-keep-reason" id="gx-keep-reason"'
                f' data-testid="keep-passing-reason">{escape(t("geonaxis.keep_passing_blocked"))}</p></div>')
    # Pass is one choice among the stones and the tile (a plain button), not the one the page recommends.
    return [pass_button, keep]


def render_controls(view: dict, ctx) -> str:
    if not ctx.can_act or ctx.viewer is None or view["legal"] is None:
        return ""
    t = ctx.t
    player = ctx.viewer
    legal = view["legal"]
    selection = ctx.selection or ""
    buttons = []
    phase = view["phase"]
    if phase == "play":
        # The frequent choices first (they stay in view under the board), then the areas.
        if selection:
            buttons.append(_button(t("geonaxis.cancel_select"), "select", "", "select-clear"))
        if legal["tiles"] and selection != "tile":
            buttons.append(_button(t("geonaxis.tile"), "select", "tile", "select-tile"))
        buttons.extend(_pass_buttons(view, ctx))
        for option in legal["challenges"]:
            # The least, the least that beats an honest pile (R12), and the whole hand.
            beats_honest = min(option["max"], option.get("public", 0) + 1)
            wagers = sorted({option["min"], beats_honest, option["max"]})
            buttons.append(_choice_row(t("geonaxis.challenge_row", id=option["id"]), [
                _button(str(wager), "select", f"challenge:{wager}", f"challenge-{option['id']}-{wager}", "btn small",
                        t("geonaxis.challenge", id=option["id"], n=wager)) for wager in wagers]))
        for index, proposal in enumerate(legal["proposals"]):
            q, r = proposal["cell"]
            name, cells = area_name(index), count_text(t, "geonaxis.area_cells", len(proposal["cells"]))
            buttons.append(_choice_row(t("geonaxis.propose_row", name=name, cells=cells), [
                _button(str(amount), "move", f"{player}:propose {q} {r} {amount}", f"propose-{q}-{r}-{amount}",
                        "btn small", t("geonaxis.propose", name=name, cells=cells, amount=amount))
                for amount in (1, 2, 3)]))
    elif phase == "agree":
        amount = view["node"]["amount"]
        hand = view["hand"]
        if hand >= amount:
            buttons.append(_button(t("geonaxis.stake_honest", n=amount), "move", f"{player}:wager {amount} 0",
                                   "stake-honest", "btn primary"))
        bluff = min(amount, JOKERS)
        buttons.append(_button(count_text(t, "geonaxis.stake_bluff", bluff), "move", f"{player}:wager 0 {bluff}",
                               "stake-bluff"))
        buttons.append(_button(t("geonaxis.decline"), "move", f"{player}:decline", "decline"))
        buttons.append(_form(f"{player}:wager ", t("geonaxis.wager_form"), t("geonaxis.wager_example"),
                             t("geonaxis.submit"), "wager-form"))
    elif phase == "renegotiate":
        amount = view["node"]["amount"]
        hand = view["hand"]
        stake = min(amount, hand)
        buttons.append(_button(t("geonaxis.renew", n=amount), "move",
                               f"{player}:renew {amount} {stake} {min(amount - stake, JOKERS)}",
                               "renew", "btn primary"))
        buttons.append(_button(t("geonaxis.cancel"), "move", f"{player}:cancel", "cancel"))
        buttons.append(_form(f"{player}:renew ", t("geonaxis.renew_form"), t("geonaxis.renew_example"),
                             t("geonaxis.submit"), "renew-form"))
    elif phase == "buy":
        for count in (0, 1, 3, 5, legal["max_buy"]):
            if count <= legal["max_buy"]:
                buttons.append(_button(t("geonaxis.move.buy", n=count), "move", f"{player}:buy {count}",
                                       f"buy-{count}"))
        buttons = list(dict.fromkeys(buttons))
    return f'<div class="controls" data-testid="controls">{"".join(buttons)}</div>'


def hint_reason(reason: tuple, names: list, t) -> str:
    """A hint's reason (`State.explain_move`, reasons.py) in words."""
    key, params = reason
    words = {}
    for field in ("stones", "cells"):
        if field in params:
            n = params[field]
            words[field] = t(f"geonaxis.why.{field}_one") if n == 1 else t(f"geonaxis.why.{field}", n=n)
    if "owners" in params:
        words["owners"] = ", ".join(names[owner] for owner in params["owners"])
    return t(key, **words)


def hint_selection(move_text: str):
    """The selection that shows a hinted (or a review's better) tile or challenge on the
    board: the tile's spots, among them the move's ("t A B"), or the challenge's cells
    at its wager ("challenge Q R W")."""
    parts = move_text.split()
    if len(parts) == 3 and parts[0] == "t":
        return "tile"
    if len(parts) == 4 and parts[0] == "challenge":
        return f"challenge:{parts[3]}"
    return None


# --- the contract ---------------------------------------------------------------
class GeonaxisUI(GameUI):
    """GeonAxis's table for the app: the hooks above, bound to the contract (ludoteca/games/game_ui.py)."""

    MESSAGES = MESSAGES
    SCORE_MEANING = SCORE_MEANING
    SCORE_HEADING = SCORE_HEADING
    SCORE_LABEL = SCORE_LABEL
    REVEAL_LISTS_ALL = REVEAL_LISTS_ALL
    KEY_SHORTCUTS = KEY_SHORTCUTS
    KEEP_PASSING = True
    render_table = staticmethod(render_table)
    log_line = staticmethod(log_line)
    hint_reason = staticmethod(hint_reason)
    prompt = staticmethod(prompt)
    panel_detail = staticmethod(panel_detail)
    chip_detail = staticmethod(chip_detail)
    end_reason = staticmethod(end_reason)
    private_content = staticmethod(private_content)
    auto_play_forced = staticmethod(auto_play_forced)
    rules_diagram = staticmethod(rules_diagram)
    standing_pass = staticmethod(standing_pass)
    hint_selection = staticmethod(hint_selection)


UI = GeonaxisUI()
