"""Where the site's build finds what it takes: the repository, the npm packages' folders,
and the files of a folder it copies or zips."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
NODE_MODULES = ROOT / "node_modules"
PYODIDE_DIR = NODE_MODULES / "pyodide"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"


def source_files(folder: Path, pattern: str = "*") -> list[Path]:
    """The files under ``folder`` matching ``pattern``, sorted, but those in __pycache__ or
    under a name starting with a dot (caches, editors' files)."""
    return sorted(
        path
        for path in folder.rglob(pattern)
        if path.is_file() and not _left_out(path.relative_to(folder))
    )


def _left_out(path: Path) -> bool:
    return any(part == "__pycache__" or part.startswith(".") for part in path.parts)
