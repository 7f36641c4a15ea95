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

And it is where JavaScript's null and undefined meet Python: Pyodide hands ``undefined`` over
as ``None`` but ``null`` as ``jsnull``, a falsy object that is *not* ``None``, so a ``None``
test of what ``querySelector`` found never fails; reading a ``dataset`` property that is not
there raises ``AttributeError`` instead of giving ``None``. Every read of an element or a
``data-*`` value that may be missing goes through the helpers here (:func:`closest`,
:func:`query`, :func:`data`...), so a ``None`` test in ``web/`` means what it says.

>>> import web.page.browser as browser
>>> browser.no_such_thing
Traceback (most recent call last):
AttributeError: web.page.browser has no no_such_thing
"""

from __future__ import annotations

from functools import cache
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


@cache
def _js_null() -> Any:
    """JavaScript's null as Pyodide hands it over, looked up on first use (not at import:
    the memory snapshot cannot hold it); ``None`` in CPython, whose fake DOM gives ``None``
    for a miss."""
    try:
        return __getattr__("jsnull")
    except ImportError:
        return None


def element_or_none(value: Any) -> Any | None:
    """The element, or ``None`` for JavaScript's null or undefined."""
    if value is None or value is _js_null():
        return None
    return value


def closest(target: Any, selector: str) -> Any | None:
    """``target.closest(selector)``, or ``None`` on a miss or when ``target`` is not an
    element (a click on the document or a text node has no ``closest``)."""
    if target is None or not getattr(target, "closest", None):
        return None
    return element_or_none(target.closest(selector))


def within(target: Any, selector: str) -> bool:
    """True when ``target`` is, or is inside, an element that ``selector`` matches (a click
    on a button's icon is a click on the button)."""
    return closest(target, selector) is not None  # closest turns JavaScript's null into None


def data(element: Any, name: str) -> str | None:
    """The element's ``data-NAME`` value (``name`` as written in HTML, ``"cell-size"``),
    or ``None`` when there is none: ``getAttribute`` gives null, never raises."""
    value = element.getAttribute(f"data-{name}")
    return value if isinstance(value, str) else None


def query(root: Any, selector: str) -> Any | None:
    """``root.querySelector(selector)``, or ``None`` when nothing matches."""
    return element_or_none(root.querySelector(selector))
