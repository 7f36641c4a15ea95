"""A reviewed game in a few figures: verdicts counted, luck, the hardest moment, the counters.

- **luck**: the product of the chances of success of the uncertain clicks (the forced,
  needless and worse guesses): the chance that a player making those clicks survives them
  all. **pluck** is ``-log10(luck)``, as Metasweeper (ms-toollib's ``analyse_pluck``) writes
  it: 0 for a game without guesses, 1 for a 10% chance, infinite for none. Unlike
  Metasweeper, a game lost on a guess keeps the figure of its guesses (the risk taken), and a
  blunder, which is no guess, leaves luck alone (its risk shows in the survival curve).
- **hardest moment**: the forced or worse guess whose *safest* cell was riskiest: the risk no
  play could have avoided there.
- two curves over the moves: each move's risk, and the chance of having survived so far.
- the competitive counters (:mod:`engine.counters`) of the final position, the time being
  that of the game's clock: from the first cell opened to the last move.

>>> from engine import Layout, Move, TimedMove, new_game
>>> class DrawnGame:  # on the board *..*, the second 1 opened after the first: a 50/50
...     moves = (TimedMove(Move.reveal(0, 1), 0), TimedMove(Move.reveal(0, 2), 900))
...     def new_game(self):
...         return new_game(layout=Layout.from_text('*..*'))
>>> result = review(DrawnGame())
>>> s = result.summary
>>> s.counts[Verdict.CERTAIN], s.counts[Verdict.FORCED], s.luck, round(s.pluck, 3)
(1, 1, 0.5, 0.301)
>>> s.hardest.number, s.status.value, s.seconds, result.risks, result.survival
(2, 'won', 0.9, (0.0, 0.5), (1.0, 0.5))
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Protocol, runtime_checkable

from engine import Clicks, Game, Move, Replayable, Status, apply, with_question_marks
from engine.counters import Counters, counters
from play.review.moves import review_moves
from play.review.verdicts import GUESSES, MoveReview, Verdict


@dataclass(frozen=True, slots=True)
class ReviewSummary:
    """A reviewed game in a few figures: its verdicts counted, its luck, its hardest guess."""

    counts: dict[Verdict, int]
    """How many moves got each verdict (every verdict is a key)."""
    luck: float
    pluck: float
    hardest: MoveReview | None
    """The guess with the largest unavoidable risk; None without such a guess."""
    status: Status
    seconds: float
    counters: Counters | None
    """None for a game whose first cell was never opened."""
    recorded: date | None = None
    """The day a replay file says the game was played."""


@dataclass(frozen=True, slots=True)
class GameReview:
    moves: tuple[MoveReview, ...]
    summary: ReviewSummary

    @property
    def risks(self) -> tuple[float, ...]:
        """The risk of each move: the first curve."""
        return tuple(move.risk for move in self.moves)

    @property
    def survival(self) -> tuple[float, ...]:
        """The chance of having survived up to each move: the second curve."""
        return tuple(move.survival for move in self.moves)


def luck(moves: Iterable[MoveReview]) -> float:
    """The product of ``1 - risk`` over the uncertain clicks."""
    return math.prod(1.0 - move.risk for move in moves if move.verdict in GUESSES)


def pluck(chance: float) -> float:
    """``-log10(chance)``, infinite for 0.

    >>> pluck(1.0), pluck(0.01), pluck(0.0)
    (0.0, 2.0, inf)
    """
    return -math.log10(chance) + 0.0 if chance > 0 else math.inf


def final_game(source: Replayable) -> tuple[Game, float]:
    """The game at the end of ``source``, and its time on the game's clock in seconds: the
    time a replay file gives, else from the first cell opened to the last move."""
    game = source.new_game()
    first: int | None = None
    last = 0
    for timed in source.moves:
        event = timed.move
        if game.status.is_over:
            break
        if isinstance(event, Move):
            game = apply(game, event).game
            last = timed.ms
            if first is None and game.layout is not None and game.opened:
                first = timed.ms
        else:
            game = with_question_marks(game, event.on)
    if isinstance(source, Recorded) and source.file_ms is not None:
        return game, source.file_ms / 1000  # a game lost on its first click has a time there
    return game, (last - first) / 1000 if first is not None else 0.0


def review_summary(source: Replayable, moves: Iterable[MoveReview]) -> ReviewSummary:
    """The summary of ``source`` from the reviews of its moves."""
    moves = tuple(moves)
    counts = dict.fromkeys(Verdict, 0)
    for move in moves:
        counts[move.verdict] += 1
    forced = [m for m in moves if m.safest_risk is not None]
    hardest = max(forced, key=lambda m: (m.safest_risk or 0.0, -m.number), default=None)
    chance = luck(moves)
    game, seconds = final_game(source)
    return ReviewSummary(
        counts=counts,
        luck=chance,
        pluck=pluck(chance),
        hardest=hardest,
        status=game.status,
        seconds=seconds,
        counters=_counters(source, game, seconds),
        recorded=source.recorded if isinstance(source, Recorded) else None,
    )


@runtime_checkable
class Recorded(Protocol):
    """A game another clone recorded: its file gives the game's time and clicks that no
    move can hold, released off the board."""

    @property
    def off_board(self) -> Clicks: ...

    @property
    def file_ms(self) -> int | None:
        """The game's time as the clone gave it (None: not a replay file)."""

    @property
    def recorded(self) -> date | None:
        """The day the game was played, if the file says it."""


@runtime_checkable
class Undone(Protocol):
    """Our game, whose losing clicks taken back (Undo) are clicks too."""

    @property
    def taken_back_clicks(self) -> Clicks: ...


def _counters(source: Replayable, game: Game, seconds: float) -> Counters | None:
    """The counters of the game at its end, clicks off the board and clicks taken back
    included (as the result line counts them: the moves judged are the game as played on)."""
    off_board = source.off_board if isinstance(source, Recorded) else Clicks()
    taken = source.taken_back_clicks if isinstance(source, Undone) else Clicks()
    return counters(game, seconds, off_board, taken)


def review(source: Replayable) -> GameReview:
    """Every move of ``source`` reviewed, and the summary: :func:`review_moves` run through."""
    moves = tuple(review_moves(source))
    return GameReview(moves, review_summary(source, moves))
