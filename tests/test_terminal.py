"""The terminal front end: whole sessions through `python -m terminal`, and its parts in-process.

End-to-end tests drive the real program through standard input, the way a player
would, and compute what they expect with the engine itself: the same seed and first
cell give the same layout, so a test knows where the mines are before it plays.
"""

from __future__ import annotations

import doctest
import io
import re
import subprocess
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType

import pytest

import terminal.app
import terminal.commands
import terminal.console
import terminal.menu
import terminal.options
import terminal.render
from engine import (
    BEGINNER,
    EXPERT,
    Clicks,
    Game,
    Layout,
    Level,
    Move,
    Record,
    Stats,
    Status,
    apply,
    game_stats,
    generate,
    new_game,
)
from engine import tiles as t
from engine.steps import drain
from play.assist.assistant import Assistant
from play.game.result import Result
from play.game_ui import Command
from terminal.app import App
from terminal.commands import CommandError, Play, parse_command
from terminal.console import Console
from terminal.options import Options, parse_args
from terminal.render import (
    PLAIN,
    Style,
    board_lines,
    column_header,
    loss_legend,
    render_board,
    result_lines,
    status_line,
)
from tests.helpers import FakeClock, run_terminal, typing

SEED = 42
FIRST = (4, 4)


# --- helpers -------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def private_data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`python -m terminal` keeps games under $XDG_DATA_HOME: each test gets its own, empty,
    so runs never see each other's games and the player's own data is never touched."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


def assert_clean(result: subprocess.CompletedProcess[str]) -> None:
    """Exit code 0 and nothing on stderr: above all, no traceback."""
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "Traceback" not in result.stdout


def first_layout(level: Level = BEGINNER, seed: int = SEED) -> Layout:
    """The layout the program will place at its first reveal, at FIRST."""
    return generate(level, seed, level.grid.index(*FIRST))


def record_in(output: str) -> Record:
    """The last game record the program printed."""
    lines = re.findall(r"^Record: (.*)$", output, flags=re.MULTILINE)
    assert lines, output
    return Record.parse(lines[-1])


def winning_moves(layout: Layout) -> list[Move]:
    """Reveals of every safe cell still covered, first FIRST; no click is wasted."""
    game = new_game(layout=layout)
    moves = []
    cells = [layout.grid.index(*FIRST), *range(layout.grid.size)]
    for cell in cells:
        if cell not in layout.mines and game.tiles[cell] == t.COVERED:
            move = Move.reveal(*layout.grid.row_col(cell))
            game = apply(game, move).game
            moves.append(move)
    assert game.status is Status.WON
    return moves


def play_all(level: Level, seed: int, moves: Iterable[Move]) -> Game:
    game = new_game(level, seed)
    for move in moves:
        game = apply(game, move).game
    return game


def commands(moves: Iterable[Move]) -> str:
    return "".join(f"o {move.row + 1} {move.col + 1}\n" for move in moves)  # typed from 1


class TtyOutput(io.StringIO):
    """An output stream that claims to be a terminal, as colour needs."""

    def isatty(self) -> bool:
        return True


def scripted(lines: Iterable[str], clock: FakeClock, output: io.StringIO) -> Console:
    """A console whose player takes exactly one second to type each line."""
    return Console(typing(lines, output, clock), output)


def run_app(lines: Iterable[str], options: Options | None = None) -> str:
    """A whole session in-process with a scripted player and a fake clock; the output."""
    clock = FakeClock()
    output = io.StringIO()
    options = options or Options(BEGINNER, SEED, question_marks=True, color=False)
    code = App(options, scripted(lines, clock, output), clock=clock, seeds=lambda: 7).run()
    assert code == 0
    return output.getvalue()


# --- whole games through python -m terminal ----------------------------------------------


