#!/usr/bin/env python3
"""Build, serve, test and benchmark Ludoteca.

Standard library only, so a fresh Debian machine can run it with `python3`:

    python3 build.py serve [--port 8000]   # play: installs what it needs, builds dist/, serves it
    python3 build.py test [pytest args]    # engine + browser tests
    python3 build.py build                 # just assemble dist/
    python3 build.py bench [NAME] [-- ARGS] # run py/tools/bench_*.py (or bench_NAME.py) against dist/
    python3 build.py words                 # regenerate the word lists
    python3 build.py new-game ID           # a new game folder (and its tests) copied from Council
    python3 build.py setup                 # install node_modules, .venv and Chromium
"""
from __future__ import annotations

import argparse
import ast
import base64
import hashlib
import io
import json
import os
import posixpath
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zipfile
import zlib
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
NODE_MODULES = ROOT / "node_modules"
VENV = ROOT / ".venv"
VENV_PYTHON = VENV / "bin" / "python"
REQUIREMENTS = ROOT / "tests" / "requirements.txt"
CHROMIUM = Path("/usr/bin/chromium")
TOOLS = ROOT / "py" / "tools"
PYC_COMPILER = TOOLS / "compile_pyc.mjs"
PYC_CACHE = ROOT / ".cache" / "pyc"
PYSCRIPT_STDLIB_ARTIFACT = NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
# Stdlib modules the app's start-up imports that a bare Pyodide start does not
# (PyScript's display module needs html); tests/browser/test_boot.py checks
# that start-up compiles nothing from source.
STDLIB_BYTECODE = ("html", "hashlib")  # hashlib: the save list's fingerprints (ui/storage.py)
PYODIDE_HOME = "/home/pyodide"  # Pyodide's working directory, where PyScript unpacks [files] archives

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
ENGINE_ZIP = "py/ludoteca.zip"
ENGINE_DATA_SUFFIXES = (".py", ".md", ".json")
# web/ files that are build inputs, not shipped as they are.
WEB_TEMPLATES = {"sw.js", "manifest.webmanifest"}
# Files the page fetches while it starts; their sizes drive the download bar
# when no service worker is there to report precache progress.
# PyScript loads Pyodide through INTERPRETER_WRAPPER (it restores a memory snapshot).
INTERPRETER_WRAPPER = "web/interpreter.mjs"
BOOT_FILES = tuple(f"pyodide/{name}" for name in PYODIDE_FILES) + (INTERPRETER_WRAPPER, "py/main.py", ENGINE_ZIP)

THEME_COLOR = "#1f3b4d"
BACKGROUND_COLOR = "#10222d"
ACCENT_COLOR = "#f2b134"
ICON_PNG_SIZES = (192, 512)

# Absolute and protocol-relative URLs, as they appear in code and text.
ABSOLUTE_URL = re.compile(rb"""(?:https?:|(?<=["'`(]))//[^\s"'`<>()\\]+""", re.IGNORECASE)
# The vendored PyScript and Pyodide carry remote fallbacks (used when no local
# file is configured) and links in their messages. Each is rewritten by what
# it names, whatever its host: a fallback becomes the same-origin path of that
# file (if absent, it fails as a 404 on our own origin instead of going
# online), a link becomes words. find_remote_references() proves nothing else
# is left.
_ANY_HOST = rb"https?://[^/\s\"'`]+"
VENDOR_URL_REWRITES = tuple((re.compile(_ANY_HOST + path), local) for path, local in (
    (rb"/pyodide/v\$\{\w+\}/full/pyodide\.mjs", b"./pyodide/pyodide.mjs"),
    (rb"/npm/@micropython/micropython-webassembly-pyscript@\$\{\w+\}/micropython\.mjs",
     b"./micropython/micropython.mjs"),
    (rb"/pyodide/v\$\{\w+\}/full/", b"./"),  # Pyodide's package base: the local lock, or nothing
    (rb"/pi/v2", b"./micropython/pi/v2"),  # MicroPython's package index
    (rb"/(?=\\*['\"])", b"./github/"),  # the prefix PyScript puts before github: file paths (in quotes)
    (rb"/\?q=", b"the Pyodide package list, name "),
    (rb"/latest/faq/#sharedarraybuffer", b"the PyScript FAQ on SharedArrayBuffer"),
    (rb"/using-sri-with-dynamic-files", b"the notes on SRI with dynamic files"),
))
# Absolute URLs that may stay in shipped files, because nothing ever fetches them.
NEVER_FETCHED_URLS = {
    b"http://www.w3.org/2000/svg": "an XML namespace name",
    b"http://0.0.0.0": "PyScript sends a page opened at this address to localhost",
    b"https://${t}": "Pyodide parses a socket's host and port with URL()",
    b"https://developer.mozilla.org/en-US/docs/Web/HTML/Element/{tag}": "a link in a PyScript message",
    b"https://github.com/pyscript/pyscript/issues/257#issuecomment-1119595062": "a link in a PyScript message",
    b"https://pyscript.github.io/docs/2023.11.2/user-guide/workers/": "a link in a PyScript message",
    b"https://pyodide.org/en/stable/usage/loading-packages.html": "a link in a Pyodide message",
    b"http://www.d-project.com/": "a link in qrcode-generator's header comment",
    b"http://www.opensource.org/licenses/mit-license.php": "a link in qrcode-generator's header comment",
    b"http://www.denso-wave.com/qrcode/faqpatent-e.html": "a link in qrcode-generator's header comment",
    b"http://en.wikipedia.org/wiki/Bresenham": "a link in a jsQR comment",
    b"http://www.apache.org/licenses/": "a link in jsQR's licence text",
    b"http://www.apache.org/licenses/LICENSE-2.0": "a link in jsQR's licence text",
    b"https://peer.example.org:9000/": "the example signaling server in Settings (ui/signaling.py)",
}
# npm files shipped as they are (dist path: node_modules path): the QR code
# maker and reader that web/net/qr.mjs uses to pair devices, and the PeerJS
# client for web/net/signal.mjs (used only when the players set a server).
VENDORED_NPM_FILES = {
    "web/vendor/qrcode-generator/qrcode.mjs": "qrcode-generator/dist/qrcode.mjs",
    "web/vendor/jsqr/jsQR.js": "jsqr/dist/jsQR.js",
    "web/vendor/jsqr/LICENSE.txt": "jsqr/LICENSE",
    "web/vendor/peerjs/peerjs.min.js": "peerjs/dist/peerjs.min.js",
}
# Shipped files read as text by that check; the rest are images and WebAssembly.
TEXT_SUFFIXES = (".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".py", ".md", ".txt")
# Pyodide's own Python in its stdlib zip: only string values count (docstrings
# and comments are full of documentation links). CPython's stdlib proper never
# loads code from a URL by itself.
PYODIDE_STDLIB_PACKAGES = ("pyodide/", "_pyodide/")
SOURCE_MAP_COMMENT = re.compile(rb"\n?//# sourceMappingURL=\S+\s*$")


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


class BuildError(Exception):
    """A problem the user can act on; printed without a traceback."""


# --------------------------------------------------------------------------- setup


def sha256_of(*paths: Path) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.name.encode() + b"\0")
        digest.update(path.read_bytes() if path.exists() else b"<missing>")
    return digest.hexdigest()


