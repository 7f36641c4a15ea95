"""The browser's modules as a test in CPython needs them: ``pyscript.ffi.to_js`` giving a
DOM call's options as they are, and a ``window`` with no vibration. A web module reaches
them late, through web/page/browser.py, where a test reaches them (the review's scrolling, a
long press's buzz)."""

from __future__ import annotations

import sys
from types import ModuleType, SimpleNamespace

import pytest


def install(monkeypatch: pytest.MonkeyPatch) -> None:
    """Put fake ``pyscript``, ``pyscript.ffi``, ``pyodide`` and ``pyodide.ffi`` modules in
    place for one test."""
    pyscript, ffi = ModuleType("pyscript"), ModuleType("pyscript.ffi")
    pyodide, pyodide_ffi = ModuleType("pyodide"), ModuleType("pyodide.ffi")
    ffi.to_js = lambda value, **options: value  # type: ignore[attr-defined]
    pyscript.ffi = ffi  # type: ignore[attr-defined]
    pyscript.window = SimpleNamespace(navigator=SimpleNamespace())  # type: ignore[attr-defined]
    pyodide_ffi.jsnull = None  # type: ignore[attr-defined]  # the fake DOM gives None for a miss
    pyodide.ffi = pyodide_ffi  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyscript", pyscript)
    monkeypatch.setitem(sys.modules, "pyscript.ffi", ffi)
    monkeypatch.setitem(sys.modules, "pyodide", pyodide)
    monkeypatch.setitem(sys.modules, "pyodide.ffi", pyodide_ffi)
