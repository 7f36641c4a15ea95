"""The kept games as a competitor lists them (minesweeper.online's and Arbiter's game lists):
each game's marks and figures, sorted by any figure and filtered by level, result and mark.

A :class:`ListView` is what a player asked of the list: a small value with a text form, which
the terminal types after ``replay`` and the page's controls set.

>>> view = ListView.parse("sort=rate level=expert result=won mark=nf")
>>> view.to_text()
'sort=rate level=expert result=won mark=nf'
>>> ListView.parse(view.to_text()) == view and ListView.parse("") == ListView()
True
>>> ListView.parse("sort=luck")
Traceback (most recent call last):
...
play.keeping.game_list.BadListView: 'luck' is no sort: date, time, 3bv, rate or efficiency.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine import FirstClick, Level, Record, game_stats
from engine.style import FLAGGING, style

if TYPE_CHECKING:
    from play.keeping.views import KeptGame
    from play.ledger.entries import Entry

SORTS: dict[str, str] = {
    "date": "newest first",
    "time": "fastest first",
    "3bv": "most 3BV first",
    "rate": "highest 3BV/s first",
    "efficiency": "most efficient first",
}
"""Each figure the list sorts by, and the way it goes (the best or the newest first)."""

RESULTS: dict[str, str] = {"won": "won", "lost": "lost", "abandoned": "abandoned"}
"""The results a game ends with, and their words; a record kept without its ledger entry
(after a reset of the statistics) that never ended is ``unfinished``."""

MARKS: dict[str, str] = {
    "nf": "NF",
    "noguess": "no-guess",
    "safe": "safe first click",
    "none": "unsafe first click",
    "assisted": "assisted",
    "retried": "retried",
    "undone": "undone",
    "race": "race",
    "known": "known board",
    "daily": "daily",
    "practice": "practice",
}
"""How a game was played and where its board came from: each mark's key (the text form's)
and its words (the list's)."""

LEVEL_NAMES = ("beginner", "intermediate", "expert", "custom")


def _either(words: Sequence[str]) -> str:
    """``a, b or c``."""
    return ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else words[0]


class BadListView(ValueError):
    """A list view's text that names no sort, level, result or mark of ours."""


@dataclass(frozen=True, slots=True)
class ListView:
    sort: str = "date"
    level: str | None = None
    """One of :data:`LEVEL_NAMES`; None: every level."""
    result: str | None = None
    """One of :data:`RESULTS`; None: every result."""
    mark: str | None = None
    """One of :data:`MARKS`; None: every game."""

    def to_text(self) -> str:
        parts = [f"sort={self.sort}"] if self.sort != "date" else []
        for name in ("level", "result", "mark"):
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{name}={value}")
        return " ".join(parts) or "sort=date"

    @classmethod
    def parse(cls, text: str) -> ListView:
        """The view :meth:`to_text` wrote (any order); :class:`BadListView`, in words, for
        anything else."""
        known: dict[str, Sequence[str]] = {
            "sort": tuple(SORTS),
            "level": LEVEL_NAMES,
            "result": tuple(RESULTS),
            "mark": tuple(MARKS),
        }
        given: dict[str, str] = {}
        for part in text.lower().split():
            name, equals, value = part.partition("=")
            if not equals or name not in known:
                raise BadListView(f"'{part}' is no choice of the list: {_either(tuple(known))}=…")
            if value not in known[name]:
                raise BadListView(f"'{value}' is no {name}: {_either(tuple(known[name]))}.")
            given[name] = value
        return cls(
            given.get("sort", "date"), given.get("level"), given.get("result"), given.get("mark")
        )

    def shown(self, games: Sequence[KeptGame]) -> list[KeptGame]:
        """``games`` (most recent first) filtered and sorted as this view asks; a figure a
        game lacks (no time, no click) puts it last."""
        kept = [
            g
            for g in games
            if (self.level is None or level_name(g.board) == self.level)
            and (self.result is None or g.outcome == self.result)
            and (self.mark is None or self.mark in g.marks)
        ]
        key = _KEYS[self.sort]
        return sorted(kept, key=lambda g: (key(g) is None, key(g) or 0.0)) if key else kept


def _negated(figure: Callable[[KeptGame], float | None]) -> Callable[[KeptGame], float | None]:
    def key(game: KeptGame) -> float | None:
        value = figure(game)
        return None if value is None else -value

    return key


_KEYS: dict[str, Callable[[KeptGame], float | None] | None] = {
    "date": None,  # as kept: most recent first
    "time": lambda g: g.seconds if g.outcome == "won" else None,
    "3bv": _negated(lambda g: g.bbbv or None),
    "rate": _negated(lambda g: g.rate),
    "efficiency": _negated(lambda g: g.efficiency),
}
"""Sorting keys, smallest first: a time sorts only won games (a loss's time is no race)."""


def level_name(board: str) -> str:
    """``expert`` for ``30x16/99``: the level a board is, or ``custom``."""
    try:
        level = Level.parse(board)
    except ValueError:
        return "custom"
    return level.name if level.name in LEVEL_NAMES else "custom"


def entry_marks(entry: Entry, no_guess: bool) -> tuple[str, ...]:
    """The marks of a game counted in the ledger (``no_guess``: its record's board)."""
    marks = ["nf"] if entry.nf else []
    if no_guess:
        marks.append("noguess")
    if entry.first_click is not FirstClick.OPENING:
        marks.append(entry.first_click.value)
    if entry.kind in MARKS:
        marks.append(entry.kind)
    if entry.daily:
        marks.append("daily")
    return tuple(marks)


def record_marks(record: Record, won: bool) -> tuple[str, ...]:
    """The marks of a game known by its record only (its ledger entry reset)."""
    marks = ["nf"] if won and style(record) != FLAGGING else []
    if record.no_guess:
        marks.append("noguess")
    if record.first_click is not FirstClick.OPENING:
        marks.append(record.first_click.value)
    if record.retried:
        marks.append("retried")
    if record.undone:
        marks.append("undone")
    return tuple(marks)


def record_figures(record: Record, seconds: float) -> tuple[int, int, int]:
    """3BV, 3BV solved and clicks of a game known by its record only."""
    game = record.replay()
    stats = game_stats(game, seconds, record.taken_back_clicks)
    if stats is None:
        return 0, 0, 0
    return stats.bbbv, stats.solved_bbbv, stats.clicks.total


def mark_words(marks: Sequence[str]) -> str:
    """``NF · daily``: the marks in the list's words."""
    return " · ".join(MARKS[m] for m in marks if m in MARKS)
