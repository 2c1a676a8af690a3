"""At the table: the companion's screens (markup only) and their texts.

Pure string building, no browser imports: the controller (ui/table.py) keeps
the screen's state and calls these with the session (companion.py).
Alphagon's ui.py merges MESSAGES into its own, so the texts load with the
game's UI and the catalog tests check both languages.
"""

from __future__ import annotations

from html import escape

from . import companion as K
from .rules import points_for

LENGTHS = tuple(range(K.MIN_WORD, 13))  # 12+ letters all score the same
TABS = ("sequence", "score", "referee")
END_REASONS = K.END_REASONS

MESSAGES = {
    "en": {
        "table.title": "At the table",
        "table.intro": "For the board game on your table: who starts, each player's first letters, the scores, and a word referee.",
        "table.players": "Players",
        "table.name": "Name of player {n}",
        "table.colour": "Colour of player {n}",
        "table.default_name": "Player {n}",
        "table.colour.red": "Red", "table.colour.yellow": "Yellow", "table.colour.green": "Green",
        "table.colour.blue": "Blue", "table.colour.black": "Black", "table.colour.white": "White",
        "table.edition": "Edition",
        "table.edition.en": "English", "table.edition.it": "Italian",
        "table.deal": "First letters",
        "table.deal.balanced": "Balanced between players",
        "table.deal.random": "At random, as from the sacks",
        "table.first": "First player",
        "table.first.draw": "Draw lots",
        "table.start": "Start",
        "table.tabs": "Parts of the companion",
        "table.tab.sequence": "Letters",
        "table.tab.score": "Scores",
        "table.tab.referee": "Referee",
        "table.first_drawn": "The lot falls on {name}: {name} starts.",
        "table.first_chosen": "{name} starts.",
        "table.order": "Turn order: {names}.",
        "table.evenness": "The richest and the poorest letters differ by {figure} frequency points.",
        "table.hide": "Hide each player's letters from the others",
        "table.show_letters": "Show {name}'s letters",
        "table.hide_letters": "Hide the letters",
        "table.letters_of": "Letters of {name}",
        "table.take_letters": "Take these letters from your own sacks.",
        "table.hidden": "Hidden",
        "table.goal": "Goal: {goal} points",
        "table.points": "{points} points",
        "table.bonuses": "bonus tokens: {bonuses}",
        "table.who": "Who",
        "table.other": "The other player (doubted, contradicted, correcting)",
        "table.length": "Letters in the word",
        "table.word_events": "Words",
        "table.doubt_events": "Doubts and declarations",
        "table.card_events": "Cards and squares",
        "table.ev.close": "Closes the word (+{points})",
        "table.ev.declared": "Declaration stands (+{points})",
        "table.ev.corrected": "Declaration corrected by the other (+{points})",
        "table.ev.contradicted": "Contradicts the other's declaration (+{points})",
        "table.ev.doubt_won": "Doubt won: the other had no word",
        "table.ev.doubt_lost": "Doubt lost: the other's word (+{points} to them)",
        "table.ev.syllable": "Syllable on a card (+{points})",
        "table.ev.shape": "Shape on a card (+{points})",
        "table.ev.star": "Star: a bonus token",
        "table.ev.cloud": "Cloud: loses a bonus token",
        "table.ev.bonus_spent": "Spends a bonus token",
        "table.ev.penalty": "Loses a letter",
        "table.ev.long_bonus": "Long word: takes a bonus token",
        "table.ev.long_letter": "Long word: takes a letter",
        "table.end": "End the game: {reason}",
        "table.undo": "Undo",
        "table.export": "Export",
        "table.log": "What was scored",
        "table.log_empty": "Nothing yet.",
        "table.winner": "{names} wins with {points} points!",
        "table.winners": "A tie at {points} points: {names}.",
        "table.over_help": "The game is over. Undo to go on scoring.",
        "table.prize.bonus": "a bonus token",
        "table.prize.letter": "a letter",
        "table.ref.question": "Question",
        "table.ref.q.word": "Is it a word?",
        "table.ref.q.prefix": "Does any word start with these letters? (a doubt)",
        "table.ref.q.meaning": "Are all words starting with these letters of the declared meaning? (a declaration)",
        "table.ref.q.shortest": "Which shorter word of that meaning scores? (a correction)",
        "table.ref.letters": "Letters (the word, or the letters on the board)",
        "table.ref.declared": "Declared word or words, separated by /",
        "table.ref.correction": "Proposed shorter word (optional)",
        "table.ref.ask": "Ask",
        "table.ref.yes": "Yes",
        "table.ref.no": "No",
        "table.ref.keep": "Keep it in the log",
        "table.ref.overrule": "Overrule it (house rules)",
        "table.ref.kept": "In the log.",
        "table.conflict": "This session was changed in another tab or window: its newer copy is shown.",
        "companion.judge.word": "{word} is in the dictionary.",
        "companion.judge.prefix": "At least one word in the dictionary starts with {prefix}.",
        "companion.judge.no_prefix": "No word in the dictionary starts with {prefix}.",
        "companion.judge.no_shorter": "No shorter word of that meaning: {word} stands ({length} letters, {points} points).",
        "companion.log.close": "{player} closes a word of {length} letters: +{points}.",
        "companion.log.declared": "{player}'s declaration stands ({length} letters): +{points}.",
        "companion.log.corrected": "{other} corrects {player}'s declaration to {length} letters: +{points} for {player}.",
        "companion.log.contradicted": "{player} contradicts {other} and closes with {length} letters: +{points}; {other} loses a letter.",
        "companion.log.doubt_won": "{player} doubts {other}, who has no word: {other} loses a letter.",
        "companion.log.doubt_lost": "{player} doubts {other}, who names a word of {length} letters: +{points} for {other}; {player} loses a letter.",
        "companion.log.syllable": "{player} finds a syllable on a card: +{points}.",
        "companion.log.shape": "{player} finds a shape on a card: +{points}.",
        "companion.log.long_prize": "{player} takes {prize} for a long word.",
        "companion.log.star": "{player} lands on a star: one more bonus token.",
        "companion.log.cloud": "{player} lands on a cloud: one bonus token less.",
        "companion.log.cloud_letter": "{player} lands on a cloud with no bonus token: loses a letter.",
        "companion.log.bonus_spent": "{player} spends a bonus token.",
        "companion.log.penalty": "{player} loses a letter.",
        "companion.log.end": "The game ends: {reason}.",
        "companion.log.ruling": "Referee on {letters}: {verdict}",
        "companion.log.ruling_overruled": "Referee on {letters}: {verdict} The table overrules it (house rules).",
        "error.companion.bad_name": "A name is text.",
        "error.companion.empty_name": "Player {seat} needs a name.",
        "error.companion.long_name": "Player {seat}'s name is too long (at most {max} characters).",
        "error.companion.same_name": "Two players have the same name.",
        "error.companion.bad_colour": "Each player takes one of the six colours.",
        "error.companion.same_colour": "Two players have the same colour.",
        "error.companion.bad_players": "From {min} to {max} players.",
        "error.companion.bad_language": "There is no such edition.",
        "error.companion.bad_deal": "There is no such way to deal.",
        "error.companion.bad_seed": "The draw could not be made.",
        "error.companion.bad_seat": "Choose a player.",
        "error.companion.bad_event": "That is not scored.",
        "error.companion.over": "The game is over: undo to go on scoring.",
        "error.companion.same_seat": "Choose another player as the other one.",
        "error.companion.bad_length": "Words have at least {min} letters.",
        "error.companion.bad_prize": "The prize is a bonus token or a letter.",
        "error.companion.prize_full": "A bonus token is a prize only below {max} tokens.",
        "error.companion.no_bonus": "No bonus token left.",
        "error.companion.bad_end": "There is no such ending.",
        "error.companion.nothing_to_undo": "Nothing to undo.",
        "error.companion.bad_save": "This is not a session at the table.",
        "error.companion.bad_save_format": "This session was saved by another version.",
        "error.companion.bad_save_field": "This session is damaged: {field} is missing or unreadable.",
        "error.companion.bad_save_entry": "This session is damaged: one of its entries cannot be read.",
        "error.companion.bad_ruling": "A referee's verdict in this session is damaged.",
        "error.companion.bad_racks": "The players' first letters in this session are damaged.",
        "error.companion.no_letters": "Type some letters.",
        "error.companion.bad_letters": "Letters A to Z only, at most 40.",
        "error.companion.no_declared": "Type the declared word.",
        "error.companion.bad_question": "There is no such question.",
    },
    "it": {
        "table.title": "Al tavolo",
        "table.intro": "Per il gioco da tavolo sul vostro tavolo: chi comincia, le prime lettere di ciascuno, i punteggi e un arbitro delle parole.",
        "table.players": "Giocatori",
        "table.name": "Nome del giocatore {n}",
        "table.colour": "Colore del giocatore {n}",
        "table.default_name": "Giocatore {n}",
        "table.colour.red": "Rosso", "table.colour.yellow": "Giallo", "table.colour.green": "Verde",
        "table.colour.blue": "Blu", "table.colour.black": "Nero", "table.colour.white": "Bianco",
        "table.edition": "Edizione",
        "table.edition.en": "Inglese", "table.edition.it": "Italiana",
        "table.deal": "Prime lettere",
        "table.deal.balanced": "Bilanciate tra i giocatori",
        "table.deal.random": "A caso, come dai sacchetti",
        "table.first": "Primo giocatore",
        "table.first.draw": "Tira a sorte",
        "table.start": "Comincia",
        "table.tabs": "Parti dell'aiuto al tavolo",
        "table.tab.sequence": "Lettere",
        "table.tab.score": "Punteggi",
        "table.tab.referee": "Arbitro",
        "table.first_drawn": "La sorte sceglie {name}: comincia {name}.",
        "table.first_chosen": "Comincia {name}.",
        "table.order": "Ordine dei turni: {names}.",
        "table.evenness": "Tra le lettere più ricche e le più povere ci sono {figure} punti di frequenza.",
        "table.hide": "Nascondi le lettere di ciascuno agli altri",
        "table.show_letters": "Mostra le lettere di {name}",
        "table.hide_letters": "Nascondi le lettere",
        "table.letters_of": "Lettere di {name}",
        "table.take_letters": "Prendi queste lettere dai tuoi sacchetti.",
        "table.hidden": "Nascoste",
        "table.goal": "Traguardo: {goal} punti",
        "table.points": "{points} punti",
        "table.bonuses": "gettoni bonus: {bonuses}",
        "table.who": "Chi",
        "table.other": "L'altro giocatore (chi è dubitato, smentito, chi corregge)",
        "table.length": "Lettere della parola",
        "table.word_events": "Parole",
        "table.doubt_events": "Dubbi e dichiarazioni",
        "table.card_events": "Carte e caselle",
        "table.ev.close": "Chiude la parola (+{points})",
        "table.ev.declared": "La dichiarazione regge (+{points})",
        "table.ev.corrected": "Dichiarazione corretta dall'altro (+{points})",
        "table.ev.contradicted": "Smentisce la dichiarazione dell'altro (+{points})",
        "table.ev.doubt_won": "Dubbio vinto: l'altro non aveva parola",
        "table.ev.doubt_lost": "Dubbio perso: la parola dell'altro (+{points} a lui)",
        "table.ev.syllable": "Sillaba su una carta (+{points})",
        "table.ev.shape": "Forma su una carta (+{points})",
        "table.ev.star": "Stella: un gettone bonus",
        "table.ev.cloud": "Nuvola: perde un gettone bonus",
        "table.ev.bonus_spent": "Spende un gettone bonus",
        "table.ev.penalty": "Perde una lettera",
        "table.ev.long_bonus": "Parola lunga: prende un gettone bonus",
        "table.ev.long_letter": "Parola lunga: prende una lettera",
        "table.end": "Termina la partita: {reason}",
        "table.undo": "Annulla",
        "table.export": "Esporta",
        "table.log": "Cosa ha fatto punti",
        "table.log_empty": "Ancora niente.",
        "table.winner": "Vince {names} con {points} punti!",
        "table.winners": "Pareggio a {points} punti: {names}.",
        "table.over_help": "La partita è finita. Annulla per continuare a segnare.",
        "table.prize.bonus": "un gettone bonus",
        "table.prize.letter": "una lettera",
        "table.ref.question": "Domanda",
        "table.ref.q.word": "È una parola?",
        "table.ref.q.prefix": "Qualche parola comincia con queste lettere? (un dubbio)",
        "table.ref.q.meaning": "Le parole che cominciano con queste lettere hanno tutte il significato dichiarato? (una dichiarazione)",
        "table.ref.q.shortest": "Quale parola più corta di quel significato conta? (una correzione)",
        "table.ref.letters": "Lettere (la parola, o le lettere in tabella)",
        "table.ref.declared": "Parola o parole dichiarate, separate da /",
        "table.ref.correction": "Parola più corta proposta (facoltativa)",
        "table.ref.ask": "Chiedi",
        "table.ref.yes": "Sì",
        "table.ref.no": "No",
        "table.ref.keep": "Annotalo nel registro",
        "table.ref.overrule": "Ribalta il verdetto (regole della casa)",
        "table.ref.kept": "Annotato nel registro.",
        "table.conflict": "Questa partita è stata cambiata in un'altra scheda o finestra: ecco la copia più recente.",
        "companion.judge.word": "{word} è nel dizionario.",
        "companion.judge.prefix": "Almeno una parola del dizionario comincia con {prefix}.",
        "companion.judge.no_prefix": "Nessuna parola del dizionario comincia con {prefix}.",
        "companion.judge.no_shorter": "Nessuna parola più corta di quel significato: resta {word} ({length} lettere, {points} punti).",
        "companion.log.close": "{player} chiude una parola di {length} lettere: +{points}.",
        "companion.log.declared": "La dichiarazione di {player} regge ({length} lettere): +{points}.",
        "companion.log.corrected": "{other} corregge la dichiarazione di {player} a {length} lettere: +{points} a {player}.",
        "companion.log.contradicted": "{player} smentisce {other} e chiude con {length} lettere: +{points}; {other} perde una lettera.",
        "companion.log.doubt_won": "{player} dubita di {other}, che non ha parola: {other} perde una lettera.",
        "companion.log.doubt_lost": "{player} dubita di {other}, che dice una parola di {length} lettere: +{points} a {other}; {player} perde una lettera.",
        "companion.log.syllable": "{player} trova una sillaba su una carta: +{points}.",
        "companion.log.shape": "{player} trova una forma su una carta: +{points}.",
        "companion.log.long_prize": "{player} prende {prize} per una parola lunga.",
        "companion.log.star": "{player} finisce su una stella: un gettone bonus in più.",
        "companion.log.cloud": "{player} finisce su una nuvola: un gettone bonus in meno.",
        "companion.log.cloud_letter": "{player} finisce su una nuvola senza gettoni bonus: perde una lettera.",
        "companion.log.bonus_spent": "{player} spende un gettone bonus.",
        "companion.log.penalty": "{player} perde una lettera.",
        "companion.log.end": "La partita finisce: {reason}.",
        "companion.log.ruling": "Arbitro su {letters}: {verdict}",
        "companion.log.ruling_overruled": "Arbitro su {letters}: {verdict} Il tavolo lo ribalta (regole della casa).",
        "error.companion.bad_name": "Un nome è un testo.",
        "error.companion.empty_name": "Il giocatore {seat} ha bisogno di un nome.",
        "error.companion.long_name": "Il nome del giocatore {seat} è troppo lungo (al massimo {max} caratteri).",
        "error.companion.same_name": "Due giocatori hanno lo stesso nome.",
        "error.companion.bad_colour": "Ogni giocatore prende uno dei sei colori.",
        "error.companion.same_colour": "Due giocatori hanno lo stesso colore.",
        "error.companion.bad_players": "Da {min} a {max} giocatori.",
        "error.companion.bad_language": "Questa edizione non esiste.",
        "error.companion.bad_deal": "Questo modo di distribuire non esiste.",
        "error.companion.bad_seed": "Il sorteggio non è riuscito.",
        "error.companion.bad_seat": "Scegli un giocatore.",
        "error.companion.bad_event": "Questo non fa punti.",
        "error.companion.over": "La partita è finita: annulla per continuare a segnare.",
        "error.companion.same_seat": "Scegli un altro giocatore come l'altro.",
        "error.companion.bad_length": "Le parole hanno almeno {min} lettere.",
        "error.companion.bad_prize": "Il premio è un gettone bonus o una lettera.",
        "error.companion.prize_full": "Il gettone bonus è un premio solo sotto i {max} gettoni.",
        "error.companion.no_bonus": "Nessun gettone bonus rimasto.",
        "error.companion.bad_end": "Questa fine non esiste.",
        "error.companion.nothing_to_undo": "Niente da annullare.",
        "error.companion.bad_save": "Questa non è una partita al tavolo.",
        "error.companion.bad_save_format": "Questa partita è stata salvata da un'altra versione.",
        "error.companion.bad_save_field": "Questa partita è danneggiata: {field} manca o è illeggibile.",
        "error.companion.bad_save_entry": "Questa partita è danneggiata: una delle sue voci non si può leggere.",
        "error.companion.bad_ruling": "Un verdetto dell'arbitro in questa partita è danneggiato.",
        "error.companion.bad_racks": "Le prime lettere dei giocatori in questa partita sono danneggiate.",
        "error.companion.no_letters": "Scrivi qualche lettera.",
        "error.companion.bad_letters": "Solo lettere dalla A alla Z, al massimo 40.",
        "error.companion.no_declared": "Scrivi la parola dichiarata.",
        "error.companion.bad_question": "Questa domanda non esiste.",
    },
}


