"""Play on several devices (issue 31): the host's pairing panel and the guest's join screen.

The host's match becomes a `HostedMatchSession` (ui/session.py): its human seats
chosen to be "on another device" are played from guests' devices, paired with no server.
The host shows an invitation (a QR code and a link `<app>#/join/<offer>`, the offer in
the URL fragment, which never reaches a server); the guest's page answers with a text
(shown as a QR code too), which the host pastes or scans; then the link opens and the
guest says hello. The transport is the browser's (`Browser.net_*`, web/net/link.mjs).

A guest's table is drawn by the same game UI from a `RemoteMatchSession`
(net/remote.py): only its seats act, it does not undo, and it keeps no record. When the
host's device is gone the guest says that the game can go on only from the host's save.
A guest that reloads keeps its pairing (this device's storage): a data channel does not
survive a reload, and with no server the host must show a new invitation, which the
guest opens (scan or link) to rejoin its seats where it left them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Optional

from ..core.match import HUMAN
from ..net import wire
from ..net.guest import GuestTable
from ..net.host import MOVE_OUTDATED, UNKNOWN_TOKEN
from ..net.remote import RemoteMatchSession
from . import screens
from .hosting import TableKeeper
from . import presence
from .presence import PresenceNews, render_presence
from .session import HostedMatchSession
from .routes import Route
from .screens import attr, button, escape

REMOTE = screens.REMOTE_KIND  # a setup seat played on another device
PAIRING_KEY = "ludoteca-guest"  # this device's pairing as a guest (storage key)
USED_OFFER_KEY = "ludoteca-guest-invitation"  # beside it: the invitation that pairing was made by
MAX_ANSWER = 4000
GREETING_RETRIES, GREETING_RETRY_SECONDS = 5, 2.0  # a guest's hello again while no welcome comes
GOODBYE_SECONDS = 1.0  # a guest that leaves closes its link this long after its bye


@dataclass
class Invitation:
    """One pending invitation of the host: a link waiting for a guest's answer."""

    link: str
    offer: str
    answer: str = ""
    state: str = "waiting"  # waiting | connecting | failed


