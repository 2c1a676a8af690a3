"""How long the garbage collector's passes take, by generation.

A pass runs inside whatever Python code allocates when it triggers: in the
page, inside a slice of an AI search. The browser bench turns this on (boot
option `timeCollections`) to tell a long slice made by the search from one
made by a collection.
"""

from __future__ import annotations

import gc
import time


class CollectionTimer:
    """Counts the collector's passes per generation and keeps the longest of each."""

    def __init__(self, clock=time.perf_counter):
        self.clock = clock
        self.figures: dict = {}  # generation (as text, for JSON) -> {"passes", "longest_ms"}
        self._began = None

    def __call__(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._began = self.clock()
            return
        if self._began is None:
            return  # installed in the middle of a pass
        spent = (self.clock() - self._began) * 1000
        self._began = None
        entry = self.figures.setdefault(str(info.get("generation")), {"passes": 0, "longest_ms": 0.0})
        entry["passes"] += 1
        entry["longest_ms"] = max(entry["longest_ms"], spent)

    def install(self) -> None:
        if self not in gc.callbacks:
            gc.callbacks.append(self)

    def remove(self) -> None:
        if self in gc.callbacks:
            gc.callbacks.remove(self)
