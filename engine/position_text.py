"""A position as the player sees it, as text: the analysis bench's way in and out.

A :class:`SeenPosition` is a board's shape, its mine total and what each cell shows,
nothing of the layout underneath. Its text form has a header line with the mine total,
then one line a row, one character a cell:

====  ======================================================================
``.``   open, no mine around (an open zero)
``1``   open, showing that number (``1`` to ``8``)
``#``   covered
``F``   flagged: the player's opinion, which may be wrong (the solver reads it as covered)
``*``   a known mine (certain: the numbers around it count it)
====  ======================================================================

>>> position = SeenPosition.parse('''
... 2 mines
... ###
... 121
... ...
... ''')
>>> position.rows, position.cols, position.mines
(3, 3, 2)
>>> print(position.text())
2 mines
###
121
...

The header is ``N mines`` (``1 mine``); ``mines N`` and ``mines: N`` are read too. Blank
lines around the rows, spaces at the ends of lines and Windows line ends are forgiven;
anything else wrong raises one of the :class:`PositionTextError` kinds with a short
message in words, rows and columns counted from 1:

>>> SeenPosition.parse("1 mine\\n#1\\n#")
Traceback (most recent call last):
...
engine.position_text.RaggedRowsError: row 2 has 1 cell, but row 1 has 2: every row needs the \
same number of cells

The address carries the same position in a shorter form (:meth:`SeenPosition.link_text`):
the mine total, a colon, then the rows joined by ``/``, ``#`` written ``-`` (a ``#`` would
end the address's query) and a run of four or more equal cells as the cell and its count
between two ``~`` (the second one keeps the count apart from a number after it):

>>> position.link_text()
'2:---/121/...'
>>> SeenPosition.parse_link("10:" + "/".join(["-~9~"] * 9)).text().splitlines()[1]
'#########'

It is long because the text is read strictly and forgivingly, in both forms, from one table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine import tiles as t
from engine.grid import Grid
from engine.level import MAX_SIDE
from engine.numbers import excerpt
from engine.wording import agree, count

CHARS = ".12345678#F*"
"""The cells a position's text may hold (see the table above)."""
_TILE = {char: t.from_char(char) for char in CHARS}
_CHAR = {tile: char for char, tile in _TILE.items()}
_HEADER = re.compile(r"(?:([0-9]+)\s*mines?|mines\s*:?\s*([0-9]+))", re.IGNORECASE)
_LINK_RUN = re.compile(r"(.)~([0-9]+)~")
LINK_RUN = 4
"""A run of at least this many equal cells is written ``c~N~`` in the link form."""
LONGEST_TEXT = (MAX_SIDE + 2) * MAX_SIDE + 64
"""Longer text is refused before it is read: no board the custom dialog allows is longer."""


class PositionTextError(ValueError):
    """Position text that cannot be read; the message says what is wrong, in words."""


class MissingHeaderError(PositionTextError):
    """The first line is not the mine total (``10 mines``)."""


class RaggedRowsError(PositionTextError):
    """Rows of different lengths."""


class UnknownCellError(PositionTextError):
    """A character that is no cell of the text form."""


class PositionSizeError(PositionTextError):
    """A board larger or smaller than the custom board dialog allows."""


class MineCountError(PositionTextError):
    """A mine total that the board's cells cannot hold, or fewer than its known mines."""


