"""Replay files of other clones (RMV, AVF, EVF) read into our moves.

The three real games of ``../shared/replays/`` (outside the repository, never copied into it:
the tests skip without them) are checked for their board, mines, number of moves and result,
and against ms-toollib's own reading of the same files (its board, its left, right and chord
clicks). Damaged input of every kind must give a :class:`ReplayFileError`, nothing else.
"""

from __future__ import annotations

import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Action, Clicks, Move, Status, apply
from engine.stats import three_bv
from play.videos.replay_files import (
    DamagedReplayError,
    Format,
    ImportedGame,
    NotAReplayError,
    ReplayFileError,
    read_replay,
)
from play.videos.replay_mouse import MouseEvent, moves_from_mouse
from tests.helpers import game_on, shared_replay

NAMES = ("test_subject.avf", "test_subject.evf", "test_subject.rmv")


def real(name: str) -> bytes:
    path = shared_replay(name)
    return path.read_bytes()


def final(game: ImportedGame):  # type: ignore[no-untyped-def]
    state = game.new_game()
    for timed in game.moves:
        assert isinstance(timed.move, Move)
        state = apply(state, timed.move).game
    return state


# name: (format, level, some mines as (row, col), moves, left, right, chords, file 3BV, ms)
EXPECTED = {
    "test_subject.avf": (Format.AVF, "8x8/10", {(1, 2), (3, 0), (7, 5)}, 36, 3, 7, 26, 28, 5410),
    "test_subject.evf": (
        Format.EVF, "30x16/99", {(0, 15), (15, 25), (8, 27)}, 334, 29, 98, 207, 167, 69597,
    ),
    "test_subject.rmv": (Format.RMV, "8x8/10", {(1, 3), (7, 6), (4, 4)}, 17, 17, 0, 0, 10, 4153),
}  # fmt: skip


@pytest.mark.parametrize("name", NAMES)
def test_real_files_give_their_board_moves_and_result(name: str) -> None:
    fmt, level, some_mines, moves, left, right, chords, bbbv, ms = EXPECTED[name]
    game = read_replay(real(name), name)
    assert game.format is fmt
    assert str(game.layout.level) == level
    cols = game.layout.level.cols
    assert some_mines <= {divmod(cell, cols) for cell in game.layout.mines}
    assert len(game.moves) == moves
    end = final(game)
    assert end.status is Status.WON
    assert (end.clicks.left, end.clicks.right, end.clicks.chord) == (left, right, chords)
    assert three_bv(game.layout) == bbbv  # the 3BV each file's header gives
    first_reveal = next(m.ms for m in game.moves if m.move.kind is Action.REVEAL)  # type: ignore[union-attr]
    assert game.moves[-1].ms - first_reveal == game.file_ms == ms  # the clones' clocks agree
    assert not game.question_marks


@pytest.mark.parametrize("name", NAMES)
def test_real_files_agree_with_ms_toollib(name: str) -> None:
    """ms-toollib reads the same file its own way: the same board, the same clicks.

    Viennasweeper recorded two left clicks released off the board (at x = -5 and at
    y = 137 on a 128-pixel board): clicks for the field, though no move can hold them.
    """
    ms = pytest.importorskip("ms_toollib")
    data = real(name)
    video = {"avf": ms.AvfVideo, "evf": ms.EvfVideo, "rmv": ms.RmvVideo}[name[-3:]](
        raw_data=list(data)
    )
    video.parse()
    video.analyse()
    video.current_time = 999.999
    game = read_replay(data, name)
    cols = game.layout.level.cols
    theirs = {(r, c) for r, row in enumerate(video.board) for c, v in enumerate(row) if v == -1}
    assert {divmod(cell, cols) for cell in game.layout.mines} == theirs
    end, off = final(game), game.off_board
    assert off.left == (2 if name.endswith(".rmv") else 0)
    assert (end.clicks.left + off.left, end.clicks.right + off.right, end.clicks.chord) == (
        video.left, video.right, video.double,
    )  # fmt: skip
    assert end.clicks.effective == video.ce


