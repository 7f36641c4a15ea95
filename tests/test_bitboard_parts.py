"""A mask's parts, grown on bands of rows (for a huge board), are the parts grown on the
whole board; the openings they make give the same 3BV, in slices of bounded work."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Level, Move, Status, apply, new_game
from engine import tiles as t
from engine.bitboard import WORK_A_SLICE, Bitboard
from engine.game import deal_steps
from engine.grid import Grid
from engine.layout import Layout
from engine.stats import solved_three_bv, three_bv
from engine.steps import drain


def whole_board_parts(board: Bitboard, mask: int) -> list[int]:
    """The reference: each part grown from its lowest cell on the whole board."""
    found = []
    while mask:
        part = board.grow(mask & -mask, mask)
        mask &= ~part
        found.append(part)
    return found


@settings(max_examples=150, deadline=None)
@given(
    rows=st.integers(1, 70),
    cols=st.integers(1, 12),
    density=st.floats(0.05, 0.95),
    seed=st.integers(0, 2**32),
)
def test_parts_on_bands_are_the_parts_grown_on_the_whole_board(
    rows: int, cols: int, density: float, seed: int
) -> None:
    grid = Grid(rows, cols)
    board = Bitboard(grid)
    pick = random.Random(seed)
    mask = board.mask_of_cells([c for c in range(grid.size) if pick.random() < density])
    parts = [part for part in board.parts(mask) if part is not None]
    assert [bits << shift for shift, bits in parts] == whole_board_parts(board, mask)


def test_a_board_wide_opening_is_grown_in_slices_of_bounded_work() -> None:
    """One opening over a 1000x1000 board (one mine): hundreds of rings, in slices."""
    level = Level(1000, 1000, 1)
    layout = apply(new_game(level, seed=1), Move.reveal(500, 500)).game.layout
    assert layout is not None
    steps = list(layout.bitboard.parts(layout.zero_mask))
    assert steps.count(None) > 10  # slices between the rings
    ((shift, bits),) = [part for part in steps if part is not None]
    assert bits << shift == layout.zero_mask
    assert WORK_A_SLICE < 1_000_000 * 40  # a slice is some rings, not the whole flood


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), mines=st.integers(1, 300), opened=st.integers(0, 50))
def test_3bv_and_solved_3bv_as_counted_on_the_whole_board(
    seed: int, mines: int, opened: int
) -> None:
    level = Level(60, 20, mines)
    game = apply(new_game(level, seed), Move.reveal(30, 10)).game
    layout = game.layout
    assert layout is not None
    board = layout.bitboard
    zeros = whole_board_parts(board, layout.zero_mask)
    isolated = (layout.safe_mask & ~board.dilate(layout.zero_mask)).bit_count()
    assert three_bv(layout) == len(zeros) + isolated
    # Open a few more safe cells, then count what is solved as the whole board counts it.
    pick = random.Random(seed)
    safe = [c for c in range(level.grid.size) if c not in layout.mines]
    for cell in pick.sample(safe, min(opened, len(safe))):
        game = apply(game, Move.reveal(*level.grid.row_col(cell))).game
    tiles = game.tiles
    unopened_zeros = (
        board.mask_of_cells(
            [c for c in range(level.grid.size) if layout.counts[c] == 0 and tiles[c] > 8]
        )
        & layout.zero_mask
    )
    opened_isolated = board.mask_of_cells([c for c in range(level.grid.size) if tiles[c] <= 8])
    expected = (
        sum(1 for part in zeros if not part & unopened_zeros)
        + (layout.safe_mask & ~board.dilate(layout.zero_mask) & opened_isolated).bit_count()
    )
    assert solved_three_bv(Layout(level, layout.mines), tiles) == expected


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    mines=st.integers(5, 200),
    marks=st.lists(st.tuples(st.integers(0, 29), st.integers(0, 29)), max_size=30),
)
def test_a_loss_shows_every_hidden_mine_as_the_cells_one_by_one_would(
    seed: int, mines: int, marks: list[tuple[int, int]]
) -> None:
    """A lost game's mines are shown a whole board at a time (0.18 s of CPython for the
    100,000 mines of a 1000x1000 board, cell by cell): the same tiles as cell by cell."""
    level = Level(30, 30, mines)
    game = apply(new_game(level, seed), Move.reveal(15, 15)).game
    for row, col in marks:  # flags and question marks, some on mines, some not
        game = apply(game, Move.mark(row, col)).game
    layout = game.layout
    assert layout is not None
    mine = next((m for m in sorted(layout.mines) if game.tiles[m] == t.COVERED), None)
    if mine is None or game.status.is_over:
        return
    before = game.tiles
    outcome = apply(game, Move.reveal(*level.grid.row_col(mine)))
    expected = bytearray(before)
    expected[mine] = t.EXPLODED
    for cell in layout.mines:
        if expected[cell] in (t.COVERED, t.QUESTIONED):
            expected[cell] = t.MINE
    for cell, tile in enumerate(before):
        if tile == t.FLAGGED and cell not in layout.mines:
            expected[cell] = t.WRONG_FLAG
    assert outcome.game.tiles == bytes(expected)
    assert set(outcome.changed) == {c for c in range(level.grid.size) if expected[c] != before[c]}


def test_a_first_reveal_dealt_in_slices_floods_with_the_part_grown_ahead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One mine on a 1000x1000 board: the first reveal's flood (500 rings, 0.13 s of
    CPython in the click's own task) is grown while the mines are dealt."""
    level = Level(1000, 1000, 1)
    game = new_game(level, seed=1)
    first = Move.reveal(5, 5)
    dealt = drain(deal_steps(game, level.grid.index(5, 5)))

    def no_growing(*_args: object) -> int:
        raise AssertionError("the flood was grown again in the click")

    monkeypatch.setattr(Bitboard, "grow", no_growing)
    won = apply(dealt, first).game
    assert won.status is Status.WON and won.opened == level.cells - 1


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    mines=st.integers(1, 60),
    flags=st.lists(st.tuples(st.integers(0, 19), st.integers(0, 19)), max_size=12),
)
def test_a_first_reveal_dealt_ahead_opens_what_it_opens_undealt_flags_and_all(
    seed: int, mines: int, flags: list[tuple[int, int]]
) -> None:
    """Flags placed before the first reveal may cut its opening: the part grown ahead is
    used only when none does."""
    level = Level(20, 20, mines)
    game = new_game(level, seed)
    for row, col in flags:
        if (row, col) != (10, 10):
            game = apply(game, Move.mark(row, col)).game
    dealt = drain(deal_steps(game, level.grid.index(10, 10)))
    assert apply(dealt, Move.reveal(10, 10)) == apply(game, Move.reveal(10, 10))
