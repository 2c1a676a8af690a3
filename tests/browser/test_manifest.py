"""The web app manifest, icons and the build's cache versioning (CPython only)."""
from __future__ import annotations

import json
import re
import shutil
import struct
import zipfile

import pytest

import build


@pytest.fixture(scope="module")
def manifest(dist_dir) -> dict:
    return json.loads((dist_dir / "manifest.webmanifest").read_text(encoding="utf-8"))


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_manifest_fields(manifest, dist_dir):
    assert manifest["name"] == "Ludoteca"
    assert manifest["start_url"] == "."
    assert manifest["display"] == "standalone"
    page = (dist_dir / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="./manifest.webmanifest">' in page
    theme = re.search(r'<meta name="theme-color" content="([^"]+)">', page).group(1)
    assert manifest["theme_color"] == theme == build.THEME_COLOR
    assert manifest["background_color"] == build.BACKGROUND_COLOR


def test_manifest_icons_exist_with_their_declared_sizes(manifest, dist_dir):
    declared = set()
    for icon in manifest["icons"]:
        data = (dist_dir / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            width, height = png_size(data)
            assert icon["sizes"] == f"{width}x{height}"
            declared.add((width, icon["purpose"]))
        else:
            assert icon["type"] == "image/svg+xml" and b"<svg" in data
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= declared


def test_icons_are_reproducible():
    assert build.icon_png(192, maskable=False) == build.icon_png(192, maskable=False)
    assert png_size(build.icon_png(512, maskable=True)) == (512, 512)


def test_dist_holds_only_what_the_app_needs(dist_dir):
    top = sorted(path.name for path in dist_dir.iterdir())
    assert top == ["index.html", "manifest.webmanifest", "py", "pyodide", "pyscript", "sw.js", "web"]
    assert sorted(p.name for p in (dist_dir / "pyodide").iterdir()) == sorted(build.PYODIDE_FILES)
    assert sorted(p.name for p in (dist_dir / "py").iterdir()) == ["ludoteca.zip", "main.py"]
    assert not list(dist_dir.rglob("*.map")) and not list(dist_dir.rglob("__pycache__"))
    assert not list((dist_dir / "web").glob("*.md")), "web/*.md are notes for developers"


def test_engine_zip_holds_the_package_and_start_up_bytecode(dist_dir):
    with zipfile.ZipFile(dist_dir / build.ENGINE_ZIP) as archive:
        infos = archive.infolist()
    names = [info.filename for info in infos]
    sources = [name for name in names if name.startswith("ludoteca/") and name.endswith(".py")]
    assert "ludoteca/__init__.py" in sources
    # Each engine module has checked-hash bytecode for Pyodide's CPython beside it.
    for source in sources:
        folder, _, module = source.rpartition("/")
        assert f"{folder}/__pycache__/{module[:-3]}.cpython-314.pyc" in names, source
    for name in names:
        top = name.split("/")[0]
        if top == "ludoteca":
            assert name.endswith(build.ENGINE_DATA_SUFFIXES) or name.endswith(".cpython-314.pyc"), name
        elif top == "pyscript":  # PyScript writes the sources itself at start-up
            assert name.startswith("pyscript/__pycache__/") and name.endswith(".cpython-314.pyc"), name
        else:
            # a package folder ("html/...") or a module file ("hashlib.pyc")
            assert top.removesuffix(".pyc") in build.STDLIB_BYTECODE and name.endswith(".pyc") \
                and "__pycache__" not in name, name
    assert all(info.flag_bits & 0x800 for info in infos), "names must be marked UTF-8"


def test_bytecode_is_hash_checked_for_shipped_sources(dist_dir):
    """Checked-hash pycs: Python recompiles if a source ever differs, never runs stale code."""
    with zipfile.ZipFile(dist_dir / build.ENGINE_ZIP) as archive:
        for name in archive.namelist():
            if name.startswith(("ludoteca/", "pyscript/")) and name.endswith(".pyc"):
                flags = int.from_bytes(archive.read(name)[4:8], "little")
                assert flags == 0b11, f"{name}: flags {flags:#b}"


def test_service_worker_precaches_every_shipped_file(dist_dir):
    worker = (dist_dir / "sw.js").read_text(encoding="utf-8")
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);\n", worker).group(1))
    shipped = {path for path, _, _ in build.file_inventory(dist_dir, exclude={"sw.js"})}
    assert {path for path, _, _ in precache} == shipped
    assert not [p for p in build.SW_PLACEHOLDERS if p in worker]


def test_cache_name_follows_content(dist_dir, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site)
    original = build.finalize_dist(site)
    assert f'"{original}"' in (dist_dir / "sw.js").read_text(encoding="utf-8"), "finalize is repeatable"
    assert build.finalize_dist(site) == original

    main_py = site / "py" / "main.py"
    main_py.write_text(main_py.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    changed = build.finalize_dist(site)
    assert changed != original and changed.startswith("ludoteca-")
    boot_files = json.loads(re.search(r'id="boot-files">(.*?)</script>', (site / "index.html").read_text()).group(1))
    assert boot_files["py/main.py"] == main_py.stat().st_size


def test_build_is_deterministic(tmp_path):
    first = build.build(tmp_path / "a", quiet=True)
    second = build.build(tmp_path / "b", quiet=True)
    assert first == second
    assert build.file_inventory(tmp_path / "a") == build.file_inventory(tmp_path / "b")


def test_build_refuses_pyscript_bytecode_for_text_it_does_not_ship():
    with pytest.raises(build.BuildError, match="not the text PyScript ships"):
        build.pyscript_stdlib_sources([b"a bundle from another PyScript version"])


def test_sourceless_layout_for_stdlib_bytecode():
    assert build.sourceless_path("html/__pycache__/entities.cpython-314.pyc") == "html/entities.pyc"
    assert build.sourceless_path("__pycache__/glob.cpython-314.pyc") == "glob.pyc"
