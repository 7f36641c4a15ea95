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

import math
import random
import time
from typing import Any

import pytest

from engine import Layout, Level, Move, apply, new_game, three_bv
from engine.solver import analyse
from engine.tiles import is_covered
from engine.zini import hzini, zini
from play.review.summary import review_summary
from play.videos.replay_files import read_replay
from tests.helpers import shared_replay

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
            ours = (three_bv(layout), len(layout.openings), zini(layout), hzini(layout))
            theirs = (ms.cal_bbbv(board), ms.cal_op(board), ms.cal_zini(board), ms.cal_hzini(board))
            assert ours == theirs, layout.to_text()
            checked += 1
    assert checked == 4 * BOARDS_PER_KIND


def test_3bv_openings_zini_and_hzini_of_a_known_board() -> None:
    """Known answers, so that a shared mistake of both libraries cannot hide."""
    layout = Layout.from_text("...\n**.\n...")
    assert (three_bv(layout), len(layout.openings), zini(layout), hzini(layout)) == (7, 0, 5, 7)
    assert ms.cal_zini(ms_board(layout)) == 5


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


# --- a whole game's counters, against ms-toollib's reading of the same video -----------------

NAMES = ("test_subject.avf", "test_subject.evf", "test_subject.rmv")
VIDEOS = 40
"""Videos generated by ms-toollib, each a game of random clicks of every kind."""
PIXELS = 16
"""A generated video's cell size."""


def their_reading(video: Any) -> dict[str, float]:
    """What ms-toollib makes of a parsed video: its clicks and counters at the game's end."""
    video.analyse()
    video.current_time = 999_999.0
    return {
        "left": video.left,
        "right": video.right,
        "chord": video.double,
        "clicks": video.cl,
        "effective": video.ce,
        "3BV": video.bbbv,
        "3BV solved": video.bbbv_solved,
        "time": video.rtime,
        "3BV/s": video.bbbv_s,
        "IOE": video.ioe,
        "correctness": video.corr,
        "throughput": video.thrp,
        "RQP": video.rqp,
        "STNB": video.stnb,
        "ZiNi": video.zini,
        "HZiNi": video.hzini,
    }


def our_reading(data: bytes, name: str) -> dict[str, float | None]:
    """What our review's summary says of the same video (its counters need no move judged)."""
    game = read_replay(data, name)
    c = review_summary(game, ()).counters
    assert c is not None
    return {
        "left": c.clicks.left,
        "right": c.clicks.right,
        "chord": c.clicks.chord,
        "clicks": c.clicks.total,
        "effective": c.clicks.effective,
        "3BV": c.bbbv,
        "3BV solved": c.solved_bbbv,
        "time": c.seconds,
        "3BV/s": c.bbbv_per_second,
        "IOE": c.ioe,
        "correctness": c.correctness,
        "throughput": c.throughput,
        "RQP": c.rqp,
        "STNB": c.stnb,
        "ZiNi": c.zini,
        "HZiNi": c.hzini,
    }


def assert_same(ours: dict[str, float | None], theirs: dict[str, float], what: str) -> None:
    """Equal counters; where ours is None (nothing to divide by), ms-toollib's is 0, infinite
    or not a number."""
    for key, value in theirs.items():
        if key == "STNB" and value == 0.0:
            continue  # ms-toollib has no STNB for 9x9 (see the module's docstring)
        mine = ours[key]
        if mine is None:
            assert value in (0.0, math.inf) or math.isnan(value), (what, key, ours, theirs)
        else:
            assert mine == pytest.approx(value, rel=1e-9, abs=1e-9), (what, key, ours, theirs)


@pytest.mark.parametrize("name", NAMES)
def test_every_counter_of_the_real_replays_equals_ms_toollib(name: str) -> None:
    """test_subject.rmv has two presses released just off the board (pixel 128,128 for
    ms-toollib): clicks for the field, so IOE 10/19 and correctness 13/19."""
    path = shared_replay(name)
    data = path.read_bytes()
    video = {"avf": ms.AvfVideo, "evf": ms.EvfVideo, "rmv": ms.RmvVideo}[name[-3:]](
        raw_data=list(data)
    )
    video.parse()
    assert_same(our_reading(data, name), their_reading(video), name)


