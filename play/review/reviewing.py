"""A game's review as the session hands it out (:meth:`play.session.Session.review`): the
game and its title, the verdicts as they come, the summary, and what a front end shows of
them, each asked of the review itself (the page's review panel, the terminal's ``review``).

>>> from engine import BEGINNER, Move, Record, drain
>>> from play.review.source import from_record
>>> record = Record(BEGINNER, seed=42).add(Move.reveal(4, 4), 0).add(Move.reveal(0, 0), 1500)
>>> review = Review(from_record(record, "A game"))
>>> drain(review.steps())
>>> result = review.result()
>>> review.title, review.total, [m.verdict.kind for m in review.moves], review.done
('A game', 2, ['certain', 'needless'], True)
>>> review.next_mistake(0), sorted(review.curves()), review.figures()[0][0]
(2, ['risk', 'survival'], 'result')
>>> replay = drain(review.replay_steps())
>>> len(replay.frames), replay.moves
(3, 2)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from engine import Pause, Record, Steps
from play.videos.replay import Frame, Replay, frames_of

if TYPE_CHECKING:
    from engine import Level
    from play.review.source import Loaded
    from play.review.summary import GameReview, ReviewSummary
    from play.review.verdicts import MoveReview
    from play.review.view import Curve


class Review:
    """One game reviewed move by move: run it with :meth:`steps`, read it as it comes. The
    solver loads with its first step, not before (the session hands a review out at once)."""

    def __init__(self, source: Loaded) -> None:
        self.source = source
        """The game reviewed (for the drills its mistakes make: :mod:`play.practice`)."""
        self.moves: list[MoveReview] = []
        """The verdicts so far, one a move, numbered from 1."""
        self.summary: ReviewSummary | None = None
        """The game in a few figures, once every move is judged."""

    @classmethod
    def of(cls, game: Record | bytes, title: str) -> Review:
        """Our ``game`` titled ``title``, or a file's bytes named ``title`` (a replay of
        another clone, or our record's text); ValueError, in words, when the file holds no
        game to review."""
        from play.review.source import from_file, from_record  # its readers load with it

        return cls(from_record(game, title) if isinstance(game, Record) else from_file(game, title))

    @property
    def title(self) -> str:
        return self.source.title

    @property
    def total(self) -> int:
        """The moves to judge."""
        return len(self.source.moves)

    @property
    def level(self) -> Level:
        return self.source.new_game().level

    @property
    def done(self) -> bool:
        return self.summary is not None

    def steps(self) -> Steps[None]:
        """The moves judged in slices, into :attr:`moves`: the first asks for a turn of the
        browser after it, so that it shows at once, and the last too, so that the summary
        (:meth:`result`) has a slice of its own."""
        from play.review.moves import review_moves  # the solver loads here

        self.moves, self.summary = [], None
        for move in review_moves(self.source):
            self.moves.append(move)
            yield Pause.TURN if len(self.moves) == 1 else None
        yield Pause.TURN

    def result(self) -> GameReview:
        """The verdicts and the summary, once :meth:`steps` has run: the summary (the
        counters' greedy ZiNi) is worked out on the first call."""
        from play.review.summary import GameReview, review_summary

        if self.summary is None:
            self.summary = review_summary(self.source, self.moves)
        return GameReview(tuple(self.moves), self.summary)

    def replay_steps(self) -> Steps[Replay]:
        """The game's replay, a position a slice: a frame a move judged (a losing click
        taken back is no move of the game as played on, which the review judges)."""
        game = cast(Record, self.source.game)  # a replay reads a file's game as a record's
        frames: list[Frame] = []
        for frame in frames_of(game, taken_back=False):
            frames.append(frame)
            yield None
        return Replay(game, frames)

    def next_mistake(self, number: int, forward: bool = True) -> int | None:
        """The first mistake after move ``number`` (before it, going back), judged so far
        (:func:`play.review.view.next_mistake`)."""
        from play.review.view import next_mistake

        return next_mistake(self.moves, number, forward)

    def curves(self) -> dict[str, Curve]:
        """The two curves of the moves judged so far: ``risk`` and ``survival``."""
        from play.review.view import RISK_TITLE, SURVIVAL_TITLE, curve

        return {
            "risk": curve([m.risk for m in self.moves], RISK_TITLE),
            "survival": curve([m.survival for m in self.moves], SURVIVAL_TITLE),
        }

    def figures(self) -> list[tuple[str, str]]:
        """The summary as ``(label, value)`` pairs (:func:`play.review.view.summary_figures`);
        none before it is done."""
        from play.review.view import summary_figures

        return [] if self.summary is None else summary_figures(self.summary)

    def outcome(self) -> str:
        """How the game ended, in one sentence (:func:`play.review.view.outcome_sentence`);
        empty before the summary is done."""
        from play.review.view import outcome_sentence

        return "" if self.summary is None else outcome_sentence(self.summary)
