"""The host's match session as the table's `Authority` (net/host.py), and the body of a seat's update.

Everything a guest is sent comes from here, and only from what the `MatchSession`
interface answers for a viewer (core/session.py): the engine's view for that seat, the
log lines the engine describes for that seat (`describe_entry`) and whether each move was
forced as that seat may know it (`move_forced`), and a position's public facts. Nothing here reads a `State` or the record, so no other seat's secret and no seed
can reach a guest's link.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any, Optional

from ..core.match import AI
from ..core.records import RESIGN_TEXT
from ..core.session import MatchSession
from . import wire

# A seat's legal move texts go with its update while they fit in this many bytes (GeonAxis's
# longest list measured 15.7 KB on its largest board); past it the guest gets none, its UI
# proposes moves from the view as every game's UI does, and the host refuses an illegal one.
LEGAL_BUDGET = 24 * 1024


def position_facts(session: MatchSession) -> dict:
    """The live position's public facts, as an update's `position`."""
    position = session.position()
    over = session.is_over
    return {"count": session.move_count, "to_move": list(position.to_move()), "mode": position.acting_mode(),
            "scores": list(position.scores()), "status": session.status, "resigners": list(session.resigners),
            "clocked": [] if over else list(session.clocked_players()), "undos": session.undo_count,
            "hints": list(session.hints_used), "places": list(session.final_places()) if over else []}


def legal_texts(session: MatchSession, seat: int) -> Optional[list]:
    """`seat`'s legal move texts at the live position; None when not to act or too many to send."""
    position = session.position()
    if session.is_over or seat not in position.to_move() or seat in session.resigners:
        return None
    texts = [getattr(move, "text", move) for move in position.legal_moves(seat)]
    if len(texts) > wire.MAX_LEGAL or len(json.dumps(texts, ensure_ascii=False)) > LEGAL_BUDGET:
        return None
    return texts


class SessionAuthority:
    """A `MatchSession` on the host behind the table's `Authority` interface.

    `play` and `resign` are how a guest's move reaches the match (by default the session's;
    a hosted session passes its own, which tell its listeners the change came from elsewhere).
    Described entries are cached per entry and seat while the session holds the same
    entry object there (a session with full access: an undo or a redo replaces it)."""

    def __init__(self, session: MatchSession, match_id: str, play: Optional[Callable[[int, str], None]] = None,
                 resign: Optional[Callable[[int], None]] = None):
        self.session = session
        self.match_id = match_id
        self._play = play or session.play
        self._resign = resign or session.resign
        self._described: dict[int, tuple[Any, dict]] = {}  # index -> (entry object, {seat: entry body})

    @property
    def game_id(self) -> str:
        return self.session.game_id

    def seat_count(self) -> int:
        return len(self.session.seats)

    def settings(self) -> dict:
        return self.session.settings.to_json()

    def seat_names(self) -> list[str]:
        return [seat.name for seat in self.session.seats]

    def seat_colours(self) -> list[str]:
        return [seat.color for seat in self.session.seats]

    def computer_seats(self) -> set[int]:
        return {index for index, seat in enumerate(self.session.seats) if seat.kind == AI}

    def view(self, seat: int) -> dict:
        return self.session.position().view(seat)

    def position(self) -> dict:
        return position_facts(self.session)

    def legal(self, seat: int) -> Optional[list]:
        return legal_texts(self.session, seat)

    def entry_marks(self) -> list:
        """One object per entry of the history, the same while the entry stays the same (an undo
        or a redo replaces it): what a seat's stream last carried is compared by these alone."""
        full = self.session.full_access()
        if full is None:  # cannot tell entries apart: every one counts as new
            return [object() for _ in range(self.session.move_count)]
        return list(full.entries)

    def entries(self, seat: int, start: int = 0) -> list[dict]:
        """The history's entries from `start` on as `seat` may know them (wire.ENTRY)."""
        session = self.session
        full = session.full_access()
        count = session.move_count
        for index in [index for index in self._described if index >= count]:
            del self._described[index]
        result = []
        for index in range(start, count):
            entry = full.entries[index] if full is not None else None
            cached = self._described.get(index)
            if cached is None or entry is None or cached[0] is not entry:
                cached = (entry, {})
                self._described[index] = cached
            body = cached[1].get(seat)
            if body is None:
                body = self._entry(index, seat)
                cached[1][seat] = body
            result.append(body)
        return result

    def _entry(self, index: int, seat: int) -> dict:
        session = self.session
        facts = session.move_facts(index)
        before = session.position(index)
        lines = [] if facts.resignation else [{"key": key, "params": dict(params)}
                                              for key, params in session.describe_entry(index, seat)]
        forced = not facts.resignation and session.move_forced(index, seat)
        return {"player": facts.player, "automatic": facts.automatic, "resignation": facts.resignation,
                "forced": forced, "lines": lines, "to_move": list(before.to_move()), "mode": before.acting_mode(),
                "scores": list(before.scores())}

    def play(self, seat: int, move_text: str) -> None:
        """A guest's move; "resign" resigns its seat (the core's own move, never a game's)."""
        if move_text.strip() == RESIGN_TEXT:
            self._resign(seat)
        else:
            self._play(seat, move_text)


def guest_lines(entries: Iterable[dict]) -> list[dict]:
    """The log lines of some entries, in order (what a seat's log shows)."""
    return [line for entry in entries for line in entry["lines"]]
