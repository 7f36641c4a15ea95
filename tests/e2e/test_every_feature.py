"""Every feature of the page, once, in real Chromium: none may need a module that the
trimmed standard library (tools/site/stdlib.py) left out.

Python imports lazily: the solver on the first hint, ``asyncio`` tasks for auto-play and
replays, the statistics' JSON on export and import, ``datetime`` for the daily board...
A module missing from python_stdlib.zip shows only when the feature that imports it
runs, so each test walks through features and then checks that no Python error showed:
no console error, no page error (the guard of conftest.py),
and no "went wrong" notice in ``#message`` (what web/page/listeners.py shows when a handler
raised).

Each test runs twice: once as the page starts for a player (from the build's memory
snapshot, in which our pure-Python modules and what they import are already loaded),
and once from a normal boot (the snapshot refused, as when it does not fit the runtime),
where every import comes from the zip.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Dialog, Page, Route, expect

from tests.e2e.board import Board, lose_beginner
from web.page import ids

OpenGame = Callable[[str], Page]
SEED = 4242
FINISHED = "['won', 'lost'].includes(document.getElementById('board').dataset.status)"
THEMES = ("classic", "contrast", "colorblind", "dark")
CELL_SIZES = ("s", "m", "l", "fit")
ERROR_NOTICE = re.compile(r"went wrong|could not|error", re.IGNORECASE)


@pytest.fixture(params=["snapshot", "boot"])
def open_page(request: pytest.FixtureRequest, open_game: OpenGame, page: Page) -> OpenGame:
    """``open_game``, started from the snapshot or, for "boot", from a normal boot: the
    snapshot's bytes are replaced by junk, which the page refuses with a warning."""
    start = str(request.param)

    def junk(route: Route) -> None:
        route.fulfill(status=200, body=b"not a snapshot", content_type="application/gzip")

    if start == "boot":
        page.route("**/pyodide-snapshot.bin.gz", junk)

    def _open(path: str) -> Page:
        opened = open_game(path)
        assert opened.evaluate("document.documentElement.dataset.pythonStart") == start
        return opened

    return _open


def no_error_notice(page: Page) -> None:
    """The notice line holds no error (Python errors in handlers end up there)."""
    text = page.locator(f"#{ids.MESSAGE}").inner_text()
    assert not ERROR_NOTICE.search(text), f"#message: {text!r}"


def test_the_solver_hint_chances_auto_play_and_no_guess(open_page: OpenGame) -> None:
    page = open_page(f"/?level=intermediate&seed={SEED}")
    board = Board(page)
    board.click(8, 8)
    page.locator(f"#{ids.HINT}").click()
    expect(page.locator(f"#{ids.BOARD} .cell.{ids.HINT_BEST_CLASS}")).to_have_count(1)
    page.locator(f"#{ids.SHOW_HINTS}").check()
    expect(page.locator(f"#{ids.BOARD}")).to_have_class(re.compile(ids.SHOW_HINTS_CLASS))
    page.wait_for_function("document.querySelectorAll('#board .cell[data-hint]').length > 0")
    no_error_notice(page)
    page.select_option(f"#{ids.AUTO_SPEED}", "0")
    page.locator(f"#{ids.AUTO}").click()
    page.wait_for_function(FINISHED, timeout=60_000)
    expect(page.locator(f"#{ids.AUTO}")).to_have_attribute("aria-pressed", "false")
    expect(page.locator(f"#{ids.STATS}")).to_contain_text("assisted")
    page.locator(f"#{ids.SHOW_HINTS}").uncheck()
    page.locator(f"#{ids.NO_GUESS}").check()
    page.locator(f"#{ids.FACE}").click()
    board.click(8, 8)
    page.wait_for_function("document.getElementById('board').dataset.status === 'playing'")
    no_error_notice(page)


