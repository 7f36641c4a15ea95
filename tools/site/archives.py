"""The zips of Python the site serves: our own code, and the packages loaded on demand.

- ``python.zip``: every ``*.py`` of engine/, play/ and web/, each with its bytecode from
  Pyodide's own Python beside it (:mod:`tools.site.compile`), so the page compiles none of
  them and fetches one file instead of one per module, and the stubs of the lazy faces
  (``__init__.pyi``, read by :func:`play.face`);
- ``static/vendor/sweeping_view.zip``: the replay file reader, as installed here (a pure
  package, imported from the zip as it is), fetched when a replay file first comes;
- ``static/vendor/fsrs.zip``: Practice's scheduler (``fsrs``, and ``typing_extensions``,
  which it imports), compiled as our own code is, fetched when Practice first opens.

Each holds the same bytes for the same sources (every entry dated 1980-01-01), so a build
that changed nothing changes no file, and each package's zip carries its licences. The
compiled ones are cached under node_modules/.cache/: compiling starts Pyodide in Node.
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from pathlib import Path

from tools.site.compile import COMPILER, OUR_LAYOUT, compile_zip
from tools.site.paths import NODE_MODULES, PYODIDE_DIR, ROOT, source_files
from tools.site.stdlib import reader_sources, scheduler_sources

_DATE = (1980, 1, 1, 0, 0, 0)
"""Every entry's date: the zips' bytes depend on their sources only."""

PYTHON_PACKAGES = ("engine", "play", "web")
ARCHIVE = "python.zip"
ARCHIVE_CACHE = NODE_MODULES / ".cache" / "python-archive"


def python_sources() -> bytes:
    """engine/, play/ and web/ as one zip of sources: the same bytes for the same sources.
    A lazy package's face is a stub beside its ``__init__.py``, which :func:`play.face` reads
    at run time: the stubs go in as they are (the compiler passes all but ``.py`` through)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for package in PYTHON_PACKAGES:
            sources = source_files(ROOT / package, "*.py") + source_files(ROOT / package, "*.pyi")
            for src in sorted(sources):
                info = zipfile.ZipInfo(src.relative_to(ROOT).as_posix(), date_time=_DATE)
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, src.read_bytes())
    return buffer.getvalue()


def python_archive() -> bytes:
    """python.zip: our sources, each with its bytecode from Pyodide's Python beside it
    (tools/site/compile.py), so the page compiles none of them; cached in ARCHIVE_CACHE."""
    return compiled(python_sources(), ARCHIVE_CACHE, OUR_LAYOUT)


def compiled(sources: bytes, cache: Path, layout: dict[str, object]) -> bytes:
    """The zip of ``sources`` compiled by Pyodide's Python (tools/site/compile.py), kept in
    ``cache`` under a hash of the sources, the compiler and the runtime: making it starts
    Pyodide in Node, a few seconds."""
    runtime = (PYODIDE_DIR / "package.json").read_bytes()
    key = hashlib.sha256(sources + COMPILER.encode() + runtime).hexdigest()[:16]
    cached = cache / f"{key}.zip"
    if cached.is_file():
        return cached.read_bytes()
    data = compile_zip(sources, cache, layout)
    cache.mkdir(parents=True, exist_ok=True)
    for old in cache.glob("*.zip"):  # keep the cache to the one archive in use
        old.unlink()
    partial = cached.with_suffix(".part")
    partial.write_bytes(data)
    partial.replace(cached)
    return data


READER_ARCHIVE = "static/vendor/sweeping_view.zip"
"""The replay file reader (web/dialogs/replays/review_files.py loads it when a file needs it, from
here)."""


def reader_archive() -> bytes:
    """The pinned sweeping-view package as installed here, zipped for zipimport (a pure
    package: the page imports it from the zip as it is), with its licence (MIT)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        sources = reader_sources()
        for name, src in sorted(sources.items()):
            path = name.replace(".", "/") + ("/__init__.py" if src.name == "__init__.py" else ".py")
            info = zipfile.ZipInfo(path, date_time=_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, src.read_bytes(), compresslevel=9)
        folder = next(iter(sources.values())).parent
        for licence in sorted(folder.parent.glob("sweeping_view-*.dist-info/LICENSE*")):
            info = zipfile.ZipInfo(f"sweeping_view/{licence.name}", date_time=_DATE)
            archive.writestr(info, licence.read_bytes())
    return buffer.getvalue()


SCHEDULER_ARCHIVE = "static/vendor/fsrs.zip"
"""Practice's scheduler (web/dialogs/practice/dialog.py loads it when Practice first opens)."""
SCHEDULER_CACHE = NODE_MODULES / ".cache" / "scheduler-archive"
SCHEDULER_LAYOUT = {"prefix": "/tmp/fsrs.zip/", "optimize": 0, "docstrings": True}
"""Compiled as our archive is, docstrings kept (typing_extensions copies some at run time)."""


def scheduler_archive() -> bytes:
    """The pinned fsrs package (and typing_extensions, which it imports) as installed here,
    compiled by Pyodide's Python as our own archive is (importing typing_extensions from its
    source took the page a 2-second task), with their licences (MIT; PSF); cached in
    SCHEDULER_CACHE."""
    buffer = io.BytesIO()
    files: dict[str, bytes] = {}
    for name, src in scheduler_sources().items():
        package = src.name == "__init__.py"
        files[name.replace(".", "/") + ("/__init__.py" if package else ".py")] = src.read_bytes()
        if package or "." not in name:
            site = src.parent.parent if package else src.parent
            for licence in sorted(site.glob(f"{name}-*.dist-info/licenses/*")):
                files[f"licences/{name}-{licence.name}"] = licence.read_bytes()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, content in sorted(files.items()):
            info = zipfile.ZipInfo(path, date_time=_DATE)
            archive.writestr(info, content, zipfile.ZIP_DEFLATED, 9)
    return compiled(buffer.getvalue(), SCHEDULER_CACHE, SCHEDULER_LAYOUT)
