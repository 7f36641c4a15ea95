"""The page's review of a replay file says how the game ended and when: the result and its
time, 3BV and 3BV/s, and the day the file says it was recorded, as the terminal does (both
from :func:`play.review.view.outcome_figures`). The figures are ms-toollib's for the three
files of ../shared/replays/ (3BV/s 5.18, 2.40 and 2.41)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.helpers import shared_replay
from web.page import ids

OpenGame = Callable[[str], Page]


@pytest.mark.parametrize(
    ("name", "figures"),
    [
        ("test_subject.avf", ["won in 5.41 s", "28", "5.18", "2021-05-22"]),
        ("test_subject.evf", ["won in 69.60 s", "167", "2.40", "2024-08-30"]),
        ("test_subject.rmv", ["won in 4.15 s", "10", "2.41", "2020-09-19"]),
    ],
)
def test_a_reviewed_file_says_how_the_game_ended_and_when(
    open_game: OpenGame, name: str, figures: list[str]
) -> None:
    path = shared_replay(name)
    page = open_game("/")
    page.locator(f"#{ids.REPLAYS_OPEN}").click()
    page.locator("#review-file").set_input_files(str(path))
    summary = page.locator("#review-summary")
    expect(summary.locator("h3")).to_have_count(1, timeout=30_000)
    shown = summary.locator("dl > div").evaluate_all(
        "divs => divs.map(d => [d.querySelector('dt').textContent,"
        " d.querySelector('dd').textContent])"
    )
    assert shown[:4] == [
        [label, value]
        for label, value in zip(["result", "3BV", "3BV/s", "recorded"], figures, strict=True)
    ]
