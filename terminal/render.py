"""Everything the game shows, as text: the board, the counters, legends and statistics.

Boards carry their coordinates: row numbers on both sides, and column numbers
read top to bottom (tens above units) so that a 30-column board stays readable. Both
count from 1, as every cell a player reads is named (:func:`engine.grid.spot_name`), and
as the moves typed count (:mod:`terminal.commands`).
Tiles are :func:`engine.tiles.char` characters, coloured with ANSI codes when a
:class:`Style` asks for colour.

>>> from engine import Level, new_game
>>> print(render_board(new_game(Level(rows=3, cols=12, mines=1), seed=1)))
                     1 1 1
   1 2 3 4 5 6 7 8 9 0 1 2
1  # # # # # # # # # # # #  1
2  # # # # # # # # # # # #  2
3  # # # # # # # # # # # #  3
                     1 1 1
   1 2 3 4 5 6 7 8 9 0 1 2
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Game
from engine import tiles as t
from play.game import Result, capitalised

# Classic Minesweeper colours for the numbers, and loud ones for the marks that matter.
_COLORS: dict[int, str] = {
    0: "2",  # dim: an empty cell should recede
    1: "94",
    2: "32",
    3: "91",
    4: "34",
    5: "31",
    6: "36",
    7: "35",
    8: "90",
    t.COVERED: "37",
    t.FLAGGED: "1;31",
    t.QUESTIONED: "1;33",
    t.MINE: "1",
    t.EXPLODED: "1;97;41",
    t.WRONG_FLAG: "1;97;45",
}

_RESET = "\x1b[0m"


@dataclass(frozen=True, slots=True)
class Style:
    """How tiles are drawn: plain characters, or the same characters in colour."""

    color: bool = False

    def tile(self, tile: int) -> str:
        """One tile as text.

        >>> Style().tile(t.FLAGGED), Style(color=True).tile(t.FLAGGED)
        ('F', '\\x1b[1;31mF\\x1b[0m')
        """
        char = t.char(tile)
        if not self.color:
            return char
        return f"\x1b[{_COLORS[tile]}m{char}{_RESET}"


PLAIN = Style()

_PLAY_LEGEND = (t.COVERED, t.FLAGGED, t.QUESTIONED, 0)
_LOSS_LEGEND = (t.EXPLODED, t.MINE, t.WRONG_FLAG, t.FLAGGED)
_NAMES: dict[int, str] = {
    0: "empty",
    t.COVERED: "covered",
    t.FLAGGED: "flag",
    t.QUESTIONED: "question mark",
    t.MINE: "mine",
    t.EXPLODED: "exploded mine",
    t.WRONG_FLAG: "wrong flag",
}


def column_header(cols: int, indent: int) -> list[str]:
    """One line per digit of the largest column number, each column read top to bottom.

    Columns count from 1. Leading zeros are left blank, so column 7 reads ``7`` and
    column 17 reads ``1`` over ``7``.

    >>> column_header(12, indent=1)
    ['                   1 1 1', ' 1 2 3 4 5 6 7 8 9 0 1 2']
    """
    width = len(str(cols))
    labels = [str(col + 1).rjust(width) for col in range(cols)]
    return [" " * indent + " ".join(label[digit] for label in labels) for digit in range(width)]


def board_lines(
    tiles: bytes, rows: int, cols: int, style: Style = PLAIN, cursor: tuple[int, int] | None = None
) -> list[str]:
    """The board with coordinates: a header, one line per row, and the header again.

    The header is repeated at the bottom so that tall boards can be read from below. A
    ``cursor`` (row, column) is bracketed in the spaces around it, so nothing moves.

    Rows count from 1, as columns do; ``cursor`` is the engine's (row, column), from 0.

    >>> print("\\n".join(board_lines(bytes([t.COVERED, 1, 0, t.FLAGGED]), rows=2, cols=2)))
       1 2
    1  # 1  1
    2  . F  2
       1 2
    >>> board_lines(bytes([t.COVERED, 1, 0, t.FLAGGED]), 2, 2, cursor=(0, 1))[1]
    '1  #[1] 1'
    """
    width = len(str(rows))
    header = column_header(cols, indent=width + 2)
    body = []
    for row in range(rows):
        drawn = [style.tile(tile) for tile in tiles[row * cols : (row + 1) * cols]]
        # The character before each cell and after the last one.
        gaps = [" "] * (cols + 1)
        if cursor is not None and cursor[0] == row and 0 <= cursor[1] < cols:
            gaps[cursor[1]], gaps[cursor[1] + 1] = "[", "]"
        cells = "".join(gap + cell for gap, cell in zip(gaps, drawn, strict=False))
        label = row + 1
        body.append(f"{label:>{width}} {cells}{gaps[cols]} {label}")
    return [*header, *body, *header]


def render_board(game: Game, style: Style = PLAIN, cursor: tuple[int, int] | None = None) -> str:
    """The game's board as the player sees it, with coordinates (and a cursor)."""
    lines = board_lines(game.tiles, game.level.rows, game.level.cols, style, cursor)
    return "\n".join(lines)


def status_line(game: Game, seconds: float) -> str:
    """The mine counter and the clock, shown above the prompt.

    >>> from engine import new_game
    >>> status_line(new_game(seed=1), 12.7)
    'Mines left: 10    Time: 12 s'
    """
    # Whole seconds, rounded down, as the classic game's clock shows them.
    return f"Mines left: {game.mines_left}    Time: {int(seconds)} s"


def legend(tiles: tuple[int, ...], style: Style = PLAIN) -> str:
    """What each tile in ``tiles`` means, on one line.

    >>> legend(_LOSS_LEGEND)
    'Legend: X exploded mine   * mine   ! wrong flag   F flag'
    """
    return "Legend: " + "   ".join(f"{style.tile(tile)} {_NAMES[tile]}" for tile in tiles)


def play_legend(style: Style = PLAIN) -> str:
    """The tiles of a game in play; numbers count the mines around a cell."""
    return legend(_PLAY_LEGEND, style) + "   1-8 mines around"


def loss_legend(style: Style = PLAIN) -> str:
    """The tiles only a lost game shows, and the flags still standing."""
    return legend(_LOSS_LEGEND, style)


def result_lines(result: Result) -> str:
    """How the game ended, then its figures on one line.

    >>> from engine import BEGINNER, Clicks, Stats, Status
    >>> print(result_lines(Result(Status.WON, 6.0, Stats(12, 12, Clicks(10, 3, 2, 14), 6.0),
    ...                           BEGINNER, 42)))
    You won in 6.00 s!
    3BV: 12   3BV/s: 2.00   Clicks: 15   Efficiency: 80%   Seed: 42
    >>> print(result_lines(Result(Status.LOST, 0.0, Stats(12, 4, Clicks(), 0.0), BEGINNER, 7)))
    You lost after 0.00 s.
    3BV: 4/12   3BV/s: —   Clicks: 0   Efficiency: —   Seed: 7
    """
    verdict = (
        f"You won in {result.time_text}!" if result.won else (f"You lost after {result.time_text}.")
    )
    if result.again:  # a retry or an undo: said, and never a best time
        verdict += f" That was {result.again}: no best time."
    figures = "   ".join(f"{capitalised(label)}: {value}" for label, value in result.figures())
    details = "   ".join(f"{label}: {value}" for label, value in result.details())
    return f"{verdict}\n{figures}" + (f"\n{details}" if details else "")
