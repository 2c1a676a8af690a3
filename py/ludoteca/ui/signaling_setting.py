"""The signaling service a player may set (issue 31): a PeerJS server and optional STUN/TURN servers.

Pure Python, no imports from the app: `prefs.py` reads the stored setting through it. The
stored shape is web/net/signal.mjs's `signalingSettings` argument, so the browser passes it on
as it is: {"host", "port", "path", "secure", "iceServers": [{"urls": [...], "username"?,
"credential"?}]}. index.html's CSP writer reads the same entry and checks it the same way
(host, port, secure) before it lets the page connect to that one origin.
"""

from __future__ import annotations

import re
from typing import Optional

# A DNS name or an IPv4 address: what a CSP host-source can name (no IPv6 literal, no user, no "*").
HOST_NAME = re.compile(r"(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*")
PATH = re.compile(r"/[A-Za-z0-9._~/-]{0,200}")
ICE_URL = re.compile(r"(stun|stuns|turn|turns):([A-Za-z0-9.-]{1,253})(:\d{1,5})?(\?transport=(udp|tcp))?")
ROOM_CODE = re.compile(r"[2-9a-hjkmnp-z]{6}")  # web/net/signal.mjs's alphabet: no 0/o, 1/l/i
SCHEMES = {"https": True, "wss": True, "http": False, "ws": False}  # -> secure
MAX_ICE_SERVERS = 8
MAX_SECRET = 256
MAX_TEXT = 2000


class SettingError(ValueError):
    """A refused setting: `code` names the message (signal.bad_*), `params` its values."""

    def __init__(self, code: str, **params):
        super().__init__(code)
        self.code, self.params = code, params


def parse_server(text: str) -> dict:
    """A PeerJS server's address (scheme, host, optional port and path) -> host, port, path, secure."""
    text = text.strip()
    if not text or len(text) > MAX_TEXT:
        raise SettingError("signal.bad_server", value=text[:80])
    if "://" not in text:
        raise SettingError("signal.bad_scheme", value=text[:80])
    # Imported here: start-up compiles no Python from source, and urllib (with ipaddress)
    # is not in the app's compiled start-up set; it loads only when an address is checked.
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        raise SettingError("signal.bad_port", value=text[:80]) from None
    scheme = parts.scheme.lower()
    if scheme not in SCHEMES:
        raise SettingError("signal.bad_scheme", value=text[:80])
    host = parts.hostname or ""
    if parts.username is not None or parts.query or parts.fragment or not HOST_NAME.fullmatch(host):
        raise SettingError("signal.bad_server", value=text[:80])
    if port is not None and not 1 <= port <= 65535:
        raise SettingError("signal.bad_port", value=text[:80])
    path = parts.path or "/"
    if not PATH.fullmatch(path):
        raise SettingError("signal.bad_server", value=text[:80])
    secure = SCHEMES[scheme]
    return {"host": host.lower(), "port": port or (443 if secure else 80),
            "path": path if path.endswith("/") else path + "/", "secure": secure}


def server_text(setting: dict) -> str:
    """The address as a player types it back (the inverse of `parse_server`)."""
    scheme = "https" if setting["secure"] else "http"
    return f'{scheme}://{setting["host"]}:{setting["port"]}{setting["path"]}'


def parse_ice(text: str, username: str = "", credential: str = "") -> list:
    """STUN/TURN servers, one URL a line (or separated by spaces or commas); the user name and
    credential go with the TURN ones, which need them."""
    urls = [url for url in re.split(r"[\s,]+", text.strip()) if url]
    if len(text) > MAX_TEXT or len(urls) > MAX_ICE_SERVERS:
        raise SettingError("signal.too_many_ice", max=MAX_ICE_SERVERS)
    username, credential = username.strip(), credential.strip()
    if len(username) > MAX_SECRET or len(credential) > MAX_SECRET:
        raise SettingError("signal.bad_secret")
    servers = []
    for url in urls:
        match = ICE_URL.fullmatch(url)
        if match is None or not HOST_NAME.fullmatch(match.group(2)) \
                or (match.group(3) and not 1 <= int(match.group(3)[1:]) <= 65535):
            raise SettingError("signal.bad_ice", value=url[:80])
        if match.group(1).startswith("turn"):
            if not username or not credential:
                raise SettingError("signal.turn_needs_secret", value=url[:80])
            servers.append({"urls": [url], "username": username, "credential": credential})
        else:
            servers.append({"urls": [url]})
    if (username or credential) and not any("username" in server for server in servers):
        raise SettingError("signal.secret_without_turn")
    return servers


def make_setting(server: str, ice: str = "", username: str = "", credential: str = "") -> Optional[dict]:
    """The setting from the Settings form's texts; None when the server is left empty (no service).
    Raises SettingError with the first problem found."""
    if not server.strip():
        if ice.strip() or username.strip() or credential.strip():
            raise SettingError("signal.server_needed")
        return None
    return {**parse_server(server), "iceServers": parse_ice(ice, username, credential)}


def read_setting(stored) -> Optional[dict]:
    """The stored setting, or None when there is none or it is not well formed (storage is not trusted)."""
    if not isinstance(stored, dict) or set(stored) != {"host", "port", "path", "secure", "iceServers"}:
        return None
    host, port, path, secure, ice = (stored[key] for key in ("host", "port", "path", "secure", "iceServers"))
    if not (isinstance(host, str) and HOST_NAME.fullmatch(host) and type(port) is int and 1 <= port <= 65535
            and isinstance(path, str) and PATH.fullmatch(path) and isinstance(secure, bool)
            and isinstance(ice, list) and len(ice) <= MAX_ICE_SERVERS):
        return None
    servers = []
    for server in ice:
        if not isinstance(server, dict) or not set(server) <= {"urls", "username", "credential"}:
            return None
        urls = server.get("urls")
        if not isinstance(urls, list) or len(urls) != 1 or not isinstance(urls[0], str) \
                or not ICE_URL.fullmatch(urls[0]):
            return None
        if any(not isinstance(server.get(key, ""), str) or len(server.get(key, "")) > MAX_SECRET
               for key in ("username", "credential")):
            return None
        servers.append(dict(server))
    return {"host": host, "port": port, "path": path, "secure": secure, "iceServers": servers}


def connect_origins(setting: Optional[dict]) -> tuple:
    """The origins the page's connect-src must allow for `setting`: the PeerJS server's HTTP
    and WebSocket origins (STUN/TURN are not fetches: Chromium's connect-src does not cover WebRTC)."""
    if setting is None:
        return ()
    host, port = setting["host"], setting["port"]
    return (f'{"https" if setting["secure"] else "http"}://{host}:{port}',
            f'{"wss" if setting["secure"] else "ws"}://{host}:{port}')
