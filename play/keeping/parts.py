"""What each stored part holds, read strictly: the game in progress, recent games, records,
settings. The ledger reads itself (:mod:`play.ledger.entries`).

Whatever storage hands back may have been written by anyone (see :mod:`play.ledger.safe_json`),
so each reader checks every value against what a game of ours writes, and the parts
made of entries lose only their bad entries (:class:`play.ledger.safe_json.Readable`).

>>> from engine import BEGINNER, Record
>>> snapshot = Snapshot(Record(BEGINNER, 7), 1500, daily="2026-11-22")
>>> Snapshot.from_data(snapshot.to_data()) == snapshot
True
>>> Snapshot.from_data({**snapshot.to_data(), "elapsed_ms": 10**400})
Traceback (most recent call last):
...
play.ledger.safe_json.BadData: the time played must be from 0 to 999999999999, got a number with \
more than 20 digits
"""

from __future__ import annotations

import re
from collections.abc import Callable
from operator import le
from typing import Any

from engine import Level
from engine.record import parse_path
from engine.rng import SEED_LIMIT
from play.game.settings import Settings
from play.keeping.snapshot import Snapshot
from play.ledger.entries import LONGEST_ID
from play.ledger.safe_json import BadData, Readable, shown, sift, text

# A record as Record.to_text writes it: no spaces, no leading zeros, times of 12 digits
# at most (MAX_MS), rows and columns of 4 (Move.parse).
_N = r"(?:0|[1-9][0-9]*)"
_MS = r"(?:0|[1-9][0-9]{0,11})"
_RECORD = re.compile(
    rf"ms1;({_N})x({_N})/({_N});seed=({_N});marks=[01];noguess=[01]"
    r"(?:;first=(?:safe|none))?"  # a first-click rule but the default (engine.first_click)
    r"(?:;retry=([0-9]{1,4}),([0-9]{1,4}))?"  # a lost board dealt again (engine.record)
    rf"(?:;(?:U?[OFC][0-9]{{1,4}},[0-9]{{1,4}}|Q[01])@{_MS})*"  # U: a move taken back
    r"(?:;P=([A-Za-z0-9_-]*))?"  # the pointer's path (engine.record.path_text)
)
_CELLS = re.compile(r"[OFC]([0-9]+),([0-9]+)@")
_TIMES = re.compile(r"@([0-9]+)")


def is_record(value: Any) -> bool:
    """True when ``value`` is a record :meth:`engine.Record.parse` reads: as written by
    :meth:`engine.Record.to_text`, on a board the engine plays, every move on it and
    times never going back. Checked with a few scans in C, not move by move, since a
    player keeps a hundred records and more, all read at every start.

    >>> is_record("ms1;9x9/10;seed=1;marks=1;noguess=0;O4,4@0;F0,8@1500;Q0@1500")
    True
    >>> is_record("ms1;9x9/10;seed=1;marks=1;noguess=0;O4,9@0"), is_record(7)
    (False, False)
    >>> is_record("ms1;9x9/10;seed=1;marks=1;noguess=0;retry=4,4;O0,0@0;UO0,1@90;O2,2@95")
    True
    >>> is_record("ms1;9x9/10;seed=1;marks=1;noguess=0;retry=4,9;O0,0@0")
    False
    >>> is_record("ms1;9x9/10;seed=1;marks=1;noguess=0;first=safe;retry=4,4;O0,0@0")
    True
    """
    if not isinstance(value, str):
        return False
    match = _RECORD.fullmatch(value)
    if match is None:
        return False
    cols, rows, mines, seed, retry_row, retry_col, path = match.groups()
    if path is not None:
        try:
            parse_path(path)
        except ValueError:
            return False
    try:
        level = Level.parse(f"{cols}x{rows}/{mines}")
    except ValueError:
        return False
    if len(seed) > 20 or int(seed) >= SEED_LIMIT:
        return False
    cells = _CELLS.findall(value)
    if retry_row is not None:
        cells.append((retry_row, retry_col))
    if cells and (
        max(int(row) for row, _ in cells) >= level.rows
        or max(int(col) for _, col in cells) >= level.cols
    ):
        return False
    times = [int(ms) for ms in _TIMES.findall(value)]  # 12 digits at most: below MAX_MS
    return all(map(le, times, times[1:]))


def _by_game_id(data: Any, what: str, check: Callable[[Any], object]) -> Readable[dict[str, Any]]:
    """A map of game ids to values, each pair checked alone: a bad one costs itself only."""
    if not isinstance(data, dict):
        raise BadData(f"{what} must map game ids to games")

    def read(item: tuple[Any, Any]) -> tuple[str, Any]:
        game_id, value = item
        check(value)
        return text(game_id, "a game's id", LONGEST_ID), value

    items, kept, lost = sift(data.items(), read)
    return Readable(dict(items), dict(kept), lost)


def _a_record(value: Any) -> object:
    if not is_record(value):
        raise BadData(f"not a game record: {shown(value)}")
    return value


def read_records(data: Any) -> Readable[dict[str, str]]:
    """Game ids to record texts; a bad id or record costs that game only."""
    return _by_game_id(data, "records", _a_record)


def read_recent(data: Any) -> Readable[dict[str, Any]]:
    """Games played earlier, by id, for Back and Forward; a bad one costs itself only."""
    return _by_game_id(data, "recent games", Snapshot.from_data)


def read_settings(data: Any) -> Readable[Settings]:
    """Settings, each value of the wrong kind lost alone (the default takes its place);
    keys this version does not know are kept as they are, for the version that does."""
    settings = Settings.from_data(data)
    written = settings.to_data()
    bad = [
        key
        for key, value in written.items()
        if key in data and not (type(data[key]) is type(value) and data[key] == value)
    ]
    kept = {key: value for key, value in data.items() if key not in bad}
    return Readable(settings, kept, len(bad))
