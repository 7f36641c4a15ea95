"""The look a play-test asked for: every theme owns the whole
page, dialogs included, whatever the system's colour scheme; the result is said as
sentences; and the small things: the level menu's label, the custom dialog's messages,
a wider mine counter, the hint's ring, the chances' size, no gap under the board, a
result line that breaks between figures only, and long seeds."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from engine import BEGINNER, Level, Move
from play.game.settings import THEMES
from tests.e2e.board import Board, engine_game, expected_states, mines_of, win
from tests.e2e.conftest import READY_OR_FAILED_JS, PageGuard
from tests.e2e.reopen import start
from tests.e2e.test_accessibility import check
from tools.contrast import contrast, luminance
from web.page import ids

OpenGame = Callable[[str], Page]
SEED = 20261122
SMALL = Level(6, 6, 4)


def to_hex(css: str) -> str:
    """``rgb(1, 2, 3)`` (or ``rgba`` with alpha 1) as ``#010203``."""
    inside = css[css.index("(") + 1 : css.index(")")].replace(",", " ").replace("/", " ").split()
    return "#" + "".join(f"{round(float(v)):02x}" for v in inside[:3])


# --- item 12: each theme owns the page ------------------------------------------------------

# The colours the browser painted: the page, the toolbar, and what the dialogs show.
PAINT_JS = """() => {
  const bg = (el) => getComputedStyle(el).backgroundColor;
  const fg = (el) => getComputedStyle(el).color;
  const q = (s) => document.querySelector(s), th = q('#stats-body thead th');
  return {scheme: getComputedStyle(document.documentElement).colorScheme,
          page: bg(document.body), toolbar: bg(q('.toolbar')), toolbarInk: fg(q('.brand')),
          face: bg(q('.window')),
          th: th && [fg(th), bg(th)],
          link: q('#stats-body button.link') && fg(q('#stats-body button.link')),
          dialog: bg(q('#stats-dialog'))};
}"""


CHOOSE_THEME_JS = """(theme) => { const menu = document.getElementById('theme');
  menu.value = theme; menu.dispatchEvent(new Event('change')); }"""


@pytest.mark.parametrize("system", ["light", "dark"])
def test_each_theme_owns_the_whole_page_whatever_the_system_says(
    open_game: OpenGame, system: str
) -> None:
    page = open_game(f"/?rows=6&cols=6&mines=4&seed={SEED}")
    page.emulate_media(color_scheme=system)
    win(Board(page), SMALL, SEED)
    page.locator(f"#{ids.STATS_OPEN}").click()
    expect(page.locator("#stats-body thead th").first).to_be_visible()
    seen = {}
    for theme in THEMES:
        # The menu is behind the open dialog: set it as its own change would.
        page.evaluate(CHOOSE_THEME_JS, theme)
        paint: dict[str, Any] = page.evaluate(PAINT_JS)
        seen[theme] = paint
        dark = theme == "dark"
        assert paint["scheme"] == ("dark" if dark else "light"), (theme, paint)
        for part in ("page", "toolbar", "dialog", "face"):
            light = luminance(to_hex(paint[part])) > 0.18
            assert light != dark, f"{theme} on a {system} system: the {part} is {paint[part]}"
        th_ink, th_bg = (to_hex(c) for c in paint["th"])
        assert contrast(th_ink, th_bg) >= 4.5, (theme, paint["th"])
        assert contrast(to_hex(paint["link"]), to_hex(paint["dialog"])) >= 4.5, (theme, paint)
        assert contrast(to_hex(paint["toolbarInk"]), to_hex(paint["toolbar"])) >= 4.5
    assert seen["classic"]["page"] == seen["colorblind"]["page"]


