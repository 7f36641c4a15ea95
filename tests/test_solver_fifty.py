"""engine.solver.fifty: unavoidable 50/50s are found, and only those; taking one first costs
nothing against a perfect player."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import tiles as t
from engine.grid import Grid
from engine.solver.analysis import Position
from engine.solver.fifty import fifty_risk, forced_fifty
from engine.solver.guess import Tactics, best_move, choose
from tests.test_solver import numbers_for, parse
from tests.test_solver_guess import exact_win_probability


def fifty(text: str, mines: int) -> int | None:
    grid, tiles = parse(text)
    position = Position(grid, mines, tiles)
    return forced_fifty(position, position.analysis())


def test_two_cells_counted_only_together_are_a_fifty() -> None:
    assert fifty("#1.\n#1.", 1) == 0


def test_a_number_that_counts_one_of_them_with_another_cell_tells_them_apart() -> None:
    # The top 1 counts the corners 0 and 2 only, but the left 1 counts 0 with 6: the
    # pair {0, 2} is not symmetric (the layouts are {0, 8} and {2, 6}), and neither
    # is any other pair of corners.
    assert fifty("#1#\n121\n#1#", 2) is None


def test_a_pair_that_a_third_cell_tells_apart_is_not_a_fifty() -> None:
    # 0 and 3 share the mine, but the 1 at the bottom counts 3 with 6 only: opening 6
    # would tell. This one is a guess between three cells, not a 50/50.
    assert fifty("#1.\n#1.\n#1.", 1) is None


@st.composite
def small_positions(draw: st.DrawFn) -> tuple[Grid, int, bytes]:
    """Real positions on small boards with a few covered cells, everything else open."""
    rows, cols = draw(st.integers(2, 4)), draw(st.integers(2, 5))
    grid = Grid(rows, cols)
    order = draw(st.permutations(range(grid.size)))
    mines = draw(st.integers(1, 3))
    hidden = draw(st.integers(1, 4))
    layout = frozenset(order[:mines])
    covered = set(order[: mines + hidden])
    counts = numbers_for(grid, layout)
    return grid, mines, bytes(t.COVERED if c in covered else counts[c] for c in range(grid.size))


def consistent_layouts(grid: Grid, mines: int, tiles: bytes) -> list[frozenset[int]]:
    covered = [c for c in range(grid.size) if t.is_covered(tiles[c])]
    out = []
    for chosen in itertools.combinations(covered, mines):
        counts = numbers_for(grid, frozenset(chosen))
        if all(tiles[c] > 8 or counts[c] == tiles[c] for c in range(grid.size)):
            out.append(frozenset(chosen))
    return out


@settings(max_examples=300, deadline=None)
@given(small_positions())
def test_a_found_fifty_can_never_be_told_apart(position: tuple[Grid, int, bytes]) -> None:
    """Naively: some partner shares one mine with the cell in every layout, and swapping
    the two leaves the number of every cell that could be opened as it was (no reveal
    can ever separate them)."""
    grid, mines, tiles = position
    pos = Position(grid, mines, tiles)
    analysis = pos.analysis()
    cell = forced_fifty(pos, analysis)
    if cell is None:
        return
    layouts = consistent_layouts(grid, mines, tiles)
    covered = [c for c in range(grid.size) if t.is_covered(tiles[c])]

    def indistinguishable(partner: int) -> bool:
        for layout in layouts:
            if (cell in layout) == (partner in layout):
                return False
            swapped = layout ^ {cell, partner}
            before, after = numbers_for(grid, layout), numbers_for(grid, swapped)
            # Every cell that could ever be opened (no mine in either layout) shows the same.
            if any(before[c] != after[c] for c in range(grid.size) if c not in layout | swapped):
                return False
        return True

    assert any(indistinguishable(p) for p in covered if p != cell)


@settings(max_examples=150, deadline=None)
@given(small_positions())
def test_guessing_a_fifty_first_is_as_good_as_perfect_play(
    position: tuple[Grid, int, bytes],
) -> None:
    grid, mines, tiles = position
    pos = Position(grid, mines, tiles)
    analysis = pos.analysis()
    if analysis.safe:
        return
    cell = forced_fifty(pos, analysis)
    if cell is None:
        return
    covered = [c for c in range(grid.size) if t.is_covered(tiles[c])]
    optimum = max(exact_win_probability(grid, mines, tiles, c) for c in covered)
    assert exact_win_probability(grid, mines, tiles, cell) == pytest.approx(optimum, abs=1e-9)


def test_the_solver_takes_the_fifty_before_a_safer_guess_elsewhere() -> None:
    # Intermediate, seed 357, first click in the centre, every certain cell opened. Top
    # right, (0, 15) and (1, 15) share a mine that no number will ever place. The
    # lookahead alone would first guess a 95%-safe cell at (12, 10); the 50/50 has to
    # be taken anyway, so it goes first.
    grid, tiles = parse(
        """
        ####12##1....12#
        ####12#31111.2##
        ###2111213#2.2##
        ####21.1#3#2.122
        #####1.1121211..
        ####322221.1#1..
        ####2#2##1.111..
        ####212221111...
        ####21....1#1...
        #####1111.11211.
        ####333#21222#21
        ########32##33##
        ################
        ################
        ################
        ################
        """
    )
    position = Position(grid, 40, tiles)
    analysis = position.analysis()
    assert not analysis.safe
    move = choose(position, analysis)
    assert move is not None and grid.row_col(move.cell) in ((0, 15), (1, 15))
    assert move.safety == pytest.approx(0.5) and "guess it now" in move.reason
    assert move.kind == "fifty"
    without = choose(position, analysis, Tactics(fifty_first=False))
    assert without is not None and without.safety > 0.9
    assert without.kind == "lookahead"
    assert best_move(grid, 40, tiles) == move


def test_a_paired_difference_comes_from_the_games_that_differ() -> None:
    from benchmarks.solver import paired_difference

    same = [True, False] * 50
    assert paired_difference(same, same) == (0.0, 0.0, 0.0)
    better = [True] * 100
    mean, low, high = paired_difference(better, same)
    assert mean == 0.5 and low < 0.5 < high
    assert paired_difference(same, better)[0] == -0.5


def naive_fifty_risk(grid: Grid, mines: int, tiles: bytes, cell: int) -> float:
    """fifty_risk by brute force over explicit layouts, sharing no code with the solver."""
    layouts = consistent_layouts(grid, mines, tiles)
    certain = frozenset.intersection(*layouts)
    row, col = grid.row_col(cell)
    risky = 0
    for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        r2, c2 = row + dr, col + dc
        if not grid.contains(r2, c2):
            continue
        other = grid.index(r2, c2)
        settled = all((other in m) == (other in layouts[0]) for m in layouts)
        if not t.is_covered(tiles[other]) or settled:
            continue
        three = (-1, 0, 1)
        if dr:
            beyond = [(row - dr, col + k) for k in three] + [(r2 + dr, col + k) for k in three]
        else:
            beyond = [(row + k, col - dc) for k in three] + [(row + k, c2 + dc) for k in three]
        sides = [grid.index(r, c) for r, c in beyond if grid.contains(r, c)]
        if any(not t.is_covered(tiles[s]) for s in sides):
            continue
        missing = [s for s in sides if s not in certain]
        if len(missing) > 3:
            continue
        risky += sum(
            1 for m in layouts if cell in m and other not in m and all(s in m for s in missing)
        )
    share = sum(1 for m in layouts if cell in m) / len(layouts)
    return min(risky / len(layouts), share, 1.0 - share)


@settings(max_examples=200, deadline=None)
@given(small_positions())
def test_the_fifty_risk_counts_the_layouts_that_would_make_a_fifty(
    position: tuple[Grid, int, bytes],
) -> None:
    grid, mines, tiles = position
    pos = Position(grid, mines, tiles)
    analysis = pos.analysis()
    total = analysis.layout_count()
    for cell, p in analysis.probability.items():
        if 0.0 < p < 1.0:
            risk = fifty_risk(pos, analysis, cell, total)
            assert risk == pytest.approx(naive_fifty_risk(grid, mines, tiles, cell), abs=1e-9)
            assert 0.0 <= risk <= min(p, 1.0 - p) + 1e-12


def test_a_corner_pair_walled_in_by_the_edge_is_a_likely_fifty() -> None:
    # Top left, 0 and 4 (below it): above them is the board's edge, and if the cells
    # below them both hold mines, nothing can tell 0 from 4 any more. That happens in
    # a third of the layouts, with the mine on 0.
    grid, tiles = parse(
        """
        ##..
        ##1.
        ###.
        """
    )
    position = Position(grid, 3, tiles)
    analysis = position.analysis()
    assert fifty_risk(position, analysis, 0, analysis.layout_count()) == pytest.approx(1 / 3)
    # An open cell beside a pair tells its cells apart: no risk from that pair.
    grid, tiles = parse("#1.\n#1.\n11.")
    position = Position(grid, 1, tiles)
    analysis = position.analysis()
    assert fifty_risk(position, analysis, 0, analysis.layout_count()) == 0.0
