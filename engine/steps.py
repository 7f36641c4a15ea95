"""Work done in slices: a generator that yields between slices and returns its answer.

The solver's long computations are written this way so that a caller decides when the
work runs: at once (:func:`drain`), a few slices at a time between a browser's frames,
or not at all once its answer no longer matters. :func:`step` is the one place that
drives such a generator; every runner (CPython's, the page's, the auto-player's) is a
loop around it.

>>> def count_to(n):
...     for _ in range(n):
...         yield
...     return n
>>> steps = count_to(2)
>>> step(steps), step(steps), step(steps)
(None, None, Done(value=2))
>>> drain(count_to(3))
3
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")

Steps = Generator[None, None, T]
"""Work in slices: each ``next()`` does one slice; its return value is the answer."""


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
    """Do all the work of ``steps`` at once; its answer."""
    while (done := step(steps)) is None:
        pass
    return done.value
