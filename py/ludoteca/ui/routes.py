"""Hash routes: `#/`, `#/new/<game>`, `#/play/<save id>`, `#/rules/<game>`, `#/settings`,
`#/join/<a host's invitation>` (play on several devices, ui/devices.py), `#/room[/<code>]`
(joining through a signaling service, ui/signaling.py), `#/learn/<game>` (its tutorial)."""

import re
from dataclasses import dataclass

from .storage import SAVE_ID


@dataclass(frozen=True)
class Route:
    name: str  # home | new | play | rules | settings | missing
    arg: str = ""

    @property
    def hash(self) -> str:
        if self.name == "home":
            return "#/"
        if self.name == "settings":
            return "#/settings"
        if self.name == "room" and not self.arg:
            return "#/room"
        return f"#/{self.name}/{self.arg}"


ROUTES_WITH_ARGUMENT = ("new", "play", "rules", "table", "learn")
# A host's invitation (web/net/link.mjs's offer: ICE credentials may hold "/" and "+",
# candidates "," and ":"), the rest of the fragment after "#/join/".
# web/net/signal.mjs's room codes, any case, then the signaling server the host uses
# (scheme/host/port/path, and its STUN/TURN servers: ui/signaling.py checks them) when the link carries it.
ROOM_CODE = re.compile(r"[2-9A-HJKMNP-Za-hjkmnp-z]{6}(/[A-Za-z0-9._~/-]{1,3000})?")
JOIN_OFFER = re.compile(r"[A-Za-z0-9_.~,:+/=-]{8,2000}")
# What each route's argument may look like; anything else from a link is a missing page.
ARGUMENT_FORMAT = {
    "new": re.compile(r"[a-z][a-z0-9_]{0,39}"),
    "rules": re.compile(r"[a-z][a-z0-9_]{0,39}"),
    "learn": re.compile(r"[a-z][a-z0-9_]{0,39}"),  # a game's tutorial (ui/tutorial.py)
    "play": SAVE_ID,
    "table": re.compile(rf"new|{SAVE_ID.pattern}"),  # At the table: its setup, or a saved session
}


def parse_route(hash_text: str) -> Route:
    path = hash_text.lstrip("#").strip("/")
    if not path:
        return Route("home")
    if path.startswith("join/") and JOIN_OFFER.fullmatch(path[len("join/"):]):
        return Route("join", path[len("join/"):])
    if path == "room" or (path.startswith("room/") and ROOM_CODE.fullmatch(path[len("room/"):])):
        return Route("room", path[len("room/"):])
    parts = path.split("/")
    if parts == ["settings"]:
        return Route("settings")
    if len(parts) == 2 and parts[0] in ROUTES_WITH_ARGUMENT and ARGUMENT_FORMAT[parts[0]].fullmatch(parts[1]):
        return Route(parts[0], parts[1])
    return Route("missing", path[:100])
