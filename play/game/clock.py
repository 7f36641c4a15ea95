"""The game clock: read from a monotonic clock, never counted in ticks.

Counting ticks of ``sleep(1)`` drifts (every wake-up is late); the display is
instead derived from the start time whenever it is drawn. Like the classic game
the display shows 1 as soon as the clock starts and stops at 999.

>>> watch = Stopwatch()
>>> watch.display(now=5.0), watch.running
(0, False)
>>> watch.start(now=10.0)
>>> watch.display(now=10.0), watch.display(now=12.5)
(1, 3)
>>> watch.stop(now=13.25)
>>> watch.elapsed(now=100.0), watch.display(now=100.0)
(3.25, 4)
>>> watch.start(now=0.0); watch.display(now=5000.0)
999

The game's clock as the player sees it (:class:`Pauses`): the time played, and the pauses
that hold it. A :class:`Pauses` reads the round being played (the session hands it a way
to find it: another round for every new game) on the session's clock; a front end reads it
as a :class:`Timer` (:attr:`play.session.Session.timer`), and pauses it through the session.
Anything that covers the board (a dialog over it, a replay watched, a review read) pauses
the game by a name of its own; the clock waits until every one of them has carried on, and
the time away is never counted.

>>> from engine import Move
>>> from play.game.round import Round
>>> from play.game.settings import Settings
>>> now, played = [0.0], Round.deal(Settings(), seed=1)
>>> pauses = Pauses(lambda: now[0], lambda: played)
>>> _ = played.apply(Move.reveal(4, 4), now[0])      # the clock starts
>>> now[0] = 3.0; pauses.pause("stats"); pauses.pause("analysis")
>>> now[0] = 60.0; pauses.carry_on("analysis"); pauses.running
False
>>> pauses.carry_on("stats"); pauses.running, pauses.seconds()
(True, 3.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

LIMIT = 999

Clock = Callable[[], float]
"""Seconds from any fixed start, never going backwards, such as :func:`time.monotonic`."""


@dataclass(frozen=True, slots=True)
class ClockFace:
    """A stopwatch as it stands, to be read at any moment without it: what a picture of
    the game holds (:class:`play.game.picture.Picture`), read on the session's clock.

    >>> face = ClockFace(started=10.0)
    >>> face.running, face.display(now=12.5), face.until_next_tick(now=12.5)
    (True, 3, 0.5)
    >>> ClockFace(started=10.0, stopped=13.25).display(now=100.0)
    4
    """

    started: float | None = None
    stopped: float | None = None
    paused: bool = False

    @property
    def running(self) -> bool:
        return self.started is not None and self.stopped is None

    def elapsed(self, now: float) -> float:
        """Seconds since the start, up to the stop."""
        if self.started is None:
            return 0.0
        end = self.stopped if self.stopped is not None else now
        return max(0.0, end - self.started)

    def display(self, now: float) -> int:
        """The whole seconds the LED shows: the second in progress counts, as in Windows."""
        if self.started is None:
            return 0
        return min(LIMIT, math.floor(self.elapsed(now)) + 1)

    def until_next_tick(self, now: float) -> float:
        """Seconds until the display changes, so the timer task wakes just in time."""
        if not self.running:
            return 1.0
        return 1.0 - (self.elapsed(now) % 1.0)


class Stopwatch:
    __slots__ = ("_paused", "_started", "_stopped")

    def __init__(self) -> None:
        self._started: float | None = None
        self._stopped: float | None = None
        self._paused = False

    @property
    def started(self) -> bool:
        return self._started is not None

    @property
    def paused(self) -> bool:
        """Stopped for a while (:meth:`pause`), to run on (:meth:`carry_on`)."""
        return self._paused

    @property
    def running(self) -> bool:
        return self._started is not None and self._stopped is None

    def start(self, now: float) -> None:
        self._started, self._stopped, self._paused = now, None, False

    def stop(self, now: float) -> None:
        """Stop for good (the game is over), even while paused."""
        if self.running:
            self._stopped = now
        self._paused = False

    def pause(self, now: float) -> None:
        """Stop for a while, if running, until :meth:`carry_on` (a stop for good is not
        carried on)."""
        if self.running:
            self._stopped, self._paused = now, True

    def carry_on(self, now: float) -> None:
        """Run on from the time elapsed at :meth:`pause`, if paused.

        >>> watch = Stopwatch()
        >>> watch.start(now=10.0); watch.pause(now=12.0); watch.carry_on(now=50.0)
        >>> watch.elapsed(now=51.0), watch.running
        (3.0, True)
        """
        if self._paused:
            self.start(now - self.elapsed(now))

    def reset(self) -> None:
        self._started = self._stopped = None
        self._paused = False

    @property
    def face(self) -> ClockFace:
        """The watch as it stands, to read without it."""
        return ClockFace(self._started, self._stopped, self._paused)

    def elapsed(self, now: float) -> float:
        """Seconds since the start, up to the stop."""
        return self.face.elapsed(now)

    def display(self, now: float) -> int:
        """The whole seconds the LED shows: the second in progress counts, as in Windows."""
        return self.face.display(now)

    def until_next_tick(self, now: float) -> float:
        """Seconds until the display changes, so the timer task wakes just in time."""
        return self.face.until_next_tick(now)


AWAY = "away"
"""What pauses the clock when a front end names nothing else (the terminal's one pause)."""


class Timed(Protocol):
    """What :class:`Pauses` reads of the round being played."""

    @property
    def watch(self) -> Stopwatch: ...

    def seconds(self, now: float) -> float: ...


class Timer(Protocol):
    """The game's clock as a front end reads it: the time played, what the LED shows and
    when it changes, whether it runs and whether something pauses it."""

    @property
    def running(self) -> bool: ...

    @property
    def paused(self) -> bool: ...

    def seconds(self) -> float: ...

    def display(self) -> int: ...

    def until_next_tick(self) -> float: ...

    @property
    def clock(self) -> Clock: ...


class Pauses:
    """The game's clock: read on ``clock``, of the round ``played()`` answers (the round
    being played: another one for every new game)."""

    def __init__(self, clock: Clock, played: Callable[[], Timed]) -> None:
        self._clock, self._played = clock, played
        self._away: set[str] = set()
        """What covers the board now: the clock waits until it is empty."""

    def pause(self, by: str = AWAY) -> None:
        """``by`` covers the board: the clock waits until it carries on."""
        self._away.add(by)
        self._watch().pause(self._clock())

    def carry_on(self, by: str = AWAY) -> None:
        """``by`` is closed: once nothing covers the board, the clock runs on."""
        self._away.discard(by)
        if not self._away:
            self._watch().carry_on(self._clock())

    def _watch(self) -> Stopwatch:
        return self._played().watch

    def seconds(self) -> float:
        """Time played (:meth:`play.game.round.Round.seconds`: a finished game's, its record's)."""
        return self._played().seconds(self._clock())

    @property
    def paused(self) -> bool:
        return self._watch().paused

    @property
    def running(self) -> bool:
        return self._watch().running

    def display(self) -> int:
        """What the timer LED shows: the second in progress counts, up to 999."""
        return self._watch().display(self._clock())

    @property
    def face(self) -> ClockFace:
        """The clock as it stands, to read at any moment on :attr:`clock`."""
        return self._watch().face

    @property
    def clock(self) -> Clock:
        """The clock the game's time is read on."""
        return self._clock

    def until_next_tick(self) -> float:
        """Seconds until the LED changes, so a front end's timer wakes just in time."""
        return self._watch().until_next_tick(self._clock())
