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

from engine import tiles as t
from engine.game import Clicks, Game, Status
from engine.layout import Layout


def _openings(layout: Layout) -> list[list[int]]:
    """Each opening's cells: a zero region and the numbers around it."""
    grid, counts, mines = layout.grid, layout.counts, layout.mines
    seen = bytearray(grid.size)
    openings = []
    for start in range(grid.size):
        if seen[start] or counts[start] or start in mines:
            continue
        seen[start] = 1
        region, stack = [start], [start]
        while stack:
            for cell in grid.neighbours(stack.pop()):
                if not seen[cell]:
                    seen[cell] = 1
                    region.append(cell)
                    if counts[cell] == 0:
                        stack.append(cell)
        openings.append(region)
    return openings


def _isolated(layout: Layout, openings: list[list[int]]) -> list[int]:
    in_opening = {cell for region in openings for cell in region}
    return [
        cell
        for cell in range(layout.grid.size)
        if cell not in layout.mines and cell not in in_opening
    ]


def three_bv(layout: Layout) -> int:
    openings = _openings(layout)
    return len(openings) + len(_isolated(layout, openings))


def solved_three_bv(layout: Layout, tiles: bytes) -> int:
    """How much of the 3BV the tiles have cleared: whole openings and open isolated numbers."""
    openings = _openings(layout)
    solved = sum(1 for region in openings if all(t.is_open(tiles[cell]) for cell in region))
    return solved + sum(1 for cell in _isolated(layout, openings) if t.is_open(tiles[cell]))


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


def game_stats(game: Game, seconds: float) -> Stats | None:
    """The statistics of ``game`` after ``seconds`` of play; None before the mines are placed.

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
    bbbv = three_bv(game.layout)
    solved = bbbv if game.status is Status.WON else solved_three_bv(game.layout, game.tiles)
    return Stats(bbbv=bbbv, solved_bbbv=solved, clicks=game.clicks, seconds=seconds)