def _attr(value) -> str:
    return escape(str(value), quote=True)


def _button(label: str, arg: str, testid: str, cls: str = "", pressed=None, disabled: bool = False) -> str:
    """A button of the table screen: every action goes to App.on_table(arg)."""
    extra = f' aria-pressed="{"true" if pressed else "false"}"' if pressed is not None else ""
    extra += " disabled" if disabled else ""
    return (f'<button type="button" class="btn {_attr(cls)}" data-action="table" data-arg="{_attr(arg)}"'
            f' data-testid="{_attr(testid)}"{extra}>{escape(label)}</button>')


def _select(field: str, options, current, testid: str, label: str) -> str:
    choices = "".join(f'<option value="{_attr(value)}"{" selected" if str(value) == str(current) else ""}>'
                      f"{escape(text)}</option>" for value, text in options)
    return (f'<label class="tt-field">{escape(label)}'
            f'<select data-field="table.{_attr(field)}" data-testid="{_attr(testid)}">{choices}</select></label>')


def _input(field: str, value: str, testid: str, label: str, upper: bool = False) -> str:
    cls = ' class="tt-upper"' if upper else ""
    return (f'<label class="tt-field">{escape(label)}<input type="text" data-field="table.{_attr(field)}"{cls}'
            f' value="{_attr(value)}" data-testid="{_attr(testid)}" autocomplete="off" spellcheck="false"'
            f' maxlength="{K.MAX_WORD * 4 if field == "declared" else K.MAX_WORD}"></label>')


