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

Read from storage or a file, each entry is checked against what a real game can hold,
and a bad one costs itself only:

>>> data = merged.to_data()
>>> data["games"].insert(1, [*a.to_data()[:5], 10**400, 20, 20, 25, 9, None])
>>> found = Ledger.readable(data)
>>> found.value == merged, found.lost
(True, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from engine import FirstClick, Level
from engine.record import MAX_MS
from engine.rng import SEED_LIMIT
from engine.style import FLAGGING, STYLES
from play.ledger.safe_json import (
    BadData,
    Readable,
    day,
    flag,
    moment,
    one_of,
    shown,
    sift,
    text,
    whole,
)

KINDS = ("normal", "noguess", "assisted", "known", "practice", "retried", "undone", "race")
"""Counted apart: only normal games enter the best times, the competitive rule. A
daily board played again is practice: kept for its replay, counted in no statistics. A
lost board dealt again is retried, a game whose losing click was taken back undone, a
ghost's board raced a race (the player's own best or a friend's link alike)."""
PRACTICE = "practice"
RULES = tuple(rule.value for rule in FirstClick)
"""The first-click rules' text forms, as an entry keeps them."""
ALL = "*"
MAX_COUNT = 2**53 - 1
"""Clicks a game may count: any real game's are far fewer, and every ratio of counts
below this stays exact as a float (in JavaScript too)."""
LONGEST_ID = 100
"""Characters of a game's id (ours have 37)."""


class BadEntry(BadData):
    """A ledger entry, or a reset mark, that no game of ours wrote."""


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
    style: str = FLAGGING
    """:data:`engine.style.NF` when no flag was placed, else ``flagging``: the best times
    of each are kept apart. An entry written before styles were kept reads as flagging:
    never counted NF without knowing."""

    @property
    def nf(self) -> bool:
        """An NF game: won without placing a flag."""
        return self.won and self.style != FLAGGING

    first_click: FirstClick = FirstClick.OPENING
    """The board's first-click rule: best times are kept apart per rule. Written as a
    thirteenth field only when it is not ``opening`` (the style twelfth then, even
    flagging), so an entry written before the rule existed reads as ``opening``."""
    left: bool = False
    """Abandoned: the game had a first move and was left unfinished (another game dealt
    over it, another level, a start that did not carry it on). It counts as played and not
    won, as Windows counts it a loss, so a bad opening cannot be restarted away. Written
    as a fourteenth field, only when true."""

    @property
    def lost(self) -> bool:
        """Played to a loss (not won, not left)."""
        return not self.won and not self.left

    def _extra_fields(self) -> list[Any]:
        """The style, the rule and whether it was left, each written only when it or a
        later one is not the default (an older version reads eleven fields, and the style
        was added first)."""
        if self.left:
            return [self.style, self.first_click.value, True]
        if self.first_click is not FirstClick.OPENING:
            return [self.style, self.first_click.value]
        return [] if self.style == FLAGGING else [self.style]

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
            # Flagging and opening, the style and rule of every entry before they were kept,
            # are not written: such an entry reads the same in an older version of the game.
            *self._extra_fields(),
        ]

    @classmethod
    def from_data(cls, data: Any, levels: dict[str, Level] | None = None) -> Entry:
        """The entry :meth:`to_data` wrote; :class:`BadEntry` for anything a game of ours
        cannot have written, numbers out of what such a game holds included. ``levels``
        caches the boards already read, which repeat in a ledger."""
        if not isinstance(data, list) or len(data) not in (11, 12, 13, 14):
            raise BadEntry("a ledger entry must be a list of 11 to 14 fields")
        board = _board(data[2], {} if levels is None else levels)
        bbbv = whole(data[6], "3BV", 0, board.cells)
        return cls(
            id=text(data[0], "the game's id", LONGEST_ID),
            at=moment(data[1], "the end of the game"),
            board=data[2],
            kind=one_of(data[3], "the kind of game", KINDS),
            won=flag(data[4], "won"),
            ms=whole(data[5], "the time", 0, MAX_MS),
            bbbv=bbbv,
            solved=whole(data[7], "the 3BV solved", 0, bbbv),
            clicks=whole(data[8], "the clicks", 0, MAX_COUNT),
            seed=whole(data[9], "the seed", 0, SEED_LIMIT - 1),
            daily=None if data[10] is None else day(data[10], "the daily board's date"),
            style=FLAGGING if len(data) < 12 else one_of(data[11], "the style", STYLES),
            first_click=FirstClick(
                one_of(data[12], "the first-click rule", RULES) if len(data) >= 13 else "opening"
            ),
            left=len(data) == 14 and _left(data[4], data[13]),
        )


