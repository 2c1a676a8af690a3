"""Arrow-key movement over a board's cells and nodes (elements with `data-nav="x,y"`).

Pure geometry, so it is tested under CPython; `browser.py` applies it to the page.
"""

# Keys that step through a game's moves when no board node has the focus.
REPLAY_KEYS = {"ArrowLeft": "-1", "ArrowRight": "1", "Home": "first", "End": "last"}
ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


def nearest_in_direction(origin, candidates, direction):
    """The candidate point nearest `origin` in an arrow's direction (None: none that way).

    Off-axis distance counts double, so Right stays on the row when it can."""
    dx, dy = direction
    best, best_score = None, None
    for key, (x, y) in candidates:
        along = (x - origin[0]) * dx + (y - origin[1]) * dy
        if along <= 1e-6:
            continue
        across = abs((x - origin[0]) * dy - (y - origin[1]) * dx)
        score = along + 2 * across
        if best_score is None or score < best_score:
            best, best_score = key, score
    return best


def parse_point(text):
    try:
        x, y = (float(part) for part in str(text).split(","))
        return x, y
    except ValueError:
        return None
