"""The counters competitive players compare, with where each is defined.

From the board alone:

- **3BV** (:func:`engine.stats.three_bv`) and **openings**
  (:attr:`engine.layout.Layout.openings`), the regions of zeros with their border of numbers
  (Stephan Bechtel, http://stephan-bechtel.de/3bv.htm);
- **ZiNi** and **HZiNi** (:mod:`engine.zini`), the greedy estimates of the fewest clicks
  with flags.

From a game (:class:`Counters`, definitions of https://minesweepergame.com/statistics.php
unless said otherwise; "3BV" there is the 3BV solved, which is the whole 3BV of a won game,
as ms-toollib and Minesweeper Arbiter count it for unfinished ones):

- **IOE**, index of efficiency: 3BV / clicks;
- **correctness**: effective clicks / clicks, a click being effective when it changes the
  board (opens a cell, sets or removes a flag or mark);
- **throughput**: 3BV / effective clicks;
- **ZNE** and **ZNT**, which that page proposes for flaggers "instead of IOE" and "instead of
  Throughput": the same ratios with ZiNi in the place of 3BV, ZiNi / clicks and ZiNi /
  effective clicks (won games only: ZiNi counts the clicks of a whole solve);
- **RQP**, rapport qualité prix: time / (3BV/s), that is time² / 3BV (lower is better);
- **IOS**, index of speed: log(3BV) / log(time) (higher is better), as Minesweeper Arbiter
  shows it;
- **STNB**: K * 3BV / time^1.7 * sqrt(3BV solved / 3BV), with the constants K of
  ms-toollib since May 2026 (commit 82f3b93, "stnb parameters changed to the latest
  version"): 36 on beginner, 162 on intermediate, 435 on expert, replacing 47.299, 153.73 and
  435.001 (the older formula 87.420 L² - 155.829 L + 115.708 for level L = 1, 2, 3). STNB
  is defined for those three levels only. Our beginner is 9x9 like Windows', the rankings'
  is 8x8 with the same 10 mines: both get the beginner constant.

A ratio with nothing to divide by (no click, no time, nothing solved) is None.

>>> from engine import Clicks
>>> c = Counters(bbbv=28, solved_bbbv=28, clicks=Clicks(3, 7, 26, 25), seconds=5.41,
...              zini=18, hzini=19, level_name="beginner", won=True)
>>> round(c.ioe, 4), round(c.correctness, 4), round(c.throughput, 4)
(0.7778, 0.6944, 1.12)
>>> round(c.rqp, 4), round(c.ios, 4), round(c.stnb, 2), round(c.zne, 2), round(c.znt, 2)
(1.0453, 1.9738, 57.15, 0.5, 0.72)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.game import Clicks, Game, Status
from engine.stats import solved_three_bv, three_bv
from engine.zini import hzini, zini

STNB_CONSTANTS = {"beginner": 36.0, "intermediate": 162.0, "expert": 435.0}
"""STNB's K per level (ms-toollib since commit 82f3b93, May 2026)."""

_LEVELS = {
    (9, 9, 10): "beginner",
    (8, 8, 10): "beginner",
    (16, 16, 40): "intermediate",
    (16, 30, 99): "expert",
    (30, 16, 99): "expert",
}
"""(rows, columns, mines) of the ranked levels, either way up."""


def ranked_level(rows: int, cols: int, mines: int) -> str | None:
    """The ranked level a board counts as, for STNB; None for any other board.

    >>> ranked_level(16, 30, 99), ranked_level(8, 8, 10), ranked_level(9, 9, 11)
    ('expert', 'beginner', None)
    """
    return _LEVELS.get((rows, cols, mines))


def _ratio(top: float, bottom: float) -> float | None:
    return top / bottom if bottom else None