def run(command: list[str], **kwargs) -> None:
    log("$ " + " ".join(str(part) for part in command))
    result = subprocess.run(command, **kwargs)
    if result.returncode != 0:
        raise BuildError(f"command failed with exit code {result.returncode}: {' '.join(map(str, command))}")


def as_root(command: list[str]) -> list[str]:
    if os.geteuid() == 0:
        return command
    if shutil.which("sudo") is None:
        raise BuildError(f"need root to run {' '.join(command)} and sudo is not installed")
    return ["sudo", *command]


def apt_install(*packages: str) -> None:
    log(f"installing Debian packages: {' '.join(packages)}")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run(as_root(["apt-get", "update"]), env=env)
    run(as_root(["apt-get", "install", "-y", *packages]), env=env)


def ensure_node_modules() -> None:
    """`npm ci` when node_modules is missing or was installed from another lockfile."""
    lockfile = ROOT / "package-lock.json"
    if not lockfile.exists():
        raise BuildError("package-lock.json is missing: run `npm install` once and commit it")
    stamp = NODE_MODULES / ".ludoteca-lock.sha256"
    wanted = sha256_of(ROOT / "package.json", lockfile)
    if stamp.exists() and stamp.read_text().strip() == wanted:
        return
    if shutil.which("npm") is None:
        apt_install("nodejs", "npm")
    log("node_modules missing or stale: npm ci")
    run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT)
    stamp.write_text(wanted + "\n")


