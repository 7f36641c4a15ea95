"""The auto-player's pace: the session picks and plays each move, this task spaces them out.

The task runs exactly while the picture shows the auto-player on (:meth:`AutoPlay.show`,
drawn when it turns on or off): a button, a click on the board or the end of the game turns
it off in the session, and the task stops with it. Each move is drawn by the page as the
session reports it; the task then sleeps for the chosen speed, or at Instant waits for the
next frame: a bare turn of the event loop let it fill the main thread, so that the browser's
timers and its garbage collection waited behind it (a 300x300 board's renderer grew 10 MB
a second). Each move is the session's work (:meth:`play.session.Session.auto_steps`: the
solver's thinking, then the move as a player's is played, a no-guess search or a big
board's deal included), run in slices (:func:`web.page.pace.drain_in_turns`): on a huge board a
click
made meanwhile is handled at once.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable

from play.session import Session
from web.page import Clock, Scheduler, drain_in_turns


class AutoPlay:
    def __init__(
        self, session: Session, scheduler: Scheduler, clock: Clock, log: Callable[[str], None]
    ) -> None:
        self.session = session
        self.scheduler = scheduler
        self.clock = clock
        self._log = log
        self._task: asyncio.Task[None] | None = None

    def show(self, on: bool) -> None:
        """Run the task while the picture shows the auto-player on, and only then."""
        if on and self._task is None:
            self._task = asyncio.create_task(self._run())
        elif not on and self._task is not None:
            self._task.cancel()
            self._task = None

    async def _run(self) -> None:
        session = self.session
        try:
            while session.auto_playing:
                if await drain_in_turns(session.auto_steps(), self.scheduler, self.clock) is None:
                    break
                delay = session.settings.auto_delay_ms / 1000
                if delay:
                    await self.scheduler.sleep(delay)
                else:
                    await self.scheduler.next_frame()
        except Exception:
            self._log(traceback.format_exc())
            session.say("Auto-play stopped on an error.")
        finally:
            if self._task is asyncio.current_task():  # it ended by itself: say so
                self._task = None
                session.stop_auto()
