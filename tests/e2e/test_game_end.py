"""The end of a game: a finished game's covered cells no longer light up under the mouse,
and taking the highlight away does not restyle every cell of the board (static/style.css,
section 8: `#board:not(.over) .cell:hover` restyled all 90,000 cells of a 300x300 board
when a game ended, 100-130 ms in one frame)."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Page, expect

from engine import Level
from tests.e2e.board import Board, mines_of
from tests.e2e.test_look import to_hex
from web.page import ids

OpenGame = Callable[[str], Page]
SEED = 20261122
FIRST = (3, 3)

BACKGROUND_JS = "(cell) => getComputedStyle(cell).backgroundColor"
CELL_HOVER_JS = """() => getComputedStyle(document.getElementById('board'))
  .getPropertyValue('--cell-hover').trim().toLowerCase()"""
TWO_FRAMES_JS = """() => new Promise((done) =>
  requestAnimationFrame(() => requestAnimationFrame(() => done())))"""


def _open(open_game: OpenGame, level: Level) -> Board:
    return Board(
        open_game(f"/?rows={level.rows}&cols={level.cols}&mines={level.mines}&seed={SEED}")
    )


def _background(board: Board, cell: tuple[int, int]) -> str:
    return to_hex(board.cell(*cell).evaluate(BACKGROUND_JS))


@pytest.mark.parametrize("theme", ["classic", "dark"])
def test_a_finished_games_cells_do_not_light_up_under_the_mouse(
    open_game: OpenGame, theme: str
) -> None:
    level = Level(9, 9, 10)
    board = _open(open_game, level)
    page = board.page
    page.select_option(f"#{ids.THEME}", theme)
    board.click(*FIRST)
    mines = mines_of(level, SEED, FIRST)
    covered = [
        cell
        for cell, (state, _) in board.states().items()
        if state == "covered" and cell not in mines
    ]
    assert len(covered) >= 3, covered
    plain, questioned, bystander = covered[:3]
    board.click(*questioned, button="right")  # flagged
    board.click(*questioned, button="right")  # questioned
    assert board.states()[questioned][0] == "questioned"
    page.mouse.move(0, 0)
    unlit = {cell: _background(board, cell) for cell in (plain, questioned)}
    lit = page.evaluate(CELL_HOVER_JS)
    for cell in (plain, questioned):  # while the game is played, the mouse lights them up
        board.hover(*cell)
        assert _background(board, cell) == lit != unlit[cell], (theme, cell)
    board.click(*mines[0])
    assert board.status == "lost"
    for cell in (plain, questioned):  # once it is over, it does not
        board.hover(*cell)
        assert _background(board, cell) == unlit[cell], (theme, cell)
    assert board.page.locator(f"#{ids.BOARD}.{ids.OVER_CLASS}").count() == 1  # the contract
    assert _background(board, bystander) == unlit[plain]


def test_the_end_of_a_game_restyles_the_cells_it_changes_only(
    open_game: OpenGame, browser: Browser
) -> None:
    """Chromium's trace says how many elements each style recalculation visited: when the
    game is lost, the mines shown and a few more, not every cell of the board."""
    level = Level(60, 60, 300)
    board = _open(open_game, level)
    page = board.page
    board.click(*FIRST)
    expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-status", "playing")
    page.evaluate(TWO_FRAMES_JS)
    mine = mines_of(level, SEED, FIRST)[0]
    board.hover(*mine)
    page.evaluate(TWO_FRAMES_JS)
    browser.start_tracing(page=page, categories=["devtools.timeline"])
    try:
        page.mouse.down()
        page.mouse.up()
        expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-status", "lost")
        page.evaluate(TWO_FRAMES_JS)
    finally:
        trace = json.loads(browser.stop_tracing())
    restyled = [
        event["args"]["elementCount"]
        for event in trace["traceEvents"]
        if event.get("name") == "UpdateLayoutTree" and "elementCount" in event.get("args", {})
    ]
    assert restyled, "no style recalculation traced"
    assert max(restyled) < level.mines + 200 < level.cells / 4, restyled
