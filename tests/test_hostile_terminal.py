"""The terminal never stops on bad data: a damaged store.json, a hostile import
file, a file name no system accepts. Each test failed before the fix.

Runs go through :class:`terminal.app.App` on a console that encodes its output as a real
terminal does (UTF-8, strict), so text that cannot be printed fails here too.
"""

from __future__ import annotations

import doctest
import io
import json
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest

import terminal.file_names
from play.keeping.storage import Storage
from terminal.app import App
from terminal.console import Console
from terminal.file_storage import FileStorage
from terminal.options import Options
from tests.helpers import ROOT, FakeClock, typing
from tests.test_hostile_storage import entry, game_blob, ledger_blob
from tests.test_terminal import FIRST, SEED, first_layout, winning_moves


class StrictOutput(io.TextIOWrapper):
    """Standard output as a UTF-8 terminal has it: a lone surrogate cannot be written."""

    def __init__(self) -> None:
        super().__init__(io.BytesIO(), encoding="utf-8", errors="strict", write_through=True)

    def text(self) -> str:
        buffer = self.buffer
        assert isinstance(buffer, io.BytesIO)
        return buffer.getvalue().decode("utf-8")


def run_app(lines: Iterable[str], storage: Storage) -> str:
    """A whole run in-process on a strict console; its output. Exit code 0 is checked."""
    output = StrictOutput()
    app = App(
        Options(None, SEED, question_marks=None, color=False),
        Console(typing(lines, output), output),
        clock=FakeClock(),
        seeds=lambda: SEED,
        storage=storage,
    )
    assert app.run() == 0
    return output.text()


def moves(*cells: tuple[int, int]) -> list[str]:
    return [f"o {row + 1} {col + 1}" for row, col in cells]  # typed from 1


def win_lines() -> list[str]:
    return [f"o {m.row + 1} {m.col + 1}" for m in winning_moves(first_layout())]


@pytest.fixture
def store_path(tmp_path: Path) -> Path:
    return tmp_path / "minesweeper" / "store.json"


