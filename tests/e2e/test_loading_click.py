"""While Python loads: the first click is kept and then played; loading says how far it is.

Python is held back by holding the response of ``python.zip`` (the page's own modules,
which static/pyodide-boot.mjs places before it runs main.py), so the covered board of
static/skeleton.js stays on screen for as long as a test needs it. The script draws only
the picture Python kept for the address (play/keeping/start_view.py): each test is a
returning player's visit, their storage as their last visit left it (tests/start_entry.py),
at the plain address or at the one the page showed them last.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable, Iterator
from datetime import date
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from engine import BEGINNER, EXPERT, INTERMEDIATE, Game, Level, Move, Record, new_game
from play.game.daily import daily_seed
from tests.e2e.board import Board, engine_game, expected_states, hold_touch
from tests.e2e.conftest import Gate, PageGuard
from tests.start_entry import returning, with_start_entry

READY = "document.body.dataset.ready === 'true'"
ACCEPTS = "performance.getEntriesByName('board-accepts-click').length === 1"
LIVE = "#loading [role=status][aria-live=polite]"
SEED = 9
CUSTOM = Level(rows=10, cols=12, mines=20)


def blobs_of(parts: dict[str, Any]) -> dict[str, str]:
    return {f"minesweeper/{k}": json.dumps({"schema": 1, "data": v}) for k, v in parts.items()}


def put(page: Page, items: dict[str, str]) -> None:
    """``items`` in the page's storage before its first script."""
    page.add_init_script(
        f"for (const [k, v] of Object.entries({json.dumps(items)})) localStorage.setItem(k, v);"
    )


def store(page: Page, **parts: Any) -> None:
    """Saved data (``settings=...``, ``game=...``) in place before the page's first script,
    as a plain visit to the page left it, the start's entry among them (tests/start_entry.py)."""
    put(page, with_start_entry(blobs_of(parts)))


def back_to(page: Page, search: str, **parts: Any) -> str:
    """A player who opened ``search`` before (with ``parts`` saved): their storage as that
    visit left it, in place before the page's first script; the address they open again:
    the page's plain address for ``"/"``, else the one the page showed them (path and
    query, as a reload or the address bar's text copied opens it)."""
    plain = search == "/"
    items, address = returning(blobs_of(parts), "" if plain else search)
    put(page, items)
    return "/" if plain else address


def loading(page: Page, path: str, accepts: bool = True) -> None:
    """Open ``path`` and wait for the covered board (and, if ``accepts``, its listeners)."""
    page.goto(path, wait_until="commit")
    page.wait_for_selector(".loading-card")
    if accepts:
        page.wait_for_function(ACCEPTS)
    assert page.evaluate(f"!({READY})")


def spot(page: Page, row: int, col: int) -> tuple[float, float]:
    """The centre of a cell of the covered board, from its geometry."""
    box: Any = page.locator("#loading").bounding_box()
    rows, cols = (int(page.get_attribute("#board", f"data-{k}") or 0) for k in ("rows", "cols"))
    return box["x"] + (col + 0.5) * box["width"] / cols, box["y"] + (row + 0.5) * box[
        "height"
    ] / rows


def pressed_cell(page: Page) -> tuple[int, int] | None:
    """The cell the covered board shows pressed, found from where it is drawn."""
    pressed = page.locator(".loading-pressed")
    if not pressed.is_visible():
        return None
    box: Any = pressed.bounding_box()
    board: Any = page.locator("#loading").bounding_box()
    size = box["width"]
    return round((box["y"] - board["y"]) / size), round((box["x"] - board["x"]) / size)


def ready(page: Page, gate: Gate) -> Board:
    gate.release()
    page.wait_for_function(READY, timeout=60_000)
    return Board(page)


def assert_contract(board: Board) -> None:
    """The DOM contract (docs/dom-contract.md): a covered cell never tells what is under it."""
    for state, value in board.states().values():
        assert state not in ("mine", "exploded", "wrong-flag") or board.status == "lost"
        if state in ("covered", "flagged", "questioned"):
            assert value is None


