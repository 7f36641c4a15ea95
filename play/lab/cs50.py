"""CS50's interface, so that a student's ``MinesweeperAI`` plays unchanged.

CS50's "Introduction to AI with Python" has each student write a class built as
``MinesweeperAI(height, width)``, told each cell it opens safely with
``add_knowledge(cell, count)`` (cells as ``(i, j)`` from 0, ``count`` the mines around),
and asked ``make_safe_move()`` then, when that says None, ``make_random_move()``. Both
return a cell or None. :class:`CS50Bot` turns such an object into our interface: each cell
newly open on the view becomes knowledge, and each cell it names, a reveal.

>>> class FirstCovered:  # written for this example from the interface above
...     def __init__(self, height, width):
...         self.height, self.width, self.known = height, width, {}
...     def add_knowledge(self, cell, count):
...         self.known[cell] = count
...     def make_safe_move(self):
...         return None
...     def make_random_move(self):
...         cells = [(i, j) for i in range(self.height) for j in range(self.width)]
...         return next((c for c in cells if c not in self.known), None)
>>> from engine import BEGINNER
>>> from play.lab.referee import referee_game
>>> end = referee_game(CS50Bot(FirstCovered), BEGINNER, seed=3)
>>> end.won, end.reason
(False, 'stepped on a mine')
"""

from __future__ import annotations

from typing import Any

from play.lab.referee import View


class CS50Bot:
    """A ``MinesweeperAI`` class played through our interface; a new AI for each game."""

    def __init__(self, ai_class: type[Any]) -> None:
        self.ai_class = ai_class
        self.ai: Any = None
        self.told: set[tuple[int, int]] = set()

    def __call__(self, view: View) -> tuple[str, int, int] | None:
        if self.ai is None or not any(isinstance(c, int) for row in view.cells for c in row):
            self.ai = self.ai_class(view.rows, view.cols)  # a new game: nothing open yet
            self.told = set()
        for i, row in enumerate(view.cells):
            for j, cell in enumerate(row):
                if isinstance(cell, int) and (i, j) not in self.told:
                    self.told.add((i, j))
                    self.ai.add_knowledge((i, j), cell)
        chosen = self.ai.make_safe_move()
        if chosen is None:
            chosen = self.ai.make_random_move()
        if chosen is None:
            return None
        i, j = chosen
        return ("reveal", int(i), int(j))
