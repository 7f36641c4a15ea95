"""What a front end shows of play besides the game itself: the keyboard's cursor on the
board, a replay's playback clock, and the table of the page's keys.

Pure Python, as all of :mod:`play`: the browser (:mod:`web`) draws these and feeds them its
events and its timer's ticks; it keeps no state of play of its own.
"""

from play.game_ui.cursor import BoardCursor, describe
from play.game_ui.keys import BINDINGS, Command, Context, command_for
from play.game_ui.playback import TICK_S, Playback

__all__ = [
    "BINDINGS",
    "TICK_S",
    "BoardCursor",
    "Command",
    "Context",
    "Playback",
    "command_for",
    "describe",
]
