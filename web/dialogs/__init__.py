"""The dialogs: the player's tools that open them (each built and wired the first time it
is asked for: :class:`web.dialogs.player_tools.PlayerTools`), what every modal dialog does,
Help, the custom level; one package for each dialog with a board or a book of its own
(stats, replays, practice, editor).

Its face: the names other parts of the page import from it (each module's own
docstring says the rest).
"""

from typing import TYPE_CHECKING

from play import face

if TYPE_CHECKING:
    from web.dialogs.custom import CustomDialog
    from web.dialogs.player_tools import PlayerTools

__getattr__ = face(
    __name__,
    {
        "CustomDialog": "web.dialogs.custom",
        "PlayerTools": "web.dialogs.player_tools",
    },
)
__all__ = [
    "CustomDialog",
    "PlayerTools",
]
