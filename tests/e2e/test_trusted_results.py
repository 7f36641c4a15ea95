"""In the page: best times a player can trust, addresses that say what
is played, and a daily board that is always a real one."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, expect

from engine import BEGINNER
from tests.e2e.board import Board, mines_of, win
from web.page import ids

OpenGame = Callable[[str], Page]
READY = "document.body.dataset.ready === 'true'"


def seed_of(page: Page) -> int:
    return int(parse_qs(urlsplit(page.url).query)["seed"][0])


def reload(page: Page) -> Board:
    page.reload()
    page.wait_for_function(READY, timeout=60_000)
    return Board(page)


def message(page: Page) -> str:
    return page.locator(f"#{ids.MESSAGE}").inner_text()


def test_a_reload_after_a_finished_game_deals_a_fresh_board(open_game: OpenGame) -> None:
    """F5 after a loss dealt the same board again (the seed stays in the address): its win
    then set a best time on a board the player had seen."""
    page = open_game("/?level=beginner")
    board = Board(page)
    board.click(4, 4)
    seed = seed_of(page)
    board.click(*mines_of(BEGINNER, seed, (4, 4))[0])
    assert board.status == "lost"
    board = reload(page)
    assert board.status == "ready" and seed_of(page) != seed
    assert "same board" not in message(page)


def test_a_link_board_is_no_best_time_and_stays_the_links_board(open_game: OpenGame) -> None:
    page = open_game("/?level=beginner&seed=21")
    win(Board(page), BEGINNER, 21, (4, 4))
    results = page.locator(f"#{ids.STATS}")
    expect(results).to_contain_text("No best time: a board from a link or a given seed.")
    expect(results).not_to_contain_text("New best")
    board = reload(page)
    assert seed_of(page) == 21 and board.status == "ready"
    assert "The same board again (Beginner), from its link or seed" in message(page)
    page.keyboard.press("s")
    expect(page.locator(f"#{ids.STATS_BODY}")).to_contain_text("Beginner (known)")
    expect(page.locator(f"#{ids.STATS_BODY} button[data-replay]")).to_have_count(0)


def test_a_bad_size_says_the_game_in_progress_goes_on(open_game: OpenGame) -> None:
    """It said "…Playing beginner." over the player's 40x20/150."""
    page = open_game("/?rows=20&cols=40&mines=150")
    Board(page).click(10, 20)
    page.goto("/?rows=20&cols=40&mines=800")
    page.wait_for_function(READY, timeout=60_000)
    board = Board(page)
    assert (board.attr("cols"), board.attr("mines"), board.status) == ("40", "150", "playing")
    said = message(page)
    assert said.startswith("Ignored rows=20&cols=40&mines=800")
    assert said.endswith("Carrying on your game on Custom 40x20/150.")


def test_the_big_board_notice_keeps_the_address_warning(open_game: OpenGame) -> None:
    page = open_game("/?rows=500&cols=501&mines=10&seed=banana")
    said = message(page)
    assert "Ignored seed=banana" in said and "Playing Custom 501x500/10 with a random seed" in said
    assert "A board of 250,500 cells takes a few seconds to draw" in said


def test_no_daily_board_of_a_day_to_come_nor_on_a_custom_board(open_game: OpenGame) -> None:
    page = open_game("/?level=expert&daily=2099-01-01")
    assert "The daily board of 2099-01-01 is not out yet." in message(page)
    assert Board(page).status == "ready" and "daily" not in page.url
    page.goto("/?rows=1&cols=2&mines=1")
    page.wait_for_function(READY, timeout=60_000)
    page.locator(f"#{ids.DAILY}").click()
    expect(page.locator(f"#{ids.MESSAGE}")).to_contain_text("Beginner, Intermediate or Expert")
    assert Board(page).status == "ready" and "daily" not in page.url


def test_a_bad_seed_deals_the_random_board_it_says(open_game: OpenGame) -> None:
    """`?seed=banana` said "Using a random seed" and dealt the untouched saved board again."""
    page = open_game("/?level=beginner")
    seed = seed_of(page)
    page.goto("/?seed=banana")
    page.wait_for_function(READY, timeout=60_000)
    assert seed_of(page) != seed and Board(page).status == "ready"
    said = message(page)
    assert said.startswith("Ignored seed=banana") and said.endswith("with a random seed.")
