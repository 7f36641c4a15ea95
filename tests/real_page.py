"""The real page (:class:`web.app.Page`, every adapter, listener and part of its drawing) on a
fake document and window (:mod:`tests.fake_dom`), over a test's storage and clocks: how a
CPython test opens the page, as Textual's ``run_test`` runs a real app. The browser's
modules are the fakes of :mod:`tests.fake_browser` (install them first)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from types import SimpleNamespace
from typing import Any

from play.keeping.storage import MemoryStorage
from tests.fake_dom import Document, Scheduler, Window, hide_as_the_page_does
from tests.helpers import AdvancingClock, FakeClock
from web.app import Page
from web.page import ids

MOUSE_BUTTONS = {"left": (0, 1), "middle": (1, 4), "right": (2, 2)}
"""A mouse button's ``event.button`` and its bit in ``event.buttons``."""


class OpenPage:
    """A page opened on a fake document, with what a test reads and does to it."""

    def __init__(
        self,
        storage: MemoryStorage | None = None,
        clock: FakeClock | None = None,
        query: str = "",
        state: Any = None,
        *,
        today: Callable[[], date] | None = None,
        first_seed: int = 1000,
    ) -> None:
        self.storage = MemoryStorage() if storage is None else storage
        self.clock = clock or FakeClock()
        self.document = document = Document()
        self.window = window = Window(document, query, state)
        hide_as_the_page_does(document)
        self.logged: list[str] = []
        """What the page's background tasks logged (their tracebacks)."""
        seeds = iter(range(first_seed, 10**6))
        self.scheduler = Scheduler(self.clock)
        self.page = Page(
            document,
            window,
            self.storage,
            self.scheduler,
            AdvancingClock(),
            self.logged.append,
            game_clock=self.clock,
            seeds=seeds.__next__,
            **({} if today is None else {"today": today}),
        )
        self.session = self.page.session

    def element(self, element_id: str) -> Any:
        return self.document.getElementById(element_id)

    def text(self, element_id: str) -> str:
        return str(self.element(element_id).textContent)

    def fire(self, element_id: str, kind: str, target: Any = None) -> None:
        fire(self.element(element_id), kind, target)

    def click(self, row: int, col: int, button: str = "left") -> list[str]:
        """A mouse button pressed and released on the cell at ``row``, ``col``, as a browser
        delivers it: the press to the board's listeners (then the document's), the release
        to the document's. Returns the kinds of event whose default was prevented."""
        pressed = self.press(row, col, button)
        return pressed + self.release(row, col, button)

    def press(self, row: int, col: int, button: str = "left") -> list[str]:
        prevented = self._mouse("mousedown", row, col, button)
        if button == "right":  # the browser's context menu follows a right press
            prevented += self._mouse("contextmenu", row, col, button)
        return prevented

    def release(self, row: int, col: int, button: str = "left") -> list[str]:
        return self._mouse("mouseup", row, col, button)

    def _mouse(self, kind: str, row: int, col: int, button: str) -> list[str]:
        number, held = MOUSE_BUTTONS[button]
        cell: Any = self.document.cell(row, col)
        board = self.element(ids.BOARD)
        # What the fake document lacks of a browser's, for the pointer's reads.
        cell.closest = lambda selector: cell if selector == f".{ids.CELL_CLASS}" else None
        cell.clientLeft = cell.clientTop = 0
        board.contains = lambda element: any(
            element is other for line in board.children for other in line.children
        )
        prevented: list[str] = []
        event = SimpleNamespace(
            type=kind,
            target=cell,
            button=number,
            buttons=0 if kind == "mouseup" else held,
            offsetX=0,
            offsetY=0,
            preventDefault=lambda: prevented.append(kind),
            stopPropagation=lambda: None,
        )
        for element in (board, self.document.documentElement):  # as the event bubbles
            for listener in list(element.listening.get(kind, [])):
                event.currentTarget = element
                listener(event)
        return prevented

    def close(self) -> None:
        """The page goes away as a browser's does (a reload, a closed tab): ``pagehide``
        first, then what the page lets go of."""
        for listener in list(self.window.events.listening.get("pagehide", [])):
            listener(SimpleNamespace(type="pagehide", persisted=False))
        self.page.close()


def fire(element: Any, kind: str, target: Any = None) -> None:
    """An event of ``kind`` on ``element``, heard by the listeners the page added to it (a
    ``target`` of the test's: a menu's new value, a switch's new state)."""
    event = SimpleNamespace(
        type=kind,
        target=target if target is not None else element,
        currentTarget=element,
        preventDefault=lambda: None,
        stopPropagation=lambda: None,
    )
    listeners = list(element.listening.get(kind, []))
    assert listeners, f"nothing listens to {kind} on #{element.id}"
    for listener in listeners:
        listener(event)
