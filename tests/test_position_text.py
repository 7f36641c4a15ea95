"""The position text (engine.position_text): read, written, and read back the same."""

from __future__ import annotations

import tracemalloc

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import tiles as t
from engine.position_text import (
    CHARS,
    MineCountError,
    MissingHeaderError,
    PositionSizeError,
    PositionTextError,
    RaggedRowsError,
    SeenPosition,
    UnknownCellError,
)


@st.composite
def positions(draw: st.DrawFn) -> SeenPosition:
    """Any position the text form can hold, its mine total anywhere it fits."""
    rows = draw(st.integers(1, 12))
    cols = draw(st.integers(2 if rows == 1 else 1, 12))
    chars = draw(st.lists(st.sampled_from(CHARS), min_size=rows * cols, max_size=rows * cols))
    tiles = bytes(t.from_char(c) for c in chars)
    room = sum(1 for tile in tiles if not t.is_open(tile))
    low, high = max(1, tiles.count(t.MINE)), min(room, rows * cols - 1)
    if low > high:  # no mine total fits: cover a cell and take what fits then
        tiles = bytes([t.COVERED]) + tiles[1:]
        room = sum(1 for tile in tiles if not t.is_open(tile))
        low, high = max(1, tiles.count(t.MINE)), min(room, rows * cols - 1)
    if low > high:
        tiles = bytes([t.COVERED, t.COVERED]) + tiles[2:]
        low, high = max(1, tiles.count(t.MINE)), rows * cols - 1
    mines = draw(st.integers(low, high))
    return SeenPosition(rows, cols, mines, tiles)


@given(positions())
def test_a_position_written_as_text_reads_back_the_same(position: SeenPosition) -> None:
    assert SeenPosition.parse(position.text()) == position


@pytest.mark.parametrize("row", ["....1", "1111.", "#####3", "....12"])
def test_a_run_before_a_number_reads_back_in_the_address(row: str) -> None:
    # A run's count and the number after it once ran together: ".~41" read as 41 cells.
    position = SeenPosition.parse(f"1 mine\n{row}\n{'#' * len(row)}")
    assert SeenPosition.parse_link(position.link_text()) == position


@given(positions())
def test_a_position_written_for_the_address_reads_back_the_same(position: SeenPosition) -> None:
    link = position.link_text()
    assert "#" not in link and "&" not in link and " " not in link
    assert SeenPosition.parse_link(link) == position


@given(positions(), st.sampled_from(["\r\n", "\n"]), st.text(" \t", max_size=3))
def test_line_ends_trailing_spaces_and_blank_lines_are_forgiven(
    position: SeenPosition, end: str, spaces: str
) -> None:
    text = end.join(line + spaces for line in position.text().split("\n"))
    assert SeenPosition.parse(f"{end}{end}{text}{end}{end}") == position


def test_every_cell_kind_reads_as_its_tile() -> None:
    position = SeenPosition.parse("3 mines\n.1#\nF*8")
    assert list(position.tiles) == [0, 1, t.COVERED, t.FLAGGED, t.MINE, 8]
    assert position.known_mines == 1


@pytest.mark.parametrize("header", ["10 mines", "mines 10", "Mines: 10", "10 MINES"])
def test_the_header_reads_in_its_forms(header: str) -> None:
    assert SeenPosition.parse(f"{header}\n" + "#####\n" * 4).mines == 10


def test_one_mine_is_written_in_the_singular() -> None:
    assert SeenPosition.parse("1 mine\n#.").text() == "1 mine\n#."


@pytest.mark.parametrize(
    ("text", "error", "words"),
    [
        ("", MissingHeaderError, "the text is empty"),
        ("###\n###", MissingHeaderError, "first line should give the mine total"),
        ("2 mines\n###\n##", RaggedRowsError, "row 2 has 2 cells, but row 1 has 3"),
        ("2 mines\n#?#\n###", UnknownCellError, 'row 1, column 2 is "?"'),
        (
            "2 mines\n#0#",
            UnknownCellError,
            "an open cell with no mine around is written .",
        ),
        ("1 mine\n#", PositionSizeError, "one cell"),
        ("1 mine\n" + "#" * 1001, PositionSizeError, "each side goes from 1 to 1000"),
        ("4 mines\n#.\n#.", MineCountError, "4 mines do not fit in the 2 cells not open"),
        ("1 mine\n**", MineCountError, "the mine total is 1, but the board shows 2 known mines"),
        ("0 mines\n##", MineCountError, "at least 1 mine"),
        ("4 mines\n##\n##", MineCountError, "needs a safe cell"),
        ("99999999999 mines\n##", MineCountError, "more than any board holds"),
        ("2 mines", RaggedRowsError, "no rows"),
    ],
)
def test_bad_text_is_refused_in_words(text: str, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=None) as raised:
        SeenPosition.parse(text)
    assert words in str(raised.value)
    assert isinstance(raised.value, PositionTextError) and isinstance(raised.value, ValueError)


@pytest.mark.parametrize(
    "link", ["", "abc", "2:--/-", "2:-~0~", "2:-~99999~", "x:--", "3:" + "/".join(["-~9~"] * 1001)]
)
def test_a_bad_link_is_refused_in_words(link: str) -> None:
    with pytest.raises(PositionTextError):
        SeenPosition.parse_link(link)


def test_very_long_text_is_refused_before_it_is_read() -> None:
    with pytest.raises(PositionSizeError, match="characters long"):
        SeenPosition.parse("1 mine\n" + "#" * 2_000_000)


def test_a_game_seen_keeps_what_the_player_saw_and_nothing_of_the_layout() -> None:
    tiles = bytes([t.QUESTIONED, t.EXPLODED, t.WRONG_FLAG, t.MINE, 2, 0])
    seen = SeenPosition.seen_in(2, 3, 3, tiles)
    assert seen.text() == "3 mines\n#*F\n*2."


@pytest.mark.parametrize(
    ("link", "words"),
    [
        ("1:" + "-~1000~" * 140_000, "more than 1000 cells"),  # one row of 140,000,000 cells
        ("1:" + "/".join(["-~999~"] * 140_000), "140,000 rows"),  # 140,000 rows of 999 cells
    ],
)
def test_a_link_whose_runs_would_make_a_huge_board_is_refused_before_it_is_written_out(
    link: str, words: str
) -> None:
    """A link of a megabyte (an address can be that long) whose runs of 1,000 cells would
    write out 140 million cells: refused as it is read, not after the whole text is built
    (300 MB in memory, a second of the page's start)."""
    tracemalloc.start()
    try:
        with pytest.raises(PositionSizeError, match=words):
            SeenPosition.parse_link(link)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20 * len(link)
