"""The service worker: which files the page needs offline, and writing ``_site/sw.js``.

The worker is our own (tools/site/sw.js, a template): it keeps each file under the
SHA-256 the build computed, in a cache named after the build, and fills that cache from
the responses the page has already fetched, so a first visit downloads every file once.
Workbox wrote it before; its precache refetched everything with ``cache: "reload"``,
which doubled a first visit's bytes (tools/site/sw.js says more).

The list is what the page loads (traced in Chromium; tests/e2e/test_offline.py fails if
the page requests a file this list leaves out). The build's memory snapshot is not kept
here: the page stores the snapshot it starts from itself (static/python-snapshot.mjs).

>>> unmatched(["index.html", "static/icons/*.png"], ["index.html"])
['static/icons/*.png']
>>> build_id({"index.html": "ab" * 32}) == build_id({"index.html": "ab" * 32})
True
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
SERVICE_WORKER = "sw.js"
TEMPLATE = Path(__file__).with_name("sw.js")
MANIFEST = "manifest.webmanifest"


def page_pyscript_files(page: Path = ROOT / "index.html") -> tuple[str, ...]:
    """PyScript's files the page loads, as index.html names them (its script and the chunks
    it preloads: the core, the TOML parser and the error plugin; the other plugins are off
    in pyscript.toml). By name, hashes and all: a pattern such as ``toml-*.js`` also kept
    the TOML chunk of PyScript's editor, which the page never loads (6 KB more for every
    first visit)."""
    names = re.findall(r'(?:src|href)="\./(static/vendor/pyscript/[^"]+)"', page.read_text())
    return tuple(sorted(set(names)))


PRECACHE = (
    "index.html",
    "main.py",
    "pyscript.toml",
    "python.zip",
    MANIFEST,
    "static/style.css",
    "static/*.js",
    "static/*.mjs",
    "static/icons/*.png",
    *page_pyscript_files(),
    "static/vendor/pyodide/pyodide.mjs",
    "static/vendor/pyodide/pyodide.asm.mjs",
    "static/vendor/pyodide/pyodide.asm.wasm",
    "static/vendor/pyodide/python_stdlib.zip",
    "static/vendor/pyodide/pyodide-lock.json",
    "static/vendor/sweeping_view.zip",  # the replay file reader: loaded by a file's review
    "static/vendor/fsrs.zip",  # Practice's scheduler: loaded when Practice first opens
    "bots/*.py",  # the bot lab's samples: fetched when picked
)
"""Glob patterns, relative to _site/, of every file the page needs to start and play, and
to review a replay file offline."""


class ServiceWorkerError(Exception):
    """The service worker could not be written; the message says why."""


def matches(name: str, pattern: str) -> bool:
    """Whether the path ``name`` matches the glob ``pattern``, where ``*`` never crosses a
    ``/`` (so ``static/*.js`` is not the vendored runtime).

    >>> matches("static/a.js", "static/*.js"), matches("static/vendor/b.js", "static/*.js")
    (True, False)
    """
    parts, globs = name.split("/"), pattern.split("/")
    return len(parts) == len(globs) and all(map(fnmatch.fnmatchcase, parts, globs))


def unmatched(patterns: Iterable[str], names: Iterable[str]) -> list[str]:
    """The patterns that match none of ``names``: a renamed file the page would miss."""
    names = list(names)
    return [p for p in patterns if not any(matches(n, p) for n in names)]


def kept_files(names: Iterable[str]) -> list[str]:
    """The names :data:`PRECACHE` matches, sorted.

    >>> kept_files(["static/a.js", "static/vendor/x.js", "index.html", "bench/bare.html"])
    ['index.html', 'static/a.js']
    """
    return sorted(n for n in names if any(matches(n, p) for p in PRECACHE))


def file_hashes(site: Path, names: Iterable[str]) -> dict[str, str]:
    """The SHA-256, in hex, of each named file of ``site``."""
    return {name: hashlib.sha256((site / name).read_bytes()).hexdigest() for name in names}


def build_id(hashes: Mapping[str, str]) -> str:
    """A short name for one build: the hash of its files' hashes."""
    text = json.dumps(dict(sorted(hashes.items())), separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def worker_source(build: str, hashes: Mapping[str, str]) -> str:
    """The text of sw.js for a build keeping ``hashes``."""
    template = TEMPLATE.read_text(encoding="utf-8")
    for placeholder in ('"%BUILD%"', '"%FILES%"'):
        if template.count(placeholder) != 1:
            raise ServiceWorkerError(f"{TEMPLATE.name} must hold {placeholder} once")
    files = json.dumps(dict(sorted(hashes.items())), separators=(",", ":"))
    return template.replace('"%BUILD%"', json.dumps(build)).replace('"%FILES%"', files)


def write_service_worker(site: Path, names: Iterable[str]) -> str:
    """Write ``site/sw.js`` keeping what :data:`PRECACHE` matches among ``names``; return a
    one-line summary."""
    names = list(names)
    missing = unmatched(PRECACHE, names)
    if missing:
        raise ServiceWorkerError(f"no file in _site/ for precache pattern(s): {missing}")
    hashes = file_hashes(site, kept_files(names))
    (site / SERVICE_WORKER).write_text(worker_source(build_id(hashes), hashes), encoding="utf-8")
    size = sum((site / name).stat().st_size for name in hashes)
    return f"{len(hashes)} files kept offline, {size / 1e6:.1f} MB"


def kept_by_worker(site: Path) -> dict[str, str]:
    """The files, and their hashes, that the built ``site/sw.js`` keeps."""
    text = (site / SERVICE_WORKER).read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith("const FILES = "))
    files: dict[str, str] = json.loads(line.removeprefix("const FILES = ").split("; //")[0])
    return files
