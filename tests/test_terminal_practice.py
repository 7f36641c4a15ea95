"""The terminal's ``practice``: the same drills and schedule as the page, answered as text."""

from __future__ import annotations

import doctest
import io
import random
from collections.abc import Callable

import pytest

import terminal.practice
from engine import BEGINNER, Move
from play.game_ui import SittingShown
from play.keeping.blobs import Blobs
from play.keeping.keeper import Keeper
from play.keeping.storage import MemoryStorage
from play.practice.bank import bank_drill
from play.practice.checking import analysis_of, right_cells
from play.practice.coach import SITTING, Practice
from play.practice.drill import GAME, Drill
from terminal.app import App
from terminal.commands import StartPractice, parse_command
from terminal.console import Console
from terminal.options import Options
from terminal.practice import practice_command
from tests.helpers import FakeClock


def typing(lines: list[str], output: io.StringIO) -> Callable[[str], str]:
    """A player typing ``lines``, each after its prompt (echoed); then the end of input."""
    pending = iter(lines)

    def read(prompt: str) -> str:
        line = next(pending, None)
        if line is None:
            raise EOFError
        output.write(prompt + line + "\n")
        return line

    return read


def test_the_doctests_pass() -> None:
    assert doctest.testmod(terminal.practice, optionflags=doctest.ELLIPSIS).failed == 0


@pytest.mark.parametrize(
    ("typed", "command"),
    [
        ("practice", StartPractice("")),
        ("practise daily", StartPractice("daily")),
        ("Practice 1-2-1-42", StartPractice("1-2-1-42")),
    ],
)
def test_practice_is_a_command(typed: str, command: StartPractice) -> None:
    assert parse_command(typed) == command


def answer_for(drill: Drill, right: bool) -> str:
    """What a player types to answer ``drill`` rightly or not: row and column from 1."""
    good = right_cells(drill, analysis_of(drill))
    cells = drill.options or tuple(c for c, x in enumerate(drill.tiles) if x == 9)
    cell = min(good) if right else min(c for c in cells if c not in good)
    row, col = drill.level.grid.row_col(cell)
    return f"{row + 1} {col + 1}"


def run(lines: list[str], practice: Practice, command: StartPractice) -> str:
    output = io.StringIO()
    console = Console(typing(lines, output), output)
    practice_command(console, practice, command)
    return output.getvalue()


def test_a_bank_drill_solved_and_scheduled() -> None:
    drill = bank_drill("1-2-1", 42)
    practice = Practice(None)
    said = run([answer_for(drill, True)], practice, StartPractice("1-2-1-42"))
    assert "Drill 1 of 10 · 1-2-1 #42 · difficulty 2 of 5" in said
    assert "Which of these is safe? a: row" in said
    assert "Right: row" in said and "Why: " in said
    assert "Solved 1 of 1" in said
    kept = practice.deck()["1-2-1-42"]
    assert (kept.solved, kept.missed) == (1, 0)


def test_a_bank_drill_missed_says_the_right_cell_and_its_proof() -> None:
    drill = bank_drill("chain-2", 3)
    practice = Practice(None)
    said = run([answer_for(drill, False)], practice, StartPractice("chain-2-3"))
    assert "proven safe: the " in said and "is a mine; the " in said  # a mine first, then the cell
    assert "Solved 0 of 1" in said
    assert practice.deck()["chain-2-3"].missed == 1


def test_a_bad_answer_is_asked_again_and_q_stops() -> None:
    said = run(["banana", "99 99", "q"], Practice(None), StartPractice("corner-1"))
    assert "Answer with a row and a column, such as 3 4, or a letter" in said
    assert "Row 99, column 99 is off this" in said
    assert "Solved" not in said  # nothing answered, nothing to sum up


def test_a_bad_drill_name_gets_a_short_message() -> None:
    said = run([], Practice(None), StartPractice("1-3-9"))
    assert said.strip().startswith('No kind of drill "1-3": use 1-1, 1-2')


def test_a_sitting_is_ten_drills_the_due_ones_first() -> None:
    practice = Practice(None)
    mine = bank_drill("hole", 4)
    practice.add([mine])
    shown = SittingShown(practice, FakeClock(), random.Random(1))  # the page's, the terminal's
    shown.begin()
    assert shown.size == SITTING and shown.plan[0] == mine
    kinds = {wanted[0] for wanted in shown.plan[1:] if isinstance(wanted, tuple)}
    assert len(kinds) >= 8  # the bank's kinds, one of each


def test_a_review_with_mistakes_makes_drills_that_practice_then_asks() -> None:
    """A whole terminal run: a lost game, its review ('N new drills from this game'), and
    practice asking the first of them."""
    store = MemoryStorage()
    game = _game_with_a_needless_guess()
    lines = [*(f"o {m.row + 1} {m.col + 1}" for m in game), "", "review", "practice", "q", "q"]
    output = io.StringIO()
    clock = FakeClock()
    app = App(
        Options(BEGINNER, None, question_marks=None, color=False),
        Console(typing(lines, output), output),
        clock=clock,
        seeds=lambda: SEED,
        storage=store,
    )
    app.run()
    said = output.getvalue()
    assert "new drill" in said and "from this game.\nType practice for your drills." in said
    assert "Drill 1 of 10 · from your games" in said
    kept = Practice(Blobs(store)).deck()
    assert any(k.drill.kind == GAME for k in kept.values())


SEED = 42


def _game_with_a_needless_guess() -> list[Move]:
    """Moves on beginner with seed 42: the first click in the centre, then a click on a
    mine while a proven-safe cell was there."""
    from engine import apply, new_game
    from engine.solver import analyse

    game = apply(new_game(BEGINNER, seed=SEED), Move.reveal(4, 4)).game
    layout = game.layout
    assert layout is not None
    analysis = analyse(game.grid, 10, game.tiles)
    assert analysis.safe, "the opening proves a safe cell"
    mine = next(c for c in sorted(layout.mines) if c not in analysis.mines)
    return [Move.reveal(4, 4), Move.reveal(*game.grid.row_col(mine))]


def test_the_terminal_keeps_drills_in_the_same_store_as_everything_else() -> None:
    store = MemoryStorage()
    keeper = Keeper(Blobs(store))
    Practice(keeper.blobs).add([bank_drill("1-1", 1)])
    assert "1-1-1" in keeper.export_text()


def test_a_count_drill_says_the_mine_total_and_a_kind_alone_is_that_kind() -> None:
    """Once, ``practice count-7`` never said how many mines there are; ``practice
    1-2-1`` (no seed) was a 1-2 drill of seed 1."""
    drill = bank_drill("count", 7)
    said = run(["q"], Practice(None), StartPractice("count-7"))
    assert f"Find a safe cell. The board holds {drill.level.mines} mines in all." in said
    said = run(["q"], Practice(None), StartPractice("1-2-1"))
    assert "Drill 1 of 10 · 1-2-1 #" in said
