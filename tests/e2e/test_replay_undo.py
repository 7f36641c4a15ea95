"""A game lost, undone by mouse and finished, then played back in the replay dialog: the
replay shows the losing click at its moment (the mine hit, the dead
face, its caption saying it was taken back), then its undo, then the game played on to the
win; played in time, it reaches the end. No EVF video of it is offered."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from engine import BEGINNER, Move
from tests.e2e.board import Board, engine_game, lose_beginner, mines_of
from web.page import ids

OpenGame = Callable[[str], Page]
SEED = 20261122


def test_a_game_lost_undone_and_won_replays_the_loss_then_the_game_played_on(
    open_game: OpenGame,
) -> None:
    page = open_game(f"/?seed={SEED}")
    board = Board(page)
    lose_beginner(board, SEED)
    lost_at = engine_game(BEGINNER, SEED, Move.reveal(4, 4))
    assert lost_at.layout is not None
    losing = lost_at.grid.row_col(min(lost_at.layout.mines))
    page.locator(f"#{ids.UNDO}").click()
    assert board.status == "playing"
    mines = set(mines_of(BEGINNER, SEED, (4, 4)))
    for (row, col), (state, _) in board.states().items():
        if state == "covered" and (row, col) not in mines and board.status == "playing":
            board.click(row, col)
    assert board.status == "won"
    expect(page.locator(f"#{ids.STATS}")).to_contain_text("undone")

    page.locator(f"#{ids.REPLAYS_OPEN}").click()
    expect(page.locator(f"#{ids.REPLAY_DIALOG}")).to_have_attribute("open", "")
    # No Save EVF is offered: an EVF file cannot show a click taken back.
    expect(page.locator(f"#{ids.REPLAY_LIST} tbody tr").first.locator("button")).not_to_have_count(
        0
    )
    expect(
        page.locator(f"#{ids.REPLAY_LIST} tbody tr").first.locator("button[data-video]")
    ).to_have_count(0)
    page.locator(f"#{ids.REPLAY_LIST} button").first.click()
    expect(page.locator(f"#{ids.REPLAY_VIEWER}")).to_be_visible()
    caption = page.locator(f"#{ids.REPLAY_MOVE}")
    face = page.locator(f"#{ids.REPLAY_FACE}")
    step = page.locator(f"#{ids.REPLAY_STEP}")
    for _ in range(BEGINNER.cells):  # step by step to the click taken back
        shown = caption.inner_text()
        if "taken back" in shown:
            break
        step.click()
        expect(caption).not_to_have_text(shown)  # each caption differs: drawn
    expect(caption).to_contain_text("taken back")
    expect(caption).to_contain_text("After move ")
    expect(face).to_have_attribute("data-face", "dead")
    row, col = losing
    hit = page.locator(f'#{ids.REPLAY_BOARD} .cell[data-row="{row}"][data-col="{col}"]')
    expect(hit).to_have_attribute("data-state", "exploded")
    step.click()  # its undo: the position before, the game in play again
    expect(caption).to_contain_text("Undo: the game goes on")
    expect(hit).to_have_attribute("data-state", "covered")
    expect(face).not_to_have_attribute("data-face", "dead")
    step.click()
    expect(caption).to_contain_text("Move ")

    # Played in time, fast, from there: it ends on the win, the last move's caption.
    page.locator(f"#{ids.REPLAY_SPEED}").select_option("16")
    page.locator(f"#{ids.REPLAY_PLAY}").click()
    expect(face).to_have_attribute("data-face", "cool", timeout=20_000)
    title = page.locator(f"#{ids.REPLAY_TITLE}").inner_text()
    moves = int(title.rsplit("· ", 1)[1].split()[0])
    expect(caption).to_contain_text(f"Move {moves} of {moves}")
