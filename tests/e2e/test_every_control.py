"""Every documented shortcut, every button of every dialog and a blank spot in each: no
error notice and no console error (the ``page_guard`` fixture fails the test on one).

JavaScript's null and undefined reach Python as ``jsnull`` and ``None``, and a missing
``dataset`` property raises; a click that lands on no button, or on a button without the
``data-*`` a handler expected, used to show "Something went wrong" over a sound game.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, expect

from engine import BEGINNER
from tests.e2e.board import Board, win
from web.page import ids

OpenGame = Callable[[str], Page]
WRONG = "Something went wrong"


def no_error_notice(page: Page) -> None:
    expect(page.locator(f"#{ids.MESSAGE}")).not_to_contain_text(WRONG)


def win_a_fresh_beginner(page: Page) -> Board:
    """A board the player has not seen (no seed in the address it was opened from), won."""
    board = Board(page)
    board.click(4, 4)  # deals the board: the address now names its seed
    seed = int(parse_qs(urlsplit(page.url).query)["seed"][0])
    return win(board, BEGINNER, seed, (4, 4))


def blank_spot(page: Page, dialog: str) -> None:
    """A click inside the dialog's box, on its padding: no button, no link."""
    page.locator(f"#{dialog}").click(position={"x": 4, "y": 4})
    no_error_notice(page)


def test_watch_on_a_best_time_opens_its_replay(open_game: OpenGame) -> None:
    """Reading ``dataset.summary`` on the Watch button (which has only data-replay) raised
    AttributeError: the replay never opened and the player was told something went wrong."""
    page = open_game("/?level=beginner")
    win_a_fresh_beginner(page)
    page.keyboard.press("s")
    watch = page.locator(f"#{ids.STATS_BODY} button[data-replay]").first
    watch.click()
    expect(page.locator(f"#{ids.REPLAY_DIALOG}")).to_have_attribute("open", "")
    expect(page.locator(f"#{ids.REPLAY_VIEWER}")).to_be_visible()
    expect(page.locator(f"#{ids.REPLAY_TITLE}")).to_contain_text("Beginner")
    no_error_notice(page)


def test_a_blank_spot_in_statistics_and_replays_is_not_an_error(open_game: OpenGame) -> None:
    page = open_game("/?level=beginner")
    win_a_fresh_beginner(page)
    page.keyboard.press("s")
    page.locator(f"#{ids.STATS_BODY}").click(position={"x": 2, "y": 2})
    page.locator(f"#{ids.STATS_BODY} th").first.click()
    blank_spot(page, ids.STATS_DIALOG)
    page.keyboard.press("Escape")
    page.keyboard.press("r")
    page.locator(f"#{ids.REPLAY_LIST}").click(position={"x": 2, "y": 2})
    blank_spot(page, ids.REPLAY_DIALOG)
    no_error_notice(page)


