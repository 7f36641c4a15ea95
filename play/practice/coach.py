"""The player's practice, for the session to hold: the drills kept, which are due, and a
sitting of ten drills answered one after another.

:class:`Practice` keeps the deck (:mod:`play.practice.deck`) through the session's storage
(:class:`play.keeping.blobs.Blobs`, where it is one part among the player's others: exported,
imported and read strictly with them), or in memory for a session that keeps nothing. Its
clock is injected, as every clock of the session layer is: tests run the schedule on a fake
one. Neither the solver nor the scheduler is imported with it: the session holds one from its
start.

It is long because it holds the deck through time and the sitting at hand that feeds it.

>>> from datetime import UTC, datetime, timedelta
>>> from engine import Level
>>> from play.practice.drill import Drill, Task
>>> now = [datetime(2026, 11, 26, 12, 0, tzinfo=UTC)]
>>> practice = Practice(None, now=lambda: now[0])
>>> drill = Drill(Level(2, 3, 1), bytes([1, 9, 9, 1, 9, 9]), Task.SAFE, source="seed 1, move 2")
>>> practice.add([drill, drill])
1
>>> practice.due_count()
1
>>> _ = practice.answer(drill, right=True, ms=4000)
>>> practice.due_count()
0
>>> now[0] += timedelta(minutes=10)
>>> practice.due_count()
1
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import date, datetime
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from play.ledger.moments import stamp, utc_now
from play.practice.deck import KeptDrill, Memory, deck_data, read_deck
from play.practice.drill import GAME, KINDS, Drill, daily_kind_seed

if TYPE_CHECKING:
    from engine import Replayable
    from play.ledger.safe_json import Readable
    from play.practice.checking import Answer
    from play.review import MoveReview

PART = "practice"
"""The stored part that holds the deck (``minesweeper/practice``)."""
SITTING = 10
"""Drills in one sitting."""


@dataclass(frozen=True, slots=True)
class KindProgress:
    """How a kind of drill is going: for Statistics."""

    kind: str
    drills: int
    solved: int
    missed: int

    @property
    def title(self) -> str:
        return "From your games" if self.kind == GAME else KIND_TITLES.get(self.kind, self.kind)


KIND_TITLES = {
    "1-1": "1-1",
    "1-2": "1-2",
    "1-2-1": "1-2-1",
    "1-2-2-1": "1-2-2-1",
    "corner": "Corners",
    "hole": "Holes",
    "count": "The mine count",
    "chain-2": "Two-step chains",
    "chain-3": "Three-step chains",
}


T = TypeVar("T")


class DeckBlobs(Protocol):
    """Where the deck is kept: the part of :class:`play.keeping.blobs.Blobs` it uses (a
    protocol, so that practice imports nothing of the keeping, which imports its deck)."""

    @property
    def available(self) -> bool: ...

    def load_each(self, name: str, read: Callable[[Any], Readable[T]]) -> T | None: ...

    def update(
        self, name: str, read: Callable[[Any], Readable[T]], change: Callable[[T | None], Any]
    ) -> bool: ...


class Practice:
    """The player's drills and when each comes back."""

    def __init__(self, blobs: DeckBlobs | None, now: Callable[[], datetime] = utc_now) -> None:
        self._blobs = blobs if blobs is not None and blobs.available else None
        self._now = now
        self._in_memory: dict[str, KeptDrill] = {}
        """The deck of a session that keeps nothing."""

    def today(self) -> date:
        """Today (UTC) on the deck's clock, which its drills fall due by: the day whose
        drill is the day's, and a sitting's plan, read it."""
        return self._now().date()

    def deck(self) -> dict[str, KeptDrill]:
        if self._blobs is None:
            return dict(self._in_memory)
        return self._blobs.load_each(PART, read_deck) or {}

    def _change(self, change: Callable[[dict[str, KeptDrill]], dict[str, KeptDrill]]) -> None:
        if self._blobs is None:
            self._in_memory = change(dict(self._in_memory))
            return
        self._blobs.update(PART, read_deck, lambda found: deck_data(change(found or {})))

    def add(self, drills: Iterable[Drill]) -> int:
        """Keep the drills not kept yet, due at once; how many were new."""
        now = stamp(self._now())
        new: dict[str, KeptDrill] = {}
        for drill in drills:
            new.setdefault(drill.key, KeptDrill(drill, Memory.new(now), now))
        added = [0]

        def change(deck: dict[str, KeptDrill]) -> dict[str, KeptDrill]:
            fresh = {k: v for k, v in new.items() if k not in deck}
            added[0] = len(fresh)
            return {**deck, **fresh}

        self._change(change)
        return added[0]

    def due(self) -> list[KeptDrill]:
        """The drills due now, the longest due first."""
        now = stamp(self._now())
        return sorted((k for k in self.deck().values() if k.memory.due <= now),
                      key=lambda k: (k.memory.due, k.key))  # fmt: skip

    def due_count(self) -> int:
        return len(self.due())

    def answer(self, drill: Drill, right: bool, ms: int) -> KeptDrill:
        """Schedule ``drill`` after an answer (keeping it first if it is new, as a bank
        drill is); what is kept of it now."""
        from play.practice.schedule import answered  # late: loads fsrs

        moment = self._now()
        now = stamp(moment)
        result: list[KeptDrill] = []

        def change(deck: dict[str, KeptDrill]) -> dict[str, KeptDrill]:
            kept = deck.get(drill.key) or KeptDrill(drill, Memory.new(now), now)
            kept = replace(
                kept,
                memory=answered(kept.memory, right, moment),
                solved=kept.solved + right,
                missed=kept.missed + (not right),
                ms=kept.ms + max(0, ms),
            )
            result.append(kept)
            return {**deck, drill.key: kept}

        self._change(change)
        return result[0]

    def forget(self, drill: Drill) -> None:
        """Drop a drill from the deck (one that cannot be answered)."""
        self._change(lambda deck: {k: v for k, v in deck.items() if k != drill.key})

    def add_from_review(self, source: Replayable, reviews: Iterable[MoveReview]) -> int:
        """Keep the drills of a reviewed game (its mistakes); how many were new."""
        from play.practice.making import drills_from_reviews  # late: loads the solver

        seed = getattr(source, "seed", None)
        origin = f"seed {seed}" if isinstance(seed, int) else "a replay file"
        return self.add(drills_from_reviews(source, reviews, origin))

    def progress(self) -> list[KindProgress]:
        """Each kind's drills, solved and missed answers: the player's own first."""
        counts: dict[str, list[int]] = {}
        for kept in self.deck().values():
            row = counts.setdefault(kept.drill.kind, [0, 0, 0])
            row[0] += 1
            row[1] += kept.solved
            row[2] += kept.missed
        order = [GAME, *KINDS]
        return [KindProgress(kind, *counts[kind]) for kind in order if kind in counts]


