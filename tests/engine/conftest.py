"""Engine tests run the pure-Python package from py/ under CPython."""

import pathlib
import sys

PY_DIR = pathlib.Path(__file__).resolve().parents[2] / "py"
if str(PY_DIR) not in sys.path:
    sys.path.insert(0, str(PY_DIR))
