"""A match on this device that guests on other devices join: the host's `MatchSession`.

It is the local session (ui/session.py: the match, its save, every secret for the
computers that think here) with a `HostTable` (net/host.py) in front of the guests'
links. After every change, whoever made it (a local human, a computer, a guest), the
table sends each connected guest what changed for its seats; a guest's move reaches the
match through the table, which checks the seat and the move id, and the app hears of it
as a change made elsewhere (`made_here` False) and draws it.

The transport is the app's: `send(link, text)` carries a text to a guest's link, and the
app passes each received text to `receive(link, text)`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Optional

from ..core.match import HUMAN, Match
from ..net.authority import SessionAuthority
from ..net.host import HostTable, Outgoing
from .session import LocalMatchSession

Send = Callable[[str, str], None]  # (link id, text)


class HostedMatchSession(LocalMatchSession):
    def __init__(self, match: Match, match_id: str, remote_seats: Iterable[int], new_token: Callable[[], str],
                 send: Optional[Send] = None):
        super().__init__(match)
        self.authority = SessionAuthority(self, match_id, play=self._guest_plays, resign=self._guest_resigns)
        self.table = HostTable(self.authority, remote_seats, new_token)
        self.send: Send = send or (lambda _link, _text: None)
        self.subscribe(lambda _made_here: self._flush(self.table.refresh()))

    @property
    def remote_seats(self) -> tuple:
        return self.table.remote_seats

    @property
    def players_here(self) -> list:
        """The humans at this device: not the seats played on other devices."""
        return [p for p, seat in enumerate(self.seats) if seat.kind == HUMAN and p not in self.remote_seats]

    # --- a guest's moves: changes made elsewhere ---------------------------------------
    def _guest_plays(self, seat: int, text: str) -> None:
        self.match.play(seat, text)
        self._changed(made_here=False)

    def _guest_resigns(self, seat: int) -> None:
        self.match.resign(seat)
        self._changed(made_here=False)

    # --- the links ----------------------------------------------------------------------
    def _flush(self, outgoing: list[Outgoing]) -> None:
        for link, text in outgoing:
            self.send(link, text)

    def receive(self, link: str, text: str) -> None:
        """One text from a guest's link (never raises: what is refused becomes an incident)."""
        self._flush(self.table.receive(link, text))

    def link_closed(self, link: str) -> None:
        self._flush(self.table.close_link(link))
        self._changed(made_here=False)  # who is connected changed: the host's screen says so

    def connected(self, seat: int) -> bool:
        return self.table.is_connected(seat)

    def close(self) -> None:
        """The host stops hosting: every connected guest is told."""
        self._flush(self.table.close())