def test_rmv_board_events_show_the_numbers_of_our_layout() -> None:
    """Viennasweeper also records what each cell showed: our layout must show the same."""
    from sweeping_view.rmv import RMVReplay

    data = real("test_subject.rmv")
    replay = RMVReplay.from_bytes(data)
    game = read_replay(data, "test_subject.rmv")
    shown = [
        (e["row"], e["col"], int(e["subtype"][5:]))
        for e in replay.events
        if e["type"] == "board" and e["subtype"][5:].isdigit()
    ]
    assert len(shown) > 30
    cols = game.layout.level.cols
    assert all(game.layout.counts[r * cols + c] == n for r, c, n in shown)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("cut", [0, 1, 3, 10, 40, 100, 200, 400, 800, -200, -40, -1])
def test_a_cut_short_file_is_named_damaged_or_lost_only_its_trailer(name: str, cut: int) -> None:
    """Cut anywhere, a file is said to be damaged, unless only text after the game went
    (Arbiter's player name and version come last): then the game is whole."""
    whole = read_replay(real(name), name)
    try:
        game = read_replay(real(name)[:cut], name)
    except ReplayFileError as error:
        assert str(error).startswith(name)
    else:
        assert (game.layout, game.moves) == (whole.layout, whole.moves)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_cut_or_damaged_byte_gives_a_replay_or_our_error(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(NAMES))
    raw = bytearray(real(name))
    cut = data.draw(st.integers(0, len(raw)))
    for _ in range(data.draw(st.integers(0, 3))):
        raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
    try:
        game = read_replay(bytes(raw[:cut]) if cut < len(raw) else bytes(raw), name)
    except ReplayFileError as error:
        assert name in str(error) and "\n" not in str(error)
    else:
        assert game.moves and game.layout.level.mines == len(game.layout.mines)


@settings(max_examples=200, deadline=None)
@given(
    raw=st.binary(max_size=3000),
    name=st.sampled_from(["x.rmv", "x.avf", "x.evf", "x.txt", "", "x.RMV"]),
    magic=st.sampled_from([b"", b"*rmv", b"\x03", b"\x34"]),
)
def test_random_bytes_give_our_error(raw: bytes, name: str, magic: bytes) -> None:
    with pytest.raises(ReplayFileError):
        read_replay(magic + raw, name)


def test_errors_name_the_problem() -> None:
    with pytest.raises(NotAReplayError, match=r"notes\.txt is not a replay file"):
        read_replay(b"\x89PNG...", "notes.txt")
    with pytest.raises(DamagedReplayError, match="EVF file of version 4: only version 3"):
        read_replay(b"\x04" + bytes(100), "new.evf")
    with pytest.raises(DamagedReplayError, match="ends too early"):
        read_replay(b"*rmv\x00\x01", "a.rmv")
    with pytest.raises(NotAReplayError, match="too large"):
        read_replay(bytes(17 * 1024 * 1024), "big.avf")


# --- the mouse, click by click ------------------------------------------------------------


def events(*spec: tuple[str, int, int]) -> list[MouseEvent]:
    """Events at 16-pixel cells: (kind, row, col), 100 ms apart."""
    return [MouseEvent(k, 100 * i, 16 * c + 5, 16 * r + 5) for i, (k, r, c) in enumerate(spec)]


def texts(spec: list[MouseEvent], board: str = "...\n.*.\n...\n...") -> list[str]:
    moves, _, _, _ = moves_from_mouse(spec, game_on(board, question_marks=False), 16)
    return [str(m.move) for m in moves]


def test_a_left_click_opens_where_the_button_comes_up() -> None:
    assert texts(events(("lc", 0, 0), ("mv", 0, 1), ("lr", 3, 2))) == ["O3,2"]


def test_a_right_press_flags_at_once_and_its_release_does_nothing() -> None:
    assert texts(events(("lc", 3, 0), ("lr", 3, 0), ("rc", 1, 1), ("rr", 1, 1))) == [
        "O3,0",
        "F1,1",
    ]


def test_both_buttons_chord_where_the_first_comes_up() -> None:
    spec = events(
        ("lc", 3, 0), ("lr", 3, 0), ("rc", 1, 1), ("rr", 1, 1),
        ("lc", 2, 2), ("rc", 2, 2), ("rr", 2, 1), ("lr", 0, 0),
    )  # fmt: skip
    assert texts(spec) == ["O3,0", "F1,1", "C2,1"]


