"""The daily board as its player sees it (issue 54): named beside the board while it is
played, on the page and in the terminal; its Statistics row's best, average and 3BV/s
filled from the daily first attempts won; and a Copy button for its share line."""

from __future__ import annotations

from datetime import date
from types import SimpleNamespace
from typing import Any

import pytest

from engine import new_game
from play.game import Picture, Settings, share_line
from play.keeping.storage import MemoryStorage
from play.ledger import board_summaries, daily_summary
from terminal import render
from terminal.screen import Screen
from terminal.stats_table import stats_table
from tests import fake_browser
from tests.fake_dom import settle
from tests.helpers import FakeClock, run
from tests.real_page import OpenPage
from tests.test_board_labels import player, won
from tests.test_keeping import keeper_on
from tests.test_terminal_keeping import DAY, daily_win, run_app
from web.dialogs.stats.view import stats_html
from web.page import ids

TODAY = date(2026, 12, 5)
"""The day of :func:`tests.test_board_labels.player`'s daily board."""
NAMED = "Daily board · 5 December 2026"


# --- its row in Statistics ---------------------------------------------------------------


def test_the_daily_rows_best_average_and_rate_are_the_daily_wins() -> None:
    """After a daily win, its row said "—" for best, average and 3BV/s."""
    store, clock = MemoryStorage(), FakeClock()
    won(player(store, clock, "daily&level=beginner"), clock)
    ledger = keeper_on(store).ledger()
    [entry] = ledger.entries
    seconds, rate = f"{entry.seconds:.2f}", f"{entry.rate:.2f}"
    summaries, daily = board_summaries(ledger), daily_summary(ledger)

    html = stats_html(summaries, 0, daily, set())
    row = html.split('<tr class="daily">', 1)[1].split("</tr>", 1)[0]
    assert ">Daily: Beginner</th>" in row
    cells = row.split("</th>", 1)[1].replace("</td>", "").split("<td>")[1:]
    # played, won, left, win rate, streak; best, average, 3BV/s; NF won, NF best
    assert cells[:5] == ["1", "1", "0", "100%", "1 / 1"]
    assert cells[5:8] == [seconds, seconds, rate]

    table = stats_table(summaries, daily)
    line = next(line for line in table.splitlines() if line.startswith("Daily: Beginner"))
    assert line.split()[-5:] == [seconds, "s", seconds, "s", rate]


def test_a_daily_row_is_a_boards_own_and_a_practice_game_counts_in_none() -> None:
    store, clock = MemoryStorage(), FakeClock()
    won(player(store, clock, "daily&level=beginner"), clock)
    won(player(store, clock, "daily&level=intermediate"), clock)
    won(player(store, clock, "daily&level=beginner"), clock)  # practice: counted nowhere
    ledger = keeper_on(store).ledger()
    counted = {e.board: e for e in ledger.entries if e.kind == "normal"}
    boards = daily_summary(ledger).boards
    assert [b.title for b in boards] == ["Daily: Beginner", "Daily: Intermediate"]
    for board in boards:
        assert board.played == board.won == 1
        assert board.best_seconds == board.average_seconds == counted[board.board].seconds


# --- named beside the board ---------------------------------------------------------------


@pytest.fixture
def fake_browser_modules(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_browser.install(monkeypatch)


class Clipboard:
    """The browser's ``navigator.clipboard``: what was written, or refused."""

    def __init__(self, refuses: bool = False) -> None:
        self.written: list[str] = []
        self.refuses = refuses

    async def writeText(self, text: str) -> None:
        if self.refuses:
            raise PermissionError("Write permission denied.")
        self.written.append(text)


def daily_page(clipboard: Clipboard | None = None) -> OpenPage:
    page = OpenPage(query="?daily&level=beginner", today=lambda: TODAY)
    if clipboard is not None:
        page.window.navigator.clipboard = clipboard
    return page


@pytest.mark.usefixtures("fake_browser_modules")
def test_the_daily_board_is_named_beside_the_board_while_it_is_played() -> None:
    async def opened() -> None:
        page = daily_page()
        label = page.element(ids.DAILY_LABEL)
        assert not label.hidden and label.textContent == NAMED
        assert label.dataset.daily == "2026-12-05"
        await settle()
        won(page.session, page.clock)
        await settle()
        assert not label.hidden and label.textContent == NAMED  # its end is the daily's too
        page.fire(ids.FACE, "click")  # a new game: no daily board
        assert label.hidden and label.dataset.daily == ""
        page.fire(ids.DAILY, "click")
        assert not label.hidden and label.textContent == NAMED
        page.close()
        other = OpenPage(query="?level=beginner", today=lambda: TODAY)
        assert other.element(ids.DAILY_LABEL).hidden
        other.close()

    run(opened)


def test_the_terminal_names_the_daily_board_under_every_board_it_shows() -> None:
    win = daily_win(DAY.date())
    out = run_app(["daily", *win[:1], "n"], MemoryStorage())
    after_move = out.split(f"> {win[0]}", 1)[1]
    status = next(line for line in after_move.splitlines() if line.startswith("Mines left"))
    assert status.endswith("Daily board · 22 November 2026")


def test_no_other_board_is_named_a_daily_one_in_the_terminal() -> None:
    lines: list[str] = []
    console: Any = SimpleNamespace(say=lines.append)
    screen = Screen(console, Picture(1, new_game(seed=1), Settings()), lambda: 0.0, render.PLAIN)
    screen.show()
    assert "Daily" not in "\n".join(lines)


# --- the share line's Copy button ---------------------------------------------------------


def copy_button_target(found: str = "[data-copy-share]") -> Any:
    """The Copy button, as a click's target: the page asks it what it is within."""
    return SimpleNamespace(closest=lambda selector: object() if selector == found else None)


@pytest.mark.usefixtures("fake_browser_modules")
def test_a_daily_win_shows_a_copy_button_that_copies_the_share_line() -> None:
    async def opened() -> None:
        clipboard = Clipboard()
        page = daily_page(clipboard)
        await settle()
        won(page.session, page.clock)
        await settle()
        result = page.session.result
        assert result is not None
        line = share_line(result)
        html = page.element(ids.STATS).innerHTML
        assert 'data-copy-share=""' in html and ">Copy</button>" in html
        page.fire(ids.STATS, "click", copy_button_target())
        await settle()
        assert clipboard.written == [line]
        assert page.text(ids.MESSAGE) == "Copied: the line to share."
        page.close()

    run(opened)


@pytest.mark.usefixtures("fake_browser_modules")
def test_a_refused_clipboard_says_so_and_selects_the_line() -> None:
    async def opened() -> None:
        page = daily_page(Clipboard(refuses=True))
        selected: list[Any] = []
        shared = object()
        page.document.querySelector = lambda selector: (
            shared if selector == f"#{ids.STATS} .share-text" else None
        )
        page.window.getSelection = lambda: SimpleNamespace(selectAllChildren=selected.append)
        await settle()
        won(page.session, page.clock)
        await settle()
        page.fire(ids.STATS, "click", copy_button_target())
        await settle()
        assert "could not copy" in page.text(ids.MESSAGE)
        assert selected == [shared]
        page.close()

    run(opened)


@pytest.mark.usefixtures("fake_browser_modules")
def test_no_copy_button_after_another_board() -> None:
    async def opened() -> None:
        page = OpenPage(query="?level=beginner", today=lambda: TODAY)
        await settle()
        won(page.session, page.clock)
        await settle()
        assert "data-copy-share" not in page.element(ids.STATS).innerHTML
        page.close()

    run(opened)
