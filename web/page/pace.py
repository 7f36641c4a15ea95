"""The page's pace: when work gives the browser its turn, and how long it may run first.

Long work (the solver's, a huge board's drawing) runs in slices, and between slices the
browser handles input and paints. When that happens is a :class:`Scheduler`'s to say,
and how long a slice may run is measured on a clock; both are parameters, so the page
uses the browser's (:class:`BrowserScheduler`, which reaches the browser through its door
on use only: ``scheduler.yield()`` to give way, a rendered frame to wait for, and asyncio's
sleep, which Pyodide runs on the page's event loop) and a test uses its own, in CPython,
with a fake clock and no browser.

>>> from itertools import count
>>> from engine.steps import Steps
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
>>> clock = count(0.010, 0.010).__next__   # a clock 10 ms on at each reading
>>> running = drain_in_turns(work(), scheduler, clock)   # 6 slices, 10 ms each
>>> try:                  # nothing here really waits: no event loop is needed to run it
...     running.send(None)
... except StopIteration as done:
...     print(done.value, scheduler.turns)
done 2
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable
from typing import Protocol, TypeVar

from engine import Done, Pause, Steps
from web.page import browser

T = TypeVar("T")

Clock = Callable[[], float]
Work = Callable[[], None]
"""Seconds, never going backwards (:func:`time.perf_counter` in the page)."""

SLICE_S = 0.025
"""Longest stretch of solver work before the page gets the event loop back (a click made
meanwhile is then handled first, and a frame can paint)."""
SEARCH_PAINT_S = 0.03
"""How long work waits at a :data:`engine.steps.Pause.PAINT`, so what it reported ("Finding
a board…") paints before Python is busy."""


class Scheduler(Protocol):
    """When the page's own work lets the browser go first."""

    async def give_way(self) -> None:
        """Let the browser handle pending input and paint, then go on."""

    async def next_frame(self) -> None:
        """Wait until the browser has rendered a frame, so that what is written next
        lands in a frame of its own."""

    async def sleep(self, seconds: float) -> None:
        """Wait ``seconds`` (the timer, the auto-player's pace)."""


async def drain_in_turns(
    steps: Steps[T],
    scheduler: Scheduler,
    clock: Clock,
    slice_s: float = SLICE_S,
    *,
    before_turn: Callable[[float], None] | None = None,
) -> T:
    """Run a generator of work slices to its end, giving the browser its turn every
    ``slice_s`` seconds, and at each :class:`engine.steps.Pause` the work asks for.
    Cancelling the awaiting task drops the work where it is.

    ``before_turn``, if given, is called before each turn with the seconds the slice
    ending there took: work that draws what it has found so far does it there, once a
    slice (the review's verdicts)."""
    start = clock()
    while True:
        try:
            pause = next(steps)
        except StopIteration as done:
            answer: T = done.value
            return answer
        if pause is None and clock() < start + slice_s:
            continue
        if before_turn is not None:
            before_turn(clock() - start)
        if pause is Pause.PAINT:
            await scheduler.sleep(SEARCH_PAINT_S)
        else:
            await scheduler.give_way()
        start = clock()


def first_step(steps: Steps[T]) -> Done[T] | Steps[T]:
    """Do the first slice of ``steps`` now, in the event's own task (a move that needs
    nothing more is played and drawn there): its answer when that was all, else the
    rest of the work, for :func:`drain_in_turns`, from the pause it stopped at."""
    try:
        pause = next(steps)
    except StopIteration as done:
        answer: T = done.value
        return Done(answer)
    return _resumed(pause, steps)


def _resumed(pause: Pause | None, steps: Steps[T]) -> Steps[T]:
    yield pause
    return (yield from steps)


FRAME_WAIT_S = 0.1
"""The longest wait for a frame: a hidden page renders none, and its rows are drawn anyway."""


class BrowserScheduler:
    """The page's one scheduler, shared by all its work in slices.

    Pyodide resumes Python coroutines from one ``MessageChannel``, and one message runs
    every callback queued by then: two pieces of work given way at about the same time
    come back in the same browser task, their slices end to end (the review and its
    replay's positions made tasks of 60 ms from slices of 25). So a slice owns its
    browser task: work that comes back in a task where another slice has run already
    gives way again, until a task of its own.
    """

    def __init__(self) -> None:
        self._task_taken = False

    async def give_way(self) -> None:
        """Let the browser handle pending input and paint, then go on, in a browser task
        that no other slice of the page's work has run in.

        Pyodide runs ``asyncio.sleep(0)`` through a ``MessageChannel``, whose messages can
        starve timers; ``scheduler.yield()`` (Chromium 129+) is made for this: input and
        rendering first, then this task before other ones. Elsewhere a 1 ms timer will do.
        """
        scheduler = getattr(browser.window, "scheduler", None)
        resume = getattr(scheduler, "yield", None) if scheduler is not None else None
        while True:
            if resume is None:
                await asyncio.sleep(0.001)
            else:
                await resume()
            if not self._task_taken:
                break
        self._task_taken = True
        # A microtask runs once the browser task's script is over: the next task is free.
        browser.window.queueMicrotask(browser.create_once_callable(self._task_over))

    def _task_over(self) -> None:
        self._task_taken = False

    async def next_frame(self) -> None:
        """Wait until the browser has rendered a frame (styled, laid out and painted what
        was written before), so that the next slice of drawing lands in a frame of its own.

        ``requestAnimationFrame`` callbacks run just before the rendering; the task after
        them runs once it is done. A hidden page renders nothing: then a timer goes on.
        """
        loop = asyncio.get_running_loop()
        rendered: asyncio.Future[None] = loop.create_future()

        def done(*_: object) -> None:
            if not rendered.done():
                rendered.set_result(None)

        browser.window.requestAnimationFrame(browser.create_once_callable(done))
        timer = loop.call_later(FRAME_WAIT_S, done)
        try:
            await rendered
        finally:
            timer.cancel()
        await self.give_way()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


def after_frame(scheduler: Scheduler, log: Callable[[str], None]) -> Callable[[Work], None]:
    """``later(work)``: ``work`` run as a task of its own once the browser has painted the
    frame being made, so that what a click shows is not kept waiting for what can wait
    (saving the game: :meth:`play.keeping.keeper.Keeper.save_game`); its error is logged."""
    running: set[asyncio.Task[None]] = set()

    async def run(work: Work) -> None:
        await scheduler.next_frame()
        try:
            work()
        except Exception:  # the page goes on; the log says what failed
            log(traceback.format_exc())

    def later(work: Work) -> None:
        task = asyncio.create_task(run(work))
        running.add(task)
        task.add_done_callback(running.discard)

    return later