def test_a_right_press_on_an_open_cell_that_becomes_a_chord_is_no_right_click() -> None:
    opened = events(("lc", 3, 0), ("lr", 3, 0))
    alone = texts([*opened, *events(("rc", 2, 0), ("rr", 2, 0))[0:2]])
    assert alone == ["O3,0", "F2,0"]  # a right click on an open cell: nothing, but a click
    chord = [MouseEvent("rc", 500, 5, 37), MouseEvent("lc", 600, 5, 37)]
    chord += [MouseEvent("lr", 700, 5, 37), MouseEvent("rr", 800, 5, 37)]
    assert texts([*opened, *chord]) == ["O3,0", "C2,0"]


def test_clicks_off_the_board_and_chords_before_the_first_reveal_are_left_out() -> None:
    spec = [MouseEvent("lc", 0, -3, 5), MouseEvent("lr", 10, -3, 5)]
    spec += events(("cc", 0, 0), ("lr", 0, 0), ("rr", 0, 0), ("lc", 3, 2), ("lr", 3, 2))
    assert texts(spec) == ["O3,2"]


def test_presses_released_off_the_board_are_clicks_but_no_moves() -> None:
    """As ms-toollib counts them: a left press released off the board, a right press off it
    (unless both buttons make it a chord), once the game has begun."""
    before = [MouseEvent("lc", 0, 5, 5), MouseEvent("lr", 10, 5, 200)]  # nothing begun yet
    opened = events(("lc", 3, 0), ("lr", 3, 0))
    off = [MouseEvent("lc", 500, 5, 5), MouseEvent("lr", 600, 200, 5)]
    off += [MouseEvent("rc", 700, -3, 5), MouseEvent("rr", 800, -3, 5)]
    off += [MouseEvent("rc", 900, -3, 5), MouseEvent("lc", 950, -3, 5)]  # a chord off it
    off += [MouseEvent("lr", 990, -3, 5), MouseEvent("rr", 999, -3, 5)]
    start = game_on("...\n.*.\n...\n...", question_marks=False)
    moves, _, off_board, _ = moves_from_mouse([*before, *opened, *off], start, 16)
    assert [str(m.move) for m in moves] == ["O3,0"]
    assert off_board == Clicks(left=1, right=1)


def test_middle_button_and_metasweeper_toggles_chord() -> None:
    spec = events(
        ("l", 3, 0), ("l", 3, 0), ("r", 1, 1), ("r", 1, 1), ("mc", 2, 1), ("mr", 2, 1),
    )  # fmt: skip
    assert texts(spec) == ["O3,0", "F1,1", "C2,1"]


def test_the_first_release_without_a_press_opens_as_viennasweeper_records_it() -> None:
    assert texts(events(("lr", 3, 0))) == ["O3,0"]


def test_events_after_the_end_are_ignored() -> None:
    spec = events(("lc", 1, 1), ("lr", 1, 1), ("lc", 0, 0), ("lr", 0, 0))
    moves, game, _, _ = moves_from_mouse(spec, game_on("...\n.*.\n...\n..."), 16)
    assert [str(m.move) for m in moves] == ["O1,1"] and game.status is Status.LOST


def test_without_sweeping_view_a_file_gets_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    for module in ("sweeping_view.avf", "sweeping_view.evf", "sweeping_view.rmv"):
        monkeypatch.setitem(sys.modules, module, None)  # as if it were not installed
    with pytest.raises(ReplayFileError, match="needs the sweeping-view package"):
        read_replay(b"*rmv" + bytes(100), "a.rmv")


# --- the level a replay names ---------------------------------------------------------------

LEVEL_OF = {
    "test_subject.avf": "Beginner",
    "test_subject.evf": "Expert",
    "test_subject.rmv": "Beginner",
}
"""How Arbiter, Metasweeper and Viennasweeper name the three games' levels."""


@pytest.mark.parametrize("name", NAMES)
def test_official_levels_of_other_clones_are_named_as_their_program_names_them(name: str) -> None:
    from play.review.source import file_title

    game = read_replay(real(name), name)
    assert game.level_name == LEVEL_OF[name]
    level = game.layout.level
    assert file_title(name, game).startswith(f"{name}: {LEVEL_OF[name]} {level} in ")


