"""What the next start will show, kept for the page's loading script.

static/skeleton.js draws the board before Python runs, and may keep the player's first
click. It does not read the player's data itself: that would copy the rules of
:mod:`play.keeping.parts`, :mod:`play.game.settings` and :mod:`play.start.startup` into
JavaScript. It reads this one small entry, ``minesweeper/start``, and the address. The entry
says what Python has decided, part by part, each part rewritten by whoever keeps its source:

- the keeper, when it keeps the settings: ``level``, the board a new game deals
  (``[rows, cols, mines]``), ``theme``, ``cell_size`` and ``taps_flag`` (Flag mode: a
  click flags, so none is kept);
- the keeper, when it keeps the game in progress: ``game``, the saved game a plain visit
  carries on (null when there is none), with its board, its seed (as text: seeds go up to
  2**64), whether it has moves (``played``: a link that asked for something it could not
  have deals a fresh board rather than carry on an untouched one) and whether its first
  click may be kept (``fresh``: no move yet, and not a daily board, whose first reveal is
  made for the player);
- the page's zoom (:mod:`web.controls.zoom`): ``zooms``, each board size's zoom.

The entry is derived data: text that cannot be read is replaced, never set aside nor
said, and a store too full for it keeps the one it has (the loading page then draws a
board that Python's replaces).

>>> from engine import EXPERT, Record
>>> from play.keeping.storage import MemoryStorage
>>> store = MemoryStorage()
>>> keep_settings(store, Settings(level=EXPERT, theme="dark"))
>>> keep_game(store, Snapshot(Record(EXPERT, 42), 0))
>>> keep_zooms(store, {"30x16": 1.5})
>>> read(store)  # doctest: +NORMALIZE_WHITESPACE
{'level': [16, 30, 99], 'theme': 'dark', 'cell_size': 'm', 'taps_flag': False,
 'game': {'level': [16, 30, 99], 'seed': '42', 'played': False, 'fresh': True},
 'zooms': {'30x16': 1.5}}
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from engine import Level
from play.game.settings import Settings
from play.keeping.blobs import PREFIX
from play.keeping.snapshot import Snapshot
from play.keeping.storage import Storage, StorageFull
from play.ledger import safe_json

KEY = PREFIX + "start"
SCHEMA = 1
"""The entry's version: the loading page reads this one only."""
LARGEST = 16 * 1024
"""Characters of an entry read at most: fifty kept zooms take under 2,000."""


def level_part(level: Level) -> list[int]:
    return [level.rows, level.cols, level.mines]


def settings_part(settings: Settings) -> dict[str, Any]:
    """What a start takes from the settings."""
    return {
        "level": level_part(settings.level),
        "theme": settings.theme,
        "cell_size": settings.cell_size,
        "taps_flag": settings.flag_mode,
    }


def game_part(snapshot: Snapshot | None) -> dict[str, Any]:
    """What a start takes from the saved game (the same test as
    :func:`play.start.early_click.fits` makes of the game once it is dealt)."""
    if snapshot is None:
        return {"game": None}
    record = snapshot.record
    played = bool(record.moves)
    return {
        "game": {
            "level": level_part(record.level),
            "seed": str(record.seed),
            "played": played,
            "fresh": not played and snapshot.daily is None,
        }
    }


def read(storage: Storage) -> dict[str, Any]:
    """The entry's parts as stored; none when absent, unreadable or of another version."""
    return _parsed(storage.read(KEY))


def keep_settings(storage: Storage, settings: Settings) -> None:
    _keep(storage, settings_part(settings))


def keep_game(storage: Storage, snapshot: Snapshot | None) -> None:
    _keep(storage, game_part(snapshot))


def keep_zooms(storage: Storage, zooms: Mapping[str, float]) -> None:
    _keep(storage, {"zooms": dict(zooms)})


def _parsed(text: str | None) -> dict[str, Any]:
    if text is None:
        return {}
    try:
        blob = safe_json.loads(text, limit=LARGEST)
    except ValueError:  # safe_json.BadData: too large, too deep, not JSON
        return {}
    if not isinstance(blob, dict) or blob.get("schema") != SCHEMA:
        return {}
    data = blob.get("data")
    return data if isinstance(data, dict) else {}


def _keep(storage: Storage, parts: Mapping[str, Any]) -> None:
    """Rewrite ``parts`` of the entry, the others as they are (written only when it
    changes: most moves change nothing here)."""
    text = storage.read(KEY)
    entry = {**_parsed(text), **parts}
    new = json.dumps({"schema": SCHEMA, "data": entry}, separators=(",", ":"))
    if new == text:
        return
    try:
        storage.write(KEY, new)
    except StorageFull:
        return  # the old entry stays: the loading page's board is then replaced by Python's
