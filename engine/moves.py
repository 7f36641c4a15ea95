"""Moves as small values with a short text form: ``O3,4``, ``F3,4``, ``C3,4``; and a game's
events in time: the moves and switches of question marks a record holds, each with its
time (:class:`TimedMove`), a losing click taken back (:class:`TakenBack`), and what reads a
game as its events from the start (:class:`Replayable`: our record, or a replay file's game).

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
>>> TimedMove(MarksChange.parse("Q0"), 1700), str(TimedMove(Move.reveal(4, 4), 0).move)
(TimedMove(move=MarksChange(on=False), ms=1700), 'O4,4')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Protocol

from engine.errors import InvalidMoveError, InvalidRecordError
from engine.numbers import excerpt

if TYPE_CHECKING:
    from engine.game_state import Game

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


MAX_MS = 10**12 - 1
"""Event times go up to about 31 years: beyond any game, and few digits to read."""


@dataclass(frozen=True, slots=True)
class MarksChange:
    """Question marks switched on (text ``Q1``) or off (``Q0``) during a game.

    >>> MarksChange.parse("Q0"), str(MarksChange(on=True))
    (MarksChange(on=False), 'Q1')
    """

    on: bool

    def __str__(self) -> str:
        return "Q1" if self.on else "Q0"

    @classmethod
    def parse(cls, text: str) -> MarksChange:
        key = text.strip()
        if key not in ("Q0", "Q1"):
            raise InvalidRecordError(
                f"bad question-mark switch {excerpt(text)}: expected Q1 (on) or Q0 (off)"
            )
        return cls(on=key == "Q1")


Event = Move | MarksChange
"""What a record holds: the player's moves and their switches of options."""


@dataclass(frozen=True, slots=True)
class TimedMove:
    """An event of the record (a move or a switch of question marks) and its time."""

    move: Event
    ms: int
    """Milliseconds since the record began."""


class Replayable(Protocol):
    """A game as its moves from the start: our :class:`Record`, or a replay file's game
    (:class:`play.videos.replay_files.ImportedGame`). What a count of the game
    (:func:`engine.live.moments`), its style (:func:`engine.style.style`) and a review
    (:func:`play.review.review`) read."""

    @property
    def moves(self) -> tuple[TimedMove, ...]: ...

    def new_game(self) -> Game:
        """The game before its first move."""
        ...


@dataclass(frozen=True, slots=True)
class TakenBack:
    """A losing click taken back (an undo): the move, its time, and how many events of
    :attr:`Record.moves` came before it (the game went on from there)."""

    move: Move
    ms: int
    at: int
