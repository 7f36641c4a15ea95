"""The pointer's path in real Chromium: a game played with the mouse keeps the pointer's
moves with its record, and the EVF file written from that record reads in ms-toollib to
the same board, clicks and result, its clicks where the pointer was."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, cast

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api._generated import Clock  # not exported by name (Playwright 1.65)

from engine import BEGINNER, Record, Status
from engine.record import PATH_CELL_PX
from play.videos.evf import evf_of_record
from play.videos.replay import Replay
from tests.e2e.board import Board, mines_of
from tests.helpers import shared_replay
from web.page import ids

ms = pytest.importorskip("ms_toollib")

SEED = 4242


def test_a_game_played_with_the_mouse_keeps_its_path_and_saves_as_evf(
    open_game: Callable[[str], Page],
) -> None:
    page = open_game(f"/?level=beginner&seed={SEED}")
    board = Board(page)
    mines = set(mines_of(BEGINNER, SEED, (0, 0)))
    box = board.cell(0, 0).bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + 2, box["y"] + 2)
    page.mouse.move(box["x"] + box["width"] * 0.75, box["y"] + box["height"] * 0.25, steps=5)
    page.mouse.down()
    page.mouse.up()
    for (row, col), (state, _) in board.states().items():
        if state == "covered" and (row, col) not in mines:
            cell = board.cell(row, col).bounding_box()
            assert cell is not None
            page.mouse.move(cell["x"] + cell["width"] / 2, cell["y"] + cell["height"] / 2, steps=3)
            page.mouse.down()
            page.mouse.up()
    assert board.status == "won"
    stored = page.evaluate("localStorage.getItem('minesweeper/records')")
    texts = list(json.loads(stored)["data"].values())
    assert len(texts) == 1 and ";P=" in texts[0]
    record = Record.parse(texts[0])
    assert record.replay().status is Status.WON
    first = record.path[0]
    assert 0 <= first.x < PATH_CELL_PX and 0 <= first.y < PATH_CELL_PX  # over cell (0, 0)
    assert any(sample.buttons & 1 for sample in record.path)  # a press was kept
    video = ms.EvfVideo(raw_data=list(evf_of_record(record, player="e2e")))
    video.parse()
    video.analyse()
    video.current_time = 999_999.0
    moves = record.moves
    assert (video.row, video.column, video.mine_num) == (9, 9, 10)
    assert video.is_completed and video.left == len(moves) and video.bbbv_solved == video.bbbv
    # The first click is where the pointer was: three quarters across, a quarter down
    clicked = next(s for s in record.path if s.buttons & 1)
    assert (clicked.x, clicked.y) == (int(0.75 * PATH_CELL_PX), int(0.25 * PATH_CELL_PX))


# --- saving a video, watching it with its pointer -------------------------------------------

FIRST, HELD, FLAGGED, MINE = (0, 0), (5, 0), (4, 0), (2, 5)
"""Seed 4242's beginner board opened at (0, 0): (5, 0) is a covered safe cell beside the
opening, (4, 0) a mine beside it, (2, 5) another mine."""
HOLD_MS = 400
"""How long the left button is held on HELD: the replay shows the cell pressed meanwhile."""
VIDEO_NAME = re.compile(r"minesweeper-beginner-\d{4}-\d\d-\d\d-\d{4}\.evf")
POINTER_JS = "() => document.getElementById('replay-pointer').style.cssText"
MOVED_JS = """first => { const p = document.getElementById('replay-pointer');
    return !p.hidden && p.style.cssText !== first }"""
SCRUB_JS = """(scrub, ms) => { scrub.value = String(ms);
    scrub.dispatchEvent(new Event('input', {bubbles: true})) }"""


def pointer_to(page: Page, board: Board, row: int, col: int) -> None:
    box = board.cell(row, col).bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=5)


def play_a_few_moves(page: Page) -> Board:
    """Open FIRST, hold the left button on HELD for HOLD_MS, flag FLAGGED, then open MINE:
    lost, and kept with the pointer's path."""
    board = Board(page)
    assert {FLAGGED, MINE} <= set(mines_of(BEGINNER, SEED, FIRST))
    for row, col in (FIRST, HELD):
        pointer_to(page, board, row, col)
        page.mouse.down()
        if (row, col) == HELD:
            page.wait_for_timeout(HOLD_MS)  # a long press, seen in the replay, not a timing test
        page.mouse.up()
    pointer_to(page, board, *FLAGGED)
    page.mouse.down(button="right")
    page.mouse.up(button="right")
    pointer_to(page, board, *MINE)
    page.mouse.down()
    page.mouse.up()
    assert board.status == "lost"
    return board


