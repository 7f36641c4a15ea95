"""Zoom on the board: Ctrl+wheel (or a touchpad's pinch), + and - (0 for 100%) on a
desktop, a two-finger pinch on a touch screen; kept per board size.

The zoom multiplies the cell size the style sheet works out (``--zoom`` on ``#board``,
in whole pixels there) and is shown as ``#board[data-zoom]``. Each board size keeps its
own, in the browser's storage under ``minesweeper/zoom`` (``{"schema": 1, "data":
{"30x16": 1.5}}``; sizes at 100% are not kept). A pinch never plays: the pointer adapter
cancels a press as soon as a second finger touches the board (:mod:`web.board.pointer`).

The rules are pure and tested in CPython:

>>> stepped(1.0, 1), stepped(1.0, -1), stepped(MAX_ZOOM, 1), stepped(1.1, 1), stepped(1.1, -1)
(1.25, 0.9, 3.0, 1.25, 1.0)
>>> pinched(1.0, 100.0, 150.0), pinched(2.5, 100.0, 400.0), pinched(1.0, 0.0, 50.0)
(1.5, 3.0, 1.0)
>>> read_zooms('{"schema": 1, "data": {"30x16": 1.5, "9x9": 99, "x": 2, "16x16": "2"}}')
{'30x16': 1.5, '9x9': 3.0}
>>> read_zooms("not json"), read_zooms(None)
({}, {})
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine import Level
from play.game_ui import Command, Context
from play.keeping import keep_zooms, loads
from web.page import ids

if TYPE_CHECKING:
    from web.page import Handlers, Listeners, LocalStorage

ZOOMS = (0.5, 0.6, 0.75, 0.9, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0)
"""The notches of a key press or a mouse wheel's click."""
MIN_ZOOM, MAX_ZOOM = ZOOMS[0], ZOOMS[-1]
STORAGE_KEY = "minesweeper/zoom"
KEPT = 50
"""Board sizes whose zoom is kept at most (the most recent)."""
WHEEL_NOTCH = 50
"""A wheel's deltaY from this on is a notch; below it (a touchpad), the zoom is continuous."""


def clamped(zoom: float) -> float:
    return round(min(max(zoom, MIN_ZOOM), MAX_ZOOM), 3)


def stepped(zoom: float, steps: int) -> float:
    """The zoom ``steps`` notches in (positive) or out (negative) from ``zoom``."""
    if steps > 0:
        larger = [z for z in ZOOMS if z > zoom + 1e-9]
        return larger[min(steps, len(larger)) - 1] if larger else MAX_ZOOM
    smaller = [z for z in ZOOMS if z < zoom - 1e-9]
    return smaller[-min(-steps, len(smaller))] if smaller and steps else clamped(zoom)


def pinched(start_zoom: float, start_gap: float, gap: float) -> float:
    """The zoom of fingers ``gap`` apart that were ``start_gap`` apart at ``start_zoom``."""
    return clamped(start_zoom * gap / start_gap) if start_gap > 0 else clamped(start_zoom)


def size_key(level: Level) -> str:
    return f"{level.cols}x{level.rows}"


def read_zooms(text: str | None) -> dict[str, float]:
    """The kept zooms from their stored text; anything unreadable is dropped."""
    try:
        data = loads(text) if text else None
    except ValueError:  # BadData too: plain json.loads recursed to death on "[" * 100000
        return {}
    if not isinstance(data, dict) or not isinstance(data.get("data"), dict):
        return {}
    kept: dict[str, float] = {}
    for key, zoom in data["data"].items():
        cols, _, rows = str(key).partition("x")
        number = isinstance(zoom, int | float) and not isinstance(zoom, bool)
        if cols.isdigit() and rows.isdigit() and number and math.isfinite(zoom):
            kept[key] = clamped(float(zoom))
    return kept


