"""JavaScript's null and undefined at the Python boundary, in one place.

Pyodide hands JavaScript's ``undefined`` over as ``None`` but ``null`` as ``jsnull``, a
falsy object that is *not* ``None``, so a ``None`` test of what ``querySelector`` found never fails.
Reading a ``dataset`` property that is not there raises ``AttributeError`` instead of
giving ``None``. Every read of an element or a ``data-*`` value that may be missing
goes through these helpers, so a ``None`` test in ``web/`` means what it says.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from web.page import browser


@cache
def _js_null() -> Any:
    """JavaScript's null as Pyodide hands it over, looked up on first use (not at import:
    the memory snapshot cannot hold it); ``None`` in CPython, whose fake DOM gives ``None``
    for a miss."""
    try:
        return browser.jsnull
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
