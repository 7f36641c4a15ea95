"""What a run of games says: a win rate with its 95% interval, and a bot against our solver
on the same boards (paired, seed by seed).

>>> [round(x, 4) for x in wilson(90, 100)]
[0.8256, 0.9448]
>>> rate(3, 4)
'75.0% won (95% interval 30.1-95.4)'
"""

from __future__ import annotations

import math


def wilson(wins: int, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval for a win rate (``make bench-solver`` reads it too)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(wins: int, games: int) -> str:
    """A win rate in words: the percentage and its 95% interval."""
    low, high = wilson(wins, games)
    share = wins / games if games else 0.0
    return f"{100 * share:.1f}% won (95% interval {100 * low:.1f}-{100 * high:.1f})"