def _seat_dot(colour: str) -> str:
    return f'<span class="tt-dot tt-{_attr(colour)}" aria-hidden="true"></span>'


# --- setup ------------------------------------------------------------------------------------
def render_setup(t, form: dict) -> str:
    """`form`: players, names, colours, edition, deal, first ("draw" or a seat)."""
    players = form["players"]
    seats = []
    for seat in range(players):
        colours = [(c, t(f"table.colour.{c}")) for c in K.COLOURS]
        seats.append(
            f'<div class="tt-seat">{_input(f"name.{seat}", form["names"][seat], f"table-name-{seat}", t("table.name", n=seat + 1))}'
            f'{_select(f"colour.{seat}", colours, form["colours"][seat], f"table-colour-{seat}", t("table.colour", n=seat + 1))}</div>')
    first = [("draw", t("table.first.draw"))] + [(str(s), form["names"][s] or t("table.default_name", n=s + 1))
                                                  for s in range(players)]
    return (
        f'<section class="page table-setup" data-testid="table-setup"><h1 class="page-title">{escape(t("table.title"))}</h1>'
        f'<p class="tagline">{escape(t("table.intro"))}</p><div class="tt-form">'
        + _select("players", [(n, str(n)) for n in range(2, 7)], players, "table-players", t("table.players"))
        + "".join(seats)
        + _select("edition", [(lang, t(f"table.edition.{lang}")) for lang in ("en", "it")], form["edition"],
                  "table-edition", t("table.edition"))
        + _select("deal", [(d, t(f"table.deal.{d}")) for d in K.DEALS], form["deal"], "table-deal", t("table.deal"))
        + _select("first", first, form["first"], "table-first", t("table.first"))
        + "</div>"
        + _button(t("table.start"), "start", "table-start", "primary big")
        + "</section>"
    )


