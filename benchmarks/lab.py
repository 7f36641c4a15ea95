"""The sample bots of the bot lab and our solver, on the same expert boards: what "good" is.

Part of ``make bench``; alone::

    python -m benchmarks.lab [--games 1000] [--level expert] [--jobs 2]

Each bot of ``bots/`` and our solver (:class:`play.lab.SolverBot`, the one the lab compares
a player's bot with) play the boards of seeds 0 to N-1 under the game's default first
click (an opening): numbered boards, the same in every run of the benchmark (a sample bot
does not guess them), refereed as in the lab (:func:`play.lab.referee_game`). The sample bots
are ours, so they run in this process; a player's bot runs in a child process
(``python -m terminal bot``) or a Web Worker (the page). Printed for each bot: the lab's
own figures (:class:`play.lab.Tally`), its win rate paired with our solver's, and the time
the run took.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from engine import FirstClick, Level
from play.lab import SolverBot, Tally, load_bot, referee_game
from play.lab.boards import Boards

ROOT = Path(__file__).resolve().parent.parent
BOTS = ROOT / "bots"


def solver_won(job: tuple[str, int]) -> bool:
    level, seed = job
    first = FirstClick.OPENING
    return referee_game(SolverBot(first), Level.parse(level), seed, first).won


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    level = Level.parse(args.level)
    seeds = range(args.games)
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        ours = list(pool.map(solver_won, [(args.level, s) for s in seeds], chunksize=8))
    print(f"our solver: {time.perf_counter() - started:.0f} s for {args.games} games")
    for path in sorted(BOTS.glob("*.py")):
        started = time.perf_counter()
        bot = load_bot(path.read_text(encoding="utf-8"), path.name)
        ends = [referee_game(bot, level, seed) for seed in seeds]
        print(f"\nbots/{path.name} ({time.perf_counter() - started:.0f} s):")
        print("\n".join(Tally(level, Boards.numbered(0), args.games, ends, ours).lines()))


if __name__ == "__main__":
    main()
