"""The live counters of the game in play (:mod:`engine.live`), kept between two readings
so that a front end counts only what the last move changed.

A front end reads :meth:`LiveCounters.now` when it draws (the page at most once a frame,
the terminal after each command): when the record has moves more than at the last
reading, the counts go on from the last moment (the 3BV solved is counted again only when
the move opened cells); another game, or a game resumed, is counted from its whole record.

>>> from engine import BEGINNER, Move, Record, new_game
>>> record = Record(BEGINNER, 42).add(Move.reveal(4, 4), 0)
>>> game = record.replay()
>>> counters = LiveCounters()
>>> first = counters.now(record, game, 1000)
>>> first.ms, first.clicks.left, first.solved <= first.bbbv
(1000, 1, True)
>>> counters.now(Record(BEGINNER, 42), new_game(BEGINNER), 50) is None  # nothing revealed
True
"""

from __future__ import annotations

from dataclasses import replace

from engine.game import Game
from engine.live import Moment, moment_after, moments
from engine.record import Record


class LiveCounters:
    """The last moment counted, and the record it was counted from."""

    __slots__ = ("_counted",)

    def __init__(self) -> None:
        self._counted: tuple[Record, Moment | None] | None = None

    def now(self, record: Record, game: Game, now_ms: int) -> Moment | None:
        """The counters of ``game`` (the position ``record`` leads to) at ``now_ms`` on its
        clock: frozen at the move that ended it; None before the first reveal."""
        counted = self._counted
        if counted is not None and counted[0] is record:
            moment = counted[1]
        elif (
            counted is not None
            and counted[1] is not None
            and len(record.moves) > len(counted[0].moves)
            and record.moves[: len(counted[0].moves)] == counted[0].moves
            and replace(record, moves=counted[0].moves, path=counted[0].path) == counted[0]
        ):
            # One move or several since (a page draws once a frame, and quick clicks on a
            # slow phone land two to a frame): the counts go on from the last moment to
            # this position alike, none of them depending on the way (the whole record,
            # counted again, took 50 ms or more a frame there).
            moment = moment_after(counted[1], game, record.moves[-1].ms)
        else:
            timeline = moments(record)
            moment = timeline[-1] if timeline else None
        self._counted = (record, moment)
        if moment is None or moment.over:
            return moment
        return moment.at(max(now_ms, moment.ms))