@dataclass(frozen=True, slots=True)
class SeenPosition:
    """A board's shape, its mine total and its tiles (see :mod:`engine.tiles`): only
    open numbers, covered cells, flags and known mines (``MINE`` tiles)."""

    rows: int
    cols: int
    mines: int
    tiles: bytes

    def __post_init__(self) -> None:
        _check_size(self.rows, self.cols)
        if len(self.tiles) != self.rows * self.cols:
            raise PositionTextError(
                f"{len(self.tiles)} cells for a board of {self.rows} rows and {self.cols} columns"
            )
        for cell, tile in enumerate(self.tiles):
            if tile not in _CHAR:
                row, col = divmod(cell, self.cols)
                raise UnknownCellError(
                    f"row {row + 1}, column {col + 1} holds tile {tile}, which a position "
                    "cannot show"
                )
        _check_mines(self.mines, self.tiles)

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @property
    def known_mines(self) -> int:
        """The cells shown as known mines (``*``)."""
        return self.tiles.count(t.MINE)

    @classmethod
    def covered(cls, rows: int, cols: int, mines: int) -> SeenPosition:
        """A board with every cell covered, as a new game looks.

        >>> print(SeenPosition.covered(2, 3, 1).text())
        1 mine
        ###
        ###
        """
        return cls(rows, cols, mines, bytes([t.COVERED]) * (rows * cols))

    @classmethod
    def seen_in(cls, rows: int, cols: int, mines: int, tiles: bytes) -> SeenPosition:
        """The position a player sees in a game's ``tiles``: a question mark reads as
        covered; after a loss, a shown or exploded mine as a known mine and a crossed-out
        flag as a flag (the player's flag; that it was wrong is the layout's to say, and
        a position never carries the layout).

        >>> seen = SeenPosition.seen_in(1, 4, 2, bytes([t.QUESTIONED, t.EXPLODED, t.WRONG_FLAG, 1]))
        >>> seen.text().splitlines()[1]
        '#*F1'
        """
        as_seen = {t.QUESTIONED: t.COVERED, t.EXPLODED: t.MINE, t.WRONG_FLAG: t.FLAGGED}
        return cls(rows, cols, mines, bytes(as_seen.get(tile, tile) for tile in tiles))

    def text(self) -> str:
        """The text form: the header, then one line a row (no line end after the last)."""
        return "\n".join([count(self.mines, "mine"), *self._rows()])

    def link_text(self) -> str:
        """The address's form (see the module's docstring)."""
        rows = [_LINK_RUNS.sub(_shorten, row.replace("#", "-")) for row in self._rows()]
        return f"{self.mines}:{'/'.join(rows)}"

    def _rows(self) -> list[str]:
        cols, chars = self.cols, "".join(_CHAR[tile] for tile in self.tiles)
        return [chars[start : start + cols] for start in range(0, len(chars), cols)]

    @classmethod
    def parse(cls, text: str) -> SeenPosition:
        """Read the text form (see the module's docstring)."""
        if len(text) > LONGEST_TEXT:
            raise PositionSizeError(
                f"the text is {len(text):,} characters long: no board up to "
                f"{MAX_SIDE}x{MAX_SIDE} takes more than {LONGEST_TEXT:,}"
            )
        lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
        while lines and not lines[-1]:
            lines.pop()
        while lines and not lines[0]:
            lines.pop(0)
        if not lines:
            raise MissingHeaderError("the text is empty: write the mine total, then the rows")
        header, rows = lines[0].strip(), lines[1:]
        match = _HEADER.fullmatch(header)
        if match is None:
            raise MissingHeaderError(
                "the first line should give the mine total, such as 10 mines, "
                f"got {excerpt(header)}"
            )
        return cls._from_rows(match.group(1) or match.group(2), rows)

    @classmethod
    def parse_link(cls, text: str) -> SeenPosition:
        """Read the address's form (see :meth:`link_text`)."""
        if len(text) > LONGEST_TEXT:
            raise PositionSizeError(f"the position is {len(text):,} characters long")
        mines, colon, rows = text.strip().partition(":")
        if not colon or not mines.isascii() or not mines.isdigit():
            raise MissingHeaderError(
                "a position starts with its mine total and a colon, such as 10:, "
                f"got {excerpt(text)}"
            )
        row_texts = rows.split("/")
        if len(row_texts) > MAX_SIDE:  # before any is written out: each may be 1,000 cells
            raise PositionSizeError(
                f"the position has {len(row_texts):,} rows: each side goes from 1 to {MAX_SIDE}"
            )
        return cls._from_rows(mines, [_lengthen(row) for row in row_texts])

    @classmethod
    def _from_rows(cls, mines_text: str, rows: list[str]) -> SeenPosition:
        if len(mines_text) > 8:
            raise MineCountError(f"{excerpt(mines_text)} mines are more than any board holds")
        if not rows:
            raise RaggedRowsError("there are no rows under the mine total")
        _check_size(len(rows), max(len(row) for row in rows))
        width = len(rows[0])
        tiles = bytearray()
        for number, row in enumerate(rows, start=1):
            if len(row) != width:
                raise RaggedRowsError(
                    f"row {number} has {count(len(row), 'cell')}, but row 1 has {width}: "
                    "every row needs the same number of cells"
                )
            for col, char in enumerate(row, start=1):
                tile = _TILE.get(char)
                if tile is None and char == "0":
                    raise UnknownCellError(
                        f"row {number}, column {col} is 0: an open cell with no mine around "
                        "is written ."
                    )
                if tile is None:
                    raise UnknownCellError(
                        f"row {number}, column {col} is {excerpt(char)}: a cell is . (open), "
                        "1 to 8, # (covered), F (flag) or * (known mine)"
                    )
                tiles.append(tile)
        return cls(len(rows), width, int(mines_text), bytes(tiles))


