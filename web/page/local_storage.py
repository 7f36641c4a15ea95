"""The browser's ``localStorage`` behind the session's storage port.

Private modes and blocked storage throw on first touch: then there is no store at
all and the page plays without saving. A write past the quota becomes
:class:`play.keeping.storage.StorageFull`, which the session turns into a quiet note.
"""

from __future__ import annotations

from typing import Any

from play.keeping import StorageFull
from web.page import browser

PROBE = "minesweeper/probe"


class LocalStorage:
    def __init__(self, backend: Any) -> None:
        self._backend = backend

    def read(self, key: str) -> str | None:
        value = self._backend.getItem(key)
        # A missing key is JavaScript's null, which Pyodide hands over as JsNull, not None.
        return value if isinstance(value, str) else None

    def write(self, key: str, text: str) -> None:
        try:
            self._backend.setItem(key, text)
        except Exception as error:  # a JsException: QuotaExceededError, or the like
            raise StorageFull(str(error)) from None

    def remove(self, key: str) -> None:
        self._backend.removeItem(key)


def open_local_storage() -> LocalStorage | None:
    """The page's ``localStorage``, or None when the browser will not let us use it."""
    try:
        backend = browser.window.localStorage
        backend.setItem(PROBE, "1")
        backend.removeItem(PROBE)
    except Exception:
        return None
    return LocalStorage(backend)
