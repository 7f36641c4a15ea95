"""Nothing is forgotten, in real Chromium: resume, statistics, storage trouble, replays,
sharing, Back and Forward, the daily board."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from engine import EXPERT
from tests.e2e.board import Board, lose_beginner
from tests.e2e.reopen import start
from web.page import ids

OpenGame = Callable[[str], Page]
READY = "document.body.dataset.ready === 'true'"
SEED = 20261122

TABLE_JS = f"""() => Array.from(document.querySelectorAll('#{ids.STATS_BODY} table:first-child tr'),
    r => Array.from(r.cells, c => c.textContent.trim()))"""
CELLS_JS = """sel => Array.from(document.querySelectorAll(sel + ' .cell'),
    c => [c.dataset.row, c.dataset.col, c.dataset.state, c.dataset.value ?? null])"""


def reload(page: Page) -> Board:
    page.reload()
    page.wait_for_function(READY, timeout=60_000)
    return Board(page)


def fresh_page(context: BrowserContext, url: str) -> Board:
    page = context.new_page()
    start(page, url, READY, 60_000)
    return Board(page)


def notice(page: Page) -> str:
    return page.locator(f"#{ids.MESSAGE}").inner_text().strip()


TIMER_JS = f"Number(document.getElementById('{ids.TIMER}').textContent)"
"""The timer LED's number (the DOM contract: its digits as text)."""


def stats_rows(page: Page) -> list[list[str]]:
    page.locator(f"#{ids.STATS_OPEN}").click()
    expect(page.locator(f"#{ids.STATS_DIALOG}")).to_be_visible()
    rows: list[list[str]] = page.evaluate(TABLE_JS)
    page.locator(f"#{ids.STATS_CLOSE}").click()
    return rows


def watched(context: BrowserContext, guard: Any, **options: Any) -> BrowserContext:
    guard.watch(context)
    return context


# --- resume --------------------------------------------------------------------------------


def test_a_reload_mid_game_resumes_exactly(open_game: OpenGame) -> None:
    board = Board(open_game(f"/?seed={SEED}"))
    board.click(4, 4)
    board.click(0, 0, button="right")
    board.page.wait_for_function(f"{TIMER_JS} >= 3")  # some time played
    before = (board.states(), board.counter, board.face, int(board.timer))
    again = reload(board.page)
    assert (again.states(), again.counter, again.face) == before[:3]
    assert again.status == "playing"
    resumed = int(again.timer)
    assert abs(resumed - before[3]) <= 1
    again.page.wait_for_function(f"{TIMER_JS} > {resumed}")  # the clock runs on
    assert int(again.timer) > before[3] - 1


# --- statistics and storage trouble ----------------------------------------------------------


def test_a_full_store_says_so_and_the_game_goes_on(
    new_context: Callable[..., BrowserContext], page_guard: Any, base_url: str
) -> None:
    context = watched(new_context(), page_guard)
    context.add_init_script(
        "const set = Storage.prototype.setItem;"
        "Storage.prototype.setItem = function (k, v) {"
        "  if (k !== 'minesweeper/probe') throw new DOMException('full', 'QuotaExceededError');"
        "  return set.call(this, k, v); };"
    )
    board = fresh_page(context, f"{base_url}?seed=3")
    assert "Storage is full" in notice(board.page)
    lose_beginner(board, 3)
    assert "Lost after" in board.page.locator(f"#{ids.STATS}").inner_text()


def test_disabled_storage_plays_without_saving(
    new_context: Callable[..., BrowserContext], page_guard: Any, base_url: str
) -> None:
    context = watched(new_context(), page_guard)
    context.add_init_script(
        "Object.defineProperty(window, 'localStorage', {get() {"
        " throw new DOMException('denied', 'SecurityError'); }});"
    )
    board = fresh_page(context, f"{base_url}?seed=4")
    assert "without saving" in notice(board.page)
    lose_beginner(board, 4)


def test_export_then_import_gives_the_same_statistics(
    open_game: OpenGame,
    new_context: Callable[..., BrowserContext],
    page_guard: Any,
    base_url: str,
    tmp_path: Path,
) -> None:
    page = open_game("/?seed=5")
    lose_beginner(Board(page), 5)
    rows = stats_rows(page)
    page.locator(f"#{ids.STATS_OPEN}").click()
    with page.expect_download() as download:
        page.locator(f"#{ids.STATS_EXPORT}").click()
    exported = tmp_path / "export.json"
    download.value.save_as(exported)
    other = fresh_page(watched(new_context(), page_guard), base_url)
    other.page.locator(f"#{ids.STATS_OPEN}").click()
    other.page.locator(f"#{ids.STATS_IMPORT}").set_input_files(str(exported))
    expect(other.page.locator(f"#{ids.STATS_STATUS}")).to_contain_text("Imported 1 game")
    other.page.locator(f"#{ids.STATS_CLOSE}").click()
    assert stats_rows(other.page) == rows


