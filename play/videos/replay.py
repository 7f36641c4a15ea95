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
>>> replay.frames[2].spot, replay.led_seconds(2), replay.frames[2].game.status, replay.gap_ms(2)
((0, 0), 2, <Status.PLAYING: 'playing'>, 1500)
>>> replay.frames[2].move, replay.frames[2].words
('F0,0', 'flag row 1, column 1')

A losing click taken back (Undo, :attr:`engine.record.Record.taken_back`) is two frames at
the time it was made: the click, the mine hit and the board as it looked lost
(:attr:`Frame.taken_back`), then the position before it again (:attr:`Frame.undo`), from
which the game goes on to its real end. The game's clock stood still between the two (the
time before the undo is not counted), so a replay playing in time shows the loss for
:data:`TAKEN_BACK_HOLD_MS` of its own (:class:`play.game_ui.Playback`)::

>>> lost = Record.parse("ms1;3x1/1;seed=7;marks=1;noguess=0;first=none;UO0,0@0;O0,2@700")
>>> replay = Replay(lost)
>>> [(f.ms, f.game.status.value, f.taken_back, f.undo) for f in replay.frames[1:]]
[(0, 'lost', True, False), (0, 'ready', False, True), (700, 'won', False, False)]
>>> replay.frames[1].words, replay.frames[2].words
('open row 1, column 1: a mine, taken back (Undo)', 'Undo: the game goes on from before it')
>>> replay.frames[-1].game == lost.replay(), replay.taken_back_at(0, 3), replay.gap_ms(2)
(True, 1, 1500)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

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
from play.videos.replay_pointer import PointerTimeline

if TYPE_CHECKING:
    from play.videos.replay_files import ImportedGame


@dataclass(frozen=True, slots=True)
class Frame:
    game: Game
    ms: int
    """When this position was reached, on the game's clock."""
    move: str | None
    """The move's text (``O3,4``), None for the start."""
    spot: Spot | None
    """Where the click landed, for the ring on it."""
    event: Event | None = None
    """The move (or the switch of question marks), None for the start."""
    taken_back: bool = False
    """The move was a losing click later taken back (Undo): the board as it looked lost."""
    undo: bool = False
    """The undo of the click before: the position before that click again (no move: its
    ``move`` and ``spot`` are None, its ``event`` the click taken back)."""

    @property
    def words(self) -> str | None:
        """The move as a player reads it (:func:`move_words`), None for the start; a click
        taken back, and its undo, say so."""
        if self.event is None:
            return None
        if self.undo:
            return UNDO_WORDS
        said = move_words(self.event)
        return f"{said}{TAKEN_BACK_WORDS}" if self.taken_back else said


TAKEN_BACK_WORDS = ": a mine, taken back (Undo)"
"""What a losing click taken back says after its move."""
UNDO_WORDS = "Undo: the game goes on from before it"
"""What the frame after a click taken back says."""
TAKEN_BACK_HOLD_MS = 1500
"""How long a replay playing in time shows a losing click taken back, in milliseconds of
its own: the game's clock stood still from the loss to the undo, so no time of the game
shows it (a frame of 0 ms would be passed over)."""


def frames_of(record: Record, taken_back: bool = True) -> Iterator[Frame]:
    """The record's positions one at a time, from the start: a page builds a long game's
    in slices (:class:`Replay` takes them, built or not). Each losing click taken back is a
    frame of the loss then one of its undo, unless ``taken_back`` is False (a review: the
    game as played on, a frame a move), or the game is a replay file's (it has none)."""
    game = record.new_game()
    yield Frame(game, 0, None, None)
    events = (
        record.every_event()
        if taken_back and isinstance(record, Record)
        else [(timed, False) for timed in record.moves]
    )
    for timed, undone in events:
        event = timed.move
        if isinstance(event, Move):
            after = apply(game, event).game
            spot: Spot | None = (event.row, event.col)
        else:
            after = with_question_marks(game, event.on)
            spot = None
        if undone:  # the game goes on from ``game``, the position before the click
            yield Frame(after, timed.ms, str(event), spot, event, taken_back=True)
            yield Frame(game, timed.ms, None, None, event, undo=True)
        else:
            game = after
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
        numbers, number = [], 0
        for frame in frames:
            number += frame.event is not None and not (frame.taken_back or frame.undo)
            numbers.append(number)
        self._numbers = numbers
        """The moves of the game as played on made by each frame."""

    @property
    def moves(self) -> int:
        """The moves of the game as played on (a click taken back and its undo are none)."""
        return self._numbers[-1]

    def heading(self, index: int) -> str | None:
        """Which move frame ``index`` shows, as its caption begins (None at the start): a
        click taken back, and its undo, come after a move, and are no move of their own.

        >>> undone = Record.parse("ms1;4x1/2;seed=3;marks=1;noguess=0;first=none;O0,3@0;UO0,0@9")
        >>> replay = Replay(undone.add(Move.reveal(0, 1), 20))
        >>> [replay.heading(n) for n in range(len(replay.frames))]
        [None, 'Move 1 of 2', 'After move 1 of 2', 'After move 1 of 2', 'Move 2 of 2']
        """
        frame = self.frames[index]
        if frame.event is None:
            return None
        after = "After move" if frame.taken_back or frame.undo else "Move"
        return f"{after} {self._numbers[index]} of {self.moves}"

    @property
    def duration_ms(self) -> int:
        return self._times[-1]

    def taken_back_at(self, after: int, until: int) -> int | None:
        """The first frame of a click taken back after frame ``after`` up to frame
        ``until``, None if there is none: a playback passing over it stops there a while."""
        frames = self.frames
        return next((n for n in range(after + 1, until + 1) if frames[n].taken_back), None)

    def index_at(self, ms: int) -> int:
        """The last frame reached by ``ms`` on the game's clock."""
        return max(0, bisect_right(self._times, ms) - 1)

    def led_seconds(self, index: int, ms: int | None = None) -> int:
        """The timer as it showed at frame ``index`` (or at ``ms``, between frames)."""
        if index < self._clock_from:
            return 0
        at = self.frames[index].ms if ms is None else ms
        return min(999, at // 1000 + 1)

    def gap_ms(self, index: int) -> int:
        """How long frame ``index - 1`` shows before frame ``index`` when the replay plays in
        time: the time between them, and a losing click taken back held a while
        (:data:`TAKEN_BACK_HOLD_MS`)."""
        gap = self.frames[index].ms - self.frames[index - 1].ms
        return max(gap, TAKEN_BACK_HOLD_MS) if self.frames[index - 1].taken_back else gap

    @cached_property
    def track(self) -> PointerTimeline:
        """The replay's pointer: a replay file's own mouse events, or our game's recorded
        path (:class:`play.videos.replay_pointer.PointerTimeline`)."""
        game: Record | ImportedGame = self.record  # a review's replay holds a file's game too
        if isinstance(game, Record):
            return PointerTimeline.of_record(game)
        return PointerTimeline.of_imported(game)