def random_video(rng: random.Random) -> bytes:
    """A game played with ms-toollib's own recorder (``BaseVideo``) by random clicks of every
    kind: left clicks on covered and open cells, flags on mines and safe cells, unflags and
    flags again, chords that open and chords that do nothing, presses released off the board
    (ms-toollib's pixel for that: one past the last row and column), then every cell opened
    in turn until the game ends (won, or lost on a mine). An EVF file (version 3)."""
    rows, cols = rng.choice([(8, 8), (9, 9), (16, 16), (16, 30), (5, 12)])
    mines = {(8, 8): 10, (9, 9): 10, (16, 16): 40, (16, 30): 99}.get((rows, cols), 9)
    layout = Layout(Level(rows, cols, mines), frozenset(rng.sample(range(rows * cols), mines)))
    board = ms_board(layout)
    video = ms.BaseVideo(board, PIXELS)
    off = (rows * PIXELS, cols * PIXELS)

    def at(cell: tuple[int, int]) -> tuple[int, int]:
        return (cell[0] * PIXELS + rng.randrange(PIXELS), cell[1] * PIXELS + rng.randrange(PIXELS))

    def press(*steps: tuple[str, tuple[int, int]]) -> None:
        for kind, where in steps:
            if video.game_board_state in (3, 4):  # won or lost: the recording has ended
                return
            # The recorder keeps the real time in whole milliseconds: each event gets one
            # of its own, since the oracles read the video at each distinct time (two
            # events in one millisecond, a flag placed and taken off, would be read as one).
            time.sleep(0.0011)
            video.step(kind, where)

    def random_cell() -> tuple[int, int]:
        return rng.randrange(rows), rng.randrange(cols)

    if rng.random() < 0.3:  # a flag before the first click
        flag = at(random_cell())
        press(("rc", flag), ("rr", flag))
    first = at(random_cell())
    press(("lc", first), ("lr", first))
    for _ in range(rng.randrange(10, 60)):
        choice, cell = rng.random(), random_cell()
        if choice < 0.35:
            press(("lc", at(cell)), ("lr", at(cell)))
        elif choice < 0.6:
            press(("rc", at(cell)), ("rr", at(cell)))
        elif choice < 0.8:
            where = at(cell)
            press(("lc", where), ("rc", where), ("rr", where), ("lr", where))
        elif choice < 0.9:
            press(("lc", at(cell)), ("lr", off))
        else:
            press(("rc", off), ("rr", off))
    careful = rng.random() < 0.5  # open only safe cells: the game is won
    for r in range(rows):
        for c in range(cols):
            shown = video.game_board[r][c]
            if careful and board[r][c] == -1:
                continue
            if shown == 11:  # a flag: off first
                press(("rc", at((r, c))), ("rr", at((r, c))))
            if shown >= 10:
                press(("lc", at((r, c))), ("lr", at((r, c))))
    assert video.game_board_state in (3, 4)
    video.generate_evf_v3_raw_data()
    return bytes(video.raw_data)


def test_every_counter_of_generated_videos_equals_ms_toollib() -> None:
    rng = random.Random(25)
    won = 0
    for number in range(VIDEOS):
        data = random_video(rng)
        video = ms.EvfVideo(raw_data=list(data))
        video.parse()
        theirs = their_reading(video)
        assert_same(our_reading(data, f"generated-{number}.evf"), theirs, f"video {number}")
        won += theirs["3BV solved"] == theirs["3BV"]
    assert 0 < won < VIDEOS  # games won and games lost


# --- the field's click rules, one by one (known answers, ms-toollib's) ---------------------


def effective_after(board: str, *moves: str) -> tuple[int, int]:
    """(clicks, effective clicks) after ``moves`` on ``board``."""
    game = new_game(layout=Layout.from_text(board), question_marks=False)
    for text in moves:
        game = apply(game, Move.parse(text)).game
    return game.clicks.total, game.clicks.effective


def test_only_the_first_flag_on_a_mine_is_an_effective_click() -> None:
    board = "*..\n...\n..*"
    assert effective_after(board, "O1,1", "F0,0") == (2, 2)
    assert effective_after(board, "O1,1", "F0,0", "F0,0") == (3, 2)  # unflagged: wasted
    assert effective_after(board, "O1,1", "F0,0", "F0,0", "F0,0") == (4, 2)  # again: wasted
    assert effective_after(board, "O1,1", "F0,1") == (2, 1)  # a flag on a safe cell: wasted


def test_a_reveal_that_loses_is_no_effective_click_but_a_chord_that_loses_is() -> None:
    board = "*..\n...\n..*"
    assert effective_after(board, "O1,1", "O0,0") == (2, 1)
    assert effective_after(board, "O1,1", "F0,1", "F2,2", "C1,1") == (4, 3)  # a wrong flag


def test_an_open_zero_chords_the_neighbour_a_flag_kept_covered() -> None:
    board = "....\n....\n...*"
    game = new_game(layout=Layout.from_text(board), question_marks=False)
    for text in ("F0,1", "O0,0", "F0,1"):  # flagged while the zeros flooded, then unflagged
        game = apply(game, Move.parse(text)).game
    assert is_covered(game.tile(0, 1))
    chorded = apply(game, Move.chord(0, 0)).game
    assert chorded.tile(0, 1) == 0 and chorded.status.value == "won"
    assert chorded.clicks.effective == game.clicks.effective + 1


def test_an_opening_is_solved_once_its_zeros_are_open_whatever_flags_its_border() -> None:
    from engine.stats import solved_three_bv

    layout = Layout.from_text("...*\n...*\n**.*")  # one opening; (0,2) a number on its border
    game = new_game(layout=layout, question_marks=False)
    for text in ("F0,2", "O0,0"):  # a wrong flag keeps (0,2) covered
        game = apply(game, Move.parse(text)).game
    assert is_covered(game.tile(0, 2))
    assert solved_three_bv(layout, game.tiles) == 1
