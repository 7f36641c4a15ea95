"""A one-number solver: it looks at one number at a time, the way a beginner plays.

For each open number it counts the cells around it:

- if its covered cells are exactly the mines it still lacks, they are all mines: flag one;
- if its flags already make its number, its other covered cells are safe: open one.

When no number says anything on its own, it guesses: a corner first (corners open large
areas more often), else a random covered cell. Our solver goes further: it reasons on
several numbers together and, when it must guess, picks the cell least likely to be a mine.
"""

import random

rng = random.Random(1)  # seeded: the same run twice plays the same games


def neighbours(view, row, col):
    """The cells around (row, col), the board's edge taken into account."""
    return [
        (r, c)
        for r in range(max(0, row - 1), min(view.rows, row + 2))
        for c in range(max(0, col - 1), min(view.cols, col + 2))
        if (r, c) != (row, col)
    ]


def move(view):
    for row in range(view.rows):
        for col in range(view.cols):
            number = view.at(row, col)
            if not isinstance(number, int) or number == 0:
                continue  # a closed cell, or a 0 (the game opened around it already)
            around = neighbours(view, row, col)
            covered = [cell for cell in around if view.at(*cell) == "covered"]
            flagged = [cell for cell in around if view.at(*cell) == "flagged"]
            if not covered:
                continue  # this number is done
            if len(covered) == number - len(flagged):
                return ("flag", *covered[0])  # every covered cell here is a mine
            if len(flagged) == number:
                return ("reveal", *covered[0])  # its mines are all flagged: the rest is safe
    # No number decides alone: guess.
    corners = [(0, 0), (0, view.cols - 1), (view.rows - 1, 0), (view.rows - 1, view.cols - 1)]
    for cell in corners:
        if view.at(*cell) == "covered":
            return ("reveal", *cell)
    covered = [
        (row, col)
        for row in range(view.rows)
        for col in range(view.cols)
        if view.at(row, col) == "covered"
    ]
    return ("reveal", *rng.choice(covered))
