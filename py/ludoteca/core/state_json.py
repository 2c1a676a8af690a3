"""Checked reading of a state's JSON form (`Game.state_from_json`).

A saved or worker-sent state may be damaged: every value is checked by type,
range, length and uniqueness before the state uses it, and each problem is a
`RecordError` whose code is `<game>.state_<kind>` with the JSON path of the
value as `field`, never a raw TypeError or KeyError later in play:

| kind | params | cause |
|---|---|---|
| `state_field` | `field` | missing, of the wrong type, or not one of the allowed values |
| `state_number` | `field`, `value` | a whole number out of its range |
| `state_length` | `field`, `count`, `expected` | a list of the wrong length |
| `state_duplicate` | `field` | the same entry twice where each must be unique |

Checks across fields (conservation, phases) are the game's own, with codes
of its own, raised through `StateReader.damaged`.
"""

from __future__ import annotations

from typing import Optional

from .protocol import GameError, RecordError, Settings
from .records import short_text

MAX_ITEMS = 100_000  # no list in a state is longer; keeps hostile data cheap to refuse


class StateReader:
    """Typed accessors for one game's state JSON; `prefix` starts every code
    (`"geonaxis"` gives `geonaxis.state_field`, ...)."""

    def __init__(self, prefix: str):
        self.prefix = prefix

    def damaged(self, code: str, problem: str, **params) -> RecordError:
        """The error to raise for `problem`; `code` is appended to the prefix."""
        return RecordError(f"damaged {self.prefix} state: {problem}", f"{self.prefix}.{code}", **params)

    def wrong(self, field: str, problem: str = "is missing or unreadable") -> RecordError:
        return self.damaged("state_field", f"{field} {problem}", field=field)

    def get(self, data, key: str, field: str):
        """`data[key]`; `data` must be an object holding `key`."""
        if not isinstance(data, dict):
            raise self.wrong(field.rpartition(".")[0] or field, "is not an object")
        if key not in data:
            raise self.wrong(field, "is missing")
        return data[key]

    def whole(self, value, field: str, low: int, high: int) -> int:
        """A whole number in [low, high] (booleans and floats are refused)."""
        if type(value) is not int:
            raise self.wrong(field, "is not a whole number")
        if not low <= value <= high:
            raise self.damaged("state_number", f"{field} cannot be {short_text(value)}", field=field,
                               value=short_text(value))
        return value

    def flag(self, value, field: str) -> bool:
        if type(value) is not bool:
            raise self.wrong(field, "is not true or false")
        return value

    def text(self, value, field: str, max_length: int = 400) -> str:
        if not isinstance(value, str) or len(value) > max_length:
            raise self.wrong(field, "is not a short text")
        return value

    def choice(self, value, field: str, choices):
        """One of `choices`, compared with its type (True is not 1)."""
        if not any(type(value) is type(choice) and value == choice for choice in choices):
            raise self.wrong(field, f"cannot be {short_text(value)}")
        return value

    def items(self, value, field: str, length: Optional[int] = None, max_length: int = MAX_ITEMS) -> list:
        """A list, of exactly `length` entries when given."""
        if not isinstance(value, list):
            raise self.wrong(field, "is not a list")
        if length is not None and len(value) != length:
            raise self.damaged("state_length", f"{field} has {len(value)} entries, not {length}", field=field,
                               count=len(value), expected=length)
        if len(value) > max_length:
            raise self.damaged("state_length", f"{field} has more than {max_length} entries", field=field,
                               count=len(value), expected=max_length)
        return value

    def mapping(self, value, field: str) -> dict:
        if not isinstance(value, dict):
            raise self.wrong(field, "is not an object")
        return value

    def distinct(self, values, field: str):
        """`values` (hashable) with no entry twice."""
        if len(set(values)) != len(values):
            raise self.damaged("state_duplicate", f"{field} holds an entry twice", field=field)
        return values

    def players(self, value, field: str, n: int, length: Optional[int] = None) -> tuple:
        """A list of distinct seats 0..n-1."""
        return self.distinct(tuple(self.whole(p, f"{field}.{i}", 0, n - 1)
                                   for i, p in enumerate(self.items(value, field, length))), field)

    def seat_key(self, key, field: str, n: int) -> int:
        """A seat written as an object key: `"0"`..`"n-1"`."""
        if not isinstance(key, str) or key not in [str(p) for p in range(n)]:
            raise self.wrong(f"{field}.{short_text(key, 4)}", "does not name a player")
        return int(key)

    def settings(self, data, game) -> Settings:
        """`data["settings"]`, read and accepted by `game`; a refusal keeps the
        core's code (wrong player count, unknown variant) as a RecordError."""
        settings = Settings.from_json(self.get(data, "settings", "settings"))
        try:
            return game.validate_settings(settings)
        except GameError as error:
            raise RecordError(str(error), error.code, **error.params) from None
