"""The storage port: the few calls the session needs from wherever a front end keeps data.

The browser adapts ``localStorage`` to it (:mod:`web.page.local_storage`), the terminal a
JSON file under the user's data directory (:mod:`terminal.file_storage`), and tests
use :class:`MemoryStorage`, which can also pretend to be full.

>>> store = MemoryStorage(quota=10)
>>> store.write("a", "12345")
>>> store.read("a"), store.read("b")
('12345', None)
>>> store.write("b", "123456")
Traceback (most recent call last):
...
play.keeping.storage.StorageFull: no room for 7 more characters
"""

from __future__ import annotations

from typing import Protocol


class StorageFull(Exception):
    """The store refused a write for lack of room (the browser's quota)."""


class StorageUnavailable(Exception):
    """The store cannot be used at all (blocked, private mode, no data directory)."""


class Storage(Protocol):
    def read(self, key: str) -> str | None:
        """The text stored under ``key``, or None."""
        ...

    def write(self, key: str, text: str) -> None:
        """Store ``text`` under ``key``; :class:`StorageFull` when there is no room."""
        ...

    def remove(self, key: str) -> None: ...


class MemoryStorage:
    """A store in memory: for tests, and for play without persistence."""

    def __init__(self, quota: int | None = None) -> None:
        self.items: dict[str, str] = {}
        self.quota = quota
        """Characters it holds at most (keys and values), like a browser's quota."""

    def read(self, key: str) -> str | None:
        return self.items.get(key)

    def write(self, key: str, text: str) -> None:
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
            if used + len(key) + len(text) > self.quota:
                raise StorageFull(f"no room for {len(key) + len(text)} more characters")
        self.items[key] = text

    def remove(self, key: str) -> None:
        self.items.pop(key, None)
