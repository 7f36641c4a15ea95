"""Mouse and touch on the board: DOM events in, gestures out, moves to the session.

The rules of a gesture (which button does what, long press, Flag mode) live in
:mod:`web.board.gestures`; this module only reads events and finds cells. A long press is timed
by the screen's :class:`web.page.pace.Scheduler`, so a test runs it on a fake clock.
"""

from __future__ import annotations

import asyncio
import math
import time
from typing import TYPE_CHECKING, Any

from engine import PATH_CELL_PX, Move, Spot
from play.game import Input
from play.session import Session
from web.board.gestures import LONG_PRESS_S, MIDDLE, MouseGesture, Preview, TouchGesture
from web.board.screen import Screen
from web.page import browser, closest, element_or_none, ids

if TYPE_CHECKING:
    from web.page import Listeners  # the browser's: a test runs this module in CPython


REMEASURE_S = 0.5
"""How long a cell's measured width is taken as it is, while the pointer moves: each
measure reads the page's layout (on a phone, about a millisecond a move). A zoom is a
wheel turn, a pinch or a key: for at most this long after one, the path's place within a
cell is scaled by the width before (its cell is read from the cell itself, always right)."""


class Pointer:
    def __init__(self, session: Session, screen: Screen, window: Any = None) -> None:
        self.session = session
        self.screen = screen
        self._window = window
        """The browser's window (its vibration); None: the one the page runs in."""
        self.mouse = MouseGesture()
        self.touch = TouchGesture()
        self._long_press: asyncio.Task[None] | None = None
        self._cell_px = 0.0
        self._bevel = (0.0, 0.0)
        """A cell's width on screen, measured as the pointer moves (never on a click, which
        reads no layout): the pointer's path is kept in 16-pixel cells whatever the zoom."""
        self._measured_at = -math.inf
        """When it was measured (``time.perf_counter``): again after :data:`REMEASURE_S`."""

    def wire(self, listeners: Listeners, board: Any, document: Any) -> None:
        listen = listeners.listen
        listen(board, "mousedown", self.on_mousedown)
        listen(board, "mousemove", self.on_mousemove)
        listen(board, "mouseleave", self.on_mouseleave)
        listen(board, "contextmenu", lambda event: event.preventDefault())
        listen(board, "touchstart", self.on_touchstart, passive=True)
        listen(board, "touchmove", self.on_touchmove, passive=True)
        listen(board, "touchend", self.on_touchend)
        listen(board, "touchcancel", self.on_touchcancel)
        # On the document, so that a release off the board cancels the press.
        listen(document, "mouseup", self.on_mouseup)

    def _cell(self, event: Any) -> tuple[Any, Spot] | None:
        """The board's cell under ``event``, and its place; read once per event (each read
        of the page is a call out of Python: on a phone, a tenth of a millisecond or more)."""
        element = closest(event.target, f".{ids.CELL_CLASS}")
        if element is None or not self.screen.view.board.contains(element):
            return None
        return element, (int(element.dataset.row), int(element.dataset.col))

    def _spot(self, event: Any) -> Spot | None:
        found = self._cell(event)
        return None if found is None else found[1]

    def _play(self, move: Move | None, via: Input) -> None:
        if move is not None:
            self.screen.cursor.point_at(move.row, move.col)
            self.screen.play(move, via)
        self._draw()

    def _draw(self) -> None:
        preview = self.mouse.preview
        touching = self.touch.pressing
        if preview is None and touching is not None:
            preview = Preview(touching, block=False)
        self.screen.pointer(preview)

    def cancel(self) -> None:
        self.mouse.cancel()
        self.touch.cancel()

    # --- mouse -----------------------------------------------------------------------

    def _track(self, event: Any, found: tuple[Any, Spot] | None, measure: bool) -> None:
        """Hand the pointer's place over a cell (``found``: :meth:`_cell`), and its buttons,
        to the session, which keeps them with the game's record
        (:class:`engine.pointer_path.PointerTrack` decides which)."""
        if found is None:
            return
        element, (row, col) = found
        now = time.perf_counter()
        if not self._cell_px or (measure and now - self._measured_at > REMEASURE_S):
            self._cell_px = float(element.offsetWidth) or self._cell_px
            # offsetX counts from inside the cell's bevel (its border): add the border back
            self._bevel = (float(element.clientLeft), float(element.clientTop))
            self._measured_at = now
        size = self._cell_px
        inside = element == event.target and size > 0
        left, top = self._bevel
        across = (float(event.offsetX) + left) / size if inside else 0.5
        down = (float(event.offsetY) + top) / size if inside else 0.5
        x = int((col + min(max(across, 0.0), 0.99)) * PATH_CELL_PX)
        y = int((row + min(max(down, 0.0), 0.99)) * PATH_CELL_PX)
        self.session.pointer_at(x, y, int(event.buttons))

    def on_mousedown(self, event: Any) -> None:
        if event.button == MIDDLE:
            event.preventDefault()  # no autoscroll
        found = self._cell(event)
        self._track(event, found, measure=False)
        self.screen.player_steps_in()
        if self.session.game.status.is_over:
            return
        spot = None if found is None else found[1]
        self._play(self.mouse.press(event.button, spot), Input.MOUSE)

    def on_mousemove(self, event: Any) -> None:
        found = self._cell(event)
        self._track(event, found, measure=True)
        if self.mouse.active:
            self.mouse.move(None if found is None else found[1])
            self._draw()

    def on_mouseleave(self, _event: Any) -> None:
        if self.mouse.active:
            self.mouse.move(None)
            self._draw()

    def on_mouseup(self, event: Any) -> None:
        found = self._cell(event)
        self._track(event, found, measure=False)
        if not self.mouse.active:
            return  # a release with no press on the board (a button's click): nothing to do
        flag_mode = self.session.settings.flag_mode
        spot = None if found is None else found[1]
        self._play(self.mouse.release(event.button, spot, flag_mode), Input.MOUSE)

    # --- touch -----------------------------------------------------------------------

    def on_touchstart(self, event: Any) -> None:
        self.screen.player_steps_in()
        if event.touches.length != 1 or self.session.game.status.is_over:
            self.touch.cancel()
            self._draw()
            return
        touch = event.touches.item(0)
        self.touch.start(self._spot(event), touch.clientX, touch.clientY, event.timeStamp / 1000)
        self._draw()
        if self._long_press is not None:
            self._long_press.cancel()
        self._long_press = asyncio.create_task(self._await_long_press(self.touch.token))

    async def _await_long_press(self, token: int) -> None:
        await self.screen.scheduler.sleep(LONG_PRESS_S)  # the page's pace: a test's in CPython
        if token == self.touch.token:
            move = self.touch.long_press(self.session.settings.flag_mode)
            if move is not None:
                self._vibrate()
            self._play(move, Input.TOUCH)

    def on_touchmove(self, event: Any) -> None:
        touch = element_or_none(event.touches.item(0))
        if touch is not None:
            self.touch.move(touch.clientX, touch.clientY)
            self._draw()

    def on_touchend(self, event: Any) -> None:
        # Always: after a long press too, or the browser's compatibility mouse events
        # would reach the mouse handlers and reveal the cell just unflagged.
        if event.cancelable:
            event.preventDefault()
        # The event's own time: held long enough, it is a long press even if this page was
        # too busy to run the long press's timer before the finger lifted.
        lifted = self.touch.end(self.session.settings.flag_mode, event.timeStamp / 1000)
        self._play(lifted, Input.TOUCH)

    def on_touchcancel(self, _event: Any) -> None:
        self.touch.cancel()
        self._draw()

    def _vibrate(self) -> None:
        window = self._window or browser.window
        if hasattr(window.navigator, "vibrate"):
            window.navigator.vibrate(20)

    def close(self) -> None:
        if self._long_press is not None:
            self._long_press.cancel()
