"""The face of :mod:`play.game_ui`: its one list of names, which mypy reads in place of its
``__init__.py`` and :func:`play.face` reads at run time (imported on first use)."""

from play.game_ui.commands import OPEN_NUMBERS as OPEN_NUMBERS
from play.game_ui.commands import Command as Command
from play.game_ui.commands import Context as Context
from play.game_ui.cursor import COMMANDS as COMMANDS
from play.game_ui.cursor import MOVES as MOVES
from play.game_ui.cursor import BoardCursor as BoardCursor
from play.game_ui.cursor import describe as describe
from play.game_ui.editing import TILES as TILES
from play.game_ui.editing import Editing as Editing
from play.game_ui.live import LiveCounters as LiveCounters
from play.game_ui.playback import TICK_S as TICK_S
from play.game_ui.playback import Playback as Playback
from play.game_ui.race_track import RaceFrame as RaceFrame
from play.game_ui.race_track import RaceTrack as RaceTrack
from play.game_ui.sitting_shown import SittingShown as SittingShown
from play.game_ui.sitting_shown import Stage as Stage
from play.practice.drill import LETTERS as LETTERS