def test_a_click_while_loading_is_shown_pressed_then_played(page: Page, gate: Gate) -> None:
    row, col = 8, 15
    loading(page, back_to(page, f"?level=expert&seed={SEED}"))
    live = page.locator(LIVE)
    expect(live).to_be_visible()
    expect(live).to_contain_text("Loading the game…")
    expect(live).to_contain_text("Your first click will be played as soon as it is ready")

    page.mouse.click(*spot(page, row, col))
    assert pressed_cell(page) == (row, col)
    assert page.get_attribute("#face", "data-face") == "smile"
    expect(live).to_contain_text(f"Row {row + 1}, column {col + 1} kept")
    expect(live).to_be_visible()
    assert page.evaluate(f"!({READY})"), "the click must come before the game is ready"

    board = ready(page, gate)
    assert page.locator("#loading").count() == 0
    assert page.get_attribute("body", "data-early-click") is None
    game = engine_game(EXPERT, SEED, Move.reveal(row, col))
    assert board.states() == expected_states(game)  # that very click, and nothing else
    assert board.states()[(row, col)] == ("open", "0")  # the first click opens an area
    assert sum(state == "open" for state, _ in board.states().values()) > 1
    assert board.status == "playing"
    assert_contract(board)


# The loader's own events are kept from the page, so that only the test's count.
ONLY_THE_TESTS_PROGRESS = """addEventListener('runtime-progress',
    (event) => { if (!event.detail?.test) event.stopImmediatePropagation(); }, true);"""


def test_loading_shows_the_bytes_received_then_starting_python(page: Page, gate: Gate) -> None:
    page.add_init_script(ONLY_THE_TESTS_PROGRESS)
    loading(page, "?seed=1", accepts=False)  # a link: the card, no board kept for it
    bar, bytes_ = page.locator("#loading progress"), page.locator(".loading-bytes")
    expect(bar).to_be_hidden()  # no event (a visit whose loader says nothing): the text only
    expect(bytes_).to_be_hidden()
    expect(page.locator(LIVE)).to_contain_text("Loading the game…")

    def progress(received: int, total: int) -> None:
        detail = json.dumps({"received": received, "total": total, "test": True})
        page.evaluate(f"dispatchEvent(new CustomEvent('runtime-progress', {{detail: {detail}}}))")

    progress(2_100_000, 4_600_000)
    expect(bar).to_be_visible()
    position = page.evaluate("document.querySelector('#loading progress').position")
    assert position == pytest.approx(2.1 / 4.6)
    expect(bytes_).to_have_text("2.1 of 4.6 MB")
    expect(page.locator(".loading-title")).to_have_text("Loading the game…")
    progress(4_600_000, 4_600_000)
    expect(bytes_).to_have_text("4.6 of 4.6 MB")
    expect(page.locator(LIVE)).to_contain_text("Starting Python…")
    ready(page, gate)


def test_the_loaders_own_progress_fills_the_bar(page: Page, gate: Gate) -> None:
    loading(page, "?seed=1", accepts=False)  # python.zip, one of the runtime's downloads, held
    bar = page.locator("#loading progress")
    expect(bar).to_be_visible()
    expect(page.locator(".loading-bytes")).to_have_text(re.compile(r"^\d+\.\d of \d+\.\d MB$"))
    value, most = bar.evaluate("(bar) => [bar.value, bar.max]")
    assert 0 <= value < most  # not all in: python.zip is held
    ready(page, gate)


def test_a_second_click_and_a_right_click_while_loading_are_ignored(page: Page, gate: Gate) -> None:
    loading(page, back_to(page, f"?seed={SEED}"))
    page.mouse.click(*spot(page, 7, 7), button="right")  # a flag: not kept, nothing spent
    assert pressed_cell(page) is None
    page.mouse.click(*spot(page, 2, 2))
    page.mouse.click(*spot(page, 6, 6))
    page.mouse.click(*spot(page, 8, 0), button="right")
    assert pressed_cell(page) == (2, 2)
    assert page.get_attribute("body", "data-early-click") == "9x9/10;O2,2;mouse"

    board = ready(page, gate)
    assert board.states() == expected_states(engine_game(BEGINNER, SEED, Move.reveal(2, 2)))
    assert_contract(board)


def test_a_press_released_off_the_board_is_not_kept(page: Page, gate: Gate) -> None:
    loading(page, back_to(page, f"?seed={SEED}"))
    page.mouse.move(*spot(page, 4, 4))
    page.mouse.down()
    assert pressed_cell(page) == (4, 4)
    assert page.get_attribute("#face", "data-face") == "surprise"
    page.mouse.move(*spot(page, 4, 5))
    assert pressed_cell(page) == (4, 5)  # the press follows the pointer, as in the game
    page.mouse.move(5, 5)
    assert pressed_cell(page) is None
    page.mouse.up()
    assert page.get_attribute("body", "data-early-click") is None
    assert page.get_attribute("#face", "data-face") == "smile"
    board = ready(page, gate)
    assert board.status == "ready"
    assert all(state == "covered" for state, _ in board.states().values())


