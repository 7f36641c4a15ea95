"""A phone held upright (390x844 CSS px, touch): every level's whole board can be reached
and tapped, and cells are at least the 24 px WCAG 2.2 target where the screen allows it;
the board fills the screen, the settings fold behind one button, the LEDs, the face and
the Flag toggle sit in a bar at the bottom, and Statistics fits.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from engine import Level
from tests.e2e.board import Board, mines_of
from tests.e2e.conftest import READY_OR_FAILED_JS, PageGuard
from tests.e2e.reopen import start
from web.page import ids

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
        start(page, query, READY_OR_FAILED_JS, 60_000)
        assert page.evaluate("() => document.body.dataset.ready") == "true", page_guard.report()
        return page

    return open_page


def open_settings(page: Page) -> None:
    """Unfold the settings (? marks, chording, theme, cell size) behind their button."""
    button = page.locator(f"#{ids.SETTINGS_BUTTON}")
    if button.get_attribute("aria-expanded") != "true":
        button.tap()
    expect(page.locator(f"#{ids.SETTINGS}")).to_be_visible()


def choose(page: Page, menu: str, value: str) -> None:
    """Choose ``value`` in one of the folded menus, then fold them again."""
    open_settings(page)
    page.select_option(f"#{menu}", value)
    page.keyboard.press("Escape")
    expect(page.locator(f"#{ids.SETTINGS}")).to_be_hidden()


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
    choose(page, ids.CELL_SIZE, "fit")
    measured = page.evaluate(MEASURE_JS)
    print(f"phone {level} at fit: cells {measured['w']}x{measured['h']} px")
    assert not measured["scrolls"], measured
    expect(page.locator(f"#{ids.SCROLL_CUE}")).to_be_hidden()
    if level != "expert":  # 30 columns cannot be 24 px in 390 px: there the floor is width
        assert measured["w"] >= TARGET, measured
    assert_whole_board_reachable(page)


def test_cell_sizes_change_the_cells_and_are_remembered(phone: Callable[[str], Page]) -> None:
    """Small and large are fixed sizes; medium, on a touch screen, fills the screen."""
    page = phone(f"/?level=beginner&seed={SEED}")
    open_settings(page)
    widths = {}
    for size in ("s", "m", "l"):
        page.select_option(f"#{ids.CELL_SIZE}", size)
        widths[size] = page.evaluate(MEASURE_JS)["w"]
    assert (widths["s"], widths["l"]) == (16, 32)
    assert 38 <= widths["m"] <= 44, widths
    page.select_option(f"#{ids.CELL_SIZE}", "l")
    page.select_option(f"#{ids.THEME}", "dark")
    page = phone(f"/?level=beginner&seed={SEED}")
    assert page.evaluate("() => document.documentElement.dataset.cellSize") == "l"
    assert page.evaluate("() => document.documentElement.dataset.theme") == "dark"
    expect(page.locator(f"#{ids.CELL_SIZE}")).to_have_value("l")
    expect(page.locator(f"#{ids.THEME}")).to_have_value("dark")


# --- the board fills the phone ----------------------------------------------------------------

# The window, its frame and the board, and the window's borders and padding, in CSS px.
GEOMETRY_JS = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
                        return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  const win = document.querySelector('.window'), style = getComputedStyle(win);
  const cell = document.querySelector('#board .cell').getBoundingClientRect();
  return {win: box(win), frame: box(document.getElementById('board-frame')),
          board: box(document.getElementById('board')), cell: cell.width,
          bevel: ['Top', 'Right', 'Bottom', 'Left'].map(s => parseFloat(style[`border${s}Width`])),
          padding: ['Top', 'Right', 'Bottom', 'Left'].map(s => parseFloat(style[`padding${s}`])),
          width: innerWidth};
}"""