def test_seeded_game_to_a_loss() -> None:
    layout = first_layout()
    mine = min(layout.mines)
    # A safe cell still covered after the first reveal: its flag will show as wrong.
    opened = apply(new_game(layout=layout), Move.reveal(*FIRST)).game
    flag_cell = next(
        c for c in range(layout.grid.size) if c not in layout.mines and opened.tiles[c] == t.COVERED
    )
    row, col = layout.grid.row_col(mine)
    flag_row, flag_col = layout.grid.row_col(flag_cell)
    moves = [Move.reveal(*FIRST), Move.mark(flag_row, flag_col), Move.reveal(row, col)]
    typed = [(m.row + 1, m.col + 1) for m in moves]  # counted from 1, as the board labels them
    text = "".join(f"{verb} {r} {c}\n" for verb, (r, c) in zip("ofo", typed, strict=True)) + "n\n"

    result = run_terminal("--level", "beginner", "--seed", str(SEED), input=text)

    assert_clean(result)
    lost = play_all(BEGINNER, SEED, moves)
    assert lost.status is Status.LOST
    assert lost.tile(row, col) == t.EXPLODED
    final = render_board(lost)
    assert final in result.stdout
    # The final board shows the exploded mine, the other mines and the wrong flag.
    assert final.count("X") == 1 and final.count("*") == BEGINNER.mines - 1
    assert lost.tile(flag_row, flag_col) == t.WRONG_FLAG and final.count("!") == 1
    assert "You lost" in result.stdout
    assert loss_legend() in result.stdout
    assert re.search(r"^3BV: \d+/\d+ .*Clicks: 3 ", result.stdout, flags=re.MULTILINE)
    record = record_in(result.stdout)
    assert [timed.move for timed in record.moves] == moves
    assert record.level == BEGINNER and record.seed == SEED
    assert record.replay() == lost
    # After a loss, the question names retry and undo (a player did not know of them).
    assert result.stdout.endswith(
        "Play again? (y/n, or retry the board, or undo the losing click) n\nBye.\n"
    )


def test_seeded_game_to_a_win() -> None:
    layout = first_layout()
    moves = winning_moves(layout)

    result = run_terminal("--level", "beginner", "--seed", str(SEED), input=commands(moves))

    assert_clean(result)
    won = play_all(BEGINNER, SEED, moves)
    assert won.status is Status.WON
    final = render_board(won)
    assert final in result.stdout
    assert final.count("F") == BEGINNER.mines and "#" not in final
    assert re.search(r"^You won in \d+\.\d\d s!$", result.stdout, flags=re.MULTILINE)
    clicks = len(moves)
    assert re.search(
        rf"^3BV: \d+ +3BV/s: (\d+\.\d\d|—) +Clicks: {clicks} +Efficiency: \d+% +Seed: {SEED}"
        r" +Style: NF$",  # won by reveals only: no flag placed
        result.stdout,
        flags=re.MULTILINE,
    )
    assert record_in(result.stdout).replay() == won


def test_custom_level_re_asks_until_valid() -> None:
    text = "z\nc\n2\n2\n4\n5\nfive\n5\n3\nq\n"

    result = run_terminal(input=text)

    assert_clean(result)
    out = result.stdout
    assert "Choose a level" in out
    assert 'Unknown choice "z": type b, i, e or c.' in out
    # The engine's own message, passed on as it is.
    assert "A 2x2 board takes 1 to 3 mines, got 4. Try again." in out
    assert 'Width must be a whole number from 1 to 1000, got "five".' in out
    assert "Custom 5x5/3, seed" in out
    assert "Mines left: 3" in out


@pytest.mark.parametrize(
    "choice, level",
    [("b", "Beginner 9x9/10"), ("I", "Intermediate 16x16/40"), ("e", "Expert 30x16/99")],
)
def test_level_menu_shortcuts(choice: str, level: str) -> None:
    result = run_terminal(input=f"{choice}\nq\n")
    assert_clean(result)
    assert level in result.stdout


def test_bad_commands_give_messages_not_tracebacks() -> None:
    lines = {
        "xyz": 'Unknown command "xyz": type h for help.',
        "o 3": "'o' needs a row and a column, such as 'o 3 4' (got 1 number).",
        "f 1 2 3": "'f' needs a row and a column, such as 'f 3 4' (got 3 numbers).",
        "c": "'c' needs a row and a column, such as 'c 3 4' (got 0 numbers).",
        "o a b": '"a" is not a row or column number',
        "3 4": "A move starts with o (reveal), f (flag) or c (chord)",
        "o 10 1": "No row 10, column 1 on a board of 9 rows and 9 columns.",
        "o -1 2": "No row -1, column 2 on a board of 9 rows and 9 columns.",
        "o 0 2": "Row must be from 1 to 1000000, got 0.",
        "help me": "'help' takes nothing after it.",
        "c 5 5": "Chording needs an open",
        "@#!": 'Unknown command "@#!"',
    }
    result = run_terminal("--level", "beginner", "--seed", "1", input="\n".join(lines) + "\nq\n")
    assert_clean(result)
    for message in lines.values():
        assert message in result.stdout
    # The wasted chord is the only move of the game (the engine counts it as a click); the
    # rest never reached the board.
    assert [str(m.move) for m in record_in(result.stdout).moves] == ["C4,4"]


