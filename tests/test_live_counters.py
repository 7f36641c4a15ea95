"""The counters at each moment of a game (:mod:`engine.live`) against ms-toollib's reading of
the same video at the same time: the shared replays (RMV, AVF, EVF) and videos that
ms-toollib's own recorder made of random games.

ms-toollib counts a right press as a click while it is held (it becomes a chord or not at
its release); our moves are known at the release. So the moments compared are those with
no button held (ms-toollib's ``mouse_state`` 1), halfway between two moves. Clicks released
off the board are clicks for the field but no move: ms-toollib's left and right clicks may
exceed ours by those made so far, never by more than the file holds, never less as time
goes on. A game lost at its first reveal is left out: no cell opened, so the file's reader
starts its clock at the video's start (:mod:`play.videos.replay_files`), ms-toollib at the first
left press, and a flag placed before it is at another time on each clock.
"""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

import pytest

from engine import Level, Move, apply, new_game
from engine.live import Moment, moment_after, moments
from play.videos.replay_files import read_replay
from tests.helpers import moment_at, shared_replay
from tests.test_counters_oracle import random_video

ms = pytest.importorskip("ms_toollib")

NAMES = ("test_subject.avf", "test_subject.evf", "test_subject.rmv")
VIDEOS = 60
BUTTONS_UP = 1
"""ms-toollib's mouse state when no button is held."""


def check_every_moment(data: bytes, name: str) -> int:
    """Compare our counters with ms-toollib's halfway between each two moves, and after the
    end; how many moments were compared."""
    game = read_replay(data, name)
    timeline = moments(game)
    if not timeline[-1].opened:
        return 0  # lost at the first reveal: see the module's docstring
    video = {"avf": ms.AvfVideo, "evf": ms.EvfVideo, "rmv": ms.RmvVideo}[name[-3:]](
        raw_data=list(data)
    )
    video.parse()
    video.analyse()
    times = sorted({m.ms for m in timeline})
    halfway = [(a + b) // 2 for a, b in itertools.pairwise(times) if b - a >= 2]
    compared = 0
    off_left = off_right = 0
    for t in [*halfway, times[-1] + 500]:
        video.current_time = t / 1000
        if video.mouse_state != BUTTONS_UP:
            continue
        ours = moment_at(timeline, t)
        assert ours is not None
        theirs = _theirs(video)
        left = int(theirs["left"]) - ours.clicks.left
        right = int(theirs["right"]) - ours.clicks.right
        assert off_left <= left <= game.off_board.left, (name, t, ours, theirs)
        assert off_right <= right <= game.off_board.right, (name, t, ours, theirs)
        off_left, off_right = left, right
        clicks = ours.clicks.total + left + right
        mine: dict[str, float | None] = {
            "3BV": ours.bbbv,
            "solved": ours.solved,
            "chord": ours.clicks.chord,
            "clicks": clicks,
            "effective": ours.clicks.effective,
            "wasted": ours.wasted + left + right,
            "3BV/s": ours.rate,
            "IOE": ours.solved / clicks if clicks else None,
            "estimate": ours.estimated_seconds,
        }
        for key, value in theirs.items():
            if key in ("left", "right"):
                continue
            if mine[key] is None:
                assert value in (0.0, math.inf) or math.isnan(value), (name, t, key, mine, theirs)
            else:
                assert mine[key] == pytest.approx(value, rel=1e-9), (name, t, key, mine, theirs)
        compared += 1
    return compared


def _theirs(video: Any) -> dict[str, float]:
    return {
        "3BV": video.bbbv,
        "solved": video.bbbv_solved,
        "left": video.left,
        "right": video.right,
        "chord": video.double,
        "clicks": video.cl,
        "effective": video.ce,
        "wasted": video.cl - video.ce,
        "3BV/s": video.bbbv_s,
        "IOE": video.ioe,
        "estimate": video.etime,
    }


@pytest.mark.parametrize("name", NAMES)
def test_the_counters_of_the_real_replays_equal_ms_toollib_at_each_moment(name: str) -> None:
    path = shared_replay(name)
    assert check_every_moment(path.read_bytes(), name) >= 10


def test_the_counters_of_generated_videos_equal_ms_toollib_at_each_moment() -> None:
    rng = random.Random(36)
    compared = sum(check_every_moment(random_video(rng), f"g{n}.evf") for n in range(VIDEOS))
    assert compared > VIDEOS


def test_an_expert_game_counted_move_by_move_ends_solved() -> None:
    """Counted a move at a time, as the page counts (the cost of a move's count, which
    must stay far under a frame: benchmarks.engine_calls)."""
    level = Level(16, 30, 99)
    game = new_game(level, seed=7, question_marks=False)
    game = apply(game, Move.reveal(8, 15)).game
    assert game.layout is not None
    moment = moment_after(None, game, 0)
    safe = [c for c in range(level.cells) if c not in game.layout.mines]
    random.Random(3).shuffle(safe)
    for n, cell in enumerate(safe, start=1):
        after = apply(game, Move.reveal(*divmod(cell, level.cols))).game
        if after is not game:
            moment, game = moment_after(moment, after, n * 100), after
    assert moment is not None and moment.solved == moment.bbbv and moment.over


def test_the_clock_runs_between_moves_and_stops_at_the_end() -> None:
    from engine import Layout, TimedMove

    class Two:
        moves = (TimedMove(Move.reveal(0, 2), 0), TimedMove(Move.reveal(2, 0), 3000))

        def new_game(self):  # type: ignore[no-untyped-def]
            return new_game(layout=Layout.from_text("*..\n...\n..*"))

    timeline = moments(Two())
    assert moment_at(timeline, -1) is None
    first = moment_at(timeline, 1000)
    assert isinstance(first, Moment) and (first.ms, first.solved, first.over) == (1000, 1, False)
    last = moment_at(timeline, 10_000)
    assert last is not None and last.ms == 3000  # lost on a mine at 3 s: the clock stopped
