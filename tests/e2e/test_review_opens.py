"""A review opens at its top: the title, the LEDs and the verdict in sight.

With four or more finished games of expert, the list of games under the viewer makes the
Replays dialog's body taller than a 1280x800 window, so the body scrolls; opening a review
then scrolled it down to the replay board (about 126 px), leaving the game's title, the LEDs
and the verdict above the body's top edge. A review must open with them in sight however long
that list is.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, expect

from engine import EXPERT, Level
from tests.e2e.board import Board, mines_of
from web.page import ids

OpenGame = Callable[[str], Page]
FIRST = (4, 4)
GAMES = 8
"""More finished games than it takes (four) to make the dialog's body scroll."""

IN_SIGHT_JS = """ids => {
    const body = document.getElementById(ids.body).getBoundingClientRect();
    return ids.shown.map(id => {
        const box = document.getElementById(id).getBoundingClientRect();
        return box.top >= body.top - 0.5 && box.bottom <= body.bottom + 0.5;
    });
}"""
"""For each element of ``shown``: whether the visible box of the dialog's body (the part
that scrolls) holds it whole."""


def lose_a_game(page: Page, level: Level) -> None:
    """The board on screen, lost: its first click in the middle, then one of its mines
    (the address names its seed; a board won by its first click is dealt again)."""
    board = Board(page)
    while True:
        seed = int(parse_qs(urlsplit(page.url).query)["seed"][0])
        board.click(*FIRST)
        if board.status == "playing":
            break
        page.locator(f"#{ids.FACE}").click()
        expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-status", "ready")
    opened = board.states()
    mine = next(m for m in mines_of(level, seed, FIRST) if opened[m][0] == "covered")
    board.click(*mine)
    expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-status", "lost")


def review_opened(page: Page) -> None:
    """Wait for the review to be open and settled: its first verdict said and the focus on
    the review (the last thing opening does)."""
    expect(page.locator("#review-verdict")).to_contain_text("Move 1 of")
    page.wait_for_function("document.activeElement?.id === 'review-panel'")
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => setTimeout(done)))")


def test_a_review_opens_with_its_verdict_in_sight_after_many_games(
    open_game: OpenGame,
) -> None:
    page = open_game("/?level=expert&seed=3")
    page.set_viewport_size({"width": 1280, "height": 800})
    for game in range(GAMES):
        if game:
            page.locator(f"#{ids.FACE}").click()
            expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-status", "ready")
        lose_a_game(page, EXPERT)
    shown = [ids.REPLAY_TITLE, ids.REPLAY_COUNTER, "review-verdict"]
    where = {"body": ids.REPLAY_BODY, "shown": shown}

    page.locator(f"#{ids.STATS} .review-result").click()
    review_opened(page)
    assert page.evaluate(
        f"document.getElementById('{ids.REPLAY_BODY}').scrollHeight"
        f" > document.getElementById('{ids.REPLAY_BODY}').clientHeight"
    ), "the dialog's body should scroll, as with many games"
    assert page.evaluate(IN_SIGHT_JS, where) == [True, True, True]

    # Shift+Right (the next mistake, or none) keeps them in sight too.
    page.keyboard.press("Shift+ArrowRight")
    assert page.evaluate(IN_SIGHT_JS, where) == [True, True, True]

    # And from Replays: the Review beside a game.
    page.locator(f"#{ids.REPLAY_CLOSE}").click()
    page.locator(f"#{ids.REPLAYS_OPEN}").click()
    page.locator(f"#{ids.REPLAY_LIST} .review-game").nth(GAMES - 1).click()
    review_opened(page)
    assert page.evaluate(IN_SIGHT_JS, where) == [True, True, True]