def write_store(path: Path, content: str | dict[str, str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = content if isinstance(content, str) else json.dumps(content)
    path.write_text(text, encoding="utf-8")


def bad_files(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.bad-*"))


# --- 8. a damaged store.json ---------------------------------------------------------------


def test_an_over_deep_store_file_is_set_aside_and_play_goes_on(store_path: Path) -> None:
    write_store(store_path, "[" * 100_000)
    out = run_app(["b", *moves(FIRST), "q"], FileStorage.open(store_path))
    assert "kept as store.json.bad-1" in out
    assert bad_files(store_path)[0].read_text() == "[" * 100_000
    assert "minesweeper/game" in json.loads(store_path.read_text())


def test_a_lone_surrogate_in_the_store_file_is_kept_aside_within_it(store_path: Path) -> None:
    write_store(store_path, '{"minesweeper/settings": "\\ud800"}')
    out = run_app(["b", *moves(FIRST), "q"], FileStorage.open(store_path))
    assert 'kept aside as "minesweeper/settings.backup"' in out
    kept = json.loads(store_path.read_text(encoding="utf-8"))
    assert kept["minesweeper/settings.backup"] == "\ud800"
    assert "minesweeper/game" in kept


def test_a_huge_time_in_the_stored_game_is_kept_aside(store_path: Path) -> None:
    write_store(store_path, {"minesweeper/game": game_blob(10**400)})
    out = run_app(["b", *moves(FIRST), "q"], FileStorage.open(store_path))
    assert 'kept aside as "minesweeper/game.backup"' in out
    assert json.loads(store_path.read_text())["minesweeper/game.backup"] == game_blob(10**400)


def test_stats_and_a_won_game_survive_bad_ledger_entries(store_path: Path) -> None:
    bad = ledger_blob(entry(1), entry(2, ms=10**400), entry(3, daily="x"), entry(4, id="\ud800"))
    write_store(store_path, {"minesweeper/ledger": bad})
    out = run_app(["b", "stats", *win_lines(), "stats", "n"], FileStorage.open(store_path))
    assert "Saved ledger: 3 entries are unreadable and left out" in out
    assert "You won" in out and "Beginner" in out
    kept = json.loads(store_path.read_text())
    assert kept["minesweeper/ledger.backup"] == bad
    assert len(json.loads(kept["minesweeper/ledger"])["data"]["games"]) == 2


def test_python_m_terminal_starts_on_a_damaged_store_file(tmp_path: Path) -> None:
    path = tmp_path / "data" / "minesweeper" / "store.json"
    write_store(path, {"minesweeper/game": game_blob(10**400), "minesweeper/settings": "\ud800"})
    result = subprocess.run(
        [sys.executable, "-m", "terminal", "--level", "beginner"],
        input="o 5 5\nq\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        env={"XDG_DATA_HOME": str(tmp_path / "data"), "HOME": str(tmp_path), "PATH": ""},
    )
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert "kept aside" in result.stdout


# --- 6. the same through import FILE -----------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [
        "[" * 100_000,
        '{"format": "minesweeper-export", "ledger": ' + "[" * 100_000 + "]" * 100_000 + "}",
    ],
    ids=["brackets", "deep-ledger"],
)
def test_an_over_deep_import_is_refused(tmp_path: Path, content: str) -> None:
    (tmp_path / "in.json").write_text(content)
    out = run_app(["b", f"import {tmp_path / 'in.json'}", "q"], FileStorage.open(tmp_path / "s"))
    assert "not a Minesweeper export" in out


def test_an_import_with_bad_entries_keeps_the_rest_and_stats_still_work(tmp_path: Path) -> None:
    export = {
        "format": "minesweeper-export",
        "ledger": {
            "games": [
                entry(1),
                entry(2, ms=10**400),
                entry(3, solved=10**400),
                entry(5, daily="x"),
            ],
            "resets": {},
        },
    }
    (tmp_path / "in.json").write_text(json.dumps(export))
    store = tmp_path / "store.json"
    out = run_app(["b", f"import {tmp_path / 'in.json'}", "stats", "q"], FileStorage.open(store))
    assert "Imported 1 game; 3 entries of that file were unreadable and left out" in out
    out = run_app(["b", *win_lines(), "stats", "n"], FileStorage.open(store))  # a later run
    assert "You won" in out and "kept aside" not in out


# --- 7. file names with any character -----------------------------------------------------------


@pytest.mark.parametrize("command", ["import", "export"])
@pytest.mark.parametrize("name", ["a\0b.json", "~\0x/a.json", "a\ud800.json", "x" * 5000])
def test_a_file_name_no_system_accepts_gets_a_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str, name: str
) -> None:
    monkeypatch.chdir(tmp_path)
    out = run_app(["b", f"{command} {name}", "q"], FileStorage.open(tmp_path / "store.json"))
    said = out.split(f"{command} ", 1)[-1]
    assert "cannot" in said.lower() or "could not" in said.lower()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["store.json"]


# --- bytes that are not UTF-8 on the command line ---------------------------------------------


def test_bytes_that_are_not_utf8_are_a_bad_command_not_a_crash(tmp_path: Path) -> None:
    """With a strict locale (PYTHONIOENCODING=utf-8:strict, as on many desktops) reading a
    line that is not UTF-8 used to end the game with UnicodeDecodeError."""
    result = subprocess.run(
        [sys.executable, "-m", "terminal", "--level", "beginner"],
        input=b"o 5 5\n\xff\xfe bad\nimport \xed\xa0\x80.json\nq\n",
        capture_output=True,
        cwd=tmp_path,
        timeout=60,
        env={
            "XDG_DATA_HOME": str(tmp_path / "data"),
            "HOME": str(tmp_path),
            "PATH": "",
            "PYTHONPATH": str(ROOT),
            "PYTHONIOENCODING": "utf-8:strict",
        },
    )
    assert result.returncode == 0 and result.stderr == b"", result.stderr
    out = result.stdout.decode("utf-8")
    assert 'Unknown command "\\udcff' in out
    assert "Could not read" in out and "\\udced\\udca0\\udc80.json" in out
    assert "Bye." in out


def test_doctests() -> None:
    result = doctest.testmod(terminal.file_names, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
