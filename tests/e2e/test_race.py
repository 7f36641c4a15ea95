"""After a loss and after a win, by mouse: Retry deals the lost board again (its
mines where the engine, dealing the seed in CPython, put them), Undo takes the losing click
back and the game goes on, both said in the result line; a race link made after a win opens
in a second browser context with the ghost's bar beside the player's and, after the player's
win, the verdict; a hostile link is refused in words; axe is clean with the new controls."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect

from engine import BEGINNER, Level
from tests.e2e.board import Board, lose_beginner, mines_of, win
from tests.e2e.conftest import PageGuard
from tests.e2e.test_accessibility import check
from web.page import ids

OpenGame = Callable[[str], Page]
SEED = 20261122
SMALL = Level(6, 6, 4)
SMALL_QUERY = f"?rows=6&cols=6&mines=4&seed={SEED}"


def test_undo_then_retry_after_a_loss_by_mouse(open_game: OpenGame) -> None:
    page = open_game(f"/?seed={SEED}")
    board = Board(page)
    lose_beginner(board, SEED)
    retry, undo = page.locator(f"#{ids.RETRY}"), page.locator(f"#{ids.UNDO}")
    expect(retry).to_be_visible()
    expect(undo).to_be_visible()
    expect(page.locator(f"#{ids.RACE_FRIEND}")).to_be_hidden()
    check(page, "after a loss, Retry and Undo shown")
    mines = set(mines_of(BEGINNER, SEED, (4, 4)))
    undo.click()
    assert board.status == "playing"
    expect(retry).to_be_hidden()
    # The game goes on: a safe cell still covered opens, then a mine loses it again.
    covered = [rc for rc, (state, _) in board.states().items() if state == "covered"]
    safe = next(rc for rc in covered if rc not in mines)
    board.click(*safe)
    assert board.states()[safe][0] == "open"
    board.click(*sorted(mines)[-1])
    assert board.status == "lost"
    expect(page.locator(f"#{ids.STATS}")).to_contain_text("undone")
    expect(page.locator(f"#{ids.STATS}")).to_contain_text("no best time")
    # Retry: the same board, whatever the first click: a cell away from the first
    # reveal, safe in the lost game's layout, opens; a mine of that layout loses.
    retry.click()
    assert board.status == "ready"
    assert all(state == "covered" for state, _ in board.states().values())
    far_safe = next(rc for rc in sorted(board.states()) if rc not in mines and rc[0] < 2)
    board.click(*far_safe)
    assert board.states()[far_safe][0] == "open"
    board.click(*sorted(mines)[0])
    assert board.status == "lost"
    expect(page.locator(f"#{ids.STATS}")).to_contain_text("retry")


def test_retry_and_undo_are_reached_by_the_keyboard(open_game: OpenGame) -> None:
    page = open_game(f"/?seed={SEED}")
    lose_beginner(Board(page), SEED)
    page.locator(f"#{ids.RETRY}").focus()
    page.keyboard.press("Tab")
    expect(page.locator(f"#{ids.UNDO}")).to_be_focused()
    page.keyboard.press("Enter")
    assert Board(page).status == "playing"


def open_in(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=60_000)
    return page


def test_a_race_link_made_after_a_win_races_the_ghost_in_a_second_context(
    open_game: OpenGame, new_context: Callable[..., BrowserContext], page_guard: PageGuard
) -> None:
    sender = open_game(f"/{SMALL_QUERY}")
    win(Board(sender), SMALL, SEED)
    sender.locator(f"#{ids.RACE_FRIEND}").click()
    field = sender.locator(f"#{ids.RACE_LINK}")
    expect(field).to_be_visible()
    link = field.input_value()
    assert re.search(r"\?race=[A-Za-z0-9_-]+$", link), link
    expect(sender.locator(f"#{ids.MESSAGE}")).to_contain_text("race link", ignore_case=True)
    check(sender, "after a win, the race link shown")

    friend_context = new_context()
    page_guard.watch(friend_context)
    friend = open_in(friend_context, link)
    board = Board(friend)
    race = friend.locator(f"#{ids.RACE}")
    expect(race).to_be_visible()
    assert (board.attr("rows"), board.attr("cols"), board.attr("mines")) == ("6", "6", "4")
    expect(friend.locator(f"#{ids.RACE_GHOST_LABEL}")).to_contain_text("The ghost: 3BV")
    # The sender's first click is made for the friend: the same mines, the same opening.
    expect(friend.locator(f"#{ids.RACE_YOU_LABEL}")).not_to_contain_text("You: 3BV 0 of")
    assert board.status == "playing"
    check(friend, "a race in progress")
    win(board, SMALL, SEED)
    verdict = friend.locator(f"#{ids.RACE_VERDICT}")
    expect(verdict).to_have_text(
        re.compile(r"^(You beat the ghost by|The ghost beat you by|A dead heat)")
    )
    expect(friend.locator(f"#{ids.RACE_YOU_LABEL}")).to_have_text(re.compile(r"3BV (\d+) of \1$"))
    friend_context.close()


def test_race_your_best_before_and_after_a_win_on_the_board(open_game: OpenGame) -> None:
    """Race your best is not offered after a loss on a board never won (it once was, and
    refused in words); after a win of it, the button deals the same board again with the
    player's win as the ghost, its first click made, and the address is the race's link."""
    page = open_game(f"/?seed={SEED}")
    best = page.locator(f"#{ids.RACE_BEST}")
    lose_beginner(Board(page), SEED)
    expect(page.locator(f"#{ids.RETRY}")).to_be_visible()
    expect(best).to_be_hidden()
    expect(page.locator(f"#{ids.RACE}")).to_be_hidden()
    page.goto(page.url.split("?")[0] + f"?seed={SEED}")  # the same board, a game of its own
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=60_000)
    win(Board(page), BEGINNER, SEED, (4, 4))
    best.click()
    board = Board(page)
    expect(page.locator(f"#{ids.RACE}")).to_be_visible()
    expect(page.locator(f"#{ids.RACE_GHOST_LABEL}")).to_contain_text("Your best")
    assert board.status == "playing" and board.states()[(4, 4)][0] == "open"
    assert (board.attr("rows"), board.attr("mines")) == ("9", "10")
    expect(page).to_have_url(re.compile(r"\?race=[A-Za-z0-9_-]+$"))


def test_a_hostile_race_link_is_refused_in_words_and_a_normal_game_dealt(
    open_game: OpenGame,
) -> None:
    page = open_game("/?race=AQkJ%3Cscript%3E&level=intermediate")
    expect(page.locator(f"#{ids.MESSAGE}")).to_contain_text("Ignored the race link")
    expect(page.locator(f"#{ids.MESSAGE}")).to_contain_text("Playing a normal game instead.")
    expect(page.locator(f"#{ids.RACE}")).to_be_hidden()
    board = Board(page)
    assert board.attr("rows") == "16" and board.status == "ready"
