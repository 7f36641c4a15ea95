"""The daily board in real Chromium: one attempt counts, a later one is practice and says
so, and Statistics has the daily boards' row."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime

from playwright.sync_api import Page, expect

from engine import BEGINNER, generate
from play.game.daily import daily_seed
from tests.e2e.board import Board
from web.page import ids

OpenGame = Callable[[str], Page]
DAY = date(2026, 11, 22)
STATS_ROWS_JS = f"""() => Array.from(document.querySelectorAll('#{ids.STATS_BODY} table tr'),
    r => Array.from(r.cells, c => c.textContent.trim()))"""


def test_a_daily_board_played_again_is_practice_and_counted_apart(
    page: Page, open_game: OpenGame
) -> None:
    page.clock.set_fixed_time(datetime(2026, 11, 22, 12, 0, tzinfo=UTC))
    board = Board(open_game("/?level=beginner&daily"))
    layout = generate(BEGINNER, daily_seed(DAY, BEGINNER), BEGINNER.grid.index(4, 4))
    mine = layout.grid.row_col(min(layout.mines))
    board.click(*mine)
    expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-status", "lost")
    page.locator(f"#{ids.DAILY}").click()  # the same board again
    expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-status", "playing")
    expect(page.locator(f"#{ids.MESSAGE}")).to_contain_text("Practice, not counted")
    board.click(*mine)
    expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-status", "lost")
    expect(page.locator(f"#{ids.STATS}")).to_contain_text("Practice")
    page.locator(f"#{ids.STATS_OPEN}").click()
    expect(page.locator(f"#{ids.STATS_DIALOG}")).to_be_visible()
    rows = {row[0]: row[1:5] for row in page.evaluate(STATS_ROWS_JS) if row}
    assert rows["Beginner"] == ["1", "0", "0", "0%"]  # played, won, left: practice counts nowhere
    assert rows["Daily: Beginner"] == ["1", "0", "0", "0%"]
