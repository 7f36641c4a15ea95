"""A proof as an ordered derivation: steps that each conclude one fact from the board.

A :class:`Step` cites open numbers on the board (by cell), optionally the board's mine
total, and facts concluded by *earlier* steps of the same derivation (by their index), and
concludes exactly one fact: a covered cell is safe, or is a mine. A :class:`Derivation` is
its steps in order; its last step concludes what it proves. Nothing else is taken as known:
no flag, no solver's answer, no fact from outside the derivation (a mine the board shows,
``*``, is the board's own).

Derivations are made by :func:`engine.solver.derive.derive` (forward chaining from the
numbers, simplest rule first), checked by :func:`engine.proof_check.check` (brute force,
sharing no code with the maker) and put in words by :mod:`play.review.proof_words`.

>>> step = Step(cell=0, mine=True, rule=Rule.PAIR, numbers=(4, 5))
>>> Derivation((step, Step(1, False, Rule.ONE, (3,), facts=(0,)))).proves
(1, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Rule(Enum):
    """How a step's conclusion follows, for its words (the checker reads none of it)."""

    ONE = "one number"
    """One number: its mines all found (its other cells safe), or as many covered cells
    left as mines needed (all mines)."""
    PAIR = "two numbers"
    """Two numbers sharing covered cells (the 1-1, 1-2, 1-2-1 rule): the mines the shared
    cells can hold bound what one number's other cells hold."""
    GROUP = "a group of numbers"
    """Every way to place the mines a group of numbers needs agrees on the cell."""
    TOTAL = "the mine total"
    """The numbers with the board's mine total: every way to place the mines left agrees."""


@dataclass(frozen=True, slots=True)
class Step:
    """One fact, ``cell`` is a mine (``mine``) or safe, and what it follows from."""

    cell: int
    mine: bool
    rule: Rule
    numbers: tuple[int, ...]
    """The open numbers cited, by cell, in the order the words name them."""
    facts: tuple[int, ...] = ()
    """Earlier steps cited, by index in the derivation."""
    total: bool = False
    """The board's mine total is cited."""


@dataclass(frozen=True, slots=True)
class Derivation:
    steps: tuple[Step, ...]

    @property
    def proves(self) -> tuple[int, bool]:
        """The fact the derivation ends with: (cell, is a mine)."""
        last = self.steps[-1]
        return last.cell, last.mine

    @property
    def numbers(self) -> tuple[int, ...]:
        """Every number cited by a step, once, in reading order (for a front end to mark)."""
        return tuple(sorted({n for step in self.steps for n in step.numbers}))
