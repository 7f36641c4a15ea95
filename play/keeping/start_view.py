"""The picture of the next start, with the addresses it belongs to, kept for the page's
loading script.

static/skeleton.js draws the board before Python runs, and may keep the player's first
click. It holds no rule of the game: it compares the page's address (its path and query, as
the address bar shows them) with the addresses kept here, as text, and draws the picture
kept for the one that matches. Python works each picture out whenever one of its sources
changes, so that it is what Python's own start (:func:`play.start.startup.open_session`)
shows at that address:

- the plain visit (the page's path alone): the saved game carried on, else a new game of
  the saved level;
- the address Python last showed, which a reload opens again: its game carried on while it
  is the saved game, else its board dealt again (no click kept then on a daily board or a
  race, whose first reveal may be made for the player).

Any other address (a new link, a first visit) has no picture: the page keeps its neutral
loading state, so **a link's first paint has no board until Python draws it**. The look
(theme, cell size, Flag mode) is no address's (no link changes it): it is kept for every
address, and a link opens in the player's theme.

The entry, ``minesweeper/start``::

    {"schema": 2, "data": {
      "look": {"theme": "dark", "cell_size": "m", "flag_mode": false},
      "starts": {
        "/": {"board": "30x16/99", "rows": 16, "cols": 30, "mines": 99, "menu": "expert",
              "zoom": 1.5, "keeps_click": true},
        "/?level=expert&seed=42": {...}},
      "sources": {...}}}

A picture (``starts``, address -> picture): the board, as text (as the kept click names it,
:mod:`play.start.early_click`) and as its size; the level menu's value (null on a custom
board: Python sets the menu); the zoom the page keeps for the board's size; and whether a
first click made on it may be kept (``keeps_click``: a fresh board whose first reveal is the
player's, not in Flag mode). ``sources`` is Python's own, read by nothing else: the
settings' part (the level a new game deals, the look), the saved game's (its board and
whether it is fresh), the page's zooms, its path and the address it last showed (with the
board it names, and whether a new deal of it makes the first reveal). Each writer
rewrites its own source, and every picture is worked out again from all of them: the
keeper, when it keeps the settings or the game; the page's zoom; the page's address bar.

The entry is derived data: text that cannot be read is replaced, never set aside nor said,
and a store too full for it keeps the one it has (the loading page then draws a board that
Python's replaces; a click kept on it is played only if it fits, :mod:`play.start.early_click`).

>>> from engine import EXPERT, Record
>>> from play.keeping.storage import MemoryStorage
>>> store = MemoryStorage()
>>> keep_settings(store, Settings(level=EXPERT, theme="dark"))
>>> keep_game(store, Snapshot(Record(EXPERT, 42), 0))
>>> keep_zooms(store, {"30x16": 1.5})
>>> keep_shown(store, "/", "/?level=expert&seed=42", EXPERT)
>>> entry = read(store)
>>> entry["look"]
{'theme': 'dark', 'cell_size': 'm', 'flag_mode': False}
>>> entry["starts"]["/"]  # doctest: +NORMALIZE_WHITESPACE
{'board': '30x16/99', 'rows': 16, 'cols': 30, 'mines': 99, 'menu': 'expert', 'zoom': 1.5,
 'keeps_click': True}
>>> entry["starts"]["/?level=expert&seed=42"] == entry["starts"]["/"]
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

from engine import Level
from play.game.daily import offers_daily
from play.game.settings import Settings
from play.keeping.blobs import PREFIX
from play.keeping.snapshot import Snapshot
from play.keeping.storage import Storage, StorageFull
from play.ledger import safe_json

KEY = PREFIX + "start"
SCHEMA = 2
"""The entry's version: the loading page reads this one only (1 held the sources alone,
which the page combined with the address by rules of its own)."""
LARGEST = 16 * 1024
"""Characters of an entry read at most: fifty kept zooms take under 2,000."""


def zoom_key(level: Level) -> str:
    """The board size a zoom is kept under (:func:`web.controls.zoom.size_key`)."""
    return f"{level.cols}x{level.rows}"


def read(storage: Storage) -> dict[str, Any]:
    """The entry's data as stored (``look``, ``starts``, ``sources``); none when absent,
    unreadable or of another version."""
    return _parsed(storage.read(KEY))


def keep_settings(storage: Storage, settings: Settings) -> None:
    _keep(storage, {"settings": _settings_part(settings)})


def keep_game(storage: Storage, snapshot: Snapshot | None) -> None:
    """The saved game (None: none, a plain visit deals a new one)."""
    _keep(storage, {"game": game_part(snapshot)})


def game_part(snapshot: Snapshot | None) -> dict[str, Any] | None:
    """What the start view keeps of the saved game: its board, and whether it is fresh: no
    move yet, and not a daily board, whose first reveal is made for the player (the test
    :func:`play.start.early_click.fits` makes of the game once it is dealt)."""
    if snapshot is None:
        return None
    record = snapshot.record
    return {"board": str(record.level), "fresh": not record.moves and snapshot.daily is None}


def keep_zooms(storage: Storage, zooms: Mapping[str, float]) -> None:
    """Each board size's zoom (:func:`zoom_key`), as the page keeps them."""
    _keep(storage, {"zooms": dict(zooms)})


