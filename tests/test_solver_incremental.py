"""engine.solver.Analyser: the analysis kept move by move equals the one from scratch."""

from __future__ import annotations

from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Level, Move, Status, apply, new_game
from engine import tiles as t
from engine.grid import Grid
from engine.solver import Analyser, InconsistentError, analyse, incremental
from engine.solver.analysis import Analysis


def from_scratch(grid: Grid, mines: int, tiles: bytes) -> Analysis | None:
    try:
        return analyse(grid, mines, tiles)
    except InconsistentError:
        return None


def kept(analyser: Analyser, tiles: bytes) -> Analysis | None:
    try:
        return analyser.analyse(tiles)
    except InconsistentError:
        return None


def check_same(analyser: Analyser, tiles: bytes) -> None:
    expected = from_scratch(analyser.grid, analyser.mines, tiles)
    got = kept(analyser, tiles)
    if expected is None or got is None:
        assert expected is got
        return
    # Every field, probabilities compared exactly: both divide the same exact integers.
    assert got.probability == expected.probability
    assert (got.safe, got.mines) == (expected.safe, expected.mines)
    assert (got.frontier, got.interior) == (expected.frontier, expected.interior)
    assert got.interior_probability == expected.interior_probability
    assert got.exact == expected.exact
    assert got.layout_count() == expected.layout_count()
    assert got == expected


def watch_solving(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, ...]]:
    """The groups of linked numbers every :class:`Analyser` solves from now on, each as its
    numbers' cells, in the order solved: what a move made it work out again."""
    solved: list[tuple[int, ...]] = []
    solve = Analyser._solve

    def watched(analyser: Analyser, numbers: list[int]) -> object:
        solved.append(tuple(numbers))
        return solve(analyser, numbers)

    monkeypatch.setattr(Analyser, "_solve", watched)
    return solved


def parse(text: str) -> tuple[Grid, bytes]:
    rows = [line.strip() for line in text.strip().splitlines()]
    return Grid(len(rows), len(rows[0])), bytes(t.from_char(c) for c in "".join(rows))


# --- merges and splits by hand ------------------------------------------------------------


def test_two_groups_merge_when_a_number_links_them(monkeypatch: pytest.MonkeyPatch) -> None:
    # The 1s see separate covered cells; the new 1 in the middle sees a cell of each.
    grid, before = parse("#1###1#")
    _, after = parse("#1#1#1#")
    analyser = Analyser(grid, 2)
    solved = watch_solving(monkeypatch)
    check_same(analyser, before)
    assert solved == [(1,), (5,)]
    solved.clear()
    check_same(analyser, after)
    assert solved == [(1, 3, 5)]


def test_a_group_splits_when_the_cell_linking_it_opens(monkeypatch: pytest.MonkeyPatch) -> None:
    # The 1s form one chain through the covered cells between them; once the second of
    # those opens, the last 1 shares nothing with the others, and the first 1, which saw
    # no change, must still be counted in what is left.
    grid, before = parse("#1#1#1#")
    _, after = parse("#1#1.1#")
    analyser = Analyser(grid, 2)
    solved = watch_solving(monkeypatch)
    check_same(analyser, before)
    assert solved == [(1, 3, 5)]
    solved.clear()
    check_same(analyser, after)
    assert sorted(solved) == [(1, 3), (5,)]


def test_only_the_touched_groups_are_solved_again(monkeypatch: pytest.MonkeyPatch) -> None:
    level = Level(40, 40, 160)
    grid = level.grid
    game = apply(new_game(level, seed=3), Move.reveal(20, 20)).game
    assert game.layout is not None
    # Open a few far-apart areas, so that the board has several groups.
    for row, col in ((3, 3), (3, 36), (36, 3), (36, 36)):
        zero = min(
            (
                c
                for c in range(grid.size)
                if game.layout.counts[c] == 0 and c not in game.layout.mines
            ),
            key=lambda c: abs(grid.row_col(c)[0] - row) + abs(grid.row_col(c)[1] - col),
        )
        game = apply(game, Move.reveal(*grid.row_col(zero))).game
    analyser = Analyser(grid, level.mines)
    solved = watch_solving(monkeypatch)
    first = analyser.analyse(game.tiles)
    groups = len(solved)  # the first analysis solves every group
    assert groups >= 3
    solved.clear()
    cell = min(first.safe)
    game = apply(game, Move.reveal(*grid.row_col(cell))).game
    check_same(analyser, game.tiles)
    # One reveal rebuilds the group around it (or two it joins), not every group.
    assert 1 <= len(solved) <= 2 < groups


