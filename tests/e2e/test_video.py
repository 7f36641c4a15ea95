"""The pointer's path in real Chromium: a game played with the mouse keeps the pointer's
moves with its record, and the EVF file written from that record reads in ms-toollib to
the same board, clicks and result, its clicks where the pointer was."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import Page

from engine import BEGINNER, Record, Status
from engine.record import PATH_CELL_PX
from play.evf import evf_of_record
from tests.e2e.board import Board, mines_of

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
