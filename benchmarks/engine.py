"""Engine speed in CPython: layouts per second, and one huge flood fill.

Run with ``make bench`` or ``python -m benchmarks.engine``. Prints figures; asserts nothing.
"""

from __future__ import annotations

import platform
import statistics
import time

from engine import EXPERT, Level, Move, apply, generate, new_game


def layouts_per_second(level: Level, seconds: float = 2.0) -> float:
    count, start = 0, time.perf_counter()
    first = level.grid.index(level.rows // 2, level.cols // 2)
    while (elapsed := time.perf_counter() - start) < seconds:
        generate(level, count, first)
        count += 1
    return count / elapsed


def huge_reveal(runs: int = 3) -> tuple[list[float], int]:
    """Seconds to place the mines and flood a 1000x1000 board with 1% mines from its centre."""
    level = Level(1000, 1000, 10_000)
    times, opened = [], 0
    for seed in range(runs):
        game = new_game(level, seed)
        start = time.perf_counter()
        outcome = apply(game, Move.reveal(500, 500))
        times.append(time.perf_counter() - start)
        opened = max(opened, len(outcome.changed))
    return times, opened


def main() -> None:
    print(f"engine benchmark: Python {platform.python_version()} on {platform.machine()}")
    rate = layouts_per_second(EXPERT)
    print(f"  expert layouts generated per second: {rate:,.0f}")
    times, opened = huge_reveal()
    print(
        f"  1000x1000 with 10,000 mines, one reveal opening {opened:,} cells: "
        f"median {statistics.median(times):.2f} s (min {min(times):.2f}, max {max(times):.2f})"
    )


if __name__ == "__main__":
    main()
