"""What the review viewer shows of a reviewed game, decided here so that the page only draws it.

The page (:mod:`web.dialogs.replays.review_panel`) lists the moves, each coloured by its
verdict; says the verdict of the move at hand; marks on the board the safe cell or the safer
guess that was there; draws two curves over the moves (each move's risk, the chance of having
survived so far) where a click on a point goes to its move; and jumps to the previous or next
mistake. It asks the :class:`~play.review.reviewing.Review` the session hands out, whose
answers are here (where a point lies, which move a click on a curve means, the next mistake,
the summary's figures in words) and on each verdict (:mod:`play.review.verdicts`: its word,
its text, its marks), in plain Python.

>>> from engine import Layout, Move, TimedMove, new_game
>>> from play.review import review
>>> class DrawnGame:  # on the board *..*, the second 1 opened after the first: a 50/50
...     moves = (TimedMove(Move.reveal(0, 1), 0), TimedMove(Move.reveal(0, 2), 900))
...     def new_game(self):
...         return new_game(layout=Layout.from_text('*..*'))
>>> result = review(DrawnGame())
>>> [m.verdict.kind for m in result.moves]
['certain', 'forced']
>>> print(result.moves[1].text(2))
Move 2 of 2, open row 1, column 3 at 0.90 s: forced guess. No cell was proven safe: opening \
row 1, column 3 risked 50%; the safest cell had 50%, the solver's choice row 1, column 1 had 50%.
>>> risk = curve(result.risks, RISK_TITLE)
>>> [(p.number, p.x, p.y) for p in risk.points]
[(1, 8.0, 88.0), (2, 312.0, 48.0)]
>>> risk.path
'M8.0,88.0L312.0,48.0'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from play.game.result import counter_figures
from play.review.summary import ReviewSummary
from play.review.verdicts import MoveReview, percent

WIDTH, HEIGHT, PAD = 320.0, 96.0, 8.0
"""A curve's drawing in SVG user units: the page scales it to its width."""

RISK_TITLE = "Risk of each move"
SURVIVAL_TITLE = "Chance of having survived so far"


def next_mistake(moves: Sequence[MoveReview], number: int, forward: bool = True) -> int | None:
    """The number of the first mistake after move ``number`` (before it, going back);
    None when there is none that way. Moves are numbered from 1, as reviews are.

    >>> from engine import Move
    >>> from play.review import Verdict
    >>> moves = [MoveReview(n, Move.reveal(0, n), 0, v, "") for n, v in enumerate(
    ...     [Verdict.CERTAIN, Verdict.NEEDLESS, Verdict.FORCED, Verdict.BLUNDER], start=1)]
    >>> next_mistake(moves, 0), next_mistake(moves, 2), next_mistake(moves, 4)
    (2, 4, None)
    >>> next_mistake(moves, 4, forward=False), next_mistake(moves, 2, forward=False)
    (2, None)
    """
    ahead = moves[number:] if forward else reversed(moves[: max(0, number - 1)])
    return next((m.number for m in ahead if m.verdict.mistake), None)


@dataclass(frozen=True, slots=True)
class Point:
    number: int
    """The move's number, from 1."""
    x: float
    y: float
    value: float


@dataclass(frozen=True, slots=True)
class Curve:
    title: str
    points: tuple[Point, ...]
    path: str
    """The SVG path through the points."""
    width: ClassVar[float] = WIDTH
    height: ClassVar[float] = HEIGHT
    pad: ClassVar[float] = PAD
    """The drawing's box in SVG user units (:data:`WIDTH`, :data:`HEIGHT`, :data:`PAD`)."""

    def label(self, point: Point) -> str:
        """A point's words (its tooltip and its name for screen readers).

        >>> risk = curve([0.0, 0.5], "Risk of each move")
        >>> risk.label(risk.points[1])
        'Move 2: 50% (risk of each move)'
        """
        return f"Move {point.number}: {percent(point.value)} ({self.title.lower()})"

    def nearest(self, x: float) -> int | None:
        """The move whose point is nearest ``x`` (a click on the curve, in SVG units).

        >>> curve([0.0, 0.5, 0.2], "r").nearest(170.0), curve([], "r").nearest(3.0)
        (2, None)
        """
        best = min(self.points, key=lambda p: (abs(p.x - x), p.number), default=None)
        return None if best is None else best.number


