"""The Python that PyScript's own JavaScript carries, and so imports at start.

PyScript ships its Python modules as strings inside its JS bundle: the trimmed standard
library (:mod:`tools.site.stdlib`) must keep what they import too.
"""

from __future__ import annotations

import ast
import re
import textwrap
from pathlib import Path

from tools.site.paths import PYSCRIPT_DIST

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
