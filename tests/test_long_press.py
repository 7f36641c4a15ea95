"""A long press is timed by the page's scheduler: in CPython, on a fake
clock, a finger held on a covered cell flags it once the scheduler has slept
:data:`web.board.gestures.LONG_PRESS_S`, and a finger lifted before plays a tap. Before, the
pointer slept with ``asyncio.sleep`` itself, in real time."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from engine import BEGINNER, Move
from play.game import Settings
from play.session import Session
from tests import fake_browser
from tests.fake_dom import settle
from tests.helpers import FakeClock, run
from tests.test_web_screen import Page
from web.board.gestures import LONG_PRESS_S
from web.board.pointer import Pointer


@pytest.fixture(autouse=True)
def browser_modules(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_browser.install(monkeypatch)


def touch(page: Page, row: int, col: int, fingers: int = 1, at_ms: float = 0.0) -> Any:
    """A touch event on the cell at ``row``, ``col``, at ``at_ms`` (the event's time)."""
    cell = page.document.cell(row, col)
    cell.closest = lambda _selector: cell  # type: ignore[attr-defined]
    point = SimpleNamespace(clientX=10.0 * col, clientY=10.0 * row)
    touches = SimpleNamespace(length=fingers, item=lambda _index: point)
    return SimpleNamespace(
        target=cell,
        touches=touches,
        cancelable=True,
        preventDefault=lambda: None,
        timeStamp=at_ms,
    )


def pressed_page() -> tuple[Page, Pointer]:
    session = Session(Settings(level=BEGINNER), seed=42, clock=FakeClock())
    session.play(Move.reveal(4, 4))
    page = Page(session)
    page.screen.view.board.contains = lambda _element: True  # type: ignore[attr-defined]
    return page, Pointer(session, page.screen)


def covered_cell(page: Page) -> tuple[int, int]:
    game = page.session.game
    return next(
        (r, c)
        for r in range(game.level.rows)
        for c in range(game.level.cols)
        if page.document.state(r, c) == "covered"
    )


def test_a_finger_held_on_a_cell_flags_it_after_the_schedulers_long_press() -> None:
    async def scenario() -> None:
        page, pointer = pressed_page()
        row, col = covered_cell(page)
        pointer.on_touchstart(touch(page, row, col))
        await settle(20)
        assert LONG_PRESS_S in page.scheduler.slept  # the timer LED sleeps there too
        assert page.document.state(row, col) == "flagged"
        pointer.on_touchend(touch(page, row, col, fingers=0))  # lifted: nothing more
        assert page.document.state(row, col) == "flagged"
        pointer.close()

    run(scenario)


def test_a_finger_lifted_before_the_long_press_taps() -> None:
    async def scenario() -> None:
        page, pointer = pressed_page()
        row, col = covered_cell(page)
        pointer.on_touchstart(touch(page, row, col))
        pointer.on_touchend(touch(page, row, col, fingers=0))  # a tap: revealed at once
        assert page.document.state(row, col) != "covered"
        await settle(20)  # the long press's wait ends with nothing left to do
        assert page.document.state(row, col) not in ("covered", "flagged")
        pointer.close()

    run(scenario)


def test_a_finger_held_past_the_long_press_flags_even_if_the_page_was_too_busy_to_time_it() -> None:
    """The page's thread was busy (its first work after ready, a compile): the long
    press's timer had not run when the finger lifted 700 ms later. The touch events' own
    times say it was a long press: the cell is flagged, not revealed (before, it was
    revealed: a player holding a cell to flag it could lose the game)."""

    async def scenario() -> None:
        page, pointer = pressed_page()
        row, col = covered_cell(page)
        pointer.on_touchstart(touch(page, row, col, at_ms=2_000.0))
        pointer.on_touchend(touch(page, row, col, fingers=0, at_ms=2_700.0))  # no settle
        assert page.document.state(row, col) == "flagged"
        await settle(20)  # the late timer finds the touch over: nothing more
        assert page.document.state(row, col) == "flagged"
        pointer.close()

    run(scenario)


def test_a_release_with_no_press_on_the_board_draws_nothing() -> None:
    """A click on a button (the hint, the face) ends in a mouseup the document hears: with
    no button held on the board there is nothing to release, find or draw (so such a click
    crosses no module of the board's pointer); a press on the board still plays."""

    async def scenario() -> None:
        page, pointer = pressed_page()
        drawn: list[object] = []
        draw = page.screen.pointer
        page.screen.pointer = lambda preview: (drawn.append(preview), draw(preview))  # type: ignore[method-assign]
        button = SimpleNamespace(closest=lambda _selector: None)
        pointer.on_mouseup(SimpleNamespace(target=button, button=0, buttons=0))
        assert drawn == []
        row, col = covered_cell(page)
        cell = page.document.cell(row, col)
        cell.closest = lambda _selector: cell  # type: ignore[attr-defined]
        cell.clientLeft, cell.clientTop = 0, 0  # type: ignore[attr-defined]
        event = SimpleNamespace(target=cell, button=0, buttons=1, offsetX=1, offsetY=1)
        pointer.on_mousedown(event)
        pointer.on_mouseup(event)
        assert page.document.state(row, col) != "covered" and drawn[-1] is None
        pointer.close()

    run(scenario)
