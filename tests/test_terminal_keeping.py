"""The terminal remembers: resume, statistics, replays, export and import, the daily board,
and a store file that never costs the player anything, through App and `python -m terminal`.

Games are played on seeded boards whose layout the engine gives in advance, with a
scripted player who takes one second per line on a fake clock, so every time and every
figure a test expects is computed, not written down.
"""

from __future__ import annotations

import doctest
import errno
import io
import itertools
import json
import os
import re
import subprocess
from collections.abc import Callable, Iterable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from types import ModuleType

import pytest

import terminal.file_storage
import terminal.menu
import terminal.replays
import terminal.start
import terminal.stats_table
from engine import BEGINNER, Level, Move, Record, Status, apply, generate, new_game
from engine import tiles as t
from play.game.daily import daily_seed
from play.keeping.storage import MemoryStorage, Storage, StorageFull, StorageUnavailable
from play.videos.replay import move_words
from terminal.app import App
from terminal.console import Console
from terminal.file_storage import FileStorage, data_path
from terminal.options import Options
from terminal.render import render_board
from tests.helpers import FakeClock, typing
from tests.helpers import run_terminal as started
from tests.test_terminal import (
    FIRST,
    SEED,
    TtyOutput,
    assert_clean,
    first_layout,
    play_all,
    winning_moves,
)

