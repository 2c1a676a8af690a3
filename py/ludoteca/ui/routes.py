"""Hash routes: `#/`, `#/new/<game>`, `#/play/<save id>`, `#/rules/<game>`, `#/settings`."""

from dataclasses import dataclass


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
        return f"#/{self.name}/{self.arg}"


ROUTES_WITH_ARGUMENT = ("new", "play", "rules")


def parse_route(hash_text: str) -> Route:
    path = hash_text.lstrip("#").strip("/")
    if not path:
        return Route("home")
    parts = path.split("/")
    if parts == ["settings"]:
        return Route("settings")
    if len(parts) == 2 and parts[0] in ROUTES_WITH_ARGUMENT and parts[1]:
        return Route(parts[0], parts[1])
    return Route("missing", path)
