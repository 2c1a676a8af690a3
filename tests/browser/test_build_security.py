"""The build's security steps, checked under CPython: the policy's every directive,
the inline-script hashes, the page's policy tag, the static home's script data,
the service worker's cache name and the off-origin URL check."""
from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import zipfile

import pytest

import build
from build import find_remote_references

POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'wasm-unsafe-eval'"],
    "style-src": ["'self'"],
    "img-src": ["'self'"],
    "font-src": ["'self'"],
    "connect-src": ["*"],  # narrowed to 'self' (and a set signaling server) by index.html's first script
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "frame-src": ["'none'"],
    "child-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
}


def directives(policy: str) -> dict:
    parsed = {}
    for part in policy.split(";"):
        name, *sources = part.split()
        parsed[name] = sources
    return parsed


def test_every_directive_allows_the_origin_at_most_and_forms_post_nowhere():
    assert directives(build.content_security_policy("<p>no scripts</p>")) == POLICY


def test_the_shipped_policy_has_exactly_the_directives_plus_its_script_hashes(dist_dir):
    page = (dist_dir / "index.html").read_text(encoding="utf-8")
    policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', page).group(1)
    shipped = directives(policy)
    hashes = [source for source in shipped["script-src"] if source.startswith("'sha256-")]
    assert hashes and {**shipped, "script-src": [s for s in shipped["script-src"] if s not in hashes]} == POLICY


def test_the_whole_policy_is_the_static_one_narrowed_by_the_connect_policy():
    whole = directives(build.CSP_TEMPLATE.format(hashes=""))
    assert whole == {**POLICY, "connect-src": ["'self'"]}


def test_a_page_whose_first_script_does_not_write_the_connect_policy_is_refused(dist_dir, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site)
    index = site / "index.html"
    page = index.read_text(encoding="utf-8")
    assert page.count(build.CONNECT_POLICY_WRITER) == 1
    index.write_text(page.replace(build.CONNECT_POLICY_WRITER, "policy.content = \"connect-src *\";"), encoding="utf-8")
    with pytest.raises(build.BuildError, match="connect-src policy"):
        build.finalize_dist(site)
    # Nor may another script run before it.
    index.write_text(page.replace("<script>", "<script>window.early = 1;</script><script>", 1), encoding="utf-8")
    with pytest.raises(build.BuildError, match="connect-src policy"):
        build.finalize_dist(site)


def test_an_inline_script_is_hashed_exactly_as_written_whitespace_included():
    body = "\n    window.ready = true;\n  "
    policy = build.content_security_policy(f"<script>{body}</script>")
    expected = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
    assert re.findall(r"'sha256-([^']+)'", policy) == [expected]


def test_a_page_without_its_policy_tag_is_refused(dist_dir, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site)
    index = site / "index.html"
    page = index.read_text(encoding="utf-8")
    # Only the tag goes: the comment above it still names the policy, and must not pass for it.
    kept = [line for line in page.splitlines(keepends=True) if 'http-equiv="Content-Security-Policy"' not in line]
    assert "Content-Security-Policy" in "".join(kept)
    index.write_text("".join(kept), encoding="utf-8")
    with pytest.raises(build.BuildError, match="Content-Security-Policy"):
        build.finalize_dist(site)


def test_the_static_home_data_holds_no_markup_the_page_parser_could_read(dist_dir):
    page = (dist_dir / "index.html").read_text(encoding="utf-8")
    data = build.STATIC_HOME_TAG.search(page).group(2)
    assert "<" not in data
    screens = json.loads(data)["screens"]
    assert screens and all('data-screen="home"' in markup for markup in screens.values())


def test_a_new_service_worker_gets_a_new_cache_name(dist_dir, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site)
    template = tmp_path / "sw.js"
    template.write_text(build.WEB.joinpath("sw.js").read_text(encoding="utf-8"), encoding="utf-8")
    original = build.finalize_dist(site, sw_template=template)
    template.write_text(template.read_text(encoding="utf-8") + "\n// a fix in the worker\n", encoding="utf-8")
    assert build.finalize_dist(site, sw_template=template) != original


def test_the_string_evaluation_patch_refuses_a_pyscript_with_it_in_two_files():
    shipped = {"pyscript/core-x.js": b"a;" + build.PYSCRIPT_WORKER_HOOKS_EVAL,
               "pyscript/core-y.js": b"b;" + build.PYSCRIPT_WORKER_HOOKS_EVAL}
    with pytest.raises(build.BuildError, match="review the CSP patch"):
        build.without_worker_hooks_eval(shipped)


def test_remote_reference_check_reads_modules_zip_data_and_pyodides_private_package(tmp_path):
    (tmp_path / "loader.mjs").write_text('const base = "https://cdn.example.net/pyodide/";')
    (tmp_path / "pyodide").mkdir()
    with zipfile.ZipFile(tmp_path / "pyodide" / "python_stdlib.zip", "w") as archive:
        archive.writestr("_pyodide/_base.py", "INDEX = 'https://packages.example.org/simple/'\n")
    with zipfile.ZipFile(tmp_path / "engine.zip", "w") as archive:
        archive.writestr("pkg/words.json", '{"source": "https://words.example.org/list.txt"}')
        archive.writestr("pkg/RULES.md", "See https://rules.example.org/page.")
    where = sorted(finding.split(":", 1)[0] for finding in find_remote_references(tmp_path))
    assert where == ["engine.zip!pkg/RULES.md", "engine.zip!pkg/words.json", "loader.mjs",
                     "pyodide/python_stdlib.zip!_pyodide/_base.py"]


def test_an_allowed_url_does_not_vouch_for_longer_ones(tmp_path):
    (tmp_path / "page.js").write_text("fetch('http://www.w3.org/2000/svg.evil.example/x.js')")
    assert [finding.split(":", 1)[0] for finding in find_remote_references(tmp_path)] == ["page.js"]
