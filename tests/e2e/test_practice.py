"""Practice in Chromium: drills solved and missed by mouse, touch and keyboard, a sitting of
ten with its result line, progress in Statistics, and a review's mistakes made drills.

The drills come from links (``?drill=KIND-SEED``): the same kind and seed make the same
drill in CPython, so the test works out the right and wrong cells here, from the drill's
tiles alone, as the page does."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Locator, Page, expect

from play.practice.bank import bank_drill
from play.practice.checking import analysis_of, right_cells
from play.practice.drill import Drill, bank_key
from tests.e2e.test_game import start
from web.page import ids

OpenGame = Callable[[str], Page]


def drill_of(name: str) -> Drill:
    return bank_drill(*bank_key(name))


def cells(drill: Drill) -> tuple[int, int]:
    """A right cell and a wrong one of ``drill`` (a cell offered, when it offers some)."""
    good = right_cells(drill, analysis_of(drill))
    offered = drill.options or tuple(c for c, tile in enumerate(drill.tiles) if tile > 8)
    return min(good), min(c for c in offered if c not in good)


def cell(page: Page, drill: Drill, index: int) -> Locator:
    row, col = divmod(index, drill.level.cols)
    return page.locator(f"#{ids.PRACTICE_BOARD} .cell[data-row='{row}'][data-col='{col}']")


def opened(page: Page, name: str) -> Drill:
    """The Practice dialog, open on the drill ``name`` the link asked for."""
    drill = drill_of(name)
    expect(page.locator(f"#{ids.PRACTICE_DIALOG}")).to_be_visible()
    expect(page.locator(f"#{ids.PRACTICE_COUNT}")).to_contain_text("Drill 1 of 10")
    expect(page.locator(f"#{ids.PRACTICE_BOARD} .cell")).to_have_count(drill.level.cells)
    return drill


def test_a_drill_solved_and_a_drill_missed_by_mouse(open_game: OpenGame) -> None:
    page = open_game("/?level=beginner&seed=1&drill=1-2-1-42")
    drill = opened(page, "1-2-1-42")
    task = page.locator(f"#{ids.PRACTICE_TASK}")
    expect(task).to_contain_text("Which of these is safe? a: row")
    right, _wrong = cells(drill)
    cell(page, drill, right).click()
    answer = page.locator(f"#{ids.PRACTICE_ANSWER}")
    expect(answer).to_contain_text("Right: ")
    expect(answer).to_contain_text("Why: The 2 at row ")  # a 1-2-1 is proven from its 2
    expect(cell(page, drill, right)).to_have_attribute("data-answer", "right")
    expect(page.locator(f"#{ids.PRACTICE_BOARD} .practice-proof").first).to_be_visible()
    # A second click changes nothing: the drill is answered.
    cell(page, drill, right).click()
    expect(page.locator(f"#{ids.PRACTICE_BOARD} [data-answer]")).to_have_count(1)

    page.goto("/?level=beginner&seed=1&drill=corner-3")
    page.wait_for_function("document.body.dataset.ready === 'true'")
    drill = opened(page, "corner-3")
    _right, wrong = cells(drill)
    expect(task).to_contain_text("Which of these is a mine?")
    cell(page, drill, wrong).click()
    expect(answer).to_contain_text("No: ")
    expect(cell(page, drill, wrong)).to_have_attribute("data-answer", "wrong")
    expect(page.locator(f"#{ids.PRACTICE_BOARD} .practice-explained")).to_have_count(1)
    next_button = page.locator(f"#{ids.PRACTICE_NEXT}")
    expect(next_button).to_be_enabled()
    next_button.click()
    expect(page.locator(f"#{ids.PRACTICE_COUNT}")).to_contain_text("Drill 2 of 10")
    expect(answer).to_have_text("")

    # Statistics counts each kind practised.
    page.locator(f"#{ids.PRACTICE_CLOSE}").click()
    page.locator(f"#{ids.STATS_OPEN}").click()
    progress = page.locator(f"#{ids.STATS_BODY} .practice-progress")
    expect(progress).to_contain_text("1-2-1")
    expect(progress).to_contain_text("Corners")
    expect(progress).to_contain_text("1 of 1 (100%)")
    expect(progress).to_contain_text("0 of 1 (0%)")


def test_a_drill_solved_and_a_drill_missed_by_touch(
    new_context: Callable[..., Any], page_guard: Any, base_url: str
) -> None:
    context = new_context(has_touch=True, is_mobile=True, viewport={"width": 390, "height": 844})
    page_guard.watch(context)
    page = context.new_page()
    start(page, f"{base_url}?drill=chain-2-3", "document.body.dataset.ready === 'true'", 60_000)
    drill = opened(page, "chain-2-3")
    right, wrong = cells(drill)
    cell(page, drill, right).tap()
    answer = page.locator(f"#{ids.PRACTICE_ANSWER}")
    expect(answer).to_contain_text("Right: ")
    expect(answer).to_contain_text("Why: The ")
    expect(answer).to_contain_text(re.compile(r"(is a mine|are mines); the "))  # a chain, in order
    page.locator(f"#{ids.PRACTICE_NEXT}").tap()
    expect(page.locator(f"#{ids.PRACTICE_COUNT}")).to_contain_text("Drill 2 of 10")

    start(page, f"{base_url}?drill=hole-5", "document.body.dataset.ready === 'true'", 60_000)
    drill = opened(page, "hole-5")
    _right, wrong = cells(drill)
    cell(page, drill, wrong).tap()
    expect(answer).to_contain_text("No: ")


def test_a_drill_solved_and_a_drill_missed_by_keyboard_with_words_to_hear(
    open_game: OpenGame,
) -> None:
    page = open_game("/?level=beginner&seed=1")
    page.locator(f"#{ids.BOARD}").focus()
    page.keyboard.press("p")  # Practice from the keyboard
    dialog = page.locator(f"#{ids.PRACTICE_DIALOG}")
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()

    page.goto("/?level=beginner&seed=1&drill=1-2-2-1-7")
    page.wait_for_function("document.body.dataset.ready === 'true'")
    drill = opened(page, "1-2-2-1-7")
    board = page.locator(f"#{ids.PRACTICE_BOARD}")
    expect(board).to_be_focused()
    task = page.locator(f"#{ids.PRACTICE_TASK}")
    expect(task).to_have_attribute("aria-live", "polite")
    right, _wrong = cells(drill)
    letter = "abcdefgh"[drill.options.index(right)]
    page.keyboard.press("ArrowRight")
    expect(page.locator(f"#{ids.PRACTICE_CURSOR_WORDS}")).to_contain_text("Row ")
    page.keyboard.press(letter)
    answer = page.locator(f"#{ids.PRACTICE_ANSWER}")
    expect(answer).to_have_attribute("aria-live", "polite")
    expect(answer).to_contain_text("Right: ")
    expect(page.locator(f"#{ids.PRACTICE_NEXT}")).to_be_focused()

    page.goto("/?level=beginner&seed=1&drill=count-2")
    page.wait_for_function("document.body.dataset.ready === 'true'")
    drill = opened(page, "count-2")
    _right, wrong = cells(drill)
    first = next(c for c, tile in enumerate(drill.tiles) if tile > 8)  # where the cursor starts
    row, col = divmod(first, drill.level.cols)
    to_row, to_col = divmod(wrong, drill.level.cols)
    for key, steps in (("ArrowDown", to_row - row), ("ArrowUp", row - to_row),
                       ("ArrowRight", to_col - col), ("ArrowLeft", col - to_col)):  # fmt: skip
        for _ in range(max(0, steps)):
            page.keyboard.press(key)
    page.keyboard.press("Enter")
    mine = wrong in analysis_of(drill).mines
    expect(answer).to_contain_text("No: " if mine else "Not proven: ")
    expect(answer).to_contain_text("the board has")  # the mine total, cited


def test_a_sitting_of_ten_ends_with_its_result_line(open_game: OpenGame) -> None:
    page = open_game("/?level=beginner&seed=1&drill=corner-1")
    opened(page, "corner-1")
    board = page.locator(f"#{ids.PRACTICE_BOARD}")
    next_button = page.locator(f"#{ids.PRACTICE_NEXT}")
    shown = []
    for number in range(1, 11):
        expect(page.locator(f"#{ids.PRACTICE_COUNT}")).to_contain_text(f"Drill {number} of 10")
        expect(board.locator(".cell").first).to_be_visible()
        shown.append(float(board.get_attribute("data-shown-ms") or "0"))
        offered = board.locator(".cell.practice-option")
        target = offered if offered.count() else board.locator(".cell[data-state='covered']")
        target.first.click()
        expect(page.locator(f"#{ids.PRACTICE_ANSWER}")).to_contain_text("Why: ")
        next_button.click()
    result = page.locator(f"#{ids.PRACTICE_RESULT}")
    expect(result).to_contain_text(" of 10 · ")
    expect(result).to_contain_text(" s a drill · best streak ")
    expect(next_button).to_have_text("Ten more")
    print(f"drill shown after asking, ms: {shown}")


def test_a_bad_drill_link_says_why_in_practice_and_practises_the_days_drill(
    open_game: OpenGame,
) -> None:
    """The "Ignored drill=..." message was once under the board, behind the dialog;
    and ``?drill=1-2-1`` (no seed) silently opened a 1-2 drill."""
    page = open_game("/?level=beginner&seed=1&drill=banana")
    expect(page.locator(f"#{ids.PRACTICE_DIALOG}")).to_be_visible()
    expect(page.locator(f"#{ids.PRACTICE_COUNT}")).to_contain_text("Drill 1 of 10")
    note = page.locator(f"#{ids.PRACTICE_NOTE}")
    expect(note).to_be_visible()
    expect(note).to_contain_text('Ignored drill=banana: no kind of drill "banana"')
    expect(note).to_contain_text("Practising today's drill instead.")
    page.locator(f"#{ids.PRACTICE_CLOSE}").click()
    expect(page.locator(f"#{ids.MESSAGE}")).not_to_contain_text("Ignored drill=")
    page.locator(f"#{ids.PRACTICE_OPEN}").click()  # opened again: nothing to say now
    expect(note).to_be_hidden()

    page.goto("/?level=beginner&seed=1&drill=1-2-1")
    page.wait_for_function("document.body.dataset.ready === 'true'")
    expect(page.locator(f"#{ids.PRACTICE_COUNT}")).to_contain_text("Drill 1 of 10 · 1-2-1 #")
    expect(note).to_be_hidden()


def test_a_count_drill_says_the_mine_total(open_game: OpenGame) -> None:
    """Drills of "The mine count" once never said how many mines there are, so no cell
    was provably safe from what was shown."""
    page = open_game("/?level=beginner&seed=1&drill=count-7")
    drill = opened(page, "count-7")
    expect(page.locator(f"#{ids.PRACTICE_TASK}")).to_have_text(
        f"Find a safe cell. The board holds {drill.level.mines} mines in all."
    )


def test_a_review_with_mistakes_makes_drills_that_practice_asks_first(
    open_game: OpenGame,
) -> None:
    from tests.e2e.board import Board
    from tests.e2e.test_review import needless_game

    seed, moves = needless_game()
    board = Board(open_game(f"/?seed={seed}"))
    for move in moves:
        board.click(move.row, move.col)
    page = board.page
    page.locator(f"#{ids.STATS} .review-result").click()
    summary = page.locator("#review-summary")
    expect(summary).to_contain_text("new drill", timeout=30_000)
    expect(summary).to_contain_text("from this game: open Practice (P).")
    page.keyboard.press("Escape")
    page.locator(f"#{ids.PRACTICE_OPEN}").click()
    expect(page.locator(f"#{ids.PRACTICE_DUE}")).to_contain_text("due.")
    expect(page.locator(f"#{ids.PRACTICE_COUNT}")).to_contain_text("from your games")


def test_axe_on_a_drill_asked_and_answered(open_game: OpenGame) -> None:
    """Practice as a player meets it: a drill asked (cells offered), then answered (the cell
    chosen ringed, the proof's numbers marked, the proof in words)."""
    from tests.e2e.test_accessibility import check

    page = open_game("/?level=beginner&seed=1&drill=corner-3")
    drill = opened(page, "corner-3")
    check(page, "a drill asked", f"#{ids.PRACTICE_DIALOG}")
    _right, wrong = cells(drill)
    cell(page, drill, wrong).click()
    expect(page.locator(f"#{ids.PRACTICE_ANSWER}")).to_contain_text("Why: ")
    check(page, "a drill answered", f"#{ids.PRACTICE_DIALOG}")
