"""The controls around the board: the buttons and switches, the level menu, the settings
menu, the look and the zoom, the auto-player's pace, and a race's bars.

Its face: the names other parts of the page import from it (each module's own
docstring says the rest).
"""

from web.controls.appearance import TURNED, Appearance
from web.controls.autoplay import AutoPlay
from web.controls.buttons import Controls
from web.controls.level_menu import LevelMenu
from web.controls.race_bar import AfterGame, RaceBar

__all__ = [
    "TURNED",
    "AfterGame",
    "Appearance",
    "AutoPlay",
    "Controls",
    "LevelMenu",
    "RaceBar",
]
