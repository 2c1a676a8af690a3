"""The games, one package each (see registry.py for what a package provides)."""

import importlib
import sys

# A game package's heavy parts, loaded the first time something asks for them,
# so the home screen (which reads only the light metadata) stays fast.
LOADED_ON_FIRST_USE = {"GAME": ".rules", "AI_LEVELS": ".ai", "DEFAULT_LEVEL": ".ai"}


def load_on_first_use(package: str):
    """A module `__getattr__` for a game package: `__getattr__ = load_on_first_use(__name__)`."""

    def __getattr__(name):
        if name in LOADED_ON_FIRST_USE:
            value = getattr(importlib.import_module(LOADED_ON_FIRST_USE[name], package), name)
            # Kept on the package: later reads are plain attributes (a redraw reads GAME often).
            setattr(sys.modules[package], name, value)
            return value
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