def _check_size(rows: int, cols: int) -> None:
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise PositionSizeError(
            f"a board of {count(rows, 'row')} and {count(cols, 'column')} is too "
            f"{'large' if max(rows, cols) > MAX_SIDE else 'small'}: each side goes from "
            f"1 to {MAX_SIDE}"
        )
    if rows * cols < 2:
        raise PositionSizeError("a board of one cell has no room for a mine and a safe cell")


def _check_mines(mines: int, tiles: bytes) -> None:
    """The mine total must count every known mine and fit in the cells not open, and, as
    in the custom board dialog, leave at least one safe cell."""
    known = tiles.count(t.MINE)
    room = sum(1 for tile in tiles if not t.is_open(tile))
    most = min(room, len(tiles) - 1)
    if mines < 1:
        raise MineCountError("a board needs at least 1 mine, got 0")
    if mines < known:
        raise MineCountError(
            f"the mine total is {mines}, but the board shows {count(known, 'known mine')}"
        )
    if mines > most:
        where = (
            f"the {count(room, 'cell')} not open"
            if room < len(tiles)
            else f"a board of {len(tiles)} cells, which needs a safe cell"
        )
        verb = agree(mines, "does", "do")
        raise MineCountError(f"{count(mines, 'mine')} {verb} not fit in {where}")


_LINK_RUNS = re.compile(rf"(.)\1{{{LINK_RUN - 1},}}")


def _shorten(run: re.Match[str]) -> str:
    return f"{run.group(1)}~{len(run.group(0))}~"


def _lengthen(row: str) -> str:
    """A link's row with its runs written out and ``-`` read as ``#``. A row that grows
    past :data:`~engine.level.MAX_SIDE` cells is refused as it grows: a megabyte of runs
    would otherwise be written out to some 140 million cells before its size is checked."""
    if len(row) > LONGEST_TEXT:
        raise PositionSizeError("a row of the position is too long")
    written = 0
    """The cells of the row written out so far."""
    read_to = 0
    """Where the last run ended in ``row``."""

    def run(match: re.Match[str]) -> str:
        nonlocal written, read_to
        count = match.group(2)
        if len(count) > 4 or not 1 <= int(count) <= MAX_SIDE:
            raise PositionSizeError(
                f"a run of {excerpt(count)} cells: a run goes from 1 to {MAX_SIDE} cells"
            )
        written += match.start() - read_to + int(count)
        read_to = match.end()
        if written > MAX_SIDE:
            raise PositionSizeError(
                f"a row of the position holds more than {MAX_SIDE} cells: each side goes "
                f"from 1 to {MAX_SIDE}"
            )
        return match.group(1) * int(count)

    return _LINK_RUN.sub(run, row).replace("-", "#")