class Zoom:
    def __init__(
        self, document: Any, storage: LocalStorage | None, on_change: Callable[[], None]
    ) -> None:
        self.document = document
        self.board = document.getElementById(ids.BOARD)
        self.frame = document.getElementById(ids.BOARD_FRAME)
        self.storage = storage
        self.zooms = read_zooms(storage.read(STORAGE_KEY)) if storage is not None else {}
        if storage is not None:  # for the loading page's next first paint, as read here
            keep_zooms(storage, self.zooms)
        self.key = ""
        self.zoom = 1.0
        self._on_change = on_change
        self._pinch: tuple[float, float] | None = None
        """The fingers' gap and the zoom when the pinch began."""

    def wire(self, listeners: Listeners) -> None:
        listen = listeners.listen
        listen(self.frame, "wheel", self.on_wheel)  # not passive: Ctrl+wheel is ours
        listen(self.frame, "touchstart", self.on_touch, passive=True)
        listen(self.frame, "touchmove", self.on_touch, passive=True)
        listen(self.frame, "touchend", self.on_touchend, passive=True)
        listen(self.frame, "touchcancel", self.on_touchend, passive=True)

    def show(self, level: Level) -> None:
        """A board is shown: at the zoom its size keeps (nothing to do for the size shown)."""
        if size_key(level) == self.key:
            return
        self.key = size_key(level)
        self._pinch = None
        self._apply(self.zooms.get(self.key, 1.0), None)

    # --- events --------------------------------------------------------------------------

    def commands(self) -> Handlers:
        """+, - and 0 (:mod:`web.page.keyboard`): a notch in, a notch out, 100%."""

        def zooming(to: Callable[[], float]) -> Callable[[Any], bool]:
            def run(_event: Any) -> bool:
                self.set(to(), None)
                return True

            return run

        return {
            Context.PAGE: {
                Command.ZOOM_IN: zooming(lambda: stepped(self.zoom, 1)),
                Command.ZOOM_OUT: zooming(lambda: stepped(self.zoom, -1)),
                Command.ZOOM_RESET: zooming(lambda: 1.0),
            }
        }

    def on_wheel(self, event: Any) -> None:
        if not (event.ctrlKey or event.metaKey):
            return  # a plain wheel scrolls the board
        event.preventDefault()  # not the browser's page zoom
        delta = float(event.deltaY)
        if abs(delta) >= WHEEL_NOTCH:
            zoom = stepped(self.zoom, -1 if delta > 0 else 1)
        else:
            zoom = clamped(self.zoom * math.exp(-delta / 100))
        self.set(zoom, (float(event.clientX), float(event.clientY)))

    def on_touch(self, event: Any) -> None:
        touches = event.touches
        if touches.length != 2:
            self._end_pinch()
            return
        a, b = touches.item(0), touches.item(1)
        gap = math.hypot(a.clientX - b.clientX, a.clientY - b.clientY)
        if self._pinch is None:
            self._pinch = (gap, self.zoom)
            return
        zoom = pinched(self._pinch[1], self._pinch[0], gap)
        if abs(zoom / self.zoom - 1) >= 0.03:  # a visible step: no layout for a tremor
            middle = ((a.clientX + b.clientX) / 2, (a.clientY + b.clientY) / 2)
            self._apply(zoom, middle)

    def on_touchend(self, event: Any) -> None:
        if event.touches.length < 2:
            self._end_pinch()

    def _end_pinch(self) -> None:
        if self._pinch is not None:
            self._pinch = None
            self._keep()

    # --- drawing and keeping -----------------------------------------------------------

    def set(self, zoom: float, anchor: tuple[float, float] | None) -> None:
        """Zoom to ``zoom`` around ``anchor`` (a point on screen; None: the frame's middle),
        and keep it for this board size."""
        self._apply(zoom, anchor)
        self._keep()

    def _apply(self, zoom: float, anchor: tuple[float, float] | None) -> None:
        zoom = clamped(zoom)
        board, frame = self.board, self.frame
        box = frame.getBoundingClientRect()
        if anchor is None:
            x, y = box.width / 2, box.height / 2
        else:
            x, y = anchor[0] - box.left, anchor[1] - box.top
        width, height = board.offsetWidth or 1, board.offsetHeight or 1
        at_x, at_y = (frame.scrollLeft + x) / width, (frame.scrollTop + y) / height
        if zoom == 1.0:
            board.style.removeProperty("--zoom")
        else:
            board.style.setProperty("--zoom", str(zoom))
        board.dataset.zoom = str(zoom)
        # The point that was under the anchor stays under it.
        frame.scrollLeft = at_x * board.offsetWidth - x
        frame.scrollTop = at_y * board.offsetHeight - y
        changed = zoom != self.zoom
        self.zoom = zoom
        if changed:
            self._on_change()

    def _keep(self) -> None:
        zooms = {k: z for k, z in self.zooms.items() if k != self.key}
        if self.zoom != 1.0:
            zooms[self.key] = self.zoom  # the most recent last
        self.zooms = dict(list(zooms.items())[-KEPT:])
        if self.storage is None:
            return
        try:
            self.storage.write(STORAGE_KEY, json.dumps({"schema": 1, "data": self.zooms}))
        except Exception:  # a full store: the zoom holds for this visit
            return
        keep_zooms(self.storage, self.zooms)
