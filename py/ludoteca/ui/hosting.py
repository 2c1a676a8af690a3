"""A hosted match's table kept beside its save, so that a host's reload resumes hosting (issue 31).

The host's `HostTable` (net/host.py) knows its guests: their tokens, their seats, the
numbered stream of each link and the move ids already applied. It is written beside the
save (`TABLE_PREFIX` + save id) every time the host is about to send guests something,
before the text leaves, so that a host restored from it never reuses a sequence number a
guest has already taken; the match's record is written first, so no move a guest has seen
is missing from the save. Opening the save again restores it: a guest coming back (a new
invitation, opened with its saved pairing) rejoins its own seats and gets its whole log,
and a stranger cannot take them. A damaged table is said so, and the match opens on this
device alone.

With a signaling service set, the room the host opened is kept there too (`room`): a reload
opens the same room code again, so the guests' links and saved pairings find it.
"""

from __future__ import annotations

import json

from ..core.session import MatchSession
from ..net import wire
from .session import HostedMatchSession, LocalMatchSession
from .signaling_setting import ROOM_CODE
from .storage import TABLE_PREFIX, StorageError

TABLE_FORMAT = 1


def table_key(save_id: str) -> str:
    return TABLE_PREFIX + save_id


def _change_mark(session: MatchSession) -> tuple:
    """What a save records that a guest's move or resignation changes."""
    return (session.move_count, session.undo_count, tuple(session.resigners), session.status)


class TableKeeper:
    """Writes the open hosted match's save and its table before anything goes to a guest."""

    def __init__(self, app):
        self.app = app
        self.saved_mark: tuple | None = None
        self.room: str | None = None  # the hosted match's room on the signaling service, if any

    def keep(self, hosted: HostedMatchSession) -> HostedMatchSession:
        """The app's hooks on a hosted session: the save and the table kept, the round clock shared."""
        hosted.before_send = lambda: self.write(hosted)
        self.app.devices.listen(hosted)  # who joined or left is heard (ui/presence.py)
        hosted.later = self.app.browser.after_this_task  # each guest's update in a task of its own
        hosted.table.clock_body = lambda: self.app.round_clock.message() if self.app.session is hosted else None
        hosted.table.pause_clock = lambda seat, on: self.app.session is hosted \
            and self.app.round_clock.pause_for_guest(seat, on)
        return hosted

    def write(self, hosted: HostedMatchSession) -> None:
        app = self.app
        if app.session is not hosted or app.save_id is None or app.storage_off:
            return
        mark = _change_mark(hosted)
        if mark != self.saved_mark:
            app._autosave()  # a guest's move, saved before the guests hear of it
            self.saved_mark = mark
        data = {"v": TABLE_FORMAT, "match": hosted.authority.match_id, "remote": list(hosted.remote_seats),
                "table": hosted.table.snapshot()}
        if self.room is not None:
            data["room"] = self.room
        try:
            app.saves.store.set(table_key(app.save_id), json.dumps(data, separators=(",", ":")))
        except StorageError:
            pass  # storage full: the guests then rejoin as new guests after a reload

    def forget(self, save_id: str | None) -> None:
        """The host stopped hosting: a reload opens the match on this device alone."""
        if save_id is None or self.app.storage_off:
            return
        try:
            self.app.saves.store.remove(table_key(save_id))
        except StorageError:
            pass

    def resume(self, session: LocalMatchSession, save_id: str, make_token) -> MatchSession:
        """The save's session, hosted again when a table is kept beside it. A damaged table is
        said so, and the match opens on this device alone (the table stays, to be replaced)."""
        app = self.app
        self.room = None
        try:
            text = None if app.storage_off else app.saves.store.get(table_key(save_id))
        except StorageError:
            text = None
        if not isinstance(text, str):
            return session
        try:
            data = json.loads(text)
            room = data.pop("room", None) if isinstance(data, dict) else None
            if room is not None and not (isinstance(room, str) and ROOM_CODE.fullmatch(room)):
                raise wire.WireError(wire.BAD_SNAPSHOT, "the room code is damaged")
            wire.record(v=wire.integer(TABLE_FORMAT, TABLE_FORMAT), match=wire.MOVE_ID, remote=wire.SEATS,
                        table=wire.json_value)(data, "hosting")
            if not data["remote"]:
                raise wire.WireError(wire.BAD_SNAPSHOT, "no seat is played on another device")
            hosted = HostedMatchSession(session.full_access(), data["match"], data["remote"], make_token,
                                        send=app.browser.net_send)
            hosted.table.restore(data["table"])
        except (ValueError, RecursionError, wire.WireError) as error:  # JSON, a seat that is not the match's, a damaged table
            app.notify("error", app.t("devices.table_damaged", reason=str(error)[:200]), topic="devices")
            return session
        self.saved_mark, self.room = _change_mark(hosted), room
        return self.keep(hosted)