def test_a_new_game_on_the_same_board_is_analysed_afresh() -> None:
    level = Level(9, 9, 10)
    analyser = Analyser(level.grid, level.mines)
    for seed in range(3):
        game = apply(new_game(level, seed=seed), Move.reveal(4, 4)).game
        check_same(analyser, game.tiles)


def test_bad_tiles_are_refused_and_the_next_call_still_right() -> None:
    grid, good = parse("1#\n##")
    analyser = Analyser(grid, 1)
    check_same(analyser, good)
    with pytest.raises(ValueError, match="tiles for a board"):
        analyser.analyse(good + b"\x09")
    with pytest.raises(ValueError, match="unknown tile"):
        analyser.analyse(bytes([1, 9, 9, 99]))
    check_same(analyser, good)


# --- random games and positions -----------------------------------------------------------


@st.composite
def games(draw: st.DrawFn) -> tuple[Level, int, list[tuple[str, int]]]:
    """A board, a seed, and moves: reveals (a loss shows the mines), flags and chords."""
    rows = draw(st.integers(2, 10))
    cols = draw(st.integers(2, 12))
    cells = rows * cols
    mines = draw(st.integers(1, max(1, cells // 4)))
    seed = draw(st.integers(0, 2**32))
    moves = draw(
        st.lists(
            st.tuples(
                st.sampled_from(["reveal", "reveal", "reveal", "mark", "chord"]),
                st.integers(0, cells - 1),
            ),
            max_size=25,
        )
    )
    return Level(rows, cols, mines), seed, moves


@settings(max_examples=300, deadline=None)
@given(games())
def test_kept_analysis_equals_a_fresh_one_move_by_move(
    game_spec: tuple[Level, int, list[tuple[str, int]]],
) -> None:
    level, seed, moves = game_spec
    grid = level.grid
    game = new_game(level, seed=seed)
    analyser = Analyser(grid, level.mines)
    check_same(analyser, game.tiles)
    for kind, cell in moves:
        move = {"reveal": Move.reveal, "mark": Move.mark, "chord": Move.chord}[kind]
        game = apply(game, move(*grid.row_col(cell))).game
        check_same(analyser, game.tiles)
        if game.status is Status.LOST:
            break


@st.composite
def tile_walks(draw: st.DrawFn) -> tuple[Grid, int, list[bytes]]:
    """Arbitrary tiles changed a few cells at a time: often contradictory, sometimes not."""
    rows = draw(st.integers(1, 6))
    cols = draw(st.integers(1, 6))
    grid = Grid(rows, cols)
    kinds = st.sampled_from([0, 1, 2, 3, t.COVERED, t.COVERED, t.COVERED, t.FLAGGED, t.MINE])
    tiles = bytearray(draw(st.lists(kinds, min_size=grid.size, max_size=grid.size)))
    walk = [bytes(tiles)]
    for _ in range(draw(st.integers(1, 8))):
        for cell in draw(st.lists(st.integers(0, grid.size - 1), min_size=1, max_size=4)):
            tiles[cell] = draw(kinds)
        walk.append(bytes(tiles))
    mines = draw(st.integers(0, grid.size))
    return grid, mines, walk


@settings(max_examples=300, deadline=None)
@given(tile_walks())
def test_any_tiles_agree_with_a_fresh_analysis(walk_spec: tuple[Grid, int, list[bytes]]) -> None:
    grid, mines, walk = walk_spec
    analyser = Analyser(grid, mines)
    for tiles in walk:
        check_same(analyser, tiles)


@settings(max_examples=100, deadline=None)
@given(games(), st.lists(st.integers(0, 30), max_size=25))
def test_an_analysis_abandoned_midway_leaves_the_next_one_right(
    game_spec: tuple[Level, int, list[tuple[str, int]]], stops: list[int]
) -> None:
    # The page drops a sliced analysis when the player moves before it ends. Slices of two
    # cells make every step of the work a place where it can be dropped.
    with patch.object(incremental, "SCAN_SLICE", 2), patch.object(incremental, "UPDATE_SLICE", 2):
        abandon_midway(game_spec, stops)


def abandon_midway(game_spec: tuple[Level, int, list[tuple[str, int]]], stops: list[int]) -> None:
    level, seed, moves = game_spec
    grid = level.grid
    game = new_game(level, seed=seed)
    analyser = Analyser(grid, level.mines)
    for (kind, cell), stop in zip(moves, stops + [0] * len(moves), strict=False):
        move = {"reveal": Move.reveal, "mark": Move.mark, "chord": Move.chord}[kind]
        game = apply(game, move(*grid.row_col(cell))).game
        steps = analyser.steps(game.tiles)
        try:
            for _ in range(stop):
                next(steps)
        except (StopIteration, InconsistentError):
            pass
        steps.close()
        if game.status is Status.LOST:
            break
    check_same(analyser, game.tiles)


@settings(max_examples=100, deadline=None)
@given(games(), st.lists(st.integers(0, 30), min_size=2, max_size=2))
def test_two_calls_interleaved_on_different_tiles_are_both_right(
    game_spec: tuple[Level, int, list[tuple[str, int]]], pauses: list[int]
) -> None:
    # The page's overlay and auto-player may each be paused midway through an analysis.
    with patch.object(incremental, "SCAN_SLICE", 2), patch.object(incremental, "UPDATE_SLICE", 2):
        interleave(game_spec, pauses)


def interleave(game_spec: tuple[Level, int, list[tuple[str, int]]], pauses: list[int]) -> None:
    level, seed, moves = game_spec
    grid = level.grid
    game = new_game(level, seed=seed)
    positions = [game.tiles]
    for kind, cell in moves:
        move = {"reveal": Move.reveal, "mark": Move.mark, "chord": Move.chord}[kind]
        game = apply(game, move(*grid.row_col(cell))).game
        positions.append(game.tiles)
    older, newer = positions[len(positions) // 2], positions[-1]
    analyser = Analyser(grid, level.mines)
    kept(analyser, positions[0])  # so that both calls update the state, not scan afresh
    runs = [(analyser.steps(older), older), (analyser.steps(newer), newer)]
    results: dict[bytes, Analysis | None] = {}
    # Each run goes ``pause`` slices ahead, then both are finished, the first one first.
    for limit in (pauses[0], pauses[1]), (None, None):
        for (steps, tiles), pause in zip(runs, limit, strict=True):
            try:
                for _ in range(10**9) if pause is None else range(pause):
                    next(steps)
            except StopIteration as done:
                results.setdefault(tiles, done.value)
            except InconsistentError:
                results.setdefault(tiles, None)
    for tiles in (older, newer):
        assert results[tiles] == from_scratch(grid, level.mines, tiles)


def test_a_big_board_is_kept_up_in_slices() -> None:
    level = Level(120, 120, 1440)
    grid = level.grid
    game = apply(new_game(level, seed=11), Move.reveal(60, 60)).game
    analyser = Analyser(grid, level.mines)
    slices = sum(1 for _ in analyser.steps(game.tiles))
    assert slices > 3  # the scan of 14,400 cells alone is cut into slices
    for _ in range(20):
        cell = min(analyser.analyse(game.tiles).safe)
        game = apply(game, Move.reveal(*grid.row_col(cell))).game
        check_same(analyser, game.tiles)
