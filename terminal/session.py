"""One game in progress: the engine's game, its clock and its record.

The clock is injected, so tests see exact times. The clock starts at the first
move, and the record stores each move's milliseconds since then, so the record
replays to the very game that was played.

>>> from engine import BEGINNER, Move, Record
>>> ticks = iter([10.0, 11.5])
>>> session = Session.start(BEGINNER, seed=42, clock=lambda: next(ticks))
>>> _ = session.play(Move.reveal(4, 4)); _ = session.play(Move.mark(0, 0))
>>> session.record.to_text()
'ms1;9x9/10;seed=42;marks=1;noguess=0;O4,4@0;F0,0@1500'
>>> Record.parse(session.record.to_text()).replay() == session.game
True
"""

from __future__ import annotations

from collections.abc import Callable

from engine import Game, Level, Move, Outcome, Record, Stats, apply, game_stats, new_game

Clock = Callable[[], float]
"""Seconds from any fixed start, never going backwards, such as :func:`time.monotonic`."""


class Session:
    """A game with its clock and record; :meth:`play` is the only way it changes."""

    def __init__(self, game: Game, clock: Clock) -> None:
        self.game = game
        self.record = Record.of(game)
        self._clock = clock
        self._start: float | None = None

    @classmethod
    def start(
        cls, level: Level, seed: int | None, clock: Clock, *, question_marks: bool = True
    ) -> Session:
        """A new game; a fresh random seed when ``seed`` is None."""
        return cls(new_game(level, seed, question_marks=question_marks), clock)

    def play(self, move: Move) -> Outcome:
        """Apply ``move``, recording it if it counts as a move of this game."""
        now = self._clock()
        outcome = apply(self.game, move)
        # A move the engine ignores outright (off the board, or after the end) is not part of
        # the game. A wasted click on the board is: the engine counts it, so the record must
        # hold it for a replay to give the same statistics.
        if outcome.game == self.game:
            return outcome
        if self._start is None:
            self._start = now
        ms = round((now - self._start) * 1000)
        if self.record.moves:
            # Record.add rejects times going backwards; a coarse or odd clock must not crash
            # the game, so a move never gets an earlier time than the one before it.
            ms = max(ms, self.record.moves[-1].ms)
        self.record = self.record.add(move, ms)
        self.game = outcome.game
        return outcome

    @property
    def started(self) -> bool:
        """True once a move has been made."""
        return bool(self.record.moves)

    def seconds(self) -> float:
        """Time played: 0 before the first move, frozen at the last move once the game is over."""
        if self._start is None:
            return 0.0
        if self.game.status.is_over:
            # The last move's recorded time, so the time shown is the one the record replays.
            return self.record.moves[-1].ms / 1000
        return max(0.0, self._clock() - self._start)

    def stats(self) -> Stats | None:
        """The engine's statistics for the time played; None before the mines are placed."""
        return game_stats(self.game, self.seconds())