def _left(won: Any, value: Any) -> bool:
    """A fourteenth field: true, of a game not won (one left cannot have been won)."""
    if value is not True or won is not False:
        raise BadEntry(f"only a game not won can be left, got {shown(value)}")
    return True


def _board(value: Any, levels: dict[str, Level]) -> Level:
    """The level of a board's text, which must be as :class:`Level` writes it."""
    if isinstance(value, str) and value in levels:
        return levels[value]
    if isinstance(value, str) and len(value) <= 20:
        try:
            level = Level.parse(value)
        except ValueError:
            pass
        else:
            if str(level) == value:
                levels[value] = level
                return level
    raise BadEntry(f"a board must be written as 30x16/99, got {shown(value)}")


@dataclass(frozen=True, slots=True)
class Ledger:
    entries: tuple[Entry, ...] = ()
    """In the order the games ended."""
    resets: dict[str, str] = field(default_factory=dict)
    """``"board|kind"``, ``"board|*"`` or ``"*"`` -> when those statistics were reset."""

    def add(self, entry: Entry) -> Ledger:
        """The ledger with a game that has just ended. A reset cannot have forgotten a
        game before it ended: a mark dated at or after it (a clock that ran ahead when the
        statistics were reset, a file imported from one) is moved back to just before it,
        or every new game would vanish from the statistics until that date."""
        resets = {
            key: min(at, _just_before(entry.at)) if key in _keys(entry) else at
            for key, at in self.resets.items()
        }
        return Ledger(self.entries, resets).merge(Ledger((entry,)))

    def taken_up(self, game_id: str) -> Ledger:
        """The ledger without the entry of a game left (abandoned) as ``game_id``: it is
        being played again, so it is counted when it ends or is left again."""
        return Ledger(
            tuple(e for e in self.entries if not (e.id == game_id and e.left)), self.resets
        )

    def merge(self, other: Ledger) -> Ledger:
        resets = dict(self.resets)
        for key, at in other.resets.items():
            resets[key] = max(at, resets.get(key, ""))
        by_id: dict[str, Entry] = {}
        for entry in (*self.entries, *other.entries):
            same = by_id.get(entry.id)
            if same is None or same.left or not entry.left:  # its end beats the game left
                by_id[entry.id] = entry
        kept = sorted(
            (e for e in by_id.values() if not _was_reset(e, resets)), key=lambda e: (e.at, e.id)
        )
        return Ledger(tuple(kept), resets)

    def settled(self, now: str) -> Ledger:
        """This ledger with no reset mark after ``now``: a mark dated in the future (the
        clock ran ahead when the statistics were reset) is moved back to ``now``, so it
        still forgets every game it was meant to, and none to come.

        >>> ahead = Ledger((), {"*": "2030-01-01T00:00:00Z", "9x9/10|*": "2026-01-01T00:00:00Z"})
        >>> ahead.settled("2026-11-22T10:00:00.000Z").resets
        {'*': '2026-11-22T10:00:00.000Z', '9x9/10|*': '2026-01-01T00:00:00Z'}
        """
        return Ledger(self.entries, {key: min(at, now) for key, at in self.resets.items()})

    def without_future_resets(self, now: str) -> tuple[Ledger, int]:
        """This ledger without its reset marks dated after ``now``, and how many it had.
        No file to import can hold a reset made after today: such a mark (a clock that ran
        ahead, or a file made to hide games) would forget again, at each import, every
        game played since. Set aside, it forgets nothing.

        >>> ahead = Ledger((), {"*": "2030-01-01T00:00:00Z", "9x9/10|*": "2026-01-01T00:00:00Z"})
        >>> kept, future = ahead.without_future_resets("2026-11-22T10:00:00.000Z")
        >>> kept.resets, future
        ({'9x9/10|*': '2026-01-01T00:00:00Z'}, 1)
        """
        kept = {key: at for key, at in self.resets.items() if at <= now}
        return Ledger(self.entries, kept), len(self.resets) - len(kept)

    def reset(self, board: str | None, kind: str | None, at: str) -> Ledger:
        """Forget the games up to ``at``: of one board and kind, of every kind of one board
        (``kind`` None), or all of them (``board`` None)."""
        key = ALL if board is None else f"{board}|{kind or ALL}"
        return self.merge(Ledger((), {key: at}))

    def to_data(self) -> dict[str, Any]:
        return {"games": [e.to_data() for e in self.entries], "resets": dict(self.resets)}

    @classmethod
    def from_data(cls, data: Any) -> Ledger:
        """The ledger :meth:`to_data` wrote, every entry readable; :class:`BadEntry` else."""
        found = cls.readable(data)
        if found.lost:
            raise BadEntry(f"{found.lost} unreadable entries")
        return found.value

    @classmethod
    def readable(cls, data: Any) -> Readable[Ledger]:
        """What can be read of a ledger: each game and each reset mark that cannot be
        read costs itself only. :class:`BadEntry` when ``data`` is no ledger at all."""
        if not isinstance(data, dict):
            raise BadEntry("a ledger must be an object")
        games, resets = data.get("games", []), data.get("resets", {})
        if not isinstance(games, list) or not isinstance(resets, dict):
            raise BadEntry("a ledger must hold a list of games and an object of resets")
        levels: dict[str, Level] = {}
        entries, kept_games, lost_games = sift(games, lambda g: Entry.from_data(g, levels))
        marks, kept_marks, lost_marks = sift(resets.items(), _reset_mark)
        ledger = cls().merge(cls(tuple(entries), dict(marks)))
        kept = {**data, "games": kept_games, "resets": dict(kept_marks)}
        return Readable(ledger, kept, lost_games + lost_marks)


