"""The build's Content-Security-Policy and its one patch to PyScript (CPython only)."""
from __future__ import annotations

import base64
import hashlib
import re

import pytest

import build


def test_the_policy_hashes_exactly_the_inline_scripts_that_run():
    page = ('<script>run()</script><script type="application/json" id="x">{"a":1}</script>'
            '<script type="module" src="./m.js"></script><script type="py" src="./p.py"></script>'
            '<script type="module">go()</script>')
    policy = build.content_security_policy(page)
    hashes = re.findall(r"'sha256-([^']+)'", policy)
    expected = [base64.b64encode(hashlib.sha256(body).digest()).decode() for body in (b"run()", b"go()")]
    assert hashes == expected
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    for directive in ("object-src 'none'", "frame-src 'none'", "base-uri 'none'", "style-src 'self';",
                      "img-src 'self';", "default-src 'self';"):
        assert directive in policy


def test_the_shipped_page_carries_the_policy_with_its_scripts_hashes(dist_dir):
    page = (dist_dir / "index.html").read_text(encoding="utf-8")
    meta = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', page)
    assert meta and build.CSP_PLACEHOLDER not in page
    assert meta.group(1) == build.content_security_policy(page)
    assert page.index("Content-Security-Policy") < page.index("<script")  # in force before any script


def test_pyscripts_string_evaluation_is_patched_out_once_or_the_build_stops():
    shipped = {"pyscript/core-x.js": b"a;" + build.PYSCRIPT_WORKER_HOOKS_EVAL + b";b", "pyscript/other.js": b"c"}
    patched = build.without_worker_hooks_eval(shipped)
    assert build.PYSCRIPT_WORKER_HOOKS_EVAL not in patched["pyscript/core-x.js"]
    assert patched["pyscript/other.js"] == b"c"
    with pytest.raises(build.BuildError, match="review the CSP patch"):
        build.without_worker_hooks_eval({"pyscript/core-x.js": b"changed upstream"})


def test_the_shipped_pyscript_has_no_worker_hooks_evaluation(dist_dir):
    # Other Function() calls in PyScript serve workers and never run here; the browser
    # test (test_security.py) proves the page runs with eval blocked.
    core = b"".join(path.read_bytes() for path in (dist_dir / "pyscript").glob("*.js"))
    assert build.PYSCRIPT_WORKER_HOOKS_EVAL not in core and build.PYSCRIPT_WORKER_HOOKS_NONE in core
