"""Every finished game, one small entry each: the ledger statistics are computed from.

Entries carry an id, so two ledgers (two tabs, or an imported file) merge by union
and never count a game twice. Resetting a level's statistics is a dated mark, so a
merge with an older copy does not bring reset games back.

>>> a = Entry("g1", "2026-11-22T10:00:00Z", "9x9/10", "normal", True, 12500, 20, 20, 25, 7)
>>> b = Entry("g2", "2026-11-22T11:00:00Z", "9x9/10", "normal", False, 3000, 20, 4, 6, 8)
>>> merged = Ledger((a,)).merge(Ledger((b, a)))
>>> [e.id for e in merged.entries]
['g1', 'g2']
>>> Ledger.from_data(merged.to_data()) == merged
True
>>> len(merged.reset("9x9/10", "normal", "2026-11-22T12:00:00Z").entries)
0
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

KINDS = ("normal", "noguess", "assisted")
"""Counted apart: only normal games enter the best times, the competitive rule."""
ALL = "*"


def _check(condition: bool, what: str) -> None:
    if not condition:
        raise ValueError(f"bad ledger entry: {what}")


@dataclass(frozen=True, slots=True)
class Entry:
    id: str
    at: str
    """When the game ended, ISO 8601 in UTC: sorts as text."""
    board: str
    """The level's text form, ``30x16/99``."""
    kind: str
    won: bool
    ms: int
    bbbv: int
    solved: int
    """3BV solved: all of it in a won game."""
    clicks: int
    seed: int
    daily: str | None = None
    """The date of a daily board, ``2026-11-22``."""

    @property
    def seconds(self) -> float:
        return self.ms / 1000

    @property
    def rate(self) -> float | None:
        """3BV per second, None for a game with no time."""
        return self.solved * 1000 / self.ms if self.ms > 0 else None

    @property
    def efficiency(self) -> float | None:
        return self.solved / self.clicks if self.clicks else None

    def to_data(self) -> list[Any]:
        return [
            self.id,
            self.at,
            self.board,
            self.kind,
            self.won,
            self.ms,
            self.bbbv,
            self.solved,
            self.clicks,
            self.seed,
            self.daily,
        ]

    @classmethod
    def from_data(cls, data: Any) -> Entry:
        _check(isinstance(data, list) and len(data) == 11, "not a list of 11 fields")
        entry = cls(*data)
        texts = (entry.id, entry.at, entry.board, entry.kind)
        _check(all(isinstance(x, str) for x in texts), "text fields")
        _check(entry.kind in KINDS, f"kind {entry.kind!r}")
        _check(isinstance(entry.won, bool), "won")
        numbers = (entry.ms, entry.bbbv, entry.solved, entry.clicks, entry.seed)
        _check(all(type(n) is int and n >= 0 for n in numbers), "numbers")
        _check(entry.daily is None or isinstance(entry.daily, str), "daily")
        return entry


@dataclass(frozen=True, slots=True)
class Ledger:
    entries: tuple[Entry, ...] = ()
    """In the order the games ended."""
    resets: dict[str, str] = field(default_factory=dict)
    """``"board|kind"``, ``"board|*"`` or ``"*"`` -> when those statistics were reset."""

    def add(self, entry: Entry) -> Ledger:
        return self.merge(Ledger((entry,)))

    def merge(self, other: Ledger) -> Ledger:
        resets = dict(self.resets)
        for key, at in other.resets.items():
            resets[key] = max(at, resets.get(key, ""))
        by_id = {e.id: e for e in (*self.entries, *other.entries)}
        kept = sorted(
            (e for e in by_id.values() if not _was_reset(e, resets)), key=lambda e: (e.at, e.id)
        )
        return Ledger(tuple(kept), resets)

    def reset(self, board: str | None, kind: str | None, at: str) -> Ledger:
        """Forget the games up to ``at``: of one board and kind, of every kind of one board
        (``kind`` None), or all of them (``board`` None)."""
        key = ALL if board is None else f"{board}|{kind or ALL}"
        return self.merge(Ledger((), {key: at}))

    def to_data(self) -> dict[str, Any]:
        return {"games": [e.to_data() for e in self.entries], "resets": dict(self.resets)}

    @classmethod
    def from_data(cls, data: Any) -> Ledger:
        _check(isinstance(data, dict), "not an object")
        resets = data.get("resets", {})
        _check(isinstance(resets, dict), "resets")
        _check(all(isinstance(k, str) and isinstance(v, str) for k, v in resets.items()), "resets")
        games = data.get("games", [])
        _check(isinstance(games, list), "games")
        return cls().merge(cls(tuple(Entry.from_data(g) for g in games), dict(resets)))


def _was_reset(entry: Entry, resets: dict[str, str]) -> bool:
    keys = (ALL, f"{entry.board}|{ALL}", f"{entry.board}|{entry.kind}")
    when = max(resets.get(key, "") for key in keys)
    return bool(when) and entry.at <= when
