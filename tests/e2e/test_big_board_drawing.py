"""A huge opening is drawn a slice a frame; clicks made meanwhile play on the real game."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page

from engine import Level, Move, apply
from engine import tiles as t
from engine.solver import analyse
from tests.e2e.board import Board, engine_game, expected_states

OpenGame = Callable[[str], Page]
BIG = Level(300, 300, 9_000)
SEED = 1

# Within one task, so that no slice of drawing can run in between: the first click (it
# opens 9,381 cells), the open cells the page shows then, and two more clicks, on cells
# whose rows are not drawn yet: one the first click opened, one it left covered.
CLICKS_JS = """([first, opened, covered]) => {
  const board = document.getElementById("board");
  const click = ([row, col]) => {
    const cell = board.querySelector(`.cell[data-row="${row}"][data-col="${col}"]`);
    const opts = (buttons) => ({bubbles: true, cancelable: true, button: 0, buttons});
    cell.dispatchEvent(new MouseEvent("mousedown", opts(1)));
    cell.dispatchEvent(new MouseEvent("mouseup", opts(0)));
    return cell.dataset.state;
  };
  click(first);
  const shown = board.querySelectorAll(".cell[data-state=open]").length;
  const openedShows = click(opened);
  click(covered);
  return [shown, openedShows];
}"""

OPEN_COUNT_JS = "() => document.querySelectorAll('#board .cell[data-state=open]').length"


def test_clicks_during_a_sliced_redraw_play_on_the_game_and_the_page_catches_up(
    open_game: OpenGame,
) -> None:
    page = open_game(f"/?rows={BIG.rows}&cols={BIG.cols}&mines={BIG.mines}&seed={SEED}")
    grid = BIG.grid
    centre = (BIG.rows // 2, BIG.cols // 2)
    first = engine_game(BIG, SEED, Move.reveal(*centre))
    opened_cells = [c for c in range(grid.size) if t.is_open(first.tiles[c])]
    # A cell the first click opened, far from the centre: its row is drawn late.
    opened = max(opened_cells, key=lambda c: abs(c // BIG.cols - centre[0]))
    safe = analyse(grid, BIG.mines, first.tiles).safe
    covered = min(
        (c for c in safe if first.tiles[c] == t.COVERED),
        key=lambda c: abs(c // BIG.cols - opened // BIG.cols),
    )
    shown, opened_shows = page.evaluate(
        CLICKS_JS, [list(centre), list(grid.row_col(opened)), list(grid.row_col(covered))]
    )
    # The opening was not drawn in one go: rows were left for later slices, and the
    # page still showed the opened cell covered when it was clicked...
    assert shown < len(opened_cells)
    assert opened_shows == "covered"
    # ...yet the clicks played on the game itself: the opened cell was already open (a
    # wasted click, which changes nothing), the covered one is revealed.
    game = apply(
        apply(first, Move.reveal(*grid.row_col(opened))).game, Move.reveal(*grid.row_col(covered))
    ).game
    expected_open = sum(1 for tile in game.tiles if t.is_open(tile))
    page.wait_for_function(f"({OPEN_COUNT_JS})() === {expected_open}", timeout=30_000)
    assert Board(page).states() == expected_states(game)
    assert Board(page).status == "playing"
