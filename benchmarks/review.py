"""How long a game review takes in CPython: expert games of 150 moves, and the real files.

Run ``python -m benchmarks.review [--games N] [--moves M]``. Prints figures; asserts nothing.

The expert games are played by the solver as a hint-following player would: the hint's cell
each turn (a certain cell when there is one, else its guess), a flag on a proven mine every
third turn; seeds 0, 1, 2... are played and the first ``N`` games that reach ``M`` moves
(150) are cut there and reviewed. Each review is timed whole
(:func:`play.review.summary.review`), and the slowest single verdict of the generator
(:func:`play.review.review_moves`) is the longest slice a page would run. The three replay
files of ``../shared/replays/`` are timed too when they are there.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from pathlib import Path

from engine import EXPERT, Move, Record, Replayable, apply, new_game
from engine.solver import Analyser
from engine.solver.guess import choose
from play.review import review, review_moves
from play.videos.replay_files import read_replay

REPLAYS = Path(__file__).resolve().parent.parent.parent / "shared" / "replays"


def solver_record(seed: int, moves: int) -> Record:
    """An expert game played by the hint, cut at ``moves`` moves."""
    game = new_game(EXPERT, seed, question_marks=False)
    record = Record.of(game)
    analyser = Analyser(game.grid, EXPERT.mines)
    ms = 0
    while not game.status.is_over and len(record.moves) < moves:
        analysis = analyser.analyse(game.tiles)
        unflagged = sorted(c for c in analysis.mines if game.tiles[c] != 10)
        if len(record.moves) % 3 == 2 and unflagged:
            move = Move.mark(*game.grid.row_col(unflagged[0]))
        else:
            suggestion = choose(analyser, analysis)
            assert suggestion is not None
            move = Move.reveal(*game.grid.row_col(suggestion.cell))
        ms += 400
        record = record.add(move, ms)
        game = apply(game, move).game
    return record


def timed(source: Replayable) -> tuple[float, float]:
    """Seconds for the whole review, and for its slowest verdict (a page's longest slice)."""
    slowest = 0.0
    moves = review_moves(source)
    while True:
        start = time.perf_counter()
        if next(moves, None) is None:
            break
        slowest = max(slowest, time.perf_counter() - start)
    start = time.perf_counter()
    review(source)
    return time.perf_counter() - start, slowest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--moves", type=int, default=150)
    args = parser.parse_args()
    print(f"review benchmark: Python {platform.python_version()} on {platform.machine()}")
    records: list[Record] = []
    seed = 0
    while len(records) < args.games:
        record = solver_record(seed, args.moves)
        seed += 1
        if len(record.moves) == args.moves:  # games lost sooner are left out
            records.append(record)
    results = [timed(record) for record in records]
    whole = [w for w, _ in results]
    print(
        f"  expert, {args.games} games of {args.moves} moves (seeds 0-{seed - 1}, shorter ones "
        f"left out): review median {statistics.median(whole) * 1000:.0f} ms, "
        f"max {max(whole) * 1000:.0f} ms; slowest single verdict "
        f"{max(s for _, s in results) * 1000:.1f} ms"
    )
    for path in sorted(REPLAYS.glob("test_subject.*")) if REPLAYS.is_dir() else []:
        game = read_replay(path.read_bytes(), path.name)
        seconds, _ = timed(game)
        print(f"  {path.name}: {len(game.moves)} moves reviewed in {seconds * 1000:.0f} ms")


if __name__ == "__main__":
    main()
