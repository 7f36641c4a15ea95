"""The browser's :class:`web.pace.Scheduler`: ``scheduler.yield()`` to give way, a rendered
frame to wait for, and asyncio's sleep, which Pyodide runs on the page's event loop."""

from __future__ import annotations

import asyncio

from pyodide.ffi import create_once_callable
from pyscript import window

FRAME_WAIT_S = 0.1
"""The longest wait for a frame: a hidden page renders none, and its rows are drawn anyway."""


class BrowserScheduler:
    async def give_way(self) -> None:
        """Let the browser handle pending input and paint, then go on.

        Pyodide runs ``asyncio.sleep(0)`` through a ``MessageChannel``, whose messages can
        starve timers; ``scheduler.yield()`` (Chromium 129+) is made for this: input and
        rendering first, then this task before other ones. Elsewhere a 1 ms timer will do.
        """
        scheduler = getattr(window, "scheduler", None)
        resume = getattr(scheduler, "yield", None) if scheduler is not None else None
        if resume is None:
            await asyncio.sleep(0.001)
        else:
            await resume()

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

        window.requestAnimationFrame(create_once_callable(done))
        timer = loop.call_later(FRAME_WAIT_S, done)
        try:
            await rendered
        finally:
            timer.cancel()
        await self.give_way()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)