# --- the session ------------------------------------------------------------------------------
def render_session(t, session, view: dict) -> str:
    """`view`: tab, hide, revealed, who, other, length, and the referee's fields
    (question, letters, declared, correction, verdict, kept)."""
    tab = view["tab"]
    tabs = "".join(_button(t(f"table.tab.{name}"), f"tab:{name}", f"table-tab-{name}", "tt-tab", pressed=name == tab)
                   for name in TABS)
    body = {"sequence": render_sequence, "score": render_score, "referee": render_referee}[tab](t, session, view)
    return (f'<section class="page table-session" data-testid="table-session">'
            f'<h1 class="page-title">{escape(t("table.title"))}</h1>'
            f'<nav class="tt-tabs row" aria-label="{_attr(t("table.tabs"))}">{tabs}</nav>'
            f'{render_scoreboard(t, session)}{body}</section>')


def render_scoreboard(t, session) -> str:
    points, bonuses, winners, reason = session.tally()
    rows = "".join(
        f'<li class="tt-player" data-testid="table-score-{seat}">{_seat_dot(session.colours[seat])}'
        f'<strong>{escape(session.names[seat])}</strong>'
        f'<span class="tt-points">{escape(t("table.points", points=points[seat]))}</span>'
        f'<span class="muted">{escape(t("table.bonuses", bonuses=bonuses[seat]))}</span></li>'
        for seat in session.seat_order())
    banner = ""
    if winners:
        names = ", ".join(session.names[s] for s in winners)
        key = "table.winner" if len(winners) == 1 else "table.winners"
        banner = (f'<p class="tt-winner" role="status" data-testid="table-winner">'
                  f'{escape(t(key, names=names, points=points[winners[0]]))}</p>')
    return (f'<p class="muted" data-testid="table-goal">{escape(t("table.goal", goal=session.goal))}</p>'
            f'<ol class="tt-board">{rows}</ol>{banner}')


