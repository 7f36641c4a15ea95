"""PyScript's own Python package, compiled once on this device and kept for the next visit.

On every start PyScript writes the sources of its ``pyscript`` package into the
interpreter's home and imports them: some 30 KB of Python compiled anew each time (Pyodide
writes no ``.pyc``), 20-40 ms of a start, measured in Chromium. Shipping the package
compiled in python.zip would cost every first visit 18-30 KB more on the wire; instead,
once the game is ready, static/pyodide-boot.mjs asks :func:`compiled_steps` for a zip of
the package's bytecode, compiled by the very Python that runs it, keeps it on the device
with this build's snapshot (static/snapshot-store.mjs), and on the next visit puts it first
on ``sys.path``, so that PyScript's import finds the bytecode before the sources.

The ``.pyc`` files are unchecked-hash ones (PEP 552): the zip holds no source to check, and
it belongs to one build of the site (PyScript's version with it), never reused by another.

>>> import tempfile, zipfile, io, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "__init__.py").write_text("ANSWER = 42\\n")
>>> *_, made = compiled_steps(str(folder), "pkg")
>>> names = zipfile.ZipFile(io.BytesIO(made)).namelist()
>>> names
['pkg/__init__.pyc']
"""

from __future__ import annotations

import importlib.util
import io
import zipfile
from collections.abc import Iterator
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]
from pathlib import Path

_DATE = (1980, 1, 1, 0, 0, 0)
"""Every entry's date: the same sources give the same bytes."""


def compiled_steps(folder: str, package: str = "pyscript") -> Iterator[bytes | None]:
    """A zip of ``package``/NAME.pyc for each ``NAME.py`` of ``folder``, compiled by this
    Python with the sources' own file names (a traceback names the file PyScript wrote),
    made a module at a time: None after each module, then the zip.
    The page runs one step a task, so a player's touch is never kept waiting behind the
    whole package's compile (a 10-40 ms task on a phone-class processor instead of one of
    100-400 ms, which held back a long press's timer and turned it into a tap)."""
    buffer = io.BytesIO()
    # Stored, not deflated: it never crosses a network, and it is read on every start.
    with zipfile.ZipFile(buffer, "w") as archive:
        for source in sorted(Path(folder).glob("*.py")):
            data = source.read_bytes()
            code = compile(data, str(source), "exec", dont_inherit=True)
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), False)
            archive.writestr(zipfile.ZipInfo(f"{package}/{source.stem}.pyc", _DATE), bytes(pyc))
            yield None
    yield buffer.getvalue()
