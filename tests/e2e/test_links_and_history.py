"""Links and history in real Chromium: Back and Forward show the game on screen in every
control, and a link's switches are for the visit it opened, not for later ones."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, expect

from engine import BEGINNER, Move
from tests.e2e.board import Board, engine_game
from web.page import ids

OpenGame = Callable[[str], Page]


def test_back_and_forward_show_the_games_level_and_the_face_deals_it(open_game: OpenGame) -> None:
    board = Board(open_game("/?level=intermediate"))
    page, menu = board.page, board.page.locator(f"#{ids.LEVEL}")
    board.click(8, 8)
    menu.select_option("expert")
    expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-cols", "30")
    page.go_back()
    expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-status", "playing")
    assert board.attr("cols") == "16"
    expect(menu).to_have_value("intermediate")
    page.go_forward()
    expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-cols", "30")
    expect(menu).to_have_value("expert")
    page.go_back()
    expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-cols", "16")
    page.locator(f"#{ids.FACE}").click()  # a new game of the level on screen
    expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-status", "ready")
    assert board.attr("cols") == "16" and board.attr("mines") == "40"
    expect(menu).to_have_value("intermediate")


def test_a_links_switches_do_not_stick_to_later_plain_visits(open_game: OpenGame) -> None:
    page = open_game("/?level=beginner&noguess&hints")
    expect(page.locator(f"#{ids.NO_GUESS}")).to_be_checked()
    expect(page.locator(f"#{ids.SHOW_HINTS}")).to_be_checked()
    board = Board(open_game("/"))  # a later visit, the same browser
    expect(page.locator(f"#{ids.NO_GUESS}")).not_to_be_checked()
    expect(page.locator(f"#{ids.SHOW_HINTS}")).not_to_be_checked()
    assert board.attr("chances") == "off"
    board.click(4, 4)
    seed = int(parse_qs(urlsplit(page.url).query)["seed"][0])
    game = engine_game(BEGINNER, seed, Move.reveal(4, 4))  # a normal board of its seed
    assert game.layout is not None
    board.click(*game.grid.row_col(min(game.layout.mines)))
    expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-status", "lost")
    said = [
        page.locator(f"#{key}").text_content() or "" for key in (ids.STATS, ids.RESULT_ANNOUNCE)
    ]
    assert "Lost" in said[0]
    assert not any(word in text for text in said for word in ("no-guess", "assisted by the solver"))


def test_a_links_first_click_rule_is_played_and_kept_in_the_address(open_game: OpenGame) -> None:
    """``?first=none``: a first click on a mine of the seed's board loses, by mouse, and the
    page's own address keeps the rule (the same seed under another rule is another board)."""
    from engine import FirstClick, generate

    centre = BEGINNER.grid.index(4, 4)
    seed = next(
        s for s in range(10_000) if centre in generate(BEGINNER, s, centre, FirstClick.NONE).mines
    )
    board = Board(open_game(f"/?level=beginner&seed={seed}&first=none"))
    board.click(4, 4)
    expect(board.page.locator(f"#{ids.BOARD}")).to_have_attribute("data-status", "lost")
    assert parse_qs(urlsplit(board.page.url).query)["first"] == ["none"]
    said = board.page.locator(f"#{ids.STATS}").text_content() or ""
    assert "first click" in said and "none" in said
