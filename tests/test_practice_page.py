"""The Practice dialog's board and words (web/dialogs/practice/board.py), in CPython: the board
shows
the drill's tiles and nothing more, the answer marks what the proof reads."""

from __future__ import annotations

import doctest
import re

import web.dialogs.practice.board
from play.practice.bank import bank_drill
from play.practice.checking import analysis_of, check, right_cells
from play.practice.coach import KindProgress
from play.practice.drill import task_words
from web.dialogs.practice.board import answer_html, board_html, progress_html


def test_the_doctests_pass() -> None:
    assert doctest.testmod(web.dialogs.practice.board, optionflags=doctest.ELLIPSIS).failed == 0


def test_the_board_shows_the_drills_tiles_and_no_answer_before_one_is_given() -> None:
    drill = bank_drill("1-2-1", 42)
    html = board_html(drill, None, cursor=None)
    states = re.findall(r'data-state="(\w+)"', html)
    assert len(states) == drill.level.cells
    assert states.count("covered") == sum(1 for tile in drill.tiles if tile > 8)
    assert "practice-proof" not in html and "data-answer" not in html
    assert html.count("practice-option") == len(drill.options)


def test_an_answer_marks_the_cell_chosen_the_cell_explained_and_the_proofs_numbers() -> None:
    drill = bank_drill("corner", 3)
    good = right_cells(drill, analysis_of(drill))
    wrong = min(c for c in drill.options if c not in good)
    answer = check(drill, wrong)
    html = board_html(drill, answer, cursor=None)
    assert html.count('data-answer="wrong"') == 1
    assert html.count("practice-explained") == 1
    assert html.count("practice-proof") == len(answer.numbers) >= 1
    words = answer_html(answer)
    assert words.startswith('<p class="practice-verdict">No: ')
    assert "Why: " in words


def test_the_task_names_the_cells_offered_and_the_words_are_escaped() -> None:
    drill = bank_drill("hole", 1)
    assert task_words(drill).startswith(drill.task.words)
    assert "<" not in task_words(drill)
    table = progress_html([KindProgress("chain-3", 2, 0, 0), KindProgress("game", 1, 1, 0)])
    assert "Three-step chains" in table and "From your games" in table and "—" in table
