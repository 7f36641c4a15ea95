"""The analysis editor's rules (play.assist.position_edit) and its board's HTML
(web.dialogs.editor.board), in CPython; the page itself is tests/e2e/test_analysis.py's."""

from __future__ import annotations

import doctest
from types import ModuleType, SimpleNamespace
from urllib.parse import quote

import pytest

import play.assist.position_edit
import web.dialogs.editor.board
from engine import Move, Status
from engine import tiles as t
from engine.position_text import SeenPosition
from engine.steps import drain
from play.assist.editor import PositionEditor
from play.assist.position_edit import (
    cycled,
    edited,
    resized,
    seen_before_loss,
    with_mines,
)
from play.game_ui import TILES, Context
from play.session import Session
from play.videos.replay import frames_of
from tests.fake_dom import Document, Scheduler, settle
from tests.helpers import FakeClock, run
from web.dialogs.editor.board import CLASH_CLASS, CURSOR_CLASS, DEAD_CLASS, board_html
from web.dialogs.editor.dialog import EditorDialog
from web.page import command_for, ids


@pytest.mark.parametrize("module", [play.assist.position_edit, web.dialogs.editor.board])
def test_doctests(module: ModuleType) -> None:
    assert doctest.testmod(module, optionflags=doctest.ELLIPSIS).failed == 0


def test_a_click_cycles_covered_open_flag_known_mine_covered() -> None:
    position = SeenPosition.parse("1 mine\n*#\n##")
    seen = []
    for _ in range(4):
        tile = cycled(position, 3)
        seen.append(tile)
        position = edited(position, 3, tile).position
    assert seen == [1, t.FLAGGED, t.MINE, t.COVERED]  # opened, it counts the known mine


@pytest.mark.parametrize(
    ("key", "tile"),
    [
        *[("3", 3), (".", 0), ("f", t.FLAGGED), ("F", t.FLAGGED), ("*", t.MINE), ("M", t.MINE)],
        *[("#", t.COVERED), ("Delete", t.COVERED), ("Backspace", t.COVERED), ("x", None)],
        ("9", None),
    ],
)
def test_keys_set_a_cell(key: str, tile: int | None) -> None:
    """The key table's editor commands (play.game_ui), each meaning one tile."""
    command = command_for(Context.EDITOR, key)
    assert (None if command is None else TILES[command]) == tile


def test_the_mine_total_follows_the_board_and_says_so() -> None:
    position = SeenPosition.parse("3 mines\n###\n###")
    opened = edited(edited(position, 0, 0).position, 1, 0)
    assert opened.position.mines == 3 and opened.note is None
    fewer = edited(opened.position, 2, 0)  # three cells left not open
    assert fewer.position.mines == 3
    fewer = edited(fewer.position, 3, 1)  # two: the total comes down to them
    assert fewer.position.mines == 2
    assert fewer.note == "The mine total is now 2: the cells not open hold at most 2."
    more = edited(SeenPosition.parse("1 mine\n###\n#*#"), 0, t.MINE)
    assert more.position.mines == 2
    assert more.note == "The mine total is now 2: the known mines need at least 2."


def test_opening_every_cell_is_refused_and_the_position_kept() -> None:
    position = SeenPosition.parse("1 mine\n.#")
    refused = edited(position, 1, 0)
    assert refused.position == position and refused.note is not None


def test_a_new_size_covers_every_cell_and_the_same_size_keeps_them() -> None:
    position = SeenPosition.parse("1 mine\n1#\n##")
    assert resized(position, 2, 2, 2).tiles == position.tiles
    assert resized(position, 3, 3, 2) == SeenPosition.covered(3, 3, 2)
    assert with_mines(position, 9).position.mines == 3  # at most the cells not open


def test_the_board_marks_a_clash_and_draws_no_chances() -> None:
    position = SeenPosition.parse("3 mines\n###\n131\n...")
    html = board_html(position, drain(PositionEditor().report_steps(position)), cursor=None)
    assert html.count(CLASH_CLASS) == 5  # the 3, the 1 and the three cells they share
    assert "data-chance" not in html