@pytest.mark.parametrize("name", NAMES)
def test_the_level_named_is_the_one_ms_toollib_reads(name: str) -> None:
    """ms-toollib's levels: 3 beginner, 4 intermediate, 5 expert, 6 custom."""
    ms = pytest.importorskip("ms_toollib")
    data = real(name)
    video = {"avf": ms.AvfVideo, "evf": ms.EvfVideo, "rmv": ms.RmvVideo}[name[-3:]](
        raw_data=list(data)
    )
    video.parse()
    theirs = {3: "Beginner", 4: "Intermediate", 5: "Expert", 6: "Custom"}[video.level]
    assert read_replay(data, name).level_name == theirs


@pytest.mark.parametrize(
    ("rows", "cols", "mines", "field", "named"),
    [
        (8, 8, 10, None, "Beginner"),
        (9, 9, 10, None, "Beginner"),
        (16, 16, 40, None, "Intermediate"),
        (16, 30, 99, None, "Expert"),
        (30, 16, 99, None, "Custom"),
        (8, 8, 11, None, "Custom"),
        (8, 8, 10, "custom", "Custom"),  # the file's own field wins
        (9, 9, 10, "custom", "Custom"),
        (20, 20, 50, "expert", "Expert"),
        (8, 8, 10, "nonsense", "Beginner"),  # a field we do not know: the size decides
    ],
)
def test_a_level_is_named_by_the_files_field_else_by_its_size(
    rows: int, cols: int, mines: int, field: str | None, named: str
) -> None:
    from engine import Level
    from play.videos.replay_files import level_name

    assert level_name(Level(rows, cols, mines), field) == named


@pytest.mark.parametrize("name", NAMES)
def test_move_times_are_on_the_clock_the_clone_shows(name: str) -> None:
    """The clones' clocks start when the first cell opens (Metasweeper's file starts earlier,
    at the first press): the first cell opens at 0.00 s and the last move is at the time the
    clone gives the game, as ms-toollib reads it."""
    ms = pytest.importorskip("ms_toollib")
    data = real(name)
    video = {"avf": ms.AvfVideo, "evf": ms.EvfVideo, "rmv": ms.RmvVideo}[name[-3:]](
        raw_data=list(data)
    )
    video.parse()
    video.analyse()
    game = read_replay(data, name)
    first_reveal = next(m.ms for m in game.moves if m.move.kind is Action.REVEAL)  # type: ignore[union-attr]
    assert first_reveal == 0
    assert game.moves[-1].ms == video.rtime_ms == game.file_ms
    assert all(0 <= m.ms <= video.rtime_ms for m in game.moves)


RECORDED = {"test_subject.avf": "2021-05-22", "test_subject.evf": "2024-08-30"}
RECORDED["test_subject.rmv"] = "2020-09-19"


@pytest.mark.parametrize("name", NAMES)
def test_a_replay_gives_the_day_it_was_recorded(name: str) -> None:
    """As ms-toollib reads it (its start time, in microseconds), in UTC; Arbiter's as written."""
    from datetime import UTC, datetime

    game = read_replay(real(name), name)
    assert game.recorded is not None and game.recorded.isoformat() == RECORDED[name]
    ms = pytest.importorskip("ms_toollib")
    video = {"avf": ms.AvfVideo, "evf": ms.EvfVideo, "rmv": ms.RmvVideo}[name[-3:]](
        raw_data=list(real(name))
    )
    video.parse()
    assert datetime.fromtimestamp(video.start_time / 1e6, UTC).date() == game.recorded


def test_a_date_that_cannot_be_a_days_play_is_no_date() -> None:
    from types import SimpleNamespace

    from play.videos.replay_files import recorded_on

    assert recorded_on(Format.RMV, SimpleNamespace(timestamp_boardgen=0)) is None  # 1970
    assert recorded_on(Format.EVF, SimpleNamespace(start_ts="99999999999999999999")) is None
    assert recorded_on(Format.EVF, SimpleNamespace(start_ts="soon")) is None
    assert recorded_on(Format.AVF, SimpleNamespace(boardgen_time=None)) is None
    assert recorded_on(Format.RMV, SimpleNamespace()) is None