def test_a_saved_game_in_progress_is_resumed_and_no_click_is_kept(page: Page, gate: Gate) -> None:
    record = Record.of(new_game(BEGINNER, 5)).add(Move.reveal(4, 4), 0)
    game = record.replay()
    store(page, game={"record": record.to_text(), "elapsed_ms": 4000, "assisted": False})
    covered = next(c for c, (state, _) in expected_states(game).items() if state == "covered")
    loading(page, "/", accepts=False)
    expect(page.locator(".loading-hint")).to_be_hidden()
    page.mouse.click(*spot(page, *covered))
    assert pressed_cell(page) is None
    assert page.evaluate(ACCEPTS.replace("=== 1", "=== 0"))

    board = ready(page, gate)
    assert board.states() == expected_states(game)  # resumed as it was, the click not played
    assert board.status == "playing"
    assert_contract(board)


DAY = date(2026, 11, 22)
DAILY = engine_game(BEGINNER, daily_seed(DAY, BEGINNER), Move.reveal(4, 4))  # its centre opened


@pytest.mark.parametrize(
    ("path", "settings", "game"),
    [
        (f"?daily={DAY}", {}, DAILY),  # the daily board's first reveal is made for the player
        (f"?seed={SEED}", {"flag_mode": True}, new_game(BEGINNER, SEED)),  # a click flags
    ],
)
def test_no_click_is_kept_where_the_first_reveal_is_not_the_players(
    page: Page, gate: Gate, path: str, settings: dict[str, Any], game: Game
) -> None:
    address = back_to(page, path, settings=settings)
    covered = next(c for c, (state, _) in expected_states(game).items() if state == "covered")
    loading(page, address, accepts=False)
    assert page.locator("#loading[data-covered]").count() == 1  # the board, no click kept
    expect(page.locator(".loading-hint")).to_be_hidden()
    page.mouse.click(*spot(page, *covered))
    assert pressed_cell(page) is None
    assert page.get_attribute("body", "data-early-click") is None
    flag_mode = page.get_attribute("#flag-mode", "aria-pressed")
    board = ready(page, gate)
    assert page.get_attribute("#flag-mode", "aria-pressed") == flag_mode  # drawn as Python does
    assert board.states() == expected_states(game)
    assert_contract(board)


LOOK_JS = """() => {
  const {theme, cellSize} = document.documentElement.dataset;
  const {rows, cols} = document.getElementById('board').dataset;
  return {theme, cellSize, rows, cols};
}"""
PIXELS_JS = """async ([a, b]) => {
  const load = (src) => new Promise((done) => {
    const image = new Image();
    image.onload = () => done(image);
    image.src = src;
  });
  const pixels = (img) => {
    const canvas = document.createElement('canvas');
    canvas.width = img.width; canvas.height = img.height;
    const g = canvas.getContext('2d'); g.drawImage(img, 0, 0);
    return g.getImageData(0, 0, img.width, img.height).data;
  };
  const [p, q] = (await Promise.all([load(a), load(b)])).map(pixels);
  let differ = 0;
  for (let i = 0; i < p.length; i += 4) {
    const most = Math.max(...[0, 1, 2].map((k) => Math.abs(p[i + k] - q[i + k])));
    if (most > 24) differ++;
  }
  return differ / (p.length / 4);
}"""


def corner_png(page: Page) -> str:
    """A picture of the board's top-left covered cells, as a data: URL."""
    box: Any = page.locator("#board").bounding_box()
    clip = {"x": box["x"], "y": box["y"], "width": min(box["width"], 120), "height": 48}
    return "data:image/png;base64," + base64.b64encode(page.screenshot(clip=clip)).decode()


def board_look(page: Page) -> dict[str, Any]:
    """What must not change when Python draws the cells."""
    look: dict[str, Any] = page.evaluate(LOOK_JS)
    look["box"] = page.locator("#board").bounding_box()
    return look


SAVED_LOOKS = [
    # the address, the saved level, cell size and theme; then the board and look shown
    ("/", ("30x16/99", "l", "dark"), (EXPERT, "l", "dark")),
    ("/", ("16x16/40", "s", "contrast"), (INTERMEDIATE, "s", "contrast")),
    ("/", ("12x10/20", "fit", "colorblind"), (CUSTOM, "fit", "colorblind")),
    ("?level=beginner", ("30x16/99", "m", "dark"), (BEGINNER, "m", "dark")),  # the address first
    ("/", ("7x7/99", "huge", 3), (BEGINNER, "m", "classic")),  # bad data: the defaults
]


