"""Redraws by region: a page is a skeleton with named regions, and a redraw
whose skeleton is unchanged replaces only the regions whose markup changed.

So the board's container (and its scroll, pan and zoom) survives a move, and
the log gains its new lines instead of being rebuilt. Pure string work, tested
under CPython; `browser.py` applies the result to the page.

Markup contract (written by `screens.py`):
- a region is an element with `data-region="NAME"` whose content ends with the
  marker `<!--/region-->` just before its closing tag; regions do not nest;
- the one element marked `data-live` may change the values of LIVE_ATTRIBUTES
  without that counting as a new skeleton (they are set on it directly).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

END = "<!--/region-->"
REGION = re.compile(r'(<[a-z][^>]*\sdata-region="([\w-]+)"[^>]*>)(.*?)' + re.escape(END), re.DOTALL)
LIVE_ATTRIBUTES = ("data-moves", "data-status")
LIVE_VALUE = re.compile(r'\s(' + "|".join(LIVE_ATTRIBUTES) + r')="([^"]*)"')
LIVE_TAG = re.compile(r"<[a-z][^>]*\sdata-live[\s>][^>]*>|<[a-z][^>]*\sdata-live>")


def region(name: str, inner: str, tag: str = "div", attributes: str = "") -> str:
    """Markup of one region."""
    extra = f" {attributes}" if attributes else ""
    return f'<{tag} data-region="{name}"{extra}>{inner}{END}</{tag}>'


@dataclass
class Page:
    skeleton: str
    regions: dict = field(default_factory=dict)
    live: dict = field(default_factory=dict)  # values of LIVE_ATTRIBUTES on the data-live element


ATTRIBUTE = 'data-region="'
NAME = re.compile(r"[\w-]+\Z")


def _hollowed(html: str) -> tuple[str, dict] | None:
    """REGION.sub's work done with str.find (every redraw splits the whole page, and the regex
    tries each of its tags); None when a region's markup is not as `region()` writes it."""
    regions, parts, at = {}, [], 0
    while (found := html.find(ATTRIBUTE, at)) >= 0:
        start = html.rfind("<", at, found)
        name_end = html.find('"', found + len(ATTRIBUTE))
        tag_end = html.find(">", name_end + 1) if name_end >= 0 else -1
        close = html.find(END, tag_end + 1) if tag_end >= 0 else -1
        name = html[found + len(ATTRIBUTE):name_end]
        if (close < 0 or start < 0 or not "a" <= html[start + 1:start + 2] <= "z" or not html[found - 1].isspace()
                or ">" in html[start:found] or not NAME.match(name)):
            return None
        regions[name] = html[tag_end + 1:close]
        parts += (html[at:tag_end + 1], END)
        at = close + len(END)
    parts.append(html[at:])
    return "".join(parts), regions


def split(html: str) -> Page:
    hollowed = _hollowed(html)
    if hollowed is None:
        regions = {}

        def hollow(match: re.Match) -> str:
            regions[match.group(2)] = match.group(3)
            return match.group(1) + END

        skeleton = REGION.sub(hollow, html)
    else:
        skeleton, regions = hollowed
    live = {}
    tag = LIVE_TAG.search(skeleton)
    if tag:
        live = dict(LIVE_VALUE.findall(tag.group(0)))
        plain = LIVE_VALUE.sub("", tag.group(0))
        skeleton = skeleton[: tag.start()] + plain + skeleton[tag.end():]
    return Page(skeleton, regions, live)


@dataclass
class Patch:
    """What a redraw must do: everything (`full`), or these region updates."""

    full: bool
    replace: dict = field(default_factory=dict)  # region -> new inner markup
    prepend: dict = field(default_factory=dict)  # region -> markup to insert at its start
    live: dict = field(default_factory=dict)  # attribute -> value for the data-live element


def diff(old: Page | None, new: Page) -> Patch:
    if old is None or old.skeleton != new.skeleton:
        return Patch(full=True)
    patch = Patch(full=False, live={k: v for k, v in new.live.items() if old.live.get(k) != v})
    for name, inner in new.regions.items():
        before = old.regions.get(name)
        if inner == before:
            continue
        # New lines on top of an unchanged log: insert just them.
        if before and inner.endswith(before) and name.endswith("-prepend"):
            patch.prepend[name] = inner[: len(inner) - len(before)]
        else:
            patch.replace[name] = inner
    return patch
