"""Which stale rows of a huge board to draw next: a slice, the rows in sight first.

An opening of thousands of cells is not drawn in one go (:class:`web.board.view.View` marks its
rows stale); each frame then draws a few of them, chosen here from numbers alone (where
the board and the window are), so the choice is tested in CPython.

>>> sight = Sight(top=10, bottom=20, near_top=0, near_bottom=35)
>>> next_rows({0, 5, 12, 15, 30, 40, 60, 80, 99}, sight)
[12, 40, 60, 80]
>>> rows_in_sight(board_top=100.0, board_height=1800.0, rows=100, frame_top=50.0,
...               frame_bottom=900.0, window_height=720.0)
Sight(top=0, bottom=34, near_top=0, near_bottom=94)

A huge board (over :data:`web.board.view.NEAR_ONLY_ABOVE` cells) holds cells only in the rows
near its window, and those rows only the columns near it (:func:`columns_to_hold`): the
columns in sight and as many again on each side, chosen anew only when those in sight come
near an edge of the ones held, so that a scroll rewrites the rows seldom. The style sheet
draws covered cells under a row where it holds none. A million cells in the document cost
the browser seconds for every change of style the whole page sees (a dialog opening: 0.4
to 0.5 s) and ten seconds to build; a thousand columns in each row near the window, still
0.1 to 0.5 s.

>>> def place(left: float) -> Place:  # 1,000 columns of 24 px, a frame 1,200 px wide
...     return Place(left, 24_000.0, 1000, frame_left=0.0, frame_right=1200.0,
...                  window_width=1280.0)
>>> held = columns_to_hold(place(-2400.0))
>>> place(-2400.0).in_sight(), held
((100, 151), (49, 202))
>>> still_held(held, place(-2600.0)), still_held(held, place(-3600.0))
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

NEAR_ROWS = 1
"""Rows near the window drawn per slice. Measured in headless Chromium on a 300x300 board
with the chances shown: the next frame takes about 45 ms with one such row new, 165 ms
with eight (10 ms of layout a row), while rows further away cost it almost nothing, being
skipped (``content-visibility: auto``) until they come near."""
FAR_ROWS = 3
"""Rows far from the window drawn per slice. Chosen while the page ran on PyScript, whose
MutationObserver cost 4 to 8 ms a row; measured again without it (2026-11-26, a click
opening 82,934 cells of a 300x300 board with 4,500 mines, seed 1, until every opened cell
is drawn, three loads each): 1.68-1.87 s with 3 rows, 1.68-1.93 s with 12, which also
had a task of 57 ms. The pace of the slices, not their size, sets the time: 3 stays."""
NEAR_REACH = 1.5
"""How far from the window, in window heights, Chromium renders rows (measured: 89 rows
of 18 px below a board frame 144 px from the top of a 720 px window)."""


@dataclass(frozen=True, slots=True)
class Sight:
    """The first and last rows in sight, and the first and last the browser renders
    around them (:data:`NEAR_REACH`)."""

    top: int
    bottom: int
    near_top: int
    near_bottom: int


def rows_in_sight(
    *,
    board_top: float,
    board_height: float,
    rows: int,
    frame_top: float,
    frame_bottom: float,
    window_height: float,
) -> Sight:
    """Where the rows are: in sight means inside both the window and the board's frame
    (positions in CSS pixels from the window's top, as ``getBoundingClientRect`` gives)."""
    top = max(frame_top, 0.0)
    bottom = min(frame_bottom, window_height)
    reach = NEAR_REACH * window_height
    height = board_height / rows if board_height > 0 else 1.0

    def row_at(y: float) -> int:
        return max(0, min(int((y - board_top) // height), rows - 1))

    return Sight(row_at(top), row_at(bottom), row_at(top - reach), row_at(bottom + reach))


def next_rows(stale: Iterable[int], sight: Sight) -> list[int]:
    """The stale rows to draw in this slice: the nearest to sight first; at most
    :data:`NEAR_ROWS` the browser renders (each costs it a frame's layout) and
    :data:`FAR_ROWS` further away."""

    def distance(row: int) -> int:
        if row < sight.top:
            return sight.top - row
        return row - sight.bottom if row > sight.bottom else 0

    drawn: list[int] = []
    near = far = 0
    for row in sorted(stale, key=distance):
        if sight.near_top <= row <= sight.near_bottom:
            if near == NEAR_ROWS:
                continue
            near += 1
        else:
            if far == FAR_ROWS:
                break
            far += 1
        drawn.append(row)
    return drawn


Columns = tuple[int, int]
"""The columns a row holds: the first, and the one after the last."""


@dataclass(frozen=True, slots=True)
class Place:
    """Where a board is across: its left edge and width, its columns, and the left and right
    edges of its frame and the window's width (CSS pixels, as ``getBoundingClientRect``)."""

    board_left: float
    board_width: float
    cols: int
    frame_left: float
    frame_right: float
    window_width: float

    def in_sight(self) -> Columns | None:
        """The columns inside both the window and the frame; None when the board is not
        laid out (no width)."""
        if self.board_width <= 0 or self.cols <= 0:
            return None
        width = self.board_width / self.cols
        left, right = max(self.frame_left, 0.0), min(self.frame_right, self.window_width)
        first = max(0, min(int((left - self.board_left) // width), self.cols - 1))
        last = max(first, min(int((right - self.board_left) // width), self.cols - 1))
        return first, last + 1


def columns_to_hold(place: Place) -> Columns:
    """The columns a huge board's rows hold: those in sight and as many again on each side
    (every column while the board has no width yet)."""
    sight = place.in_sight()
    if sight is None:
        return 0, place.cols
    first, end = sight
    reach = end - first
    return max(0, first - reach), min(place.cols, end + reach)


def still_held(held: Columns, place: Place) -> bool:
    """Whether the columns in sight are still well inside ``held``: at least half as many
    columns again held on each side of them (or the board's edge)."""
    sight = place.in_sight()
    if sight is None:
        return True
    first, end = sight
    slack = (end - first) // 2
    return (held[0] == 0 or held[0] <= first - slack) and (
        held[1] == place.cols or held[1] >= end + slack
    )
