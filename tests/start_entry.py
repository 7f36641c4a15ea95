"""Stored data as the page leaves it, with the picture of its next start
(:mod:`play.keeping.start_view`): the real page (:mod:`tests.real_page`) opened in CPython on
a test's storage, at an address, the player's actions done on it.

A test that puts saved settings, a game or zooms in place before the page opens stands for a
player who played before; that player's page also kept the start's entry, for the plain visit
and for the address it last showed. :func:`visit` makes it as the page does, and
:func:`first_paint` says what Python's own start draws at an address, for a test to compare
with what the loading script draws there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any

import pytest

from engine import Move
from play.keeping.storage import MemoryStorage
from play.start.early_click import early_move
from tests import fake_browser
from tests.fake_dom import settle
from tests.helpers import FakeClock, run

Action = tuple[str, Any]
"""What the player does on the page: ``("reveal", cell)``, ``("flag", cell)`` (a cell's
index, wrapped to the board), ``("mine", None)`` (a mine opened: the game lost),
``("level", Level)``, ``("new_game", None)``, ``("daily", None)``, ``("theme", name)``,
``("cell_size", name)``, ``("flag_mode", bool)``, ``("zoom", factor)``."""


@dataclass(frozen=True)
class Visited:
    """A visit's end: the address the page shows (its path and query) and its history
    entry's state (what a reload of it reads)."""

    address: str
    state: Any


def visit(
    storage: MemoryStorage,
    search: str = "",
    *,
    today: date | None = None,
    state: Any = None,
    actions: Iterable[Action] = (),
) -> Visited:
    """Open the page at ``search`` on ``storage`` (changed in place), do ``actions``, close it."""

    async def visited() -> Visited:
        page = await _opened(storage, search, state, today)
        for action in actions:
            _do(page, *action)
            await settle(50)
        window = page.window
        visited = Visited(window.location.pathname + window.location.search, window.history.state)
        page.close()
        return visited

    return _with_fakes(lambda: run(visited))


def first_paint(
    storage: MemoryStorage, address: str, *, today: date | None = None, state: Any = None
) -> dict[str, Any]:
    """What Python's own start draws first at ``address`` (path and query) on a copy of
    ``storage``, in the terms of a picture of the next start: the look, the board, the level
    menu (None on a custom board), the zoom, and whether a first click made while loading
    would be played (a fresh board of that size: :func:`play.start.early_click.early_move`;
    not in Flag mode, whose click flags, nor under the auto-player)."""
    copy = MemoryStorage()
    copy.items.update(storage.items)

    async def drawn() -> dict[str, Any]:
        path, mark, query = address.partition("?")
        assert path == "/", "the fake window's page is at /"
        page = await _opened(copy, mark + query, state, today)
        document, session = page.document, page.session
        board, level = document.getElementById("board"), session.game.level
        html = document.documentElement.dataset
        flag_mode = session.settings.flag_mode
        fits = early_move(f"{level};O0,0;mouse", session) is not None
        menu = str(document.getElementById("level").value)
        shown = {
            "look": {
                "theme": html.theme,
                "cell_size": html.cellSize,
                "flag_mode": document.getElementById("flag-mode").getAttribute("aria-pressed")
                == "true",
            },
            "board": str(level),
            "rows": int(board.dataset.rows),
            "cols": int(board.dataset.cols),
            "mines": int(board.dataset.mines),
            "menu": None if menu in ("", "custom") else menu,  # custom: its option selected
            "zoom": float(board.dataset.zoom),
            "keeps_click": fits and not flag_mode and not session.auto_playing,
        }
        page.close()
        return shown

    return _with_fakes(lambda: run(drawn))


def with_start_entry(items: dict[str, str], search: str = "") -> dict[str, str]:
    """``items`` (keys and stored texts) as the page leaves them after a visit to
    ``search`` (the plain visit: ``""``), the start's entry among them."""
    storage = MemoryStorage()
    storage.items.update(items)
    visit(storage, search)
    return dict(storage.items)


def returning(items: dict[str, str], search: str) -> tuple[dict[str, str], str]:
    """``items`` as the page leaves them after a visit to ``search`` (a link the player
    opened before), and the address it showed, path and query, which the next visit opens
    again (a reload, the address bar's text copied)."""
    storage = MemoryStorage()
    storage.items.update(items)
    visited = visit(storage, search)
    return dict(storage.items), visited.address


# --- the page, in CPython ----------------------------------------------------------------


async def _opened(storage: MemoryStorage, search: str, state: Any, today: date | None) -> Any:
    from tests.real_page import OpenPage

    given = {} if today is None else {"today": lambda: today}
    page = OpenPage(storage, FakeClock(), search, state, **given)
    await settle(50)
    return page


def _do(page: Any, action: str, value: Any) -> None:
    session, app = page.session, page.page
    level = session.game.level
    if action in ("reveal", "flag"):
        if level.cells <= 2_000 and not session.game.status.is_over:
            spot = level.grid.row_col(value % level.cells)
            _ = session.play(Move.reveal(*spot) if action == "reveal" else Move.mark(*spot))
    elif action == "mine":
        if not session.game.status.is_over:
            if session.game.layout is None:
                _ = session.play(Move.reveal(level.rows // 2, level.cols // 2))
            layout = session.game.layout
            if layout is not None and not session.game.status.is_over:
                _ = session.play(Move.reveal(*level.grid.row_col(min(layout.mines))))
    elif action == "level":
        app.play_level(value)
    elif action == "new_game":
        app.new_game()
    elif action == "daily":
        app.play_daily()
    elif action == "zoom":
        app.appearance.zoom.set(value, None)
    else:  # a setting: theme, cell_size, flag_mode
        session.change(**{action: value})


def _with_fakes(work: Callable[[], Any]) -> Any:
    """``work()`` with the browser's modules faked (:mod:`tests.fake_browser`)."""
    with pytest.MonkeyPatch.context() as patch:
        fake_browser.install(patch)
        return work()
