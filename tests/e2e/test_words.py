"""In the page: what a player reads about cells and about the first click.

* Every cell is named "row R, column C", counted from 1 (engine.grid.spot_name): the
  review's verdict and move list, the replay viewer's move line, the kept early click.
* The review shows no chances before the first click, which is always safe.
* On a desktop, the kept early click is said in words beside the pressed cell, not only
  to screen readers (the covered board of beginner is too narrow for the whole sentence).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.test_loading_click import ACCEPTS, READY, Gate, back_to, pressed_cell, spot
from web.page import ids

OpenGame = Callable[[str], Page]
RECORD = "ms1;9x9/10;seed=42;marks=1;noguess=0;O4,4@0;O0,8@1500"
"""A beginner game: the first click on the centre, then a click on the top-right corner."""
ZERO_BASED = re.compile(r"\(\d+,\d+\)|\b[OFC]\d+,\d+\b")


def drop_record(page: Page, text: str) -> None:
    """Drop ``text`` on the page as a record file: it opens in the review."""
    page.evaluate(
        """text => {
            const transfer = new DataTransfer();
            transfer.items.add(new File([text], "game.txt", { type: "text/plain" }));
            const options = { dataTransfer: transfer, bubbles: true, cancelable: true };
            document.body.dispatchEvent(new DragEvent("drop", options));
        }""",
        text,
    )


def test_the_review_and_the_replay_viewer_name_cells_from_1(open_game: OpenGame) -> None:
    page = open_game("/")
    drop_record(page, RECORD)
    verdict = page.locator("#review-verdict")
    expect(verdict).to_contain_text("Move 1 of 2, open row 5, column 5 at 0.00 s")
    items = page.locator("#review-moves > li")
    expect(items).to_have_count(2)
    expect(items.nth(1)).to_contain_text("open row 1, column 9")
    page.keyboard.press("ArrowRight")
    expect(verdict).to_contain_text("Move 2 of 2, open row 1, column 9")
    said = verdict.inner_text() + page.locator("#review-moves").inner_text()
    assert not ZERO_BASED.search(said), said

    page.locator(f"#{ids.REPLAY_CLOSE}").click()
    page.locator(f"#{ids.REPLAYS_OPEN}").click()
    page.locator(f"#{ids.REPLAY_TEXT}").fill(RECORD)  # watched, not reviewed
    page.locator(f"#{ids.REPLAY_LOAD}").click()
    move = page.locator(f"#{ids.REPLAY_MOVE}")
    expect(move).to_have_text("Move 1 of 2: open row 5, column 5 at 0.00 s")  # made at 0 ms
    page.locator(f"#{ids.REPLAY_STEP}").click()
    expect(move).to_have_text("Move 2 of 2: open row 1, column 9 at 1.50 s")


def test_the_review_shows_no_chances_before_the_first_click(open_game: OpenGame) -> None:
    page = open_game("/")
    drop_record(page, RECORD)
    verdict = page.locator("#review-verdict")
    expect(verdict).to_contain_text("Move 1 of 2")
    expect(verdict).to_contain_text("The first click is always safe")
    board = page.locator(f"#{ids.REPLAY_BOARD}")
    expect(board.locator(".cell.replay-ring")).to_have_count(1)  # the position is drawn
    expect(board).not_to_have_class(re.compile(r"\bshow-chances\b"))
    expect(board.locator(".cell[data-chance]")).to_have_count(0)

    page.keyboard.press("ArrowRight")  # before move 2 the numbers are there: chances too
    expect(verdict).to_contain_text("Move 2 of 2")
    expect(board).to_have_class(re.compile(r"\bshow-chances\b"))
    assert board.locator(".cell[data-chance]").count() > 0


KEPT_WORDS = """() => {
  const words = document.querySelector('#loading .loading-kept');
  if (words === null) return null;
  const box = words.getBoundingClientRect();
  const board = document.getElementById('loading').getBoundingClientRect();
  const pressed = document.querySelector('#loading .loading-pressed').getBoundingClientRect();
  const clipped = (el) => {
    for (; el !== null; el = el.parentElement) {
      if (getComputedStyle(el).clipPath !== 'none') return true;
    }
    return false;
  };
  const overlaps = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const card = document.querySelector('#loading .loading-card').getBoundingClientRect();
  return {
    text: words.textContent,
    clipped: clipped(words),
    inside: box.left >= board.left && box.right <= board.right
      && box.top >= board.top && box.bottom <= board.bottom,
    covers: overlaps(card, pressed),
    size: [box.width, box.height],
  };
}"""


def test_a_kept_click_is_said_in_words_on_a_desktop(page: Page) -> None:
    """Beginner at the default cell size on a 1280-pixel screen: the covered board is too
    narrow for the sentence, which was read to screen readers only; the pressed cell was all
    a player saw. Now the words that name the kept cell show, and leave the cell in sight."""
    gate = Gate()
    page.route("**/python.zip", gate)
    try:
        page.set_viewport_size({"width": 1280, "height": 800})
        page.goto(back_to(page, "?seed=9"), wait_until="commit")  # a returning player's
        page.wait_for_function(ACCEPTS)
        page.mouse.click(*spot(page, 4, 4))
        assert pressed_cell(page) == (4, 4)
        shown: dict[str, Any] | None = page.evaluate(KEPT_WORDS)
        assert shown is not None, "the kept click is not said"
        assert shown["text"] == "Row 5, column 5 kept"
        assert not shown["clipped"], shown  # seen, not only heard
        assert shown["inside"] and min(shown["size"]) > 4, shown
        assert not shown["covers"], shown  # the pressed cell stays in sight
        live = page.locator("#loading [role=status]")
        expect(live).to_contain_text("Row 5, column 5 kept: it opens as soon as the game is ready.")
        assert page.evaluate(f"!({READY})")
    finally:
        gate.release()
    page.wait_for_function(READY, timeout=60_000)
