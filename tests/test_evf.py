"""Our games written as EVF files (play/videos/evf.py), read by ms-toollib, the field's own library
(a test dependency only), as the oracle: the same board, time, 3BV, clicks and result."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Level, Move, Record, Status, apply, three_bv
from engine.record import LEFT, PATH_CELL_PX, RIGHT, PointerSample
from play.videos.evf import EvfError, evf_of_record, mouse_of_record
from play.videos.replay_files import read_replay
from tests.test_counters_oracle import their_reading

ms = pytest.importorskip("ms_toollib")

BOARDS = [(9, 9, 10), (16, 16, 40), (16, 30, 99), (5, 12, 9), (1, 6, 1)]


def played(level: Level, seed: int, tries: list[tuple[int, int, int, int]]) -> Record:
    """The record of ``tries`` (kind, row, col, milliseconds after the last) played on a
    board dealt from ``seed``, question marks off, from a first reveal; moves the engine
    ignores are left out, as the session leaves them out."""
    record = Record(level, seed, question_marks=False)
    game, ms_now = record.new_game(), 0
    makers = (Move.reveal, Move.mark, Move.chord)
    for kind, row, col, wait in [(0, level.rows // 2, level.cols // 2, 0), *tries]:
        if game.status.is_over:
            break
        move = makers[kind](row % level.rows, col % level.cols)
        outcome = apply(game, move)
        if outcome.game is game:
            continue
        ms_now += wait if game.status is not type(game.status).READY else 0
        game, record = outcome.game, record.add(move, ms_now)
    return record


def read_by_ms_toollib(data: bytes) -> Any:
    video = ms.EvfVideo(raw_data=list(data))
    video.parse()
    return video


def assert_ms_toollib_reads_our_game(record: Record, data: bytes) -> None:
    game = record.replay()
    assert game.layout is not None
    video = read_by_ms_toollib(data)
    board = [
        [-1 if r * game.level.cols + c in game.layout.mines else 0 for c in range(game.level.cols)]
        for r in range(game.level.rows)
    ]
    assert [[-1 if v == -1 else 0 for v in row] for row in video.board] == board
    theirs = their_reading(video)
    clicks = game.clicks
    ours = {
        "left": clicks.left,
        "right": clicks.right,
        "chord": clicks.chord,
        "clicks": clicks.total,
        "effective": clicks.effective,
        "3BV": three_bv(game.layout),
        "time": record.moves[-1].ms / 1000,
    }
    assert {key: theirs[key] for key in ours} == ours
    won = game.status is Status.WON
    assert (theirs["3BV solved"] == theirs["3BV"]) == won
    assert video.is_completed == won


moves = st.lists(
    st.tuples(st.integers(0, 2), st.integers(0, 29), st.integers(0, 29), st.integers(0, 3000)),
    max_size=80,
)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(BOARDS), st.integers(0, 2**32), moves)
def test_ms_toollib_reads_the_board_time_3bv_clicks_and_result_of_our_games(
    board: tuple[int, int, int], seed: int, tries: list[tuple[int, int, int, int]]
) -> None:
    record = played(Level(*board), seed, tries)
    assert_ms_toollib_reads_our_game(record, evf_of_record(record, player="Ada"))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(BOARDS), st.integers(0, 2**32), moves, st.data())
def test_a_games_pointer_path_goes_into_its_file_and_changes_no_figure(
    board: tuple[int, int, int], seed: int, tries: list[tuple[int, int, int, int]], data: Any
) -> None:
    """The pointer's recorded moves, presses included, anywhere on or off the board."""
    record = played(Level(*board), seed, tries)
    end = record.moves[-1].ms
    level = record.level
    samples = data.draw(
        st.lists(
            st.tuples(
                st.integers(0, end + 100),
                st.integers(-20, level.cols * PATH_CELL_PX + 20),
                st.integers(-20, level.rows * PATH_CELL_PX + 20),
                st.integers(0, 3),
            ),
            max_size=200,
        )
    )
    path = tuple(PointerSample(*s) for s in sorted(samples))
    with_path = record.with_path(path)
    data_bytes = evf_of_record(with_path)
    assert_ms_toollib_reads_our_game(with_path, data_bytes)
    moved = sum(1 for e in mouse_of_record(with_path) if e.kind == "mv")
    assert moved == sum(1 for s in path if s.ms <= end)


def test_a_click_is_where_the_pointer_was_and_pressed_when_its_button_went_down() -> None:
    record = Record(Level(9, 9, 10), 7).add(Move.reveal(4, 4), 0).add(Move.mark(0, 0), 900)
    path = (
        PointerSample(0, 70, 75, LEFT),
        PointerSample(400, 20, 20, 0),
        PointerSample(850, 3, 5, RIGHT),
    )
    events = [(e.kind, e.ms, e.x, e.y) for e in mouse_of_record(record.with_path(path))]
    assert events == [
        ("mv", 0, 70, 75),
        ("lc", 0, 70, 75),
        ("lr", 0, 70, 75),
        ("mv", 400, 20, 20),
        ("mv", 850, 3, 5),
        ("rc", 900, 3, 5),
        ("rr", 900, 3, 5),
    ]
    chord = Record(Level(9, 9, 10), 7).add(Move.reveal(4, 4), 0).add(Move.chord(4, 4), 700)
    pressed = (PointerSample(300, 72, 72, 0), PointerSample(500, 72, 72, LEFT | RIGHT))
    kinds = [(e.kind, e.ms) for e in mouse_of_record(chord.with_path(pressed))]
    assert kinds[-4:] == [("lc", 500), ("rc", 500), ("rr", 700), ("lr", 700)]


def test_a_game_with_no_board_yet_or_too_big_for_the_format_is_said_not_written() -> None:
    with pytest.raises(EvfError, match="no board yet"):
        evf_of_record(Record(Level(9, 9, 10), 1))
    big = Record(Level(300, 10, 10), 1).add(Move.reveal(0, 0), 0)
    with pytest.raises(EvfError, match="up to 255x255"):
        evf_of_record(big)


def test_our_file_reads_back_with_our_own_reader_to_the_same_moves() -> None:
    record = played(Level(16, 30, 99), 5, [(0, r, c, 200) for r in range(16) for c in range(30)])
    back = read_replay(evf_of_record(record, player="Zoë"), "ours.evf")
    assert back.moves == tuple(m for m in record.moves)
    assert back.player == "Zoë"
    assert back.layout == record.replay().layout
