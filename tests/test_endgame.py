"""engine.solver.endgame.win_chance: exact chances of winning, by hand and by brute force."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import EXPERT, Move, apply, new_game
from engine import tiles as t
from engine.grid import Grid
from engine.solver import InconsistentError, best_move
from engine.solver.analysis import Position
from engine.solver.endgame import win_chance
from engine.solver.guess import Tactics, choose
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
        assert short.chance is None and short.best == ()
        assert short.reason == f"the search ran out of its {budget} steps"


def test_a_big_position_answers_incomplete() -> None:
    """An expert board at its first guess: far too many layouts to list (said at once:
    benchmarks.engine_calls times it)."""
    game = apply(new_game(EXPERT, seed=1), Move.reveal(8, 15)).game
    position = Position(EXPERT.grid, EXPERT.mines, game.tiles)
    while safe := position.analysis().safe:  # up to the first guess
        for cell in safe:
            game = apply(game, Move.reveal(*EXPERT.grid.row_col(cell))).game
        position = Position(EXPERT.grid, EXPERT.mines, game.tiles)
    found = win_chance(position)
    assert not found.complete and found.chance is None
    assert found.layouts is not None and found.layouts > 10**20
    assert found.reason.startswith("about 10^")
    assert found.reason.endswith("layouts, more than the 20,000 it lists")
    assert found.low == 0 and 0 < found.high < 1


def test_a_big_board_with_one_layout_left_is_won() -> None:
    """A 300x300 board whose last mine is known: one layout, nothing to guess, even
    with 89,996 covered cells away from every number (benchmarks.engine_calls times it)."""
    grid = Grid(300, 300)
    tiles = bytearray([t.COVERED]) * grid.size
    # The top left corner: three open 1s around the covered cell of the one mine.
    for cell in (0, 1, grid.cols):
        tiles[cell] = t.from_char("1")
    found = win_chance(Position(grid, 1, bytes(tiles)))
    assert found.complete and found.chance == 1 and found.layouts == 1
    assert len(found.best) == grid.size - 4


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


LATE_EXPERT = """
    1#1.......1#212#########3####1
    1221..111.113#4####33222######
    .1#21.1#21..2#######2..24#5###
    .23#1.23#1.134####5#3111#3#34#
    13#4222#3211##35#6#23#43232211
    1##5#3#22#22222###212###11#211
    24#4#31112#1..12332113#32222#1
    #3231211.111.....1#1.1111#1122
    23#112#1..11211..122211.11112#
    #3221#21112#2#21212#3#212222#2
    12#1222.1#22333#2#22#22#2##211
    12211#1.1122#2#22222111122321.
    1#1.111.112#2322.1#1.1221.1#1.
    111111..1#3322#1.111.1##1.1221
    ..12#21.12#2#211111.12333323#2
    ..1#3#1..11211..1#1.1#11###3#2
    """
"""Expert game 30 of ``benchmarks.solver`` at a guess: 240 layouts (the mines it
has not flagged are covered cells among the numbers)."""


def chance_after(grid: Grid, tiles: bytes, cell: int) -> Fraction:
    """The chance of winning by opening ``cell`` now, then playing best: each number
    it can show, weighted by its layouts, with the chance from there."""
    won = Fraction(0)
    for number in range(9):
        shown = bytearray(tiles)
        shown[cell] = number
        try:
            after = win_chance(Position(grid, EXPERT.mines, bytes(shown)))
        except InconsistentError:
            continue  # no layout shows that number there
        assert after.complete and after.chance is not None and after.layouts is not None
        won += after.layouts * after.chance
    return won / Position(grid, EXPERT.mines, tiles).analysis().layout_count()


def test_a_late_expert_hint_searches_exactly_and_beats_the_safest_cell() -> None:
    """The earlier search needed 63,645 steps for these 240 layouts, past its budget of
    60,000: the hint then took the lookahead's choice, the safest cell (90% safe), which
    wins 31/60. Opening row 1, column 29 (67% safe) first wins 17/30."""
    grid, tiles = parse(LATE_EXPERT)
    assert grid == EXPERT.grid
    move = best_move(grid, EXPERT.mines, tiles)
    assert move is not None and move.search is not None
    assert move.cell == grid.index(0, 28)
    assert move.search.chance == Fraction(17, 30)
    assert "240 remaining layouts" in move.reason and "57%" in move.reason
    # Each first move's chance, worked out number by number from the positions it leads to.
    safest = grid.index(0, 16)
    assert move.analysis.probability[safest] == min(move.analysis.probability.values())
    assert chance_after(grid, tiles, move.cell) == Fraction(17, 30)
    assert chance_after(grid, tiles, safest) == Fraction(31, 60)
    without = choose(Position(grid, EXPERT.mines, tiles), move.analysis, Tactics(endgame=False))
    assert without is not None and without.cell == safest


def test_a_huge_boards_layouts_are_counted_in_words() -> None:
    """An untouched 300x300 board with 18,000 mines has about 10^19,000 layouts: too many
    digits for ``str`` (CPython refuses more than 4,300), so the reason says its size."""
    grid = Grid(300, 300)
    found = win_chance(Position(grid, 18_000, bytes([t.COVERED]) * grid.size))
    assert not found.complete and found.layouts is not None
    assert found.reason.startswith("about 10^19") and found.reason.endswith("it lists")
    assert found.high == Fraction(4, 5)  # the first click's safety


def test_a_search_cut_short_bounds_its_chance_from_its_own_layouts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Once the layouts are listed, the bound needs no second analysis of the position
    (it took one, as long as the search on an expert board)."""
    position = position_of(LATE_EXPERT, EXPERT.mines)
    whole = win_chance(position)

    def no_second_analysis(*_: object) -> int:
        raise AssertionError("a second analysis")

    monkeypatch.setattr(Position, "count_if", no_second_analysis)
    short = win_chance(position, budget=whole.steps // 2)
    assert not short.complete
    assert short.low <= Fraction(17, 30) <= short.high < 1
