"""How to play: the page's Help dialog is the README's help part, written in at
build time (tools/site/help.py), never a second copy: every row of the README's controls
table is in it, and it says what a newcomer needs (reveal, flag, chord, the counter and the
timer, the first-click rule, touch and keys)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from play.game_ui import Command, Context
from tools.site.help import PLACE, HelpError, help_html, page_with_help
from web.page import command_for

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
PAGE = (ROOT / "index.html").read_text(encoding="utf-8")


def readme_controls() -> list[str]:
    """The first column of the README's controls table, as the README writes it."""
    part = README.split("<!-- help -->", 1)[1].split("<!-- /help -->", 1)[0]
    rows = [line for line in part.splitlines() if line.startswith("| ")]
    return [row.split("|")[1].strip() for row in rows[1:]]  # the header row left out


def test_the_help_dialog_holds_the_readmes_controls_table_row_for_row() -> None:
    html = page_with_help(PAGE, README)
    assert PLACE not in html
    body = html.split('id="help-body"', 1)[1].split("</dialog>", 1)[0]
    text = re.sub(r"<[^>]+>", "", body)
    controls = readme_controls()
    assert len(controls) >= 8
    for control in controls:
        plain = re.sub(r"[*`]", "", control)
        assert plain in text, plain
    assert body.count("<tr>") == len(controls) + 1  # the header row and one a control


@pytest.mark.parametrize(
    "words",
    [
        "reveal",
        "flag",
        "chord",
        "counter",
        "timer",
        "first-click rule",
        "tap",
        "keyboard",
        "reveal a cell, a ? one too",  # a left click opens a questioned cell, as in Windows
    ],
)
def test_the_help_says_what_a_newcomer_needs(words: str) -> None:
    assert words in re.sub(r"<[^>]+>", "", help_html(README)).lower()


def test_a_readme_or_page_without_its_help_part_is_refused_in_words() -> None:
    with pytest.raises(HelpError, match=r"README\.md needs one"):
        help_html("no help here")
    with pytest.raises(HelpError, match=r"index\.html needs one"):
        page_with_help("<html></html>", README)


def test_the_question_mark_opens_help_from_anywhere_on_the_page() -> None:
    assert command_for(Context.PAGE, "?", shift=True) is Command.HELP


def test_the_help_names_the_help_button_by_every_label_it_wears() -> None:
    """A first visit's Help button reads "How to play?" (web/dialogs/help.py), later "Help":
    the help calls it by both, so it names the button the player sees."""
    from web.dialogs.help import POINTER

    text = re.sub(r"<[^>]+>", "", help_html(README))
    assert "Help button" in text
    assert POINTER in text, f"the help never says {POINTER!r}, the button's first label"
