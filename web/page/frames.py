"""The browser's :class:`web.page.pace.Scheduler`: ``scheduler.yield()`` to give way, a rendered
frame to wait for, and asyncio's sleep, which Pyodide runs on the page's event loop."""

from __future__ import annotations

import asyncio

from web.page import browser

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