def kept_record(page: Page) -> Record:
    stored = page.evaluate("localStorage.getItem('minesweeper/records')")
    (text,) = json.loads(stored)["data"].values()
    return Record.parse(text)


def scrub_to(page: Page, ms: int) -> None:
    page.locator(f"#{ids.REPLAY_SCRUB}").evaluate(SCRUB_JS, ms)


def read_video(path: Path) -> Any:
    video = ms.EvfVideo(str(path))
    video.parse()
    video.analyse()
    video.current_time = 999_999.0
    return video


def test_a_game_saved_as_evf_from_replays_reads_in_ms_toollib_with_the_players_name(
    open_game: Callable[[str], Page], tmp_path: Path
) -> None:
    page = open_game(f"/?level=beginner&seed={SEED}")
    play_a_few_moves(page)
    page.locator(f"#{ids.REPLAYS_OPEN}").click()
    page.locator("#player-name").fill("  Ada Lovelace ")
    page.locator("#player-name").press("Tab")  # a change: kept, and shown as kept
    expect(page.locator("#player-name")).to_have_value("Ada Lovelace")
    with page.expect_download() as download:
        page.locator(f"#{ids.REPLAY_LIST} button[data-video]").first.click()
    assert VIDEO_NAME.fullmatch(download.value.suggested_filename)
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    video = read_video(path)
    record = kept_record(page)
    mines = set(mines_of(BEGINNER, SEED, FIRST))
    assert (video.row, video.column, video.mine_num) == (9, 9, 10)
    board = {(r, c) for r, row in enumerate(video.board) for c, v in enumerate(row) if v == -1}
    assert board == mines
    assert video.player_identifier == "Ada Lovelace"
    assert (video.left, video.right, video.is_completed) == (3, 1, False)
    assert len(record.moves) == 4 and record.path


def test_the_result_line_saves_the_game_just_lost(
    open_game: Callable[[str], Page], tmp_path: Path
) -> None:
    page = open_game(f"/?level=beginner&seed={SEED}")
    play_a_few_moves(page)
    with page.expect_download() as download:
        page.locator(f"#{ids.STATS} [data-save-video]").click()
    assert VIDEO_NAME.fullmatch(download.value.suggested_filename)
    path = tmp_path / "lost.evf"
    download.value.save_as(path)
    assert (read_video(path).left, read_video(path).right) == (3, 1)


def test_the_result_line_saves_the_same_file_as_replays_pointer_path_and_all(
    open_game: Callable[[str], Page], clock: Clock, tmp_path: Path
) -> None:
    """The game just ended, saved from its result line, is the game kept in Replays: the
    same bytes, the pointer's moves included (not only its clicks), and the same name, the
    minute the game ended, however long after it is saved."""
    page = open_game(f"/?level=beginner&seed={SEED}")
    play_a_few_moves(page)
    ended = datetime.fromtimestamp(page.evaluate("Date.now()") / 1000, UTC)
    clock.set_system_time(ended + timedelta(minutes=3))  # no timer runs
    with page.expect_download() as from_result:
        page.locator(f"#{ids.STATS} [data-save-video]").click()
    page.locator(f"#{ids.REPLAYS_OPEN}").click()
    with page.expect_download() as from_replays:
        page.locator(f"#{ids.REPLAY_LIST} button[data-video]").first.click()
    result, replays = tmp_path / "result.evf", tmp_path / "replays.evf"
    from_result.value.save_as(result)
    from_replays.value.save_as(replays)
    assert kept_record(page).path  # the kept game has the pointer's moves
    assert result.read_bytes() == replays.read_bytes()
    assert from_result.value.suggested_filename == from_replays.value.suggested_filename