def test_engine_messages_for_moves_that_change_nothing() -> None:
    text = "o 5 5\no 5 5\nf 5 5\nq\n"
    result = run_terminal("--level", "beginner", "--seed", str(SEED), input=text)
    assert_clean(result)
    assert "That cell is already open." in result.stdout
    assert "An open cell cannot be marked." in result.stdout
    # Wasted clicks are in the record: the engine counts them in the statistics.
    assert [str(m.move) for m in record_in(result.stdout).moves] == ["O4,4", "O4,4", "F4,4"]


def test_move_text_any_case_counts_from_1_as_typed_moves_do_and_help() -> None:
    result = run_terminal("--level", "9x9/10", "--seed", str(SEED), input="h\no5,5\nF1,1\nq\n")
    assert_clean(result)
    assert "Commands (rows and columns" in result.stdout
    assert "Legend: # covered" in result.stdout
    moves = [str(m.move) for m in record_in(result.stdout).moves]
    assert moves == ["O4,4", "F0,0"]
    assert "Mines left: 9" in result.stdout


@pytest.mark.parametrize(
    "args, text",
    [
        (["--level", "beginner"], ""),  # EOF at the first prompt
        ([], ""),  # EOF at the level menu
        (["--level", "beginner"], "o 4 4\n"),  # EOF mid-game
        (["--level", "beginner"], "c\n"),  # EOF after a bad command
    ],
)
def test_end_of_input_quits_cleanly(args: list[str], text: str) -> None:
    result = run_terminal(*args, input=text)
    assert_clean(result)
    assert result.stdout.endswith("\nBye.\n")


def test_end_of_input_at_play_again_quits_cleanly() -> None:
    layout = first_layout()
    mine = layout.grid.row_col(min(layout.mines))
    text = f"o 5 5\no {mine[0] + 1} {mine[1] + 1}\n"
    result = run_terminal("--level", "beginner", "--seed", str(SEED), input=text)
    assert_clean(result)
    assert result.stdout.endswith("undo the losing click) \nBye.\n")


def test_play_again_and_new_keep_the_level_with_fresh_seeds() -> None:
    layout = first_layout()
    mine = layout.grid.row_col(min(layout.mines))
    text = f"o 5 5\no {mine[0] + 1} {mine[1] + 1}\nmaybe\ny\nnew\nq\n"
    result = run_terminal("--level", "beginner", "--seed", str(SEED), input=text)
    assert_clean(result)
    assert "Please answer y or n." in result.stdout
    seeds = re.findall(r"^Beginner 9x9/10, seed (\d+)\.", result.stdout, flags=re.MULTILINE)
    assert len(seeds) == 3
    assert seeds[0] == str(SEED) and seeds[1] != str(SEED)


def test_no_marks_skips_the_question_mark() -> None:
    text = "f 1 1\nf 1 1\nh\nq\n"
    result = run_terminal("--level", "beginner", "--no-marks", input=text)
    assert_clean(result)
    assert "?" not in result.stdout.split("Commands")[0]
    assert "flag it; again to clear" in result.stdout
    assert ";marks=0;" in record_in(result.stdout).to_text()


def test_plain_text_when_not_a_terminal() -> None:
    result = run_terminal("--level", "beginner", input="o 4 4\nq\n")
    assert_clean(result)
    assert "\x1b[" not in result.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["--level", "9x9/81"], "a 9x9 board takes 1 to 80 mines, got 81"),
        (["--level", "huge"], 'unknown level "huge"'),
        (["--seed", "-3"], "seed must be from 0 to 18446744073709551615, got -3"),
    ],
)
def test_bad_arguments_exit_with_the_engine_message(args: list[str], message: str) -> None:
    result = run_terminal(*args, input="")
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


# --- the app in-process, with a fake clock --------------------------------------------------


def test_times_and_stats_come_from_the_injected_clock() -> None:
    moves = winning_moves(first_layout())
    out = run_app(f"o {m.row + 1} {m.col + 1}" for m in moves)
    # One second per typed line, and the clock starts at the first move.
    seconds = len(moves) - 1
    assert f"You won in {seconds}.00 s!" in out
    won = play_all(BEGINNER, SEED, moves)
    stats = game_stats(won, seconds)
    assert stats is not None
    assert f"3BV/s: {stats.bbbv / seconds:.2f}" in out
    assert [timed.ms for timed in record_in(out).moves] == [i * 1000 for i in range(len(moves))]


