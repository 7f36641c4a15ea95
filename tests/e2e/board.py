"""A page object for the game: reads the board through the public DOM contract only."""

from __future__ import annotations

from dataclasses import dataclass

from playwright.sync_api import Locator, Page
from playwright.sync_api._generated import Clock  # not exported by name (Playwright 1.65)

from engine import BEGINNER, Game, Level, Move, apply, generate, new_game
from engine import tiles as t
from web.page import ids

READ_BOARD_JS = """() => Array.from(document.querySelectorAll('#board .cell'), c =>
    [Number(c.dataset.row), Number(c.dataset.col), c.dataset.state, c.dataset.value ?? null])"""


@dataclass
class Board:
    page: Page

    def cell(self, row: int, col: int) -> Locator:
        return self.page.locator(f'#{ids.BOARD} .cell[data-row="{row}"][data-col="{col}"]')

    def attr(self, name: str) -> str | None:
        return self.page.locator(f"#{ids.BOARD}").get_attribute(f"data-{name}")

    @property
    def status(self) -> str | None:
        return self.attr("status")

    @property
    def face(self) -> str | None:
        return self.page.locator(f"#{ids.FACE}").get_attribute("data-face")

    def led(self, which: str) -> str:
        return self.page.locator(f"#{which}").inner_text().replace("\n", "")

    @property
    def counter(self) -> str:
        return self.led(ids.MINE_COUNTER)

    @property
    def timer(self) -> str:
        return self.led(ids.TIMER)

    def states(self) -> dict[tuple[int, int], tuple[str, str | None]]:
        """Every cell's (data-state, data-value), keyed by (row, col)."""
        cells = self.page.evaluate(READ_BOARD_JS)
        return {(r, c): (state, value) for r, c, state, value in cells}

    def click(self, row: int, col: int, button: str = "left") -> None:
        self.cell(row, col).click(button=button)  # type: ignore[arg-type]

    def hover(self, row: int, col: int) -> None:
        self.cell(row, col).hover()


def expected_states(game: Game) -> dict[tuple[int, int], tuple[str, str | None]]:
    """What the DOM contract says the board shows for ``game``."""
    cols = game.level.cols
    out = {}
    for cell, tile in enumerate(game.tiles):
        value = t.value(tile)
        out[divmod(cell, cols)] = (t.state_name(tile), None if value is None else str(value))
    return out


def engine_game(level: Level, seed: int, *moves: Move) -> Game:
    """The same game played in CPython."""
    game = new_game(level, seed)
    for move in moves:
        game = apply(game, move).game
    return game


def mines_of(level: Level, seed: int, first: tuple[int, int]) -> list[tuple[int, int]]:
    layout = generate(level, seed, level.grid.index(*first))
    return sorted(level.grid.row_col(m) for m in layout.mines)


def win(board: Board, level: Level, seed: int, first: tuple[int, int] = (0, 0)) -> Board:
    """Open ``first``, then every other safe cell of the board the seed deals; won."""
    board.click(*first)
    mines = set(mines_of(level, seed, first))
    for (row, col), (state, _) in board.states().items():
        if state == "covered" and (row, col) not in mines:
            board.click(row, col)
    assert board.status == "won"
    return board


def lose_beginner(board: Board, seed: int) -> None:
    """Open the centre of a beginner board, then step on a mine (the board is the seed's,
    as in CPython)."""
    board.click(4, 4)
    game = engine_game(BEGINNER, seed, Move.reveal(4, 4))
    assert game.layout is not None
    board.click(*game.grid.row_col(min(game.layout.mines)))
    assert board.status == "lost"


def hold_touch(page: Page, x: float, y: float, ms: int) -> None:
    """A real touch through Chromium's input pipeline, held for ``ms``."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    page.wait_for_timeout(ms)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def run_for(clock: Clock, ms: int) -> None:
    """Move the page's clock (the ``clock`` fixture) on by ``ms``, every timer due meanwhile
    fired, instead of sleeping; then a little more, so that what those timers woke has run
    too (Pyodide resumes a waiting task through a message, after the timer's callback)."""
    clock.run_for(ms)
    clock.run_for(50)
