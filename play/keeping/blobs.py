"""What the player's data looks like in storage: versioned blobs, migrated, never lost.

Each part (settings, the game in progress, results, records, recent games) is one
JSON blob ``{"schema": N, "data": ...}`` under its own key, so a bad part costs
nothing of the others. Reading a blob that is corrupt or foreign keeps the text
aside under a backup key and says so; the game goes on with fresh data. A full
store or none at all is said once, quietly, and play goes on without saving.

>>> from play.keeping.storage import MemoryStorage
>>> store = MemoryStorage()
>>> blobs = Blobs(store)
>>> blobs.store("settings", {"marks": False})
True
>>> store.read("minesweeper/settings")
'{"schema":1,"data":{"marks":false}}'
>>> blobs.load("settings", dict)
{'marks': False}
>>> store.write("minesweeper/settings", "{not json")
>>> blobs.load("settings", dict) is None, store.read("minesweeper/settings.backup")
(True, '{not json')
>>> blobs.notes[-1]
'Saved settings could not be read; they are kept aside as "minesweeper/settings.backup".'

A part whose entries can be read one by one (the ledger, the records) loses only the
entries that cannot: the whole text is kept aside, and the rest is stored again.

>>> from play.ledger.safe_json import Readable, sift
>>> def numbers(data):
...     values, kept, lost = sift(data, lambda n: safe_json.whole(n, "a number", 0, 9))
...     return Readable(values, kept, lost)
>>> store.write("minesweeper/ledger", '{"schema":1,"data":[1,"x",3]}')
>>> blobs.load_each("ledger", numbers), store.read("minesweeper/ledger")
([1, 3], '{"schema":1,"data":[1,3]}')
>>> store.read("minesweeper/ledger.backup")
'{"schema":1,"data":[1,"x",3]}'
>>> blobs.notes[-1]
'Saved ledger: 1 entry is unreadable and left out; all of it, as it was, is kept aside as \
"minesweeper/ledger.backup".'
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

from engine.wording import be, count
from play.keeping.storage import Storage, StorageFull
from play.ledger import safe_json
from play.ledger.safe_json import BadData, Readable

SCHEMA = 1
"""The version of the stored data; :data:`MIGRATIONS` bring older blobs up to it."""
PREFIX = "minesweeper/"
MAX_BACKUPS = 5

T = TypeVar("T")

Migration = Callable[[str, Any], Any]
MIGRATIONS: dict[int, Migration] = {
    # 0 -> 1: version 0 stored the data bare, without the envelope.
    0: lambda _name, data: data,
}
"""``MIGRATIONS[n](name, data)`` turns a blob of schema ``n`` into schema ``n + 1``."""


class CorruptData(BadData):
    """A stored blob that is not ours, or no longer readable."""


def unwrap(name: str, text: str) -> Any:
    """The data of a stored blob, migrated to :data:`SCHEMA`.

    >>> unwrap("settings", '{"schema": 1, "data": [1, 2]}')
    [1, 2]
    >>> unwrap("settings", '{"marks": true}')  # schema 0: no envelope
    {'marks': True}
    >>> unwrap("settings", '{"schema": 99, "data": 1}')
    Traceback (most recent call last):
    ...
    play.keeping.blobs.CorruptData: made by a newer version of the game (schema 99)
    """
    try:
        blob = safe_json.loads(text)
    except BadData as error:
        raise CorruptData(str(error)) from None
    if isinstance(blob, dict) and set(blob) == {"schema", "data"}:
        schema, data = blob["schema"], blob["data"]
    else:
        schema, data = 0, blob
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 0:
        raise CorruptData("no schema version")
    if schema > SCHEMA:
        raise CorruptData(f"made by a newer version of the game (schema {schema})")
    while schema < SCHEMA:
        data = MIGRATIONS[schema](name, data)
        schema += 1
    return data


def wrap(data: Any) -> str:
    return json.dumps({"schema": SCHEMA, "data": data}, separators=(",", ":"))


class Blobs:
    """The player's stored data, part by part, over a :class:`play.keeping.storage.Storage`."""

    def __init__(self, storage: Storage | None) -> None:
        self.storage = storage
        self.notes: list[str] = []
        """What the player should hear about their data: said once each."""
        self._full_said = False
        self._untouchable: set[str] = set()
        """Parts that could not be read nor set aside: never overwritten."""
        if storage is None:
            self.notes.append(
                "Storage is not available here (private mode or blocked): "
                "this game plays without saving."
            )

    @property
    def available(self) -> bool:
        return self.storage is not None

    def key(self, name: str) -> str:
        return PREFIX + name

    def load(self, name: str, parse: Callable[[Any], T]) -> T | None:
        """The part ``name`` read by ``parse``; None when absent or unreadable (then kept
        aside under a backup key and noted). ``parse`` raises ValueError, TypeError or
        KeyError on data it cannot use."""
        return self.load_each(name, lambda data: Readable(parse(data), data))

    def load_each(self, name: str, read: Callable[[Any], Readable[T]]) -> T | None:
        """Like :meth:`load`, for a part whose entries ``read`` reads one by one: when some
        are lost, the text as it was is kept aside and the readable rest stored again,
        so a bad entry costs that entry only, and is said once."""
        if self.storage is None:
            return None
        text = self.storage.read(self.key(name))
        if text is None:
            return None
        try:
            found = read(unwrap(name, text))
        except (ValueError, TypeError, KeyError, AttributeError):
            self._set_aside(name, text)
            return None
        if found.lost:
            self._set_aside(name, text, found)
        return found.value

    def store(self, name: str, data: Any) -> bool:
        """Write the part ``name``; False (and a note, once) when the store is full."""
        if self.storage is None or name in self._untouchable:
            return False
        try:
            self.storage.write(self.key(name), wrap(data))
        except StorageFull:
            if not self._full_said:
                self._full_said = True
                self.notes.append("Storage is full: this game goes on, but it is not being saved.")
            return False
        return True

    def update(
        self, name: str, read: Callable[[Any], Readable[T]], change: Callable[[T | None], Any]
    ) -> bool:
        """Read the part afresh (as :meth:`load_each` does), change it and write it back:
        two tabs that both write merge their changes instead of overwriting each other's."""
        return self.store(name, change(self.load_each(name, read)))

    def remove(self, name: str) -> None:
        if self.storage is not None:
            self.storage.remove(self.key(name))

    def _set_aside(self, name: str, text: str, readable: Readable[Any] | None = None) -> None:
        """Keep unreadable text under a free backup key; never drop it. With a
        ``readable``, the part keeps its readable entries; without, it is emptied."""
        assert self.storage is not None
        key = self.key(name)
        for n in range(1, MAX_BACKUPS + 1):
            backup = f"{key}.backup" if n == 1 else f"{key}.backup{n}"
            if self.storage.read(backup) in (None, text):
                try:
                    self.storage.write(backup, text)
                except StorageFull:
                    break
                self._keep_readable(name, readable)
                if readable is None:
                    self._note(
                        f'Saved {name} could not be read; they are kept aside as "{backup}".'
                    )
                else:
                    lost = f"{count(readable.lost, 'entry', 'entries')} {be(readable.lost)}"
                    self._note(
                        f"Saved {name}: {lost} unreadable and left out; all of it, as it was, "
                        f'is kept aside as "{backup}".'
                    )
                return
        # No room for a backup: leave the text where it is, untouched, and say so.
        self._untouchable.add(name)
        self._note(f"Saved {name} could not be read; they are left as they were.")

    def _keep_readable(self, name: str, readable: Readable[Any] | None) -> None:
        assert self.storage is not None
        if readable is None:
            self.storage.remove(self.key(name))
            return
        try:
            self.storage.write(self.key(name), wrap(readable.data))
        except StorageFull:
            self._untouchable.add(name)  # kept aside whole, and left whole: never half-written

    def _note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)