def render_sequence(t, session, view: dict) -> str:
    first = session.names[session.first]
    said = t("table.first_drawn" if session.first_drawn else "table.first_chosen", name=first)
    order = t("table.order", names=", ".join(session.names[s] for s in session.seat_order()))
    hide = view["hide"]
    toggle = _button(t("table.hide"), "hide", "table-hide", "tt-toggle", pressed=hide)
    cards = []
    for seat in session.seat_order():
        name = session.names[seat]
        shown = not hide or view["revealed"] == seat
        if shown:
            tiles = "".join(f'<span class="tt-tile">{escape(letter)}</span>' for letter in session.racks[seat])
            letters = (f'<p class="tt-rack" data-testid="table-rack-{seat}" aria-label="{_attr(" ".join(session.racks[seat]))}">'
                       f"{tiles}</p><p class=\"muted\">{escape(t('table.take_letters'))}</p>")
            control = _button(t("table.hide_letters"), "reveal:", f"table-conceal-{seat}") if hide else ""
        else:
            letters = f'<p class="muted">{escape(t("table.hidden"))}</p>'
            control = _button(t("table.show_letters", name=name), f"reveal:{seat}", f"table-reveal-{seat}")
        cards.append(f'<li class="tt-letters"><h3>{_seat_dot(session.colours[seat])}'
                     f'{escape(t("table.letters_of", name=name))}</h3>{letters}{control}</li>')
    drawn = " tt-drawn" if session.first_drawn and view.get("just_drawn") else ""  # the draw, shown once
    return (f'<p class="tt-first{drawn}" data-testid="table-first">{escape(said)}</p><p>{escape(order)}</p>'
            f'<p class="muted" data-testid="table-evenness">{escape(t("table.evenness", figure=f"{session.evenness():.1f}"))}</p>'
            f'{toggle}<ul class="tt-racks">{"".join(cards)}</ul>')


