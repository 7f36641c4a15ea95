"""The page's pace: when work gives the browser its turn, and how long it may run first.

Long work (the solver's, a huge board's drawing) runs in slices, and between slices the
browser handles input and paints. When that happens is a :class:`Scheduler`'s to say,
and how long a slice may run is measured on a clock; both are parameters, so the page
uses the browser's (:mod:`web.frames`) and a test uses its own, in CPython, with a fake
clock and no browser.

>>> from engine.steps import Steps
>>> class Ticks:           # a clock that moves 10 ms at each reading
...     now = 0.0
...     def __call__(self):
...         self.now += 0.010
...         return self.now
>>> class Counting:
...     turns = 0
...     async def give_way(self): self.turns += 1
...     async def next_frame(self): pass
...     async def sleep(self, seconds): pass
>>> def work() -> Steps[str]:
...     for _ in range(6):
...         yield
...     return "done"
>>> scheduler = Counting()
>>> running = sliced(work(), scheduler, Ticks())   # 6 slices, 10 ms each
>>> try:                  # nothing here really waits: no event loop is needed to run it
...     running.send(None)
... except StopIteration as done:
...     print(done.value, scheduler.turns)
done 2
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from engine.steps import Steps, step

T = TypeVar("T")

Clock = Callable[[], float]
"""Seconds, never going backwards (:func:`time.perf_counter` in the page)."""

SLICE_S = 0.025
"""Longest stretch of solver work before the page gets the event loop back (a click made
meanwhile is then handled first, and a frame can paint)."""
SEARCH_PAINT_S = 0.03
"""How long a no-guess search waits, so "Finding a board…" paints before Python is busy."""


class Scheduler(Protocol):
    """When the page's own work lets the browser go first."""

    async def give_way(self) -> None:
        """Let the browser handle pending input and paint, then go on."""

    async def next_frame(self) -> None:
        """Wait until the browser has rendered a frame, so that what is written next
        lands in a frame of its own."""

    async def sleep(self, seconds: float) -> None:
        """Wait ``seconds`` (the timer, the auto-player's pace)."""


async def sliced(
    steps: Steps[T], scheduler: Scheduler, clock: Clock, slice_s: float = SLICE_S
) -> T:
    """Run a generator of work slices to its end, giving the browser its turn every
    ``slice_s`` seconds. Cancelling the awaiting task drops the work where it is."""
    deadline = clock() + slice_s
    while (done := step(steps)) is None:
        if clock() >= deadline:
            await scheduler.give_way()
            deadline = clock() + slice_s
    return done.value
