"""Zoom on a big board: Ctrl+wheel and + / - on a desktop, a pinch on a
touch screen, kept per board size; a pinch never reveals or flags a cell."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.board import Board
from tests.e2e.conftest import READY_OR_FAILED_JS, PageGuard
from web.page import ids

SEED = 20261122


def cell_width(page: Page) -> float:
    box = page.locator(f"#{ids.BOARD} .cell").first.bounding_box()
    assert box is not None
    return box["width"]


def zoom(page: Page) -> str | None:
    return page.locator(f"#{ids.BOARD}").get_attribute("data-zoom")


def test_keys_and_ctrl_wheel_zoom_and_each_board_size_keeps_its_zoom(
    open_game: Callable[[str], Page],
) -> None:
    page = open_game(f"/?level=expert&seed={SEED}")
    board = Board(page)
    before = board.states()
    assert cell_width(page) == 24
    page.keyboard.press("+")
    assert (zoom(page), cell_width(page)) == ("1.25", 30)
    page.locator(f"#{ids.BOARD} .cell").nth(40).hover()
    page.keyboard.down("Control")
    page.mouse.wheel(0, -100)  # a mouse wheel's notch, towards the screen: closer
    page.keyboard.up("Control")
    assert (zoom(page), cell_width(page)) == ("1.5", 36)
    page.keyboard.press("-")
    assert (zoom(page), cell_width(page)) == ("1.25", 30)
    assert board.states() == before and board.status == "ready", "zooming played nothing"

    page.locator(f"#{ids.LEVEL}").select_option("beginner")
    assert (zoom(page), cell_width(page)) == ("1.0", 24)  # another size: its own zoom
    page.keyboard.press("-")
    assert zoom(page) == "0.9"
    page.locator(f"#{ids.LEVEL}").select_option("expert")
    assert (zoom(page), cell_width(page)) == ("1.25", 30)
    page = open_game(f"/?level=expert&seed={SEED}")  # and after a reload
    assert (zoom(page), cell_width(page)) == ("1.25", 30)
    page.keyboard.press("0")
    assert (zoom(page), cell_width(page)) == ("1.0", 24)


def test_keys_typed_in_a_field_do_not_zoom(open_game: Callable[[str], Page]) -> None:
    page = open_game(f"/?seed={SEED}")
    page.locator(f"#{ids.LEVEL}").select_option("custom")
    page.locator(f"#{ids.CUSTOM_MINES}").press("-")
    assert zoom(page) == "1.0"


def pinch(page: Page, x: float, y: float, spread: float, hold_ms: int) -> None:
    """Two fingers on (x, y), the second a moment after the first, held, then spread apart
    by ``spread`` px each, through Chromium's own touch input."""
    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, *points: tuple[float, float]) -> None:
        touch_points = [{"x": px, "y": py, "id": n} for n, (px, py) in enumerate(points)]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": touch_points})

    touch("touchStart", (x - 10, y))
    page.wait_for_timeout(60)
    touch("touchStart", (x - 10, y), (x + 10, y))
    page.wait_for_timeout(hold_ms)  # longer than a long press: still no flag
    for step in range(1, 11):
        gap = 10 + spread * step / 10
        touch("touchMove", (x - gap, y), (x + gap, y))
        page.wait_for_timeout(30)
    touch("touchEnd")
    cdp.detach()


def test_a_pinch_zooms_and_never_plays(
    new_context: Callable[..., BrowserContext], page_guard: PageGuard
) -> None:
    context = new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page_guard.watch(context)
    page = context.new_page()
    page.goto(f"/?level=intermediate&seed={SEED}")
    page.wait_for_function(READY_OR_FAILED_JS, timeout=60_000)
    board = Board(page)
    board.cell(8, 8).tap()
    before = board.states()
    box = board.cell(3, 8).bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    pinch(page, x, y, spread=60, hold_ms=700)
    assert float(zoom(page) or 0) > 1.5, zoom(page)
    assert cell_width(page) > 36
    assert board.states() == before, "a pinch revealed or flagged a cell"
    expect(page.locator(f"#{ids.BOARD} .cell.{ids.PRESSED_CLASS}")).to_have_count(0)
    assert board.face == "smile"
    page.reload()
    page.wait_for_function(READY_OR_FAILED_JS, timeout=60_000)
    assert float(zoom(page) or 0) > 1.5, "kept for this board size"