def _seat_buttons(t, session, kind: str, current) -> str:
    return "".join(
        _button(session.names[seat], f"{kind}:{seat}", f"table-{kind}-{seat}", "tt-choice", pressed=current == seat)
        for seat in session.seat_order())


def render_score(t, session, view: dict) -> str:
    over = session.is_over()
    length = view["length"]
    points = points_for(length)
    who = f'<fieldset class="tt-group"><legend>{escape(t("table.who"))}</legend>{_seat_buttons(t, session, "who", view["who"])}</fieldset>'
    other = (f'<fieldset class="tt-group"><legend>{escape(t("table.other"))}</legend>'
             f'{_seat_buttons(t, session, "other", view["other"])}</fieldset>')
    lengths = "".join(_button(f"{n}+" if n == LENGTHS[-1] else str(n), f"length:{n}", f"table-length-{n}", "tt-choice",
                              pressed=n == length) for n in LENGTHS)
    lengths = f'<fieldset class="tt-group"><legend>{escape(t("table.length"))}</legend>{lengths}</fieldset>'

    def event(kind: str, label_key: str, **values) -> str:
        return _button(t(label_key, **values), f"score:{kind}", f"table-ev-{kind}", "tt-event", disabled=over)

    words = (event(K.CLOSE, "table.ev.close", points=points)
             + (event("long_bonus", "table.ev.long_bonus") + event("long_letter", "table.ev.long_letter")
                if K.earns_prize(length) else ""))
    doubts = "".join(event(kind, f"table.ev.{kind}", points=points) for kind in
                     (K.DECLARED, K.CORRECTED, K.CONTRADICTED, K.DOUBT_WON, K.DOUBT_LOST))
    cards = (event(K.SYLLABLE, "table.ev.syllable", points=K.C.SYLLABLE_POINTS)
             + event(K.SHAPE, "table.ev.shape", points=K.C.SHAPE_POINTS)
             + "".join(event(kind, f"table.ev.{kind}") for kind in (K.STAR, K.CLOUD, K.BONUS_SPENT, K.PENALTY)))
    ends = "".join(_button(t("table.end", reason=t(f"alphagon.end.{reason}")), f"end:{reason}", f"table-end-{reason}",
                           disabled=over) for reason in END_REASONS)
    help_over = f'<p class="muted">{escape(t("table.over_help"))}</p>' if over else ""
    return (f"{who}{lengths}"
            f'<h2>{escape(t("table.word_events"))}</h2><div class="tt-events">{words}</div>'
            f"{other}"
            f'<h2>{escape(t("table.doubt_events"))}</h2><div class="tt-events">{doubts}</div>'
            f'<h2>{escape(t("table.card_events"))}</h2><div class="tt-events">{cards}</div>'
            f'{help_over}<div class="row">{_button(t("table.undo"), "undo", "table-undo", disabled=not session.events)}'
            f'{_button(t("table.export"), "export", "table-export")}</div>'
            f'<div class="row tt-ends">{ends}</div>{render_log(t, session)}')


