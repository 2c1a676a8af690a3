"""The player's preferences: their choices, defaults, and reading them from storage."""

from __future__ import annotations

from ..core.match import clean_name
from .setup import MAX_NAME
from .signaling_setting import read_setting

DEFAULT_PREFS = {"motion": "system", "pace": "normal", "auto_forced": True, "language": "en", "sound": False,
                 "theme": "system"}
PREF_CHOICES = {"motion": ("system", "on", "off"), "pace": ("normal", "fast"), "language": ("en", "it"),
                "theme": ("system", "light", "dark")}
SWITCH_PREFS = ("auto_forced", "sound")  # on/off preferences


def valid_prefs(stored: dict) -> dict:
    """Only the stored preferences that are well formed: storage is not trusted."""
    prefs = {key: value for key, value in stored.items()
             if key in PREF_CHOICES and value in PREF_CHOICES[key]}
    for switch in SWITCH_PREFS:
        if isinstance(stored.get(switch), bool):
            prefs[switch] = stored[switch]
    name = clean_name(stored.get("name"), MAX_NAME)  # it becomes a seat's name: cleaned as seats' are
    if name:
        prefs["name"] = name
    signaling = read_setting(stored.get("signaling"))  # ui/signaling.py: none unless a player set one
    if signaling is not None:
        prefs["signaling"] = signaling
    return prefs
