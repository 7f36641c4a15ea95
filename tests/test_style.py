"""NF games (:mod:`engine.style`): the flags placed in a game, against ms-toollib on the
shared replays and on videos its recorder made of random games (flags, flags taken off,
flags on open cells, flags off the board). ms-toollib's ``flag`` is the flags on the board
at the video's current time: the flags placed are its rises, summed over the video's events."""

from __future__ import annotations

import random

import pytest

from engine import Layout, Move, TimedMove, new_game
from engine.style import FLAGGING, NF, flag_placings, style
from play.videos.replay_files import ImportedGame, read_replay
from tests.helpers import shared_replay
from tests.test_counters_oracle import random_video

ms = pytest.importorskip("ms_toollib")


def their_flags(data: bytes, name: str) -> int:
    video = {"avf": ms.AvfVideo, "evf": ms.EvfVideo, "rmv": ms.RmvVideo}[name[-3:]](
        raw_data=list(data)
    )
    video.parse()
    video.analyse()
    placed = on_board = 0
    for moment in sorted({event.time for event in video.events}):
        video.current_time = moment
        placed += max(0, video.flag - on_board)
        on_board = video.flag
    return placed


def flags_placed(source: ImportedGame | WithQuestionMarks) -> int:
    """How many times a flag was placed in ``source``'s game: the moves :func:`style` reads."""
    return sum(1 for _ in flag_placings(source))


@pytest.mark.parametrize("name", ["test_subject.avf", "test_subject.evf", "test_subject.rmv"])
def test_flags_placed_in_the_real_replays_equal_ms_toollib(name: str) -> None:
    path = shared_replay(name)
    data = path.read_bytes()
    assert flags_placed(read_replay(data, name)) == their_flags(data, name)


def test_the_rmv_game_is_an_nf_game_and_the_others_are_not() -> None:
    found = {}
    for name in ("test_subject.avf", "test_subject.evf", "test_subject.rmv"):
        path = shared_replay(name)
        found[name] = style(read_replay(path.read_bytes(), name))
    assert found == {"test_subject.avf": FLAGGING, "test_subject.evf": FLAGGING,
                     "test_subject.rmv": NF}  # fmt: skip


def test_flags_placed_in_generated_videos_equal_ms_toollib() -> None:
    rng = random.Random(3602)
    styles = set()
    for number in range(40):
        data = random_video(rng)
        game = read_replay(data, f"g{number}.evf")
        ours = flags_placed(game)
        assert ours == their_flags(data, "g.evf"), number
        styles.add(style(game))
    assert styles == {NF, FLAGGING}


class WithQuestionMarks:
    def __init__(self, *moves: str) -> None:
        self.moves = tuple(TimedMove(Move.parse(m), n * 100) for n, m in enumerate(moves))

    def new_game(self):  # type: ignore[no-untyped-def]
        return new_game(layout=Layout.from_text("*...\n....\n...*"), question_marks=True)


def test_only_a_mark_on_a_covered_cell_places_a_flag() -> None:
    assert flags_placed(WithQuestionMarks("O0,3")) == 0
    assert flags_placed(WithQuestionMarks("O0,3", "F1,1")) == 0  # an open cell: a wasted click
    assert flags_placed(WithQuestionMarks("O0,3", "F0,0", "F0,0", "F0,0")) == 1  # flag, ?, covered
    assert flags_placed(WithQuestionMarks("O0,3", "F0,0", "F0,0", "F0,0", "F0,0")) == 2
    assert flags_placed(WithQuestionMarks("F0,0")) == 1  # before the first reveal too
