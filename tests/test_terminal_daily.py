"""The terminal's daily board: the first attempt counts, a later one is practice and says
so from its start, and ``stats`` has the daily boards' row."""

from __future__ import annotations

from engine import BEGINNER, Move, generate
from play.game.daily import daily_seed
from play.keeping.storage import MemoryStorage
from tests.test_terminal_keeping import DAY, daily_win, moves_text, run_app


def test_the_daily_board_played_again_is_practice_and_stats_count_it_apart() -> None:
    day = DAY.date()
    layout = generate(BEGINNER, daily_seed(day, BEGINNER), BEGINNER.grid.index(4, 4))
    losing = moves_text([Move.reveal(*layout.grid.row_col(min(layout.mines)))])
    out = run_app(["daily", *losing, "daily", *daily_win(day), "stats", "n"], MemoryStorage())
    again = out.split("Daily board of 2026-11-22", 2)[2]
    assert "Practice, not counted" in again.split("\n> ", 1)[0]  # said before a move
    assert "Practice: only the first attempt" in again and "· practice" in again
    table = again.split("stats\n", 1)[1]
    daily_row = next(line for line in table.splitlines() if line.startswith("Daily: Beginner"))
    assert daily_row.split()[2:6] == ["1", "0", "0", "0%"]
    beginner = next(line for line in table.splitlines() if line.startswith("Beginner "))
    assert beginner.split()[1:3] == ["1", "0"]  # the practice win counts nowhere
