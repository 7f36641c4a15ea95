"""A replay's playback: where its clock is, which position that shows, how fast it runs.

The front end draws and keeps the pace (a tick every :data:`TICK_S` of its own clock, a
sleep of its scheduler); everything the ticks and the buttons change is here: play,
pause, step, seek, speed, a move's clip, and the end. A position's *index* is one of the
replay's frames (:class:`play.videos.replay.Replay`); -1 while it starts over from its end, so
that its first tick shows its start again. Moves made in the same millisecond are still
stepped through one by one, so the index is kept, not worked out from the time.

>>> from engine import BEGINNER, Move, Record
>>> from play.videos.replay import TAKEN_BACK_HOLD_MS, Replay
>>> record = Record(BEGINNER, 42).add(Move.reveal(4, 4), 0).add(Move.mark(0, 0), 120)
>>> playback = Playback()
>>> playback.load(Replay(record)); playback.play()
True
>>> playback.index  # the reveal, made at 0 ms
1
>>> [(playback.tick(), playback.ms, playback.index) for _ in range(3)]
[(False, 50, 1), (False, 100, 1), (True, 120, 2)]
>>> playback.playing  # at its end, it stops
False
>>> playback.step(-1), playback.ms, playback.index
(True, 0, 1)

A losing click taken back (Undo) is shown for :data:`play.videos.replay.TAKEN_BACK_HOLD_MS`
(the game's clock stood still from the loss to the undo): the ticks reaching it stop there,
the clock held, then go on from its undo.

>>> undone = Record.parse("ms1;4x1/2;seed=3;marks=1;noguess=0;first=none;O0,3@0;UO0,0@100;O0,1@300")
>>> playback.load(Replay(undone)); playback.play()
True
>>> shown = [(playback.tick(), playback.ms, playback.index) for _ in range(36)]
>>> shown[:3]
[(False, 50, 1), (True, 100, 2), (False, 100, 2)]
>>> shown[31:33], shown[-1]  # 30 ticks of 50 ms at the loss (1.5 s), then its undo
([(True, 100, 3), (False, 150, 3)], (True, 300, 4))
>>> sorted({index for _, _, index in shown}), playback.playing
([1, 2, 3, 4], False)
"""

from __future__ import annotations

from engine.live import Moment, event_moments
from play.videos.replay import TAKEN_BACK_HOLD_MS, Replay
from play.videos.video import clip_of

TICK_S = 0.05
"""How often a replay playing back draws the position its clock has reached."""


