"""Python compiled to ``.pyc`` by Pyodide's own Python, in Node: the trimmed standard
library, and our archive (python.zip).

A ``.pyc`` must come from the same Python that loads it (CPython 3.14 in Pyodide, not the
3.11 that builds the site), so :func:`compile_zip` runs Pyodide under Node to compile every
``.py`` of a zip (no debug ranges). Our modules that the memory snapshot does not hold
(those that touch the browser) were compiled on every start: 22 modules, about 2,800
lines.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from tools.site.paths import PYODIDE_DIR


class StdlibError(Exception):
    """The trimmed zip cannot be made; the message says why."""


COMPILER = r"""// Written and run by tools/site/compile.py: compile every .py of a zip with
// Pyodide's own Python (PEP 552, unchecked hash: no source is looked at again), no debug ranges.
//   node compile.mjs <pyodide.mjs> <in.zip> <out.zip> <layout JSON>
// layout {"prefix": where the zip's files are read from in the page, "optimize": 0-2,
//         "docstrings": false to drop them (kept otherwise, unless optimize is 2)}
// Each .py becomes its .pyc, which Python imports with no source beside it.
import fs from "node:fs";
import { pathToFileURL } from "node:url";
const [pyodideModule, input, output, layout] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideModule).href);
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.writeFile("/tmp/in.zip", new Uint8Array(fs.readFileSync(input)));
pyodide.globals.set("layout", layout);
try {
  pyodide.runPython(`
import ast, importlib.util, json, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
layout = json.loads(layout)


def without_docstrings(tree):
    # What the page never reads (nothing of ours looks at __doc__): its bytes and the
    # memory of every function. Line numbers stay as in the source.
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            value = first.value if isinstance(first, ast.Expr) else None
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                node.body = node.body[1:] or [ast.Pass(lineno=first.lineno, col_offset=0)]
    return tree


with zipfile.ZipFile("/tmp/in.zip") as given, zipfile.ZipFile("/tmp/out.zip", "w") as out:
    def write(name, data, info):
        entry = zipfile.ZipInfo(name, date_time=info.date_time)
        entry.external_attr = info.external_attr
        if data:
            entry.compress_type = zipfile.ZIP_DEFLATED
        out.writestr(entry, data, compresslevel=9)
    for info in given.infolist():
        data, name = given.read(info), info.filename
        if not name.endswith(".py"):
            write(name, data, info)
            continue
        tree = data
        try:
            if layout["docstrings"] is False:
                tree = without_docstrings(ast.parse(data, layout["prefix"] + name))
            code = compile(
                tree, layout["prefix"] + name, "exec", dont_inherit=True,
                optimize=layout["optimize"],
            )
        except SyntaxError as error:
            raise ValueError(f"{name}, line {error.lineno}: {error.msg}") from None
        pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), False)
        write(name + "c", bytes(pyc), info)
`);
} catch (error) {
  // Python's own last line says what and where (a SyntaxError names the file and line).
  const lines = String(error.message).trim().split("\n");
  console.error(lines.slice(-1)[0]);
  process.exit(1);
}
fs.writeFileSync(output, pyodide.FS.readFile("/tmp/out.zip"));
"""
"""The Node script of :func:`compile_zip`."""

STDLIB_LAYOUT = {"prefix": "/lib/python314.zip/", "optimize": 2, "docstrings": False}
"""The standard library: a zip on ``sys.path``, as ``-OO`` makes it."""
OUR_LAYOUT = {"prefix": "/home/pyodide/", "optimize": 0, "docstrings": False}
"""Our archive, unpacked in the interpreter's home: asserts kept (the game's code runs as
it was tested), docstrings dropped (nothing reads them)."""


def compile_zip(data: bytes, work: Path, layout: dict[str, object] = STDLIB_LAYOUT) -> bytes:
    """``data``, a zip, with each ``.py`` compiled by Pyodide's own Python (in Node, so the
    bytecode is that of the interpreter the page runs), laid out as ``layout`` says, in
    ``work``."""
    node = shutil.which("node")
    if node is None:
        raise StdlibError("node is not on PATH: install Node 20 (it compiles the stdlib)")
    work.mkdir(parents=True, exist_ok=True)
    script, source, out = work / "compile.mjs", work / "source.zip", work / "compiled.zip"
    script.write_text(COMPILER, encoding="utf-8")
    source.write_bytes(data)
    done = subprocess.run(
        [
            node,
            str(script),
            str(PYODIDE_DIR / "pyodide.mjs"),
            str(source),
            str(out),
            json.dumps(layout),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    try:
        if done.returncode != 0 or not out.is_file():
            lines = (done.stderr or done.stdout).strip().splitlines()
            said = " / ".join(lines[-3:])[:600]
            raise StdlibError(f"compiling Python to bytecode failed: {said}")
        return out.read_bytes()
    finally:
        for path in (script, source, out):
            path.unlink(missing_ok=True)
