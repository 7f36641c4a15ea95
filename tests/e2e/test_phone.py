"""A phone held upright (390x844 CSS px, touch): every level's whole board can be reached
and tapped, and cells are at least the 24 px WCAG 2.2 target where the screen allows it.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.conftest import READY_OR_FAILED_JS, PageGuard
from web import ids

PHONE = {"width": 390, "height": 844}
TARGET = 24
SEED = 20261122

# The smallest cell's width and height, and whether the frame has more board than it shows.
MEASURE_JS = """() => {
  let w = Infinity, h = Infinity;
  for (const c of document.querySelectorAll('#board .cell')) {
    const r = c.getBoundingClientRect();
    w = Math.min(w, r.width); h = Math.min(h, r.height);
  }
  const f = document.getElementById('board-frame');
  return {w, h, scrolls: f.scrollWidth > f.clientWidth + 1 || f.scrollHeight > f.clientHeight + 1,
          pageWide: document.documentElement.scrollWidth > innerWidth + 1};
}"""
# Is the cell, scrolled into view, the element a finger at its centre would touch?
ON_TOP_JS = """(cell) => {
  cell.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const r = cell.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const inside = x >= 0 && y >= 0 && x <= innerWidth && y <= innerHeight;
  return inside && document.elementFromPoint(x, y) === cell;
}"""


@pytest.fixture
def phone(
    new_context: Callable[..., BrowserContext], page_guard: PageGuard
) -> Callable[[str], Page]:
    """``phone(path) -> Page``: one guarded phone-sized touch page, ready to play."""
    context = new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    page_guard.watch(context)
    page = context.new_page()

    def open_page(query: str) -> Page:
        page.goto(query)
        page.wait_for_function(READY_OR_FAILED_JS, timeout=60_000)
        assert page.evaluate("() => document.body.dataset.ready") == "true", page_guard.report()
        return page

    return open_page


def cell(row: int, col: int) -> str:
    return f'#board .cell[data-row="{row}"][data-col="{col}"]'


def board_size(page: Page) -> tuple[int, int]:
    rows, cols = (page.get_attribute(f"#{ids.BOARD}", f"data-{k}") for k in ("rows", "cols"))
    return int(rows or 0), int(cols or 0)


def corners(page: Page) -> list[tuple[int, int]]:
    rows, cols = board_size(page)
    return [(0, 0), (0, cols - 1), (rows - 1, 0), (rows - 1, cols - 1)]


def assert_whole_board_reachable(page: Page) -> None:
    """Every corner scrolls into view and is what a finger there touches; a tap on the far
    corner opens it."""
    for row, col in corners(page):
        assert page.locator(cell(row, col)).evaluate(ON_TOP_JS), f"cell {row},{col} unreachable"
    row, col = corners(page)[-1]
    page.tap(cell(row, col))
    expect(page.locator(cell(row, col))).not_to_have_attribute("data-state", "covered")


@pytest.mark.parametrize(
    ("level", "size"), [("beginner", (9, 9)), ("intermediate", (16, 16)), ("expert", (30, 16))]
)
def test_each_level_fits_a_phone_with_touch_size_cells(
    phone: Callable[[str], Page], level: str, size: tuple[int, int]
) -> None:
    """The default cell size; expert is chosen from the menu, as a player would, and is
    played on its side (16 columns), which the menu then shows."""
    page = phone(f"/?seed={SEED}")
    page.select_option(f"#{ids.LEVEL}", level)
    assert board_size(page) == size
    measured = page.evaluate(MEASURE_JS)
    print(f"phone {level}: cells {measured['w']}x{measured['h']} px, scrolls {measured['scrolls']}")
    assert measured["w"] >= TARGET and measured["h"] >= TARGET, measured
    assert not measured["pageWide"], "the page itself scrolls sideways"
    expect(page.locator(f"#{ids.SCROLL_CUE}")).to_be_hidden()
    if level == "expert":
        expect(page.locator(f"#{ids.LEVEL}")).to_have_value("expert-portrait")
        expect(page.locator(f"#{ids.MESSAGE}")).to_contain_text("on its side")
    assert_whole_board_reachable(page)


def test_landscape_expert_scrolls_and_says_so(phone: Callable[[str], Page]) -> None:
    """Asked for by the address, expert stays 30 wide: the board scrolls, a cue says so, and
    every corner can still be reached and tapped."""
    page = phone(f"/?level=expert&seed={SEED}")
    assert page.get_attribute(f"#{ids.BOARD}", "data-cols") == "30"
    measured = page.evaluate(MEASURE_JS)
    assert measured["scrolls"] and measured["w"] >= TARGET, measured
    assert not measured["pageWide"], "the frame scrolls, not the page"
    expect(page.locator(f"#{ids.SCROLL_CUE}")).to_be_visible()
    assert_whole_board_reachable(page)


@pytest.mark.parametrize("level", ["intermediate", "expert-portrait", "expert"])
def test_fit_shows_the_whole_board_without_scrolling(
    phone: Callable[[str], Page], level: str
) -> None:
    page = phone(f"/?level={level}&seed={SEED}")
    page.select_option(f"#{ids.CELL_SIZE}", "fit")
    measured = page.evaluate(MEASURE_JS)
    print(f"phone {level} at fit: cells {measured['w']}x{measured['h']} px")
    assert not measured["scrolls"], measured
    expect(page.locator(f"#{ids.SCROLL_CUE}")).to_be_hidden()
    if level != "expert":  # 30 columns cannot be 24 px in 390 px: there the floor is width
        assert measured["w"] >= TARGET, measured
    assert_whole_board_reachable(page)


def test_cell_sizes_change_the_cells_and_are_remembered(phone: Callable[[str], Page]) -> None:
    page = phone(f"/?level=beginner&seed={SEED}")
    widths = {}
    for size in ("s", "m", "l"):
        page.select_option(f"#{ids.CELL_SIZE}", size)
        widths[size] = page.evaluate(MEASURE_JS)["w"]
    assert widths == {"s": 16, "m": 24, "l": 32}
    page.select_option(f"#{ids.THEME}", "dark")
    page = phone(f"/?level=beginner&seed={SEED}")
    assert page.evaluate("() => document.documentElement.dataset.cellSize") == "l"
    assert page.evaluate("() => document.documentElement.dataset.theme") == "dark"
    expect(page.locator(f"#{ids.CELL_SIZE}")).to_have_value("l")
    expect(page.locator(f"#{ids.THEME}")).to_have_value("dark")
