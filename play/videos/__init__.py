"""Videos of games: our records played back, replay files of other clones read and written."""

from play.videos.evf import EvfError, evf_of_record
from play.videos.replay import (
    TAKEN_BACK_HOLD_MS,
    Frame,
    Replay,
    frames_of,
    move_words,
)
from play.videos.replay_files import ReplayFileError, read_replay
from play.videos.replay_pointer import PointerState, PointerTimeline
from play.videos.video import TYPE, video_of

__all__ = [
    "TAKEN_BACK_HOLD_MS",
    "TYPE",
    "EvfError",
    "Frame",
    "PointerState",
    "PointerTimeline",
    "Replay",
    "ReplayFileError",
    "evf_of_record",
    "frames_of",
    "move_words",
    "read_replay",
    "video_of",
]
