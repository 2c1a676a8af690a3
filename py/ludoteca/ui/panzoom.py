"""Pan and zoom of a game board drawn as SVG: the arithmetic of its viewBox.

A board marks its `<svg>` with `data-pan-zoom` and gives the box that shows
all of it in `data-fit` (also its initial viewBox). The browser glue keeps one
`BoardZoom` per open game and sets the viewBox after every redraw, so the
player's zoom and pan survive moves (and the board growing). Pure numbers,
tested under CPython.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

ZOOM_STEP = 1.5
MAX_ZOOM = ZOOM_STEP ** 4  # about five times: a few cells fill a phone's width
DRAG_THRESHOLD_PX = 6  # a press that moves less is a click, not a drag
ZOOM_KEYS = {"+": "in", "=": "in", "-": "out", "0": "fit"}  # "=" is + without Shift on many layouts


def parse_box(text: Optional[str]) -> Optional[tuple]:
    try:
        values = tuple(float(part) for part in (text or "").replace(",", " ").split())
    except ValueError:
        return None
    return values if len(values) == 4 and values[2] > 0 and values[3] > 0 else None


def box_text(box: tuple) -> str:
    return " ".join(f"{value:.1f}" for value in box)


def _clamp(value: float, low: float, high: float) -> float:
    return low if high < low else max(low, min(high, value))


@dataclass
class BoardZoom:
    zoom: float = 1.0
    centre: Optional[tuple] = None  # in board units; None: the middle of the board

    @property
    def zoomed(self) -> bool:
        return self.zoom > 1.0

    @property
    def can_zoom_in(self) -> bool:
        return self.zoom < MAX_ZOOM - 1e-9

    def box(self, fit: tuple) -> tuple:
        """The viewBox: `fit` shrunk by the zoom around the centre, kept inside `fit`."""
        left, top, width, height = fit
        if not self.zoomed:
            return fit
        w, h = width / self.zoom, height / self.zoom
        cx, cy = self.centre if self.centre is not None else (left + width / 2, top + height / 2)
        cx = _clamp(cx, left + w / 2, left + width - w / 2)
        cy = _clamp(cy, top + h / 2, top + height - h / 2)
        return (cx - w / 2, cy - h / 2, w, h)

    def _settle(self, fit: tuple) -> None:
        """Stores the centre as shown, so panning past an edge never builds up."""
        left, top, w, h = self.box(fit)
        self.centre = (left + w / 2, top + h / 2)

    def zoom_in(self, fit: tuple) -> None:
        self._settle(fit)
        self.zoom = min(MAX_ZOOM, self.zoom * ZOOM_STEP)

    def zoom_out(self, fit: tuple) -> None:
        self._settle(fit)
        self.zoom = max(1.0, self.zoom / ZOOM_STEP)
        if not self.zoomed:
            self.centre = None

    def fit(self) -> None:
        self.zoom, self.centre = 1.0, None

    def pan(self, dx: float, dy: float, fit: tuple) -> None:
        """Moves the view by (dx, dy) board units (a drag to the right shows what is on the left)."""
        if not self.zoomed:
            return
        self._settle(fit)
        self.centre = (self.centre[0] - dx, self.centre[1] - dy)
        self._settle(fit)

    def follow(self, point: tuple, fit: tuple) -> bool:
        """Brings `point` (a focused cell) into view; True if the view moved."""
        left, top, w, h = self.box(fit)
        margin_x, margin_y = w * 0.1, h * 0.1
        x, y = point
        if left + margin_x <= x <= left + w - margin_x and top + margin_y <= y <= top + h - margin_y:
            return False
        self.centre = (x, y)
        self._settle(fit)
        return True