@dataclass(frozen=True, slots=True)
class Counters:
    """A game's competitive counters; each ratio is None when it divides by nothing."""

    bbbv: int
    solved_bbbv: int
    clicks: Clicks
    seconds: float
    zini: int
    hzini: int
    level_name: str | None
    """The ranked level (:func:`ranked_level`), for STNB."""
    won: bool

    @property
    def bbbv_per_second(self) -> float | None:
        return _ratio(self.solved_bbbv, self.seconds)

    @property
    def ioe(self) -> float | None:
        return _ratio(self.solved_bbbv, self.clicks.total)

    @property
    def correctness(self) -> float | None:
        return _ratio(self.clicks.effective, self.clicks.total)

    @property
    def throughput(self) -> float | None:
        return _ratio(self.solved_bbbv, self.clicks.effective)

    @property
    def zne(self) -> float | None:
        return _ratio(self.zini, self.clicks.total) if self.won else None

    @property
    def znt(self) -> float | None:
        return _ratio(self.zini, self.clicks.effective) if self.won else None

    @property
    def rqp(self) -> float | None:
        return rqp(self.solved_bbbv, self.seconds)

    @property
    def ios(self) -> float | None:
        return ios(self.solved_bbbv, self.seconds)

    @property
    def stnb(self) -> float | None:
        return stnb(self.level_name, self.bbbv, self.solved_bbbv, self.seconds)


def rqp(solved_bbbv: int, seconds: float) -> float | None:
    """RQP, time / (3BV/s) = time² / 3BV solved (lower is better)."""
    return _ratio(seconds * seconds, solved_bbbv)


def ios(solved_bbbv: int, seconds: float) -> float | None:
    """IOS, log(3BV solved) / log(time) (higher is better)."""
    if seconds <= 1.0 or solved_bbbv < 1:
        return None  # log(time) is 0 or negative: no speed to index
    return math.log(solved_bbbv) / math.log(seconds)


def stnb(level_name: str | None, bbbv: int, solved_bbbv: int, seconds: float) -> float | None:
    """STNB on a ranked level (:data:`STNB_CONSTANTS`), None on any other board.

    >>> round(stnb("beginner", 28, 28, 5.41), 2), stnb(None, 28, 28, 5.41)
    (57.15, None)
    """
    k = STNB_CONSTANTS.get(level_name or "")
    if k is None or seconds <= 0 or bbbv == 0:
        return None
    return k * solved_bbbv / math.pow(seconds, 1.7) * math.sqrt(solved_bbbv / bbbv)


NO_CLICKS = Clicks()


def counters(
    game: Game, seconds: float, off_board: Clicks = NO_CLICKS, taken_back: Clicks = NO_CLICKS
) -> Counters | None:
    """The counters of ``game`` after ``seconds`` of play; None before the mines are placed.
    ``off_board`` are clicks released off the board, which a replay file of another clone
    records and the field counts (ms-toollib, Arbiter), though no move can hold them;
    ``taken_back`` the losing clicks an undo took back (our records'
    :attr:`~engine.record.Record.taken_back_clicks`): clicks, never effective.

    >>> from engine import Layout, Move, apply, new_game
    >>> game = new_game(layout=Layout.from_text('*..\\n...\\n...'))
    >>> c = counters(apply(game, Move.reveal(2, 2)).game, seconds=2.0)
    >>> c.ioe, c.throughput, c.zne, c.rqp, c.stnb
    (1.0, 1.0, 1.0, 4.0, None)
    """
    layout = game.layout
    if layout is None:
        return None
    bbbv = three_bv(layout)
    won = game.status is Status.WON
    solved = bbbv if won else solved_three_bv(layout, game.tiles)
    level = game.level
    return Counters(
        bbbv=bbbv,
        solved_bbbv=solved,
        clicks=game.clicks.plus_wasted(off_board).plus_wasted(taken_back),
        seconds=seconds,
        zini=zini(layout),
        hzini=hzini(layout),
        level_name=ranked_level(level.rows, level.cols, level.mines),
        won=won,
    )