def _reset_mark(item: tuple[Any, Any]) -> tuple[str, str]:
    """``("30x16/99|normal", when)``: which statistics were reset, and when."""
    key, at = item
    return text(key, "a reset's board", LONGEST_ID), moment(at, "the time of a reset")


def _keys(entry: Entry) -> tuple[str, str, str]:
    """The reset marks that apply to ``entry``: all, its board, its board and kind."""
    return (ALL, f"{entry.board}|{ALL}", f"{entry.board}|{entry.kind}")


def _was_reset(entry: Entry, resets: dict[str, str]) -> bool:
    when = max(resets.get(key, "") for key in _keys(entry))
    return bool(when) and entry.at <= when


def _just_before(at: str) -> str:
    """The moment a millisecond before ``at`` (``2026-11-22T17:55:01.250Z``), as text.

    >>> _just_before("2026-11-22T17:55:01.250Z"), _just_before("2026-11-23T00:00:00.000Z")
    ('2026-11-22T17:55:01.249Z', '2026-11-22T23:59:59.999Z')
    """
    try:
        before = datetime.fromisoformat(at.removesuffix("Z")) - timedelta(milliseconds=1)
    except ValueError:  # not a time (a ledger made in memory may hold any text)
        return at
    return before.isoformat(timespec="milliseconds") + "Z"
