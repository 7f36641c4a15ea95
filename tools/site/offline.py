"""The service worker: which files the page needs offline, and Workbox to precache them.

Workbox (``workbox-build``, pinned in package-lock.json) writes ``_site/sw.js`` from the
list below; each entry is keyed by a hash of the file's content, so a new build fetches
exactly what changed, and a worker only ever serves the files of its own build (the old
one keeps serving the old build, whole, until the player reloads into the new one).

The PyScript chunks are named without their hashes: they are the ones the page loads
(traced in Chromium; tests/e2e/test_offline.py fails if the page requests a file this
list leaves out).

>>> unmatched(["index.html", "static/vendor/pyscript/core-*.js"], ["index.html"])
['static/vendor/pyscript/core-*.js']
"""

from __future__ import annotations

import fnmatch
import json
import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
SERVICE_WORKER = "sw.js"
SW_BUILD = ROOT / "tools" / "sw_build.mjs"
MANIFEST = "manifest.webmanifest"

PYSCRIPT_CHUNKS = (
    "core",
    "toml",
    "deprecations-manager",
    "donkey",
    "error",
    "py-editor",  # the hooks of <py-editor>, <py-game>, <py-terminal>: imported by core
    "py-game",  # even when the page has none (their heavy parts, codemirror and xterm,
    "py-terminal",  # are not)
)
PRECACHE = (
    "index.html",
    "main.py",
    "pyscript.toml",
    "python.zip",
    MANIFEST,
    "static/style.css",
    "static/skeleton.js",
    "static/sw-register.js",
    "static/pyodide-boot.mjs",
    "static/pyodide-snapshot.bin.gz",
    "static/icons/*.png",
    "static/vendor/pyscript/core.css",
    "static/vendor/pyscript/core.js",
    *(f"static/vendor/pyscript/{chunk}-*.js" for chunk in PYSCRIPT_CHUNKS),
    "static/vendor/pyodide/pyodide.mjs",
    "static/vendor/pyodide/pyodide.asm.mjs",
    "static/vendor/pyodide/pyodide.asm.wasm",
    "static/vendor/pyodide/python_stdlib.zip",
    "static/vendor/pyodide/pyodide-lock.json",
)
"""Glob patterns, relative to _site/, of every file the page needs to start and play."""


class ServiceWorkerError(Exception):
    """The service worker could not be written; the message says why."""


def unmatched(patterns: Iterable[str], names: Iterable[str]) -> list[str]:
    """The patterns that match none of ``names``: a renamed file the page would miss."""
    names = list(names)
    return [p for p in patterns if not fnmatch.filter(names, p)]


def write_service_worker(site: Path, names: Iterable[str]) -> str:
    """Write ``site/sw.js`` precaching :data:`PRECACHE`; return Workbox's one-line summary."""
    missing = unmatched(PRECACHE, names)
    if missing:
        raise ServiceWorkerError(f"no file in _site/ for precache pattern(s): {missing}")
    node = shutil.which("node")
    if node is None:
        raise ServiceWorkerError("node is not on PATH: install Node 20 (it runs workbox-build)")
    config = json.dumps({"site": str(site), "patterns": list(PRECACHE)})
    done = subprocess.run(
        [node, str(SW_BUILD), config], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise ServiceWorkerError(f"{SW_BUILD.name} failed:\n{done.stderr.strip()}")
    summary: dict[str, int] = json.loads(done.stdout)
    return f"{summary['count']} files precached, {summary['size'] / 1e6:.1f} MB"