# --- replays ---------------------------------------------------------------------------------


def test_the_replay_ends_on_the_games_final_board(open_game: OpenGame) -> None:
    board = Board(open_game("/?seed=6"))
    lose_beginner(board, 6)
    page = board.page
    final = page.evaluate(CELLS_JS, f"#{ids.BOARD}")
    page.locator(f"#{ids.REPLAYS_OPEN}").click()
    page.locator(f"#{ids.REPLAY_LIST} button").first.click()
    for _ in range(2):
        page.locator(f"#{ids.REPLAY_STEP}").click()
    assert page.evaluate(CELLS_JS, f"#{ids.REPLAY_BOARD}") == final
    assert page.locator(f"#{ids.REPLAY_FACE}").get_attribute("data-face") == "dead"


def test_a_bad_pasted_record_is_named(open_game: OpenGame) -> None:
    page = open_game("/")
    page.locator(f"#{ids.REPLAYS_OPEN}").click()
    page.locator(f"#{ids.REPLAY_TEXT}").fill("ms1;9x9/10;seed=1;marks=1;noguess=0;O20,3@0")
    page.locator(f"#{ids.REPLAY_LOAD}").click()
    error = page.locator(f"#{ids.REPLAY_ERROR}")
    expect(error).to_contain_text("off the")
    expect(error).to_contain_text("O20,3")


# --- sharing and history ---------------------------------------------------------------------


def test_copy_link_reproduces_the_board_elsewhere(
    new_context: Callable[..., BrowserContext], page_guard: Any, base_url: str
) -> None:
    context = watched(new_context(permissions=["clipboard-read", "clipboard-write"]), page_guard)
    board = fresh_page(context, f"{base_url}?level=expert")
    board.page.locator(f"#{ids.COPY_LINK}").click()
    expect(board.page.locator(f"#{ids.MESSAGE}")).to_contain_text("Link copied")
    link = board.page.evaluate("navigator.clipboard.readText()")
    assert "seed=" in link and "level=expert" in link
    board.click(8, 15)
    elsewhere = fresh_page(watched(new_context(), page_guard), link)
    elsewhere.click(8, 15)
    assert elsewhere.states() == board.states()


def test_back_and_forward_return_to_the_games_played(open_game: OpenGame) -> None:
    board = Board(open_game(f"/?seed={SEED}"))
    page = board.page
    board.click(4, 4)
    first = board.states()
    page.locator(f"#{ids.FACE}").click()
    board.click(0, 0, button="right")
    second = board.states()
    page.go_back()
    expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-status", "playing")
    assert board.states() == first
    page.go_forward()
    expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-status", "ready")
    assert board.states() == second


def test_a_shared_link_keeps_the_game_in_progress_one_back_away(open_game: OpenGame) -> None:
    board = Board(open_game(f"/?seed={SEED}"))
    board.click(4, 4)
    before = board.states()
    shared = Board(open_game("/?level=expert&seed=7"))
    assert shared.attr("cols") == "30" and "kept" in notice(shared.page)
    shared.page.go_back()
    expect(shared.page.locator(f"#{ids.BOARD}")).to_have_attribute("data-cols", "9")
    assert shared.states() == before and shared.status == "playing"


def test_the_daily_board_is_everyones_on_a_date(
    new_context: Callable[..., BrowserContext], page_guard: Any, base_url: str
) -> None:
    def daily_board(moment: datetime) -> dict[tuple[int, int], tuple[str, str | None]]:
        context = watched(new_context(), page_guard)
        page = context.new_page()
        page.clock.set_fixed_time(moment)
        start(page, f"{base_url}?level=expert&daily", READY, 60_000)
        board = Board(page)
        assert board.attr("cols") == str(EXPERT.cols) and board.status == "playing"
        assert f"daily={moment.date().isoformat()}" in page.url
        return board.states()

    today = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
    first, second = daily_board(today), daily_board(today.replace(hour=23))
    tomorrow = daily_board(datetime(2026, 11, 23, 1, 0, tzinfo=UTC))
    assert first == second
    assert first != tomorrow
