"""web/page/bytecode.py: PyScript's package compiled on the device, imported back from the zip."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from io import BytesIO
from pathlib import Path

from tools.site.pyscript_python import pyscript_package
from web.page.bytecode import compiled_steps


def compiled_package(folder: str, package: str = "pyscript") -> bytes:
    """The zip, made whole, as the page makes it a module a task."""
    *_, made = compiled_steps(folder, package)
    assert isinstance(made, bytes)
    return made


def test_a_compiled_package_imports_from_its_zip_ahead_of_its_sources(tmp_path: Path) -> None:
    sources = tmp_path / "home" / "pkg"
    sources.mkdir(parents=True)
    (sources / "__init__.py").write_text("from pkg.part import VALUE\n")
    (sources / "part.py").write_text("VALUE = 'compiled'\n")
    archive = tmp_path / "bytecode.zip"
    archive.write_bytes(compiled_package(str(sources), "pkg"))
    # The sources change after compiling: the import must come from the zip, not them.
    (sources / "part.py").write_text("VALUE = 'sources'\n")
    script = (
        f"import sys; sys.path[:0] = [{str(archive)!r}, {str(sources.parent)!r}]\n"
        "import pkg, pkg.part; print(pkg.VALUE, pkg.__file__.endswith('.zip/pkg/__init__.pyc'))"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["compiled", "True"]


def test_pyscripts_own_package_compiles_whole_and_the_same_every_time(tmp_path: Path) -> None:
    for name, text in pyscript_package().items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    first = compiled_package(str(tmp_path))
    assert first == compiled_package(str(tmp_path)), "the same sources, the same bytes"
    names = zipfile.ZipFile(BytesIO(first)).namelist()
    assert sorted(names) == sorted(f"pyscript/{n}c" for n in pyscript_package())
    assert "pyscript/__init__.pyc" in names


def test_an_empty_folder_gives_an_empty_zip(tmp_path: Path) -> None:
    assert zipfile.ZipFile(BytesIO(compiled_package(str(tmp_path)))).namelist() == []
