"""A measured figure (a time, a size, a rate or ratio with decimals) lives where it cannot drift:
in docs/figures.md, between the markers ``make bench`` writes, or in a dated log that says it
keeps figures as history. The README and the other docs point to them instead of copying a
number that the next change makes false.

What is not a measurement is left alone: code and quotations (a limit named as the code names
it, ``SLICE_S``; an example of what the page says, "You beat Ada by 1.32 s"), whole percentages
(a 95% interval, a zoom of 300%) and whole ratios (4x slower)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

LOGS = {
    "figures.md": "written by `make bench` (benchmarks/report.py), each section with its date",
    "runtime-notes.md": "the runtime's measurements, dated",
    "solver-notes.md": "the solver's win rates and where its games are lost, dated",
    "counters-notes.md": "what the live counters and races taught, dated",
    "paths-notes.md": "the modules a click crosses, dated",
    "figures-history.md": "the figures typed by hand before the report, no longer updated",
}
"""The pages allowed to carry measured figures, and why."""

DATED_LOG = "A dated log of measurements, kept as history"
"""What each log but the generated report says at its top."""

FIGURE = re.compile(
    r"(?<![\w.])\d[\d,]*(?:\.\d+)?(?:\s?(?:ms|µs|KB|MB|GB)\b|\ss\b)"  # 16.3 ms, 31 MB, 0.5 s
    r"|(?<![\w.])\d+\.\d+\s?(?:%|x\b)"  # 52.5%, 1.7x
)


def prose(markdown: str) -> str:
    """The text a reader takes as the doc's own claims: without the report's generated sections,
    code blocks, code spans and quotations."""
    text = re.sub(r"<!-- figure (\S+) -->.*?<!-- /figure \1 -->", "", markdown, flags=re.S)
    text = re.sub(r"^(`{3,}).*?^\1", "", text, flags=re.S | re.M)
    text = re.sub(r"`[^`\n]*`", "", text)
    return re.sub(r'"[^"]{0,400}"', "", text)


def figures_in(markdown: str) -> list[str]:
    return [found[0] for found in FIGURE.finditer(prose(markdown))]


def test_a_measured_figure_is_found_in_prose_and_nowhere_else() -> None:
    assert figures_in("a click takes 16.3 ms; the wasm is 9.6 MB, 14 KB a minute, 0.5 s") == [
        "16.3 ms",
        "9.6 MB",
        "14 KB",
        "0.5 s",
    ]
    assert figures_in("our solver wins 52.5% (49.4-55.6), 1.7x the peer, 1,389 ms") == [
        "52.5%",
        "1.7x",
        "1,389 ms",
    ]
    assert figures_in('slices of `SLICE_S`, a limit of `1 s`; "Won in 9.12 s"') == []
    assert figures_in("```text\nmedian 0.35 s\n```\n95% intervals, 4x slower, 3BV/s, 200s") == []
    generated = "<!-- figure engine -->\n0.35 s\n<!-- /figure engine -->\n"
    assert figures_in(generated) == [] and figures_in(generated + "7 ms") == ["7 ms"]


def test_the_readme_and_the_guides_carry_no_measured_figure() -> None:
    pages = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]
    found = {
        page.relative_to(ROOT).as_posix(): figures
        for page in pages
        if page.name not in LOGS and (figures := figures_in(page.read_text(encoding="utf-8")))
    }
    assert found == {}, "point to docs/figures.md, or log it, dated, in docs/runtime-notes.md"


def test_each_log_of_figures_is_there_and_says_it_is_a_dated_log() -> None:
    for name in LOGS:
        text = (DOCS / name).read_text(encoding="utf-8")
        if name != "figures.md":  # the report says where each section came from
            assert DATED_LOG in text[:600], name