def keep_shown(
    storage: Storage,
    path: str,
    address: str,
    level: Level,
    *,
    daily: bool = False,
    race: bool = False,
) -> None:
    """The page shows ``address`` (its path and query, as the address bar has them), which
    names a board of ``level``, a ``daily`` board or a ``race``; ``path`` alone is the
    page's plain visit. A new deal of the address makes its
    first reveal for the player on a daily board (dealt on the levels only:
    :func:`play.game.daily.offers_daily`), and may on a race
    (:meth:`play.game.round.Round.raced`)."""
    opened = race or (daily and offers_daily(level))
    shown = {"address": address, "board": str(level), "opened": opened}
    _keep(storage, {"path": path, "shown": shown})


# --- the pictures, from the sources ------------------------------------------------------


def _pictures(sources: dict[str, Any]) -> dict[str, Any]:
    """``look`` and ``starts`` (see the module's docstring), from ``sources``."""
    settings = {**_settings_part(Settings()), **_readable_settings(sources.get("settings"))}
    zooms = _readable_zooms(sources.get("zooms"))
    flag_mode = settings["flag_mode"]

    def picture(board: str, fresh: bool) -> dict[str, Any]:
        level = Level.parse(board)  # read back by _level_text: parses
        return {
            "board": str(level),
            "rows": level.rows,
            "cols": level.cols,
            "mines": level.mines,
            "menu": None if level.name == "custom" else level.name,
            "zoom": zooms.get(zoom_key(level), 1.0),
            "keeps_click": fresh and not flag_mode,
        }

    game = _readable_game(sources.get("game"))
    plain = picture(settings["level"], True) if game is None else picture(*game)
    starts: dict[str, Any] = {}
    path = sources.get("path")
    if isinstance(path, str):
        starts[path] = plain
    shown = _readable_shown(sources.get("shown"))
    if shown is not None:
        address, board, opened = shown
        # A reload names the board and carries the saved game on if it is of that board
        # (play.start.address.start_launch): the address's own game, unless another tab's.
        carried = game is not None and game[0] == board
        starts[address] = plain if carried else picture(board, not opened)
    look = {key: settings[key] for key in ("theme", "cell_size", "flag_mode")}
    return {"look": look, "starts": starts}


def _settings_part(settings: Settings) -> dict[str, Any]:
    return {
        "level": str(settings.level),
        "theme": settings.theme,
        "cell_size": settings.cell_size,
        "flag_mode": settings.flag_mode,
    }


def _level_text(value: Any) -> str | None:
    """A board's text as :func:`str` gives it, if ``value`` is one."""
    try:
        return str(Level.parse(value)) if isinstance(value, str) and len(value) < 40 else None
    except ValueError:
        return None


def _readable_settings(value: Any) -> dict[str, Any]:
    """The settings' source, each part that reads (the others: the defaults)."""
    if not isinstance(value, dict):
        return {}
    given = {"level": _level_text(value.get("level"))}
    if isinstance(value.get("theme"), str) and isinstance(value.get("cell_size"), str):
        given |= {"theme": value["theme"], "cell_size": value["cell_size"]}
    if isinstance(value.get("flag_mode"), bool):
        given["flag_mode"] = value["flag_mode"]
    return {key: part for key, part in given.items() if part is not None}


def _readable_game(value: Any) -> tuple[str, bool] | None:
    if not isinstance(value, dict) or not isinstance(value.get("fresh"), bool):
        return None
    board = _level_text(value.get("board"))
    return None if board is None else (board, value["fresh"])


def _readable_shown(value: Any) -> tuple[str, str, bool] | None:
    if not isinstance(value, dict) or not isinstance(value.get("opened"), bool):
        return None
    address, board = value.get("address"), _level_text(value.get("board"))
    if not isinstance(address, str) or board is None:
        return None
    return address, board, value["opened"]


def _readable_zooms(value: Any) -> dict[str, float]:
    if not isinstance(value, dict):
        return {}
    return {
        key: float(zoom)
        for key, zoom in value.items()
        if isinstance(zoom, int | float) and not isinstance(zoom, bool) and math.isfinite(zoom)
    }


# --- the entry ----------------------------------------------------------------------------


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


def _keep(storage: Storage, changed: dict[str, Any]) -> None:
    """Rewrite the sources ``changed`` names, the others as they are, and every picture
    from them; written only when a source changes (most moves change nothing here)."""
    sources = _parsed(storage.read(KEY)).get("sources")
    sources = sources if isinstance(sources, dict) else {}
    if all(name in sources and sources[name] == source for name, source in changed.items()):
        return
    sources = {**sources, **changed}
    entry = {**_pictures(sources), "sources": sources}
    try:
        storage.write(KEY, json.dumps({"schema": SCHEMA, "data": entry}, separators=(",", ":")))
    except StorageFull:
        return  # the old entry stays: the loading page's board is then replaced by Python's
