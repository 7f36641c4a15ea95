"""engine.solver.best_move and engine.solver.endgame: certain moves first, sensible guesses."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import tiles as t
from engine.grid import Grid
from engine.solver import best_move
from engine.solver.analysis import Position
from engine.solver.endgame import hint_cell, win_chance, worth_searching
from engine.solver.guess import LOOKAHEAD_MAX_COVERED, Tactics, choose
from tests.test_solver import brute_force, numbers_for, parse


def test_a_certain_cell_is_played_first() -> None:
    grid, tiles = parse(
        """
        ###
        121
        ...
        """
    )
    move = best_move(grid, 2, tiles)
    assert move is not None
    assert (move.cell, move.certain, move.safety) == (1, True, 1.0)
    assert "row 1, column 2 is safe" in move.reason


def test_no_move_when_nothing_is_covered() -> None:
    grid, tiles = parse("1*")
    assert best_move(grid, 1, tiles) is None


def test_no_move_when_only_mines_are_covered() -> None:
    grid, tiles = parse("1F")  # a won game shows its mines flagged
    assert best_move(grid, 1, tiles) is None


def test_first_move_is_in_the_centre() -> None:
    move = best_move(Grid(9, 9), 10, bytes([t.COVERED] * 81))
    assert move is not None
    assert move.cell == 40 and not move.certain
    assert move.safety == pytest.approx(1 - 10 / 81)


def test_a_guess_avoids_the_riskier_cells() -> None:
    # Cells 0 and 4 are mines together or cell 2 alone. With two mines in all, cell 2
    # is a mine in 3 of the 4 layouts; every other covered cell in 1 of 4.
    grid, tiles = parse("#1#1####")
    move = best_move(grid, 2, tiles)
    assert move is not None and not move.certain
    assert move.cell != 2
    assert move.safety >= 0.75


def test_a_move_says_which_step_chose_it() -> None:
    grid, tiles = parse("###\n121\n...")
    assert (certain := best_move(grid, 2, tiles)) is not None and certain.kind == "certain"
    opening = best_move(Grid(9, 9), 10, bytes([t.COVERED] * 81))
    assert opening is not None and opening.kind == "opening"
    grid, tiles = parse("#1#1####")
    position = Position(grid, 2, tiles)
    searched = choose(position, position.analysis())
    assert searched is not None and searched.kind == "endgame" and searched.search is not None
    looked = choose(position, position.analysis(), Tactics(endgame=False))
    assert looked is not None and looked.kind == "lookahead" and looked.search is None
    # More covered cells than the lookahead takes on: the safest cell, directly.
    big = Grid(80, 80)
    tiles = bytes([1] + [t.COVERED] * (big.size - 1))
    assert len(Position(big, 500, tiles).unknown) > LOOKAHEAD_MAX_COVERED
    safest = best_move(big, 500, tiles)
    assert safest is not None and safest.kind == "safest"


def exact_win_probability(grid: Grid, mines: int, tiles: bytes, cell: int) -> float:
    """Chance to win after revealing ``cell``, playing perfectly, by naive recursion.

    Independent of engine.solver.endgame: it works on explicit layouts and tiles.
    """
    covered = [c for c in range(grid.size) if t.is_covered(tiles[c])]
    layouts = []
    for chosen in itertools.combinations(covered, mines):
        counts = numbers_for(grid, frozenset(chosen))
        if all(tiles[c] > 8 or counts[c] == tiles[c] for c in range(grid.size)):
            layouts.append(frozenset(chosen))

    def value(states: list[frozenset[int]], open_cells: frozenset[int], c: int) -> float:
        safe = [s for s in states if c not in s]
        groups: dict[int, list[frozenset[int]]] = {}
        for s in safe:
            groups.setdefault(numbers_for(grid, s)[c], []).append(s)
        return sum(len(g) / len(states) * best(g, open_cells | {c}) for g in groups.values())

    def best(states: list[frozenset[int]], open_cells: frozenset[int]) -> float:
        todo = [c for c in covered if c not in open_cells and any(c not in s for s in states)]
        if not todo:
            return 1.0
        return max(value(states, open_cells, c) for c in todo)

    return value(layouts, frozenset(), cell)


@st.composite
def endgames(draw: st.DrawFn) -> tuple[Grid, int, bytes]:
    """Small real positions with a few covered cells: everything else open."""
    rows, cols = draw(st.integers(2, 4)), draw(st.integers(2, 4))
    grid = Grid(rows, cols)
    order = draw(st.permutations(range(grid.size)))
    mines = draw(st.integers(1, 3))
    layout = frozenset(order[:mines])
    hidden = draw(st.integers(1, 3))
    covered = set(order[: mines + hidden])
    counts = numbers_for(grid, layout)
    tiles = bytes(t.COVERED if c in covered else counts[c] for c in range(grid.size))
    return grid, mines, tiles


@settings(max_examples=150, deadline=None)
@given(endgames())
def test_endgame_search_matches_a_naive_perfect_player(position: tuple[Grid, int, bytes]) -> None:
    grid, mines, tiles = position
    pos = Position(grid, mines, tiles)
    analysis = pos.analysis()
    if analysis.safe:
        return  # a certain move, no guess to judge
    suggestion = choose(pos, analysis)
    assert suggestion is not None
    if suggestion.kind == "opening":
        return  # nothing open: the first click's rule chooses, not the search
    assert suggestion.kind == "endgame" and suggestion.search is not None
    cell, chance = suggestion.cell, suggestion.search.chance
    assert chance is not None
    covered = [c for c in range(grid.size) if t.is_covered(tiles[c])]
    optimum = max(exact_win_probability(grid, mines, tiles, c) for c in covered)
    assert chance == pytest.approx(optimum, abs=1e-9)
    assert exact_win_probability(grid, mines, tiles, cell) == pytest.approx(optimum, abs=1e-9)


@settings(max_examples=150, deadline=None)
@given(endgames())
def test_best_move_is_safe_when_a_safe_cell_exists(position: tuple[Grid, int, bytes]) -> None:
    grid, mines, tiles = position
    total, per_cell = brute_force(grid, mines, tiles)
    move = best_move(grid, mines, tiles)
    assert move is not None
    if any(n == 0 for n in per_cell.values()):
        assert move.certain and per_cell[move.cell] == 0
    else:
        assert not move.certain
        assert move.safety == pytest.approx(1 - per_cell[move.cell] / total)


def test_an_expert_game_has_a_hint_after_its_first_click() -> None:
    """A covered cell to open (how soon: benchmarks.engine_calls)."""
    from engine import EXPERT, Move, apply, new_game

    game = apply(new_game(EXPERT, seed=1), Move.reveal(8, 15)).game
    move = best_move(EXPERT.grid, EXPERT.mines, game.tiles)
    assert move is not None and t.is_covered(game.tiles[move.cell])


def test_endgame_limits_can_be_raised_or_lowered() -> None:
    """The limits are parameters, so an offline ceiling can search further than a hint, and
    a search cut short by either says so rather than answer."""
    grid, tiles = parse(
        """
        #1.
        #1.
        """
    )
    pos = Position(grid, 1, tiles)
    analysis = pos.analysis()
    assert worth_searching(analysis) and not worth_searching(analysis, layout_limit=1)
    found = win_chance(pos, analysis=analysis)
    assert (hint_cell(found, analysis), found.chance) == (0, Fraction(1, 2))
    for short in (
        win_chance(pos, layout_limit=1, analysis=analysis),  # two layouts remain
        win_chance(pos, budget=1, analysis=analysis),
    ):
        assert not short.complete and short.chance is None and hint_cell(short, analysis) is None
    assert win_chance(pos, 10_000, 10, analysis).chance == Fraction(1, 2)


def test_the_ceiling_bounds_the_solver_game_by_game() -> None:
    """``--bound``: a game the solver wins had a chance; a game without guesses is certain."""
    from benchmarks.solver import LEVELS, first_guess_chance, play

    beginner = LEVELS["beginner"]
    seen_guess = False
    for seed in range(40):
        chance = first_guess_chance(beginner, seed)
        result = play(beginner, seed)
        if result.guesses == 0:
            assert result.won and chance is None
        else:
            seen_guess = True
            # No cell is certain at a first guess, and the true layout is one of those left.
            assert chance is not None and 0 <= chance.low <= chance.high < 1 and chance.high > 0
            if chance.complete:
                assert chance.chance is not None and 0 < chance.chance < 1
    assert seen_guess


def test_the_guesses_kept_for_losses_tell_how_each_game_ended() -> None:
    """``--losses``: every guess of a game is kept, and only a lost game's last one lost it."""
    from benchmarks.solver import LEVELS, play

    kinds = set()
    for seed in range(30):
        result = play(LEVELS["intermediate"], seed, keep_guesses=True)
        made = result.guesses_made
        assert len(made) == result.guesses
        assert [g.lost for g in made] == [False] * (len(made) - 1) + [not result.won] * bool(made)
        assert all(0.0 < g.safety < 1.0 for g in made)
        kinds |= {g.kind for g in made}
        assert play(LEVELS["intermediate"], seed).guesses_made == []
    assert "endgame" in kinds and kinds <= {"endgame", "fifty", "lookahead"}


