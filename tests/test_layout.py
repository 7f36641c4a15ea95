from collections import Counter

import pytest

from engine import InvalidLayoutError, Layout, Level, generate
from engine.layout import safe_zone


def test_first_reveal_block_is_mine_free_and_count_is_exact() -> None:
    level = Level(16, 30, 99)
    for seed in range(200):
        first = seed * 7 % level.cells
        layout = generate(level, seed, first)
        assert len(layout.mines) == 99
        assert not layout.mines & set(level.grid.block(first))
        assert layout.counts[first] == 0


def test_same_inputs_same_layout() -> None:
    level = Level(16, 16, 40)
    assert generate(level, 3, 17) == generate(level, 3, 17)
    assert generate(level, 3, 17) != generate(level, 4, 17)


def test_too_dense_for_a_block_keeps_only_the_first_cell() -> None:
    level = Level(3, 3, 8)
    layout = generate(level, 1, 4)
    assert layout.mines == frozenset(range(9)) - {4}
    assert safe_zone(level, 4) == [4]
    # 9x9 with 75 mines leaves 6 free cells: fewer than a 3x3 block, more than a corner block.
    dense = Level(9, 9, 75)
    assert len(safe_zone(dense, 40)) == 1
    assert len(safe_zone(dense, 0)) == 4


def test_mines_are_uniform_over_allowed_cells() -> None:
    # One row of 6, first click on cell 0: cells 0 and 1 are kept free, so the
    # single mine must fall on 2..5 with equal chance.
    level = Level(1, 6, 1)
    counts = Counter(next(iter(generate(level, seed, 0).mines)) for seed in range(4000))
    assert set(counts) == {2, 3, 4, 5}
    chi2 = sum((n - 1000) ** 2 / 1000 for n in counts.values())
    assert chi2 < 16.3  # 0.999 quantile with 3 degrees of freedom


def test_pairs_are_uniform_too() -> None:
    # Two mines among four free cells: six layouts, each equally likely.
    level = Level(2, 3, 2)
    counts = Counter(generate(level, seed, 0).mines for seed in range(6000))
    assert len(counts) == 1  # the 2x2 block around a corner of a 2x3 board leaves exactly 2 cells
    level = Level(1, 7, 2)
    counts = Counter(generate(level, seed, 0).mines for seed in range(6000))
    assert len(counts) == 10  # C(5, 2)
    chi2 = sum((n - 600) ** 2 / 600 for n in counts.values())
    assert chi2 < 27.9  # 0.999 quantile with 9 degrees of freedom


def test_counts_match_a_direct_count() -> None:
    layout = generate(Level(9, 9, 10), 11, 0)
    grid = layout.grid
    for cell in range(grid.size):
        assert layout.counts[cell] == sum(1 for n in grid.neighbours(cell) if n in layout.mines)


def test_text_round_trip() -> None:
    layout = generate(Level(5, 7, 9), 8, 0)
    assert Layout.from_text(layout.to_text()) == layout


@pytest.mark.parametrize("text", ["", "**\n*", "**\n**", "*"])
def test_bad_layout_text(text: str) -> None:
    with pytest.raises(InvalidLayoutError):
        Layout.from_text(text)


def test_layout_must_match_its_level() -> None:
    with pytest.raises(InvalidLayoutError, match="needs 10 mines"):
        Layout(Level(9, 9, 10), frozenset({1, 2}))
    with pytest.raises(InvalidLayoutError, match="outside"):
        Layout(Level(1, 2, 1), frozenset({5}))


@pytest.mark.parametrize(
    ("rows", "cols", "mines"), [(1, 2, 1), (3, 1, 2), (4, 7, 20), (30, 16, 99)]
)
def test_counts_are_each_cells_neighbouring_mines(rows: int, cols: int, mines: int) -> None:
    level = Level(rows, cols, mines)
    for seed in range(20):
        layout = generate(level, seed, seed % level.cells)
        grid = level.grid
        naive = [sum(n in layout.mines for n in grid.neighbours(c)) for c in range(grid.size)]
        assert list(layout.counts) == naive
