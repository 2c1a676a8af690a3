"""Pairing through a signaling service, when the players set one (issue 31).

Settings names a PeerJS server (and optional STUN/TURN servers): ui/signaling_setting.py checks
it, and it is stored with the other preferences. With it, the host's pairing panel opens a room
on that server and shows a six-character room code (and a QR code and link `#/room/<code>`)
instead of the offer/answer exchange; a guest with the same service set types the code or opens
the link and joins in one step. The data channel that results is handed to ui/devices.py like a
pasted invitation's: same wire messages, same seat checks (the transport: web/net/signal.mjs).

The page's Content-Security-Policy lets it connect only to the origin the setting named when
the page loaded (index.html writes that part of the policy before anything else runs): a
setting made or changed takes effect after a reload, and the app says so. With no setting,
nothing here runs and nothing leaves the origin.
"""

from __future__ import annotations

import json
import re
from typing import Optional

from ..net.guest import GuestTable
from .routes import Route
from .screens import attr, button, escape, link
from .signaling_setting import (ROOM_CODE, SettingError, connect_origins, make_setting, parse_ice, parse_server,
                                read_setting, server_text)

FIELDS = ("server", "ice", "username", "credential")
URL_KEYBOARD = ' inputmode="url"'
EXAMPLE_SERVER = "https://peer.example.org:9000/"  # in the form's label and its errors (build.py knows it)
REJOIN_WAITS = (1, 2, 3, 5, 8, 13, 20, 30, 30, 30)  # seconds before each try of a guest to rejoin its room
ROOM_RETRY_WAITS = (1, 2, 3, 4)  # seconds between tries of a taken room code, when reopening it
# web/net/signal.mjs's refusals of a room, in the player's words (else its own text is shown).
ROOM_REFUSALS = {"signal.unreachable": "signal.why.unreachable", "signal.room_taken": "signal.why.room_taken",
                 "signal.bad_settings": "signal.why.bad_settings"}


def link_server(setting: dict) -> str:
    """The server as a room link carries it: scheme/host/port/path (a guest may take it from there),
    then the STUN/TURN servers the host set, if any (`link_ice`)."""
    return (f'{"https" if setting["secure"] else "http"}/{setting["host"]}/{setting["port"]}{setting["path"]}'
            + link_ice(setting["iceServers"]))


def link_ice(servers: list) -> str:
    """STUN/TURN servers as a link's last segment: "~" and, in base64url, the Settings form's three
    texts (the addresses, the TURN user name and password), so that a guest checks them as typed."""
    if not servers:
        return ""
    import base64  # not at start-up: only a host with STUN/TURN servers set needs it

    turn = next((server for server in servers if "username" in server), {})
    texts = [" ".join(url for server in servers for url in server["urls"]), turn.get("username", ""),
             turn.get("credential", "")]
    return "~" + base64.urlsafe_b64encode(json.dumps(texts, separators=(",", ":")).encode()).decode().rstrip("=")


def ice_of_link(segment: str) -> list:
    """`link_ice`'s segment (without its "~") back to STUN/TURN servers; SettingError or ValueError if damaged."""
    import base64

    texts = json.loads(base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4)).decode())
    if not (isinstance(texts, list) and len(texts) == 3 and all(isinstance(text, str) for text in texts)):
        raise ValueError("not STUN/TURN servers")
    return parse_ice(*texts)


def server_of_link(text: str) -> Optional[dict]:
    """The server a room link names (`link_server`'s form) with its STUN/TURN servers, checked as
    typed input is; None if none or damaged."""
    ice = []
    head, slash, last = text.rpartition("/")
    if slash and last.startswith("~"):
        try:
            ice = ice_of_link(last[1:])
        except (SettingError, ValueError, RecursionError):
            return None
        text = head + "/"
    scheme, _, rest = text.partition("/")
    host, _, rest = rest.partition("/")
    port, _, path = rest.partition("/")
    try:
        server = parse_server(f"{scheme}://{host}:{port}/{path}") if scheme in ("http", "https") else None
    except SettingError:
        return None
    return None if server is None else {**server, "iceServers": ice}