Wanted = Drill | tuple[str, int]
"""A drill of a sitting: one kept, or a bank drill still to make (its kind and seed)."""


def sitting_plan(practice: Practice, today: date, chooser: random.Random) -> list[Wanted]:
    """A sitting's ten drills, for both front ends: the player's due ones first, then the
    day's drill if it is not kept yet, then the bank's, one of each kind practised least,
    at seeds from ``chooser``."""
    plan: list[Wanted] = []
    plan += [kept.drill for kept in practice.due()][:SITTING]
    daily = daily_kind_seed(today)
    if len(plan) < SITTING and f"{daily[0]}-{daily[1]}" not in practice.deck():
        plan.append(daily)
    answered = {p.kind: p.solved + p.missed for p in practice.progress()}
    kinds = sorted(KINDS, key=lambda kind: (answered.get(kind, 0), KINDS.index(kind)))
    while len(plan) < SITTING:
        plan.append((kinds[len(plan) % len(kinds)], chooser.randrange(1_000_000_000)))
    return plan


def new_drills_words(count: int) -> str | None:
    """What a review with mistakes says of them, in both front ends; None for none.

    >>> new_drills_words(3), new_drills_words(1), new_drills_words(0)
    ('3 new drills from this game.', '1 new drill from this game.', None)
    """
    if count <= 0:
        return None
    return f"{count} new drill{'s' * (count != 1)} from this game."


@dataclass(frozen=True, slots=True)
class Given:
    """One answer of a sitting."""

    drill: Drill
    answer: Answer
    ms: int


class Sitting:
    """Up to :data:`SITTING` drills answered one after another, timed on an injected clock
    (seconds, as :data:`play.game.clock.Clock`); each answer goes to the schedule.

    >>> from engine import Level
    >>> from play.practice.drill import Drill, Task
    >>> ticks = iter([0.0, 3.0, 3.5, 10.0, 11.0])
    >>> drill = Drill(Level(2, 3, 1), bytes([1, 9, 9, 1, 9, 9]), Task.SAFE)
    >>> sitting = Sitting([drill, drill], clock=lambda: next(ticks))
    >>> sitting.answer(2).right, sitting.next() is drill
    (True, True)
    >>> sitting.answer(1).right, sitting.next()
    (False, None)
    >>> sitting.result_line()
    'Solved 1 of 2 · 4.8 s a drill · best streak 1'
    """

    def __init__(
        self,
        drills: list[Drill],
        clock: Callable[[], float],
        practice: Practice | None = None,
    ) -> None:
        self.drills = drills[:SITTING]
        self._clock = clock
        self._practice = practice
        self.given: list[Given] = []
        self._shown_at = clock()
        self._answered = False

    @property
    def current(self) -> Drill | None:
        index = len(self.given) - self._answered
        return self.drills[index] if index < len(self.drills) else None

    @property
    def number(self) -> int:
        """The current drill's place, from 1."""
        return len(self.given) + (not self._answered)

    def answer(self, cell: int) -> Answer:
        """The answer ``cell`` to the current drill, checked and scheduled;
        :class:`~play.practice.checking.NotACandidate` for a cell it does not ask about
        (nothing is counted)."""
        from play.practice.checking import NotACandidate, Unanswerable, check  # the solver

        drill = self.current
        if drill is None or self._answered:
            raise NotACandidate("This drill is answered: go on to the next one.")
        try:
            answer = check(drill, cell)
        except Unanswerable:
            # Left out of the sitting and the deck; the next drill takes its place.
            self.drills.remove(drill)
            if self._practice is not None:
                self._practice.forget(drill)
            raise
        ms = round((self._clock() - self._shown_at) * 1000)
        self.given.append(Given(drill, answer, ms))
        self._answered = True
        if self._practice is not None:
            self._practice.answer(drill, answer.right, ms)
        return answer

    def next(self) -> Drill | None:
        """Go on to the next drill; None at the end of the sitting."""
        self._answered = False
        self._shown_at = self._clock()
        return self.current

    @property
    def over(self) -> bool:
        """Every drill answered."""
        return len(self.given) >= len(self.drills)

    def result_line(self) -> str:
        solved = sum(g.answer.right for g in self.given)
        best = streak = 0
        for given in self.given:
            streak = streak + 1 if given.answer.right else 0
            best = max(best, streak)
        seconds = sum(g.ms for g in self.given) / 1000 / max(1, len(self.given))
        return (
            f"Solved {solved} of {len(self.given)} · {seconds:.1f} s a drill · best streak {best}"
        )