def test_revealed_mines_are_not_bright_squares_in_the_dark_theme(open_game: OpenGame) -> None:
    page = open_game(f"/?seed={SEED}&rows=9&cols=9&mines=10")
    page.select_option(f"#{ids.THEME}", "dark")
    board = Board(page)
    board.click(4, 4)
    board.click(*mines_of(BEGINNER, SEED, (4, 4))[0])
    assert board.status == "lost"
    colours = page.evaluate(
        """() => ['mine', 'open'].map((s) => getComputedStyle(
             document.querySelector(`#board .cell[data-state="${s}"]`)).backgroundColor)"""
    )
    mine, opened = (to_hex(c) for c in colours)
    assert luminance(mine) < 0.05 and contrast(mine, opened) < 1.5, (mine, opened)


def test_axe_in_every_theme_with_every_dialog_open(open_game: OpenGame) -> None:
    """On a dark system: each theme with the custom dialog, Statistics (filled) and
    Replays open, and the settings folded behind their button."""
    page = open_game(f"/?rows=6&cols=6&mines=4&seed={SEED}")
    page.emulate_media(color_scheme="dark")
    win(Board(page), SMALL, SEED)
    for theme in THEMES:
        page.select_option(f"#{ids.THEME}", theme)
        page.locator(f"#{ids.LEVEL}").select_option("custom")
        check(page, f"{theme}: custom dialog")
        page.locator(f"#{ids.CUSTOM_CANCEL}").click()
        for opener, dialog, closer in (
            (ids.STATS_OPEN, ids.STATS_DIALOG, ids.STATS_CLOSE),
            (ids.REPLAYS_OPEN, ids.REPLAY_DIALOG, ids.REPLAY_CLOSE),
        ):
            page.locator(f"#{opener}").click()
            expect(page.locator(f"#{dialog}")).to_be_visible()
            check(page, f"{theme}: #{dialog}")
            page.locator(f"#{closer}").click()
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator(f"#{ids.SETTINGS_BUTTON}").click()
    expect(page.locator(f"#{ids.SETTINGS}")).to_be_visible()
    check(page, "the settings unfolded on a phone", include=".toolbar")


# --- item 13: the result in sentences ----------------------------------------------------


def test_a_new_best_and_the_result_are_said_as_two_sentences(open_game: OpenGame) -> None:
    """A board dealt by the page itself (its seed read from the address it shows), won:
    "New best on …: 1.23 s. Won in 1.23 s, 3BV …", not "…1.23 sWon in…"."""
    page = open_game("/?level=beginner")
    page.wait_for_function("new URLSearchParams(location.search).has('seed')")
    seed = int(page.evaluate("new URLSearchParams(location.search).get('seed')"))
    board = Board(page)
    board.click(4, 4)
    game = engine_game(BEGINNER, seed, Move.reveal(4, 4))
    assert game.layout is not None
    for (r, c), (state, _) in expected_states(game).items():
        safe = BEGINNER.grid.index(r, c) not in game.layout.mines
        if state == "covered" and safe and board.states()[(r, c)][0] == "covered":
            board.click(r, c)
    assert board.status == "won"
    said = page.locator(f"#{ids.RESULT_ANNOUNCE}").inner_text()
    assert re.fullmatch(r"New best on Beginner: \d+\.\d\d s\. Won in \d+\.\d\d s, 3BV .+\.", said)


# --- item 14: the small things ---------------------------------------------------------------


def test_the_level_menu_says_custom_while_its_dialog_is_open(open_game: OpenGame) -> None:
    page = open_game(f"/?seed={SEED}")
    menu = page.locator(f"#{ids.LEVEL}")
    menu.select_option("custom")  # the value the board being played would have too
    expect(page.locator(f"#{ids.CUSTOM_DIALOG}")).to_be_visible()
    shown = menu.evaluate("m => m.options[m.selectedIndex].text")
    assert shown == "Custom…"


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("abc", 'Height must be a whole number from 1 to 1000, got "abc"'),
        ("", "Height must be a whole number from 1 to 1000: the field is empty"),
    ],
)
def test_the_custom_dialog_says_what_was_typed(open_game: OpenGame, typed: str, said: str) -> None:
    page = open_game(f"/?seed={SEED}")
    page.locator(f"#{ids.LEVEL}").select_option("custom")
    page.fill(f"#{ids.CUSTOM_ROWS}", typed)
    page.click(f"#{ids.CUSTOM_FORM} button[type=submit]")
    expect(page.locator(f"#{ids.CUSTOM_ERROR}")).to_have_text(said)


