"""Our games as videos: the EVF file a front end saves (its name and its bytes, from
:mod:`play.videos.evf`), and one move of a replay watched as a short clip.

A file's name says the game's board and when it ended, so a player's folder of videos sorts
by date and reads at a glance:

>>> from engine import EXPERT, Level
>>> video_name(EXPERT, "2026-11-22T17:55:01.250Z")
'minesweeper-expert-2026-11-22-1755.evf'
>>> video_name(Level(12, 20, 30), "2026-11-22T09:05:00.000Z")
'minesweeper-20x12-30-2026-11-22-0905.evf'

A clip of a move starts :data:`CLIP_LEAD_MS` before it, never before the game's start, and
stops a millisecond before the move is made: the button is still down there (a video's
pressed cell shows) and the board still shows the position the move was made in, the one
its review step shows:

>>> clip_of(5_250), clip_of(400), clip_of(0)
((4250, 5249), (0, 399), (0, 0))
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Level, Record
from play.videos.evf import EXTENSION, evf_of_record

CLIP_LEAD_MS = 1000
"""How long before its move a move's clip starts: the pointer on its way to the cell."""
TYPE = "application/octet-stream"
"""The media type a video file is saved as (EVF has none of its own)."""


@dataclass(frozen=True, slots=True)
class VideoFile:
    """A video to save: the file's name and its bytes."""

    name: str
    data: bytes

    @property
    def media_type(self) -> str:
        """What the file is saved as (:data:`TYPE`)."""
        return TYPE


def video_name(level: Level, at: str) -> str:
    """``minesweeper-<board>-<date>-<hour and minute>.evf`` for a game of ``level`` that
    ended ``at`` (a kept game's time, ``2026-11-22T17:55:01.250Z``); the board is the
    level's name, or a custom board's size (columns by rows, then mines)."""
    board = level.name if level.name != "custom" else f"{level.cols}x{level.rows}-{level.mines}"
    when = f"{at[:10]}-{at[11:13]}{at[14:16]}"
    return f"minesweeper-{board}-{when}{EXTENSION}"


def video_of(record: Record, at: str, player: str) -> VideoFile:
    """The game ``record``, ended ``at``, as an EVF video played by ``player``;
    :class:`play.videos.evf.EvfError` (a ValueError saying why) when the format cannot hold it."""
    return VideoFile(video_name(record.level, at), evf_of_record(record, player))


def clip_of(move_ms: int) -> tuple[int, int]:
    """The clip of a move made at ``move_ms`` on the game's clock: where it starts and
    where it stops, in milliseconds."""
    start = max(0, move_ms - CLIP_LEAD_MS)
    return start, max(start, move_ms - 1)