def test_our_replay_shows_the_pointer_moving_and_the_held_cell_pressed(
    open_game: Callable[[str], Page],
) -> None:
    page = open_game(f"/?level=beginner&seed={SEED}")
    play_a_few_moves(page)
    record = kept_record(page)
    held_until = record.moves[1].ms  # the reveal of HELD: its button released then
    page.locator(f"#{ids.REPLAYS_OPEN}").click()
    page.locator(f"#{ids.REPLAY_LIST} button[data-replay]").first.click()
    pointer = page.locator("#replay-pointer")
    assert pointer.get_attribute("aria-hidden") == "true"
    scrub_to(page, held_until - HOLD_MS // 2)
    pressed = page.locator(f"#{ids.REPLAY_BOARD} .cell.pressed")
    expect(pressed).to_have_count(1)
    assert (pressed.get_attribute("data-row"), pressed.get_attribute("data-col")) == ("5", "0")
    assert pointer.get_attribute("data-buttons") == "left"
    expect(page.locator(f"#{ids.REPLAY_FACE}")).to_have_attribute("data-face", "surprise")
    scrub_to(page, held_until)
    expect(pressed).to_have_count(0)
    scrub_to(page, 0)
    first = page.evaluate(POINTER_JS)
    page.locator(f"#{ids.REPLAY_PLAY}").click()
    page.wait_for_function(MOVED_JS, arg=first, timeout=30_000)


@pytest.mark.parametrize("name", ["test_subject.rmv", "test_subject.evf"])
def test_a_video_of_the_field_plays_with_its_pointer(
    open_game: Callable[[str], Page], name: str
) -> None:
    from play.videos.replay_files import read_replay
    from play.videos.replay_pointer import PointerTimeline
    from web.board.highlights import shown_pressed

    path = shared_replay(name)
    game = read_replay(path.read_bytes(), name)
    track, replay = PointerTimeline.of_imported(game), Replay(cast(Record, game))

    def pressed_at(ms: int) -> set[int]:
        pointer = track.at(ms)
        if pointer is None or pointer.pressed is None:
            return set()
        position = replay.frames[replay.index_at(ms)].game
        return shown_pressed(position, pointer.pressed, pointer.block)

    # A time the left button alone is held over a covered cell: shown pressed there.
    press_ms = next(ms for ms in range(0, replay.duration_ms, 5) if len(pressed_at(ms)) == 1)
    (cell,) = pressed_at(press_ms)
    spot = divmod(cell, game.layout.level.cols)
    page = open_game("/")
    page.locator(f"#{ids.REPLAYS_OPEN}").click()
    page.locator("#review-file").set_input_files(str(path))
    expect(page.locator("#review-moves li").first).to_be_visible(timeout=60_000)
    scrub_to(page, press_ms)
    pressed = page.locator(f"#{ids.REPLAY_BOARD} .cell.pressed")
    expect(pressed).to_have_count(1)
    assert (pressed.get_attribute("data-row"), pressed.get_attribute("data-col")) == tuple(
        str(n) for n in spot
    )
    expect(page.locator("#replay-pointer")).to_be_visible()
    first = page.evaluate(POINTER_JS)
    page.locator("#review-moves button[data-move='12']").click(timeout=120_000)
    page.locator("#review-watch").click()  # a second before move 12, to it
    page.wait_for_function(MOVED_JS, arg=first, timeout=30_000)
    expect(page.locator(f"#{ids.REPLAY_PLAY}")).to_have_text("Play", timeout=30_000)
    expect(page.locator("#review-moves button[aria-current='true']")).to_have_attribute(
        "data-move", "12"
    )
