"""Steps: work done in slices, a generator that yields between slices and returns its answer.

The long computations (the solver's, a no-guess search, a big board's deal) are written
this way so that a caller decides when the work runs: whole at once (:func:`drain`), a
few slices at a time between a browser's frames, or not at all once its answer no longer
matters. A slice yields None, or a :class:`Pause` where a front end must wait whatever
time is left in its slice. :func:`step` is the one place that drives such a generator;
every runner (CPython's, the page's, the auto-player's) is a loop around it.

>>> def count_to(n):
...     for _ in range(n):
...         yield
...     yield Pause.PAINT
...     return n
>>> steps = count_to(1)
>>> step(steps), step(steps), step(steps)
(None, None, Done(value=1))
>>> drain(count_to(3))
3
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from enum import Enum
from typing import Generic, TypeVar

T = TypeVar("T")


class Pause(Enum):
    """Where :data:`Steps` wait for their front end, whatever time is left in the slice."""

    PAINT = "paint"
    """What was just reported shows first ("Finding a board…" paints before the search
    fills the browser's thread)."""
    TURN = "turn"
    """What follows runs in a turn of its own (the auto-player's move, after its thinking:
    on a huge board the move alone, an opening of thousands of cells, takes a slice)."""


Steps = Generator[Pause | None, None, T]
"""Work in slices: each ``next()`` does one slice and yields None, or a :class:`Pause`
where a front end must wait; its return value is the answer."""


@dataclass(frozen=True, slots=True)
class Done(Generic[T]):
    """The answer of finished work (a box, since the answer itself may be None)."""

    value: T


def step(steps: Steps[T]) -> Done[T] | None:
    """Do one slice of ``steps``; its answer once the work is finished, else None."""
    try:
        next(steps)
    except StopIteration as done:
        return Done(done.value)
    return None


def drain(steps: Steps[T]) -> T:
    """Do all the work of ``steps`` at once, with no pause (a caller that may block: the
    terminal, a test); its answer."""
    while (done := step(steps)) is None:
        pass
    return done.value
