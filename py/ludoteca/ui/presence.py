"""Who is at a table played on several devices (issue 31), on every device's play screen.

For each seat: where it is played (this device, the host's, a guest's, a computer on the
host) and whether that device is connected; then who is thinking (a computer to act) and
whom the table waits for (a human to act on another device). Only public facts: the
seats, who is to act and the devices' presence, as the host's `table` message says it.

When a device comes or goes, every device says so ("Bob joined", "Bob is away" when its link
drops, "Bob left" when it leaves on purpose): to screen readers once, in a polite live region of
its own (a move's announcement in the same redraw does not replace it), and in a line under the
list. The news is found where the table's texts arrive (`hear`, from ui/devices.py); drawing
(`render_presence`) only shows it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.match import AI
from ..net.remote import RemoteMatchSession
from .screens import escape, plain_names, shown_name
from .session import HostedMatchSession

HERE, HOST_DEVICE, CONNECTED, AWAY, FREE, COMPUTER = "here", "host", "connected", "away", "free", "computer"
GONE = "gone"  # the seat's device left the table on purpose (it may come back)


@dataclass(frozen=True)
class SeatPresence:
    seat: int
    name: str
    where: str  # HERE, HOST_DEVICE, CONNECTED, AWAY, GONE, FREE or COMPUTER
    acting: str  # "": not to act; "you": this device's turn; "thinking"; "waiting"


def _absent(player: dict) -> str:
    return GONE if player["left"] else AWAY


def table_presence(app, session=None) -> list[SeatPresence]:
    """Every seat's presence at `session`'s table (by default the open game's), or [] when it is
    played on this device alone."""
    session = app.session if session is None else session
    if isinstance(session, HostedMatchSession):
        table = session.table
        players = table.players()
        where = [COMPUTER if seat.kind == AI else HERE for seat in session.seats]
        for seat in session.remote_seats:
            holder = table.seat_holder(seat)
            where[seat] = FREE if holder is None else CONNECTED if players[seat]["connected"] \
                else _absent(players[seat])
    elif isinstance(session, RemoteMatchSession) and session is app.devices.guest:
        players = session.table.players
        mine = set(session.here)
        where = [HERE if seat in mine else COMPUTER if player["place"] == "computer"
                 else HOST_DEVICE if player["place"] == "host" else CONNECTED if player["connected"]
                 else _absent(player)
                 for seat, player in enumerate(players)]
    else:
        return []
    if session.is_over:
        to_move = ()
    else:
        to_move = set(session.position().to_move()) - set(session.resigners)
    here = set(session.players_here)
    result = []
    for seat, player in enumerate(players):
        acting = ""
        if seat in to_move:
            acting = "you" if seat in here else "thinking" if where[seat] == COMPUTER else "waiting"
        result.append(SeatPresence(seat, player["name"], where[seat], acting))
    return result


# A seat's device changed from (before, now): what is said of it.
NEWS = {(FREE, CONNECTED): "presence.joined", (AWAY, CONNECTED): "presence.joined",
        (GONE, CONNECTED): "presence.joined", (CONNECTED, AWAY): "presence.away_now",
        (CONNECTED, GONE): "presence.left", (AWAY, GONE): "presence.left",
        (CONNECTED, FREE): "presence.left", (AWAY, FREE): "presence.left", (GONE, FREE): "presence.left"}


class PresenceNews:
    """Who joined or left since the table was last heard (one per device: app.devices.presence_news)."""

    def __init__(self):
        self.session = None  # the table last seen
        self.where: dict = {}  # seat -> where it was played when last heard
        self.names: dict = {}  # seat -> its name then (a device that left is named as it was)
        self.said: list = []  # the last news: (message key, name) of each seat that changed

    def seen(self, session, seats: list) -> list:
        """Compares with the last hearing of the same table: the news, or [] when nothing changed.
        A table seen for the first time has no news (it is how the table is, not a change)."""
        news = []
        if session is self.session:
            news = [(NEWS[self.where[seat.seat], seat.where],
                     self.names[seat.seat] if seat.where == FREE else seat.name) for seat in seats
                    if (self.where.get(seat.seat), seat.where) in NEWS]
        else:
            self.said = []
        self.session = session
        self.where = {seat.seat: seat.where for seat in seats}
        self.names = {seat.seat: seat.name for seat in seats}
        if news:
            self.said = news
        return news


def news_text(app, news: list) -> str:
    return " ".join(app.t(key, name=shown_name(name)) for key, name in news)


def hear(app, session=None) -> None:
    """The table's texts just came (a guest's, or the host's `table`), or a link closed: who joined
    or left since the last time is said once to screen readers, in its own polite region. The
    first time a table is heard it has no news: hear `session` (by default the open game's) when
    its table opens too."""
    session = app.session if session is None else session
    seats = table_presence(app, session)
    fresh = app.devices.presence_news.seen(session, seats) if seats else []
    if fresh:
        app.browser.announce_news(plain_names(news_text(app, fresh)), app.catalog.language)  # names without their marks


def render_presence(app) -> str:
    """The play screen's list of who is at the table (nothing on a one-device game), and who
    joined or left last (found by `hear`)."""
    seats = table_presence(app)
    if not seats:
        return ""
    t = app.t
    keeper = app.devices.presence_news
    said = keeper.said if keeper.session is app.session else []
    news = (f'<p class="presence-news" data-testid="presence-news">{escape(news_text(app, said))}</p>'
            if said else "")
    items = []
    for seat in seats:
        state = t(f"presence.{seat.where}")
        if seat.acting:
            state = t("presence.and", where=state, acting=t(f"presence.{seat.acting}"))
        items.append(f'<li class="presence-{seat.where}{" acting" if seat.acting else ""}"'
                     f' data-testid="presence-seat-{seat.seat}">'
                     f'{escape(shown_name(seat.name))}: {escape(state)}</li>')
    waiting = [shown_name(seat.name) for seat in seats if seat.acting in ("waiting", "thinking")]
    summary = (f'<p class="presence-waiting" data-testid="presence-waiting">'
               f'{escape(t("presence.waiting_for", names=", ".join(waiting)))}</p>') if waiting else ""
    return (f'<section class="presence banner" aria-labelledby="presence-title" data-testid="presence">'
            f'<h2 id="presence-title" class="presence-title">{escape(t("presence.title"))}</h2>'
            f'<ul>{"".join(items)}</ul>{summary}{news}</section>')
