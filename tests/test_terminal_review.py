"""The terminal's ``review``: kept games, replay files of other clones, record files and
pasted records, judged move by move; and every bad input answered in words."""

from __future__ import annotations

import doctest
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

import terminal.review
from engine import BEGINNER, Move, Record, new_game
from play.keeping.storage import MemoryStorage
from play.videos.replay import move_words
from terminal.app import App
from terminal.console import Console
from terminal.options import Options
from tests.helpers import ROOT, FakeClock, shared_replay, typing
from tests.test_terminal import FIRST, SEED, first_layout, winning_moves


@pytest.fixture(autouse=True)
def private_data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


def run(lines: list[str], storage: MemoryStorage | None = None) -> str:
    """A whole run of the program in-process, one command a second; its output."""
    clock, output = FakeClock(), io.StringIO()
    console = Console(typing(lines, output, clock, echo=True), output)
    options = Options(BEGINNER, SEED, question_marks=None, color=False)
    app = App(options, console, clock=clock, seeds=lambda: SEED, storage=storage)
    assert app.run() == 0
    return output.getvalue()


def test_doctests() -> None:
    assert doctest.testmod(terminal.review, optionflags=doctest.ELLIPSIS).failed == 0


def test_review_of_the_game_just_played() -> None:
    moves = winning_moves(first_layout())
    out = run([f"o {m.row + 1} {m.col + 1}" for m in moves] + ["review", "n"], MemoryStorage())
    part = out.split("(y/n) review\n", 1)[1]
    assert re.search(
        r"^Review: Game 1: Beginner, won in \d+\.\d\d s on \d{4}-\d\d-\d\d, seed 42\.$", part, re.M
    )
    rows = re.findall(
        r"^ +(\d+) +\d+\.\d\d s  (open row \d+, column \d+) +"
        r"(certain|forced guess|needless guess) ",
        part,
        re.M,
    )
    said = [(i, move_words(m)) for i, m in enumerate(moves, 1)]  # in words, counted from 1
    assert [(int(n), move) for n, move, _ in rows] == said
    assert rows[0][2] == "certain"
    assert "Verdicts: " in part and "Counters: 3BV " in part
    assert "Risk of each move (from 0 to 100%):" in part
    assert "Chance of having survived so far (from 0 to 100%):" in part


def test_review_numbers_and_records_that_are_not_there() -> None:
    bad = "ms1;9x9/10;seed=1;marks=1;noguess=0;O4,4@0;O99,1@5"
    out = run(["review", "review 3", f"review {bad}", "q"], MemoryStorage())
    assert "No finished games are kept yet: play one, or review a replay file." in out
    assert 'That record cannot be played back: move 2 "O99,1" is off the 9x9 board.' in out
    assert "Traceback" not in out


def test_review_of_a_pasted_record_and_of_a_record_file(tmp_path: Path) -> None:
    record = Record.of(new_game(BEGINNER, SEED)).add(Move.reveal(*FIRST), 0)
    record = record.add(Move.mark(0, 0), 1200)
    (tmp_path / "game.txt").write_text(record.to_text() + "\n")
    out = run([f"review {record.to_text()}", f"review {tmp_path / 'game.txt'}", "q"])
    assert "Review: A pasted game: Beginner, seed 42." in out
    assert "Review: game.txt: Beginner, seed 42." in out
    assert out.count("the first click is always safe") == 2


def test_review_of_files_that_are_not_replays(tmp_path: Path) -> None:
    (tmp_path / "junk.avf").write_bytes(b"\x00\x01\x02 not an Arbiter file")
    (tmp_path / "notes.txt").write_text("hello")
    lines = [f"review {tmp_path / 'junk.avf'}", f"review {tmp_path / 'notes.txt'}"]
    out = run([*lines, f"review {tmp_path / 'missing.rmv'}", "q"])
    assert re.search(r"^Junk\.avf is (damaged|not a readable AVF).*\.$", out, re.M)
    assert "Notes.txt is not a replay file: expected an RMV (Viennasweeper)" in out
    assert f"Could not read {tmp_path / 'missing.rmv'}: No such file or directory." in out
    assert "Traceback" not in out


def test_review_of_a_file_name_no_file_can_have_says_so_in_our_words() -> None:
    out = run(["review re\0play.rmv", "q"])
    assert "cannot be a file's name" in out and "null byte" not in out


@pytest.mark.parametrize("name", ["test_subject.avf", "test_subject.evf", "test_subject.rmv"])
def test_review_of_a_real_replay_file(name: str) -> None:
    path = shared_replay(name)
    out = run([f"review {path}", "q"])
    assert f"Review: {name}: " in out
    assert "Verdicts: " in out and "Luck: " in out
    bbbv = {"avf": 28, "evf": 167, "rmv": 10}[name[-3:]]
    assert f"Counters: 3BV {bbbv}, " in out


def test_python_m_terminal_reviews_a_file(tmp_path: Path) -> None:
    path = shared_replay("test_subject.rmv")
    result = subprocess.run(
        [sys.executable, "-m", "terminal", "--level", "beginner", "--seed", "1"],
        input=f"review {path}\nq\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert result.returncode == 0 and result.stderr == ""
    assert "played by tkolar" in result.stdout and "forced guess" in result.stdout


def test_wasted_clicks_are_counted_apart_in_the_terminal() -> None:
    path = shared_replay("test_subject.evf")
    out = run([f"review {path}", "q"])
    assert "Verdicts: 206 certain, 1 needless guess, 1 worse guess, 125 wasted clicks, " in out
    assert "wasted click    a click that changed nothing: " in out


@pytest.mark.parametrize(
    ("name", "outcome"),
    [
        ("test_subject.avf", "Won in 5.41 s, 3BV 28, 3BV/s 5.18, recorded 2021-05-22."),
        ("test_subject.evf", "Won in 69.60 s, 3BV 167, 3BV/s 2.40, recorded 2024-08-30."),
        ("test_subject.rmv", "Won in 4.15 s, 3BV 10, 3BV/s 2.41, recorded 2020-09-19."),
    ],
)
def test_review_of_a_file_says_how_the_game_ended_and_when(name: str, outcome: str) -> None:
    """Won or lost, the time, 3BV and 3BV/s (ms-toollib's: 5.18, 2.40, 2.41) and the day
    the file says the game was played."""
    path = shared_replay(name)
    out = run([f"review {path}", "q"])
    assert f"Review: {name}: " in out and f".\n{outcome}\n" in out


def test_review_of_a_kept_game_says_how_it_ended() -> None:
    moves = winning_moves(first_layout())
    out = run([f"o {m.row + 1} {m.col + 1}" for m in moves] + ["review", "n"], MemoryStorage())
    part = out.split("(y/n) review\n", 1)[1]
    assert re.search(r"^Review: .*\.\nWon in \d+\.\d\d s, 3BV \d+, 3BV/s [-\d.]+\.$", part, re.M)
