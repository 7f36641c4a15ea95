"""When a drill comes back: the FSRS scheduler (the `fsrs` package, pure Python, MIT), on an
injected clock.

A drill answered rightly comes back after a delay that grows with each right answer; a
missed one comes back within minutes, and its delay starts again from there. `fsrs` is the
scheduler Anki uses; it is not written again here. Two choices of ours:

- no fuzzing: `fsrs` can spread delays by a random few percent (so cards added together do
  not all come back together); a player's drills are few, and the same answers should give
  the same schedule in both front ends and in tests;
- two ratings only: a drill is right or missed (``Good`` or ``Again``); how long it took
  is the player's to judge, not ours.

`fsrs` is imported on the first answer, not with the game: the page loads it then
(:mod:`web.dialogs.practice.dialog`), and the deck is read without it (:mod:`play.practice.deck`).

>>> from datetime import UTC, datetime
>>> start = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)
>>> memory = Memory.new(stamp(start))
>>> right = answered(memory, True, start)
>>> right.state, right.due
(1, '2026-11-26T12:10:00.000Z')
>>> answered(right, True, moment_of(right.due)).due
'2026-11-28T12:10:00.000Z'
>>> answered(memory, False, start).due
'2026-11-26T12:01:00.000Z'
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import cache
from typing import TYPE_CHECKING

from play.ledger.moments import moment_of, stamp
from play.practice.deck import Memory

if TYPE_CHECKING:
    import fsrs


@cache
def _scheduler() -> fsrs.Scheduler:
    import fsrs

    return fsrs.Scheduler(enable_fuzzing=False)


def answered(memory: Memory, right: bool, now: datetime) -> Memory:
    """``memory`` after an answer at ``now`` (aware, any time zone)."""
    import fsrs

    card = fsrs.Card(
        card_id=0,  # our drills have keys of their own; 0 spares fsrs a clock read and a sleep
        state=fsrs.State(memory.state),
        step=memory.step,
        stability=memory.stability,
        difficulty=memory.difficulty,
        due=moment_of(memory.due),
        last_review=None if memory.last is None else moment_of(memory.last),
    )
    rating = fsrs.Rating.Good if right else fsrs.Rating.Again
    card, _ = _scheduler().review_card(card, rating, now.astimezone(UTC))
    return Memory(
        int(card.state),
        card.step,
        card.stability,
        card.difficulty,
        stamp(card.due),
        None if card.last_review is None else stamp(card.last_review),
    )
