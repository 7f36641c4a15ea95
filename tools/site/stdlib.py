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

The closure on a small tree (``b`` is imported by ``a``, maybe lazily; ``c`` by nobody):

>>> graph = {"a": {"b", "os"}, "b": {"pkg.sub"}, "c": set(), "pkg": set(), "pkg.sub": set()}
>>> sorted(closure(["a"], graph))
['a', 'b', 'pkg', 'pkg.sub']
>>> sorted(imports_of_source("from . import sub\\nfrom .x import y", "pkg.mod"))
['pkg', 'pkg.sub', 'pkg.x', 'pkg.x.y']
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import importlib.util
import io
import json
import re
import shutil
import subprocess
import sys
import textwrap
import zipfile
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent.parent
NODE_MODULES = ROOT / "node_modules"
PYODIDE_DIR = NODE_MODULES / "pyodide"
FULL_ZIP = PYODIDE_DIR / "python_stdlib.zip"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
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
1.37 MB, against 1.12 MB for the sources: the speed of ``.pyc`` for 0.25 MB more. Our
own modules (python.zip) stay sources, docstrings and asserts included."""

KEEP_PACKAGES = ("pyodide", "_pyodide")
"""Packages kept whole, each module a root: Pyodide's own Python."""

STARTUP: dict[str, str] = {
    # Python's own start-up (frozen in Pyodide's build, but what they import lazily comes
    # from the zip, and tracebacks read their source from it).
    "site": "Python's start-up",
    "encodings": "Python's start-up: the codec registry",
    "codecs": "Python's start-up",
    "io": "Python's start-up: sys.stdin, stdout and stderr",
    "abc": "Python's start-up",
    "os": "Python's start-up (site)",
    "stat": "Python's start-up (os)",
    "posixpath": "Python's start-up (os.path)",
    "genericpath": "Python's start-up (posixpath)",
    "_collections_abc": "Python's start-up (os)",
    "_sitebuiltins": "Python's start-up (site)",
    "zipimport": "Python's start-up: it imports from this very zip",
    "importlib": "Python's start-up",
    "importlib.util": "Python's start-up",
    "importlib.machinery": "Python's start-up",
    # Pyodide's JavaScript (pyodide.asm.mjs) imports these by name as it starts.
    "pyodide": "pyodide.asm.mjs",
    "pyodide.code": "pyodide.asm.mjs",
    "pyodide.ffi": "pyodide.asm.mjs",
    "pyodide._package_loader": "pyodide.asm.mjs",
    "_pyodide._base": "pyodide.asm.mjs",
    "functools": "pyodide.asm.mjs, to sort a Python list from JavaScript",
}
"""Start-up roots: Python's own, and the modules Pyodide's JavaScript imports by name."""


@dataclass(frozen=True)
class Hidden:
    """An import no ``import`` statement shows: ``importer`` imports ``module`` by a name
    made at run time (``importer`` "" when C code does, at any time: then a root)."""

    module: str
    importer: str
    reason: str


HIDDEN = (
    # The codec registry imports encodings.<name> for the name given to str.encode(),
    # open(), codecs.lookup()... Kept: the Unicode codecs, ASCII, Latin-1, cp437
    # (zipfile's codec for member names without the UTF-8 flag) and cp1252 (the text of RMV
    # and AVF replay files, as sweeping-view and play/replay_files.py decode it). Others:
    # LookupError.
    *(
        Hidden(f"encodings.{name}", "encodings", "a codec, looked up by name")
        for name in (
            "utf_8",
            "utf_8_sig",
            "utf_16",
            "utf_16_le",
            "utf_16_be",
            "utf_32",
            "utf_32_le",
            "utf_32_be",
            "ascii",
            "latin_1",
            "raw_unicode_escape",
            "unicode_escape",
            "cp437",
            "cp1252",
        )
    ),
    Hidden("_strptime", "", "time.strptime() and datetime.strptime() (C) import it"),
    Hidden("_pylong", "", "int <-> str of numbers with thousands of digits (C)"),
    Hidden("copyreg", "", "object.__reduce_ex__() (C), for copy and pickle"),
    Hidden("traceback", "", "printing an uncaught exception (C)"),
    Hidden("_colorize", "", "printing an uncaught exception (C)"),
    Hidden("linecache", "", "printing an uncaught exception (C)"),
    Hidden("warnings", "", "a warning raised by C code"),
    Hidden("annotationlib", "", "3.14's lazily evaluated annotations (C)"),
    Hidden("string.templatelib", "", "t-strings (C)"),
    Hidden("json.decoder", "json", "_json (C) imports it for JSONDecodeError"),
    Hidden(
        "_sysconfigdata__emscripten_wasm32-emscripten",
        "sysconfig",
        "sysconfig imports _sysconfigdata_<abi>_<platform> by a name it builds",
    ),
)
"""Imports by a name built at run time or from C code. A module missing from the zip (a
built-in one) is ignored."""


