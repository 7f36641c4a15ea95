"""A 1000x1000 board in Chromium: its start, its end and the dialogs.

Before, the page held all its million cells: some 10 s to build, a win by the first click
(one mine) followed by a thousand slices of drawing of 80 to 370 ms and frames of 2 to
11 s (a player once saw no frame for 70 s), and 0.4 to 0.5 s of style for a dialog to open.
Now only the rows near the board's window hold cells. The bounds are generous (a busy
2-core machine), and the count of cells in the document is what fails before whatever
the machine's pace.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.e2e.board import Board
from web.page import ids

OpenGame = Callable[[str], Page]
HUGE = "/?rows=1000&cols=1000&mines=1&seed=1"
MOST_CELLS = 200_000
"""Cells the document may hold on a 1000x1000 board (it held 1,000,000)."""
ANSWER_S = 5.0
"""A trivial call must come back within this, at any moment after the win."""

CELLS_JS = "() => document.querySelectorAll('#board .cell').length"
SETTLED_JS = """() => {
    const rows = document.querySelectorAll('#board > .row');
    const frame = document.getElementById('board').parentElement.getBoundingClientRect();
    for (const row of rows) {
        const box = row.getBoundingClientRect();
        if (box.bottom < frame.top || box.top > frame.bottom) continue;
        if (!row.firstElementChild) return false;  // a row in sight not drawn yet
        if (row.querySelector('.cell[data-state=covered]')) return false;
    }
    return true;
}"""
"""Every row in sight is drawn and shows the won board (no covered cell: one mine, flagged)."""


def test_a_win_on_a_million_cells_leaves_the_page_answering(open_game: OpenGame) -> None:
    page = open_game(HUGE)
    board = Board(page)
    expect(board.cell(5, 5)).to_be_visible(timeout=30_000)  # the rows in sight are drawn

    board.click(5, 5)
    expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-status", "won", timeout=60_000)
    started = time.monotonic()
    slowest = 0.0
    while time.monotonic() - started < 10:  # the page answers throughout
        asked = time.monotonic()
        page.evaluate("1")
        slowest = max(slowest, time.monotonic() - asked)
        page.wait_for_timeout(250)
    assert slowest < ANSWER_S
    page.wait_for_function(SETTLED_JS, timeout=30_000, polling=250)
    expect(page.locator(f"#{ids.STATS} .review-result")).to_be_visible()
    assert page.evaluate(CELLS_JS) < MOST_CELLS
    expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-drawn", "near")


def test_statistics_and_replays_open_promptly_with_a_huge_saved_level(
    open_game: OpenGame,
) -> None:
    page = open_game(HUGE)  # the level is kept: the next plain visit plays it
    page.goto("/")
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=60_000)
    assert Board(page).attr("rows") == "1000"
    assert page.evaluate(CELLS_JS) < MOST_CELLS
    for button, dialog in (
        (ids.STATS_OPEN, ids.STATS_DIALOG),
        (ids.REPLAYS_OPEN, ids.REPLAY_DIALOG),
    ):
        page.locator(f"#{button}").click(timeout=10_000)
        expect(page.locator(f"#{dialog}")).to_be_visible(timeout=10_000)
        page.keyboard.press("Escape")
        expect(page.locator(f"#{dialog}")).to_be_hidden(timeout=10_000)


def test_a_huge_games_review_is_refused_in_words_not_frozen(open_game: OpenGame) -> None:
    """Its replay board would be drawn whole: a review of the game above took 31 s, with
    frames of 21 s, and left a million cells in the replay dialog."""
    page = open_game(HUGE)
    board = Board(page)
    expect(board.cell(5, 5)).to_be_visible(timeout=30_000)
    board.click(5, 5)
    expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-status", "won", timeout=60_000)
    page.locator(f"#{ids.STATS} .review-result").click()
    error = page.locator(f"#{ids.REPLAY_ERROR}")
    expect(error).to_have_text(
        "A board of 1,000,000 cells is too big to play back here: replays and reviews show "
        "boards of up to 100,000 cells.",
        timeout=10_000,
    )
    expect(page.locator(f"#{ids.REPLAY_VIEWER}")).to_be_hidden()
    assert page.evaluate("document.querySelectorAll('#replay-board .cell').length") == 0
    # Watching it from the list says the same.
    page.locator(f"#{ids.REPLAY_LIST} [data-replay]").first.click()
    expect(error).to_contain_text("too big to play back here", timeout=10_000)
