"""A finished game reviewed move by move by the exact solver, as chess players review a game.

For every move of a game (our own :class:`~engine.record.Record`, or a replay file of another
clone read by :mod:`play.videos.replay_files`), the solver looks at what the player saw before it,
and the move gets a :class:`Verdict` with its reason in words, its risk and what else was
there (:mod:`play.review.verdicts`). The game gets a :class:`ReviewSummary`: verdicts counted,
luck, the hardest moment, the competitive counters, and two curves over the moves: the risk
of each move and the chance of having survived so far.

- :func:`review_moves` yields the verdicts one move at a time (a page slices the work);
- :func:`review` gives them all with the summary, as a :class:`GameReview`;
- a front end gets a :class:`Review` from the session (:meth:`play.session.Session.review`),
  runs its steps and asks it what to show (:mod:`~play.review.reviewing`).

The modules: :mod:`~play.review.verdicts` (the verdicts, and the margin of a worse guess),
:mod:`~play.review.moves` (judging each move), :mod:`~play.review.reasons` (why a cell is
certain, in words), :mod:`~play.review.summary` (luck, the hardest moment, the counters);
around them, :mod:`~play.review.source` (the game to review: a record or a replay file, read
and titled) and :mod:`~play.review.view` (what a front end shows of a review).

>>> from engine import BEGINNER, Move, Record
>>> record = Record(BEGINNER, seed=42).add(Move.reveal(4, 4), 0).add(Move.reveal(0, 0), 1500)
>>> from play.review import review
>>> result = review(record)
>>> [(m.verdict.value, m.reason) for m in result.moves][0]
('certain', 'the first click is always safe')
>>> result.summary.status.value in ("playing", "lost", "won")
True
"""

from play.review.moves import review_moves
from play.review.reviewing import Review
from play.review.source import (
    Loaded,
    UnreadableError,
    file_title,
    from_file,
    from_record,
    needs_reader,
)
from play.review.summary import GameReview, ReviewSummary, review, review_summary
from play.review.verdicts import GUESSES, WORSE_MARGIN, MoveReview, Verdict, percent
from play.review.view import (
    HEIGHT,
    PAD,
    RISK_TITLE,
    SURVIVAL_TITLE,
    WIDTH,
    Curve,
    curve,
    next_mistake,
    outcome_sentence,
    summary_figures,
)

__all__ = [
    "GUESSES",
    "HEIGHT",
    "PAD",
    "RISK_TITLE",
    "SURVIVAL_TITLE",
    "WIDTH",
    "WORSE_MARGIN",
    "Curve",
    "GameReview",
    "Loaded",
    "MoveReview",
    "Review",
    "ReviewSummary",
    "UnreadableError",
    "Verdict",
    "curve",
    "file_title",
    "from_file",
    "from_record",
    "needs_reader",
    "next_mistake",
    "outcome_sentence",
    "percent",
    "review",
    "review_moves",
    "review_summary",
    "summary_figures",
]
