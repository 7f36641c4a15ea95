"""The colour themes of static/style.css, read back and measured: WCAG contrast and lightness.

    python -m tools.contrast        (prints the contrast table of every theme, in Markdown)

Each board theme is one block of custom properties, ``:root[data-theme="name"]``, over the
defaults in ``:root``; the page's dark colour scheme is a ``:root`` block inside
``@media (prefers-color-scheme: dark)``. tests/test_contrast.py checks the figures.

>>> round(contrast("#000000", "#ffffff"), 2), round(contrast("#c0c0c0", "#c0c0c0"), 2)
(21.0, 1.0)
>>> round(contrast("#008000", "#c0c0c0"), 2)  # the classic 2, before this file darkened it
2.82
>>> round(lightness("#ffffff")), round(lightness("#000"))
(100, 0)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from play.settings import THEMES

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
    """The custom properties of the style sheet, by theme and colour scheme."""

    base: dict[str, str]
    themes: dict[str, dict[str, str]]
    dark_page: dict[str, str]
    rules: list[tuple[str, str]]

    @classmethod
    def read(cls, path: Path = STYLE) -> Sheet:
        css = _COMMENT.sub("", path.read_text(encoding="utf-8"))
        base: dict[str, str] = {}
        themes: dict[str, dict[str, str]] = {}
        dark_page: dict[str, str] = {}
        rules = _blocks(css)
        for selector, body in rules:
            tokens = dict(_DECLARATION.findall(body))
            if selector.startswith("@media (prefers-color-scheme: dark) :root"):
                dark_page.update(tokens)
                continue
            if selector.startswith("@"):
                continue
            parts = [part.strip() for part in selector.split(",")]
            if ":root" in parts:
                base.update(tokens)
            for part in parts:
                named = _THEME_SELECTOR.fullmatch(part)
                if named:
                    themes.setdefault(named.group(1), {}).update(tokens)
        return cls(base, themes, dark_page, rules)

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
    for fg, bg, what in HINT_PAIRS:
        cells = [f"{contrast(sheet.tokens(t)[fg], sheet.tokens(t)[bg]):.2f}" for t in THEMES]
        lines.append(f"| {what} | " + " | ".join(cells) + " |")
    return head + "\n".join(lines)


if __name__ == "__main__":
    print(table(Sheet.read()))
