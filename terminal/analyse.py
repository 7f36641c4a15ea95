"""The ``analyse`` command: any position, its chances and what the solver finds, as text.

``analyse`` asks for a position pasted in its text form (:mod:`engine.position_text`: the
mine total, then one line a row), ended by a blank line; ``analyse FILE`` reads it from a
file. It prints the board with every covered cell's chance of a mine in percent, then the
findings in words (:mod:`play.assist.editor`).

>>> import io
>>> from play.assist import PositionEditor
>>> from terminal.console import Console
>>> console = Console.from_streams(io.StringIO("2 mines\\n###\\n121\\n...\\n\\n"), io.StringIO())
>>> analyse_command(console, PositionEditor(), Analyse(None))
>>> print(console.output.getvalue())  # doctest: +ELLIPSIS
Paste a position (the mine total, such as 10 mines, then one line a row) and end it with a \
blank line:
Chances of a mine, in percent (. and 1-8 are open, * a known mine):
      1    2    3
1  100%   0% 100%
2     1    2    1
3     .    .    .
Best move: open row 1, column 2: it is proven safe below.
Row 1, column 2 is safe: the 2 at row 2, column 2 needs 2 mines among row 1, column 1; ...
...
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import MAX_SIDE, PositionTextError, SeenPosition, drain
from engine import tiles as t
from play.game import sentence
from terminal.commands import Analyse
from terminal.console import Console
from terminal.file_names import no_file_name, player_path

if TYPE_CHECKING:  # the session's editor, and the report it hands out
    from play.assist import PositionEditor, Report

WIDEST = 40
"""Columns up to which the chances are drawn on the board (five characters a cell)."""
LARGEST_FILE = 4 * 1024 * 1024
"""Bytes a position file may have (a 1000x1000 board's text is about 1 MB)."""
PROMPT = (
    "Paste a position (the mine total, such as 10 mines, then one line a row) "
    "and end it with a blank line:"
)


def analyse_command(console: Console, editor: PositionEditor, command: Analyse) -> None:
    """Print the analysis of the position ``command`` names, or why it cannot be read."""
    text = _pasted(console) if command.path is None else _read(console, command.path)
    if text is None:
        return
    try:
        position = SeenPosition.parse(text)
    except PositionTextError as error:
        console.say(sentence(str(error)))
        return
    for line in report_lines(drain(editor.report_steps(position))):
        console.say(line)


def _pasted(console: Console) -> str | None:
    """Lines up to the first blank one after the position (None at the end of input, or
    for a paste longer than any board, whose every line is read so that none is taken for
    a command)."""
    console.say(PROMPT)
    lines: list[str] = []
    read = 0
    while True:
        line = console.ask("")
        if line is None:
            break
        if not line.strip():
            if read:
                break
            continue  # blank lines before the position
        read += 1
        if read <= MAX_SIDE + 1:  # the header and a row per line
            lines.append(line)
    if read > MAX_SIDE + 1:
        console.say(f"That position has more than {MAX_SIDE:,} rows: no board has that many.")
        return None
    return "\n".join(lines) if lines else None


def _read(console: Console, path: str) -> str | None:
    file = player_path(path)
    if file is None:
        console.say(no_file_name(path))
        return None
    try:
        if file.stat().st_size > LARGEST_FILE:
            console.say(f"{path} is too large to be a position ({LARGEST_FILE:,} bytes at most).")
            return None
        return file.read_bytes().decode("utf-8", errors="replace")
    except OSError as error:
        console.say(f"Cannot read {path}: {error.strerror or error}.")
        return None


def report_lines(report: Report) -> list[str]:
    """The board with its chances (when it is narrow enough), then each finding."""
    position = report.position
    lines: list[str] = []
    if report.clash is None and position.cols <= WIDEST:
        lines.append("Chances of a mine, in percent (. and 1-8 are open, * a known mine):")
        lines.extend(chance_lines(report))
    elif report.clash is None:
        lines.append(f"The board is wider than {WIDEST} columns: its chances are not drawn.")
    lines.extend(finding.words for finding in report.findings)
    return lines


def chance_lines(report: Report) -> list[str]:
    """The board, five characters a cell, rows and columns labelled from 1."""
    position = report.position
    width = len(str(position.rows))
    lines = [" " * (width + 1) + "".join(f"{col + 1:>5}" for col in range(position.cols))]
    for row in range(position.rows):
        cells = []
        for col in range(position.cols):
            cell = row * position.cols + col
            tile = position.tiles[cell]
            chance = report.percent(cell)
            if chance is not None:
                cells.append(f"{chance:>4}%")
            else:
                cells.append(f"{t.char(tile):>5}")
        lines.append(f"{row + 1:>{width}} " + "".join(cells))
    return lines
