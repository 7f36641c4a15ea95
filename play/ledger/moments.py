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

from datetime import UTC, date, datetime


def utc_now() -> datetime:
    """Now, in UTC: the one wall clock. The keeper, the practice deck and the start are
    given it unless a test (or the terminal, which takes one too) gives its own; nothing
    else reads the time of day."""
    return datetime.now(UTC)


def today_utc() -> date:
    """Today in UTC, on :func:`utc_now`: a daily board's day, the latest a replay file may
    have been played."""
    return utc_now().date()


def stamp(moment: datetime) -> str:
    """``2026-11-22T17:55:01.250Z``: sorts as text, in UTC."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def moment_of(text: str) -> datetime:
    """The moment :func:`stamp` wrote, in UTC."""
    return datetime.fromisoformat(text[:-1]).replace(tzinfo=UTC)
