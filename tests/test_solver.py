"""engine.solver.analyse: hand-computed answers and brute force over every layout."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Level, Move, apply, new_game
from engine import tiles as t
from engine.grid import Grid
from engine.solver import InconsistentError, analyse, components


def parse(text: str) -> tuple[Grid, bytes]:
    rows = [line.strip() for line in text.strip().splitlines()]
    grid = Grid(len(rows), len(rows[0]))
    return grid, bytes(t.from_char(c) for c in "".join(rows))


def numbers_for(grid: Grid, mines: frozenset[int]) -> list[int]:
    return [sum(n in mines for n in grid.neighbours(c)) for c in range(grid.size)]


def brute_force(grid: Grid, mines: int, tiles: bytes) -> tuple[int, dict[int, int]]:
    """Count every layout consistent with the tiles, and per covered cell the ones with a mine.

    Deliberately naive: it tries every way to put the hidden mines on the covered
    cells and keeps those whose numbers match, sharing no code with the solver.
    """
    covered = [c for c in range(grid.size) if t.is_covered(tiles[c])]
    shown = {c for c in range(grid.size) if tiles[c] in (t.MINE, t.EXPLODED)}
    hidden = mines - len(shown)
    total = 0
    per_cell = dict.fromkeys(covered, 0)
    if not 0 <= hidden <= len(covered):
        return 0, per_cell
    for chosen in itertools.combinations(covered, hidden):
        layout = shown | set(chosen)
        counts = numbers_for(grid, frozenset(layout))
        if all(tiles[c] > 8 or counts[c] == tiles[c] for c in range(grid.size)):
            total += 1
            for c in chosen:
                per_cell[c] += 1
    return total, per_cell


def check_against_brute_force(grid: Grid, mines: int, tiles: bytes) -> None:
    total, per_cell = brute_force(grid, mines, tiles)
    if total == 0:
        with pytest.raises(InconsistentError):
            analyse(grid, mines, tiles)
        return
    a = analyse(grid, mines, tiles)
    assert a.exact
    assert a.layout_count() == total
    assert set(a.probability) == set(per_cell)
    for cell, count in per_cell.items():
        assert a.probability[cell] == pytest.approx(count / total, abs=1e-9), cell
    assert a.safe == {c for c, n in per_cell.items() if n == 0}
    assert a.mines == {c for c, n in per_cell.items() if n == total}


# --- hand-computed positions ------------------------------------------------------------------


def test_one_two_two_one_has_mines_under_the_twos() -> None:
    grid, tiles = parse(
        """
        ####
        1221
        ....
        """
    )
    # The first 2 sees cells 0-2 but the 1 beside it allows one mine in 0-1, so 2 is a
    # mine; symmetrically 1 is a mine, and the 1s at the ends are then satisfied.
    a = analyse(grid, 2, tiles)
    assert a.mines == {1, 2}
    assert a.safe == {0, 3}
    assert a.probability == {0: 0.0, 1: 1.0, 2: 1.0, 3: 0.0}


def test_classic_one_two_one_against_a_wall() -> None:
    grid, tiles = parse(
        """
        ###
        121
        ...
        """
    )
    a = analyse(grid, 2, tiles)
    assert (set(a.mines), set(a.safe)) == ({0, 2}, {1})


def test_the_classic_fifty_fifty_has_no_certain_cell() -> None:
    grid, tiles = parse(
        """
        #1.
        #1.
        """
    )
    a = analyse(grid, 1, tiles)
    assert a.probability == {0: 0.5, 3: 0.5}
    assert not a.safe and not a.mines
    assert a.layout_count() == 2


def test_the_total_mine_count_changes_the_odds() -> None:
    # Cells 0, 2, 4 hold either {2} or {0, 4}; cells 5-7 touch no number.
    grid, tiles = parse("#1#1####")
    # Two mines: {2} + one of three interior cells (3 layouts) or {0, 4} (1 layout).
    two = analyse(grid, 2, tiles)
    assert two.layout_count() == 4
    assert two.probability[2] == 3 / 4
    assert two.probability[0] == two.probability[4] == 1 / 4
    assert two.interior == {5, 6, 7}
    assert two.interior_probability == pytest.approx(1 / 4)
    # Three mines: {2} + two interior (3) or {0, 4} + one interior (3): now even odds.
    three = analyse(grid, 3, tiles)
    assert three.layout_count() == 6
    assert three.probability[0] == three.probability[2] == 0.5
    assert three.interior_probability == pytest.approx(1 / 2)
    # One mine: only {2} fits, and the mine count alone clears the interior.
    one = analyse(grid, 1, tiles)
    assert one.mines == {2}
    assert one.safe == {0, 4, 5, 6, 7}


def test_interior_only_board_is_uniform() -> None:
    a = analyse(Grid(3, 3), 3, bytes([t.COVERED] * 9))
    assert a.layout_count() == comb(9, 3)
    assert all(p == pytest.approx(1 / 3) for p in a.probability.values())


def test_flags_and_question_marks_are_not_trusted() -> None:
    grid, plain = parse("#1#1####")
    _, marked = parse("F1?1F###")
    assert analyse(grid, 2, marked).probability == analyse(grid, 2, plain).probability


def test_shown_mines_after_a_loss_count_as_mines() -> None:
    grid, tiles = parse("*1#1####")
    a = analyse(grid, 2, tiles)
    # The shown mine satisfies the first 1, so cell 2 is safe and cell 4 is the mine.
    assert a.safe == {2, 5, 6, 7} and a.mines == {4}


def test_contradictions_are_reported() -> None:
    grid, tiles = parse(
        """
        #3
        ##
        """
    )
    assert analyse(grid, 3, tiles).mines == {0, 2, 3}
    with pytest.raises(InconsistentError):
        analyse(grid, 2, tiles)  # too few mines in total for the 3
    with pytest.raises(InconsistentError):
        analyse(Grid(1, 2), 1, bytes([1, 0]))  # numbers that no layout shows


def test_relative_count_compares_layout_counts() -> None:
    grid, tiles = parse("#1#1####")
    a, b = analyse(grid, 2, tiles), analyse(grid, 3, tiles)
    assert a.relative_count(1) == Fraction(a.layout_count(), comb(3, 1))
    assert b.relative_count(0) == Fraction(b.layout_count(), comb(3, 0))


def test_over_budget_component_is_estimated_not_crashed(monkeypatch: pytest.MonkeyPatch) -> None:
    grid, tiles = parse(
        """
        ########
        #1#1#1##
        ########
        """
    )
    monkeypatch.setattr(components, "NODE_BUDGET", 3)
    a = analyse(grid, 5, tiles)
    assert not a.exact
    assert all(0.0 <= p <= 1.0 for p in a.probability.values())
    total, per_cell = brute_force(grid, 5, tiles)
    # Certain answers stay certain even when the probabilities are estimates.
    assert all(per_cell[c] == 0 for c in a.safe)
    assert all(per_cell[c] == total for c in a.mines)


def lattice_position(level: Level, seed: int) -> bytes:
    """A real game opened at the centre, then at each numbered safe cell in even rows and columns.

    A lucky player's board: a long, loose frontier that the deductions barely
    touch, one component of a thousand cells or more, far over the node budget.
    """
    game = apply(new_game(level, seed=seed), Move.reveal(level.rows // 2, level.cols // 2)).game
    layout = game.layout
    assert layout is not None
    for row in range(0, level.rows, 2):
        for col in range(0, level.cols, 2):
            cell = row * level.cols + col
            if cell not in layout.mines and layout.counts[cell] and t.is_covered(game.tiles[cell]):
                game = apply(game, Move.reveal(row, col)).game
    return game.tiles


def test_huge_estimated_component_stays_in_float_range() -> None:
    # One component of 995 cells, over the node budget: its estimate's weights reach
    # comb(995, 471) * 2**40, about 2e309, past the largest float.
    # (60x60/700 from seed 1 or 2 gives one of some 2300 cells, and takes 10 s.)
    level = Level(40, 40, 320)
    tiles = lattice_position(level, seed=8)
    a = analyse(level.grid, level.mines, tiles)
    assert not a.exact
    assert len(a.frontier) > 1000
    assert set(a.probability) == {c for c in range(level.cells) if t.is_covered(tiles[c])}
    assert all(0.0 <= p <= 1.0 for p in a.probability.values())
    # Every covered cell's probability adds up to the expected number of mines.
    assert sum(a.probability.values()) == pytest.approx(level.mines, rel=1e-6)


def test_exact_counts_past_the_largest_float_divide_exactly() -> None:
    # 400 lone 1s, each in its own 3x3 block: 8**400 layouts (about 2**1200) before
    # the interior is counted, every weight an exact integer far past any float.
    grid = Grid(62, 62)
    tiles = bytearray([t.COVERED]) * grid.size
    for row in range(1, 60, 3):
        for col in range(1, 60, 3):
            tiles[grid.index(row, col)] = 1
    a = analyse(grid, 450, bytes(tiles))
    assert a.exact
    assert a.layout_count() == 8**400 * comb(244, 50)
    assert a.interior_probability == 50 / 244
    assert {a.probability[c] for c in a.frontier} == {1 / 8}
    assert a.relative_count(50) == 8**400


def test_component_deeper_than_the_recursion_limit_is_enumerated() -> None:
    # Mines in every third cell of the top row, the two rows below open: the
    # deductions leave one chain of 1201 boxes with exactly two layouts.
    cols = 1802
    grid = Grid(3, cols)
    mines = {grid.index(0, col) for col in range(0, cols, 3)}
    tiles = bytearray([t.COVERED]) * grid.size
    for cell in range(cols, grid.size):
        tiles[cell] = sum(n in mines for n in grid.neighbours(cell))
    a = analyse(grid, len(mines), bytes(tiles))
    assert a.exact
    assert a.layout_count() == 2
    assert sorted(set(a.probability.values())) == [0.0, 0.5]
    assert len(a.safe) == cols // 3 and not a.mines


# --- brute force on random small positions -----------------------------------------------------


@st.composite
def positions(draw: st.DrawFn) -> tuple[Grid, int, bytes]:
    """A real game position on a board up to 5x5: a random layout, some cells opened."""
    rows = draw(st.integers(1, 5))
    cols = draw(st.integers(1, 5))
    grid = Grid(rows, cols)
    cells = grid.size
    mines = draw(st.integers(0, max(0, min(cells - 1, 9))))
    order = draw(st.permutations(range(cells)))
    layout = frozenset(order[:mines])
    counts = numbers_for(grid, layout)
    safe_cells = [c for c in order[mines:]]
    n_open = draw(st.integers(0, len(safe_cells)))
    opened = set(safe_cells[:n_open])
    tiles = bytearray([t.COVERED] * cells)
    for c in opened:
        tiles[c] = counts[c]
    # Keep brute force cheap: open more safe cells until few layouts remain to try.
    extra = iter(safe_cells[n_open:])
    while comb(sum(t.is_covered(x) for x in tiles), mines) > 20_000:
        c = next(extra)
        tiles[c] = counts[c]
    # Some covered cells carry flags or question marks, right or wrong.
    marks = draw(
        st.lists(
            st.sampled_from([t.COVERED, t.FLAGGED, t.QUESTIONED]), min_size=cells, max_size=cells
        )
    )
    for c in range(cells):
        if tiles[c] == t.COVERED:
            tiles[c] = marks[c]
    return grid, mines, bytes(tiles)


@settings(max_examples=400, deadline=None)
@given(positions())
def test_probabilities_match_brute_force(position: tuple[Grid, int, bytes]) -> None:
    check_against_brute_force(*position)


@st.composite
def arbitrary_tiles(draw: st.DrawFn) -> tuple[Grid, int, bytes]:
    """Tiles not made from any layout: often contradictory, sometimes not."""
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, 4))
    grid = Grid(rows, cols)
    tiles = bytes(
        draw(
            st.lists(
                st.sampled_from([0, 1, 2, 3, t.COVERED, t.COVERED]),
                min_size=grid.size,
                max_size=grid.size,
            )
        )
    )
    covered = sum(x == t.COVERED for x in tiles)
    mines = draw(st.integers(0, max(0, covered)))
    return grid, mines, tiles


@settings(max_examples=300, deadline=None)
@given(arbitrary_tiles())
def test_any_tiles_match_brute_force_or_are_rejected(position: tuple[Grid, int, bytes]) -> None:
    check_against_brute_force(*position)
