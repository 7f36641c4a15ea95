"""engine.solver.noguess: boards the solver clears from the first click without a guess."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import tiles as t
from engine.grid import Grid
from engine.layout import Layout
from engine.level import EXPERT, Level
from engine.solver import analyse, clears_without_guessing, generate_no_guess, no_guess_layout


class StandInRng:
    """A tiny generator with the engine's Rng interface (a linear congruential one)."""

    def __init__(self, seed: int) -> None:
        self.state = seed

    def below(self, n: int) -> int:
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) % 2**64
        return (self.state >> 33) % n

    def shuffle(self, items: list[int]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def play_safe_moves_only(grid: Grid, mines: frozenset[int], first: int) -> bool:
    """Independent check: open only cells analyse() calls certain; True if that wins.

    Opens one cell at a time with the game's flood fill, written out here.
    """
    counts = [sum(n in mines for n in grid.neighbours(c)) for c in range(grid.size)]
    tiles = bytearray([t.COVERED] * grid.size)

    def reveal(cell: int) -> None:
        assert cell not in mines, "a certain cell held a mine"
        stack = [cell]
        while stack:
            c = stack.pop()
            if tiles[c] != t.COVERED:
                continue
            tiles[c] = counts[c]
            if counts[c] == 0:
                stack.extend(grid.neighbours(c))

    reveal(first)
    while sum(1 for x in tiles if x == t.COVERED) > len(mines):
        safe = [c for c in analyse(grid, len(mines), bytes(tiles)).safe if tiles[c] == t.COVERED]
        if not safe:
            return False
        reveal(min(safe))
    return True


def check_board(rows: int, cols: int, count: int, first: int, mines: frozenset[int] | None) -> None:
    assert mines is not None
    grid = Grid(rows, cols)
    assert len(mines) == count
    assert all(0 <= m < grid.size for m in mines)
    zone = grid.block(first) if grid.size - len(grid.block(first)) >= count else [first]
    assert not mines & set(zone)
    assert play_safe_moves_only(grid, mines, first)


@pytest.mark.parametrize(
    ("rows", "cols", "count", "first"),
    [
        (9, 9, 10, 40),
        (9, 9, 10, 0),
        (16, 16, 40, 136),
        (16, 30, 99, 255),
        (16, 30, 99, 0),
        (5, 5, 20, 12),
    ],
)
def test_generated_boards_need_no_guess(rows: int, cols: int, count: int, first: int) -> None:
    for seed in range(3):
        mines = generate_no_guess(Level(rows, cols, count), seed, first)
        if mines is None and count == 20:
            continue  # 80% mines: giving up is allowed, a wrong board is not
        check_board(rows, cols, count, first, mines)


@settings(max_examples=25, deadline=None)
@given(
    rows=st.integers(3, 10),
    cols=st.integers(3, 10),
    density=st.floats(0.05, 0.25),
    seed=st.integers(0, 2**32),
    data=st.data(),
)
def test_random_sizes_need_no_guess(
    rows: int, cols: int, density: float, seed: int, data: st.DataObject
) -> None:
    count = max(1, int(rows * cols * density))
    first = data.draw(st.integers(0, rows * cols - 1))
    mines = generate_no_guess(Level(rows, cols, count), seed, first, rng=StandInRng(seed))
    if mines is not None:
        check_board(rows, cols, count, first, mines)


def test_same_seed_same_board_other_seed_other_board() -> None:
    a = generate_no_guess(EXPERT, 7, 255)
    assert a == generate_no_guess(EXPERT, 7, 255)
    assert a != generate_no_guess(EXPERT, 8, 255)


def test_budget_exhaustion_returns_none() -> None:
    # Nearly full board: the solver cannot be satisfied within one tiny budget.
    assert generate_no_guess(Level(6, 6, 30), 1, 0, max_attempts=1, max_perturbations=1) is None
    assert generate_no_guess(EXPERT, 1, 255, max_work=100) is None


def test_engine_entry_point_returns_a_layout() -> None:
    layout = no_guess_layout(EXPERT, 11, 255)
    assert isinstance(layout, Layout) and layout.level == EXPERT
    assert clears_without_guessing(16, 30, layout.mines, 255)
    assert no_guess_layout(Level(9, 9, 10), 4, 40) is not None


def test_clears_without_guessing_spots_a_fifty_fifty() -> None:
    # Two columns: the right one opens, the left one holds one mine in two cells.
    assert not clears_without_guessing(2, 3, {0}, 2)
    assert clears_without_guessing(2, 3, {0, 3}, 2)
