"""How long a no-guess board takes to make in CPython, per level, from a centre first click.

Run with ``make bench`` or ``python -m benchmarks.noguess [--games N]``. Prints figures;
asserts nothing. The in-browser figure is in :mod:`benchmarks.browser`.
"""

from __future__ import annotations

import argparse
import platform
import time

from engine import BEGINNER, EXPERT, INTERMEDIATE
from engine.solver import generate_no_guess
from engine.solver.noguess import ENGINE_WORK


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="boards per level")
    args = parser.parse_args()
    print(f"no-guess benchmark: CPython {platform.python_version()}, work budget {ENGINE_WORK:,}")
    for name, level in (("beginner", BEGINNER), ("intermediate", INTERMEDIATE), ("expert", EXPERT)):
        first = level.grid.index(level.rows // 2, level.cols // 2)
        times, failed = [], 0
        for seed in range(args.games):
            start = time.perf_counter()
            mines = generate_no_guess(level, seed, first, max_work=ENGINE_WORK)
            times.append((time.perf_counter() - start) * 1000)
            failed += mines is None
        times.sort()
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        print(
            f"  {name:<12} {level}: mean {sum(times) / len(times):6.1f} ms, p95 {p95:6.1f} ms, "
            f"max {times[-1]:6.1f} ms, {failed} of {args.games} fell back to a normal board"
        )


if __name__ == "__main__":
    main()
