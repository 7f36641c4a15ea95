"""The page fits a phone and a desktop, measured in boxes (issue 54), at 390x844 and 412x915
(touch) and at 1280x800:

- no notice over a control or a cell: "Expert turned on its side…" sat over the bottom rows
  and, scrolled to the end, exactly over the Help button, until the first tap;
- every dialog opens at its title with its Close in view: Help opened 42 px past its title
  on a phone, and its Close was under the dialog's fold at 1280x800;
- Help's touch rows come first on a touch screen (they were its 7th and 8th rows);
- Statistics' first columns, the best time among them, are in view on a phone ("Best (s)"
  began off the screen);
- the LED panel never covers the board (after Race a friend the page scrolled and the
  panel, kept in sight, covered the top rows);
- the keyboard cursor is a ring seen at a glance (tests/test_cursor_ring.py: its colours);
- one button style on the page: Review and Save EVF on the result line were the dialogs'
  grey bevelled buttons.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from engine import EXPERT, INTERMEDIATE, Level
from tests.e2e.board import mines_of
from tests.e2e.conftest import READY_OR_FAILED_JS, PageGuard
from tests.e2e.reopen import start
from web.page import ids

SCREENS = {
    "390x844": {"width": 390, "height": 844},
    "412x915": {"width": 412, "height": 915},
    "1280x800": {"width": 1280, "height": 800},
}
PHONES = ["390x844", "412x915"]
SEED = 20261122

Opened = Callable[[str, str], Page]


@pytest.fixture
def opened(new_context: Callable[..., BrowserContext], page_guard: PageGuard) -> Opened:
    """``opened(screen, path) -> Page``: a guarded page of that screen (a phone's is touch),
    ready to play. A second call opens another page in the same context (the same visit)."""
    contexts: dict[str, BrowserContext] = {}

    def open_page(screen: str, path: str) -> Page:
        if screen not in contexts:
            phone = screen in PHONES
            contexts[screen] = new_context(
                viewport=SCREENS[screen], is_mobile=phone, has_touch=phone
            )
            page_guard.watch(contexts[screen])
        page = contexts[screen].new_page()
        start(page, path, READY_OR_FAILED_JS, 60_000)
        assert page.evaluate("() => document.body.dataset.ready") == "true", page_guard.report()
        return page

    return open_page


def cell(row: int, col: int) -> str:
    return f'#board .cell[data-row="{row}"][data-col="{col}"]'


def win(page: Page, level: Level, first: tuple[int, int] = (0, 0)) -> None:
    """Win a fresh board (its seed read from the address after the first click), by
    revealing every safe cell: taps on a touch screen, clicks elsewhere."""
    touch = bool(page.evaluate("() => matchMedia('(pointer: coarse)').matches"))
    press = page.tap if touch else page.click
    press(cell(*first))
    seed = int(page.evaluate("new URLSearchParams(location.search).get('seed')"))
    mines = set(mines_of(level, seed, first))
    for row in range(level.rows):
        for col in range(level.cols):
            if (row, col) in mines:
                continue
            if page.get_attribute(cell(row, col), "data-state") == "covered":
                press(cell(row, col))
    expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-status", "won")


# --- boxes ------------------------------------------------------------------------------------

# What lies under ``selector``'s box: every control of the page and every cell, each cut to
# what of it shows (a cell to its frame's visible part, everything to the window), that
# overlaps the box by more than half a pixel.
UNDER_JS = """(selector) => {
  const over = document.querySelector(selector).getBoundingClientRect();
  const frame = document.getElementById('board-frame').getBoundingClientRect();
  const cut = (r, c) => ({left: Math.max(r.left, c.left), top: Math.max(r.top, c.top),
                          right: Math.min(r.right, c.right), bottom: Math.min(r.bottom, c.bottom)});
  const screen = {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
  const meets = (r) => Math.min(r.right, over.right) - Math.max(r.left, over.left) > 0.5
                    && Math.min(r.bottom, over.bottom) - Math.max(r.top, over.top) > 0.5;
  const found = [];
  const controls = 'main button, main select, main input, main label, main summary';
  for (const el of document.querySelectorAll(controls)) {
    if (el.closest(selector) || el.closest('dialog') || !el.checkVisibility()) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (meets(cut(r, screen))) found.push(el.id || el.textContent.trim().slice(0, 30));
  }
  for (const c of document.querySelectorAll('#board .cell')) {
    if (meets(cut(cut(c.getBoundingClientRect(), frame), screen)))
      found.push(`cell ${c.dataset.row},${c.dataset.col}`);
  }
  return found;
}"""


def under(page: Page, selector: str) -> list[str]:
    found: list[str] = page.evaluate(UNDER_JS, selector)
    return found


def scroll_page(page: Page, where: str) -> None:
    page.evaluate(
        "(end) => window.scrollTo(0, end ? document.documentElement.scrollHeight : 0)",
        where == "end",
    )
    page.wait_for_timeout(50)


# In sight: inside the window, and what a finger or a pointer at its centre reaches.
IN_SIGHT_JS = """(el) => {
  const r = el.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
          inside: r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5
                  && r.right <= innerWidth + 0.5,
          hit: hit !== null && (el.contains(hit) || hit.contains(el))};
}"""


def in_sight(page: Page, selector: str) -> dict[str, Any]:
    where: dict[str, Any] = page.locator(selector).evaluate(IN_SIGHT_JS)
    return where


# --- no notice over a control or a cell -------------------------------------------------------


@pytest.mark.parametrize("screen", PHONES)
def test_the_expert_notice_covers_no_cell_and_no_control(opened: Opened, screen: str) -> None:
    """Expert from the menu on a phone is turned on its side, and a notice says so: it
    covers no cell at the top of the page, and no control (Help) at its end."""
    page = opened(screen, f"/?seed={SEED}")
    page.select_option(f"#{ids.LEVEL}", "expert")
    message = page.locator(f"#{ids.MESSAGE}")
    expect(message).to_contain_text("on its side")
    for where in ("top", "end"):
        scroll_page(page, where)
        assert under(page, f"#{ids.MESSAGE}") == [], f"under the notice, page at its {where}"
        if where == "top":  # and read there, over nothing: the bar's top is 64 px up
            seen = in_sight(page, f"#{ids.MESSAGE}")
            height = SCREENS[screen]["height"]
            assert seen["hit"] and seen["top"] >= 0 and seen["bottom"] <= height - 64, seen
    # Help, at the end of the page, is what a tap on it reaches: its dialog opens.
    page.locator(f"#{ids.HELP_OPEN}").tap(timeout=5000)
    expect(page.locator(f"#{ids.HELP_DIALOG}")).to_be_visible()


def test_a_desktop_notice_covers_nothing(opened: Opened) -> None:
    page = opened("1280x800", "/?level=expert")
    page.locator(f"#{ids.COPY_LINK}").click()
    expect(page.locator(f"#{ids.MESSAGE}")).not_to_have_class("message empty")
    for where in ("top", "end"):
        scroll_page(page, where)
        assert under(page, f"#{ids.MESSAGE}") == [], where


# --- every dialog opens at its title, its Close in view ---------------------------------------

DIALOGS = [
    (ids.HELP_OPEN, ids.HELP_DIALOG, ids.HELP_CLOSE),
    (ids.STATS_OPEN, "stats-dialog", "stats-close"),
    (ids.REPLAYS_OPEN, "replay-dialog", "replay-close"),
    (ids.PRACTICE_OPEN, "practice-dialog", "practice-close"),
    ("open-analysis", ids.ANALYSIS_DIALOG, "analysis-close"),
]


@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_dialog_opens_at_its_title_with_its_close_in_view(
    opened: Opened, screen: str
) -> None:
    page = opened(screen, "/?level=intermediate&seed=7")
    for button, dialog, close in DIALOGS:
        page.locator(f"#{button}").click()
        expect(page.locator(f"#{dialog}")).to_be_visible()
        page.wait_for_timeout(100)  # a dialog that fills itself in (Statistics, Practice)
        title = in_sight(page, f"#{dialog} .dialog-title")
        assert title["inside"] and title["hit"], f"{dialog}'s title: {title}"
        # Opened at its start: its body begins under its title, not scrolled past.
        body_top = page.locator(f"#{dialog} .dialog-body").evaluate(
            "b => b.getBoundingClientRect().top"
        )
        assert body_top >= title["bottom"] - 0.5, f"{dialog} opened scrolled past its start"
        shut = in_sight(page, f"#{close}")
        assert shut["inside"] and shut["hit"], f"{dialog}'s Close: {shut}"
        page.locator(f"#{close}").click()
        expect(page.locator(f"#{dialog}")).to_be_hidden()


# --- Help: its touch rows first on a touch screen ---------------------------------------------


@pytest.mark.parametrize("screen", list(SCREENS))
def test_help_shows_a_touch_screen_its_touch_rows_first(opened: Opened, screen: str) -> None:
    page = opened(screen, f"/?seed={SEED}")
    page.locator(f"#{ids.HELP_OPEN}").click()
    first = page.locator("#help-body tbody tr >> nth=0")
    if screen in PHONES:
        expect(first.locator("td >> nth=0")).to_contain_text("tap / long press")
        expect(page.locator("#help-body tbody tr >> nth=1")).to_contain_text("pinch")
        where = in_sight(page, "#help-body tbody tr >> nth=0")
        assert where["inside"] and where["hit"], where
    else:
        expect(first.locator("td >> nth=0")).to_have_text("left click")


# --- Statistics' first columns in view on a phone ---------------------------------------------

COLUMNS_JS = """(table) => {
  const box = table.parentElement.getBoundingClientRect();
  const watch = table.querySelector('thead .watch');
  const edge = Math.min(box.right, watch ? watch.getBoundingClientRect().left : Infinity);
  return [...table.querySelectorAll('thead th')].filter(th => !th.classList.contains('watch'))
    .map(th => { const r = th.getBoundingClientRect();
                 const seen = r.left >= box.left - 0.5 && r.right <= edge + 0.5;
                 return [th.textContent.trim(), seen]; });
}"""


@pytest.mark.parametrize("screen", PHONES)
def test_statistics_first_columns_are_in_view_on_a_phone(opened: Opened, screen: str) -> None:
    """A won intermediate board (its name the longest of the levels', and one word): the
    boards' table shows every column up to the best time, and each best times table its
    rank, time, date, 3BV and 3BV/s, clear of the Watch column."""
    page = opened(screen, "/?level=intermediate")
    win(page, INTERMEDIATE, (8, 8))
    page.locator(f"#{ids.STATS_OPEN}").tap()
    expect(page.locator("#stats-body table")).to_have_count(3)
    tables = page.locator("#stats-body table")
    boards = dict(tables.nth(0).evaluate(COLUMNS_JS))
    wanted = ["Board", "Played", "Won", "Win rate", "Best (s)"]
    assert all(boards.get(name) for name in wanted), boards
    for nth in (1, 2):
        bests = dict(tables.nth(nth).evaluate(COLUMNS_JS))
        assert all(bests.get(name) for name in ("#", "Time (s)", "Date", "3BV", "3BV/s")), bests
    watch = in_sight(page, "#stats-body [data-replay] >> nth=0")
    assert watch["inside"] and watch["hit"], watch


# --- the LED panel never over the board -------------------------------------------------------

PANEL_JS = """() => {
  const panel = document.querySelector('.window > .panel').getBoundingClientRect();
  const frame = document.getElementById('board-frame').getBoundingClientRect();
  return {panel: panel.bottom, frame: frame.top, scrolled: scrollY};
}"""


def test_the_led_panel_never_covers_the_board_after_race_a_friend(opened: Opened) -> None:
    page = opened("1280x800", "/?level=expert")
    win(page, EXPERT, (8, 15))
    page.locator(f"#{ids.RACE_FRIEND}").click()
    expect(page.locator(f"#{ids.RACE_LINK_FIELD}")).to_be_visible()
    for where in ("now", "end"):
        if where == "end":
            scroll_page(page, "end")
        boxes = page.evaluate(PANEL_JS)
        assert boxes["panel"] <= boxes["frame"] + 0.5, f"the panel over the board: {boxes}"
    assert page.evaluate("() => scrollY") > 0, "the page did not scroll: nothing measured"
    assert under(page, ".window > .panel") == []


# --- the keyboard cursor, and one button style ------------------------------------------------


def test_the_keyboard_cursor_is_a_thick_ring(opened: Opened) -> None:
    page = opened("1280x800", f"/?seed={SEED}")
    page.locator(f"#{ids.BOARD}").focus()
    page.keyboard.press("ArrowRight")
    focused = page.locator("#board .cell.focus")
    expect(focused).to_have_count(1)
    style = focused.evaluate(
        "c => { const s = getComputedStyle(c); return [parseFloat(s.outlineWidth), s.outlineStyle,"
        " s.boxShadow]; }"
    )
    assert style[0] >= 3 and style[1] == "solid", style
    assert style[2].count("rgb") >= 2, f"no ring beside the outline: {style[2]}"


BUTTON_LOOK_JS = """(el) => { const s = getComputedStyle(el);
  return [s.borderTopLeftRadius, s.backgroundColor, s.borderTopColor, s.fontWeight,
          s.borderTopStyle]; }"""


@pytest.mark.parametrize("screen", ["390x844", "1280x800"])
def test_the_result_lines_buttons_look_like_every_other_button(opened: Opened, screen: str) -> None:
    page = opened(screen, "/?rows=6&cols=6&mines=4")
    win(page, Level(6, 6, 4))
    tool = page.locator(f"#{ids.RACE_FRIEND}").evaluate(BUTTON_LOOK_JS)
    buttons = page.locator(f"#{ids.STATS} button")
    expect(buttons).not_to_have_count(0)
    for nth in range(buttons.count()):
        button = buttons.nth(nth)
        look = button.evaluate(BUTTON_LOOK_JS)
        assert look == tool, f"{button.text_content()}: {look}, the page's buttons: {tool}"
