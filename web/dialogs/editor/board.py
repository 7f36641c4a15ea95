"""The analysis editor's board as one HTML string: the position's cells, each covered cell
with its chance of a mine, and the findings marked (no browser here: tested in CPython).

The cells carry the DOM contract's ``data-row``, ``data-col``, ``data-state`` and
``data-value``, and the chances the review's look (``data-chance``, ``chance-safe``,
``chance-mine``: :mod:`web.dialogs.replays.review_panel`), so the style sheet draws them as it
draws the
chances a player faced. The cells of a clash carry ``analysis-clash``; the best move
``analysis-best``; dead cells ``analysis-dead``; 50/50s ``analysis-fifty``; the cells of the
finding picked in the list ``analysis-picked``; the cursor ``analysis-cursor``.

>>> from engine.position_text import SeenPosition
>>> from engine.steps import drain
>>> from play.assist import PositionEditor
>>> position = SeenPosition.parse("1 mine\\n##\\n11")
>>> html = board_html(position, drain(PositionEditor().report_steps(position)), cursor=2)
>>> html.split("</div>")[0]
'<div class="row"><div class="cell analysis-fifty analysis-best" data-row="0" data-col="0" \
data-state="covered" data-chance="50">'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from engine import SeenPosition, spot_name
from engine import tiles as t
from web.board import escape, small_board_html

if TYPE_CHECKING:
    from play.assist import Report

CLASH_CLASS = "analysis-clash"
BEST_CLASS = "analysis-best"
DEAD_CLASS = "analysis-dead"
FIFTY_CLASS = "analysis-fifty"
CURSOR_CLASS = "analysis-cursor"
PICKED_CLASS = "analysis-picked"
"""The cells of the finding last picked in the list."""


def cell_words(position: SeenPosition, report: Report | None, cell: int) -> str:
    """A cell in words, for a screen reader (the editor's cursor says it): where, what it
    shows, its chance.

    >>> position = SeenPosition.parse("1 mine\\n#*\\n1.")
    >>> [cell_words(position, None, c) for c in (1, 2, 3)]
    ['row 1, column 2: known mine', 'row 2, column 1: 1', 'row 2, column 2: open']
    """
    tile = position.tiles[cell]
    where = spot_name(position.grid.row_col(cell))
    what = {t.COVERED: "covered", t.FLAGGED: "flagged", t.MINE: "known mine"}.get(tile)
    if what is None:
        what = str(tile) if tile else "open"
    chance = None if report is None else report.percent(cell)
    if chance is not None:
        what += f", {chance}% chance of a mine"
    return f"{where}: {what}"


def board_html(
    position: SeenPosition,
    report: Report | None,
    cursor: int | None,
    picked: Iterable[int] = (),
) -> str:
    """Every row of the position, each cell marked as the report says (and the cells of
    the finding ``picked`` in the list)."""
    marks: dict[int, list[str]] = {}

    def mark(cells: Iterable[int], name: str) -> None:
        for cell in cells:
            marks.setdefault(cell, []).append(name)

    if report is not None:
        if report.clash is not None:
            mark(report.clash.numbers + report.clash.cells, CLASH_CLASS)
        paired = {c for pair in report.fifties for c in pair}
        mark(report.dead - paired, DEAD_CLASS)  # a 50/50's cells are dead too: said once
        mark(sorted(paired), FIFTY_CLASS)
        if report.best is not None:
            mark([report.best], BEST_CLASS)
    mark(picked, PICKED_CLASS)
    if cursor is not None:
        mark([cursor], CURSOR_CLASS)

    def extra(cell: int) -> tuple[str, str, str | None]:
        chance = None if report is None else report.percent(cell)
        if report is None or chance is None:
            return "", "", None
        first = " chance-safe" if cell in report.safe else ""
        first = " chance-mine" if cell in report.mines else first
        return first, f' data-chance="{chance}"', None

    return small_board_html(position.rows, position.cols, position.tiles, marks, extra)


def findings_html(report: Report) -> str:
    """The findings as a list; each about cells is a button that shows them on the board.

    >>> from engine.position_text import SeenPosition
    >>> from engine.steps import drain
    >>> from play.assist import PositionEditor
    >>> report = drain(PositionEditor().report_steps(SeenPosition.parse("1 mine\\n#1##")))
    >>> findings_html(report).split("</li>")[0]
    '<li class="finding-best"><button type="button" class="link" data-cells="3">Best move: \
open row 1, column 4: it is proven safe below.</button>'
    """
    items = report.findings[1:] if report.clash is not None else report.findings
    parts = []
    for finding in items:
        words = escape(finding.words)
        if finding.cells:
            cells = " ".join(str(cell) for cell in finding.cells)
            words = f'<button type="button" class="link" data-cells="{cells}">{words}</button>'
        parts.append(f'<li class="finding-{finding.kind}">{words}</li>')
    return "".join(parts)
