"""The rules of the trimmed standard library that no source shows: the roots Python's and
Pyodide's start-up import by name, imports made by names built at run time (:data:`HIDDEN`),
and lazy imports the page cannot reach, which are not followed (:data:`CUTS`).
"""

from __future__ import annotations

from dataclasses import dataclass

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
    # and AVF replay files, as sweeping-view and play/videos/replay_files.py decode it). Others:
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
