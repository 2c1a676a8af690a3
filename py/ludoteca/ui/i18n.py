"""The message catalog: every piece of UI text goes through `t()`.

Adding a language means adding a catalog here (and to the messages each
game's `ui.py` registers); no UI code changes. Missing keys fall back to English, then
to the key itself, so a gap never crashes a screen.
"""

from ..games import registry
from .messages_it import CORE_ERRORS_EN, MESSAGES_IT

MESSAGES = {
    "en": {
        "app.name": "Ludoteca",
        "app.tagline": "Little-known tabletop games, on any device, even offline.",
        "nav.home": "Home",
        "nav.settings": "Settings",
        "home.games": "Games",
        "home.new_game": "New game",
        "home.rules": "How to play",
        "home.continue": "Continue",
        "home.no_saves": "No saved games yet. Start one above.",
        "home.import": "Import a game record…",
        "home.players_range": "{min}–{max} players",
        "home.players_exact": "{n} players",
        "saves.status.playing": "in progress",
        "saves.status.finished": "finished",
        "saves.status.resigned": "resigned",
        "saves.status.damaged": "damaged",
        "saves.open": "Open",
        "saves.delete": "Delete",
        "dialog.cancel": "Cancel",
        "saves.confirm_delete": "Delete this saved game? This cannot be undone.",
        "saves.damaged_help": "This save cannot be read: {reason}",
        "saves.updated": "updated {date}",
        "saves.imported": "imported {date}",
        "setup.title": "New game of {game}",
        "setup.players": "Players",
        "setup.seat": "Seat {n}",
        "setup.name": "Name",
        "setup.kind": "Played by",
        "setup.kind.human": "Human",
        "setup.kind.ai": "Computer",
        "setup.level": "Level",
        "setup.level.easy": "Easy",
        "setup.level.medium": "Medium",
        "setup.level.hard": "Hard",
        "setup.colour": "Colour",
        "colour.red": "Red", "colour.blue": "Blue", "colour.green": "Green",
        "colour.yellow": "Yellow", "colour.purple": "Purple", "colour.black": "Black",
        "setup.variants": "Rules",
        "setup.seed": "Seed (optional)",
        "setup.seed_help": "The same seed makes chance fall the same way (cards, letters, who starts): handy to replay a game with friends.",
        "setup.start": "Start game",
        "setup.default_name": "Player {n}",
        "setup.default_ai_name": "Computer {n}",
        "game.menu": "Menu",
        "game.undo": "Undo",
        "game.redo": "Redo",
        "game.hint": "Hint",
        "game.hint_thinking": "Finding a hint…",
        "game.hint_line": "Hint: {move}",
        "game.log": "Moves",
        "game.log_empty": "No moves yet.",
        "game.your_turn": "Your turn, {name}",
        "game.turn_of": "{name} to play",
        "game.no_target": "Nothing can be played there: the arrow keys go to the places that can.",
        "game.no_target.wait": "Nothing can be played now: it is not your turn.",
        "game.no_target.replay": "This is a past position: go back to the game to play.",
        "game.no_target.over": "The game is over: nothing more can be played.",
        "game.thinking": "{name} is thinking…",
        "game.thinking_many": "{names} are thinking…",
        "game.ai_retry": "Let the computer try again",
        "game.export": "Export record (.json)",
        "game.rules": "Rules",
        "game.resign": "Resign",
        "game.confirm_resign": "Resign this game? It will count as lost.",
        "game.quit": "Save and quit",
        "game.close_menu": "Close",
        "game.training": "Training mode: undo is free in games against the computer.",
        "game.keep_passing": "Passing for {names} in every round of play.",
        "game.stop_passing": "Stop passing for {name}",
        "game.replay": "Position after move {n} of {total}.",
        "game.replay_first": "Start of the game",
        "title.your_turn": "● Your move · {app}",
        "game.replay_previous": "Previous move",
        "game.replay_next": "Next move",
        "game.replay_last": "Latest position",
        "game.replay_back": "Back to the game",
        "game.replay_play": "Play",
        "game.replay_pause": "Pause",
        "game.announce": "Move {n}: {move}",
        "game.help": "Keyboard shortcuts",
        "help.hint": "A hint from the computer (in a game against it)",
        "help.menu": "Open or close the menu",
        "help.step": "Previous or next position",
        "help.ends": "Start or latest position",
        "help.autoplay": "Play or pause the moves",
        "help.help": "Show or hide this list",
        "help.escape": "Close a dialog",
        "help.typing": "Shortcuts do nothing while you are typing in a text field.",
        "results.replay": "Replay the game",
        "saves.replay": "Replay",
        "settings.sound": "Play a short sound when it becomes my turn",
        "handoff.title": "Pass the device to {name}",
        "handoff.body": "Only {name} should look at the screen now: what comes next is for their eyes alone.",
        "handoff.ready": "I am {name}: show me",
        "clock.label": "Round timer",
        "clock.left": "{name}: {time}",
        "clock.pause": "Pause for {name} ({time} left)",
        "clock.paused": "Paused by {name}: {time} of pause left",
        "clock.resume": "Resume",
        "results.title": "Game over",
        "results.winner": "{name} wins!",
        "results.winners": "Shared win: {names}",
        "results.place": "Place",
        "results.points": "Points",
        "results.resigned": "{name} resigned.",
        "results.hints_one": "{name} used 1 hint.",
        "results.hints": "{name} used {n} hints.",
        "results.shared_place": "shared",
        "game.log.resigned": "{name} resigns",
        "game.log.automatic": "{move} (played for a player who resigned)",
        "game.log.forced": "{move} ({name} had no other move)",
        "game.prompt_for": "{name}: {prompt}",
        "notice.forced": "Played automatically: {move}",
        "notice.keep_passing_stopped": "No more passing for {name}: {reason}.",
        "notice.undone": "Taken back: {moves}",
        "notice.undone_many": "Taken back {n} moves, from: {first}",
        "results.rematch": "Rematch",
        "results.home": "Home",
        "results.view_board": "View the final table",
        "rules.title": "How to play {game}",
        "rules.title_before_a": "How to play {game}",
        "rules.rulings": "Our rulings",
        "rules.table": "Table",  # names a table's sideways-scrolling box, before the heading it is under
        "settings.title": "Settings",
        "settings.theme": "Colours",
        "settings.theme.system": "Follow the device setting",
        "settings.theme.light": "Light",
        "settings.theme.dark": "Dark",
        "settings.motion": "Animations",
        "settings.motion.system": "Follow the device setting",
        "settings.motion.on": "On",
        "settings.motion.off": "Off",
        "settings.language": "Language",
        "settings.language.en": "English",
        "settings.language.it": "Italiano",
        "settings.pace": "Computer players' pace",
        "settings.pace.normal": "Normal: easy to follow",
        "settings.pace.fast": "Fast: no pauses",
        "settings.auto_forced": "Play my move automatically when it is the only one",
        "settings.credits": "Ludoteca runs entirely on this device. Rules © their authors; see each game's rules page.",
        "about.title": "About and credits",
        "about.boot.snapshot": "This start restored Python from a snapshot saved on this device (add ?snapshot=off to the address to start without it).",
        "about.boot.plain": "This start loaded Python from scratch; a snapshot for faster starts is saved on this device after a first full visit.",
        "about.games": "Alphabeticell is by Andrew “Lasblast” Dennison, developed by Bez (stuffbybez.com). Alphagon is by Calogero Mannella. ALPHA // PSYCHOPATH is by GaalN. GeonAxis follows rules published on 7 February 2015 that do not name their author. Our rules pages summarise their rulebooks in our own words.",
        "about.software": "Runs on Pyodide (MPL-2.0) and PyScript (Apache-2.0). Ludoteca's code is MIT-licensed.",
        "about.words": "Alphagon's dictionaries: SCOWL via hunspell-en-us and wbritish; hunspell-it (LibreItalia, GPL-3), WItalian (GPL-3+) and Morph-it! (Baroni & Zanchetta, CC-BY-SA 2.0); place names from GeoNames (CC-BY 4.0), ISTAT's list of comuni and i18n-iso-countries; families of meaning and rivers, lakes, mountains and islands from WordNet 3.0 (© 2006 Princeton University); word frequencies from wordfreq by Robyn Speer (CC-BY-SA 4.0).",
        "error.unexpected": "Something went wrong: {reason}. Your game is saved.",
        "error.hint_failed": "No hint could be found for this position. Your game is unchanged.",
        "error.ai_failed": "The computer could not choose a move ({reason}). Your game is saved: undo, or let it try again.",
        "error.storage_full": "Storage is full, so this game's latest moves are not saved. Delete old saves or export this game; you can keep playing.",
        "unsaved.home": "Storage is full, so the latest moves of your {game} game ({players}) are kept only on this page. Delete old saves below to make room (it is saved at once), or export it.",
        "unsaved.save_now": "Save now",
        "unsaved.export": "Export the game",
        "unsaved.back": "Back to the game",
        "unsaved.saved": "The game is saved now.",
        "unsaved.leave": "Storage is full, so this game's latest moves are not saved. Export the game before you leave? (They stay on this page until you close it.)",
        "unsaved.export_and_leave": "Export and leave",
        "error.storage_off": "This browser does not let Ludoteca store anything, so this game is not being saved. You can keep playing, and export the game from the menu.",
        "error.storage_write": "The browser refused to save this game's latest moves. You can keep playing; export the game from the menu to keep a copy.",
        "error.storage_unreadable": "Saved games cannot be read: this browser blocks Ludoteca's storage (site data may be turned off). You can still play, but games will not be saved.",
        "error.save_unreadable": "That save could not be read just now ({reason}). Nothing was changed: try again later.",
        "saves.list_unreadable": "Your saved games cannot be read just now ({reason}). Nothing was deleted.",
        "saves.status.unreadable": "could not be read",
        "saves.unreadable_help": "Reading this save failed ({reason}); it may be fine, so try again later.",
        "saves.export_raw": "Export its text",
        "game.conflict": "This game was continued in another tab or window. To lose nothing, this copy is paused.",
        "game.conflict_reload": "Show the newer game",
        "game.conflict_keep": "Keep this copy as a new save",
        "notice.reloaded": "Showing the latest saved position of this game.",
        "notice.kept_copy": "This copy is now a separate saved game.",
        "error.import.too_large": "the file is larger than {limit} KB, far more than any game record",
        "error.import.too_deep": "its data is nested more than {limit} levels deep, which no game record is",
        "error.import.not_json": "it is not a JSON file",
        "error.import.not_record": "it is not a Ludoteca game record",
        "error.import.unreadable": "its content cannot be replayed",
        "error.save.missing": "the save no longer exists",
        "loading.assets": "Loading what {game} needs…",
        "error.asset": "A file this game needs could not be loaded ({reason}). Check your connection and try again.",
        "error.save_damaged": "That save could not be opened: {reason}. Your other saves are safe.",
        "error.import": "That file could not be imported: {reason}",
        "error.illegal": "That move is not allowed: {reason}",
        "error.not_found": "That page does not exist.",
        "error.save_missing": "That saved game no longer exists.",
        "notice.imported": "Game imported.",
        "notice.exported": "Record exported as {file}.",
        "notice.dismiss": "Dismiss",
        "boot.engine": "Starting the game engine",
        "boot.ui": "Drawing the table",
    },
}

MESSAGES["en"].update(CORE_ERRORS_EN)
MESSAGES["it"] = dict(MESSAGES_IT)

DEFAULT_LANGUAGE = "en"
LANGUAGES = ("en", "it")


def language_for(browser_languages) -> str:
    """The first of the browser's preferred languages that we speak, else English."""
    for tag in browser_languages:
        code = str(tag).split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


class Catalog:
    def __init__(self, language: str = DEFAULT_LANGUAGE):
        self.language = language if language in MESSAGES else DEFAULT_LANGUAGE

    def t(self, key: str, **values) -> str:
        """Plain text for `key`; values are formatted in."""
        text = MESSAGES[self.language].get(key) or MESSAGES[DEFAULT_LANGUAGE].get(key) or key
        return text.format(**values) if values else text



def register(language: str, messages: dict) -> None:
    """Adds a game's messages to the catalog (the registry hands them over)."""
    MESSAGES.setdefault(language, {}).update(messages)


registry.on_game_messages(register)