def test_every_shortcut_and_every_button(open_game: OpenGame) -> None:
    page = open_game("/?level=beginner")
    page.on("dialog", lambda d: d.dismiss())  # Reset's confirm(): keep the statistics
    board = win_a_fresh_beginner(page)

    # The board's keys (README: arrows, h j k l, Home/End, Page Up/Down, Space, Enter, F, C).
    page.keyboard.press("F2")
    expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-status", "ready")
    page.locator(f"#{ids.BOARD}").focus()
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "l", "j", "h", "k"):
        page.keyboard.press(key)
    for key in ("End", "Home", "PageDown", "PageUp", "Space", "Enter", "f", "f", "c", "+", "-"):
        page.keyboard.press(key)
    assert board.status in ("playing", "lost", "won")
    no_error_notice(page)

    # The toolbar and the panel.
    for button in (ids.HINT, ids.FLAG_MODE, ids.FLAG_MODE, ids.FACE):
        page.locator(f"#{button}").click()
        no_error_notice(page)

    # Statistics, by its shortcut: every button, the board links, a blank spot.
    page.keyboard.press("Escape")
    page.locator("body").click(position={"x": 1, "y": 1})
    page.keyboard.press("S")
    stats = page.locator(f"#{ids.STATS_DIALOG}")
    expect(stats).to_have_attribute("open", "")
    for link in page.locator(f"#{ids.STATS_BODY} button[data-summary]").all():
        link.click()
    with page.expect_download():
        page.locator(f"#{ids.STATS_EXPORT}").click()
    page.locator(f"#{ids.STATS_RESET}").click()
    page.locator(f"#{ids.STATS_RESET_ALL}").click()
    blank_spot(page, ids.STATS_DIALOG)
    page.locator(f"#{ids.STATS_CLOSE}").click()
    expect(stats).not_to_have_attribute("open", "")

    # Replays, by its shortcut: a game, every control, the pasted-record button, a blank spot.
    page.keyboard.press("R")
    replays = page.locator(f"#{ids.REPLAY_DIALOG}")
    expect(replays).to_have_attribute("open", "")
    page.locator(f"#{ids.REPLAY_LIST} button").first.click()
    expect(page.locator(f"#{ids.REPLAY_VIEWER}")).to_be_visible()
    for button in (ids.REPLAY_STEP, ids.REPLAY_STEP, ids.REPLAY_BACK, ids.REPLAY_PLAY):
        page.locator(f"#{button}").click()
    page.locator(f"#{ids.REPLAY_PLAY}").click()
    page.locator(f"#{ids.REPLAY_SPEED}").select_option("16")
    page.locator(f"#{ids.REPLAY_LOAD}").click()  # nothing pasted: a message in the dialog
    expect(page.locator(f"#{ids.REPLAY_ERROR}")).to_be_visible()
    blank_spot(page, ids.REPLAY_DIALOG)
    page.locator(f"#{ids.REPLAY_CLOSE}").click()
    expect(replays).not_to_have_attribute("open", "")

    # The bot lab, by its shortcut: a sample picked, Save as .py, a setting refused in
    # words, a blank spot.
    page.keyboard.press("B")
    lab = page.locator(f"#{ids.LAB_DIALOG}")
    expect(lab).to_have_attribute("open", "")
    page.locator(f"#{ids.LAB_SAMPLE}").select_option("random_clicker.py")
    expect(page.locator(f"#{ids.LAB_CODE}")).to_have_value(re.compile("random clicker"))
    with page.expect_download() as saved:
        page.locator(f"#{ids.LAB_EXPORT}").click()
    assert saved.value.suggested_filename == "random_clicker.py"
    page.locator(f"#{ids.LAB_SETTINGS} input[name=games]").fill("many")
    page.locator(f"#{ids.LAB_WATCH}").click()
    expect(page.locator(f"#{ids.LAB_STATUS}")).to_have_text(
        "Games: a whole number from 1 to 10000, please."
    )
    blank_spot(page, ids.LAB_DIALOG)
    page.locator(f"#{ids.LAB_CLOSE}").click()
    expect(lab).not_to_have_attribute("open", "")

    # The custom board dialog: Cancel, a blank spot, then OK.
    page.locator(f"#{ids.LEVEL}").select_option(label="Custom…")
    custom = page.locator(f"#{ids.CUSTOM_DIALOG}")
    expect(custom).to_have_attribute("open", "")
    blank_spot(page, ids.CUSTOM_DIALOG)
    page.locator(f"#{ids.CUSTOM_CANCEL}").click()
    expect(custom).not_to_have_attribute("open", "")
    page.locator(f"#{ids.LEVEL}").select_option(label="Custom…")
    page.locator(f"#{ids.CUSTOM_DIALOG} button[type=submit]").click()
    expect(custom).not_to_have_attribute("open", "")

    # The daily board and Copy link last: they change the board and the address.
    page.locator(f"#{ids.DAILY}").click()
    page.locator(f"#{ids.COPY_LINK}").click()
    no_error_notice(page)
