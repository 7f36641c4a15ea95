"""Bugs a play-test found in the page, each reproduced the way the player met it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from engine import BEGINNER, Move
from tests.e2e.board import Board, engine_game, hold_touch
from tests.e2e.reopen import start
from web.page import ids

OpenGame = Callable[[str], Page]

FIT_TEXT_JS = """el => {
    // The width "100" takes in the ::before box's own font, against that box's width.
    const box = getComputedStyle(el, '::before');
    const probe = document.createElement('span');
    probe.textContent = el.dataset.hint;
    Object.assign(probe.style, {position: 'absolute', whiteSpace: 'nowrap', font: box.font,
                                letterSpacing: box.letterSpacing});
    document.body.append(probe);
    const text = probe.getBoundingClientRect().width;
    probe.remove();
    return [text, parseFloat(box.width)];
}"""


def board_top(page: Page) -> float:
    box = page.locator(f"#{ids.BOARD}").bounding_box()
    assert box is not None
    return box["y"]


def notice(page: Page) -> str:
    return page.locator(f"#{ids.MESSAGE}").inner_text().strip()


def touch_context(new_context: Callable[..., BrowserContext], guard: Any) -> BrowserContext:
    context = new_context(has_touch=True, is_mobile=True, viewport={"width": 390, "height": 844})
    guard.watch(context)
    return context


def ready(page: Page, url: str) -> Board:
    start(page, url, "document.body.dataset.ready === 'true'", 60_000)
    return Board(page)


def centre(board: Board, row: int, col: int) -> tuple[float, float]:
    box = board.cell(row, col).bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


# --- 1. chances after a move to a smaller board --------------------------------------------

# In CPython: tests/test_page_game.py (test_the_chances_follow_a_move_to_a_smaller_board).


# --- 2. a long press that removes a flag -------------------------------------------------


def test_a_long_press_that_removes_a_flag_never_reveals(
    new_context: Callable[..., BrowserContext], page_guard: Any, base_url: str
) -> None:
    page = touch_context(new_context, page_guard).new_page()
    board = ready(page, f"{base_url}?seed=7&rows=9&cols=9&mines=10")
    board.cell(4, 4).tap()
    covered = [cell for cell, state in board.states().items() if state[0] == "covered"]
    row, col = covered[0]
    x, y = centre(board, row, col)
    hold_touch(page, x, y, ms=700)
    assert board.states()[(row, col)] == ("flagged", None)
    for expected in ("questioned", "covered"):
        hold_touch(page, x, y, ms=700)
        page.wait_for_timeout(100)  # room for any compatibility mouse event to land
        assert board.states()[(row, col)][0] == expected


# --- 3. the custom dialog -----------------------------------------------------------------


def test_custom_reopens_while_a_custom_board_is_played_and_remembers_it(
    open_game: OpenGame,
) -> None:
    board = Board(open_game("/"))
    page = board.page
    menu = page.locator(f"#{ids.LEVEL}")
    dialog = page.locator(f"#{ids.CUSTOM_DIALOG}")
    menu.select_option(label="Custom…")
    page.locator(f"#{ids.CUSTOM_ROWS}").fill("10")
    page.locator(f"#{ids.CUSTOM_COLS}").fill("12")
    page.locator(f"#{ids.CUSTOM_MINES}").fill("20")
    dialog.locator("button[type=submit]").click()
    expect(dialog).to_be_hidden()
    # A player can only pick an option that is not already selected: "Custom…" must not be.
    selected = page.evaluate(f"document.getElementById('{ids.LEVEL}').selectedOptions[0].text")
    assert selected != "Custom…" and "12x10/20" in selected
    menu.select_option(label="Custom…")
    expect(dialog).to_be_visible()
    page.locator(f"#{ids.CUSTOM_CANCEL}").click()
    menu.select_option("expert")
    menu.select_option(label="Custom…")
    expect(dialog).to_be_visible()
    fields = (ids.CUSTOM_ROWS, ids.CUSTOM_COLS, ids.CUSTOM_MINES)
    assert [page.locator(f"#{key}").input_value() for key in fields] == ["10", "12", "20"]


# --- 4. chording in Flag mode -------------------------------------------------------------


def test_a_touch_player_in_flag_mode_chords(
    new_context: Callable[..., BrowserContext], page_guard: Any, base_url: str
) -> None:
    seed = 2
    page = touch_context(new_context, page_guard).new_page()
    board = ready(page, f"{base_url}?seed={seed}")
    board.cell(4, 4).tap()
    game = engine_game(BEGINNER, seed, Move.reveal(4, 4))
    layout = game.layout
    assert layout is not None
    grid = game.grid
    number = next(
        cell
        for cell, tile in enumerate(game.tiles)
        if 0 < tile < 9
        and any(game.tiles[n] == 9 and n not in layout.mines for n in grid.neighbours(cell))
    )
    page.locator(f"#{ids.FLAG_MODE}").tap()
    for mine in (n for n in grid.neighbours(number) if n in layout.mines):
        board.cell(*grid.row_col(mine)).tap()
    before = sum(1 for s in board.states().values() if s[0] == "open")
    board.cell(*grid.row_col(number)).tap()
    after = sum(1 for s in board.states().values() if s[0] == "open")
    assert after > before


# --- 5. question marks off mid-game --------------------------------------------------------

# In CPython: tests/test_page_game.py (test_with_question_marks_unticked_...).


# --- 6. the dialog's messages --------------------------------------------------------------

# In CPython: tests/test_page_game.py (test_the_custom_dialog_names_the_field_...).


# --- 7. "100" in a small cell --------------------------------------------------------------


def test_a_certain_mine_shows_all_three_digits_in_the_smallest_cells(
    new_context: Callable[..., BrowserContext], page_guard: Any, base_url: str
) -> None:
    page = touch_context(new_context, page_guard).new_page()
    board = ready(page, f"{base_url}?level=expert&seed=5&hints")
    board.cell(8, 15).tap()
    hundred = page.locator(f'#{ids.BOARD} .cell[data-hint="100"]').first
    expect(hundred).to_be_attached()
    # The smallest cells the page draws (a wide board on a phone, or the small cell size).
    page.locator(f"#{ids.BOARD}").evaluate("b => b.style.setProperty('--cell', '18px')")
    assert (hundred.bounding_box() or {}).get("width") == 18
    text, room = hundred.evaluate(FIT_TEXT_JS)
    assert text <= room, f'"100" takes {text:.1f} px in a {room:.1f} px box'


# --- 8. notices never move the board and go when stale -------------------------------------


def test_a_hint_notice_does_not_move_the_board_and_goes_with_the_move(
    open_game: OpenGame,
) -> None:
    board = Board(open_game("/?seed=20261122"))
    page = board.page
    board.click(4, 4)
    top = board_top(page)
    page.locator(f"#{ids.HINT}").click()
    best = page.locator(f"#{ids.BOARD} .cell.{ids.HINT_BEST_CLASS}")
    expect(best).to_have_count(1)  # the hint is worked out in slices
    assert notice(page) and board_top(page) == top
    row, col = int(best.get_attribute("data-row") or 0), int(best.get_attribute("data-col") or 0)
    board.click(row, col)
    assert notice(page) == "" and board_top(page) == top


def test_finding_a_board_does_not_move_the_board_under_the_first_click(
    open_game: OpenGame,
) -> None:
    page = open_game("/?level=expert&seed=3&noguess")
    top = board_top(page)
    page.evaluate(
        "window.__tops = []; new MutationObserver(() => window.__tops.push("
        f"document.getElementById('{ids.BOARD}').getBoundingClientRect().top))"
        f".observe(document.getElementById('{ids.MESSAGE}'),"
        " {childList: true, characterData: true, subtree: true, attributes: true})"
    )
    Board(page).click(8, 15)
    page.wait_for_function(f"document.getElementById('{ids.BOARD}').dataset.status !== 'ready'")
    tops = page.evaluate("window.__tops")
    assert tops and all(abs(t - top) < 0.5 for t in tops), tops


# --- 9. silent buttons ---------------------------------------------------------------------

# In CPython: tests/test_page_game.py (test_hint_and_auto_play_say_why_after_the_end).


# --- 10. a one-column board ----------------------------------------------------------------


def test_a_one_column_board_sits_in_the_middle_of_its_window(open_game: OpenGame) -> None:
    page = open_game("/?rows=40&cols=1&mines=1&seed=1")
    board = page.locator(f"#{ids.BOARD}").bounding_box()
    frame = page.locator("#board-frame").bounding_box()
    window = page.locator(".window").bounding_box()
    assert board and frame and window
    middle = window["x"] + window["width"] / 2
    assert abs(board["x"] + board["width"] / 2 - middle) <= 1
    assert frame["width"] <= board["width"] + 8  # the frame hugs the column


# --- 11, 12. huge and long values in the address ------------------------------------------


# A number too long for Python: tests/test_address.py opens the real page at it in CPython.


def test_a_long_bad_value_is_quoted_short_and_the_page_keeps_its_width(
    open_game: OpenGame,
) -> None:
    page = open_game("/?seed=" + "x" * 20_000)
    assert 0 < len(notice(page)) < 200
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.evaluate("window.innerWidth")


# --- 13. arrow keys on the level menu ------------------------------------------------------


def test_arrow_keys_on_the_level_menu_never_throw_the_game_away(open_game: OpenGame) -> None:
    seed = 20261122
    board = Board(open_game(f"/?seed={seed}"))
    page = board.page
    board.click(4, 4)
    played = board.states()
    dialog = page.locator(f"#{ids.CUSTOM_DIALOG}")
    menu = page.locator(f"#{ids.LEVEL}")
    menu.focus()
    for _ in range(5):  # past intermediate, expert, portrait, down to "Custom…"
        page.keyboard.press("ArrowDown")
    expect(dialog).to_be_hidden()
    assert board.attr("cols") == "9" and board.states() == played
    menu.evaluate("el => el.blur()")
    assert menu.input_value() == "beginner"  # an uncommitted choice is dropped
    assert board.states() == played
    menu.focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    assert board.attr("cols") == "16" and board.status == "ready"


# --- 14. a repeated key in the address -----------------------------------------------------

# In CPython: tests/test_address.py (test_a_repeated_address_key_takes_its_first_value_on_the_page).


# --- 15. the S and R shortcuts -----------------------------------------------------------------


def test_the_s_and_r_shortcuts_open_their_dialogs(open_game: OpenGame) -> None:
    """A JavaScript null arrives as JsNull, not None: a test for "no dialog open" written
    with `is not None` was always true, so S and R never opened anything."""
    page = open_game("/?level=beginner")
    page.locator("#board").focus()
    page.keyboard.press("s")
    expect(page.locator("#stats-dialog")).to_have_attribute("open", "")
    page.keyboard.press("Escape")
    expect(page.locator("#stats-dialog")).not_to_have_attribute("open", "")
    page.keyboard.press("R")
    expect(page.locator("#replay-dialog")).to_have_attribute("open", "")
