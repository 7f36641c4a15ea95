"""engine.solver.endgame.win_chance: exact chances of winning, by hand and by brute force."""

from __future__ import annotations

import time
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import EXPERT, Move, apply, new_game
from engine import tiles as t
from engine.grid import Grid
from engine.solver import best_move
from engine.solver.analysis import Position
from engine.solver.endgame import win_chance
from tests.test_solver import parse
from tests.test_solver_guess import endgames, exact_win_probability


def position_of(text: str, mines: int) -> Position:
    grid, tiles = parse(text)
    return Position(grid, mines, tiles)


def test_a_lone_fifty_fifty_is_won_half_the_time_whichever_cell_is_opened() -> None:
    found = win_chance(position_of("#1#", 1))
    assert found.complete and found.chance == Fraction(1, 2)
    assert found.best == (0, 2)
    assert found.low == found.high == Fraction(1, 2)
    assert found.layouts == 2 and found.reason == ""


def test_the_modules_example_is_a_fifty_fifty() -> None:
    found = win_chance(
        position_of(
            """
            #1.
            #1.
            """,
            1,
        )
    )
    assert found.chance == Fraction(1, 2) and found.best == (0, 3)


def test_two_independent_fifty_fifties_are_won_a_quarter_of_the_time() -> None:
    # One mine under each pair of 1s: {0, 6} and {5, 11}; nothing links the two guesses.
    found = win_chance(
        position_of(
            """
            #1..1#
            #1..1#
            """,
            2,
        )
    )
    assert found.chance == Fraction(1, 4)
    assert found.best == (0, 5, 6, 11)
    assert found.layouts == 4
    assert found.depth >= 2  # a second guess was looked at


def test_a_free_cell_is_opened_first_and_settles_the_guess() -> None:
    # The mine is under 0 or 2; 3 and 4 are safe, and 3's number tells which.
    position = position_of("#1###", 1)
    found = win_chance(position)
    assert found.chance == 1 and found.best == (3, 4)
    # Guessing straight away would be a coin toss.
    grid, tiles = parse("#1###")
    assert exact_win_probability(grid, 1, tiles, 0) == 0.5
    assert exact_win_probability(grid, 1, tiles, 3) == 1.0


def test_nothing_left_to_open_is_a_win() -> None:
    found = win_chance(position_of("1#", 1))  # the last covered cell is the mine
    assert found.chance == 1 and found.best == () and found.complete


def test_the_safest_cell_is_not_always_the_best_and_the_hint_knows() -> None:
    """Three mines among seven covered cells around a 2. The 2's four neighbours are
    the safest (60%), but opening one leaves the other cells a blind guess; the cells
    away from the 2 (50%) show a number that decides the rest more often."""
    text = """
        ##2#
        ####
        """
    grid, tiles = parse(text)
    covered = [c for c in range(grid.size) if t.is_covered(tiles[c])]
    by_enumeration = {c: exact_win_probability(grid, 3, tiles, c) for c in covered}
    position = Position(grid, 3, tiles)
    analysis = position.analysis()
    safest = min(analysis.probability.values())
    assert {c for c in covered if analysis.probability[c] == safest} == {1, 3, 5, 6, 7}
    assert by_enumeration[0] == by_enumeration[4] == 0.25
    assert all(by_enumeration[c] < 0.25 for c in (1, 3, 5, 6, 7))

    found = win_chance(position)
    assert found.chance == Fraction(1, 4) and found.best == (0, 4)
    move = best_move(grid, 3, tiles)
    assert move is not None and move.cell in (0, 4)
    assert "25%" in move.reason


@settings(max_examples=200, deadline=None)
@given(endgames())
def test_win_chance_matches_a_naive_perfect_player(position: tuple[Grid, int, bytes]) -> None:
    """Any small position, certain cells and all: the chance is the best any first move
    reaches, and the best moves are exactly those that reach it."""
    grid, mines, tiles = position
    found = win_chance(Position(grid, mines, tiles))
    covered = [c for c in range(grid.size) if t.is_covered(tiles[c])]
    values = {c: exact_win_probability(grid, mines, tiles, c) for c in covered}
    optimum = max(values.values())
    assert found.complete and found.chance is not None
    assert float(found.chance) == pytest.approx(optimum, abs=1e-9)
    best = {c for c, v in values.items() if v > optimum - 1e-9}
    safe = Position(grid, mines, tiles).analysis().safe
    # With certain cells, those are the moves given; a guess may tie them, never beat them.
    assert set(found.best) == (safe or best) and set(found.best) <= best


@settings(max_examples=200, deadline=None)
@given(endgames(), st.integers(1, 60))
def test_a_search_cut_short_gives_honest_bounds(
    position: tuple[Grid, int, bytes], budget: int
) -> None:
    grid, mines, tiles = position
    exact = win_chance(Position(grid, mines, tiles)).chance
    assert exact is not None
    short = win_chance(Position(grid, mines, tiles), budget=budget)
    assert short.steps <= budget
    assert 0 <= short.low <= exact <= short.high <= 1
    if short.complete:
        assert short.chance == exact
    else:
        assert short.chance is None and short.best == () and "60" not in short.reason


def test_a_big_position_answers_incomplete_at_once() -> None:
    """An expert board after its first click: far too many layouts to list."""
    game = apply(new_game(EXPERT, seed=1), Move.reveal(8, 15)).game
    position = Position(EXPERT.grid, EXPERT.mines, game.tiles)
    while safe := position.analysis().safe:  # up to the first guess
        for cell in safe:
            game = apply(game, Move.reveal(*EXPERT.grid.row_col(cell))).game
        position = Position(EXPERT.grid, EXPERT.mines, game.tiles)
    start = time.perf_counter()
    found = win_chance(position)
    assert time.perf_counter() - start < 1.0
    assert not found.complete and found.chance is None
    assert found.layouts is not None and found.layouts > 10**20
    assert "layouts, over" in found.reason
    assert found.low == 0 and 0 < found.high < 1


def test_the_budget_bounds_the_search_of_a_position_it_can_list() -> None:
    """A hundred layouts, but a budget too small to search them: stopped, within
    the steps it was allowed."""
    position = position_of(
        """
        ########
        ########
        221...11
        ##1...1#
        """,
        6,
    )
    whole = win_chance(position)
    assert whole.complete and whole.layouts == 112 and whole.chance == Fraction(55, 56)
    short = win_chance(position, budget=whole.steps // 2)
    assert not short.complete
    assert short.steps <= whole.steps // 2
    assert short.reason == f"the search ran out of its {whole.steps // 2} steps"
    assert short.low <= whole.low <= short.high
