"""A random clicker: the simplest bot there is, and the floor every other bot should beat.

A bot is a function, ``move(view)``, called once per move. ``view`` is what a player sees:

- ``view.rows``, ``view.cols``: the board's size; ``view.mines``: how many mines it hides;
- ``view.at(row, col)``: a cell, rows and columns from 0. An open cell is its number, 0 to 8;
  a closed one is ``"covered"`` (or ``"flagged"``, ``"questioned"``).

It returns a move: ``("reveal", row, col)``, ``("flag", row, col)`` or ``("chord", row,
col)`` (or the text ``"O3,4"``, ``"F3,4"``, ``"C3,4"``), or None to give up.
"""

import random

rng = random.Random(1)  # seeded: the same run twice plays the same games


def move(view):
    covered = [
        (row, col)
        for row in range(view.rows)
        for col in range(view.cols)
        if view.at(row, col) == "covered"
    ]
    row, col = rng.choice(covered)  # every covered cell alike: no thought at all
    return ("reveal", row, col)