class Devices:
    def __init__(self, app):
        self.app = app
        self.panel_open = False
        self.chosen: set = set()  # seats to play on other devices, before the match is hosted
        self.invitation: Optional[Invitation] = None
        self.making_invitation = False
        self.guest: Optional[RemoteMatchSession] = None  # this device's guest session, if it joined one
        self.guest_link: Optional[str] = None
        self.join_answer: Optional[str] = None
        self.join_offer: Optional[str] = None  # the invitation being answered
        self.kept_offer: Optional[str] = None  # the one last stored as spent
        self.join_state = ""  # answering | answer | connected | gone | failed
        self.counter = 0
        self.move_prefix = ""
        self.keeper = TableKeeper(app)  # the hosted table kept beside the save (ui/hosting.py)
        self.presence_news = PresenceNews()  # who joined or left since the table was heard (ui/presence.py)

    # --- the host ---------------------------------------------------------------------
    @property
    def hosted(self) -> Optional[HostedMatchSession]:
        session = self.app.session
        return session if isinstance(session, HostedMatchSession) else None

    def _token(self) -> str:
        browser = self.app.browser
        return f"{browser.random_seed() & (2 ** 64 - 1):016x}{browser.random_seed() & (2 ** 64 - 1):016x}"

    def _hosting(self, session, seats) -> HostedMatchSession:
        """The local session `session`'s match, hosted: `seats` are played on other devices."""
        self.keeper.room = None  # a new table: a new room, if any
        return self.keeper.keep(HostedMatchSession(session.full_access(), "m" + self._token()[:24], seats,
                                                   self._token, send=self.app.browser.net_send))

    def resume(self, session, save_id: str):
        """A save opened again: hosted as it was when its table is kept (its guests come back
        with a new invitation: the panel opens for it)."""
        resumed = self.keeper.resume(session, save_id, self._token)
        if resumed is not session:
            self.panel_open, self.invitation = True, None
            if self.keeper.room is not None:
                self.app.signaling.reopen(self.keeper.room)  # the guests come back through it
        return resumed

    def after_setup(self, session, form) -> object:
        """A new game's session: hosted when the setup put seats on other devices (the panel opens)."""
        seats = [index for index, seat in enumerate(form.seats[: form.num_players]) if seat.kind == REMOTE]
        if not seats:
            return session
        self.panel_open, self.invitation = True, None
        return self._hosting(session, seats)

    def on_action(self, arg: str):
        """`devices` actions: open, close, seat:<n>, invite, accept, scan, stop."""
        app = self.app
        session = app.session
        if session is None or session.full_access() is None:
            return False  # a guest does not host
        if arg == "open":
            self.panel_open = True
            app.play.menu_open = False
            if self.hosted is None:
                self.chosen = set(self.chosen & set(self._humans())) or set(self._humans()[1:])
        elif arg == "close":
            self.panel_open = False
        elif arg.startswith("seat:") and arg[5:].isdigit() and self.hosted is None:
            seat = int(arg[5:])
            if seat in self._humans():
                self.chosen ^= {seat}
        elif arg == "invite":
            if self.hosted is None:
                if not self.chosen:
                    app.notify("error", app.t("devices.choose_seat"), topic="devices")
                    return None
                app.session = self._hosting(session, sorted(self.chosen))
            if not self.making_invitation:
                self.making_invitation = True
                app.browser.spawn(self._invite())
        elif arg == "accept":
            self._accept(self.invitation.answer if self.invitation else "")
        elif arg == "scan" and self.invitation is not None:
            app.browser.spawn(self._scan())
        elif arg == "stop" and self.hosted is not None:
            links = list(self.hosted.table.links)
            self.hosted.close()  # each guest is told, then its link closes
            self.keeper.forget(app.save_id)
            for link in links:
                app.browser.net_close(link)
            self.invitation = None
            app.signaling.close_room()
        else:
            return False
        return None

    def on_field(self, name: str, value: str):
        if name == "answer" and self.invitation is not None:
            self.invitation.answer = value.strip()[:MAX_ANSWER]
        return False

    def _humans(self) -> list:
        return [p for p, seat in enumerate(self.app.session.seats) if seat.kind == HUMAN]

    async def _invite(self) -> None:
        app = self.app
        try:
            link, offer = await app.browser.net_offer()
        except Exception as error:  # noqa: BLE001 - no WebRTC here: say so, keep the game
            self.making_invitation = False
            app.notify("error", app.t("devices.no_link", reason=str(error)[:200]), topic="devices")
            app.render()
            return
        self.making_invitation = False
        self.invitation = Invitation(link, offer)
        app.render()

    def _accept(self, answer: str) -> None:
        invitation = self.invitation
        if invitation is None or not answer:
            self.app.notify("error", self.app.t("devices.paste_first"), topic="devices")
            return
        invitation.answer, invitation.state = answer, "connecting"
        self.app.browser.spawn(self._connect(invitation))

    async def _connect(self, invitation: Invitation) -> None:
        app = self.app
        try:
            await app.browser.net_accept(invitation.link, invitation.answer)
        except Exception as error:  # noqa: BLE001 - a bad answer, a timeout: another invitation will do
            invitation.state = "failed"
            app.notify("error", app.t("devices.link_failed", reason=str(error)[:200]), topic="devices")
            app.render()

    async def _scan(self) -> None:
        app = self.app
        try:
            text = await app.browser.scan_qr()
        except Exception as error:  # noqa: BLE001 - no camera, refused: pasting still works
            app.notify("error", app.t("devices.no_camera", reason=str(error)[:200]), topic="devices")
            app.render()
            return
        if self.invitation is not None:
            self._accept(str(text).strip()[:MAX_ANSWER])
            app.render()

    # --- the links (the browser calls these) --------------------------------------------
    def link_opened(self, link: str) -> None:
        if link == self.guest_link and self.guest is not None:
            self.join_state = "connected"
            self._greet()
            self.app.browser.spawn(self._greet_until_welcomed(link))
        self.app.render()

    def _greet(self) -> None:
        table = self.guest.table
        self.guest.send(table.rejoin() if table.token else table.hello())

    async def _greet_until_welcomed(self, link: str) -> None:
        """Says hello again while no welcome comes: a first greeting was seen lost on a freshly
        opened link (the host heard nothing and the guest waited for ever). The likely cause, an
        answerer's channel that is open before its "open" event (where a room's host made its
        Channel), is closed in web/net/link.mjs (keepEarlyTexts); this stays for any other. The
        host ignores a greeting repeated on a link it has already bound."""
        for _attempt in range(GREETING_RETRIES):
            await self.app.browser.sleep(GREETING_RETRY_SECONDS)
            if link != self.guest_link or self.guest is None or self.guest.welcomed or self.join_state != "connected":
                return
            self._greet()

    def link_message(self, link: str, text: str) -> None:
        app = self.app
        if link == self.guest_link and self.guest is not None:
            receipt = self.guest.receive(text)  # what it brings is kept before it is acknowledged
            if receipt.bye == UNKNOWN_TOKEN and not self.guest.welcomed:
                # A pairing this host does not know (another table, or a host that reloaded): join anew.
                self.guest.settle()  # what the old pairing owes goes before the new hello
                self.guest = self.guest_session(GuestTable(self._name(), self._move_id))
                self.guest.send(self.guest.table.hello())
                return
            for refusal in receipt.refusals:
                if refusal.reason == MOVE_OUTDATED:
                    continue  # chosen on a position gone by: the host's update shows what stands
                key = "error." + refusal.reason
                try:
                    reason = app.t(key, **refusal.params)
                except (KeyError, IndexError, ValueError):  # the host's parameters are not this text's
                    reason = key
                if reason == key:
                    reason = app.t("error.net.move_refused")
                app.notify("error", app.t("error.illegal", reason=reason), topic="play")
            if self.guest.ready and app.session is not self.guest:
                self._show_guest_table()
            elif app.session is not self.guest or self.guest.host_left:
                app.render()
            return
        hosted = self.hosted
        if hosted is None:
            return
        links, known = set(hosted.table.links), {id(incident) for incident in hosted.table.incidents}
        news = hosted.receive(link, text)
        for gone in links - set(hosted.table.links):  # a guest said bye, or came back on another link
            app.browser.net_close(gone)
        for incident in [each for each in hosted.table.incidents if id(each) not in known]:  # refused: say why
            app.browser.log_error(f"Ludoteca: refused from {link}: {incident.code} {incident.detail}".rstrip())
        if self.invitation is not None and self.invitation.link in hosted.table.links:
            self.invitation = None  # that guest is in: the next invitation is a new one
        if len(hosted.table.links) > len(links):
            app.notify("info", app.t("devices.joined"), topic="devices")
            app._sync_clock()  # a seat's device is back: its clock may go on
        if news:  # an acknowledgement changes nothing shown; a move was drawn as it was played
            presence.hear(app)
            app.render()

    def leave(self) -> None:
        """This device leaves the table it joined, on purpose (its menu's Quit): the host and the
        other guests are told it left (a link that drops is only away), then the link closes. Its
        pairing stays: a new invitation brings it back to its seats."""
        guest, link = self.guest, self.guest_link
        if guest is None or link is None or self.app.session is not guest or guest.host_left:
            return
        # Its link closing now is not the host gone: no banner, and no rejoining through a room.
        self.guest_link, self.join_state = None, "left"
        self.app.browser.net_send(link, guest.table.leave())
        self.app.browser.spawn(self._close_after_goodbye(link))

    async def _close_after_goodbye(self, link: str) -> None:
        """The host closes a link that said bye; this side closes it too, should the bye be lost."""
        await self.app.browser.sleep(GOODBYE_SECONDS)
        self.app.browser.net_close(link)

    def link_closed(self, link: str) -> None:
        app = self.app
        if link == self.guest_link:
            self.join_state = "gone"
            app.signaling.link_lost()  # a room's guest joins the room again (ui/signaling.py)
            app.render()
            return
        if self.hosted is not None:
            self.hosted.link_closed(link)

    # --- the guest ----------------------------------------------------------------------
    def join(self, offer: str) -> None:
        """The join link was opened: answer the host's offer (once; a newer invitation is answered anew)."""
        app = self.app
        if offer == self.join_offer and self.join_state in ("answering", "answer", "connected"):
            return  # the same link again while its answer is made or shown, or its link is open
        pairing, used_offer = self._saved()
        if offer == used_offer:
            # The link this device already joined by (a reload, a tab reopened): its offer is spent
            # (the host's side of it is connected or gone), so answering it would start a dead connection.
            self.join_offer, self.join_state, self.join_answer = offer, "used", None
            return
        self.join_offer = offer
        table = pairing or GuestTable(self._name(), self._move_id)
        self.guest = self.guest_session(table)
        self.join_state, self.join_answer = "answering", None
        app.browser.spawn(self._answer(offer))

    async def _answer(self, offer: str) -> None:
        app = self.app
        try:
            link, answer = await app.browser.net_join(offer)
        except Exception as error:  # noqa: BLE001 - a damaged or stale link
            self.join_state = "failed"
            app.notify("error", app.t("devices.bad_invitation", reason=str(error)[:200]), topic="devices")
            app.render()
            return
        self.guest_link, self.join_answer, self.join_state = link, answer, "answer"
        app.render()

    def guest_session(self, table: GuestTable) -> RemoteMatchSession:
        """This device's session as a guest on `table`: what the host sends is kept here before it
        is acknowledged, so that a write that fails (storage full) leaves it with the host, which
        sends it again when a reloaded page rejoins."""
        session = RemoteMatchSession(self.app.games, table, self._send_to_host)
        session.keep = self._keep_pairing
        session.later = self.app.browser.after_this_task  # drawn first, kept and acknowledged after
        self.listen(session)
        if not self.app.storage_off:
            table.endpoint.kept = table.endpoint.inbox.delivered  # a saved pairing holds what it delivered
        return session

    def listen(self, session) -> None:
        """Who is at `session`'s table is heard after each of its changes (a `table` message, a link
        closed), before the app's own listener draws it (the app subscribes when it opens it)."""
        session.subscribe(lambda _made_here: presence.hear(self.app))
        presence.hear(self.app, session)  # how its table is now (a host's): what changes from here is news

    def _send_to_host(self, text: str) -> None:
        if self.guest is not None and self.guest.table.moves_in_flight():
            self._keep_pairing()  # a move is saved before it goes: a reload must not number it again
        if self.guest_link is not None:
            self.app.browser.net_send(self.guest_link, text)

    def _name(self) -> str:
        return self.app.prefs.get("name") or ""  # none: the host names the seat as its setup did

    def _move_id(self) -> str:
        """Unique for this guest: a random prefix for this page, then a count (the host applies an id once)."""
        if not self.move_prefix:
            self.move_prefix = f"{self.app.browser.random_seed() & (2 ** 48 - 1):x}"
        self.counter += 1
        return f"{self.move_prefix}-{self.counter}"

    def _show_guest_table(self) -> None:
        app = self.app
        from .app import PlayView  # the app's own screen state (app.py imports this module)
        app.session, app.save_id, app.save_text = self.guest, None, None
        app.play = PlayView(rendered_entries=self.guest.move_count)
        app.route = Route("play", "")
        presence.hear(app)  # the table as it is when it opens: no news
        app.render()
        app._after_change()

    def _keep_pairing(self) -> None:
        """The pairing, the views and the history as seen, kept for a reload (and nothing else)."""
        if self.guest is None or self.guest.table.token is None or self.app.storage_off:
            return
        store = self.app.saves.store
        snapshot = self.guest.snapshot()
        try:
            store.set(PAIRING_KEY, json.dumps(snapshot, separators=(",", ":")))
            self.guest.table.kept(snapshot)
            if self.join_offer is not None and self.guest_link is not None and self.join_offer != self.kept_offer:
                store.set(USED_OFFER_KEY, self.join_offer)  # that invitation is spent: a reload does not answer it
                self.kept_offer = self.join_offer
        except Exception:  # noqa: BLE001 - storage full or off: the pairing lives as long as the page
            pass

    def _saved_pairing(self) -> Optional[GuestTable]:
        return self._saved()[0]

    def _saved(self) -> tuple:
        """This device's saved pairing (or None) and the invitation it was made by (or None)."""
        try:
            text = self.app.saves.store.get(PAIRING_KEY)
            if not isinstance(text, str):
                return None, None
            pairing = GuestTable.restore(json.loads(text), self._move_id)
            used = self.app.saves.store.get(USED_OFFER_KEY)
            return pairing, used if isinstance(used, str) else None
        except (ValueError, wire.WireError, Exception):  # noqa: BLE001 - a damaged pairing: join anew
            return None, None

    # --- drawing --------------------------------------------------------------------------
    def render_panel(self) -> str:
        """The host's pairing panel, over the game: seats, the invitation and its answer."""
        app, t = self.app, self.app.t
        session = app.session
        hosted = self.hosted
        rows = []
        for seat in self._humans():
            name = escape(screens.shown_name(session.seats[seat].name))
            if hosted is None:
                checked = " checked" if seat in self.chosen else ""
                rows.append(f'<li><label class="check"><input type="checkbox" data-action="devices"'
                            f' data-arg="seat:{seat}" data-testid="devices-seat-{seat}"{checked}> {name}</label></li>')
                continue
            if seat not in hosted.remote_seats:
                state = t("devices.here")
            else:
                holder = hosted.table.seat_holder(seat)
                state = t("devices.connected", name=screens.shown_name(holder.name)) if hosted.connected(seat) \
                    else t("devices.left" if holder.left else "devices.away", name=screens.shown_name(holder.name)) \
                    if holder else t("devices.free")
            rows.append(f'<li data-testid="devices-seat-{seat}">{name}: {escape(state)}</li>')
        seats = f'<ul class="devices-seats">{"".join(rows)}</ul>'
        invitation = self._render_invitation()
        room = app.signaling.render_room()  # a signaling service set: a room code instead (ui/signaling.py)
        invite = "" if self.invitation is not None else button(
            t("devices.invite_thinking" if self.making_invitation else "devices.invite"), "devices", "invite",
            cls="wide primary", testid="devices-invite", disabled=self.making_invitation)
        if room and app.signaling.room_unusable:
            invitation = room + invitation  # why there is no room, then the invitation with no server
            room = ""
        elif room:
            invitation, invite = room, ""
        stop = button(t("devices.stop"), "devices", "stop", cls="wide", testid="devices-stop") if hosted else ""
        return (f'<div class="overlay" data-testid="devices-panel">'
                f'<div class="dialog devices" role="dialog" aria-modal="true" aria-labelledby="devices-title">'
                f'<h2 id="devices-title">{escape(t("devices.title"))}</h2>'
                f'<p class="muted">{escape(t("signal.help_panel" if room else "devices.help"))}</p>{seats}{invitation}{invite}{stop}'
                f'{button(t("game.close_menu"), "devices", "close", cls="wide", testid="devices-close", autofocus=True)}'
                "</div></div>")

    def _render_invitation(self) -> str:
        invitation = self.invitation
        if invitation is None:
            return ""
        app, t = self.app, self.app.t
        url = app.browser.app_url() + "#/join/" + invitation.offer
        qr = app.browser.qr_svg(url, t("devices.qr_label"))
        state = {"connecting": t("devices.connecting"), "failed": t("devices.failed")}.get(invitation.state, "")
        return (f'<div class="devices-invitation" data-testid="devices-invitation">'
                f'<p>{escape(t("devices.show_this"))}</p><div class="qr" data-testid="devices-qr">{qr}</div>'
                f'<label>{escape(t("devices.link"))} <input type="text" readonly value="{attr(url)}"'
                f' data-testid="devices-link"></label>'
                f'<label>{escape(t("devices.answer"))} <textarea data-field="devices.answer" rows="3"'
                f' data-testid="devices-answer" autocomplete="off" spellcheck="false">{escape(invitation.answer)}'
                f'</textarea></label><div class="row">'
                f'{button(t("devices.accept"), "devices", "accept", cls="primary", testid="devices-accept")}'
                f'{button(t("devices.scan"), "devices", "scan", testid="devices-scan")}</div>'
                + (f'<p role="status" data-testid="devices-state">{escape(state)}</p>' if state else "")
                + "</div>")

    def render_join(self) -> str:
        """The guest's page before its table: its answer to show the host (QR and text)."""
        app, t = self.app, self.app.t
        state = self.join_state
        if self.guest is not None and self.guest.host_left and not self.guest.welcomed:
            # The host turned this device away (its seats are held by other devices): say why.
            key = "error." + self.guest.host_left
            reason = t(key)
            body = f'<p role="alert" data-testid="join-refused">{escape(reason if reason != key else t("devices.join_failed"))}</p>'
        elif state == "answer" and self.join_answer:
            qr = app.browser.qr_svg(self.join_answer, t("devices.qr_answer_label"))
            body = (f'<p>{escape(t("devices.join_show"))}</p><div class="qr" data-testid="join-qr">{qr}</div>'
                    f'<label>{escape(t("devices.join_answer"))} <textarea readonly rows="3"'
                    f' data-testid="join-answer">{escape(self.join_answer)}</textarea></label>')
        elif state == "connected":
            body = f'<p role="status">{escape(t("devices.join_connected"))}</p>'
        elif state == "used":
            body = f'<p role="status" data-testid="join-used">{escape(t("devices.join_used"))}</p>'
        elif state in ("gone", "failed"):
            body = f'<p role="alert">{escape(t("devices.join_failed"))}</p>'
        else:
            body = f'<p role="status">{escape(t("devices.join_answering"))}</p>'
        rejoin = f'<p class="muted">{escape(t("devices.rejoin_help"))}</p>' if self.guest and self.guest.table.token else ""
        return (f'<section class="join" data-testid="join" data-state="{attr(state)}">'
                f'<h1>{escape(t("devices.join_title"))}</h1>{body}{rejoin}</section>')

    def banner(self) -> str:
        """On a guest's table: the host's device is gone (or away), and what that means."""
        guest = self.guest
        presence = render_presence(self.app)  # who is at the table, on host and guests alike
        if guest is None or self.app.session is not guest:
            return presence
        if self.join_state == "gone" and self.app.signaling.rejoining and not guest.host_left:
            return (f'<p class="banner" role="status" data-testid="guest-rejoining">'
                    f'{escape(self.app.t("signal.rejoining"))}</p>' + presence)
        if guest.host_left or self.join_state == "gone":
            return (f'<div class="banner error" role="alert" data-testid="host-gone">'
                    f'{escape(self.app.t("devices.host_gone"))}</div>')
        return (f'<p class="banner muted" data-testid="guest-banner">{escape(self.app.t("devices.guest_note"))}</p>'
                + presence)
