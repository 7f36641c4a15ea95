"""How a finished game went: the figures both front ends show when it ends.

>>> from engine import Clicks, Status, Stats, BEGINNER
>>> won = Result(Status.WON, 6.0, Stats(12, 12, Clicks(10, 3, 2, 14), 6.0), BEGINNER, 42)
>>> won.headline
'Won in 6.00 s'
>>> [f"{label} {value}" for label, value in won.figures()]
['3BV 12', '3BV/s 2.00', 'clicks 15', 'efficiency 80%', 'seed 42']
>>> lost = Result(Status.LOST, 0.0, Stats(12, 4, Clicks(1, 0, 0, 1), 0.0), BEGINNER, 7, True)
>>> lost.headline, dict(lost.figures())["3BV"], dict(lost.figures())["3BV/s"]
('Lost after 0.00 s', '4/12', '—')
>>> dict(lost.figures())["assisted"]
'hints or auto-play'
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Level, Stats, Status

NO_FIGURE = "—"
"""Shown where a ratio has no meaning: no click yet, or no time at all."""


@dataclass(frozen=True, slots=True)
class Result:
    status: Status
    seconds: float
    """The time the record gives the last move, so a replay tells the same time."""
    stats: Stats
    level: Level
    seed: int
    assisted: bool = False
    """Chances were shown, the hint button was used, or the solver played a move."""
    no_guess: bool = False
    news: str | None = None
    """A new best time, in words: "New best on Expert: 97.12 s (was 104.50 s)"."""
    daily: str | None = None
    """The date of a daily board."""

    @property
    def won(self) -> bool:
        return self.status is Status.WON

    @property
    def verdict(self) -> str:
        return "Won in" if self.won else "Lost after"

    @property
    def time_text(self) -> str:
        return f"{self.seconds:.2f} s"

    @property
    def headline(self) -> str:
        return f"{self.verdict} {self.time_text}"

    def figures(self) -> list[tuple[str, str]]:
        """``(label, value)`` pairs, in the order the community reads them."""
        stats = self.stats
        # A lost game shows how much of its 3BV was solved.
        bbbv = str(stats.bbbv) if self.won else f"{stats.solved_bbbv}/{stats.bbbv}"
        rate = stats.bbbv_per_second
        efficiency = stats.efficiency
        parts = [
            ("3BV", bbbv),
            ("3BV/s", NO_FIGURE if rate is None else f"{rate:.2f}"),
            ("clicks", str(stats.clicks.total)),
            ("efficiency", NO_FIGURE if efficiency is None else f"{efficiency:.0%}"),
            ("seed", str(self.seed)),
        ]
        if self.no_guess:
            parts.append(("board", "no-guess"))
        if self.assisted:
            parts.append(("assisted", "hints or auto-play"))
        return parts
