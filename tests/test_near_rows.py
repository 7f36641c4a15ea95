"""A huge board holds cells only in the rows near its window, in CPython.

The page's drawing on a fake DOM (:mod:`tests.fake_dom`), as in ``tests/test_web_screen.py``,
with the size from which a board is drawn near its window lowered, so that a small board
stands for a million cells; the browser's ``IntersectionObserver`` is replaced by the test
saying which rows came near and which left.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import web.board.view
from engine import Layout, Level, Move, Status, apply, new_game
from engine import tiles as t
from engine.stats import game_stats, three_bv
from play.assist.assistant import Overlay
from play.game import Settings
from play.session import Session
from tests.fake_dom import Document, Scheduler, settle
from tests.helpers import FakeClock, run
from web.board.panel import Panel
from web.board.screen import Screen
from web.board.view import View
from web.drawing import PageDrawing
from web.page import ids

LEVEL = Level(40, 30, 60)
"""1,200 cells: "huge" in these tests (:data:`web.board.view.NEAR_ONLY_ABOVE` is lowered)."""
SEED = 3


class FakeWatch:
    """Stands for :class:`web.board.row_watch.RowWatch`: the test says which rows move."""

    def __init__(
        self,
        _window: Any,
        moved: Callable[[list[int], list[int]], None],
        scrolled: Callable[[], None],
    ) -> None:
        self.moved = moved
        self.scrolled = scrolled
        self.boards = 0
        self.closed = False

    def watch(self, board: Any) -> None:
        self.boards += 1

    def stop(self) -> None:
        pass

    def close(self) -> None:
        self.closed = True


class Page:
    """A session drawn on a fake document, the rows' watch the test's."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.document = Document()
        self.watches: list[FakeWatch] = []
        self.view = View(self.document, self._watch)
        clock = session._clock
        assert isinstance(clock, FakeClock)
        self.screen = Screen(
            session, self.view, Panel(self.document), Scheduler(clock), clock, lambda _: None
        )
        session.subscribe(PageDrawing(self.screen.parts()).update)

    def _watch(
        self,
        window: Any,
        moved: Callable[[list[int], list[int]], None],
        scrolled: Callable[[], None],
    ) -> FakeWatch:
        self.watches.append(FakeWatch(window, moved, scrolled))
        return self.watches[-1]

    def move_rows(self, came: range | list[int], left: range | list[int] = ()) -> None:
        self.watches[-1].moved(list(came), list(left))

    @property
    def rows(self) -> Any:
        return self.document.getElementById(ids.BOARD).children

    def filled(self) -> list[int]:
        return [r for r in range(LEVEL.rows) if self.rows.item(r).children.length]


@pytest.fixture(autouse=True)
def huge(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web.board.view, "NEAR_ONLY_ABOVE", LEVEL.cells - 1)


def a_session() -> Session:
    settings = Settings(level=LEVEL)
    return Session(settings, seed=SEED, clock=FakeClock())


def shown(page: Page, row: int) -> list[str]:
    return [str(cell.dataset.state) for cell in page.rows.item(row).children]


def expected(game: Any, row: int) -> list[str]:
    cols = game.level.cols
    return [t.state_name(tile) for tile in game.tiles[row * cols : (row + 1) * cols]]


def test_only_the_rows_near_the_window_hold_cells_and_are_drawn_from_the_game() -> None:
    async def scenario() -> None:
        page = Page(a_session())
        board = page.document.getElementById(ids.BOARD)
        assert board.dataset.drawn == "near"
        assert page.rows.length == LEVEL.rows and page.filled() == []
        page.move_rows(range(0, 12))
        await settle()
        assert page.filled() == list(range(12))
        assert shown(page, 5) == ["covered"] * LEVEL.cols

        page.session.play(Move.reveal(5, 5))
        await settle()
        game = page.session.game
        assert game.status is Status.PLAYING
        assert all(shown(page, row) == expected(game, row) for row in range(12))
        assert page.filled() == list(range(12))  # far rows stay empty

        # A row that comes near later shows the game as it is then; rows that leave empty.
        page.move_rows([30], left=[0, 1])
        await settle()
        assert page.filled() == [*range(2, 12), 30]
        assert shown(page, 30) == expected(game, 30)

    run(scenario)


def test_the_keyboard_cursor_fills_a_far_row_at_once() -> None:
    async def scenario() -> None:
        page = Page(a_session())
        page.move_rows(range(0, 5))
        await settle()
        cell = LEVEL.grid.index(35, 7)
        page.view.highlights.focus(page.session.game, cell)
        assert 35 in page.filled()
        element = page.rows.item(35).children.item(7)
        assert element.classList.contains(ids.FOCUS_CLASS)
        # It leaves with its row, and is drawn again when the row comes back.
        page.move_rows([], left=[35])
        await settle()
        assert 35 not in page.filled()
        page.move_rows([35])
        await settle()
        assert page.rows.item(35).children.item(7).classList.contains(ids.FOCUS_CLASS)

    run(scenario)


