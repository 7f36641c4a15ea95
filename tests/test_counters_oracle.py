"""Our board counters and solver against ms-toollib, an independent implementation (Rust).

ms-toollib (pinned in requirements-dev.lock, a compiled wheel used by tests only) computes
3BV (``cal_bbbv``), openings (``cal_op``), ZiNi (``cal_zini``), HZiNi (``cal_hzini``) and mine
probabilities (``cal_probability_onboard``). Its boards are lists of rows, -1 for a mine;
its game boards show 10 for a covered cell.

Differences on purpose, not tested as equal:

- ms-toollib gives no STNB for 9x9 beginner (0.0: its constants are for the 8x8 beginner of
  the rankings); ours gives 9x9 the beginner constant (see :mod:`engine.counters`).
- Flags are given to ms-toollib as covered cells (10): it would take an 11 as a mine it may
  "correct", while our solver, like a player's view, takes flags for opinions.
"""

from __future__ import annotations

import random

import pytest

from engine import Layout, Level, Move, apply, new_game
from engine.counters import board_figures
from engine.solver import analyse
from engine.tiles import is_covered

ms = pytest.importorskip("ms_toollib")

BOARDS_PER_KIND = 750
"""Boards per kind (beginner, intermediate, expert, random custom): 3,000 in all."""
POSITIONS = 400
"""Random positions whose probabilities are compared."""


def ms_board(layout: Layout) -> list[list[int]]:
    cols, counts = layout.level.cols, layout.counts
    return [
        [-1 if r * cols + c in layout.mines else counts[r * cols + c] for c in range(cols)]
        for r in range(layout.level.rows)
    ]


def random_layout(rng: random.Random, kind: int) -> Layout:
    if kind < 3:
        rows, cols, mines = [(9, 9, 10), (16, 16, 40), (16, 30, 99)][kind]
    else:
        rows, cols = rng.randint(1, 24), rng.randint(2, 30)
        mines = rng.randint(1, max(1, rows * cols * 2 // 5))
    return Layout(Level(rows, cols, mines), frozenset(rng.sample(range(rows * cols), mines)))


def test_3bv_openings_zini_and_hzini_equal_ms_toollib_on_3000_boards() -> None:
    rng = random.Random(2026)
    checked = 0
    for kind in range(4):
        for _ in range(BOARDS_PER_KIND):
            layout = random_layout(rng, kind)
            board = ms_board(layout)
            ours = board_figures(layout)
            theirs = (ms.cal_bbbv(board), ms.cal_op(board), ms.cal_zini(board), ms.cal_hzini(board))
            assert (ours.bbbv, ours.openings, ours.zini, ours.hzini) == theirs, layout.to_text()
            checked += 1
    assert checked == 4 * BOARDS_PER_KIND


def test_board_figures_of_a_known_board() -> None:
    """Known answers, so that a shared mistake of both libraries cannot hide."""
    layout = Layout.from_text("...\n**.\n...")
    assert board_figures(layout).bbbv == 7
    assert ms.cal_zini(ms_board(layout)) == 5
    assert board_figures(layout).zini == 5


def random_position(rng: random.Random) -> tuple[Layout, bytes]:
    """A layout and the tiles after a first click and some random safe reveals and flags."""
    level = rng.choice([Level(9, 9, 10), Level(16, 16, 40), Level(16, 30, 99), Level(8, 8, 10)])
    game = new_game(level, seed=rng.randrange(10**9), question_marks=False)
    first = rng.randrange(level.rows), rng.randrange(level.cols)
    game = apply(game, Move.reveal(*first)).game
    assert game.layout is not None
    safe = [c for c in range(level.cells) if c not in game.layout.mines]
    for cell in rng.sample(safe, rng.randint(0, 6)):
        game = apply(game, Move.reveal(*divmod(cell, level.cols))).game
    for cell in rng.sample(sorted(game.layout.mines), rng.randint(0, 3)):
        game = apply(game, Move.mark(*divmod(cell, level.cols))).game
    return game.layout, game.tiles


def test_probabilities_equal_ms_toollib_to_1e_9_on_random_positions() -> None:
    rng = random.Random(19)
    compared = 0
    for _ in range(POSITIONS):
        layout, tiles = random_position(rng)
        level = layout.level
        if not any(is_covered(tile) for tile in tiles):
            continue  # won already: nothing covered to compare
        view = [
            [
                tiles[r * level.cols + c] if tiles[r * level.cols + c] <= 8 else 10
                for c in range(level.cols)
            ]
            for r in range(level.rows)
        ]
        theirs, _ = ms.cal_probability_onboard(view, level.mines)
        ours = analyse(level.grid, level.mines, tiles)
        assert ours.exact
        for cell, p in ours.probability.items():
            r, c = divmod(cell, level.cols)
            assert abs(p - theirs[r][c]) <= 1e-9, (layout.to_text(), cell, p, theirs[r][c])
            compared += 1
    assert compared > 50 * POSITIONS
