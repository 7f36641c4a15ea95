"""What the player sees on one cell, as a small int.

A board's appearance is a ``bytes`` object with one tile per cell, so it is
immutable, cheap to copy, and exactly what a front end draws and what the
solver reads: nothing in it reveals a covered mine.

Tiles ``0`` to ``8`` are open cells showing that many neighbouring mines.

>>> state_name(FLAGGED), state_name(3), value(3), value(COVERED) is None
('flagged', 'open', 3, True)
"""

from __future__ import annotations

COVERED = 9
FLAGGED = 10
QUESTIONED = 11
MINE = 12
"""A mine shown after a loss (it was not flagged and did not explode)."""
EXPLODED = 13
"""The mine whose reveal lost the game."""
WRONG_FLAG = 14
"""A flag on a safe cell, shown after a loss."""

STATE_NAMES: dict[int, str] = {
    COVERED: "covered",
    FLAGGED: "flagged",
    QUESTIONED: "questioned",
    MINE: "mine",
    EXPLODED: "exploded",
    WRONG_FLAG: "wrong-flag",
}

# One character per tile for text boards: digits for open cells ('.' for 0).
_CHARS = ".12345678#F?*X!"


def is_open(tile: int) -> bool:
    """True for an open safe cell (tiles 0 to 8)."""
    return tile <= 8


def is_covered(tile: int) -> bool:
    """True for a cell still in play that is not open: covered, flagged or questioned."""
    return COVERED <= tile <= QUESTIONED


def state_name(tile: int) -> str:
    """The DOM contract's ``data-state`` for a tile."""
    return "open" if tile <= 8 else STATE_NAMES[tile]


def value(tile: int) -> int | None:
    """The number an open tile shows, or None for any other tile."""
    return tile if tile <= 8 else None


def char(tile: int) -> str:
    """One character for a tile: ``.`` ``1``-``8`` ``#`` ``F`` ``?`` ``*`` ``X`` ``!``.

    >>> ''.join(char(t) for t in (0, 5, COVERED, FLAGGED, QUESTIONED, MINE, EXPLODED, WRONG_FLAG))
    '.5#F?*X!'
    """
    return _CHARS[tile]


def from_char(c: str) -> int:
    """The tile that :func:`char` draws as ``c``; ValueError for anything else."""
    index = _CHARS.find(c)
    if index < 0 or len(c) != 1:
        raise ValueError(f"unknown tile character {c!r}; expected one of {_CHARS!r}")
    return index