def test_the_board_marks_dead_cells_and_the_cursor() -> None:
    position = SeenPosition.parse("1 mine\n#1##")
    html = board_html(position, drain(PositionEditor().report_steps(position)), cursor=1)
    assert html.count(DEAD_CLASS) == 2 and html.count(CURSOR_CLASS) == 1
    assert 'data-row="0" data-col="1" data-state="open" data-value="1">1<' in html


def test_the_summary_drops_its_error_look_while_the_next_position_is_worked_out() -> None:
    """After numbers that clash (said as an error), the next position's "Working it out…"
    is no error: it is drawn plain until its own report says otherwise."""
    document = Document()
    dialog = EditorDialog(document, None, Session(seed=1), Scheduler(FakeClock()), FakeClock())
    position = SeenPosition.parse("3 mines\n###\n131\n...")
    dialog.editing.show(position)
    dialog.editing.reported(drain(PositionEditor().report_steps(position)), position)
    dialog._draw()
    summary = document.getElementById(ids.ANALYSIS_SUMMARY)
    assert summary.classList.contains("error")
    dialog.editing.set(0, t.FLAGGED)  # a cell edited: the new position is being analysed
    dialog._draw()
    assert summary.textContent == "Working it out…"
    assert not summary.classList.contains("error")


def page_window() -> SimpleNamespace:
    """The page's window, as much as the editor asks of it."""
    return SimpleNamespace(
        location=SimpleNamespace(origin="https://example.org", pathname="/minesweeper/"),
        # As JavaScript's encodeURIComponent escapes: everything but A-Z a-z 0-9 - _ . ! ~ * ' ( )
        encodeURIComponent=lambda text: quote(str(text), safe="-_.!~*'()"),
    )


def test_the_position_link_is_readable() -> None:
    """The link was once percent-encoded (``?position=2%3A---%2F121...``) where the README
    shows the readable form."""
    dialog = EditorDialog(
        Document(), page_window(), Session(seed=1), Scheduler(FakeClock()), FakeClock()
    )
    dialog.editing.show(SeenPosition.parse("2 mines\n###\n121\n..."))
    assert dialog.link() == "https://example.org/minesweeper/?position=2:---/121/..."


def test_analyse_after_a_loss_takes_the_position_before_the_losing_click() -> None:
    """Analyse after a loss once showed the whole layout (every chance 0 or 100); the
    player saw the position before the losing click, and that is analysed."""
    session = Session(seed=7)
    grid = session.game.grid
    session.play(Move.reveal(grid.rows // 2, grid.cols // 2))
    before = session.game.tiles  # what the player saw when they clicked the mine
    layout = session.game.layout
    assert layout is not None
    session.play(Move.reveal(*grid.row_col(min(c for c in layout.mines if before[c] == t.COVERED))))
    assert session.game.status is Status.LOST
    document = Document()

    async def opened() -> SeenPosition:
        dialog = EditorDialog(document, page_window(), session, Scheduler(FakeClock()), FakeClock())
        dialog.dialog.open = True  # the fake page has no modal dialogs: shown already
        dialog.board.focus = lambda *_options: None
        dialog.open_game()
        await settle()
        assert dialog.editing.report is not None
        assert any(0 < chance < 1 for chance in dialog.editing.report.chances.values())
        return dialog.position

    position = run(opened)
    assert position.tiles == before and t.MINE not in position.tiles
    assert position.mines == session.game.level.mines


def test_a_replays_last_step_after_a_loss_is_the_position_before_the_losing_click() -> None:
    session = Session(seed=7)
    grid = session.game.grid
    session.play(Move.reveal(grid.rows // 2, grid.cols // 2))
    layout = session.game.layout
    assert layout is not None
    session.play(Move.reveal(*grid.row_col(min(c for c in layout.mines))))
    games = [frame.game for frame in frames_of(session.record)]
    assert games[-1].status is Status.LOST
    assert seen_before_loss(games).tiles == games[-2].tiles
    assert seen_before_loss(games[:2]).tiles == games[1].tiles  # an earlier step: itself
