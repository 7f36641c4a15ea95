"""The dialogs: the player's tools that open them (each built and wired the first time it
is asked for: :class:`web.dialogs.player_tools.PlayerTools`), what every modal dialog does,
Help, the custom level; one package for each dialog with a board or a book of its own
(stats, replays, practice, editor).

Its face: the names other parts of the page import from it (each module's own
docstring says the rest).
"""

from web.dialogs.custom import CustomDialog
from web.dialogs.player_tools import PlayerTools

__all__ = [
    "CustomDialog",
    "PlayerTools",
]