DAY = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def private_data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test's own data directory, for the programs it starts; the real one is never
    touched (HOME points into tmp_path too)."""
    data = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return data


# --- helpers ----------------------------------------------------------------------------------


def run_app(
    lines: Iterable[str | Callable[[], str]],
    storage: Storage,
    *,
    level: Level | None = BEGINNER,
    seed: int | None = SEED,
    given: int | None = None,
    seeds: Iterable[int] = (),
    clock: FakeClock | None = None,
    now: datetime = DAY,
    output: io.StringIO | None = None,
    sleep: Callable[[float], None] | None = None,
) -> str:
    """A whole run of the program in-process; its output. The games dealt get ``seed``
    (drawn as a random one is: a new board), the next ones ``seeds`` and then ``SEED`` (a
    board played again is no best time: games that count as new boards need seeds of
    their own); ``given`` is the ``--seed`` option (a board given: no best time on it
    either). The wall clock starts at ``now`` and moves a second each time it is read."""
    clock = clock or FakeClock()
    first = () if seed is None else (seed,)
    later = itertools.chain(first, seeds, itertools.repeat(SEED))
    output = output or io.StringIO()  # each line a second; a function starts another program
    options = Options(level, given, question_marks=None, color=False)
    ticks = itertools.count()
    app = App(
        options,
        Console(typing(lines, output, clock, echo=True), output),
        clock=clock,
        seeds=lambda: next(later),
        storage=storage,
        now=lambda: now + timedelta(seconds=next(ticks)),  # games end in order
        sleep=sleep or (lambda seconds: None),
    )
    assert app.run() == 0
    return output.getvalue()


def moves_text(moves: Iterable[Move]) -> list[str]:
    return [f"o {m.row + 1} {m.col + 1}" for m in moves]  # typed from 1


def moves_text_any(moves: Iterable[Move]) -> list[str]:
    """Any moves as typed: ``f3,4`` flags row 3, column 4, counted from 1 as the board is."""
    return [f"{m.kind.value.lower()}{m.row + 1},{m.col + 1}" for m in moves]


def losing_moves(seed: int = SEED) -> list[Move]:
    layout = first_layout(seed=seed)
    return [Move.reveal(*FIRST), Move.reveal(*layout.grid.row_col(min(layout.mines)))]


OTHER = SEED + 1
"""A second board, for a game that must not be the first one played again."""


def records_in(output: str) -> list[Record]:
    return [Record.parse(line) for line in re.findall(r"^Record: (.*)$", output, re.MULTILINE)]


def answer_to(output: str, line: str) -> str:
    """What the program printed after the player typed ``line``, up to its next prompt."""
    found = re.search(re.escape(line) + r"\n(.*?)^(> |Play again\? )", output, re.S | re.M)
    assert found is not None, output
    return found.group(1)


def run_terminal(*args: str, input: str) -> subprocess.CompletedProcess[str]:
    """`python -m terminal ARGS`, which must end cleanly."""
    result = started(*args, input=input)
    assert_clean(result)
    return result


# --- resume ------------------------------------------------------------------------------------


def test_an_unfinished_game_is_resumed_after_a_restart_without_the_time_away() -> None:
    store = MemoryStorage()
    moves = winning_moves(first_layout())
    # First run: three moves, a second apart, and one more second before the input ends.
    first = run_app(moves_text(moves[:3]), store)
    played = 3  # the clock starts at the first move: 2 s of moves, 1 s before leaving
    assert "You won" not in first
    # Second run, an hour later on the clock, without --level or --seed: no question asked.
    clock = FakeClock(now=3700.0)
    second = run_app(moves_text(moves[3:]), store, level=None, seed=None, clock=clock)
    assert f"Resuming your beginner game ({played} s played)." in second
    assert "Choose a level" not in second
    resumed_board = render_board(play_all(BEGINNER, SEED, moves[:3]))
    assert second.split("Resuming", 1)[1].split("> ", 1)[0].count(resumed_board) == 1
    assert f"Time: {played} s" in second
    # The time away does not count: each move after it is one more second.
    total = played + len(moves) - 3
    assert f"You won in {total}.00 s!" in second
    (record,) = records_in(second)
    assert [m.move for m in record.moves] == moves
    assert record.replay().status is Status.WON
    assert [m.ms for m in record.moves][2:4] == [2000, (played + 1) * 1000]


def test_a_level_on_the_command_line_offers_the_unfinished_game() -> None:
    store = MemoryStorage()
    run_app(["o 5 5"], store)
    declined = run_app(["n", "q"], store, given=7)
    assert "You have an unfinished beginner game (1 s played). Resume it? (y/n) n" in declined
    assert "Beginner 9x9/10, seed 7." in declined
    run_app(["o 5 5"], store)
    accepted = run_app(["y", "q"], store, given=7)
    assert "Resuming your beginner game (1 s played)." in accepted
    assert f"seed {SEED}." in accepted and "seed 7." not in accepted


def test_settings_are_remembered_between_runs() -> None:
    store = MemoryStorage()
    run_app(["e", "q"], store, level=None, seed=None)
    out = run_app(["", "q"], store, level=None, seed=None)
    assert "(Enter: expert): " in out and "Expert 30x16/99" in out
    # --no-marks is remembered too: the next game has no question marks.
    options = Options(BEGINNER, SEED, question_marks=False, color=False)
    App(options, Console.from_streams(io.StringIO("q\n"), io.StringIO()), storage=store).run()
    out = run_app(["f 1 1", "f 1 1", "q"], store, seed=None)
    assert ";marks=0;" in out.split("Record: ")[-1]


def test_a_finished_game_is_not_resumed() -> None:
    store = MemoryStorage()
    run_app([*moves_text(losing_moves()), "n"], store)
    out = run_app(["b", "q"], store, level=None, seed=None)
    assert "Resuming" not in out and "Choose a level" in out


# --- statistics and best times -------------------------------------------------------------------


def test_stats_after_scripted_wins_and_losses() -> None:
    store = MemoryStorage()
    win = moves_text(winning_moves(first_layout()))
    slow_win = [win[0], "", "", "", *win[1:]]  # three seconds of looking at the board
    losing = moves_text(losing_moves(OTHER))
    fast_seed = next(
        seed
        for seed in range(SEED + 2, SEED + 100)
        if len(winning_moves(first_layout(seed=seed))) < len(win)
    )
    fast_win = moves_text(winning_moves(first_layout(seed=fast_seed)))
    out = run_app(
        [*slow_win, "y", *losing, "y", *fast_win, "stats", "n"], store, seeds=[OTHER, fast_seed]
    )
    slow, fast = len(slow_win) - 1, len(fast_win) - 1
    assert f"New best on Beginner: {slow:.2f} s!" in out
    assert f"New best on Beginner: {fast:.2f} s (was {slow:.2f} s)!" in out
    table = out.split("stats\n", 1)[1]
    row = re.search(
        r"^Beginner +(\d+) +(\d+) +(\d+) +(\d+)% +(\d+) +(\d+) +([\d.]+) s", table, re.M
    )
    assert row is not None, table
    assert row.groups() == ("3", "2", "0", "67", "1", "1", f"{fast:.2f}")
    bests = re.findall(r"^ *(\d+) +([\d.]+) s +(\d{4}-\d\d-\d\d) +(\d+) ", table, re.M)
    slow_bbbv, fast_bbbv = re.findall(r"^3BV: (\d+) ", out, re.M)
    assert bests == [
        ("1", f"{fast:.2f}", "2026-11-22", fast_bbbv),
        ("2", f"{slow:.2f}", "2026-11-22", slow_bbbv),
    ]
    assert f"Last 2 wins, time:  █▁  ({fast:.2f} to {slow:.2f} s)" in table


def test_stats_before_any_game_and_reset_with_confirmation() -> None:
    store = MemoryStorage()
    out = run_app(["stats", "q"], store)
    assert "No finished games yet" in out
    losing = moves_text(losing_moves())
    out = run_app([*losing, "reset beginner", "n", "stats", "reset", "y", "stats", "n"], store)
    assert "Forget the statistics and best times of Beginner? (y/n) n" in out
    assert "Nothing was reset." in out
    assert re.search(r"^Beginner +1 +0 ", out, re.M)
    after = out.split("Forget the statistics and best times of every level? (y/n) y\n", 1)[1]
    assert "No finished games yet: statistics start with your first." in after


# --- replays --------------------------------------------------------------------------------


def test_replay_plays_a_kept_game_back_to_the_same_final_board() -> None:
    store = MemoryStorage()
    layout = first_layout()
    opened = apply(new_game(layout=layout), Move.reveal(*FIRST)).game
    wrong = next(
        c for c in range(layout.grid.size) if c not in layout.mines and opened.tiles[c] == t.COVERED
    )
    moves = [Move.reveal(*FIRST), Move.mark(*layout.grid.row_col(wrong)), losing_moves()[1]]
    out = run_app([*moves_text_any(moves), "replay", "replay 1", "n"], store)
    lost = play_all(BEGINNER, SEED, moves)
    assert lost.status is Status.LOST
    final = render_board(lost)
    game_part, replay_part = out.split("the losing click) replay 1\n", 1)
    assert final in game_part
    listed = r"^  1  2026-11-22  Beginner  lost +\d+\.\d\d s +\d+ +[\d.]+ +\d+%$"
    assert re.search(listed, game_part, re.M)
    assert f"Game 1: Beginner, lost in 2.00 s on 2026-11-22, seed {SEED}." in replay_part
    frames = re.findall(r"^Move (\d+) of (\d+) at ([\d.]+) s: (.+)$", replay_part, re.M)
    assert [(int(n), int(of), f) for n, of, _, f in frames] == [
        (n, len(moves), move_words(m))
        for n, m in enumerate(moves, start=1)  # from 1, in words
    ]
    assert replay_part.split("Final board:\n", 1)[1].startswith(final + "\n")
    assert "End of the replay: lost after 2.00 s." in replay_part


def test_replay_of_a_won_game_and_its_cursor() -> None:
    store = MemoryStorage()
    moves = winning_moves(first_layout())
    out = run_app([*moves_text(moves), "replay 1", "n"], store)
    replay_part = out.split("(y/n) replay 1\n", 1)[1]
    won = play_all(BEGINNER, SEED, moves)
    assert replay_part.split("Final board:\n", 1)[1].startswith(render_board(won) + "\n")
    # The first frame after the start brackets the first click.
    row, col = FIRST
    first_frame = replay_part.split("Move 1 of", 1)[1].splitlines()
    label = row + 1  # rows are labelled from 1
    line = next(x for x in first_frame if x.startswith(f"{label}  ") or x.startswith(f"{label} ["))
    # "5 " then, for each column, the character before the cell and the cell itself.
    assert line[2 + 2 * col] == "[" and line[4 + 2 * col] == "]"


def test_replay_numbers_and_pasted_records_give_messages() -> None:
    store = MemoryStorage()
    bad = "ms1;9x9/10;seed=1;marks=1;noguess=0;O4,4@0;O99,1@5"
    good = ";".join(["ms1;9x9/10;seed=42;marks=1;noguess=0", *(f"{m}@0" for m in losing_moves())])
    out = run_app(["replay", "replay 3", f"replay {bad}", f"replay {good}", "q"], store)
    assert "No finished games are kept yet." in out
    assert "There is no game 3: 0 games are kept (type replay to list them)." in out
    assert 'That record cannot be played back: move 2 "O99,1" is off the 9x9 board.' in out
    lost = play_all(BEGINNER, SEED, losing_moves())
    assert out.split("Final board:\n", 1)[1].startswith(render_board(lost) + "\n")


def test_watching_a_replay_mid_game_does_not_run_the_games_clock() -> None:
    store = MemoryStorage()
    run_app([*moves_text(losing_moves()), "n"], store)
    clock = FakeClock()
    slept: list[float] = []

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        clock.now += seconds

    out = run_app(
        ["o 5 5", "replay 1", "", "q"], store, clock=clock, output=TtyOutput(), sleep=sleep
    )
    assert slept == [0.0, pytest.approx(1.0)]  # the moves' gaps, at most a second each
    after = out.split("End of the replay", 1)[1]
    # The game's clock: the first move at 0 s, the replay line 1 s, the empty line 1 s more.
    assert re.findall(r"Time: (\d+) s", after) == ["1", "2"]


# --- export and import -------------------------------------------------------------------------


def test_export_then_import_leaves_the_statistics_identical(tmp_path: Path) -> None:
    mine, theirs = MemoryStorage(), MemoryStorage()
    file = tmp_path / "My games.json"
    win, losing = moves_text(winning_moves(first_layout())), moves_text(losing_moves(OTHER))
    out = run_app([*win, "y", *losing, f"export {file}", "stats", "n"], mine, seeds=[OTHER])
    assert f"Exported 2 games to {file}." in out
    assert json.loads(file.read_text())["format"] == "minesweeper-export"
    before = answer_to(out, "stats")
    out = run_app([f'import "{file}"', "stats", f"import {file}", "q"], theirs)
    assert answer_to(out, f'import "{file}"') == "Imported 2 games; nothing was replaced.\n"
    assert answer_to(out, f"import {file}") == "Imported 0 games; nothing was replaced.\n"
    assert answer_to(out, "stats") == before
    assert re.search(r"^Beginner +2 +1 +0 +50% ", before, re.M)
    assert run_app(["replay", "q"], theirs).count("2026-11-22  Beginner") == 2


def test_bad_export_and_import_files_give_messages(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("hello")
    (tmp_path / "binary").write_bytes(b"\xff\xfe\x00")
    lines = [
        f"import {tmp_path / 'missing.json'}",
        f"import {tmp_path / 'notes.txt'}",
        f"import {tmp_path / 'binary'}",
        f"export {tmp_path / 'no' / 'such' / 'folder.json'}",
        "export",
        "q",
    ]
    out = run_app(lines, MemoryStorage())
    assert f"Could not read {tmp_path / 'missing.json'}: No such file or directory." in out
    assert "That file is not a Minesweeper export (not JSON)." in out
    assert "That file is not a Minesweeper export (not text)." in out
    assert "Could not write" in out and "No such file or directory." in out
    assert "'export' needs a file name, such as 'export minesweeper.json'." in out


# --- the daily board ----------------------------------------------------------------------------


def daily_win(day: date) -> list[str]:
    """Moves that win the beginner daily board of ``day`` after its centre opening."""
    seed = daily_seed(day, BEGINNER)
    centre = (BEGINNER.rows // 2, BEGINNER.cols // 2)
    layout = generate(BEGINNER, seed, BEGINNER.grid.index(*centre))
    game = apply(new_game(layout=layout), Move.reveal(*centre)).game
    moves = []
    for cell in range(layout.grid.size):
        if cell not in layout.mines and game.tiles[cell] == t.COVERED:
            move = Move.reveal(*layout.grid.row_col(cell))
            game = apply(game, move).game
            moves.append(move)
    assert game.status is Status.WON
    return moves_text(moves)


def test_the_daily_board_and_its_share_line() -> None:
    store = MemoryStorage()
    win = daily_win(DAY.date())
    out = run_app(["daily", *win, "n"], store)
    assert "Daily board of 2026-11-22: Beginner 9x9/10, the centre opened for you." in out
    seconds = len(win) - 1  # the clock starts at the player's first move
    bbbv = int(re.findall(r"^3BV: (\d+) ", out, re.M)[-1])
    figures = f"{seconds:.2f} s · 3BV/s {bbbv / seconds:.2f}"
    share = f"Minesweeper daily 2026-11-22 · Beginner · {figures}"
    assert f"Share it: {share} · no hints" in out
    assert "Daily boards won in a row: 1 (best 1)." in out
    record = records_in(out)[-1]
    assert record.seed == daily_seed(DAY.date(), BEGINNER)


def test_the_daily_board_is_the_same_on_a_date_and_differs_the_next_day() -> None:
    def daily_board(now: datetime) -> tuple[int, str]:
        out = run_app(["daily", "q"], MemoryStorage(), now=now)
        board = out.split("the centre opened for you. Type h for help.\n", 1)[1].split("Mines")[0]
        return records_in(out)[-1].seed, board

    morning, evening = daily_board(DAY.replace(hour=0)), daily_board(DAY.replace(hour=23))
    tomorrow = daily_board(datetime(2026, 11, 23, 0, 30, tzinfo=UTC))
    assert morning == evening
    assert tomorrow[0] != morning[0] and tomorrow[1] != morning[1]


# --- the store file ---------------------------------------------------------------------------


def test_python_m_terminal_keeps_games_in_the_data_directory(private_data_home: Path) -> None:
    run_terminal("--level", "beginner", "--seed", str(SEED), input="o 5 5\n")
    store = private_data_home / "minesweeper" / "store.json"
    items = json.loads(store.read_text())
    assert {"minesweeper/settings", "minesweeper/game"} <= set(items)
    again = run_terminal(input="q\n")
    assert "Resuming your beginner game (0 s played)." in again.stdout
    assert [p.name for p in store.parent.iterdir()] == ["store.json"]  # no temporary file left


def test_without_xdg_data_home_the_file_is_under_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("XDG_DATA_HOME")
    run_terminal("--level", "beginner", input="o 5 5\n")
    assert (tmp_path / "home" / ".local/share/minesweeper/store.json").is_file()


def test_a_corrupt_store_file_is_set_aside_with_a_message(private_data_home: Path) -> None:
    folder = private_data_home / "minesweeper"
    folder.mkdir(parents=True)
    garbage = b"\x00{this is not json"
    (folder / "store.json").write_bytes(garbage)
    out = run_terminal("--level", "beginner", input="o 5 5\n").stdout
    assert (
        f"Your saved games in {folder / 'store.json'} could not be read: the file is kept as "
        "store.json.bad-1; the game goes on with fresh data."
    ) in out
    assert (folder / "store.json.bad-1").read_bytes() == garbage
    assert "minesweeper/game" in json.loads((folder / "store.json").read_text())
    # A second bad file does not overwrite the first one kept aside.
    (folder / "store.json").write_text('["a foreign file"]')
    out = run_terminal("--level", "beginner", input="q\n").stdout
    assert "kept as store.json.bad-2" in out
    assert (folder / "store.json.bad-1").read_bytes() == garbage


def test_a_corrupt_part_of_the_file_is_kept_aside_and_the_rest_is_kept(
    private_data_home: Path,
) -> None:
    folder = private_data_home / "minesweeper"
    run_terminal("--level", "expert", input="q\n")
    items = json.loads((folder / "store.json").read_text())
    items["minesweeper/ledger"] = "{broken"
    (folder / "store.json").write_text(json.dumps(items))
    out = run_terminal(input="\nq\n").stdout
    assert (
        'Saved ledger could not be read; they are kept aside as "minesweeper/ledger.backup".' in out
    )
    assert "Expert 30x16/99" in out  # the settings survived
    assert json.loads((folder / "store.json").read_text())["minesweeper/ledger.backup"] == "{broken"


def test_an_unusable_data_directory_plays_without_saving(private_data_home: Path) -> None:
    private_data_home.parent.mkdir(exist_ok=True)
    private_data_home.write_text("a file where the data folder should be")
    losing = "".join(f"{line}\n" for line in moves_text(losing_moves()))
    out = run_terminal(
        "--level", "beginner", "--seed", str(SEED), input=losing + "stats\nn\n"
    ).stdout
    assert out.startswith(
        f"Cannot keep your games in {private_data_home / 'minesweeper' / 'store.json'} "
        "(Not a directory): this game plays without saving.\n"
    )
    # --seed gives the board: it counts apart, with the known boards.
    assert "You lost" in out and re.search(r"^Beginner \(known\) +1 +0 ", out, re.M)
    assert private_data_home.read_text() == "a file where the data folder should be"


def test_two_runs_on_one_file_both_count(tmp_path: Path) -> None:
    path = tmp_path / "store.json"
    win, losing = moves_text(winning_moves(first_layout())), moves_text(losing_moves(OTHER))

    def other_terminal() -> str:
        # A second program on the same file, started while the first is mid-game: it
        # declines the first one's game, loses its own and leaves.
        run_app(["n", *losing, "n"], FileStorage.open(path), seed=OTHER)
        return win[1]

    run_app([win[0], other_terminal, *win[2:], "n"], FileStorage.open(path))
    out = run_app(["stats", "q"], FileStorage.open(path))
    assert re.search(r"^Beginner +2 +1 +0 +50% ", out, re.M), out


def test_a_full_disk_is_said_once_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "store.json"
    store = FileStorage.open(path)
    store.write("kept", "before")

    def no_room(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(terminal.file_storage.os, "fsync", no_room)
    with pytest.raises(StorageFull):
        store.write("kept", "after")
    assert store.read("kept") == "before" and [p.name for p in tmp_path.iterdir()] == [path.name]
    out = run_app([*moves_text(winning_moves(first_layout())), "n"], store)
    assert out.count("Storage is full: this game goes on, but it is not being saved.") == 1
    assert "You won" in out


def test_file_storage_reads_afresh_what_another_program_wrote(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "folder" / "store.json"
    first, second = FileStorage.open(path), FileStorage.open(path)
    first.write("a", "1")
    second.write("b", "2")
    assert (first.read("b"), second.read("a")) == ("2", "1")
    first.remove("a")
    assert second.read("a") is None and json.loads(path.read_text()) == {"b": "2"}


def test_file_storage_refuses_a_folder_it_cannot_use(tmp_path: Path) -> None:
    (tmp_path / "store.json").mkdir()
    with pytest.raises(StorageUnavailable, match=r"Cannot keep your games in .*store\.json"):
        FileStorage.open(tmp_path / "store.json")
    assert data_path({"XDG_DATA_HOME": str(tmp_path)}) == tmp_path / "minesweeper" / "store.json"


@pytest.mark.parametrize(
    "module",
    [terminal.file_storage, terminal.menu, terminal.replays, terminal.start, terminal.stats_table],
)
def test_doctests(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
