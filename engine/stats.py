"""Statistics of a game: 3BV, clicks, efficiency and 3BV/s.

3BV (Bechtel's Board Benchmark Value) is the least number of left clicks that
clears a layout: one per opening (a connected region of zeros with its border)
plus one per safe number that touches no zero.

>>> from engine.layout import Layout
>>> three_bv(Layout.from_text('*..*...'))  # one opening (cells 4-6) and two lone numbers
3
>>> three_bv(Layout.from_text('*.*\\n...'))  # no zero at all: every safe cell is a click
4
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.bitboard import Bands, table
from engine.game import Clicks, Game, Status
from engine.layout import Layout


def _isolated(layout: Layout) -> int:
    """The safe cells that touch no zero, as a bitboard: one click each."""
    return layout.safe_mask & ~layout.bitboard.dilate(layout.zero_mask)


def three_bv(layout: Layout) -> int:
    return len(layout.openings) + _isolated(layout).bit_count()


_OPEN = table(set(range(9)))


def solved_three_bv(layout: Layout, tiles: bytes) -> int:
    """How much of the 3BV the tiles have cleared: openings whose zeros are all open (a wrong
    flag on a number of its border does not undo the click that opened it, as ms-toollib
    counts it), and open isolated numbers."""
    board = layout.bitboard
    unopened = ~board.mask(board.pad(tiles), _OPEN)
    zeros = Bands(board, layout.zero_mask & unopened)  # read a few rows at a time
    solved = sum(1 for shift, part in layout.openings if not part & zeros.read_part(shift, part))
    return solved + (_isolated(layout) & ~unopened).bit_count()


@dataclass(frozen=True, slots=True)
class Stats:
    bbbv: int
    solved_bbbv: int
    clicks: Clicks
    seconds: float

    @property
    def efficiency(self) -> float | None:
        """Solved 3BV per click (1.0 is a perfect game without flags); None before any click."""
        return self.solved_bbbv / self.clicks.total if self.clicks.total else None

    @property
    def bbbv_per_second(self) -> float | None:
        return self.solved_bbbv / self.seconds if self.seconds > 0 else None


def game_stats(game: Game, seconds: float, taken_back: Clicks | None = None) -> Stats | None:
    """The statistics of ``game`` after ``seconds`` of play; None before the mines are placed.
    ``taken_back``: the losing clicks an Undo took back, clicks made and none effective
    (:meth:`engine.game.Clicks.plus_wasted`), as the counters and the live line count them.

    >>> from engine.game import new_game, apply
    >>> from engine.moves import Move
    >>> game = new_game(layout=Layout.from_text('*..\\n...\\n...'))
    >>> won = apply(game, Move.reveal(2, 2)).game
    >>> s = game_stats(won, seconds=0.5)
    >>> s.bbbv, s.solved_bbbv, s.clicks.total, s.efficiency, s.bbbv_per_second
    (1, 1, 1, 1.0, 2.0)
    """
    if game.layout is None:
        return None
    clicks = game.clicks if taken_back is None else game.clicks.plus_wasted(taken_back)
    if game.status is Status.WON and clicks.left + clicks.chord == 1:
        # One click cleared the board, and 3BV is the fewest clicks that clear it: 1, known
        # without working out the openings (0.2 s of CPython on a 1000x1000 board).
        return Stats(bbbv=1, solved_bbbv=1, clicks=clicks, seconds=seconds)
    bbbv = three_bv(game.layout)
    solved = bbbv if game.status is Status.WON else solved_three_bv(game.layout, game.tiles)
    return Stats(bbbv=bbbv, solved_bbbv=solved, clicks=clicks, seconds=seconds)