def test_the_mine_counter_shows_as_many_digits_as_the_board_needs(open_game: OpenGame) -> None:
    page = open_game("/?rows=50&cols=50&mines=1234&seed=1")
    board = Board(page)
    assert board.counter == "1234"
    expect(page.locator(f"#{ids.MINE_COUNTER}")).to_have_attribute("aria-label", "1234 mines left")
    page = open_game(f"/?level=beginner&seed={SEED}")
    assert Board(page).counter == "010"  # the classic three otherwise


RING_JS = """() => {
  const cell = document.querySelector('#board .cell.hint-best'), s = getComputedStyle(cell);
  return [parseFloat(s.outlineWidth), s.outlineStyle, s.outlineColor, s.backgroundColor];
}"""


def test_the_hint_ring_is_unmistakable_in_every_theme(open_game: OpenGame) -> None:
    page = open_game(f"/?seed={SEED}")
    Board(page).click(4, 4)
    page.locator(f"#{ids.HINT}").click()
    expect(page.locator(f"#{ids.BOARD} .cell.{ids.HINT_BEST_CLASS}")).to_have_count(1)
    for theme in THEMES:
        page.select_option(f"#{ids.THEME}", theme)
        width, style, ring, under = page.evaluate(RING_JS)
        assert width >= 3 and style == "solid", (theme, width, style)
        assert contrast(to_hex(ring), to_hex(under)) >= 3, (theme, ring, under)


CHANCE_JS = """() => [...document.querySelectorAll('#board .cell[data-hint]')].map((cell) => {
  const box = getComputedStyle(cell, '::before');
  return [cell.dataset.hint, parseFloat(box.fontSize)];
})"""


def test_the_chances_are_legible_at_the_medium_cell_size(open_game: OpenGame) -> None:
    page = open_game(f"/?level=intermediate&seed={SEED}&hints")
    Board(page).click(8, 8)
    page.wait_for_selector("#board .cell[data-hint]")
    assert Board(page).cell(0, 0).bounding_box()["width"] == 24  # type: ignore[index]
    sizes = page.evaluate(CHANCE_JS)
    assert sizes and min(size for _hint, size in sizes) >= 10, sizes


def test_no_gap_is_kept_under_the_board(open_game: OpenGame) -> None:
    """With no notice, the solver's bar follows the window at the stage's usual spacing."""
    page = open_game(f"/?seed={SEED}")
    window: Any = page.locator(".window").bounding_box()
    assist: Any = page.locator(".assist").bounding_box()
    gap = assist["y"] - (window["y"] + window["height"])
    assert gap <= 30, f"{gap:.0f} px between the window and the solver's bar"


FIGURES_JS = """() => {
  const line = document.getElementById('stats');
  const lines = (f) => new Set([...f.getClientRects()].map((r) => Math.round(r.top))).size;
  return {lines: [...line.querySelectorAll('.figure')].map((f) => [f.textContent, lines(f)]),
          overflows: line.scrollWidth > line.clientWidth + 1};
}"""


def test_the_result_line_breaks_between_figures_only(
    new_context: Callable[..., BrowserContext], page_guard: PageGuard
) -> None:
    """On a phone, an assisted game on a 20-digit seed: "assisted by the solver" and
    the seed each stay whole, and the line stays inside the screen."""
    context = new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page_guard.watch(context)
    page = context.new_page()
    seed = 18446744073709551615
    start(page, f"/?seed={seed}&hints", READY_OR_FAILED_JS, 60_000)
    board = Board(page)
    board.cell(4, 4).tap()
    board.cell(*mines_of(BEGINNER, seed, (4, 4))[0]).tap()
    assert board.status == "lost"
    shown = page.evaluate(FIGURES_JS)
    figures = dict(shown["lines"])
    assert figures.get("assisted by the solver") == 1, shown
    assert figures.get(f"seed {seed}") == 1, shown
    assert all(rects == 1 for rects in figures.values()) and not shown["overflows"], shown
