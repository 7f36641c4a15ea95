"""A trimmed ``python_stdlib.zip``: only the standard library the page can reach.

Pyodide's ``python_stdlib.zip`` (2.5 MB, already deflated) holds the whole standard library
plus Pyodide's own ``pyodide`` and ``_pyodide`` packages. The site serves, at the same URL,
a zip of the modules the page can reach: the closure of imports, found statically with
:mod:`ast` over the zip's own sources (Python 3.14 read by the build's 3.11: the few files
3.11 cannot parse are scanned line by line instead), from these roots:

- every module our code imports (``engine/``, ``play/``, ``web/``, ``main.py``), and every
  module the replay file reader the page loads on demand imports (:data:`READERS`);
- PyScript's Python: the ``pyscript`` package it writes into the interpreter at start and
  the snippets it runs, all embedded as strings in ``@pyscript/core/dist/*.js``;
- Pyodide's own ``pyodide`` and ``_pyodide`` packages, and what Python's start-up and
  Pyodide's JavaScript import (:data:`STARTUP`);
- the modules imported by a name made at run time or from C code, which no ``import``
  statement shows (:data:`HIDDEN`, each with the reason).

Imports inside functions and ``try`` blocks count: a lazy import is reachable. Not
followed: a branch that cannot run in Pyodide (``if __name__ == "__main__":``, ``if
sys.platform == "win32":``, see :func:`branch`), the body of a private function or of a
command-line ``main()`` that only such dead code calls (:func:`parse_imports`), and the
few lazy imports of :data:`CUTS` (``help()``'s pydoc, the REPL's _pyrepl,
multiprocessing...), each checked by tests/test_stdlib.py.

Last, Pyodide's own Python compiles each kept module, in Node, and the zip holds the
``.pyc`` files instead of the sources (:data:`COMPILE` says why). The zip is made again
only when an input changes (the full zip, Pyodide's runtime, PyScript's files, this
module, and what our code imports from the standard library): it is kept in
node_modules/.cache/stdlib/ under a hash of them.

    python -m tools.site.stdlib        (what is kept, and the sizes before and after)

The import graph and its closure from the roots are :mod:`tools.site.stdlib_graph`'s.

>>> sorted(imports_of_source("from . import sub\\nfrom .x import y", "pkg.mod"))
['pkg', 'pkg.sub', 'pkg.x', 'pkg.x.y']
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import io
import json
import sys
import zipfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from tools.site.compile import (
    StdlibError,
    compile_zip,
)
from tools.site.imports import (
    ATTRIBUTE,
    CLI_NAMES,
    imports_of_source,
    module_of,
)
from tools.site.paths import NODE_MODULES, PYODIDE_DIR, PYSCRIPT_DIST, ROOT
from tools.site.pyscript_python import (
    pyscript_python,
)
from tools.site.stdlib_graph import closure, read_graph, roots, zip_sources
from tools.site.stdlib_rules import (
    CUTS,
)

FULL_ZIP = PYODIDE_DIR / "python_stdlib.zip"
CACHE = NODE_MODULES / ".cache" / "stdlib"
OUR_CODE = ("engine", "play", "web", "main.py")
COMPILE = True
"""Serve ``.pyc`` compiled by Pyodide's own Python in Node, not ``.py``: zipimport then
skips compiling, where a normal boot spends most of its time. Measured in Chromium, first
visit (a normal boot: on a slow network the page does not fetch the build's snapshot),
medians of two runs: ready in 9.6-12.7 s instead of 14.4-18.4 s over Fast 4G with the
CPU slowed 4x, 7.8 s instead of 8.4-9.0 s over Fast 4G, 1.6 s instead of 2.9 s
unthrottled; from the build's snapshot, 1.33 s instead of 1.39 s. The zip grows from 1.1
to 2.1 MB (the full one is 2.5 MB); the build's snapshot shrinks from 6.3 to 5.3 MB. A
traceback shows no source line for a frame of the standard library.

Compiled as ``python -OO -X no_debug_ranges`` would: no docstrings or asserts, and no
column table (only a traceback's carets used it). That takes the zip from 2.11 to
1.37 MB, against 1.12 MB for the sources: the speed of ``.pyc`` for 0.25 MB more. The
game's own archive (python.zip, :mod:`tools.site.archives`) is compiled apart, its asserts
kept (:data:`tools.site.compile.OUR_LAYOUT`)."""

# --- our code -----------------------------------------------------------------------------


def our_sources(root: Path = ROOT) -> dict[str, Path]:
    """Our modules (``engine.board`` -> its path): engine/, play/, web/ and main.py."""
    sources: dict[str, Path] = {}
    for item in OUR_CODE:
        path = root / item
        for file in [path] if path.is_file() else sorted(path.rglob("*.py")):
            if "__pycache__" not in file.parts:
                parts = file.relative_to(root).with_suffix("").parts
                sources[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = file
    return sources


READERS = ("sweeping_view",)
"""Pure-Python packages the page loads from its own origin when it needs them (the replay
file reader: tools/build_site.py serves it as ``static/vendor/sweeping_view.zip``): what they
import from the standard library must be kept too."""


def reader_sources() -> dict[str, Path]:
    """The modules of :data:`READERS` as installed here (``sweeping_view.rmv`` -> its path);
    :class:`StdlibError` when one is missing."""
    sources: dict[str, Path] = {}
    for package in READERS:
        spec = importlib.util.find_spec(package)
        if spec is None or not spec.submodule_search_locations:
            raise StdlibError(
                f"the {package} package is missing: pip install -r requirements-dev.lock"
            )
        folder = Path(next(iter(spec.submodule_search_locations)))
        for file in sorted(folder.rglob("*.py")):
            parts = (package, *file.relative_to(folder).with_suffix("").parts)
            sources[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = file
    return sources


SCHEDULER = ("fsrs", "typing_extensions")
"""The spaced-repetition scheduler Practice loads from its own origin when first opened
(tools/build_site.py serves it as ``static/vendor/fsrs.zip``), with the module it imports:
what they import from the standard library must be kept too."""
SCHEDULER_LEFT_OUT = frozenset({"fsrs.optimizer"})
"""fsrs's optimizer (torch, numpy, pandas: fitting a deck's parameters), which the game never
imports: neither shipped nor followed."""


def scheduler_sources() -> dict[str, Path]:
    """The modules of :data:`SCHEDULER` as installed here (``fsrs.card`` -> its path), but
    :data:`SCHEDULER_LEFT_OUT`; :class:`StdlibError` when one is missing."""
    sources: dict[str, Path] = {}
    for name in SCHEDULER:
        spec = importlib.util.find_spec(name)
        if spec is None or spec.origin is None:
            raise StdlibError(f"the {name} module is missing: pip install -r requirements-dev.lock")
        origin = Path(spec.origin)
        if not spec.submodule_search_locations:
            sources[name] = origin
            continue
        for file in sorted(origin.parent.rglob("*.py")):
            parts = (name, *file.relative_to(origin.parent).with_suffix("").parts)
            module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            if module not in SCHEDULER_LEFT_OUT:
                sources[module] = file
    return sources


def our_imports(root: Path = ROOT) -> set[str]:
    """Every name our code may import (absolute; our own modules, and the readers' and the
    scheduler's modules with what they import, included)."""
    found: set[str] = set()
    for name, path in scheduler_sources().items():
        # Only its imports: a name read as an attribute is a local variable there as often
        # as a module (typing_extensions' ``nt.__orig_bases__``: ``nt`` is a NamedTuple).
        imports = imports_of_source(path.read_bytes(), name, path.name == "__init__.py")
        found |= {n for n in imports if not n.startswith(ATTRIBUTE)}
    for name, path in (our_sources(root) | reader_sources()).items():
        found |= imports_of_source(path.read_bytes(), name, path.name == "__init__.py")
    return found


# --- the zip ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Trimmed:
    """A trimmed zip and what went into it."""

    data: bytes
    modules: frozenset[str]
    """The modules kept."""
    all_modules: frozenset[str]
    """The modules of the full zip."""
    files_before: int
    files_after: int
    graph: Mapping[str, set[str]] = field(default_factory=dict, compare=False, repr=False)
    """The import graph the closure followed (see :func:`read_graph`)."""

    def summary(self, full: bytes) -> str:
        before, after = len(full), len(self.data)
        return (
            f"{len(self.modules)} of {len(self.all_modules)} modules, "
            f"{self.files_before} -> {self.files_after} files, {before:,} -> {after:,} bytes "
            f"(gzip {len(gzip.compress(full)):,} -> {len(gzip.compress(self.data)):,})"
        )


def keep_file(path: str, modules: Iterable[str], packages: Iterable[str]) -> bool:
    """Whether a zip entry goes in the trimmed zip: a kept module, or a folder or data
    file but of a package (one of ``packages``) that is not kept.

    >>> [keep_file(p, {"json", "json.decoder"}, {"json", "xml"}) for p in (
    ...     "json/decoder.py", "json/tool.py", "json/", "xml/", "xml/a.txt", "README.txt")]
    [True, False, True, False, False, True]
    """
    found = module_of(path)
    if found is not None:
        return found[0] in set(modules)
    folder = PurePosixPath(path) if path.endswith("/") else PurePosixPath(path).parent
    package = ".".join(folder.parts)
    return package not in set(packages) or package in set(modules)


def trim(full: bytes, ours: Iterable[str], pyscript_sources: Iterable[str]) -> Trimmed:
    """The trimmed zip of ``full`` (the bytes of Pyodide's python_stdlib.zip), for a page
    whose code imports ``ours`` and that runs PyScript's ``pyscript_sources``."""
    pyscript_imports = set().union(*(imports_of_source(src) for src in pyscript_sources))
    with zipfile.ZipFile(io.BytesIO(full)) as archive:
        sources = zip_sources(archive)
        graph = read_graph(sources)
        packages = {name for name, (_, is_package) in sources.items() if is_package}
        kept = closure(roots(graph, ours, pyscript_imports), graph, CUTS)
        infos = archive.infolist()
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as out:
            for info in infos:
                if keep_file(info.filename, kept, packages):
                    copy = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                    copy.external_attr = info.external_attr
                    if info.file_size:
                        copy.compress_type = zipfile.ZIP_DEFLATED
                    out.writestr(copy, archive.read(info), compresslevel=9)
            files_after = len(out.infolist())
    modules = frozenset(sources)
    return Trimmed(buffer.getvalue(), modules & kept, modules, len(infos), files_after, graph)


def inputs() -> list[Path]:
    """The files the trimmed zip depends on, besides what our code imports (Pyodide's
    runtime among them: it compiles the zip), this module and the ones whose rules it keeps
    by (how imports are read, the graph and its closure, the hidden imports and cuts)."""
    here = Path(__file__).resolve()
    rules = ("imports.py", "stdlib_graph.py", "stdlib_rules.py")
    return [
        FULL_ZIP,
        *(PYODIDE_DIR / name for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")),
        *sorted(PYSCRIPT_DIST.glob("*.js")),
        here,
        *(here.with_name(name) for name in rules),
    ]


def standard_imports(root: Path = ROOT) -> list[str]:
    """What our code imports from the standard library (names whose package is in the
    full zip): the closure depends on our code through these names alone, so an edit
    that leaves them as they are finds the zip in the cache."""
    with zipfile.ZipFile(FULL_ZIP) as archive:
        found = (module_of(name) for name in archive.namelist())
        packages = {module[0].split(".")[0] for module in found if module}

    def matters(name: str) -> bool:
        parts = name.removeprefix(ATTRIBUTE).split(".")
        if parts[0] not in packages:
            return False
        # An attribute counts only if it may name a dead function (see parse_imports).
        last = parts[-1]
        return not name.startswith(ATTRIBUTE) or last in CLI_NAMES or last[:1] == "_"

    return sorted(filter(matters, our_imports(root)))


def _digest(paths: Iterable[Path], names: list[str]) -> str:
    digest = hashlib.sha256(json.dumps(names).encode())
    for path in paths:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:32]


def make(root: Path = ROOT) -> Trimmed:
    """The trimmed zip (of ``.py`` files) for the sources in ``root`` and the npm
    packages, made now."""
    return trim(FULL_ZIP.read_bytes(), our_imports(root), pyscript_python())


def _sizes(data: bytes) -> str:
    return f"{len(data):,} bytes (gzip {len(gzip.compress(data)):,})"


def trimmed_stdlib(root: Path = ROOT, compiled: bool = COMPILE) -> Path:
    """The zip the site serves, for the current inputs (made, or taken from the cache):
    its path. Says on stdout what it kept when it makes one."""
    if not FULL_ZIP.is_file() or not PYSCRIPT_DIST.is_dir():
        raise StdlibError(f"{FULL_ZIP} or {PYSCRIPT_DIST} is missing: run `make node_modules`")
    kind = "pyc" if compiled else "py"
    cached = CACHE / f"{_digest(inputs(), standard_imports(root))}-{kind}.zip"
    if cached.is_file():
        return cached
    made = make(root)
    full = FULL_ZIP.read_bytes()
    print(f"python_stdlib.zip trimmed: {made.summary(full)}")
    data = made.data
    if compiled:
        data = compile_zip(data, CACHE)
        print(f"python_stdlib.zip compiled to .pyc by Pyodide: {_sizes(data)}")
    CACHE.mkdir(parents=True, exist_ok=True)
    partial = cached.with_suffix(".part")
    partial.write_bytes(data)
    partial.replace(cached)
    for old in CACHE.glob("*.zip"):  # keep the cache to the one zip in use
        if old != cached:
            old.unlink()
    return cached


def main() -> int:
    made = make()
    print(f"python_stdlib.zip trimmed: {made.summary(FULL_ZIP.read_bytes())}")
    print("kept:", " ".join(sorted(made.modules)))
    served = trimmed_stdlib()
    print(f"served ({'.pyc' if COMPILE else '.py'}): {served}, {_sizes(served.read_bytes())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
