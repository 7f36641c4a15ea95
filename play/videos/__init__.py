"""Videos of games: our records played back, replay files of other clones read and written."""

from typing import TYPE_CHECKING

from play import face

if TYPE_CHECKING:
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

__getattr__ = face(
    __name__,
    {
        "PointerState": "play.videos.replay_pointer",
        "PointerTimeline": "play.videos.replay_pointer",
        "EvfError": "play.videos.evf",
        "Frame": "play.videos.replay",
        "Replay": "play.videos.replay",
        "ReplayFileError": "play.videos.replay_files",
        "TAKEN_BACK_HOLD_MS": "play.videos.replay",
        "TYPE": "play.videos.video",
        "evf_of_record": "play.videos.evf",
        "frames_of": "play.videos.replay",
        "move_words": "play.videos.replay",
        "read_replay": "play.videos.replay_files",
        "video_of": "play.videos.video",
    },
)
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