def same_server(one: Optional[dict], other: Optional[dict]) -> bool:
    keys = ("host", "port", "path", "secure")
    return one is not None and other is not None and all(one[key] == other[key] for key in keys)


def room_code(text: str) -> Optional[str]:
    """A typed or linked room code, normalised, or None."""
    code = re.sub(r"[\s-]+", "", str(text)).lower()
    return code if ROOM_CODE.fullmatch(code) else None


class Signaling:
    def __init__(self, app):
        self.app = app
        self.draft = self._drafts(self.setting)
        self.error = ""  # the Settings form's last refusal, as shown
        self.room_code: Optional[str] = None  # the host's open room
        self.room_state = ""  # opening | open | failed
        self.room_error = ""  # why the room failed: web/net/signal.mjs's code, or its text
        self.join_code = ""  # the guest's typed code
        self.join_state = ""  # joining | failed
        self.join_error = ""
        self.offered: Optional[dict] = None  # a room link's server, which this device has not set
        self.joined_code: Optional[str] = None  # the room this guest is at (a lost link joins it again)
        self.rejoining = False

    # --- the setting -------------------------------------------------------------------
    @property
    def setting(self) -> Optional[dict]:
        return read_setting(self.app.prefs.get("signaling"))

    @property
    def active(self) -> Optional[dict]:
        """The setting, when this page's policy lets it connect there (else a reload is due)."""
        setting = self.setting
        allowed = self.app.browser.connect_allowed()
        if setting is None or (allowed is not None and not set(connect_origins(setting)) <= set(allowed)):
            return None
        return setting

    @staticmethod
    def _drafts(setting: Optional[dict]) -> dict:
        if setting is None:
            return dict.fromkeys(FIELDS, "")
        turn = next((server for server in setting["iceServers"] if "username" in server), {})
        return {"server": server_text(setting),
                "ice": "\n".join(url for server in setting["iceServers"] for url in server["urls"]),
                "username": turn.get("username", ""), "credential": turn.get("credential", "")}

    def on_field(self, name: str, value: str):
        if name in FIELDS:
            self.draft[name] = value[:2000]
        elif name == "code":
            self.join_code = value[:40]
        return False

    def on_action(self, arg: str):
        """`signaling` actions: save, clear, reload (Settings); room (host); join, adopt (guest)."""
        app = self.app
        if arg == "save":
            try:
                setting = make_setting(**self.draft)
            except SettingError as error:
                self.error = app.t("error." + error.code, example=EXAMPLE_SERVER, **error.params)
                return None  # the drafts stay as typed: nothing is lost
            self._store(setting)
        elif arg == "clear":
            self.draft = dict.fromkeys(FIELDS, "")
            self._store(None)
        elif arg == "reload":
            app.browser.reload()
            return False
        elif arg == "room":
            self._open_room()
        elif arg == "adopt" and self.offered is not None:
            # The player agreed to use the link's server: stored, then the page loads again so that
            # its policy allows it, and the same link (still in the address) joins the room.
            self._store(self.offered)  # with the host's STUN/TURN servers, checked as the form checks them
            app.browser.reload()
            return False
        elif arg == "join":
            code = room_code(self.join_code)
            if code is None:
                self.join_state, self.join_error = "failed", app.t("error.signal.bad_code")
                return None
            if app.route == Route("room", code):
                self.open_route(code)  # the same code again (it found no room before): no hashchange
                return None
            app.browser.set_hash(Route("room", code).hash)  # the route joins (and a reload rejoins)
            return False
        else:
            return False
        return None

    def _store(self, setting: Optional[dict]) -> None:
        app = self.app
        self.error = ""
        if setting is None:
            app.prefs.pop("signaling", None)
        else:
            app.prefs["signaling"] = setting
        app._write_prefs()
        app.notify("info", app.t("signal.saved" if setting is not None else "signal.cleared"), topic="settings")

    # --- the host: a room --------------------------------------------------------------
    @property
    def room_unusable(self) -> bool:
        """A service is set but gives no room (it failed, or the page must reload first): the
        panel offers the invitation with no server too (ui/devices.py)."""
        return self.setting is not None and (self.active is None or self.room_state == "failed")

    def _open_room(self) -> None:
        app, devices = self.app, self.app.devices
        setting = self.active
        session = app.session
        if setting is None or session is None or session.full_access() is None or self.room_state == "opening":
            return
        if devices.hosted is None:
            if not devices.chosen:
                app.notify("error", app.t("devices.choose_seat"), topic="devices")
                return
            app.session = devices._hosting(session, sorted(devices.chosen))
        self.room_state = "opening"
        app.browser.spawn(self._host_room(setting, devices.keeper.room))

    def reopen(self, code: str) -> None:
        """A host that reloaded opens its room again, with the same code: its guests' links and
        saved pairings lead there (the code is kept beside the hosted table, ui/hosting.py)."""
        setting = self.active
        if setting is not None and self.room_state != "opening":
            self.room_state = "opening"
            self.app.browser.spawn(self._host_room(setting, code))

    async def _host_room(self, setting: dict, code: Optional[str] = None) -> None:
        app = self.app
        try:
            self.room_code = await self._room_on_server(setting, code)
            self.room_state, self.room_error = "open", ""
            devices = app.devices
            devices.keeper.room = self.room_code
            if devices.hosted is not None:
                devices.keeper.write(devices.hosted)  # a reload opens this code again
        except Exception as error:  # noqa: BLE001 - a server down or unreachable: say so, keep the game
            self.room_state, self.room_error = "failed", str(error)[:200]
        app.render()

    async def _room_on_server(self, setting: dict, code: Optional[str]) -> str:
        """The room `code` (or a new one): the server may hold a reloaded page's old peer for a
        moment, so a taken code is tried again a few times before a new one is opened."""
        browser = self.app.browser
        for wait in ROOM_RETRY_WAITS if code is not None else ():
            try:
                return await browser.net_host_room(setting, code)
            except OSError as error:
                if str(error) != "signal.room_taken":
                    raise
            await browser.sleep(wait)
        if code is not None:
            self.app.notify("info", self.app.t("signal.room_new_code", code=code), topic="devices")
        return await browser.net_host_room(setting, None)

    def close_room(self) -> None:
        """The host stops playing on several devices: the room closes with it."""
        if self.room_code is not None or self.room_state:
            self.app.browser.net_close_room()
        self.room_code, self.room_state, self.room_error = None, "", ""
        self.app.devices.keeper.room = None

    def render_room(self) -> str:
        """The host's panel with a service set: the room (or the button that opens it); "" without one."""
        app, t = self.app, self.app.t
        if self.setting is None:
            return ""
        if self.active is None:
            return (f'<div class="signal-room" data-testid="signal-room"><p role="status">'
                    f'{escape(t("signal.needs_reload"))}</p>'
                    f'{button(t("signal.reload"), "signaling", "reload", cls="wide", testid="signal-reload")}</div>')
        if self.room_state != "open" or self.room_code is None:
            busy = self.room_state == "opening"
            reason = self.room_error
            failed = (f'<p role="alert" class="field-error" data-testid="signal-room-failed">'
                      f'{escape(t("signal.room_failed", reason=t(ROOM_REFUSALS.get(reason, "")) or reason))}'
                      f' {escape(t("signal.room_fallback"))}</p>') if self.room_state == "failed" else ""
            return (f'<div class="signal-room" data-testid="signal-room">{failed}'
                    f'<p class="muted">{escape(t("signal.room_intro", server=server_text(self.active)))}</p>'
                    + button(t("signal.room_opening" if busy else "signal.room_retry" if failed else "signal.room_open"),
                             "signaling", "room",
                             cls="wide primary", testid="signal-open-room", disabled=busy) + "</div>")
        url = app.browser.app_url() + Route("room", f"{self.room_code}/{link_server(self.active)}").hash
        qr = app.browser.qr_svg(url, t("signal.qr_label"))
        return (f'<div class="signal-room" data-testid="signal-room">'
                f'<p>{escape(t("signal.room_help"))}</p><div class="qr" data-testid="signal-qr">{qr}</div>'
                f'<p class="room-code">{escape(t("signal.room_code"))} '
                f'<strong data-testid="signal-code">{escape(self.room_code)}</strong></p>'
                f'<label>{escape(t("devices.link"))} <input type="text" readonly value="{attr(url)}"'
                f' data-testid="signal-link"></label></div>')

    # --- the guest: joining by code ----------------------------------------------------
    def open_route(self, arg: str) -> None:
        """`#/room/<code>` was opened (a link, a scan, or the code typed): join that room at once."""
        code_text, _, server = arg.partition("/")
        code = room_code(code_text) if code_text else None
        devices = self.app.devices
        offered = server_of_link(server) if server else None
        self.offered = offered if offered is not None and not same_server(offered, self.active) else None
        if code is None or self.offered is not None or self.active is None or self.join_state == "joining":
            self.join_code = code or self.join_code
            return
        if devices.guest is not None and devices.guest_link is not None and devices.join_state == "connected":
            return  # already at that table
        self.join_code = code
        self._guest_session()
        self.join_state, self.join_error = "joining", ""
        self.app.browser.spawn(self._join(code))

    def _guest_session(self) -> None:
        """The guest's session for a join: its saved pairing (its seats, if it had some), else a new one."""
        devices = self.app.devices
        table = devices._saved_pairing() or GuestTable(devices._name(), devices._move_id)
        devices.guest = devices.guest_session(table)

    def link_lost(self) -> None:
        """A guest's link to its room's host closed (the host's page reloaded, the network dropped):
        it joins the same room again by itself, a few times. A host that said goodbye is not followed."""
        guest = self.app.devices.guest
        if self.joined_code is None or self.rejoining or self.active is None or guest is None or guest.host_left:
            return
        self.rejoining = True
        self.app.browser.spawn(self._rejoin(self.joined_code))

    async def _rejoin(self, code: str) -> None:
        app, devices = self.app, self.app.devices
        try:
            for wait in REJOIN_WAITS:
                await app.browser.sleep(wait)
                if devices.join_state != "gone" or self.active is None or self.joined_code != code:
                    return  # back already, or this device went elsewhere
                try:
                    link_id = await app.browser.net_join_room(self.active, code)
                except Exception:  # noqa: BLE001 - the host is not back yet: try again later
                    continue
                self._guest_session()  # as after a reload: the saved pairing rejoins its seats
                devices.guest_link = link_id
                app.browser.net_open(link_id)
                return
        finally:
            self.rejoining = False
            app.render()

    async def _join(self, code: str) -> None:
        app, devices = self.app, self.app.devices
        try:
            link_id = await app.browser.net_join_room(self.active, code)
        except Exception as error:  # noqa: BLE001 - no such room, a server down
            reason = str(error)
            self.join_state = "failed"
            key = {"signal.no_room": "error.signal.no_room", "signal.bad_code": "error.signal.bad_code"}.get(reason)
            self.join_error = app.t(key, code=code) if key else app.t("error.signal.unreachable", reason=reason[:200])
            app.render()
            return
        self.join_state, self.joined_code = "joined", code  # until the host's welcome shows the table (ui/devices.py)
        devices.guest_link = link_id
        app.browser.net_open(link_id)  # devices.link_opened says hello (or rejoins) from here

    def render_join(self) -> str:
        """`#/room`: the guest types a room code (or its link was opened and it is joining)."""
        t = self.app.t
        if self.offered is not None:
            ice = [url for server in self.offered["iceServers"] for url in server["urls"]]
            body = (f'<p>{escape(t("signal.offered", server=server_text(self.offered)))}</p>'
                    + (f'<p data-testid="signal-offered-ice">{escape(t("signal.offered_ice", servers=", ".join(ice)))}</p>'
                       if ice else "")
                    + button(t("signal.adopt"), "signaling", "adopt", cls="primary", testid="signal-adopt")
                    + link(t("nav.home"), "#/", "btn", "signal-decline"))
        elif self.setting is None:
            body = (f'<p role="alert">{escape(t("signal.no_service"))}</p>'
                    f'{link(t("nav.settings"), "#/settings", "btn primary", "signal-settings")}')
        elif self.active is None:
            body = (f'<p role="status">{escape(t("signal.needs_reload"))}</p>'
                    f'{button(t("signal.reload"), "signaling", "reload", cls="primary", testid="signal-reload")}')
        elif self.join_state == "joined" and self.app.devices.join_state == "gone":
            body = f'<p role="alert" data-testid="signal-join-error">{escape(t("devices.join_failed"))}</p>'
        elif self.join_state in ("joining", "joined"):
            body = f'<p role="status" data-testid="signal-joining">{escape(t("signal.joining"))}</p>'
        else:
            error = (f'<p role="alert" class="field-error" id="signal-code-error" data-testid="signal-join-error">'
                     f'{escape(self.join_error)}</p>') if self.join_error else ""
            described = ' aria-describedby="signal-code-error" aria-invalid="true"' if self.join_error else ""
            body = (f'<label>{escape(t("signal.code_label"))} <input type="text" data-field="signal.code"'
                    f' value="{attr(self.join_code)}" maxlength="12" autocomplete="off" autocapitalize="none"'
                    f' spellcheck="false" inputmode="text" data-testid="signal-code-input"{described}></label>{error}'
                    + button(t("signal.join"), "signaling", "join", cls="primary", testid="signal-join"))
        return (f'<section class="page join" data-testid="signal-join-page">'
                f'<h1 class="page-title">{escape(t("signal.join_title"))}</h1>{body}</section>')

    # --- Settings ------------------------------------------------------------------------
    def render_settings(self) -> str:
        t, draft = self.app.t, self.draft

        def field(name: str, kind: str = "text", extra: str = "") -> str:
            control = (f'<textarea id="signal-{name}" data-field="signal.{name}" rows="2" autocomplete="off"'
                       f' spellcheck="false" data-testid="signal-{name}">{escape(draft[name])}</textarea>'
                       if kind == "textarea" else
                       f'<input id="signal-{name}" type="{kind}" data-field="signal.{name}" value="{attr(draft[name])}"'
                       f' autocomplete="off" spellcheck="false" data-testid="signal-{name}"{extra}>')
            label = t("signal." + name, example=EXAMPLE_SERVER)
            return f'<label class="field" for="signal-{name}">{escape(label)}</label>{control}'

        error = (f'<p role="alert" class="field-error" data-testid="signal-error">{escape(self.error)}</p>'
                 if self.error else "")
        setting = self.setting
        state = ""
        if setting is not None:
            state = escape(t("signal.in_use", server=server_text(setting)))
            if self.active is None:
                state += " " + escape(t("signal.needs_reload"))
            state = f'<p role="status" data-testid="signal-state">{state}</p>'
        after = ""
        if setting is not None and self.active is None:
            after = button(t("signal.reload"), "signaling", "reload", testid="signal-reload")
        elif self.active is not None:
            after = link(t("signal.join_title"), Route("room").hash, "btn", "signal-join-link")
        return (f'<fieldset class="signaling" data-testid="signal-settings"><legend>{escape(t("signal.title"))}</legend>'
                f'<p class="muted">{escape(t("signal.help"))}</p>{state}'
                f'{field("server", "url", extra=URL_KEYBOARD)}{field("ice", "textarea")}'
                f'{field("username")}{field("credential", "password")}{error}'
                f'<div class="row">{button(t("signal.save"), "signaling", "save", cls="primary", testid="signal-save")}'
                f'{button(t("signal.clear"), "signaling", "clear", testid="signal-clear")}{after}</div></fieldset>')
