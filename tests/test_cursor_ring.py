"""The keyboard cursor's ring, seen at a glance in every theme (issue 54: a thin outline of
the page's accent blue, 2 px, hard to find on the board): WCAG 1.4.11's 3:1 against every
tile the cursor can stand on (covered, under the mouse, open, a mine, the exploded mine, a
chance's certain colours), a thin ring of the opposite lightness beside it at 3:1 too, and a
ring told apart from the Hint button's. The colours are read from static/style.css, as
tests/test_contrast.py reads them."""

from __future__ import annotations

import re

import pytest

from play.game.settings import THEMES
from tools.contrast import Sheet, ciede2000, contrast

SHEET = Sheet.read()
TILES = (
    "--face",
    "--cell-hover",
    "--cell-open",
    "--cell-mine",
    "--cell-exploded",
    "--hint-safe-bg",
    "--hint-mine-bg",
)
"""Every colour a cell of the board can have under the cursor."""


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("tile", TILES)
def test_the_cursor_ring_reaches_3_to_1_on_every_tile(theme: str, tile: str) -> None:
    tokens = SHEET.tokens(theme)
    ring, under = tokens["--cursor-ring"], tokens[tile]
    ratio = contrast(ring, under)
    assert ratio >= 3, f"{theme}: the cursor's {ring} on {tile} {under} is {ratio:.2f}:1"


@pytest.mark.parametrize("theme", THEMES)
def test_the_cursor_has_an_inner_ring_and_is_not_the_hints(theme: str) -> None:
    tokens = SHEET.tokens(theme)
    ring, inner = tokens["--cursor-ring"], tokens["--cursor-ring-in"]
    assert contrast(ring, inner) >= 3, (theme, ring, inner)
    assert ciede2000(ring, tokens["--hint-ring"]) >= 20, (theme, ring, tokens["--hint-ring"])


def test_the_cursor_is_drawn_with_its_tokens_three_pixels_thick() -> None:
    rule = SHEET.declarations(".cell.focus")
    assert "var(--cursor-ring)" in rule and "var(--cursor-ring-in)" in rule, rule
    width = re.search(r"outline:\s*(\d+)px solid var\(--cursor-ring\)", rule)
    assert width is not None and int(width.group(1)) >= 3, rule