@dataclass(frozen=True)
class Cut:
    """A lazy import the closure does not follow: it is in code that only calls matching
    ``triggers`` (regular expressions) lead to, and no code the page runs has a match
    (tests/test_stdlib.py checks every kept module but ``importer``, our code and
    PyScript's, comments and docstrings left out)."""

    importer: str
    imported: str
    """A module; its submodules are cut too."""
    triggers: tuple[str, ...]
    reason: str

    def cuts(self, importer: str, name: str) -> bool:
        """Whether this cut drops ``importer``'s import of ``name``."""
        return importer == self.importer and (
            name == self.imported or name.startswith(self.imported + ".")
        )


CUTS = (
    Cut(
        "_sitebuiltins",
        "pydoc",
        (r"(?<![\w.])(?<!def )help\(",),  # a call of help(), not a method of that name
        "only help() imports pydoc (and http.server, email...)",
    ),
    Cut(
        "site",
        "_pyrepl",
        (r"\bregister_readline\b", r"\b__interactivehook__\b"),
        "only the hook of the interactive REPL imports it; Pyodide never starts that REPL",
    ),
    Cut(
        "concurrent.futures",
        "concurrent.futures.process",
        (r"\bProcessPoolExecutor\b",),
        "ProcessPoolExecutor (and multiprocessing): a browser tab has no processes",
    ),
    Cut(
        "concurrent.futures",
        "concurrent.futures.interpreter",
        (r"\bInterpreterPoolExecutor\b",),
        "InterpreterPoolExecutor: Pyodide runs one interpreter",
    ),
    Cut(
        "pathlib",
        "urllib.request",
        (r"\bas_uri\b", r"\bfrom_uri\b"),
        "only Path.as_uri() and Path.from_uri() import it (and http.client, email...)",
    ),
    Cut("pathlib", "urllib.error", (r"\bfrom_uri\b",), "only Path.from_uri() imports it"),
    Cut(
        "importlib._bootstrap_external",
        "importlib.metadata",
        (r"\bfind_distributions\b",),
        "only importlib.metadata itself asks the finders for distributions",
    ),
)
"""Lazy imports not followed: each would bring a tree (pydoc, _pyrepl, multiprocessing,
urllib.request and email: 0.5 MB of the zip) that the page cannot reach."""

PLATFORM = {"sys.platform": "emscripten", "os.name": "posix"}
"""Pyodide's ``sys.platform`` and ``os.name``: a branch for another platform is never
taken (``if sys.platform == "win32": from .windows_events import *``)."""

ATTRIBUTE = "@"
"""Marks a name read as an attribute (``gzip.main`` in ``gzip.main()``): it counts only if
it names a dead function (:func:`parse_imports`), never as a module (``code.co_flags``)."""

CLI_NAMES = ("main", "_main", "test", "_test")
"""Names of command-line entry points (``python -m gzip`` calls ``gzip.main()``)."""


class StdlibError(Exception):
    """The trimmed zip cannot be made; the message says why."""


# --- the imports of one source ------------------------------------------------------------