@pytest.mark.parametrize(
    ("level", "cols", "padded"),
    [("beginner", 9, True), ("intermediate", 16, False), ("expert", 16, False)],
)
def test_each_level_fills_the_width_in_a_whole_window(
    phone: Callable[[str], Page], level: str, cols: int, padded: bool
) -> None:
    """Beginner's cells grow towards 44 px; 16 columns keep 24 px. The window keeps a
    bevel on every side (and its padding where 24 px cells leave room for it), spans the
    screen evenly, and holds nothing beside its frame: no stray strip."""
    page = phone(f"/?seed={SEED}")
    page.select_option(f"#{ids.LEVEL}", level)
    g = page.evaluate(GEOMETRY_JS)
    print(f"phone {level}: cells {g['cell']} px, window {g['win']}, bevel {g['bevel']}")
    assert TARGET <= g["cell"] <= 44
    assert g["board"]["right"] - g["board"]["left"] == cols * g["cell"]
    assert g["width"] - (g["frame"]["right"] - g["frame"]["left"]) <= 2 * 12, "fills the width"
    if level == "beginner":
        assert g["cell"] >= 38, "the cells grow into the room a phone has"
    assert min(g["bevel"]) >= 2 and len(set(g["bevel"])) == 1, "a bevel, on every side"
    assert (min(g["padding"]) >= 6) == padded, g["padding"]
    assert abs(g["win"]["left"] - (g["width"] - g["win"]["right"])) <= 1, "centred"
    inside = g["win"]["right"] - g["win"]["left"] - 2 * g["bevel"][1] - 2 * g["padding"][1]
    assert abs(inside - (g["frame"]["right"] - g["frame"]["left"])) <= 1, "a strip by the frame"
    below = g["win"]["bottom"] - g["frame"]["bottom"]
    assert abs(below - g["bevel"][2] - g["padding"][2]) <= 1, "a strip under the frame"


# --- item 8: the settings in one menu, the controls at the bottom -------------------------


def test_the_settings_fold_behind_one_button(phone: Callable[[str], Page]) -> None:
    """A disclosure: a button with aria-expanded and aria-controls, opened by a tap or the
    keyboard, closed by Escape (the focus back on the button) or a tap elsewhere."""
    page = phone(f"/?seed={SEED}")
    toolbar = page.locator(".toolbar").bounding_box()
    assert toolbar is not None and toolbar["height"] <= 64, toolbar  # was about 170 px
    button = page.locator(f"#{ids.SETTINGS_BUTTON}")
    settings = page.locator(f"#{ids.SETTINGS}")
    expect(settings).to_be_hidden()
    expect(button).to_have_attribute("aria-controls", ids.SETTINGS)
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(button).to_have_accessible_name("Settings")
    # An icon alone, whole on the screen: its word is for screen readers only.
    box, width = button.bounding_box(), page.viewport_size
    assert box is not None and width is not None
    assert box["width"] <= 48 and box["x"] + box["width"] <= width["width"], box
    expect(page.locator(f"#{ids.SETTINGS_BUTTON} .settings-label")).to_have_css(
        "position", "absolute"
    )
    button.tap()
    expect(button).to_have_attribute("aria-expanded", "true")
    for control in (ids.QUESTION_MARKS, ids.CLICK_CHORDS, ids.THEME, ids.CELL_SIZE):
        expect(page.locator(f"#{control}")).to_be_visible()
    page.locator(f"#{ids.QUESTION_MARKS}").focus()
    page.keyboard.press("Escape")
    expect(settings).to_be_hidden()
    expect(button).to_be_focused()
    page.keyboard.press("Enter")
    expect(settings).to_be_visible()
    page.tap("#board .cell >> nth=0")  # elsewhere: closes it
    expect(settings).to_be_hidden()


ON_TOP_ID_JS = """(id) => {
  const el = document.getElementById(id), r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  return {top: r.top, bottom: r.bottom, hit: el.contains(document.elementFromPoint(x, y))};
}"""


