"""Arrow-key movement over a board's cells and nodes (elements with `data-nav="x,y"`).

Pure geometry, so it is tested under CPython; `browser.py` applies it to the page.
"""

# Keys that step through a game's moves when no board node has the focus.
REPLAY_KEYS = {"ArrowLeft": "-1", "ArrowRight": "1", "Home": "first", "End": "last"}
# One key per command of the game screen ("?" is Shift+/ on most layouts).
COMMAND_KEYS = {"u": "undo", "r": "redo", "h": "hint", "m": "menu", "p": "replay-autoplay", "?": "help"}
# The dialogs (by data-testid) a command key may open or close from inside.
SHORTCUT_DIALOGS = {"menu-panel": ("menu", "help"), "help-panel": ("menu", "help")}
# What the help overlay lists: the keys as shown, and the message key of what they do.
SHORTCUT_HELP = (("U", "game.undo"), ("R", "game.redo"), ("H", "help.hint"), ("M", "help.menu"), ("← →", "help.step"),
                 ("Home End", "help.ends"), ("P", "help.autoplay"), ("?", "help.help"), ("Esc", "help.escape"))


def shortcut(key: str, *, typing: bool, modified: bool, on_board: bool, dialog, game_keys=None):
    """The (action, argument) a key press on the game screen asks for, or None.

    Nothing while the player types in a field or holds Ctrl, Alt or Meta (the
    browser's own shortcuts); arrows on a board move between its cells; behind
    an open dialog (`dialog`: its data-testid) only the keys that switch it.
    `game_keys`: the game's own keys (its UI's KEY_SHORTCUTS, key -> the
    data-testid of a control on its table), answered with ("press", testid)."""
    if typing or modified:
        return None
    if key in REPLAY_KEYS:
        return None if on_board or dialog else ("replay-step", REPLAY_KEYS[key])
    letter = key.lower() if len(key) == 1 else ""
    action = COMMAND_KEYS.get(letter)
    if action is None and letter in (game_keys or {}) and not dialog:
        return "press", game_keys[letter]
    if action is None or (dialog and action not in SHORTCUT_DIALOGS.get(dialog, ())):
        return None
    return action, ""
ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


def nearest_in_direction(origin, candidates, direction):
    """The candidate point nearest `origin` in an arrow's direction (None: none that way).

    The score grows with the distance and, faster, with the angle off the
    arrow (along + 2·across²/along), so Right stays on the row when it can and
    Up on a hexagon board takes the row above, not the one two rows up (its
    cell straight above). Of two equal candidates every arrow takes the one
    clockwise of it on screen, so Up then Down comes back where it started."""
    dx, dy = direction
    best, best_score = None, None
    for key, (x, y) in candidates:
        along = (x - origin[0]) * dx + (y - origin[1]) * dy
        if along <= 1e-6:
            continue
        side = (x - origin[0]) * dy - (y - origin[1]) * dx  # < 0: clockwise of the arrow on screen
        score = (round(along + 2 * side * side / along, 6), side)
        if best_score is None or score < best_score:
            best, best_score = key, score
    return best


def roving_stop(actionable: list, navs: list, focused=None, remembered=None) -> int:
    """Which node of a board (a group of `data-nav` nodes) is its one tab stop:
    the focused one, else the one last focused while it is still a target (or
    the board has none), else the first target, else the first node."""
    if focused is not None:
        return focused
    targets = [index for index, flag in enumerate(actionable) if flag]
    if remembered in navs:
        index = navs.index(remembered)
        if actionable[index] or not targets:
            return index
    return targets[0] if targets else 0


def arrow_candidates(actionable: list) -> list:
    """The nodes the arrow keys visit: a board's targets when it has any (Enter
    on anything else would do nothing), else every node, to look the board over."""
    targets = [index for index, flag in enumerate(actionable) if flag]
    return targets or list(range(len(actionable)))


def parse_point(text):
    try:
        x, y = (float(part) for part in str(text).split(","))
        return x, y
    except ValueError:
        return None
