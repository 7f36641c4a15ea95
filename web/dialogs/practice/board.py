"""The Practice dialog's board and words as HTML strings (no browser here: tested in CPython).

The cells carry the DOM contract's ``data-row``, ``data-col``, ``data-state`` and
``data-value``, drawn as the replay board draws them. A drill holds tiles only, so the
board shows what the player saw and nothing more. A cell offered by a "Which of these…?"
task carries ``practice-option`` and its letter (``data-option``); once answered, the
player's cell ``practice-chosen`` and ``data-answer`` (``right`` or ``wrong``), the cell
the proof is about ``practice-explained``, and the numbers the proof reads
``practice-proof``; the keyboard's cursor ``practice-cursor``.

>>> from engine import Level
>>> from play.practice import Drill, Task
>>> drill = Drill(Level(3, 3, 2), bytes([9, 9, 9, 1, 2, 1, 0, 0, 0]), Task.MINE, (0, 1))
>>> board_html(drill, None, cursor=0).split("</div>")[0]
'<div class="row"><div class="cell practice-option practice-cursor" data-row="0" data-col="0" \
data-state="covered" data-option="a">a'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import count, spot_name
from play.game_ui import LETTERS
from web.board import escape, small_board_html

if TYPE_CHECKING:
    from play.practice import Answer, Drill, KindProgress

OPTION_CLASS = "practice-option"
CHOSEN_CLASS = "practice-chosen"
EXPLAINED_CLASS = "practice-explained"
PROOF_CLASS = "practice-proof"
CURSOR_CLASS = "practice-cursor"


def board_html(drill: Drill, answer: Answer | None, cursor: int | None) -> str:
    """Every row of the drill, the cells offered lettered, the answer and its proof marked."""
    marks: dict[int, list[str]] = {}
    letters = dict(zip(drill.options, LETTERS, strict=False))
    for cell in drill.options:
        marks.setdefault(cell, []).append(OPTION_CLASS)
    if answer is not None:
        for number in answer.numbers:
            marks.setdefault(number, []).append(PROOF_CLASS)
        marks.setdefault(answer.explained, []).append(EXPLAINED_CLASS)
        marks.setdefault(answer.cell, []).append(CHOSEN_CLASS)
    if cursor is not None:
        marks.setdefault(cursor, []).append(CURSOR_CLASS)

    def extra(cell: int) -> tuple[str, str, str | None]:
        attributes, text = "", None
        if cell in letters:
            attributes += f' data-option="{letters[cell]}"'
            text = letters[cell]  # the letter itself: a cell's div takes no aria-label
        if answer is not None and cell == answer.cell:
            attributes += f' data-answer="{"right" if answer.right else "wrong"}"'
        return "", attributes, text

    level = drill.level
    return small_board_html(level.rows, level.cols, drill.tiles, marks, extra)


def cell_words(drill: Drill, cell: int) -> str:
    """The cell under the keyboard's cursor, in words.

    >>> from engine import Level
    >>> from play.practice import Drill, Task
    >>> drill = Drill(Level(3, 3, 2), bytes([9, 9, 9, 1, 2, 1, 0, 0, 0]), Task.MINE, (0, 1))
    >>> cell_words(drill, 0), cell_words(drill, 2), cell_words(drill, 4), cell_words(drill, 7)
    ('row 1, column 1: covered, offered as a', 'row 1, column 3: covered', 'row 2, column 2: 2', \
'row 3, column 2: open')
    """
    tile = drill.tiles[cell]
    where = spot_name(drill.level.grid.row_col(cell))
    what = "covered" if tile > 8 else (str(tile) if tile else "open")
    if cell in drill.options:
        what += f", offered as {LETTERS[drill.options.index(cell)]}"
    return f"{where}: {what}"


def answer_html(answer: Answer) -> str:
    """The answer's verdict, its proof and the move played in the game, as paragraphs."""
    parts = [f'<p class="practice-verdict">{escape(answer.words)}</p>']
    proof = answer.proof[0].upper() + answer.proof[1:] if answer.proof else ""
    parts.append(f'<p class="practice-why">Why: {escape(proof)}.</p>')
    if answer.played:
        parts.append(f'<p class="practice-played">{escape(answer.played)}</p>')
    return "".join(parts)


def due_words(due: int) -> str:
    """
    >>> due_words(0), due_words(1), due_words(12)
    ('No drill of yours is due: new drills from the bank.', '1 drill due.', '12 drills due.')
    """
    if due == 0:
        return "No drill of yours is due: new drills from the bank."
    return f"{count(due, 'drill')} due."


def progress_html(progress: list[KindProgress]) -> str:
    """Practice per kind, for Statistics: drills, answers solved and missed.

    >>> from play.practice import KindProgress
    >>> progress_html([KindProgress("game", 3, 4, 1)])  # doctest: +ELLIPSIS
    '<h3>Practice</h3><table class="stats-table practice-progress">...<td>4 of 5 (80%)</td>...'
    """
    if not progress:
        return ""
    rows = []
    for kind in progress:
        answers = kind.solved + kind.missed
        share = f"{kind.solved} of {answers} ({kind.solved / answers:.0%})" if answers else "—"
        rows.append(
            f'<tr><th scope="row">{escape(kind.title)}</th><td>{kind.drills}</td>'
            f"<td>{share}</td></tr>"
        )
    head = (
        '<tr><th scope="col">Kind</th><th scope="col">Drills</th><th scope="col">Solved</th></tr>'
    )
    return (
        '<h3>Practice</h3><table class="stats-table practice-progress">'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )
