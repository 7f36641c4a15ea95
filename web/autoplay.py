"""The auto-player's pace: the session picks each move, this task spaces them out.

Each move is drawn, then the task sleeps for the chosen speed (yielding even at
full speed, so the page paints and stays responsive) until the session stops it.
The solver's thinking runs in slices (:func:`web.screen.sliced`): on a huge board a
click made meanwhile is handled at once, and stops the auto-player.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable

from pyscript import window

from play import Session
from play.session import FINDING
from web.screen import SEARCH_PAINT_S, Screen, give_way, sliced


class AutoPlay:
    def __init__(self, session: Session, screen: Screen, on_state: Callable[[], None]) -> None:
        self.session = session
        self.screen = screen
        self._on_state = on_state
        self._task: asyncio.Task[None] | None = None

    def toggle(self) -> None:
        if self.session.auto_playing:
            self.stop()
        elif self.session.start_auto():
            self._task = asyncio.create_task(self._run())
            self._on_state()
        else:
            self.screen.redraw()  # the session says why it cannot start

    def stop(self) -> None:
        self.session.stop_auto()
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self._on_state()

    async def _run(self) -> None:
        session = self.session
        try:
            while session.auto_playing:
                game = session.game
                if game.no_guess and game.layout is None:
                    session.say(FINDING)
                    self.screen.redraw()
                    await asyncio.sleep(SEARCH_PAINT_S)
                move = await sliced(session.auto_move_steps())
                if move is None:
                    break
                # The move gets a task of its own: on a huge board its reveal alone (an
                # opening of thousands of cells) takes tens of milliseconds.
                await give_way()
                update = session.auto_play(move, game)
                if update is None:
                    break
                self.screen.moved(update)
                await asyncio.sleep(session.settings.auto_delay_ms / 1000)
        except Exception:
            window.console.error(traceback.format_exc())
            session.say("Auto-play stopped on an error.")
        finally:
            session.stop_auto()
            self._task = None
            self.screen.redraw()
            self._on_state()
