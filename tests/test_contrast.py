"""Every number colour and every chance of the overlay, in every theme, against its cell;
every two numbers apart; the hint's ring; the page's and the dialogs' text in every theme.

The figures come from static/style.css itself (tools/contrast.py reads its theme blocks),
so a colour changed in the style sheet is checked here; the rules that paint the cells are
checked to use those tokens, so a colour written straight into a rule cannot slip past.
WCAG 1.4.3: 4.5:1 for text under 18.66 px bold, which every number and chance is; 1.4.11:
3:1 for the hint's ring against the cell it marks.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from play.game.settings import THEMES
from tools.contrast import (
    HINT_PAIRS,
    NUMBERS,
    PAGE_PAIRS,
    Sheet,
    ciede2000,
    contrast,
    hue,
    lab,
    lightness,
)

AA = 4.5
APART = 20
"""CIEDE2000 between two numbers: at 20 or more, two small digits are told apart at a glance
(Classic's 3 and 5, #a00000 and #800000, were 6.4 apart)."""
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


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize(("text", "background", "what"), PAGE_PAIRS)
def test_the_page_and_dialogs_reach_4_5_in_every_theme(
    theme: str, text: str, background: str, what: str
) -> None:
    """Each theme owns the whole page: its toolbar, links, table headers, fields, chart."""
    tokens = SHEET.tokens(theme)
    ratio = contrast(tokens[text], tokens[background])
    assert ratio >= AA, f"{theme}, {what}: {tokens[text]} on {tokens[background]} is {ratio:.2f}"


def test_no_colour_follows_the_systems_scheme() -> None:
    """Classic stays Classic on a dark system: no rule of the sheet asks the system, and
    each theme says which scheme its form controls and scroll bars take."""
    assert not any("prefers-color-scheme" in selector for selector, _body in SHEET.rules)
    assert "color-scheme: dark" in SHEET.declarations(':root[data-theme="dark"]')
    assert "color-scheme: light" in SHEET.declarations(":root")


@pytest.mark.parametrize("theme", THEMES)
def test_every_two_numbers_are_told_apart(theme: str) -> None:
    """CIEDE2000 20 or more between every two numbers, or a different mark (the
    colour-blind theme underlines and overlines)."""
    tokens = SHEET.tokens(theme)
    close = []
    for a, b in combinations(NUMBERS, 2):
        apart = ciede2000(tokens[f"--n{a}"], tokens[f"--n{b}"])
        marked = tokens.get(f"--mark{a}", "none") != tokens.get(f"--mark{b}", "none")
        if apart < APART and not marked:
            close.append(f"{a} and {b}: {apart:.1f}")
    assert close == [], f"{theme}: " + ", ".join(close)


@pytest.mark.parametrize("theme", THEMES)
def test_the_hint_ring_stands_out_in_every_theme(theme: str) -> None:
    """3:1 against the covered cell it marks (under the mouse too), and 3:1 between the
    ring and its inner ring, so one of them shows on whatever colour lies around."""
    tokens = SHEET.tokens(theme)
    ring, inner = tokens["--hint-ring"], tokens["--hint-ring-in"]
    for under in ("--face", "--cell-hover"):
        assert contrast(ring, tokens[under]) >= 3, (theme, under, ring)
    assert contrast(ring, inner) >= 3, (theme, ring, inner)
    rule = " ".join(body for sel, body in SHEET.rules if "hint-best" in sel)
    assert "var(--hint-ring)" in rule and "var(--hint-ring-in)" in rule
    assert "outline: 3px" in rule


def test_classic_keeps_the_classic_hues() -> None:
    """Darkened and nudged apart, not replaced: each classic number keeps its Windows hue
    within 25 degrees (CIE LCh), and 7 and 8 stay black and grey."""
    classic = ["#0000ff", "#008000", "#ff0000", "#000080", "#800000", "#008080", "#000", "#808080"]
    tokens = SHEET.tokens("classic")
    for number, original in zip(NUMBERS, classic, strict=True):
        now = tokens[f"--n{number}"]
        _, a, b = lab(now)
        if number in (7, 8):
            assert abs(a) + abs(b) < 5, (number, now)
            continue
        turn = abs(hue(now) - hue(original)) % 360
        assert min(turn, 360 - turn) <= 25, (number, now, original)


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
