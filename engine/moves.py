"""Moves as small values with a short text form: ``O3,4``, ``F3,4``, ``C3,4``.

``O`` reveals (a left click), ``F`` cycles the mark covered -> flag -> question
mark -> covered (a right click), ``C`` chords on an open number (both buttons).
Coordinates are 0-based ``row,col``.

>>> move = Move.parse("F3,14")
>>> move, str(move)
(Move(kind=<Action.MARK: 'F'>, row=3, col=14), 'F3,14')
>>> Move.parse(str(Move.chord(2, 2))) == Move.chord(2, 2)
True
>>> Move.parse("X1,2")
Traceback (most recent call last):
...
engine.errors.InvalidMoveError: bad move "X1,2": expected O, F or C then row,col, such as O3,4
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from engine.errors import InvalidMoveError
from engine.numbers import excerpt

# [0-9], not \d: \d also matches the digits of other scripts ("O3,4٣" would read as O3,43).
# Four digits cover every board (sides go up to 1000) and keep int() on short strings.
_TEXT = re.compile(r"([OFC])([0-9]{1,4}),([0-9]{1,4})")


class Action(Enum):
    REVEAL = "O"
    MARK = "F"
    CHORD = "C"


@dataclass(frozen=True, slots=True)
class Move:
    kind: Action
    row: int
    col: int

    @classmethod
    def reveal(cls, row: int, col: int) -> Move:
        return cls(Action.REVEAL, row, col)

    @classmethod
    def mark(cls, row: int, col: int) -> Move:
        return cls(Action.MARK, row, col)

    @classmethod
    def chord(cls, row: int, col: int) -> Move:
        return cls(Action.CHORD, row, col)

    def __str__(self) -> str:
        return f"{self.kind.value}{self.row},{self.col}"

    @classmethod
    def parse(cls, text: str) -> Move:
        match = _TEXT.fullmatch(text.strip())
        if match is None:
            raise InvalidMoveError(
                f"bad move {excerpt(text)}: expected O, F or C then row,col, such as O3,4"
            )
        kind, row, col = match.groups()
        return cls(Action(kind), int(row), int(col))
