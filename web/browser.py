"""The browser, reached when first used.

Every module of ``web/`` reaches the page's globals and the runtime's helpers through this
one, as ``browser.window``, ``browser.document``, ``browser.create_proxy``,
``browser.to_js``, ``browser.create_once_callable`` and ``browser.jsnull``, never by
importing ``js`` or ``pyodide`` itself. So every module can be imported where there
is no page: the memory snapshot, made in Node or in a worker (tools/site/snapshot.py),
holds all of ``web/`` compiled and run, and a returning player's start imports nothing
of ours (the 22 modules that touched the browser were imported on every start, 80 ms of a
second visit). The door opens in the page only, on first use. It is also the one place
that names the runtime (Pyodide's ``js`` and ``pyodide.ffi``), so swapping it would change
this module only.

``to_js`` turns a dict into a plain JavaScript object, as DOM calls expect their options
(Pyodide's own default is a ``Map``, which ``addEventListener`` and ``Blob`` ignore).

>>> import web.browser as browser
>>> browser.no_such_thing
Traceback (most recent call last):
AttributeError: web.browser has no no_such_thing
"""

from __future__ import annotations

from typing import Any

_PAGE = ("document", "window")
_PYODIDE_FFI = ("create_proxy", "create_once_callable", "jsnull")


def to_js(value: Any, **options: Any) -> Any:
    """``value`` as JavaScript, a dict as a plain object unless told otherwise."""
    import js
    from pyodide import ffi

    options.setdefault("dict_converter", js.Object.fromEntries)
    return ffi.to_js(value, **options)


def __getattr__(name: str) -> Any:
    if name in _PAGE:
        import js

        return getattr(js, name)
    if name in _PYODIDE_FFI:
        from pyodide import ffi

        return getattr(ffi, name)
    raise AttributeError(f"web.browser has no {name}")
