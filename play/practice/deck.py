"""The player's drills as kept: each drill with its place in the schedule and its score.

The deck is one stored part (``minesweeper/practice``), a map from each drill's
:attr:`~play.practice.drill.Drill.key` to a :class:`KeptDrill`. It is read strictly, as every
part is (:mod:`play.ledger.safe_json`): a bad entry costs that drill only. Reading it needs no
scheduler: the schedule's fields (:class:`Memory`, the `fsrs` card's) are plain values here,
and :mod:`play.practice.schedule` turns them into an `fsrs` card only when a drill is
answered.

>>> from engine import Level
>>> from play.practice.drill import Drill, Task
>>> drill = Drill(Level(2, 3, 1), bytes([1, 9, 9, 1, 9, 9]), Task.SAFE, source="seed 1, move 2")
>>> kept = KeptDrill(drill, Memory.new("2026-11-26T12:00:00.000Z"), "2026-11-26T12:00:00.000Z")
>>> read_deck({drill.key: kept.to_data(), "x": {"drill": "oops"}}).value == {drill.key: kept}
True
>>> read_deck({drill.key: kept.to_data(), "x": {"drill": "oops"}}).lost
1
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from play.ledger.safe_json import BadData, Readable, moment, sift, text, whole
from play.practice.drill import BadDrill, Drill

KEEP_DRILLS = 500
"""Drills kept at most: past it, the ones answered rightly most often go first."""
LEARNING, RELEARNING = 1, 3
"""The first and the last of the schedule's states as `fsrs` numbers them (``fsrs.State``:
learning, review, relearning): a new drill's, and the bounds of a kept one's."""
MOST_TIMES = 1_000_000
MOST_MS = 10**12


@dataclass(frozen=True, slots=True)
class Memory:
    """Where a drill stands in the schedule: an `fsrs` card's fields, as kept."""

    state: int
    step: int | None
    stability: float | None
    difficulty: float | None
    due: str
    """When it comes back, as :func:`play.ledger.moments.stamp` writes a moment."""
    last: str | None = None
    """When it was last answered."""

    @classmethod
    def new(cls, now: str) -> Memory:
        """A drill never answered: due at once."""
        return cls(LEARNING, 0, None, None, now)

    def to_data(self) -> dict[str, Any]:
        return {
            "state": self.state,
            "step": self.step,
            "stability": self.stability,
            "difficulty": self.difficulty,
            "due": self.due,
            "last": self.last,
        }

    @classmethod
    def from_data(cls, data: Any) -> Memory:
        if not isinstance(data, dict):
            raise BadData("a drill's schedule must be an object")
        state = whole(data.get("state"), "a drill's state", LEARNING, RELEARNING)
        step = data.get("step")
        last = data.get("last")
        return cls(
            state,
            None if step is None else whole(step, "a drill's step", 0, 100),
            _positive(data.get("stability"), "a drill's stability", 1e6),
            _positive(data.get("difficulty"), "a drill's difficulty", 10.0),
            moment(data.get("due"), "when a drill is due"),
            None if last is None else moment(last, "when a drill was answered"),
        )


def _positive(value: Any, what: str, most: float) -> float | None:
    if value is None:
        return None
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or not 0 < value <= most
    ):
        raise BadData(f"{what} must be a number above 0 and at most {most:g}")
    return float(value)


@dataclass(frozen=True, slots=True)
class KeptDrill:
    """A drill in the player's deck."""

    drill: Drill
    memory: Memory
    added: str
    solved: int = 0
    missed: int = 0
    ms: int = 0
    """Time spent answering it, in all."""

    @property
    def key(self) -> str:
        return self.drill.key

    @property
    def answered(self) -> int:
        return self.solved + self.missed

    def to_data(self) -> dict[str, Any]:
        return {
            "drill": self.drill.to_text(),
            "schedule": self.memory.to_data(),
            "added": self.added,
            "solved": self.solved,
            "missed": self.missed,
            "ms": self.ms,
        }

    @classmethod
    def from_data(cls, data: Any) -> KeptDrill:
        if not isinstance(data, dict):
            raise BadData("a kept drill must be an object")
        try:
            drill = Drill.parse(text(data.get("drill"), "a drill", 4000))
        except BadDrill as error:
            raise BadData(str(error)) from None
        return cls(
            drill,
            Memory.from_data(data.get("schedule")),
            moment(data.get("added"), "when a drill was added"),
            whole(data.get("solved", 0), "a drill's solved count", 0, MOST_TIMES),
            whole(data.get("missed", 0), "a drill's missed count", 0, MOST_TIMES),
            whole(data.get("ms", 0), "a drill's time", 0, MOST_MS),
        )


def read_deck(data: Any) -> Readable[dict[str, KeptDrill]]:
    """The kept drills by key; a bad one (or one kept under another's key) costs itself only."""
    if not isinstance(data, dict):
        raise BadData("the drills must map keys to drills")

    def read(item: tuple[Any, Any]) -> tuple[str, KeptDrill]:
        key, value = item
        kept = KeptDrill.from_data(value)
        if key != kept.key:
            raise BadData("a drill kept under another key")
        return key, kept

    items, kept, lost = sift(data.items(), read)
    return Readable(dict(items), dict(kept), lost)


def deck_data(deck: dict[str, KeptDrill]) -> dict[str, Any]:
    return {key: kept.to_data() for key, kept in pruned(deck).items()}


def pruned(deck: dict[str, KeptDrill]) -> dict[str, KeptDrill]:
    """At most :data:`KEEP_DRILLS` drills: the best learned go first (most solved, fewest
    missed), then the oldest."""
    if len(deck) <= KEEP_DRILLS:
        return deck

    def learning(key: str) -> tuple[int, str]:
        return deck[key].missed - deck[key].solved, deck[key].added

    keep = set(sorted(deck, key=learning, reverse=True)[:KEEP_DRILLS])
    return {key: kept for key, kept in deck.items() if key in keep}
