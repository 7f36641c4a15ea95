"""The Replays dialog: games kept and files read, played back, reviewed move by move.

Its face: the names other parts of the page import from it (each module's own
docstring says the rest).
"""

from typing import TYPE_CHECKING

from play import face

if TYPE_CHECKING:
    from web.dialogs.replays.dialog import ReplayDialog
    from web.dialogs.replays.player_name import PlayerNameField

__getattr__ = face(
    __name__,
    {
        "PlayerNameField": "web.dialogs.replays.player_name",
        "ReplayDialog": "web.dialogs.replays.dialog",
    },
)
__all__ = [
    "PlayerNameField",
    "ReplayDialog",
]
