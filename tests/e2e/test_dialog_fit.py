"""An expert board fits the analysis editor and the review, on a laptop and on a phone: the
board's box lies inside the visible area of the dialog's body (between its title and its
buttons), every one of its 30 columns and 16 rows in sight, and its frame does not scroll.
Before, the editor cut columns 28-30 and the bottom rows off at 1280x800 (scrollbars both
ways), and a phone's review showed 17 of 30 columns."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from engine import EXPERT, Move, Record
from tests.e2e.conftest import READY_OR_FAILED_JS, PageGuard
from tests.e2e.reopen import start
from tests.e2e.test_phone import PHONE
from web.page import ids

LAPTOP = {"width": 1280, "height": 800}
EXPERT_COVERED = "/?position=99:" + "/".join(["-~30~"] * 16)

Box = dict[str, float]


def opened(
    new_context: Callable[..., BrowserContext], page_guard: PageGuard, screen: str, path: str
) -> Page:
    phone = screen == "phone"
    context = new_context(viewport=PHONE if phone else LAPTOP, is_mobile=phone, has_touch=phone)
    page_guard.watch(context)
    page = context.new_page()
    start(page, path, READY_OR_FAILED_JS, 60_000)
    assert page.evaluate("() => document.body.dataset.ready") == "true", page_guard.report()
    return page


def visible_area(page: Page, dialog: str) -> Box:
    """The part of ``dialog``'s body on screen (the part that scrolls, between its title and
    its buttons): its box, inside its edges, cut to the window."""
    area: Box = page.evaluate(
        """selector => {
            const dialog = document.querySelector(selector + ' > .dialog-body');
            const box = dialog.getBoundingClientRect();
            const left = Math.max(box.left + dialog.clientLeft, 0);
            const top = Math.max(box.top + dialog.clientTop, 0);
            return {left, top,
                    right: Math.min(left + dialog.clientWidth, innerWidth),
                    bottom: Math.min(top + dialog.clientHeight, innerHeight)};
        }""",
        dialog,
    )
    return area


def check_fits(page: Page, board: str, dialog: str) -> None:
    area = visible_area(page, dialog)
    box = page.locator(board).bounding_box()
    assert box is not None
    right, bottom = box["x"] + box["width"], box["y"] + box["height"]
    where = f"board {box}, dialog's visible area {area}"
    assert area["left"] <= box["x"] and right <= area["right"] + 0.5, where
    assert area["top"] <= box["y"] and bottom <= area["bottom"] + 0.5, where
    # Every column and row drawn, none scrolled out of its frame.
    frame = page.locator(board).evaluate(
        "board => { const f = board.closest('.board-frame');"
        " return [f.scrollWidth - f.clientWidth, f.scrollHeight - f.clientHeight]; }"
    )
    assert frame == [0, 0], f"the frame scrolls by {frame}"
    corner = page.locator(f"{board} .cell[data-row='15'][data-col='29']").bounding_box()
    assert corner is not None and corner["x"] + corner["width"] <= area["right"] + 0.5
    assert corner["y"] + corner["height"] <= area["bottom"] + 0.5
    assert corner["width"] >= 10, f"cells of {corner['width']} px"


@pytest.mark.parametrize("screen", ["laptop", "phone"])
def test_an_expert_board_fits_the_analysis_editor(
    new_context: Callable[..., BrowserContext], page_guard: PageGuard, screen: str
) -> None:
    page = opened(new_context, page_guard, screen, EXPERT_COVERED)
    expect(page.locator(f"#{ids.ANALYSIS_BOARD}")).to_have_attribute("data-analysis", "done")
    expect(page.locator(f"#{ids.ANALYSIS_BOARD} .cell")).to_have_count(480)
    check_fits(page, f"#{ids.ANALYSIS_BOARD}", f"#{ids.ANALYSIS_DIALOG}")


@pytest.mark.parametrize("screen", ["laptop", "phone"])
def test_an_expert_review_fits_the_replay_dialog(
    new_context: Callable[..., BrowserContext],
    page_guard: PageGuard,
    screen: str,
    tmp_path: Path,
) -> None:
    record = Record(EXPERT, 42).add(Move.reveal(7, 14), 0).add(Move.reveal(0, 0), 1500)
    path = tmp_path / "expert.txt"
    path.write_text(record.to_text() + "\n")
    page = opened(new_context, page_guard, screen, "/?level=beginner&seed=1")
    page.locator(f"#{ids.REPLAYS_OPEN}").click()
    page.locator("#review-file").set_input_files(str(path))
    expect(page.locator("#review-panel")).to_be_visible()
    expect(page.locator(f"#{ids.REPLAY_BOARD} .cell")).to_have_count(480)
    check_fits(page, f"#{ids.REPLAY_BOARD}", "#replay-dialog")