def log_text(t, key: str, params: dict) -> str:
    """One log line in the reader's language: the verdict, the prize and the end reason are texts of their own."""
    values = dict(params)
    if "verdict" in values:
        verdict_key, verdict_params = values["verdict"]
        values["verdict"] = t(verdict_key, **verdict_params)
    if "prize" in values:
        values["prize"] = t(f"table.prize.{values['prize']}")
    if "reason" in values:
        values["reason"] = t(f"alphagon.end.{values['reason']}")
    return t(key, **values)


def render_log(t, session) -> str:
    lines = session.log()
    if not lines:
        items = f'<p class="muted" data-testid="table-log-empty">{escape(t("table.log_empty"))}</p>'
    else:
        # Newest first: the last thing scored is the one the table checks.
        items = "".join(f"<li>{escape(log_text(t, key, params))}</li>" for key, params in reversed(lines))
        items = f'<ol class="tt-log" reversed data-testid="table-log">{items}</ol>'
    return f'<h2>{escape(t("table.log"))}</h2>{items}'


def render_referee(t, session, view: dict) -> str:
    question = view["question"]
    fields = _select("question", [(q, t(f"table.ref.q.{q}")) for q in K.QUESTIONS], question, "table-question",
                     t("table.ref.question"))
    fields += _input("letters", view["letters"], "table-letters", t("table.ref.letters"), upper=True)
    if question in (K.ONE_MEANING, K.SHORTEST):
        fields += _input("declared", view["declared"], "table-declared", t("table.ref.declared"), upper=True)
    if question == K.SHORTEST:
        fields += _input("correction", view["correction"], "table-correction", t("table.ref.correction"), upper=True)
    verdict = view["verdict"]
    answer = ""
    if verdict is not None:
        said = t("table.ref.yes" if verdict.ok else "table.ref.no")
        actions = (f'<p class="muted" data-testid="table-kept">{escape(t("table.ref.kept"))}</p>' if view["kept"] else
                   f'<div class="row">{_button(t("table.ref.keep"), "keep", "table-keep")}'
                   f'{_button(t("table.ref.overrule"), "overrule", "table-overrule")}</div>')
        answer = (f'<div class="tt-verdict" role="status" data-testid="table-verdict">'
                  f'<p class="tt-answer">{escape(said)}</p><p>{escape(t(verdict.key, **verdict.params))}</p>{actions}</div>')
    return (f'<div class="tt-form tt-referee" data-testid="table-referee">{fields}'
            f'{_button(t("table.ref.ask"), "ask", "table-ask", "primary")}</div>{answer}')
