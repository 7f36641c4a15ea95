"""A recorded game played back: every position, when it was reached, and where the click was.

>>> from engine import Move, Record, BEGINNER
>>> record = Record(BEGINNER, 42).add(Move.reveal(4, 4), 0).add(Move.mark(0, 0), 1500)
>>> replay = Replay(record)
>>> len(replay.frames), replay.duration_ms
(3, 1500)
>>> replay.index_at(1499), replay.index_at(1500)
(1, 2)
>>> replay.frames[-1].game == record.replay()
True
>>> replay.frames[2].spot, replay.led_seconds(2), replay.face(2)
((0, 0), 2, 'smile')
>>> replay.frames[2].move, replay.frames[2].words
('F0,0', 'flag row 1, column 1')
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass

from engine import (
    Action,
    Game,
    Move,
    Record,
    Status,
    apply,
    with_question_marks,
)
from engine.grid import Spot, spot_name
from engine.record import Event


@dataclass(frozen=True, slots=True)
class Frame:
    game: Game
    ms: int
    """When this position was reached, on the game's clock."""
    move: str | None
    """The move's text (``O3,4``), None for the start."""
    spot: Spot | None
    """Where the click landed, for the cursor."""
    event: Event | None = None
    """The move (or the switch of question marks), None for the start."""

    @property
    def words(self) -> str | None:
        """The move as a player reads it (:func:`move_words`), None for the start."""
        return None if self.event is None else move_words(self.event)


def frames_of(record: Record) -> Iterator[Frame]:
    """The record's positions one at a time, from the start: a page builds a long game's
    in slices (:class:`Replay` takes them, built or not)."""
    game = record.new_game()
    yield Frame(game, 0, None, None)
    for timed in record.moves:
        event = timed.move
        if isinstance(event, Move):
            game = apply(game, event).game
            spot: Spot | None = (event.row, event.col)
        else:
            game = with_question_marks(game, event.on)
            spot = None
        yield Frame(game, timed.ms, str(event), spot, event)


ACTIONS = {Action.REVEAL: "open", Action.MARK: "flag", Action.CHORD: "chord"}
"""Each kind of move as a verb."""


def move_words(event: Event) -> str:
    """A move in words, its cell named as everywhere (:func:`engine.grid.spot_name`): the
    record's ``O3,4`` counts from 0, the words from 1.

    >>> from engine import MarksChange
    >>> move_words(Move.reveal(3, 4)), move_words(Move.mark(0, 0)), move_words(MarksChange(True))
    ('open row 4, column 5', 'flag row 1, column 1', 'question marks on')
    """
    if isinstance(event, Move):
        return f"{ACTIONS[event.kind]} {spot_name((event.row, event.col))}"
    return f"question marks {'on' if event.on else 'off'}"


class Replay:
    def __init__(self, record: Record, frames: list[Frame] | None = None) -> None:
        self.record = record
        frames = list(frames_of(record)) if frames is None else frames
        self.frames = frames
        self._times = [frame.ms for frame in frames]
        playing = [n for n, f in enumerate(frames) if f.game.status is Status.PLAYING]
        self._clock_from = playing[0] if playing else len(frames)
        """The frame whose move started the clock."""

    @property
    def duration_ms(self) -> int:
        return self._times[-1]

    def index_at(self, ms: int) -> int:
        """The last frame reached by ``ms`` on the game's clock."""
        return max(0, bisect_right(self._times, ms) - 1)

    def led_seconds(self, index: int, ms: int | None = None) -> int:
        """The timer as it showed at frame ``index`` (or at ``ms``, between frames)."""
        if index < self._clock_from:
            return 0
        at = self.frames[index].ms if ms is None else ms
        return min(999, at // 1000 + 1)

    def face(self, index: int) -> str:
        return face_of(self.frames[index].game.status)


def face_of(status: Status, pressing: bool = False) -> str:
    """The face above the board: cool once won, dead once lost, surprised while a cell is
    held down, smiling otherwise (the names of the page's ``data-face``).

    >>> face_of(Status.WON), face_of(Status.PLAYING, pressing=True), face_of(Status.READY)
    ('cool', 'surprise', 'smile')
    """
    return _FACES.get(status, "surprise" if pressing else "smile")


_FACES = {Status.WON: "cool", Status.LOST: "dead"}
