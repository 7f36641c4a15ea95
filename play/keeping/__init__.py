"""Keeping the player's data: every layer between the session and the storage, by one name.

From the bottom up:

- :mod:`play.keeping.storage`: the storage port, the few calls a front end's store answers
  (``localStorage`` in the page, :mod:`web.page.local_storage`; a JSON file in the terminal,
  :mod:`terminal.file_storage`);
- :mod:`play.keeping.blobs`: each part kept as a versioned blob, migrated, never lost
  (:class:`~play.keeping.blobs.Blobs`);
- :mod:`play.keeping.parts`: what each part holds, read strictly;
- :mod:`play.keeping.keeper`: the session's one way to all of it
  (:class:`~play.keeping.keeper.Keeper`);
- :mod:`play.keeping.views`: what a front end reads and changes of it, through objects the
  session owns (statistics, replays, export and import);
- :mod:`play.keeping.start_view`: beside them, what the next start will show, written as
  its sources change (the keeper, the page's zoom) for the loading script (static/skeleton.js).

- :mod:`play.keeping.game_list`: the kept games as a competitor lists them, sorted and
  filtered (:class:`ListView`), with their marks.

Its face names, besides, the ledger's strict JSON reader (:func:`play.ledger.safe_json.loads`)
for what a front end's store reads itself (the terminal's file, the page's zoom).
"""

from play.keeping.blobs import Blobs
from play.keeping.game_list import (
    LEVEL_NAMES,
    MARKS,
    RESULTS,
    SORTS,
    BadListView,
    ListView,
    mark_words,
)
from play.keeping.keeper import Keeper
from play.keeping.snapshot import Snapshot
from play.keeping.start_view import keep_zooms
from play.keeping.storage import MemoryStorage, Storage, StorageFull, StorageUnavailable
from play.keeping.views import KeptGame, Replays
from play.ledger.safe_json import loads

__all__ = [
    "LEVEL_NAMES",
    "MARKS",
    "RESULTS",
    "SORTS",
    "BadListView",
    "Blobs",
    "Keeper",
    "KeptGame",
    "ListView",
    "MemoryStorage",
    "Replays",
    "Snapshot",
    "Storage",
    "StorageFull",
    "StorageUnavailable",
    "keep_zooms",
    "loads",
    "mark_words",
]