def test_a_varied_constant_is_restored_and_no_change_changes_no_game() -> None:
    """``--vary``: the constants are the solver's again after the block, even after an error;
    a variation that sets a constant to its own value plays every game the same."""
    import argparse

    import engine.solver.guess as guess
    import engine.solver.lookahead as lookahead
    from benchmarks.solver import LEVELS, parse_changes, play, varied

    cutoff = lookahead.CUTOFF
    with pytest.raises(RuntimeError), varied({"CUTOFF": 0.5, "LAYOUT_LIMIT": 7}):
        assert (lookahead.CUTOFF, guess.LAYOUT_LIMIT) == (0.5, 7)
        raise RuntimeError
    assert (cutoff, 1_000) == (lookahead.CUTOFF, guess.LAYOUT_LIMIT)
    same = parse_changes(f"CUTOFF={cutoff}")
    level = LEVELS["intermediate"]
    before = [play(level, seed).won for seed in range(12)]
    with varied(same):
        assert [play(level, seed).won for seed in range(12)] == before
    # The layout limit is read when a guess is chosen: with none allowed, no search is tried.
    grid, tiles = parse("#1#1####")
    position = Position(grid, 2, tiles)
    with varied(parse_changes("LAYOUT_LIMIT=0")):
        move = choose(position, position.analysis())
    assert move is not None and move.search is None and move.kind == "lookahead"
    for bad in ("SPEED=3", "CUTOFF=fast", "", "PLAY_BEST=1", "endgame.LAYOUT_LIMIT=1"):
        with pytest.raises(argparse.ArgumentTypeError):
            parse_changes(bad)


def test_a_hint_passes_over_a_dead_cell_that_ties_the_best_chance() -> None:
    """Over ``##1`` / ``###`` with 2 mines, row 1, column 2 is the
    safest cell (67%) and ties the best chance of winning, but it is dead: opened, it
    shows 2 whatever the layout. Rows 1 and 2 of column 1 reach the same chance, and tell."""
    from engine.solver.dead import dead_cells_steps
    from engine.steps import drain

    tiles = bytes(t.from_char(c) for c in "##1###")
    position = Position(Grid(2, 3), 2, tiles)
    dead = drain(dead_cells_steps(position, position.analysis()))
    move = best_move(Grid(2, 3), 2, tiles)
    assert move is not None and dead == {1, 4, 5}
    assert move.cell not in dead and move.kind == "endgame"
