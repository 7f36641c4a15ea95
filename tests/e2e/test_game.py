"""The classic game in real Chromium on real Pyodide, through the public DOM contract."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from engine import BEGINNER, EXPERT, INTERMEDIATE, Level, Move
from tests.e2e.board import (
    Board,
    engine_game,
    expected_states,
    hold_touch,
)
from tests.e2e.reopen import start
from web.page import ids

OpenGame = Callable[[str], Page]
SEED = 20261122


def open_board(open_game: OpenGame, query: str) -> Board:
    return Board(open_game(f"/{query}"))


def test_fresh_game_follows_the_dom_contract(open_game: OpenGame) -> None:
    board = open_board(open_game, "")
    assert (board.attr("rows"), board.attr("cols"), board.attr("mines")) == ("9", "9", "10")
    assert board.status == "ready"
    states = board.states()
    assert len(states) == 81
    assert set(states.values()) == {("covered", None)}
    assert board.counter == "010"
    assert board.timer == "000"
    assert board.face == "smile"
    assert board.page.locator("#loading").count() == 0


def test_seeded_reveal_matches_the_engine_in_cpython(open_game: OpenGame) -> None:
    board = open_board(open_game, f"?level=expert&seed={SEED}")
    board.click(8, 15)
    expected = engine_game(EXPERT, SEED, Move.reveal(8, 15))
    assert board.states() == expected_states(expected)
    assert board.status == "playing"
    opened = [s for s in board.states().values() if s[0] == "open"]
    assert len(opened) >= 9  # the first click opens an area


def test_pressed_preview_follows_the_pointer_and_release_outside_cancels(
    open_game: OpenGame,
) -> None:
    board = open_board(open_game, f"?seed={SEED}")
    page = board.page
    pressed = page.locator(f"#{ids.BOARD} .cell.{ids.PRESSED_CLASS}")
    board.hover(3, 3)
    page.mouse.down()
    expect(pressed).to_have_count(1)
    assert pressed.get_attribute("data-row") == "3"
    assert board.face == "surprise"
    board.hover(5, 6)
    expect(pressed).to_have_count(1)
    assert (pressed.get_attribute("data-row"), pressed.get_attribute("data-col")) == ("5", "6")
    page.mouse.move(2, 2)  # off the board
    expect(pressed).to_have_count(0)
    page.mouse.up()
    assert board.status == "ready"
    assert set(board.states().values()) == {("covered", None)}
    assert board.face == "smile"


def _numbered_cell_with_mines(seed: int, level: Level, first: tuple[int, int]) -> tuple:
    """An open number after the first click, and the mines around it."""
    game = engine_game(level, seed, Move.reveal(*first))
    assert game.layout is not None
    grid = game.grid
    for cell, tile in enumerate(game.tiles):
        if 1 <= tile <= 8:
            around = grid.neighbours(cell)
            mines = [grid.row_col(n) for n in around if n in game.layout.mines]
            covered_safe = [n for n in around if game.tiles[n] == 9 and n not in game.layout.mines]
            if covered_safe:
                return grid.row_col(cell), mines, [grid.row_col(n) for n in covered_safe]
    raise AssertionError("no number with covered safe neighbours")


@pytest.mark.parametrize("how", ["both", "middle", "click"])
def test_chord_opens_around_a_satisfied_number(open_game: OpenGame, how: str) -> None:
    board = open_board(open_game, f"?level=intermediate&seed={SEED}")
    page = board.page
    board.click(8, 8)
    number, mines, safe = _numbered_cell_with_mines(SEED, INTERMEDIATE, (8, 8))
    for mine in mines:
        board.click(*mine, button="right")
    board.hover(*number)
    if how == "both":
        page.mouse.down(button="left")
        page.mouse.down(button="right")
        block = page.locator(f"#{ids.BOARD} .cell.{ids.PRESSED_CLASS}")
        assert block.count() == len(safe)  # the 3x3 preview shows only covered cells
        page.mouse.up(button="right")
        page.mouse.up(button="left")
    elif how == "middle":
        page.mouse.down(button="middle")
        page.mouse.up(button="middle")
    else:
        page.locator(f"#{ids.CLICK_CHORDS}").check()
        board.click(*number)
    states = board.states()
    assert all(states[cell][0] == "open" for cell in safe)
    assert all(states[mine][0] == "flagged" for mine in mines)


def test_level_menu_and_custom_dialog(open_game: OpenGame) -> None:
    board = open_board(open_game, "")
    page = board.page
    page.locator(f"#{ids.LEVEL}").select_option("expert")
    assert board.attr("cols") == "30"
    page.locator(f"#{ids.LEVEL}").select_option("custom")
    dialog = page.locator(f"#{ids.CUSTOM_DIALOG}")
    expect(dialog).to_be_visible()
    page.locator(f"#{ids.CUSTOM_ROWS}").fill("10")
    page.locator(f"#{ids.CUSTOM_COLS}").fill("12")
    page.locator(f"#{ids.CUSTOM_MINES}").fill("500")
    dialog.locator("button[type=submit]").click()
    expect(page.locator(f"#{ids.CUSTOM_ERROR}")).to_contain_text("1 to 119 mines")
    expect(dialog).to_be_visible()
    assert board.attr("cols") == "30"  # nothing changed yet
    page.locator(f"#{ids.CUSTOM_MINES}").fill("20")
    dialog.locator("button[type=submit]").click()
    expect(dialog).to_be_hidden()
    assert (board.attr("rows"), board.attr("cols"), board.attr("mines")) == ("10", "12", "20")
    assert page.locator(f"#{ids.LEVEL}").input_value() == "custom"
    page.locator(f"#{ids.LEVEL}").select_option("custom")
    page.locator(f"#{ids.CUSTOM_CANCEL}").click()
    expect(dialog).to_be_hidden()
    assert board.attr("rows") == "10"


def test_touch_tap_reveals_and_long_press_flags(
    browser_context_args: dict, new_context: Callable, page_guard: object, base_url: str
) -> None:
    context = new_context(has_touch=True, is_mobile=True, viewport={"width": 390, "height": 844})
    page_guard.watch(context)  # type: ignore[attr-defined]
    page = context.new_page()
    start(page, f"{base_url}?seed={SEED}", "document.body.dataset.ready === 'true'", 60_000)
    board = Board(page)
    box = board.cell(0, 0).bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    hold_touch(page, x, y, ms=700)
    assert board.states()[(0, 0)] == ("flagged", None)
    board.cell(4, 4).tap()
    assert board.status == "playing"
    assert board.states()[(4, 4)][0] == "open"
    assert board.states()[(0, 0)] == ("flagged", None)  # the tap did not also click elsewhere


def test_keyboard_plays_and_announces(open_game: OpenGame) -> None:
    board = open_board(open_game, f"?seed={SEED}")
    page = board.page
    page.locator(f"#{ids.BOARD}").focus()
    focus = page.locator(f"#{ids.BOARD} .cell.{ids.FOCUS_CLASS}")
    page.keyboard.press("ArrowLeft")
    expect(focus).to_have_count(1)
    assert (focus.get_attribute("data-row"), focus.get_attribute("data-col")) == ("4", "3")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    expected = engine_game(BEGINNER, SEED, Move.reveal(4, 4))
    assert board.states() == expected_states(expected)
    page.keyboard.press("Home")
    page.keyboard.press("PageUp")
    page.keyboard.press("f")
    assert board.states()[(0, 0)] == ("flagged", None)
    expect(page.locator(f"#{ids.ANNOUNCE}")).to_have_text("Row 1, column 1: flagged.")
    assert page.evaluate("window.scrollY") == 0  # arrows and Space did not scroll the page
