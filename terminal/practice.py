"""The ``practice`` command: drills from the player's own mistakes and the bank, as text.

``practice`` sits ten drills: the player's drills that are due first (the same schedule as
the page's, kept in the same store), then the day's drill and the bank's, the kinds
practised least first. ``practice daily`` is the day's drill, ``practice 1-2-1-42`` one
drill of the bank (a link's ``?drill=``). Each drill shows its board (cells offered are
lettered), the task in words; the player answers with a row and a column (``3 4``), or a
letter for a cell offered; the answer, the proof in words and, for a drill from a game,
the move played there follow. ``q`` ends the sitting early; its result line closes it.

>>> import io
>>> from engine import Level
>>> from play.practice import Practice
>>> from play.practice import Drill, Task
>>> drill = Drill(Level(3, 3, 2), bytes([9, 9, 9, 1, 2, 1, 0, 0, 0]), Task.MINE, (0, 1))
>>> console = Console.from_streams(io.StringIO("b\\n"), io.StringIO())
>>> ticks = iter([0.0, 2.0, 3.0])
>>> sit(console, [drill], Practice(None), clock=lambda: next(ticks))
>>> print(console.output.getvalue())  # doctest: +ELLIPSIS
Drill 1 of 1 (from your games, difficulty 2)
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
Solved 0 of 1 · 2.0 s a drill · best streak 0
<BLANKLINE>
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable

from engine.numbers import excerpt
from play.game import sentence
from play.practice import (
    GAME,
    LETTERS,
    BadDrill,
    Drill,
    Practice,
    Sitting,
    bank_key,
    difficulty,
    sitting_plan,
    task_words,
)
from terminal.commands import StartPractice
from terminal.console import Console
from terminal.render import board_lines

PROMPT = "Your answer (row column, such as 3 4; q to stop): "
_CELL = re.compile(r"[ocf]?\s*([0-9]{1,4})[\s,]+([0-9]{1,4})", re.IGNORECASE)


def practice_command(console: Console, practice: Practice, command: StartPractice) -> None:
    """Run what ``command`` asks: one named drill, the day's, or a sitting of ten."""
    from play.practice import bank_drill, daily_drill

    if command.name == "daily":
        drills = [daily_drill(practice.today())]
    elif command.name:
        try:
            drills = [bank_drill(*bank_key(command.name))]
        except BadDrill as error:
            console.say(sentence(str(error)))
            return
    else:
        drills = sitting_drills(practice)
    sit(console, drills, practice)


def sitting_drills(practice: Practice, seeds: random.Random | None = None) -> list[Drill]:
    """Ten drills, as :func:`play.practice.coach.sitting_plan` chooses them, made here."""
    from play.practice import bank_drill

    plan = sitting_plan(practice, practice.today(), seeds or random.Random())
    return [wanted if isinstance(wanted, Drill) else bank_drill(*wanted) for wanted in plan]


def sit(
    console: Console,
    drills: list[Drill],
    practice: Practice,
    clock: Callable[[], float] = time.monotonic,
) -> None:
    """Ask each drill in turn, check each answer, and say the sitting's result."""
    sitting = Sitting(drills, clock, practice)
    drill = sitting.current
    while drill is not None:
        origin = "from your games" if drill.kind == GAME else drill.source
        console.say(f"Drill {sitting.number} of {len(sitting.drills)} ({origin}, "
                    f"difficulty {difficulty(drill)})")  # fmt: skip
        for line in drawn(drill):
            console.say(line)
        console.say(task_words(drill))
        if not _answer(console, sitting, drill):
            break
        drill = sitting.next()
    if sitting.given:
        console.say(sitting.result_line())


def _answer(console: Console, sitting: Sitting, drill: Drill) -> bool:
    """Ask until the player answers ``drill`` (True) or stops (False)."""
    from play.practice import NotACandidate, Unanswerable

    while True:
        line = console.ask(PROMPT)
        if line is None or line.strip().lower() in ("q", "quit", "stop"):
            return False
        try:
            cell = read_cell(line, drill)
            answer = sitting.answer(cell)
        except Unanswerable as error:  # left out: the sitting goes on with the next drill
            console.say(sentence(str(error)))
            return True
        except (ValueError, NotACandidate) as error:
            console.say(sentence(str(error)))
            continue
        console.say(answer.words)
        console.say(sentence(f"Why: {answer.proof}"))
        if answer.played:
            console.say(answer.played)
        return True


def read_cell(text: str, drill: Drill) -> int:
    """The cell an answer names: ``3 4`` (row and column from 1), or a letter of a cell
    offered; ValueError with a short message otherwise.

    >>> from engine import Level
    >>> from play.practice import Task
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
