"""A game in progress as it is kept: its record, the time played and how it was played.

>>> from engine import BEGINNER, Record
>>> snapshot = Snapshot(Record(BEGINNER, 7), 1500, daily="2026-11-22")
>>> Snapshot.from_data(snapshot.to_data()) == snapshot
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import Record
from engine.record import MAX_MS
from play.ledger.safe_json import MAX_CHARS, BadData, day, flag, text, whole


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A game in progress, as stored: its record, the time played and how it was played."""

    record: Record
    elapsed_ms: int
    assisted: bool = False
    daily: str | None = None
    linked: bool = False
    """The board came from a shared link (:attr:`play.start.address.Launch.linked`)."""

    def to_data(self) -> dict[str, Any]:
        data = {
            "record": self.record.to_text(),
            "elapsed_ms": self.elapsed_ms,
            "assisted": self.assisted,
            "daily": self.daily,
        }
        return {**data, "linked": True} if self.linked else data

    @classmethod
    def from_data(cls, data: Any) -> Snapshot:
        """The snapshot :meth:`to_data` wrote: a record that replays, a time a record can
        hold (so each later move can be timed), a real date; ValueError otherwise."""
        if not isinstance(data, dict):
            raise BadData("a saved game must be an object")
        daily = data.get("daily")
        return cls(
            Record.parse(text(data.get("record"), "the record", MAX_CHARS)),
            whole(data.get("elapsed_ms"), "the time played", 0, MAX_MS),
            flag(data.get("assisted"), "assisted"),
            None if daily is None else day(daily, "the daily board's date"),
            flag(data.get("linked", False), "linked"),
        )
