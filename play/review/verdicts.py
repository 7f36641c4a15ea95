"""What a review says of one move: its :class:`Verdict`, its risk, and what else was there.

The verdicts (:mod:`play.review.moves` gives them):

- **certain**: the cell was proven safe (for a flag: proven a mine), with the numbers that
  prove it (:mod:`play.review.reasons`); a chord is certain when every cell it opens is;
- **forced guess**: no cell was proven safe: the risk taken, the safest cell's risk and the
  solver's choice (:func:`engine.solver.guess.choose`, what the Hint button shows) with its
  risk;
- **needless guess**: a guess while some cell was proven safe, which is named;
- **worse guess**: a guess whose risk exceeds the solver's choice's by more than
  :data:`WORSE_MARGIN`, 5 points. A guess is judged against the solver's choice rather than
  the safest cell, because the safest cell is not always the best guess: a cell that tells
  more may be worth a little more risk, and the solver itself weighs every cell whose safety
  is at least 90% of the best one's (:data:`engine.solver.lookahead.CUTOFF`), about that much
  risk in the positions where guesses are made. Past 5 points the guess is clearly the
  riskier, whatever it may tell;
- **blunder**: a proven mine opened, a chord around a wrong flag, a flag on a proven-safe cell;
- **wasted click**: a click that changed nothing (a cell already open, a chord with nothing
  to open, a click after the end): what lowers a player's correctness, counted apart;
- **no risk**: everything else: unflagging, an unproven flag, question marks switched.

A move's *risk* is its chance of losing the game there (1 for a blunder that opens a mine,
0 for flags); its *survival* is the chance of having survived every move so far, the product
of ``1 - risk``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine import Spot, TimedMove
from engine.record import Event
from play.videos.replay import move_words

WORSE_MARGIN = 0.05
"""How much more risk than the solver's choice makes a guess a worse guess."""


class Verdict(Enum):
    CERTAIN = "certain"
    FORCED = "forced guess"
    NEEDLESS = "needless guess"
    WORSE = "worse guess"
    BLUNDER = "blunder"
    WASTED = "wasted click"
    NEUTRAL = "no risk"

    @property
    def kind(self) -> str:
        """The verdict's one word (``needless`` for a needless guess): the move list's colour
        (``data-verdict``) and the legend's."""
        return KINDS[self]

    @property
    def mistake(self) -> bool:
        """Whether the previous/next mistake buttons stop at it: a forced guess is none."""
        return self in MISTAKES

    def counted(self, count: int) -> str:
        """``count`` moves of this verdict, in words.

        >>> Verdict.FORCED.counted(2), Verdict.BLUNDER.counted(1), Verdict.NEUTRAL.counted(3)
        ('2 forced guesses', '1 blunder', '3 without risk')
        """
        name = "without risk" if self is Verdict.NEUTRAL else self.value
        if count != 1 and self in GUESSES:
            name = name.replace("guess", "guesses")
        elif count != 1 and self in (Verdict.BLUNDER, Verdict.WASTED):
            name += "s"
        return f"{count} {name}"


GUESSES = frozenset({Verdict.FORCED, Verdict.NEEDLESS, Verdict.WORSE})
"""The verdicts of uncertain clicks: their chances of success make the game's luck."""
MISTAKES = frozenset({Verdict.NEEDLESS, Verdict.WORSE, Verdict.BLUNDER})
"""The verdicts the previous/next mistake buttons stop at."""
KINDS = {
    Verdict.CERTAIN: "certain",
    Verdict.FORCED: "forced",
    Verdict.NEEDLESS: "needless",
    Verdict.WORSE: "worse",
    Verdict.BLUNDER: "blunder",
    Verdict.WASTED: "wasted",
    Verdict.NEUTRAL: "neutral",
}
"""Each verdict's one word (:attr:`Verdict.kind`)."""


@dataclass(frozen=True, slots=True)
class MoveReview:
    number: int
    """The event's place in the record, from 1."""
    event: Event
    ms: int
    verdict: Verdict
    reason: str
    risk: float = 0.0
    survival: float = 1.0
    safest_risk: float | None = None
    """For a guess with no safe cell: the lowest risk any covered cell had."""
    choice: Spot | None = None
    """For a forced or worse guess: the solver's choice, (row, col)."""
    choice_risk: float | None = None
    safe_cell: Spot | None = None
    """For a needless guess: a proven-safe cell, the nearest to the click."""
    exact: bool = True
    """False when the solver had to estimate (a component too large to enumerate)."""

    @property
    def words(self) -> str:
        """The move in words (:func:`play.videos.replay.move_words`): ``open row 1, column 2``."""
        return move_words(self.event)

    def text(self, total: int) -> str:
        """The move in words as the review says it: which of ``total``, when, its verdict
        and why."""
        reason = self.reason[:1].upper() + self.reason[1:]
        estimate = " (the solver estimated: part of the board was too large to count)"
        return (
            f"Move {self.number} of {total}, {self.words} at {self.ms / 1000:.2f} s: "
            f"{self.verdict.value}. {reason}{'' if self.exact else estimate}."
        )

    @property
    def marks(self) -> dict[Spot, str]:
        """The cells to mark on the board before the move: the proven-safe cell a needless
        guess passed over (``safe``), and the solver's choice a worse guess passed over
        (``choice``). A forced guess that was the solver's own choice marks nothing.

        >>> from engine import Move
        >>> MoveReview(3, Move.reveal(0, 0), 0, Verdict.NEEDLESS, "", safe_cell=(2, 2)).marks
        {(2, 2): 'safe'}
        >>> worse = MoveReview(3, Move.reveal(0, 0), 0, Verdict.WORSE, "", choice=(1, 1))
        >>> forced = MoveReview(3, Move.reveal(1, 1), 0, Verdict.FORCED, "", choice=(1, 1))
        >>> worse.marks, forced.marks
        ({(1, 1): 'choice'}, {})
        """
        found: dict[Spot, str] = {}
        if self.safe_cell is not None:
            found[self.safe_cell] = "safe"
        if self.choice is not None and self.verdict.mistake:
            found[self.choice] = "choice"
        return found


@dataclass(slots=True)
class Found:
    """A move's verdict before it takes its place in the game (number, time, survival):
    what :mod:`play.review.moves` works out, for :meth:`review` to complete."""

    verdict: Verdict
    reason: str
    risk: float = 0.0
    safest_risk: float | None = None
    choice: Spot | None = None
    choice_risk: float | None = None
    safe_cell: Spot | None = None
    exact: bool = True

    def review(self, number: int, timed: TimedMove, survival: float) -> MoveReview:
        return MoveReview(
            number, timed.move, timed.ms, self.verdict, self.reason, self.risk, survival,
            self.safest_risk, self.choice, self.choice_risk, self.safe_cell, self.exact,
        )  # fmt: skip


def percent(p: float) -> str:
    """A chance in words: ``23%``, ``0.4%`` (below 1%), ``99.6%`` (above 99%).

    >>> percent(0.2345), percent(0.004), percent(0.9961), percent(0.0), percent(1.0)
    ('23%', '0.4%', '99.6%', '0%', '100%')
    """
    if 0.0 < p < 0.01 or 0.99 < p < 1.0:
        return f"{p:.1%}"
    return f"{p:.0%}"
