"""Hints, the hint button, auto-play and no-guess boards, in Chromium on real Pyodide."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect
from playwright.sync_api._generated import Clock  # not exported by name (Playwright 1.65)

from engine import EXPERT, INTERMEDIATE, Level, Move, apply, new_game
from engine.solver import clears_without_guessing
from engine.steps import drain
from play.assist.assistant import Assistant
from tests.e2e.board import Board, engine_game, expected_states, run_for
from web.page import ids

OpenGame = Callable[[str], Page]
SEED = 4242
FINISHED = "['won', 'lost'].includes(document.getElementById('board').dataset.status)"
HINTS_JS = """() => Object.fromEntries(Array.from(
    document.querySelectorAll('#board .cell[data-hint]'),
    c => [c.dataset.row + ',' + c.dataset.col, [Number(c.dataset.hint), c.className]]))"""


def test_hints_show_the_solvers_chances(open_game: OpenGame) -> None:
    page = open_game(f"/?level=intermediate&seed={SEED}&hints")
    board = Board(page)
    expect(page.locator(f"#{ids.SHOW_HINTS}")).to_be_checked()
    board.click(8, 8)
    game = engine_game(INTERMEDIATE, SEED, Move.reveal(8, 8))
    expected = drain(Assistant().overlay_steps(game))
    assert expected is not None and expected.cells
    page.wait_for_function(
        f"document.querySelectorAll('#board .cell[data-hint]').length === {len(expected.cells)}"
    )
    shown = page.evaluate(HINTS_JS)
    cols = INTERMEDIATE.cols
    assert {key: chance for key, (chance, _) in shown.items()} == {
        f"{c // cols},{c % cols}": chance for c, chance in expected.cells.items()
    }
    for cell in expected.safe:
        assert ids.HINT_SAFE_CLASS in shown[f"{cell // cols},{cell % cols}"][1]
    for cell in expected.mines:
        assert ids.HINT_MINE_CLASS in shown[f"{cell // cols},{cell % cols}"][1]
    interior = page.evaluate(
        "getComputedStyle(document.getElementById('board')).getPropertyValue('--interior-mask')"
    )
    assert f"%3E{expected.interior}%3C" in interior  # the shared chance, drawn once
    page.locator(f"#{ids.SHOW_HINTS}").uncheck()
    expect(page.locator(f"#{ids.BOARD}")).not_to_have_class(ids.SHOW_HINTS_CLASS)


def test_hint_button_highlights_the_solvers_move(open_game: OpenGame) -> None:
    page = open_game(f"/?level=expert&seed={SEED}")
    board = Board(page)
    board.click(8, 15)
    game = engine_game(EXPERT, SEED, Move.reveal(8, 15))
    found = drain(Assistant().hint_steps(game))
    assert found is not None
    page.locator(f"#{ids.HINT}").click()
    best = page.locator(f"#{ids.BOARD} .cell.{ids.HINT_BEST_CLASS}")
    expect(best).to_have_count(1)
    row, col = game.grid.row_col(found.cell)
    assert (best.get_attribute("data-row"), best.get_attribute("data-col")) == (str(row), str(col))
    where = re.compile(f"row {row + 1}, column {col + 1}", re.IGNORECASE)
    expect(page.locator(f"#{ids.MESSAGE}")).to_contain_text(where)


def test_auto_play_plays_to_the_end_and_marks_the_game_assisted(
    open_game: OpenGame, clock: Clock
) -> None:
    page = open_game(f"/?seed={SEED}&auto")
    board = Board(page)
    expect(page.locator(f"#{ids.AUTO}")).to_have_attribute("aria-pressed", "true")
    page.wait_for_function(FINISHED, timeout=60_000)
    expect(page.locator(f"#{ids.AUTO}")).to_have_attribute("aria-pressed", "false")
    expect(page.locator(f"#{ids.STATS}")).to_contain_text("assisted")
    states = board.states()
    assert board.status in ("won", "lost")
    if board.status == "won":
        assert all(state != "covered" for state, _ in states.values())
    stopped = board.timer
    run_for(clock, 1200)
    assert board.timer == stopped


def test_the_player_interrupts_auto_play(open_game: OpenGame, clock: Clock) -> None:
    page = open_game(f"/?level=expert&seed={SEED}")
    board = Board(page)
    page.select_option(f"#{ids.AUTO_SPEED}", "600")
    page.locator(f"#{ids.AUTO}").click()
    page.wait_for_function("document.querySelectorAll('#board .cell[data-state=open]').length > 0")
    board.hover(0, 0)
    page.mouse.down(button="right")
    page.mouse.up(button="right")
    expect(page.locator(f"#{ids.AUTO}")).to_have_attribute("aria-pressed", "false")
    before = board.states()
    run_for(clock, 1500)  # more than two moves' time at this speed
    assert board.states() == before  # no move after the player stepped in
    assert board.status == "playing"


def test_no_guess_board_is_the_engines_and_needs_no_guess(open_game: OpenGame) -> None:
    page = open_game(f"/?level=expert&seed={SEED}&noguess")
    board = Board(page)
    expect(page.locator(f"#{ids.NO_GUESS}")).to_be_checked()
    board.click(8, 15)
    page.wait_for_function("document.getElementById('board').dataset.status === 'playing'")
    game = apply(new_game(EXPERT, SEED, no_guess=True), Move.reveal(8, 15)).game
    assert game.no_guess and game.layout is not None
    assert board.states() == expected_states(game)
    assert clears_without_guessing(EXPERT.rows, EXPERT.cols, game.layout.mines, 8 * 30 + 15)
    expect(page.locator(f"#{ids.MESSAGE}")).to_be_hidden()


def test_impossible_no_guess_board_falls_back_with_a_message(open_game: OpenGame) -> None:
    level = Level(2, 2, 1)
    page = open_game(
        f"/?rows={level.rows}&cols={level.cols}&mines={level.mines}&seed={SEED}&noguess"
    )
    board = Board(page)
    board.click(0, 0)
    page.wait_for_function(
        "document.getElementById('board').dataset.status !== 'ready'", timeout=30_000
    )
    outcome = apply(new_game(level, SEED, no_guess=True), Move.reveal(0, 0))
    # Every cell of a 2x2 board touches the others: the first click shows a 1 over
    # three cells that look alike, so no layout avoids a guess.
    assert not outcome.game.no_guess
    expect(page.locator(f"#{ids.MESSAGE}")).to_contain_text("normal board")
    assert board.states() == expected_states(outcome.game)