def ensure_venv() -> None:
    """Create .venv and install the pinned test requirements when they changed."""
    stamp = VENV / ".ludoteca-requirements.sha256"
    wanted = sha256_of(REQUIREMENTS) + f"-py{sys.version_info[0]}.{sys.version_info[1]}"
    if VENV_PYTHON.exists() and stamp.exists() and stamp.read_text().strip() == wanted:
        return
    if not VENV_PYTHON.exists():
        log("creating .venv")
        created = subprocess.run([sys.executable, "-m", "venv", str(VENV)])
        if created.returncode != 0:  # Debian ships venv's ensurepip separately
            shutil.rmtree(VENV, ignore_errors=True)
            apt_install(f"python{sys.version_info[0]}.{sys.version_info[1]}-venv")
            run([sys.executable, "-m", "venv", str(VENV)])
    log("installing tests/requirements.txt into .venv")
    run([str(VENV_PYTHON), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r", str(REQUIREMENTS)])
    stamp.write_text(wanted + "\n")


def ensure_chromium() -> None:
    if CHROMIUM.exists():
        return
    log(f"{CHROMIUM} is missing")
    apt_install("chromium")


def setup(*, browser: bool = False) -> None:
    ensure_node_modules()
    ensure_venv()
    if browser:
        ensure_chromium()


# --------------------------------------------------------------------------- build


def playable_games(package_dir: Path) -> tuple[str, ...]:
    """`registry.PLAYABLE`, read from its source (the build imports no game)."""
    registry = package_dir / "games" / "registry.py"
    for node in ast.parse(registry.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(target, "id", "") == "PLAYABLE" for target in node.targets):
            return tuple(ast.literal_eval(node.value))
    raise BuildError(f"{registry} has no PLAYABLE tuple")


def unlisted_game_folders(package_dir: Path) -> set[Path]:
    """Game packages not in PLAYABLE (Council, the worked example; a game in the
    making): the tests play them, the app never does, so they are not shipped."""
    games = package_dir / "games"
    if not (games / "registry.py").exists():
        return set()
    playable = playable_games(package_dir)
    return {folder for folder in games.iterdir() if (folder / "__init__.py").is_file() and folder.name not in playable}


def engine_sources(package_dir: Path) -> dict[str, bytes]:
    """Archive path -> bytes of every file the engine package ships."""
    if not (package_dir / "__init__.py").exists():
        raise BuildError(f"{package_dir} has no __init__.py")
    unlisted = unlisted_game_folders(package_dir)
    return {
        path.relative_to(package_dir.parent).as_posix(): path.read_bytes()
        for path in sorted(package_dir.rglob("*"))
        if path.is_file() and path.suffix in ENGINE_DATA_SUFFIXES and "__pycache__" not in path.parts
        and not unlisted.intersection(path.parents)
    }


def pyscript_stdlib_sources(shipped_bundles: list[bytes]) -> dict[str, bytes]:
    """The `pyscript` package PyScript writes into the working directory at every start.

    Read from the artifact PyScript builds its bundle from, and checked against
    the shipped bundle: bytecode for a different text would never be used.
    """
    artifact = PYSCRIPT_STDLIB_ARTIFACT.read_text(encoding="utf-8")
    tree = json.loads(artifact[artifact.index("export default") + len("export default"):].strip().rstrip(";"))
    sources = {}

    def walk(prefix: str, node: dict) -> None:
        for name, value in node.items():
            if isinstance(value, dict):
                walk(f"{prefix}{name}/", value)
            elif name.endswith(".py"):
                value = rewrite_remote_urls(value.encode()).decode()  # as the build did to the bundle
                literal = json.dumps(value, ensure_ascii=False).encode()
                if not any(literal in bundle for bundle in shipped_bundles):
                    raise BuildError(f"{prefix}{name} in {PYSCRIPT_STDLIB_ARTIFACT} is not the text PyScript ships")
                sources[f"{prefix}{name}"] = value.encode()

    walk("", tree)
    if "pyscript/__init__.py" not in sources:
        raise BuildError(f"no pyscript package found in {PYSCRIPT_STDLIB_ARTIFACT}")
    return sources


def compiled_bytecode(sources: dict[str, bytes]) -> dict[str, bytes]:
    """Checked-hash .pyc files for the .py sources, compiled by the shipped Pyodide.

    Start-up otherwise compiles every module from source on each visit (the
    browser's Python never writes bytecode). Compiling takes Pyodide's start
    under Node (~3 s), so results are cached in .cache/ keyed on the inputs.
    """
    python_sources = {name: data for name, data in sources.items() if name.endswith(".py")}
    digest = hashlib.sha256((NODE_MODULES / "pyodide" / "package.json").read_bytes())
    digest.update(PYC_COMPILER.read_bytes())
    for name, data in python_sources.items():
        digest.update(f"{name}\0{len(data)}\0".encode() + data)
    cached = PYC_CACHE / f"{digest.hexdigest()[:24]}.zip"
    if cached.exists():
        with zipfile.ZipFile(cached) as archive:
            return {name: archive.read(name) for name in archive.namelist()}
    with tempfile.TemporaryDirectory(prefix="ludoteca-pyc-") as folder:
        root = Path(folder)
        for name, data in python_sources.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_bytes(data)
        result = subprocess.run(
            ["node", str(PYC_COMPILER), str(NODE_MODULES / "pyodide"), str(root), PYODIDE_HOME],
            capture_output=True, text=True,
        )
        if result.returncode != 0:
            raise BuildError(f"compiling bytecode with Pyodide failed:\n{result.stdout}{result.stderr}")
        compiled = {
            path.relative_to(root).as_posix(): path.read_bytes()
            for path in sorted(root.rglob("__pycache__/*.pyc"))
        }
    if len(compiled) != len(python_sources):
        raise BuildError(f"expected {len(python_sources)} .pyc files from Pyodide, got {len(compiled)}")
    shutil.rmtree(PYC_CACHE, ignore_errors=True)  # keep only the newest
    PYC_CACHE.mkdir(parents=True)
    cached.write_bytes(deterministic_zip(compiled))
    return compiled


class Utf8ZipInfo(zipfile.ZipInfo):
    """Marks every name as UTF-8 (flag bit 11), which zipfile does only for non-ASCII names.

    Unmarked names are decoded as cp437, and in Pyodide that codec is compiled
    from source the first time: ~10 ms of every start, for ASCII names.
    """

    def _encodeFilenameFlags(self):
        return self.filename.encode("utf-8"), self.flag_bits | 0x800


def deterministic_zip(files: dict[str, bytes]) -> bytes:
    """A zip of archive path -> bytes, sorted, with fixed timestamps."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(files):
            info = Utf8ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, files[name], compresslevel=9)
    return buffer.getvalue()


def stdlib_sources(stdlib_zip: Path, packages: tuple[str, ...] = STDLIB_BYTECODE) -> dict[str, bytes]:
    """The .py files of these top-level stdlib modules/packages, from the shipped stdlib zip."""
    with zipfile.ZipFile(stdlib_zip) as archive:
        sources = {
            name: archive.read(name)
            for name in archive.namelist()
            if name.endswith(".py") and (name.split("/")[0] in packages or name[:-3] in packages)
        }
    missing = [name for name in packages if not any(path.split("/")[0] in (name, name + ".py") for path in sources)]
    if missing:
        raise BuildError(f"{stdlib_zip} has no {', '.join(missing)}")
    return sources


def sourceless_path(pyc_path: str) -> str:
    """html/__pycache__/entities.cpython-314.pyc -> html/entities.pyc"""
    folder, name = posixpath.split(pyc_path)
    if posixpath.basename(folder) != "__pycache__":
        raise BuildError(f"{pyc_path} is not in a __pycache__ folder")
    return posixpath.join(posixpath.dirname(folder), name.split(".")[0] + ".pyc")


def engine_zip_bytes(package_dir: Path, pyscript_bundles: list[bytes], stdlib_zip: Path) -> bytes:
    """What PyScript unpacks into Pyodide's working directory before main.py runs.

    - the engine's sources with their bytecode;
    - bytecode (only) for the pyscript package, which PyScript writes there next;
    - sourceless bytecode for the stdlib modules start-up needs beyond Pyodide's
      own (the working directory comes first on sys.path, so these are found
      before the stdlib zip, which holds sources only).
    """
    engine = engine_sources(package_dir)
    pyscript = pyscript_stdlib_sources(pyscript_bundles)
    stdlib = stdlib_sources(stdlib_zip)
    compiled = compiled_bytecode({**engine, **pyscript, **stdlib})
    files = dict(engine)
    for path, data in compiled.items():
        source = path.replace("__pycache__/", "").rsplit(".", 2)[0] + ".py"
        files[sourceless_path(path) if source in stdlib else path] = data
    return deterministic_zip(files)


GAME_STYLES = "web/games.css"


def game_styles(games_dir: Path) -> bytes:
    """Every game's own style.css, in one file: a game stays one folder, and the
    CSP forbids the inline <style> a table could otherwise carry."""
    unlisted = unlisted_game_folders(games_dir.parent)
    parts = [f"/* {path.parent.name} */\n".encode() + path.read_bytes()
             for path in sorted(games_dir.glob("*/style.css")) if path.parent not in unlisted]
    return b"\n".join(parts)


def rewrite_remote_urls(data: bytes) -> bytes:
    for pattern, local in VENDOR_URL_REWRITES:
        data = pattern.sub(local, data)
    return data


# PyScript builds the hooks it hands to worker interpreters with Function(), at
# every start, so its core needs the CSP's 'unsafe-eval' even in an app that runs
# no worker. The app runs none (the AI thinks on the main thread in slices), so
# the build replaces that one expression with `undefined`: no worker hooks, and
# a CSP without 'unsafe-eval'. A PyScript upgrade that changes the code stops the
# build here rather than shipping a page its CSP would break.
PYSCRIPT_WORKER_HOOKS_EVAL = b"return Function(`return(w,x)=>(${r})(w,x,...[${s}])`)()"
PYSCRIPT_WORKER_HOOKS_NONE = b"return void 0"


def without_worker_hooks_eval(shipped: dict[str, bytes]) -> dict[str, bytes]:
    """Patch PyScript's only string evaluation out of its core chunk (see above)."""
    holders = [path for path, data in shipped.items() if PYSCRIPT_WORKER_HOOKS_EVAL in data]
    if len(holders) != 1 or shipped[holders[0]].count(PYSCRIPT_WORKER_HOOKS_EVAL) != 1:
        raise BuildError("PyScript's worker-hooks Function() call was not found exactly once in "
                         f"pyscript/*.js (found in {holders or 'none'}): review the CSP patch for this version")
    path = holders[0]
    return {**shipped, path: shipped[path].replace(PYSCRIPT_WORKER_HOOKS_EVAL, PYSCRIPT_WORKER_HOOKS_NONE)}


def rewrite_vendor_file(relative: str, data: bytes) -> bytes:
    if relative.startswith(("pyscript/", "pyodide/")) and relative.endswith((".js", ".mjs", ".css")):
        data = rewrite_remote_urls(data)
    if relative.startswith(("pyscript/", "pyodide/", "web/vendor/")) and relative.endswith((".js", ".mjs", ".css")):
        # We do not ship source maps; the comment would make devtools ask for them.
        data = SOURCE_MAP_COMMENT.sub(b"\n", data)
    return data


def shipped_sources() -> dict[str, Path]:
    """Map each dist path to its source file (everything except generated files)."""
    sources: dict[str, Path] = {"index.html": ROOT / "index.html", "py/main.py": ROOT / "py" / "main.py"}
    sources["manifest.webmanifest"] = WEB / "manifest.webmanifest"
    for path in sorted(WEB.rglob("*")):
        relative = path.relative_to(WEB)
        if not path.is_file() or path.name.startswith("."):
            continue
        if path.suffix == ".md" and path.parent == WEB:  # web/*.md are developer notes (BOOT.md)
            continue
        if relative.as_posix() in WEB_TEMPLATES:
            continue
        sources[f"web/{relative.as_posix()}"] = path
    pyodide = NODE_MODULES / "pyodide"
    for name in PYODIDE_FILES:
        sources[f"pyodide/{name}"] = pyodide / name
    pyscript = NODE_MODULES / "@pyscript" / "core" / "dist"
    # Only what the app's start-up loads: the service worker precaches every
    # shipped file, and PyScript's editor, terminal and TOML chunks are ~1 MB nobody runs.
    used = pyscript_modules_used(lambda name: (pyscript / name).read_text(encoding="utf-8"))
    for name in [*used, *PYSCRIPT_STYLES]:
        sources[f"pyscript/{name}"] = pyscript / name
    for relative, source in VENDORED_NPM_FILES.items():
        sources[relative] = NODE_MODULES / source
    missing = [str(path) for path in sources.values() if not path.exists()]
    if missing:
        raise BuildError("missing build inputs (run `python3 build.py setup`?):\n  " + "\n  ".join(missing))
    return sources


def content_hash(inventory: list[tuple[str, str, int]], extra: bytes = b"") -> str:
    """Hash of every path and its bytes (plus `extra`): the service worker's cache version."""
    digest = hashlib.sha256(extra)
    for relative, data_hash, _size in inventory:
        digest.update(f"{relative}\0{data_hash}\n".encode())
    return digest.hexdigest()


def file_inventory(dist: Path, exclude: set[str] = frozenset()) -> list[tuple[str, str, int]]:
    """(path, sha256, size) for every file in dist, sorted by path."""
    inventory = []
    for path in sorted(dist.rglob("*")):
        relative = path.relative_to(dist).as_posix()
        if path.is_file() and relative not in exclude:
            data = path.read_bytes()
            inventory.append((relative, hashlib.sha256(data).hexdigest(), len(data)))
    return inventory


# PyScript plug-ins the app uses; index.html's config turns the others off, so
# start-up neither waits for them nor ships a request for them.
PYSCRIPT_PLUGINS_USED = ("error",)  # boot.js watches its banner for Python errors


PYSCRIPT_STYLES = ("core.css",)
PYSCRIPT_STATIC_IMPORT = re.compile(r'from"\./([^"]+\.js)"')


def pyscript_modules_used(read_text: Callable[[str], str]) -> list[str]:
    """PyScript's modules the app loads, in load order: the entry core.js, what
    it imports statically, and the plug-ins left on with their static imports.

    The other dynamic imports (editor, terminal, TOML config, package graph)
    serve features index.html's config leaves off."""
    modules = ["core.js"]

    def add_static_imports(name: str) -> None:
        for imported in PYSCRIPT_STATIC_IMPORT.findall(read_text(name)):
            if imported not in modules:
                modules.append(imported)
                add_static_imports(imported)

    add_static_imports("core.js")
    bundle = "".join(read_text(name) for name in modules[1:])
    for plugin in PYSCRIPT_PLUGINS_USED:
        chunk = re.search(rf'{plugin}:\(\)=>import\("\./([^"]+\.js)"\)', bundle)
        if not chunk:
            raise BuildError(f"cannot find PyScript's {plugin!r} plug-in chunk in {modules[1:]}")
        if chunk.group(1) not in modules:
            modules.append(chunk.group(1))
            add_static_imports(chunk.group(1))
    return modules


def start_up_modules(dist: Path) -> list[str]:
    """The JS modules every start imports one after another, for the page to preload:
    PyScript's (see pyscript_modules_used), our interpreter wrapper and the Pyodide
    module it imports."""
    modules = [f"pyscript/{name}" for name in
               pyscript_modules_used(lambda name: (dist / "pyscript" / name).read_text(encoding="utf-8"))]
    modules += [INTERPRETER_WRAPPER, "pyodide/pyodide.mjs"]
    missing = [path for path in modules if not (dist / path).is_file()]
    if len(modules) < 4 or missing:
        raise BuildError(f"start-up modules not found in dist: {missing or modules}")
    return modules


# What PyScript fetches only once Pyodide has started (main.py, the [files] zip).
START_UP_FETCHES = (ENGINE_ZIP, "py/main.py")
BOOT_PRELOAD_TAG = re.compile(r'(<script type="application/json" id="boot-preload">)(.*?)(</script>)', re.DOTALL)
STATIC_HOME_TAG = re.compile(r'(<script type="application/json" id="static-home">)(.*?)(</script>)', re.DOTALL)
BOOT_FILES_TAG = re.compile(r'(<script type="application/json" id="boot-files">)(.*?)(</script>)', re.DOTALL)
SW_PLACEHOLDERS = ("__LUDOTECA_CACHE_NAME__", "__LUDOTECA_PRECACHE__")
CSP_PLACEHOLDER = "__LUDOTECA_CSP__"
# The tag itself, not the words: a comment may name the policy too.
CSP_META_TAG = re.compile(r'<meta\s+http-equiv="Content-Security-Policy"\s+content="[^"]+"\s*/?>', re.IGNORECASE)
INLINE_SCRIPT = re.compile(r"<script(?P<attributes>[^>]*)>(?P<body>.*?)</script>", re.DOTALL)
NOT_EXECUTED_SCRIPT_TYPES = ("application/json", "py", "mpy")
# The page may run only its own files and the inline scripts it ships (by hash);
# Pyodide compiles WebAssembly ('wasm-unsafe-eval'), nothing evaluates strings.
# Styles, images, fonts, fetches and workers come from the origin only; no
# plug-ins, frames, <base> or form posts. Inline style attributes are not
# allowed either: seat colours are classes.
CSP_TEMPLATE = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval' {hashes}; style-src 'self'; "
                "img-src 'self'; font-src 'self'; connect-src 'self'; worker-src 'self'; "
                "manifest-src 'self'; object-src 'none'; frame-src 'none'; child-src 'none'; "
                "base-uri 'none'; form-action 'none'")
# What the page can connect to follows a setting (a PeerJS server, ui/signaling.py), which a
# static policy cannot: the static <meta> leaves connect-src open and index.html's first
# inline script adds a second policy, "connect-src 'self'" plus that server's origins, before
# anything else runs (both policies apply, so the effective one is CSP_TEMPLATE's, and more
# only when a player set a server). A page without that writer would connect anywhere: refused.
STATIC_CSP_TEMPLATE = CSP_TEMPLATE.replace("connect-src 'self'", "connect-src *")
CONNECT_POLICY_WRITER = """policy.content = ["connect-src 'self'", ...origins].join(" ");"""


def content_security_policy(page: str) -> str:
    """The static CSP for `page`, with a hash for each inline script it executes (connect-src is
    the second policy's, which index.html's first inline script writes)."""
    hashes = []
    for match in INLINE_SCRIPT.finditer(page):
        attributes = match.group("attributes")
        kind = re.search(r'type="([^"]*)"', attributes)
        if "src=" in attributes or (kind and kind.group(1) in NOT_EXECUTED_SCRIPT_TYPES):
            continue
        digest = base64.b64encode(hashlib.sha256(match.group("body").encode("utf-8")).digest()).decode()
        hashes.append(f"'sha256-{digest}'")
    return STATIC_CSP_TEMPLATE.format(hashes=" ".join(hashes)).replace("  ", " ")


def static_home_screens() -> dict:
    """The app's home screen for an empty store, in each language, drawn by the app under CPython.

    index.html shows it while Python starts; Python then draws the same markup.
    """
    sys.path.insert(0, str(ROOT / "py"))
    from ludoteca.ui import screens
    from ludoteca.ui.app import App
    from ludoteca.ui.browser_api import Browser
    from ludoteca.ui.i18n import DEFAULT_LANGUAGE, LANGUAGES
    from ludoteca.ui.storage import SAVE_PREFIX, SETTINGS_KEY, MemoryStore

    class FirstVisit(Browser):
        def __init__(self, language: str):
            self.store, self.language = MemoryStore(), language

        def languages(self) -> list:
            return [self.language]

        def prefers_reduced_motion(self) -> bool:
            return False  # index.html's script switches to motion-off as the app would

    rendered = {language: screens.render_app(App(FirstVisit(language))) for language in LANGUAGES}
    if any("motion-on" not in markup or 'data-screen="home"' not in markup for markup in rendered.values()):
        raise BuildError("the app's home screen changed shape: review index.html's static home script")
    return {"screens": rendered, "fallback": DEFAULT_LANGUAGE, "savePrefix": SAVE_PREFIX, "settingsKey": SETTINGS_KEY}


def write_static_home(index: Path) -> None:
    page = index.read_text(encoding="utf-8")
    if not STATIC_HOME_TAG.search(page):
        raise BuildError('index.html lacks <script type="application/json" id="static-home"></script>')
    # "<" escaped: the markup holds comments and tags that must not end or confuse the script element.
    data = json.dumps(static_home_screens(), ensure_ascii=False, sort_keys=True).replace("<", "\\u003c")
    index.write_text(STATIC_HOME_TAG.sub(lambda m: m.group(1) + data + m.group(3), page, count=1), encoding="utf-8")


def finalize_dist(dist: Path, sw_template: Path = WEB / "sw.js", boot_files: tuple[str, ...] = BOOT_FILES) -> str:
    """Write the generated parts of an assembled dist; return the cache name.

    index.html gets the sizes of the files fetched at start-up (for the
    download bar), then sw.js gets the precache list and a cache name keyed on
    the content hash of everything else. Safe to run again after changing a
    file in dist (tests use that to publish a "new version").
    """
    index = dist / "index.html"
    sizes = {name: (dist / name).stat().st_size for name in boot_files}
    page = index.read_text(encoding="utf-8")
    if not BOOT_FILES_TAG.search(page):
        raise BuildError('index.html lacks <script type="application/json" id="boot-files"></script>')
    page = BOOT_FILES_TAG.sub(lambda m: m.group(1) + json.dumps(sizes, sort_keys=True) + m.group(3), page, count=1)
    if not BOOT_PRELOAD_TAG.search(page):
        raise BuildError('index.html lacks <script type="application/json" id="boot-preload"></script>')
    preload = json.dumps({"modules": start_up_modules(dist), "files": list(START_UP_FETCHES)})
    page = BOOT_PRELOAD_TAG.sub(lambda m: m.group(1) + preload + m.group(3), page, count=1)
    first_script = INLINE_SCRIPT.search(page)
    if first_script is None or CONNECT_POLICY_WRITER not in first_script.group("body"):
        raise BuildError("index.html's first inline script must write the connect-src policy")
    if page.count(CSP_PLACEHOLDER) == 1:
        page = page.replace(CSP_PLACEHOLDER, content_security_policy(page))
    elif not CSP_META_TAG.search(page):
        raise BuildError(f"index.html lacks its Content-Security-Policy meta tag ({CSP_PLACEHOLDER})")
    index.write_text(page, encoding="utf-8")

    template = sw_template.read_text(encoding="utf-8")
    # The worker's own code is in the key too: a new worker must never reuse
    # (and on a failed install, delete) the cache the running one serves from.
    shipped = file_inventory(dist, exclude={"sw.js"})
    cache_name = "ludoteca-" + content_hash(shipped, extra=template.encode())[:16]
    precache = [[relative, size, sha[:16]] for relative, sha, size in shipped]
    for placeholder in SW_PLACEHOLDERS:
        if template.count(placeholder) != 1:
            raise BuildError(f"{sw_template} must contain {placeholder} exactly once")
    worker = template.replace("__LUDOTECA_CACHE_NAME__", cache_name).replace(
        "__LUDOTECA_PRECACHE__", json.dumps(precache, separators=(",", ":"))
    )
    (dist / "sw.js").write_text(worker, encoding="utf-8")
    return cache_name


def python_string_values(source: bytes) -> list[str]:
    """The string constants of a module, without its docstrings."""
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)
    }
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


