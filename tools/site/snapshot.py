"""The Pyodide memory snapshot the page starts from: which modules it holds, and making it.

tools/snapshot.mjs boots the pinned Pyodide in Node, imports the modules below from our
archive and writes the interpreter's memory; static/pyodide-boot.mjs restores it in the
browser when the network is fast enough for its download to pay (a player's device
otherwise makes its own, with the same modules: static/python-snapshot.mjs). A
snapshot cannot hold references to JavaScript objects, so it takes only the pure-Python
modules: engine/, play/, and the modules of web/ that import neither the
browser (``js``, ``pyodide``, ``pyscript``) nor a web module that does.

Making one takes several seconds, so it is kept in node_modules/.cache/ under a hash of
everything it depends on (the archive, the runtime's files, the list, the script).

>>> pure_modules({"web.app": {"pyscript", "web.board.render"}, "web.board.render": {"engine"},
...               "web.board.view": {"web.app"}}, ["web.app", "web.board.render", "web.board.view"])
['web.board.render']
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import json
import shutil
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
SCRIPT = ROOT / "tools" / "snapshot.mjs"
MAKER = ROOT / "static" / "snapshot-maker.mjs"
CACHE = ROOT / "node_modules" / ".cache" / "pyodide-snapshot"
SNAPSHOT = "static/pyodide-snapshot.bin.gz"
"""Where the snapshot is in _site/: next to static/pyodide-boot.mjs, which fetches it.
Gzipped by the build (31 MB of interpreter memory, mostly zeros, becomes about 6 MB): a
static host such as GitHub Pages does not compress a binary file on the way."""
BROWSER_ONLY = ("js", "pyodide", "pyscript")
BROWSER_DOOR = "web.page.browser"
"""The one module of ours that imports the browser, and only when an attribute is first
read in the page (a module ``__getattr__``): importing it touches nothing, so its own
imports do not keep a module out of the snapshot."""
PACKAGES = ("engine", "play", "web")


class SnapshotError(Exception):
    """The snapshot could not be made; the message says why."""


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """Every module a source file imports, at any depth of its code."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def pure_modules(imports: Mapping[str, set[str]], names: Iterable[str]) -> list[str]:
    """The names whose imports, followed through ``imports``, never reach the browser."""
    tainted: set[str] = set()
    changed = True
    while changed:
        changed = False
        for name, used in imports.items():
            if name in tainted:
                continue
            roots = {u.split(".")[0] for u in used}
            if roots & set(BROWSER_ONLY) or used & tainted:
                tainted.add(name)
                changed = True
    return sorted(n for n in names if n not in tainted)


def pyscript_stdlib() -> list[str]:
    """The standard library PyScript's own package imports at start (``html``, ``json``,
    ``inspect``...): pure Python, so the snapshot holds them imported, and PyScript's
    ``import pyscript`` on every start finds them there (``html`` and its table of entities
    alone were 25 ms of a second visit, measured in Chromium)."""
    from tools.site.imports import imports_of_source
    from tools.site.pyscript_python import pyscript_package

    found: set[str] = set()
    for name, source in pyscript_package().items():
        found |= {n.split(".")[0] for n in imports_of_source(source, f"pyscript.{name[:-3]}")}
    return sorted(found & sys.stdlib_module_names)


def snapshot_modules() -> list[str]:
    """The modules the snapshot imports: every one of ours that does not touch the browser,
    then what PyScript's package needs of the standard library (:func:`pyscript_stdlib`)."""
    return ours_in_snapshot() + pyscript_stdlib()


def ours_in_snapshot() -> list[str]:
    """Our modules the snapshot imports: every one that does not touch the browser."""
    sources = {
        module_name(path): path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if "__pycache__" not in path.parts
    }
    imports = {
        name: set() if name == BROWSER_DOOR else imports_of(path) for name, path in sources.items()
    }
    return pure_modules(imports, sources)


def _digest(archive: bytes, runtime: Iterable[Path], modules: list[str]) -> str:
    digest = hashlib.sha256(archive)
    for path in (*runtime, SCRIPT, MAKER):
        digest.update(path.read_bytes())
    digest.update(json.dumps(modules).encode())
    return digest.hexdigest()[:32]


def make_snapshot(archive: bytes, runtime: list[Path], out: Path) -> str:
    """Write the snapshot for ``archive`` to ``out`` (made, or taken from the cache), with
    the runtime files ``runtime`` (python_stdlib.zip among them)."""
    modules = snapshot_modules()
    cached = CACHE / f"{_digest(archive, runtime, modules)}.bin.gz"
    if cached.is_file():
        shutil.copyfile(cached, out)
        return f"{len(modules)} modules, {out.stat().st_size / 1e6:.1f} MB (cached)"
    node = shutil.which("node")
    if node is None:
        raise SnapshotError("node is not on PATH: install Node 20 (it makes the snapshot)")
    CACHE.mkdir(parents=True, exist_ok=True)
    staged = CACHE / "archive.zip"
    staged.write_bytes(archive)
    raw = CACHE / "snapshot.bin"
    stdlib = next(path for path in runtime if path.name == "python_stdlib.zip")
    config = json.dumps(
        {"archive": str(staged), "stdlib": str(stdlib), "modules": modules, "out": str(raw)}
    )
    done = subprocess.run(
        [node, str(SCRIPT), config], cwd=ROOT, capture_output=True, text=True, check=False
    )
    staged.unlink()
    if done.returncode != 0 or not raw.is_file():
        lines = (done.stderr or done.stdout).strip().splitlines()
        raise SnapshotError(f"{SCRIPT.name} failed: {' / '.join(lines[-3:])[:600]}")
    # mtime=0: the same snapshot gives the same bytes, so the worker's hash stays put.
    cached.write_bytes(gzip.compress(raw.read_bytes(), compresslevel=6, mtime=0))
    raw.unlink()
    for old in CACHE.glob("*.gz"):  # keep the cache to the one snapshot in use
        if old != cached:
            old.unlink()
    shutil.copyfile(cached, out)
    return f"{len(modules)} modules, {out.stat().st_size / 1e6:.1f} MB"
