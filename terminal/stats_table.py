"""Statistics as text: one line per level and kind of game, and a level's best times.

>>> from play.ledger import Entry, Ledger
>>> from play.ledger import board_summaries
>>> def game(n, won, ms, kind="normal"):
...     at = f"2026-11-2{n}T10:00:00.000Z"
...     return Entry(f"g{n}", at, "9x9/10", kind, won, ms, 20, 20 if won else 5, 25, n)
>>> from dataclasses import replace
>>> ledger = Ledger((game(1, True, 9000), game(2, False, 500), game(3, True, 8000),
...                  game(4, True, 4000, "assisted"), replace(game(5, False, 700), left=True)))
>>> table = stats_table(board_summaries(ledger)).splitlines()
>>> for line in table: print(line[:54].rstrip())
Level                Played  Won  Left  Win %  Streak
Beginner                  4    2     1    50%       0
Beginner (assisted)       1    1     0   100%       1
>>> for line in table: print(line[54:])
 Best streak  Best time  Avg time  Avg 3BV/s
           1     8.00 s    8.50 s       2.36
           1          —    4.00 s       5.00
>>> from play.ledger import daily_summary
>>> daily = Entry("g6", "2026-11-26T10:00:00.000Z", "9x9/10", "normal", True, 2510, 20, 20, 25,
...               6, "2026-11-26")
>>> print(stats_table([], daily_summary(Ledger((daily,)))))
Level            Played  Won  Left  Win %  Streak  Best streak  Best time  Avg time  Avg 3BV/s
Daily: Beginner       1    1     0   100%       1            1     2.51 s    2.51 s       7.97
>>> print(best_times(board_summaries(ledger)[0]))
Best times on Beginner:
#  Time    Date        3BV  3BV/s  Efficiency  Seed
1  8.00 s  2026-11-23   20   2.50         80%  3
2  9.00 s  2026-11-21   20   2.22         80%  1
>>> nf = Entry("g5", "2026-11-25T10:00:00.000Z", "9x9/10", "normal", True, 8500, 20, 20, 21, 5,
...            style="nf")
>>> [s, _] = board_summaries(Ledger((*ledger.entries, nf)))
>>> print(*nf_lines([s]))
NF (no flag placed) on Beginner: 1 won, best 8.50 s, NF efficiency 95%
>>> print(best_times(s, nf=True))
NF best times on Beginner:
#  Time    Date        3BV  3BV/s  Efficiency  Seed
1  8.50 s  2026-11-25   20   2.35         95%  5
>>> sparkline([9.0, 8.0, 4.0, 4.0])
'█▇▁▁'
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the values the session's statistics hand out
    from play.ledger import BoardSummary, DailySummary, Entry

NONE = "—"
_BARS = "▁▂▃▄▅▆▇█"


def _seconds(value: float | None) -> str:
    return NONE if value is None else f"{value:.2f} s"


def _rate(value: float | None) -> str:
    return NONE if value is None else f"{value:.2f}"


def table(header: Sequence[str], rows: Sequence[Sequence[str]], left: Collection[int]) -> list[str]:
    """Columns as wide as their widest cell: those in ``left`` (text) aligned left, the
    others (numbers) right."""
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
    return [
        "  ".join(
            cell.ljust(width) if i in left else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in (header, *rows)
    ]


def stats_table(summaries: Sequence[BoardSummary], daily: DailySummary | None = None) -> str:
    """Played, won, win rate, streaks, best and average times, average 3BV/s per level
    and kind; the best time only for normal games, the competitive rule. Then the daily
    boards' rows, one for each board one was played on: first attempts only, its streak
    in days won, its times and 3BV/s of the first attempts won."""
    header = (
        "Level",
        "Played",
        "Won",
        "Left",
        "Win %",
        "Streak",
        "Best streak",
        "Best time",
        "Avg time",
        "Avg 3BV/s",
    )
    rows: list[tuple[str, ...]] = [
        (
            s.title,
            str(s.played),
            str(s.won),
            str(s.abandoned),
            f"{s.win_rate:.0%}",
            str(s.streak),
            str(s.best_streak),
            _seconds(s.bests[0].seconds if s.bests else None),
            _seconds(s.average_seconds),
            _rate(s.average_rate),
        )
        for s in summaries
    ]
    for board in () if daily is None else daily.boards:
        rate, streaks = f"{board.win_rate:.0%}", (board.streak, board.best_streak)
        counts = (board.played, board.won, board.abandoned, rate, *streaks)
        times = (_seconds(board.best_seconds), _seconds(board.average_seconds))
        rows.append((board.title, *map(str, counts), *times, _rate(board.average_rate)))
    return "\n".join(table(header, rows, left={0}))


def best_times(summary: BoardSummary, nf: bool = False) -> str:
    """The top ten of a level: time, date, 3BV, 3BV/s, efficiency and the seed to replay;
    of its NF wins only (no flag placed) when ``nf`` is set."""
    header = ("#", "Time", "Date", "3BV", "3BV/s", "Efficiency", "Seed")
    bests = summary.nf_bests if nf else summary.bests
    rows = [_best_row(n, entry) for n, entry in enumerate(bests, start=1)]
    # Times share a width, so they line up left; a seed is a name to copy, not a quantity.
    lines = table(header, rows, left={1, 2, 6})
    return "\n".join([f"{'NF best' if nf else 'Best'} times on {summary.title}:", *lines])


def nf_lines(summaries: Sequence[BoardSummary]) -> list[str]:
    """A line for each level and kind with NF wins (no flag placed): how many, the best
    time and the NF efficiency, the figures the field keeps apart."""
    lines = []
    for s in summaries:
        if s.nf_won:
            best = _seconds(s.nf_bests[0].seconds if s.nf_bests else None)
            efficiency = NONE if s.nf_efficiency is None else f"{s.nf_efficiency:.0%}"
            lines.append(
                f"NF (no flag placed) on {s.title}: {s.nf_won} won, best {best}, "
                f"NF efficiency {efficiency}"
            )
    return lines


def _best_row(number: int, entry: Entry) -> tuple[str, ...]:
    efficiency = entry.efficiency
    return (
        str(number),
        _seconds(entry.seconds),
        entry.at[:10],
        str(entry.bbbv),
        _rate(entry.rate),
        NONE if efficiency is None else f"{efficiency:.0%}",
        str(entry.seed),
    )


def sparkline(values: Sequence[float]) -> str:
    """One bar per value, low to high: the shape of the last wins at a glance."""
    if not values:
        return ""
    low, high = min(values), max(values)
    span = high - low
    top = len(_BARS) - 1
    return "".join(_BARS[0 if span == 0 else round((v - low) / span * top)] for v in values)


def recent_lines(summary: BoardSummary) -> list[str]:
    """The chart of the last wins (up to 50): time, and 3BV/s where it is known."""
    wins = summary.recent
    if len(wins) < 2:
        return []
    lines = [
        f"Last {len(wins)} wins, time:  {sparkline([w.seconds for w in wins])}"
        f"  ({min(w.seconds for w in wins):.2f} to {max(w.seconds for w in wins):.2f} s)"
    ]
    rates = [rate for w in wins if (rate := w.rate) is not None]
    if len(rates) == len(wins):
        lines.append(
            f"Last {len(wins)} wins, 3BV/s: {sparkline(rates)}"
            f"  ({min(rates):.2f} to {max(rates):.2f})"
        )
    return lines