def find_remote_references(dist: Path) -> list[str]:
    """Every absolute URL in dist that something could fetch, zip archives included.

    Only NEVER_FETCHED_URLS may appear: the app must never load anything from
    outside its own origin, whichever host it would be.
    """
    found = []

    def scan(where: str, text: bytes) -> None:
        for match in ABSOLUTE_URL.finditer(text):
            if match.group() not in NEVER_FETCHED_URLS:
                found.append(f"{where}: {text[max(0, match.start() - 40):match.end() + 40]!r}")

    for path in sorted(dist.rglob("*")):
        if not path.is_file():
            continue
        label = path.relative_to(dist).as_posix()
        if path.suffix in TEXT_SUFFIXES:
            scan(label, path.read_bytes())
        elif path.suffix in (".zip", ".whl"):
            with zipfile.ZipFile(path) as archive:
                for name in archive.namelist():
                    if label == "pyodide/python_stdlib.zip":
                        if name.startswith(PYODIDE_STDLIB_PACKAGES) and name.endswith(".py"):
                            for value in python_string_values(archive.read(name)):
                                scan(f"{label}!{name}", value.encode())
                    elif name.endswith(TEXT_SUFFIXES):
                        scan(f"{label}!{name}", archive.read(name))
    return found


def build(dist: Path = DIST, *, quiet: bool = False) -> str:
    """Assemble dist/ from scratch; return the service worker cache name."""
    started = time.perf_counter()
    # Assemble beside dist/ and swap at the end: a failed build leaves the last good one.
    staging = dist.with_name(dist.name + ".partial")
    shutil.rmtree(staging, ignore_errors=True)
    try:
        shipped = {relative: rewrite_vendor_file(relative, source.read_bytes())
                   for relative, source in shipped_sources().items()}
        for relative, data in without_worker_hooks_eval(shipped).items():
            target = staging / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        bundles = [path.read_bytes() for path in (staging / "pyscript").glob("*.js")]
        (staging / GAME_STYLES).write_bytes(game_styles(ROOT / "py" / "ludoteca" / "games"))
        engine_zip = engine_zip_bytes(ROOT / "py" / "ludoteca", bundles, staging / "pyodide" / "python_stdlib.zip")
        (staging / ENGINE_ZIP).write_bytes(engine_zip)
        for size in ICON_PNG_SIZES:
            (staging / f"web/icons/icon-{size}.png").write_bytes(icon_png(size, maskable=False))
        (staging / "web/icons/icon-maskable-512.png").write_bytes(icon_png(512, maskable=True))
        write_static_home(staging / "index.html")
        cache_name = finalize_dist(staging)
        remote = find_remote_references(staging)
        if remote:
            raise BuildError("dist would reference URLs outside the app's origin:\n  " + "\n  ".join(remote))
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    shutil.rmtree(dist, ignore_errors=True)
    staging.rename(dist)
    if not quiet:
        total = sum(size for _, _, size in file_inventory(dist))
        log(f"built {dist.relative_to(ROOT) if dist.is_relative_to(ROOT) else dist} "
            f"({total / 1e6:.1f} MB, cache {cache_name}) in {time.perf_counter() - started:.1f} s")
    return cache_name