def test_the_cursor_on_a_board_not_laid_out_yet_fills_its_row_with_the_columns_in_sight() -> None:
    """The page focuses the board's middle as it starts (the keyboard's cursor): before
    the first layout, that row was filled with the cursor's column alone."""

    async def scenario() -> None:
        page = Page(a_session())
        page.view.highlights.focus(page.session.game, LEVEL.grid.index(20, 15))
        assert page.rows.item(20).children.length == LEVEL.cols  # the fake board: no width

    run(scenario)


def test_a_row_filled_later_shows_the_chances_drawn_before() -> None:
    async def scenario() -> None:
        page = Page(a_session())
        page.move_rows(range(0, 5))
        await settle()
        game = page.session.game
        near, far = LEVEL.grid.index(2, 3), LEVEL.grid.index(25, 4)
        overlay = Overlay({near: 40, far: 100}, frozenset(), frozenset({far}), 12, exact=True)
        page.view.overlay(game, overlay)
        assert page.rows.item(2).children.item(3).getAttribute("data-hint") == "40"
        assert far not in page.view.hinted  # no element to draw it on yet
        page.move_rows([25])
        await settle()
        element = page.rows.item(25).children.item(4)
        assert element.getAttribute("data-hint") == "100"
        assert element.classList.contains(ids.HINT_MINE_CLASS)

    run(scenario)


WIDE = Level(40, 300, 400)
"""300 columns of 24 px: 7,200 px, in a frame 1,280 px wide."""


def test_rows_hold_the_columns_near_the_window_and_follow_a_sideways_scroll(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(web.board.view, "NEAR_ONLY_ABOVE", WIDE.cells - 1)

    async def scenario() -> None:
        page = Page(Session(Settings(level=WIDE), seed=SEED, clock=FakeClock()))
        board = page.document.getElementById(ids.BOARD)
        board.rect.width, board.rect.left = WIDE.cols * 24.0, 0.0
        page.move_rows(range(0, 10))
        await settle()
        # 54 columns in sight (1,280 px), as many again to their right: 0 to 107.
        cells = page.rows.item(3).children
        assert (cells.length, cells.item(0).dataset.col, cells.item(107).dataset.col) == (
            108,
            "0",
            "107",
        )
        page.session.play(Move.reveal(5, 5))
        await settle()
        game = page.session.game
        cols = WIDE.cols
        for row in range(10):
            tiles = game.tiles[row * cols : row * cols + 108]
            assert shown(page, row) == [t.state_name(tile) for tile in tiles]

        board.rect.left = -24.0 * 150  # scrolled sideways: columns 150 to 203 in sight
        page.watches[-1].scrolled()
        await settle()
        assert page.view.near is not None
        first, end = page.view.near.columns
        assert first <= 150 - 27 and end >= 204 + 27
        element = page.rows.item(3)
        assert element.children.item(0).dataset.col == str(first)
        assert element.style.paddingLeft == f"calc({first} * var(--cell))"
        tiles = game.tiles[3 * cols + first : 3 * cols + end]
        assert shown(page, 3) == [t.state_name(tile) for tile in tiles]

        # A small scroll keeps the columns: nothing is written again.
        board.rect.left = -24.0 * 160
        page.watches[-1].scrolled()
        assert page.view.near.columns == (first, end) and not page.view.stale

    run(scenario)


def test_a_board_that_fits_holds_every_cell_and_is_not_watched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(web.board.view, "NEAR_ONLY_ABOVE", LEVEL.cells)

    async def scenario() -> None:
        page = Page(a_session())
        assert page.document.getElementById(ids.BOARD).dataset.drawn == "all"
        assert page.filled() == list(range(LEVEL.rows))
        assert page.watches == []

    run(scenario)


def test_a_game_won_by_one_click_has_3bv_1_without_working_out_its_openings() -> None:
    """3BV is the fewest clicks that clear a board: a board one click cleared has 3BV 1.
    On a 1000x1000 board with one mine, working its openings out at the end of the game
    cost 0.2 s of CPython (0.4 s or more in a browser), in the frame of the winning click."""
    level = Level(1000, 1000, 1)
    won = apply(new_game(level, seed=1), Move.reveal(500, 500)).game
    assert won.status is Status.WON and won.layout is not None
    stats = game_stats(won, 1.0)
    assert stats is not None and (stats.bbbv, stats.solved_bbbv) == (1, 1)
    assert "openings" not in won.layout.__dict__  # not worked out
    assert three_bv(won.layout) == 1  # and what working them out gives


@pytest.mark.parametrize(
    "text",
    ["*....\n.....\n.....", ".....\n.....\n..*..\n.....\n.....", "*...*\n.....\n....."],
)
def test_one_click_wins_give_the_3bv_counted_the_long_way(text: str) -> None:
    layout = Layout.from_text(text)
    game = new_game(layout=layout)
    wins = 0
    for cell in range(layout.grid.size):
        if cell in layout.mines:
            continue
        after = apply(game, Move.reveal(*layout.grid.row_col(cell))).game
        if after.status is Status.WON:
            wins += 1
            stats = game_stats(after, 1.0)
            assert stats is not None and stats.bbbv == three_bv(Layout.from_text(text)) == 1
    assert wins  # the layouts are made for it
