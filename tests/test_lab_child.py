"""A bot in its own process (terminal/bot.py): it plays as in-process, it finds no layout to
read, a move that never comes ends that game only, and the parent believes nothing the
child sends but a JSON answer of the right shape (it unpickles nothing)."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from engine import BEGINNER
from play.lab.boards import Boards
from play.lab.loading import load_bot
from play.lab.referee import referee_game
from play.lab.solver_bot import SolverBot
from terminal.__main__ import main as terminal_main
from terminal.bot import play_games

OURS = textwrap.dedent(
    """
    def move(view):
        for r in range(view.rows):
            for c in range(view.cols):
                if view.at(r, c) == "covered":
                    return ("reveal", r, c)
    """
)


def test_a_bot_plays_in_its_process_as_in_ours() -> None:
    child = play_games(OURS, BEGINNER, Boards.numbered(0), 10)
    here = [referee_game(load_bot(OURS), BEGINNER, seed) for seed in range(10)]
    assert [(e.won, e.reason, e.moves) for e in child] == [(e.won, e.reason, e.moves) for e in here]


def test_a_bot_that_looks_for_the_layout_finds_nothing() -> None:
    snoop = textwrap.dedent(
        """
        import gc, sys
        def move(view):
            found = [o for o in gc.get_objects()
                     if type(o).__name__ in ("Layout", "Game", "Rng") or hasattr(o, "mines_at")]
            raise LookupError(f"{len(found)} found")
        """
    )
    (end,) = play_games(snoop, BEGINNER, Boards.fresh(), 1)
    assert end.reason == "the bot raised LookupError: 0 found"


def test_an_endless_move_ends_its_game_and_the_next_game_plays(tmp_path: Path) -> None:
    """The child that loops is ended; the next game gets a new one (a new module, so the
    bot leaves itself a mark on disk to loop only once)."""
    mark = tmp_path / "looped"
    once_stuck = textwrap.dedent(
        f"""
        import pathlib
        MARK = pathlib.Path({str(mark)!r})
        def move(view):
            if not MARK.exists():
                MARK.touch()
                while True:
                    pass
            return next(("reveal", r, c) for r in range(view.rows) for c in range(view.cols)
                        if view.at(r, c) == "covered")
        """
    )
    first, second = play_games(once_stuck, BEGINNER, Boards.fresh(), 2, limit_s=0.5)
    assert first.reason == "the bot took longer than 0.5 s for a move"
    assert second.reason in ("won", "stepped on a mine")


def test_the_terminal_prints_the_bots_figures_beside_the_solvers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = tmp_path / "first_covered.py"
    bot.write_text(OURS, encoding="utf-8")
    assert terminal_main(["bot", str(bot), "--level", "beginner", "--games", "20"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    wanted = r"20 games, boards 0-19 of key ([0-9a-f]{32}), Beginner \(9x9/10\)"
    head = re.fullmatch(wanted, lines[0])
    assert head is not None
    boards = Boards.of_key(head[1])
    ours = [referee_game(SolverBot(), BEGINNER, boards.seed(k)) for k in range(20)]
    solver_wins = sum(end.won for end in ours)
    assert lines[2].startswith(f"  our solver: {100 * solver_wins / 20:.1f}%")


def test_a_file_that_is_no_bot_is_said_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = tmp_path / "empty.py"
    bot.write_text("x = 1\n", encoding="utf-8")
    assert terminal_main(["bot", str(bot), "--games", "1"]) == 1
    assert "defines neither move(view) nor a MinesweeperAI class" in capsys.readouterr().out


PICKLER = textwrap.dedent(
    """
    import os, pickle

    class Planted:
        def __reduce__(self):  # run by whoever unpickles it
            return (exec, ("import terminal.bot as b; b.play_game = lambda *a: None",))

    def move(view):
        import gc
        for found in gc.get_objects():  # a pipe that pickles (multiprocessing's), if any
            if type(found).__name__ == "Connection" and hasattr(found, "send"):
                try:
                    found.send({"move": None, "planted": Planted()})
                except Exception:
                    pass
        payload = pickle.dumps({"move": None, "planted": Planted()})
        for fd in range(3, 64):  # the answers' pipe is one of these
            try:
                os.write(fd, payload + b"\\n")
            except OSError:
                pass
        return None
    """
)


def test_the_parent_refuses_a_pickled_reply_and_reports_the_truth(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An attack a security review found: a bot that gives up every game wrote a pickle that
    replaced the parent's play_game, and was reported at 100.0%."""
    import terminal.bot as terminal_bot

    before = terminal_bot.play_game
    bot = tmp_path / "pickler.py"
    bot.write_text(PICKLER, encoding="utf-8")
    assert terminal_main(["bot", str(bot), "--level", "beginner", "--games", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert terminal_bot.play_game is before
    assert lines[1].startswith("  your bot:   0.0% won")
    assert "  ended 3x: the bot's side sent something that is not an answer" in lines


def test_the_child_gets_no_argument_nor_environment_of_the_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SECRET_TOKEN", "s3cret")
    monkeypatch.setenv("PYTHONPATH", "/nowhere")
    snoop = textwrap.dedent(
        """
        import os, sys
        def move(view):
            raise LookupError(f"{sys.argv!r} {sorted(os.environ)!r} {sys.flags.isolated}")
        """
    )
    (end,) = play_games(snoop, BEGINNER, Boards.fresh(), 1)
    said = end.reason.removeprefix("the bot raised LookupError: ")
    assert said.startswith("['-c'] ") and said.endswith(" 1")
    assert "SECRET_TOKEN" not in said and "PYTHONPATH" not in said


def test_a_bot_that_patches_its_clocks_is_timed_by_the_parent() -> None:
    cheat = textwrap.dedent(
        """
        import time
        time.perf_counter = lambda: 0.0
        time.monotonic = lambda: 0.0
        def move(view):
            end = time.process_time() + 0.02
            while time.process_time() < end:
                pass
            return next(("reveal", r, c) for r in range(view.rows) for c in range(view.cols)
                        if view.at(r, c) == "covered")
        """
    )
    (end,) = play_games(cheat, BEGINNER, Boards.fresh(), 1)
    assert end.seconds >= 0.02 * end.moves