def module_of(path: str) -> tuple[str, bool] | None:
    """``(module name, is a package)`` of a ``.py`` or ``.pyc`` path in the zip, or None.

    >>> module_of("json/__init__.py"), module_of("json/decoder.pyc"), module_of("a/b.txt")
    (('json', True), ('json.decoder', False), None)
    """
    pure = PurePosixPath(path)
    if pure.suffix not in (".py", ".pyc"):
        return None
    parts = pure.with_suffix("").parts
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


def _absolute(module: str, is_package: bool, level: int, name: str | None) -> str:
    """The absolute name of ``from <level dots><name> import ...`` written in ``module``."""
    if level == 0:
        return name or ""
    parts = module.split(".") if is_package else module.split(".")[:-1]
    base = parts[: len(parts) - (level - 1)]
    return ".".join([*base, name] if name else base)


def _from_import(base: str, names: Iterable[str]) -> set[str]:
    """``from base import a, b``: base, and base.a, base.b in case they are modules."""
    found = {base} if base else set()
    found.update(f"{base}.{alias}" if base else alias for alias in names if alias != "*")
    return found


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return f"{base}.{node.attr}" if base else None
    return None


def _strings(node: ast.expr) -> tuple[str, ...] | None:
    """The value of a string constant, or of a tuple, list or set of them, else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return (node.value,)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        values = [item.value for item in node.elts if isinstance(item, ast.Constant)]
        if len(values) == len(node.elts) and all(isinstance(value, str) for value in values):
            return tuple(str(value) for value in values)
    return None


def branch(test: ast.expr) -> bool | None:
    """The value of an ``if`` test known before run time, else None: ``__name__ ==
    "__main__"`` is false (the page runs no module as a script), and tests of
    :data:`PLATFORM` get Pyodide's answer.

    >>> [branch(ast.parse(text, mode="eval").body) for text in (
    ...     "__name__ == '__main__'", "sys.platform == 'win32'", "os.name != 'nt'",
    ...     "sys.platform.startswith('win')", "sys.platform in ('linux', 'emscripten')",
    ...     "not _mswindows", "x == 'y'")]
    [False, False, True, False, True, None, None]
    """
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = branch(test.operand)
        return None if inner is None else not inner
    if isinstance(test, ast.Call) and isinstance(test.func, ast.Attribute):
        subject = _dotted(test.func.value) or ""
        prefixes = _strings(test.args[0]) if len(test.args) == 1 else None
        if subject in PLATFORM and test.func.attr == "startswith" and prefixes:
            return PLATFORM[subject].startswith(prefixes)
        return None
    if not isinstance(test, ast.Compare) or len(test.ops) != 1:
        return None
    left, op, right = test.left, test.ops[0], test.comparators[0]
    known = {"__name__": "<an imported module>", **PLATFORM}
    if (_dotted(right) or "") in known:
        left, right = right, left
    actual, values = known.get(_dotted(left) or ""), _strings(right)
    if actual is None or values is None:
        return None
    if isinstance(op, (ast.Eq, ast.NotEq)) and len(values) == 1:
        return (actual == values[0]) == isinstance(op, ast.Eq)
    if isinstance(op, (ast.In, ast.NotIn)):
        return (actual in values) == isinstance(op, ast.In)
    return None


def _reachable(tree: ast.AST, skip: frozenset[int] = frozenset()) -> Iterator[ast.AST]:
    """Every node of ``tree`` but those of a branch :func:`branch` knows is not taken and
    of the nodes whose ``id()`` is in ``skip``."""
    todo = [tree]
    while todo:
        node = todo.pop()
        if id(node) in skip:
            continue
        yield node
        if isinstance(node, (ast.If, ast.IfExp)):
            taken = branch(node.test)
            if taken is not None:
                chosen = node.body if taken else node.orelse
                todo.extend([node.test, *(chosen if isinstance(chosen, list) else [chosen])])
                continue
        todo.extend(ast.iter_child_nodes(node))


def _literal_import(node: ast.Call) -> str | None:
    """The module of ``__import__("x")`` or ``importlib.import_module("x")``, if literal."""
    func = node.func
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
    if name in ("__import__", "import_module") and node.args:
        first = node.args[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return None if first.value.startswith(".") else first.value
    return None


def _scan(nodes: Iterable[ast.AST], module: str, is_package: bool) -> tuple[set[str], set[str]]:
    """What ``nodes`` import, and the names by which they may use a function (names,
    attributes, strings), in one pass."""
    imports: set[str] = set()
    names: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
            dotted = _dotted(node)
            if dotted:
                imports.add(ATTRIBUTE + dotted)  # module.function: maybe a dead function
        elif isinstance(node, ast.Constant):
            if isinstance(node.value, str):
                names.add(node.value)  # __all__, getattr(module, "main")...
        elif isinstance(node, ast.Import):
            imports.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(module, is_package, node.level, node.module)
            imports |= _from_import(base, (alias.name for alias in node.names))
        elif isinstance(node, ast.Call):
            literal = _literal_import(node)
            if literal:
                imports.add(literal)
    return imports, names


_FROM = re.compile(
    r"(?:^|[;:])[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]*(\([^)]*\)|[^\n;#]*)", re.M
)
_IMPORT = re.compile(r"(?:^|[;:])[ \t]*import[ \t]+([^\n;#]*)", re.M)
_CALL = re.compile(r"\b(?:__import__|import_module)\(\s*[\"']([\w.]+)[\"']")
_NAME = re.compile(r"[A-Za-z_][\w.]*")


def imports_by_text(source: str, module: str = "", is_package: bool = False) -> set[str]:
    """The imports of a source that :func:`ast.parse` refuses, found line by line.

    Looser than the parser (a line of a docstring may count), never stricter: it sees
    every import statement and literal ``__import__``/``import_module`` call.

    >>> sorted(imports_by_text("try:import js\\nexcept E:pass\\nfrom a import (b,\\n c as d)"))
    ['a', 'a.b', 'a.c', 'js']
    """
    found: set[str] = set()
    source = source.replace("\\\n", " ")  # a statement continued on the next line
    for match in _FROM.finditer(source):
        dots, name, names = match.groups()
        base = _absolute(module, is_package, len(dots), name or None)
        names = re.sub(r"#[^\n]*", "", names)  # a comment between the parentheses
        aliases = (_NAME.match(part.strip()) for part in names.strip("()").split(","))
        found |= _from_import(base, (alias.group(0) for alias in aliases if alias))
        if "*" in names:
            found.add(base)
    for match in _IMPORT.finditer(source):
        for part in match.group(1).split(","):
            name_match = _NAME.match(part.strip())
            if name_match:
                found.add(name_match.group(0))
    found.update(match.group(1) for match in _CALL.finditer(source))
    return found


@dataclass(frozen=True)
class Imports:
    """What one source imports: ``always`` (as far as can be known), and ``dead``, the
    imports of each function that nothing in the module calls (see :func:`parse_imports`)."""

    always: set[str]
    dead: dict[str, set[str]] = field(default_factory=dict)

    def every(self) -> set[str]:
        return self.always.union(*self.dead.values())


def parse_imports(source: str | bytes, module: str = "", is_package: bool = False) -> Imports:
    """The imports of a source, at any depth of its code: absolute names, where
    ``from a import b`` gives both ``a`` and ``a.b`` (``b`` may be a module), and
    ``a.b.c`` in the code gives ``a.b.c`` (a module, or a function of module ``a.b``).

    Dead code apart: a branch :func:`branch` rules out, and the body of each top-level
    function, private or named as a command-line entry point (:data:`CLI_NAMES`),
    undecorated, that only dead code names (``def main(): import argparse``, called from
    ``if __name__ == "__main__":``). Its imports are in ``dead``, under its name, with
    ``module.name`` for each dead function it names.

    >>> found = parse_imports('''
    ... import os
    ... def _parse():
    ...     import argparse
    ... def main():
    ...     _parse()
    ... def helper():
    ...     import json
    ... if __name__ == "__main__":
    ...     import doctest
    ...     main()
    ... ''', "tool")
    >>> sorted(found.always), found.dead
    (['json', 'os'], {'_parse': {'argparse'}, 'main': {'tool._parse'}})
    """
    text = source.decode("utf-8") if isinstance(source, bytes) else source
    try:
        tree = ast.parse(text)
    except SyntaxError:  # newer syntax than the build's Python: scan the text
        return Imports(imports_by_text(text, module, is_package))
    functions = {
        node.name
        for node in tree.body
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and not node.decorator_list
        and (node.name in CLI_NAMES or (node.name[:1] == "_" and node.name[:2] != "__"))
    }
    imports: dict[str, set[str]] = {"": set()}  # "" for the code outside those functions
    named: dict[str, set[str]] = {"": set()}
    for statement in tree.body:
        owner = ""
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            owner = statement.name if statement.name in functions else ""
        found, names = _scan(_reachable(statement), module, is_package)
        imports.setdefault(owner, set()).update(found)
        named.setdefault(owner, set()).update(names)
    todo = list(named[""] & functions)
    live = set(todo)
    while todo:  # what live code names is live, and so is what that names
        new = (named[todo.pop()] & functions) - live
        live |= new
        todo.extend(new)
    return Imports(
        imports[""].union(*(imports[name] for name in live)),
        {
            name: imports[name]
            | {f"{module}.{other}" for other in (named[name] & functions) - live - {name}}
            for name in sorted(functions - live)
        },
    )


def imports_of_source(source: str | bytes, module: str = "", is_package: bool = False) -> set[str]:
    """Every name a source may import (see :func:`parse_imports`), entry points included."""
    return parse_imports(source, module, is_package).every()


# --- the closure --------------------------------------------------------------------------


def parents(name: str) -> Iterator[str]:
    """``a.b.c`` -> ``a``, ``a.b``, ``a.b.c``: importing a module imports its packages."""
    parts = name.split(".")
    for end in range(1, len(parts) + 1):
        yield ".".join(parts[:end])


def closure(
    roots: Iterable[str], graph: Mapping[str, Iterable[str]], cuts: Iterable[Cut] = ()
) -> set[str]:
    """The modules of ``graph`` (module -> the names it imports) reachable from ``roots``.

    Names that are not modules of ``graph`` (built-in modules, attributes named by a
    ``from`` import, our own packages) are dropped; a reached module brings its parent
    packages. An import that one of ``cuts`` names is not followed.
    """
    skip = tuple(cuts)
    reached: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        for part in parents(name):
            if part in graph and part not in reached:
                reached.add(part)
                todo.extend(n for n in graph[part] if not any(c.cuts(part, n) for c in skip))
    return reached


def read_graph(sources: Mapping[str, tuple[bytes, bool]]) -> dict[str, set[str]]:
    """Each module (name -> (source, is a package)) -> the names it imports, with the
    hidden imports of :data:`HIDDEN`. A dead function ``f`` of module ``m`` (see
    :func:`parse_imports`) is a node of its own, ``m.f``: reached only if a reached module
    names it (as ``from zipfile import main`` in zipfile/__main__.py, which only
    ``python -m`` runs), and then its imports are followed."""
    graph: dict[str, set[str]] = {}
    for name, (source, is_package) in sources.items():
        imports = parse_imports(source, name, is_package)
        graph.setdefault(name, set()).update(imports.always)
        for function, found in imports.dead.items():
            graph.setdefault(f"{name}.{function}", set()).update(found)
    for hidden in HIDDEN:
        if hidden.importer in graph:
            graph[hidden.importer].add(hidden.module)
    functions = graph.keys() - sources.keys()
    return {name: resolve(names, functions) for name, names in graph.items()}


def resolve(names: Iterable[str], functions: Iterable[str]) -> set[str]:
    """``names`` without the :data:`ATTRIBUTE` mark: a marked name stays only if it is
    one of ``functions``.

    >>> sorted(resolve({"os", "@gzip.main", "@code.co_flags"}, {"gzip.main"}))
    ['gzip.main', 'os']
    """
    wanted = set(functions)
    return {
        name.removeprefix(ATTRIBUTE)
        for name in names
        if not name.startswith(ATTRIBUTE) or name.removeprefix(ATTRIBUTE) in wanted
    }


def zip_sources(archive: zipfile.ZipFile) -> dict[str, tuple[bytes, bool]]:
    """The modules of a stdlib zip: name -> (source, is a package)."""
    sources: dict[str, tuple[bytes, bool]] = {}
    for info in archive.infolist():
        found = module_of(info.filename)
        if found is not None:
            sources[found[0]] = (archive.read(info), found[1])
    return sources


def roots(graph: Mapping[str, object], ours: Iterable[str], pyscript: Iterable[str]) -> set[str]:
    """Where the closure starts (see the module docstring)."""
    start = set(ours) | set(pyscript) | set(STARTUP)
    start |= {hidden.module for hidden in HIDDEN if not hidden.importer}
    start |= {name for name in graph if name.split(".")[0] in KEEP_PACKAGES}
    return resolve(start, graph.keys())


# --- PyScript's Python --------------------------------------------------------------------

_JS_CANDIDATE = re.compile(
    r"(?=(\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`))", re.S
)
_JS_ESCAPE = re.compile(r"\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|\n|.)", re.S)
_JS_SIMPLE = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}
_LOOKS_PYTHON = re.compile(r"(?:^|[\n;:])[ \t]*(?:from[ \t]+[\w.]+[ \t]+import|import[ \t]+\w)")


def _js_unescape(body: str) -> str:
    def one(match: re.Match[str]) -> str:
        code = match.group(1)
        if code.startswith("u{"):
            return chr(int(code[2:-1], 16))
        if code[0] in "ux" and len(code) > 1:
            return chr(int(code[1:], 16))
        return "" if code == "\n" else _JS_SIMPLE.get(code, code)  # "\<newline>" continues

    return _JS_ESCAPE.sub(one, body)


def embedded_python(js: str, depth: int = 2) -> list[str]:
    """The Python sources written as string literals in JavaScript ``js``.

    Minified JavaScript cannot be cut into tokens by a pattern (a quote in a regular
    expression literal throws it off), so every quote starts a candidate literal that
    ends at the next quote of its kind: the true literals are among them. A candidate
    counts if, unescaped and dedented (a template's ``${...}`` made a name), it holds an
    import and parses as Python. A candidate that is JavaScript itself (a worker's
    source, in a string) is searched in turn, ``depth`` levels down.

    >>> embedded_python('run("import os, json\\\\nx = 1"); f(`from ${a} import b`)')
    ['import os, json\\nx = 1', 'from _ import b']
    """
    found: dict[str, None] = {}  # ordered, without repeats
    for match in _JS_CANDIDATE.finditer(js):
        literal = match.group(1)
        body = literal[1:-1]
        if literal[0] == "`":
            body = re.sub(r"\$\{[^}]*\}", "_", body)
        text = _js_unescape(body)
        if not _LOOKS_PYTHON.search(text):
            continue
        code = textwrap.dedent(text).strip("\n")
        try:
            ast.parse(code)
        except SyntaxError:
            if depth > 0:
                found.update(dict.fromkeys(embedded_python(text, depth - 1)))
            continue
        found[code] = None
    return list(found)


def pyscript_python(dist: Path | None = None) -> list[str]:
    """The Python that PyScript runs, from its JavaScript files in ``dist``."""
    found: dict[str, None] = {}
    for path in sorted((dist or PYSCRIPT_DIST).glob("*.js")):
        found.update(dict.fromkeys(embedded_python(path.read_text(encoding="utf-8"))))
    return list(found)


def pyscript_package(dist: Path | None = None) -> dict[str, str]:
    """The files of the ``pyscript`` package that PyScript writes into the interpreter
    (``{"__init__.py": source, ...}``), read directly: tests check that
    :func:`pyscript_python` finds them all."""
    files: dict[str, str] = {}
    entry = re.compile(r"\"(\w+\.py)\":(\"(?:[^\"\\\n]|\\.)*\")")
    for path in sorted((dist or PYSCRIPT_DIST).glob("*.js")):
        text = path.read_text(encoding="utf-8")
        start = text.find("{pyscript:{")
        if start >= 0:
            for match in entry.finditer(text, start):
                files.setdefault(match.group(1), _js_unescape(match.group(2)[1:-1]))
    return files


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


def our_imports(root: Path = ROOT) -> set[str]:
    """Every name our code may import (absolute; our own modules, and the readers' modules
    with what they import, included)."""
    found: set[str] = set()
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
    pyscript_names = set().union(*(imports_of_source(src) for src in pyscript_sources))
    with zipfile.ZipFile(io.BytesIO(full)) as archive:
        sources = zip_sources(archive)
        graph = read_graph(sources)
        packages = {name for name, (_, is_package) in sources.items() if is_package}
        kept = closure(roots(graph, ours, pyscript_names), graph, CUTS)
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


COMPILER = r"""// Written and run by tools/site/stdlib.py: compile every .py of a zip with Pyodide's
// own Python, into .pyc files (PEP 552, unchecked hash: no source is looked at again),
// as -OO -X no_debug_ranges would (see COMPILE).
//   node compile.mjs <pyodide.mjs> <in.zip> <out.zip>
import fs from "node:fs";
import { pathToFileURL } from "node:url";
const [pyodideModule, input, output] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideModule).href);
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.writeFile("/tmp/in.zip", new Uint8Array(fs.readFileSync(input)));
pyodide.runPython(`
import importlib.util, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
with zipfile.ZipFile("/tmp/in.zip") as source, zipfile.ZipFile("/tmp/out.zip", "w") as out:
    for info in source.infolist():
        data, name = source.read(info), info.filename
        if name.endswith(".py"):
            code = compile(
                data, "/lib/python314.zip/" + name, "exec", dont_inherit=True, optimize=2
            )
            data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), False))
            name += "c"
        entry = zipfile.ZipInfo(name, date_time=info.date_time)
        entry.external_attr = info.external_attr
        if data:
            entry.compress_type = zipfile.ZIP_DEFLATED
        out.writestr(entry, data, compresslevel=9)
`);
fs.writeFileSync(output, pyodide.FS.readFile("/tmp/out.zip"));
"""
"""The Node script of :func:`compile_zip`."""


def compile_zip(data: bytes, work: Path) -> bytes:
    """``data``, a zip, with each ``.py`` compiled into a ``.pyc`` by Pyodide's own Python
    (in Node, so the bytecode is that of the interpreter the page runs), in ``work``."""
    node = shutil.which("node")
    if node is None:
        raise StdlibError("node is not on PATH: install Node 20 (it compiles the stdlib)")
    work.mkdir(parents=True, exist_ok=True)
    script, source, out = work / "compile.mjs", work / "source.zip", work / "compiled.zip"
    script.write_text(COMPILER, encoding="utf-8")
    source.write_bytes(data)
    done = subprocess.run(
        [node, str(script), str(PYODIDE_DIR / "pyodide.mjs"), str(source), str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    try:
        if done.returncode != 0 or not out.is_file():
            lines = (done.stderr or done.stdout).strip().splitlines()
            raise StdlibError(f"compiling the stdlib failed: {' / '.join(lines[-3:])[:600]}")
        return out.read_bytes()
    finally:
        for path in (script, source, out):
            path.unlink(missing_ok=True)


def inputs() -> list[Path]:
    """The files the trimmed zip depends on, besides what our code imports (Pyodide's
    runtime among them: it compiles the zip)."""
    return [
        FULL_ZIP,
        *(PYODIDE_DIR / name for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")),
        *sorted(PYSCRIPT_DIST.glob("*.js")),
        Path(__file__).resolve(),
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