def curve(values: Sequence[float], title: str) -> Curve:
    """Values from 0 to 1, one a move, placed from left to right (1 at the top).

    >>> c = curve([1.0, 0.5, 0.25], "survival")
    >>> [(p.x, p.y) for p in c.points]
    [(8.0, 8.0), (160.0, 48.0), (312.0, 68.0)]
    >>> curve([0.3], "one").points[0].x  # a single move sits in the middle
    160.0
    """
    inner_w, inner_h = WIDTH - 2 * PAD, HEIGHT - 2 * PAD
    span = max(1, len(values) - 1)
    points = tuple(
        Point(
            n + 1,
            round(PAD + (inner_w * n / span if len(values) > 1 else inner_w / 2), 1),
            round(PAD + inner_h * (1.0 - min(1.0, max(0.0, v))), 1),
            v,
        )
        for n, v in enumerate(values)
    )
    path = "".join(f"{'L' if i else 'M'}{p.x},{p.y}" for i, p in enumerate(points))
    return Curve(title, points, path)


def outcome_figures(summary: ReviewSummary) -> list[tuple[str, str]]:
    """How the game ended, as ``(label, value)`` pairs: the result and its time, 3BV (solved
    of the whole, unless won) and 3BV/s, and the day a replay file says it was recorded.

    >>> from datetime import date
    >>> from engine import Clicks, Counters, Status
    >>> from play.review import Verdict
    >>> c = Counters(28, 12, Clicks(9, 0, 0, 9), 5.0, 18, 19, "beginner", won=False)
    >>> s = ReviewSummary(dict.fromkeys(Verdict, 0), 1.0, 0.0, None, Status.LOST, 5.0, c,
    ...             date(2021, 5, 22))
    >>> outcome_figures(s)
    [('result', 'lost in 5.00 s'), ('3BV', '12 of 28'), ('3BV/s', '2.40'), \
('recorded', '2021-05-22')]
    >>> outcome_sentence(s)
    'Lost in 5.00 s, 3BV 12 of 28, 3BV/s 2.40, recorded 2021-05-22.'
    """
    figures = [("result", f"{summary.status.value} in {summary.seconds:.2f} s")]
    c = summary.counters
    if c is not None:
        won = c.solved_bbbv == c.bbbv
        figures.append(("3BV", str(c.bbbv) if won else f"{c.solved_bbbv} of {c.bbbv}"))
        per_second = c.bbbv_per_second
        figures.append(("3BV/s", "-" if per_second is None else f"{per_second:.2f}"))
    if summary.recorded is not None:
        figures.append(("recorded", summary.recorded.isoformat()))
    return figures


def outcome_sentence(summary: ReviewSummary) -> str:
    """:func:`outcome_figures` as one sentence, for a front end that writes lines."""
    result, *rest = outcome_figures(summary)
    words = [result[1][:1].upper() + result[1][1:], *(f"{k} {v}" for k, v in rest)]
    return ", ".join(words) + "."


def summary_figures(summary: ReviewSummary) -> list[tuple[str, str]]:
    """The summary as ``(label, value)`` pairs: verdicts counted, luck, the hardest moment,
    then the competitive counters.

    >>> from engine import Status
    >>> from play.review import Verdict
    >>> counts = dict.fromkeys(Verdict, 0) | {Verdict.CERTAIN: 9, Verdict.FORCED: 1}
    >>> s = ReviewSummary(counts, 0.5, 0.30103, None, Status.WON, 12.5, None)
    >>> summary_figures(s)
    [('result', 'won in 12.50 s'), ('certain', '9'), ('forced guess', '1'), \
('luck', '50%'), ('pluck', '0.30')]
    """
    figures = outcome_figures(summary)
    figures += [(v.value, str(n)) for v, n in summary.counts.items() if n]
    figures += [("luck", percent(summary.luck)), ("pluck", f"{summary.pluck:.2f}")]
    hardest = summary.hardest
    if hardest is not None and hardest.safest_risk is not None:
        figures.append(
            ("hardest moment", f"move {hardest.number}, {percent(hardest.safest_risk)} at best")
        )
    if summary.counters is not None:
        figures += counter_figures(summary.counters)
    return figures
