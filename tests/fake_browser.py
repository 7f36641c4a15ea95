"""The browser's modules as a test in CPython needs them: ``pyscript.ffi.to_js`` giving a
DOM call's options as they are, and a ``window`` with no vibration. A web module reaches
them late, through web/page/browser.py, where a test reaches them (the review's scrolling, a
long press's buzz)."""

from __future__ import annotations

import sys
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest


class Proxy:
    """A Python function handed to the fake browser (``create_proxy``): callable until
    destroyed, and every one made is counted (:data:`PROXIES`)."""

    def __init__(self, function: Any) -> None:
        self.function = function
        self.destroyed = False
        PROXIES.append(self)

    def __call__(self, *args: Any) -> Any:
        assert not self.destroyed, "a destroyed proxy was called"
        return self.function(*args)

    def destroy(self) -> None:
        assert not self.destroyed, "a proxy destroyed twice"
        self.destroyed = True


PROXIES: list[Proxy] = []
"""Every proxy made since the fakes were installed."""


def install(monkeypatch: pytest.MonkeyPatch) -> None:
    """Put fake ``pyscript``, ``pyscript.ffi``, ``pyodide`` and ``pyodide.ffi`` modules in
    place for one test."""
    pyscript, ffi = ModuleType("pyscript"), ModuleType("pyscript.ffi")
    pyodide, pyodide_ffi = ModuleType("pyodide"), ModuleType("pyodide.ffi")
    PROXIES.clear()
    ffi.to_js = lambda value, **options: value  # type: ignore[attr-defined]
    ffi.create_proxy = Proxy  # type: ignore[attr-defined]
    pyodide_ffi.create_once_callable = lambda function: function  # type: ignore[attr-defined]
    pyscript.ffi = ffi  # type: ignore[attr-defined]
    pyscript.window = SimpleNamespace(navigator=SimpleNamespace())  # type: ignore[attr-defined]
    pyodide_ffi.jsnull = None  # type: ignore[attr-defined]  # the fake DOM gives None for a miss
    pyodide.ffi = pyodide_ffi  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyscript", pyscript)
    monkeypatch.setitem(sys.modules, "pyscript.ffi", ffi)
    monkeypatch.setitem(sys.modules, "pyodide", pyodide)
    monkeypatch.setitem(sys.modules, "pyodide.ffi", pyodide_ffi)
