"""Every number colour and every chance of the overlay, in every theme, against its cell.

The figures come from static/style.css itself (tools/contrast.py reads its theme blocks),
so a colour changed in the style sheet is checked here; the rules that paint the cells are
checked to use those tokens, so a colour written straight into a rule cannot slip past.
WCAG 1.4.3: 4.5:1 for text under 18.66 px bold, which every number and chance is.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from play.settings import THEMES
from tools.contrast import HINT_PAIRS, NUMBERS, Sheet, contrast, lightness

AA = 4.5
SHEET = Sheet.read()


@pytest.mark.parametrize("theme", THEMES)
def test_every_theme_is_a_block_of_the_style_sheet(theme: str) -> None:
    assert theme == "classic" or SHEET.themes.get(theme), f"no :root[data-theme={theme}] block"


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("number", NUMBERS)
def test_number_reaches_4_5_on_its_open_cell(theme: str, number: int) -> None:
    tokens = SHEET.tokens(theme)
    colour, cell = tokens[f"--n{number}"], tokens["--cell-open"]
    ratio = contrast(colour, cell)
    assert ratio >= AA, f"{theme} {number}: {colour} on {cell} is {ratio:.2f}:1"


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize(("text", "background", "what"), HINT_PAIRS)
def test_chances_overlay_reaches_4_5(theme: str, text: str, background: str, what: str) -> None:
    tokens = SHEET.tokens(theme)
    ratio = contrast(tokens[text], tokens[background])
    assert ratio >= AA, f"{theme}, {what}: {tokens[text]} on {tokens[background]} is {ratio:.2f}"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_results_line_reaches_4_5_on_the_page(scheme: str) -> None:
    tokens = {**SHEET.base, **(SHEET.dark_page if scheme == "dark" else {})}
    for text in ("--muted", "--page-ink"):
        ratio = contrast(tokens[text], tokens["--page"])
        assert ratio >= AA, f"{scheme} page: {text} {tokens[text]} is {ratio:.2f}:1"


def test_classic_keeps_the_classic_hues() -> None:
    """Darkened, not replaced: each classic number keeps its hue's dominant channel."""
    classic = ["#0000ff", "#008000", "#ff0000", "#000080", "#800000", "#008080", "#000", "#808080"]
    tokens = SHEET.tokens("classic")
    for number, original in zip(NUMBERS, classic, strict=True):
        now = tokens[f"--n{number}"]
        channels = [int(now.lstrip("#")[i : i + 2], 16) for i in (0, 2, 4)]
        was = [int(original.lstrip("#").ljust(6, "0")[i : i + 2], 16) for i in (0, 2, 4)]
        assert [c > 0 for c in channels] == [c > 0 for c in was], (number, now, original)


def test_colour_blind_numbers_differ_by_more_than_hue() -> None:
    """Any two numbers differ in lightness (10 L* or more) or in their mark, so a viewer who
    sees no hue at all still tells each from every other."""
    tokens = SHEET.tokens("colorblind")
    look = {n: (lightness(tokens[f"--n{n}"]), tokens.get(f"--mark{n}", "none")) for n in NUMBERS}
    for a, b in combinations(NUMBERS, 2):
        (light_a, mark_a), (light_b, mark_b) = look[a], look[b]
        assert abs(light_a - light_b) >= 10 or mark_a != mark_b, (a, look[a], b, look[b])


def test_the_cells_are_painted_with_the_theme_tokens() -> None:
    for number in NUMBERS:
        rule = SHEET.declarations(f'.cell[data-value="{number}"]')
        assert f"color: var(--n{number})" in rule, rule
    open_look = [body for sel, body in SHEET.rules if '[data-state="open"]' in sel]
    assert any("background-color: var(--cell-open)" in body for body in open_look)
    overlay = " ".join(body for sel, body in SHEET.rules if "show-hints" in sel)
    for token in {text for text, _bg, _what in HINT_PAIRS} | {"--hint-safe-bg", "--hint-mine-bg"}:
        if token != "--ink":
            assert f"var({token})" in overlay, token


def test_the_contrast_tool_doctests() -> None:
    import doctest

    import tools.contrast

    assert doctest.testmod(tools.contrast).failed == 0
