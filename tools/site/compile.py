"""The trimmed standard library compiled to ``.pyc`` by Pyodide's own Python, in Node.

A ``.pyc`` must come from the same Python that loads it (CPython 3.14 in Pyodide, not the
3.11 that builds the site), so :func:`compile_zip` runs Pyodide under Node to compile every
``.py`` of a zip (``-OO``, no debug ranges).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tools.site.paths import PYODIDE_DIR


class StdlibError(Exception):
    """The trimmed zip cannot be made; the message says why."""


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
