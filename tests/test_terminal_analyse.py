"""The terminal's ``analyse`` command: a position pasted or read from a file, analysed."""

from __future__ import annotations

import doctest
import io
from pathlib import Path

import pytest

import terminal.analyse
from engine import BEGINNER
from engine.level import MAX_SIDE
from play.assist.editor import PositionEditor
from play.keeping.storage import MemoryStorage
from terminal.analyse import analyse_command
from terminal.app import App
from terminal.commands import Analyse, help_text, parse_command
from terminal.console import Console
from terminal.options import Options
from tests.helpers import FakeClock
from tests.test_terminal import SEED


@pytest.fixture(autouse=True)
def private_data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


def test_doctests() -> None:
    assert doctest.testmod(terminal.analyse, optionflags=doctest.ELLIPSIS).failed == 0


def analysed(command: Analyse, typed: str = "") -> str:
    console = Console.from_streams(io.StringIO(typed), io.StringIO())
    analyse_command(console, PositionEditor(), command)
    output = console.output
    assert isinstance(output, io.StringIO)
    return output.getvalue()


def test_the_command_reads_with_or_without_a_file() -> None:
    assert parse_command("analyse") == Analyse(None)
    assert parse_command("analyze 'my position.txt'") == Analyse("my position.txt")
    assert "analyse FILE" in help_text()


def test_a_pasted_position_prints_its_chances_and_its_findings() -> None:
    out = analysed(Analyse(None), "\n1 mine\n##\n11\n\nignored\n")
    assert "1   50%  50%" in out
    assert "Row 1, column 1 and row 1, column 2 are a 50/50" in out
    assert "ignored" not in out


def test_a_position_file_is_read(tmp_path: Path) -> None:
    file = tmp_path / "position.txt"
    file.write_bytes(b"1 mine\r\n#1##\r\n")
    out = analysed(Analyse(str(file)))
    assert "Dead cells" in out and "row 1, column 1 and row 1, column 3" in out
    assert "Best move: open row 1, column 4: it is proven safe below" in out


def test_numbers_that_clash_are_said_with_no_chances() -> None:
    out = analysed(Analyse(None), "3 mines\n###\n131\n...\n\n")
    assert "No layout fits: the 3 at row 2, column 2 and the 1 at row 2, column 3" in out
    assert "%" not in out


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("2 mines\n###\n##\n\n", "Row 2 has 2 cells, but row 1 has 3"),
        ("###\n\n", "The first line should give the mine total"),
        ("2 mines\n#x#\n\n", 'Row 1, column 2 is "x"'),
    ],
)
def test_bad_text_gets_a_short_message(typed: str, words: str) -> None:
    out = analysed(Analyse(None), typed)
    assert words in out and "Traceback" not in out


def test_a_missing_file_is_said(tmp_path: Path) -> None:
    assert "Cannot read" in analysed(Analyse(str(tmp_path / "nowhere.txt")))


def test_the_end_of_input_while_pasting_analyses_what_came() -> None:
    assert "50/50" in analysed(Analyse(None), "1 mine\n##\n11")
    assert analysed(Analyse(None), "").count("\n") <= 2  # nothing pasted: nothing said


def test_a_wide_board_gives_its_findings_without_its_chances() -> None:
    out = analysed(Analyse(None), "1 mine\n" + "#" * 50 + "\n" + "1" + "#" * 49 + "\n\n")
    assert "wider than 40 columns" in out


def test_analyse_inside_a_game_leaves_the_game_as_it_was() -> None:
    clock = FakeClock()
    pending = iter(["o 5 5", "analyse", "1 mine", "##", "11", "", "q"])
    output = io.StringIO()

    def read(prompt: str) -> str:
        output.write(prompt)
        clock.now += 1.0
        line = next(pending, None)
        if line is None:
            raise EOFError
        output.write(line + "\n")
        return line

    options = Options(BEGINNER, SEED, question_marks=None, color=False)
    storage = MemoryStorage()
    app = App(options, Console(read, output), clock=clock, seeds=lambda: SEED, storage=storage)
    assert app.run() == 0
    out = output.getvalue()
    assert "are a 50/50" in out and "Bye." in out


def test_a_file_name_no_file_can_have_is_said() -> None:
    """A NUL typed or piped into the name: os.stat raises ValueError, not OSError."""
    out = analysed(Analyse("pos\0ition.txt"))
    assert "cannot be a file's name" in out and "Traceback" not in out


def test_a_paste_with_more_rows_than_a_board_has_is_refused_whole() -> None:
    """Every line of an over-long paste is the paste's, up to its blank line: none of its rows
    is left over for the command prompt."""
    console = Console.from_streams(
        io.StringIO("1 mine\n" + "#1\n" * (MAX_SIDE + 5) + "\nafter\n"), io.StringIO()
    )
    analyse_command(console, PositionEditor(), Analyse(None))
    output = console.output
    assert isinstance(output, io.StringIO)
    assert f"more than {MAX_SIDE:,} rows" in output.getvalue()
    assert console.ask("") == "after"
