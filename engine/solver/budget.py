"""A count of work left, for searches that must give up rather than run long.

The solver's budgets count steps, never seconds, so that the same arguments give
the same answer on every machine (a no-guess board for a seed must be the same in
the browser as in CPython).

>>> budget = Budget(5)
>>> budget.spend(3)
>>> budget.left
2
>>> budget.spend(3)
Traceback (most recent call last):
...
engine.solver.budget.OutOfBudget: the work budget ran out
"""

from __future__ import annotations

from dataclasses import dataclass


class OutOfBudget(Exception):
    """Raised by :meth:`Budget.spend` when the work would go past the budget."""


@dataclass(slots=True)
class Budget:
    """Work units left; :meth:`spend` takes some and raises once there are fewer than none."""

    left: int

    def spend(self, amount: int) -> None:
        """Take ``amount`` units; raise :class:`OutOfBudget` when that overdraws the budget.

        Spending exactly what is left is allowed: a budget of ``n`` allows ``n`` units.
        """
        self.left -= amount
        if self.left < 0:
            raise OutOfBudget("the work budget ran out")
