"""A game's events in time: the moves and switches of question marks a record holds, each
with its time (:class:`TimedMove`), a losing click taken back (:class:`TakenBack`), and what
reads a game as its events from the start (:class:`Replayable`: our record, or a replay
file's game).

>>> TimedMove(MarksChange.parse("Q0"), 1700), str(TimedMove(Move.reveal(4, 4), 0).move)
(TimedMove(move=MarksChange(on=False), ms=1700), 'O4,4')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from engine.errors import InvalidRecordError
from engine.game_state import Game
from engine.moves import Move
from engine.numbers import excerpt

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