def test_replays_watch_a_game_and_a_pasted_record(open_page: OpenGame) -> None:
    page = open_page(f"/?seed={SEED}")
    board = Board(page)
    lose_beginner(board, SEED)
    page.locator(f"#{ids.REPLAYS_OPEN}").click()
    expect(page.locator(f"#{ids.REPLAY_DIALOG}")).to_be_visible()
    page.locator(f"#{ids.REPLAY_LIST} button").first.click()
    expect(page.locator(f"#{ids.REPLAY_VIEWER}")).to_be_visible()
    page.locator(f"#{ids.REPLAY_STEP}").click()
    page.locator(f"#{ids.REPLAY_BACK}").click()
    page.select_option(f"#{ids.REPLAY_SPEED}", "16")
    page.locator(f"#{ids.REPLAY_PLAY}").click()  # an asyncio task draws the frames
    expect(page.locator(f"#{ids.REPLAY_FACE}")).to_have_attribute("data-face", "dead")
    page.locator(f"#{ids.REPLAY_SCRUB}").fill("0")
    record = "ms1;9x9/10;seed=1;marks=1;noguess=0;O4,4@0;F0,0@900;O0,1@1800"
    page.locator(f"#{ids.REPLAY_TEXT}").fill(record)
    page.locator(f"#{ids.REPLAY_LOAD}").click()
    expect(page.locator(f"#{ids.REPLAY_ERROR}")).to_be_hidden()
    expect(page.locator(f"#{ids.REPLAY_TITLE}")).to_contain_text("seed 1 · 3 moves")
    for _ in range(3):
        page.locator(f"#{ids.REPLAY_STEP}").click()
    expect(page.locator(f"#{ids.REPLAY_MOVE}")).to_contain_text("Move 3 of 3")
    page.locator(f"#{ids.REPLAY_TEXT}").fill("not a record")
    page.locator(f"#{ids.REPLAY_LOAD}").click()
    expect(page.locator(f"#{ids.REPLAY_ERROR}")).to_be_visible()
    page.locator(f"#{ids.REPLAY_CLOSE}").click()
    no_error_notice(page)


def test_statistics_open_export_import_and_reset(open_page: OpenGame, tmp_path: Path) -> None:
    page = open_page(f"/?seed={SEED}")
    page.on("dialog", lambda dialog: dialog.accept())  # "Reset ...? This cannot be undone."
    lose_beginner(Board(page), SEED)
    page.locator(f"#{ids.STATS_OPEN}").click()
    expect(page.locator(f"#{ids.STATS_DIALOG}")).to_be_visible()
    expect(page.locator(f"#{ids.STATS_BODY}")).to_contain_text("Beginner")
    with page.expect_download() as download:
        page.locator(f"#{ids.STATS_EXPORT}").click()
    exported = tmp_path / "statistics.json"
    download.value.save_as(exported)
    data = json.loads(exported.read_text(encoding="utf-8"))
    page.locator(f"#{ids.STATS_IMPORT}").set_input_files(str(exported))
    expect(page.locator(f"#{ids.STATS_STATUS}")).to_contain_text("Imported")
    page.locator(f"#{ids.STATS_RESET}").click()
    expect(page.locator(f"#{ids.STATS_BODY}")).not_to_contain_text("Beginner")
    page.locator(f"#{ids.STATS_RESET_ALL}").click()
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({**data, "format": "something else"}), encoding="utf-8")
    page.locator(f"#{ids.STATS_IMPORT}").set_input_files(str(broken))
    expect(page.locator(f"#{ids.STATS_STATUS}")).not_to_be_empty()
    page.locator(f"#{ids.STATS_CLOSE}").click()
    no_error_notice(page)


def test_daily_board_custom_board_themes_and_cell_sizes(open_page: OpenGame) -> None:
    page = open_page(f"/?seed={SEED}")
    board = Board(page)
    dialogs: list[str] = []

    def unexpected(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", unexpected)
    page.locator(f"#{ids.DAILY}").click()
    expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-status", "playing")
    assert "daily=" in page.url
    page.locator(f"#{ids.LEVEL}").select_option("custom")
    dialog = page.locator(f"#{ids.CUSTOM_DIALOG}")
    expect(dialog).to_be_visible()
    page.locator(f"#{ids.CUSTOM_ROWS}").fill("12")
    page.locator(f"#{ids.CUSTOM_COLS}").fill("14")
    page.locator(f"#{ids.CUSTOM_MINES}").fill("25")
    dialog.locator("button[type=submit]").click()
    expect(dialog).to_be_hidden()
    assert (board.attr("rows"), board.attr("cols"), board.attr("mines")) == ("12", "14", "25")
    board.click(6, 7)
    root = page.locator("html")
    for theme in THEMES:
        page.select_option(f"#{ids.THEME}", theme)
        expect(root).to_have_attribute("data-theme", theme)
        for size in CELL_SIZES:
            page.select_option(f"#{ids.CELL_SIZE}", size)
            expect(root).to_have_attribute("data-cell-size", size)
    page.locator(f"#{ids.QUESTION_MARKS}").uncheck()
    page.locator(f"#{ids.FLAG_MODE}").click()
    board.click(0, 0)
    page.locator(f"#{ids.FLAG_MODE}").click()
    page.keyboard.press("F2")
    expect(page.locator(f"#{ids.BOARD}")).to_have_attribute("data-status", "ready")
    assert dialogs == []
    no_error_notice(page)
