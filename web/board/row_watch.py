"""Which rows of a huge board are near its window: the browser's ``IntersectionObserver``.

On a board too big to hold every cell (:data:`web.board.view.NEAR_ONLY_ABOVE`), the view fills
only the rows near the board's scrolling frame, with the columns near it. The observer
tells it, after each layout (a scroll, a zoom, a resized window, a new board), which rows
came near and which left; a passive scroll listener on the frame, that it scrolled (a
sideways scroll moves no row in or out). No polling, and nothing at all while nothing
moves.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any, Protocol

from web.page import browser

NEAR_MARGIN = "50% 0px"
"""How far above and below the frame a row counts as near: half the frame's height, so a
row is filled a little before it scrolls into sight."""

RowsMoved = Callable[[list[int], list[int]], None]
"""Called with the rows (numbers, from 0) that came near and those that left."""


class Watch(Protocol):
    """What tells the view which rows are near the window: :class:`RowWatch` in the page,
    a stand-in in CPython's tests."""

    def watch(self, board: Any) -> None: ...

    def stop(self) -> None: ...

    def close(self) -> None: ...


MakeWatch = Callable[[Any, RowsMoved, Callable[[], None]], Watch]
"""``make(window, moved, scrolled)``: a :class:`Watch` that calls ``moved(came, left)``
when rows come near or leave, and ``scrolled()`` when the board's frame scrolls."""


class RowWatch:
    """One observer of the rows of ``#board`` (each ``.row`` carries ``data-index``), with
    the board's frame as its root; :meth:`watch` again for each new board."""

    def __init__(self, window: Any, moved: RowsMoved, scrolled: Callable[[], None]) -> None:
        self._window = window
        self._moved = moved
        self._scrolled = scrolled
        self._proxy: Any = None
        self._observer: Any = None
        self._frame: Any = None
        self._scroll_proxy: Any = None

    def watch(self, board: Any) -> None:
        """Watch every row of ``board`` (and only those: the last board's are let go)."""
        if self._observer is None:
            self._frame = frame = board.parentElement
            self._proxy = browser.create_proxy(self._entries)
            options = {"root": frame, "rootMargin": NEAR_MARGIN}
            self._observer = self._window.IntersectionObserver.new(
                self._proxy, browser.to_js(options)
            )
            self._scroll_proxy = browser.create_proxy(self._on_scroll)
            frame.addEventListener("scroll", self._scroll_proxy, browser.to_js({"passive": True}))
        self._observer.disconnect()
        observe, rows = self._observer.observe, board.children
        for row in range(rows.length):
            observe(rows.item(row))

    def stop(self) -> None:
        """No row is watched (the board holds every cell, or the page closes)."""
        if self._observer is not None:
            self._observer.disconnect()

    def close(self) -> None:
        self.stop()
        if self._proxy is not None:
            self._frame.removeEventListener("scroll", self._scroll_proxy)
            self._proxy.destroy()
            self._scroll_proxy.destroy()
            self._proxy = self._observer = self._scroll_proxy = self._frame = None

    def _on_scroll(self, _event: Any) -> None:
        try:
            self._scrolled()
        except Exception:  # a listener's error would vanish: say it in the console
            self._window.console.error(traceback.format_exc())

    def _entries(self, entries: Any, _observer: Any) -> None:
        came: list[int] = []
        left: list[int] = []
        try:
            for entry in entries:
                (came if entry.isIntersecting else left).append(int(entry.target.dataset.index))
            self._moved(came, left)
        except Exception:  # a callback's error would vanish: say it in the console
            self._window.console.error(traceback.format_exc())