def test_clock_shows_time_since_the_first_move() -> None:
    out = run_app(["", "o 5 5", "", ""])
    times = re.findall(r"Time: (\d+) s", out)
    # Before the first move, at it, then one and two seconds later.
    assert times == ["0", "0", "0", "1", "2"]


def test_colour_only_on_a_terminal_and_not_when_disabled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    options = Options(BEGINNER, SEED, question_marks=True, color=True)
    plain = Options(BEGINNER, SEED, question_marks=True, color=False)
    assert App(options, Console(input, TtyOutput())).style.color
    assert not App(plain, Console(input, TtyOutput())).style.color
    assert not App(options, Console(input, io.StringIO())).style.color
    monkeypatch.setenv("NO_COLOR", "1")
    assert not App(options, Console(input, TtyOutput())).style.color


def test_colour_board_in_a_session(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")

    clock = FakeClock()
    output = TtyOutput()
    options = Options(BEGINNER, SEED, question_marks=True, color=True)
    App(options, scripted(["o 5 5", "f 1 1"], clock, output), clock=clock).run()
    out = output.getvalue()
    assert "\x1b[1;31mF\x1b[0m" in out  # the flag, in red
    assert re.sub(r"\x1b\[[0-9;]*m", "", out).count("#") > 0


def test_a_hint_brackets_its_cell_and_says_why() -> None:
    """Hint reasons reach the terminal player too, with the move to type."""
    opened = apply(new_game(layout=first_layout()), Move.reveal(*FIRST)).game
    hint = drain(Assistant().hint_steps(opened))
    assert hint is not None
    row, col = opened.grid.row_col(hint.cell)
    out = run_app(["o 5 5", "hint", "q"])
    shown = re.escape(render_board(opened, cursor=(row, col)))  # the hint's cell in brackets
    said = re.escape(f"Hint (o {row + 1} {col + 1}): {hint.reason}")  # typed, as said, from 1
    assert re.search(f"{shown}\nMines left: 10    Time: 1 s\n{said}\n", out)
    won = run_app(["o 5 5", "hint", *winning_tail(opened)]).split("You won")[1]
    assert "Assisted: by the solver" in won  # the game counts as assisted


def winning_tail(opened: Game) -> list[str]:
    """Reveals of the rest of the safe cells of the first layout, after the first one."""
    layout = first_layout()
    return [
        f"o {r + 1} {c + 1}"
        for r, c in (layout.grid.row_col(cell) for cell in range(layout.grid.size))
        if layout.grid.index(r, c) not in layout.mines and opened.tile(r, c) == t.COVERED
    ]


def test_after_the_end_a_hint_says_how_to_go_on_in_the_terminals_own_words() -> None:
    layout = first_layout()
    mine = layout.grid.row_col(min(layout.mines))
    out = run_app(["o 5 5", f"o {mine[0] + 1} {mine[1] + 1}", "hint", "n"])
    assert "The game is over: answer y for a new one." in out
    assert "press the face" not in out


def test_the_start_says_what_the_saved_data_could_not_keep() -> None:
    from play.keeping.storage import MemoryStorage

    store = MemoryStorage()
    store.items["minesweeper/ledger"] = "{broken"
    clock = FakeClock()
    output = io.StringIO()
    options = Options(BEGINNER, SEED, question_marks=True, color=False)
    App(options, scripted(["q"], clock, output), clock=clock, storage=store).run()
    assert (
        'Saved ledger could not be read; they are kept aside as "minesweeper/ledger.backup".'
        in (output.getvalue())
    )


# --- parts ----------------------------------------------------------------------------------


def test_column_header_reads_top_to_bottom() -> None:
    header = column_header(EXPERT.cols, indent=0)
    assert len(header) == 2
    tens, units = header
    for col in range(EXPERT.cols):
        assert (tens[2 * col] + units[2 * col]).strip() == str(col + 1)  # counted from 1
    # Columns 1-9 have a blank above them rather than a zero.
    assert tens.startswith(" " * 18 + "1 1")


def test_column_header_three_digits() -> None:
    header = column_header(101, indent=2)
    assert len(header) == 3
    assert all(line.startswith("  ") and len(line) == 2 + 2 * 101 - 1 for line in header)
    assert [line[2 + 2 * 99] for line in header] == ["1", "0", "0"]  # column 100
    assert [line[2 + 2 * 100] for line in header] == ["1", "0", "1"]
    assert [line[2 + 2 * 56] for line in header] == [" ", "5", "7"]


def test_board_lines_label_rows_on_both_sides() -> None:
    game = new_game(EXPERT, seed=1)
    lines = board_lines(game.tiles, EXPERT.rows, EXPERT.cols)
    header = column_header(EXPERT.cols, indent=4)
    assert lines[:2] == header and lines[-2:] == header
    assert lines[2] == " 1  " + " ".join("#" * 30) + "  1"  # counted from 1
    assert lines[2 + 15] == "16  " + " ".join("#" * 30) + "  16"
    # Every cell sits under its column label: the rows line up whatever their number.
    assert {len(line.rstrip("0123456789")) for line in lines[2:-2]} == {len(header[1]) + 2}


def test_render_board_matches_engine_text() -> None:
    game = apply(new_game(BEGINNER, seed=SEED), Move.reveal(*FIRST)).game
    rows = render_board(game).splitlines()[1:-1]
    cells = ["".join(row.split()[1:-1]) for row in rows]
    assert "\n".join(cells) == game.to_text()


def test_colour_style_wraps_every_tile_and_plain_does_not() -> None:
    colour = Style(color=True)
    for tile in (*range(9), t.COVERED, t.FLAGGED, t.QUESTIONED, t.MINE, t.EXPLODED, t.WRONG_FLAG):
        assert PLAIN.tile(tile) == t.char(tile)
        drawn = colour.tile(tile)
        assert drawn.startswith("\x1b[") and drawn.endswith("\x1b[0m")
        assert re.sub(r"\x1b\[[0-9;]*m", "", drawn) == t.char(tile)


def test_status_line_counts_down_below_zero() -> None:
    game = new_game(Level(rows=2, cols=2, mines=1), seed=1)
    for cell in ((0, 0), (0, 1)):
        game = apply(game, Move.mark(*cell)).game
    assert status_line(game, 0) == "Mines left: -1    Time: 0 s"


def test_result_lines_without_time() -> None:
    stats = Stats(bbbv=5, solved_bbbv=5, clicks=Clicks(left=1, effective=1), seconds=0.0)
    text = result_lines(Result(Status.WON, 0.0, stats, BEGINNER, SEED))
    assert "3BV/s: —" in text and "Efficiency: 500%" in text


@pytest.mark.parametrize(
    "text, move",
    [
        # Typed rows and columns count from 1, as the board labels them; the engine's from 0.
        ("o 3 4", Move.reveal(2, 3)),
        ("O3,4", Move.reveal(2, 3)),
        ("o3,4", Move.reveal(2, 3)),
        ("  open 3, 4  ", Move.reveal(2, 3)),
        ("f 1 16", Move.mark(0, 15)),
        ("FLAG 2,2", Move.mark(1, 1)),
        ("c 1 1", Move.chord(0, 0)),
        ("C13,30", Move.chord(12, 29)),
        ("o 99999 -1", Move.reveal(99998, -2)),  # off the board: the engine says so
    ],
)
def test_parse_moves(text: str, move: Move) -> None:
    assert parse_command(text) == Play(move)


@pytest.mark.parametrize(
    "text, command",
    [
        ("h", Command.HELP),
        ("HELP", Command.HELP),
        ("?", Command.HELP),
        ("n", Command.NEW_GAME),
        ("new", Command.NEW_GAME),
        ("q", Command.QUIT),
        ("Quit", Command.QUIT),
        ("", Command.SHOW_BOARD),
        ("   ", Command.SHOW_BOARD),
    ],
)
def test_parse_simple_commands(text: str, command: Command) -> None:
    assert parse_command(text) is command


@pytest.mark.parametrize("text", ["x 1 2", "o", "o 1", "o 1 2 3", "o 1.5 2", "q now", "1 2", "!"])
def test_parse_errors(text: str) -> None:
    with pytest.raises(CommandError):
        parse_command(text)


def test_options() -> None:
    options = parse_args(["--level", "expert-portrait", "--seed", "9", "--no-color"])
    assert options == Options(Level(30, 16, 99), 9, question_marks=None, color=False)


@pytest.mark.parametrize(
    "module",
    [
        terminal.app,
        terminal.commands,
        terminal.console,
        terminal.menu,
        terminal.options,
        terminal.render,
    ],
)
def test_doctests(module: ModuleType) -> None:
    # Run here as well as by --doctest-modules, since pytest collects only tests/ and engine/.
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_help_names_retry_and_undo() -> None:
    from terminal.commands import help_text

    lines = help_text().splitlines()
    assert any(line.split()[:1] == ["retry"] for line in lines)
    assert any(line.split()[:1] == ["undo"] for line in lines)
