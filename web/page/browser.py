"""The browser, reached when first used.

Every module of ``web/`` reaches the page's globals and the runtime's helpers through this
one, as ``browser.window``, ``browser.document``, ``browser.create_proxy``,
``browser.to_js``, ``browser.create_once_callable`` and ``browser.jsnull``, never by
importing ``pyscript``, ``js`` or ``pyodide`` itself. So every module can be imported where
there is no page: the memory snapshot, made in Node or in a worker (tools/site/snapshot.py),
holds all of ``web/`` compiled and run, and a returning player's start imports nothing
of ours (the 22 modules that touched the browser were imported on every start, 80 ms of a
second visit). The door opens in the page only, on first use.

It is also the one place that names the runtime's provider: PyScript, as a PyScript
program reaches the page (``from pyscript import document, window, ffi``; its ``ffi.to_js``
turns a dict into a plain JavaScript object, as DOM calls expect their options), and
Pyodide, which PyScript runs on, for the two helpers PyScript does not name
(``create_once_callable``, and ``jsnull``: JavaScript's null as Pyodide hands it over, not
None). Swapping the provider would change this module only.

>>> import web.page.browser as browser
>>> browser.no_such_thing
Traceback (most recent call last):
AttributeError: web.page.browser has no no_such_thing
"""

from __future__ import annotations

from typing import Any

_PYSCRIPT = ("document", "window")
_PYSCRIPT_FFI = ("create_proxy", "to_js")
_PYODIDE_FFI = ("create_once_callable", "jsnull")


def __getattr__(name: str) -> Any:
    if name in _PYSCRIPT:
        import pyscript

        return getattr(pyscript, name)
    if name in _PYSCRIPT_FFI:
        from pyscript import ffi

        return getattr(ffi, name)
    if name in _PYODIDE_FFI:
        from pyodide import ffi as pyodide_ffi

        return getattr(pyodide_ffi, name)
    raise AttributeError(f"web.page.browser has no {name}")
