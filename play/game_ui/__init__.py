"""What a front end shows of play besides the game itself: the keyboard's cursor on the
board, a replay's playback clock and its counters, the live counters of the game in play,
the table of the page's keys, what the analysis editor's keys set, and a sitting of practice
on show.

Pure Python, as all of :mod:`play`: the browser (:mod:`web`) draws these and feeds them its
events and its timer's ticks; it keeps no state of play of its own.
"""

from typing import TYPE_CHECKING

from play import face

if TYPE_CHECKING:
    from play.game_ui.cursor import COMMANDS, MOVES, BoardCursor, describe
    from play.game_ui.editing import TILES, Editing
    from play.game_ui.keys import BINDINGS, Command, Context, command_for
    from play.game_ui.live import LiveCounters
    from play.game_ui.playback import TICK_S, Playback
    from play.game_ui.race_track import RaceFrame, RaceTrack
    from play.game_ui.sitting_shown import SittingShown, Stage
    from play.practice import LETTERS

__getattr__ = face(
    __name__,
    {
        "BINDINGS": "play.game_ui.keys",
        "BoardCursor": "play.game_ui.cursor",
        "COMMANDS": "play.game_ui.cursor",
        "MOVES": "play.game_ui.cursor",
        "TILES": "play.game_ui.editing",
        "Editing": "play.game_ui.editing",
        "Command": "play.game_ui.keys",
        "Context": "play.game_ui.keys",
        "LETTERS": "play.practice.drill",  # the letters offered cells go by (the keys' too)
        "LiveCounters": "play.game_ui.live",
        "Playback": "play.game_ui.playback",
        "RaceFrame": "play.game_ui.race_track",
        "RaceTrack": "play.game_ui.race_track",
        "SittingShown": "play.game_ui.sitting_shown",
        "Stage": "play.game_ui.sitting_shown",
        "TICK_S": "play.game_ui.playback",
        "command_for": "play.game_ui.keys",
        "describe": "play.game_ui.cursor",
    },
)
__all__ = [
    "BINDINGS",
    "COMMANDS",
    "LETTERS",
    "MOVES",
    "TICK_S",
    "TILES",
    "BoardCursor",
    "Command",
    "Context",
    "Editing",
    "LiveCounters",
    "Playback",
    "RaceFrame",
    "RaceTrack",
    "SittingShown",
    "Stage",
    "command_for",
    "describe",
]
