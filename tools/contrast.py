"""The colour themes of static/style.css, read back and measured: WCAG contrast, lightness
and colour difference (CIEDE2000).

    python -m tools.contrast        (prints the contrast table of every theme, in Markdown)

Each theme is one or more blocks of custom properties, ``:root[data-theme="name"]``, over
the defaults in ``:root``: the board's colours and the page's (a theme owns the whole page,
whatever the system's colour scheme). tests/test_contrast.py checks the figures.

>>> round(contrast("#000000", "#ffffff"), 2), round(contrast("#c0c0c0", "#c0c0c0"), 2)
(21.0, 1.0)
>>> round(contrast("#008000", "#c0c0c0"), 2)  # the classic 2, before this file darkened it
2.82
>>> round(lightness("#ffffff")), round(lightness("#000"))
(100, 0)
>>> round(ciede2000("#a00000", "#800000"), 1)  # Classic's 3 and 5 once: hard to tell apart
6.4
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

from play.game.settings import THEMES

STYLE = Path(__file__).resolve().parent.parent / "static" / "style.css"

_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_DECLARATION = re.compile(r"(--[\w-]+)\s*:\s*([^;]*?)\s*;")
_THEME_SELECTOR = re.compile(r':root\[data-theme="([\w-]+)"\]')


def _channel(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: str) -> float:
    """WCAG relative luminance of ``#rgb`` or ``#rrggbb``."""
    digits = colour.strip().lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    if not re.fullmatch(r"[0-9a-fA-F]{6}", digits):
        raise ValueError(f"not an opaque #rrggbb colour: {colour!r}")
    r, g, b = (_channel(int(digits[i : i + 2], 16)) for i in (0, 2, 4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two colours, from 1 to 21."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def lightness(colour: str) -> float:
    """CIE L* (0 black to 100 white): what a viewer who sees no hue at all still sees."""
    y = luminance(colour)
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else y * 24389 / 27


def lab(colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* of an sRGB colour (D65 white)."""
    digits = colour.strip().lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    r, g, b = (_channel(int(digits[i : i + 2], 16)) for i in (0, 2, 4))
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(a: str, b: str) -> float:
    """The CIEDE2000 colour difference of two colours (Sharma, Wu and Dalal's formulation;
    about 2 is just noticeable side by side, 20 and more tells two small digits apart).

    >>> round(ciede2000("#000000", "#000000"), 4), round(ciede2000("#000000", "#ffffff"), 1)
    (0.0, 100.0)
    """
    (l1, a1, b1), (l2, a2, b2) = lab(a), lab(b)
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    d_l, d_c = l2 - l1, c2 - c1
    d_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    rotation = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(c_mean**7 / (c_mean**7 + 25**7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * c_mean
    s_h = 1 + 0.015 * c_mean * t
    r_t = -math.sin(math.radians(2 * rotation)) * r_c
    return math.sqrt(
        (d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_h / s_h) ** 2 + r_t * (d_c / s_c) * (d_h / s_h)
    )


def hue(colour: str) -> float:
    """CIE LCh hue angle, in degrees."""
    _, a, b = lab(colour)
    return math.degrees(math.atan2(b, a)) % 360


def _blocks(css: str) -> list[tuple[str, str]]:
    """``(selector, body)`` of every rule, at top level and inside at-rules; an at-rule's
    selector is prefixed to its inner rules' (``@media (x) :root``)."""
    found: list[tuple[str, str]] = []
    depth, start, heads = 0, 0, [""]
    for i, char in enumerate(css):
        if char == "{":
            heads.append(css[start:i].strip())
            depth += 1
            start = i + 1
        elif char == "}":
            head = heads.pop()
            if not head.startswith("@"):
                prefix = " ".join(h for h in heads if h.startswith("@"))
                found.append(((prefix + " " + head).strip(), css[start:i]))
            depth -= 1
            start = i + 1
    return found


@dataclass(frozen=True)
class Sheet:
    """The custom properties of the style sheet, by theme."""

    base: dict[str, str]
    themes: dict[str, dict[str, str]]
    rules: list[tuple[str, str]]

    @classmethod
    def read(cls, path: Path = STYLE) -> Sheet:
        css = _COMMENT.sub("", path.read_text(encoding="utf-8"))
        base: dict[str, str] = {}
        themes: dict[str, dict[str, str]] = {}
        rules = _blocks(css)
        for selector, body in rules:
            tokens = dict(_DECLARATION.findall(body))
            if selector.startswith("@"):
                continue
            parts = [part.strip() for part in selector.split(",")]
            if ":root" in parts:
                base.update(tokens)
            for part in parts:
                named = _THEME_SELECTOR.fullmatch(part)
                if named:
                    themes.setdefault(named.group(1), {}).update(tokens)
        return cls(base, themes, rules)

    def tokens(self, theme: str) -> dict[str, str]:
        """The custom properties a board in ``theme`` sees (theme blocks outrank ``:root``)."""
        return {**self.base, **self.themes.get(theme, {})}

    def declarations(self, selector: str) -> str:
        """Every declaration of the rules with exactly this selector, joined."""
        return ";".join(body for sel, body in self.rules if sel == selector)


NUMBERS = range(1, 9)
HINT_PAIRS = (
    ("--hint-ink", "--face", "a chance next to a number"),
    ("--hint-ink", "--cell-hover", "the same, under the mouse"),
    ("--hint-quiet", "--face", "the shared chance away from numbers"),
    ("--hint-quiet", "--cell-hover", "the same, under the mouse"),
    ("--hint-safe-ink", "--hint-safe-bg", "a certainly safe cell"),
    ("--hint-safe-ink", "--cell-hover", "the same, under the mouse"),
    ("--hint-mine-ink", "--hint-mine-bg", "a certain mine"),
    ("--hint-mine-ink", "--cell-hover", "the same, under the mouse"),
    ("--ink", "--face", 'the "?" mark on a covered cell'),
)
"""(text, background, what): every pairing of the chances overlay and the "?" mark."""
PAGE_PAIRS = (
    ("--page-ink", "--page", "text on the page"),
    ("--muted", "--page", "the result line's labels"),
    ("--page-ink", "--ctl-bg", "a control's text"),
    ("--on-ink", "--on-bg", "a pressed toggle (Flag, Auto-play)"),
    ("--note-ink", "--note-bg", "the notice"),
    ("--news", "--page", "a new best time"),
    ("--ink", "--face", "text on the window and in the dialogs"),
    ("--link", "--face", "a link-like button in a dialog"),
    ("--th-ink", "--th-bg", "a table's header"),
    ("--field-ink", "--field-bg", "a dialog's text field"),
    ("--error-ink", "--error-bg", "a dialog's error"),
    ("--chart-ink", "--chart-bg", "the chart's axes"),
)
"""(text, background, what): the page's and the dialogs' text, in every theme."""


def table(sheet: Sheet) -> str:
    """Markdown: each number's contrast on its open cell, then the overlay, per theme."""
    head = "| | " + " | ".join(THEMES) + " |\n|---|" + "---|" * len(THEMES) + "\n"
    lines = []
    for n in NUMBERS:
        cells = []
        for theme in THEMES:
            tokens = sheet.tokens(theme)
            colour = tokens[f"--n{n}"]
            cells.append(f"{colour} {contrast(colour, tokens['--cell-open']):.2f}")
        lines.append(f"| {n} | " + " | ".join(cells) + " |")
    for fg, bg, what in HINT_PAIRS + PAGE_PAIRS:
        cells = [f"{contrast(sheet.tokens(t)[fg], sheet.tokens(t)[bg]):.2f}" for t in THEMES]
        lines.append(f"| {what} | " + " | ".join(cells) + " |")
    return head + "\n".join(lines)


if __name__ == "__main__":
    print(table(Sheet.read()))
