"""The log line the app writes for an entry, for the games' UI tests: the
engine describes the entry for the viewer (`describe_entry`), the game's UI
words it (`log_line`), and a resignation is the app's own line."""

from ludoteca.core.match import Entry, describe_entry


def log_text(ui, entry, names: list, t, before, viewer=None) -> str:
    """`entry` (an Entry, or anything with player, move and chance) played in `before`."""
    entry = Entry(entry.player, entry.move, list(getattr(entry, "chance", [])))
    if entry.is_resignation:
        return t("game.log.resigned", name=names[entry.player])
    return ui.log_line(describe_entry(before, entry, viewer), names, t)


def marks_of(ui, entry, before) -> list:
    """The table marks the game's UI gives for `entry`'s log line (a spectator's description)."""
    return ui.move_marks(describe_entry(before, Entry(entry.player, entry.move, []), None))