class Playback:
    __slots__ = ("_held", "_timeline", "index", "ms", "replay", "speed", "until")

    def __init__(self) -> None:
        self.replay: Replay | None = None
        self.ms = 0
        """The replay's clock, in milliseconds of the game."""
        self.index = -1
        """The frame the clock shows (-1: none yet)."""
        self.speed = 1.0
        """The game's milliseconds a millisecond of playback (the speed chosen)."""
        self.until: int | None = None
        """Where playing stops (None: paused)."""
        self._timeline: list[Moment | None] | None = None
        """The replay's counters at each frame (:func:`_by_frame`), once asked."""
        self._held = 0
        """Milliseconds of playback a click taken back is still shown, the clock held."""

    @property
    def playing(self) -> bool:
        return self.until is not None

    @property
    def last(self) -> int:
        """The last frame's index (the game's end)."""
        return 0 if self.replay is None else len(self.replay.frames) - 1

    def load(self, replay: Replay) -> None:
        """``replay`` at its start, paused: the position at 0 ms (after the first move
        when it was made at once)."""
        self.replay, self.ms, self.until = replay, 0, None
        start = replay.index_at(0)
        lost = replay.taken_back_at(0, start)  # a first click that lost, taken back
        self.index = start if lost is None else lost
        self._timeline, self._held = None, 0

    def counters(self) -> Moment | None:
        """The live counters of the position shown, as the player saw them then: those of
        its last move, the clock at the playback's time (stopped at the move that ended
        the game). None before the first reveal. The moves are counted once, when first
        asked, by frame: the position before move 1 counts nothing, even when that move
        was made at 0 ms (a daily board's or a race's first reveal).

        >>> from engine import BEGINNER, Move, Record
        >>> from play.videos.replay import TAKEN_BACK_HOLD_MS, Replay
        >>> playback = Playback()
        >>> record = Record(BEGINNER, 42).add(Move.reveal(4, 4), 0).add(Move.reveal(0, 0), 500)
        >>> playback.load(Replay(record))
        >>> playback.go_to(0), playback.counters()  # before move 1: nothing counted yet
        (True, None)
        >>> playback.go_to(1), playback.counters().clicks.left
        (True, 1)
        >>> playback.seek(800), playback.counters().ms, playback.counters().clicks.left
        (True, 800, 2)
        """
        if self.replay is None or self.index < 0:
            return None
        if self._timeline is None:
            self._timeline = _by_frame(self.replay)
        moment = self._timeline[min(self.index, len(self._timeline) - 1)]
        if moment is None or moment.over:
            return moment
        return moment.at(max(self.ms, moment.ms))

    def play(self) -> bool:
        """Play on to the end (from the start again when at the end); False when there is
        no replay to play."""
        if self.replay is None:
            return False
        if self.ms >= self.replay.duration_ms:
            self.ms, self.index = 0, -1
        self._play_to(self.replay.duration_ms)
        return True

    def clip(self, number: int) -> bool:
        """Move ``number`` (from 1) as a clip (:func:`play.videos.video.clip_of`): from a second
        before it to the moment before it, then paused on the position it was made in;
        whether there is such a move."""
        if self.replay is None or not 1 <= number < len(self.replay.frames):
            return False
        self.ms, until = clip_of(self.replay.frames[number].ms)
        self.index = self.replay.index_at(self.ms)
        self._play_to(until)
        return True

    def _play_to(self, until: int) -> None:
        self.until = until if self.ms < until else None
        self._held = 0

    def pause(self) -> None:
        self.until = None
        self._held = 0

    def tick(self) -> bool:
        """The clock a tick on, at the speed chosen (stopping where it plays to); whether
        that shows another position. A click taken back on the way stops the clock at it
        for :data:`~play.videos.replay.TAKEN_BACK_HOLD_MS` (ticks of the page's own time,
        whatever the speed)."""
        replay, until = self.replay, self.until
        if replay is None or until is None:
            return False
        if self._held > 0:
            self._held -= round(TICK_S * 1000)
            if self._held > 0:
                return False
        else:
            self.ms = min(until, self.ms + round(TICK_S * 1000 * self.speed))
        reached = replay.index_at(self.ms)
        lost = replay.taken_back_at(self.index, reached)
        if lost is not None:
            self.ms, self._held = replay.frames[lost].ms, TAKEN_BACK_HOLD_MS
            return self._show(lost)
        if self.ms >= until:
            self.until = None
        return self._show(reached)

    def seek(self, ms: int) -> bool:
        """Paused at ``ms`` (the scrubber); whether that shows another position."""
        if self.replay is None:
            return False
        self.pause()
        self.ms = ms
        return self._show(self.replay.index_at(ms))

    def step(self, by: int) -> bool:
        """Paused, ``by`` moves on (back when negative), within the game; True when there
        is a replay."""
        return self.go_to(self.index + by)

    def go_to(self, index: int) -> bool:
        """Paused at frame ``index`` (kept within the game), at the time it was reached."""
        if self.replay is None:
            return False
        self.pause()
        self.index = min(max(index, 0), self.last)
        self.ms = self.replay.frames[self.index].ms
        return True

    def _show(self, index: int) -> bool:
        changed = index != self.index
        self.index = index
        return changed


def _by_frame(replay: Replay) -> list[Moment | None]:
    """The counters at each of ``replay``'s frames: the start's none, then those after each
    event (:func:`engine.live.event_moments`), a losing click taken back showing them at
    both its frames (the loss, then its undo)."""
    found: list[Moment | None] = [None]
    last: Moment | None = None
    frames = replay.frames
    for moment in event_moments(replay.record):
        last = moment or last
        found.append(last)
        if len(found) < len(frames) and frames[len(found)].undo:
            found.append(last)
    return found
