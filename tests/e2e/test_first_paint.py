"""The page before Python runs: the board Python will show, and a click that lands where aimed.

static/skeleton.js sizes the covered board before the first paint, from the picture of the
start Python kept for the page's address (play/keeping/start_view.py), so the board Python
draws later lies exactly where the loading one was: a pointer aimed at a cell during loading
is over that cell once the game is ready. The first click made while loading is kept and
played then (tests/e2e/test_loading_click.py has the rest of it); any other press made while
loading does nothing. An address with no picture (a new link) has no board until Python
draws it.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from tests.e2e.board import Board
from tests.e2e.conftest import Gate
from tests.e2e.test_loading_click import back_to

READY = "document.body.dataset.ready === 'true'"
NOT_READY_JS = "document.body.dataset.ready !== 'true'"


def box(page: Page, selector: str) -> dict[str, float]:
    found: Any = page.locator(selector).bounding_box()
    assert found is not None, selector
    return {key: round(value, 1) for key, value in found.items()}


@pytest.mark.parametrize(
    ("query", "rows", "cols", "mines"),
    [
        ("?level=expert&seed=2", 16, 30, 99),
        ("?level=expert-portrait&seed=2", 30, 16, 99),
        ("?rows=12&cols=20&mines=30&seed=2", 12, 20, 30),
        ("?rows=abc&cols=20&mines=30", 9, 9, 10),  # a bad address: beginner, as Python does
    ],
)
def test_loading_board_is_the_board_of_the_address(
    page: Page, gate: Gate, query: str, rows: int, cols: int, mines: int
) -> None:
    """A link opened again (the address the page showed for it, in a later visit)."""
    page.goto(back_to(page, query), wait_until="commit")  # Python held back (python.zip)
    page.wait_for_selector("#loading[data-covered]")
    assert page.evaluate(NOT_READY_JS)
    loading = box(page, "#board")
    assert page.locator("#mine-counter").inner_text().replace("\n", "") == f"{mines:03d}"
    assert page.locator("#face").get_attribute("data-face") == "smile"
    assert page.locator(".loading-title").is_visible()
    assert page.evaluate("document.documentElement.dataset.theme") == "classic"
    gate.release()
    page.wait_for_function(READY, timeout=60_000)
    board = Board(page)
    assert (board.attr("rows"), board.attr("cols")) == (str(rows), str(cols))
    assert box(page, "#board") == loading  # nothing moved when the cells came


def test_a_click_while_loading_lands_on_the_cell_it_was_aimed_at(page: Page, gate: Gate) -> None:
    row, col = 8, 15
    page.goto(back_to(page, "?level=expert&seed=9"), wait_until="commit")
    page.wait_for_function("performance.getEntriesByName('board-accepts-click').length === 1")
    frame = box(page, "#board")
    cell = frame["width"] / 30
    x, y = frame["x"] + (col + 0.5) * cell, frame["y"] + (row + 0.5) * cell
    page.mouse.click(x, y)  # aimed at (8, 15) of the covered expert board: kept
    page.mouse.move(x + 3 * cell, y)
    page.mouse.down()  # a second press that begins while loading...
    assert page.evaluate(NOT_READY_JS), "the clicks must happen before the game is ready"

    gate.release()
    page.wait_for_function(READY, timeout=60_000)
    page.mouse.up()  # ...and ends once the game is ready: ignored
    board = Board(page)
    assert box(page, "#board") == frame
    target = box(page, f'#board .cell[data-row="{row}"][data-col="{col}"]')
    assert target["x"] <= x < target["x"] + target["width"]
    assert target["y"] <= y < target["y"] + target["height"]
    assert board.status == "playing"  # the kept click was played, where it was aimed
    assert board.states()[(row, col)] == ("open", "0")
    opened = {spot for spot, (state, _) in board.states().items() if state == "open"}

    page.mouse.click(x, y)  # the same spot, now that the game is ready: an open cell
    assert {spot for spot, (state, _) in board.states().items() if state == "open"} == opened


@pytest.mark.parametrize("saved", [False, True])
def test_a_new_link_has_no_board_until_python_draws_it(page: Page, gate: Gate, saved: bool) -> None:
    """No picture kept for the address (a first visit, or a link to another board): the
    loading card on an empty panel, no board of the script's guess, no click kept; a
    returning player's look all the same."""
    if saved:
        back_to(page, "/", settings={"theme": "dark"})
    page.goto("?level=expert&seed=2", wait_until="commit")
    page.wait_for_selector("#loading .loading-pressed", state="attached")
    assert page.evaluate(NOT_READY_JS)
    assert page.locator("#loading[data-covered]").count() == 0
    assert page.evaluate("performance.getEntriesByName('board-accepts-click').length") == 0
    assert page.locator("#mine-counter").inner_text().replace("\n", "") == "000"
    theme = page.evaluate("document.documentElement.dataset.theme ?? null")
    assert theme == ("dark" if saved else None)
    gate.release()
    page.wait_for_function(READY, timeout=60_000)
    board = Board(page)
    assert (board.attr("rows"), board.attr("cols")) == ("16", "30")
    assert page.evaluate("document.documentElement.dataset.theme") == (
        "dark" if saved else "classic"
    )
