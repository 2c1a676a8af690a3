"""How this pytest run was asked to run, set from the command line by tests/conftest.py.

`--full` plays the long random-game runs at full size (the test command keeps
the quick profile; `build.py bench fuzz` is where thousands of games run);
`--regen-golden` rewrites every golden playthrough from the current engines.
Test modules read these at import time, after pytest has parsed its options.
"""

FULL = False
REGEN_GOLDEN = False


def examples(quick: int, full: int) -> int:
    """How many random games a property plays in this run."""
    return full if FULL else quick
