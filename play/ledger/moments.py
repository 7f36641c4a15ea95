"""Moments as kept: every time the player's data holds (a record's date, a drill's due time)
is written as one sortable text in UTC, and read back from it.

>>> from datetime import datetime, timedelta, timezone
>>> moment = datetime(2026, 11, 22, 18, 55, 1, 250000, tzinfo=timezone(timedelta(hours=1)))
>>> stamp(moment)
'2026-11-22T17:55:01.250Z'
>>> moment_of(stamp(moment)) == moment
True
"""

from __future__ import annotations

from datetime import UTC, datetime


def utc_now() -> datetime:
    """Now, in UTC: the clock the keeper and the practice deck are given unless a test gives
    its own."""
    return datetime.now(UTC)


def stamp(moment: datetime) -> str:
    """``2026-11-22T17:55:01.250Z``: sorts as text, in UTC."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def moment_of(text: str) -> datetime:
    """The moment :func:`stamp` wrote, in UTC."""
    return datetime.fromisoformat(text[:-1]).replace(tzinfo=UTC)
