"""How a finished game went: the figures both front ends show when it ends.

>>> from engine import Clicks, Status, Stats, BEGINNER
>>> won = Result(Status.WON, 6.0, Stats(12, 12, Clicks(10, 3, 2, 14), 6.0), BEGINNER, 42)
>>> won.verdict, won.time_text
('Won in', '6.00 s')
>>> [f"{label} {value}" for label, value in won.figures()]
['3BV 12', '3BV/s 2.00', 'clicks 15', 'efficiency 80%', 'seed 42']
>>> lost = Result(Status.LOST, 0.0, Stats(12, 4, Clicks(1, 0, 0, 1), 0.0), BEGINNER, 7, True)
>>> lost.verdict, dict(lost.figures())["3BV"], dict(lost.figures())["3BV/s"]
('Lost after', '4/12', '—')
>>> dict(lost.figures())["assisted"]
'by the solver'
>>> from dataclasses import replace
>>> dict(replace(won, first_click=FirstClick.NONE).figures())["first click"]
'none'
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import FirstClick, Level, Stats, Status
from engine.counters import Counters, ios, ranked_level, rqp, stnb
from engine.errors import InvalidLevelError
from engine.style import FLAGGING, NF

NO_FIGURE = "—"
"""Shown where a ratio has no meaning: no click yet, or no time at all."""


@dataclass(frozen=True, slots=True)
class Result:
    status: Status
    seconds: float
    """The time the record gives the last move, so a replay tells the same time."""
    stats: Stats
    level: Level
    seed: int
    assisted: bool = False
    """Chances were shown, the hint button was used, or the solver played a move."""
    no_guess: bool = False
    news: str | None = None
    """A new best time, in words: "New best on Expert: 97.12 s (was 104.50 s)"."""
    daily: str | None = None
    """The date of a daily board."""
    streak: tuple[int, int] | None = None
    """A daily board's days won in a row, and the most ever, once this game is counted
    (None for any other game, or with nothing kept)."""
    practice: bool = False
    """A daily board played again: only the first attempt counts."""
    counters: Counters | None = None
    """The competitive counters (:mod:`engine.counters`), on boards small enough to
    count ZiNi at once (:data:`COUNTED_CELLS`)."""
    kept_as: str | None = None
    """The id Replays keeps the game under (None when it was not kept): its video is made
    from that game, named for the time it ended."""
    retried: bool = False
    """A lost board dealt again (:meth:`play.game.round.Round.retried`): never a best time."""
    undone: bool = False
    """A losing click was taken back (:meth:`play.game.round.Round.undone`): never a best time."""
    style: str = FLAGGING
    """:data:`engine.style.NF` when no flag was placed, else flagging."""

    @property
    def nf(self) -> bool:
        """An NF game: won without placing a flag (its best times are kept apart)."""
        return self.won and self.style == NF

    first_click: FirstClick = FirstClick.OPENING
    """The board's first-click rule (:mod:`engine.first_click`): best times are compared
    under one rule only."""

    @property
    def won(self) -> bool:
        return self.status is Status.WON

    @property
    def verdict(self) -> str:
        return "Won in" if self.won else "Lost after"

    @property
    def time_text(self) -> str:
        return f"{self.seconds:.2f} s"

    @property
    def again(self) -> str:
        """How the game was played again after a loss, in words (both ways when both);
        empty when it was not. Each front end says it after the verdict, with "no best time".

        >>> from engine import Clicks, Stats, BEGINNER
        >>> stats = Stats(12, 12, Clicks(10, 3, 2, 14), 6.0)
        >>> Result(Status.WON, 6.0, stats, BEGINNER, 42, retried=True).again
        'on a retry of the board'
        >>> Result(Status.WON, 6.0, stats, BEGINNER, 42, undone=True).again
        'with a losing click undone'
        >>> Result(Status.WON, 6.0, stats, BEGINNER, 42, retried=True, undone=True).again
        'on a retry of the board with a losing click undone'
        >>> Result(Status.WON, 6.0, stats, BEGINNER, 42).again
        ''
        """
        ways = []
        if self.retried:
            ways.append("on a retry of the board")
        if self.undone:
            ways.append("with a losing click undone")
        return " ".join(ways)

    def figures(self) -> list[tuple[str, str]]:
        """``(label, value)`` pairs, in the order the community reads them."""
        stats = self.stats
        # A lost game shows how much of its 3BV was solved.
        bbbv = str(stats.bbbv) if self.won else f"{stats.solved_bbbv}/{stats.bbbv}"
        rate = stats.bbbv_per_second
        efficiency = stats.efficiency
        parts = [
            ("3BV", bbbv),
            ("3BV/s", NO_FIGURE if rate is None else f"{rate:.2f}"),
            ("clicks", str(stats.clicks.total)),
            ("efficiency", NO_FIGURE if efficiency is None else f"{efficiency:.0%}"),
            ("seed", str(self.seed)),
        ]
        if self.nf:
            parts.append(("style", "NF"))  # no flag placed: best times apart
        if self.no_guess:
            parts.append(("board", "no-guess"))
        if self.first_click is not FirstClick.OPENING:  # the default goes without saying
            parts.append(("first click", str(self.first_click)))
        if self.assisted:
            parts.append(("assisted", "by the solver"))  # hints, chances, Analyse, auto-play
        return parts

    def details(self) -> list[tuple[str, str]]:
        """The counters competitive players compare, ``(label, value)``; none when the
        board was too big to count them."""
        return counter_figures(self.counters) if self.counters is not None else []


COUNTED_CELLS = 2_500
"""The largest board whose counters a finished game gets: ZiNi is greedy over every cell
and its neighbours, about 5 ms on expert (480 cells) and 1.3 s on 100x100 in CPython."""


def _shown(value: float | None, form: str) -> str:
    return NO_FIGURE if value is None else format(value, form)


def counter_figures(c: Counters) -> list[tuple[str, str]]:
    """``(label, value)`` pairs of :class:`~engine.counters.Counters`, as players write them.

    >>> from engine import Clicks
    >>> c = Counters(bbbv=28, solved_bbbv=28, clicks=Clicks(3, 7, 26, 25), seconds=5.41,
    ...              zini=18, hzini=19, level_name="beginner", won=True)
    >>> figures = dict(counter_figures(c))
    >>> figures["IOE"], figures["correctness"], figures["ZiNi"], figures["STNB"]
    ('0.78', '69%', '18', '57.2')
    >>> list(figures)[4:]
    ['HZiNi', 'ZNE', 'ZNT', 'RQP', 'IOS', 'STNB']
    """
    return [
        ("IOE", _shown(c.ioe, ".2f")),
        ("correctness", _shown(c.correctness, ".0%")),
        ("throughput", _shown(c.throughput, ".2f")),
        ("ZiNi", str(c.zini)),
        ("HZiNi", str(c.hzini)),
        ("ZNE", _shown(c.zne, ".2f")),
        ("ZNT", _shown(c.znt, ".2f")),
        ("RQP", _shown(c.rqp, ".2f")),
        ("IOS", _shown(c.ios, ".2f")),
        ("STNB", _shown(c.stnb, ".1f")),
    ]


def kept_figures(bbbv: int, solved: int, clicks: int, seconds: float, board: str) -> list[str]:
    """IOE, RQP, IOS and STNB of a game the ledger keeps (its 3BV, 3BV solved, clicks,
    time and board text): what can be counted without the board's mines.

    >>> kept_figures(28, 28, 36, 5.41, "9x9/10")
    ['0.78', '1.05', '1.97', '57.2']
    >>> kept_figures(28, 28, 0, 0.0, "12x10/20")
    ['—', '0.00', '—', '—']
    """
    try:
        level = Level.parse(board)
        ranked = ranked_level(level.rows, level.cols, level.mines)
    except InvalidLevelError:
        ranked = None
    return [
        _shown(solved / clicks if clicks else None, ".2f"),
        _shown(rqp(solved, seconds), ".2f"),
        _shown(ios(solved, seconds), ".2f"),
        _shown(stnb(ranked, bbbv, solved, seconds), ".1f"),
    ]