# --------------------------------------------------------------------------- icons
# A die showing five on a rounded tile, rasterised with analytic horizontal
# coverage over 4 sub-rows per pixel: fast enough to run on every build and
# byte-for-byte reproducible. web/icons/icon.svg draws the same geometry.


def _hex_rgb(color: str) -> tuple[int, int, int]:
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


def icon_shapes(size: int, maskable: bool) -> list[tuple[str, tuple, tuple[int, int, int]]]:
    """Shapes in paint order, in pixel units: ("rect", (x0, y0, x1, y1, r)) or ("circle", (cx, cy, r))."""
    s = size / 100.0  # the SVG is drawn on a 100x100 grid
    tile = ("rect", (0, 0, size, size, 0 if maskable else 22 * s), _hex_rgb(THEME_COLOR))
    # maskable icons get cropped to a circle of 80% diameter: keep the die inside
    die_half = 25 if maskable else 30
    lo, hi = (50 - die_half) * s, (50 + die_half) * s
    die = ("rect", (lo, lo, hi, hi, die_half * 0.28 * s), (250, 246, 236))
    pip_offset = die_half * 0.5
    pips = [
        ("circle", ((50 + dx * pip_offset) * s, (50 + dy * pip_offset) * s, die_half * 0.16 * s),
         _hex_rgb(ACCENT_COLOR) if (dx, dy) == (0, 0) else _hex_rgb(THEME_COLOR))
        for dx, dy in ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1))
    ]
    return [tile, die, *pips]


