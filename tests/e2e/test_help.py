"""How to play, in Chromium: the Help button and the ? key open the README's help
part (its controls table), Escape closes it; a first visit points to it once, and the next
visit does not."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.test_help import readme_controls
from web.page import ids

OpenGame = Callable[[str], Page]


def test_help_opens_by_button_and_by_question_mark_and_closes_with_escape(
    open_game: OpenGame,
) -> None:
    page = open_game("/?seed=7")
    dialog = page.locator(f"#{ids.HELP_DIALOG}")
    page.locator(f"#{ids.HELP_OPEN}").click()
    expect(dialog).to_be_visible()
    rows = page.locator("#help-body tbody tr")
    expect(rows).to_have_count(len(readme_controls()))
    expect(page.locator("#help-body")).to_contain_text("first-click rule")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    page.locator("body").press("Shift+?")
    expect(dialog).to_be_visible()
    page.locator(f"#{ids.HELP_CLOSE}").click()
    expect(dialog).to_be_hidden()


def test_a_first_visit_points_to_help_once(open_game: OpenGame) -> None:
    page = open_game("/?seed=7")
    button = page.locator(f"#{ids.HELP_OPEN}")
    expect(button).to_have_class(re.compile(r"\bpointing\b"))
    expect(button).to_have_text("How to play?")
    expect(page.locator(f"#{ids.MESSAGE}")).to_be_hidden()  # the notice line is the game's
    page = open_game("/?seed=8")  # the same profile, another visit
    expect(button).not_to_have_class(re.compile(r"\bpointing\b"))
    expect(button).to_have_text("Help")
