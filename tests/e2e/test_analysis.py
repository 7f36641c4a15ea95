"""The analysis editor in Chromium: a position set up by mouse and keyboard, its chances
and findings read, copied and pasted as text, and opened from its link."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect

from engine import BEGINNER
from tests.e2e.board import Board, mines_of
from tests.e2e.conftest import READY_OR_FAILED_JS, PageGuard
from tests.e2e.reopen import start
from tests.e2e.test_accessibility import check
from tests.e2e.test_phone import PHONE
from web.page import ids

OpenGame = Callable[[str], Page]


def cell(page: Page, row: int, col: int) -> object:
    return page.locator(f"#{ids.ANALYSIS_BOARD} .cell[data-row='{row}'][data-col='{col}']")


def analysed(page: Page) -> None:
    expect(page.locator(f"#{ids.ANALYSIS_BOARD}")).to_have_attribute("data-analysis", "done")


def test_a_position_set_up_by_mouse_and_keyboard_is_analysed(open_game: OpenGame) -> None:
    page = open_game("/?level=beginner&seed=1")
    page.locator(f"#{ids.ANALYSE_OPEN}").click()
    dialog = page.locator(f"#{ids.ANALYSIS_DIALOG}")
    expect(dialog).to_be_visible()
    analysed(page)  # the game's untouched board: every cell covered
    expect(cell(page, 4, 4)).to_have_attribute("data-chance", "12")  # 10 mines in 81 cells

    # A 2x3 board with 1 mine, set up as  # 1 .  over  # 1 .
    page.fill(f"#{ids.ANALYSIS_ROWS}", "2")
    page.fill(f"#{ids.ANALYSIS_COLS}", "3")
    page.fill(f"#{ids.ANALYSIS_MINES}", "1")
    page.locator(f"#{ids.ANALYSIS_SIZE} button[type=submit]").click()
    expect(page.locator(f"#{ids.ANALYSIS_BOARD} .cell")).to_have_count(6)
    # The mouse: the "." brush dragged down the right-hand column.
    page.locator(f"#{ids.ANALYSIS_BRUSHES} [data-brush='0']").click()
    top, bottom = cell(page, 0, 2).bounding_box(), cell(page, 1, 2).bounding_box()  # type: ignore[attr-defined]
    assert top is not None and bottom is not None
    page.mouse.move(top["x"] + top["width"] / 2, top["y"] + top["height"] / 2)
    page.mouse.down()
    page.mouse.move(bottom["x"] + bottom["width"] / 2, bottom["y"] + bottom["height"] / 2, steps=4)
    page.mouse.up()
    expect(cell(page, 1, 2)).to_have_attribute("data-state", "open")
    # The keyboard: the cursor from where the drag ended, a 1 typed on each middle cell.
    for key in ("ArrowLeft", "1", "ArrowUp", "1"):
        page.keyboard.press(key)
    expect(page.locator(f"#{ids.ANALYSIS_CURSOR}")).to_contain_text("Row 1, column 2: 1")
    analysed(page)
    expect(cell(page, 0, 0)).to_have_attribute("data-chance", "50")
    findings = page.locator(f"#{ids.ANALYSIS_FINDINGS}")
    expect(findings).to_contain_text("Row 1, column 1 and row 2, column 1 are a 50/50")
    expect(findings).to_contain_text("Chance of winning with best play: 50% (1/2)")

    # A number no layout fits is said at once, with the cells that clash.
    page.keyboard.press("5")
    analysed(page)
    expect(page.locator(f"#{ids.ANALYSIS_SUMMARY}")).to_contain_text(
        "No layout fits: the 5 at row 1, column 2"
    )
    expect(cell(page, 0, 1)).to_have_class("cell analysis-clash analysis-cursor")

    # Copied as text, the text edited and pasted back.
    page.keyboard.press("1")
    page.locator(f"#{ids.ANALYSIS_COPY}").click()
    text = page.locator(f"#{ids.ANALYSIS_TEXT}")
    expect(text).to_have_value("1 mine\n#1.\n#1.")
    text.fill("2 mines\n###\n121\n...\n")
    page.locator(f"#{ids.ANALYSIS_PASTE}").click()
    expect(page.locator(f"#{ids.ANALYSIS_BOARD} .cell")).to_have_count(9)
    analysed(page)
    expect(cell(page, 0, 1)).to_have_attribute("data-chance", "0")
    expect(cell(page, 0, 1)).to_have_class("cell chance-safe analysis-best")
    expect(findings).to_contain_text("Row 1, column 2 is safe: the 2 at row 2, column 2")
    # A finding picked in the list shows its cells on the board.
    findings.get_by_role("button", name=re.compile(r"^Row 1, column 1 is a mine")).click()
    expect(cell(page, 0, 0)).to_have_class(re.compile(r"\banalysis-picked\b"))
    expect(page.locator(f"#{ids.ANALYSIS_CURSOR}")).to_contain_text("Row 1, column 1: covered")
    # ...and every number its proof reads, outlined: the 2 and the 1 at its right, not the
    # 1 at its left, which this proof does not read.
    for col, read in ((0, False), (1, True), (2, True)):
        picked = expect(cell(page, 1, col))
        pattern = re.compile(r"\banalysis-picked\b")
        (picked.to_have_class if read else picked.not_to_have_class)(pattern)

    # Bad text: a short message, the position kept.
    text.fill("2 mines\n###\n12\n")
    page.locator(f"#{ids.ANALYSIS_PASTE}").click()
    expect(page.locator(f"#{ids.ANALYSIS_ERROR}")).to_have_text(
        "Row 2 has 2 cells, but row 1 has 3: every row needs the same number of cells."
    )
    expect(page.locator(f"#{ids.ANALYSIS_BOARD} .cell")).to_have_count(9)

    # Its link opens it in the editor.
    link = page.locator(f"#{ids.ANALYSIS_LINK_TEXT}").input_value()
    assert link.endswith("/?position=2:---/121/...")  # readable, as the README shows it
    page = open_game(link[link.index("/?") :])
    expect(page.locator(f"#{ids.ANALYSIS_DIALOG}")).to_be_visible()
    analysed(page)
    expect(cell(page, 0, 0)).to_have_attribute("data-chance", "100")


def test_a_bad_position_link_is_said_and_the_game_plays(open_game: OpenGame) -> None:
    page = open_game("/?position=2:---/12")
    expect(page.locator(f"#{ids.MESSAGE}")).to_contain_text(
        "Ignored position=2:---/12: row 2 has 2 cells, but row 1 has 3"
    )
    expect(page.locator(f"#{ids.ANALYSIS_DIALOG}")).to_be_hidden()
    expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-status", "ready")


def test_a_replays_step_opens_in_the_editor_without_its_layout(open_game: OpenGame) -> None:
    page = open_game("/?level=beginner&seed=3")
    board = Board(page)
    board.click(4, 4)
    opened = board.states()
    mine = next(m for m in mines_of(BEGINNER, 3, (4, 4)) if opened[m][0] == "covered")
    board.click(*mine)  # lost: the game is kept, its replay ready
    expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-status", "lost")
    page.locator(f"#{ids.REPLAYS_OPEN}").click()
    page.locator("#replay-list button").first.click()
    # The viewer opens at 0 s: the board after the first click (an opening), not the loss.
    expect(page.locator(f"#{ids.REPLAY_BOARD} .cell[data-state='open']").first).to_be_visible()
    shown = page.locator(f"#{ids.REPLAY_BOARD} .cell[data-state='open']").count()
    page.locator(f"#{ids.REPLAY_ANALYSE}").click()
    expect(page.locator(f"#{ids.ANALYSIS_DIALOG}")).to_be_visible()
    analysed(page)
    cells = page.locator(f"#{ids.ANALYSIS_BOARD} .cell")
    expect(cells).to_have_count(81)
    assert page.locator(f"#{ids.ANALYSIS_BOARD} .cell[data-state='open']").count() == shown
    assert page.locator(f"#{ids.ANALYSIS_BOARD} .cell[data-state='mine']").count() == 0
    expect(page.locator(f"#{ids.ANALYSIS_TEXT}")).to_have_value(re.compile(r"^10 mines\n"))


def test_analyse_after_a_loss_shows_the_position_before_the_losing_click(
    open_game: OpenGame,
) -> None:
    """It once showed the whole layout, every chance 0 or 100."""
    page = open_game("/?level=beginner&seed=3")
    board = Board(page)
    board.click(4, 4)
    expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-status", "playing")
    seen = board.states()
    mine = next(m for m in mines_of(BEGINNER, 3, (4, 4)) if seen[m][0] == "covered")
    board.click(*mine)
    expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-status", "lost")
    page.locator(f"#{ids.ANALYSE_OPEN}").click()
    analysed(page)
    cells = page.locator(f"#{ids.ANALYSIS_BOARD} .cell")
    expect(cells).to_have_count(81)
    opened = sum(1 for state, _value in seen.values() if state == "open")
    assert page.locator(f"#{ids.ANALYSIS_BOARD} .cell[data-state='open']").count() == opened
    assert page.locator(f"#{ids.ANALYSIS_BOARD} .cell[data-state='mine']").count() == 0
    chances = page.locator(f"#{ids.ANALYSIS_BOARD} .cell[data-chance]").evaluate_all(
        "cells => cells.map(cell => cell.dataset.chance)"
    )
    assert any(chance not in ("0", "100") for chance in chances), chances
    row, col = mine
    expect(cell(page, row, col)).to_have_attribute("data-state", "covered")


def test_a_position_is_set_up_by_touch_on_a_phone(
    new_context: Callable[..., BrowserContext], page_guard: PageGuard
) -> None:
    context = new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    page_guard.watch(context)
    page = context.new_page()
    start(page, "/?position=1:---/-1-/---", READY_OR_FAILED_JS, 60_000)
    assert page.evaluate("() => document.body.dataset.ready") == "true", page_guard.report()
    analysed(page)
    expect(cell(page, 0, 1)).to_have_attribute("data-chance", "12")  # 1 mine in 8 cells: 12.5%
    page.locator(f"#{ids.ANALYSIS_BRUSHES} [data-brush='mine']").tap()
    cell(page, 0, 0).tap()  # a known mine: the 1's other cells are safe
    analysed(page)
    expect(cell(page, 0, 0)).to_have_attribute("data-state", "mine")
    expect(cell(page, 0, 1)).to_have_attribute("data-chance", "0")
    expect(page.locator(f"#{ids.ANALYSIS_TEXT}")).to_have_value("1 mine\n*##\n#1#\n###")
    box = page.locator(f"#{ids.ANALYSIS_DIALOG}").bounding_box()
    assert box is not None and box["width"] <= PHONE["width"]  # the dialog fits the phone


def test_axe_on_the_filled_editor(open_game: OpenGame) -> None:
    """The editor as a player sees it, chances and findings drawn, and with a clash said."""
    page = open_game("/?position=2:---/121/...")
    analysed(page)
    check(page, "analysis editor", f"#{ids.ANALYSIS_DIALOG}")
    page.locator(f"#{ids.ANALYSIS_BOARD}").focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("5")
    analysed(page)
    expect(page.locator(f"#{ids.ANALYSIS_SUMMARY}")).to_contain_text("No layout fits")
    check(page, "analysis editor with a clash", f"#{ids.ANALYSIS_DIALOG}")