@pytest.mark.parametrize(("path", "saved", "shown"), SAVED_LOOKS)
def test_the_covered_board_is_the_board_python_shows(
    page: Page, gate: Gate, path: str, saved: tuple[Any, ...], shown: tuple[Level, str, str]
) -> None:
    level, size, theme = shown
    settings = dict(zip(("level", "cell_size", "theme"), saved, strict=True))
    loading(page, back_to(page, path, settings=settings))
    page.mouse.move(0, 0)  # no hover on either picture
    before, picture = board_look(page), corner_png(page)
    assert (before["theme"], before["cellSize"]) == (theme, size)
    assert (before["rows"], before["cols"]) == (str(level.rows), str(level.cols))

    ready(page, gate)
    assert board_look(page) == before  # same size, same place, same theme and cell size
    # The covered cells look the same, pixel for pixel (allowing a little antialiasing).
    differ = page.evaluate(PIXELS_JS, [picture, corner_png(page)])
    assert differ < 0.01, f"{differ:.1%} of the corner's pixels changed"


def test_the_covered_board_has_the_zoom_kept_for_its_size(page: Page, gate: Gate) -> None:
    """The zoom kept per board size (web/controls/zoom.py) is the skeleton's too: no jump when
    Python takes over."""
    store(page, settings={"level": "16x16/40"}, zoom={"16x16": 1.5, "9x9": 3})
    loading(page, "/")
    before = board_look(page)
    ready(page, gate)
    assert page.get_attribute("#board", "data-zoom") == "1.5"
    assert board_look(page) == before


@pytest.fixture
def phone(new_context: Callable[..., BrowserContext], page_guard: PageGuard) -> Iterator[Page]:
    context = new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page_guard.watch(context)
    yield context.new_page()


def test_a_tap_is_kept_and_a_long_press_is_not(phone: Page) -> None:
    gate = Gate()
    phone.route("**/python.zip", gate)
    try:
        loading(phone, back_to(phone, f"?seed={SEED}"))
        hold_touch(phone, *spot(phone, 0, 0), ms=700)  # a long press flags: never kept
        assert pressed_cell(phone) is None
        assert phone.get_attribute("body", "data-early-click") is None
        phone.touchscreen.tap(*spot(phone, 3, 5))
        assert pressed_cell(phone) == (3, 5)
        assert phone.get_attribute("body", "data-early-click") == "9x9/10;O3,5;touch"
        board = ready(phone, gate)
    finally:
        gate.release()
    assert board.states() == expected_states(engine_game(BEGINNER, SEED, Move.reveal(3, 5)))


PHONE_LOOKS = [
    # a phone's board fills its width: beginner's cells grow, 16 columns thin the window
    ("?level=beginner", ("9x9/10", "m", "classic"), (BEGINNER, "m", "classic")),
    ("?level=intermediate", ("9x9/10", "m", "dark"), (INTERMEDIATE, "m", "dark")),
    ("/", ("30x16/99", "fit", "contrast"), (EXPERT, "fit", "contrast")),
]


@pytest.mark.parametrize(("path", "saved", "shown"), PHONE_LOOKS)
def test_the_covered_board_is_the_board_python_shows_on_a_phone(
    phone: Page, path: str, saved: tuple[Any, ...], shown: tuple[Level, str, str]
) -> None:
    """The phone's own geometry (cells up to 44 px, a thinner window for
    16 columns, the bar at the bottom) is the style sheet's, so the covered board has it too."""
    level, size, theme = shown
    gate = Gate()
    phone.route("**/python.zip", gate)
    try:
        settings = dict(zip(("level", "cell_size", "theme"), saved, strict=True))
        loading(phone, back_to(phone, path, settings=settings))
        before, picture = board_look(phone), corner_png(phone)
        assert (before["theme"], before["cellSize"]) == (theme, size)
        assert (before["rows"], before["cols"]) == (str(level.rows), str(level.cols))
        ready(phone, gate)
    finally:
        gate.release()
    assert board_look(phone) == before
    differ = phone.evaluate(PIXELS_JS, [picture, corner_png(phone)])
    assert differ < 0.01, f"{differ:.1%} of the corner's pixels changed"
