"""The ``practice`` command: drills from the player's own mistakes and the bank, as text.

``practice`` sits ten drills as the page does (:class:`play.game_ui.SittingShown`, one
sitting's rules for both): the player's drills that are due first (the same schedule as the
page's, kept in the same store), then the day's drill and the bank's, the kinds practised
least first. ``practice daily`` begins with the day's drill, ``practice 1-2-1-42`` with one
drill of the bank (a link's ``?drill=``), ``practice 1-2-1`` with one of that kind. Each drill
shows its board (cells offered are lettered), the task in words; the player answers with a
row and a column (``3 4``), or a letter for a cell offered; the answer, the proof in words
and, for a drill from a game, the move played there follow. ``q`` ends the sitting early;
its result line closes it.

>>> import io
>>> from engine import Level
>>> from play.practice import Drill, Practice, Task
>>> practice = Practice(None)
>>> practice.add([Drill(Level(3, 3, 2), bytes([9, 9, 9, 1, 2, 1, 0, 0, 0]), Task.MINE, (0, 1))])
1
>>> console = Console.from_streams(io.StringIO("b\\nq\\n"), io.StringIO())
>>> ticks = iter([0.0, 2.0, 3.0, 4.0])
>>> practice_command(console, practice, StartPractice(""), clock=lambda: next(ticks))
>>> print(console.output.getvalue())  # doctest: +ELLIPSIS
Drill 1 of 10 · from your games · difficulty 2 of 5
   1 2 3
1  a b #  1
2  1 2 1  2
3  . . .  3
   1 2 3
Which of these is a mine? a: row 1, column 1; b: row 1, column 2. The board holds 2 mines \
in all.
Your answer (row column, such as 3 4; q to stop): No: row 1, column 2 is proven safe; row 1, \
column 1 is the mine.
Why: the 2 at row 2, column 2 needs 2 mines among row 1, column 1; row 1, column 2 and row 1, \
column 3, but row 1, column 2 and row 1, column 3, which the 1 at row 2, column 3 touches too, \
hold at most 1 mine (the 1 at row 2, column 3 needs only 1), so row 1, column 1 is a mine.
Drill 2 of 10 · ...
Your answer (row column, such as 3 4; q to stop): Solved 0 of 1 · 2.0 s a drill · best streak 0
<BLANKLINE>
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from engine import drain, excerpt
from play.game import sentence
from play.game_ui import LETTERS, SittingShown, Stage
from terminal.commands import StartPractice
from terminal.console import Console
from terminal.render import board_lines

if TYPE_CHECKING:  # the session's practice, and the drills it hands out
    from play.practice import Drill, Practice

PROMPT = "Your answer (row column, such as 3 4; q to stop): "
_CELL = re.compile(r"[ocf]?\s*([0-9]{1,4})[\s,]+([0-9]{1,4})", re.IGNORECASE)


def practice_command(
    console: Console,
    practice: Practice,
    command: StartPractice,
    clock: Callable[[], float] = time.monotonic,
) -> None:
    """Sit ten drills of ``practice`` (the session's), the one ``command`` names first, if
    any: the day's, or a bank drill (a name that is no drill's is said, in a sentence)."""
    shown = SittingShown(practice, clock)
    try:
        shown.begin(command.name or None)
    except ValueError as error:  # no drill of that name
        console.say(sentence(str(error)))
        return
    sit(console, shown)


def sit(console: Console, shown: SittingShown) -> None:
    """Ask each drill of the sitting ``shown`` has begun in turn, check each answer, and say
    the sitting's result."""
    while _at_hand(shown):
        drill = shown.drill
        assert drill is not None
        console.say(shown.heading())
        for line in drawn(drill):
            console.say(line)
        console.say(shown.task())
        if not _answer(console, shown, drill):
            break
    if shown.sitting is not None and shown.sitting.given:
        console.say(shown.result_line())


def _at_hand(shown: SittingShown) -> bool:
    """Whether a drill is asked, made first if need be (the solver's work, at once)."""
    while shown.stage is Stage.MAKING:
        making = shown.making_steps()
        if making is None:
            break
        drain(making)
    return shown.stage is Stage.ASKING


def _answer(console: Console, shown: SittingShown, drill: Drill) -> bool:
    """Ask until the player answers ``drill`` (True) or stops (False); a drill no layout
    fits is said and left out (True: the sitting goes on with the next)."""
    while True:
        line = console.ask(PROMPT)
        if line is None or line.strip().lower() in ("q", "quit", "stop"):
            return False
        try:
            cell = read_cell(line, drill)
        except ValueError as error:
            console.say(sentence(str(error)))
            continue
        left_out = shown.left_out
        answer = shown.answer(cell)
        if answer is None:  # not a cell the drill asks about, or the drill left out
            console.say(sentence(shown.said))
            if shown.left_out > left_out:
                return True
            continue
        console.say(answer.words)
        console.say(sentence(f"Why: {answer.proof}"))
        if answer.played:
            console.say(answer.played)
        shown.next()
        return True


def read_cell(text: str, drill: Drill) -> int:
    """The cell an answer names: ``3 4`` (row and column from 1), or a letter of a cell
    offered; ValueError with a short message otherwise.

    >>> from engine import Level
    >>> from play.practice import Drill, Task
    >>> drill = Drill(Level(3, 3, 2), bytes([9, 9, 9, 1, 2, 1, 0, 0, 0]), Task.MINE, (0, 1))
    >>> read_cell("1 2", drill), read_cell(" B ", drill), read_cell("o 1,1", drill)
    (1, 1, 0)
    >>> read_cell("9 9", drill)
    Traceback (most recent call last):
    ...
    ValueError: row 9, column 9 is off this 3x3 board
    >>> read_cell("z", drill)
    Traceback (most recent call last):
    ...
    ValueError: answer with a row and a column, such as 3 4, or a letter of a cell offered (a, b)
    """
    stripped = text.strip().lower()
    letters = LETTERS[: len(drill.options)]
    if len(stripped) == 1 and stripped in letters:
        return drill.options[letters.index(stripped)]
    match = _CELL.fullmatch(stripped)
    if match is None:
        offered = f", or a letter of a cell offered ({', '.join(letters)})" if letters else ""
        raise ValueError(f"answer with a row and a column, such as 3 4{offered}")
    row, col = int(match.group(1)), int(match.group(2))
    level = drill.level
    if not (1 <= row <= level.rows and 1 <= col <= level.cols):
        where = f"row {row}, column {col}"
        raise ValueError(f"{excerpt(where)[1:-1]} is off this {level.cols}x{level.rows} board")
    return level.grid.index(row - 1, col - 1)


def drawn(drill: Drill) -> list[str]:
    """The drill's board, labelled from 1, each cell offered drawn as its letter."""
    level = drill.level
    lines = board_lines(drill.tiles, level.rows, level.cols)
    indent = len(str(level.rows)) + 2
    for letter, cell in zip(LETTERS, drill.options, strict=False):
        row, col = divmod(cell, level.cols)
        line = lines[1 + row]
        at = indent + 2 * col
        lines[1 + row] = line[:at] + letter + line[at + 1 :]
    return lines
