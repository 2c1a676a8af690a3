"""Which PyScript modules the build ships: start-up's import closure only."""
import sys
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402

FAKE_PYSCRIPT = {
    "core.js": 'import"./core-A.js";export*from"./core-A.js";',
    "core-A.js": ('import{x}from"./util-B.js";const p={error:()=>import("./error-C.js"),'
                  'py-editor:()=>import("./py-editor-D.js")};const t=()=>import("./toml-E.js");'),
    "util-B.js": "export const x=1;",
    "error-C.js": 'import{x}from"./core-A.js";import{y}from"./error-helper-F.js";',
    "error-helper-F.js": "export const y=2;",
    "py-editor-D.js": 'import{x}from"./codemirror-G.js";',
    "toml-E.js": "",
    "codemirror-G.js": "",
}


def test_only_start_up_modules_and_the_plugins_left_on_are_shipped():
    used = build.pyscript_modules_used(FAKE_PYSCRIPT.__getitem__)
    assert used == ["core.js", "core-A.js", "util-B.js", "error-C.js", "error-helper-F.js"]


def test_a_plugin_chunk_that_moved_stops_the_build():
    renamed = {**FAKE_PYSCRIPT, "core-A.js": FAKE_PYSCRIPT["core-A.js"].replace("error:", "errors:")}
    with pytest.raises(build.BuildError, match="error"):
        build.pyscript_modules_used(renamed.__getitem__)
