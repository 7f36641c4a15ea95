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
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from engine import Game, Move, Record, Status, apply, with_question_marks

Spot = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Frame:
    game: Game
    ms: int
    """When this position was reached, on the game's clock."""
    move: str | None
    """The move's text (``O3,4``), None for the start."""
    spot: Spot | None
    """Where the click landed, for the cursor."""


class Replay:
    def __init__(self, record: Record) -> None:
        self.record = record
        game = record.new_game()
        frames = [Frame(game, 0, None, None)]
        for timed in record.moves:
            event = timed.move
            if isinstance(event, Move):
                game = apply(game, event).game
                spot: Spot | None = (event.row, event.col)
            else:
                game = with_question_marks(game, event.on)
                spot = None
            frames.append(Frame(game, timed.ms, str(event), spot))
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
        return {Status.WON: "cool", Status.LOST: "dead"}.get(
            self.frames[index].game.status, "smile"
        )
