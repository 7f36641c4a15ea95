"""A bot in its own process (terminal/bot.py): it plays as in-process, it finds no layout to
read, and a move that never comes ends that game only (work in progress, issue 45)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from engine import BEGINNER
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
    child = play_games(OURS, BEGINNER, range(10))
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
    (end,) = play_games(snoop, BEGINNER, range(1))
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
    first, second = play_games(once_stuck, BEGINNER, range(2), limit_s=0.5)
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
    assert lines[0] == "20 games, seeds 0-19, Beginner (9x9/10)"
    ours = [referee_game(SolverBot(), BEGINNER, seed) for seed in range(20)]
    solver_wins = sum(end.won for end in ours)
    assert lines[2].startswith(f"  our solver: {100 * solver_wins / 20:.1f}%")


def test_a_file_that_is_no_bot_is_said_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = tmp_path / "empty.py"
    bot.write_text("x = 1\n", encoding="utf-8")
    assert terminal_main(["bot", str(bot), "--games", "1"]) == 1
    assert "defines neither move(view) nor a MinesweeperAI class" in capsys.readouterr().out
