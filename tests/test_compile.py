"""Our Python compiled by Pyodide's own Python at build time (tools/site/compile.py)."""

from __future__ import annotations

import io
import shutil
import zipfile
from pathlib import Path

import pytest

from tools.site.compile import OUR_LAYOUT, StdlibError, compile_zip

needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")


def zipped(files: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return buffer.getvalue()


@needs_node
def test_each_module_becomes_its_bytecode_alone(tmp_path: Path) -> None:
    source = '"""A docstring the page never reads."""\n\nassert True\nX = 1\n'
    data = compile_zip(
        zipped({"engine/a.py": source, "engine/b.txt": "kept"}), tmp_path, OUR_LAYOUT
    )
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert sorted(archive.namelist()) == ["engine/a.pyc", "engine/b.txt"]
        pyc = archive.read("engine/a.pyc")
    assert b"A docstring the page never reads" not in pyc
    assert b"/home/pyodide/engine/a.py" in pyc  # tracebacks name the module's own path


@needs_node
def test_a_syntax_error_names_its_file_and_line(tmp_path: Path) -> None:
    bad = zipped({"web/ok.py": "X = 1\n", "web/broken.py": "X = 1\ndef f(:\n    pass\n"})
    with pytest.raises(StdlibError, match=r"web/broken\.py, line 2: invalid syntax"):
        compile_zip(bad, tmp_path, OUR_LAYOUT)