def _span(shape: str, geometry: tuple, y: float) -> tuple[float, float] | None:
    """Horizontal extent of a shape on the line at height y."""
    if shape == "circle":
        cx, cy, r = geometry
        if abs(y - cy) >= r:
            return None
        half = (r * r - (y - cy) ** 2) ** 0.5
        return cx - half, cx + half
    x0, y0, x1, y1, r = geometry
    if not y0 <= y < y1:
        return None
    inset = 0.0
    corner_depth = max(y0 + r - y, y - (y1 - r))
    if r and corner_depth > 0:
        inset = r - (r * r - corner_depth * corner_depth) ** 0.5
    return x0 + inset, x1 - inset


def icon_png(size: int, maskable: bool) -> bytes:
    sub_rows = 4
    shapes = icon_shapes(size, maskable)
    rows = []
    for y in range(size):
        row = bytearray(size * 4)  # straight RGBA
        for shape, geometry, color in shapes:
            spans = [_span(shape, geometry, y + (i + 0.5) / sub_rows) for i in range(sub_rows)]
            spans = [span for span in spans if span and span[1] > span[0]]
            if not spans:
                continue
            # pixels every sub-row covers completely get the flat colour at C speed
            solid_from = int(-(-max(a for a, _ in spans) // 1)) if len(spans) == sub_rows else size
            solid_to = int(min(b for _, b in spans)) if len(spans) == sub_rows else size
            if solid_from < solid_to:
                row[4 * solid_from:4 * solid_to] = bytes((*color, 255)) * (solid_to - solid_from)
            first = max(0, int(min(a for a, _ in spans)))
            last = min(size, int(max(b for _, b in spans)) + 1)
            for x in range(first, last):
                if solid_from <= x < solid_to:
                    continue
                coverage = sum(max(0.0, min(b, x + 1) - max(a, x)) for a, b in spans) / sub_rows
                if coverage <= 0:
                    continue
                k = 4 * x
                below = row[k + 3] / 255 * (1 - coverage)
                alpha = coverage + below
                for channel in range(3):
                    row[k + channel] = round((color[channel] * coverage + row[k + channel] * below) / alpha)
                row[k + 3] = round(alpha * 255)
        rows.append(b"\0" + bytes(row))  # PNG filter type 0 for each row

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")


# --------------------------------------------------------------------------- commands


def command_serve(port: int, host: str) -> int:
    sys.path.insert(0, str(TOOLS))
    from browser_harness import PortBusyError, StaticServer

    try:  # claim the port first: a busy port should fail before any work
        server = StaticServer(DIST, host=host, port=port, log_requests=True)
    except PortBusyError as error:
        raise BuildError(f"{error}. Stop the other server or pick another port: python3 build.py serve --port {port + 1}") from None
    except OSError as error:
        raise BuildError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
    try:
        ensure_node_modules()  # playing needs no test tooling
        build()
        log(f"serving {DIST.relative_to(ROOT)} on {server.url}  (Ctrl+C to stop)")
        server.serve_forever()
    except KeyboardInterrupt:
        log("stopped")
    finally:
        server.close()
    return 0


# The whole suite runs as four pytest processes at once, so neither core idles:
# the browser tests, in two shards (dealt by their expected seconds, see
# tests/browser/conftest.py; they mostly wait on Chromium, one page at a time),
# and the CPU-bound engine tests in two runs of about the same CPU time (the
# directories in ENGINE_SECOND_RUN, and the others), so that once the browser
# shards are done both cores finish the engine tests. The first browser shard
# prints as it goes; the other runs' reports go to their logs and are printed
# when they end. Each run lists its ten slowest tests, to show where the time goes.
BROWSER_TESTS = "tests/browser"
BROWSER_SHARDS = 2
ENGINE_TEST_LOG = ROOT / ".cache" / "engine-tests.log"
# About half of the engine tests' CPU (measured: 123 s of 237 s with the quick profile).
ENGINE_SECOND_RUN = ("tests/engine/conformance", "tests/engine/alphagon", "tests/engine/psychopath")
ENGINE_SECOND_LOG = ROOT / ".cache" / "engine-tests-2.log"
NO_TESTS_COLLECTED = 5
ENGINE_TESTS_NICENESS = 10
# The suite plays the random-game property tests in their quick profile;
# `pytest --full` plays them at full size, and `bench fuzz` thousands of games.


def browser_test_log(shard: int) -> Path:
    return ROOT / ".cache" / f"browser-tests-{shard}.log"


def command_test(pytest_args: list[str]) -> int:
    setup(browser=True)
    build()
    pytest = [str(VENV_PYTHON), "-m", "pytest"]
    explicit_paths = [arg for arg in pytest_args if not arg.startswith("-") and (ROOT / arg.split("::")[0]).exists()]
    if explicit_paths:
        log("$ " + " ".join(pytest + pytest_args))
        return _tests_outcome({"tests": subprocess.run(pytest + pytest_args, cwd=ROOT).returncode})
    second_run_ignored = [arg for path in ENGINE_SECOND_RUN for arg in ("--ignore", path)]
    engine_commands = [[*pytest, "tests", "--ignore", BROWSER_TESTS, *second_run_ignored, "--durations", "10",
                        *pytest_args],
                       [*pytest, *ENGINE_SECOND_RUN, "--durations", "10", *pytest_args]]
    browser_commands = [[*pytest, BROWSER_TESTS, "--shard", f"{shard}/{BROWSER_SHARDS}", "--durations", "10",
                         *pytest_args] for shard in range(1, BROWSER_SHARDS + 1)]
    logs = {"engine": ENGINE_TEST_LOG, "engine 2": ENGINE_SECOND_LOG,
            **{f"browser {shard}": browser_test_log(shard) for shard in range(2, BROWSER_SHARDS + 1)}}
    for path in logs.values():
        path.parent.mkdir(exist_ok=True)
    for path, command in zip(logs.values(), [*engine_commands, *browser_commands[1:]]):
        log(f"$ {' '.join(command)} > {path.relative_to(ROOT)} (printed when it ends)")
    log("$ " + " ".join(browser_commands[0]))
    background: dict[str, subprocess.Popen] = {}
    codes: dict[str, int] = {}
    try:
        for (name, path), command in zip(logs.items(), [*engine_commands, *browser_commands[1:]]):
            with open(path, "w", encoding="utf-8") as output:
                # Niced: the browser tests wait on timeouts, the engine tests only on CPU.
                niceness = ENGINE_TESTS_NICENESS if name.startswith("engine") else 0
                background[name] = subprocess.Popen(command, cwd=ROOT, stdout=output, stderr=subprocess.STDOUT,
                                                    preexec_fn=lambda niceness=niceness: os.nice(niceness))
        codes["browser 1"] = subprocess.run(browser_commands[0], cwd=ROOT).returncode
        for name, process in background.items():
            if process.poll() is None:
                log(f"browser tests done; waiting for the {name} tests")
            codes[name] = process.wait()
    finally:
        for process in background.values():
            if process.poll() is None:  # interrupted: stop the other runs too
                process.terminate()
                process.wait()
    for name, path in logs.items():
        log(f"{name} tests ({path.relative_to(ROOT)}):")
        print(path.read_text(encoding="utf-8"), flush=True)
    return _tests_outcome(codes)


def _tests_outcome(codes: dict) -> int:
    """1 when a run failed, or when no run collected a test; else 0."""
    failed = {name: code for name, code in codes.items() if code not in (0, NO_TESTS_COLLECTED)}
    for name, code in failed.items():
        log(f"{name} tests failed (pytest exit code {code})")
    if failed:
        return 1
    if all(code == NO_TESTS_COLLECTED for code in codes.values()):
        log("pytest collected no tests: treating that as a failure")
        return 1
    return 0


def command_bench(arguments: list[str]) -> int:
    """`bench [NAME ...] [-- ARGS]`: run bench_NAME.py (all when none named), passing ARGS on."""
    names, extra = (arguments[: arguments.index("--")], arguments[arguments.index("--") + 1:]) \
        if "--" in arguments else (arguments, [])
    scripts = sorted(TOOLS.glob("bench_*.py"))
    if names:
        wanted = {f"bench_{name.removeprefix('bench_').removesuffix('.py')}.py" for name in names}
        unknown = wanted - {script.name for script in scripts}
        if unknown:
            raise BuildError(f"no such bench: {', '.join(sorted(unknown))} (have: {', '.join(s.name for s in scripts)})")
        scripts = [script for script in scripts if script.name in wanted]
    if not scripts:
        raise BuildError(f"no bench scripts in {TOOLS}")
    setup(browser=True)
    build()
    failed = []
    for script in scripts:
        log(f"== {script.relative_to(ROOT)}")
        code = subprocess.run([str(VENV_PYTHON), str(script), "--dist", str(DIST), *extra], cwd=ROOT).returncode
        if code != 0:
            failed.append(f"{script.name} (exit {code})")
    if failed:
        log("bench failures: " + ", ".join(failed))
        return 1
    return 0


def command_words(extra_args: list[str]) -> int:
    script = TOOLS / "wordlists.py"
    if not script.exists():
        raise BuildError(f"{script.relative_to(ROOT)} does not exist yet")
    return subprocess.run([sys.executable, str(script), *extra_args], cwd=ROOT).returncode


# --------------------------------------------------------------------------- new-game

EXAMPLE_GAME = "council"  # the worked example of a minimal game, copied by new-game
GAME_ID = re.compile(r"[a-z][a-z0-9]{2,19}")
PACKAGE_DOCSTRING = re.compile(r'\A""".*?"""', re.S)


def new_game(game_id: str, root: Path = ROOT) -> list[Path]:
    """Copies Council's package and tests into `py/ludoteca/games/<id>/` and
    `tests/engine/<id>/`, renamed: a game that meets the contract (games/game_ui.py)
    and passes the conformance suite once registered. Returns the files written."""
    if not GAME_ID.fullmatch(game_id):
        raise BuildError(f"{game_id!r}: a game id is 3 to 20 lower-case letters and digits, starting with a letter")
    games, tests = root / "py" / "ludoteca" / "games", root / "tests" / "engine"
    targets = {games / EXAMPLE_GAME: games / game_id, tests / EXAMPLE_GAME: tests / game_id}
    taken = [str(target) for target in targets.values() if target.exists()]
    if taken:
        raise BuildError(f"{', '.join(taken)} already exist(s)")
    title = game_id.capitalize()

    def renamed(text: str) -> str:
        return text.replace("Consiglio", title).replace("Council", title).replace("council", game_id)

    written = []
    for source_dir, target_dir in targets.items():
        for path in sorted(source_dir.rglob("*")):
            if not path.is_file() or "__pycache__" in path.parts:
                continue
            text = renamed(path.read_text(encoding="utf-8"))
            if path == source_dir / "__init__.py" and source_dir.parent == games:
                text = PACKAGE_DOCSTRING.sub(
                    f'"""{title}: (say in a line what the game is).\n\nStarted as a copy of Council, the worked'
                    f" example: make its rules this game's.\nThe home screen needs only this light metadata;"
                    f' the rules and the AI load\nthe first time something asks for them.\n"""', text, count=1)
            target = target_dir / renamed(path.relative_to(source_dir).as_posix())
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            written.append(target)
    return written


def command_new_game(game_id: str) -> int:
    written = new_game(game_id)
    log(f"wrote {len(written)} files: py/ludoteca/games/{game_id}/ and tests/engine/{game_id}/, copied from Council")
    print(f"""Next (the contract: py/ludoteca/games/game_ui.py; README, "Adding a game"):
  1. make it your game: rules.py, ai.py, ui.py, the metadata in __init__.py, RULES*.md and RULINGS*.md,
     and its tests in tests/engine/{game_id}/;
  2. add "{game_id}" to PLAYABLE in py/ludoteca/games/registry.py;
  3. write its golden playthroughs, then review them:
     .venv/bin/python -m pytest --regen-golden tests/engine/conformance/test_golden.py -k {game_id}
  4. .venv/bin/python -m pytest tests/engine/conformance tests/engine/{game_id} -q""")
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("setup", help="install node_modules, .venv and Chromium")
    commands.add_parser("build", help="assemble dist/")
    serve = commands.add_parser("serve", help="build and serve dist/ on http://127.0.0.1:PORT")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--host", default="127.0.0.1", help="address to bind (default: loopback only)")
    commands.add_parser("test", help="build and run pytest (extra arguments go to pytest)", add_help=False)
    commands.add_parser("bench", help="build and run py/tools/bench_*.py; `bench boot -- --runs 9`", add_help=False)
    commands.add_parser("words", help="regenerate word lists (py/tools/wordlists.py)", add_help=False)
    new = commands.add_parser("new-game", help="a new game folder and its tests, copied from Council")
    new.add_argument("game_id", help="the new game's id: lower-case letters and digits")
    args, rest = parser.parse_known_args(argv)
    if rest and args.command not in ("test", "bench", "words"):
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    try:
        if args.command == "setup":
            setup(browser=True)
            return 0
        if args.command == "build":
            ensure_node_modules()
            build()
            return 0
        if args.command == "serve":
            return command_serve(args.port, args.host)
        if args.command == "test":
            return command_test(rest)
        if args.command == "bench":
            return command_bench(rest)
        if args.command == "new-game":
            return command_new_game(args.game_id)
        return command_words(rest)
    except BuildError as error:
        print(f"[build] error: {error}", file=sys.stderr, flush=True)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
