"""The game's clock as the player sees it: the time played, and the pauses that hold it.

A :class:`Pauses` reads the stopwatch of the round being played (the session hands it a
way to find it: another round for every new game) on the session's clock. Anything that
covers the board (a dialog over it, a replay watched, a review read) pauses the game by
a name of its own; the clock waits until every one of them has carried on, and the time
away is never counted.

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

from collections.abc import Callable
from typing import TYPE_CHECKING

from play.game.clock import Clock, Stopwatch

if TYPE_CHECKING:
    from play.game.round import Round

AWAY = "away"
"""What pauses the clock when a front end names nothing else (the terminal's one pause)."""


class Pauses:
    """The game's clock: read on ``clock``, for the round ``played()`` answers."""

    def __init__(self, clock: Clock, played: Callable[[], Round]) -> None:
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

    @property
    def paused(self) -> bool:
        return self._watch().paused

    @property
    def running(self) -> bool:
        return self._watch().running

    def seconds(self) -> float:
        """Time played (see :meth:`play.game.round.Round.seconds`)."""
        return self._played().seconds(self._clock())

    def display_seconds(self) -> int:
        """What the timer LED shows: the second in progress counts, up to 999."""
        return self._watch().display(self._clock())

    def until_next_tick(self) -> float:
        """Seconds until the LED changes, so a front end's timer wakes just in time."""
        return self._watch().until_next_tick(self._clock())
