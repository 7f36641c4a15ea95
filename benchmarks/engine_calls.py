"""Single engine calls a player waits for, in CPython, each beside the time it should take.

Run with ``python -m benchmarks.engine_calls [--runs N]``. Prints figures; asserts nothing
(these were timed assertions in tests; the project's rule: speed targets live here):

- ``Record.parse`` of a record of 10,000 moves and of 100,000: ten times the moves should
  take about ten times as long (a quadratic parse took 14 s on the larger one);
- the first hint of an expert game, after its first click, and the hint at its first guess
  (:func:`engine.solver.best_move`): well under a second;
- the exact win-chance search (:func:`engine.solver.endgame.win_chance`) on that game at its
  first guess, with far too many layouts to list: it says so at once (under a second);
- the same search on a 300x300 board whose last mine is known, 89,996 cells covered away
  from every number: one layout, won, in seconds (a hang would be the bug);
- the live counters' count after a move (:func:`engine.live.moment_after`) over an expert
  game: under 2 ms a move, a small part of a move's task, which must stay far under 50 ms.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from collections.abc import Callable

from engine import EXPERT, Game, Move, Record, apply, new_game
from engine import tiles as t
from engine.grid import Grid
from engine.live import moment_after
from engine.solver import best_move
from engine.solver.analysis import Position
from engine.solver.endgame import win_chance


def record_text(count: int) -> str:
    """An expert record of ``count`` moves (flags, cell after cell), as a record is kept."""
    moves = "".join(f";F{i % 16},{i % 30}@{i}" for i in range(count))
    return "ms1;30x16/99;seed=1;marks=1;noguess=0" + moves


def expert_after_first_click() -> bytes:
    """The tiles of expert game 1 after its first click, in the centre."""
    return apply(new_game(EXPERT, seed=1), Move.reveal(8, 15)).game.tiles


def expert_first_guess() -> bytes:
    """The tiles of expert game 1 played up to its first guess: every proven-safe cell
    opened."""
    game = apply(new_game(EXPERT, seed=1), Move.reveal(8, 15)).game
    while safe := Position(EXPERT.grid, EXPERT.mines, game.tiles).analysis().safe:
        for cell in safe:
            game = apply(game, Move.reveal(*EXPERT.grid.row_col(cell))).game
    return game.tiles


def one_layout_left() -> Position:
    """A 300x300 board with one mine, in its top left corner, shown by three open 1s."""
    grid = Grid(300, 300)
    tiles = bytearray([t.COVERED]) * grid.size
    for cell in (0, 1, grid.cols):
        tiles[cell] = t.from_char("1")
    return Position(grid, 1, bytes(tiles))


def expert_moves() -> list[Game]:
    """Expert game 7 after its first click, then after each reveal of its safe cells in a
    shuffled order (a move that changes nothing is left out): the games a page counts."""
    game = apply(new_game(EXPERT, seed=7, question_marks=False), Move.reveal(8, 15)).game
    assert game.layout is not None
    safe = [c for c in range(EXPERT.cells) if c not in game.layout.mines]
    random.Random(3).shuffle(safe)
    games = [game]
    for cell in safe:
        after = apply(games[-1], Move.reveal(*EXPERT.grid.row_col(cell))).game
        if after is not games[-1]:
            games.append(after)
    return games


def count_each(games: list[Game]) -> None:
    """The live counters after each game of ``games``, in turn, as the page counts them."""
    moment = None
    for n, game in enumerate(games):
        moment = moment_after(moment, game, n * 100)


def timed(call: Callable[[], object], runs: int) -> list[float]:
    """Seconds each of ``runs`` calls took (after one call not counted: imports, caches)."""
    call()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return times


def line(what: str, times: list[float], target: str = "") -> str:
    spread = f"min {min(times):.3f}, max {max(times):.3f}"
    aim = f"; target {target}" if target else ""
    return f"  {what}: median {statistics.median(times):.3f} s ({spread}){aim}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="timed calls of each (5)")
    runs = parser.parse_args(argv).runs
    print(f"engine calls: Python {platform.python_version()} on {platform.machine()}, {runs} runs")

    small, large = record_text(10_000), record_text(100_000)
    t_small = timed(lambda: Record.parse(small), runs)
    t_large = timed(lambda: Record.parse(large), runs)
    ratio = statistics.median(t_large) / statistics.median(t_small)
    print(line("Record.parse, 10,000 moves", t_small))
    print(line("Record.parse, 100,000 moves", t_large, f"about 10x the 10,000 (now {ratio:.1f}x)"))

    tiles = expert_after_first_click()
    hint = timed(lambda: best_move(EXPERT.grid, EXPERT.mines, tiles), runs)
    print(line("expert hint after the first click (best_move)", hint, "well under 1 s"))

    guess_tiles = expert_first_guess()
    at_guess = timed(lambda: best_move(EXPERT.grid, EXPERT.mines, guess_tiles), runs)
    print(line("expert hint at its first guess (best_move)", at_guess, "well under 1 s"))
    guess = Position(EXPERT.grid, EXPERT.mines, guess_tiles)
    found = win_chance(guess)
    search = timed(lambda: win_chance(guess), runs)
    print(line(f"win_chance at expert's first guess ({found.reason})", search, "under 1 s"))

    lone = one_layout_left()
    won = win_chance(lone)
    answer = "won" if won.complete and won.chance == 1 else "NOT WON"
    late = timed(lambda: win_chance(lone), max(1, runs // 2))
    print(line(f"win_chance, 300x300 with one layout left ({answer})", late, "a few seconds"))

    games = expert_moves()
    whole = timed(lambda: count_each(games), runs)
    per_move = [seconds / len(games) * 1000 for seconds in whole]
    print(
        f"  live counters after a move, expert ({len(games)} moves): median "
        f"{statistics.median(per_move):.3f} ms a move (min {min(per_move):.3f}, max "
        f"{max(per_move):.3f}); target under 2 ms"
    )


if __name__ == "__main__":
    main()
