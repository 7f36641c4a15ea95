"""The chances on a 300x300 board: worked out in slices, a click made meanwhile comes first."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page

from engine import Level, Move, apply
from engine import tiles as t
from engine.solver import analyse
from engine.steps import drain
from play.assist.assistant import Assistant
from tests.e2e.board import engine_game

OpenGame = Callable[[str], Page]
BIG = Level(300, 300, 9_000)
SEED = 1

# Record every value the board's data-chances takes, then click the centre: a big
# opening, whose chances take the solver several hundred ms in Pyodide.
FIRST_CLICK_JS = """([row, col]) => {
  const board = document.getElementById("board");
  window.__chances = [];
  new MutationObserver(() => window.__chances.push(board.dataset.chances))
    .observe(board, {attributes: true, attributeFilter: ["data-chances"]});
  const cell = board.querySelector(`.cell[data-row="${row}"][data-col="${col}"]`);
  const opts = (buttons) => ({bubbles: true, cancelable: true, button: 0, buttons});
  cell.dispatchEvent(new MouseEvent("mousedown", opts(1)));
  cell.dispatchEvent(new MouseEvent("mouseup", opts(0)));
}"""


def test_a_click_during_the_analysis_comes_first_and_no_stale_chances_are_drawn(
    open_game: OpenGame,
) -> None:
    page = open_game(f"/?rows={BIG.rows}&cols={BIG.cols}&mines={BIG.mines}&seed={SEED}&hints")
    page.wait_for_function("document.getElementById('board').dataset.chances === '0'")
    grid = BIG.grid
    centre = (BIG.rows // 2, BIG.cols // 2)
    opened = engine_game(BIG, SEED, Move.reveal(*centre))
    safe = [c for c in analyse(grid, BIG.mines, opened.tiles).safe if opened.tiles[c] == t.COVERED]
    second = min(safe, key=lambda c: abs(c // BIG.cols - centre[0]) + abs(c % BIG.cols - centre[1]))
    row, col = grid.row_col(second)
    target = page.locator(f'#board .cell[data-row="{row}"][data-col="{col}"]')
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    assert box is not None
    page.evaluate(FIRST_CLICK_JS, list(centre))
    # The page answers while the chances are being worked out (it could not if the work
    # ran in one piece), and a real click made then is handled at once.
    page.wait_for_function("document.getElementById('board').dataset.chances === 'pending'")
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function(
        "document.getElementById('board').dataset.chances === '2'", timeout=60_000
    )
    # The chances after the first click were never drawn: dropped for the newer position.
    assert "1" not in page.evaluate("window.__chances")
    game = apply(opened, Move.reveal(row, col)).game
    expected = drain(Assistant().overlay_steps(game))
    assert expected is not None
    shown = page.evaluate("() => document.querySelectorAll('#board .cell[data-hint]').length")
    assert shown == len(expected.cells)
    assert target.get_attribute("data-state") == "open"
