"""The daily board: one board a UTC day for every player, and the line they share after it.

The seed comes from the date and the level alone, and the first reveal is made
in the centre for the player, so the board is truly the same for everyone.

>>> from datetime import date
>>> from engine import EXPERT
>>> daily_seed(date(2026, 11, 22), EXPERT) == daily_seed(date(2026, 11, 22), EXPERT)
True
>>> daily_seed(date(2026, 11, 22), EXPERT) != daily_seed(date(2026, 11, 23), EXPERT)
True
"""

from __future__ import annotations

import hashlib
from datetime import date

from engine import Level
from engine.level import PRESETS
from engine.rng import SEED_LIMIT
from play.game.result import Result
from play.ledger.entries import Entry, Ledger
from play.ledger.statistics import board_title, daily_attempts

PRACTICE_NEWS = "Practice: only the first attempt at a daily board counts."
"""The result line of a daily board played again."""


DAILY_ON_LEVELS = (
    "The daily board is played on Beginner, Intermediate or Expert: choose one of them first."
)
"""Why a custom board is not dealt a daily board (:func:`offers_daily`)."""


def offers_daily(level: Level) -> bool:
    """The daily board is played on the levels (a board everyone compares), never on a
    custom board, where a tiny one would be won by the first reveal made for the player.

    >>> from engine import EXPERT
    >>> offers_daily(EXPERT), offers_daily(Level(1, 2, 1)), offers_daily(Level(9, 9, 10))
    (True, False, True)
    """
    return level.name in PRESETS


def daily_seed(day: date, level: Level) -> int:
    """A seed from the date and the level: a hash, so neighbouring days look unrelated."""
    digest = hashlib.sha256(f"minesweeper daily {day.isoformat()} {level}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % SEED_LIMIT


def counted_attempt(ledger: Ledger, day: str, level: Level) -> Entry | None:
    """The attempt at the daily board of ``day`` on ``level`` that counts, once one has
    been finished: any later one is practice, kept out of every statistic (a board
    whose mines the player has seen proves nothing, and a loss is not undone)."""
    return daily_attempts(ledger).get((day, str(level)))


def practice_notice(counted: Entry) -> str:
    """What a daily board played again says from its start.

    >>> from play.ledger.entries import Entry
    >>> lost = Entry("g1", "2026-11-22T10:00:00Z", "9x9/10", "normal", False, 3000, 20, 4, 6, 7,
    ...              "2026-11-22")
    >>> practice_notice(lost)
    'Practice, not counted: your first attempt at this daily board (2026-11-22, Beginner) was lost.'
    """
    outcome = f"won in {counted.seconds:.2f} s" if counted.won else "lost"
    board = f"{counted.daily}, {board_title(counted.board)}"
    return f"Practice, not counted: your first attempt at this daily board ({board}) was {outcome}."


def share_line(result: Result) -> str:
    """What a player shares after a daily board.

    >>> from engine import EXPERT, Clicks, Stats, Status
    >>> won = Result(Status.WON, 143.2, Stats(173, 173, Clicks(150, 0, 20, 160), 143.2),
    ...              EXPERT, 1, daily="2026-11-22")
    >>> share_line(won)
    'Minesweeper daily 2026-11-22 · Expert · 143.20 s · 3BV/s 1.21 · no hints'

    The time as the game says it everywhere else, to the hundredth: on a beginner board a
    friend's 1.55 s and 2.45 s are not the same "2 s".
    """
    outcome = f"{result.seconds:.2f} s" if result.won else f"lost at {result.seconds:.2f} s"
    rate = result.stats.bbbv_per_second
    parts = [
        f"Minesweeper daily {result.daily}",
        board_title(str(result.level)),
        outcome,
        f"3BV/s {rate:.2f}" if rate is not None else "3BV/s —",
        "assisted" if result.assisted else "no hints",
    ]
    if result.practice:
        parts.append("practice")
    return " · ".join(parts)


MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
"""The months' names, in English whatever the device's locale (``strftime`` follows it)."""


def daily_name(day: str) -> str:
    """The daily board named beside it while it is played, in every front end.

    >>> daily_name("2026-12-05")
    'Daily board · 5 December 2026'
    >>> daily_name("not a date")
    'Daily board · not a date'
    """
    try:
        when = date.fromisoformat(day)
    except ValueError:
        return f"Daily board · {day}"
    return f"Daily board · {when.day} {MONTHS[when.month - 1]} {when.year}"
