"""Game review in the page: from the result line, from a replay file, stepping and jumping.

The game with a deliberate needless guess is worked out with the engine in CPython: a seed
whose first click leaves a proven-safe cell, and a click on a cell that is neither proven
safe nor a mine; then a mine ends the game, so that the result line (and its Review button)
shows. The real replay files are ../shared/replays/'s, reviewed in CPython too, for the
verdicts the page must show.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from engine import BEGINNER, Move, Record, apply, new_game
from engine.solver import Analyser
from play.review import Verdict, review
from play.videos.replay_files import read_replay
from tests.e2e.board import Board, mines_of
from tests.helpers import shared_replay
from web.page import ids

OpenGame = Callable[[str], Page]


FIRST = (4, 4)


def needless_game() -> tuple[int, list[Move]]:
    """A beginner seed and three moves: the first click, a needless guess (a proven-safe
    cell exists; the cell clicked is unproven and no mine), then a mine."""
    for seed in range(1, 500):
        game = apply(new_game(BEGINNER, seed), Move.reveal(*FIRST)).game
        if game.status.is_over:
            continue
        analysis = Analyser(game.grid, BEGINNER.mines).analyse(game.tiles)
        assert game.layout is not None
        unproven = [
            c
            for c in sorted(analysis.probability)
            if c not in analysis.safe and c not in analysis.mines and c not in game.layout.mines
        ]
        if not analysis.safe or not unproven:
            continue
        guess = Move.reveal(*game.grid.row_col(unproven[0]))
        after = apply(game, guess).game
        if after.status.is_over:
            continue
        mine = next(
            m for m in mines_of(BEGINNER, seed, FIRST) if after.tiles[BEGINNER.grid.index(*m)] == 9
        )
        return seed, [Move.reveal(*FIRST), guess, Move.reveal(*mine)]
    raise AssertionError("no seed gives a needless guess")


def open_file(page: Page, path: Path) -> None:
    page.locator(f"#{ids.REPLAYS_OPEN}").click()
    page.locator("#review-file").set_input_files(str(path))


def verdicts_shown(page: Page) -> list[str | None]:
    items = page.locator("#review-moves > li")
    return [items.nth(i).get_attribute("data-verdict") for i in range(items.count())]


def test_a_needless_guess_is_flagged_with_its_safe_cell(open_game: OpenGame) -> None:
    seed, moves = needless_game()
    record = Record(BEGINNER, seed)
    for ms, move in enumerate(moves):
        record = record.add(move, ms * 1000)
    expected = review(record)
    assert expected.moves[1].verdict is Verdict.NEEDLESS  # what the game was made for
    safe = expected.moves[1].safe_cell
    assert safe is not None

    board = Board(open_game(f"/?seed={seed}"))
    for move in moves:
        board.click(move.row, move.col)
    assert board.status == "lost"
    page = board.page
    page.locator(f"#{ids.STATS} .review-result").click()
    expect(page.locator(f"#{ids.REPLAY_DIALOG}")).to_be_visible()
    expect(page.locator("#review-moves > li")).to_have_count(3)
    assert verdicts_shown(page) == [m.verdict.kind for m in expected.moves]
    expect(page.locator("#review-verdict")).to_contain_text("Move 1 of 3")

    page.keyboard.press("ArrowRight")
    verdict = page.locator("#review-verdict")
    expect(verdict).to_contain_text("Move 2 of 3")
    expect(verdict).to_contain_text("needless guess")
    expect(verdict).to_have_attribute("data-verdict", "needless")
    marked = page.locator(f"#{ids.REPLAY_BOARD} .cell.review-safe")
    expect(marked).to_have_count(1)
    assert (marked.get_attribute("data-row"), marked.get_attribute("data-col")) == tuple(
        map(str, safe)
    )
    # The chances of the position before the guess, the guessed cell ringed.
    assert "show-chances" in (page.locator(f"#{ids.REPLAY_BOARD}").get_attribute("class") or "")
    ring = page.locator(f"#{ids.REPLAY_BOARD} .cell.replay-ring")
    assert (ring.get_attribute("data-row"), ring.get_attribute("data-col")) == tuple(
        map(str, (moves[1].row, moves[1].col))
    )
    assert ring.get_attribute("data-chance") is not None
    expect(page.locator("#review-moves button[aria-current='true']")).to_have_attribute(
        "data-move", "2"
    )
    expect(page.locator("#review-summary")).to_contain_text("needless guess")


@pytest.mark.parametrize("name", ["test_subject.rmv"])
def test_a_replay_file_is_reviewed_and_stepped(open_game: OpenGame, name: str) -> None:
    path = shared_replay(name)
    expected = review(read_replay(path.read_bytes(), name))
    page = open_game("/")
    open_file(page, path)
    total = len(expected.moves)
    expect(page.locator("#review-moves > li")).to_have_count(total, timeout=20_000)
    assert verdicts_shown(page) == [m.verdict.kind for m in expected.moves]
    expect(page.locator(f"#{ids.REPLAY_TITLE}")).to_contain_text("RMV (Viennasweeper)")
    verdict = page.locator("#review-verdict")
    expect(verdict).to_contain_text(f"Move 1 of {total}")

    # Arrow keys step, and back.
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(verdict).to_contain_text(f"Move 3 of {total}")
    page.keyboard.press("ArrowLeft")
    expect(verdict).to_contain_text(f"Move 2 of {total}")

    # A click on a point of a curve goes to its move.
    page.locator("[data-curve='risk'] circle[data-move='7']").click()
    expect(verdict).to_contain_text(f"Move 7 of {total}")
    page.locator("[data-curve='survival'] circle[data-move='12']").click()
    expect(verdict).to_contain_text(f"Move 12 of {total}")
    expect(page.locator("[data-curve='risk'] circle.current")).to_have_attribute("data-move", "12")

    # A move in the list goes there too; the summary is shown.
    page.locator("#review-moves button[data-move='4']").click()
    expect(verdict).to_contain_text(f"Move 4 of {total}")
    expect(page.locator("#review-summary")).to_contain_text("luck")


def test_shift_arrows_jump_between_mistakes(open_game: OpenGame) -> None:
    name = "test_subject.evf"
    path = shared_replay(name)
    expected = review(read_replay(path.read_bytes(), name))
    mistakes = [
        m.number
        for m in expected.moves
        if m.verdict in (Verdict.NEEDLESS, Verdict.WORSE, Verdict.BLUNDER)
    ]
    page = open_game("/")
    open_file(page, path)
    expect(page.locator("#review-summary h3")).to_have_count(1, timeout=30_000)
    verdict = page.locator("#review-verdict")
    if not mistakes:
        expect(page.locator("#review-next-mistake")).to_be_disabled()
        return
    total = len(expected.moves)
    page.keyboard.press("Shift+ArrowRight")
    expect(verdict).to_contain_text(f"Move {mistakes[0]} of {total}")
    for number in mistakes[1:3]:  # the button too, then the keys again from there
        page.locator("#review-next-mistake").click()
        expect(verdict).to_contain_text(f"Move {number} of {total}")
    page.keyboard.press("Shift+ArrowLeft")
    reached = min(2, len(mistakes) - 1)
    expect(verdict).to_contain_text(f"Move {mistakes[max(0, reached - 1)]} of {total}")


def test_a_dropped_record_file_is_reviewed(open_game: OpenGame) -> None:
    record = "ms1;9x9/10;seed=42;marks=1;noguess=0;O4,4@0;O0,0@1500"
    page = open_game("/")
    page.evaluate(
        """text => {
            const transfer = new DataTransfer();
            transfer.items.add(new File([text], "game.txt", { type: "text/plain" }));
            const options = { dataTransfer: transfer, bubbles: true, cancelable: true };
            const drop = new DragEvent("drop", options);
            document.body.dispatchEvent(drop);
        }""",
        record,
    )
    expect(page.locator(f"#{ids.REPLAY_DIALOG}")).to_be_visible()
    expect(page.locator("#review-moves > li")).to_have_count(2)
    expect(page.locator(f"#{ids.REPLAY_TITLE}")).to_contain_text("game.txt")


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("notes.txt", b"hello, not a replay", "notes.txt is not a replay file"),
        ("cut.rmv", b"*rmv\x00\x01\x00", "cut.rmv is damaged"),
    ],
)
def test_a_bad_file_gets_a_clear_message(
    open_game: OpenGame, name: str, data: bytes, message: str
) -> None:
    page = open_game("/")
    page.locator(f"#{ids.REPLAYS_OPEN}").click()
    page.locator("#review-file").set_input_files(
        {"name": name, "mimeType": "application/octet-stream", "buffer": data}
    )
    error = page.locator(f"#{ids.REPLAY_ERROR}")
    expect(error).to_contain_text(message)
    assert "Traceback" not in (error.text_content() or "")
    expect(page.locator("#review-panel")).to_be_hidden()
