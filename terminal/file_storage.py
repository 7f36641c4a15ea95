"""The storage port (:class:`play.keeping.storage.Storage`) over one JSON file in the user's
data directory.

The file is one JSON object mapping each key to its text, the blobs of
:mod:`play.keeping.blobs`: ``{"minesweeper/settings": "{\\"schema\\":1,...}", ...}``. Every
read reads the file afresh and every write reads it, changes one key and puts a
whole new file in place (a temporary file, then :func:`os.replace`), so two games
running at once each add their own key's change to what the other wrote, and a
crash mid-write leaves the old file whole.

Nothing here costs the player data: a file that is not ours is renamed aside as
``store.json.bad-1`` (then ``-2``...) with a note, never deleted; a directory that
cannot be written makes :meth:`FileStorage.open` raise
:class:`play.keeping.storage.StorageUnavailable`, and the game plays without saving.

>>> import tempfile
>>> folder = tempfile.TemporaryDirectory()
>>> store = FileStorage.open(Path(folder.name) / "minesweeper" / "store.json")
>>> store.read("a") is None
True
>>> store.write("a", '{"schema":1,"data":7}')
>>> store.read("a"), sorted(json.loads(store.path.read_text()))
('{"schema":1,"data":7}', ['a'])
>>> _ = store.path.write_text("not json")
>>> store.read("a") is None, sorted(p.name for p in store.path.parent.iterdir())
(True, ['store.json.bad-1'])
>>> store.notes[-1].endswith("store.json.bad-1; the game goes on with fresh data.")
True
>>> folder.cleanup()
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

from play.keeping import StorageFull, StorageUnavailable, loads

APP_FOLDER = "minesweeper"
FILE_NAME = "store.json"
LARGEST = 32 * 1024 * 1024
"""Bytes beyond which a file cannot be ours (a lifetime of games is a few megabytes)."""
_NO_ROOM = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG}


def data_path(environ: Mapping[str, str] = os.environ) -> Path:
    """Where the file lives: ``$XDG_DATA_HOME/minesweeper/store.json``, by default under
    ``~/.local/share``. A relative ``XDG_DATA_HOME`` is ignored, as the XDG spec says;
    :class:`StorageUnavailable` when there is no home folder either.

    >>> str(data_path({"XDG_DATA_HOME": "/data", "HOME": "/home/ann"}))
    '/data/minesweeper/store.json'
    >>> str(data_path({"XDG_DATA_HOME": "rel", "HOME": "/home/ann"}))
    '/home/ann/.local/share/minesweeper/store.json'
    """
    base = environ.get("XDG_DATA_HOME", "")
    if not os.path.isabs(base):
        try:
            home = environ.get("HOME") or str(Path.home())
        except RuntimeError:  # no HOME and no home in the password database
            raise StorageUnavailable(
                "No home folder to keep your games in: this game plays without saving."
            ) from None
        base = os.path.join(home, ".local", "share")
    return Path(base) / APP_FOLDER / FILE_NAME


def _reason(error: OSError) -> str:
    return error.strerror or type(error).__name__


class FileStorage:
    """Keys and their texts in one JSON file; see the module's docstring."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.notes: list[str] = []
        """What the player should hear about the file, each said once."""
        self._broken = False
        """Set when the file can no longer be read or written safely: writes stop."""

    @classmethod
    def open(cls, path: Path) -> FileStorage:
        """A store over ``path``, its folder made if need be; :class:`StorageUnavailable`,
        in words for the player, when the folder cannot be written or the file read."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, probe = tempfile.mkstemp(dir=path.parent, prefix=".probe-")
            os.close(handle)
            os.remove(probe)
            if path.exists():
                with path.open("rb"):  # a folder, or a file we may not read, fails here
                    pass
        except OSError as error:
            raise StorageUnavailable(
                f"Cannot keep your games in {path} ({_reason(error)}): "
                "this game plays without saving."
            ) from None
        store = cls(path)
        store._load()  # a bad file is set aside now, and said at the start
        return store

    # --- the storage port --------------------------------------------------------------

    def read(self, key: str) -> str | None:
        return self._load().get(key)

    def write(self, key: str, text: str) -> None:
        items = self._load()
        if self._broken or items.get(key) == text:
            return
        items[key] = text
        self._save(items)

    def remove(self, key: str) -> None:
        items = self._load()
        if self._broken or key not in items:
            return
        del items[key]
        self._save(items)

    # --- the file ----------------------------------------------------------------------

    def _load(self) -> dict[str, str]:
        """What the file holds now; empty when there is none or it was set aside."""
        try:
            with self.path.open("rb") as file:
                raw = file.read(LARGEST + 1)
        except FileNotFoundError:
            return {}
        except OSError as error:
            self._break(f"Cannot read {self.path} ({_reason(error)})")
            return {}
        items = _parse(raw)
        if items is None:
            self._set_aside(raw)
            return {}
        return items

    def _save(self, items: dict[str, str]) -> None:
        text = _dumps(items)
        temp: str | None = None
        try:
            handle, temp = tempfile.mkstemp(
                dir=self.path.parent, prefix=f".{self.path.name}.", suffix=".tmp"
            )
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
                file.flush()
                os.fsync(file.fileno())  # the new file is whole on disk before it replaces the old
            os.replace(temp, self.path)
            temp = None
        except OSError as error:
            if error.errno in _NO_ROOM:
                raise StorageFull(f"{self.path}: {_reason(error)}") from None
            self._break(f"Cannot write {self.path} ({_reason(error)})")
        finally:
            if temp is not None:
                with contextlib.suppress(OSError):
                    os.remove(temp)

    def _set_aside(self, raw: bytes) -> None:
        """Rename a file that is not ours to the first free ``.bad-N`` name, once we are
        sure it is still the same file (another game may have done it already)."""
        for n in range(1, 1000):
            aside = self.path.with_name(f"{self.path.name}.bad-{n}")
            if aside.exists():
                continue
            try:
                with self.path.open("rb") as file:
                    if file.read(LARGEST + 1) != raw:
                        return  # replaced meanwhile by another game: nothing to set aside
                os.rename(self.path, aside)
            except FileNotFoundError:
                return
            except OSError as error:
                self._break(
                    f"{self.path} is not a Minesweeper file and cannot be moved aside "
                    f"({_reason(error)}); it is left as it was"
                )
                return
            self.notes.append(
                f"Your saved games in {self.path} could not be read: the file is kept as "
                f"{aside.name}; the game goes on with fresh data."
            )
            return
        self._break(f"{self.path} is not a Minesweeper file and is left as it was")

    def _break(self, what: str) -> None:
        if not self._broken:
            self._broken = True
            self.notes.append(f"{what}: the game goes on without saving.")


def _dumps(items: dict[str, str]) -> str:
    """The file's text: readable UTF-8, or all ASCII when a text holds a lone surrogate
    (from a file we read, ``"\\ud800"``), which UTF-8 cannot encode but ``\\u`` escapes
    keep exactly, so even unreadable data is kept, as it was, when set aside.

    >>> _dumps({"k": "é"}), _dumps({"k": "é\\ud800"})
    ('{\\n "k": "é"\\n}\\n', '{\\n "k": "\\\\u00e9\\\\ud800"\\n}\\n')
    """
    text = json.dumps(items, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(items, indent=1, sort_keys=True) + "\n"
    return text


def _parse(raw: bytes) -> dict[str, str] | None:
    """The items of a store file; None when it is not one (too large, too deep, not UTF-8
    JSON, not an object of texts)."""
    if len(raw) > LARGEST:
        return None
    try:
        data = loads(raw.decode("utf-8"), limit=LARGEST)
    except (UnicodeDecodeError, ValueError):
        return None
    if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
        return None
    return data