@pytest.mark.parametrize(
    "query", [f"?level=intermediate&seed={SEED}", "?rows=60&cols=30&mines=200"]
)
def test_flag_and_face_sit_in_a_bar_at_the_bottom(phone: Callable[[str], Page], query: str) -> None:
    """Within a thumb's reach, and there whatever is scrolled, with the LEDs beside them."""
    page = phone(f"/{query}")
    for scrolled in (False, True):
        if scrolled:
            page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
            page.locator(f"#{ids.BOARD_FRAME}").evaluate("f => f.scrollTo(0, f.scrollHeight)")
        for element in (ids.FLAG_MODE, ids.FACE, ids.MINE_COUNTER, ids.TIMER):
            where = page.evaluate(ON_TOP_ID_JS, element)
            assert where["hit"], f"#{element} is covered ({scrolled=})"
            assert where["top"] >= PHONE["height"] - 80 and where["bottom"] <= PHONE["height"]
    flag = page.locator(f"#{ids.FLAG_MODE}")
    flag.tap()
    expect(flag).to_have_attribute("aria-pressed", "true")


# --- item 9: the LEDs and the face stay in view ----------------------------------------------


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_the_leds_and_face_stay_in_view_while_a_big_board_scrolls(
    new_context: Callable[..., BrowserContext], page_guard: PageGuard, screen: str
) -> None:
    options: dict[str, object] = (
        {"viewport": PHONE, "is_mobile": True, "has_touch": True}
        if screen == "phone"
        else {"viewport": {"width": 1280, "height": 800}}
    )
    context = new_context(**options)
    page_guard.watch(context)
    page = context.new_page()
    start(page, "/?rows=120&cols=80&mines=900&seed=3", READY_OR_FAILED_JS, 60_000)
    height = page.viewport_size["height"] if page.viewport_size else 800
    for step in range(3):
        page.evaluate("(y) => window.scrollTo(0, y)", 400 * step)
        page.locator(f"#{ids.BOARD_FRAME}").evaluate(
            "(f, y) => f.scrollTo(f.scrollWidth, y)", 600 * step
        )
        for element in (ids.MINE_COUNTER, ids.FACE, ids.TIMER):
            where = page.evaluate(ON_TOP_ID_JS, element)
            assert where["hit"] and where["top"] >= 0 and where["bottom"] <= height, (step, where)


# --- item 11: Statistics fits a phone ---------------------------------------------------------

# Every table of the dialog: inside the dialog, or in a box that scrolls it sideways.
TABLES_JS = """() => {
  const dialog = document.getElementById('stats-dialog').getBoundingClientRect();
  return [...document.querySelectorAll('#stats-body table')].map((table) => {
    const box = table.parentElement, style = getComputedStyle(box);
    const r = box.getBoundingClientRect();
    return {inside: r.left >= dialog.left - 0.5 && r.right <= dialog.right + 0.5,
            scrolls: ['auto', 'scroll'].includes(style.overflowX),
            fits: table.getBoundingClientRect().width <= r.width + 0.5};
  });
}"""


def test_statistics_fit_a_phone_and_watch_is_in_reach(phone: Callable[[str], Page]) -> None:
    """A won game with a long seed: the tables scroll inside the dialog, never past its
    edge, and each best time's Watch button is in sight and can be tapped. A fresh board
    (a seed from a link is no best time), whose random seed has 19 or 20 digits, mostly."""
    page = phone("/?rows=6&cols=6&mines=4")
    board = Board(page)
    page.tap(cell(0, 0))
    seed = int(page.evaluate("new URLSearchParams(location.search).get('seed')"))
    mines = set(mines_of(Level(6, 6, 4), seed, (0, 0)))
    for (row, col), (state, _) in board.states().items():
        if state == "covered" and (row, col) not in mines:
            page.tap(cell(row, col))
    assert board.status == "won"
    page.locator(f"#{ids.STATS_OPEN}").tap()
    # The table of boards, the best times and the NF best times (won by taps only: no flag).
    expect(page.locator("#stats-body table")).to_have_count(3)
    tables = page.evaluate(TABLES_JS)
    assert all(t["inside"] and (t["fits"] or t["scrolls"]) for t in tables), tables
    watch = page.locator("#stats-body [data-replay]").first
    where = watch.evaluate(
        """(el) => { const r = el.getBoundingClientRect(), x = r.left + r.width / 2,
                     y = r.top + r.height / 2;
                     return {x, hit: el.contains(document.elementFromPoint(x, y))}; }"""
    )
    assert where["hit"] and where["x"] <= PHONE["width"], where
